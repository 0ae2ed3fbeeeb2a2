//! The seven-card evaluator trait, and the best-of-21 adapter that makes one
//! from any five-card evaluator.

use core::fmt::Debug;

use crate::{Category, CpuPath, Evaluator, FIVE_OF_SEVEN, Family, Hand, Hand7, Role, batch};

/// A seven-card hand evaluator: the strength of the best five of seven cards.
///
/// It is a second trait beside [`Evaluator`] rather than a hand-size
/// parameter of it, because the two differ in what they owe the lab:
///
/// - A seven-card evaluator is timed and checked from cards only: there is
///   no separate encoding step to pre-compute, since every seven-card
///   algorithm here encodes on the way in (a sum, an OR, a table per card).
/// - Its values are on the scale of a five-card evaluator, [`Evaluator7::Five`]:
///   the value of a seven-card hand is the value `Five` gives its best five
///   cards. That is what makes "the class of the best five" an answer of the
///   evaluator's own: the class (1..=7462) of a seven-card value is its place
///   among the five-card evaluator's values over all five-card hands. (Only
///   4,824 classes occur as the best five of seven.) An evaluator whose
///   seven-card values were on no five-card scale could not say which of the
///   7,462 classes it found; one whose values are on a scale but wrong shows
///   the wrong class.
///
/// Families, roles and the variant a seven-card evaluator was derived from
/// are declared as for five cards, so the tools group both sizes alike.
pub trait Evaluator7: 'static {
    /// Stable name, e.g. `"deadhorse/seven"`; unique among seven-card evaluators.
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
    /// The [`NAME`](Evaluator::NAME) of the evaluator (five- or seven-card)
    /// this one was derived from.
    const DERIVED_FROM: Option<&'static str> = None;
    /// Whether it takes the best of the 21 five-card hands (made by
    /// [`best_of_21!`](crate::best_of_21)) rather than evaluating seven
    /// cards directly.
    const BEST_OF_21: bool = false;

    /// The five-card evaluator whose values this one's values are: see the
    /// trait documentation.
    type Five: Evaluator<Strength = Self::Strength>;
    /// The value of the best five cards, on [`Evaluator7::Five`]'s scale.
    type Strength: Ord + Copy + Debug + Send + Sync + 'static;

    /// The category of the best five of the seven cards.
    fn category(hand: &Hand7) -> Category;
    /// The strength of the best five of the seven cards.
    fn strength(hand: &Hand7) -> Self::Strength;

    /// Why this evaluator cannot run natively on this machine, as
    /// [`Evaluator::unavailable`].
    fn unavailable() -> Option<&'static str> {
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
    fn categories(hands: &[Hand7], out: &mut [Category]) {
        batch(hands, out, |h| Self::category(&h));
    }

    /// Strengths of a batch: `out[i] = strength(&hands[i])`.
    ///
    /// # Panics
    /// If `out` and `hands` differ in length.
    fn strengths(hands: &[Hand7], out: &mut [Self::Strength]) {
        batch(hands, out, |h| Self::strength(&h));
    }
}

/// The strongest of the 21 five-card hands in `hand`, by `E`: the definition
/// of a seven-card hand's strength, computed literally.
#[inline(always)]
pub fn best_of_21<E: Evaluator>(hand: &Hand7) -> E::Strength {
    let fives = hand.fives();
    let mut best = E::strength(E::encode(&fives[0]));
    for five in &fives[1..] {
        best = best.max(E::strength(E::encode(five)));
    }
    best
}

/// The category of the strongest five, by `E`: categories rise with
/// strength, so it is the highest category of the 21.
#[inline(always)]
pub fn best_category_of_21<E: Evaluator>(hand: &Hand7) -> Category {
    let fives = hand.fives();
    let mut best = E::category(E::encode(&fives[0]));
    for five in &fives[1..] {
        best = best.max(E::category(E::encode(five)));
    }
    best
}

/// Hands per chunk of the batch adapters: 32 hands' 21 fives, encoded,
/// fill a buffer small enough to stay in the first-level cache.
const CHUNK: usize = 32;

/// Writes the encodings of `hand`'s 21 fives, in [`FIVE_OF_SEVEN`] order,
/// into `slots`: each five is encoded straight from the seven cards.
#[inline(always)]
fn encode_fives<E: Evaluator>(hand: &Hand7, slots: &mut [E::Encoded]) {
    let cards = hand.as_cards();
    for (slot, positions) in slots.iter_mut().zip(&FIVE_OF_SEVEN) {
        // Positions from the table are distinct and below 7, and the seven
        // cards are distinct, so every five is a valid hand.
        *slot = E::encode(&Hand::from_distinct(positions.map(|p| cards[p])));
    }
}

/// The best of every 21 consecutive values of a batch of fives, one per hand,
/// through `E`'s own batch loop over encoded hands (`evaluate`): a chunk of
/// hands' fives is encoded into a buffer on the stack and evaluated in one
/// call, so that an evaluator whose batch loop runs under `#[target_feature]`
/// keeps that here.
#[inline]
fn best_of_21_chunks<E: Evaluator, O: Ord + Copy>(
    hands: &[Hand7],
    out: &mut [O],
    evaluate: impl Fn(&[E::Encoded], &mut [O]),
) {
    assert_eq!(hands.len(), out.len(), "one output slot per hand");
    let (Some(first), Some(&init)) = (hands.first(), out.first()) else {
        return;
    };
    let mut encoded = [E::encode(&first.fives()[0]); CHUNK * 21];
    let mut values = [init; CHUNK * 21];
    for (hands, out) in hands.chunks(CHUNK).zip(out.chunks_mut(CHUNK)) {
        let n = hands.len() * 21;
        for (slots, hand) in encoded.chunks_exact_mut(21).zip(hands) {
            encode_fives::<E>(hand, slots);
        }
        evaluate(&encoded[..n], &mut values[..n]);
        for (o, group) in out.iter_mut().zip(values[..n].chunks_exact(21)) {
            *o = group.iter().copied().fold(group[0], O::max);
        }
    }
}

/// [`best_of_21`] over a batch, through [`Evaluator::strengths`].
///
/// # Panics
/// If `out` and `hands` differ in length.
#[inline]
pub fn best_of_21_batch<E: Evaluator>(hands: &[Hand7], out: &mut [E::Strength]) {
    best_of_21_chunks::<E, _>(hands, out, E::strengths);
}

/// [`best_category_of_21`] over a batch, through [`Evaluator::categories`].
///
/// # Panics
/// If `out` and `hands` differ in length.
#[inline]
pub fn best_category_of_21_batch<E: Evaluator>(hands: &[Hand7], out: &mut [Category]) {
    best_of_21_chunks::<E, _>(hands, out, E::categories);
}

/// Declares a seven-card evaluator that takes the best of the 21 five-card
/// hands by a five-card evaluator (upstream cards-cs's method for seven
/// cards), with that evaluator's family and role, derived from it.
///
/// ```
/// use handeval_core::{Category, Evaluator, Evaluator7, Family, Hand, Hand7, Role};
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
/// handeval_core::best_of_21! {
///     /// The highest card of seven.
///     pub struct Best(Count) = "mine/best-of-21";
/// }
/// let hand: Hand7 = "2c 3d 4h 5s 6c 7d As".parse().unwrap();
/// assert_eq!(Best::strength(&hand), 51);
/// assert_eq!(<Best as Evaluator7>::DERIVED_FROM, Some("mine/count"));
/// ```
#[macro_export]
macro_rules! best_of_21 {
    ($(#[$meta:meta])* $vis:vis struct $name:ident($five:ty) = $label:literal;) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, Default)]
        $vis struct $name;

        impl $crate::Evaluator7 for $name {
            const NAME: &'static str = $label;
            const SUMMARY: &'static str =
                "the best of the 21 five-card hands, each evaluated by the five-card evaluator it is derived from";
            const TABLE_BYTES: usize = <$five as $crate::Evaluator>::TABLE_BYTES;
            const CARD_TABLE_BYTES: usize = <$five as $crate::Evaluator>::CARD_TABLE_BYTES;
            const FAMILY: $crate::Family = <$five as $crate::Evaluator>::FAMILY;
            const ROLE: $crate::Role = <$five as $crate::Evaluator>::ROLE;
            const DERIVED_FROM: Option<&'static str> = Some(<$five as $crate::Evaluator>::NAME);
            const BEST_OF_21: bool = true;

            type Five = $five;
            type Strength = <$five as $crate::Evaluator>::Strength;

            #[inline]
            fn category(hand: &$crate::Hand7) -> $crate::Category {
                $crate::best_category_of_21::<$five>(hand)
            }
            #[inline]
            fn strength(hand: &$crate::Hand7) -> Self::Strength {
                $crate::best_of_21::<$five>(hand)
            }
            fn unavailable() -> Option<&'static str> {
                <$five as $crate::Evaluator>::unavailable()
            }
            fn cpu_path() -> $crate::CpuPath {
                <$five as $crate::Evaluator>::cpu_path()
            }
            fn strengths(hands: &[$crate::Hand7], out: &mut [Self::Strength]) {
                $crate::best_of_21_batch::<$five>(hands, out);
            }
            fn categories(hands: &[$crate::Hand7], out: &mut [$crate::Category]) {
                $crate::best_category_of_21_batch::<$five>(hands, out);
            }
        }
    };
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Hand;

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

    crate::best_of_21! {
        struct Best(HighestCard) = "test/best-of-21";
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
}
