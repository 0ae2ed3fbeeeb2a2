//! Enumeration: every hand of a deck dealt by nested loops, the access
//! pattern of equity calculators, and what it hands its values to.
//!
//! An enumeration deals cards `c0 < c1 < ... < c6` (card indices,
//! `4 * rank + suit`) from a deck of distinct cards in ascending order, the
//! innermost card fastest: the order of [`crate::all_hands7`] when the deck
//! is all 52. An
//! evaluator with an incremental form carries state from the outer cards to
//! the inner ones (a table row, a key sum, partial ORs and XORs), so that a
//! hand costs less than evaluating it from scratch; each such form lives
//! in its evaluator's crate and hands every value it computes, in runs, to
//! a [`Sink`].
//!
//! A value of 0 stands for "no hand" in a run padded to a whole vector
//! ([`Sink::take_padded`]); no evaluator here gives a seven-card hand the
//! value 0, and a census that met one would count one hand too few, which
//! its check reports.

use crate::Card;

/// What an enumeration does with the values it computes.
pub trait Sink {
    /// Every value in `values` is a hand's.
    fn take(&mut self, values: &[u32]);
    /// The first-`hands` values of a padded vector are hands' values: the
    /// others are 0, wherever the vector's lane order put them.
    fn take_padded(&mut self, values: &[u32], hands: usize);
}

/// The sink of a timed enumeration: the wrapping sum of the values and the
/// number of hands, cheap enough to vanish beside the evaluation, and
/// enough that the compiler cannot drop it and that a check can tell that
/// the timed pass computed what the checked one did.
#[derive(Clone, Debug, Default)]
pub struct Checksum {
    /// Per position of a run (up to 32), so that a vector's values add
    /// to a vector of sums with no horizontal step.
    sums: [u32; 32],
    hands: u64,
}

impl Checksum {
    /// The wrapping sum of every value taken.
    pub fn sum(&self) -> u32 {
        self.sums.iter().fold(0u32, |a, &s| a.wrapping_add(s))
    }

    /// How many hands were taken.
    pub const fn hands(&self) -> u64 {
        self.hands
    }
}

impl Checksum {
    /// Adds each value to the sum of its position in the run.
    #[inline(always)]
    fn add(&mut self, values: &[u32]) {
        for chunk in values.chunks(32) {
            for (s, &v) in self.sums.iter_mut().zip(chunk) {
                *s = s.wrapping_add(v);
            }
        }
    }
}

/// A sink behind a reference is a sink: so that a checked pass can hand its
/// values to `&mut dyn Sink` through the same generic enumeration.
impl<S: Sink + ?Sized> Sink for &mut S {
    #[inline(always)]
    fn take(&mut self, values: &[u32]) {
        (**self).take(values);
    }

    #[inline(always)]
    fn take_padded(&mut self, values: &[u32], hands: usize) {
        (**self).take_padded(values, hands);
    }
}

impl Sink for Checksum {
    #[inline(always)]
    fn take(&mut self, values: &[u32]) {
        self.add(values);
        self.hands += values.len() as u64;
    }

    #[inline(always)]
    fn take_padded(&mut self, values: &[u32], hands: usize) {
        // The padding is 0: adding it changes no sum.
        self.add(values);
        self.hands += hands as u64;
    }
}

/// Deals every seven of `deck` (distinct cards, ascending) by nested
/// loops, carrying a state from the outer cards inward: `add` folds a card
/// into the state of the cards dealt before it, and `value` values the
/// seventh card on the state of the six before it. Each innermost loop's
/// values go to `sink` as one run. The scalar incremental forms (a table's
/// state, a key sum) are this loop with their own state.
///
/// ```
/// use handeval_core::Card;
/// use handeval_core::enumerate::{Checksum, deal_seven};
/// let deck: Vec<Card> = Card::all().take(8).collect();
/// let mut sink = Checksum::default();
/// // The state: how many cards are dealt; each hand's value: 7.
/// deal_seven(&deck, 0u32, |n, _| n + 1, |n, _| n + 1, &mut sink);
/// assert_eq!((sink.hands(), sink.sum()), (8, 56));
/// ```
#[inline(always)]
pub fn deal_seven<T: Copy, S: Sink>(
    deck: &[Card],
    empty: T,
    add: impl Fn(T, Card) -> T,
    value: impl Fn(T, Card) -> u32,
    sink: &mut S,
) {
    let n = deck.len();
    let mut run = [0u32; Card::COUNT];
    for a in 0..n {
        let s1 = add(empty, deck[a]);
        for b in a + 1..n {
            let s2 = add(s1, deck[b]);
            for c in b + 1..n {
                let s3 = add(s2, deck[c]);
                for d in c + 1..n {
                    let s4 = add(s3, deck[d]);
                    for f in d + 1..n {
                        let s5 = add(s4, deck[f]);
                        for g in f + 1..n {
                            let s6 = add(s5, deck[g]);
                            let last = &deck[g + 1..];
                            for (v, &card) in run.iter_mut().zip(last) {
                                *v = value(s6, card);
                            }
                            sink.take(&run[..last.len()]);
                        }
                    }
                }
            }
        }
    }
}

/// The number of `k`-card hands from the first `deck` cards, C(deck, k).
pub const fn hands_of_deck(deck: usize, k: usize) -> u64 {
    if k > deck {
        return 0;
    }
    let mut n: u64 = 1;
    let mut i = 0;
    while i < k {
        n = n * (deck - i) as u64 / (i as u64 + 1);
        i += 1;
    }
    n
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_checksum_sums_values_and_counts_hands() {
        let mut c = Checksum::default();
        c.take(&[1, 2, u32::MAX]);
        c.take_padded(&[5, 0, 0, 7], 2);
        assert_eq!(c.sum(), 14);
        assert_eq!(c.hands(), 5);
        assert_eq!(hands_of_deck(Card::COUNT, 7), 133_784_560);
        assert_eq!(hands_of_deck(48, 5), 1_712_304);
        assert_eq!(hands_of_deck(6, 7), 0);
    }
}
