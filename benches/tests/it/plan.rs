//! The tests of `handeval_benches::plan`.

use handeval_benches::plan::*;
use handeval_benches::{BLOCKS, SimdLimit, Workload};

#[test]
fn a_plan_round_trips_through_its_file() {
    let plan = Plan {
        seed: 7,
        simd: SimdLimit::Avx2,
        mode: Mode::Quick,
        timed: vec![Benchmark {
            workload: Workload::HEADLINE,
            evaluator: "pokers".into(),
        }],
        counted: vec![],
        rounds_out: "rounds.csv".into(),
        engines: None,
    };
    let path = std::env::temp_dir().join(format!("handeval-plan-{}.json", std::process::id()));
    plan.write(&path).unwrap();
    assert_eq!(Plan::read(&path).unwrap(), plan);
    std::fs::write(&path, "{\"seed\": 1}").unwrap();
    assert!(Plan::read(&path).unwrap_err().contains("missing field"));
    std::fs::remove_file(&path).unwrap();
    assert!(plan.times(Workload::HEADLINE, "pokers"));
    assert!(!plan.times(Workload::HEADLINE, "null"));
}

#[test]
fn modes_parse_back_and_full_rounds_see_every_block() {
    for mode in [Mode::Full, Mode::Quick, Mode::Smoke] {
        assert_eq!(mode.id().parse(), Ok(mode));
    }
    assert!("fast".parse::<Mode>().is_err());
    assert_eq!(Mode::Full.rounds(), BLOCKS);
}
