//! PHEvaluator's Omaha method: the board's rank multiset and the hole's
//! rank multiset hashed into one no-flush table, the flush suit's ranks
//! into a flush table.

use std::sync::OnceLock;
use std::time::{Duration, Instant};
use std::vec;
use std::vec::Vec;

use handeval_core::{BestFive, Card, Category, Evaluator, Family, Hand, Omaha4, Rank, Role, Suit};

use crate::{Scalar, category_of};

/// `C(n, k)` for `n < 18`, `k < 6`: the combinatorial number system's
/// weights, for multisets of up to five ranks (`n` up to 12 + 4) and sets.
pub(crate) const BINOM: [[u16; 6]; 18] = {
    let mut t = [[0u16; 6]; 18];
    let mut n = 0;
    while n < 18 {
        t[n][0] = 1;
        let mut k = 1;
        while k < 6 {
            t[n][k] = if n == 0 {
                0
            } else {
                t[n - 1][k - 1] + t[n - 1][k]
            };
            k += 1;
        }
        n += 1;
    }
    t
};

/// Multisets of four ranks of thirteen: `C(16, 4)`.
pub const HOLE_MULTISETS: usize = 1820;
/// Multisets of five ranks of thirteen: `C(17, 5)` (the 13 with one rank
/// five times are never read).
pub const BOARD_MULTISETS: usize = 6188;
/// Sets of two to four suited hole ranks: `C(13, 2) + C(13, 3) + C(13, 4)`.
pub const HOLE_SETS: usize = 78 + 286 + 715;
/// Sets of three to five suited board ranks: `C(13, 3) + C(13, 4) + C(13, 5)`.
pub const BOARD_SETS: usize = 286 + 715 + 1287;

/// Where the sets of `k` ranks start among the hole's and the board's sets.
const HOLE_SET_START: [usize; 6] = [0, 0, 0, 78, 78 + 286, usize::MAX];
const BOARD_SET_START: [usize; 6] = [0, 0, 0, 0, 286, 286 + 715];

/// The index of a multiset of ranks given sorted ascending: the ranks
/// `r0 <= r1 <= ..` as the distinct numbers `r_i + i`, and their
/// combinatorial number `sum C(r_i + i, i + 1)`. Dense: every multiset of
/// `k` ranks has its own index below `C(12 + k, k)`.
#[inline(always)]
fn multiset_index<const K: usize>(sorted: [u8; K]) -> usize {
    let mut index = 0;
    for (i, &r) in sorted.iter().enumerate() {
        index += BINOM[r as usize + i][i + 1] as usize;
    }
    index
}

/// The index of a set of ranks (a 13-bit mask) among the sets of its size:
/// its ranks ascending, `sum C(r_i, i + 1)`.
#[inline(always)]
fn set_index(mut mask: u32) -> usize {
    let mut index = 0;
    let mut i = 0;
    while mask != 0 {
        let r = mask.trailing_zeros() as usize;
        index += BINOM[r][i + 1] as usize;
        mask &= mask - 1;
        i += 1;
    }
    index
}

/// Sorts `v` ascending with a fixed network of compare-exchanges (no branch
/// on the data).
#[inline(always)]
fn sort<const K: usize>(mut v: [u8; K], network: &[(usize, usize)]) -> [u8; K] {
    for &(a, b) in network {
        let (x, y) = (v[a], v[b]);
        v[a] = x.min(y);
        v[b] = x.max(y);
    }
    v
}

pub(crate) const SORT4: [(usize, usize); 5] = [(0, 1), (2, 3), (0, 2), (1, 3), (1, 2)];
pub(crate) const SORT5: [(usize, usize); 9] = [
    (0, 1),
    (3, 4),
    (2, 4),
    (2, 3),
    (0, 3),
    (0, 2),
    (1, 4),
    (1, 3),
    (1, 2),
];

/// The two tables and what making them cost.
pub struct Tables {
    /// [`Scalar`]'s value of the best five without a flush, by `board *
    /// HOLE_MULTISETS + hole` multiset indices; 0 where the two multisets
    /// hold a rank more than four times. One spare 0 at the end.
    pub no_flush: Vec<u16>,
    /// [`Scalar`]'s value of the best flush or straight flush, by `board *
    /// HOLE_SETS + hole` set indices of the flush suit's ranks; 0 where
    /// none can be made. One spare 0 at the end.
    pub flush: Vec<u16>,
    /// How long making them took, on every core.
    pub generated_in: Duration,
}

/// The bytes of the two tables.
pub const TABLE_BYTES: usize = 2
    * (BOARD_MULTISETS * HOLE_MULTISETS + 1 + BOARD_SETS * HOLE_SETS + 1)
    + core::mem::size_of::<[[u16; 6]; 18]>();

/// Every multiset of `K` ranks, sorted ascending, in index order.
fn multisets<const K: usize>() -> Vec<[u8; K]> {
    let mut all = Vec::new();
    let mut v = [0u8; K];
    loop {
        all.push(v);
        // The next non-decreasing sequence, in index order.
        let Some(i) = (0..K).rev().find(|&i| v[i] < 12) else {
            break;
        };
        v[i] += 1;
        for j in i + 1..K {
            v[j] = v[i];
        }
    }
    all.sort_by_key(|&m| multiset_index(m));
    all
}

/// [`Scalar`]'s value of five cards of these ranks, dealt so that they make
/// no flush (`flush` false: suits in turn) or all of one suit.
fn five_value(ranks: [u8; 5], flush: bool) -> u16 {
    let suits = [Suit::Clubs, Suit::Diamonds, Suit::Hearts, Suit::Spades];
    let cards = core::array::from_fn(|i| {
        let suit = if flush { Suit::Clubs } else { suits[i % 4] };
        Card::new(Rank::from_index(ranks[i]).expect("a rank"), suit)
    });
    let hand = Hand::new(cards).expect("distinct cards");
    Scalar::strength(Scalar::encode(&hand)) as u16
}

/// The tables, made on first use from [`Scalar`]'s five-card values (which
/// its build script takes from the reference): nothing is checked in.
pub fn tables() -> &'static Tables {
    static TABLES: OnceLock<Tables> = OnceLock::new();
    TABLES.get_or_init(make)
}

fn make() -> Tables {
    let started = Instant::now();
    let pairs = multisets::<2>();
    let triples = multisets::<3>();
    // Every pair of hole ranks with every triple of board ranks: the value of
    // the five (0 where a rank would appear five times).
    let mut five = vec![0u16; pairs.len() * triples.len()];
    for (p, pair) in pairs.iter().enumerate() {
        for (t, triple) in triples.iter().enumerate() {
            let mut ranks = [pair[0], pair[1], triple[0], triple[1], triple[2]];
            ranks.sort_unstable();
            if ranks.windows(5).all(|w| w[0] != w[4]) {
                five[p * triples.len() + t] = five_value(ranks, false);
            }
        }
    }
    let holes = multisets::<4>();
    let boards = multisets::<5>();
    // Each hole's six pairs and each board's ten triples, by index.
    let hole_pairs: Vec<[usize; 6]> = holes
        .iter()
        .map(|h| {
            let mut out = [0; 6];
            let mut n = 0;
            for i in 0..4 {
                for j in i + 1..4 {
                    out[n] = multiset_index([h[i], h[j]]);
                    n += 1;
                }
            }
            out
        })
        .collect();
    let board_triples: Vec<[usize; 10]> = boards
        .iter()
        .map(|b| {
            let mut out = [0; 10];
            let mut n = 0;
            for i in 0..5 {
                for j in i + 1..5 {
                    for k in j + 1..5 {
                        out[n] = multiset_index([b[i], b[j], b[k]]);
                        n += 1;
                    }
                }
            }
            out
        })
        .collect();
    let counts = |ranks: &[u8]| {
        let mut c = [0u8; 13];
        for &r in ranks {
            c[r as usize] += 1;
        }
        c
    };
    let hole_counts: Vec<[u8; 13]> = holes.iter().map(|h| counts(h)).collect();

    let mut no_flush = vec![0u16; BOARD_MULTISETS * HOLE_MULTISETS];
    let threads = std::thread::available_parallelism().map_or(1, usize::from);
    let rows = BOARD_MULTISETS.div_ceil(threads);
    std::thread::scope(|s| {
        for (chunk, out) in no_flush.chunks_mut(rows * HOLE_MULTISETS).enumerate() {
            let (five, boards, board_triples, hole_pairs, hole_counts) =
                (&five, &boards, &board_triples, &hole_pairs, &hole_counts);
            let triples = triples.len();
            s.spawn(move || {
                for (row, out) in out.chunks_mut(HOLE_MULTISETS).enumerate() {
                    let b = chunk * rows + row;
                    let board = counts(&boards[b]);
                    for (h, slot) in out.iter_mut().enumerate() {
                        if (0..13).any(|r| board[r] + hole_counts[h][r] > 4) {
                            continue;
                        }
                        let mut best = 0;
                        for &p in &hole_pairs[h] {
                            for &t in &board_triples[b] {
                                best = best.max(five[p * triples + t]);
                            }
                        }
                        *slot = best;
                    }
                }
            });
        }
    });

    let mut flush = make_flush();
    // A spare entry after each table: a gather's 4-byte read of the last
    // real entry ends inside it.
    no_flush.push(0);
    flush.push(0);
    Tables {
        no_flush,
        flush,
        generated_in: started.elapsed(),
    }
}

/// The flush table: every set of two to four suited hole ranks with every
/// set of three to five suited board ranks, disjoint (one suit holds each
/// rank once), the best of its fives of two and three.
fn make_flush() -> Vec<u16> {
    let sets = |sizes: core::ops::RangeInclusive<u32>| -> Vec<u32> {
        let mut v: Vec<u32> = (0u32..1 << 13)
            .filter(|m| sizes.contains(&m.count_ones()))
            .collect();
        v.sort_by_key(|&m| (m.count_ones(), set_index(m)));
        v
    };
    let hole_sets = sets(2..=4);
    let board_sets = sets(3..=5);
    let mut flush = vec![0u16; BOARD_SETS * HOLE_SETS];
    let mut flush_five = std::collections::HashMap::new();
    for &board in &board_sets {
        for &hole in &hole_sets {
            if board & hole != 0 {
                continue;
            }
            let mut best = 0;
            for p in subsets(hole, 2) {
                for t in subsets(board, 3) {
                    let m = p | t;
                    let v = *flush_five.entry(m).or_insert_with(|| {
                        let mut ranks = [0u8; 5];
                        for (i, r) in (0..13u8).filter(|r| m & 1 << r != 0).enumerate() {
                            ranks[i] = r;
                        }
                        five_value(ranks, true)
                    });
                    best = best.max(v);
                }
            }
            flush[board_set_slot(board) * HOLE_SETS + hole_set_slot(hole)] = best;
        }
    }
    flush
}

/// The subsets of `mask` with `k` ranks.
fn subsets(mask: u32, k: u32) -> impl Iterator<Item = u32> {
    let mut sub = mask;
    core::iter::from_fn(move || {
        while sub != 0 {
            let s = sub;
            sub = (sub - 1) & mask;
            if s.count_ones() == k {
                return Some(s);
            }
        }
        None
    })
}

#[inline(always)]
fn hole_set_slot(mask: u32) -> usize {
    HOLE_SET_START[mask.count_ones() as usize] + set_index(mask)
}

#[inline(always)]
fn board_set_slot(mask: u32) -> usize {
    BOARD_SET_START[mask.count_ones() as usize] + set_index(mask)
}

/// The value of an Omaha hand: one read of the no-flush table, and where
/// the board has three cards of a suit and the hole two, one of the flush
/// table; the better of the two (a full house or quads beats a flush).
#[inline(always)]
fn evaluate(t: &Tables, hand: &Omaha4) -> u32 {
    let cards = hand.hand();
    let cards = cards.as_cards();
    let rank = |c: &Card| c.index() >> 2;
    let hole = sort([0, 1, 2, 3].map(|i| rank(&cards[i])), &SORT4);
    let board = sort([4, 5, 6, 7, 8].map(|i| rank(&cards[i])), &SORT5);
    let slot = multiset_index(board) * HOLE_MULTISETS + multiset_index(hole);
    let mut value = t.no_flush[slot];
    // Suit counters in nibbles: plus 6 a hole nibble reaches 8 at two
    // cards, plus 5 a board nibble at three; at most one suit does both.
    let (mut hole_suits, mut board_suits) = (0u32, 0u32);
    for (i, c) in cards.iter().enumerate() {
        let counter = 1 << (4 * (c.index() & 3));
        if i < 4 {
            hole_suits += counter;
        } else {
            board_suits += counter;
        }
    }
    let suit = (hole_suits + 0x6666) & (board_suits + 0x5555) & 0x8888;
    if suit != 0 {
        let s = suit.trailing_zeros() / 4;
        let (mut hole_ranks, mut board_ranks) = (0u32, 0u32);
        for (i, c) in cards.iter().enumerate() {
            if u32::from(c.index() & 3) == s {
                if i < 4 {
                    hole_ranks |= 1 << rank(c);
                } else {
                    board_ranks |= 1 << rank(c);
                }
            }
        }
        value =
            value.max(t.flush[board_set_slot(board_ranks) * HOLE_SETS + hole_set_slot(hole_ranks)]);
    }
    u32::from(value)
}

/// PHEvaluator's Omaha method: a hash of the board's rank multiset and of
/// the hole's into one no-flush table, a flush table by the flush suit's
/// ranks; tables made in the lab on first use. See the
/// [crate documentation](crate#omaha).
#[derive(Clone, Copy, Debug, Default)]
pub struct Omaha;

impl BestFive<Omaha4> for Omaha {
    const NAME: &'static str = "perfhash/omaha";
    const FAMILY: Family = crate::FAMILY;
    const ROLE: Role = Role::Tuned;
    const DERIVED_FROM: Option<&'static str> = Some(<Scalar as Evaluator>::NAME);
    const SUMMARY: &'static str = "PHEvaluator's Omaha method: board and hole rank multisets hashed into one no-flush table, the flush suit's ranks into a flush table; tables made in the lab on first use";
    const TABLE_BYTES: usize = TABLE_BYTES;

    type Five = Scalar;
    type Strength = u32;

    #[inline]
    fn category(hand: &Omaha4) -> Category {
        category_of(evaluate(tables(), hand))
    }

    #[inline]
    fn strength(hand: &Omaha4) -> u32 {
        evaluate(tables(), hand)
    }

    fn strengths(hands: &[Omaha4], out: &mut [u32]) {
        let t = tables();
        for (hand, out) in hands.iter().zip(out) {
            *out = evaluate(t, hand);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn multiset_and_set_indices_are_dense() {
        let holes = multisets::<4>();
        assert_eq!(holes.len(), HOLE_MULTISETS);
        assert!(
            holes
                .iter()
                .enumerate()
                .all(|(i, &h)| multiset_index(h) == i)
        );
        let boards = multisets::<5>();
        assert_eq!(boards.len(), BOARD_MULTISETS);
        assert!(
            boards
                .iter()
                .enumerate()
                .all(|(i, &b)| multiset_index(b) == i)
        );
        let mut seen = vec![false; HOLE_SETS];
        for m in (0u32..1 << 13).filter(|m| (2..=4).contains(&m.count_ones())) {
            assert!(!core::mem::replace(&mut seen[hole_set_slot(m)], true));
        }
        assert!(seen.iter().all(|&s| s));
        let mut seen = vec![false; BOARD_SETS];
        for m in (0u32..1 << 13).filter(|m| (3..=5).contains(&m.count_ones())) {
            assert!(!core::mem::replace(&mut seen[board_set_slot(m)], true));
        }
        assert!(seen.iter().all(|&s| s));
    }

    #[test]
    fn sorting_networks_sort() {
        for x in 0u32..13u32.pow(4) {
            let v: [u8; 4] = core::array::from_fn(|i| (x / 13u32.pow(i as u32) % 13) as u8);
            let mut s = v;
            s.sort_unstable();
            assert_eq!(sort(v, &SORT4), s);
        }
        for x in 0u32..13u32.pow(5) {
            let v: [u8; 5] = core::array::from_fn(|i| (x / 13u32.pow(i as u32) % 13) as u8);
            let mut s = v;
            s.sort_unstable();
            assert_eq!(sort(v, &SORT5), s);
        }
    }
}
