//! A workload: what a benchmark times, as a game's hands in an order,
//! asking for a kind of answer, on a quiet or a contended machine; its id
//! (`strength/shuffled/hand7`) is how every file of a run names it.
//!
//! Written here, beside the rows and turns that name workloads, so that the
//! code that writes a run (the benchmark binaries) and the code that reads
//! it (the report, `compare`, `machines`) share one vocabulary;
//! `handeval_benches` re-exports it.

use std::fmt;
use std::str::FromStr;

use handeval_core::{Game, GameInfo, GameVisitor, Hand, visit_games};
use serde::{Deserialize, Serialize};

/// Every game, in the order of [`handeval_core::visit_games`]: the Hi-Lo
/// games too, whose workload is their low half ([`Kind::Low`]), and the
/// badugi games, whose is their class.
pub fn games() -> Vec<GameInfo> {
    struct Infos(Vec<GameInfo>);
    impl GameVisitor for Infos {
        fn game<G: Game>(&mut self) {
            self.0.push(GameInfo::of::<G>());
        }
        fn hi_lo<G: Game>(&mut self) {
            self.0.push(GameInfo::of::<G>());
        }
        fn badugi<G: Game>(&mut self) {
            self.0.push(GameInfo::of::<G>());
        }
    }
    let mut infos = Infos(Vec::new());
    visit_games(&mut infos);
    infos.0
}

/// What a workload asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Kind {
    /// The hand's category only.
    Category,
    /// The full strength.
    Strength,
    /// A Hi-Lo game's low half: the hand's best qualifying low (as the
    /// lab's low mask), or none. Its high half is its high game's
    /// workloads (`omaha8`'s is `omaha`'s), timed there once.
    Low,
}

impl Kind {
    /// What the kind asks for, in words: `full strength`, `category`,
    /// `low`.
    pub const fn words(self) -> &'static str {
        match self {
            Kind::Category => "category",
            Kind::Strength => "full strength",
            Kind::Low => "low",
        }
    }
}

/// The order hands are evaluated in: a caller's stream of hands, or the
/// access pattern of an equity tool (`handeval_benches::patterns`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Order {
    /// Consecutive hands of the game's enumeration: similar hands in a row, kind to branch predictors.
    Sequential,
    /// A seeded random permutation: what a real caller's stream looks like.
    Shuffled,
    /// Every seven-card hand dealt by nested loops, each evaluator in its
    /// incremental form ([`handeval_core::BestFive::INCREMENTAL`]); a
    /// from-scratch enumeration costs what the sequential workload says.
    Enumeration,
    /// Heads-up matchups counted over every board by classes of boards, or
    /// by an outside evaluator's own calculator; a "hand" is a board.
    Showdown,
    /// The same matchups, every board's hands valued: from scratch, or from
    /// the sums the players share where the evaluator declares that form.
    #[serde(rename = "every-board")]
    EveryBoard,
    /// Ranges counted exactly heads-up, as equity tools are timed:
    /// `QQ+,AKs` against `22+,A2s+,KTs+,QJs,ATo+,KJo+`
    /// ([`patterns::equity_case`]); a "hand" is a count of the matchup.
    #[serde(rename = "equity-heads-up")]
    EquityHeadsUp,
    /// Three ranges counted exactly: `TT+,AQs+,AQo+` / `QQ+,AKs,AKo` / `TT`.
    #[serde(rename = "equity-three-way")]
    EquityThreeWay,
    /// `random` against `random`, counted exactly.
    #[serde(rename = "equity-random")]
    EquityRandom,
    /// Fixed hands counted over every board, heads-up: Omaha's
    /// `AhKhQsJs` against `ThTs9h9s`, Hold'em's and short deck's `AhKh`
    /// against `QsQd` ([`patterns::equity_case`]), what a calculator of
    /// fixed hands counts.
    #[serde(rename = "equity-fixed")]
    EquityFixed,
    /// Every combo of `random` against a range on a flop, exact, as one
    /// table (`handeval_equity::versus`).
    #[serde(rename = "equity-table")]
    EquityTable,
    /// `random` broken down on a flop, each class's equity against a range
    /// counted exactly (`handeval_equity::breakdown`).
    Breakdown,
    /// The heads-up preflop table: the 169 starting hands against each
    /// other, 14,365 cells, exact, on every core.
    #[serde(rename = "preflop-table")]
    PreflopTable,
}

impl Order {
    /// Whether this is an equity tool's access pattern rather than a
    /// stream of hands.
    pub const fn is_pattern(self) -> bool {
        !matches!(self, Order::Sequential | Order::Shuffled)
    }

    /// Whether this is an exact equity count of a matchup
    /// ([`patterns::equity_case`]).
    pub const fn is_equity(self) -> bool {
        matches!(
            self,
            Order::EquityHeadsUp
                | Order::EquityThreeWay
                | Order::EquityRandom
                | Order::EquityFixed
                | Order::EquityTable
                | Order::Breakdown
                | Order::PreflopTable
        )
    }
}

/// What the timed loop starts from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Input {
    /// Five cards already in the evaluator's own encoding: the algorithm
    /// alone. A five-card extension (`handeval_benches::encoded`): only five-card
    /// evaluators have an encoding of their own.
    Encoded,
    /// A hand of the game, as the lab's cards: encoding included, end to end.
    Cards(GameInfo),
}

impl Input {
    /// The game whose hands the workload evaluates.
    pub const fn game(self) -> GameInfo {
        match self {
            Input::Encoded => GameInfo::of::<Hand>(),
            Input::Cards(game) => game,
        }
    }

    /// Its part of a workload's id: `encoded`, or the game's
    /// [`Game::INPUT`] (`hand`, `hand7`, `omaha`).
    pub const fn id(self) -> &'static str {
        match self {
            Input::Encoded => "encoded",
            Input::Cards(game) => game.input,
        }
    }
}

/// By its id alone ([`Input::id`]): equal inputs have equal ids, so they
/// hash alike, and the ids are distinct (a workload's id is made of them
/// and parsed back by them). A run's files hash a workload per line, and
/// hashing the whole definition of the game, its words and tables, took a
/// quarter of `machines`' time.
impl core::hash::Hash for Input {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        self.id().hash(state);
    }
}

impl Serialize for Input {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.id())
    }
}

impl<'de> Deserialize<'de> for Input {
    /// `encoded`, or a game's [`Game::INPUT`].
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let id = String::deserialize(deserializer)?;
        if id == "encoded" {
            return Ok(Input::Encoded);
        }
        games()
            .into_iter()
            .find(|g| g.input == id)
            .map(Input::Cards)
            .ok_or_else(|| serde::de::Error::custom(format!("unknown input {id:?}")))
    }
}

/// The state of the machine a workload is timed in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Load {
    /// Nothing of the run's own beside the timed thread.
    Quiet,
    /// A deliberate antagonist on the other core ((`handeval_benches::contention`)): what an
    /// evaluator meets on a shared machine, reproducibly.
    Contended,
}

/// One benchmark workload. Written, in CSV files and benchmark ids, as its
/// [`id`](Workload::id), such as `strength/shuffled/encoded`, or
/// `strength/shuffled/hand7/contended` under contention.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Workload {
    /// Category or strength.
    pub kind: Kind,
    /// Sequential or shuffled.
    pub order: Order,
    /// Pre-encoded or from cards.
    pub input: Input,
    /// Quiet, or timed beside the antagonist.
    pub load: Load,
}

impl Workload {
    /// The workload the report leads with: full strength, shuffled, pre-encoded.
    pub const HEADLINE: Workload = Workload {
        kind: Kind::Strength,
        order: Order::Shuffled,
        input: Input::Encoded,
        load: Load::Quiet,
    };

    /// Game `G`'s workload of `kind` in `order`, from its cards.
    pub const fn of_game<G: Game>(kind: Kind, order: Order) -> Workload {
        Workload {
            kind,
            order,
            input: Input::Cards(GameInfo::of::<G>()),
            load: Load::Quiet,
        }
    }

    /// The headline workload of `game`: full strength from its cards,
    /// shuffled (`strength/shuffled/hand7`), where engines are timed; a
    /// Hi-Lo game's is its one workload, its low (`low/shuffled/omaha8`).
    pub const fn headline(game: GameInfo) -> Workload {
        Workload {
            kind: if game.value.is_hi_lo() {
                Kind::Low
            } else {
                Kind::Strength
            },
            order: Order::Shuffled,
            input: Input::Cards(game),
            load: Load::Quiet,
        }
    }

    /// The headline workload of game `G` ([`Workload::headline`]).
    pub const fn headline_of<G: Game>() -> Workload {
        Workload::headline(GameInfo::of::<G>())
    }

    /// The workloads of `game`, the headline first. Every game has full
    /// strength and the category alone from shuffled hands; the games
    /// enumerated hand by hand (Hold'em) also full strength over
    /// consecutive hands (Omaha's enumeration runs board by board, so a
    /// block of consecutive hands would share one board: no caller's
    /// stream). The five-card game adds its extension: the same from the
    /// evaluator's own encoding, and the category of consecutive hands.
    /// Last, every game's full strength of shuffled hands from cards again,
    /// under contention ([`Load::Contended`]). A Hi-Lo game has one: its
    /// low of shuffled hands (`low/shuffled/omaha8`); so has a badugi
    /// game: its class of shuffled hands (`strength/shuffled/badugi`).
    pub fn of(game: GameInfo) -> Vec<Workload> {
        if game.value.is_badugi() {
            return vec![Workload::headline(game)];
        }
        if !game.value.is_ranked() {
            // A Hi-Lo game: its low, of shuffled hands.
            return vec![Workload {
                kind: Kind::Low,
                order: Order::Shuffled,
                input: Input::Cards(game),
                load: Load::Quiet,
            }];
        }
        let five = game == GameInfo::of::<Hand>();
        let inputs: &[Input] = if five {
            &[Input::Encoded, Input::Cards(game)]
        } else {
            &[Input::Cards(game)]
        };
        let mut all = Vec::new();
        for kind in [Kind::Strength, Kind::Category] {
            for &input in inputs {
                for order in [Order::Shuffled, Order::Sequential] {
                    let sequential = game.hole == 0 && (kind == Kind::Strength || five);
                    if order == Order::Shuffled || sequential {
                        all.push(Workload {
                            kind,
                            order,
                            input,
                            load: Load::Quiet,
                        });
                    }
                }
            }
        }
        all.push(Workload {
            kind: Kind::Strength,
            order: Order::Shuffled,
            input: Input::Cards(game),
            load: Load::Contended,
        });
        for &order in orders_of(game) {
            all.push(Workload {
                kind: Kind::Strength,
                order,
                input: Input::Cards(game),
                load: Load::Quiet,
            });
        }
        all
    }

    /// Every workload of every game, game by game in the order of
    /// [`handeval_core::visit_games`].
    pub fn every() -> impl Iterator<Item = Workload> {
        games().into_iter().flat_map(Workload::of)
    }

    /// The game whose hands the workload evaluates.
    pub const fn game(self) -> GameInfo {
        self.input.game()
    }

    /// A stable id such as `strength/shuffled/encoded`.
    pub fn id(self) -> String {
        let kind = match self.kind {
            Kind::Category => "category",
            Kind::Strength => "strength",
            Kind::Low => "low",
        };
        let order = match self.order {
            Order::Sequential => "sequential",
            Order::Shuffled => "shuffled",
            Order::Enumeration => "enumeration",
            Order::Showdown => "showdown",
            Order::EveryBoard => "every-board",
            Order::EquityHeadsUp => "equity-heads-up",
            Order::EquityThreeWay => "equity-three-way",
            Order::EquityRandom => "equity-random",
            Order::EquityFixed => "equity-fixed",
            Order::EquityTable => "equity-table",
            Order::Breakdown => "breakdown",
            Order::PreflopTable => "preflop-table",
        };
        let load = match self.load {
            Load::Quiet => "",
            Load::Contended => "/contended",
        };
        format!("{kind}/{order}/{}{load}", self.input.id())
    }

    /// Parses an id made by [`Workload::id`].
    pub fn from_id(id: &str) -> Option<Workload> {
        // Every workload's id, made once: a run's files name a workload on
        // each of tens of thousands of lines, and making every id for each
        // was most of what `report`, `compare` and `machines` did.
        static IDS: std::sync::OnceLock<std::collections::HashMap<String, Workload>> =
            std::sync::OnceLock::new();
        let ids = IDS.get_or_init(|| {
            let mut ids = std::collections::HashMap::new();
            for w in Workload::every() {
                ids.entry(w.id()).or_insert(w);
            }
            ids
        });
        ids.get(id).copied()
    }

    /// Whether the instruction counts cover this workload: the shuffled
    /// ones of full strength, and the five-card game's shuffled category
    /// ones (a count stands for both orders). Not a badugi game's: like a
    /// Hi-Lo game's low, its class is timed, and the counting binary
    /// prepares evaluators of fives.
    pub fn is_counted(self) -> bool {
        self.load == Load::Quiet
            && self.order == Order::Shuffled
            && !self.game().value.is_badugi()
            && (self.kind == Kind::Strength || self.game() == GameInfo::of::<Hand>())
    }

    /// Whether criterion times the workload beside the rounds: every quiet
    /// stream of hands. A contended workload is timed in the rounds alone,
    /// with the antagonist running for just their length, and so is an
    /// access pattern, whose one pass (an enumeration, the matchups' boards)
    /// takes milliseconds to seconds.
    pub const fn by_criterion(self) -> bool {
        matches!(self.load, Load::Quiet) && !self.order.is_pattern()
    }

    /// The same workload under `load`.
    #[must_use]
    pub const fn under(self, load: Load) -> Workload {
        Workload { load, ..self }
    }

    /// The same workload in `order`.
    #[must_use]
    pub const fn in_order(self, order: Order) -> Workload {
        Workload { order, ..self }
    }

    /// The same workload from `input`.
    #[must_use]
    pub const fn from_input(self, input: Input) -> Workload {
        Workload { input, ..self }
    }
}

/// The error of parsing a [`Workload`] from a string that is not one of the ids.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownWorkload(pub String);

impl fmt::Display for UnknownWorkload {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown workload {:?} (expected kind/order/input, e.g. strength/shuffled/encoded)",
            self.0
        )
    }
}

impl std::error::Error for UnknownWorkload {}

impl Serialize for Workload {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.id())
    }
}

impl<'de> Deserialize<'de> for Workload {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let id = String::deserialize(deserializer)?;
        id.parse().map_err(serde::de::Error::custom)
    }
}

impl FromStr for Workload {
    type Err = UnknownWorkload;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Workload::from_id(s).ok_or_else(|| UnknownWorkload(s.to_string()))
    }
}

impl fmt::Display for Workload {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.id())
    }
}

/// Whether `game` has the access patterns: seven-card Hold'em of the
/// 52-card deck they deal from, two hole cards and a board of five worth
/// their high (not short deck's, nor razz's seven cards, which share no
/// board and count the low).
pub const fn game_has_patterns(game: GameInfo) -> bool {
    game.count == 7
        && game.hole == 0
        && game.board == 5
        && matches!(game.value, handeval_core::Value::High)
        && matches!(game.lowest, handeval_core::Rank::Two)
}

/// The access patterns of a game: Hold'em's enumeration, showdowns, range
/// counts and fixed hands; Omaha's and short deck's count of fixed hands
/// (the games an outside calculator of fixed hands counts beside
/// Hold'em: poker-odds-calc's short deck).
pub fn orders_of(game: GameInfo) -> &'static [Order] {
    if game_has_patterns(game) {
        &[
            Order::Enumeration,
            Order::Showdown,
            Order::EveryBoard,
            Order::EquityHeadsUp,
            Order::EquityThreeWay,
            Order::EquityRandom,
            Order::EquityFixed,
            Order::EquityTable,
            Order::Breakdown,
            Order::PreflopTable,
        ]
    } else if game.id == <handeval_core::Omaha4 as handeval_core::Game>::ID
        || game.id == <handeval_core::Short7 as handeval_core::Game>::ID
    {
        &[Order::EquityFixed]
    } else {
        &[]
    }
}
