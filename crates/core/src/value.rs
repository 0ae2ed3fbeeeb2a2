//! What a hand is worth, as part of a game's definition ([`Game::VALUE`]).
//!
//! A game is a deck, the cards a hand holds, the fives it may use, and
//! what the hand is worth. Most games value a hand by its best five under
//! the game's ranking ([`crate::rules`]): [`Value::High`]. A Hi-Lo game
//! splits the pot between that high and the best qualifying low
//! ([`Value::HighLow`]): the hand's high is its high game's ([`Game::High`],
//! checked and timed there), and what the Hi-Lo game adds is the low. A
//! lowball game values a hand by its best five under a lowball ranking
//! ([`Value::Lowball`]): the lowest hand wins, and its classes run from 1,
//! the best, as a high game's do.
//!
//! The tools read the value from the definition: `cargo xtask diff --game
//! omaha8` checks the low evaluators because omaha8's value has a low;
//! `equity --game omaha8` quarters the pots for the same reason.
//!
//! ```
//! use handeval_core::{Game, Omaha4, Omaha8, Value, low::EIGHT_OR_BETTER};
//!
//! assert_eq!(<Omaha4 as Game>::VALUE, Value::High);
//! let hi_lo = <Omaha8 as Game>::VALUE;
//! assert_eq!(hi_lo.low(), Some(EIGHT_OR_BETTER));
//! // 34.8% of Omaha hands hold a qualifying low.
//! assert_eq!(hi_lo.qualifying(), Some(161_374_983_168));
//! assert_eq!(hi_lo.to_string(), "high, and a low of eight or better");
//! assert_eq!((Value::High.id(), hi_lo.id()), ("high", "hi-lo"));
//! ```
//!
//! [`Game::VALUE`]: crate::Game::VALUE
//! [`Game::High`]: crate::Game::High

use crate::low::LowRule;
use crate::rules::Lowball;

/// What a hand of a game is worth: see the [module documentation](self).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Value {
    /// Its best five under the game's ranking, the highest winning.
    High,
    /// Its best low five under the game's lowball ranking
    /// ([`Rules::lowball`](crate::rules::Rules::lowball)), the lowest
    /// winning: razz, ace-to-five and deuce-to-seven lowball. Its classes
    /// run as a high game's do, 1 the best hand, so every tool that reads
    /// classes (the checks, the benchmarks, `eval`) reads these alike.
    Lowball(Lowball),
    /// Its high, as [`Value::High`], and its best low under `low`: the
    /// pot is split between the best of each, and the high takes it all
    /// when no hand holds a qualifying low.
    HighLow {
        /// Which lows qualify.
        low: LowRule,
        /// How many of the game's hands hold a qualifying low (derived by
        /// counting, and counted again hand by hand in the tests).
        qualifying: u64,
    },
    /// Badugi's ([`crate::badugi`]): the most of its cards that hold no
    /// rank and no suit twice, the lowest of those; no five plays. Its
    /// classes run from 1, the best hand, to `classes`.
    Badugi {
        /// How many values there are.
        classes: u16,
    },
}

impl Value {
    /// The value of a game worth its best five under `rules`: a high, or a
    /// lowball low where the rules are a lowball rule set.
    #[must_use]
    pub const fn of_rules(rules: &crate::rules::Rules) -> Value {
        match rules.lowball {
            None => Value::High,
            Some(rule) => Value::Lowball(rule),
        }
    }

    /// The low rule, if the value has a low.
    #[must_use]
    pub const fn low(self) -> Option<LowRule> {
        match self {
            Value::High | Value::Lowball(_) | Value::Badugi { .. } => None,
            Value::HighLow { low, .. } => Some(low),
        }
    }

    /// How many hands hold a qualifying low, if the value has a low.
    #[must_use]
    pub const fn qualifying(self) -> Option<u64> {
        match self {
            Value::High | Value::Lowball(_) | Value::Badugi { .. } => None,
            Value::HighLow { qualifying, .. } => Some(qualifying),
        }
    }

    /// The value's id, as the listings write it: `high`, `lowball`,
    /// `hi-lo`, `badugi`.
    #[must_use]
    pub const fn id(self) -> &'static str {
        match self {
            Value::High => "high",
            Value::Lowball(_) => "lowball",
            Value::HighLow { .. } => "hi-lo",
            Value::Badugi { .. } => "badugi",
        }
    }

    /// Whether the value is a split of a high and a low
    /// ([`Value::HighLow`]).
    #[must_use]
    pub const fn is_hi_lo(self) -> bool {
        matches!(self, Value::HighLow { .. })
    }

    /// Whether the value is badugi's ([`Value::Badugi`]): no best five.
    #[must_use]
    pub const fn is_badugi(self) -> bool {
        matches!(self, Value::Badugi { .. })
    }

    /// Whether a hand is worth its class under the game's ranking alone,
    /// the highest or the lowest winning ([`Value::High`],
    /// [`Value::Lowball`]): every game of fives but the Hi-Lo ones.
    #[must_use]
    pub const fn is_ranked(self) -> bool {
        matches!(self, Value::High | Value::Lowball(_))
    }
}

impl core::fmt::Display for Value {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            Value::High => f.write_str("high"),
            Value::Lowball(Lowball::AceToFive) => f.write_str("lowball, ace to five"),
            Value::Lowball(Lowball::DeuceToSeven) => f.write_str("lowball, deuce to seven"),
            Value::HighLow { low, .. } => write!(f, "high, and a low of {}", low.name),
            Value::Badugi { .. } => {
                f.write_str("badugi: the most cards of distinct ranks and suits, the lowest")
            }
        }
    }
}
