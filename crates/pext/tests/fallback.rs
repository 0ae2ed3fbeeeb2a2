//! The evaluators built on BMI2 on a CPU without it: simulated here by
//! telling the feature check to answer no (process-wide, hence a test binary
//! of its own). Every hand goes through the fallback batch loops.

use handeval_core::cpu::{Feature, has, pretend_absent};
use handeval_core::{Category, Evaluator, Hand};
use handeval_pext::{Bmi2, PextTrips};

#[test]
fn without_bmi2_the_fallbacks_run_say_so_and_stay_correct() {
    pretend_absent(Feature::Bmi2);
    assert!(!has(Feature::Bmi2));
    for (name, reason, path) in [
        (Bmi2::META.name, Bmi2::unavailable(), Bmi2::cpu_path()),
        (
            PextTrips::META.name,
            PextTrips::unavailable(),
            PextTrips::cpu_path(),
        ),
    ] {
        let reason = reason.unwrap_or_else(|| panic!("{name} reports the missing instruction"));
        assert!(reason.contains("BMI2"), "{reason}");
        assert!(!path.active, "{name}");
        eprintln!("{name}: {path}");
    }

    let hand: Hand = "5h 4d 3c 2s As".parse().unwrap();
    assert_eq!(Bmi2::category(Bmi2::encode(&hand)), Category::Straight);
    handeval_difftest::assert_matches_reference::<Bmi2>();
    handeval_difftest::assert_matches_reference::<PextTrips>();
}
