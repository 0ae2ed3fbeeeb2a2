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
//! # Every game
//!
//! A hand of any game is worth its best five among the fives the game
//! allows, so its class is the lowest (strongest) of those fives' classes:
//! [`ClassTable::best`] reads them. That is
//! [`ReferenceBest`](crate::ReferenceBest)'s definition with the five-card
//! reference's answers looked up instead of recomputed; the tests hold the
//! two to the same class on every hand they try.
//!
//! [`ClassTable::part`] fills in the classes of one part of a game's
//! enumeration at a time, without repeating work shared by its hands: a
//! seven-card run reads 15 fives a hand (see
//! [`ClassTable::seven_card_run`]), and an Omaha board first finds, for
//! every pair of the 47 cards left, the best five it makes with three of
//! the board (10 reads), so that a hand of four hole cards costs its six
//! pairs' lookups instead of 60 reads.

use handeval_core::{Board, Card, Game, HAND_COUNT, Hand, Run, all_hands};

use handeval_core::rules::{RuleSet, Standard};

use crate::{Ranking, evaluate_by};

/// The cards not on a board of five: 47.
const OFF_BOARD: usize = Card::COUNT - 5;

/// `BINOMIAL[k][n]` is `n` choose `k`, for the cards' indices `n < 52`.
const BINOMIAL: [[u32; Card::COUNT]; 6] = {
    let mut table = [[0u32; Card::COUNT]; 6];
    let mut n = 0;
    while n < Card::COUNT {
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
        Self::build::<Standard>()
    }

    /// The table of the fives of rule set `R`'s deck, by its reference
    /// ([`Naive<R>`](crate::Naive)); a hand with a card outside the deck
    /// has no class (0).
    ///
    /// # Panics
    /// As [`ClassTable::new`].
    pub fn build<R: RuleSet>() -> ClassTable {
        // One pass of the reference over the deck's fives, each hand's
        // strength kept as its packed key (whose order is the strength's:
        // `Strength::key`) beside its index; the distinct keys, strongest
        // first, are then the classes, as `Naive::class` numbers them (a
        // test holds the two equal on every hand). Ranking the keys it
        // already holds saves a second pass of the reference and the
        // comparisons of whole strengths, and the few distinct keys are
        // found by hashing rather than sorting every hand's: the table took
        // about a second on the Zen 3, in every process that checks a hand.
        let deck = R::RULES.deck();
        let keyed: Vec<(usize, u64)> = all_hands()
            .filter(|h| h.mask() & !deck == 0)
            .map(|hand| {
                let index = five_index(sorted(hand.cards().map(Card::index)));
                (index, evaluate_by(&hand, R::RULES).key())
            })
            .collect();
        let distinct: crate::KeySet<u64> = keyed.iter().map(|&(_, key)| key).collect();
        let ranking = Ranking::from_values(distinct);
        assert!(
            u16::try_from(ranking.len()).is_ok(),
            "at most the game's classes"
        );
        let mut classes = vec![0u16; HAND_COUNT];
        for (index, key) in keyed {
            let slot = &mut classes[index];
            assert_eq!(*slot, 0, "two hands share the index {index}");
            *slot = ranking
                .class(key)
                .and_then(|class| u16::try_from(class).ok())
                .expect("every key is ranked");
        }
        ClassTable { classes }
    }

    /// The table of game `G`'s rules ([`Game::Rules`]), built on first use
    /// (about half a second).
    pub fn of<G: Game>() -> &'static ClassTable {
        static TABLES: [std::sync::OnceLock<ClassTable>; handeval_core::rules::ALL.len()] =
            [const { std::sync::OnceLock::new() }; handeval_core::rules::ALL.len()];
        TABLES[<G::Rules as RuleSet>::INDEX].get_or_init(ClassTable::build::<G::Rules>)
    }

    /// The standard game's table, built on first use (about half a second).
    pub fn get() -> &'static ClassTable {
        Self::of::<Hand>()
    }

    /// The five-card reference's class of `hand`.
    #[inline]
    pub fn five(&self, hand: &Hand) -> u16 {
        self.classes[five_index(sorted(hand.cards().map(Card::index)))]
    }

    /// The reference's class of a hand of any game: the best of the fives
    /// the game allows (taken by position, then each sorted for its index).
    #[inline]
    pub fn best<G: Game>(&self, hand: &G) -> u16 {
        let cards = hand.card_slice();
        // Where a game allows every five of seven cards (Hold'em's,
        // stud's), the cards are sorted once: the fives' positions rise,
        // so each five read off the sorted cards is sorted already (21
        // sorts of five saved a hand, most of a seeded sample's cost).
        if G::COUNT == 7 && G::FIVES.len() == 21 {
            let seven = sorted::<7>(core::array::from_fn(|i| cards[i].index()));
            return G::FIVES
                .iter()
                .map(|positions| self.classes[five_index(positions.map(|p| seven[p]))])
                .min()
                .unwrap_or(u16::MAX);
        }
        G::FIVES
            .iter()
            .map(|positions| self.classes[five_index(sorted(positions.map(|p| cards[p].index())))])
            .min()
            .unwrap_or(u16::MAX)
    }

    /// The reference's class of every hand of one part of `G`'s
    /// enumeration, in [`Game::part_hands`] order, into `out` (which must
    /// hold exactly the part's hands).
    ///
    /// # Panics
    /// If `out` does not hold exactly the part's hands.
    pub fn part<G: Game>(&self, part: G::Part, out: &mut [u16]) {
        assert_eq!(
            G::part_len(part),
            out.len(),
            "out holds exactly the part's hands"
        );
        if let Some((first, second)) = same::<G::Part, Run>(part)
            && G::COUNT == 7
        {
            return self.seven_card_run(first.index(), second.index(), out);
        }
        if let Some(board) = same::<G::Part, Board>(part) {
            return self.board(board, G::HOLE, out);
        }
        for (slot, hand) in out.iter_mut().zip(G::part_hands(part)) {
            *slot = self.best(&hand);
        }
    }

    /// The class of every hand of `hole` hole cards on `board`, in
    /// [`Game::part_hands`] order (the hole cards' combinations of the 47
    /// cards left, in lexicographic order): for every pair of those cards
    /// the best five it makes with three of the board, then for each hand
    /// the best of its pairs'.
    fn board(&self, board: Board, hole: usize, out: &mut [u16]) {
        let on_board = board.cards.map(Card::index);
        let deck: Vec<u8> = (0..Card::COUNT as u8)
            .filter(|c| !on_board.contains(c))
            .collect();
        let mut triples = Vec::with_capacity(10);
        for x in 0..5 {
            for y in x + 1..5 {
                for z in y + 1..5 {
                    triples.push([on_board[x], on_board[y], on_board[z]]);
                }
            }
        }
        // pairs[i * OFF_BOARD + j] for i < j: the best class of deck[i],
        // deck[j] and three of the board.
        let mut pairs = vec![u16::MAX; OFF_BOARD * OFF_BOARD];
        for i in 0..OFF_BOARD {
            for j in i + 1..OFF_BOARD {
                pairs[i * OFF_BOARD + j] = triples
                    .iter()
                    .map(|t| {
                        let five = [deck[i], deck[j], t[0], t[1], t[2]];
                        self.classes[five_index(sorted(five))]
                    })
                    .min()
                    .unwrap_or(u16::MAX);
            }
        }
        let mut chosen = [0usize; 8];
        assert!(
            (2..=chosen.len()).contains(&hole),
            "two to eight hole cards"
        );
        let written = best_of_pairs(&pairs, &mut chosen[..hole], 0, 0, u16::MAX, out);
        assert_eq!(written, out.len(), "out holds only the board's hands");
    }

    /// The seven-card reference's class of every hand whose two lowest cards
    /// have indices `first < second`, in [`Game::part_hands`] order, into
    /// `out` (which must hold exactly those hands: C(51 - second, 5) of them).
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
                        for c6 in c5 + 1..Card::COUNT as u8 {
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

/// `value` as a `U` when `T` and `U` are the same type.
fn same<T: 'static, U: 'static>(value: T) -> Option<U> {
    (Box::new(value) as Box<dyn std::any::Any>)
        .downcast::<U>()
        .ok()
        .map(|b| *b)
}

/// Writes into `out`, in lexicographic order, the best of `pairs` over
/// every pair of cards of each way to choose `chosen.len()` of the 47 cards
/// left (from `at` on, after the `depth` already chosen, whose best is
/// `best`), and returns how many it wrote.
///
/// The best of the cards chosen so far is carried down, so a hand costs
/// only the pairs its last card makes (five for six hole cards, not 15),
/// and the last card's hands are one row: the minimum of the chosen cards'
/// rows of `pairs`, which the compiler vectorises.
///
/// # Panics
/// If `out` holds fewer hands than there are ways.
fn best_of_pairs(
    pairs: &[u16],
    chosen: &mut [usize],
    depth: usize,
    at: usize,
    best: u16,
    out: &mut [u16],
) -> usize {
    let left = chosen.len() - depth;
    if left == 1 {
        let row = &mut out[..OFF_BOARD - at];
        row.fill(best);
        for &x in &chosen[..depth] {
            let from = x * OFF_BOARD;
            for (slot, &pair) in row.iter_mut().zip(&pairs[from + at..from + OFF_BOARD]) {
                *slot = (*slot).min(pair);
            }
        }
        return row.len();
    }
    let mut written = 0;
    for card in at..=OFF_BOARD - left {
        let with = chosen[..depth]
            .iter()
            .fold(best, |b, &x| b.min(pairs[x * OFF_BOARD + card]));
        chosen[depth] = card;
        written += best_of_pairs(
            pairs,
            chosen,
            depth + 1,
            card + 1,
            with,
            &mut out[written..],
        );
    }
    written
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Reference;
    use handeval_core::{AllHands, BestFive, Hand6, Hand7, HandClass, Omaha4};

    #[test]
    fn binomials_are_pascals_triangle() {
        assert_eq!(BINOMIAL[5][51], 2_349_060);
        assert_eq!(
            BINOMIAL[5][Card::COUNT - 1] + BINOMIAL[4][Card::COUNT - 1],
            HAND_COUNT as u32
        );
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
    fn a_part_read_in_one_go_reads_the_same_classes_as_each_hand() {
        let table = ClassTable::get();
        let card = |i| handeval_core::Card::from_index(i).unwrap();
        for (first, second) in [(0u8, 1u8), (12, 30), (44, 46), (45, 46)] {
            let run = (card(first), card(second));
            let hands: Vec<Hand7> = AllHands::<7>::starting(run.0, run.1).collect();
            let mut out = vec![0u16; hands.len()];
            table.part::<Hand7>(run, &mut out);
            for (hand, &class) in hands.iter().zip(&out) {
                assert_eq!(class, table.best(hand), "{hand}");
            }
            let sixes: Vec<Hand6> = AllHands::<6>::starting(run.0, run.1).collect();
            let mut out = vec![0u16; sixes.len()];
            table.part::<Hand6>(run, &mut out);
            for (hand, &class) in sixes.iter().zip(&out) {
                let literal = Reference::class_of(crate::ReferenceBest::strength(hand));
                assert_eq!(class, literal.get(), "{hand}");
            }
        }
        // Omaha boards: the pair table against the literal best of 60, on
        // every 997th hand of a few boards.
        for board in <Omaha4 as Game>::parts().step_by(40_000) {
            let hands: Vec<Omaha4> = <Omaha4 as Game>::part_hands(board).collect();
            let mut out = vec![0u16; hands.len()];
            table.part::<Omaha4>(board, &mut out);
            for (hand, &class) in hands.iter().zip(&out).step_by(997) {
                assert_eq!(class, table.best(hand), "{hand}");
                let literal = Reference::class_of(crate::ReferenceBest::strength(hand));
                assert_eq!(class, literal.get(), "{hand}");
            }
        }
    }

    #[test]
    fn omaha_takes_exactly_two_hole_cards() {
        let table = ClassTable::get();
        // Four spades in the hole and two on the board: six spades among
        // the nine cards, but a five takes two of the hole and three of the
        // board, so at most four spades: no flush. The best is the board's
        // kings with the hole's ace and queen.
        let hand: Omaha4 = "As Qs 9s 8s | Ks Kd 7s 4c 2h".parse().unwrap();
        let class = table.best(&hand);
        let category = |c: u16| HandClass::new(c).unwrap().category();
        assert_eq!(category(class), handeval_core::Category::OnePair);
        let kings: Hand = "Ks Kd As Qs 7s".parse().unwrap();
        assert_eq!(class, table.five(&kings));
        // Any five of the nine would hold a flush.
        let flush: Hand = "As Qs 9s 8s Ks".parse().unwrap();
        assert_eq!(category(table.five(&flush)), handeval_core::Category::Flush);
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
