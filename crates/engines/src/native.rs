//! C functions called in-process: those registry packages ship compiled
//! (PHEvaluator's, OMPEval's) and those of a library built against the
//! lab's own C ABI (`abi/handeval_engine.h`).
//!
//! Loading a library runs its initialisers and calling a C function trusts
//! its signature, so both are `unsafe`. Each is reached only through
//! [`Native::load`], which checks what can be checked before any call: the
//! package's pinned version (so the signatures are the ones read for that
//! version), every symbol's presence, the ABI version the library declares,
//! and, before each call, that the hands are whole hands of distinct cards
//! below 52 and the output holds one slot per hand.
#![allow(unsafe_code)]

use std::os::raw::{c_char, c_int, c_uint};
use std::path::{Path, PathBuf};

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
type AbiEvaluate = unsafe extern "C" fn(u32, u32, *const u8, usize, *mut i64) -> i32;

/// The version of the lab's C ABI (`HANDEVAL_ENGINE_ABI` in the header).
pub const ABI_VERSION: u32 = 1;

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
    // Kept open for as long as the function pointers are used.
    _library: Library,
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

fn symbol<T: Copy>(engine: &str, library: &Library, name: &str) -> Result<T, Error> {
    // SAFETY: the caller names `T` as the C signature the symbol has in the
    // pinned package's version (read from its sources: PHEvaluator's
    // `phevaluator.h`, pokerfast's `equity.py` argtypes) or in the lab's
    // own header; a missing symbol is an error here, before any call.
    let found: Result<Symbol<'_, T>, _> = unsafe { library.get(name.as_bytes()) };
    found
        .map(|s| *s)
        .map_err(|e| Error::new(engine, format!("no symbol {name}: {e}")))
}

impl Native {
    /// Loads `engine` from the packages in `place` (a native engine) or
    /// from the lab's build (an ABI engine).
    ///
    /// # Errors
    /// A package not installed at its version, a library that does not
    /// load, a missing symbol, another ABI version, or an initialisation
    /// that fails.
    pub fn load(engine: &'static Engine, place: &Place) -> Result<Native, Error> {
        match engine.kind {
            Kind::Native(_) => Self::open(engine, &place.library(engine)?),
            Kind::Abi(which) => match lab_library(which) {
                Some(path) => Self::open(engine, &path),
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

    /// Loads a library built against the lab's C ABI from `path`, as the
    /// engine `engine` (a user's evaluator, or the lab's own).
    ///
    /// # Errors
    /// See [`Native::load`].
    pub fn open(engine: &'static Engine, path: &Path) -> Result<Native, Error> {
        // SAFETY: loading runs the library's initialisers. The libraries
        // loaded here are the pinned packages' (whose version `place`
        // checked) or libraries built against the lab's C ABI, whose
        // contract (`abi/handeval_engine.h`) asks for no initialiser with
        // effects beyond the library.
        let library = unsafe { Library::new(path) }
            .map_err(|e| Error::new(engine.name, format!("{}: {e}", path.display())))?;
        let name = engine.name;
        let functions = match engine.kind {
            Kind::Native(Symbols::PhEvaluator) => Functions::PhEvaluator {
                five: symbol(name, &library, "evaluate_5cards")?,
                six: symbol(name, &library, "evaluate_6cards")?,
                seven: symbol(name, &library, "evaluate_7cards")?,
                plo4: symbol(name, &library, "evaluate_plo4_cards")?,
            },
            Kind::Native(Symbols::PokerfastOmp) => {
                let version: Version = symbol(name, &library, "pf_abi_version")?;
                let init: Version = symbol(name, &library, "pf_init")?;
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
                    evaluate: symbol(name, &library, "pf_evaluate")?,
                    equity: symbol(name, &library, "pf_equity")?,
                }
            }
            Kind::Abi(_) => {
                let version: AbiVersion = symbol(name, &library, "handeval_engine_abi")?;
                // SAFETY: the header's signature; it takes nothing.
                let abi = unsafe { version() };
                if abi != ABI_VERSION {
                    return Err(Error::new(
                        name,
                        format!(
                            "{} declares the lab's C ABI version {abi}, not {ABI_VERSION}",
                            path.display()
                        ),
                    ));
                }
                Functions::Abi {
                    evaluate: symbol(name, &library, "handeval_engine_evaluate")?,
                }
            }
            Kind::Package => return Err(Error::new(name, "is a package engine")),
        };
        Ok(Native {
            engine,
            path: path.to_path_buf(),
            functions,
            _library: library,
        })
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
            Functions::Abi { .. } => Ok(Data::Bytes(hands.flat.clone())),
        }
    }

    /// Evaluates the prepared hands into `out`, one value per hand: what
    /// a timed pass of the engine is.
    ///
    /// # Errors
    /// An `out` of another length, or the engine's own refusal.
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
