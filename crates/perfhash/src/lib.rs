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
//!   slots. 1,410 offsets of 4 bytes and 9,059 values of 2.
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
//! | [`BestOf6`] (`perfhash/best-of-6`) | tuned, six cards | the best of the six five-card hands by [`Scalar`] |
//! | [`BestOf21`] (`perfhash/best-of-21`) | tuned, seven cards | the best of the 21 five-card hands by [`Scalar`] |
//! | [`Seven`] (`perfhash/seven`) | tuned, seven cards | OMPEval's seven-card method: seven keys summed, one lookup; [`Scalar`]'s value of the best five |
//! | [`SevenSimd`] (`perfhash/seven-simd`) | SIMD, seven cards | [`Seven`]'s key sums in 16-bit lanes, its lookups as gathers, AVX-512 or AVX2; same values |
//! | [`BestOf60`] (`perfhash/best-of-60`) | tuned, Omaha | the best of the 60 fives of two hole and three board cards by [`Scalar`] |
//! | [`BestOf100`] (`perfhash/best-of-100`) | tuned, five-card Omaha | the best of the 100 fives of two hole and three board cards by [`Scalar`] |
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
//!   and 51,356 slots. Each slot holds [`Scalar`]'s value of the best five
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
//! # Not ported
//!
//! OMPEval's incremental `Hand` type (cards added one at a time), its
//! equity calculator and its ARM paths.
#![no_std]

mod best_of;
mod seven;
mod seven_simd;
mod simd;

pub use best_of::{BestOf6, BestOf21, BestOf60, BestOf100};
pub use seven::{CARD_KEYS7, Seven};
pub use seven_simd::SevenSimd;
pub use simd::Simd;

/// Registers the family's evaluators, in report order.
pub fn register(r: &mut impl handeval_core::Register) {
    r.five::<Scalar>();
    r.five::<Simd>();
    r.add::<handeval_core::Hand6, BestOf6>();
    r.add::<handeval_core::Hand7, BestOf21>();
    r.add::<handeval_core::Hand7, Seven>();
    r.add::<handeval_core::Hand7, SevenSimd>();
    r.add::<handeval_core::Omaha4, BestOf60>();
    r.add::<handeval_core::Omaha5, BestOf100>();
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

/// The slot of a rank key in [`LOOKUP`], clamped so that no key, even one
/// no hand makes, reads outside the table.
#[inline(always)]
fn slot(rank_key: u32) -> usize {
    let row = (rank_key >> ROW_SHIFT) as usize;
    let offset = OFFSETS[row.min(OFFSETS.len() - 1)];
    (rank_key.wrapping_add(offset) as usize).min(LOOKUP.len() - 1)
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
    const NAME: &'static str = "perfhash/scalar";
    const FAMILY: Family = FAMILY;
    const ROLE: Role = Role::Tuned;
    const SUMMARY: &'static str = "OMPEval-style: rank keys summed, row-displacement perfect hash, flush table by rank mask; tables from the reference";
    const TABLE_BYTES: usize = TABLE_BYTES;
    const CARD_TABLE_BYTES: usize = CardTable::<u64>::BYTES;

    /// Rank key, suit counters and rank bits, summed over the five cards.
    type Encoded = u64;
    /// `category << 12 | n`, `n` from 1 within the category.
    type Strength = u32;

    #[inline(always)]
    fn encode(hand: &Hand) -> u64 {
        let [a, b, c, d, e] = CARD_KEYS.of_hand(hand);
        a + b + c + d + e
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
