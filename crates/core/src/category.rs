//! Hand categories and the conventional 7,462 equivalence classes.

use core::fmt;
use core::num::NonZeroU16;
use core::str::FromStr;

/// The ten hand categories, weakest first, so that `Ord` is poker strength.
///
/// A royal flush is its own category (rather than the top straight flush)
/// because two of the three algorithms in this lab report it separately.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
#[allow(missing_docs)]
pub enum Category {
    HighCard = 0,
    OnePair,
    TwoPair,
    ThreeOfAKind,
    Straight,
    Flush,
    FullHouse,
    FourOfAKind,
    StraightFlush,
    RoyalFlush,
}

impl Category {
    /// All ten categories, weakest first.
    pub const ALL: [Category; 10] = [
        Category::HighCard,
        Category::OnePair,
        Category::TwoPair,
        Category::ThreeOfAKind,
        Category::Straight,
        Category::Flush,
        Category::FullHouse,
        Category::FourOfAKind,
        Category::StraightFlush,
        Category::RoyalFlush,
    ];

    /// The category at position `index` in [`Category::ALL`].
    pub const fn from_index(index: u8) -> Option<Category> {
        if index < 10 {
            Some(Category::ALL[index as usize])
        } else {
            None
        }
    }

    /// The category at `index & 15`, for branch-free evaluators that compute
    /// an index: no bounds check, no `Option`. Indices 10..16 (which a correct
    /// evaluator never produces) give high card.
    #[inline]
    pub const fn from_index_masked(index: usize) -> Category {
        const PADDED: [Category; 16] = {
            let mut t = [Category::HighCard; 16];
            let mut i = 0;
            while i < 10 {
                t[i] = Category::ALL[i];
                i += 1;
            }
            t
        };
        PADDED[index & 15]
    }

    /// The category at `index`, high card for indices of 10 and up (which a
    /// correct evaluator never produces): a `match` on the index that the
    /// compiler turns into a compare and a select, so that loops converting
    /// a batch of indices vectorise, where a table read would not.
    #[inline]
    pub const fn from_index_or_high_card(index: u32) -> Category {
        match index {
            1 => Category::OnePair,
            2 => Category::TwoPair,
            3 => Category::ThreeOfAKind,
            4 => Category::Straight,
            5 => Category::Flush,
            6 => Category::FullHouse,
            7 => Category::FourOfAKind,
            8 => Category::StraightFlush,
            9 => Category::RoyalFlush,
            _ => Category::HighCard,
        }
    }

    /// Position in [`Category::ALL`]: 0 for high card .. 9 for royal flush.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The human name, e.g. "Full House".
    pub const fn name(self) -> &'static str {
        match self {
            Category::HighCard => "High Card",
            Category::OnePair => "One Pair",
            Category::TwoPair => "Two Pair",
            Category::ThreeOfAKind => "Three of a Kind",
            Category::Straight => "Straight",
            Category::Flush => "Flush",
            Category::FullHouse => "Full House",
            Category::FourOfAKind => "Four of a Kind",
            Category::StraightFlush => "Straight Flush",
            Category::RoyalFlush => "Royal Flush",
        }
    }

    /// The stable `snake_case` id used in CSV files and on the command line, e.g. `full_house`.
    pub const fn id(self) -> &'static str {
        match self {
            Category::HighCard => "high_card",
            Category::OnePair => "one_pair",
            Category::TwoPair => "two_pair",
            Category::ThreeOfAKind => "three_of_a_kind",
            Category::Straight => "straight",
            Category::Flush => "flush",
            Category::FullHouse => "full_house",
            Category::FourOfAKind => "four_of_a_kind",
            Category::StraightFlush => "straight_flush",
            Category::RoyalFlush => "royal_flush",
        }
    }

    /// How many of the 2,598,960 five-card hands fall in this category.
    ///
    /// This is the ground-truth table every evaluator must reproduce (see the
    /// crate docs); the reference evaluator's tests derive it independently.
    pub const fn hand_count(self) -> u32 {
        crate::rules::STANDARD.five_hands[self.index()]
    }

    /// How many distinct equivalence classes (hand strengths) the category
    /// holds in the standard game ([`crate::rules::STANDARD`]).
    pub const fn class_count(self) -> u16 {
        crate::rules::STANDARD.five_classes[self.index()]
    }

    /// The strongest (numerically lowest) class in this category.
    pub const fn best_class(self) -> HandClass {
        let mut first = 1;
        let mut i = 9;
        while i > self as usize {
            first += Category::ALL[i].class_count();
            i -= 1;
        }
        HandClass::saturating(first)
    }

    /// The weakest (numerically highest) class in this category.
    pub const fn worst_class(self) -> HandClass {
        let best = self.best_class().get();
        HandClass::saturating(best + self.class_count() - 1)
    }
}

impl fmt::Display for Category {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The text is not a category id (`full_house`) nor a name (`Full House`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct UnknownCategory;

impl fmt::Display for UnknownCategory {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("unknown category (expected an id such as full_house)")
    }
}

impl core::error::Error for UnknownCategory {}

impl FromStr for Category {
    type Err = UnknownCategory;

    fn from_str(s: &str) -> Result<Self, UnknownCategory> {
        Category::ALL
            .into_iter()
            .find(|c| c.id() == s || c.name().eq_ignore_ascii_case(s))
            .ok_or(UnknownCategory)
    }
}

/// The conventional equivalence class of a five-card hand, 1..=7462.
///
/// Class 1 is the royal flush and 7462 is 7-5-4-3-2 offsuit: **lower is
/// stronger**. Two hands tie exactly when their classes are equal. The
/// numbering is Cactus Kev's, which every published table uses; landmarks:
/// steel wheel 10, wheel 1609, 6-high straight 1608.
///
/// `Ord` compares the numbers, so `a < b` means *a is stronger*; use
/// [`HandClass::beats`] where that reads better.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct HandClass(NonZeroU16);

impl HandClass {
    /// The number of classes.
    pub const COUNT: u16 = crate::rules::STANDARD.classes();

    /// The class numbered `n`, or `None` outside 1..=7462.
    pub const fn new(n: u16) -> Option<HandClass> {
        match NonZeroU16::new(n) {
            Some(nz) if n <= Self::COUNT => Some(HandClass(nz)),
            _ => None,
        }
    }

    /// For numbers known to be in range: 0 would become 1 (never reached).
    const fn saturating(n: u16) -> HandClass {
        HandClass(NonZeroU16::MIN.saturating_add(n.saturating_sub(1)))
    }

    /// The class number, 1..=7462.
    pub const fn get(self) -> u16 {
        self.0.get()
    }

    /// The category this class belongs to (classes are numbered category by category).
    pub const fn category(self) -> Category {
        let mut i = 9;
        loop {
            let c = Category::ALL[i];
            if self.get() <= c.worst_class().get() {
                return c;
            }
            i -= 1;
        }
    }

    /// Whether a hand of this class beats a hand of class `other`.
    pub const fn beats(self, other: HandClass) -> bool {
        self.get() < other.get()
    }
}

impl fmt::Display for HandClass {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.get().fmt(f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_adds_up() {
        let hands: u32 = Category::ALL.iter().map(|c| c.hand_count()).sum();
        let classes: u16 = Category::ALL.iter().map(|c| c.class_count()).sum();
        assert_eq!(hands as usize, crate::HAND_COUNT);
        assert_eq!(classes, HandClass::COUNT);
    }

    #[test]
    fn class_ranges_are_contiguous_and_hit_the_landmarks() {
        assert_eq!(Category::RoyalFlush.best_class().get(), 1);
        assert_eq!(Category::StraightFlush.worst_class().get(), 10);
        assert_eq!(Category::Straight.best_class().get(), 1600);
        assert_eq!(Category::Straight.worst_class().get(), 1609);
        assert_eq!(
            Category::HighCard.worst_class().get(),
            crate::rules::STANDARD.classes()
        );
        for w in Category::ALL.windows(2) {
            assert_eq!(w[0].best_class().get(), w[1].worst_class().get() + 1);
        }
        for n in 1..=HandClass::COUNT {
            let class = HandClass::new(n).unwrap();
            let c = class.category();
            assert!(c.best_class() <= class && class <= c.worst_class());
        }
        assert_eq!(HandClass::new(0), None);
        assert_eq!(HandClass::new(7463), None);
    }

    #[test]
    fn ids_and_names_parse_back() {
        for c in Category::ALL {
            assert_eq!(c.id().parse(), Ok(c));
            assert_eq!(c.name().parse(), Ok(c));
            assert_eq!(Category::from_index(c.index() as u8), Some(c));
            assert_eq!(Category::from_index_masked(c.index()), c);
            assert_eq!(Category::from_index_masked(c.index() + 16), c);
        }
        assert_eq!("Full House".parse(), Ok(Category::FullHouse));
        assert_eq!("full_house".parse(), Ok(Category::FullHouse));
        assert_eq!("nothing".parse::<Category>(), Err(UnknownCategory));
        assert_eq!(Category::from_index_masked(12), Category::HighCard);
    }
}
