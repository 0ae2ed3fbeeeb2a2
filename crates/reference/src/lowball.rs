//! Lowball: what a hand is worth when the lowest hand wins, written from
//! the rules' words alone, with nothing borrowed from a kernel or a table.
//! The first part of valuing a hand by its game rather than by a high
//! ranking (issue 67): the references every low kernel, table and outside
//! evaluator of these games will be held to.
//!
//! Three rules, each a value that is *less* for the better low:
//!
//! - [`AceToFive`] (razz, ace-to-five lowball, and with a qualifier the
//!   low half of the eight-or-better games): the ace is the lowest card,
//!   straights and flushes do not count, pairs do. No pair beats a pair,
//!   which beats two pair, then three of a kind, a full house, four of a
//!   kind; within one, the ranks compare by count then rank, highest first
//!   (a pair of twos beats a pair of threes; 6-4-3-2-A beats 6-5-3-2-A).
//!   With a qualifier ([`AceToFive::qualifies`]), only five distinct ranks,
//!   none above it, make a low: eight or better's 56.
//! - [`DeuceToSeven`] (2-7 lowball): the ace is only high, and straights
//!   and flushes count against the hand: the best low is the worst high
//!   hand under those rules. A-2-3-4-5 is ace-high, not a straight (the
//!   pitfall pokerkit's issue 44 reports), and 7-5-4-3-2 of two suits or
//!   more is the best hand.
//! - [`Badugi`] (four cards): the cards that play are the most cards of
//!   distinct ranks and distinct suits the hand holds; more cards beat
//!   fewer, and among as many the lowest, compared from the highest card
//!   down, the ace low. A-2-3-4 of four suits is the best hand; with two
//!   spades, `As 2s 3h 4d` plays A-3-4.
//!
//! ```
//! use handeval_core::{Hand, Rank};
//! use handeval_reference::lowball::{AceToFive, Badugi, DeuceToSeven};
//!
//! let wheel: Hand = "As 2s 3s 4s 5s".parse().unwrap();
//! let six: Hand = "6c 4d 3h 2s Ac".parse().unwrap();
//! // Ace-to-five: the suited wheel is the best low; straights and flushes do not count.
//! assert!(AceToFive::of(wheel) < AceToFive::of(six));
//! assert!(AceToFive::of(six).qualifies(Rank::Eight));
//! // Deuce-to-seven: the wheel is a flush (of an ace high), worse than any pair.
//! let pair: Hand = "Kc Kd 7h 5s 2c".parse().unwrap();
//! assert!(DeuceToSeven::of(pair) < DeuceToSeven::of(wheel));
//! let badugi: handeval_core::Hand<4> = "As 2s 3h 4d".parse().unwrap();
//! assert_eq!(Badugi::of(badugi).to_string(), "4-3-A");
//! ```
//!
//! # Counts
//!
//! The tests value every hand and count the distinct values and the hands
//! of each kind, then derive the same counts from the rules by counting
//! rank choices and suits, and assert the two agree: 6,175 ace-to-five
//! values of five cards (56 qualifying for eight or better, 57,344 hands),
//! 7,462 deuce-to-seven values (9 straights, 1,278 ace-or-lower no-pair
//! patterns), and 1,092 badugi values of four to one cards over the
//! 270,725 four-card hands, whose sizes are held to a second derivation
//! (the largest matching of ranks to suits, by König's theorem the fewest
//! ranks and suits touching every card).

use core::fmt;
use handeval_core::badugi::{BadugiClass, BadugiEvaluator};
use handeval_core::{Meta, Role};

use handeval_core::{Card, Category, Hand, Rank};

/// A rank as a low card when the ace is low: the ace 1, a two 2, a king 13.
fn ace_low(rank: Rank) -> u8 {
    if rank == Rank::Ace { 1 } else { rank.value() }
}

/// `values` grouped by count, then value, both descending, each repeated
/// as often as it occurs, with the pattern of counts (`[2, 1, 1, 1, 0]`
/// for a pair): how players read a hand.
fn by_count(mut values: [u8; 5]) -> ([u8; 5], [u8; 5]) {
    values.sort_unstable_by(|a, b| b.cmp(a));
    let count = |v: u8| values.iter().fold(0u8, |n, &w| n + u8::from(w == v));
    let mut listed = values;
    listed.sort_by(|&a, &b| count(b).cmp(&count(a)).then(b.cmp(&a)));
    let mut pattern = [0u8; 5];
    let mut i = 0;
    let mut n = 0;
    while i < 5 {
        let c = count(listed[i]);
        pattern[n] = c;
        n += 1;
        i += usize::from(c);
    }
    (listed, pattern)
}

/// The pair-ladder of a pattern of counts, best low first: no pair, one
/// pair, two pair, three of a kind, full house, four of a kind.
fn ladder(pattern: [u8; 5]) -> u8 {
    match pattern {
        [1, 1, 1, 1, 1] => 0,
        [2, 1, 1, 1, 0] => 1,
        [2, 2, 1, 0, 0] => 2,
        [3, 1, 1, 0, 0] => 3,
        [3, 2, 0, 0, 0] => 4,
        [4, 1, 0, 0, 0] => 5,
        _ => unreachable!("five cards of a 52-card deck: {pattern:?}"),
    }
}

/// An ace-to-five low: see the [module documentation](self). Less is
/// better.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct AceToFive {
    /// No pair 0, a pair 1, two pair 2, trips 3, a full house 4, quads 5.
    pub pairing: u8,
    /// The ranks by count then rank, highest first, the ace 1.
    pub ranks: [u8; 5],
}

impl AceToFive {
    /// The ace-to-five low of five cards.
    pub fn of(hand: Hand) -> AceToFive {
        let (ranks, pattern) = by_count(hand.cards().map(|c| ace_low(c.rank())));
        AceToFive {
            pairing: ladder(pattern),
            ranks,
        }
    }

    /// Whether this is a low under a qualifier: five distinct ranks, none
    /// above `highest` (eight or better: [`Rank::Eight`]).
    pub fn qualifies(self, highest: Rank) -> bool {
        self.pairing == 0 && self.ranks[0] <= ace_low(highest)
    }
}

/// Writes a low as players say it: `8-5-4-3-A`, the ranks highest first.
fn write_ranks(f: &mut fmt::Formatter<'_>, ranks: &[u8]) -> fmt::Result {
    for (i, &r) in ranks.iter().enumerate() {
        if i > 0 {
            f.write_str("-")?;
        }
        let c = match r {
            1 | 14 => 'A',
            13 => 'K',
            12 => 'Q',
            11 => 'J',
            10 => 'T',
            d => char::from(b'0' + d),
        };
        write!(f, "{c}")?;
    }
    Ok(())
}

impl fmt::Display for AceToFive {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_ranks(f, &self.ranks)
    }
}

/// A deuce-to-seven low: the high hand under rules where the ace is only
/// high, so that A-2-3-4-5 is no straight; the lesser high is the better
/// low. See the [module documentation](self).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct DeuceToSeven {
    /// The high hand's category, in the standard order of categories (the
    /// royal flush apart, as the lab's categories keep it).
    pub category: Category,
    /// The ranks by count then rank, highest first, the ace 14.
    pub ranks: [u8; 5],
}

impl DeuceToSeven {
    /// The deuce-to-seven low of five cards.
    pub fn of(hand: Hand) -> DeuceToSeven {
        let cards = hand.cards();
        let (ranks, pattern) = by_count(cards.map(|c| c.rank().value()));
        let flush = cards.iter().all(|c| c.suit() == cards[0].suit());
        // Five distinct ranks in a row, the ace only above the king.
        let straight = pattern[0] == 1 && ranks[0] - ranks[4] == 4;
        let category = match (ladder(pattern), straight, flush) {
            // The lab's categories keep the royal flush apart.
            (_, true, true) if ranks[0] == 14 => Category::RoyalFlush,
            (_, true, true) => Category::StraightFlush,
            (5, _, _) => Category::FourOfAKind,
            (4, _, _) => Category::FullHouse,
            (_, false, true) => Category::Flush,
            (_, true, false) => Category::Straight,
            (3, _, _) => Category::ThreeOfAKind,
            (2, _, _) => Category::TwoPair,
            (1, _, _) => Category::OnePair,
            _ => Category::HighCard,
        };
        DeuceToSeven { category, ranks }
    }
}

impl fmt::Display for DeuceToSeven {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_ranks(f, &self.ranks)?;
        write!(f, " ({})", self.category)
    }
}

/// A badugi: the cards that play, as many as can be of distinct ranks and
/// suits, the lowest of those. Less is better. See the [module
/// documentation](self).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Badugi {
    /// How many of the four cards do not play: 0 for a four-card badugi.
    pub missing: u8,
    /// The playing ranks, highest first, the ace 1; zeros after them.
    pub ranks: [u8; 4],
}

impl Badugi {
    /// The badugi of four cards: every set of the cards that holds no
    /// rank and no suit twice, the largest, and of those the lowest.
    pub fn of(hand: Hand<4>) -> Badugi {
        let cards = hand.cards();
        // Any one card plays: the first, to start from.
        let mut best = Badugi {
            missing: 3,
            ranks: [ace_low(cards[0].rank()), 0, 0, 0],
        };
        for subset in 1u8..16 {
            let chosen: Vec<Card> = (0..4)
                .filter(|i| subset >> i & 1 == 1)
                .map(|i| cards[i])
                .collect();
            let distinct = chosen.iter().enumerate().all(|(i, a)| {
                chosen[i + 1..]
                    .iter()
                    .all(|b| a.rank() != b.rank() && a.suit() != b.suit())
            });
            if !distinct {
                continue;
            }
            let mut ranks = [0u8; 4];
            for (slot, card) in ranks.iter_mut().zip(&chosen) {
                *slot = ace_low(card.rank());
            }
            ranks.sort_unstable_by(|a, b| b.cmp(a));
            let value = Badugi {
                missing: 4 - chosen.len() as u8,
                ranks,
            };
            best = best.min(value);
        }
        best
    }

    /// How many cards play.
    pub fn cards(self) -> u8 {
        4 - self.missing
    }
}

impl fmt::Display for Badugi {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_ranks(f, &self.ranks[..usize::from(self.cards())])
    }
}

/// The reference evaluator of badugi ([`handeval_core::Badugi`]): each
/// hand's [`Badugi`], classed by its place among the badugis of every
/// hand, best first. The classes come from that order alone, not from the
/// combinatorial number system core's [`BadugiClass::of_ranks`] uses, so
/// the two are checked against each other over every hand.
///
/// [`BadugiClass::of_ranks`]: handeval_core::badugi::BadugiClass::of_ranks
#[derive(Clone, Copy, Debug, Default)]
pub struct BadugiReference;

impl BadugiReference {
    /// Every distinct badugi of every hand, best first, and its class.
    fn classes() -> &'static std::collections::BTreeMap<Badugi, u16> {
        static CLASSES: std::sync::OnceLock<std::collections::BTreeMap<Badugi, u16>> =
            std::sync::OnceLock::new();
        CLASSES.get_or_init(|| {
            let values: std::collections::BTreeSet<Badugi> = handeval_core::AllHands::<4>::every()
                .map(Badugi::of)
                .collect();
            values.into_iter().zip(1u16..).collect()
        })
    }
}

/// Every badugi game's hands are four cards, which is all the reference
/// reads: the same definition for any game of them.
impl<G: handeval_core::Game> BadugiEvaluator<G> for BadugiReference {
    const META: Meta = Meta {
        name: "reference/badugi",
        summary: "The literal badugi: every set of the four cards with no rank and no suit twice, the largest, the lowest of those, classed by its place among every hand's",
        family: <crate::Reference as handeval_core::Evaluator>::META.family,
        role: Role::Reference,
        derived_from: None,
        table_bytes: 0,
        card_table_bytes: 0,
    };

    fn class(hand: &G) -> BadugiClass {
        let cards: [Card; 4] = hand.card_slice().try_into().expect("four cards");
        let hand = Hand::new(cards).expect("distinct cards");
        let class = Self::classes()[&Badugi::of(hand)];
        BadugiClass::new(class).expect("1,092 badugis")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use handeval_core::AllHands;
    use std::collections::{BTreeMap, BTreeSet};

    /// C(n, k).
    fn choose(n: u64, k: u64) -> u64 {
        (0..k).fold(1, |c, i| c * (n - i) / (i + 1))
    }

    fn hand(s: &str) -> Hand {
        s.parse().unwrap()
    }

    #[test]
    fn ace_to_five_counts_equal_their_derivation_from_the_rules() {
        let mut hands: BTreeMap<u8, u64> = BTreeMap::new();
        let mut values: BTreeMap<u8, BTreeSet<[u8; 5]>> = BTreeMap::new();
        let mut eight_or_better = (0u64, BTreeSet::new());
        let mut total = 0u64;
        AllHands::<5>::every().for_each(|h| {
            let v = AceToFive::of(h);
            *hands.entry(v.pairing).or_default() += 1;
            values.entry(v.pairing).or_default().insert(v.ranks);
            if v.qualifies(Rank::Eight) {
                eight_or_better.0 += 1;
                eight_or_better.1.insert(v.ranks);
            }
            total += 1;
        });
        // Ranks chosen, then suits: no pair C(13,5) rank sets of 4^5 suits;
        // a pair 13 x C(12,3), C(4,2) x 4^3; two pair C(13,2) x 11, 6 x 6 x 4;
        // trips 13 x C(12,2), 4 x 4^2; full house 13 x 12, 4 x 6; quads
        // 13 x 12, 1 x 4.
        let derived: [(u64, u64); 6] = [
            (choose(13, 5), 4u64.pow(5)),
            (13 * choose(12, 3), 6 * 4u64.pow(3)),
            (choose(13, 2) * 11, 6 * 6 * 4),
            (13 * choose(12, 2), 4 * 16),
            (13 * 12, 4 * 6),
            (13 * 12, 4),
        ];
        for (pairing, (classes, suits)) in derived.iter().enumerate() {
            let p = pairing as u8;
            assert_eq!(values[&p].len() as u64, *classes, "pairing {p}");
            assert_eq!(hands[&p], classes * suits, "pairing {p}");
        }
        let classes: usize = values.values().map(BTreeSet::len).sum();
        assert_eq!((classes, total), (6_175, 2_598_960));
        // Eight or better: C(8,5) lows, each of any suits.
        assert_eq!(eight_or_better.1.len() as u64, choose(8, 5));
        assert_eq!(eight_or_better.0, 56 * 1024);
        assert_eq!(
            eight_or_better.1.len(),
            usize::from(handeval_core::low::Low::CLASSES)
        );
    }

    #[test]
    fn ace_to_five_orders_lows_as_players_do_and_as_the_low_masks() {
        let order = [
            "As 2s 3s 4s 5s", // the wheel, suited: flushes do not count
            "Ac 2d 3h 4s 6c",
            "Ac 2d 3h 5s 6c",
            "Ac 2d 4h 5s 6c",
            "2c 3d 4h 5s 6c", // a straight, no matter
            "Ac 2d 3h 4s 7c",
            "8c 7d 6h 5s 4c", // the worst qualifying low
            "9c 2d 3h 4s Ac",
            "Kc Qd Jh Ts 9c", // the worst no-pair hand
            "Ac Ad 2h 3s 4c", // a pair of aces, the best pair
            "2c 2d Ah 3s 4c",
            "Kc Kd Qh Js Tc",
            "Ac Ad 2h 2s 3c", // two pair
            "Ac Ad Ah 2s 3c", // trips
            "Ac Ad Ah 2s 2c", // full house
            "Ac Ad Ah As 2c", // quads
            "Kc Kd Kh Ks Qc", // the worst hand
        ];
        let values: Vec<AceToFive> = order.iter().map(|h| AceToFive::of(hand(h))).collect();
        for (pair, names) in values.windows(2).zip(order.windows(2)) {
            assert!(pair[0] < pair[1], "{} before {}", names[0], names[1]);
        }
        assert_eq!(values[0].to_string(), "5-4-3-2-A");
        assert!(values[6].qualifies(Rank::Eight) && !values[7].qualifies(Rank::Eight));
        // Every qualifying low orders as the lab's eight-or-better masks do,
        // a derivation of its own (`handeval_core::low`).
        let mut lows = Vec::new();
        AllHands::<5>::every().for_each(|h| {
            let v = AceToFive::of(h);
            if v.qualifies(Rank::Eight) {
                let mask = v.ranks.iter().fold(0u8, |m, &r| m | 1 << (r - 1));
                lows.push((
                    v,
                    handeval_core::low::Low::from_mask(mask).expect("five ranks"),
                ));
            }
        });
        lows.sort_by_key(|(v, _)| *v);
        for w in lows.windows(2) {
            let ((a, la), (b, lb)) = (w[0], w[1]);
            assert_eq!(a == b, la == lb);
            assert!(a == b || la.beats(lb), "{a} against {b}");
        }
    }

    #[test]
    fn deuce_to_seven_is_the_high_ranking_reversed_without_the_wheel() {
        // The pitfall: A-2-3-4-5 is ace-high, no straight; of one suit, a
        // flush, no straight flush.
        let wheel = DeuceToSeven::of(hand("Ac 2d 3h 4s 5c"));
        assert_eq!(wheel.category, Category::HighCard);
        assert_eq!(
            DeuceToSeven::of(hand("As 2s 3s 4s 5s")).category,
            Category::Flush
        );
        assert_eq!(
            DeuceToSeven::of(hand("As Ks Qs Js Ts")).category,
            Category::RoyalFlush
        );
        let best = DeuceToSeven::of(hand("7c 5d 4h 3s 2c"));
        let flush = DeuceToSeven::of(hand("7c 5c 4c 3c 2c"));
        assert!(best < flush && best < wheel && best < DeuceToSeven::of(hand("8c 5d 4h 3s 2c")));
        assert_eq!(best.to_string(), "7-5-4-3-2 (High Card)");

        deuce_to_seven_counts(DeuceToSeven::of).expect("the reference");
    }

    /// Whether `value`, a deuce-to-seven valuation, has the rules' classes
    /// and hands per category on every hand, and orders every hand but the
    /// wheels as the standard reference's high, reversed.
    fn deuce_to_seven_counts(value: fn(Hand) -> DeuceToSeven) -> Result<(), String> {
        let mut hands: BTreeMap<Category, u64> = BTreeMap::new();
        let mut values: BTreeMap<Category, BTreeSet<[u8; 5]>> = BTreeMap::new();
        let mut pairs = Vec::new();
        AllHands::<5>::every().for_each(|h| {
            let v = value(h);
            *hands.entry(v.category).or_default() += 1;
            values.entry(v.category).or_default().insert(v.ranks);
            let ranks: BTreeSet<u8> = h.cards().iter().map(|c| c.rank().value()).collect();
            if ranks != BTreeSet::from([14, 2, 3, 4, 5]) {
                pairs.push((v, crate::evaluate(&h)));
            }
        });
        // Straights: 9 runs (six-high to ace-high), no wheel; no-pair rank
        // sets C(13,5) less those 9, each of 4^5 - 4 unsuited or 4 suited.
        let runs = 9u64;
        let no_pair = choose(13, 5) - runs;
        let derived = [
            (Category::RoyalFlush, 1, 4),
            (Category::StraightFlush, runs - 1, 4),
            (Category::FourOfAKind, 156, 4),
            (Category::FullHouse, 156, 24),
            (Category::Flush, no_pair, 4),
            (Category::Straight, runs, 1020),
            (Category::ThreeOfAKind, 858, 64),
            (Category::TwoPair, 858, 144),
            (Category::OnePair, 2860, 384),
            (Category::HighCard, no_pair, 1020),
        ];
        for (category, classes, suits) in derived {
            let found = (
                values.get(&category).map_or(0, BTreeSet::len) as u64,
                hands.get(&category).copied().unwrap_or(0),
            );
            if found != (classes, classes * suits) {
                return Err(format!(
                    "{category}: {found:?} classes and hands, the rules {:?}",
                    (classes, classes * suits)
                ));
            }
        }
        pairs.sort_by_key(|(v, _)| *v);
        for w in pairs.windows(2) {
            let ((a, ha), (b, hb)) = (w[0], w[1]);
            // The better low is the weaker high; the same low, the same high.
            if (a == b) != (ha == hb) || (a != b && ha >= hb) {
                return Err(format!("{a} and {b} order unlike the high hands"));
            }
        }
        Ok(())
    }

    #[test]
    fn a_deuce_to_seven_that_calls_the_wheel_a_straight_fails_the_counts() {
        // pokerkit's issue 44: A-2-3-4-5 scored as a straight (and, of one
        // suit, a straight flush), five high.
        fn wheel_is_a_straight(hand: Hand) -> DeuceToSeven {
            let v = DeuceToSeven::of(hand);
            if v.ranks == [14, 5, 4, 3, 2] {
                let category = match v.category {
                    Category::Flush => Category::StraightFlush,
                    _ => Category::Straight,
                };
                return DeuceToSeven {
                    category,
                    ranks: [5, 4, 3, 2, 1],
                };
            }
            v
        }
        let said = deuce_to_seven_counts(wheel_is_a_straight).unwrap_err();
        assert!(said.starts_with("Straight Flush: (9, 36)"), "{said}");
    }

    /// The most cards of distinct ranks and suits, a second way: the
    /// largest matching of ranks to suits is, by König's theorem, the
    /// fewest ranks and suits that touch every card.
    fn playing_by_cover(hand: Hand<4>) -> u8 {
        let cards = hand.cards();
        let mut fewest = u8::MAX;
        // A cover: a set of the 13 ranks and a set of the 4 suits.
        for suits in 0u8..16 {
            let mut ranks = 0u16;
            for c in cards {
                if suits >> c.suit().index() & 1 == 0 {
                    ranks |= 1 << c.rank().index();
                }
            }
            fewest = fewest.min(suits.count_ones() as u8 + ranks.count_ones() as u8);
        }
        fewest
    }

    /// Holds the reference evaluator of `R`'s fives (the high reference's
    /// code with the rule set's flags) to this module's values, written
    /// from the rules alone, over every five-card hand: the two order the
    /// hands alike when each of one's values is one strength of the
    /// other's, and the strengths fall as the values rise (the lower value
    /// is the better low, the greater strength the better hand). Its
    /// classes, which number the distinct strengths, then follow the
    /// values. Returns how many there are.
    fn same_order_as_the_rules<
        R: handeval_core::rules::RuleSet,
        V: Ord + Copy + std::hash::Hash + std::fmt::Debug,
    >(
        value: impl Fn(Hand) -> V,
    ) -> usize {
        let mut strength_of: std::collections::HashMap<V, crate::Strength> =
            std::collections::HashMap::new();
        AllHands::<5>::every().for_each(|h| {
            let strength = crate::evaluate_by(&h, R::RULES);
            let v = value(h);
            let seen = *strength_of.entry(v).or_insert(strength);
            assert_eq!(seen, strength, "{h}: {v:?} is two strengths");
        });
        let mut by_value: Vec<(V, crate::Strength)> = strength_of.into_iter().collect();
        by_value.sort_unstable();
        assert!(
            by_value.windows(2).all(|w| w[0].1 > w[1].1),
            "{}: a better low with a lesser strength",
            R::RULES.id
        );
        by_value.len()
    }

    #[test]
    fn the_reference_evaluators_of_the_low_rules_order_hands_as_the_rules_do() {
        use handeval_core::rules::{AceToFiveLow, DeuceToSevenLow};
        // The two rules on two threads: each walks every hand.
        std::thread::scope(|s| {
            let a5 = s.spawn(|| same_order_as_the_rules::<AceToFiveLow, _>(AceToFive::of));
            let d7 = s.spawn(|| same_order_as_the_rules::<DeuceToSevenLow, _>(DeuceToSeven::of));
            assert_eq!(a5.join().unwrap(), 6_175);
            assert_eq!(d7.join().unwrap(), 7_462);
        });
    }

    #[test]
    fn badugi_counts_equal_their_derivations() {
        let mut hands = [0u64; 5];
        let mut values: BTreeSet<Badugi> = BTreeSet::new();
        let mut total = 0u64;
        AllHands::<4>::every().for_each(|h| {
            let v = Badugi::of(h);
            assert_eq!(v.cards(), playing_by_cover(h), "{h}");
            hands[usize::from(v.cards())] += 1;
            values.insert(v);
            total += 1;
        });
        assert_eq!(total, 270_725);
        // Classes: each set of k ranks of the 13 plays one way.
        for k in 1..=4u8 {
            let n = values.iter().filter(|v| v.cards() == k).count() as u64;
            assert_eq!(n, choose(13, u64::from(k)), "{k} cards");
        }
        assert_eq!(values.len(), 1_092);
        // Four cards play: four ranks, the suits one of each (4!); one:
        // four cards of a suit, or four of a rank.
        assert_eq!(hands[4], choose(13, 4) * 24);
        assert_eq!(hands[1], 4 * choose(13, 4) + 13);
        assert_eq!(hands.iter().sum::<u64>(), total);
        println!(
            "badugi: {} four-card, {} three-card, {} two-card, {} one-card hands",
            hands[4], hands[3], hands[2], hands[1]
        );
    }

    #[test]
    fn badugi_plays_the_lowest_of_the_largest_sets() {
        let b = |s: &str| Badugi::of(s.parse::<Hand<4>>().unwrap());
        let order = [
            "Ac 2d 3h 4s", // the best badugi
            "Ac 2d 3h 5s",
            "Kc Qd Jh Ts", // the worst four-card badugi
            "Ac 2d 3h 3s", // a repeated rank: A-2-3
            "As 2s 3h 4d", // a repeated suit: A-3-4, not 2-3-4
            "Ac Kc Qc Jd", // A-J of the two suits
            "Ac Ad Ah As", // one card: the ace
            "Kc Qc Jc Tc", // one card: the ten
        ];
        let values: Vec<Badugi> = order.iter().map(|h| b(h)).collect();
        for (pair, names) in values.windows(2).zip(order.windows(2)) {
            assert!(pair[0] < pair[1], "{} before {}", names[0], names[1]);
        }
        let shown: Vec<String> = values.iter().map(ToString::to_string).collect();
        assert_eq!(
            shown,
            [
                "4-3-2-A", "5-3-2-A", "K-Q-J-T", "3-2-A", "4-3-A", "J-A", "A", "T"
            ]
        );
        // The suits' names do not matter.
        assert_eq!(b("As 2s 3h 4d"), b("Ah 2h 3c 4s"));
    }
}
