//! The tests of `handeval_benches::hands`.

use handeval_benches::hands::*;
use handeval_benches::{BLOCK, Workload};
use handeval_core::{BestFive, Role};
use handeval_core::{Hand, Hand6, Hand7, Omaha4};
use handeval_difftest::cards::table_classes as reference_classes;

#[test]
fn the_sets_are_seeded_distinct_and_sized() {
    let a = shuffled::<Hand7>(5, HANDS);
    assert_eq!(a.len(), HANDS);
    assert_eq!(shuffled::<Hand7>(5, 100), a[..100]);
    let seq = sequential::<Hand7>(HANDS);
    assert_eq!(seq.len(), HANDS);
    let start = sequential_start::<Hand7>(HANDS);
    assert_eq!(start, 133_784_560 / 2);
    let all = handeval_core::all_hands7().skip(start as usize);
    assert!(seq.iter().copied().eq(all.take(HANDS)));
    assert_eq!(sequential::<Hand6>(HANDS).len(), HANDS);
    assert_eq!(shuffled::<Omaha4>(5, 1000).len(), 1000);
}

#[test]
fn five_cards_are_every_hand_in_order_or_shuffled() {
    // The five-card sets hold every hand: sequential is the
    // enumeration's order, shuffled a permutation of it.
    assert_eq!(sequential_start::<Hand>(HANDS), 0);
    let seq = sequential::<Hand>(HANDS);
    assert!(seq.iter().copied().eq(handeval_core::all_hands()));
    let a = shuffled::<Hand>(7, HANDS);
    assert_eq!(a, shuffled::<Hand>(7, HANDS));
    assert_ne!(a[..10], shuffled::<Hand>(8, HANDS)[..10]);
    let mut sorted: Vec<u64> = a.iter().map(Hand::mask).collect();
    sorted.sort_unstable();
    sorted.dedup();
    assert_eq!(sorted.len(), HANDS);
}

// The best of the first five cards only: not the best of seven.
struct FirstFive;
impl BestFive<Hand7> for FirstFive {
    const META: handeval_core::Meta = handeval_core::Meta {
        name: "broken/first-five",
        summary: "the first five cards only",
        family: handeval_difftest::broken::FAMILY,
        role: Role::Tuned,
        derived_from: None,
        table_bytes: 0,
        card_table_bytes: 0,
    };
    type Five = handeval_reference::Reference;
    type Strength = handeval_reference::Strength;
    fn category(hand: &Hand7) -> handeval_core::Category {
        Self::strength(hand).category
    }
    fn strength(hand: &Hand7) -> Self::Strength {
        handeval_reference::evaluate(&hand.fives()[0])
    }
}

#[test]
fn the_check_rejects_a_broken_seven_card_evaluator() {
    let hands = &shuffled::<Hand7>(1, BLOCK);
    let classes = reference_classes(hands);
    for workload in Workload::of(handeval_core::GameInfo::of::<Hand7>()) {
        let good =
            Prepared::<Hand7, handeval_registry::ReferenceBest>::new(hands, workload.kind, BLOCK);
        assert_eq!(good.check(workload, &classes), Ok(()));
        let bad = Prepared::<Hand7, FirstFive>::new(hands, workload.kind, BLOCK);
        let err = bad.check(workload, &classes).unwrap_err();
        assert!(err.contains("the reference says"), "{err}");
    }
}
