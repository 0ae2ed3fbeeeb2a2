//! The reference does not care how the five cards are ordered or what the suits are called.

use handeval_core::{Card, Evaluator, Hand, Suit};
use handeval_reference::Reference;
use proptest::prelude::*;

fn any_hand() -> impl Strategy<Value = Hand> {
    proptest::sample::subsequence((0..handeval_core::Card::COUNT as u8).collect::<Vec<_>>(), 5)
        .prop_shuffle()
        .prop_map(|ix| {
            let cards: [Card; 5] = std::array::from_fn(|i| Card::from_index(ix[i]).unwrap());
            Hand::new(cards).unwrap()
        })
}

fn any_suit_permutation() -> impl Strategy<Value = Vec<usize>> {
    Just(vec![0, 1, 2, 3]).prop_shuffle()
}

proptest! {
    #[test]
    fn card_order_does_not_matter(hand in any_hand(), rotation in 0usize..5, swap in (0usize..5, 0usize..5)) {
        let mut cards = hand.cards();
        cards.rotate_left(rotation);
        cards.swap(swap.0, swap.1);
        let shuffled = Hand::new(cards).unwrap();
        prop_assert_eq!(Reference::strength(hand), Reference::strength(shuffled));
        prop_assert_eq!(Reference::class(&hand), Reference::class(&shuffled));
    }

    #[test]
    fn suit_names_do_not_matter(hand in any_hand(), perm in any_suit_permutation()) {
        let relabelled = hand.cards().map(|c| {
            let suit = Suit::from_index(perm[usize::from(c.suit().index())] as u8).unwrap();
            Card::new(c.rank(), suit)
        });
        let relabelled = Hand::new(relabelled).unwrap();
        prop_assert_eq!(Reference::strength(hand), Reference::strength(relabelled));
    }
}

/// [`handeval_reference::Strength`]'s order through its packed key is the
/// order of its fields in turn, as a derived order would compare them, on
/// every distinct strength of every rule set: sorted by the fields, the
/// keys strictly rise.
#[test]
fn the_packed_key_orders_strengths_field_by_field() {
    use handeval_reference::Strength;
    let fields = |s: &Strength| (s.tier, s.category, s.ranks);
    let mut checked = 0;
    for rules in handeval_core::rules::ALL {
        let mut strengths: Vec<Strength> = handeval_core::all_hands()
            .filter(|h| h.mask() & !rules.deck() == 0)
            .map(|h| handeval_reference::evaluate_by(&h, rules))
            .collect();
        strengths.sort_unstable_by_key(fields);
        strengths.dedup_by_key(|s| fields(s));
        for pair in strengths.windows(2) {
            assert!(pair[0].key() < pair[1].key(), "{pair:?}");
            assert!(pair[0] < pair[1], "{pair:?}");
        }
        checked += strengths.len();
    }
    // Each rule set's five-card classes: 7,462 twice, 1,404 twice, 6,175.
    assert_eq!(checked, 7_462 + 1_404 + 1_404 + 6_175 + 7_462);
}
