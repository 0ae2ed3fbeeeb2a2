//! The suit-bitmask evaluator from Kevin Watkins's C# series "Evaluating Poker
//! Hands" (cards-cs), ported to Rust, with variants that show what the BMI2
//! `pext` instruction buys.
//!
//! Original: Kevin Watkins, "A Set of Game" and "More Bit Representations"
//! (parts 1 and 3 of the series, <https://www.mrkwatkins.co.uk/>), and the
//! code at <https://github.com/MrKWatkins/cards-cs> (`PokerEvaluator.cs`,
//! `PokerHand.cs`). The ideas are his; the code and prose here are this lab's.
//!
//! # The layout
//!
//! A hand is one `u64` of four 16-bit suit sections. Within a section bit 0 is
//! a low ace (never set by a card; used for the wheel's value) and bits 1..=13
//! are the ranks 2..=A:
//!
//! ```text
//!  bit 63          48 47          32 31          16 15           0
//!     |    clubs     |   diamonds   |    hearts    |    spades    |
//!     --AKQJT98765432A--AKQJT98765432A--AKQJT98765432A--AKQJT98765432A
//!
//! Ks Kh 7d 7c 2s:
//!   spades   0b0001_0000_0000_0010  (K, 2)
//!   hearts   0b0001_0000_0000_0000  (K)
//!   diamonds 0b0000_0000_0100_0000  (7)
//!   clubs    0b0000_0000_0100_0000  (7)
//! ```
//!
//! # Horizontal reductions
//!
//! Folding the four sections onto each other with one operator answers a
//! question about every rank at once (`v | v >> 32`, then `| v >> 16`, keep 16 bits):
//!
//! - **OR16**, the ranks present: `0b0001_0000_0100_0010` (K, 7, 2) above. Its
//!   popcount is the number of distinct ranks: 5 for no pair, 4 for a pair,
//!   3 for two pair or trips, 2 for a full house or quads.
//! - **XOR16**, the ranks present an odd number of times: `0b0000_0000_0000_0010`
//!   (the 2) above: the kicker of a two pair, the singles of a pair, the trip
//!   of a full house.
//! - **AND16**, the ranks present in all four suits: the quad rank, if any.
//!
//! For trips, `sd = h & (h >> 32)` ANDs spades with diamonds and hearts with
//! clubs; any three suits include one of those two pairs, so
//! `(sd | sd >> 16) & 0xFFFF` is the trip rank.
//!
//! # The value
//!
//! `type << 27 | primary << 13 | secondary >> 1`: a 4-bit type (0 high card ..
//! 9 royal flush, its own type), a 14-bit primary rank mask (the ranks that
//! decide first: the pair, the trips, all five for a flush; the wheel uses
//! the low-ace bit, `0b11111`, so it ranks below 6-high) and a 13-bit
//! secondary mask (the kickers; never a low ace, hence `>> 1`). A higher
//! value is a stronger hand. Ordering examples from the series, all checked
//! in the tests: K-K-8-8-8 < K-K-K-8-8; 9-9-9-K-Q < J-J-J-9-8; Q-Q-J-J-K < K-K-3-3-2.
//!
//! # The variants
//!
//! | variant | role | ported from | what it is |
//! |---|---|---|---|
//! | [`Reductions`] (`pext/reductions`) | faithful | `PokerEvaluator.cs` at 0fa01d1 (2022-06-18) | upstream today: an if-chain on the number of distinct ranks, reductions only |
//! | [`PextTrips`] (`pext/pext-trips`) | faithful | `PokerEvaluator.cs` at 2d21384 (2022-06-02) | upstream when its trips search used PEXT |
//! | [`Branchless`] (`pext/branchless`) | tuned | derived from [`Reductions`] | the same value with no branch on the hand's shape |
//! | [`Portable`] (`pext/portable`) | tuned | derived from [`Branchless`] | from a 52-bit card set, suits gathered by software PEXT |
//! | [`Bmi2`] (`pext/bmi2`) | tuned | derived from [`Portable`] | the same with the BMI2 `pext` instruction |
//! | [`Simd`] (`pext/simd`) | SIMD | derived from [`Branchless`] | the layout turned on its side: one 16-bit vector per suit section, one hand per lane, AVX-512 or AVX2; [`Branchless`]'s values |
//! | [`BestOf<PextTrips>`](handeval_core::BestOf) (`pext/upstream-21`) | faithful, seven cards | `PokerEvaluator.EvaluateSevenCardHand` at 2d21384 | the best of the 21 five-card hands by [`PextTrips`], as upstream evaluates seven cards |
//! | [`BestOf<Branchless>`](handeval_core::BestOf) (`pext/best-of-6`) | tuned, six cards | derived from [`Branchless`] | the best of the six five-card hands by [`Branchless`] |
//! | [`BestOf<Branchless>`](handeval_core::BestOf) (`pext/best-of-21`) | tuned, seven cards | derived from [`Branchless`] | the best of the 21 five-card hands by [`Branchless`] |
//! | [`Seven`] (`pext/seven`) | tuned, seven cards | derived from [`Branchless`] | seven cards in one 4x16 layout, evaluated directly; [`Branchless`]'s value of the best five |
//! | [`SevenSimd`] (`pext/seven-simd`) | SIMD, seven cards | derived from [`Seven`] | [`Seven`] turned on its side: one 16-bit vector per suit section, every type computed and the strongest selected, AVX-512 or AVX2; same values |
//! | [`BestOf<Branchless>`](handeval_core::BestOf) (`pext/best-of-60`) | tuned, Omaha | derived from [`Branchless`] | the best of the 60 fives of two hole and three board cards by [`Branchless`] |
//! | [`BestOf<Branchless>`](handeval_core::BestOf) (`pext/best-of-100`) | tuned, five-card Omaha | derived from [`Branchless`] | the best of the 100 fives of two hole and three board cards by [`Branchless`] |
//!
//! - [`Reductions`] tests the shapes in upstream's order, most common first,
//!   as an if-chain: upstream says it avoids a switch because a switch could
//!   not promise the order of evaluation.
//! - [`PextTrips`]: from April to June 2022 (80e13f8 through 2d21384)
//!   upstream found the trip rank by first trying the two triples of suits
//!   that need one shift (`(h >> 16) & sd`); failing those, it gathered the
//!   spades and clubs sections side by side with
//!   `ParallelBitExtract(hand, 0xFFFF00000000FFFF)` (or two shifts on CPUs
//!   without BMI2) and took their AND with `sd`. 5aa29f1 replaced all that with
//!   the fold above. Benchmarked beside [`Reductions`], it answers whether
//!   PEXT helped there.
//! - [`Branchless`] gives the same value with no branch on the hand's shape.
//!   Ranks held at least twice come from the pairwise ANDs of the sections;
//!   trips are those held an odd number of times; the primary mask is the
//!   highest non-empty count plane and the secondary is OR16 minus the
//!   primary. Shuffled hands make the branchy version mispredict.
//! - [`Bmi2`] and [`Portable`] take a hand as the series' other
//!   representation, a 52-bit *card set* (bit `4 * rank + suit`, the lab's
//!   card index), and turn it into the 4x16 layout before the branch-free
//!   evaluation. Gathering one suit's 13 rank bits out of the set is exactly
//!   a parallel bit extract: `pext(set, 0x1111_1111_1111_1 << suit)`. `Bmi2`
//!   issues the instruction (four per hand, replacing a 4x13 bit transpose);
//!   `Portable` runs the same code with a software PEXT, as a CPU without
//!   BMI2 must. The seed's own use of PEXT, compressing the layout into a
//!   52-bit index set, is the inverse of this job.
//! - [`Simd`] evaluates 32 hands per AVX-512 instruction (16 on AVX2): the
//!   4x16 layout turned on its side, one vector per suit section holding
//!   that section of every hand, so that the horizontal reductions become
//!   operations between four vectors. Same value as [`Branchless`].
//!
//! **PEXT's speed depends on the CPU.** It takes about 3 cycles on Intel since
//! Haswell and on AMD since Zen 3, but is microcoded on AMD Zen 1 and Zen 2
//! (tens to hundreds of cycles, depending on the mask), where [`Portable`] can
//! beat [`Bmi2`]. A report of these numbers must name the CPU it ran on.
//! [`Bmi2`] and [`PextTrips`] check for BMI2 at run time (once, cached) and
//! fall back to software, saying so through
//! [`Evaluator::unavailable`](handeval_core::Evaluator::unavailable).
//!
//! # Seven cards
//!
//! Upstream evaluates seven cards as the best of the 21 five-card subsets
//! (`EvaluateSevenCardHand`), checked upstream on category counts only;
//! [`BestOf<PextTrips>`](handeval_core::BestOf) is that, over the five-card evaluator of the same commit.
//! The layout itself extends to seven cards, and [`Seven`] evaluates them in
//! it directly: the seven card bits OR-ed into one `u64`, then
//!
//! - **flush**: a section holding five or more bits (a popcount per section;
//!   seven cards can fill at most one); the flush plays that section's top
//!   five ranks, or its highest run of five as a straight flush;
//! - **straights** on OR16 of the sections, with the ace copied to the
//!   low-ace bit so that the wheel is a run like any other: the bottoms of
//!   all runs are `m & m >> 1 & m >> 2 & m >> 3 & m >> 4`, and the highest
//!   one's run is five bits up from it;
//! - **counts from ANDs of sections**: with `s0..s3` the sections, ranks held
//!   twice are `s0&s1 | s2&s3 | (s0|s1)&(s2|s3)`, three times
//!   `s0&s1&(s2|s3) | s2&s3&(s0|s1)`, four times `s0&s1&s2&s3`;
//! - the best five from those sets: two trips or trips and a pair make a full
//!   house (the higher trips, then the best other rank held twice); three
//!   pairs play the top two and the best other rank as kicker; kickers are
//!   the highest remaining ranks, dropping at most the two lowest.
//!
//! The value is [`Branchless`]'s for the best five cards, so every tool reads
//! seven-card classes on the five-card scale. High card, pairs and trips
//! (nine in ten seven-card hands) go through one branch-free path; the other
//! types take a branch that is rarely taken. A six-card flush:
//!
//! ```
//! use handeval_core::{BestFive, Category, Evaluator, Hand, Hand7};
//! use handeval_pext::{Branchless, Seven, layout};
//!
//! let seven: Hand7 = "Ah Kh 9h 7h 5h 3h 2c".parse().unwrap();
//! let best: Hand = "Ah Kh 9h 7h 5h".parse().unwrap();
//! assert_eq!(Seven::category(&seven), Category::Flush);
//! assert_eq!(Seven::strength(&seven), Branchless::strength(layout(&best)));
//! ```
//!
//! # Not ported
//!
//! Upstream's card sets and collections, text parsing and formatting, and
//! `PokerHand`'s rank listing are not in the lab; the value is the same
//! 31-bit integer.
//!
//! ```
//! use handeval_core::{Category, Evaluator, Hand};
//! use handeval_pext::{Bmi2, Reductions, layout, or16};
//!
//! let hand: Hand = "Ks Kh 7d 7c 2s".parse().unwrap();
//! let h = layout(&hand);
//! assert_eq!(or16(h), 0b0001_0000_0100_0010);
//! assert_eq!(Reductions::category(h), Category::TwoPair);
//! assert_eq!(Bmi2::strength(Bmi2::encode(&hand)), Reductions::strength(h));
//! ```
//!
//! # Performance
//!
//! `cargo xtask bench --filter pext` times every variant; the README's
//! Results section has the figures and the CPU. The SIMD variant's path
//! (AVX-512, AVX2 or portable) is chosen at run time and recorded in each
//! result row.
#![no_std]

/// The family every evaluator in this crate belongs to.
pub const FAMILY: handeval_core::Family = handeval_core::Family {
    name: "pext",
    title: "cards-cs's suit-bitmask evaluator (C#): four 16-bit suit sections",
};

mod branchless;
mod card_set;
mod reductions;
mod seven;
mod seven_simd;
mod simd;

pub use branchless::Branchless;
pub use card_set::{Bmi2, Portable, pext_soft, sections_from_card_set};
pub use reductions::{PextTrips, Reductions};
pub use seven::Seven;
pub use seven_simd::SevenSimd;
pub use simd::Simd;

/// Registers the family's evaluators, in report order.
pub fn register(r: &mut impl handeval_core::Register) {
    r.five::<Reductions>();
    r.five::<PextTrips>();
    r.five::<Branchless>();
    r.five::<Portable>();
    r.five::<Bmi2>();
    r.five::<Simd>();
    // Upstream's seven-card method, which it shipped for seven cards only.
    r.best_of::<PextTrips>(handeval_core::Games::Only(&[
        <handeval_core::Hand7 as handeval_core::Game>::ID,
    ]));
    r.best_of::<Branchless>(handeval_core::Games::Every);
    r.add::<handeval_core::Hand7, Seven>();
    r.add::<handeval_core::Hand7, SevenSimd>();
}

use handeval_core::{CardTable, Category, Hand};

/// The 16-bit section of each suit: clubs 0 -> section 3 (bits 48..63),
/// diamonds -> 2, hearts -> 1, spades -> 0 (bits 0..15), as in the series.
#[inline(always)]
const fn section_of(suit_index: u8) -> u32 {
    3 - suit_index as u32
}

/// Each card's bit in the 4x16 layout.
pub const SECTION_BITS: CardTable<u64> = handeval_core::card_table!(u64, |c| 1
    << (16 * section_of(c.suit().index()) + c.rank().index() as u32 + 1));

/// The hand in the 4x16 layout: rank `r` (2 = 0) of suit section `s` at bit `16s + r + 1`.
#[inline(always)]
pub fn layout(hand: &Hand) -> u64 {
    let [a, b, c, d, e] = SECTION_BITS.of_hand(hand);
    a | b | c | d | e
}

/// The four sections folded with OR: the ranks present.
#[inline(always)]
pub const fn or16(h: u64) -> u64 {
    let v = h | h >> 32;
    (v | v >> 16) & 0xFFFF
}

/// The four sections folded with AND: the ranks present in every suit.
#[inline(always)]
pub const fn and16(h: u64) -> u64 {
    let v = h & h >> 32;
    v & v >> 16 & 0xFFFF
}

/// The four sections folded with XOR: the ranks present an odd number of times.
#[inline(always)]
pub const fn xor16(h: u64) -> u64 {
    let v = h ^ h >> 32;
    (v ^ v >> 16) & 0xFFFF
}

/// Hand types in the value's top four bits, in [`Category`] order.
#[derive(Clone, Copy)]
#[repr(u32)]
enum Type {
    HighCard = 0,
    Pair = 1,
    TwoPair = 2,
    ThreeOfAKind = 3,
    Straight = 4,
    Flush = 5,
    FullHouse = 6,
    FourOfAKind = 7,
    StraightFlush = 8,
    RoyalFlush = 9,
}

/// OR16 of the wheel, A-2-3-4-5 (ranks one bit up from the core's rank
/// masks: ace high at bit 13).
const WHEEL: u64 = (handeval_core::bits::WHEEL as u64) << 1;
/// The wheel's primary mask: the ace moved to the low-ace bit 0.
const WHEEL_PRIMARY: u64 = 0b1_1111;
/// OR16 of T-J-Q-K-A.
const BROADWAY: u64 = (handeval_core::bits::BROADWAY as u64) << 1;
/// Each suit's section.
const SECTIONS: [u64; 4] = [0xFFFF, 0xFFFF << 16, 0xFFFF << 32, 0xFFFF << 48];

/// The 31-bit value: type, 14-bit primary mask, 13-bit secondary mask.
#[inline(always)]
const fn value(kind: u32, primary: u64, secondary: u64) -> u32 {
    kind << 27 | (primary as u32) << 13 | (secondary as u32) >> 1
}

/// Whether all five cards are in one suit section.
#[inline(always)]
fn single_suit(h: u64) -> bool {
    // Written without short-circuiting so that it compiles to flags, not branches.
    (h & SECTIONS[0] == h)
        | (h & SECTIONS[1] == h)
        | (h & SECTIONS[2] == h)
        | (h & SECTIONS[3] == h)
}

/// The category of a value: its type, since types are in [`Category`] order.
#[inline(always)]
fn category_of(value: u32) -> Category {
    Category::from_index_masked((value >> 27) as usize)
}
