//! Ranks, suits and cards, with parsing in the usual two-character notation.

use core::fmt;
use core::str::FromStr;

use crate::parse::{CardError, Cursor};

/// A card rank, `Two` (lowest) to `Ace` (highest).
///
/// The discriminant is the rank's position, 0 for two up to 12 for ace; the
/// ace's low role in the A-2-3-4-5 straight is each evaluator's business.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
#[allow(missing_docs)]
pub enum Rank {
    Two = 0,
    Three,
    Four,
    Five,
    Six,
    Seven,
    Eight,
    Nine,
    Ten,
    Jack,
    Queen,
    King,
    Ace,
}

impl Rank {
    /// All thirteen ranks, lowest first.
    pub const ALL: [Rank; 13] = [
        Rank::Two,
        Rank::Three,
        Rank::Four,
        Rank::Five,
        Rank::Six,
        Rank::Seven,
        Rank::Eight,
        Rank::Nine,
        Rank::Ten,
        Rank::Jack,
        Rank::Queen,
        Rank::King,
        Rank::Ace,
    ];

    /// The rank at position `index` (0 = two, 12 = ace).
    pub const fn from_index(index: u8) -> Option<Rank> {
        if index < 13 {
            Some(Rank::ALL[index as usize])
        } else {
            None
        }
    }

    /// Position of the rank: 0 for two up to 12 for ace.
    #[inline]
    pub const fn index(self) -> u8 {
        self as u8
    }

    /// The pip value as most papers write it: 2 for two up to 14 for ace.
    #[inline]
    pub const fn value(self) -> u8 {
        self as u8 + 2
    }

    /// The character used in card notation (`T` for ten).
    pub const fn to_char(self) -> char {
        b"23456789TJQKA"[self as usize] as char
    }

    /// Parses a rank character, case-insensitively. `10` is handled by the card parser.
    pub const fn from_char(c: char) -> Option<Rank> {
        Some(match c {
            '2' => Rank::Two,
            '3' => Rank::Three,
            '4' => Rank::Four,
            '5' => Rank::Five,
            '6' => Rank::Six,
            '7' => Rank::Seven,
            '8' => Rank::Eight,
            '9' => Rank::Nine,
            'T' | 't' => Rank::Ten,
            'J' | 'j' => Rank::Jack,
            'Q' | 'q' => Rank::Queen,
            'K' | 'k' => Rank::King,
            'A' | 'a' => Rank::Ace,
            _ => return None,
        })
    }
}

impl fmt::Display for Rank {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.to_char())
    }
}

/// A card suit. The order (clubs, diamonds, hearts, spades) is alphabetical and
/// carries no strength: no evaluator here ranks one suit above another.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
#[allow(missing_docs)]
pub enum Suit {
    Clubs = 0,
    Diamonds,
    Hearts,
    Spades,
}

impl Suit {
    /// All four suits in discriminant order.
    pub const ALL: [Suit; 4] = [Suit::Clubs, Suit::Diamonds, Suit::Hearts, Suit::Spades];

    /// The suit at position `index` (0 = clubs .. 3 = spades).
    pub const fn from_index(index: u8) -> Option<Suit> {
        if index < 4 {
            Some(Suit::ALL[index as usize])
        } else {
            None
        }
    }

    /// Position of the suit: 0 clubs, 1 diamonds, 2 hearts, 3 spades.
    #[inline]
    pub const fn index(self) -> u8 {
        self as u8
    }

    /// The lower-case character used in card notation.
    pub const fn to_char(self) -> char {
        b"cdhs"[self as usize] as char
    }

    /// Parses a suit character, case-insensitively.
    pub const fn from_char(c: char) -> Option<Suit> {
        Some(match c {
            'c' | 'C' => Suit::Clubs,
            'd' | 'D' => Suit::Diamonds,
            'h' | 'H' => Suit::Hearts,
            's' | 'S' => Suit::Spades,
            _ => return None,
        })
    }
}

impl fmt::Display for Suit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.to_char())
    }
}

/// One of the 52 cards, stored as the index `4 * rank + suit` (0 = 2c, 51 = As).
///
/// Every evaluator starts from this index: a one-byte card keeps [`crate::Hand`]
/// at five bytes, and an index is what a table-driven encoder wants.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Card(u8);

impl Card {
    /// The card of the given rank and suit.
    #[inline]
    pub const fn new(rank: Rank, suit: Suit) -> Card {
        Card(rank as u8 * 4 + suit as u8)
    }

    /// The card with index `index` (`4 * rank + suit`), or `None` past 51.
    pub const fn from_index(index: u8) -> Option<Card> {
        if index < 52 { Some(Card(index)) } else { None }
    }

    /// The index `4 * rank + suit`, 0..52.
    #[inline]
    pub const fn index(self) -> u8 {
        self.0
    }

    /// The card's rank.
    #[inline]
    pub const fn rank(self) -> Rank {
        Rank::ALL[(self.0 >> 2) as usize]
    }

    /// The card's suit.
    #[inline]
    pub const fn suit(self) -> Suit {
        Suit::ALL[(self.0 & 3) as usize]
    }

    /// All 52 cards in index order.
    pub fn all() -> impl ExactSizeIterator<Item = Card> + Clone {
        (0..52).map(Card)
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.rank(), self.suit())
    }
}

impl FromStr for Card {
    type Err = CardError;

    /// Parses one card: `As`, `td`, `10h`. Surrounding whitespace is allowed.
    fn from_str(s: &str) -> Result<Card, CardError> {
        let mut cursor = Cursor::new(s);
        cursor.skip_whitespace();
        let card = cursor.card()?.ok_or(CardError::Missing)?;
        cursor.skip_whitespace();
        match cursor.peek() {
            None => Ok(card),
            Some((column, found)) => Err(CardError::Trailing { found, column }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::string::ToString;

    #[test]
    fn every_card_round_trips_through_its_notation() {
        for card in Card::all() {
            let text = std::format!("{}{}", card.rank().to_char(), card.suit().to_char());
            assert_eq!(card.to_string(), text);
            assert_eq!(text.parse::<Card>(), Ok(card));
            assert_eq!(Card::new(card.rank(), card.suit()), card);
        }
    }

    #[test]
    fn ten_has_two_spellings_and_case_does_not_matter() {
        let ten: Card = "Td".parse().unwrap();
        assert_eq!("10d".parse::<Card>(), Ok(ten));
        assert_eq!("tD".parse::<Card>(), Ok(ten));
        assert_eq!(ten.rank(), Rank::Ten);
        assert_eq!(ten.suit(), Suit::Diamonds);
    }

    #[test]
    fn malformed_cards_say_what_and_where() {
        assert_eq!(
            "Xs".parse::<Card>(),
            Err(CardError::BadRank {
                found: 'X',
                column: 1
            })
        );
        assert_eq!(
            "Ax".parse::<Card>(),
            Err(CardError::BadSuit {
                found: 'x',
                column: 2
            })
        );
        assert_eq!(
            "A".parse::<Card>(),
            Err(CardError::MissingSuit { column: 2 })
        );
        assert_eq!(
            "1s".parse::<Card>(),
            Err(CardError::BadRank {
                found: '1',
                column: 1
            })
        );
        assert_eq!("".parse::<Card>(), Err(CardError::Missing));
        assert_eq!(
            "AsK".parse::<Card>(),
            Err(CardError::Trailing {
                found: 'K',
                column: 3
            })
        );
    }
}
