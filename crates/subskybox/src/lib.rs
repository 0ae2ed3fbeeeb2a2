//! subskybox's four-line mod-15 poker hand analyzer, ported from JavaScript:
//! [`Faithful`] operation for operation (IEEE doubles and all), [`Score`] the
//! author's own full-strength score function likewise, and [`Tuned`] as fast
//! as Rust allows while staying the same algorithm.
//!
//! Original: subskybox, "A Poker hand analyzer in JavaScript using bit & mathematical
//! operations", CodeProject, 31 March 2013
//! (<https://www.codeproject.com/Articles/569271/A-Poker-hand-analyzer-in-JavaScript-using-bit-math>).
//! Line-by-line analysis: Evan Knowles, "Analyzing a Poker Hand Analyzer",
//! 11 July 2013 (<https://knowles.co.za/analyzing-a-poker-hand-analyzer/>).
//! Full-strength score: subskybox, `get5cardScore` in the jsfiddle
//! <http://jsfiddle.net/subskybox/rwHzm/> linked from the article.
//! The ideas are theirs; the code and prose here are this lab's.
//!
//! | variant | role | ported from | what it is |
//! |---|---|---|---|
//! | [`Faithful`] (`subskybox/faithful`) | faithful | the article's four lines (CodeProject, 2013) | the category in `f64`, as written; full strength is the lab's extension from the same fields |
//! | [`Score`] (`subskybox/score`) | faithful | the author's `get5cardScore` (jsfiddle rwHzm) | the author's full-strength value, in `f64` where JavaScript uses doubles |
//! | [`Tuned`] (`subskybox/tuned`) | tuned | derived from [`Faithful`] | `u64` nibbles, `% 15` by a constant, no floats |
//! | [`Simd`] (`subskybox/simd`) | SIMD | derived from [`Tuned`] | the nibble field bit-sliced into four 16-bit planes, one hand per lane, AVX-512 or AVX2; [`Faithful`]'s values |
//! | [`BestOf<Tuned>`](handeval_core::BestOf) (`subskybox/best-of-6`) | tuned, six cards | derived from [`Tuned`] | the best of the six five-card hands by [`Tuned`] |
//! | [`BestOf<Tuned>`](handeval_core::BestOf) (`subskybox/best-of-21`) | tuned, seven cards | derived from [`Tuned`] | the best of the 21 five-card hands by [`Tuned`] |
//! | [`BestOf<Simd>`](handeval_core::BestOf) (`subskybox/best-of-21-simd`) | SIMD, seven cards | derived from [`Simd`] | the best of the 21 five-card hands by [`Simd`], 21 fives of each hand through the vector kernel |
//! | [`BestOf<Tuned>`](handeval_core::BestOf) (`subskybox/best-of-60`) | tuned, Omaha | derived from [`Tuned`] | the best of the 60 fives of two hole and three board cards by [`Tuned`] |
//! | [`BestOf<Simd>`](handeval_core::BestOf) (`subskybox/best-of-60-simd`) | SIMD, Omaha | derived from [`Simd`] | the best of the 60 fives by [`Simd`], every five of each hand through the vector kernel |
//! | [`BestOf<Tuned>`](handeval_core::BestOf) (`subskybox/best-of-100`) | tuned, five-card Omaha | derived from [`Tuned`] | the best of the 100 fives of two hole and three board cards by [`Tuned`] |
//!
//! [`Faithful`] equals the article's JavaScript on every hand and [`Score`]
//! equals the jsfiddle's, both checked under node over all 2,598,960 hands
//! when they were ported.
//!
//! # The algorithm
//!
//! A hand arrives as five ranks `cs` (2..=14, ace high) and five one-hot suits
//! `ss` (spade 1, club 2, heart 4, diamond 8). Two bit fields describe it.
//!
//! **`s`, the rank set**: bit `r` is set for each rank present, so
//! `s = 1<<cs[0] | ... | 1<<cs[4]`; bits 0 and 1 are never used. Five
//! consecutive ranks are five consecutive ones: dividing `s` by its lowest set
//! bit `s & -s` leaves exactly 31. The wheel A-2-3-4-5 is the one exception,
//! `s == 0x403c`, and the royal ranks T-J-Q-K-A are `s == 0x7c00`.
//!
//! **`v`, the rank counts**: one nibble per rank, at bit `4 * r`. Each card of
//! rank `r` turns that nibble `n` into `2n + 1`, so a count of 1, 2, 3, 4 is
//! stored as `0b1`, `0b11`, `0b111`, `0b1111`. For A-A-Q-Q-9 (a two pair):
//!
//! ```text
//! rank      A    K    Q    J    T    9    8  ...  2   (nibble at bit 4r)
//! nibble  0011 0000 0011 0000 0000 0001 0000 ... 0000
//! v = 0x0303_0010_0000_0000 (ace nibble at bits 56..59)
//! s = 1<<14 | 1<<12 | 1<<9 = 0x5200
//! ```
//!
//! For the full house A-A-J-J-J the nibbles are `0011` (aces) and `0111` (jacks).
//!
//! **Why `v % 15` sums the nibbles.** `v = Σ n_r · 16^r`, and `16 ≡ 1 (mod 15)`,
//! so `v ≡ Σ n_r (mod 15)`, just as a number written in decimal is congruent
//! to its digit sum mod 9. The nibble sum identifies the pattern of counts:
//!
//! | hand | nibbles | sum | `% 15` |
//! |---|---|---:|---:|
//! | no pair | 1+1+1+1+1 | 5 | 5 |
//! | one pair | 3+1+1+1 | 6 | 6 |
//! | two pair | 3+3+1 | 7 | 7 |
//! | three of a kind | 7+1+1 | 9 | 9 |
//! | full house | 7+3 | 10 | 10 |
//! | four of a kind | 15+1 | 16 | 1 |
//!
//! Subtracting 1 (or 3 for a straight, which can only be a no-pair hand)
//! gives an index into a ten-entry table; a flush subtracts one more (high
//! card becomes flush, straight becomes straight flush), except that the
//! royal flush adds 5 to reach the table's one free slot, index 7:
//!
//! | index | 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 |
//! |---|---|---|---|---|---|---|---|---|---|---|
//! | hand | quads | straight flush | straight | flush | high card | pair | two pair | royal flush | trips | full house |
//!
//! # Floats in the original, integers here
//!
//! JavaScript's bitwise operators work on 32-bit integers, but `v` needs 60
//! bits, so the author kept `v` in a double (exact up to 2^53 and beyond for
//! these sparse values) and worked it with arithmetic: `Math.pow(2, 4r)`
//! for the shift, `v / o & 15` (a division, then ToInt32, then a mask) to
//! read a nibble, `v += o * (n + 1)` to write it, and a float `% 15`. The
//! loop's first pass divides 0 by 0; `NaN & 15` is 0 and `0 * 1` adds nothing,
//! which is how the author avoided computing `o` twice. [`Faithful`] does all
//! of that in `f64`. Rust has 64-bit integers, so [`Tuned`] keeps `v` in a
//! `u64`: a shift and mask read a nibble, `v + (v & m) + b` doubles-plus-one
//! it in place, and `% 15` by a constant compiles to a multiply.
//!
//! # Full strength, and the wheel
//!
//! The four lines name the category only. The author's score function
//! ([`Score`]) keeps them and adds the order: it records per rank the
//! increment each card added (1, 2, 4, 8), sorts the five ranks by that and
//! then by rank, writes the wheel as 5-4-3-2-1 so that it ranks lowest, and
//! packs four bits per card after the category. It is correct on every hand.
//!
//! [`Faithful`] and [`Tuned`] give their own total order over all 7,462
//! classes, derived from the same two fields without a sort. The ranks
//! with the highest count (read from `v`) form the *major* set, the rest of `s`
//! the *minor* set; comparing (category, major, minor) as bit masks compares
//! exactly what poker compares: the quads or trips or pairs first, highest
//! first, then the kickers ([`Faithful`] packs the two sets as 14-bit masks in
//! a `u32`; [`Tuned`] keeps them in `v`'s one-bit-per-nibble spacing, in a
//! `u128`, to skip gathering the bits). The wheel's ace moves to the unused
//! bit 1, so the wheel and the steel wheel are the lowest of their categories.
//!
//! ```
//! use handeval_core::{Category, Evaluator, Hand};
//! use handeval_subskybox::{Faithful, Tuned};
//!
//! let hand: Hand = "Ah Ad Qs Qc 9h".parse().unwrap();
//! assert_eq!(Faithful::category(Faithful::encode(&hand)), Category::TwoPair);
//! assert_eq!(Tuned::category(Tuned::encode(&hand)), Category::TwoPair);
//! assert_eq!(Tuned::fields(Tuned::encode(&hand)), (0x5200, 0x0303_0010_0000_0000));
//!
//! let wheel = Tuned::encode(&"5h 4d 3c 2s As".parse().unwrap());
//! let six_high = Tuned::encode(&"6h 5d 4c 3s 2s".parse().unwrap());
//! assert!(Tuned::strength(wheel) < Tuned::strength(six_high));
//! ```
//!
//! # Not ported
//!
//! The article's page furniture (card parsing from text, the hand-name
//! strings, `getTypeDetail`'s descriptions) is left out. The author
//! published no seven-card version.
//!
//! # Seven cards
//!
//! [`BestOf<Tuned>`](handeval_core::BestOf) evaluates seven cards as the best of their 21 fives by
//! [`Tuned`]. A direct seven-card form of the analyzer is not built: with a
//! count `c` per rank stored as `2^c - 1`, `v % 15` is the sum of the
//! nibbles mod 15 (1, 3, 7, and 15 which is 0), and of the eleven count
//! patterns of seven cards (4+3, 4+2+1, 4+1+1+1, 3+3+1, 3+2+2, 3+2+1+1,
//! 3+1+1+1+1, 2+2+2+1, 2+2+1+1+1, 2+1+1+1+1+1, seven singles) ten leave
//! distinct residues (7, 4, 3, 0, 13, 12, 11, 10, 9, 8) and the eleventh,
//! seven singles, leaves 7 like quads with trips: one more test (a nibble of
//! 15) would tell them apart. The flush, though, needs a count per suit,
//! which the five-card analyzer's one-hot suits do not give. Nor does the
//! value carry: the analyzer ranks a hand by its *major* set (the ranks
//! with the highest count) and its *minor* set (the rest), which with five
//! cards are exactly what poker compares; with seven they are not the best
//! five (two trips make the lower one a pair, a third pair and a single
//! compete for one kicker, seven singles keep five), and choosing among
//! them is what `deadhorse/seven` does, a different algorithm.
//!
//! So the family's seven-card SIMD row, [`BestOf<Simd>`](handeval_core::BestOf)
//! (`subskybox/best-of-21-simd`), is the best of the 21 fives by [`Simd`]:
//! each hand's fives go through the vector kernel 32 (AVX-512) or 16 (AVX2)
//! at a time, the analyzer's own evaluation, vectorised.
//!
//! # Performance
//!
//! `cargo xtask bench --filter subskybox` times every variant against the
//! other evaluators; the README's Results section has the figures.
#![no_std]

/// The family every evaluator in this crate belongs to.
pub const FAMILY: handeval_core::Family = handeval_core::Family {
    name: "subskybox",
    title: "subskybox's mod-15 analyzer (JavaScript, 2013)",
};

mod faithful;
mod score;
mod simd;
mod tuned;

pub use faithful::Faithful;
pub use score::Score;
pub use simd::Simd;
pub use tuned::Tuned;

/// Registers the family's evaluators, in report order.
pub fn register(r: &mut impl handeval_core::Register) {
    r.five::<Faithful>();
    r.five::<Score>();
    r.five::<Tuned>();
    r.five::<Simd>();
    r.best_of::<Tuned>(handeval_core::Games::Every);
    // The family's seven-card and Omaha SIMD rows.
    r.best_of::<Simd>(handeval_core::Games::Only(&[
        <handeval_core::Hand7 as handeval_core::Game>::ID,
        <handeval_core::Omaha4 as handeval_core::Game>::ID,
    ]));
}

use handeval_core::{CardTable, Category, Hand, Suit};

/// The encoding both variants take: the original's two arrays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Game {
    /// Ranks 2..=14, ace high.
    pub cs: [u8; 5],
    /// One-hot suits: spade 1, club 2, heart 4, diamond 8.
    pub ss: [u8; 5],
}

/// The original's suit values.
const fn one_hot(suit: Suit) -> u8 {
    match suit {
        Suit::Spades => 1,
        Suit::Clubs => 2,
        Suit::Hearts => 4,
        Suit::Diamonds => 8,
    }
}

/// Each card's rank, 2..=14.
pub const RANKS: CardTable<u8> = handeval_core::card_table!(u8, |c| c.rank().value());
/// Each card's one-hot suit.
pub const SUITS: CardTable<u8> = handeval_core::card_table!(u8, |c| one_hot(c.suit()));
/// The bytes of both card tables.
const CARD_TABLE_BYTES: usize = 2 * CardTable::<u8>::BYTES;

#[inline(always)]
fn encode(hand: Hand) -> Game {
    Game {
        cs: RANKS.of_hand(&hand),
        ss: SUITS.of_hand(&hand),
    }
}

/// The original's ten-entry `hands` table, indexed by the final `v`.
const INDEX_TABLE: [Category; 10] = [
    Category::FourOfAKind,
    Category::StraightFlush,
    Category::Straight,
    Category::Flush,
    Category::HighCard,
    Category::OnePair,
    Category::TwoPair,
    Category::RoyalFlush,
    Category::ThreeOfAKind,
    Category::FullHouse,
];

/// `s` of the wheel, A-2-3-4-5.
const WHEEL: u32 = 0x403c;

/// The strength both variants share: category, then the major rank set
/// (ranks with the highest count), then the minor set (the other ranks), as
/// 14-bit masks of ranks 1..=14 (bit 1 being the wheel's low ace).
///
/// `major` and `minor` are in `s` coordinates (bit `r` for rank `r`).
#[inline(always)]
const fn pack(category: Category, s: u32, major: u32) -> u32 {
    let minor = s ^ major;
    // The wheel's ace plays low: move it from bit 14 to bit 1. Only a straight
    // or straight flush can have s == WHEEL, and there major == s.
    let major = if s == WHEEL {
        major ^ (1 << 14 | 1 << 1)
    } else {
        major
    };
    (category as u32) << 28 | (major >> 1) << 14 | minor >> 1
}
