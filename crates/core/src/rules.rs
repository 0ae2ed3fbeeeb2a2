//! What cards are worth in a game: its deck and its ranking, as data.
//!
//! Every game of the lab deals from a deck of the four suits of the ranks
//! from some lowest rank up to the ace, and ranks a five by the same ten
//! [`Category`]s; what changes between rule sets is which ranks the deck
//! holds and the order of the categories. The straights follow from the
//! deck: five ranks in a row, the ace playing high above the king or low
//! below the deck's lowest rank. So the standard game (52 cards, 2 to ace)
//! has the ten straights from A-2-3-4-5 to A-K-Q-J-T, and short deck (36
//! cards, 6 to ace) the six from A-6-7-8-9 to A-K-Q-J-T.
//!
//! Lowball rule sets ([`Lowball`]) rank the same categories for the lowest
//! hand: deuce-to-seven is the standard order reversed with the ace high
//! only (no wheel); ace-to-five plays the ace low and counts no straight
//! or flush, its straight and flush categories empty. Their classes run
//! from 1, the best low, as a high game's run from the best high.
//!
//! A rule set's five-card tables (hands and classes per category) are
//! derived below from the deck alone, by counting rank patterns, and
//! asserted against the figures written in the definition; the reference's
//! tests count them a second way, hand by hand.
//!
//! ```
//! use handeval_core::{Category, Rank, rules};
//!
//! let short = &rules::SHORT_DECK;
//! assert_eq!(short.cards(), 36);
//! assert_eq!(short.straights(), 6);
//! // A flush beats a full house: fewer of them can be made from 36 cards.
//! assert!(short.beats(Category::Flush, Category::FullHouse));
//! assert!(short.hands_in(Category::Flush) < short.hands_in(Category::FullHouse));
//! assert_eq!(short.classes(), 1_404);
//! assert_eq!(rules::STANDARD.classes(), 7_462);
//! assert_eq!(short.lowest, Rank::Six);
//! ```

use crate::{Category, Rank};

/// A deck and a ranking of fives: see the [module documentation](self).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rules {
    /// The rule set's id: `standard`, `short`.
    pub id: &'static str,
    /// The lowest rank of the deck, which holds every suit of this rank and
    /// of every rank above it.
    pub lowest: Rank,
    /// `None` when the highest hand wins; else the lowball rule by which
    /// the lowest does ([`Lowball`]). The order below is then weakest
    /// first as well: the worst low first, the best (class 1) last.
    pub lowball: Option<Lowball>,
    /// The categories, weakest first.
    pub order: [Category; 10],
    /// How many five-card hands of the deck are in each category, in
    /// [`Category::ALL`] order, as published; asserted against the
    /// derivation ([`Rules::derived_hands`]).
    pub five_hands: [u32; 10],
    /// How many distinct classes each category holds, in [`Category::ALL`]
    /// order; asserted against the derivation ([`Rules::derived_classes`]).
    pub five_classes: [u16; 10],
}

impl Rules {
    /// Whether these are the rules `other` are (their ids), in a `const`
    /// context: see [`same_game`](crate::same_game).
    pub const fn is(&self, other: &Rules) -> bool {
        crate::game::same_str(self.id, other.id)
    }
}

/// The two lowball rules players deal, in which the lowest hand wins.
///
/// - **Ace-to-five** (razz, California lowball, and with a qualifier the
///   low half of the eight-or-better games): the ace is the lowest card,
///   straights and flushes do not count, so every five of distinct ranks
///   is "high card" and A-2-3-4-5 (the wheel, suited or not) is the best
///   hand; pairs count against the hand, a pair of aces being the best
///   pair. Its categories are high card to four of a kind; straights and
///   flushes are empty.
/// - **Deuce-to-seven** (Kansas City lowball, 2-7 single and triple draw):
///   the ace is only high, and straights and flushes count against the
///   hand, so the best low is the worst high hand: 7-5-4-3-2 of two suits
///   or more. A-2-3-4-5 is ace-high, not a straight: the straights are the
///   nine from 2-3-4-5-6 to T-J-Q-K-A, and the standard order reversed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Lowball {
    /// Ace-to-five: the ace low, straights and flushes ignored.
    AceToFive,
    /// Deuce-to-seven: the ace high, straights and flushes count.
    DeuceToSeven,
}

/// The categories in the usual order: high card weakest, royal flush
/// strongest.
const USUAL: [Category; 10] = Category::ALL;

/// The standard game: 52 cards, 2 to ace; straights from A-2-3-4-5; the
/// usual order. Its five-card tables are the field's ground truth (Cactus
/// Kev's 7,462 classes).
pub const STANDARD: Rules = Rules {
    id: "standard",
    lowest: Rank::Two,
    lowball: None,
    order: USUAL,
    five_hands: [
        1_302_540, 1_098_240, 123_552, 54_912, 10_200, 5_108, 3_744, 624, 36, 4,
    ],
    five_classes: [1_277, 2_860, 858, 858, 10, 1_277, 156, 156, 9, 1],
};

/// Short deck (six-plus Hold'em): 36 cards, 6 to ace; A-6-7-8-9 the lowest
/// straight; a flush beats a full house, because from 36 cards fewer
/// flushes (480) than full houses (1,728) can be made.
///
/// A straight beats three of a kind here, as in `aya_poker`, the lab's
/// outside baseline; some rooms (Triton's rules) rank three of a kind above
/// the straight instead, which is a swap of two entries of `order`.
///
/// Five-card hands by category, derived by hand and asserted below: 120
/// high-card rank sets (126 sets of five of the nine ranks less the six
/// straights) times 1,020 suitings (4^5 less the four flushes) is 122,400;
/// one pair 9 x C(8, 3) x 6 x 4^3 = 193,536; two pair C(9, 2) x 7 x 6^2 x 4
/// = 36,288; three of a kind 9 x C(8, 2) x 4 x 4^2 = 16,128; straights 6 x
/// 1,020 = 6,120; flushes 4 x 120 = 480; full houses 9 x 8 x 4 x 6 = 1,728;
/// four of a kind 9 x 8 x 4 = 288; straight flushes 4 x 5 = 20; royal
/// flushes 4: 376,992 = C(36, 5) in all.
pub const SHORT_DECK: Rules = Rules {
    id: "short",
    lowest: Rank::Six,
    lowball: None,
    order: [
        Category::HighCard,
        Category::OnePair,
        Category::TwoPair,
        Category::ThreeOfAKind,
        Category::Straight,
        Category::FullHouse,
        Category::Flush,
        Category::FourOfAKind,
        Category::StraightFlush,
        Category::RoyalFlush,
    ],
    five_hands: [
        122_400, 193_536, 36_288, 16_128, 6_120, 480, 1_728, 288, 20, 4,
    ],
    five_classes: [120, 504, 252, 252, 6, 120, 72, 72, 5, 1],
};

/// Short deck as many rooms deal it (Triton's rules among them): the deck,
/// straights and tables of [`SHORT_DECK`], with three of a kind above the
/// straight, the two entries of the order swapped. From 36 cards more
/// threes of a kind (16,128) than straights (6,120) are made, so by rarity
/// the straight ranks higher ([`SHORT_DECK`]); the rooms that rank three
/// of a kind higher do so by custom, and both orders are dealt.
pub const SHORT_DECK_TRIPS: Rules = Rules {
    id: "short-trips",
    lowest: Rank::Six,
    lowball: None,
    order: [
        Category::HighCard,
        Category::OnePair,
        Category::TwoPair,
        Category::Straight,
        Category::ThreeOfAKind,
        Category::FullHouse,
        Category::Flush,
        Category::FourOfAKind,
        Category::StraightFlush,
        Category::RoyalFlush,
    ],
    five_hands: SHORT_DECK.five_hands,
    five_classes: SHORT_DECK.five_classes,
};

/// `n` choose `k`, for the small counts of the derivation.
/// Ace-to-five lowball ([`Lowball::AceToFive`]) over the standard deck:
/// razz and five-card ace-to-five. The order runs from the empty
/// categories (straights and flushes do not count) through four of a kind,
/// the worst low, to high card, the best; class 1 is A-2-3-4-5 and class
/// 6,175 four kings with a queen.
///
/// Five-card hands by category, derived below and asserted: no pair is
/// C(13, 5) = 1,287 rank sets of any 4^5 suits, 1,317,888 (straights and
/// flushes among them); the pairs, two pairs, trips, full houses and quads
/// are the standard game's; 6,175 classes in all.
pub const ACE_TO_FIVE: Rules = Rules {
    id: "ace-to-five",
    lowest: Rank::Two,
    lowball: Some(Lowball::AceToFive),
    order: [
        Category::RoyalFlush,
        Category::StraightFlush,
        Category::Flush,
        Category::Straight,
        Category::FourOfAKind,
        Category::FullHouse,
        Category::ThreeOfAKind,
        Category::TwoPair,
        Category::OnePair,
        Category::HighCard,
    ],
    five_hands: [
        1_317_888, 1_098_240, 123_552, 54_912, 0, 0, 3_744, 624, 0, 0,
    ],
    five_classes: [1_287, 2_860, 858, 858, 0, 0, 156, 156, 0, 0],
};

/// Deuce-to-seven lowball ([`Lowball::DeuceToSeven`]) over the standard
/// deck: the standard order reversed, with no wheel. Class 1 is 7-5-4-3-2
/// of two suits or more, class 7,462 the royal flush.
///
/// Five-card hands by category, derived below and asserted: nine straights
/// (6-high to ace-high), so 1,287 - 9 = 1,278 no-pair rank sets of 1,020
/// suitings (4^5 less the four flushes) are high card, 1,303,560; 9 x
/// 1,020 = 9,180 straights; 4 x 1,278 = 5,112 flushes; 4 x 8 = 32 straight
/// flushes and 4 royal; pairs and the rest as in the standard game. The
/// classes are the standard game's 7,462, one straight and one straight
/// flush fewer, one high card and one flush more (A-5-4-3-2).
pub const DEUCE_TO_SEVEN: Rules = Rules {
    id: "deuce-to-seven",
    lowest: Rank::Two,
    lowball: Some(Lowball::DeuceToSeven),
    order: [
        Category::RoyalFlush,
        Category::StraightFlush,
        Category::FourOfAKind,
        Category::FullHouse,
        Category::Flush,
        Category::Straight,
        Category::ThreeOfAKind,
        Category::TwoPair,
        Category::OnePair,
        Category::HighCard,
    ],
    five_hands: [
        1_303_560, 1_098_240, 123_552, 54_912, 9_180, 5_112, 3_744, 624, 32, 4,
    ],
    five_classes: [1_278, 2_860, 858, 858, 9, 1_278, 156, 156, 8, 1],
};

const fn choose(n: u64, k: u64) -> u64 {
    crate::hand::choose(n as usize, k as usize) as u64
}

impl Rules {
    /// How many ranks the deck holds (13, or 9 for short deck).
    pub const fn ranks(&self) -> usize {
        13 - self.lowest.index() as usize
    }

    /// How many cards the deck holds.
    pub const fn cards(&self) -> usize {
        4 * self.ranks()
    }

    /// The deck as a mask of card indices (bit `4 * rank + suit`).
    pub const fn deck(&self) -> u64 {
        let all = (1u64 << 52) - 1;
        all & !((1u64 << (4 * self.lowest.index())) - 1)
    }

    /// Whether the deck holds `rank`.
    pub const fn holds(&self, rank: Rank) -> bool {
        rank.index() >= self.lowest.index()
    }

    /// How many straights there are: every run of five ranks of the deck,
    /// and the ace below the lowest rank where it plays there; none in
    /// ace-to-five, where straights do not count.
    pub const fn straights(&self) -> usize {
        match self.lowball {
            None => self.ranks() - 3,
            // No wheel: the ace plays high only.
            Some(Lowball::DeuceToSeven) => self.ranks() - 4,
            Some(Lowball::AceToFive) => 0,
        }
    }

    /// Whether five cards of one suit make a flush (every rule set but
    /// ace-to-five's).
    pub const fn flushes(&self) -> bool {
        !matches!(self.lowball, Some(Lowball::AceToFive))
    }

    /// Whether the ace plays below the deck's lowest rank in a straight
    /// (A-2-3-4-5, A-6-7-8-9): where the highest hand wins.
    pub const fn ace_low_straight(&self) -> bool {
        self.lowball.is_none()
    }

    /// The straights as rank masks (bit `r` for rank index `r`, 2 = bit 0),
    /// lowest first: the one with the low ace (where it plays), then each
    /// run of five; none where straights do not count.
    pub fn straight_masks(&self) -> impl Iterator<Item = u16> + '_ {
        let low = self.lowest.index();
        let ace_low = 1u16 << 12 | 0b1111 << low;
        let counted = self.straights() > 0;
        core::iter::once(ace_low)
            .filter(move |_| counted && self.ace_low_straight())
            .chain(
                (low..=8)
                    .filter(move |_| counted)
                    .map(|bottom| 0b1_1111 << bottom),
            )
    }

    /// Where `category` stands in the order, 0 for the weakest. (Every
    /// rule set's order holds each category once: asserted below.)
    pub const fn tier(&self, category: Category) -> usize {
        let mut i = 0;
        while i < 10 {
            if self.order[i] as u8 == category as u8 {
                return i;
            }
            i += 1;
        }
        0
    }

    /// Whether a five of category `a` beats one of category `b`.
    pub const fn beats(&self, a: Category, b: Category) -> bool {
        self.tier(a) > self.tier(b)
    }

    /// Five-card hands of the deck in `category`.
    pub const fn hands_in(&self, category: Category) -> u32 {
        self.five_hands[category.index()]
    }

    /// Classes of `category`.
    pub const fn classes_in(&self, category: Category) -> u16 {
        self.five_classes[category.index()]
    }

    /// Five-card classes in all (7,462, or 1,404 for short deck).
    pub const fn classes(&self) -> u16 {
        let mut sum = 0;
        let mut i = 0;
        while i < 10 {
            sum += self.five_classes[i];
            i += 1;
        }
        sum
    }

    /// The strongest (lowest) class number of `category`: 1 plus the
    /// classes of every stronger category.
    pub const fn best_class(&self, category: Category) -> u16 {
        let mut first = 1;
        let mut i = 9;
        while i > self.tier(category) {
            first += self.five_classes[self.order[i].index()];
            i -= 1;
        }
        first
    }

    /// The weakest (highest) class number of `category`.
    pub const fn worst_class(&self, category: Category) -> u16 {
        self.best_class(category) + self.classes_in(category) - 1
    }

    /// The category of class number `class` (1 is the strongest), `None`
    /// outside `1..=classes()`.
    pub const fn category_of(&self, class: u16) -> Option<Category> {
        if class == 0 || class > self.classes() {
            return None;
        }
        let mut i = 9;
        loop {
            let c = self.order[i];
            if class <= self.worst_class(c) {
                return Some(c);
            }
            i -= 1;
        }
    }

    /// The five-card hands of each category, in [`Category::ALL`] order,
    /// counted from the deck by rank patterns: the published table the
    /// definition writes out, derived.
    pub const fn derived_hands(&self) -> [u32; 10] {
        let r = self.ranks() as u64;
        let straights = self.straights() as u64;
        // Suitings of five distinct ranks that are not all one suit, or
        // every suiting where a flush does not count.
        let offsuit = if self.flushes() {
            4 * 4 * 4 * 4 * 4 - 4
        } else {
            4 * 4 * 4 * 4 * 4
        };
        let flushes = if self.flushes() { 4 } else { 0 };
        let distinct = choose(r, 5);
        // The straight flushes below the royal, and the royal, where
        // straights and flushes both count.
        let (straight_flushes, royals) = if straights > 0 && self.flushes() {
            (straights - 1, 1)
        } else {
            (0, 0)
        };
        [
            ((distinct - straights) * offsuit) as u32,
            (r * choose(r - 1, 3) * 6 * 64) as u32,
            (choose(r, 2) * (r - 2) * 36 * 4) as u32,
            (r * choose(r - 1, 2) * 4 * 16) as u32,
            (straights * offsuit) as u32,
            (flushes * (distinct - straights)) as u32,
            (r * (r - 1) * 4 * 6) as u32,
            (r * (r - 1) * 4) as u32,
            (4 * straight_flushes) as u32,
            (4 * royals) as u32,
        ]
    }

    /// The classes of each category, in [`Category::ALL`] order, counted
    /// from the deck's ranks.
    pub const fn derived_classes(&self) -> [u16; 10] {
        let r = self.ranks() as u64;
        let straights = self.straights() as u64;
        let distinct = choose(r, 5);
        let flushes = if self.flushes() { 1 } else { 0 };
        let (straight_flushes, royals) = if straights > 0 && self.flushes() {
            (straights - 1, 1)
        } else {
            (0, 0)
        };
        [
            (distinct - straights) as u16,
            (r * choose(r - 1, 3)) as u16,
            (choose(r, 2) * (r - 2)) as u16,
            (r * choose(r - 1, 2)) as u16,
            straights as u16,
            (flushes * (distinct - straights)) as u16,
            (r * (r - 1)) as u16,
            (r * (r - 1)) as u16,
            straight_flushes as u16,
            royals as u16,
        ]
    }
}

/// A rule set as a type, for what is chosen by type: a game's
/// ([`Game::Rules`](crate::Game::Rules)) and the reference evaluator of
/// its fives.
pub trait RuleSet: Copy + Default + Send + Sync + core::fmt::Debug + 'static {
    /// Where the rules are in [`ALL`]: the slot of a table kept per rule
    /// set.
    const INDEX: usize;
    /// The rules.
    const RULES: &'static Rules = ALL[Self::INDEX];
}

/// [`STANDARD`] as a type.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Standard;

impl RuleSet for Standard {
    const INDEX: usize = 0;
}

/// [`SHORT_DECK`] as a type.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct ShortDeck;

impl RuleSet for ShortDeck {
    const INDEX: usize = 1;
}

/// [`SHORT_DECK_TRIPS`] as a type.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct ShortDeckTrips;

impl RuleSet for ShortDeckTrips {
    const INDEX: usize = 2;
}

/// [`ACE_TO_FIVE`] as a type.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct AceToFiveLow;

impl RuleSet for AceToFiveLow {
    const INDEX: usize = 3;
}

/// [`DEUCE_TO_SEVEN`] as a type.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct DeuceToSevenLow;

impl RuleSet for DeuceToSevenLow {
    const INDEX: usize = 4;
}

/// Every rule set, for checks written once.
pub const ALL: [&Rules; 5] = [
    &STANDARD,
    &SHORT_DECK,
    &SHORT_DECK_TRIPS,
    &ACE_TO_FIVE,
    &DEUCE_TO_SEVEN,
];

/// The most five-card classes of any rule set: the length of a table
/// indexed by class, whichever the rules.
pub const MOST_CLASSES: u16 = {
    let mut most = 0;
    let mut i = 0;
    while i < ALL.len() {
        if ALL[i].classes() > most {
            most = ALL[i].classes();
        }
        i += 1;
    }
    most
};

// The definitions' tables are what the decks give, and each order holds
// every category once.
const _: () = {
    let mut i = 0;
    while i < ALL.len() {
        let rules = ALL[i];
        let mut c = 0;
        while c < 10 {
            assert!(
                rules.order[rules.tier(Category::ALL[c])] as u8 == c as u8,
                "an order holds every category"
            );
            c += 1;
        }
        let (hands, classes) = (rules.derived_hands(), rules.derived_classes());
        let mut c = 0;
        while c < 10 {
            assert!(
                hands[c] == rules.five_hands[c],
                "a table's hands are derived"
            );
            assert!(
                classes[c] == rules.five_classes[c],
                "a table's classes are derived"
            );
            c += 1;
        }
        i += 1;
    }
};

#[cfg(test)]
mod tests {
    use super::*;
    use std::vec::Vec;

    #[test]
    fn the_tables_add_up_to_the_deck() {
        for rules in ALL {
            let hands: u64 = rules.five_hands.iter().map(|&n| u64::from(n)).sum();
            assert_eq!(hands, choose(rules.cards() as u64, 5), "{}", rules.id);
            // Classes run category by category, strongest first.
            let tiers: Vec<usize> = (1..=rules.classes())
                .map(|class| rules.tier(rules.category_of(class).expect("in range")))
                .collect();
            assert!(tiers.windows(2).all(|w| w[0] >= w[1]), "{}", rules.id);
            assert_eq!(tiers[0], 9);
            for c in Category::ALL
                .into_iter()
                .filter(|&c| rules.classes_in(c) > 0)
            {
                let (best, worst) = (rules.best_class(c), rules.worst_class(c));
                assert_eq!(rules.category_of(best), Some(c), "{} {c}", rules.id);
                assert_eq!(rules.category_of(worst), Some(c), "{} {c}", rules.id);
                assert_eq!(worst + 1 - best, rules.classes_in(c));
            }
            assert_eq!(rules.category_of(0), None);
            assert_eq!(rules.category_of(rules.classes() + 1), None);
            assert_eq!(rules.straight_masks().count(), rules.straights());
        }
    }

    #[test]
    fn standard_is_the_published_table_and_short_deck_reorders_it() {
        for c in Category::ALL {
            assert_eq!(STANDARD.hands_in(c), c.hand_count());
            assert_eq!(STANDARD.classes_in(c), c.class_count());
            assert_eq!(STANDARD.best_class(c), c.best_class().get());
        }
        assert_eq!(STANDARD.cards(), 52);
        assert_eq!(STANDARD.deck().count_ones(), 52);
        assert_eq!(SHORT_DECK.deck().count_ones(), 36);
        assert_eq!(SHORT_DECK.deck().trailing_zeros(), 16);
        // Classes 1 and 2: the royal flush, then the straight flushes.
        assert_eq!(SHORT_DECK.category_of(1), Some(Category::RoyalFlush));
        // Below quads, the flush, then the full house.
        let after_quads = SHORT_DECK.worst_class(Category::FourOfAKind) + 1;
        assert_eq!(SHORT_DECK.category_of(after_quads), Some(Category::Flush));
        assert_eq!(
            SHORT_DECK.best_class(Category::FullHouse),
            SHORT_DECK.worst_class(Category::Flush) + 1
        );
        assert_eq!(SHORT_DECK.category_of(1_404), Some(Category::HighCard));
        // Three of a kind above the straight: its 252 classes come first.
        let trips = &SHORT_DECK_TRIPS;
        assert!(trips.beats(Category::ThreeOfAKind, Category::Straight));
        assert_eq!(
            trips.best_class(Category::Straight),
            trips.worst_class(Category::ThreeOfAKind) + 1
        );
        assert_eq!(
            trips.worst_class(Category::Straight),
            SHORT_DECK.worst_class(Category::ThreeOfAKind)
        );
        assert_eq!(trips.classes(), 1_404);
        let masks: Vec<u16> = SHORT_DECK.straight_masks().collect();
        // A-6-7-8-9, then 6-7-8-9-T up to T-J-Q-K-A.
        assert_eq!(masks[0], 1 << 12 | 0b1111 << 4);
        assert_eq!(masks[1], 0b1_1111 << 4);
        assert_eq!(masks[5], 0b1_1111 << 8);
        let standard: Vec<u16> = STANDARD.straight_masks().collect();
        assert_eq!(u32::from(standard[0]), crate::bits::WHEEL);
        assert_eq!(u32::from(standard[9]), crate::bits::BROADWAY);
    }

    #[test]
    fn the_lowball_orders_put_the_best_low_first() {
        // Ace-to-five: no straight or flush; no pair best, quads worst.
        let a5 = &ACE_TO_FIVE;
        assert_eq!(
            (a5.straights(), a5.flushes(), a5.classes()),
            (0, false, 6_175)
        );
        assert_eq!(a5.straight_masks().count(), 0);
        assert_eq!(a5.category_of(1), Some(Category::HighCard));
        assert_eq!(a5.category_of(1_288), Some(Category::OnePair));
        assert_eq!(a5.category_of(6_175), Some(Category::FourOfAKind));
        assert!(a5.beats(Category::HighCard, Category::OnePair));
        // Deuce-to-seven: the standard order reversed, nine straights
        // from 2-3-4-5-6, none with the ace low.
        let d7 = &DEUCE_TO_SEVEN;
        let masks: Vec<u16> = d7.straight_masks().collect();
        assert_eq!(masks.len(), 9);
        assert_eq!(masks[0], 0b1_1111);
        assert!(!masks.contains(&(crate::bits::WHEEL as u16)));
        assert_eq!(d7.category_of(1), Some(Category::HighCard));
        assert_eq!(d7.category_of(7_462), Some(Category::RoyalFlush));
        for (a, b) in STANDARD.order.iter().zip(d7.order.iter().rev()) {
            assert_eq!(a, b);
        }
    }
}
