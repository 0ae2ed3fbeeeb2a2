//! The reference for six and seven cards: the best of the hand's five-card
//! hands, by the five-card reference.

use handeval_core::{BestFive, Category, Evaluator, Game, Hand, Role};

use crate::{Naive, Reference, Strength, evaluate_by};

/// The reference for hands of any game: a hand is worth its best five
/// cards, so it evaluates every five (6 of six cards, 21 of seven) with the
/// game's five-card reference ([`Naive`] of its rules) and keeps the
/// strongest. That is the definition,
/// computed literally; every other evaluator of the size is checked against
/// it, or against [`ClassTable::best`](crate::table::ClassTable::best),
/// which the tests hold to it.
///
/// ```
/// use handeval_core::{BestFive, Category, Hand6, Hand7};
/// use handeval_reference::{Reference, ReferenceBest, best_five};
///
/// // A straight and a flush in different cards: the flush wins.
/// let hand: Hand7 = "9h 8h 7c 6h 5d 2h Kh".parse().unwrap();
/// assert_eq!(ReferenceBest::category(&hand), Category::Flush);
/// assert_eq!(best_five(&hand).to_string(), "9h 8h 6h 2h Kh");
/// assert_eq!(Reference::class_of(ReferenceBest::strength(&hand)).get(), 1083);
/// let six: Hand6 = "9h 8h 7c 6h 5d Kh".parse().unwrap();
/// assert_eq!(ReferenceBest::category(&six), Category::Straight);
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct ReferenceBest;

/// The best five of a hand's cards: the first of the strongest in
/// [`Game::FIVES`] order (several fives tie when a card does not play).
///
/// # Panics
/// Never: a hand of any size holds at least one five.
pub fn best_five<H: Game>(hand: &H) -> Hand {
    let mut fives = hand.fives();
    let mut best = fives.next().expect("a hand has a five");
    let mut best_strength = evaluate_by(&best, H::RULES);
    for five in fives {
        let strength = evaluate_by(&five, H::RULES);
        if strength > best_strength {
            best = five;
            best_strength = strength;
        }
    }
    best
}

impl<H: Game> BestFive<H> for ReferenceBest {
    const META: handeval_core::Meta = handeval_core::Meta {
        name: "reference",
        summary: "naive oracle: the strongest of the hand's five-card hands by the five-card reference",
        family: <Reference as Evaluator>::META.family,
        role: Role::Reference,
        derived_from: None,
        table_bytes: 0,
        card_table_bytes: 0,
    };

    type Five = Naive<H::Rules>;
    type Strength = Strength;

    fn category(hand: &H) -> Category {
        Self::strength(hand).category
    }

    fn strength(hand: &H) -> Strength {
        evaluate_by(&best_five(hand), H::RULES)
    }
}

#[cfg(test)]
mod tests {
    use std::collections::HashSet;

    use handeval_core::rules::{AceToFiveLow, RuleSet};
    use handeval_core::{
        AceFive5, Card, Hand6, Hand7, Rank, Razz, Short5, Short7, ShortTrips5, ShortTrips7, Suit,
    };

    use super::*;

    /// The class of five ranks (increasing), suited (a flush) or given
    /// suits by position, which never makes five alike and keeps repeated
    /// ranks (at most four, consecutive) on distinct suits.
    fn class<R: RuleSet>(ranks: [u8; 5], flush: bool) -> u16 {
        let cards = core::array::from_fn(|i| {
            let suit = if flush { 3 } else { i % 4 };
            Card::new(
                Rank::from_index(ranks[i]).expect("a rank"),
                Suit::from_index(suit as u8).expect("a suit"),
            )
        });
        Naive::<R>::class(&Hand::new(cards).expect("distinct cards")).get()
    }

    /// The best (lowest) class of the fives of `ranks`, flushes or not.
    fn best_of<R: RuleSet>(ranks: &[u8], flush: bool) -> u16 {
        let mut best = u16::MAX;
        for positions in subsets(ranks.len(), 5) {
            let five: [u8; 5] = core::array::from_fn(|i| ranks[positions[i]]);
            best = best.min(class::<R>(five, flush));
        }
        best
    }

    /// Every `k`-subset of `0..n`, as increasing positions.
    fn subsets(n: usize, k: usize) -> Vec<Vec<usize>> {
        (0u32..1 << n)
            .filter(|m| m.count_ones() as usize == k)
            .map(|m| (0..n).filter(|&i| m & 1 << i != 0).collect())
            .collect()
    }

    /// Calls `each` with every multiset of `n` ranks from `lowest` to the
    /// ace (index 12), at most four of each, as non-decreasing ranks.
    fn for_each_multiset(n: usize, lowest: u8, mut each: impl FnMut(&[u8])) {
        let mut ranks = vec![lowest; n];
        loop {
            if ranks.windows(5).all(|w| w[0] != w[4]) {
                each(&ranks);
            }
            // The next multiset, ranks non-decreasing.
            let Some(i) = ranks.iter().rposition(|&r| r < 12) else {
                break;
            };
            let next = ranks[i] + 1;
            ranks[i..].fill(next);
        }
    }

    /// How many classes of each category occur as the best five of `n`
    /// cards, derived without enumerating hands: from every multiset of `n`
    /// ranks (at most four of each) and the suits it allows. Without a
    /// flush the best is the best of its rank fives; with one, any five or
    /// more of its distinct ranks may share a suit (a repeated rank's other
    /// copies take other suits), and the best is the better of that flush's
    /// best five and the unsuited best.
    fn classes_by_rank_multisets<R: RuleSet>(n: usize) -> [u16; 10] {
        let mut seen = HashSet::new();
        for_each_multiset(n, R::RULES.lowest.index(), |ranks| {
            let plain = best_of::<R>(ranks, false);
            seen.insert(plain);
            let mut distinct = ranks.to_vec();
            distinct.dedup();
            for k in 5..=distinct.len() {
                for suited in subsets(distinct.len(), k) {
                    let suited: Vec<u8> = suited.iter().map(|&i| distinct[i]).collect();
                    seen.insert(best_of::<R>(&suited, true).min(plain));
                }
            }
        });
        let mut per_category = [0u16; 10];
        for class in seen {
            let category = R::RULES.category_of(class).expect("a class");
            per_category[category.index()] += 1;
        }
        per_category
    }

    /// Game `G`'s classes per category against the rank multisets'.
    fn derived<G: Game>() {
        assert_eq!(
            classes_by_rank_multisets::<G::Rules>(G::COUNT),
            G::CATEGORY_CLASSES,
            "{}",
            G::ID
        );
    }

    #[test]
    fn classes_per_category_follow_from_rank_multisets() {
        derived::<Hand>();
        derived::<Hand6>();
        derived::<Hand7>();
        derived::<Short5>();
        derived::<Short7>();
        derived::<ShortTrips5>();
        derived::<ShortTrips7>();
        derived::<AceFive5>();
        derived::<Razz>();
    }

    /// Razz's hands per category a second way: ace-to-five ignores suits,
    /// so every hand of a multiset of seven ranks (at most four of each) is
    /// worth the best low of its ranks, and the multiset stands for the
    /// product of `C(4, count)` over its ranks' suitings.
    #[test]
    fn razz_hands_follow_from_rank_multisets() {
        let mut hands = [0u64; 10];
        for_each_multiset(7, 0, |ranks| {
            let category = AceToFiveLow::RULES
                .category_of(best_of::<AceToFiveLow>(ranks, false))
                .expect("a class");
            let mut suitings = 1u64;
            for run in ranks.chunk_by(|a, b| a == b) {
                suitings *= [1, 4, 6, 4, 1][run.len()];
            }
            hands[category.index()] += suitings;
        });
        assert_eq!(hands, <Razz as Game>::CATEGORY_HANDS);
    }
}
