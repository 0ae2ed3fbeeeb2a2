//! A small `cargo xtask bench` run that selects only seven-card benchmarks,
//! as a user would with `--filter`: the run does and says only what it did.

use std::fs;
use std::process::Command;

#[test]
fn a_seven_card_filter_runs_and_reports_seven_cards_only() {
    let results =
        std::env::temp_dir().join(format!("handeval-seven-filter-{}", std::process::id()));
    let _ = fs::remove_dir_all(&results);
    let out = Command::new(env!("CARGO_BIN_EXE_xtask"))
        .args(["bench", "--smoke", "--profile", "dev", "--no-icount"])
        .args(["--filter", "strength/shuffled/hand7/pokers"])
        .arg("--results-dir")
        .arg(&results)
        .output()
        .unwrap();
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{said}");
    // No five-card check for a run without five-card benchmarks.
    assert!(
        said.contains("1/4 differential check: five cards skipped"),
        "{said}"
    );
    // The banner counts what the filter selected.
    assert!(
        said.contains("1 benchmarks: 1 7-card workloads x 1 evaluators"),
        "{said}"
    );
    let runs: Vec<_> = fs::read_dir(&results).unwrap().flatten().collect();
    assert_eq!(runs.len(), 1);
    let run = runs[0].path();
    // Nothing about data the run does not have.
    assert!(
        !run.join("listings.csv").exists(),
        "a listings file without listings"
    );
    assert!(!run.join("chart.svg").exists());
    let csv = fs::read_to_string(run.join("results.csv")).unwrap();
    assert_eq!(csv.lines().count(), 2, "{csv}");
    assert!(csv.lines().nth(1).unwrap().starts_with("pokers,"), "{csv}");
    let report = fs::read_to_string(run.join("report.md")).unwrap();
    for claim in [
        "## Each family",
        "The chart (`chart.svg`)",
        "over all 2,598,960 hands before it was timed",
        "Instruction counts come from callgrind",
    ] {
        assert!(!report.contains(claim), "{claim:?} in\n{report}");
    }
    assert!(report.contains("on 259,896 hands per workload"), "{report}");
    fs::remove_dir_all(&results).unwrap();
}
