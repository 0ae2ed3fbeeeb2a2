//! One named test per registered evaluator and check, stamped out from the
//! registry: a new registry line gets its tests without anyone writing them.
//!
//! For every evaluator `E` (its name with `/` as `_`):
//!
//! - `exhaustive_E`: all 2,598,960 hands against the reference (category and
//!   class on every hand) and the published table (histogram, 7,462 classes);
//! - `card_order_E`, `suit_renaming_E`: the result does not depend on the
//!   order of the five cards nor on the names of the suits (proptest);
//! - `deterministic_encode_E`: encoding the same hand twice gives the same value.
//!
//! `cargo test --workspace exhaustive_pext_bmi2` runs one of them. The
//! reference's answers are computed once per run and shared. Each check is
//! also run on a deliberately broken evaluator, to show it can fail.
//! Property failures are saved under `proptest-regressions/`.

use std::sync::OnceLock;

use handeval_core::{Category, Evaluator, Hand};
use handeval_difftest::broken::{self, FirstCardFirst, LikesSpades, WheelAboveKingHigh};
use handeval_difftest::strategy::{any_hand, relabelled, reordered};
use handeval_difftest::{Check, Evaluation, evaluate};
use handeval_reference::Reference;
use handeval_registry::{Visitor, visit_all};
use libtest_mimic::{Arguments, Failed, Trial};
use proptest::prelude::*;
use proptest::test_runner::{Config, FileFailurePersistence, TestRunner};

/// The reference's verdict on every hand, computed on first use.
fn reference() -> &'static Evaluation {
    static REFERENCE: OnceLock<Evaluation> = OnceLock::new();
    REFERENCE.get_or_init(evaluate::<Reference>)
}

/// `E` over every hand, against the reference and the table.
fn exhaustive<E: Evaluator>() -> Result<(), Failed> {
    let check = Check::against_reference::<E>(&evaluate::<E>(), reference());
    if check.passed() {
        Ok(())
    } else {
        Err(check.to_string().into())
    }
}

/// A runner that saves failures under `proptest-regressions/`, or, for the
/// deliberately broken evaluators whose failure is the point, saves nothing.
fn runner<E: Evaluator>() -> TestRunner {
    let persist = E::FAMILY != broken::FAMILY;
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

fn verdict<E: Evaluator>(hand: Hand) -> (Category, E::Strength) {
    let e = E::encode(&hand);
    (E::category(e), E::strength(e))
}

/// `E` gives the same category and strength for a hand and for `transform` of it.
fn same_verdict<E: Evaluator, S: Strategy<Value = Hand>>(
    transform: impl Fn(Hand) -> S,
) -> Result<(), Failed> {
    runner::<E>()
        .run(
            &any_hand().prop_flat_map(|h| (Just(h), transform(h))),
            |(hand, other)| {
                prop_assert_eq!(
                    verdict::<E>(hand),
                    verdict::<E>(other),
                    "{} vs {}",
                    hand,
                    other
                );
                Ok(())
            },
        )
        .map_err(|e| format!("{}: {e}", E::NAME).into())
}

fn card_order<E: Evaluator>() -> Result<(), Failed> {
    same_verdict::<E, _>(reordered)
}

fn suit_renaming<E: Evaluator>() -> Result<(), Failed> {
    same_verdict::<E, _>(relabelled)
}

fn deterministic_encode<E: Evaluator>() -> Result<(), Failed> {
    runner::<E>()
        .run(&any_hand(), |hand| {
            prop_assert_eq!(E::encode(&hand), E::encode(&hand));
            Ok(())
        })
        .map_err(|e| format!("{}: {e}", E::NAME).into())
}

/// The checks stamped out for every evaluator, by name prefix.
type CheckFn = fn() -> Result<(), Failed>;

fn checks<E: Evaluator>() -> [(&'static str, CheckFn); 4] {
    [
        ("exhaustive", exhaustive::<E>),
        ("card_order", card_order::<E>),
        ("suit_renaming", suit_renaming::<E>),
        ("deterministic_encode", deterministic_encode::<E>),
    ]
}

/// The test name for a check of an evaluator: `exhaustive_pext_bmi2`.
fn test_name(check: &str, evaluator: &str) -> String {
    format!("{check}_{}", evaluator.replace('/', "_"))
}

struct Stamp(Vec<Trial>);

impl Visitor for Stamp {
    fn visit<E: Evaluator>(&mut self) {
        for (check, run) in checks::<E>() {
            self.0.push(Trial::test(test_name(check, E::NAME), run));
        }
    }
}

/// A trial that passes when `check` fails.
fn must_fail(name: &str, check: CheckFn) -> Trial {
    Trial::test(name, move || match check() {
        Err(_) => Ok(()),
        Ok(()) => Err("the check passed a deliberately broken evaluator".into()),
    })
}

fn main() {
    let args = Arguments::from_args();
    let mut stamp = Stamp(Vec::new());
    visit_all(&mut stamp);
    let mut trials = stamp.0;
    assert_eq!(test_name("exhaustive", "pext/bmi2"), "exhaustive_pext_bmi2");
    trials.extend([
        must_fail(
            "broken_wheel_above_king_high_fails_exhaustive",
            exhaustive::<WheelAboveKingHigh>,
        ),
        must_fail(
            "broken_likes_spades_fails_suit_renaming",
            suit_renaming::<LikesSpades>,
        ),
        must_fail(
            "broken_first_card_first_fails_card_order",
            card_order::<FirstCardFirst>,
        ),
    ]);
    libtest_mimic::run(&args, trials).exit();
}
