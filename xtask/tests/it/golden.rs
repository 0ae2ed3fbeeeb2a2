//! What `report`, `machines` and `compare` print for every committed run,
//! kept as snapshots: a change to how runs are read or rendered shows up
//! here, line by line, and is accepted only on purpose
//! (`INSTA_UPDATE=always cargo test -p xtask --test it golden`, then read the
//! diff before committing it).

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

fn results() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../results")
}

/// The committed runs, oldest first by folder name.
fn committed_runs() -> Vec<PathBuf> {
    let mut runs: Vec<PathBuf> = fs::read_dir(results())
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.join("results.csv").is_file())
        .collect();
    runs.sort();
    runs
}

fn name(dir: &Path) -> String {
    dir.file_name().unwrap().to_string_lossy().into_owned()
}

/// Runs `cargo xtask` with `args` from the workspace root, insists that it
/// succeeds, and returns its standard output.
fn xtask(args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_xtask"))
        .args(args)
        .current_dir(results().join(".."))
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "cargo xtask {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

fn settings() -> insta::Settings {
    let mut settings = insta::Settings::clone_current();
    settings.set_prepend_module_to_snapshot(false);
    settings.set_omit_expression(true);
    settings
}

/// Each committed run's report, re-rendered from its data into a copy
/// under the same folder name (the citation names the folder).
#[test]
fn report_of_every_committed_run() {
    let scratch = std::env::temp_dir().join(format!("handeval-golden-{}", std::process::id()));
    for run in committed_runs() {
        let copy = scratch.join(name(&run));
        fs::create_dir_all(&copy).unwrap();
        for file in ["results.csv", "machine.txt", "rounds.csv", "listings.csv"] {
            if run.join(file).exists() {
                fs::copy(run.join(file), copy.join(file)).unwrap();
            }
        }
        xtask(&["report", copy.to_str().unwrap()]);
        let report = fs::read_to_string(copy.join("report.md")).unwrap();
        settings().bind(|| insta::assert_snapshot!(format!("report-{}", name(&run)), report));
    }
    fs::remove_dir_all(&scratch).unwrap();
}

#[test]
fn machines_of_the_committed_runs() {
    settings().bind(|| insta::assert_snapshot!("machines", xtask(&["machines"])));
}

/// Each committed run against the one before it.
#[test]
fn compare_each_committed_run_with_the_one_before() {
    let runs = committed_runs();
    for pair in runs.windows(2) {
        let old = format!("results/{}", name(&pair[0]));
        let new = format!("results/{}", name(&pair[1]));
        let text = xtask(&["compare", &old, &new]);
        settings().bind(|| {
            insta::assert_snapshot!(
                format!("compare-{}-{}", name(&pair[0]), name(&pair[1])),
                text
            );
        });
    }
}

/// Issue 49, item 11: "fastest without tables" is the fastest evaluator
/// with 0 table bytes, the lab's or outside. At 43f40fc five-card Omaha's
/// cell named `deadhorse/best-of-100` at 1.3x to 1.6x `aya_poker`, which
/// has no table and is faster.
#[test]
fn the_fastest_without_tables_includes_outside_evaluators_without_tables() {
    let answer = xtask(&["machines", "--answer"]);
    let header = answer.lines().find(|l| l.starts_with("| CPU |")).unwrap();
    let cells: Vec<&str> = header.split('|').map(str::trim).collect();
    let column = cells
        .iter()
        .position(|c| *c == "Omaha, five hole cards: fastest without tables")
        .expect("an Omaha, five hole cards column");
    let mut measured = 0;
    for line in answer
        .lines()
        .filter(|l| l.starts_with("| ") && l.contains("]("))
    {
        let cell = line.split('|').map(str::trim).nth(column).unwrap();
        if cell == "not measured" {
            continue;
        }
        measured += 1;
        // `aya_poker` where the run has no direct PLO5 kernel (runs before
        // 82087e7), the direct kernel where it has: never a best-of.
        assert!(
            cell.starts_with("`aya_poker` ") || cell.starts_with("`deadhorse/omaha5"),
            "{line}"
        );
    }
    assert!(measured >= 3, "{answer}");
}

/// A game a run timed has its fastest evaluator in the wide answer even
/// when it has evaluators of one kind only: short deck has none with
/// tables, and at 6ff8188 both its cells said "not measured" for the two
/// runs that timed it.
#[test]
fn a_game_timed_without_tables_only_shows_its_fastest() {
    let answer = xtask(&["machines", "--answer"]);
    let header = answer.lines().find(|l| l.starts_with("| CPU |")).unwrap();
    let cells: Vec<&str> = header.split('|').map(str::trim).collect();
    let column = cells
        .iter()
        .position(|c| *c == "Short deck, seven cards: fastest without tables")
        .expect("a short-deck column");
    let mut shown = 0;
    for line in answer
        .lines()
        .filter(|l| l.starts_with("| ") && l.contains("]("))
    {
        let row: Vec<&str> = line.split('|').map(str::trim).collect();
        match (row[column], row[column + 1]) {
            ("not measured", "not measured") => {}
            (without, with) => {
                assert!(without.starts_with('`'), "{line}");
                assert!(with.starts_with('`') || with == "none timed", "{line}");
                shown += 1;
            }
        }
    }
    assert!(shown >= 2, "{answer}");
}
