//! The tests of `handeval_results::legacy`.

use handeval_core::Role;
use handeval_results::language::Language;
use handeval_results::legacy::*;
use handeval_results::row::Timer;
use std::path::Path;

/// The committed run whose engines were timed apart, and the engines
/// its `machine.txt` lists as installed.
fn committed() -> (std::path::PathBuf, Vec<String>) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../results/2026-11-27-cc2cb5c");
    let machine = std::fs::read_to_string(dir.join("machine.txt")).unwrap();
    let line = machine
        .lines()
        .find_map(|l| l.strip_prefix("engines: "))
        .unwrap();
    let listed = line
        .split("; ")
        .filter(|w| !w.contains("not installed"))
        .filter_map(|w| w.split(' ').next())
        .map(str::to_string)
        .collect();
    (dir, listed)
}

fn copy_to(dir: &Path, into: &Path) {
    for f in [ENGINE_TIMES, ENGINE_CHECKS, LISTINGS] {
        std::fs::copy(dir.join(f), into.join(f)).unwrap();
    }
}

#[test]
fn an_older_runs_engines_read_as_rows_timed_apart() {
    let (dir, listed) = committed();
    let older = read(&dir, &listed).unwrap();
    let r = older
        .rows
        .iter()
        .find(|r| r.evaluator == "c/ompeval/batch" && r.workload.id() == "strength/shuffled/hand7")
        .unwrap();
    assert_eq!((r.language, r.ns_from), (Language::C, Timer::Engines));
    assert!(!r.in_one_measurement());
    assert!(
        older
            .checks
            .iter()
            .any(|c| c.evaluator == "py/eval7/call" && c.game == "five")
    );
    assert!(older.checks.iter().any(|c| c.role == Some(Role::Listing)));
}

/// Issue 66, item 7: each of these was read without a word at 425044b.
#[test]
fn a_damaged_older_run_is_refused_naming_the_file() {
    let (dir, listed) = committed();
    let times = std::fs::read_to_string(dir.join(ENGINE_TIMES)).unwrap();
    let first = times.lines().nth(1).unwrap();
    let fields: Vec<&str> = first.split(',').collect();
    let (ns, median) = (fields[10], fields[11]);
    let cut = times.lines().take(3).collect::<Vec<_>>().join("\n") + "\n";
    let median_low = times.replacen(
        first,
        &first.replacen(
            &format!(",{median},"),
            &format!(",{},", ns.parse::<f64>().unwrap() / 100.0),
            1,
        ),
        1,
    );
    let negative = times.replacen(first, &first.replacen(&format!(",{ns},"), ",-5,", 1), 1);
    let cases: [(&str, Option<String>, Option<&str>, &str); 5] = [
        ("cut to 3 lines", Some(cut), None, "cut short"),
        (
            "a median of 1/100 of its fastest",
            Some(median_low),
            None,
            "median turn",
        ),
        ("ns = -5", Some(negative), None, "finite and positive"),
        (
            "the checks file deleted",
            None,
            Some(ENGINE_CHECKS),
            "is missing",
        ),
        (
            "the times file deleted",
            None,
            Some(ENGINE_TIMES),
            "is missing",
        ),
    ];
    for (what, text, delete, says) in cases {
        let scratch = tempfile::tempdir().unwrap();
        copy_to(&dir, scratch.path());
        if let Some(text) = text {
            std::fs::write(scratch.path().join(ENGINE_TIMES), text).unwrap();
        }
        if let Some(f) = delete {
            std::fs::remove_file(scratch.path().join(f)).unwrap();
        }
        let err = format!("{:#}", read(scratch.path(), &listed).unwrap_err());
        assert!(err.contains(says), "{what}: {err}");
        assert!(err.contains("engines"), "{what}: the file is named: {err}");
    }
}
