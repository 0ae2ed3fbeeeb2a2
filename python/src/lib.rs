//! The `handeval` Python package's native part: the `handeval` crate's
//! calls over numpy arrays, each batch in one call with the GIL released.
//! The Python side (`handeval/__init__.py`) checks and converts what
//! numpy can express before calling here.

use std::sync::OnceLock;
use std::thread;

use handeval::{Category, Error, Rank};
use numpy::{PyArray1, PyReadonlyArray2, PyUntypedArrayMethods};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

/// Hands below which a batch stays on the calling thread: a thread costs
/// tens of microseconds, about as long as ten thousand hands take.
const PER_THREAD: usize = 1 << 16;

/// An error of the crate as Python's `ValueError`, its message naming
/// the row and the card.
fn value_error(e: &Error) -> PyErr {
    PyValueError::new_err(e.to_string())
}

/// A game's batch call: `handeval::seven::strengths` and its siblings.
type Strengths<const N: usize> = fn(&[[u8; N]], &mut [Rank]) -> Result<(), Error>;

/// The cores a batch may use, asked once: on Linux the answer reads the
/// cgroup's quota from files, longer than a small batch takes.
static CORES: OnceLock<usize> = OnceLock::new();

/// The hands of one game's width: ranks and categories of every row.
fn rows<const N: usize>(
    strengths: Strengths<N>,
    cards: &[u8],
    classes: &mut [u16],
    categories: &mut [u8],
) -> Result<(), Error> {
    let (hands, rest) = cards.as_chunks::<N>();
    debug_assert!(rest.is_empty(), "whole rows");
    if hands.len() < 2 * PER_THREAD {
        return part(strengths, hands, classes, categories);
    }
    let cores = *CORES.get_or_init(|| thread::available_parallelism().map_or(1, usize::from));
    let threads = cores.min(hands.len() / PER_THREAD).max(1);
    let share = hands.len().div_ceil(threads).max(1);
    if threads == 1 {
        return part(strengths, hands, classes, categories);
    }
    thread::scope(|scope| {
        let parts: Vec<_> = hands
            .chunks(share)
            .zip(classes.chunks_mut(share))
            .zip(categories.chunks_mut(share))
            .enumerate()
            .map(|(part, ((hands, classes), categories))| {
                scope.spawn(move || {
                    self::part(strengths, hands, classes, categories)
                        .map_err(|e| at_row(e, part * share))
                })
            })
            .collect();
        // The first part's error first: the lowest row is the one named.
        parts
            .into_iter()
            .try_for_each(|part| part.join().expect("a part of a batch does not panic"))
    })
}

/// One thread's rows.
fn part<const N: usize>(
    strengths: Strengths<N>,
    hands: &[[u8; N]],
    classes: &mut [u16],
    categories: &mut [u8],
) -> Result<(), Error> {
    let mut ranks = vec![Rank::WORST; hands.len()];
    strengths(hands, &mut ranks)?;
    for ((class, category), rank) in classes.iter_mut().zip(categories.iter_mut()).zip(&ranks) {
        *class = rank.class();
        *category = rank.category().index() as u8;
    }
    Ok(())
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

/// The ranks (classes, 1 = royal flush .. 7,462, lower is stronger) and
/// category numbers of a C-contiguous `uint8` array of hands, one row a
/// hand: 5, 6 or 7 cards for Hold'em, 9, 10 or 11 for Omaha with 4, 5 or 6
/// hole cards first.
#[pyfunction]
fn evaluate<'py>(py: Python<'py>, cards: PyReadonlyArray2<'py, u8>) -> PyResult<Ranked<'py>> {
    let [hands, width] = [cards.shape()[0], cards.shape()[1]];
    if ![5, 6, 7, 9, 10, 11].contains(&width) {
        return Err(no_game(width));
    }
    let cards = cards
        .as_slice()
        .map_err(|_| PyValueError::new_err("cards must be a C-contiguous array"))?;
    let mut classes = vec![0u16; hands];
    let mut categories = vec![0u8; hands];
    py.allow_threads(|| {
        let (classes, categories) = (&mut classes[..], &mut categories[..]);
        match width {
            5 => rows(handeval::five::strengths, cards, classes, categories),
            6 => rows(handeval::six::strengths, cards, classes, categories),
            7 => rows(handeval::seven::strengths, cards, classes, categories),
            9 => rows(handeval::omaha::strengths, cards, classes, categories),
            10 => rows(handeval::omaha5::strengths, cards, classes, categories),
            11 => rows(handeval::omaha6::strengths, cards, classes, categories),
            _ => unreachable!("widths are checked above"),
        }
    })
    .map_err(|e| value_error(&e))?;
    Ok((
        PyArray1::from_vec(py, classes),
        PyArray1::from_vec(py, categories),
    ))
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
    vec![
        ("five", handeval::five::evaluator()),
        ("six", handeval::six::evaluator()),
        ("seven", handeval::seven::evaluator()),
        ("omaha", handeval::omaha::evaluator()),
        ("omaha5", handeval::omaha5::evaluator()),
        ("omaha6", handeval::omaha6::evaluator()),
    ]
}

/// Each player's equity, win and tie chances, and the games counted.
type Exact = (Vec<f64>, Vec<f64>, Vec<f64>, u64);

/// Hold'em ranges' exact equity: each player's equity, win and tie
/// chances, and the games counted.
#[pyfunction]
#[pyo3(signature = (ranges, board = "", dead = ""))]
fn equity(py: Python<'_>, ranges: Vec<String>, board: &str, dead: &str) -> PyResult<Exact> {
    let ranges: Vec<&str> = ranges.iter().map(String::as_str).collect();
    let e = py
        .allow_threads(|| handeval::equity::exact(&ranges, board, dead))
        .map_err(|e| value_error(&e))?;
    Ok((e.equity, e.wins, e.ties, e.games))
}

/// The smallest standard error an estimate is asked for.
const MIN_STDERR: f64 = 1e-4;

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
    // A smaller target would run for hours with the GIL released, out of
    // reach of Ctrl-C: 0.0001 takes about 25 million games.
    if stderr.is_nan() || stderr < MIN_STDERR {
        return Err(PyValueError::new_err(format!(
            "stderr must be at least {MIN_STDERR}, not {stderr}"
        )));
    }
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
    m.add_function(wrap_pyfunction!(rank, m)?)?;
    m.add_function(wrap_pyfunction!(evaluate_cards, m)?)?;
    m.add_function(wrap_pyfunction!(evaluators, m)?)?;
    m.add_function(wrap_pyfunction!(equity, m)?)?;
    m.add_function(wrap_pyfunction!(estimate, m)?)?;
    let mut names = vec![""; Category::ALL.len()];
    for c in Category::ALL {
        names[c.index()] = c.name();
    }
    m.add("CATEGORIES", names)?;
    Ok(())
}
