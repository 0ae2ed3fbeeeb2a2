//! The tests of `xtask::bench::counts`.

use handeval_benches::{Benchmark, Plan};
use handeval_benches::{Mode, SimdLimit, Workload};
use xtask::bench::counts::*;

#[test]
fn gungraun_json_summaries_are_read_by_the_plans_names() {
    let counted = ["null", "pokers"]
        .map(|e| Benchmark {
            workload: Workload::HEADLINE,
            evaluator: e.into(),
        })
        .to_vec();
    let plan = Plan {
        seed: 1,
        simd: SimdLimit::Avx512,
        mode: Mode::Smoke,
        timed: vec![],
        counted,
        rounds_out: "r".into(),
        engines: None,
    };
    let line = r#"{"baselines":[null,null],"function_name":"counted_sample","group":"icount","id":"evaluator_1","kind":"LibraryBenchmark","profiles":[{"data":{"parts":[],"total":{"metrics":{"Dr":{"values":{"new":20257}},"Ir":{"values":{"new":967874}}},"regressions":[]}},"duration_ns":3,"tool":"Callgrind"}]}"#;
    let c = parse_line(line, &plan).unwrap().unwrap();
    assert_eq!(c.benchmark.to_string(), "strength/shuffled/encoded/pokers");
    assert_eq!(c.instructions, 967_874);
    assert_eq!(
        parse_line("     Running benches/icount.rs", &plan).unwrap(),
        None
    );
    // Another function, or an index the plan does not have.
    let wrong = line.replace("counted_sample", "strength_sequential_encoded");
    assert!(parse_line(&wrong, &plan).is_err());
    let beyond = line.replace("evaluator_1", "evaluator_2");
    assert!(parse_line(&beyond, &plan).is_err());
}
