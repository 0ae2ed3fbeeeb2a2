//! Core types shared by every evaluator in the handeval lab: cards, hands,
//! categories, the 7,462 equivalence classes, and the [`Evaluator`] trait.
//!
//! This crate has no dependencies and is `#![no_std]`; it holds nothing clever, so that each
//! algorithm crate can be read on its own against it.
//!
//! # Cards and hands
//!
//! A [`Card`] is the index `4 * rank + suit` (0 = `2c` .. 51 = `As`). A
//! [`Hand`] is exactly five distinct cards; it can only be built by a
//! validating constructor, so evaluators never see a malformed hand.
//! Parsing accepts the usual notation in either spacing and any case, and
//! says what is wrong and where:
//!
//! ```
//! use handeval_core::{CardError, Hand, HandError, HandSize};
//!
//! let royal: Hand = "As Ks Qs Js Ts".parse().unwrap();
//! assert_eq!(
//!     "asKS qs 10s".parse::<Hand>().unwrap_err(),
//!     HandError::WrongCount { count: 4, expected: HandSize::Exactly(5) }
//! );
//! assert_eq!("AsKsQsJsTs".parse::<Hand>(), Ok(royal));
//! assert_eq!(
//!     "As Ks Qs Jx Ts".parse::<Hand>().unwrap_err().to_string(),
//!     "bad suit 'x' at column 11 (expected one of c, d, h, s)"
//! );
//! # let _ = CardError::Missing;
//! ```
//!
//! [`all_hands`] yields each of the 2,598,960 hands once, in a documented
//! lexicographic order, without allocating.
//!
//! # Categories and classes
//!
//! [`Category`] orders the ten categories weakest first (royal flush is its
//! own category). [`HandClass`] is the conventional class number 1..=7462,
//! lower is stronger:
//!
//! | category | hands | classes | class numbers |
//! |---|---:|---:|---|
//! | royal flush | 4 | 1 | 1 |
//! | straight flush | 36 | 9 | 2-10 |
//! | four of a kind | 624 | 156 | 11-166 |
//! | full house | 3,744 | 156 | 167-322 |
//! | flush | 5,108 | 1,277 | 323-1599 |
//! | straight | 10,200 | 10 | 1600-1609 |
//! | three of a kind | 54,912 | 858 | 1610-2467 |
//! | two pair | 123,552 | 858 | 2468-3325 |
//! | one pair | 1,098,240 | 2,860 | 3326-6185 |
//! | high card | 1,302,540 | 1,277 | 6186-7462 |
//!
//! # The evaluator trait
//!
//! [`Evaluator`] has a name, an encoding, a strength type and three
//! functions (`encode`, `category`, `strength`), and around them:
//!
//! - what the evaluator is, next to its name: its [`Family`] (the algorithm),
//!   its [`Role`] (reference, faithful port, published listing, tuned, SIMD,
//!   outside baseline, floor) and the variant it was derived from, so that
//!   every tool groups and compares evaluators from the declarations alone;
//! - `SUMMARY` and `TABLE_BYTES`: one line on what it is and how much memory
//!   it leans on, for reports;
//! - [`Evaluator::unavailable`]: an evaluator built on a CPU instruction says
//!   it is running a fallback here instead of failing or, worse, being timed
//!   as if it were native; and [`Evaluator::cpu_path`], which path its loops take;
//! - batch methods ([`Evaluator::categories`], [`Evaluator::strengths`], and
//!   the end-to-end [`Evaluator::categories_of_hands`],
//!   [`Evaluator::strengths_of_hands`]) with a plain loop as default, which an
//!   evaluator replaces with [`target_feature_batches!`] to run the whole loop
//!   under `#[target_feature]` after a run-time check ([`cpu::has`]), or,
//!   for evaluators that work across hands, with [`simd_batches!`], which
//!   picks, once per batch, an AVX-512, an AVX2 or a portable batch function;
//! - `Debug + Send + Sync` bounds on the associated types (and `PartialEq` on
//!   the encoding), so that the differential checker can print native values,
//!   check that encoding is deterministic, and split work over threads.
//!
//! # Where `unsafe` lives
//!
//! The workspace denies `unsafe_code`. The exceptions, each with its
//! `SAFETY` comment:
//!
//! - calls of `#[target_feature]` functions after a run-time CPU check, all
//!   written by two macros, [`target_feature_batches!`] and
//!   [`simd_batches!`], through one rule that ties each feature string to its
//!   own check (see their Soundness sections);
//! - reading the extended control register in [`cpu`], after CPUID says the
//!   instruction exists, to learn whether the OS saves AVX registers;
//! - the SIMD evaluators' intrinsics: in `handeval-lanes`, each operation of
//!   a vector type whose values exist only on CPUs with its features, and in
//!   the SIMD kernels the loads, stores and gathers, with their bounds;
//! - a test that compares the software PEXT with the instruction on CPUs
//!   that have it.
//!
//! # Games
//!
//! A [`Game`] is one definition of what a hand is and what it is worth:
//! its cards (one set of `N` for Hold'em, [`Hand6`], [`Hand7`]; hole cards
//! and a board for [`Omaha4`], [`Omaha5`] and [`Omaha6`]), the fives it may use (any
//! five of a Hold'em hand; exactly two hole cards and three of the board in
//! Omaha), how every hand is enumerated (in parts: runs of hands, or one
//! board per class of boards up to suit renaming, with weights), its counts
//! and its category tables, its name and its parser. [`visit_games`] is the
//! one list of games; the registry, the checks, the benchmarks and the
//! report are each written once over it, and five cards is a game like the
//! others.
//!
//! Evaluators of every game implement [`BestFive<G>`](BestFive): timed and
//! checked from cards, their values on the scale of a named five-card
//! evaluator ([`BestFive::Five`]), which is what makes "the class of the
//! best five" an answer of their own. [`Whole`] makes any five-card
//! [`Evaluator`] (which also has an encoding of its own, the five-card
//! extension the encoded benchmarks time) a `BestFive<Hand>`, and
//! [`BestOf`] turns one into an evaluator of every game by taking the
//! strongest of the fives the game allows, through the five-card
//! evaluator's own batch loop:
//!
//! ```
//! use handeval_core::{FIVE_OF_SEVEN, Game, Hand6, Hand7, Omaha4};
//!
//! let hand: Hand7 = "Ah 2d 3c 4s 5h 6c Kd".parse().unwrap();
//! assert_eq!(FIVE_OF_SEVEN.len(), 21);
//! assert_eq!(hand.fives()[20].to_string(), "3c 4s 5h 6c Kd");
//! let six: Hand6 = "Ah 2d 3c 4s 5h 6c".parse().unwrap();
//! assert_eq!(Game::fives(&six).count(), 6);
//! assert_eq!(<Hand6 as Game>::HANDS, 20_358_520);
//! let omaha: Omaha4 = "As Ad Ks Kd | Qs Js Ts 2c 3h".parse().unwrap();
//! assert_eq!(omaha.fives().count(), 60);
//! assert_eq!(<Omaha4 as Game>::HANDS, 463_563_500_400);
//! ```
//!
//! Strength values are each algorithm's own (a packed integer, a tuple); only
//! their order matters. Tools turn them into class numbers by ranking the
//! distinct values over all hands, so an evaluator that orders hands wrongly
//! shows wrong classes instead of borrowing correct ones.
#![no_std]

extern crate alloc;
#[cfg(test)]
extern crate std;

mod about;
pub mod badugi;
mod best_five;
pub mod bits;
mod card;
mod category;
mod combination;
mod counted;
pub mod cpu;
pub mod enumerate;
mod evaluator;
mod game;
mod hand;
pub mod low;
mod parse;
mod register;
pub mod rules;
pub mod value;

pub use about::{CpuPath, Family, KnownErrors, Meta, Role, UnknownRole};
pub use badugi::Badugi;
pub use best_five::{
    BestFive, BestOf, Incremental, Whole, best_category_of, best_category_of_batch, best_of,
    best_of_batch, best_of_both,
};
pub use card::{Card, CardTable, Rank, Suit};
pub use category::{Category, HandClass, UnknownCategory};
pub use combination::next_combination;
pub use counted::Counted;
pub use evaluator::{Evaluator, Generated, Histogram, batch, batch_via_encoding, simd_categories};
pub use game::{
    AceFive5, BigO, Board, DeuceSeven5, FIVE_OF_SEVEN, FIVE_OF_SIX, Game, GameInfo, GameVisitor,
    HAND7_COUNT, LowHand, OMAHA_FIVES, OMAHA5_FIVES, OMAHA6_FIVES, Omaha, Omaha4, Omaha5, Omaha6,
    Omaha8, Razz, Run, SHORT7_STRAIGHT_AND_TRIPS, Short, Short5, Short7, ShortTrips5, ShortTrips7,
    Stud8, all_hands7, game_ids, same_game, splits_a_hi_lo_game, visit_games,
};
pub use hand::{
    AllHands, BINOMIAL, CARD_BITS, HAND_COUNT, Hand, Hand6, Hand7, HandError, HandSize, Part,
    all_hands, count_cards, parse_cards,
};
pub use parse::CardError;
pub use register::{Games, Register};
pub use value::Value;
