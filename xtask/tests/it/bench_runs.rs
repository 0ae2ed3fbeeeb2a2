//! Small `cargo xtask bench` runs that select only seven-card benchmarks,
//! as a user would with `--game seven` or `--filter`: each run does and says
//! only what it did.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

/// Runs a small seven-card bench with `args`; returns its published folder,
/// its standard error and its standard output.
fn seven_card_run(name: &str, args: &[&str]) -> (PathBuf, String, String) {
    let results = std::env::temp_dir().join(format!("handeval-{name}-{}", std::process::id()));
    let _ = fs::remove_dir_all(&results);
    let out = Command::new(env!("CARGO_BIN_EXE_xtask"))
        .args([
            "bench",
            "--smoke",
            "--profile",
            "dev",
            "--no-icount",
            "--engines",
            "none",
        ])
        .args(args)
        .arg("--results-dir")
        .arg(&results)
        .output()
        .unwrap();
    let said = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(out.status.success(), "{said}");
    // No five-card check for a run without five-card benchmarks.
    assert!(
        said.contains("1/5 differential check: five cards skipped"),
        "{said}"
    );
    let runs: Vec<_> = fs::read_dir(&results).unwrap().flatten().collect();
    assert_eq!(runs.len(), 1);
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    (runs[0].path(), said, stdout)
}

/// What no seven-card run may write: files and sentences about five cards.
fn says_nothing_of_five_cards(run: &Path, stdout: &str) {
    assert!(
        !run.join("listings.csv").exists(),
        "a listings file without listings"
    );
    assert!(!run.join("chart.svg").exists());
    // The summary printed at the end has no empty families table.
    assert!(!stdout.contains("| family | variant |"), "{stdout}");
    let report = fs::read_to_string(run.join("report.md")).unwrap();
    for claim in [
        "## Each family",
        "The chart (`chart.svg`)",
        "over all 2,598,960 hands before it was timed",
        "Instruction counts come from callgrind",
    ] {
        assert!(!report.contains(claim), "{claim:?} in\n{report}");
    }
    // A smoke run: four blocks of 9,282 hands.
    assert!(report.contains("on 37,128 hands per workload"), "{report}");
    let machine = fs::read_to_string(run.join("machine.txt")).unwrap();
    assert!(
        machine.contains("instruction counts: not measured: --no-icount"),
        "{machine}"
    );
}

/// Two seven-card runs, one after the other ([`crate::bench_runs_one_at_a_time`]).
pub(crate) fn seven_card_runs_report_seven_cards_only() {
    a_seven_card_game_run_reports_seven_cards_only();
    a_seven_card_filter_runs_and_reports_seven_cards_only();
}

fn a_seven_card_game_run_reports_seven_cards_only() {
    let (run, said, stdout) =
        seven_card_run("game-seven", &["--game", "seven", "--filter", "pokers"]);
    assert!(
        said.contains("13 benchmarks: 9 seven workloads x 2 evaluators"),
        "{said}"
    );
    // pokers and the floor, which every stream of hands timed brings
    // along, on four workloads; pokers alone on the showdown, the two
    // range counts and the fixed hands (its own calculator) and every
    // board; no enumeration (it declares no incremental form), nor random
    // against random (an outside calculator's pass takes minutes there).
    let csv = fs::read_to_string(run.join("results.csv")).unwrap();
    assert_eq!(csv.lines().count(), 14, "{csv}");
    for workload in [
        "showdown",
        "equity-heads-up",
        "equity-three-way",
        "equity-fixed",
    ] {
        assert!(
            csv.contains(&format!(
                "\npokers,pokers,baseline,,Rust,,,strength/{workload}/hand7,"
            )),
            "{csv}"
        );
    }
    assert!(!csv.contains("/equity-random/"), "{csv}");
    assert!(!csv.contains("/enumeration/"), "{csv}");
    says_nothing_of_five_cards(&run, &stdout);
    fs::remove_dir_all(run.parent().unwrap()).unwrap();
}

fn a_seven_card_filter_runs_and_reports_seven_cards_only() {
    let (run, said, stdout) = seven_card_run(
        "seven-filter",
        &["--filter", "strength/shuffled/hand7/pokers"],
    );
    // The banner counts what the filter selected.
    assert!(
        said.contains("2 benchmarks: 1 seven workloads x 2 evaluators"),
        "{said}"
    );
    let csv = fs::read_to_string(run.join("results.csv")).unwrap();
    assert_eq!(csv.lines().count(), 3, "{csv}");
    assert!(csv.lines().nth(1).unwrap().starts_with("null,"), "{csv}");
    assert!(csv.lines().nth(2).unwrap().starts_with("pokers,"), "{csv}");
    says_nothing_of_five_cards(&run, &stdout);
    fs::remove_dir_all(run.parent().unwrap()).unwrap();
}
