//! Tools that misled a careful user at 86e8599 (issue 34, items 4 to 11):
//! each case here failed there, as the comment on each says.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn xtask(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_xtask"))
        .args(args)
        .output()
        .unwrap()
}

fn committed(name: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../results")
        .join(name)
        .to_string_lossy()
        .into_owned()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// A path under the temporary folder that does not exist yet.
fn absent(name: &str) -> PathBuf {
    let p = std::env::temp_dir().join(format!("handeval-{name}-{}", std::process::id()));
    let _ = fs::remove_dir_all(&p);
    p
}

/// Item 4: `report DIR --readme` put any run, a smoke run included, into
/// the README. The README's tables now come from `machines --readme`
/// alone, from each CPU's newest full run (a dev-profile run is kept out:
/// `damaged.rs`); `report` takes no `--readme` and leaves the README alone.
#[test]
fn report_puts_nothing_into_the_readme() {
    let readme = Path::new(env!("CARGO_MANIFEST_DIR")).join("../README.md");
    let before = fs::read_to_string(&readme).unwrap();
    let out = xtask(&["report", &committed("2026-11-23-a20a919"), "--readme"]);
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
    assert!(
        text(&out.stderr).contains("--readme"),
        "{}",
        text(&out.stderr)
    );
    assert_eq!(fs::read_to_string(&readme).unwrap(), before);
}

/// Item 5 (and the last of item 11): at 86e8599 `compare` of a seven-card
/// run with a full one said "filter | (everything) | (everything) | same"
/// and called the seven-card run's counts of five cards (which it never
/// made, though its machine.txt describes them) the same as the full run's.
#[test]
fn compare_says_which_games_each_run_timed_and_counted() {
    let out = xtask(&[
        "compare",
        &committed("2026-11-23-a20a919"),
        &committed("2026-11-23-15de287"),
    ]);
    let stdout = text(&out.stdout);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(
        stdout.contains("| games timed | seven | five, six, seven | **differs** |"),
        "{stdout}"
    );
    assert!(
        stdout.contains("| games counted | seven | five, seven | **differs** |"),
        "{stdout}"
    );
    assert!(
        stdout.contains("(as recorded: this run counted no five-card hand) |"),
        "{stdout}"
    );
    assert!(
        stdout.contains("Only NEW timed `strength/shuffled/encoded`"),
        "{stdout}"
    );
    // No table of dashes for workloads one run lacks.
    assert!(
        !stdout.contains("\nstrength/shuffled/encoded:\n"),
        "{stdout}"
    );
}

/// Item 5: a five-card-only run against a seven-card-only one printed 167
/// rows of "-" and exited 0.
#[test]
fn compare_refuses_runs_that_share_no_workload() {
    let out = xtask(&[
        "compare",
        &committed("2026-11-22-1640240"),
        &committed("2026-11-23-a20a919"),
    ]);
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.contains("share no workload") && stderr.contains("OLD timed five, NEW timed seven"),
        "{stderr}"
    );
    let out = xtask(&[
        "compare",
        "--csv",
        &committed("2026-11-22-1640240"),
        &committed("2026-11-23-a20a919"),
    ]);
    assert_eq!(out.status.code(), Some(1));
    assert!(out.stdout.is_empty());
}

/// Item 6: a results folder whose name is not UTF-8 panicked (exit 101)
/// while the command was recorded. Item 7: `--profile nosuch` was found
/// out only after the differential check, and left the results folder's
/// parent behind. Both are refused before anything is created (runs of
/// `bench`, [`crate::bench_runs_one_at_a_time`]).
pub(crate) fn bad_bench_arguments_are_refused_before_anything_is_created() {
    use std::os::unix::ffi::OsStrExt as _;
    let parent = absent("nonutf8");
    let mut dir = parent.join("x").into_os_string();
    dir.push(std::ffi::OsStr::from_bytes(b"\xff"));
    let out = Command::new(env!("CARGO_BIN_EXE_xtask"))
        .args([
            "bench",
            "--smoke",
            "--profile",
            "dev",
            "--filter",
            "pokers",
            "--engines",
            "none",
        ])
        .arg("--results-dir")
        .arg(&dir)
        .output()
        .unwrap();
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("is not UTF-8"), "{stderr}");
    assert!(!parent.exists());

    let parent = absent("noprofile");
    let dir = parent.join("x");
    let started = std::time::Instant::now();
    let out = xtask(&[
        "bench",
        "--smoke",
        "--profile",
        "nosuch",
        "--filter",
        "pokers",
        "--results-dir",
        dir.to_str().unwrap(),
    ]);
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.contains("--profile nosuch: no such profile"),
        "{stderr}"
    );
    assert!(!stderr.contains("differential check"), "{stderr}");
    assert!(!parent.exists(), "left {}", parent.display());
    assert!(started.elapsed().as_secs() < 30);
}

/// Item 9: at 86e8599 `diff --csv` wrote `category,class` columns for five
/// cards and `class,category_of_class` for six and seven. One schema now.
#[test]
fn diff_csv_has_one_schema_for_every_game() {
    let header = |game: &str| {
        let out = xtask(&["diff", "--csv", "--game", game, "--only", "pokers"]);
        assert!(out.status.success(), "{}", text(&out.stderr));
        text(&out.stdout)
            .lines()
            .next()
            .unwrap_or_default()
            .to_string()
    };
    let five = header("five");
    assert_eq!(
        five,
        "evaluator,hand,class,category_of_class,reference_class,reference_category"
    );
    assert_eq!(header("six"), five);
}

/// Item 10: at 86e8599 a sampled six-card check said "20358520 per
/// evaluator" after checking 1,048,576 hands, and "differs: none" of
/// categories it never looked at.
#[test]
fn a_sampled_check_says_how_many_hands_it_checked() {
    let out = xtask(&[
        "diff",
        "--game",
        "six",
        "--only",
        "reference",
        "--sample",
        "4096",
    ]);
    let said = text(&out.stdout) + &text(&out.stderr);
    assert!(out.status.success(), "{said}");
    let row = said
        .lines()
        .find(|l| l.starts_with("reference "))
        .unwrap_or_else(|| panic!("no reference row in\n{said}"));
    assert!(
        row.contains(" 4096 ") && row.ends_with("on the sample"),
        "{row}"
    );
    assert!(!said.contains("per evaluator"), "{said}");
    assert!(!said.contains("differs: none"), "{said}");
    let readme =
        fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("../README.md")).unwrap();
    assert!(!readme.contains("5 or 7"), "the README's hand sizes");
}

/// Item 11: `eval --only ckc-rs,reference` on a seven-card hand dropped
/// ckc-rs without a word, `--only ''` meant every evaluator, and
/// `eval >&-` exited 0 with its answers lost.
#[test]
fn eval_says_what_it_cannot_answer() {
    let out = xtask(&[
        "eval",
        "--only",
        "ckc-rs,reference",
        "As Ks Qs Js Ts 2c 3d",
        "As Ks Qs Js Ts 2c 4d",
    ]);
    let stderr = text(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    assert_eq!(
        stderr
            .matches("note: ckc-rs evaluates no seven-card hand: only reference answers them")
            .count(),
        1,
        "{stderr}"
    );
    for nothing in ["", ","] {
        let out = xtask(&["eval", "--only", nothing, "As Ks Qs Js Ts"]);
        assert_eq!(out.status.code(), Some(1), "--only {nothing:?}");
        assert!(out.stdout.is_empty());
        assert!(text(&out.stderr).contains("names no evaluator"));
    }
    let closed = Command::new("sh")
        .arg("-c")
        .arg(format!(
            "'{}' eval 'As Ks Qs Js Ts' >&-",
            env!("CARGO_BIN_EXE_xtask")
        ))
        .output()
        .unwrap();
    assert_eq!(closed.status.code(), Some(1));
    assert!(
        text(&closed.stderr).contains("standard output is closed"),
        "{}",
        text(&closed.stderr)
    );
}
