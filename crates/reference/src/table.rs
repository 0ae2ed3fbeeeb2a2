//! The five-card reference's class of every five-card hand, held in a table,
//! and the reference for six and seven cards read from it: the best of the
//! hand's fives' table reads.
//!
//! # The index of a five-card hand
//!
//! A hand's cards, as indices `c0 < c1 < c2 < c3 < c4` (`4 * rank + suit`),
//! have the *colex index* `C(c0, 1) + C(c1, 2) + C(c2, 3) + C(c3, 4) +
//! C(c4, 5)`: the number of five-card hands whose highest differing card is
//! lower. It numbers the 2,598,960 hands 0..2,598,959 with no gap and no
//! repeat, which [`ClassTable::new`] checks as it fills the table.
//!
//! ```
//! use handeval_reference::table::five_index;
//!
//! // 2c 2d 2h 2s 3c: the lowest cards, the first index.
//! assert_eq!(five_index([0, 1, 2, 3, 4]), 0);
//! // 2c 2d 2h 2s 3d: only the top card moved up, by one.
//! assert_eq!(five_index([0, 1, 2, 3, 5]), 1);
//! // Ks Ac Ad Ah As: the highest cards, the last index.
//! assert_eq!(five_index([47, 48, 49, 50, 51]), 2_598_959);
//! ```
//!
//! # Six and seven cards
//!
//! A six- or seven-card hand is worth its best five, so its class is the
//! lowest (strongest) of its fives' classes: [`ClassTable::best`] reads
//! them. That is [`ReferenceBest`](crate::ReferenceBest)'s definition with
//! the five-card reference's answers looked up instead of recomputed; the
//! tests hold the two to the same class on every hand they try.

use handeval_core::{Card, Cards, HAND_COUNT, Hand, all_hands};

use crate::Reference;

/// `BINOMIAL[k][n]` is `n` choose `k`, for the cards' indices `n < 52`.
const BINOMIAL: [[u32; 52]; 6] = {
    let mut table = [[0u32; 52]; 6];
    let mut n = 0;
    while n < 52 {
        table[0][n] = 1;
        let mut k = 1;
        while k < 6 {
            // C(n, k) = C(n - 1, k - 1) + C(n - 1, k), with C(0, k) = 0 for k > 0.
            table[k][n] = if n == 0 {
                0
            } else {
                table[k - 1][n - 1] + table[k][n - 1]
            };
            k += 1;
        }
        n += 1;
    }
    table
};

/// The colex index of a five-card hand given as card indices in increasing
/// order (see the [module documentation](self)).
#[inline(always)]
pub fn five_index(cards: [u8; 5]) -> usize {
    let [a, b, c, d, e] = cards.map(usize::from);
    (BINOMIAL[1][a] + BINOMIAL[2][b] + BINOMIAL[3][c] + BINOMIAL[4][d] + BINOMIAL[5][e]) as usize
}

/// The five-card reference's class (1..=7462) of every five-card hand, by
/// [`five_index`].
#[derive(Clone, Debug)]
pub struct ClassTable {
    classes: Vec<u16>,
}

impl ClassTable {
    /// Fills the table by evaluating every five-card hand with the reference.
    ///
    /// # Panics
    /// If two hands had the same index or an index were out of range: the
    /// indexing would be wrong, and the table with it.
    pub fn new() -> ClassTable {
        let mut classes = vec![0u16; HAND_COUNT];
        for hand in all_hands() {
            let slot = &mut classes[five_index(sorted(hand.cards().map(Card::index)))];
            assert_eq!(*slot, 0, "two hands share the index of {hand}");
            *slot = Reference::class(&hand).get();
        }
        // 2,598,960 distinct indices below 2,598,960 fill every slot.
        ClassTable { classes }
    }

    /// The table, built on first use (about half a second).
    pub fn get() -> &'static ClassTable {
        static TABLE: std::sync::OnceLock<ClassTable> = std::sync::OnceLock::new();
        TABLE.get_or_init(ClassTable::new)
    }

    /// The five-card reference's class of `hand`.
    #[inline]
    pub fn five(&self, hand: &Hand) -> u16 {
        self.classes[five_index(sorted(hand.cards().map(Card::index)))]
    }

    /// The reference's class of a hand of any size: the best of its fives'.
    #[inline]
    pub fn best<H: Cards>(&self, hand: &H) -> u16 {
        let mut cards = [0u8; 8];
        let cards = &mut cards[..H::COUNT];
        for (slot, card) in cards.iter_mut().zip(hand.card_slice()) {
            *slot = card.index();
        }
        cards.sort_unstable();
        H::FIVES
            .iter()
            .map(|positions| self.classes[five_index(positions.map(|p| cards[p]))])
            .min()
            .unwrap_or(u16::MAX)
    }

    /// The reference's class of every hand whose two lowest cards have
    /// indices `first < second`, in [`Cards::all`] order, into `out` (which
    /// must hold exactly those hands, as [`Cards::starting`] yields them).
    /// Seven-card runs take [`ClassTable::seven_card_run`]'s shortcut.
    ///
    /// # Panics
    /// If `out` does not hold exactly the run's hands.
    pub fn run<H: Cards>(&self, first: u8, second: u8, out: &mut [u16]) {
        if H::COUNT == 7 {
            return self.seven_card_run(first, second, out);
        }
        let card = |i| Card::from_index(i).expect("a card index");
        let hands = H::starting(card(first), card(second));
        assert_eq!(hands.len(), out.len(), "out holds exactly the run's hands");
        for (slot, hand) in out.iter_mut().zip(hands) {
            *slot = self.best(&hand);
        }
    }

    /// The seven-card reference's class of every hand whose two lowest cards
    /// have indices `first < second`, in [`Cards::all`] order, into `out`
    /// (which must hold exactly those hands: C(51 - second, 5) of them).
    ///
    /// The same best of 21 as [`ClassTable::best`], grouped so that a walk
    /// in that order repeats no work: of a hand's 21 fives, the 6 without
    /// its highest card `c6` are the fives of its first six cards, shared by
    /// every hand that differs only in `c6`, and the other 15 are `c6` with
    /// four of the first six, whose index is `C(c6, 5)` plus the four's part
    /// of the sum, also shared. So each hand costs 15 table reads.
    ///
    /// # Panics
    /// If `out` does not hold exactly the run's hands.
    pub fn seven_card_run(&self, first: u8, second: u8, out: &mut [u16]) {
        let mut slots = out.iter_mut();
        for c2 in second + 1..48 {
            for c3 in c2 + 1..49 {
                for c4 in c3 + 1..50 {
                    for c5 in c4 + 1..51 {
                        let six = [first, second, c2, c3, c4, c5];
                        let (best_of_six, fours) = self.six(six);
                        for c6 in c5 + 1..52 {
                            let top = BINOMIAL[5][usize::from(c6)] as usize;
                            let best = fours
                                .iter()
                                .map(|&four| self.classes[top + four])
                                .fold(best_of_six, u16::min);
                            *slots.next().expect("out holds every hand of the run") = best;
                        }
                    }
                }
            }
        }
        assert!(slots.next().is_none(), "out holds only the run's hands");
    }

    /// For six card indices in increasing order: the best class of their six
    /// fives, and for each of their 15 fours the four's part of a five's
    /// index when a higher card completes it.
    #[inline]
    fn six(&self, six: [u8; 6]) -> (u16, [usize; 15]) {
        let mut best = u16::MAX;
        for left_out in 0..6 {
            let mut five = [0u8; 5];
            let mut k = 0;
            for (i, &c) in six.iter().enumerate() {
                if i != left_out {
                    five[k] = c;
                    k += 1;
                }
            }
            best = best.min(self.classes[five_index(five)]);
        }
        let mut fours = [0usize; 15];
        let mut n = 0;
        for a in 0..6 {
            for b in a + 1..6 {
                let mut sum = 0;
                let mut k = 1;
                for (i, &c) in six.iter().enumerate() {
                    if i != a && i != b {
                        sum += BINOMIAL[k][usize::from(c)] as usize;
                        k += 1;
                    }
                }
                fours[n] = sum;
                n += 1;
            }
        }
        (best, fours)
    }

    /// Every class, by [`five_index`].
    pub fn classes(&self) -> &[u16] {
        &self.classes
    }
}

impl Default for ClassTable {
    fn default() -> Self {
        ClassTable::new()
    }
}

/// The indices in increasing order.
#[inline(always)]
fn sorted<const N: usize>(mut cards: [u8; N]) -> [u8; N] {
    cards.sort_unstable();
    cards
}

#[cfg(test)]
mod tests {
    use super::*;
    use handeval_core::{BestFive, Hand6, Hand7, HandClass};

    #[test]
    fn binomials_are_pascals_triangle() {
        assert_eq!(BINOMIAL[5][51], 2_349_060);
        assert_eq!(BINOMIAL[5][52 - 1] + BINOMIAL[4][51], HAND_COUNT as u32);
        assert_eq!(BINOMIAL[2][4], 6);
        assert_eq!(BINOMIAL[3][2], 0);
    }

    #[test]
    fn the_table_is_the_reference_on_every_five_card_hand() {
        let table = ClassTable::get();
        assert!(table.classes().iter().all(|&c| HandClass::new(c).is_some()));
        for hand in all_hands() {
            assert_eq!(table.five(&hand), Reference::class(&hand).get(), "{hand}");
        }
        // The cards' order does not matter.
        let hand: Hand = "As Ks Qs Js Ts".parse().unwrap();
        assert_eq!(table.five(&hand), 1);
    }

    #[test]
    fn a_run_walked_in_order_reads_the_same_classes_as_each_hand() {
        let table = ClassTable::get();
        for (first, second) in [(0u8, 1u8), (12, 30), (44, 46), (45, 46)] {
            let card = |i| handeval_core::Card::from_index(i).unwrap();
            let hands: Vec<Hand7> = Hand7::starting(card(first), card(second)).collect();
            let mut out = vec![0u16; hands.len()];
            table.run::<Hand7>(first, second, &mut out);
            for (hand, &class) in hands.iter().zip(&out) {
                assert_eq!(class, table.best(hand), "{hand}");
            }
            let sixes: Vec<Hand6> = Hand6::starting(card(first), card(second)).collect();
            let mut out = vec![0u16; sixes.len()];
            table.run::<Hand6>(first, second, &mut out);
            for (hand, &class) in sixes.iter().zip(&out) {
                let literal = Reference::class_of(crate::ReferenceBest::strength(hand));
                assert_eq!(class, literal.get(), "{hand}");
            }
        }
    }

    #[test]
    fn seven_cards_read_the_best_five() {
        let table = ClassTable::get();
        for (s, class) in [
            ("As Ks Qs Js Ts 2c 3d", 1),
            ("9h 8h 7c 6h 5d 2h Kh", 1083),
            ("2c 3d 4h 5s 7c 8d 9h", 0),
        ] {
            let hand: Hand7 = s.parse().unwrap();
            let literal = Reference::class_of(crate::ReferenceBest::strength(&hand)).get();
            assert_eq!(table.best(&hand), literal, "{s}");
            if class != 0 {
                assert_eq!(literal, class, "{s}");
            }
        }
    }
}
