//! Differential testing of seven-card evaluators over all 133,784,560 hands.
//!
//! Holding every evaluator's answer for every seven-card hand would take
//! gigabytes, so the check works against the reference's class per hand
//! ([`reference_classes`], two bytes a hand, computed once) and keeps only
//! what differs:
//!
//! - each hand's class by the evaluator is the place of its value among the
//!   values of its five-card scale ([`Evaluator7::Five`]) over all five-card
//!   hands, as `cargo xtask eval` shows it; a value no five-card hand has is
//!   class 0, "unranked";
//! - [`Check7`] counts the hands whose class or category differ from the
//!   reference's, keeps every differing hand's index and class (so that any
//!   two evaluators can be compared exactly, [`pairwise7`]), names the first
//!   few, and checks the category histogram and the 4,824 distinct classes
//!   against the table in [`handeval_core`].
//!
//! The hands are split into the 1,326 runs of [`hands7_starting`] and shared
//! among the cores by rayon.

use std::fmt;
use std::sync::OnceLock;

use handeval_core::{
    Card, Category, Evaluator, Evaluator7, HAND7_COUNT, Hand7, HandClass, Histogram,
    SEVEN_CARD_CLASSES, all_hands, hands7_starting,
};
use handeval_reference::{Ranking, Reference, Reference7};
use rayon::prelude::*;

/// A run of seven-card hands: those whose two lowest cards are `first < second`,
/// and where the run starts in [`handeval_core::all_hands7`] order.
#[derive(Clone, Copy, Debug)]
pub struct Run {
    /// The lowest card.
    pub first: Card,
    /// The second lowest card.
    pub second: Card,
    /// The index of the run's first hand in [`handeval_core::all_hands7`] order.
    pub start: usize,
    /// How many hands the run holds.
    pub len: usize,
}

impl Run {
    /// The run's hands, in order.
    pub fn hands(&self) -> Vec<Hand7> {
        hands7_starting(self.first, self.second).collect()
    }
}

/// The 1,326 runs that tile all seven-card hands, in order (the runs whose
/// second card leaves fewer than five above it are empty).
pub fn runs() -> &'static [Run] {
    static RUNS: OnceLock<Vec<Run>> = OnceLock::new();
    RUNS.get_or_init(|| {
        let deck: Vec<Card> = Card::all().collect();
        let mut runs = Vec::new();
        let mut start = 0;
        for (i, &first) in deck.iter().enumerate() {
            for &second in &deck[i + 1..] {
                let len = hands7_starting(first, second).len();
                runs.push(Run {
                    first,
                    second,
                    start,
                    len,
                });
                start += len;
            }
        }
        runs
    })
}

/// The reference's class (1..=7462) of every seven-card hand, in
/// [`handeval_core::all_hands7`] order: the class of the best five by
/// [`Reference7`]. Computed on first use over both cores (about a minute).
///
/// # Panics
/// Only if the reference found a strength no five-card hand has, which
/// cannot happen: its value is the five-card reference's on five of the cards.
pub fn reference_classes() -> &'static [u16] {
    static CLASSES: OnceLock<Vec<u16>> = OnceLock::new();
    CLASSES.get_or_init(|| {
        let mut classes = vec![0u16; HAND7_COUNT];
        let mut slices = Vec::with_capacity(runs().len());
        let mut rest = classes.as_mut_slice();
        for run in runs() {
            let (head, tail) = rest.split_at_mut(run.len);
            slices.push((run, head));
            rest = tail;
        }
        slices.into_par_iter().for_each(|(run, out)| {
            let hands = run.hands();
            if hands.is_empty() {
                return;
            }
            let mut strengths = vec![Reference7::strength(&hands[0]); hands.len()];
            Reference7::strengths(&hands, &mut strengths);
            for (o, s) in out.iter_mut().zip(strengths) {
                *o = Reference::class_of(s).get();
            }
        });
        classes
    })
}

/// The ranking of a five-card evaluator's values over all five-card hands:
/// the scale a seven-card evaluator's classes are read on.
pub fn five_card_ranking<F: Evaluator>() -> Ranking<F::Strength> {
    Ranking::from_values(all_hands().map(|h| F::strength(F::encode(&h))))
}

/// How many differing hands a report spells out.
const SHOWN: usize = 5;

/// One seven-card hand on which an evaluator and the reference differ.
#[derive(Clone, Debug)]
pub struct Example7 {
    /// The hand.
    pub hand: Hand7,
    /// Its index in [`handeval_core::all_hands7`] order.
    pub index: usize,
    /// The evaluator's category, native value (`Debug`) and class (0: unranked).
    pub got: (Category, String, u16),
    /// The reference's category, best five cards and class.
    pub expected: (Category, String, u16),
}

/// One seven-card evaluator checked against the reference and the table.
#[derive(Clone, Debug)]
pub struct Check7 {
    /// [`Evaluator7::NAME`].
    pub name: &'static str,
    /// Hands evaluated (133,784,560).
    pub hands: usize,
    /// The evaluator's category histogram.
    pub histogram: Histogram,
    /// Hands whose category differs from the reference's.
    pub category_mismatches: usize,
    /// Hands whose class differs from the reference's, as (index, class),
    /// in hand order (class 0: the value is on no five-card hand).
    pub class_mismatches: Vec<(u32, u16)>,
    /// Distinct classes seen (4,824 when correct), counting "unranked" as one.
    pub distinct: usize,
    /// The first differing hands, spelled out.
    pub examples: Vec<Example7>,
}

/// What one run of hands contributes to a [`Check7`].
struct Partial {
    histogram: Histogram,
    category_mismatches: usize,
    class_mismatches: Vec<(u32, u16)>,
    seen: Vec<bool>,
}

impl Check7 {
    /// Runs `E` over every seven-card hand and compares it with `reference`
    /// ([`reference_classes`]).
    ///
    /// # Panics
    /// If `reference` does not hold one class per seven-card hand.
    pub fn run<E: Evaluator7>(reference: &[u16]) -> Check7 {
        assert_eq!(reference.len(), HAND7_COUNT, "one class per hand");
        let scale = five_card_ranking::<E::Five>();
        let slots = usize::from(HandClass::COUNT) + 1;
        let partials: Vec<Partial> = runs()
            .par_iter()
            .filter(|run| run.len > 0)
            .map(|run| {
                let hands = run.hands();
                let mut strengths = vec![E::strength(&hands[0]); hands.len()];
                E::strengths(&hands, &mut strengths);
                let mut categories = vec![Category::HighCard; hands.len()];
                E::categories(&hands, &mut categories);
                let expected = &reference[run.start..run.start + run.len];
                // The last value seen on each reference class, and its class
                // on the scale: most hands repeat a value already looked up.
                let mut known: Vec<Option<(E::Strength, u16)>> = vec![None; slots];
                let mut part = Partial {
                    histogram: Histogram::new(),
                    category_mismatches: 0,
                    class_mismatches: Vec::new(),
                    seen: vec![false; slots],
                };
                for (i, ((&value, &category), &want)) in
                    strengths.iter().zip(&categories).zip(expected).enumerate()
                {
                    let class = match known[usize::from(want)] {
                        Some((v, class)) if v == value => class,
                        _ => {
                            let class = scale.class(value).map_or(0, |c| c as u16);
                            known[usize::from(want)] = Some((value, class));
                            class
                        }
                    };
                    part.histogram.add(category);
                    part.seen[usize::from(class)] = true;
                    let want_category = HandClass::new(want).map(HandClass::category);
                    part.category_mismatches += usize::from(Some(category) != want_category);
                    if class != want {
                        part.class_mismatches.push(((run.start + i) as u32, class));
                    }
                }
                part
            })
            .collect();

        let mut histogram = Histogram::new();
        let mut category_mismatches = 0;
        let mut class_mismatches = Vec::new();
        let mut seen = vec![false; slots];
        for part in partials {
            histogram += part.histogram;
            category_mismatches += part.category_mismatches;
            class_mismatches.extend(part.class_mismatches);
            for (s, p) in seen.iter_mut().zip(part.seen) {
                *s |= p;
            }
        }
        let examples = class_mismatches
            .iter()
            .take(SHOWN)
            .map(|&(index, class)| example::<E>(index as usize, class, reference))
            .collect();
        Check7 {
            name: E::NAME,
            hands: histogram.total() as usize,
            histogram,
            category_mismatches,
            class_mismatches,
            distinct: seen.iter().filter(|&&s| s).count(),
            examples,
        }
    }

    /// Categories whose hand count differs from the table: (category, counted).
    pub fn histogram_errors(&self) -> Vec<(Category, u64)> {
        let table = Histogram::all_hands7();
        Category::ALL
            .into_iter()
            .filter(|&c| self.histogram[c] != table[c])
            .map(|c| (c, self.histogram[c]))
            .collect()
    }

    /// Whether the evaluator matched the reference's class and category on
    /// every hand, and the table in every count and in its 4,824 classes.
    pub fn passed(&self) -> bool {
        self.hands == HAND7_COUNT
            && self.category_mismatches == 0
            && self.class_mismatches.is_empty()
            && self.distinct == usize::from(SEVEN_CARD_CLASSES)
            && self.histogram_errors().is_empty()
    }
}

/// The hand at `index` in [`handeval_core::all_hands7`] order.
fn hand_at(index: usize) -> Hand7 {
    let run = runs()
        .iter()
        .rfind(|r| r.start <= index)
        .expect("index 0 is in the first run");
    run.hands()[index - run.start]
}

fn example<E: Evaluator7>(index: usize, class: u16, reference: &[u16]) -> Example7 {
    let hand = hand_at(index);
    Example7 {
        hand,
        index,
        got: (
            E::category(&hand),
            format!("{:?}", E::strength(&hand)),
            class,
        ),
        expected: (
            Reference7::category(&hand),
            handeval_reference::best_five(&hand).to_string(),
            reference[index],
        ),
    }
}

/// The pairwise disagreement matrix: `matrix[i][j]` is the number of hands
/// on which checks `i` and `j` give different classes. Exact, from the
/// differing hands each check kept: where neither differs from the
/// reference, both agree with it and so with each other.
pub fn pairwise7(checks: &[Check7]) -> Vec<Vec<usize>> {
    let n = checks.len();
    let mut matrix = vec![vec![0; n]; n];
    for i in 0..n {
        for j in i + 1..n {
            let d = disagreements7(&checks[i].class_mismatches, &checks[j].class_mismatches);
            matrix[i][j] = d;
            matrix[j][i] = d;
        }
    }
    matrix
}

/// Hands on which two sorted lists of (index, class) differences from the
/// reference give different classes.
fn disagreements7(a: &[(u32, u16)], b: &[(u32, u16)]) -> usize {
    let (mut i, mut j, mut count) = (0, 0, 0);
    while i < a.len() && j < b.len() {
        match a[i].0.cmp(&b[j].0) {
            std::cmp::Ordering::Less => {
                count += 1;
                i += 1;
            }
            std::cmp::Ordering::Greater => {
                count += 1;
                j += 1;
            }
            std::cmp::Ordering::Equal => {
                count += usize::from(a[i].1 != b[j].1);
                i += 1;
                j += 1;
            }
        }
    }
    count + (a.len() - i) + (b.len() - j)
}

impl fmt::Display for Check7 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "{}: {} seven-card hands, {} distinct classes (table: {}), {} hands in another category, {} in another class",
            self.name,
            self.hands,
            self.distinct,
            SEVEN_CARD_CLASSES,
            self.category_mismatches,
            self.class_mismatches.len()
        )?;
        let table = Histogram::all_hands7();
        for (c, counted) in self.histogram_errors() {
            writeln!(f, "  {c}: {counted} hands, table {}", table[c])?;
        }
        for e in &self.examples {
            writeln!(
                f,
                "  hand {} ({}): got {} {} class {}, reference {} class {} (best five {})",
                e.index,
                e.hand,
                e.got.0,
                e.got.1,
                e.got.2,
                e.expected.0,
                e.expected.2,
                e.expected.1
            )?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn disagreements_merge_two_difference_lists() {
        let a = [(1, 5), (4, 9), (7, 2)];
        let b = [(1, 5), (4, 8), (9, 1)];
        // Hand 1 differs alike in both; 4 differently; 7 and 9 in one only.
        assert_eq!(disagreements7(&a, &b), 3);
        assert_eq!(disagreements7(&a, &[]), 3);
        assert_eq!(disagreements7(&[], &[]), 0);
    }

    #[test]
    fn runs_tile_all_hands_and_hand_at_finds_them() {
        let runs = runs();
        assert_eq!(runs.len(), 1_326);
        let last = runs.last().unwrap();
        assert_eq!(runs.iter().map(|r| r.len).sum::<usize>(), HAND7_COUNT);
        assert!(runs.windows(2).all(|w| w[0].start + w[0].len == w[1].start));
        assert_eq!(last.start + last.len, HAND7_COUNT);
        assert_eq!(hand_at(0).to_string(), "2c 2d 2h 2s 3c 3d 3h");
        assert_eq!(hand_at(HAND7_COUNT - 1).to_string(), "Kd Kh Ks Ac Ad Ah As");
    }
}
