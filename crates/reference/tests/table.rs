//! The reference against the published table: every hand, every class.

use std::collections::HashMap;

use handeval_core::{Category, Evaluator, HAND_COUNT, Hand, HandClass, Histogram, all_hands};
use handeval_reference::{Reference, evaluate};

fn hand(s: &str) -> Hand {
    s.parse().unwrap()
}

fn class(s: &str) -> u16 {
    Reference::class(&hand(s)).get()
}

#[test]
fn category_histogram_over_all_hands_matches_the_table() {
    let histogram: Histogram = all_hands().map(Reference::category).collect();
    assert_eq!(histogram.total(), HAND_COUNT as u64);
    for c in Category::ALL {
        assert_eq!(histogram[c], u64::from(c.hand_count()), "{c}");
    }
}

#[test]
fn exactly_7462_classes_with_the_published_count_per_category() {
    let distinct = Reference::distinct_strengths();
    assert_eq!(distinct.len(), usize::from(HandClass::COUNT));
    let mut per_category: HashMap<Category, u16> = HashMap::new();
    for s in distinct {
        *per_category.entry(s.category).or_default() += 1;
    }
    for c in Category::ALL {
        assert_eq!(per_category[&c], c.class_count(), "{c}");
    }
    // Class numbers fall in each category's published range.
    for h in all_hands().step_by(97) {
        let s = evaluate(&h);
        assert_eq!(Reference::class_of(s).category(), s.category, "{h}");
    }
}

#[test]
fn landmark_classes() {
    assert_eq!(class("As Ks Qs Js Ts"), 1, "royal flush");
    assert_eq!(class("Ks Qs Js Ts 9s"), 2, "king-high straight flush");
    assert_eq!(class("5h 4h 3h 2h Ah"), 10, "steel wheel");
    assert_eq!(class("As Ad Ah Ac Kd"), 11, "four aces, king kicker");
    assert_eq!(class("Ah Kd Qc Js Ts"), 1600, "ace-high straight");
    assert_eq!(class("6h 5d 4c 3s 2s"), 1608, "six-high straight");
    assert_eq!(class("5h 4d 3c 2s As"), 1609, "wheel");
    assert_eq!(
        class("7c 5d 4h 3s 2c"),
        handeval_core::rules::STANDARD.classes(),
        "worst hand"
    );
}

#[test]
fn wheel_and_steel_wheel_rank_lowest_in_their_categories() {
    let wheel = evaluate(&hand("As 2d 3c 4h 5s"));
    let six_high = evaluate(&hand("2d 3c 4h 5s 6s"));
    assert_eq!(wheel.category, Category::Straight);
    assert!(wheel < six_high);
    let steel = evaluate(&hand("As 2s 3s 4s 5s"));
    let six_high_sf = evaluate(&hand("2s 3s 4s 5s 6s"));
    assert_eq!(steel.category, Category::StraightFlush);
    assert!(steel < six_high_sf);
}

#[test]
fn trips_keep_their_rank_when_sharing_a_suit_with_a_kicker() {
    // Two of the three nines share suits with the kickers.
    let nines = hand("9s 9h 9d Ks Qh");
    let jacks = hand("Js Jh Jd 9c 8s");
    assert_eq!(Reference::category(nines), Category::ThreeOfAKind);
    assert!(Reference::strength(jacks) > Reference::strength(nines));
}

#[test]
fn flushes_are_compared_by_every_card() {
    let a = hand("Ah Jh 9h 6h 3h");
    let b = hand("Ad Jd 9d 6d 2d");
    assert!(Reference::strength(a) > Reference::strength(b));
    assert_eq!(class("Ah Jh 9h 6h 3h") + 1, class("Ad Jd 9d 6d 2d"));
}

#[test]
fn kickers_count() {
    assert!(
        Reference::strength(hand("8h 8c Ks 5d 4s")) > Reference::strength(hand("8d 8s Kh 5c 3s"))
    );
    assert!(
        Reference::strength(hand("Kh Kc Ks 8d 8s")) > Reference::strength(hand("8h 8c 8d Ks Kd"))
    );
    assert!(
        Reference::strength(hand("Kh Kc 3s 3d 2s")) > Reference::strength(hand("Qh Qc Jd Js Ks"))
    );
}

#[test]
fn ten_spelled_two_ways_is_the_same_card() {
    assert_eq!(hand("10c Jc Qc Kc Ac"), hand("Tc Jc Qc Kc Ac"));
    assert_eq!(class("10c Jc Qc Kc Ac"), 1);
}

/// Both short-deck orders over every five of the 36 cards, hand by hand:
/// each category's hands and classes equal the rule set's table (itself
/// derived from the deck, `handeval_core::rules`), and the classes run
/// category by category in the rule set's order.
#[test]
fn both_short_deck_orders_have_their_tables_hand_by_hand() {
    use handeval_core::rules::{RuleSet, ShortDeck, ShortDeckTrips};
    use handeval_reference::Naive;
    fn check<R: RuleSet>() {
        let rules = R::RULES;
        let mut hands = Histogram::new();
        let mut n = 0u64;
        // Every five of the deck: the 52 cards' fives whose cards it holds.
        for h in all_hands().filter(|h| h.cards().iter().all(|c| rules.holds(c.rank()))) {
            let category = <Naive<R> as Evaluator>::category(h);
            let class = Naive::<R>::class(&h).get();
            assert_eq!(rules.category_of(class), Some(category), "{h}");
            hands.add(category);
            n += 1;
        }
        assert_eq!(n, 376_992);
        let mut classes: HashMap<Category, u16> = HashMap::new();
        for s in Naive::<R>::distinct_strengths() {
            *classes.entry(s.category).or_default() += 1;
        }
        for c in Category::ALL {
            assert_eq!(hands[c], u64::from(rules.hands_in(c)), "{} {c}", rules.id);
            assert_eq!(classes[&c], rules.classes_in(c), "{} {c}", rules.id);
        }
    }
    check::<ShortDeck>();
    check::<ShortDeckTrips>();
}

/// The table, built from the packed keys of one pass, is the literal
/// reference's class ([`Naive::class`], its strengths ranked as they are)
/// on every five-card hand. The other rule sets' tables are built by the
/// same code; the games' tests hold each to its literal reference on a
/// seeded sample and to its rule set's histogram and classes over every
/// hand.
#[test]
fn the_table_is_the_literal_class_of_every_hand() {
    use handeval_reference::Naive;
    use handeval_reference::table::ClassTable;
    let table = ClassTable::build::<handeval_core::rules::Standard>();
    for h in all_hands() {
        assert_eq!(
            table.five(&h),
            Naive::<handeval_core::rules::Standard>::class(&h).get(),
            "{h}"
        );
    }
}
