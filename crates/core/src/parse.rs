//! The one parser behind `Card::from_str` and `Hand::from_str`, and its errors.
//!
//! Positions are 1-based character columns, so that a message can point at the
//! offending character in the line the user typed, whatever its encoding.

use core::fmt;
use core::iter::Peekable;
use core::str::Chars;

use crate::{Card, Rank, Suit};

/// Why a piece of text is not a card. Columns are 1-based character positions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CardError {
    /// There was no card at all (empty or blank text).
    Missing,
    /// The character where a rank was expected is not `2-9 T J Q K A` or `10`.
    BadRank {
        /// The offending character.
        found: char,
        /// Its 1-based column.
        column: usize,
    },
    /// The character after the rank is not a suit `c d h s`.
    BadSuit {
        /// The offending character.
        found: char,
        /// Its 1-based column.
        column: usize,
    },
    /// The text ended (or a space came) where a suit was expected.
    MissingSuit {
        /// The 1-based column where the suit should have been.
        column: usize,
    },
    /// A single card was expected but more text followed it.
    Trailing {
        /// The first unexpected character.
        found: char,
        /// Its 1-based column.
        column: usize,
    },
}

impl fmt::Display for CardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            CardError::Missing => write!(f, "no card given"),
            CardError::BadRank { found, column } => write!(
                f,
                "bad rank {found:?} at column {column} (expected one of 2-9, T, J, Q, K, A or 10)"
            ),
            CardError::BadSuit { found, column } => write!(
                f,
                "bad suit {found:?} at column {column} (expected one of c, d, h, s)"
            ),
            CardError::MissingSuit { column } => {
                write!(
                    f,
                    "missing suit at column {column} (expected one of c, d, h, s)"
                )
            }
            CardError::Trailing { found, column } => {
                write!(f, "unexpected {found:?} at column {column} after the card")
            }
        }
    }
}

impl core::error::Error for CardError {}

/// A character cursor that knows the 1-based column of the next character.
pub(crate) struct Cursor<'a> {
    chars: Peekable<Chars<'a>>,
    column: usize,
}

impl<'a> Cursor<'a> {
    pub(crate) fn new(text: &'a str) -> Self {
        Cursor {
            chars: text.chars().peekable(),
            column: 1,
        }
    }

    pub(crate) fn peek(&mut self) -> Option<(usize, char)> {
        self.chars.peek().map(|&c| (self.column, c))
    }

    fn bump(&mut self) -> Option<(usize, char)> {
        let c = self.chars.next()?;
        let at = self.column;
        self.column += 1;
        Some((at, c))
    }

    /// Steps over `c`, the character [`Cursor::peek`] showed.
    pub(crate) fn skip(&mut self, c: char) {
        if self.chars.peek() == Some(&c) {
            self.bump();
        }
    }

    pub(crate) fn skip_whitespace(&mut self) {
        while self.chars.peek().is_some_and(|c| c.is_whitespace()) {
            self.bump();
        }
    }

    /// Reads one card at the cursor; `Ok(None)` at the end of the text.
    /// Cards may be separated by whitespace or written back to back.
    pub(crate) fn card(&mut self) -> Result<Option<Card>, CardError> {
        let Some((column, c)) = self.bump() else {
            return Ok(None);
        };
        let rank = match (c, Rank::from_char(c)) {
            (_, Some(rank)) => rank,
            // "10" is the only two-character rank; a lone '1' is an error at the '1'.
            ('1', None) if self.chars.peek() == Some(&'0') => {
                self.bump();
                Rank::Ten
            }
            (found, None) => return Err(CardError::BadRank { found, column }),
        };
        match self.peek() {
            None => Err(CardError::MissingSuit {
                column: self.column,
            }),
            Some((column, c)) if c.is_whitespace() => Err(CardError::MissingSuit { column }),
            Some((column, c)) => {
                self.bump();
                Suit::from_char(c)
                    .map(|suit| Some(Card::new(rank, suit)))
                    .ok_or(CardError::BadSuit { found: c, column })
            }
        }
    }
}
