//! A hand of distinct cards, five, six or seven of them, and every such hand.

use core::fmt;
use core::iter::FusedIterator;
use core::str::FromStr;

use crate::parse::{CardError, Cursor};
use crate::{Card, CardTable};

/// Exactly `N` distinct cards, kept in the order they were given: five by
/// default, the hand every evaluator scores; six or seven for the hands
/// whose value is that of their best five ([`Game`](crate::Game)).
///
/// The only ways to make one are the validating [`Hand::new`] and
/// [`FromStr`], and [`all_hands`] (or a game's [`Game::part_hands`](crate::Game::part_hands)), so
/// an evaluator never has to check its input.
///
/// A hand is stored as its card indices, one byte each (`repr(transparent)`
/// down to the card's `u8`), so a `[Hand]` is five bytes per hand with no
/// padding (seven for `[Hand<7>]`): SIMD evaluators load it as bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(transparent)]
pub struct Hand<const N: usize = 5>([Card; N]);

/// A six-card hand.
pub type Hand6 = Hand<6>;
/// A seven-card hand: two hole cards and five on the board, or any seven.
pub type Hand7 = Hand<7>;

/// Why some text or some cards are not a valid hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HandError {
    /// A card is malformed (bad rank, bad or missing suit); says which character and where.
    Card(CardError),
    /// There were not as many cards as the hand needs.
    WrongCount {
        /// How many cards were found (0 for an empty or blank line).
        count: usize,
        /// How many the hand needs.
        expected: HandSize,
    },
    /// The same card appears twice.
    Duplicate {
        /// The repeated card.
        card: Card,
    },
    /// One part of a hole-and-board hand has the wrong number of cards.
    WrongPart {
        /// The hole cards or the board.
        part: Part,
        /// How many cards it had.
        count: usize,
        /// How many it needs.
        expected: usize,
    },
    /// A card the game's deck does not hold (a 5 in short deck).
    OutsideDeck {
        /// The card.
        card: Card,
        /// The deck's lowest rank.
        lowest: crate::Rank,
    },
}

/// The parts of a hand written `hole | board`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Part {
    /// The cards before the `|`.
    Hole,
    /// The cards after it.
    Board,
}

/// How many cards a hand was to have: what [`HandError::WrongCount`] expected.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HandSize {
    /// Exactly this many: a [`Hand<N>`](Hand).
    Exactly(usize),
    /// This many hole cards and a board of five ([`Omaha`](crate::Omaha)).
    HoleAndBoard(usize),
}

impl fmt::Display for HandError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            HandError::Card(e) => e.fmt(f),
            HandError::WrongCount { count, expected } => {
                match count {
                    0 => write!(f, "no cards")?,
                    1 => write!(f, "1 card")?,
                    n => write!(f, "{n} cards")?,
                }
                match expected {
                    HandSize::Exactly(5) => write!(f, ": a hand has exactly 5"),
                    HandSize::Exactly(6) => write!(f, ": a six-card hand has exactly 6"),
                    HandSize::Exactly(7) => write!(f, ": a seven-card hand has exactly 7"),
                    HandSize::Exactly(n) => write!(f, ": a hand of this kind has exactly {n}"),
                    HandSize::HoleAndBoard(hole) => write!(
                        f,
                        ": a hand of this game has {hole} hole cards and 5 on the board ({} in all; write them `hole | board`)",
                        hole + 5
                    ),
                }
            }
            HandError::Duplicate { card } => write!(f, "duplicate card {card}"),
            HandError::OutsideDeck { card, lowest } => write!(
                f,
                "{card} is not in this game's deck, which runs from {} to ace",
                lowest.to_char()
            ),
            HandError::WrongPart {
                part,
                count,
                expected,
            } => {
                let (name, what) = match part {
                    Part::Hole => ("hole", "hole cards"),
                    Part::Board => ("board", "board cards"),
                };
                write!(
                    f,
                    "{name}: {}, where the hand has {expected} {what}",
                    crate::Counted(count, "card")
                )
            }
        }
    }
}

impl core::error::Error for HandError {
    fn source(&self) -> Option<&(dyn core::error::Error + 'static)> {
        match self {
            HandError::Card(e) => Some(e),
            _ => None,
        }
    }
}

impl From<CardError> for HandError {
    fn from(e: CardError) -> Self {
        HandError::Card(e)
    }
}

/// `1 << card.index()` for every card: the table [`Hand::mask`] reads.
pub const CARD_BITS: CardTable<u64> = crate::card_table!(u64, |c| 1 << c.index());

impl<const N: usize> Hand<N> {
    /// A hand of cards the caller knows to be distinct (cards taken from a
    /// valid hand at distinct positions).
    #[inline(always)]
    pub(crate) const fn from_distinct(cards: [Card; N]) -> Self {
        Hand(cards)
    }

    /// A hand of these cards.
    ///
    /// # Errors
    /// [`HandError::Duplicate`] naming the first card that repeats an earlier one.
    pub fn new(cards: [Card; N]) -> Result<Self, HandError> {
        distinct(cards).map(Hand)
    }

    /// The cards in the order they were given.
    #[inline]
    pub const fn cards(&self) -> [Card; N] {
        self.0
    }

    /// The cards in place. Encoders read cards through this: one load per
    /// card, each known to be a card index below 52, where a copy of the
    /// array tends to become one wide load and shifts, and forget the range.
    #[inline(always)]
    pub const fn as_cards(&self) -> &[Card; N] {
        &self.0
    }

    /// The set of the cards as bits `1 << card.index()`, read from
    /// [`CARD_BITS`]: on the baseline x86-64 target a shift by a variable
    /// costs more than a load.
    #[inline(always)]
    pub fn mask(&self) -> u64 {
        CARD_BITS.of_hand(self).iter().fold(0, |m, b| m | b)
    }
}

impl<const N: usize> FromStr for Hand<N> {
    type Err = HandError;

    /// Parses `"As Ks Qs Js Ts"`, `"AsKsQsJsTs"`, or any mix of the two; ranks
    /// `2-9 T J Q K A` or `10`, suits `c d h s`, both case-insensitive.
    ///
    /// A `|` may set two hole cards apart from a board of three to five
    /// (`"As Ad | Ks Kd Qs"`); anywhere else it is refused, so that an
    /// Omaha hand with a short board is not read as a Hold'em hand.
    ///
    /// Malformed cards are reported first (the leftmost one), then a
    /// misplaced `|`, then a wrong number of cards, then a duplicate.
    fn from_str(s: &str) -> Result<Self, HandError> {
        let mut cards = [Card::from_index(0).expect("0 is a card"); N];
        let (count, bar) = parse_parts(s, &mut cards)?;
        if let Some(hole) = bar {
            if hole != HOLDEM_HOLE {
                return Err(HandError::WrongPart {
                    part: Part::Hole,
                    count: hole,
                    expected: HOLDEM_HOLE,
                });
            }
            if !(HOLDEM_HOLE + 3..=HOLDEM_HOLE + 5).contains(&N) {
                return Err(HandError::WrongPart {
                    part: Part::Board,
                    count: count - hole,
                    expected: N.saturating_sub(HOLDEM_HOLE),
                });
            }
        }
        if count != N {
            return Err(HandError::WrongCount {
                count,
                expected: HandSize::Exactly(N),
            });
        }
        Hand::new(cards)
    }
}

/// The hole cards a Hold'em hand written `hole | board` has.
pub(crate) const HOLDEM_HOLE: usize = 2;

/// Checks that the cards are distinct.
pub(crate) fn distinct<const N: usize>(cards: [Card; N]) -> Result<[Card; N], HandError> {
    let mut seen = 0u64;
    for card in cards {
        let bit = 1u64 << card.index();
        if seen & bit != 0 {
            return Err(HandError::Duplicate { card });
        }
        seen |= bit;
    }
    Ok(cards)
}

/// The cards of `s`, as many as it holds, each read as [`Hand`] reads
/// them (`"AhAs"`, `"10s 9s"`, `"ah as"`): what a tool taking a list of
/// cards (a board, dead cards, a player's hole cards) parses them with, so
/// that every command reads cards alike. The cards are in the order given
/// and may repeat; the caller decides what a repeat means.
///
/// # Errors
/// The first malformed card, with its column; a `|` is no card.
///
/// ```
/// use handeval_core::{Card, parse_cards};
/// let ten: Card = "Ts".parse().unwrap();
/// assert_eq!(parse_cards("10sAs").unwrap()[0], ten);
/// assert_eq!(parse_cards(" ").unwrap(), vec![]);
/// assert!(parse_cards("AhA").is_err());
/// ```
pub fn parse_cards(s: &str) -> Result<alloc::vec::Vec<Card>, CardError> {
    let mut cursor = Cursor::new(s);
    let mut cards = alloc::vec::Vec::new();
    loop {
        cursor.skip_whitespace();
        match cursor.card()? {
            Some(card) => cards.push(card),
            None => return Ok(cards),
        }
    }
}

/// How many cards `s` holds and how many come before its `|`, if it has
/// one, every card checked as [`Hand`] parses them: what a tool reading
/// hands of several games decides the game by.
///
/// # Errors
/// The first malformed card, or a second `|`.
///
/// ```
/// assert_eq!(handeval_core::count_cards("As Ad Ks Kd | Qs Js Ts 2c 3h"), Ok((9, Some(4))));
/// assert_eq!(handeval_core::count_cards("AsKsQsJsTs"), Ok((5, None)));
/// assert!(handeval_core::count_cards("As Kx").is_err());
/// ```
pub fn count_cards(s: &str) -> Result<(usize, Option<usize>), HandError> {
    parse_parts(s, &mut [])
}

/// Parses cards into `cards`, a `|` allowed once between them (hole cards,
/// then the board), and returns how many cards there were (counted beyond
/// what fits) and how many came before the `|`, if there was one.
pub(crate) fn parse_parts(
    s: &str,
    cards: &mut [Card],
) -> Result<(usize, Option<usize>), HandError> {
    let mut cursor = Cursor::new(s);
    let mut count = 0;
    let mut bar = None;
    loop {
        cursor.skip_whitespace();
        if let Some((column, '|')) = cursor.peek() {
            if bar.is_some() {
                return Err(HandError::Card(crate::CardError::BadRank {
                    found: '|',
                    column,
                }));
            }
            cursor.skip('|');
            bar = Some(count);
            continue;
        }
        let Some(card) = cursor.card()? else { break };
        if let Some(slot) = cards.get_mut(count) {
            *slot = card;
        }
        count += 1;
    }
    Ok((count, bar))
}

impl<const N: usize> fmt::Display for Hand<N> {
    /// The cards in their original order, separated by single spaces.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, card) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            card.fmt(f)?;
        }
        Ok(())
    }
}

/// The number of five-card hands, C(52, 5).
pub const HAND_COUNT: usize = 2_598_960;

/// Every five-card hand exactly once.
///
/// The order is fixed: combinations of card indices `c0 < c1 < c2 < c3 < c4`
/// (index = `4 * rank + suit`) in lexicographic order, so the first hand is
/// `2c 2d 2h 2s 3c` and the last `Ks Ac Ad Ah As`, and hands of low cards
/// come first: sequential order is far from random, which is why the
/// benchmarks also time a shuffled order.
/// Each hand's cards are in increasing index order. No allocation per hand.
pub fn all_hands() -> AllHands {
    AllHands::every()
}

/// Every hand of `N` cards, in the order [`all_hands`] describes: what
/// [`all_hands`] returns, and, by runs, [`Game::part_hands`](crate::Game::part_hands).
#[derive(Clone, Debug)]
pub struct AllHands<const N: usize = 5>(Combinations<N>);

impl<const N: usize> AllHands<N> {
    /// Every hand of `N` cards.
    pub fn every() -> Self {
        AllHands(Combinations::first())
    }

    /// The hands whose two lowest cards are `first < second`, in order;
    /// empty unless `first` is below `second`.
    pub fn starting(first: Card, second: Card) -> Self {
        if first.index() >= second.index() {
            let mut empty = Combinations::first();
            empty.remaining = 0;
            return AllHands(empty);
        }
        AllHands(Combinations::from_prefix(&[first.index(), second.index()]))
    }
}

impl<const N: usize> Iterator for AllHands<N> {
    type Item = Hand<N>;

    #[inline]
    fn next(&mut self) -> Option<Hand<N>> {
        self.0.next().map(Hand)
    }

    /// Jumps: the hand `n` places on costs no more than the next one.
    #[inline]
    fn nth(&mut self, n: usize) -> Option<Hand<N>> {
        self.0.nth(n).map(Hand)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        (self.0.remaining, Some(self.0.remaining))
    }
}

impl<const N: usize> ExactSizeIterator for AllHands<N> {}
impl<const N: usize> FusedIterator for AllHands<N> {}

/// `C(n, k)` for `n < 18`, `k < 6`: the weights of the combinatorial
/// number system for sets and multisets of up to five of the 13 ranks. A
/// multiset `a_0 <= a_1 <= ...` is the set `a_i + i` of 17, so its colex
/// index is the sum of `C(a_i + i, i + 1)`; the perfect hash's Omaha tables
/// and a showdown's classes of boards index ranks this way.
pub const BINOMIAL: [[u16; 6]; 18] = {
    let mut t = [[0u16; 6]; 18];
    let mut n = 0;
    while n < 18 {
        let mut k = 0;
        while k < 6 {
            t[n][k] = choose(n, k) as u16;
            k += 1;
        }
        n += 1;
    }
    t
};

/// `n` choose `k`, for the hand counts (small arguments only).
pub(crate) const fn choose(n: usize, k: usize) -> usize {
    if k > n {
        return 0;
    }
    let mut result = 1;
    let mut i = 0;
    while i < k {
        result = result * (n - i) / (i + 1);
        i += 1;
    }
    result
}

/// Combinations of `N` card indices in lexicographic order, from `next` on,
/// `remaining` of them.
#[derive(Clone, Debug)]
pub(crate) struct Combinations<const N: usize> {
    next: [usize; N],
    pub(crate) remaining: usize,
}

impl<const N: usize> Combinations<N> {
    /// From `0, 1, ..., N-1`: every combination.
    pub(crate) fn first() -> Self {
        Self::from_prefix(&[])
    }

    /// The combinations that start with `prefix` (increasing indices), in order.
    pub(crate) fn from_prefix(prefix: &[u8]) -> Self {
        let mut next = [0usize; N];
        for (slot, &p) in next.iter_mut().zip(prefix) {
            *slot = usize::from(p);
        }
        let from = prefix.last().map_or(0, |&p| usize::from(p) + 1);
        for (index, slot) in (from..).zip(&mut next[prefix.len()..]) {
            *slot = index;
        }
        let left = Card::COUNT - from;
        Combinations {
            next,
            remaining: choose(left, N - prefix.len()),
        }
    }

    #[inline]
    pub(crate) fn next(&mut self) -> Option<[Card; N]> {
        if self.remaining == 0 {
            return None;
        }
        self.remaining -= 1;
        let cards = self.next.map(|i| Card::ALL[i]);
        if self.remaining > 0 {
            crate::next_combination(&mut self.next, Card::COUNT);
        }
        Some(cards)
    }

    /// Skips `n` combinations and returns the one after them, as
    /// [`Iterator::nth`] does, in time independent of `n`: the current
    /// combination's place in the lexicographic order of all combinations
    /// is computed, `n` added, and the combination at the new place rebuilt.
    /// Combinations from a prefix are a contiguous stretch of that order, so
    /// this serves them too.
    pub(crate) fn nth(&mut self, n: usize) -> Option<[Card; N]> {
        if n >= self.remaining {
            self.remaining = 0;
            return None;
        }
        if n > 0 {
            self.next = unrank(rank(&self.next) + n);
            self.remaining -= n;
        }
        self.next()
    }
}

/// The place of `combination` (increasing indices below 52) among all
/// combinations of `N` indices in lexicographic order: for each position,
/// the combinations that agree before it and have a smaller index there.
fn rank<const N: usize>(combination: &[usize; N]) -> usize {
    let mut rank = 0;
    let mut low = 0;
    for (i, &index) in combination.iter().enumerate() {
        for smaller in low..index {
            rank += choose(51 - smaller, N - 1 - i);
        }
        low = index + 1;
    }
    rank
}

/// The combination at place `rank` (below C(52, N)) in lexicographic order:
/// the inverse of [`rank`].
fn unrank<const N: usize>(mut rank: usize) -> [usize; N] {
    let mut combination = [0usize; N];
    let mut index = 0usize;
    for (i, slot) in combination.iter_mut().enumerate() {
        loop {
            let after = choose(51 - index, N - 1 - i);
            if rank < after {
                break;
            }
            rank -= after;
            index += 1;
        }
        *slot = index;
        index += 1;
    }
    combination
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::CardError;
    use std::string::ToString;

    fn hand(s: &str) -> Hand {
        s.parse().unwrap()
    }

    #[test]
    fn spaced_and_packed_notation_agree_and_keep_order() {
        let spaced = hand("As Ks Qs Js Ts");
        assert_eq!(hand("AsKsQsJsTs"), spaced);
        assert_eq!(hand("  as ks\tqs js 10s "), spaced);
        assert_eq!(spaced.to_string(), "As Ks Qs Js Ts");
    }

    #[test]
    fn a_bar_sets_two_hole_cards_apart_and_nothing_else() {
        assert_eq!(hand("As Ks | Qs Js Ts"), hand("As Ks Qs Js Ts"));
        let seven = "As Ks Qs Js | Ts 2h 3d".parse::<Hand7>();
        assert_eq!(
            seven,
            Err(HandError::WrongPart {
                part: Part::Hole,
                count: 4,
                expected: 2
            })
        );
        assert_eq!(
            seven.unwrap_err().to_string(),
            "hole: 4 cards, where the hand has 2 hole cards"
        );
        assert!("2h 3d 4c 5s 6h 7d | 8c".parse::<Hand7>().is_err());
        assert!("As | Kd".parse::<Hand<2>>().is_err());
    }

    #[test]
    fn bad_hands_say_what_is_wrong_and_where() {
        let err = |s: &str| s.parse::<Hand>().unwrap_err();
        let wrong = |count| HandError::WrongCount {
            count,
            expected: HandSize::Exactly(5),
        };
        assert_eq!(err("As Ks"), wrong(2));
        assert_eq!(err("As Ks Qs Js Ts 9s"), wrong(6));
        assert_eq!(err(""), wrong(0));
        assert_eq!(err("   "), wrong(0));
        assert_eq!(err("As Ks").to_string(), "2 cards: a hand has exactly 5");
        assert_eq!(err("").to_string(), "no cards: a hand has exactly 5");
        assert_eq!(
            err("As As Qs Js Ts"),
            HandError::Duplicate {
                card: "As".parse().unwrap()
            }
        );
        assert_eq!(
            err("Xs Ks Qs Js Ts"),
            HandError::Card(CardError::BadRank {
                found: 'X',
                column: 1
            })
        );
        assert_eq!(
            err("As Ks Qx Js Ts"),
            HandError::Card(CardError::BadSuit {
                found: 'x',
                column: 8
            })
        );
        assert_eq!(
            err("As Ks Q Js Ts"),
            HandError::Card(CardError::MissingSuit { column: 8 })
        );
        // Non-ASCII suits are reported, not mis-sliced.
        assert_eq!(
            err("A♠ K♠ Q♠ J♠ T♠"),
            HandError::Card(CardError::BadSuit {
                found: '♠',
                column: 2
            })
        );
    }

    #[test]
    fn all_hands_is_lexicographic_and_complete() {
        let mut it = all_hands();
        assert_eq!(it.len(), HAND_COUNT);
        let first = it.next().unwrap();
        assert_eq!(first, hand("2c 2d 2h 2s 3c"));
        let mut count = 1;
        let mut prev = first.cards().map(Card::index);
        let mut seen_last = prev;
        for h in it.by_ref() {
            let cur = h.cards().map(Card::index);
            assert!(
                cur.windows(2).all(|w| w[0] < w[1]),
                "{cur:?} not increasing"
            );
            assert!(prev < cur, "{prev:?} then {cur:?}");
            prev = cur;
            seen_last = cur;
            count += 1;
        }
        assert_eq!(count, HAND_COUNT);
        assert_eq!(seen_last, [47, 48, 49, 50, 51]);
        assert_eq!(it.next(), None);
        assert_eq!(it.len(), 0);
    }

    #[test]
    fn nth_jumps_to_the_hand_a_walk_reaches() {
        // Every hand a walk passes is where a jump from the same place lands,
        // from the start and from part-way, with uneven steps.
        let walked: std::vec::Vec<Hand> = all_hands().collect();
        for (from, step) in [(0, 0), (0, 9_973), (1, 104_729), (777, 1)] {
            let mut it = all_hands();
            if from > 0 {
                assert_eq!(it.nth(from - 1), Some(walked[from - 1]));
            }
            let mut at = from;
            while at + step < HAND_COUNT {
                assert_eq!(it.nth(step), Some(walked[at + step]), "{from} {step}");
                assert_eq!(it.len(), HAND_COUNT - at - step - 1);
                at += step + 1;
                if at > 40_000 && step < 2 {
                    break;
                }
            }
        }
        let mut it = all_hands();
        assert_eq!(it.nth(HAND_COUNT - 1), Some(walked[HAND_COUNT - 1]));
        assert_eq!(it.next(), None);
        let mut it = all_hands();
        assert_eq!(it.nth(HAND_COUNT), None);
        assert_eq!(it.len(), 0);
        assert_eq!(it.next(), None);
    }

    #[test]
    fn rank_and_unrank_are_inverse() {
        for r in [0, 1, 51, 52, 1_000_000, HAND_COUNT - 1] {
            assert_eq!(rank(&unrank::<5>(r)), r);
        }
        assert_eq!(unrank::<5>(0), [0, 1, 2, 3, 4]);
        assert_eq!(unrank::<5>(HAND_COUNT - 1), [47, 48, 49, 50, 51]);
        assert_eq!(rank(&[0usize, 1, 2, 3, 4, 5, 7]), 1);
    }
}
