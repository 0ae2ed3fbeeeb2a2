//! Counts written with their nouns.

use core::fmt;

/// `1 card`, `2 cards`: a count and its noun, which takes an `s` unless
/// the count is one; what every message counting cards, players or boards
/// writes.
///
/// ```
/// assert_eq!(handeval_core::Counted(1, "player").to_string(), "1 player");
/// assert_eq!(handeval_core::Counted(2, "card").to_string(), "2 cards");
/// ```
pub struct Counted(pub usize, pub &'static str);

impl fmt::Display for Counted {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Counted(n, noun) = *self;
        write!(f, "{n} {noun}{}", if n == 1 { "" } else { "s" })
    }
}
