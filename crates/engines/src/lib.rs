//! Engines: the evaluators people use in any language, checked over every
//! hand and timed beside the lab's own by one protocol.
//!
//! The lab's evaluators are Rust types in a registry; an *engine* is an
//! evaluator that lives elsewhere and is reached in one of three ways:
//!
//! - **package**: a PyPI or npm package at a pinned version, installed into
//!   the build directory (`cargo xtask engines install`) and driven by a
//!   *runner*, a small program in the package's language that speaks the
//!   protocol of `PROTOCOL.md` over standard input and output
//!   (`runners/python/runner.py`, `runners/node/runner.js`), the way
//!   BurntSushi's rebar drives the regex engines of every language;
//! - **native**: a C function a registry package already ships compiled
//!   (PHEvaluator's C inside `phevaluator`'s extension module, OMPEval's C++
//!   behind `pokerfast`'s C ABI), loaded in-process by `libloading` and
//!   called through a function pointer, so the original runs at its own
//!   speed;
//! - **abi**: any evaluator a user builds against the lab's own C ABI
//!   (`abi/handeval_engine.h`); the lab's two small C files
//!   (`abi/example.c`, a plain evaluator, and `abi/null.c`, the C floor)
//!   are built by this crate's build script to test the path.
//!
//! Every engine is a line of [`ENGINES`]: what the list command shows, what
//! `install` installs, what the checks and the timings run all follow from
//! it. The lab holds no build recipe for anyone else's code: what runs is
//! what the registries ship.
//!
//! # Checking an engine on its own scale
//!
//! An engine's values are on its own scale (PHEvaluator's 1 to 7,462, lower
//! is stronger; eval7's packed integers, higher is stronger). [`check`]
//! derives the map from an engine's values to the reference's 7,462 classes
//! from the hands themselves: each value stands for the class most of its
//! hands have, and each class for the value most of its hands have; the
//! value-class pairs that both choose, ordered by the engine's strength,
//! must run from class 1 up, and the pairs off the heaviest run that does
//! (by hands) are misordered. A hand disagrees when its pair is not one of the chosen and
//! ordered pairs. So an engine that swaps two classes, merges two or splits
//! one is caught on exactly the hands it gets wrong, whatever its scale.
//!
//! Worked example: five hands whose reference classes are 1, 1609, 1609,
//! 1600 and 7462, and an engine (higher is stronger) answering 9, 5, 5, 6
//! and 1. The pairs (9, 1), (5, 1609), (6, 1600), (1, 7462) are each
//! chosen both ways; by strength (9, 6, 5, 1) the classes run 1, 1600,
//! 1609, 7462, increasing: no disagreement. An engine that ranks the wheel
//! (class 1609) above the king-high straight (1600) answers 4 for the
//! latter: by strength (9, 5, 4, 1) the classes run 1, 1609, 1600, 7462,
//! and the heaviest increasing run leaves out the pair of fewer hands: the
//! one king-high straight disagrees.

pub mod check;
pub mod handranks;
pub mod install;
pub mod known;
pub mod native;
pub mod protocol;
pub mod runner;
pub mod serve;

use std::fmt;

/// What an engine is in a run: the lab's one vocabulary of roles. An
/// outside evaluator is a [`Role::Baseline`]; each language's floor a
/// [`Role::Floor`]; the lab's own package a [`Role::Binding`]; the C ABI's
/// example a [`Role::Example`].
pub use handeval_core::Role;
/// The language an engine is written in, which says how it is run: the
/// results record's own vocabulary (`Rust` is the lab's and the crates').
pub use handeval_results::Language;

/// The registry a package comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Registry {
    /// The Python Package Index.
    PyPI,
    /// The npm registry.
    Npm,
    /// Nothing: the lab's own C files, built by this crate.
    Lab,
    /// The lab's own Python package, built from this repository's
    /// `python/` folder by `install` (maturin, through pip) at the
    /// checkout's version: timed beside the packages its users compare.
    Local,
    /// A PyPI package's source distribution, built by pip with the flags
    /// a user tuning for their CPU passes ([`SOURCE_FLAGS`]) into a
    /// virtual environment of its own: the original at full speed, beside
    /// the wheel its users usually get.
    PyPISource,
}

/// The PyPI packages of [`Registry::PyPI`] that publish a source
/// distribution only (pure Python, no wheel): pip builds each (its own
/// build of the registry's sdist) into the virtual environment whose
/// other packages it takes as wheels only.
pub const SOURCE_ONLY: &[&str] = &["PyPokerEngine"];

/// The flags the source builds are made with, as a user tuning for the
/// CPU sets them before `pip install --no-binary`: `CFLAGS` and
/// `CXXFLAGS` alike.
pub const SOURCE_FLAGS: &str = "-O3 -march=native";

/// A package at a pinned version.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Package {
    /// Where it comes from.
    pub registry: Registry,
    /// Its name there.
    pub name: &'static str,
    /// The pinned version `install` installs and the check demands.
    pub version: &'static str,
}

/// How the lab reaches an engine.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A runner program in the engine's language, over the protocol.
    Package,
    /// A C function in a library the package ships, loaded in-process.
    Native(Symbols),
    /// A library built against the lab's C ABI (`abi/handeval_engine.h`).
    Abi(AbiLibrary),
}

impl Kind {
    /// The word the list shows.
    pub const fn word(self) -> &'static str {
        match self {
            Kind::Package => "package",
            Kind::Native(_) => "native",
            Kind::Abi(_) => "abi",
        }
    }
}

/// The C functions of a native engine, inside a package's library.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Symbols {
    /// PHEvaluator's `evaluate_5cards`, `evaluate_6cards`,
    /// `evaluate_7cards` and `evaluate_plo4_cards` (cards `4 * rank +
    /// suit`, suits c, d, h, s: the lab's own numbering; lower is
    /// stronger), in the extension module `phevaluator` ships.
    PhEvaluator,
    /// OMPEval behind pokerfast's C ABI: `pf_abi_version`, `pf_init`,
    /// `pf_evaluate(cards, n, k, out)` (cards `4 * rank + suit`, suits s,
    /// h, c, d; higher is stronger).
    PokerfastOmp,
}

/// A library built against the lab's C ABI.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AbiLibrary {
    /// `abi/example.c`: a plain evaluator written for the test.
    Example,
    /// `abi/null.c`: answers 0 for every hand, the C floor.
    Null,
    /// A user's, from the path they give (`--library`).
    User,
}

/// Which way an engine's values go.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Better {
    /// A stronger hand has a higher value.
    Higher,
    /// A stronger hand has a lower value.
    Lower,
}

/// How a package's users hand it cards, as rebar names the two models.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Model {
    /// One hand per call, from the package's own card representation.
    Call,
    /// Many hands per call, where the package offers it.
    Batch,
}

impl Model {
    /// The word of the protocol, the CSV and the command line.
    pub const fn id(self) -> &'static str {
        match self {
            Model::Call => "call",
            Model::Batch => "batch",
        }
    }
}

impl fmt::Display for Model {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

/// One engine: a line of [`ENGINES`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Engine {
    /// Its name in the lab: `language/package` (`py/eval7`).
    pub name: &'static str,
    /// Its language.
    pub language: Language,
    /// How the lab reaches it.
    pub kind: Kind,
    /// The package that holds it, pinned.
    pub package: Package,
    /// Its role: an outside evaluator, a floor, the lab's own package, or
    /// the C ABI's example.
    pub role: Role,
    /// The games it evaluates (the lab's game ids).
    pub games: &'static [&'static str],
    /// Which way its values go.
    pub better: Better,
    /// The models it offers.
    pub models: &'static [Model],
    /// The slowest a hand is expected to take, in microseconds, with room
    /// to spare: a request of `n` hands that takes longer than
    /// [`Engine::timeout`] is stopped.
    pub slowest_us: u32,
    /// What it is, in one line, with its authors and repository.
    pub summary: &'static str,
    /// Its own exact equity calculator: timed in the `call` model on the
    /// equity workloads an outside calculator takes part in and that it
    /// can count, each count held to the lab's.
    pub calculator: Option<Calculator>,
    /// Bytes of the lookup tables its evaluation reads, per game (none
    /// listed: none declared), as its sources give them: what ranks it
    /// with or without tables beside the lab's evaluators.
    pub tables: &'static [(&'static str, usize)],
    /// What its pinned version gets wrong, where it is wrong on purpose of
    /// nobody's ([`known`]): the lab's port of that version, to which the
    /// check holds it value for value, its errors counted (its role is
    /// then [`Role::Listing`]: checked, never timed).
    pub known: Option<Known>,
}

/// An engine's own exact equity calculator ([`Engine::calculator`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Calculator {
    /// Its name, as its users call it: `pf_equity`, `Table.calculate`.
    pub name: &'static str,
    /// What it counts.
    pub counts: Counts,
}

/// What an engine's calculator counts, and so which of the lab's equity
/// cases it can be held to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Counts {
    /// Hold'em ranges (written out combo by combo: an outside syntax reads
    /// less than the lab's) on a board, each player's equity back: reached
    /// in-process ([`native::Native::equity`]).
    HoldemRanges,
    /// Fixed hands of these games (the lab's ids) over every board, each
    /// player's wins and ties back as counts: reached through the runner's
    /// `equity` request ([`runner::Session::equity`]).
    FixedHands(&'static [&'static str]),
}

impl Calculator {
    /// Whether it can count a case of `game` whose players hold ranges
    /// (`ranges`) or fixed hands.
    pub fn counts(&self, game: &str, ranges: bool) -> bool {
        match self.counts {
            Counts::HoldemRanges => game == SEVEN,
            Counts::FixedHands(games) => !ranges && games.contains(&game),
        }
    }
}

/// A wrong engine's port ([`Engine::known`], [`known`]).
#[derive(Clone, Copy, Debug)]
pub struct Known {
    /// The port's name, with the version and file it follows:
    /// `PyPokerEngine 1.0.1 HandEvaluator.eval_hand`.
    pub name: &'static str,
    /// The engine's value of a hand as its pinned version computes it, on
    /// the protocol's cards (hole cards first).
    pub port: fn(&[u8]) -> i64,
}

impl PartialEq for Known {
    /// The same port: the same name (function pointers are not compared,
    /// the same function may have two addresses).
    fn eq(&self, other: &Known) -> bool {
        self.name == other.name
    }
}

impl Eq for Known {}

impl Engine {
    /// Whether it evaluates the game with this id.
    pub fn plays(&self, game: &str) -> bool {
        self.games.contains(&game)
    }

    /// Bytes of the tables it reads on `game`.
    pub fn table_bytes(&self, game: &str) -> usize {
        self.tables
            .iter()
            .find(|(g, _)| *g == game)
            .map_or(0, |&(_, b)| b)
    }

    /// Its name in `model` as the run's files name a contender:
    /// `py/eval7/call`, `c/ompeval/batch`.
    pub fn contender(&self, model: Model) -> String {
        format!("{}/{}", self.name, model.id())
    }

    /// How long a request of `hands` hands may take: ten seconds to start
    /// (an interpreter and its package's tables) and the slowest time a
    /// hand, ten times over.
    pub fn timeout(&self, hands: usize) -> std::time::Duration {
        std::time::Duration::from_secs(10)
            + std::time::Duration::from_micros(hands as u64 * u64::from(self.slowest_us) * 10)
    }
}

// The games an engine plays, each named by its type's id
// (`handeval_core::Game::ID`): a game not on the lab's list does not
// compile, and a renamed one follows.
/// Five cards.
const FIVE: &str = <handeval_core::Hand as handeval_core::Game>::ID;
/// Six cards.
const SIX: &str = <handeval_core::Hand6 as handeval_core::Game>::ID;
/// Seven cards.
const SEVEN: &str = <handeval_core::Hand7 as handeval_core::Game>::ID;
/// Omaha.
const OMAHA: &str = <handeval_core::Omaha4 as handeval_core::Game>::ID;
/// Five-card Omaha.
const OMAHA5: &str = <handeval_core::Omaha5 as handeval_core::Game>::ID;
/// Six-card Omaha.
const OMAHA6: &str = <handeval_core::Omaha6 as handeval_core::Game>::ID;
/// Hold'em's three.
const HOLDEM: &[&str] = &[FIVE, SIX, SEVEN];
/// Short deck of five and of seven cards (a straight above three of a kind).
const SHORT5: &str = <handeval_core::Short5 as handeval_core::Game>::ID;
const SHORT7: &str = <handeval_core::Short7 as handeval_core::Game>::ID;
/// Ace-to-five lowball of five cards, and razz (its best low of seven).
const ACE5: &str = <handeval_core::AceFive5 as handeval_core::Game>::ID;
const RAZZ: &str = <handeval_core::Razz as handeval_core::Game>::ID;
/// Deuce-to-seven lowball of five cards.
const DEUCE7: &str = <handeval_core::DeuceSeven5 as handeval_core::Game>::ID;
/// Seven-card stud Hi-Lo, eight or better: an engine of it values the low.
const STUD8: &str = <handeval_core::Stud8 as handeval_core::Game>::ID;
/// Badugi's four cards.
const BADUGI: &str = <handeval_core::Badugi as handeval_core::Game>::ID;
/// pokerkit's hand types the lab has games for: its `StandardHighHand`
/// (Hold'em), `ShortDeckHoldemHand`, `RegularLowHand` (ace-to-five, and
/// razz's best low of seven), `StandardLowHand` (deuce-to-seven),
/// `EightOrBetterLowHand` (stud Hi-Lo's low, the best of any five) and
/// `BadugiHand`. Its
/// Omaha hands (`OmahaHoldemHand`, `OmahaEightOrBetterLowHand`) answer
/// too, at about 0.7 ms a hand: the million-hand sample a run checks would
/// take six minutes a game.
const POKERKIT: &[&str] = &[
    FIVE, SIX, SEVEN, SHORT5, SHORT7, ACE5, RAZZ, DEUCE7, STUD8, BADUGI,
];

/// The version of the lab's Python package (`python/pyproject.toml`'s, a
/// test holds them equal): what `install` builds and the check demands.
pub const LOCAL_VERSION: &str = "0.1.0";
const CALL: &[Model] = &[Model::Call];

/// PHEvaluator's tables (its C sources, `_pheval_csrc` of phevaluator
/// 0.6.0; the JavaScript port and the Emscripten build read the same): the
/// binomials and the quinary DP tables (2,120 and 2,800 bytes), the suit
/// hash (4,609), the flush table (16,384), and each size's rank table
/// (`noflush5` 12,350, `noflush6` 36,790, `noflush7` 98,410); PLO4's two
/// direct tables (8,198,190 and 22,477,000 bytes) instead of the Hold'em
/// ones.
const PHEVALUATOR_TABLES: &[(&str, usize)] = &[
    (FIVE, 2_120 + 2_800 + 4_609 + 16_384 + 12_350),
    (SIX, 2_120 + 2_800 + 4_609 + 16_384 + 36_790),
    (SEVEN, 2_120 + 2_800 + 4_609 + 16_384 + 98_410),
    (OMAHA, 2_120 + 2_800 + 8_198_190 + 22_477_000),
];

/// OMPEval's tables as `pf_init` builds them: the library's zero-filled
/// data, 190,480 bytes (its `LOOKUP` of 86,547 and `FLUSH_LOOKUP` of 8,192
/// 16-bit entries, with the rank and suit keys), the same for every size.
const OMPEVAL_TABLES: &[(&str, usize)] = &[(FIVE, 190_480), (SIX, 190_480), (SEVEN, 190_480)];

/// RayW's 2+2 table as `poker-evaluator` ships it (`HandRanks.dat`).
const RAYW_TABLES: &[(&str, usize)] = &[
    (FIVE, 129_951_336),
    (SIX, 129_951_336),
    (SEVEN, 129_951_336),
];

/// b-inary's perfect-hash tables, "about 212 KB" by its README.
const HOLDEM_HAND_EVALUATOR_TABLES: &[(&str, usize)] =
    &[(FIVE, 212_000), (SIX, 212_000), (SEVEN, 212_000)];

/// Every engine. The order is the list's and the report's.
pub const ENGINES: &[Engine] = &[
    Engine {
        name: "py/null",
        language: Language::Python,
        kind: Kind::Package,
        package: Package {
            registry: Registry::PyPI,
            name: "",
            version: "",
        },
        role: Role::Floor,
        // Every game a Python engine plays, so that each is timed beside
        // its language's floor (stud8's engines are checked, not timed).
        games: &[
            FIVE, SIX, SEVEN, OMAHA, OMAHA5, OMAHA6, SHORT5, SHORT7, ACE5, RAZZ, DEUCE7, STUD8,
            BADUGI,
        ],
        better: Better::Higher,
        models: &[Model::Call, Model::Batch],
        slowest_us: 5,
        summary: "The Python runner's loop and protocol, no evaluation: Python's floor",
        calculator: None,
        known: None,
        tables: &[],
    },
    Engine {
        name: "py/eval7",
        language: Language::Python,
        kind: Kind::Package,
        package: Package {
            registry: Registry::PyPI,
            name: "eval7",
            version: "0.1.11",
        },
        role: Role::Baseline,
        games: HOLDEM,
        better: Better::Higher,
        models: CALL,
        slowest_us: 20,
        summary: "eval7 (Anonymous Systems, github.com/anonymous-systems/eval7): a Cython port of pokerlib's bit-mask evaluator",
        calculator: None,
        known: None,
        tables: &[],
    },
    Engine {
        name: "py/phevaluator",
        language: Language::Python,
        kind: Kind::Package,
        package: Package {
            registry: Registry::PyPI,
            name: "phevaluator",
            version: "0.6.0",
        },
        role: Role::Baseline,
        games: &[FIVE, SIX, SEVEN, OMAHA],
        better: Better::Lower,
        models: CALL,
        slowest_us: 20,
        summary: "phevaluator (Henry Lee, github.com/HenryRLee/PokerHandEvaluator): PHEvaluator's C as a CPython extension",
        calculator: None,
        known: None,
        tables: PHEVALUATOR_TABLES,
    },
    Engine {
        name: "py/treys",
        language: Language::Python,
        kind: Kind::Package,
        package: Package {
            registry: Registry::PyPI,
            name: "treys",
            version: "0.1.8",
        },
        role: Role::Baseline,
        games: HOLDEM,
        better: Better::Lower,
        models: CALL,
        slowest_us: 200,
        summary: "treys (ihendley, github.com/ihendley/treys): Cactus Kev's evaluator in pure Python, best of the fives",
        calculator: None,
        known: None,
        tables: &[],
    },
    Engine {
        name: "py/pokerkit",
        language: Language::Python,
        kind: Kind::Package,
        package: Package {
            registry: Registry::PyPI,
            name: "pokerkit",
            version: "0.7.7",
        },
        role: Role::Baseline,
        // Its variants' hands (about 35 us each) are checked on the games
        // the lab has (`POKERKIT`): its issue #44 reports its
        // deuce-to-seven hand scoring A-2-3-4-5 as a straight.
        games: POKERKIT,
        better: Better::Higher,
        models: CALL,
        slowest_us: 2_000,
        summary: "pokerkit (University of Toronto Computer Poker Student Research Group, github.com/uoftcprg/pokerkit): pure Python, many variants; its high, short-deck and low hands",
        calculator: None,
        known: None,
        tables: &[],
    },
    Engine {
        name: "py/holdem-hand-evaluator",
        language: Language::Python,
        kind: Kind::Package,
        package: Package {
            registry: Registry::PyPI,
            name: "holdem-hand-evaluator",
            version: "0.4.1",
        },
        role: Role::Baseline,
        games: HOLDEM,
        better: Better::Higher,
        models: CALL,
        slowest_us: 20,
        summary: "holdem-hand-evaluator (Wataru Inariba, github.com/b-inary/holdem-hand-evaluator): b-inary's Rust evaluator through PyO3",
        calculator: None,
        known: None,
        tables: HOLDEM_HAND_EVALUATOR_TABLES,
    },
    Engine {
        name: "py/pokerfast",
        language: Language::Python,
        kind: Kind::Package,
        package: Package {
            registry: Registry::PyPI,
            name: "pokerfast",
            version: "0.2.0",
        },
        role: Role::Baseline,
        games: &[SEVEN],
        better: Better::Higher,
        models: &[Model::Call, Model::Batch],
        slowest_us: 50,
        summary: "pokerfast: call is its Python table evaluator `eval7`, batch OMPEval's C++ through ctypes (`pokerfast.equity.evaluate`)",
        calculator: None,
        known: None,
        tables: &[],
    },
    Engine {
        name: "py/pypokerengine",
        language: Language::Python,
        kind: Kind::Package,
        package: Package {
            registry: Registry::PyPI,
            // A source distribution only (pure Python): pip builds it
            // ([`SOURCE_ONLY`]).
            name: "PyPokerEngine",
            version: "1.0.1",
        },
        // Wrong on purpose of nobody's: held to its port, never timed.
        role: Role::Listing,
        // Its `eval_hand(hole, community)` takes two hole cards and the
        // board: a five-, six- or seven-card Hold'em hand.
        games: HOLDEM,
        better: Better::Higher,
        models: CALL,
        // About 90 us a seven-card hand on the Zen 3.
        slowest_us: 1_000,
        summary: "PyPokerEngine (Kota Ishihara, github.com/ishikota/PyPokerEngine): pure Python `HandEvaluator.eval_hand`, which ignores kickers, scores a high card by the hole cards alone and has no wheel (its issue #69)",
        calculator: None,
        known: Some(Known {
            name: "PyPokerEngine 1.0.1 HandEvaluator.eval_hand",
            port: known::pypokerengine,
        }),
        tables: &[],
    },
    Engine {
        name: "py/handeval",
        language: Language::Python,
        kind: Kind::Package,
        package: Package {
            registry: Registry::Local,
            name: "handeval",
            version: LOCAL_VERSION,
        },
        role: Role::Binding,
        games: &[FIVE, SIX, SEVEN, OMAHA, OMAHA5, OMAHA6],
        better: Better::Lower,
        models: &[Model::Call, Model::Batch],
        slowest_us: 5,
        summary: "handeval (this lab, python/): each game's recommended kernel through PyO3; call is evaluate_cards, batch a numpy array in one call",
        calculator: None,
        known: None,
        tables: &[],
    },
    Engine {
        name: "js/null",
        language: Language::JavaScript,
        kind: Kind::Package,
        package: Package {
            registry: Registry::Npm,
            name: "",
            version: "",
        },
        role: Role::Floor,
        games: &[FIVE, SIX, SEVEN, OMAHA, SHORT7],
        better: Better::Higher,
        models: CALL,
        slowest_us: 5,
        summary: "The Node.js runner's loop and protocol, no evaluation: JavaScript's floor",
        calculator: None,
        known: None,
        tables: &[],
    },
    Engine {
        name: "js/pokersolver",
        language: Language::JavaScript,
        kind: Kind::Package,
        package: Package {
            registry: Registry::Npm,
            name: "pokersolver",
            version: "2.1.4",
        },
        role: Role::Baseline,
        games: HOLDEM,
        better: Better::Higher,
        models: CALL,
        slowest_us: 500,
        summary: "pokersolver (James Simpson, github.com/goldfire/pokersolver): `Hand.solve`, categories by pattern matching",
        calculator: None,
        known: None,
        tables: &[],
    },
    Engine {
        name: "js/phe",
        language: Language::JavaScript,
        kind: Kind::Package,
        package: Package {
            registry: Registry::Npm,
            name: "phe",
            version: "0.6.0",
        },
        role: Role::Baseline,
        games: HOLDEM,
        better: Better::Lower,
        models: CALL,
        slowest_us: 50,
        summary: "phe (Thorsten Lorenz, github.com/thlorenz/phe): PHEvaluator ported to JavaScript",
        calculator: None,
        known: None,
        tables: PHEVALUATOR_TABLES,
    },
    Engine {
        name: "js/poker-evaluator",
        language: Language::JavaScript,
        kind: Kind::Package,
        package: Package {
            registry: Registry::Npm,
            name: "poker-evaluator",
            version: "2.1.1",
        },
        role: Role::Baseline,
        games: HOLDEM,
        better: Better::Higher,
        models: CALL,
        slowest_us: 50,
        summary: "poker-evaluator (Sukhmai, github.com/Sukhmai/poker-evaluator): RayW's 2+2 table (its shipped HandRanks.dat) walked in JavaScript",
        calculator: None,
        known: None,
        tables: RAYW_TABLES,
    },
    Engine {
        name: "js/poker-hand-evaluator-wasm",
        language: Language::JavaScript,
        kind: Kind::Package,
        package: Package {
            registry: Registry::Npm,
            name: "poker-hand-evaluator-wasm",
            version: "0.4.0",
        },
        role: Role::Baseline,
        games: &[FIVE, SIX, SEVEN, OMAHA],
        better: Better::Lower,
        models: CALL,
        slowest_us: 50,
        summary: "poker-hand-evaluator-wasm (Wenhe Li, github.com/WenheLI/PokerHandEvaluator-wasm): PHEvaluator's C through Emscripten",
        calculator: None,
        known: None,
        tables: PHEVALUATOR_TABLES,
    },
    Engine {
        name: "js/poker-odds-calc",
        language: Language::JavaScript,
        kind: Kind::Package,
        package: Package {
            registry: Registry::Npm,
            name: "poker-odds-calc",
            version: "0.0.14",
        },
        role: Role::Baseline,
        // Two of its three tables: Texas Hold'em and "six plus" (short
        // deck, a straight above three of a kind: the lab's short7). Its
        // Omaha is wrong: 174 of a seeded 10,008 hands valued unlike the
        // reference (`Jd4s Ad4h | 6h Ah 7s 2d 3h` as a two pair's value,
        // where it holds a pair of aces), and its exhaustive count of
        // `TcQd2dQh` against `5dTh6d2c` on `2h9sKd` gives 218 wins and 3
        // ties where 183 and 38 are right; a test keeps the finding, so a
        // pinned version that mends it is seen. Without a port of its
        // Omaha it is no baseline there: not listed.
        games: &[SEVEN, SHORT7],
        better: Better::Higher,
        models: CALL,
        slowest_us: 200,
        summary: "poker-odds-calc (Siavash Goudarzi, github.com/siavashg87/poker-odds-calc): an odds calculator of Hold'em and short deck (its Omaha is wrong) whose hand values are the points its exhaustive count compares",
        calculator: Some(Calculator {
            name: "Table.calculate, exhaustive",
            counts: Counts::FixedHands(&[SEVEN, SHORT7]),
        }),
        known: None,
        tables: &[],
    },
    Engine {
        name: "c/phevaluator",
        language: Language::C,
        kind: Kind::Native(Symbols::PhEvaluator),
        package: Package {
            registry: Registry::PyPI,
            name: "phevaluator",
            version: "0.6.0",
        },
        role: Role::Baseline,
        games: &[FIVE, SIX, SEVEN, OMAHA],
        better: Better::Lower,
        models: &[Model::Call],
        slowest_us: 1,
        summary: "PHEvaluator's own C (Henry Lee, github.com/HenryRLee/PokerHandEvaluator), as phevaluator 0.6.0 ships it compiled",
        calculator: None,
        known: None,
        tables: PHEVALUATOR_TABLES,
    },
    Engine {
        name: "c/ompeval",
        language: Language::C,
        kind: Kind::Native(Symbols::PokerfastOmp),
        package: Package {
            registry: Registry::PyPI,
            name: "pokerfast",
            version: "0.2.0",
        },
        role: Role::Baseline,
        games: HOLDEM,
        better: Better::Higher,
        models: &[Model::Batch],
        slowest_us: 1,
        summary: "OMPEval's C++ (Andreas Unterhuber, github.com/zekyll/OMPEval), compiled into pokerfast 0.2.0 behind its C ABI",
        calculator: Some(Calculator {
            name: "pf_equity",
            counts: Counts::HoldemRanges,
        }),
        known: None,
        tables: OMPEVAL_TABLES,
    },
    Engine {
        name: "c/phevaluator-source",
        language: Language::C,
        kind: Kind::Native(Symbols::PhEvaluator),
        package: Package {
            registry: Registry::PyPISource,
            name: "phevaluator",
            version: "0.6.0",
        },
        role: Role::Baseline,
        games: &[FIVE, SIX, SEVEN, OMAHA],
        better: Better::Lower,
        models: &[Model::Call],
        slowest_us: 1,
        summary: "PHEvaluator's own C (Henry Lee, github.com/HenryRLee/PokerHandEvaluator), phevaluator 0.6.0's source distribution built here by pip with -O3 -march=native",
        calculator: None,
        known: None,
        tables: PHEVALUATOR_TABLES,
    },
    Engine {
        name: "c/ompeval-source",
        language: Language::C,
        kind: Kind::Native(Symbols::PokerfastOmp),
        package: Package {
            registry: Registry::PyPISource,
            name: "pokerfast",
            version: "0.2.0",
        },
        role: Role::Baseline,
        games: HOLDEM,
        better: Better::Higher,
        models: &[Model::Batch],
        slowest_us: 1,
        summary: "OMPEval's C++ (Andreas Unterhuber, github.com/zekyll/OMPEval), pokerfast 0.2.0's source distribution built here by pip (scikit-build-core, CMake) with -O3 -march=native",
        calculator: Some(Calculator {
            name: "pf_equity",
            counts: Counts::HoldemRanges,
        }),
        known: None,
        tables: OMPEVAL_TABLES,
    },
    Engine {
        name: "c/null",
        language: Language::C,
        kind: Kind::Abi(AbiLibrary::Null),
        package: Package {
            registry: Registry::Lab,
            name: "abi/null.c",
            version: "",
        },
        role: Role::Floor,
        games: &[FIVE, SIX, SEVEN, OMAHA],
        better: Better::Higher,
        models: &[Model::Batch],
        slowest_us: 1,
        summary: "The lab's C ABI answering 0 for every hand: the floor of a call into a C library",
        calculator: None,
        known: None,
        tables: &[],
    },
    Engine {
        name: "c/example",
        language: Language::C,
        kind: Kind::Abi(AbiLibrary::Example),
        package: Package {
            registry: Registry::Lab,
            name: "abi/example.c",
            version: "",
        },
        role: Role::Example,
        games: &[FIVE, SIX, SEVEN, OMAHA],
        better: Better::Higher,
        models: &[Model::Batch],
        slowest_us: 5,
        summary: "The lab's small C evaluator against its own C ABI: what a user's evaluator plugs into",
        calculator: None,
        known: None,
        tables: &[],
    },
];

/// The engine of this name.
pub fn engine(name: &str) -> Option<&'static Engine> {
    ENGINES.iter().find(|e| e.name == name)
}

/// The engine and model a contender's name (`py/eval7/call`) stands for.
pub fn contender(name: &str) -> Option<(&'static Engine, Model)> {
    let (engine, model) = name.rsplit_once('/')?;
    let model = match model {
        "call" => Model::Call,
        "batch" => Model::Batch,
        _ => return None,
    };
    let engine = self::engine(engine)?;
    // A calculator is timed as a call: one count a call.
    (engine.models.contains(&model) || (model == Model::Call && engine.calculator.is_some()))
        .then_some((engine, model))
}

/// The engines of a language, in list order.
pub fn of_language(language: Language) -> impl Iterator<Item = &'static Engine> {
    ENGINES.iter().filter(move |e| e.language == language)
}

/// The floor of a language: the engine declared so on its line.
pub fn floor_of(language: Language) -> Option<&'static Engine> {
    of_language(language).find(|e| e.role == Role::Floor)
}

/// What went wrong with an engine: every error names it.
#[derive(Debug)]
pub struct Error {
    /// The engine.
    pub engine: String,
    /// What happened.
    pub what: String,
}

impl Error {
    /// An error of `engine`.
    pub fn new(engine: &str, what: impl Into<String>) -> Error {
        Error {
            engine: engine.to_string(),
            what: what.into(),
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "engine {}: {}", self.engine, self.what)
    }
}

impl std::error::Error for Error {}

/// A batch of hands for an engine: `cards` per hand, the hole cards first
/// (`hole` of them; 0 for Hold'em), each card `4 * rank + suit` with ranks
/// 2 to ace as 0 to 12 and suits c, d, h, s as 0 to 3.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hands {
    /// The game's id.
    pub game: &'static str,
    /// Cards per hand.
    pub cards: usize,
    /// Hole cards per hand, first.
    pub hole: usize,
    /// The cards, hand after hand.
    pub flat: Vec<u8>,
}

impl Hands {
    /// How many hands.
    pub fn len(&self) -> usize {
        self.flat.len() / self.cards.max(1)
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.flat.is_empty()
    }

    /// Hand `i`'s cards.
    pub fn hand(&self, i: usize) -> &[u8] {
        &self.flat[i * self.cards..(i + 1) * self.cards]
    }

    /// Hands `range` as a batch of their own.
    #[must_use]
    pub fn slice(&self, range: std::ops::Range<usize>) -> Hands {
        Hands {
            game: self.game,
            cards: self.cards,
            hole: self.hole,
            flat: self.flat[range.start * self.cards..range.end * self.cards].to_vec(),
        }
    }

    /// The hands of a game of the lab, as an engine is given them.
    pub fn of<G: handeval_core::Game>(hands: &[G]) -> Hands {
        let mut flat = Vec::with_capacity(hands.len() * G::COUNT);
        for h in hands {
            flat.extend(h.card_slice().iter().map(|c| c.index()));
        }
        Hands {
            game: G::ID,
            cards: G::COUNT,
            hole: G::HOLE,
            flat,
        }
    }
}

/// A way to evaluate a batch of hands: a runner process, or a C function.
pub trait Evaluate {
    /// One value per hand of `hands`, on the engine's own scale.
    ///
    /// # Errors
    /// Whatever kept the engine from answering one value per hand, naming it.
    fn values(&self, hands: &Hands) -> Result<Vec<i64>, Error>;
}
