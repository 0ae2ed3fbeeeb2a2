//! `pext/bmi2` on a CPU without BMI2: simulated here by telling the feature
//! check to answer no (process-wide, hence a test binary of its own).

use handeval_core::cpu::{Feature, has, pretend_absent};
use handeval_core::{Category, Evaluator, Hand};
use handeval_pext::Bmi2;

#[test]
fn without_bmi2_the_fallback_runs_says_so_and_stays_correct() {
    pretend_absent(Feature::Bmi2);
    assert!(!has(Feature::Bmi2));
    let reason = Bmi2::unavailable().expect("reports the missing instruction");
    assert!(reason.contains("BMI2"), "{reason}");

    let hand: Hand = "5h 4d 3c 2s As".parse().unwrap();
    assert_eq!(Bmi2::category(Bmi2::encode(&hand)), Category::Straight);
    // Every hand, through the fallback batch loops.
    handeval_difftest::assert_matches_reference::<Bmi2>();
}
