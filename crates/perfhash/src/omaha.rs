//! PHEvaluator's Omaha method: the board's rank multiset and the hole's
//! rank multiset hashed into one no-flush table, the flush suit's ranks
//! into a flush table.

use std::format;
use std::sync::OnceLock;
use std::vec;
use std::vec::Vec;

use handeval_cache::{Origin, Recipe, Sample, fingerprint};

use handeval_core::{
    BINOMIAL, BestFive, Card, Category, Evaluator, Generated, Hand, Omaha4, Rank, Role, Suit,
};

use crate::{Scalar, category_of};

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
        index += BINOMIAL[r as usize + i][i + 1] as usize;
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
        index += BINOMIAL[r][i + 1] as usize;
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

/// The two tables and where they came from.
pub struct Tables {
    /// [`Scalar`]'s value of the best five without a flush, by `board *
    /// HOLE_MULTISETS + hole` multiset indices; 0 where the two multisets
    /// hold a rank more than four times. One spare 0 at the end.
    pub no_flush: Vec<u16>,
    /// [`Scalar`]'s value of the best flush or straight flush, by `board *
    /// HOLE_SETS + hole` set indices of the flush suit's ranks; 0 where
    /// none can be made. One spare 0 at the end.
    pub flush: Vec<u16>,
    /// Generated in this process (and how long that took), or read from
    /// the build directory's cache.
    pub origin: Origin,
}

impl Tables {
    /// What a run records of them.
    #[must_use]
    pub fn generated(&self) -> Generated {
        RECIPE.record(&self.origin, TABLE_BYTES)
    }
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

/// What decides the tables: this generator, [`Scalar`]'s values (its code
/// and the build script's tables), the lengths.
const RECIPE: Recipe<2> = Recipe {
    name: "perfhash-omaha",
    fingerprint: fingerprint(&[
        include_bytes!("omaha.rs"),
        include_bytes!("lib.rs"),
        &crate::tables::DIGEST.to_le_bytes(),
    ]),
    lens: [
        BOARD_MULTISETS * HOLE_MULTISETS + 1,
        BOARD_SETS * HOLE_SETS + 1,
    ],
};

/// The tables, on first use: read from the build directory's cache if the
/// file there is the one [`generate`] would make (see [`handeval_cache`]),
/// otherwise generated from [`Scalar`]'s five-card values (which its build
/// script takes from the reference) and saved. Nothing is checked in.
pub fn tables() -> &'static Tables {
    static TABLES: OnceLock<Tables> = OnceLock::new();
    TABLES.get_or_init(|| {
        let ([no_flush, flush], origin) = RECIPE.load_or_make(generate, check);
        Tables {
            no_flush,
            flush,
            origin,
        }
    })
}

/// The tables through a cache folder `dir` of their own (a fresh one):
/// generated and saved there, then read back. Returns what was generated,
/// what was read, and whether the second came from the file (it must,
/// unless the folder could not be written). The tests hold the cache to
/// the generator with it on every machine, a cold cache included.
#[doc(hidden)]
pub fn through_cache(dir: &std::path::Path) -> ([Vec<u16>; 2], [Vec<u16>; 2], bool) {
    let folder = handeval_cache::Folder::Own(dir);
    let (made, _) = RECIPE.load_or_make_in(folder, generate, check);
    let (read, origin) = RECIPE.load_or_make_in(folder, generate, check);
    (made, read, !origin.generated())
}

/// The no-flush and the flush table, generated now on every core.
#[must_use]
pub fn generate() -> [Vec<u16>; 2] {
    let mut no_flush = make_no_flush();
    let mut flush = make_flush();
    // A spare entry after each table: a gather's 4-byte read of the last
    // real entry ends inside it.
    no_flush.push(0);
    flush.push(0);
    [no_flush, flush]
}

/// How many entries of each table [`check`] recomputes.
const CHECKED: usize = 2048;

/// Recomputes a seeded sample of entries of each table the direct way (the
/// best of the sixty fives by [`Scalar`], no intermediate table) and the
/// spare entries: a cached file must hold what [`generate`] makes.
fn check(t: &[Vec<u16>; 2]) -> Result<(), std::string::String> {
    let [no_flush, flush] = t;
    if no_flush.last() != Some(&0) || flush.last() != Some(&0) {
        return Err("a spare entry is not 0".into());
    }
    // The same slots every time.
    let mut sample = Sample::new(0x0e1a_5eed);
    let holes = multisets::<4>();
    let boards = multisets::<5>();
    for _ in 0..CHECKED {
        let slot = sample.below(BOARD_MULTISETS * HOLE_MULTISETS);
        let (board, hole) = (boards[slot / HOLE_MULTISETS], holes[slot % HOLE_MULTISETS]);
        let direct = no_flush_entry(board, hole);
        if no_flush[slot] != direct {
            return Err(format!(
                "no_flush[{slot}] (board ranks {board:?}, hole {hole:?}) is {}, not {direct}",
                no_flush[slot]
            ));
        }
    }
    let hole_sets = sets(2..=4);
    let board_sets = sets(3..=5);
    for _ in 0..CHECKED {
        let slot = sample.below(BOARD_SETS * HOLE_SETS);
        let (board, hole) = (board_sets[slot / HOLE_SETS], hole_sets[slot % HOLE_SETS]);
        let direct = flush_entry(board, hole);
        if flush[slot] != direct {
            return Err(format!(
                "flush[{slot}] (board ranks {board:#x}, hole {hole:#x}) is {}, not {direct}",
                flush[slot]
            ));
        }
    }
    Ok(())
}

/// The no-flush entry of a board's and a hole's rank multisets, the direct
/// way: 0 if they hold a rank five times, otherwise the best of the sixty
/// fives of two hole ranks and three board ranks.
fn no_flush_entry(board: [u8; 5], hole: [u8; 4]) -> u16 {
    let mut count = [0u8; 13];
    for &r in board.iter().chain(&hole) {
        count[r as usize] += 1;
    }
    if count.iter().any(|&c| c > 4) {
        return 0;
    }
    let mut best = 0;
    for (i, j) in PAIRS {
        for (a, b, c) in TRIPLES {
            let mut ranks = [hole[i], hole[j], board[a], board[b], board[c]];
            ranks.sort_unstable();
            best = best.max(five_value(ranks, false));
        }
    }
    best
}

/// The flush entry of a board's and a hole's suited rank sets, the direct
/// way: 0 if they share a rank, otherwise the best of their fives.
fn flush_entry(board: u32, hole: u32) -> u16 {
    if board & hole != 0 {
        return 0;
    }
    let mut best = 0;
    for p in subsets(hole, 2) {
        for t in subsets(board, 3) {
            best = best.max(five_value(ranks_of(p | t), true));
        }
    }
    best
}

/// The ranks of a five-rank mask, ascending.
fn ranks_of(mask: u32) -> [u8; 5] {
    let mut ranks = [0u8; 5];
    for (i, r) in (0..13u8).filter(|r| mask & 1 << r != 0).enumerate() {
        ranks[i] = r;
    }
    ranks
}

/// Two of the four hole cards, three of the five board cards.
const PAIRS: [(usize, usize); 6] = [(0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3)];
const TRIPLES: [(usize, usize, usize); 10] = [
    (0, 1, 2),
    (0, 1, 3),
    (0, 1, 4),
    (0, 2, 3),
    (0, 2, 4),
    (0, 3, 4),
    (1, 2, 3),
    (1, 2, 4),
    (1, 3, 4),
    (2, 3, 4),
];

/// The rank sets with a size in `sizes`, in slot order.
fn sets(sizes: core::ops::RangeInclusive<u32>) -> Vec<u32> {
    let mut v: Vec<u32> = (0u32..1 << 13)
        .filter(|m| sizes.contains(&m.count_ones()))
        .collect();
    v.sort_by_key(|&m| (m.count_ones(), set_index(m)));
    v
}

/// Every pair of board and hole rank multisets, on every core.
fn make_no_flush() -> Vec<u16> {
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

    no_flush
}

/// The flush table: every set of two to four suited hole ranks with every
/// set of three to five suited board ranks, disjoint (one suit holds each
/// rank once), the best of its fives of two and three.
fn make_flush() -> Vec<u16> {
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
                    let v = *flush_five
                        .entry(m)
                        .or_insert_with(|| five_value(ranks_of(m), true));
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
    const META: handeval_core::Meta = handeval_core::Meta {
        name: "perfhash/omaha",
        summary: "PHEvaluator's Omaha method: board and hole rank multisets hashed into one no-flush table, the flush suit's ranks into a flush table; tables made in the lab on first use",
        family: crate::FAMILY,
        role: Role::Tuned,
        derived_from: Some(<Scalar as Evaluator>::META.name),
        table_bytes: TABLE_BYTES,
        card_table_bytes: 0,
    };

    type Five = Scalar;
    type Strength = u32;

    fn generated() -> Option<Generated> {
        Some(tables().generated())
    }

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
    fn the_cache_check_refuses_a_changed_entry_of_either_table() {
        let mut t = generate();
        assert_eq!(check(&t), Ok(()));
        // Every value nudged: whichever entries the check samples differ.
        for table in 0..2 {
            let saved = t[table].clone();
            for v in t[table].iter_mut().filter(|v| **v != 0) {
                *v ^= 1;
            }
            let refused = check(&t).expect_err("a changed table passed");
            let name = ["no_flush[", "flush["][table];
            assert!(refused.starts_with(name), "{refused}");
            t[table] = saved;
        }
        t[1].push(0);
        t[1].pop();
        *t[0].last_mut().unwrap() = 1;
        assert_eq!(check(&t), Err("a spare entry is not 0".into()));
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
