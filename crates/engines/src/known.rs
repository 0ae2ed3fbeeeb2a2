//! Engines whose published version is wrong, and the lab's port of what
//! that version computes: the check holds such an engine to its port value
//! for value, so that its errors are counted exactly, as the published
//! listings' are (`Role::Listing`), and a "fixed" or further broken
//! release fails the check as surely as one that cannot be run.
//!
//! # PyPokerEngine 1.0.1
//!
//! `HandEvaluator.eval_hand(hole, community)` (ishikota/PyPokerEngine,
//! `pypokerengine/engine/hand_evaluator.py`, the file of the PyPI sdist
//! 1.0.1, the newest release, identical to the repository's a52a048) packs
//! a hand into one integer, compared as is by its game's showdown:
//!
//! ```text
//!  bits 16..24   the category, one flag bit each (one pair 1 << 16, ...,
//!                straight flush 1 << 23); high card has none
//!  bits 12..16   the category's first rank (the pair, the trips, the
//!                straight's lowest card, the flush's highest card)
//!  bits  8..12   its second rank (two pair's lower pair, the full
//!                house's pair), else 0
//!  bits  0..8    the two hole cards' ranks, higher first, 4 bits each
//! ```
//!
//! Ranks run 2 to 14 (the ace). So no kicker of the board ever counts:
//! one pair of kings with an ace kicker ties one with a two, unless the
//! hole cards' ranks (the last byte) part them, which they do whatever the
//! board; every flush with the same highest card ties; a hand without a
//! pair is scored by the hole cards alone (bits 8..16 repeat them), so
//! A-K-Q-J-9 on the board loses to any hole card above the player's. And
//! the straights run from 2-3-4-5-6 up: the ace only plays high, so
//! A-2-3-4-5 (the wheel) is no straight and its straight flush is a flush,
//! the bug PyPokerEngine's issue #69 reports (open since 2019, confirmed
//! on 1.0.1 in 2026).
//!
//! Worked example, hole `Kh 2c`, board `Ks 7d 4c 9h Jh`: one pair (flag
//! 1 << 8, shifted to 1 << 16) of kings (13 << 12), no second rank, hole
//! ranks 13 and 2 (`0xd2`): 65,536 + 53,248 + 210 = 118,994. With `Kh Ac`
//! in the hole the pair is the same, the hole byte `0xed`: 119,021, higher,
//! as it should be; but `Kh 2c` on `Ks Ad Qc 9h Jh` is 118,994 too, the ace,
//! queen and jack kickers of the board ignored, tied with the hand above.
//!
//! ```
//! use handeval_engines::known::pypokerengine;
//! let cards = |s: &str| -> Vec<u8> {
//!     s.split(' ').map(|c| c.parse::<handeval_core::Card>().unwrap().index()).collect()
//! };
//! assert_eq!(pypokerengine(&cards("Kh 2c Ks 7d 4c 9h Jh")), 118_994);
//! assert_eq!(pypokerengine(&cards("Kh 2c Ks Ad Qc 9h Jh")), 118_994);
//! // The wheel is no straight: ace-high, scored by the hole cards.
//! assert!(pypokerengine(&cards("As 2c 3d 4h 5s 9c Jd")) < 1 << 16);
//! ```

/// The category flags of `HandEvaluator` (before the shift by 8).
const ONEPAIR: i64 = 1 << 8;
const TWOPAIR: i64 = 1 << 9;
const THREECARD: i64 = 1 << 10;
const STRAIGHT: i64 = 1 << 11;
const FLASH: i64 = 1 << 12;
const FULLHOUSE: i64 = 1 << 13;
const FOURCARD: i64 = 1 << 14;
const STRAIGHTFLASH: i64 = 1 << 15;

/// PyPokerEngine's rank of a card of the protocol (`4 * rank + suit`,
/// ranks 2 to ace as 0 to 12): 2 to 14.
fn rank(card: u8) -> i64 {
    i64::from(card >> 2) + 2
}

/// PyPokerEngine 1.0.1's `HandEvaluator.eval_hand` of `cards`, the first
/// two the hole cards and the rest the community cards (the protocol's
/// order for a Hold'em hand of five to seven cards), step for step: see
/// the [module documentation](self).
///
/// # Panics
/// If there are fewer than two cards.
pub fn pypokerengine(cards: &[u8]) -> i64 {
    let hole = &cards[..2];
    (hand_info(cards, hole) << 8) | hole_ranks(hole)
}

/// `__eval_holecard`: the hole ranks, the higher in the high nibble.
fn hole_ranks(hole: &[u8]) -> i64 {
    let (a, b) = (rank(hole[0]), rank(hole[1]));
    a.max(b) << 4 | a.min(b)
}

/// `__calc_hand_info_flg`: the first category found, strongest first.
fn hand_info(cards: &[u8], hole: &[u8]) -> i64 {
    if let Some(r) = straight_flush(cards) {
        return STRAIGHTFLASH | r << 4;
    }
    let four = four_card(cards);
    if four != 0 {
        return FOURCARD | four << 4;
    }
    if let (Some(three), Some(two)) = full_house(cards) {
        return FULLHOUSE | three << 4 | two;
    }
    if let Some(r) = flush(cards) {
        return FLASH | r << 4;
    }
    if let Some(r) = straight(cards.iter().copied()) {
        return STRAIGHT | r << 4;
    }
    if let Some(r) = three_card(cards) {
        return THREECARD | r << 4;
    }
    let pairs = two_pair(cards);
    if let [high, low] = pairs[..] {
        return TWOPAIR | high << 4 | low;
    }
    let pair = one_pair(cards);
    if pair != 0 {
        return ONEPAIR | pair;
    }
    hole_ranks(hole)
}

/// How many cards of each rank (indexed 2 to 14).
fn counts(cards: &[u8]) -> [u8; 15] {
    let mut n = [0u8; 15];
    for &c in cards {
        n[rank(c) as usize] += 1;
    }
    n
}

/// `__search_straight`: the lowest rank of the highest run of five ranks
/// among the cards, the ace at 14 only (so no wheel).
fn straight(cards: impl Iterator<Item = u8>) -> Option<i64> {
    let bits = cards.fold(0u32, |m, c| m | 1 << rank(c));
    (2..15).rfind(|r| (0..5).all(|i| bits >> (r + i) & 1 == 1))
}

/// `__search_straightflash`: a straight among the cards of a suit holding
/// five or more (the last such suit in its order: there is one at most in
/// seven cards).
fn straight_flush(cards: &[u8]) -> Option<i64> {
    let suit = (0..4u8).rfind(|&s| cards.iter().filter(|&&c| c & 3 == s).count() >= 5)?;
    straight(cards.iter().copied().filter(|&c| c & 3 == suit))
}

/// `__search_fourcard`: the lowest rank held four times, 0 when none.
fn four_card(cards: &[u8]) -> i64 {
    let n = counts(cards);
    (2..15).find(|&r| n[r] >= 4).map_or(0, |r| r as i64)
}

/// `__search_fullhouse`: the highest rank held three times and the highest
/// other rank held twice, the lower of two trips counting as a pair.
fn full_house(cards: &[u8]) -> (Option<i64>, Option<i64>) {
    let n = counts(cards);
    let three: Vec<i64> = (2..15).filter(|&r| n[r] >= 3).map(|r| r as i64).collect();
    let mut two: Vec<i64> = (2..15)
        .filter(|&r| n[r] >= 2 && n[r] < 3)
        .map(|r| r as i64)
        .collect();
    if three.len() == 2 {
        two.push(three[0]);
    }
    (three.iter().copied().max(), two.iter().copied().max())
}

/// `__search_flash`: the highest card of a suit holding five or more.
fn flush(cards: &[u8]) -> Option<i64> {
    (0..4u8)
        .filter_map(|s| {
            let suited = cards.iter().filter(|&&c| c & 3 == s);
            (suited.clone().count() >= 5).then(|| suited.map(|&c| rank(c)).max())?
        })
        .max()
}

/// `__search_threecard`: the highest rank held three times or more.
fn three_card(cards: &[u8]) -> Option<i64> {
    let n = counts(cards);
    (2..15).rfind(|&r| n[r] >= 3).map(|r| r as i64)
}

/// `__search_twopair`: each card's rank when its rank was seen before, in
/// the cards' order, sorted from the highest, the first two.
fn two_pair(cards: &[u8]) -> Vec<i64> {
    let mut seen = 0u32;
    let mut ranks = Vec::new();
    for &c in cards {
        if seen & 1 << rank(c) != 0 {
            ranks.push(rank(c));
        }
        seen |= 1 << rank(c);
    }
    ranks.sort_unstable_by(|a, b| b.cmp(a));
    ranks.truncate(2);
    ranks
}

/// `__eval_onepair`: the highest rank seen twice, shifted into place
/// (`rank << 4`), 0 when none.
fn one_pair(cards: &[u8]) -> i64 {
    let mut seen = 0u32;
    let mut best = 0;
    for &c in cards {
        if seen & 1 << rank(c) != 0 {
            best = best.max(rank(c));
        }
        seen |= 1 << rank(c);
    }
    best << 4
}
