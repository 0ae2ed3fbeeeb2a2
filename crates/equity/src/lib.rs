//! Equity as users run it.
//!
//! The lab's equity work, apart from the evaluators it counts with: ranges
//! in the syntax equity tools take ([`range`]); a showdown of fixed
//! Hold'em hands counted over every board or by classes of boards
//! ([`showdown`]); ranges against ranges exactly, deal by deal or, heads-up,
//! board by board ([`exact`], [`boards`]); Monte Carlo to a standard error
//! ([`monte_carlo`]); fixed hands of any game with a board over every board
//! ([`fixed`]: Omaha's, short deck's), Omaha's counted by ranks ([`omaha`])
//! and Hi-Lo's split pots ([`hilo`]); what players study: a range's made
//! hands and draws on a board ([`breakdown`]), every combo of a range
//! against another ([`versus`]) and the preflop all-in tables
//! ([`preflop`]). Hold'em range counts take an
//! evaluator of seven-card hands (`E: BestFive<Hand7>`), fixed hands one of
//! the game counted. An evaluator with a showdown count of its own
//! declares it on its registry line ([`showdown::ShowdownForm`]). It
//! depends on the core crate alone and is `no_std` with `alloc`.
//!
//! ```
//! use handeval_equity::range::Range;
//! let range: Range = "QQ+, AKs, 0.5(JJ, AQo)".parse().unwrap();
//! // 18 pairs, 4 suited AK, 6 JJ and 12 AQo at half weight.
//! assert_eq!(range.combos().len(), 18 + 4 + 6 + 12);
//! assert!((range.weight_total() - (22.0 + 9.0)).abs() < 1e-12);
//! ```

#![no_std]

extern crate alloc;
#[cfg(test)]
extern crate std;

pub mod boards;
pub mod breakdown;
pub mod exact;
pub mod fixed;
pub mod hilo;
pub mod lists;
pub mod monte_carlo;
pub mod omaha;
pub mod preflop;
pub mod range;
pub mod showdown;
pub mod versus;
