//! Differential testing of the evaluators of any hand size ([`Cards`]: five,
//! six or seven cards) from cards, over every hand (133,784,560 of seven).
//!
//! Holding every evaluator's answer for every seven-card hand would take
//! gigabytes, so the check works against the reference's class per hand
//! ([`reference_classes`], two bytes a hand, computed once) and keeps only
//! what differs:
//!
//! - each hand's class by the evaluator is the place of its value among the
//!   values of its five-card scale ([`BestFive::Five`]) over all five-card
//!   hands, as `cargo xtask eval` shows it; a value no five-card hand has is
//!   class 0, "unranked";
//! - [`HandCheck`] counts the hands whose class or category differ from the
//!   reference's, keeps every differing hand's index and class (so that any
//!   two evaluators can be compared exactly, [`pairwise`]), names the first
//!   few, and, over all hands, checks the category histogram and the
//!   distinct classes against the size's published table ([`Cards`]).
//!
//! The reference's classes are the reference's definition, the best of the
//! hand's fives by the five-card reference, read from the five-card
//! reference's table ([`ClassTable`]); [`HandCheck::on_hands`] holds any
//! evaluator, the literal [`ReferenceBest`] among them, to it on chosen hands.
//!
//! The hands are split into the 1,326 runs of [`Cards::starting`] and shared
//! among the cores by rayon.

use std::fmt;
use std::sync::OnceLock;

use handeval_core::{BestFive, Card, Cards, Category, HandClass, Histogram, Role};
use handeval_reference::table::ClassTable;
use handeval_reference::{Ranking, ReferenceBest, scale};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use rayon::prelude::*;

/// A run of hands: those whose two lowest cards are `first < second`, and
/// where the run starts in [`Cards::all`] order.
#[derive(Clone, Copy, Debug)]
pub struct Run {
    /// The lowest card.
    pub first: Card,
    /// The second lowest card.
    pub second: Card,
    /// The index of the run's first hand in [`Cards::all`] order.
    pub start: usize,
    /// How many hands the run holds.
    pub len: usize,
}

impl Run {
    /// The run's hands of `H` (the size the run was made for), in order.
    pub fn hands<H: Cards>(&self) -> Vec<H> {
        H::starting(self.first, self.second).collect()
    }
}

/// One value per hand size, made on first use: a static in a generic
/// function is shared by every instance, so each size keeps a slot of its
/// own, by card count.
fn per_size<H: Cards, T>(slots: &'static [OnceLock<T>; 8], make: impl FnOnce() -> T) -> &'static T {
    slots[H::COUNT].get_or_init(make)
}

/// The 1,326 runs that tile all hands of `H`, in order (the runs whose
/// second card leaves too few above it are empty).
pub fn runs<H: Cards>() -> &'static [Run] {
    static RUNS: [OnceLock<Vec<Run>>; 8] = [const { OnceLock::new() }; 8];
    per_size::<H, Vec<Run>>(&RUNS, || {
        let deck: Vec<Card> = Card::all().collect();
        let mut runs = Vec::new();
        let mut start = 0;
        for (i, &first) in deck.iter().enumerate() {
            for &second in &deck[i + 1..] {
                let len = H::starting(first, second).len();
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

/// The reference's class (1..=7462) of every hand of `H`, in [`Cards::all`]
/// order: the best of its fives' classes, read from the five-card
/// reference's [`ClassTable`]. Computed on first use over all cores
/// (seconds for seven cards).
pub fn reference_classes<H: Cards>() -> &'static [u16] {
    static CLASSES: [OnceLock<Vec<u16>>; 8] = [const { OnceLock::new() }; 8];
    per_size::<H, Vec<u16>>(&CLASSES, || {
        let table = ClassTable::get();
        let mut classes = vec![0u16; H::HANDS];
        let mut slices = Vec::with_capacity(runs::<H>().len());
        let mut rest = classes.as_mut_slice();
        for run in runs::<H>() {
            let (head, tail) = rest.split_at_mut(run.len);
            slices.push((run, head));
            rest = tail;
        }
        slices.into_par_iter().for_each(|(run, out)| {
            table.run::<H>(run.first.index(), run.second.index(), out);
        });
        classes
    })
}

/// The hand at `index` in [`Cards::all`] order.
///
/// # Panics
/// If `index` is not below [`Cards::HANDS`].
pub fn hand_at<H: Cards>(index: usize) -> H {
    H::all()
        .nth(index)
        .unwrap_or_else(|| panic!("there are {} {}-card hands, not {index}", H::HANDS, H::WORD))
}

/// How many hands the literal reference is held to the table-driven
/// classes on ([`sample`]): a million hands, at the literal reference's
/// microseconds a hand.
pub const SAMPLE: usize = 1 << 20;
/// The seed of the [`sample`] the tests and `cargo xtask diff --cards 7` use.
pub const SAMPLE_SEED: u64 = 20_261_122;

/// `n` distinct hand indices of `H` (in [`Cards::all`] order, increasing;
/// all of them when `n` is at least [`Cards::HANDS`]) drawn by a ChaCha8
/// generator seeded with `seed`.
pub fn sample<H: Cards>(seed: u64, n: usize) -> Vec<usize> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let n = n.min(H::HANDS);
    let mut indices = rand::seq::index::sample(&mut rng, H::HANDS, n).into_vec();
    indices.sort_unstable();
    indices
}

/// How many differing hands a report spells out.
const SHOWN: usize = 5;

/// One hand on which an evaluator and the reference differ.
#[derive(Clone, Debug)]
pub struct Example<H> {
    /// The hand.
    pub hand: H,
    /// Its index among the hands checked ([`Cards::all`] order when the
    /// check is over all hands).
    pub index: usize,
    /// The evaluator's category, native value (`Debug`) and class (0: unranked).
    pub got: (Category, String, u16),
    /// The reference's category, best five cards and class.
    pub expected: (Category, String, u16),
}

/// One evaluator of `H` checked against the reference, and, when it was
/// run over every hand, against the size's published table.
#[derive(Clone, Debug)]
pub struct HandCheck<H> {
    /// [`BestFive::NAME`].
    pub name: &'static str,
    /// Whether the check covered every hand ([`HandCheck::run`]) rather
    /// than chosen ones ([`HandCheck::on_hands`]).
    pub exhaustive: bool,
    /// Hands evaluated.
    pub hands: usize,
    /// The evaluator's category histogram.
    pub histogram: Histogram,
    /// Hands whose category differs from the reference's.
    pub category_mismatches: usize,
    /// Hands whose class differs from the reference's, as (index, class),
    /// in hand order (class 0: the value is on no five-card hand).
    pub class_mismatches: Vec<(u32, u16)>,
    /// Distinct classes seen ([`Cards::classes`] over all hands when
    /// correct, 4,824 for seven cards), counting "unranked" as one.
    pub distinct: usize,
    /// The first differing hands, spelled out.
    pub examples: Vec<Example<H>>,
}

/// What one stretch of hands contributes to a [`HandCheck`].
struct Partial {
    histogram: Histogram,
    category_mismatches: usize,
    class_mismatches: Vec<(u32, u16)>,
    seen: Vec<bool>,
}

const SLOTS: usize = HandClass::COUNT as usize + 1;

/// The category of each class, by class number (none for 0), looked up
/// once rather than per hand.
fn category_of_class() -> &'static [Option<Category>; SLOTS] {
    static TABLE: OnceLock<[Option<Category>; SLOTS]> = OnceLock::new();
    TABLE.get_or_init(|| {
        std::array::from_fn(|class| HandClass::new(class as u16).map(HandClass::category))
    })
}

impl Partial {
    fn new() -> Partial {
        Partial {
            histogram: Histogram::new(),
            category_mismatches: 0,
            class_mismatches: Vec::new(),
            seen: vec![false; SLOTS],
        }
    }

    /// Evaluates `hands` with `E`'s batch loops (both at once where `E`
    /// finds both in one pass) and compares each hand with
    /// its `expected` class; `start` is the first hand's index.
    fn compare<H: Cards, E: BestFive<H>>(
        hands: &[H],
        expected: &[u16],
        start: usize,
        scale: &Ranking<E::Strength>,
    ) -> Partial {
        let mut part = Partial::new();
        let Some(first) = hands.first() else {
            return part;
        };
        let mut strengths = vec![E::strength(first); hands.len()];
        let mut categories = vec![Category::HighCard; hands.len()];
        E::strengths_and_categories(hands, &mut strengths, &mut categories);
        let category_of = category_of_class();
        // The last value seen on each reference class, and its class on the
        // scale: most hands repeat a value already looked up.
        let mut known: Vec<Option<(E::Strength, u16)>> = vec![None; SLOTS];
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
            part.category_mismatches +=
                usize::from(Some(category) != category_of[usize::from(want)]);
            if class != want {
                part.class_mismatches.push(((start + i) as u32, class));
            }
        }
        part
    }

    fn merge(mut self, other: Partial) -> Partial {
        self.histogram += other.histogram;
        self.category_mismatches += other.category_mismatches;
        self.class_mismatches.extend(other.class_mismatches);
        for (s, o) in self.seen.iter_mut().zip(other.seen) {
            *s |= o;
        }
        self
    }

    fn into_check<H: Cards, E: BestFive<H>>(
        self,
        exhaustive: bool,
        example: impl Fn(usize, u16) -> Example<H>,
    ) -> HandCheck<H> {
        let examples = self
            .class_mismatches
            .iter()
            .take(SHOWN)
            .map(|&(index, class)| example(index as usize, class))
            .collect();
        HandCheck {
            name: E::NAME,
            exhaustive,
            hands: self.histogram.total() as usize,
            histogram: self.histogram,
            category_mismatches: self.category_mismatches,
            class_mismatches: self.class_mismatches,
            distinct: self.seen.iter().filter(|&&s| s).count(),
            examples,
        }
    }
}

impl<H: Cards> HandCheck<H> {
    /// Runs `E` over every hand of `H` and compares it with `reference`
    /// ([`reference_classes`]).
    ///
    /// # Panics
    /// If `reference` does not hold one class per hand.
    pub fn run<E: BestFive<H>>(reference: &[u16]) -> Self {
        assert_eq!(reference.len(), H::HANDS, "one class per hand");
        let scale = scale::<E::Five>();
        runs::<H>()
            .par_iter()
            .filter(|run| run.len > 0)
            .map(|run| {
                let expected = &reference[run.start..run.start + run.len];
                Partial::compare::<H, E>(&run.hands(), expected, run.start, &scale)
            })
            .reduce(Partial::new, Partial::merge)
            .into_check::<H, E>(true, |index, class| {
                example::<H, E>(hand_at(index), index, class, reference[index])
            })
    }

    /// The check `E` is held to: over all hands against `reference`
    /// ([`reference_classes`]), except for the literal reference itself, the
    /// definition those classes compute at microseconds a hand, which is
    /// held to them on the seeded [`sample`].
    pub fn of<E: BestFive<H>>(reference: &[u16]) -> Self {
        if E::ROLE == Role::Reference {
            Self::on_sample::<E>(&sample::<H>(SAMPLE_SEED, SAMPLE))
        } else {
            Self::run::<E>(reference)
        }
    }

    /// Runs `E` over `hands` only and compares each with the reference's
    /// class of it, read from the [`ClassTable`]; the indices it reports are
    /// places in `hands`. The table's totals (histogram, distinct classes)
    /// are for checks over all hands and do not apply.
    pub fn on_hands<E: BestFive<H>>(hands: &[H]) -> Self {
        const CHUNK: usize = 1 << 14;
        let table = ClassTable::get();
        let expected: Vec<u16> = hands.iter().map(|h| table.best(h)).collect();
        let scale = scale::<E::Five>();
        hands
            .par_chunks(CHUNK)
            .zip(expected.par_chunks(CHUNK))
            .enumerate()
            .map(|(i, (hands, expected))| {
                Partial::compare::<H, E>(hands, expected, i * CHUNK, &scale)
            })
            .reduce(Partial::new, Partial::merge)
            .into_check::<H, E>(false, |index, class| {
                example::<H, E>(hands[index], index, class, expected[index])
            })
    }

    /// [`HandCheck::on_hands`] over the hands at `indices` (increasing, in
    /// [`Cards::all`] order, as [`sample`] gives them), with the differing
    /// hands reported by those indices, so that the check can stand beside
    /// checks over all hands.
    pub fn on_sample<E: BestFive<H>>(indices: &[usize]) -> Self {
        let hands: Vec<H> = indices.iter().map(|&i| hand_at(i)).collect();
        let mut check = Self::on_hands::<E>(&hands);
        for (index, _) in &mut check.class_mismatches {
            *index = indices[*index as usize] as u32;
        }
        for example in &mut check.examples {
            example.index = indices[example.index];
        }
        check
    }

    /// Categories whose hand count differs from the table: (category, counted).
    pub fn histogram_errors(&self) -> Vec<(Category, u64)> {
        let table = Histogram::published::<H>();
        Category::ALL
            .into_iter()
            .filter(|&c| self.histogram[c] != table[c])
            .map(|c| (c, self.histogram[c]))
            .collect()
    }

    /// Whether the evaluator matched the reference's class and category on
    /// every hand checked and, over all hands, the table in every count and
    /// in its number of classes.
    pub fn passed(&self) -> bool {
        let per_hand = self.category_mismatches == 0 && self.class_mismatches.is_empty();
        let table = self.hands == H::HANDS
            && self.distinct == H::classes() as usize
            && self.histogram_errors().is_empty();
        per_hand && (table || !self.exhaustive)
    }
}

fn example<H: Cards, E: BestFive<H>>(hand: H, index: usize, class: u16, want: u16) -> Example<H> {
    Example {
        hand,
        index,
        got: (
            E::category(&hand),
            format!("{:?}", E::strength(&hand)),
            class,
        ),
        expected: (
            <ReferenceBest as BestFive<H>>::category(&hand),
            handeval_reference::best_five(&hand).to_string(),
            want,
        ),
    }
}

/// The pairwise disagreement matrix: `matrix[i][j]` is the number of hands
/// on which checks `i` and `j` give different classes. Exact, from the
/// differing hands each check kept: where neither differs from the
/// reference, both agree with it and so with each other.
pub fn pairwise<H>(checks: &[HandCheck<H>]) -> Vec<Vec<usize>> {
    let n = checks.len();
    let mut matrix = vec![vec![0; n]; n];
    for i in 0..n {
        for j in i + 1..n {
            let d = disagreements(&checks[i].class_mismatches, &checks[j].class_mismatches);
            matrix[i][j] = d;
            matrix[j][i] = d;
        }
    }
    matrix
}

/// Hands on which two sorted lists of (index, class) differences from the
/// reference give different classes.
fn disagreements(a: &[(u32, u16)], b: &[(u32, u16)]) -> usize {
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

impl<H: Cards> fmt::Display for HandCheck<H> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.exhaustive {
            write!(
                f,
                "{}: {} {}-card hands, {} distinct classes (table: {})",
                self.name,
                self.hands,
                H::WORD,
                self.distinct,
                H::classes()
            )?;
        } else {
            write!(
                f,
                "{}: {} chosen {}-card hands, {} distinct classes",
                self.name,
                self.hands,
                H::WORD,
                self.distinct,
            )?;
        }
        writeln!(
            f,
            ", {} hands in another category, {} in another class",
            self.category_mismatches,
            self.class_mismatches.len()
        )?;
        if self.exhaustive {
            let table = Histogram::published::<H>();
            for (c, counted) in self.histogram_errors() {
                writeln!(f, "  {c}: {counted} hands, table {}", table[c])?;
            }
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
    use handeval_core::{Hand6, Hand7};

    #[test]
    fn disagreements_merge_two_difference_lists() {
        let a = [(1, 5), (4, 9), (7, 2)];
        let b = [(1, 5), (4, 8), (9, 1)];
        // Hand 1 differs alike in both; 4 differently; 7 and 9 in one only.
        assert_eq!(disagreements(&a, &b), 3);
        assert_eq!(disagreements(&a, &[]), 3);
        assert_eq!(disagreements(&[], &[]), 0);
    }

    #[test]
    fn runs_tile_all_hands_and_hand_at_finds_them() {
        fn check<H: Cards>() {
            let runs = runs::<H>();
            assert_eq!(runs.len(), 1_326);
            let last = runs.last().unwrap();
            assert_eq!(runs.iter().map(|r| r.len).sum::<usize>(), H::HANDS);
            assert!(runs.windows(2).all(|w| w[0].start + w[0].len == w[1].start));
            assert_eq!(last.start + last.len, H::HANDS);
            let filled: Vec<&Run> = runs.iter().filter(|r| r.len > 0).collect();
            for run in [
                filled[0],
                filled[filled.len() / 2],
                filled[filled.len() - 1],
            ] {
                let hands = run.hands::<H>();
                assert_eq!(hand_at::<H>(run.start), hands[0]);
                assert_eq!(hand_at::<H>(run.start + run.len - 1), hands[run.len - 1]);
            }
        }
        check::<Hand6>();
        check::<Hand7>();
        assert_eq!(hand_at::<Hand7>(0).to_string(), "2c 2d 2h 2s 3c 3d 3h");
        assert_eq!(
            hand_at::<Hand7>(Hand7::HANDS - 1).to_string(),
            "Kd Kh Ks Ac Ad Ah As"
        );
    }

    /// A check over all hands that found nothing wrong per hand.
    fn clean() -> HandCheck<Hand7> {
        HandCheck {
            name: "clean",
            exhaustive: true,
            hands: Hand7::HANDS,
            histogram: Histogram::published::<Hand7>(),
            category_mismatches: 0,
            class_mismatches: Vec::new(),
            distinct: Hand7::classes() as usize,
            examples: Vec::new(),
        }
    }

    #[test]
    fn every_part_of_the_verdict_can_fail() {
        assert!(clean().passed());
        let mut moved = Histogram::new();
        for c in Category::ALL {
            for _ in 0..Histogram::published::<Hand7>()[c] % 5 {
                moved.add(c);
            }
        }
        let mut c = clean();
        c.histogram = moved;
        assert!(!c.passed(), "a histogram unlike the table");
        let mut c = clean();
        c.distinct -= 1;
        assert!(!c.passed(), "4,823 classes");
        let mut c = clean();
        c.hands -= 1;
        assert!(!c.passed(), "a hand short");
        let mut c = clean();
        c.category_mismatches = 1;
        assert!(!c.passed(), "a category");
        let mut c = clean();
        c.class_mismatches.push((7, 3));
        assert!(!c.passed(), "a class");
        // Chosen hands are held to the reference hand by hand, not to the
        // totals of all hands.
        let mut c = clean();
        c.exhaustive = false;
        c.hands = 10;
        c.distinct = 3;
        assert!(c.passed());
        c.class_mismatches.push((7, 3));
        assert!(!c.passed());
    }
}
