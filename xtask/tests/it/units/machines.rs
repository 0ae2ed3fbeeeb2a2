//! The tests of `xtask::machines`.

use std::collections::BTreeSet;
use xtask::machines::*;
use xtask::report::readme;
use xtask::workspace;

#[test]
fn the_committed_runs_give_each_cpu_its_newest_full_run() {
    let machines = newest_per_cpu(&workspace::root().join("results")).unwrap();
    let dirs: Vec<&str> = machines.iter().map(|m| m.dir.as_str()).collect();
    // Limited runs (--simd avx2 --filter, --cards 7) are never chosen.
    assert!(!dirs.contains(&"2026-11-22-1640240"), "{dirs:?}");
    assert!(!dirs.contains(&"2026-11-23-a20a919"), "{dirs:?}");
    assert!(machines.len() >= 2, "{dirs:?}");
    let cpus: BTreeSet<&str> = machines.iter().map(|m| m.cpu.as_str()).collect();
    assert_eq!(cpus.len(), machines.len());
}

#[test]
fn the_readme_shows_the_answer_and_the_machines_table_of_the_committed_runs() {
    let machines = newest_per_cpu(&workspace::root().join("results")).unwrap();
    let readme = std::fs::read_to_string(workspace::root().join("README.md")).unwrap();
    let stale = "the README's answer or results/MACHINES.md is not the committed runs': run `cargo xtask machines --readme`";
    assert!(readme.contains(&narrow_answer(&machines)), "{stale}");
    let tables =
        std::fs::read_to_string(workspace::root().join("results").join(MACHINES_FILE)).unwrap();
    assert_eq!(
        tables,
        machines_file(&answer(&machines, "."), &markdown(&machines, ".")),
        "{stale}"
    );
    // The README answers in a glance.
    let lines = readme.lines().count();
    assert!(lines < 400, "the README has {lines} lines, 400 at most");
    // The answer within the first screen.
    let answer_line = readme
        .lines()
        .position(|l| l == readme::ANSWER.0)
        .expect("the README has an answer section");
    assert!(
        answer_line < 40,
        "the answer starts at line {}",
        answer_line + 1
    );
}

/// Issue 65: every cell of the README's answer is one measurement: one
/// of the lab's evaluators, one run (its commit), one ratio to that
/// run's strongest outside evaluator, named and never the evaluator
/// itself; a CPU whose newest run predates a game's current kernels is
/// marked stale, its commit named, never merged with another CPU's.
#[test]
fn every_answer_cell_is_one_measurement() {
    let results = workspace::root().join("results");
    let machines = newest_per_cpu(&results).unwrap();
    answer_cells_are_measurements(&narrow_answer(&machines));
    // A CPU whose newest run predates a game's kernels: the Zen 4's
    // 25e0d90, before six cards' and PLO5's, as its newest.
    let alone = tempfile::tempdir().unwrap();
    let run = "2026-11-25-25e0d90";
    std::os::unix::fs::symlink(results.join(run), alone.path().join(run)).unwrap();
    let machines = newest_per_cpu(alone.path()).unwrap();
    let answer = narrow_answer(&machines);
    assert!(answer_cells_are_measurements(&answer) > 0, "{answer}");
}

/// Holds every cell of `answer` to one measurement (see above), and
/// counts the stale ones.
fn answer_cells_are_measurements(answer: &str) -> usize {
    let lab: Vec<&'static str> = handeval_results::workload::games()
        .into_iter()
        .flat_map(|g| xtask::select::abouts(g, false))
        .filter(|a| a.meta.role.is_lab_variant())
        .map(|a| a.meta.name)
        .collect();
    let mut stale = 0;
    for line in answer.lines().skip(2) {
        let cells: Vec<&str> = line.split('|').map(str::trim).collect();
        for cell in &cells[2..cells.len() - 1] {
            if *cell == NONE_TIMED || *cell == "not measured" {
                continue;
            }
            let named: Vec<&str> = cell.split('`').skip(1).step_by(2).collect();
            let evaluators: Vec<&&str> = named.iter().filter(|n| lab.contains(n)).collect();
            let (evaluator, baseline) = if cell.starts_with("stale: ") {
                stale += 1;
                // stale: `commit` predates `kernel`...; there `evaluator`: ratio `baseline`
                let there = cell.split("; there ").nth(1).unwrap();
                let n: Vec<&str> = there.split('`').skip(1).step_by(2).collect();
                assert!(
                    named[0].chars().all(|c| c.is_ascii_hexdigit()),
                    "a stale cell names its run's commit: {cell}"
                );
                (n[0], n[1])
            } else {
                assert_eq!(evaluators.len(), 1, "one evaluator a cell: {cell}");
                let commit = named.last().unwrap();
                assert!(
                    commit.chars().all(|c| c.is_ascii_hexdigit()),
                    "one run, its commit: {cell}"
                );
                (named[0], named[1])
            };
            assert!(lab.contains(&evaluator), "the lab's own evaluator: {cell}");
            // A game no outside evaluator plays (deuce-to-seven, whose
            // aya_poker function misreads the wheel; short deck with
            // trips above the straight) has no ratio, and says so.
            if cell.ends_with(&format!(": no outside evaluator timed (`{baseline}`)")) {
                assert!(baseline.chars().all(|c| c.is_ascii_hexdigit()), "{cell}");
                continue;
            }
            assert_ne!(evaluator, baseline, "a ratio to itself: {cell}");
            assert!(
                !lab.contains(&baseline),
                "the baseline is an outside evaluator: {cell}"
            );
            assert!(cell.contains("x `"), "one ratio: {cell}");
        }
    }
    stale
}
