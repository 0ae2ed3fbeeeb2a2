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
        for file in [
            "results.csv",
            "machine.txt",
            "rounds.csv",
            "checks.csv",
            "listings.csv",
            "engines.csv",
            "engines-check.csv",
        ] {
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

/// The rows of the wide answer's table of `game` (`### {title}`): each
/// row's cells.
fn answer_rows(answer: &str, title: &str) -> Vec<Vec<String>> {
    let start = answer
        .find(&format!("### {title}\n"))
        .unwrap_or_else(|| panic!("no table of {title}:\n{answer}"));
    answer[start..]
        .lines()
        .skip(4)
        .take_while(|l| l.starts_with("| "))
        .map(|l| l.split('|').map(|c| c.trim().to_string()).collect())
        .collect()
}

/// Issue 49, item 11, as the one record answers it: five-card Omaha's
/// lab's fastest without tables is its direct kernel where the run has it
/// (never a best-of, which `aya_poker` beats), and `aya_poker`, the
/// strongest outside evaluator there, is named with its tables (issue 65:
/// it was ranked "without tables" though it reads perfect hashes).
#[test]
fn five_card_omaha_names_its_kernel_and_aya_poker_with_its_tables() {
    let answer = xtask(&["machines", "--answer"]);
    let rows = answer_rows(&answer, "Omaha, five hole cards");
    assert!(rows.len() >= 3, "{answer}");
    for row in &rows {
        // CPU, run, without tables, with tables, outside, Python, JavaScript.
        // A run that predates the kernel says so; one that has it names it.
        if !row[3].starts_with("stale") {
            assert!(!row[3].contains("best-of"), "{row:?}");
            assert!(row[3].starts_with("`deadhorse/omaha5"), "{row:?}");
        }
        assert!(
            row[5].starts_with("`aya_poker` (tables 226 KiB)"),
            "{row:?}"
        );
    }
}

/// A game a run timed has its fastest evaluator in the wide answer even
/// when it has evaluators of one kind only: short deck has none with
/// tables, and at 6ff8188 both its cells said "not measured" for the two
/// runs that timed it.
#[test]
fn a_game_timed_without_tables_only_shows_its_fastest() {
    let answer = xtask(&["machines", "--answer"]);
    let rows = answer_rows(&answer, "Short deck, seven cards");
    assert!(rows.len() >= 2, "{answer}");
    for row in rows {
        assert!(
            row[3].starts_with('`') || row[3].starts_with("stale"),
            "{row:?}"
        );
        assert_eq!(row[4], "none timed", "{row:?}");
    }
}
