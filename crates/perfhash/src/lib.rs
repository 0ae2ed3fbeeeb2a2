//! A perfect-hash five-card evaluator in the style of OMPEval, with tables
//! generated from the lab's reference evaluator, scalar and with SIMD gathers.
//!
//! It answers the skeptic's question about the table-free SIMD evaluators:
//! would the perfect hash win if it were vectorised too? `pokers` keeps its
//! tables private, so the lab builds its own, the way OMPEval does (Henri
//! Ahola, <https://github.com/zekyll/OMPEval>, `HandEvaluator.cpp`), for five
//! cards. The ideas are OMPEval's; the code and the tables are this lab's.
//!
//! # The idea
//!
//! - **Rank keys.** Each rank has a key such that the sum of the keys of any
//!   multiset of up to five ranks (at most four of a rank) identifies the
//!   multiset: `0, 1, 5, 22, 94, ..., 79415` for 2 through A, the smallest
//!   increasing keys with that property, found by the build script. A
//!   hand's rank key is the sum of its cards' keys, below 2^19.
//! - **Suit counters.** Above the rank key each card adds one to a 3-bit
//!   counter of its suit (bits 19..31). Five cards of a suit make `0b101`;
//!   no other count up to five has both its bits 0 and 2 set, so a flush is
//!   `key & key << 2 & 0b100_100_100_100 << 19 != 0`.
//! - **Rank mask.** Above that, each card's rank bit (bits 32..45 of a
//!   `u64`); in a flush the ranks are distinct, so the sum is the 13-bit mask.
//! - **Perfect hash.** The 6,175 rank keys of five-card hands are spread
//!   over 0..360,919; row displacement squeezes them into 9,059 slots: the
//!   key's bits 8 and up choose a row, and `slot = key + OFFSETS[row]`
//!   (wrapping), each row's offset chosen so that its keys land on free
//!   slots. 1,410 offsets of 4 bytes and 9,059 values of 2, each table
//!   padded with zeros to a power of two (2,048 and 16,384) so that a mask
//!   bounds its index: one AND where a clamp took a compare and a move (the
//!   padding is never read by a hand; the reported table bytes include it).
//! - **Flush table.** 8,192 values by the 13-bit rank mask.
//!
//! So a hand is five table reads (one per card) and four adds to encode, and
//! two dependent reads (offset, value) or one (flush) to evaluate. The value
//! is `category << 12 | n` with `n` counting from 1 within the category,
//! generated from the reference's order: the build script ranks every
//! distinct strength the reference gives (7,462 of them), and nothing is
//! checked in but the generator.
//!
//! Worked example, `Ah Ad 7c 7s 2d`: the rank keys sum to `2 * 79415 + 2 *
//! 312 + 0 = 159454`; the suit counters are clubs 1, diamonds 2, hearts 1,
//! spades 1 (no flush); the row is `159454 >> 8 = 622`, and the slot
//! `159454 + OFFSETS[622]` holds two pair's value for aces and sevens with a
//! deuce:
//!
//! ```
//! use handeval_core::{Category, Evaluator, Hand};
//! use handeval_perfhash::{OFFSETS, RANK_KEYS, ROW_SHIFT, Scalar};
//!
//! let hand: Hand = "Ah Ad 7c 7s 2d".parse().unwrap();
//! let sum = Scalar::encode(&hand);
//! let rank_key = 2 * RANK_KEYS[12] + 2 * RANK_KEYS[5] + RANK_KEYS[0];
//! assert_eq!(rank_key, 159454);
//! assert_eq!(sum as u32 & ((1 << 19) - 1), rank_key);
//! assert_eq!(rank_key >> ROW_SHIFT, 622);
//! let slot = rank_key.wrapping_add(OFFSETS[622]) as usize;
//! let value = u32::from(handeval_perfhash::LOOKUP[slot]);
//! assert_eq!(Scalar::strength(sum), value);
//! assert_eq!(Scalar::category(sum), Category::TwoPair);
//! assert_eq!(value >> 12, Category::TwoPair as u32);
//! ```
//!
//! # The variants
//!
//! | variant | role | what it is |
//! |---|---|---|
//! | [`Scalar`] (`perfhash/scalar`) | tuned | one hand at a time, as OMPEval evaluates |
//! | [`Simd`] (`perfhash/simd`) | SIMD | the same lookups as gathers: 16 hands per AVX-512 instruction, 8 per AVX2 |
//! | [`BestOf<Scalar>`](handeval_core::BestOf) (`perfhash/best-of-6`) | tuned, six cards | the best of the six five-card hands by [`Scalar`] |
//! | [`BestOf<Scalar>`](handeval_core::BestOf) (`perfhash/best-of-21`) | tuned, seven cards | the best of the 21 five-card hands by [`Scalar`] |
//! | [`Seven`] (`perfhash/seven`) | tuned, seven cards | OMPEval's seven-card method: seven keys summed, one lookup; [`Scalar`]'s value of the best five |
//! | [`SevenSimd`] (`perfhash/seven-simd`) | SIMD, seven cards | [`Seven`]'s key sums in 16-bit lanes, its lookups as gathers, AVX-512 or AVX2; same values |
//! | [`BestOf<Scalar>`](handeval_core::BestOf) (`perfhash/best-of-60`) | tuned, Omaha | the best of the 60 fives of two hole and three board cards by [`Scalar`] |
//! | [`Omaha`] (`perfhash/omaha`) | tuned, Omaha | PHEvaluator's Omaha method: the board's and the hole's rank multisets hashed into one no-flush table, the flush suit's ranks into a flush table; [`Scalar`]'s values |
//! | [`OmahaSimd`] (`perfhash/omaha-simd`) | SIMD, Omaha | [`Omaha`]'s indices in 16-bit lanes, its reads as gathers, AVX-512 or AVX2 |
//! | [`BestOf<Scalar>`](handeval_core::BestOf) (`perfhash/best-of-100`) | tuned, five-card Omaha | the best of the 100 fives of two hole and three board cards by [`Scalar`] |
//!
//! # Seven cards
//!
//! [`Seven`] evaluates seven cards the way OMPEval (and `pokers`) do, in
//! one lookup rather than 21:
//!
//! - **Rank keys** ([`RANK_KEYS7`]): OMPEval's thirteen keys (`RANKS` in its
//!   `HandEvaluator.h`), whose sums over the 49,205 multisets of seven ranks
//!   (at most four of a rank) are distinct and below 2^25; the build script
//!   checks both rather than trusting them. (The five-card keys' greedy
//!   search, run for seven cards, is too slow for an unoptimised build script.)
//! - **Suit counters**: each card adds 1 to its suit's nibble at bits
//!   32..48; plus 3, a nibble reaches 8 (its top bit) exactly when its suit
//!   holds five or more of the seven cards.
//! - **Perfect hash** ([`OFFSETS7`], [`LOOKUP7`]): the same row displacement
//!   as for five cards, with rows of 4,096 ([`ROW_SHIFT7`]): 8,191 offsets
//!   and 51,356 slots, padded to 8,192 and 65,536 as above. Each slot holds [`Scalar`]'s value of the best five
//!   of its rank multiset (no flush), the best of the 21 fives' five-card
//!   values, all computed by the build script from the reference's order.
//! - **Flush table** ([`FLUSH7`]): by the flush suit's 13-bit rank mask (five
//!   to seven ranks), the best of its five-rank subsets' flush values.
//!
//! A flush is about one seven-card hand in 33, so the flush suit's ranks are
//! gathered from the cards on a cold path; everything else is seven card
//! reads, six adds and two dependent reads (offset, value).
//!
//! Worked example, `Ah Ad 7c 7s 7d 2d 3h`: no suit has five cards; the key
//! sum is `2 * key(A) + 3 * key(7) + key(2) + key(3)`, and its slot holds
//! the full house sevens over aces:
//!
//! ```
//! use handeval_core::{BestFive, Category, Evaluator, Hand, Hand7};
//! use handeval_perfhash::{LOOKUP7, OFFSETS7, RANK_KEYS7, ROW_SHIFT7, Scalar, Seven};
//!
//! let hand: Hand7 = "Ah Ad 7c 7s 7d 2d 3h".parse().unwrap();
//! let key = 2 * RANK_KEYS7[12] + 3 * RANK_KEYS7[5] + RANK_KEYS7[0] + RANK_KEYS7[1];
//! let slot = key.wrapping_add(OFFSETS7[(key >> ROW_SHIFT7) as usize]) as usize;
//! let value = u32::from(LOOKUP7[slot]);
//! assert_eq!(Seven::strength(&hand), value);
//! let best: Hand = "7c 7s 7d Ah Ad".parse().unwrap();
//! assert_eq!(value, Scalar::strength(Scalar::encode(&best)));
//! assert_eq!(Seven::category(&hand), Category::FullHouse);
//! ```
//!
//! # Omaha
//!
//! [`Omaha`] is the direct-hash Omaha method of PHEvaluator (Henry Lee,
//! <https://github.com/HenryRLee/PokerHandEvaluator>, `evaluate_plo4_cards`
//! and, for five hole cards, `cpp/src/evaluator_plo5.c` at commit 389e598):
//! no five is tried at run time; every answer is one or two table reads.
//! The ideas are PHEvaluator's; the code and the tables are this lab's.
//!
//! - **No-flush table** ([`omaha::Tables::no_flush`]): by the board's rank
//!   multiset (5 of 13 ranks, 6,188 indices) and the hole's (4 of 13, 1,820),
//!   `board * 1820 + hole`, 11,262,160 entries of 2 bytes, each [`Scalar`]'s
//!   value of the best five of two hole ranks and three board ranks.
//!   PHEvaluator hashes the per-rank counts with a loop over the 13 ranks
//!   and a dynamic-programming table; here the ranks are sorted (a network
//!   of 5 or 9 `min`/`max`, which vectorises) and the `i`-th lowest rank
//!   `r` adds `C(r + i, i + 1)`: the combinatorial number of the multiset,
//!   the same dense index.
//! - **Flush table** ([`omaha::Tables::flush`]): where the board has three
//!   or more cards of a suit and the hole two (at most one suit can), by the
//!   sets of that suit's ranks on the board (3 to 5 of 13: 2,288 indices)
//!   and in the hole (2 to 4: 1,079), 2,468,752 entries: the best flush or
//!   straight flush of two and three. PHEvaluator pads each set to five
//!   bits of 16 and hashes it; here each size has its own range. The
//!   value is the better of the two reads: in Omaha a full house or quads
//!   can beat a flush made by the same hand.
//! - **Generated on first use** ([`omaha::tables`]), from [`Scalar`]'s
//!   five-card values (themselves from the reference, by the build
//!   script): every pair of hole ranks with every triple of board ranks
//!   valued once (41,405 fives), then each of the 11 million entries the
//!   best of its 60 pairs and triples, on every core (under a second on
//!   two cores of a Zen 4). Nothing is checked in; 27.5 MB in all, far
//!   beyond any core's second-level cache.
//! - **Made once per build directory.** Generated tables are saved in
//!   `target/handeval-tables/` by [`handeval_cache`] and read by later
//!   processes (tests, `eval`, each benchmark process counted under
//!   callgrind, where generating them would take minutes), after checks
//!   that the file is what [`omaha::generate`] would make: a fingerprint of
//!   this crate's generator and of the five-card values in its name and
//!   header, each table's length and a checksum, and 2,048 seeded entries
//!   of each table recomputed from the 60 fives. [`omaha::Tables::origin`]
//!   says which happened.
//!
//! [`OmahaSimd`] computes the indices in 16-bit lanes (the sorting networks,
//! one register-held 16-entry word table per position, the flush suit's
//! sets from their lowest bits) and reads both tables with masked gathers.
//!
//! Worked example, `Ah Ad 7c 2s | Ac 7d 7h Ks 3s`: no suit has three board
//! cards, so one read. The hole's ranks sorted are `2 7 A A` (0, 5, 12,
//! 12): `C(0, 1) + C(6, 2) + C(14, 3) + C(15, 4) = 0 + 15 + 364 + 1365 =
//! 1744`; the board's `3 7 7 K A` (1, 5, 5, 11, 12): `C(1, 1) + C(6, 2) +
//! C(7, 3) + C(14, 4) + C(16, 5) = 1 + 15 + 35 + 1001 + 4368 = 5420`. Entry
//! `5420 * 1820 + 1744` holds the full house aces over sevens (`Ah Ad` with
//! `Ac 7d 7h`):
//!
//! ```
//! use handeval_core::{BestFive, Category, Evaluator, Hand, Omaha4};
//! use handeval_perfhash::omaha::{HOLE_MULTISETS, tables};
//! use handeval_perfhash::{Omaha, Scalar};
//!
//! let hand: Omaha4 = "Ah Ad 7c 2s | Ac 7d 7h Ks 3s".parse().unwrap();
//! let value = u32::from(tables().no_flush[5420 * HOLE_MULTISETS + 1744]);
//! assert_eq!(Omaha::strength(&hand), value);
//! let best: Hand = "Ah Ad Ac 7d 7h".parse().unwrap();
//! assert_eq!(value, Scalar::strength(Scalar::encode(&best)));
//! assert_eq!(Omaha::category(&hand), Category::FullHouse);
//! ```
//!
//! # Not ported
//!
//! OMPEval's incremental `Hand` type (cards added one at a time), its
//! equity calculator and its ARM paths.
#![no_std]

// Omaha's tables (27 MB) are made on first use, or read from the build
// directory's cache, which takes the standard library: its threads, its
// `OnceLock`, its files.
#[cfg(feature = "std")]
extern crate std;

#[cfg(feature = "std")]
pub mod omaha;
#[cfg(feature = "std")]
mod omaha_simd;
mod seven;
mod seven_simd;
mod simd;

#[cfg(feature = "std")]
pub use omaha::Omaha;
#[cfg(feature = "std")]
pub use omaha_simd::OmahaSimd;
pub use seven::{CARD_KEYS7, Seven, seven_cards};
pub use seven_simd::SevenSimd;
pub use simd::Simd;

/// Registers the family's evaluators, in report order.
pub fn register(r: &mut impl handeval_core::Register) {
    r.five::<Scalar>();
    r.five::<Simd>();
    r.best_of::<Scalar>(handeval_core::Games::Every);
    r.add::<handeval_core::Hand7, Seven>();
    r.add::<handeval_core::Hand7, SevenSimd>();
    #[cfg(feature = "std")]
    r.add::<handeval_core::Omaha4, Omaha>();
    #[cfg(feature = "std")]
    r.add::<handeval_core::Omaha4, OmahaSimd>();
}

use handeval_core::{CardTable, Category, Evaluator, Family, Hand, Role};

#[allow(missing_docs, clippy::unreadable_literal)]
mod tables {
    include!(concat!(env!("OUT_DIR"), "/tables.rs"));
}
pub use tables::{
    FLUSH, FLUSH7, LOOKUP, LOOKUP7, OFFSETS, OFFSETS7, RANK_KEYS, RANK_KEYS7, ROW_SHIFT, ROW_SHIFT7,
};

/// The family both variants belong to.
pub const FAMILY: Family = Family {
    name: "perfhash",
    title: "OMPEval-style perfect hash (C++), tables generated from the reference",
};

/// Bit where the suit counters start.
const SUIT_SHIFT: u32 = 19;
/// Bits 0 and 2 of each suit counter meet here when a suit has five cards.
const FLUSH_BITS: u32 = 0b100_100_100_100 << SUIT_SHIFT;
/// The rank key part of a key.
const RANK_KEY_MASK: u32 = (1 << SUIT_SHIFT) - 1;

/// A card's `u64`: rank key, suit counter, rank bit.
pub const CARD_KEYS: CardTable<u64> = handeval_core::card_table!(u64, |c| {
    let rank = c.rank().index() as usize;
    RANK_KEYS[rank] as u64 | 1 << (SUIT_SHIFT + 3 * c.suit().index() as u32) | 1 << (32 + rank)
});

/// Whether the suit counters of a key say flush.
#[inline(always)]
const fn is_flush(key: u32) -> bool {
    key & key << 2 & FLUSH_BITS != 0
}

/// The slot of a rank key in [`LOOKUP`]. Both tables' lengths are powers
/// of two, so a mask keeps any key, even one no hand makes, inside them:
/// one AND each, where a clamp costs a compare and a move.
#[inline(always)]
fn slot(rank_key: u32) -> usize {
    const _: () = assert!(OFFSETS.len().is_power_of_two() && LOOKUP.len().is_power_of_two());
    let row = (rank_key >> ROW_SHIFT) as usize & (OFFSETS.len() - 1);
    rank_key.wrapping_add(OFFSETS[row]) as usize & (LOOKUP.len() - 1)
}

/// The value of an encoded hand.
#[inline(always)]
fn evaluate(sum: u64) -> u32 {
    let key = sum as u32;
    let value = if is_flush(key) {
        FLUSH[((sum >> 32) & 0x1FFF) as usize]
    } else {
        LOOKUP[slot(key & RANK_KEY_MASK)]
    };
    u32::from(value)
}

/// The category of a value: its top four bits.
#[inline(always)]
fn category_of(value: u32) -> Category {
    Category::from_index_masked((value >> 12) as usize)
}

/// Bytes of the evaluation tables.
const TABLE_BYTES: usize = core::mem::size_of_val(&OFFSETS)
    + core::mem::size_of_val(&LOOKUP)
    + core::mem::size_of_val(&FLUSH);

/// The perfect hash, one hand at a time. See the [crate documentation](crate).
#[derive(Clone, Copy, Debug, Default)]
pub struct Scalar;

impl Evaluator for Scalar {
    const META: handeval_core::Meta = handeval_core::Meta {
        name: "perfhash/scalar",
        summary: "OMPEval-style: rank keys summed, row-displacement perfect hash, flush table by rank mask; tables from the reference",
        family: FAMILY,
        role: Role::Tuned,
        derived_from: None,
        table_bytes: TABLE_BYTES,
        card_table_bytes: CardTable::<u64>::BYTES,
    };

    /// Rank key, suit counters and rank bits, summed over the five cards.
    type Encoded = u64;
    /// `category << 12 | n`, `n` from 1 within the category.
    type Strength = u32;

    #[inline(always)]
    fn encode(hand: &Hand) -> u64 {
        let [a, b, c, d, e] = CARD_KEYS.of_hand(hand);
        // A tree of adds, not a chain.
        (a + b) + (c + d) + e
    }

    #[inline(always)]
    fn category(sum: u64) -> Category {
        category_of(evaluate(sum))
    }

    #[inline(always)]
    fn strength(sum: u64) -> u32 {
        evaluate(sum)
    }
}
