//! The `handeval` Python package's native part: the `handeval` crate's
//! calls over numpy arrays, each batch in one call with the GIL released.
//! The Python side (`handeval/__init__.py`) checks and converts what
//! numpy can express before calling here.

use handeval::{Category, Error, Rank};
use numpy::{PyArray1, PyReadonlyArray2, PyUntypedArrayMethods};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use rayon::prelude::*;

/// Hands a worker takes at a time: enough that handing out a part (a few
/// microseconds) is small beside valuing it (tens of microseconds).
const PART: usize = 1 << 14;

/// An error of the crate as Python's `ValueError`, its message naming
/// the row and the card.
fn value_error(e: &Error) -> PyErr {
    PyValueError::new_err(e.to_string())
}

/// A game's batch call: `handeval::seven::classes` and its siblings.
type Classes<const N: usize> = fn(&[[u8; N]], &mut [u16]) -> Result<(), Error>;

/// The weakest class of each category, strongest category first: a
/// class's category is how many of them it is past.
const WORST: [u16; 10] = {
    let mut worst = [0u16; 10];
    let mut i = 0;
    while i < 10 {
        worst[i] = Category::ALL[9 - i].worst_class().get();
        i += 1;
    }
    worst
};

/// The category number ([`Category::index`], 0 = high card) of each class:
/// ten comparisons and no branch, which the compiler vectorises (a table
/// of 7,462 would be a load a hand).
fn categories_of(classes: &[u16], categories: &mut [u8]) {
    for (category, &class) in categories.iter_mut().zip(classes) {
        let mut number = 9u8;
        for worst in WORST {
            number -= u8::from(class > worst);
        }
        *category = number;
    }
}

/// The category number of each class by a game's own scale (short deck's),
/// through its module's `category`.
fn categories_by(category: fn(u16) -> Option<Category>, classes: &[u16], categories: &mut [u8]) {
    for (number, &class) in categories.iter_mut().zip(classes) {
        // The kernel's classes are the game's (checked by the lab).
        *number = category(class).map_or(0, |c| c.index() as u8);
    }
}

/// A game's batch call over rows of card numbers: classes and category
/// numbers.
type Rows = fn(&[u8], &mut [u16], &mut [u8]) -> Result<(), Error>;

/// A game the package values: its id as the lab names it (`cargo xtask
/// list --games`, the `handeval` crate's module), its cards a hand, the
/// classes and categories of a batch of its rows, and its evaluator.
struct Game {
    id: &'static str,
    cards: usize,
    rows: Rows,
    evaluator: fn() -> &'static str,
    /// A Hi-Lo game's batch call of low classes; `None` for a game worth
    /// its high alone.
    lows: Option<LowRows>,
}

/// A Hi-Lo game's batch call over rows of card numbers: low classes.
type LowRows = fn(&[u8], &mut [u8]) -> Result<(), Error>;

/// A Hi-Lo module's batch call: `handeval::omaha8::lows`.
type Lows<const N: usize> = fn(&[[u8; N]], &mut [u8]) -> Result<(), Error>;

/// The [`Game`] of the `handeval` crate's module `$module`, its classes'
/// categories by `$categories`.
macro_rules! game {
    // A game on a scale of its own (short deck's, lowball's): its classes'
    // categories by its module's `category`.
    ($module:ident, scaled) => {
        game!($module, |classes, out| categories_by(
            handeval::$module::category,
            classes,
            out
        ))
    };
    // A Hi-Lo game: its highs as its high game's, and its lows.
    ($module:ident, hi_lo) => {
        Game {
            lows: Some(|cards, lows| low_rows(handeval::$module::lows, cards, lows)),
            ..game!($module, categories_of)
        }
    };
    ($module:ident, $categories:expr) => {
        Game {
            id: stringify!($module),
            cards: handeval::$module::CARDS,
            rows: |cards, classes, categories| {
                rows(
                    handeval::$module::classes,
                    $categories,
                    cards,
                    classes,
                    categories,
                )
            },
            evaluator: handeval::$module::evaluator,
            lows: None,
        }
    };
}

/// Writes [`GAMES`] from the lab's one list of games
/// (`handeval::for_each_game!`), each game's categories by its kind.
macro_rules! games {
    ($($(#[$doc:meta])* $kind:ident $id:ident: $game:ty = $example:literal;)*) => {
        /// Every game the package values, in the order of the lab's one
        /// list. A row's width names the first game of that width here
        /// when no game is named: Hold'em's and Omaha's come first, then
        /// the short deck's and lowball's, which share Hold'em's widths
        /// and are asked for by name.
        const GAMES: &[Game] = &[$(games!(@one $kind, $id)),*];
    };
    // Hold'em's scale: a class's category is how many categories' worst
    // classes it is past.
    (@one standard, $id:ident) => {
        game!($id, categories_of)
    };
    (@one hole, $id:ident) => {
        game!($id, categories_of)
    };
    (@one scaled, $id:ident) => {
        game!($id, scaled)
    };
    (@one hi_lo, $id:ident) => {
        game!($id, hi_lo)
    };
    // Badugi: a class's "category" is how many cards play, 4 to 1.
    (@one badugi, $id:ident) => {
        game!($id, |classes, out| {
            for (number, &class) in out.iter_mut().zip(classes) {
                *number = handeval::$id::cards(class).unwrap_or(0);
            }
        })
    };
}

handeval::for_each_game!(games);

/// The hands of one game's width: classes and categories of every row,
/// the parts on every core for a batch of many.
fn rows<const N: usize>(
    classes_of: Classes<N>,
    categories_of: fn(&[u16], &mut [u8]),
    cards: &[u8],
    classes: &mut [u16],
    categories: &mut [u8],
) -> Result<(), Error> {
    let (hands, rest) = cards.as_chunks::<N>();
    debug_assert!(rest.is_empty(), "whole rows");
    let part = |first: usize, hands: &[[u8; N]], classes: &mut [u16], categories: &mut [u8]| {
        classes_of(hands, classes).map_err(|e| at_row(e, first))?;
        categories_of(classes, categories);
        Ok(())
    };
    if hands.len() < 2 * PART {
        return part(0, hands, classes, categories);
    }
    let results: Vec<Result<(), Error>> = hands
        .par_chunks(PART)
        .zip(classes.par_chunks_mut(PART))
        .zip(categories.par_chunks_mut(PART))
        .enumerate()
        .map(|(i, ((hands, classes), categories))| part(i * PART, hands, classes, categories))
        .collect();
    // The parts in order: the lowest bad row is the one named.
    results.into_iter().collect()
}

/// The low classes of a Hi-Lo game's rows, the parts on every core for a
/// batch of many, as [`rows`] splits them.
fn low_rows<const N: usize>(lows_of: Lows<N>, cards: &[u8], lows: &mut [u8]) -> Result<(), Error> {
    let (hands, rest) = cards.as_chunks::<N>();
    debug_assert!(rest.is_empty(), "whole rows");
    if hands.len() < 2 * PART {
        return lows_of(hands, lows);
    }
    let results: Vec<Result<(), Error>> = hands
        .par_chunks(PART)
        .zip(lows.par_chunks_mut(PART))
        .enumerate()
        .map(|(i, (hands, lows))| lows_of(hands, lows).map_err(|e| at_row(e, i * PART)))
        .collect();
    results.into_iter().collect()
}

/// `e` with its row counted from the whole batch's first, not its part's.
fn at_row(e: Error, first: usize) -> Error {
    match e {
        Error::Card {
            row,
            position,
            value,
        } => Error::Card {
            row: row + first,
            position,
            value,
        },
        Error::Repeated { row, card } => Error::Repeated {
            row: row + first,
            card,
        },
        Error::Deck {
            row,
            position,
            card,
            game,
        } => Error::Deck {
            row: row + first,
            position,
            card,
            game,
        },
        other => other,
    }
}

/// The error for a hand of `cards` cards, which no game has.
fn no_game(cards: usize) -> PyErr {
    PyValueError::new_err(format!(
        "a hand has 5, 6 or 7 cards (Hold'em) or 9, 10 or 11 (Omaha, hole cards first), not {cards}"
    ))
}

/// Classes and category numbers, as numpy arrays.
type Ranked<'py> = (Bound<'py, PyArray1<u16>>, Bound<'py, PyArray1<u8>>);

/// The game `game` names, or the first of the row's width when none is.
fn game_of(game: Option<&str>, width: usize) -> PyResult<&'static Game> {
    let Some(name) = game else {
        return GAMES
            .iter()
            .find(|g| g.cards == width)
            .ok_or_else(|| no_game(width));
    };
    let game = GAMES.iter().find(|g| g.id == name).ok_or_else(|| {
        let ids: Vec<&str> = GAMES.iter().map(|g| g.id).collect();
        PyValueError::new_err(format!(
            "no game {name:?}; the games are {}",
            ids.join(", ")
        ))
    })?;
    if game.cards != width {
        return Err(PyValueError::new_err(format!(
            "a hand of {} has {} cards, not {width}",
            game.id, game.cards
        )));
    }
    Ok(game)
}

/// The ranks (classes, 1 = royal flush .. 7,462, lower is stronger; short
/// deck's own scale of 1,404) and category numbers of a C-contiguous
/// `uint8` array of hands, one row a hand of `game` (by default the
/// Hold'em or Omaha game of the row's width: 5, 6 or 7 cards, or 9, 10
/// or 11 with 4, 5 or 6 hole cards first).
#[pyfunction]
#[pyo3(signature = (cards, game = None))]
fn evaluate<'py>(
    py: Python<'py>,
    cards: PyReadonlyArray2<'py, u8>,
    game: Option<&str>,
) -> PyResult<Ranked<'py>> {
    let [hands, width] = [cards.shape()[0], cards.shape()[1]];
    let game = game_of(game, width)?;
    let cards = cards
        .as_slice()
        .map_err(|_| PyValueError::new_err("cards must be a C-contiguous array"))?;
    let mut classes = vec![0u16; hands];
    let mut categories = vec![0u8; hands];
    py.allow_threads(|| (game.rows)(cards, &mut classes, &mut categories))
        .map_err(|e| value_error(&e))?;
    Ok((
        PyArray1::from_vec(py, classes),
        PyArray1::from_vec(py, categories),
    ))
}

/// The low classes (1 = 5-4-3-2-A ..= 56 = 8-7-6-5-4, 0 for no qualifying
/// low) of a C-contiguous `uint8` array of hands of the Hi-Lo game `game`.
#[pyfunction]
fn lows<'py>(
    py: Python<'py>,
    cards: PyReadonlyArray2<'py, u8>,
    game: &str,
) -> PyResult<Bound<'py, PyArray1<u8>>> {
    let [hands, width] = [cards.shape()[0], cards.shape()[1]];
    let found = game_of(Some(game), width)?;
    let Some(low_rows) = found.lows else {
        let hi_lo: Vec<&str> = GAMES
            .iter()
            .filter(|g| g.lows.is_some())
            .map(|g| g.id)
            .collect();
        return Err(PyValueError::new_err(format!(
            "{game} has no low: the Hi-Lo games are {}",
            hi_lo.join(", ")
        )));
    };
    let cards = cards
        .as_slice()
        .map_err(|_| PyValueError::new_err("cards must be a C-contiguous array"))?;
    let mut lows = vec![0u8; hands];
    py.allow_threads(|| low_rows(cards, &mut lows))
        .map_err(|e| value_error(&e))?;
    Ok(PyArray1::from_vec(py, lows))
}

/// The rank (class) of one hand given as card numbers, one argument a
/// card, as `phevaluator.evaluate_cards` takes them: the quickest call for
/// a single hand (no array, no text).
#[pyfunction]
#[pyo3(signature = (*cards))]
fn evaluate_cards(cards: Vec<u8>) -> PyResult<u16> {
    fn one<const N: usize>(
        rank: fn([u8; N]) -> Result<Rank, Error>,
        cards: &[u8],
    ) -> PyResult<u16> {
        let cards: [u8; N] = cards.try_into().expect("the count was matched");
        rank(cards).map(Rank::class).map_err(|e| value_error(&e))
    }
    match cards.len() {
        5 => one(handeval::five::rank, &cards),
        6 => one(handeval::six::rank, &cards),
        7 => one(handeval::seven::rank, &cards),
        9 => one(handeval::omaha::rank, &cards),
        10 => one(handeval::omaha5::rank, &cards),
        11 => one(handeval::omaha6::rank, &cards),
        n => Err(no_game(n)),
    }
}

/// The rank (class) and category name of one hand in card notation.
#[pyfunction]
fn rank(text: &str) -> PyResult<(u16, &'static str)> {
    let rank = handeval::rank_of(text).map_err(|e| value_error(&e))?;
    Ok((rank.class(), rank.category().name()))
}

/// The evaluator each game's hands are valued with on this CPU.
#[pyfunction]
fn evaluators() -> Vec<(&'static str, &'static str)> {
    GAMES.iter().map(|g| (g.id, (g.evaluator)())).collect()
}

/// Every game's id and cards a hand.
#[pyfunction]
fn games() -> Vec<(&'static str, usize)> {
    GAMES.iter().map(|g| (g.id, g.cards)).collect()
}

/// The ids of the lab's one list of games, which [`GAMES`] follows (the
/// tests hold it to them).
#[pyfunction]
fn game_ids() -> Vec<&'static str> {
    handeval::game_ids()
}

/// A combo's cards as the lab writes them (`AsKs`).
fn combo_text(cards: &[handeval::Card]) -> String {
    cards.iter().map(ToString::to_string).collect()
}

/// Each player's equity, win and tie chances, games won, tied and lost,
/// the games and deals counted, and each combo's `(cards, weight, share,
/// equity)`.
type Exact = (
    Vec<f64>,
    Vec<f64>,
    Vec<f64>,
    Vec<(f64, f64, f64)>,
    u64,
    u64,
    Vec<Vec<(String, f64, f64, f64)>>,
);

/// Hold'em ranges' exact equity (see [`Exact`]).
#[pyfunction]
#[pyo3(signature = (ranges, board = "", dead = ""))]
fn equity(py: Python<'_>, ranges: Vec<String>, board: &str, dead: &str) -> PyResult<Exact> {
    let ranges: Vec<&str> = ranges.iter().map(String::as_str).collect();
    let e = py
        .allow_threads(|| handeval::equity::exact(&ranges, board, dead))
        .map_err(|e| value_error(&e))?;
    let per_combo = e
        .per_combo
        .iter()
        .map(|combos| {
            combos
                .iter()
                .map(|(c, share, eq)| (combo_text(&c.cards), c.weight, *share, *eq))
                .collect()
        })
        .collect();
    Ok((
        e.equity,
        e.wins,
        e.ties,
        e.counts
            .iter()
            .map(|c| (c.wins, c.ties, c.losses))
            .collect(),
        e.games,
        e.deals,
        per_combo,
    ))
}

/// A showdown of fixed hands: `"high"` or `"hi-lo"`, the boards, each
/// player's equity, and by kind each player's wins and ties (a high game)
/// or scoops and quartered pots with the split pots (a Hi-Lo game).
type Fixed = (&'static str, u64, Vec<f64>, Vec<u64>, Vec<u64>, u64);

/// Fixed hands of any game with a board over every board (see [`Fixed`]).
#[pyfunction]
#[pyo3(signature = (game, hands, board = "", dead = ""))]
fn showdown(
    py: Python<'_>,
    game: &str,
    hands: Vec<String>,
    board: &str,
    dead: &str,
) -> PyResult<Fixed> {
    let texts: Vec<&str> = hands.iter().map(String::as_str).collect();
    let s = py
        .allow_threads(|| handeval::equity::showdown(game, &texts, board, dead))
        .map_err(|e| value_error(&e))?;
    let players = hands.len();
    let equity = (0..players).map(|p| s.equity(p)).collect();
    Ok(match s {
        handeval::equity::Showdown::High(t) => (
            "high",
            t.boards,
            equity,
            t.wins[..players].to_vec(),
            t.ties[..players].to_vec(),
            0,
        ),
        handeval::equity::Showdown::HiLo(t) => (
            "hi-lo",
            t.boards,
            equity,
            t.scoops[..players].to_vec(),
            t.quartered[..players].to_vec(),
            t.split,
        ),
    })
}

/// A Monte Carlo estimate of fixed hands of any game with a board: each
/// player's equity and standard error, and the games played.
#[pyfunction]
#[pyo3(signature = (game, hands, board = "", dead = "", seed = 1, stderr = 0.001))]
fn estimate_showdown(
    py: Python<'_>,
    game: &str,
    hands: Vec<String>,
    board: &str,
    dead: &str,
    seed: u64,
    stderr: f64,
) -> PyResult<(Vec<f64>, Vec<f64>, u64)> {
    check_stderr(stderr)?;
    let texts: Vec<&str> = hands.iter().map(String::as_str).collect();
    let e = py
        .allow_threads(|| {
            handeval::equity::estimate_showdown(game, &texts, board, dead, seed, stderr)
        })
        .map_err(|e| value_error(&e))?;
    Ok((e.equity, e.stderr, e.games))
}

/// One class of a breakdown: its name, combos, weight, share and equity.
type ClassLine = (&'static str, usize, f64, f64, Option<f64>);

/// A range's breakdown: its combos and weight, every made class and every
/// draw, and each combo's `(cards, weight, made class, draws)`.
type Broken = (
    usize,
    f64,
    Vec<ClassLine>,
    Vec<ClassLine>,
    Vec<(String, f64, &'static str, Vec<&'static str>)>,
);

/// A range broken down on a board in a game of two hole cards (see
/// [`Broken`]).
#[pyfunction]
#[pyo3(signature = (range, board, dead = "", versus = None, game = "seven"))]
fn breakdown(
    py: Python<'_>,
    range: &str,
    board: &str,
    dead: &str,
    versus: Option<&str>,
    game: &str,
) -> PyResult<Broken> {
    let b = py
        .allow_threads(|| handeval::equity::breakdown_of(game, range, board, dead, versus))
        .map_err(|e| value_error(&e))?;
    let line = |name: &'static str, l: &handeval::equity::Line| {
        (name, l.combos, l.weight, l.share, l.equity)
    };
    Ok((
        b.combos.len(),
        b.weight,
        b.made.iter().map(|(m, l)| line(m.name(), l)).collect(),
        b.draws.iter().map(|(d, l)| line(d.name(), l)).collect(),
        b.combos
            .iter()
            .map(|(c, class)| {
                (
                    combo_text(&c.cards),
                    c.weight,
                    class.made.name(),
                    class
                        .draws
                        .iter()
                        .map(handeval::equity::Draw::name)
                        .collect(),
                )
            })
            .collect(),
    ))
}

/// Every combo of a range against another: each combo's `(cards, weight,
/// against, equity)`, the range's equity, the deals and the games.
type Versus = (Vec<(String, f64, f64, Option<f64>)>, f64, u64, u64);

/// Every combo of a Hold'em range against another on a board (see [`Versus`]).
#[pyfunction]
#[pyo3(signature = (hero, villain, board = "", dead = ""))]
fn table(py: Python<'_>, hero: &str, villain: &str, board: &str, dead: &str) -> PyResult<Versus> {
    let t = py
        .allow_threads(|| handeval::equity::table(hero, villain, board, dead))
        .map_err(|e| value_error(&e))?;
    Ok((
        t.rows
            .iter()
            .map(|r| {
                (
                    combo_text(&r.combo.cards),
                    r.combo.weight,
                    r.against,
                    r.equity,
                )
            })
            .collect(),
        t.equity,
        t.deals,
        t.games,
    ))
}

/// [`Versus`] of hands of any game: the equity `None` when no deal exists.
type HandVersus = (Vec<(String, f64, f64, Option<f64>)>, Option<f64>, u64, u64);

/// Every hand of a list against every hand of another in any game with a
/// board (see [`Versus`]; a Hi-Lo game's equity its share of the pots):
/// in a game of two hole cards each list a range, in an Omaha game hands
/// separated by commas.
#[pyfunction]
#[pyo3(signature = (game, hero, villain, board = "", dead = ""))]
fn table_of(
    py: Python<'_>,
    game: &str,
    hero: &str,
    villain: &str,
    board: &str,
    dead: &str,
) -> PyResult<HandVersus> {
    let t = py
        .allow_threads(|| handeval::equity::table_of(game, hero, villain, board, dead))
        .map_err(|e| value_error(&e))?;
    Ok((
        t.rows
            .iter()
            .map(|r| (combo_text(&r.hand), r.weight, r.against, r.equity))
            .collect(),
        t.equity,
        t.deals,
        t.games,
    ))
}

/// The flops of a study of two ranges, each class once: the least flop
/// and the flops of its class.
#[pyfunction]
#[pyo3(signature = (hero, villain, dead = ""))]
fn flops(hero: &str, villain: &str, dead: &str) -> PyResult<Vec<(String, u32)>> {
    let f = handeval::equity::flops(hero, villain, dead).map_err(|e| value_error(&e))?;
    Ok(f.iter().map(|(flop, n)| (combo_text(flop), *n)).collect())
}

/// The smallest standard error an estimate is asked for.
const MIN_STDERR: f64 = 1e-4;

/// An error unless `stderr` is a target an estimate reaches soon: a
/// smaller one would run for hours with the GIL released, out of reach of
/// Ctrl-C (0.0001 takes about 25 million games).
fn check_stderr(stderr: f64) -> PyResult<()> {
    if stderr.is_nan() || stderr < MIN_STDERR {
        return Err(PyValueError::new_err(format!(
            "stderr must be at least {MIN_STDERR}, not {stderr}"
        )));
    }
    Ok(())
}

/// A Monte Carlo estimate of Hold'em ranges' equity: each player's
/// equity and standard error, and the games played.
#[pyfunction]
#[pyo3(signature = (ranges, board = "", dead = "", seed = 1, stderr = 0.001))]
fn estimate(
    py: Python<'_>,
    ranges: Vec<String>,
    board: &str,
    dead: &str,
    seed: u64,
    stderr: f64,
) -> PyResult<(Vec<f64>, Vec<f64>, u64)> {
    check_stderr(stderr)?;
    let ranges: Vec<&str> = ranges.iter().map(String::as_str).collect();
    let e = py
        .allow_threads(|| handeval::equity::estimate(&ranges, board, dead, seed, stderr))
        .map_err(|e| value_error(&e))?;
    Ok((e.equity, e.stderr, e.games))
}

/// The native part of the `handeval` package.
#[pymodule]
fn _handeval(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(evaluate, m)?)?;
    m.add_function(wrap_pyfunction!(lows, m)?)?;
    m.add_function(wrap_pyfunction!(rank, m)?)?;
    m.add_function(wrap_pyfunction!(evaluate_cards, m)?)?;
    m.add_function(wrap_pyfunction!(evaluators, m)?)?;
    m.add_function(wrap_pyfunction!(games, m)?)?;
    m.add_function(wrap_pyfunction!(game_ids, m)?)?;
    m.add_function(wrap_pyfunction!(equity, m)?)?;
    m.add_function(wrap_pyfunction!(estimate, m)?)?;
    m.add_function(wrap_pyfunction!(showdown, m)?)?;
    m.add_function(wrap_pyfunction!(estimate_showdown, m)?)?;
    m.add_function(wrap_pyfunction!(breakdown, m)?)?;
    m.add_function(wrap_pyfunction!(table, m)?)?;
    m.add_function(wrap_pyfunction!(table_of, m)?)?;
    m.add_function(wrap_pyfunction!(flops, m)?)?;
    let mut names = vec![""; Category::ALL.len()];
    for c in Category::ALL {
        names[c.index()] = c.name();
    }
    m.add("CATEGORIES", names)?;
    Ok(())
}
