//! The tests of `handeval_benches::encoded`.

use handeval_benches::BLOCK;
use handeval_benches::encoded::*;
use handeval_benches::hands::{HANDS, reference_classes, shuffled};
use handeval_benches::{Kind, Workload};
use handeval_core::{Category, Evaluator, Hand, Role};

/// The pre-timing check rejects a broken evaluator.
#[test]
fn the_check_rejects_a_broken_evaluator() {
    struct AllHighCard;
    impl Evaluator for AllHighCard {
        const META: handeval_core::Meta = handeval_core::Meta {
            name: "broken/all-high-card",
            summary: "says high card to everything",
            family: handeval_difftest::broken::FAMILY,
            role: Role::Tuned,
            derived_from: None,
            table_bytes: 0,
            card_table_bytes: 0,
        };
        type Encoded = Hand;
        type Strength = u8;
        fn encode(hand: &Hand) -> Hand {
            *hand
        }
        fn category(_: Hand) -> Category {
            Category::HighCard
        }
        fn strength(h: Hand) -> u8 {
            h.cards()[0].index()
        }
    }
    let hands = &shuffled::<Hand>(1, HANDS)[..BLOCK];
    let classes = reference_classes(hands);
    for kind in [Kind::Strength, Kind::Category] {
        let workload = Workload {
            kind,
            ..Workload::HEADLINE
        };
        let bad = Encoded::<AllHighCard>::new(hands, kind, BLOCK);
        let err = bad.check(workload, &classes).unwrap_err();
        assert!(err.contains("the reference says"), "{err}");
        let good = Encoded::<handeval_registry::Reference>::new(hands, kind, BLOCK);
        assert_eq!(good.check(workload, &classes), Ok(()));
        assert_eq!(good.check_literally(100), Ok(()));
        assert!(bad.check_literally(100).is_err());
    }
}
