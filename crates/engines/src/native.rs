//! C functions called in-process: those registry packages ship compiled
//! (PHEvaluator's, OMPEval's) and those of a library built against the
//! lab's own C ABI (`abi/handeval_engine.h`).
//!
//! Loading a library runs its initialisers and calling a C function trusts
//! its signature, so both are `unsafe`. Where soundness rests on the caller
//! the function is an `unsafe fn` ([`Native::open`]: the library must be
//! what its engine's line says; `symbol`: the type must be the symbol's
//! signature), and each site that uses `unsafe` is allowed on its own, with
//! its reason. [`Native::load`] is safe: it opens only a pinned package's
//! library (its version checked) or one the lab built, and checks what can
//! be checked before any call: every symbol's presence, the ABI version
//! the library declares, and, before each call, that the hands are whole
//! hands of distinct cards below 52 and the output holds one slot per hand.
//!
//! A user's library is never opened in the lab's process: `cargo xtask
//! engines serve-library` opens it in a process of its own
//! ([`crate::serve`]), where its crash or hang is that process's.

use std::ffi::CStr;
use std::os::raw::{c_char, c_int, c_uint};
use std::path::{Path, PathBuf};
use std::sync::{Mutex, PoisonError};

use libloading::{Library, Symbol};

use crate::install::Place;
use crate::{AbiLibrary, Engine, Error, Evaluate, Hands, Kind, Symbols};

type Five = unsafe extern "C" fn(c_int, c_int, c_int, c_int, c_int) -> c_int;
type Six = unsafe extern "C" fn(c_int, c_int, c_int, c_int, c_int, c_int) -> c_int;
type Seven = unsafe extern "C" fn(c_int, c_int, c_int, c_int, c_int, c_int, c_int) -> c_int;
type Nine =
    unsafe extern "C" fn(c_int, c_int, c_int, c_int, c_int, c_int, c_int, c_int, c_int) -> c_int;
type Version = unsafe extern "C" fn() -> c_int;
type PfEvaluate = unsafe extern "C" fn(*const c_char, c_uint, c_uint, *mut u16) -> c_int;
/// `pf_equity(ranges, n, board, dead, exact, stdev, threads, time_limit,
/// out, hands)`, as pokerfast 0.2.0's ctypes declarations give it.
type PfEquity = unsafe extern "C" fn(
    *const *const c_char,
    c_uint,
    *const c_char,
    *const c_char,
    c_int,
    f64,
    c_uint,
    f64,
    *mut f64,
    *mut u64,
) -> c_int;
type AbiVersion = unsafe extern "C" fn() -> u32;
type AbiGames = unsafe extern "C" fn() -> *const c_char;
type AbiEvaluate = unsafe extern "C" fn(u32, u32, *const u8, usize, *mut i64) -> i32;

/// The version of the lab's C ABI (`HANDEVAL_ENGINE_ABI` in the header);
/// version 1, without `handeval_engine_games`, is still taken.
pub const ABI_VERSION: u32 = 2;

/// The games a library of the ABI's first version is given: those its
/// cards and hole cards tell apart, of the standard deck (a short-deck
/// hand has Hold'em's shape and would be taken for one).
pub const ABI_1_GAMES: &[&str] = &[
    <handeval_core::Hand as handeval_core::Game>::ID,
    <handeval_core::Hand6 as handeval_core::Game>::ID,
    <handeval_core::Hand7 as handeval_core::Game>::ID,
    <handeval_core::Omaha4 as handeval_core::Game>::ID,
    <handeval_core::Omaha5 as handeval_core::Game>::ID,
    <handeval_core::Omaha6 as handeval_core::Game>::ID,
];

/// The functions of one loaded engine.
#[derive(Clone, Copy)]
enum Functions {
    PhEvaluator {
        five: Five,
        six: Six,
        seven: Seven,
        plo4: Nine,
    },
    Pokerfast {
        evaluate: PfEvaluate,
        equity: PfEquity,
    },
    Abi {
        evaluate: AbiEvaluate,
    },
}

/// A native engine, loaded.
pub struct Native {
    /// The engine.
    pub engine: &'static Engine,
    /// The library it was loaded from.
    pub path: PathBuf,
    functions: Functions,
    /// The games a library of the lab's ABI evaluates, as it declares them
    /// (version 2) or [`ABI_1_GAMES`]; `None` for a package's functions.
    games: Option<Vec<&'static str>>,
    /// Held around every call into a library of the lab's ABI: the header
    /// promises one thread at a time, and the lab keeps its promise in its
    /// own process too (the checks call engines from worker threads).
    one_at_a_time: Mutex<()>,
    // Kept open for as long as the function pointers are used.
    _library: Library,
}

/// The libraries the tests break a user's library with, built by this
/// crate's build script from `abi/example.c`: `crash` (dies on a five-card
/// wheel, A-2-3-4-5), `hang` (never returns there), `racy` (one static
/// buffer), `nowheel` (the wheel no straight), `abi1` (the first version).
pub fn test_library(which: &str) -> Option<PathBuf> {
    let path = match which {
        "crash" => env!("HANDEVAL_ENGINE_TEST_CRASH"),
        "hang" => env!("HANDEVAL_ENGINE_TEST_HANG"),
        "racy" => env!("HANDEVAL_ENGINE_TEST_RACY"),
        "nowheel" => env!("HANDEVAL_ENGINE_TEST_NO_WHEEL"),
        "abi1" => env!("HANDEVAL_ENGINE_TEST_ABI_1"),
        _ => return None,
    };
    Some(PathBuf::from(path))
}

/// A loader's error with its reason: libloading's own message is
/// `dlopen failed`, the system's reason its source (issue 66, item 16).
fn loader_error(e: &libloading::Error) -> String {
    match std::error::Error::source(e) {
        Some(reason) => format!("{e}: {reason}"),
        None => e.to_string(),
    }
}

/// The lab's C libraries, built by this crate's build script (a user's
/// has no place of its own).
pub fn lab_library(which: AbiLibrary) -> Option<PathBuf> {
    match which {
        AbiLibrary::Example => Some(PathBuf::from(env!("HANDEVAL_ENGINE_EXAMPLE"))),
        AbiLibrary::Null => Some(PathBuf::from(env!("HANDEVAL_ENGINE_NULL"))),
        AbiLibrary::User => None,
    }
}

/// The function `name` of `library`, as a `T`.
///
/// # Safety
/// `T` must be the C signature `name` has in `library`: read from the
/// pinned package's sources (PHEvaluator's `phevaluator.h`, pokerfast's
/// `equity.py` argtypes) or from the lab's own header.
#[allow(unsafe_code)]
unsafe fn symbol<T: Copy>(engine: &str, library: &Library, name: &str) -> Result<T, Error> {
    // SAFETY: the caller's: `T` is the symbol's signature. A missing symbol
    // is an error here, before any call.
    let found: Result<Symbol<'_, T>, _> = unsafe { library.get(name.as_bytes()) };
    found
        .map(|s| *s)
        .map_err(|e| Error::new(engine, format!("no symbol {name}: {}", loader_error(&e))))
}

impl Native {
    /// Loads `engine` from the packages in `place` (a native engine) or
    /// from the lab's build (an ABI engine).
    ///
    /// # Errors
    /// A package not installed at its version, a library that does not
    /// load, a missing symbol, another ABI version, or an initialisation
    /// that fails.
    #[allow(unsafe_code)]
    pub fn load(engine: &'static Engine, place: &Place) -> Result<Native, Error> {
        match engine.kind {
            // SAFETY: the library of a pinned package, its version checked
            // by `place`, whose functions the engine's line names with the
            // signatures that version's sources give.
            Kind::Native(_) => unsafe { Self::open(engine, &place.library(engine)?) },
            Kind::Abi(which) => match lab_library(which) {
                // SAFETY: a library the lab built from its own C files,
                // against its own header.
                Some(path) => unsafe { Self::open(engine, &path) },
                None => Err(Error::new(
                    engine.name,
                    "a user's library is opened by its path",
                )),
            },
            Kind::Package => Err(Error::new(
                engine.name,
                "is a package engine: it has a runner",
            )),
        }
    }

    /// Loads the library at `path` as the engine `engine`: a package's
    /// library, or one built against the lab's C ABI.
    ///
    /// # Safety
    /// Loading runs the library's initialisers, and its functions are then
    /// called with the signatures `engine`'s kind names: the library must
    /// be what `engine`'s line says. A user's library, which the lab cannot
    /// vouch for, is opened only in a process of its own
    /// ([`crate::serve`]), where whatever it does stays.
    ///
    /// # Errors
    /// See [`Native::load`].
    #[allow(unsafe_code)]
    pub unsafe fn open(engine: &'static Engine, path: &Path) -> Result<Native, Error> {
        // SAFETY: the caller's: the library is what the engine's line says.
        let library = unsafe { Library::new(path) }.map_err(|e| {
            Error::new(
                engine.name,
                format!("{}: {}", path.display(), loader_error(&e)),
            )
        })?;
        let name = engine.name;
        // Each type named below is the signature the symbol has in the
        // engine's kind's sources (PHEvaluator's `phevaluator.h`, pokerfast
        // 0.2.0's ctypes declarations, the lab's header), and the caller
        // vouched that the library is what the engine's line says.
        macro_rules! symbol_of {
            ($symbol:expr) => {
                // SAFETY: as said above.
                unsafe { symbol(name, &library, $symbol) }
            };
        }
        let mut games = None;
        let functions = match engine.kind {
            Kind::Native(Symbols::PhEvaluator) => Functions::PhEvaluator {
                five: symbol_of!("evaluate_5cards")?,
                six: symbol_of!("evaluate_6cards")?,
                seven: symbol_of!("evaluate_7cards")?,
                plo4: symbol_of!("evaluate_plo4_cards")?,
            },
            Kind::Native(Symbols::PokerfastOmp) => {
                let version: Version = symbol_of!("pf_abi_version")?;
                let init: Version = symbol_of!("pf_init")?;
                // SAFETY: both take no arguments and return an int, as
                // pokerfast 0.2.0's ctypes declarations say; pf_init builds
                // OMPEval's tables and may be called more than once.
                let (abi, status) = unsafe { (version(), init()) };
                if abi != 1 {
                    return Err(Error::new(
                        name,
                        format!("pokerfast's C ABI version {abi}, not 1"),
                    ));
                }
                if status != 0 {
                    return Err(Error::new(name, format!("pf_init failed ({status})")));
                }
                Functions::Pokerfast {
                    evaluate: symbol_of!("pf_evaluate")?,
                    equity: symbol_of!("pf_equity")?,
                }
            }
            Kind::Abi(_) => {
                let version: AbiVersion = symbol_of!("handeval_engine_abi")?;
                // SAFETY: the header's signature; it takes nothing.
                let abi = unsafe { version() };
                if !(1..=ABI_VERSION).contains(&abi) {
                    return Err(Error::new(
                        name,
                        format!(
                            "{} declares the lab's C ABI version {abi}; the lab takes 1 to {ABI_VERSION}",
                            path.display()
                        ),
                    ));
                }
                games = Some(if abi >= 2 {
                    let list: AbiGames = symbol_of!("handeval_engine_games")?;
                    // SAFETY: the header's signature: it takes nothing and
                    // returns a string that lives as long as the library;
                    // a null one is refused before it is read.
                    let text = unsafe { list() };
                    if text.is_null() {
                        return Err(Error::new(name, "handeval_engine_games returned no string"));
                    }
                    // SAFETY: a NUL-terminated string of the library's, as
                    // the header requires, not null (checked above).
                    declared_games(name, unsafe { CStr::from_ptr(text) })?
                } else {
                    ABI_1_GAMES.to_vec()
                });
                Functions::Abi {
                    evaluate: symbol_of!("handeval_engine_evaluate")?,
                }
            }
            Kind::Package => return Err(Error::new(name, "is a package engine")),
        };
        Ok(Native {
            engine,
            path: path.to_path_buf(),
            functions,
            games,
            one_at_a_time: Mutex::new(()),
            _library: library,
        })
    }

    /// The games a library of the lab's ABI evaluates (it declares them,
    /// or a library of the first version is given the standard deck's);
    /// `None` for a package's functions, whose engine line names them.
    pub fn games(&self) -> Option<&[&'static str]> {
        self.games.as_deref()
    }

    /// The hands in the engine's own representation, made outside any
    /// timing: PHEvaluator's ints (Omaha: the board first), OMPEval's
    /// bytes, or the lab's bytes. The hands are checked first: whole hands
    /// of distinct cards below 52, of a shape the engine takes.
    ///
    /// # Errors
    /// Hands the engine does not take.
    pub fn prepare(&self, hands: &Hands) -> Result<Prepared, Error> {
        check_hands(self.engine.name, hands)?;
        let data = self.prepare_data(hands)?;
        Ok(Prepared {
            data,
            hands: hands.len(),
            cards: hands.cards,
            hole: hands.hole,
            game: hands.game,
        })
    }

    fn prepare_data(&self, hands: &Hands) -> Result<Data, Error> {
        match self.functions {
            Functions::PhEvaluator { .. } => {
                let mut ints = Vec::with_capacity(hands.flat.len());
                for i in 0..hands.len() {
                    let h = hands.hand(i);
                    // PHEvaluator takes the board before the hole cards.
                    ints.extend(
                        h[hands.hole..]
                            .iter()
                            .chain(&h[..hands.hole])
                            .map(|&c| c_int::from(c)),
                    );
                }
                match (hands.cards, hands.hole) {
                    (5..=7, 0) | (9, 4) => Ok(Data::Ints(ints)),
                    _ => Err(Error::new(
                        self.engine.name,
                        format!("does not evaluate {}", hands.game),
                    )),
                }
            }
            Functions::Pokerfast { .. } => {
                if hands.hole != 0 || hands.cards > 7 {
                    return Err(Error::new(
                        self.engine.name,
                        format!("does not evaluate {}", hands.game),
                    ));
                }
                // OMPEval numbers suits s, h, c, d.
                let suit = [2u8, 3, 1, 0];
                Ok(Data::Bytes(
                    hands
                        .flat
                        .iter()
                        .map(|&c| (c & !3) | suit[usize::from(c & 3)])
                        .collect(),
                ))
            }
            Functions::Abi { .. } => {
                // A game the library did not declare never reaches it: a
                // short-deck hand has Hold'em's shape (issue 66, item 5).
                if !self.games.as_ref().is_some_and(|g| g.contains(&hands.game)) {
                    return Err(Error::new(
                        self.engine.name,
                        format!(
                            "does not evaluate {} (the library declares {})",
                            hands.game,
                            self.games.as_deref().unwrap_or_default().join(", ")
                        ),
                    ));
                }
                Ok(Data::Bytes(hands.flat.clone()))
            }
        }
    }

    /// Evaluates the prepared hands into `out`, one value per hand: what
    /// a timed pass of the engine is.
    ///
    /// # Errors
    /// An `out` of another length, or the engine's own refusal.
    #[allow(unsafe_code)]
    pub fn run(&self, prepared: &Prepared, out: &mut [i64]) -> Result<(), Error> {
        let n = prepared.hands;
        if out.len() != n {
            return Err(Error::new(
                self.engine.name,
                format!("{} slots for {n} hands", out.len()),
            ));
        }
        let k = prepared.cards;
        match (self.functions, &prepared.data) {
            (
                Functions::PhEvaluator {
                    five,
                    six,
                    seven,
                    plo4,
                },
                Data::Ints(c),
            ) => {
                for (i, o) in out.iter_mut().enumerate() {
                    let h = &c[i * k..(i + 1) * k];
                    // SAFETY: `prepare` checked every hand: `k` distinct
                    // cards below 52, the arity of the function called.
                    *o = i64::from(unsafe {
                        match k {
                            5 => five(h[0], h[1], h[2], h[3], h[4]),
                            6 => six(h[0], h[1], h[2], h[3], h[4], h[5]),
                            7 => seven(h[0], h[1], h[2], h[3], h[4], h[5], h[6]),
                            _ => plo4(h[0], h[1], h[2], h[3], h[4], h[5], h[6], h[7], h[8]),
                        }
                    });
                }
            }
            (Functions::Pokerfast { evaluate, .. }, Data::Bytes(b)) => {
                let mut values = vec![0u16; n];
                let count = c_uint::try_from(n).map_err(|_| {
                    Error::new(self.engine.name, "more hands than a C unsigned int")
                })?;
                // SAFETY: `b` holds `n * k` cards (checked by `prepare`),
                // `values` one u16 per hand, as pf_evaluate(cards, n, k,
                // out) reads and writes.
                let status =
                    unsafe { evaluate(b.as_ptr().cast(), count, k as c_uint, values.as_mut_ptr()) };
                if status != 0 {
                    return Err(Error::new(
                        self.engine.name,
                        format!("pf_evaluate failed ({status})"),
                    ));
                }
                for (o, v) in out.iter_mut().zip(values) {
                    *o = i64::from(v);
                }
            }
            (Functions::Abi { evaluate }, Data::Bytes(b)) => {
                // One thread at a time, as the header promises.
                let _one = self
                    .one_at_a_time
                    .lock()
                    .unwrap_or_else(PoisonError::into_inner);
                // SAFETY: `b` holds `n * k` checked cards and `out` one i64
                // per hand, as the header's contract says.
                let status = unsafe {
                    evaluate(
                        k as u32,
                        prepared.hole as u32,
                        b.as_ptr(),
                        n,
                        out.as_mut_ptr(),
                    )
                };
                if status != 0 {
                    return Err(Error::new(
                        self.engine.name,
                        format!(
                            "handeval_engine_evaluate returned {status} for {}",
                            prepared.game
                        ),
                    ));
                }
            }
            _ => unreachable!("prepared for its own functions"),
        }
        Ok(())
    }

    /// OMPEval's own equity calculator as pokerfast ships it (`pf_equity`),
    /// exact, on one thread: each player's equity (tied pots shared) and
    /// the games it counted, for `ranges` (OMPEval's range syntax: combos,
    /// `QQ+`, `A2s+`, `KTo+`, `random`; no weights), a `board` and `dead`
    /// cards (the lab's parser reads them; OMPEval is given them written
    /// out again).
    ///
    /// # Errors
    /// An engine without a calculator, no range or more than 6, a range that
    /// is not printable ASCII, cards that do not parse or repeat, a board
    /// of more than 5 cards, or OMPEval's refusal (its status named: 1 for
    /// malformed arguments, 2 for no deal without a card twice).
    #[allow(unsafe_code)]
    pub fn equity(
        &self,
        ranges: &[&str],
        board: &str,
        dead: &str,
    ) -> Result<(Vec<f64>, u64), Error> {
        let name = self.engine.name;
        let Functions::Pokerfast { equity, .. } = self.functions else {
            return Err(Error::new(name, "has no equity calculator"));
        };
        if !(1..=6).contains(&ranges.len()) {
            return Err(Error::new(
                name,
                format!("{} ranges: OMPEval takes 1 to 6", ranges.len()),
            ));
        }
        let texts = ranges
            .iter()
            .map(|r| {
                if r.is_empty() || !r.bytes().all(|b| b.is_ascii_graphic() || b == b' ') {
                    return Err(Error::new(
                        name,
                        format!("range `{r}`: printable ASCII, not empty"),
                    ));
                }
                std::ffi::CString::new(*r).map_err(|_| Error::new(name, "a NUL in a range"))
            })
            .collect::<Result<Vec<_>, _>>()?;
        let cards = |what: &str, text: &str| {
            let cards = handeval_core::parse_cards(text)
                .map_err(|e| Error::new(name, format!("{what}: {e}")))?;
            let written: String = cards.iter().map(ToString::to_string).collect();
            let written = std::ffi::CString::new(written)
                .map_err(|_| Error::new(name, "a NUL in the cards"))?;
            Ok::<_, Error>((cards, written))
        };
        let (board_cards, board) = cards("the board", board)?;
        let (dead_cards, dead) = cards("the dead cards", dead)?;
        if board_cards.len() > 5 {
            return Err(Error::new(
                name,
                format!("a board of {} cards", board_cards.len()),
            ));
        }
        // A card given twice is refused here: OMPEval answers it with an
        // internal error.
        let mut seen = 0u64;
        for c in board_cards.iter().chain(&dead_cards) {
            if seen & 1 << c.index() != 0 {
                return Err(Error::new(name, format!("the card {c} is given twice")));
            }
            seen |= 1 << c.index();
        }
        let pointers: Vec<*const c_char> = texts.iter().map(|t| t.as_ptr()).collect();
        let mut out = vec![0.0f64; ranges.len()];
        let mut games = 0u64;
        // SAFETY: pf_equity's signature in pokerfast 0.2.0 (whose version
        // `Native::load` checked): `pointers` holds `ranges.len()` (1 to 6)
        // NUL-terminated strings that outlive the call, `board` and `dead`
        // are NUL-terminated, `out` holds one f64 per range and `games` one
        // u64; exact (1), no standard-error target or time limit, one thread.
        let status = unsafe {
            equity(
                pointers.as_ptr(),
                ranges.len() as c_uint,
                board.as_ptr(),
                dead.as_ptr(),
                1,
                0.0,
                1,
                0.0,
                out.as_mut_ptr(),
                &raw mut games,
            )
        };
        match status {
            0 => Ok((out, games)),
            1 => Err(Error::new(
                name,
                "pf_equity: malformed arguments (status 1)",
            )),
            2 => Err(Error::new(
                name,
                "pf_equity: no deal without a card twice (status 2)",
            )),
            s => Err(Error::new(name, format!("pf_equity failed (status {s})"))),
        }
    }
}

/// Hands in an engine's own representation, checked and ready to pass to
/// its C function ([`Native::prepare`]).
pub struct Prepared {
    data: Data,
    hands: usize,
    cards: usize,
    hole: usize,
    game: &'static str,
}

impl Prepared {
    /// How many hands.
    pub fn len(&self) -> usize {
        self.hands
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.hands == 0
    }
}

enum Data {
    Ints(Vec<c_int>),
    Bytes(Vec<u8>),
}

/// The games a library's list names, each a game of the lab's.
fn declared_games(engine: &str, list: &CStr) -> Result<Vec<&'static str>, Error> {
    let text = list.to_str().map_err(|_| {
        Error::new(
            engine,
            "handeval_engine_games returned a string that is not UTF-8",
        )
    })?;
    let known = handeval_results::workload::games();
    let mut games = Vec::new();
    for id in text.split(',').map(str::trim).filter(|id| !id.is_empty()) {
        let Some(game) = known.iter().find(|g| g.id == id) else {
            return Err(Error::new(
                engine,
                format!(
                    "handeval_engine_games names {id:?}, which is no game of the lab's ({})",
                    known.iter().map(|g| g.id).collect::<Vec<_>>().join(", ")
                ),
            ));
        };
        games.push(game.id);
    }
    if games.is_empty() {
        return Err(Error::new(engine, "handeval_engine_games names no game"));
    }
    Ok(games)
}

/// Whether `hands` are whole hands of distinct cards below 52.
fn check_hands(engine: &str, hands: &Hands) -> Result<(), Error> {
    if hands.cards == 0 || !hands.flat.len().is_multiple_of(hands.cards) {
        return Err(Error::new(engine, "hands of unequal length"));
    }
    for i in 0..hands.len() {
        let mut seen = 0u64;
        for &c in hands.hand(i) {
            if usize::from(c) >= handeval_core::Card::COUNT || seen & (1 << c) != 0 {
                return Err(Error::new(
                    engine,
                    format!(
                        "hand {i} is not of distinct cards below {}",
                        handeval_core::Card::COUNT
                    ),
                ));
            }
            seen |= 1 << c;
        }
    }
    Ok(())
}

impl Evaluate for Native {
    fn values(&self, hands: &Hands) -> Result<Vec<i64>, Error> {
        let prepared = self.prepare(hands)?;
        let mut out = vec![0i64; hands.len()];
        self.run(&prepared, &mut out)?;
        Ok(out)
    }
}
