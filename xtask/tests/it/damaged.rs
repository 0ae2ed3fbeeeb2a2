//! Committed runs, copied and damaged the ways a copy, an interrupted write
//! or a hand edit damages them: `report`, `machines` and `compare` refuse
//! each with the file and the reason, and read the undamaged copy as
//! before. (Issue 34, items 1 and 2: each case here was accepted at
//! 86e8599, which published invented round statistics and let a dev-profile
//! run stand for its CPU.)

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// The run the issue names: a full five-, six- and seven-card run with 21
/// interleaved rounds.
const RUN: &str = "2026-11-23-15de287";

fn committed(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../results")
        .join(name)
}

/// A fresh scratch folder for one case.
fn scratch(case: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("handeval-damaged-{}-{case}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

/// A copy of a committed run's inputs (the outputs are made afresh).
fn copy_run(name: &str, to: &Path) {
    fs::create_dir_all(to).unwrap();
    for file in ["results.csv", "machine.txt", "rounds.csv", "listings.csv"] {
        let from = committed(name).join(file);
        if from.exists() {
            fs::copy(from, to.join(file)).unwrap();
        }
    }
}

/// `text`'s lines, each through `edit` (`None` drops it), each ended.
fn edit_lines(text: &str, edit: impl Fn(&str) -> Option<String>) -> String {
    let mut out = String::new();
    for line in text.lines().filter_map(edit) {
        out.push_str(&line);
        out.push('\n');
    }
    out
}

fn xtask(args: &[&str], dir: &Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_xtask"))
        .args(args)
        .arg(dir)
        .output()
        .unwrap()
}

/// `report` on the damaged copy fails, and says `says`.
fn refused(case: &str, damage: impl FnOnce(&Path), says: &[&str]) {
    refused_in(RUN, case, damage, says);
}

/// `report` on a damaged copy of the run `name` fails, and says `says`.
fn refused_in(name: &str, case: &str, damage: impl FnOnce(&Path), says: &[&str]) {
    let dir = scratch(case);
    let run = dir.join("run");
    copy_run(name, &run);
    damage(&run);
    let out = xtask(&["report"], &run);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success(), "{case}: accepted\n{stderr}");
    for s in says {
        assert!(stderr.contains(s), "{case}: no {s:?} in\n{stderr}");
    }
    assert!(
        !run.join("report.md").exists(),
        "{case}: a report was written from a damaged run"
    );
    // `compare` reads runs the same way.
    let committed = committed(name);
    let out = xtask(&["compare", committed.to_str().unwrap()], &run);
    assert!(!out.status.success(), "{case}: compare accepted it");
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn an_undamaged_copy_reads() {
    let dir = scratch("undamaged");
    copy_run(RUN, &dir);
    let out = xtask(&["report"], &dir);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let md = fs::read_to_string(dir.join("report.md")).unwrap();
    assert!(md.contains("interleaved rounds"), "{md}");
    // A full run says nothing of limits.
    assert!(!md.contains("Not a full run"), "{md}");
    fs::remove_dir_all(&dir).unwrap();
}

/// `machine`, its `profile` line made the dev profile's.
fn with_dev_profile(machine: &str) -> String {
    edit_lines(machine, |l| {
        Some(if l.starts_with("profile: ") {
            "profile: dev (opt-level 3)".to_string()
        } else {
            l.to_string()
        })
    })
}

#[test]
fn a_run_without_its_rounds_is_refused() {
    refused(
        "no-rounds",
        |run| fs::remove_file(run.join("rounds.csv")).unwrap(),
        &[
            "results.csv: line 2",
            "21 interleaved rounds",
            "rounds.csv is missing",
        ],
    );
}

#[test]
fn an_empty_rounds_file_is_refused() {
    refused(
        "empty-rounds",
        |run| fs::write(run.join("rounds.csv"), "").unwrap(),
        &["rounds.csv: empty"],
    );
    refused(
        "header-only",
        |run| {
            let text = fs::read_to_string(run.join("rounds.csv")).unwrap();
            let header = text.lines().next().unwrap();
            fs::write(run.join("rounds.csv"), format!("{header}\n")).unwrap();
        },
        &["rounds.csv: a header and no turns"],
    );
}

#[test]
fn a_rounds_file_cut_inside_its_last_number_is_refused() {
    refused(
        "cut-rounds",
        |run| {
            let text = fs::read(run.join("rounds.csv")).unwrap();
            fs::write(run.join("rounds.csv"), &text[..text.len() - 3]).unwrap();
        },
        &["rounds.csv: cut short"],
    );
}

#[test]
fn duplicated_rounds_are_refused() {
    refused(
        "duplicated-rounds",
        |run| {
            let text = fs::read_to_string(run.join("rounds.csv")).unwrap();
            let last: Vec<&str> = text.lines().rev().take(5).collect();
            let mut doubled = text.clone();
            for l in last.iter().rev() {
                doubled.push_str(l);
                doubled.push('\n');
            }
            fs::write(run.join("rounds.csv"), doubled).unwrap();
        },
        &[
            "rounds.csv: line 4937: a second turn",
            "(the first is line 4932)",
        ],
    );
}

#[test]
fn a_results_file_cut_at_a_line_end_is_refused() {
    refused(
        "cut-results",
        |run| {
            let text = fs::read_to_string(run.join("results.csv")).unwrap();
            let kept = edit_lines(&text, |l| Some(l.to_string()));
            let kept: String = kept
                .lines()
                .take(193)
                .fold(String::new(), |k, l| k + l + "\n");
            fs::write(run.join("results.csv"), kept).unwrap();
        },
        &[
            "rounds.csv times",
            "results.csv has no row of it",
            "cut short?",
        ],
    );
}

#[test]
fn a_ratio_over_more_rounds_than_the_file_holds_is_refused() {
    // Round 20 of one workload gone, cleanly: the rows still say 21.
    refused(
        "fewer-rounds",
        |run| {
            let text = fs::read_to_string(run.join("rounds.csv")).unwrap();
            let kept = edit_lines(&text, |l| {
                let gone = l.starts_with("strength/shuffled/encoded,") && l.contains(",20,");
                (!gone).then(|| l.to_string())
            });
            fs::write(run.join("rounds.csv"), kept).unwrap();
        },
        &["gives a ratio over 21 interleaved rounds", "holds 20"],
    );
}

/// A copy of `RUN` with its machine.txt edited by `edit`, beside the
/// undamaged run, under `root`.
fn beside_the_run(root: &Path, name: &str, edit: impl Fn(&str) -> String) {
    copy_run(RUN, &root.join(RUN));
    let copy = root.join(name);
    copy_run(RUN, &copy);
    let machine = fs::read_to_string(copy.join("machine.txt")).unwrap();
    fs::write(copy.join("machine.txt"), edit(&machine)).unwrap();
}

fn machines(root: &Path) -> Output {
    xtask(&["machines", "--results-dir"], root)
}

#[test]
fn a_newer_dev_profile_run_does_not_stand_for_its_cpu() {
    let root = scratch("dev-profile");
    beside_the_run(&root, "2026-11-25-dev", |m| {
        let m = m
            .replace(
                "command: cargo xtask bench\n",
                "command: cargo xtask bench --profile dev\n",
            )
            .replace("date: 2026-11-23T14:36:31Z", "date: 2026-11-25T00:00:00Z");
        with_dev_profile(&m)
    });
    let out = machines(&root);
    let (stdout, stderr) = (
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr),
    );
    assert!(out.status.success(), "{stderr}");
    assert!(stdout.contains(RUN), "{stdout}");
    assert!(!stdout.contains("2026-11-25-dev"), "{stdout}");
    assert!(
        stderr.contains("2026-11-25-dev: not a full run (profile dev)"),
        "{stderr}"
    );
    fs::remove_dir_all(&root).unwrap();
}

#[test]
fn a_date_that_is_no_date_is_refused() {
    let root = scratch("odd-date");
    beside_the_run(&root, "2026-11-25-odd", |m| {
        m.replace("date: 2026-11-23T14:36:31Z", "date: yesterday")
    });
    let out = machines(&root);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success(), "accepted");
    assert!(
        stderr.contains("2026-11-25-odd") && stderr.contains("date"),
        "{stderr}"
    );
    fs::remove_dir_all(&root).unwrap();
}

#[test]
fn runs_left_out_are_named_with_the_reason() {
    let root = scratch("left-out");
    beside_the_run(&root, "2026-11-25-no-id", |m| {
        edit_lines(m, |l| (!l.starts_with("cpu id: ")).then(|| l.to_string()))
    });
    // Half a run: machine.txt alone.
    let half = root.join("2026-11-26-half");
    fs::create_dir_all(&half).unwrap();
    fs::copy(committed(RUN).join("machine.txt"), half.join("machine.txt")).unwrap();
    // A tie on the date with the run itself.
    beside_the_run(&root, "2026-11-23-15de287-copy", str::to_string);
    let out = machines(&root);
    let (stdout, stderr) = (
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr),
    );
    assert!(out.status.success(), "{stderr}");
    assert!(stdout.contains(&format!("[`{RUN}`]")), "{stdout}");
    for says in [
        "2026-11-25-no-id: machine.txt has no `cpu id`",
        "2026-11-26-half has machine.txt and no results.csv",
        "made at the same time",
    ] {
        assert!(stderr.contains(says), "no {says:?} in\n{stderr}");
    }
    fs::remove_dir_all(&root).unwrap();
}

#[test]
fn unlimited_runs_that_say_so_are_full() {
    let root = scratch("unlimited");
    beside_the_run(&root, "2026-11-25-star", |m| {
        m.replace(
            "command: cargo xtask bench\n",
            "command: cargo xtask bench --filter '*'\n",
        )
        .replace("date: 2026-11-23T14:36:31Z", "date: 2026-11-25T00:00:00Z")
        .replace("\nmode: full\n", "\nmode: full\nfilter: *\n")
    });
    let out = machines(&root);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(stdout.contains("[`2026-11-25-star`]"), "{stdout}");
    fs::remove_dir_all(&root).unwrap();
}

/// Item 4: a `--smoke --profile dev` run's report said nothing of it. A
/// limited run's report now opens by saying what limited it.
#[test]
fn a_limited_runs_report_says_it_is_no_full_run() {
    let dir = scratch("limited-report");
    copy_run(RUN, &dir);
    let machine = fs::read_to_string(dir.join("machine.txt")).unwrap();
    let machine = machine
        .replace(
            "command: cargo xtask bench\n",
            "command: cargo xtask bench --smoke --profile dev\n",
        )
        .replace("\nmode: full\n", "\nmode: smoke\n");
    fs::write(dir.join("machine.txt"), with_dev_profile(&machine)).unwrap();
    let out = xtask(&["report"], &dir);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let md = fs::read_to_string(dir.join("report.md")).unwrap();
    assert!(
        md.contains("**Not a full run** (mode smoke, profile dev)"),
        "{md}"
    );
    // The undamaged full run says nothing of the kind (`an_undamaged_copy_reads`).
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn rounds_edited_to_contradict_results_csv_are_refused() {
    // Issue 49, item 7: at 43f40fc, rounds of perfhash/omaha-simd set to
    // 1.0 were published as 1.00 ns a hand beside a results.csv whose
    // median of those rounds says 24.78.
    let one = |line: &str| {
        let mut fields: Vec<String> = line.split(',').map(String::from).collect();
        if fields[0] == "strength/shuffled/omaha" && fields[1] == "perfhash/omaha-simd" {
            fields[3] = "1.0".into();
            fields[6] = "1.0".into();
        }
        Some(fields.join(","))
    };
    refused_in(
        "2026-11-26-43f40fc",
        "rounds-contradict",
        |run| {
            let path = run.join("rounds.csv");
            let text = fs::read_to_string(&path).unwrap();
            fs::write(&path, edit_lines(&text, one)).unwrap();
        },
        &[
            "rounds.csv disagrees with results.csv: perfhash/omaha-simd on strength/shuffled/omaha",
            "rounds_ns",
        ],
    );
}
