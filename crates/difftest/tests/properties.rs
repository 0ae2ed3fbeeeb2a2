//! Properties every registered evaluator must have, checked by one generic
//! function over the shared registry: the result does not depend on the order
//! of the five cards nor on the names of the suits, and encoding is
//! deterministic. Failures are saved under `proptest-regressions/`.

use handeval_core::{Evaluator, Hand};
use handeval_difftest::strategy::{any_hand, relabelled, reordered};
use handeval_registry::{Visitor, visit_all};
use proptest::prelude::*;
use proptest::test_runner::{Config, FileFailurePersistence, TestRunner};

/// A runner that saves failures under `proptest-regressions/`, or, for the
/// deliberately broken evaluator whose failure is the point, saves nothing.
fn runner(persist: bool) -> TestRunner {
    TestRunner::new(Config {
        cases: 512,
        source_file: Some(file!()),
        failure_persistence: persist.then(|| {
            Box::new(FileFailurePersistence::Direct(
                "proptest-regressions/properties.txt",
            )) as _
        }),
        ..Config::default()
    })
}

fn verdict<E: Evaluator>(hand: Hand) -> (handeval_core::Category, E::Strength) {
    let e = E::encode(&hand);
    (E::category(e), E::strength(e))
}

/// Checks that `E` gives the same category and strength for a hand and for
/// `transform` of it.
fn same_verdict<E: Evaluator, S: Strategy<Value = Hand>>(
    persist: bool,
    what: &str,
    transform: impl Fn(Hand) -> S,
) {
    let name = E::NAME;
    runner(persist)
        .run(
            &any_hand().prop_flat_map(|h| (Just(h), transform(h))),
            |(hand, other)| {
                prop_assert_eq!(
                    verdict::<E>(hand),
                    verdict::<E>(other),
                    "{}: {} vs {}",
                    name,
                    hand,
                    other
                );
                Ok(())
            },
        )
        .unwrap_or_else(|e| panic!("{name}: {what} changed the result: {e}"));
}

fn properties<E: Evaluator>(persist: bool) {
    same_verdict::<E, _>(persist, "card order", reordered);
    same_verdict::<E, _>(persist, "renaming suits", relabelled);
    runner(persist)
        .run(&any_hand(), |hand| {
            prop_assert_eq!(E::encode(&hand), E::encode(&hand));
            Ok(())
        })
        .unwrap_or_else(|e| panic!("{}: encode is not deterministic: {e}", E::NAME));
}

struct Properties(usize);

impl Visitor for Properties {
    fn visit<E: Evaluator>(&mut self) {
        properties::<E>(true);
        self.0 += 1;
    }
}

#[test]
fn every_evaluator_ignores_card_order_and_suit_names() {
    let mut p = Properties(0);
    visit_all(&mut p);
    assert_eq!(p.0, handeval_registry::names().len());
}

/// The property check itself can fail: an evaluator that favours spades is caught.
#[test]
fn a_suit_sensitive_evaluator_fails_the_properties() {
    struct LikesSpades;
    impl Evaluator for LikesSpades {
        const NAME: &'static str = "broken/likes-spades";
        const SUMMARY: &'static str = "the reference, plus a bonus for the ace of spades";
        type Encoded = Hand;
        type Strength = (handeval_reference::Strength, bool);
        fn encode(hand: &Hand) -> Hand {
            *hand
        }
        fn category(hand: Hand) -> handeval_core::Category {
            handeval_reference::evaluate(&hand).category
        }
        fn strength(hand: Hand) -> Self::Strength {
            let ace_of_spades = "As".parse().unwrap();
            (
                handeval_reference::evaluate(&hand),
                hand.cards().contains(&ace_of_spades),
            )
        }
    }
    let outcome = std::panic::catch_unwind(|| properties::<LikesSpades>(false));
    assert!(
        outcome.is_err(),
        "renaming suits must change this evaluator's result"
    );
}
