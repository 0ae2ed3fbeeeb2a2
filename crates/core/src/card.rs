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

/// A card index, 0..52, as a type: a byte whose every load tells the
/// compiler that the value is below 52, so a lookup by it into a 52-entry
/// table needs no bounds check. Only [`Card`] holds one.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
enum Index {
    I0,
    I1,
    I2,
    I3,
    I4,
    I5,
    I6,
    I7,
    I8,
    I9,
    I10,
    I11,
    I12,
    I13,
    I14,
    I15,
    I16,
    I17,
    I18,
    I19,
    I20,
    I21,
    I22,
    I23,
    I24,
    I25,
    I26,
    I27,
    I28,
    I29,
    I30,
    I31,
    I32,
    I33,
    I34,
    I35,
    I36,
    I37,
    I38,
    I39,
    I40,
    I41,
    I42,
    I43,
    I44,
    I45,
    I46,
    I47,
    I48,
    I49,
    I50,
    I51,
}

/// Every [`Index`], by value.
const INDICES: [Index; Card::COUNT] = [
    Index::I0,
    Index::I1,
    Index::I2,
    Index::I3,
    Index::I4,
    Index::I5,
    Index::I6,
    Index::I7,
    Index::I8,
    Index::I9,
    Index::I10,
    Index::I11,
    Index::I12,
    Index::I13,
    Index::I14,
    Index::I15,
    Index::I16,
    Index::I17,
    Index::I18,
    Index::I19,
    Index::I20,
    Index::I21,
    Index::I22,
    Index::I23,
    Index::I24,
    Index::I25,
    Index::I26,
    Index::I27,
    Index::I28,
    Index::I29,
    Index::I30,
    Index::I31,
    Index::I32,
    Index::I33,
    Index::I34,
    Index::I35,
    Index::I36,
    Index::I37,
    Index::I38,
    Index::I39,
    Index::I40,
    Index::I41,
    Index::I42,
    Index::I43,
    Index::I44,
    Index::I45,
    Index::I46,
    Index::I47,
    Index::I48,
    Index::I49,
    Index::I50,
    Index::I51,
];

/// One of the 52 cards, stored as the index `4 * rank + suit` (0 = 2c, 51 = As).
///
/// Every evaluator starts from this index: a one-byte card keeps [`crate::Hand`]
/// at five bytes, and an index is what a table-driven encoder wants. The byte
/// is an enum of 52 values, so code that reads a card knows its index is in
/// range without checking it.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(transparent)]
pub struct Card(Index);

impl Card {
    /// The card of the given rank and suit.
    #[inline]
    pub const fn new(rank: Rank, suit: Suit) -> Card {
        Card(INDICES[rank as usize * 4 + suit as usize])
    }

    /// How many cards there are: the standard game's deck
    /// ([`rules::STANDARD`](crate::rules::STANDARD)), of which every game's
    /// deck is a subset. The card type's [`Index`] lists them, and its
    /// length is checked against this number where [`INDICES`] is typed.
    pub const COUNT: usize = crate::rules::STANDARD.cards();

    /// The card with index `index` (`4 * rank + suit`), or `None` from
    /// [`Card::COUNT`] on.
    pub const fn from_index(index: u8) -> Option<Card> {
        if (index as usize) < Card::COUNT {
            Some(Card(INDICES[index as usize]))
        } else {
            None
        }
    }

    /// The index `4 * rank + suit`, 0..52.
    #[inline(always)]
    pub const fn index(self) -> u8 {
        self.0 as u8
    }

    /// The card's rank.
    #[inline(always)]
    pub const fn rank(self) -> Rank {
        Rank::ALL[(self.index() >> 2) as usize]
    }

    /// The card's suit.
    #[inline(always)]
    pub const fn suit(self) -> Suit {
        Suit::ALL[(self.index() & 3) as usize]
    }

    /// Every card in index order.
    pub fn all() -> impl ExactSizeIterator<Item = Card> + Clone {
        Card::ALL.into_iter()
    }

    /// Every card in index order, for `const` code such as [`card_table!`](crate::card_table).
    pub const ALL: [Card; Card::COUNT] = {
        let mut cards = [Card(Index::I0); Card::COUNT];
        let mut i = 0;
        while i < Card::COUNT {
            cards[i] = Card(INDICES[i]);
            i += 1;
        }
        cards
    };
}

impl fmt::Debug for Card {
    /// `Card(51)`: the index, as for a plain byte.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("Card").field(&self.index()).finish()
    }
}

/// One value per card, looked up by a load with no bounds check: the 52
/// values sit in a 64-entry array and the index is masked to 6 bits, which
/// the compiler can see is in range. Build one with [`card_table!`](crate::card_table).
///
/// Evaluators keep their per-card encoding in one of these so that turning a
/// [`Hand`](crate::Hand) into their encoding costs a load per card.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CardTable<T>([T; 64]);

impl<T: Copy> CardTable<T> {
    /// A table from 64 values; entry `i` belongs to the card with index `i`,
    /// and entries 52..64 are never read.
    pub const fn from_array(values: [T; 64]) -> Self {
        CardTable(values)
    }

    /// The value of `card`.
    #[inline(always)]
    pub const fn get(&self, card: Card) -> T {
        self.0[(card.index() & 63) as usize]
    }

    /// The values of a hand's cards, in the hand's order.
    #[inline(always)]
    pub const fn of_hand<const N: usize>(&self, hand: &crate::Hand<N>) -> [T; N] {
        let cards = hand.as_cards();
        let mut values = [self.get(cards[0]); N];
        let mut i = 1;
        while i < N {
            values[i] = self.get(cards[i]);
            i += 1;
        }
        values
    }

    /// The bytes the table occupies, for reports ("card table bytes").
    pub const BYTES: usize = core::mem::size_of::<[T; 64]>();
}

/// Builds a [`CardTable`] at compile time from an expression of each card:
/// `card_table!(u32, |card| 1 << card.rank().index())`.
#[macro_export]
macro_rules! card_table {
    ($ty:ty, |$card:ident| $value:expr) => {{
        const fn value($card: $crate::Card) -> $ty {
            $value
        }
        let mut values: [$ty; 64] = [value($crate::Card::ALL[0]); 64];
        let mut i = 0;
        while i < $crate::Card::COUNT {
            values[i] = value($crate::Card::ALL[i]);
            i += 1;
        }
        $crate::CardTable::from_array(values)
    }};
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
