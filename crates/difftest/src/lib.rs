//! Differential testing of five-card evaluators over every hand.
//!
//! [`evaluate`] runs one evaluator over all 2,598,960 hands (in the fixed
//! [`all_hands`] order) and keeps, per hand, its category and its class:
//! the rank of its native strength among the distinct strengths it produced
//! over all hands, strongest first. Two evaluators agree on a hand when both
//! numbers are equal, so evaluators with unrelated strength types can be
//! compared hand by hand, and an evaluator that orders hands wrongly yields
//! wrong classes (and usually more or fewer than 7,462 of them).
//!
//! [`Check`] compares an evaluation with the reference's and with the
//! published table, and its `Display` names the first differing hands in card
//! notation with each side's category, native value and class, so a developer
//! can fix the bug from the message alone.
//!
//! ```
//! # fn main() {
//! use handeval_difftest::{Check, evaluate};
//! use handeval_reference::Reference;
//!
//! let reference = evaluate::<Reference>();
//! let check = Check::against_reference::<Reference>(&reference, &reference);
//! assert!(check.passed(), "{check}");
//! # }
//! ```

use std::fmt;
use std::thread;

pub mod badugi;
pub mod broken;
pub mod cards;
pub mod low;
pub mod pitfalls;

use handeval_core::{
    Category, Evaluator, HAND_COUNT, Hand, HandClass, Histogram, KnownErrors, all_hands,
};
use handeval_reference::{Ranking, Reference};

/// Every hand in [`all_hands`] order; index `i` of an [`Evaluation`] is hand `i`.
pub fn hands() -> &'static [Hand] {
    static HANDS: std::sync::OnceLock<Vec<Hand>> = std::sync::OnceLock::new();
    HANDS.get_or_init(|| all_hands().collect())
}

/// One evaluator's verdict on every hand.
#[derive(Clone, Debug)]
pub struct Evaluation {
    /// [`Meta::name`](handeval_core::Meta::name).
    pub name: &'static str,
    /// Category of hand `i`.
    pub categories: Vec<Category>,
    /// Class of hand `i`: 1 + the number of distinct strengths above its own.
    pub classes: Vec<u32>,
    /// How many distinct strength values the evaluator produced.
    pub distinct: usize,
}

impl Evaluation {
    /// The category histogram of this evaluation.
    pub fn histogram(&self) -> Histogram {
        self.categories.iter().collect()
    }
}

/// Evaluates every hand with `E`, splitting the work over the available cores.
///
/// # Panics
/// Never in practice: each class is looked up in a ranking of the very same strengths.
pub fn evaluate<E: Evaluator>() -> Evaluation {
    let hands = hands();
    let threads = thread::available_parallelism().map_or(1, usize::from);
    let chunk = hands.len().div_ceil(threads);

    let mut categories = vec![Category::HighCard; hands.len()];
    let mut strengths: Vec<E::Strength> = vec![E::strength(E::encode(&hands[0])); hands.len()];
    thread::scope(|s| {
        for ((hands, cats), strs) in hands
            .chunks(chunk)
            .zip(categories.chunks_mut(chunk))
            .zip(strengths.chunks_mut(chunk))
        {
            s.spawn(move || {
                let encoded: Vec<E::Encoded> = hands.iter().map(E::encode).collect();
                E::categories(&encoded, cats);
                E::strengths(&encoded, strs);
            });
        }
    });

    let ranking = Ranking::from_values(strengths.iter().copied());
    let classes = strengths
        .iter()
        .map(|&s| ranking.class(s).expect("every strength was ranked"))
        .collect();
    Evaluation {
        name: E::META.name,
        categories,
        classes,
        distinct: ranking.len(),
    }
}

/// The indices of the hands on which two evaluations differ in category or class.
pub fn disagreements(a: &Evaluation, b: &Evaluation) -> Vec<usize> {
    (0..a.categories.len())
        .filter(|&i| a.categories[i] != b.categories[i] || a.classes[i] != b.classes[i])
        .collect()
}

/// The pairwise disagreement matrix: `matrix[i][j]` is the number of hands on
/// which evaluations `i` and `j` differ in category or class.
pub fn pairwise(evaluations: &[Evaluation]) -> Vec<Vec<usize>> {
    let n = evaluations.len();
    let mut matrix = vec![vec![0; n]; n];
    for i in 0..n {
        for j in i + 1..n {
            let d = disagreements(&evaluations[i], &evaluations[j]).len();
            matrix[i][j] = d;
            matrix[j][i] = d;
        }
    }
    matrix
}

/// How many differing hands a report spells out.
const SHOWN: usize = 5;

/// One evaluator checked against the reference and the published table.
#[derive(Clone, Debug)]
pub struct Check {
    /// The evaluator's name.
    pub name: &'static str,
    /// Hands evaluated (2,598,960).
    pub hands: usize,
    /// Hands whose category differs from the reference's.
    pub category_mismatches: usize,
    /// Hands whose class differs from the reference's.
    pub class_mismatches: usize,
    /// Distinct strength values the evaluator produced (7,462 when correct).
    pub distinct: usize,
    /// Categories whose hand count differs from the table: (category, counted).
    pub histogram_errors: Vec<(Category, u64)>,
    /// Hands the evaluator misorders against the reference (see [`misordered`]).
    pub misordered: usize,
    /// A misordered hand and a hand it is misordered with, as indices in
    /// [`all_hands`] order, for a reader to check by hand.
    pub misordered_pair: Option<(usize, usize)>,
    /// The first differing hands, spelled out.
    pub examples: Vec<Example>,
    /// For a published listing, the errors it must have exactly.
    pub known_errors: Option<KnownErrors>,
}

/// One hand on which an evaluator and the reference differ.
#[derive(Clone, Debug)]
pub struct Example {
    /// The hand.
    pub hand: Hand,
    /// Index of the hand in [`all_hands`] order.
    pub index: usize,
    /// The evaluator's category, native strength (`Debug`) and class.
    pub got: (Category, String, u32),
    /// The reference's category, native strength (`Debug`) and class.
    pub expected: (Category, String, u32),
}

impl Check {
    /// Compares `evaluation` (of evaluator `E`) with `reference` (of [`Reference`]).
    pub fn against_reference<E: Evaluator>(
        evaluation: &Evaluation,
        reference: &Evaluation,
    ) -> Check {
        let hands = hands();
        let mut category_mismatches = 0;
        let mut class_mismatches = 0;
        let mut examples = Vec::new();
        for (i, &hand) in hands.iter().enumerate() {
            let cat = evaluation.categories[i] != reference.categories[i];
            let class = evaluation.classes[i] != reference.classes[i];
            category_mismatches += usize::from(cat);
            class_mismatches += usize::from(class);
            if (cat || class) && examples.len() < SHOWN {
                examples.push(Example {
                    hand,
                    index: i,
                    got: (
                        evaluation.categories[i],
                        format!("{:?}", E::strength(E::encode(&hand))),
                        evaluation.classes[i],
                    ),
                    expected: (
                        reference.categories[i],
                        format!("{:?}", Reference::strength(hand)),
                        reference.classes[i],
                    ),
                });
            }
        }
        let histogram = evaluation.histogram();
        let histogram_errors = Category::ALL
            .into_iter()
            .filter(|&c| histogram[c] != u64::from(c.hand_count()))
            .map(|c| (c, histogram[c]))
            .collect();
        let (misordered, misordered_pair) = if class_mismatches == 0 {
            (0, None)
        } else {
            misordered(&evaluation.classes, &reference.classes)
        };
        Check {
            name: evaluation.name,
            hands: hands.len(),
            category_mismatches,
            class_mismatches,
            distinct: evaluation.distinct,
            histogram_errors,
            misordered,
            misordered_pair,
            examples,
            known_errors: E::KNOWN_ERRORS,
        }
    }

    /// What this evaluation gets wrong, in the terms a listing declares.
    pub fn errors(&self) -> KnownErrors {
        KnownErrors {
            distinct: self.distinct,
            wrong_category: self.category_mismatches,
            misordered: self.misordered,
        }
    }

    /// Whether the evaluator matched the reference on every hand and the
    /// table in every count; for a published listing, whether it has exactly
    /// its known errors instead.
    pub fn passed(&self) -> bool {
        if let Some(known) = self.known_errors {
            return self.hands == HAND_COUNT && self.errors() == known;
        }
        self.hands == HAND_COUNT
            && self.category_mismatches == 0
            && self.class_mismatches == 0
            && self.distinct == usize::from(HandClass::COUNT)
            && self.histogram_errors.is_empty()
    }
}

/// How many hands an evaluation misorders against the reference, and one
/// misordered pair.
///
/// Both arguments are class numbers per hand (1 strongest). Hand `h` is
/// misordered when some hand `g` is ordered differently: the evaluation ties
/// `h` and `g` while the reference does not, or the two put them in opposite
/// order. Found in linear time from each evaluated class's range of
/// reference classes, and the running extremes above and below it.
///
/// # Panics
/// If the slices differ in length or hold a class of 0.
pub fn misordered(classes: &[u32], reference: &[u32]) -> (usize, Option<(usize, usize)>) {
    assert_eq!(classes.len(), reference.len(), "one class per hand");
    let top = classes.iter().copied().max().unwrap_or(0) as usize;
    // Per evaluated class: the smallest and largest reference class in it.
    let mut lo = vec![u32::MAX; top + 2];
    let mut hi = vec![0u32; top + 2];
    for (&l, &c) in classes.iter().zip(reference) {
        lo[l as usize] = lo[l as usize].min(c);
        hi[l as usize] = hi[l as usize].max(c);
    }
    // stronger_max[l]: the weakest reference class among hands the evaluation
    // ranks above class l; weaker_min[l]: the strongest among hands it ranks below.
    let mut stronger_max = vec![0u32; top + 2];
    for l in 1..=top {
        stronger_max[l + 1] = stronger_max[l].max(hi[l]);
    }
    let mut weaker_min = vec![u32::MAX; top + 2];
    for l in (1..=top).rev() {
        weaker_min[l - 1] = weaker_min[l].min(lo[l]);
    }
    let is_misordered =
        |l: usize, c: u32| lo[l] != hi[l] || stronger_max[l] > c || weaker_min[l] < c;
    let mut count = 0;
    let mut first = None;
    for (i, (&l, &c)) in classes.iter().zip(reference).enumerate() {
        if is_misordered(l as usize, c) {
            count += 1;
            first.get_or_insert(i);
        }
    }
    let pair = first.and_then(|h| {
        let (lh, ch) = (classes[h], reference[h]);
        (0..classes.len())
            .find(|&g| {
                let (lg, cg) = (classes[g], reference[g]);
                (lg == lh && cg != ch) || (lg < lh && cg > ch) || (lg > lh && cg < ch)
            })
            .map(|g| (h, g))
    });
    (count, pair)
}

impl fmt::Display for Check {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "{}: {} hands, {} category mismatches, {} class mismatches, {} distinct strengths (expected {})",
            self.name,
            self.hands,
            self.category_mismatches,
            self.class_mismatches,
            self.distinct,
            HandClass::COUNT
        )?;
        if let Some(known) = self.known_errors {
            writeln!(
                f,
                "  a published listing: expected {} distinct, {} wrong categories, {} misordered; found {}, {}, {}",
                known.distinct,
                known.wrong_category,
                known.misordered,
                self.distinct,
                self.category_mismatches,
                self.misordered
            )?;
        }
        for (c, n) in &self.histogram_errors {
            writeln!(f, "  {c}: {n} hands, the table says {}", c.hand_count())?;
        }
        for e in &self.examples {
            writeln!(
                f,
                "  hand #{} {}: {} says {} {} class {}; reference says {} {} class {}",
                e.index,
                e.hand,
                self.name,
                e.got.0.id(),
                e.got.1,
                e.got.2,
                e.expected.0.id(),
                e.expected.1,
                e.expected.2
            )?;
        }
        Ok(())
    }
}

/// Proptest strategies over the hands of any game, for property tests of
/// any evaluator.
#[allow(
    clippy::missing_panics_doc,
    reason = "dealing distinct cards, reordering a part's cards or renaming suits keeps a hand a hand"
)]
pub mod strategy {
    use handeval_core::{Card, Game, Suit};
    use proptest::prelude::*;

    /// Any hand of `G`, uniformly, its cards in a random order within each
    /// part.
    pub fn any_hand<G: Game>() -> impl Strategy<Value = G> {
        proptest::sample::subsequence(G::deck().collect::<Vec<_>>(), G::COUNT)
            .prop_shuffle()
            .prop_map(|cards| G::from_cards(&cards).expect("distinct cards of the deck"))
    }

    /// The hand with the cards of each part (the hole, the board; the whole
    /// hand for the Hold'em sizes) in another order.
    pub fn reordered<G: Game>(hand: G) -> impl Strategy<Value = G> {
        let cards = hand.card_slice().to_vec();
        let (hole, board) = cards.split_at(G::HOLE);
        (
            Just(hole.to_vec()).prop_shuffle(),
            Just(board.to_vec()).prop_shuffle(),
        )
            .prop_map(|(hole, board)| {
                let cards: Vec<Card> = hole.into_iter().chain(board).collect();
                G::from_cards(&cards).expect("a permutation of a hand is a hand")
            })
    }

    /// The hand with its suits renamed by a random permutation of the four
    /// suits.
    pub fn relabelled<G: Game>(hand: G) -> impl Strategy<Value = G> {
        Just(Suit::ALL).prop_shuffle().prop_map(move |suits| {
            let cards: Vec<Card> = hand
                .card_slice()
                .iter()
                .map(|c| Card::new(c.rank(), suits[usize::from(c.suit().index())]))
                .collect();
            G::from_cards(&cards).expect("renaming suits keeps cards distinct")
        })
    }
}

/// `E`'s strength for a hand written in card notation, for tests.
///
/// # Panics
/// If `hand` is not a valid hand.
pub fn strength_of<E: Evaluator>(hand: &str) -> E::Strength {
    let hand: Hand = hand.parse().unwrap_or_else(|e| panic!("{hand:?}: {e}"));
    E::strength(E::encode(&hand))
}

/// Checks `E` over every hand and panics with a full report if it differs
/// from the reference or the table anywhere. For evaluator crates' own tests.
///
/// # Panics
/// When the check fails; the message names the differing hands.
pub fn assert_matches_reference<E: Evaluator>() {
    let reference = evaluate::<Reference>();
    let check = Check::against_reference::<E>(&evaluate::<E>(), &reference);
    assert!(check.passed(), "{check}");
}

/// The hands (by index into [`hands`]) of `E`'s deck on which the class `E`
/// reads off its value ([`Evaluator::class_of`]) differs from the value's
/// place among the values of every hand of the deck ([`handeval_reference::scale`]: the class
/// the checks give it, which they hold to the reference's); `None` if `E`
/// reads off no class. Every hand goes through the batch loop from cards.
pub fn read_off_differences<E: Evaluator>() -> Option<Vec<usize>> {
    let hands = hands();
    let first = E::strength(E::encode(&hands[0]));
    E::class_of(first)?;
    let deck = E::RULES.deck();
    let ranking = handeval_reference::scale::<E>();
    let mut values = vec![first; hands.len()];
    E::strengths_of_hands(hands, &mut values);
    Some(
        (0..hands.len())
            .filter(|&i| {
                hands[i].mask() & !deck == 0
                    && E::class_of(values[i]).map(u32::from) != ranking.class(values[i])
            })
            .collect(),
    )
}

/// The hands (by index into [`hands`]) on which `A` and `B` give different
/// values, each evaluating all 2,598,960 hands through its batch loop from
/// cards (for a SIMD evaluator, the vector path this CPU runs).
pub fn value_differences<A, B>() -> Vec<usize>
where
    A: Evaluator,
    B: Evaluator<Strength = A::Strength>,
{
    let hands = hands();
    let first = A::strength(A::encode(&hands[0]));
    let mut a = vec![first; hands.len()];
    let mut b = vec![first; hands.len()];
    A::strengths_of_hands(hands, &mut a);
    B::strengths_of_hands(hands, &mut b);
    (0..hands.len()).filter(|&i| a[i] != b[i]).collect()
}

/// Panics, naming the first few hands, unless `A` and `B` give the same
/// value on every hand: for a variant that promises its origin's value bit
/// for bit, not just its order.
///
/// # Panics
/// When the values differ on some hand.
pub fn assert_same_values<A, B>()
where
    A: Evaluator,
    B: Evaluator<Strength = A::Strength>,
{
    let differences = value_differences::<A, B>();
    let named: Vec<String> = differences
        .iter()
        .take(5)
        .map(|&i| {
            let h = hands()[i];
            format!(
                "{h}: {:?} against {:?}",
                A::strength(A::encode(&h)),
                B::strength(B::encode(&h))
            )
        })
        .collect();
    assert!(
        differences.is_empty(),
        "{} and {} differ on {} hands: {named:?}",
        A::META.name,
        B::META.name,
        differences.len()
    );
}
