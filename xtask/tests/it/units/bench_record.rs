//! The tests of `xtask::bench::record`.

use handeval_benches::{Benchmark, Workload};
use handeval_benches::{Mode, Plan, SimdLimit};
use xtask::bench::record::*;

fn plan(counted: &[Workload]) -> Plan {
    Plan {
        seed: 1,
        simd: SimdLimit::Avx512,
        mode: Mode::Full,
        timed: vec![],
        counted: counted
            .iter()
            .map(|&workload| Benchmark {
                workload,
                evaluator: "null".into(),
            })
            .collect(),
        rounds_out: "r".into(),
        engines: None,
    }
}

#[test]
fn the_generated_tables_line_names_each_table_once_with_its_bytes() {
    let mut p = plan(&[]);
    assert_eq!(generated_tables(&p), "");
    for (workload, evaluator) in [
        (Workload::HEADLINE, "twoplustwo/five"),
        (
            Workload::headline_of::<handeval_core::Hand7>(),
            "twoplustwo/seven",
        ),
        (
            Workload::headline_of::<handeval_core::Omaha4>(),
            "perfhash/omaha",
        ),
        (
            Workload::headline_of::<handeval_core::Omaha4>(),
            "perfhash/omaha-simd",
        ),
    ] {
        p.timed.push(Benchmark {
            workload,
            evaluator: evaluator.into(),
        });
    }
    let line = generated_tables(&p);
    let tables: Vec<&str> = line.split("; ").collect();
    assert_eq!(tables.len(), 2, "{line}");
    assert!(
        tables[0].starts_with("twoplustwo 129,951,336 bytes, generated in "),
        "{line}"
    );
    assert!(
        tables[1].starts_with("perfhash-omaha 27,462,044 bytes, generated in "),
        "{line}"
    );
}

#[test]
fn the_counts_line_says_what_was_counted() {
    let five = plan(&[Workload::HEADLINE]);
    let seven = plan(&[Workload::headline_of::<handeval_core::Hand7>()]);
    let both = plan(&[
        Workload::HEADLINE,
        Workload::headline_of::<handeval_core::Hand7>(),
        Workload::headline_of::<handeval_core::Omaha4>(),
    ]);
    let v = Ok("valgrind-3.19.0");
    assert!(how_counted(&five, v).contains("10,000 sampled five-card hands;"));
    assert!(how_counted(&seven, v).contains("10,000 sampled seven-card hands;"));
    assert!(
        how_counted(&both, v)
            .contains("10,000 sampled hands of each of five-card, seven-card and Omaha;"),
        "{}",
        how_counted(&both, v)
    );
    assert!(!how_counted(&seven, v).contains("five"));
    assert!(!how_counted(&five, v).contains("smoke"));
    let smoke = Plan {
        mode: Mode::Smoke,
        ..plan(&[Workload::HEADLINE])
    };
    assert!(
        how_counted(&smoke, v).contains("five-card hands, full strength only (a smoke run);"),
        "{}",
        how_counted(&smoke, v)
    );
    assert_eq!(
        how_counted(&five, Err(NoCounts::Skipped)),
        "not measured: --no-icount"
    );
    assert!(
        how_counted(&plan(&[]), Err(NoCounts::NothingToCount))
            .starts_with("not measured: none of this run's")
    );
    assert_eq!(
        how_counted(&five, Err(NoCounts::NoValgrind)),
        "not measured: valgrind not found"
    );
}
