//! The reference evaluator: a naive five-card evaluator written to be
//! obviously correct, not fast. Every other evaluator in the lab is checked
//! against it, hand by hand.
//!
//! # How it works
//!
//! It does what a person does:
//!
//! 1. count the cards of each rank;
//! 2. list the ranks by count, then by rank, both descending, repeating each
//!    rank as often as it occurs: `8h 8c Ks 5d 3s` becomes `8 8 K 5 3`;
//! 3. it is a flush if all five suits are equal, a straight if the five ranks
//!    are distinct and consecutive; A-2-3-4-5 (the wheel) is a straight whose
//!    ace counts as 1, listed `5 4 3 2 1`;
//! 4. the category follows from the pattern of counts and those two tests.
//!
//! The strength is the pair (category, listed ranks), compared
//! lexicographically: `Ord` compares the fields in turn, through one packed
//! word ([`Strength::key`], a byte a field), which a test holds to the
//! field-by-field order on every distinct strength of every rule set.
//!
//! ```
//! use handeval_core::{Category, Evaluator, Hand};
//! use handeval_reference::Reference;
//!
//! let kings_up: Hand = "Kd Ks 8h 8c 3s".parse().unwrap();
//! let queens_up: Hand = "Qd Qs Jh Jc As".parse().unwrap();
//! assert_eq!(Reference::category(kings_up), Category::TwoPair);
//! assert!(Reference::strength(kings_up) > Reference::strength(queens_up));
//! assert_eq!(Reference::class(&"As Ks Qs Js Ts".parse().unwrap()).get(), 1);
//! assert_eq!(Reference::class(&"7c 5d 4h 3s 2c".parse().unwrap()).get(), 7462);
//! ```
//!
//! # Class numbers
//!
//! [`Reference::class`] numbers the distinct strengths found over all
//! 2,598,960 hands from the strongest (1) down; the table is built once, on
//! first use, by evaluating every hand (about half a second on the Zen 3). The tests
//! check that this yields exactly 7,462 classes with the published count per
//! category and the published landmarks, which is what makes it a reference.

use std::sync::OnceLock;

pub mod low;
pub mod lowball;
mod ranking;
mod seven;
pub mod table;

pub use low::LowReference;
pub use ranking::{Ranking, scale};
pub use seven::{ReferenceBest, best_five};

use core::marker::PhantomData;

use handeval_core::rules::{
    AceToFiveLow, DeuceToSevenLow, Lowball, RuleSet, Rules, ShortDeck, ShortDeckTrips, Standard,
};
use handeval_core::{Category, Evaluator, Family, Hand, HandClass, Role};

/// The naive reference evaluator of the fives of rule set `R`. See the
/// [crate documentation](crate).
#[derive(Clone, Copy, Debug, Default)]
pub struct Naive<R>(PhantomData<R>);

/// The naive reference evaluator of the standard game.
pub type Reference = Naive<Standard>;

/// The naive reference evaluator of short deck's fives: the same counts and
/// tests, A-6-7-8-9 the lowest straight, a flush above a full house.
///
/// ```
/// use handeval_core::{Category, Evaluator, Hand};
/// use handeval_reference::ShortReference;
///
/// let flush: Hand = "Kh Th 9h 7h 6h".parse().unwrap();
/// let full: Hand = "Ac Ad Ah Ks Kd".parse().unwrap();
/// assert!(ShortReference::strength(flush) > ShortReference::strength(full));
/// let lowest: Hand = "Ac 6d 7h 8s 9d".parse().unwrap();
/// assert_eq!(ShortReference::category(lowest), Category::Straight);
/// assert_eq!(ShortReference::class(&"As Ks Qs Js Ts".parse().unwrap()).get(), 1);
/// assert_eq!(ShortReference::class(&"9c 8d 7h 6s Jc".parse().unwrap()).get(), 1_404);
/// ```
pub type ShortReference = Naive<ShortDeck>;

/// The naive reference of short deck's fives where three of a kind beats a
/// straight ([`SHORT_DECK_TRIPS`](handeval_core::rules::SHORT_DECK_TRIPS)):
/// the same counts and tests in that order.
///
/// ```
/// use handeval_core::{Evaluator, Hand};
/// use handeval_reference::{ShortReference, ShortTripsReference};
///
/// let trips: Hand = "9c 9d 9h Ks 6d".parse().unwrap();
/// let straight: Hand = "Ac Kd Qh Js Tc".parse().unwrap();
/// assert!(ShortTripsReference::strength(trips) > ShortTripsReference::strength(straight));
/// assert!(ShortReference::strength(trips) < ShortReference::strength(straight));
/// ```
pub type ShortTripsReference = Naive<ShortDeckTrips>;

/// The naive reference of ace-to-five lowball's fives
/// ([`ACE_TO_FIVE`](handeval_core::rules::ACE_TO_FIVE)): the same counts,
/// the ace counted as one, no straight or flush, the lower ranks better.
///
/// ```
/// use handeval_core::{Category, Evaluator, Hand};
/// use handeval_reference::AceToFiveReference;
///
/// let wheel: Hand = "As 2s 3s 4s 5s".parse().unwrap();
/// let six: Hand = "6c 4d 3h 2s Ac".parse().unwrap();
/// let aces: Hand = "Ac Ad 2h 3s 4c".parse().unwrap();
/// assert_eq!(AceToFiveReference::category(wheel), Category::HighCard);
/// // The better low is the greater strength; any no-pair low beats a pair.
/// assert!(AceToFiveReference::strength(wheel) > AceToFiveReference::strength(six));
/// assert!(AceToFiveReference::strength(six) > AceToFiveReference::strength(aces));
/// ```
pub type AceToFiveReference = Naive<AceToFiveLow>;

/// The naive reference of deuce-to-seven lowball's fives
/// ([`DEUCE_TO_SEVEN`](handeval_core::rules::DEUCE_TO_SEVEN)): the
/// standard tests with the ace high only, the order reversed.
///
/// ```
/// use handeval_core::{Category, Evaluator, Hand};
/// use handeval_reference::DeuceToSevenReference;
///
/// let seven: Hand = "7c 5d 4h 3s 2c".parse().unwrap();
/// let wheel: Hand = "Ac 2d 3h 4s 5c".parse().unwrap();
/// let royal: Hand = "As Ks Qs Js Ts".parse().unwrap();
/// // A-2-3-4-5 is ace-high: behind 7-5-4-3-2, ahead of the royal flush.
/// assert_eq!(DeuceToSevenReference::category(wheel), Category::HighCard);
/// assert!(DeuceToSevenReference::strength(seven) > DeuceToSevenReference::strength(wheel));
/// assert!(DeuceToSevenReference::strength(wheel) > DeuceToSevenReference::strength(royal));
/// ```
pub type DeuceToSevenReference = Naive<DeuceToSevenLow>;

/// The reference strength: the category's place in the rules' order
/// first, then the ranks in the order they are compared (by count, then by
/// rank), as pip values 2..=14 with the ace of the lowest straight one
/// below the deck's lowest rank (1 in the standard game, 5 in short deck).
/// Where the lowest hand wins ([`Rules::lowball`]) the ranks are stored as
/// 15 less the pip (the ace 1 in ace-to-five), so that the greater
/// strength is the better hand under every rule set.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Strength {
    /// Where the category stands in the rules' order ([`Rules::tier`]):
    /// the category's index in the standard game.
    pub tier: u8,
    /// The hand's category.
    pub category: Category,
    /// The five ranks in comparison order.
    pub ranks: [u8; 5],
}

impl Strength {
    /// The strength as one number that orders as the fields do, in turn
    /// (tier, then category, then each rank): a byte each, the first
    /// field highest. Comparing it is one instruction where comparing the
    /// fields is seven, and the tools compare reference strengths millions
    /// of times a run (ranking every five-card hand, then finding each
    /// hand's class on the ranking).
    #[must_use]
    #[inline]
    pub const fn key(self) -> u64 {
        let r = self.ranks;
        u64::from_be_bytes([
            0,
            self.tier,
            self.category as u8,
            r[0],
            r[1],
            r[2],
            r[3],
            r[4],
        ])
    }
}

/// Field by field, as a derived order would compare them, through
/// [`Strength::key`] (a test holds the two orders equal).
impl Ord for Strength {
    #[inline]
    fn cmp(&self, other: &Self) -> core::cmp::Ordering {
        self.key().cmp(&other.key())
    }
}

/// The packed key, one word, which differs exactly where the fields do.
impl core::hash::Hash for Strength {
    #[inline]
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        state.write_u64(self.key());
    }
}

/// Hashes one packed key ([`Strength::key`], or a table's key) by a
/// multiply and a shift: the sets of distinct strengths the reference makes
/// in every process hold trusted values, so they need no protection from
/// chosen collisions and take a few cycles a value where the standard
/// library's keyed hash takes tens.
#[derive(Clone, Copy, Debug, Default)]
pub struct KeyHasher(u64);

impl core::hash::Hasher for KeyHasher {
    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }
    #[inline]
    fn write_u64(&mut self, key: u64) {
        self.0 = (self.0 ^ key).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    }
    #[inline]
    fn finish(&self) -> u64 {
        self.0 ^ self.0 >> 29
    }
}

/// Sets keyed by [`KeyHasher`].
pub type KeySet<T> = std::collections::HashSet<T, core::hash::BuildHasherDefault<KeyHasher>>;

impl PartialOrd for Strength {
    #[inline]
    fn partial_cmp(&self, other: &Self) -> Option<core::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

/// Evaluates a hand the long way by the standard rules. See the [crate
/// documentation](crate).
pub fn evaluate(hand: &Hand) -> Strength {
    evaluate_by(hand, Standard::RULES)
}

/// Evaluates a hand the long way by `rules`: the same counts and tests, the
/// lowest straight the ace below the deck's lowest rank, the categories in
/// the rules' order. A card outside the rules' deck is valued as its rank
/// reads (the caller deals from the deck).
pub fn evaluate_by(hand: &Hand, rules: &Rules) -> Strength {
    let cards = hand.cards();
    // Ace-to-five plays the ace as the lowest card, one.
    let ace_to_five = rules.lowball == Some(Lowball::AceToFive);
    let pips = |rank: handeval_core::Rank| match rank.value() {
        14 if ace_to_five => 1,
        v => v,
    };

    let mut count_of = [0u8; 15];
    for card in cards {
        count_of[usize::from(pips(card.rank()))] += 1;
    }
    // (count, rank) pairs, strongest first: at most five of them.
    let mut groups = [(0u8, 0u8); 5];
    let mut group_count = 0;
    for rank in 1..=14u8 {
        let count = count_of[usize::from(rank)];
        if count > 0 {
            groups[group_count] = (count, rank);
            group_count += 1;
        }
    }
    let groups = &mut groups[..group_count];
    groups.sort_unstable_by(|a, b| b.cmp(a));

    let mut ranks = [0u8; 5];
    let listed = groups
        .iter()
        .flat_map(|&(count, rank)| std::iter::repeat_n(rank, usize::from(count)));
    for (slot, rank) in ranks.iter_mut().zip(listed) {
        *slot = rank;
    }

    // Flushes and straights, where the rules count them (not in
    // ace-to-five); the ace below the lowest rank only where the highest
    // hand wins (A-2-3-4-5 is ace-high in deuce-to-seven).
    let flush = rules.flushes() && cards.iter().all(|c| c.suit() == cards[0].suit());
    let distinct = groups.len() == 5;
    let low = rules.lowest.value();
    let wheel = rules.ace_low_straight() && ranks == [14, low + 3, low + 2, low + 1, low];
    let straight = rules.straights() > 0 && distinct && (ranks[0] - ranks[4] == 4 || wheel);
    if wheel {
        ranks = [low + 3, low + 2, low + 1, low, low - 1];
    }

    let mut counts = [0u8; 5];
    for (slot, &(count, _)) in counts.iter_mut().zip(groups.iter()) {
        *slot = count;
    }
    let category = match (straight, flush, &counts[..group_count]) {
        (true, true, _) if ranks[0] == 14 => Category::RoyalFlush,
        (true, true, _) => Category::StraightFlush,
        (_, _, [4, 1]) => Category::FourOfAKind,
        (_, _, [3, 2]) => Category::FullHouse,
        (_, true, _) => Category::Flush,
        (true, _, _) => Category::Straight,
        (_, _, [3, 1, 1]) => Category::ThreeOfAKind,
        (_, _, [2, 2, 1]) => Category::TwoPair,
        (_, _, [2, 1, 1, 1]) => Category::OnePair,
        _ => Category::HighCard,
    };
    // Where the lowest hand wins, of two hands of one category the one
    // whose ranks, compared in the same order, are lower is better: the
    // ranks are stored as 15 less the pip, so that here too the greater
    // strength is the better hand.
    if rules.lowball.is_some() {
        ranks = ranks.map(|r| 15 - r);
    }
    Strength {
        tier: rules.tier(category) as u8,
        category,
        ranks,
    }
}

impl<R: RuleSet> Naive<R> {
    /// The conventional class (1 = royal flush .. 7462 = 7-5-4-3-2 offsuit
    /// in the standard game, .. 1,404 = J-9-8-7-6 in short deck).
    ///
    /// # Panics
    /// Only if the reference itself were broken (more distinct strengths
    /// than the rules' classes), which its tests rule out.
    pub fn class(hand: &Hand) -> HandClass {
        Self::class_of(evaluate_by(hand, R::RULES))
    }

    /// The class of a reference strength value.
    ///
    /// # Panics
    /// If `strength` is not the strength of any hand of the deck, or as for
    /// [`Naive::class`].
    pub fn class_of(strength: Strength) -> HandClass {
        let class = Self::ranking()
            .class(strength)
            .expect("every hand's strength is ranked");
        HandClass::new(u16::try_from(class).expect("few classes"))
            .expect("at most the game's classes")
    }

    /// All distinct strengths over all hands of the deck, strongest first.
    pub fn distinct_strengths() -> &'static [Strength] {
        Self::ranking().values()
    }

    /// The reference's strengths over all hands of the deck: its [`scale`],
    /// kept here once fetched so that a class costs no lock.
    fn ranking() -> &'static Ranking<Strength> {
        type Cell = OnceLock<std::sync::Arc<Ranking<Strength>>>;
        // One cell per rule set (a static in a generic function is shared
        // by every `R`).
        static TABLES: [Cell; handeval_core::rules::ALL.len()] =
            [const { OnceLock::new() }; handeval_core::rules::ALL.len()];
        TABLES[R::INDEX].get_or_init(scale::<Self>)
    }
}

impl<R: RuleSet> Evaluator for Naive<R> {
    const META: handeval_core::Meta = handeval_core::Meta {
        name: "reference",
        summary: "naive oracle: count ranks, sort by count then rank, test flush and straight",
        family: Family {
            name: "reference",
            title: "the naive oracle: count ranks, sort, test flush and straight",
        },
        role: Role::Reference,
        derived_from: None,
        table_bytes: 0,
        card_table_bytes: 0,
    };
    const RULES: &'static Rules = R::RULES;

    type Encoded = Hand;
    type Strength = Strength;

    fn encode(hand: &Hand) -> Hand {
        *hand
    }

    fn category(hand: Hand) -> Category {
        evaluate_by(&hand, R::RULES).category
    }

    fn strength(hand: Hand) -> Strength {
        evaluate_by(&hand, R::RULES)
    }
}

/// Registers the reference at every hand size.
pub fn register(r: &mut impl handeval_core::Register) {
    r.five::<Reference>();
    r.add::<handeval_core::Hand6, ReferenceBest>();
    r.add::<handeval_core::Hand7, ReferenceBest>();
    r.add::<handeval_core::Omaha4, ReferenceBest>();
    r.add::<handeval_core::Omaha5, ReferenceBest>();
    r.add::<handeval_core::Omaha6, ReferenceBest>();
    r.add::<handeval_core::Short5, ReferenceBest>();
    r.add::<handeval_core::Short7, ReferenceBest>();
    r.add::<handeval_core::ShortTrips5, ReferenceBest>();
    r.add::<handeval_core::ShortTrips7, ReferenceBest>();
    r.add::<handeval_core::AceFive5, ReferenceBest>();
    r.add::<handeval_core::DeuceSeven5, ReferenceBest>();
    r.add::<handeval_core::Razz, ReferenceBest>();
    r.low::<handeval_core::Omaha8, LowReference>();
    r.low::<handeval_core::BigO, LowReference>();
    r.low::<handeval_core::Stud8, LowReference>();
    r.badugi::<handeval_core::Badugi, lowball::BadugiReference>();
}
