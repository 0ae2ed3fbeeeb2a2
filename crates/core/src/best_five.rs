//! The trait of evaluators of six- and seven-card hands (any [`Game`]),
//! and the adapter that makes one from any five-card evaluator.

use core::fmt::Debug;

use crate::enumerate::{Checksum, Sink};
use crate::{Card, Category, CpuPath, Evaluator, Family, Game, Hand, Role, batch};

/// An evaluator's incremental form ([`BestFive::INCREMENTAL`]).
#[derive(Clone, Copy, Debug)]
pub struct Incremental {
    /// The form's name in reports: `state walk`, `key sums`, `partial sums`.
    pub form: &'static str,
    /// Every seven of a deck (distinct cards, ascending), the values summed:
    /// the timed pass.
    pub checksum: fn(&[Card]) -> Checksum,
    /// The same pass, each value handed to a sink: the checked pass.
    pub values: fn(&[Card], &mut dyn Sink),
    /// The vector path it takes on this CPU, empty for a scalar form.
    pub path: fn() -> &'static str,
}

/// An [`Incremental`] form named `$form` from a family's generic
/// enumeration `$enumerate(deck, &mut sink)` (any [`Sink`]), its vector path
/// on this CPU given by `$path`: the timed pass monomorphised with
/// [`Checksum`], the checked one with `&mut dyn Sink`.
#[macro_export]
macro_rules! incremental {
    ($form:expr, $enumerate:path, $path:expr) => {
        $crate::Incremental {
            form: $form,
            checksum: |deck| {
                let mut sink = $crate::enumerate::Checksum::default();
                $enumerate(deck, &mut sink);
                sink
            },
            values: |deck, mut sink| $enumerate(deck, &mut sink),
            path: $path,
        }
    };
}

/// An evaluator of hands of `H` cards: the strength of their best five.
///
/// It is a second trait beside [`Evaluator`] rather than a hand-size
/// parameter of it, because the two differ in what they owe the lab:
///
/// - It is timed and checked from cards only: there is no separate
///   encoding step to pre-compute, since every six- and seven-card
///   algorithm here encodes on the way in (a sum, an OR, a table per card).
/// - Its values are on the scale of a five-card evaluator, [`BestFive::Five`]:
///   the value of a hand is the value `Five` gives its best five cards. That
///   is what makes "the class of the best five" an answer of the evaluator's
///   own: the class (1..=7462) of a value is its place among the five-card
///   evaluator's values over all five-card hands. (Only 4,824 classes occur
///   as the best five of seven, 6,075 of six: [`Game::CATEGORY_CLASSES`].)
///   An evaluator whose values were on no five-card scale could not say
///   which of the 7,462 classes it found; one whose values are on a scale
///   but wrong shows the wrong class.
///
/// Every five-card [`Evaluator`] is one for five cards through [`Whole`],
/// so that the tools handle every hand size the same way. Families, roles
/// and the variant an evaluator was derived from are declared as for five
/// cards.
pub trait BestFive<H: Game>: 'static {
    /// Stable name, e.g. `"deadhorse/seven"`; unique among the size's evaluators.
    const NAME: &'static str;
    /// One line on what the evaluator is, for reports.
    const SUMMARY: &'static str;
    /// Bytes of lookup tables the evaluation reads, as [`Evaluator::TABLE_BYTES`].
    const TABLE_BYTES: usize = 0;
    /// Bytes of the per-card table it reads, as [`Evaluator::CARD_TABLE_BYTES`].
    const CARD_TABLE_BYTES: usize = 0;
    /// The algorithm it belongs to.
    const FAMILY: Family;
    /// What it is for, as for five cards.
    const ROLE: Role;
    /// The [`NAME`](Evaluator::NAME) of the evaluator (of any size) this one
    /// was derived from.
    const DERIVED_FROM: Option<&'static str> = None;
    /// Whether it takes the best of the hand's five-card hands (made by
    /// [`best_of!`](macro@crate::best_of)) rather than evaluating the cards directly.
    const BEST_OF_FIVES: bool = false;
    /// Its incremental form, where it has one: how it values every seven-card
    /// hand of a deck by nested loops that carry sums from card to card (the
    /// enumeration workload times this form; an evaluator without one has
    /// its from-scratch cost in the sequential workloads).
    const INCREMENTAL: Option<Incremental> = None;

    /// The five-card evaluator whose values this one's values are: see the
    /// trait documentation.
    type Five: Evaluator<Strength = Self::Strength>;
    /// The value of the best five cards, on [`BestFive::Five`]'s scale.
    type Strength: Ord + Copy + Debug + Send + Sync + 'static;

    /// The category of the best five cards.
    fn category(hand: &H) -> Category;
    /// The strength of the best five cards.
    fn strength(hand: &H) -> Self::Strength;

    /// Why this evaluator cannot run natively on this machine, as
    /// [`Evaluator::unavailable`].
    fn unavailable() -> Option<&'static str> {
        None
    }

    /// Makes (or reads) the tables the evaluator generates at run time, as
    /// [`Evaluator::generated`].
    fn generated() -> Option<crate::Generated> {
        None
    }

    /// Which code path the batch loops take on this CPU.
    fn cpu_path() -> CpuPath {
        CpuPath::PORTABLE
    }

    /// Categories of a batch: `out[i] = category(&hands[i])`.
    ///
    /// # Panics
    /// If `out` and `hands` differ in length.
    fn categories(hands: &[H], out: &mut [Category]) {
        batch(hands, out, |h| Self::category(&h));
    }

    /// Strengths of a batch: `out[i] = strength(&hands[i])`.
    ///
    /// # Panics
    /// If `out` and `hands` differ in length.
    fn strengths(hands: &[H], out: &mut [Self::Strength]) {
        batch(hands, out, |h| Self::strength(&h));
    }

    /// [`strengths`](BestFive::strengths) and [`categories`](BestFive::categories)
    /// of a batch at once, for checks that want both: the two batch loops
    /// one after the other, unless the evaluator finds both in one pass (a
    /// best-of adapter, whose categories come from its strongest fives, and
    /// whose `categories` is this same pass).
    ///
    /// # Panics
    /// If the slices differ in length.
    fn strengths_and_categories(
        hands: &[H],
        strengths: &mut [Self::Strength],
        categories: &mut [Category],
    ) {
        Self::strengths(hands, strengths);
        Self::categories(hands, categories);
    }
}

/// A five-card [`Evaluator`] as a [`BestFive`] of five cards: encoding and
/// evaluation in one step, through the evaluator's own from-cards batch loops.
#[derive(Clone, Copy, Debug, Default)]
pub struct Whole<E>(core::marker::PhantomData<E>);

impl<E: Evaluator> BestFive<Hand> for Whole<E> {
    const NAME: &'static str = E::NAME;
    const SUMMARY: &'static str = E::SUMMARY;
    const TABLE_BYTES: usize = E::TABLE_BYTES;
    const CARD_TABLE_BYTES: usize = E::CARD_TABLE_BYTES;
    const FAMILY: Family = E::FAMILY;
    const ROLE: Role = E::ROLE;
    const DERIVED_FROM: Option<&'static str> = E::DERIVED_FROM;

    type Five = E;
    type Strength = E::Strength;

    #[inline(always)]
    fn category(hand: &Hand) -> Category {
        E::category(E::encode(hand))
    }
    #[inline(always)]
    fn strength(hand: &Hand) -> E::Strength {
        E::strength(E::encode(hand))
    }
    fn unavailable() -> Option<&'static str> {
        E::unavailable()
    }
    fn cpu_path() -> CpuPath {
        E::cpu_path()
    }
    fn generated() -> Option<crate::Generated> {
        E::generated()
    }
    fn categories(hands: &[Hand], out: &mut [Category]) {
        E::categories_of_hands(hands, out);
    }
    fn strengths(hands: &[Hand], out: &mut [E::Strength]) {
        E::strengths_of_hands(hands, out);
    }
}

/// The strongest of the five-card hands in `hand`, by `E`: the definition
/// of a six- or seven-card hand's strength, computed literally.
#[inline(always)]
pub fn best_of<E: Evaluator, H: Game>(hand: &H) -> E::Strength {
    let cards = hand.card_slice();
    let five = |p: &[usize; 5]| E::strength(E::encode(&Hand::from_distinct(p.map(|i| cards[i]))));
    let mut best = five(&H::FIVES[0]);
    for p in &H::FIVES[1..] {
        best = best.max(five(p));
    }
    best
}

/// The category of the strongest five, by `E`: categories rise with
/// strength, so it is the highest category of the fives.
#[inline(always)]
pub fn best_category_of<E: Evaluator, H: Game>(hand: &H) -> Category {
    let cards = hand.card_slice();
    let five = |p: &[usize; 5]| E::category(E::encode(&Hand::from_distinct(p.map(|i| cards[i]))));
    let mut best = five(&H::FIVES[0]);
    for p in &H::FIVES[1..] {
        best = best.max(five(p));
    }
    best
}

/// Fives per chunk of the batch adapters: 32 seven-card hands' 21 fives (112
/// six-card hands' 6), encoded, fill a buffer small enough to stay in the
/// first-level cache.
const CHUNK_FIVES: usize = 32 * 21;

/// The best of each hand's consecutive fives' values, through `E`'s own
/// batch loop over encoded hands (`evaluate`): a chunk of hands' fives is
/// encoded straight from the cards into a buffer on the stack and evaluated
/// in one call, so that an evaluator whose batch loop runs under
/// `#[target_feature]` keeps that here. `finish(i, fives, values)` then
/// gets hand `i`'s encoded fives and their values. `init` fills the
/// values buffer before its first use.
#[inline]
fn best_of_chunks<E: Evaluator, H: Game, O: Copy>(
    hands: &[H],
    init: O,
    evaluate: impl Fn(&[E::Encoded], &mut [O]),
    mut finish: impl FnMut(usize, &[E::Encoded], &[O]),
) {
    let Some(first) = hands.first() else {
        return;
    };
    let per_hand = H::FIVES.len();
    let first_five = first.fives().next().expect("a hand has a five");
    let mut encoded = [E::encode(&first_five); CHUNK_FIVES];
    let mut values = [init; CHUNK_FIVES];
    let chunk = CHUNK_FIVES / per_hand;
    for (c, hands) in hands.chunks(chunk).enumerate() {
        let n = hands.len() * per_hand;
        for (slots, hand) in encoded.chunks_exact_mut(per_hand).zip(hands) {
            let cards = hand.card_slice();
            for (slot, p) in slots.iter_mut().zip(H::FIVES) {
                // Positions from the table are distinct and below the hand's
                // size, and its cards are distinct: every five is valid.
                *slot = E::encode(&Hand::from_distinct(p.map(|i| cards[i])));
            }
        }
        evaluate(&encoded[..n], &mut values[..n]);
        let groups = encoded[..n]
            .chunks_exact(per_hand)
            .zip(values[..n].chunks_exact(per_hand));
        for (i, (fives, group)) in groups.enumerate() {
            finish(c * chunk + i, fives, group);
        }
    }
}

/// The place and value of the strongest of `values` (the first, on a tie).
#[inline(always)]
fn strongest<O: Ord + Copy>(values: &[O]) -> (usize, O) {
    let mut best = (0, values[0]);
    for (i, &v) in values.iter().enumerate().skip(1) {
        if v > best.1 {
            best = (i, v);
        }
    }
    best
}

/// [`best_of`] over a batch, through [`Evaluator::strengths`].
///
/// # Panics
/// If `out` and `hands` differ in length.
#[inline]
pub fn best_of_batch<E: Evaluator, H: Game>(hands: &[H], out: &mut [E::Strength]) {
    assert_eq!(hands.len(), out.len(), "one output slot per hand");
    let Some(&init) = out.first() else { return };
    best_of_chunks::<E, H, _>(hands, init, E::strengths, |i, _, values| {
        out[i] = strongest(values).1;
    });
}

/// [`best_of_batch`] and each hand's category at once: the category of its
/// strongest five (categories rise with strength), from one more
/// evaluation of that five rather than 21 of them.
///
/// # Panics
/// If `strengths`, `categories` and `hands` differ in length.
#[inline]
pub fn best_of_both<E: Evaluator, H: Game>(
    hands: &[H],
    strengths: &mut [E::Strength],
    categories: &mut [Category],
) {
    assert_eq!(hands.len(), strengths.len(), "one output slot per hand");
    assert_eq!(hands.len(), categories.len(), "one output slot per hand");
    let Some(&init) = strengths.first() else {
        return;
    };
    best_of_chunks::<E, H, _>(hands, init, E::strengths, |i, fives, values| {
        let (at, value) = strongest(values);
        strengths[i] = value;
        categories[i] = E::category(fives[at]);
    });
}

/// [`best_category_of`] over a batch: [`best_of_both`]'s categories.
///
/// # Panics
/// If `out` and `hands` differ in length.
#[inline]
pub fn best_category_of_batch<E: Evaluator, H: Game>(hands: &[H], out: &mut [Category]) {
    const CHUNK: usize = 256;
    assert_eq!(hands.len(), out.len(), "one output slot per hand");
    let Some(first) = hands.first() else { return };
    let mut strengths = [best_of::<E, H>(first); CHUNK];
    for (hands, out) in hands.chunks(CHUNK).zip(out.chunks_mut(CHUNK)) {
        best_of_both::<E, H>(hands, &mut strengths[..hands.len()], out);
    }
}

/// Declares an evaluator of hands of some size (six or seven cards) that
/// takes the best of their five-card hands by a five-card evaluator
/// (upstream cards-cs's method for seven cards), with that evaluator's
/// family and role, derived from it.
///
/// ```
/// use handeval_core::{BestFive, Category, Evaluator, Family, Hand, Hand7, Role};
///
/// pub struct Count;
/// impl Evaluator for Count {
///     const NAME: &'static str = "mine/count";
///     const SUMMARY: &'static str = "the highest card's index";
///     const FAMILY: Family = Family { name: "mine", title: "an example" };
///     const ROLE: Role = Role::Tuned;
///     type Encoded = Hand;
///     type Strength = u8;
///     fn encode(hand: &Hand) -> Hand { *hand }
///     fn category(_: Hand) -> Category { Category::HighCard }
///     fn strength(h: Hand) -> u8 { h.cards().map(|c| c.index()).into_iter().max().unwrap() }
/// }
/// handeval_core::best_of! {
///     /// The highest card of seven.
///     pub struct Best(Count) for Hand7 = "mine/best-of-21";
/// }
/// let hand: Hand7 = "2c 3d 4h 5s 6c 7d As".parse().unwrap();
/// assert_eq!(Best::strength(&hand), 51);
/// assert_eq!(<Best as BestFive<Hand7>>::DERIVED_FROM, Some("mine/count"));
/// ```
#[macro_export]
macro_rules! best_of {
    ($($(#[$meta:meta])* $vis:vis struct $name:ident($five:ty) for $hand:ty = $label:literal;)+) => {$(
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, Default)]
        $vis struct $name;

        impl $crate::BestFive<$hand> for $name {
            const NAME: &'static str = $label;
            const SUMMARY: &'static str =
                "the best of the five-card hands, each evaluated by the five-card evaluator it is derived from";
            const TABLE_BYTES: usize = <$five as $crate::Evaluator>::TABLE_BYTES;
            const CARD_TABLE_BYTES: usize = <$five as $crate::Evaluator>::CARD_TABLE_BYTES;
            const FAMILY: $crate::Family = <$five as $crate::Evaluator>::FAMILY;
            const ROLE: $crate::Role = <$five as $crate::Evaluator>::ROLE;
            const DERIVED_FROM: Option<&'static str> = Some(<$five as $crate::Evaluator>::NAME);
            const BEST_OF_FIVES: bool = true;

            type Five = $five;
            type Strength = <$five as $crate::Evaluator>::Strength;

            #[inline]
            fn category(hand: &$hand) -> $crate::Category {
                $crate::best_category_of::<$five, $hand>(hand)
            }
            #[inline]
            fn strength(hand: &$hand) -> Self::Strength {
                $crate::best_of::<$five, $hand>(hand)
            }
            fn unavailable() -> Option<&'static str> {
                <$five as $crate::Evaluator>::unavailable()
            }
            fn generated() -> Option<$crate::Generated> {
                <$five as $crate::Evaluator>::generated()
            }
            fn cpu_path() -> $crate::CpuPath {
                <$five as $crate::Evaluator>::cpu_path()
            }
            fn strengths(hands: &[$hand], out: &mut [Self::Strength]) {
                $crate::best_of_batch::<$five, $hand>(hands, out);
            }
            fn categories(hands: &[$hand], out: &mut [$crate::Category]) {
                $crate::best_category_of_batch::<$five, $hand>(hands, out);
            }
            fn strengths_and_categories(
                hands: &[$hand],
                strengths: &mut [Self::Strength],
                categories: &mut [$crate::Category],
            ) {
                $crate::best_of_both::<$five, $hand>(hands, strengths, categories);
            }
        }
    )+};
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Hand6, Hand7};

    struct HighestCard;
    impl Evaluator for HighestCard {
        const NAME: &'static str = "test/highest";
        const SUMMARY: &'static str = "the highest card";
        const FAMILY: Family = Family {
            name: "test",
            title: "tests",
        };
        const ROLE: Role = Role::Tuned;
        type Encoded = Hand;
        type Strength = u8;
        fn encode(hand: &Hand) -> Hand {
            *hand
        }
        fn category(h: Hand) -> Category {
            // A category that rises with the strength, to test the maximum.
            Category::from_index(Self::strength(h) / 6).unwrap_or(Category::RoyalFlush)
        }
        fn strength(h: Hand) -> u8 {
            h.cards()
                .map(crate::Card::index)
                .into_iter()
                .max()
                .unwrap_or(0)
        }
    }

    crate::best_of! {
        struct Best(HighestCard) for Hand7 = "test/best-of-21";
    }
    crate::best_of! {
        struct Best6(HighestCard) for crate::Hand6 = "test/best-of-6";
    }

    #[test]
    fn the_batch_and_the_single_hand_agree_over_many_chunks() {
        let hands: std::vec::Vec<Hand7> = crate::all_hands7().step_by(1_000_003).collect();
        assert!(hands.len() > 100);
        let mut out = std::vec![0u8; hands.len()];
        Best::strengths(&hands, &mut out);
        let mut categories = std::vec![Category::HighCard; hands.len()];
        Best::categories(&hands, &mut categories);
        for ((h, v), c) in hands.iter().zip(&out).zip(&categories) {
            assert_eq!(*c, Best::category(h));
            assert_eq!(*v, Best::strength(h));
            assert_eq!(
                *v,
                h.cards().map(crate::Card::index).into_iter().max().unwrap()
            );
            let categories = h.fives().map(HighestCard::category);
            assert_eq!(Some(Best::category(h)), categories.into_iter().max());
        }
    }

    #[test]
    fn six_cards_take_the_best_of_their_six_fives() {
        let hands: std::vec::Vec<Hand6> = crate::AllHands::<6>::every().step_by(100_003).collect();
        assert!(hands.len() > 100);
        let mut out = std::vec![0u8; hands.len()];
        Best6::strengths(&hands, &mut out);
        for (h, v) in hands.iter().zip(&out) {
            assert_eq!(*v, Best6::strength(h));
            assert_eq!(
                Some(*v),
                h.cards().map(crate::Card::index).into_iter().max()
            );
            assert_eq!(h.fives().count(), 6);
            assert_eq!(
                Some(Best6::category(h)),
                h.fives().map(HighestCard::category).max()
            );
        }
    }
}
