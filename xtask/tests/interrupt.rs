//! `cargo xtask bench` interrupted, raced or fed stale scratch folders: it
//! leaves no scratch folder, no results folder and no running child behind,
//! refuses a second run in the same workspace, and never reads what an
//! earlier run left.

use std::fs;
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc::{Receiver, channel};
use std::time::Duration;

/// A fresh, empty results folder for one run.
fn results_folder(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("handeval-{name}-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

/// Starts `cargo xtask bench --smoke` into `results`, with its standard
/// error lines arriving on the returned channel.
fn start(results: &Path, extra: &[&str]) -> (Child, Receiver<String>) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_xtask"))
        .args(["bench", "--smoke", "--results-dir"])
        .arg(results)
        .args(extra)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let (tx, rx) = channel();
    let stderr = child.stderr.take().unwrap();
    std::thread::spawn(move || {
        for line in BufReader::new(stderr).lines().map_while(Result::ok) {
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    (child, rx)
}

/// Reads lines until one contains `marker`, collecting the process groups
/// the run announces; panics after `timeout`.
fn wait_for(rx: &Receiver<String>, marker: &str, groups: &mut Vec<u32>, timeout: Duration) {
    let deadline = std::time::Instant::now() + timeout;
    loop {
        let left = deadline.saturating_duration_since(std::time::Instant::now());
        let line = rx
            .recv_timeout(left)
            .unwrap_or_else(|_| panic!("no {marker:?} within {timeout:?}"));
        if let Some(group) = line
            .split("process group ")
            .nth(1)
            .and_then(|g| g.trim_end_matches(']').parse().ok())
        {
            groups.push(group);
        }
        if line.contains(marker) {
            return;
        }
    }
}

/// Whether any process is still in one of `groups`.
fn survivors(groups: &[u32]) -> Vec<String> {
    let mut found = Vec::new();
    for entry in fs::read_dir("/proc").unwrap().flatten() {
        let Ok(stat) = fs::read_to_string(entry.path().join("stat")) else {
            continue;
        };
        // pid (comm) state ppid pgrp ...: fields after the closing parenthesis.
        let Some(after) = stat.rsplit_once(')').map(|(_, rest)| rest) else {
            continue;
        };
        let pgrp: u32 = after
            .split_whitespace()
            .nth(2)
            .and_then(|g| g.parse().ok())
            .unwrap_or(0);
        if groups.contains(&pgrp) {
            found.push(stat);
        }
    }
    found
}

fn entries(dir: &Path) -> Vec<String> {
    fs::read_dir(dir)
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect()
}

/// Interrupts a run with `signal` once `marker` has appeared (and `delay`
/// after), then checks that it left nothing behind.
fn interrupt_at(signal: &str, marker: &str, delay: Duration) {
    let results = results_folder(&format!("interrupt-{signal}"));
    let (mut child, rx) = start(&results, &[]);
    let mut groups = Vec::new();
    wait_for(&rx, marker, &mut groups, Duration::from_secs(600));
    std::thread::sleep(delay);
    let sent = Command::new("kill")
        .args([&format!("-{signal}"), &child.id().to_string()])
        .status()
        .unwrap();
    assert!(sent.success());
    let status = child.wait().unwrap();
    assert!(
        !status.success(),
        "{signal} at {marker:?}: the run must fail"
    );
    // Give a killed group a moment to be reaped.
    std::thread::sleep(Duration::from_millis(500));
    assert_eq!(
        entries(&results),
        Vec::<String>::new(),
        "{signal} at {marker:?}"
    );
    assert_eq!(
        survivors(&groups),
        Vec::<String>::new(),
        "{signal} at {marker:?}"
    );
    fs::remove_dir_all(&results).unwrap();
}

/// One test, so that no two runs in it race for the workspace's bench lock.
#[test]
fn interrupted_raced_or_stale_runs_leave_nothing_and_read_nothing_stale() {
    // A second run while one is going is refused at once, naming the lock.
    let first = results_folder("first");
    let (mut running, rx) = start(&first, &[]);
    let mut groups = Vec::new();
    wait_for(&rx, "==> 1/4", &mut groups, Duration::from_secs(120));
    let second = Command::new(env!("CARGO_BIN_EXE_xtask"))
        .args(["bench", "--smoke", "--results-dir"])
        .arg(results_folder("second"))
        .output()
        .unwrap();
    assert!(!second.status.success());
    let said = String::from_utf8_lossy(&second.stderr);
    assert!(
        said.contains("another `cargo xtask bench` is running"),
        "{said}"
    );
    Command::new("kill")
        .args(["-INT", &running.id().to_string()])
        .status()
        .unwrap();
    running.wait().unwrap();
    assert_eq!(entries(&first), Vec::<String>::new());

    // Interrupts during the differential check, criterion and, where
    // valgrind is present, the instruction counts, with SIGINT and SIGTERM.
    let mut points = vec![
        ("==> 1/4", Duration::from_millis(500)),
        ("==> 2/4", Duration::from_secs(8)),
    ];
    if Command::new("valgrind").arg("--version").output().is_ok() {
        points.push(("==> 3/4", Duration::from_secs(8)));
    }
    for (marker, delay) in points {
        for signal in ["INT", "TERM"] {
            interrupt_at(signal, marker, delay);
        }
    }

    // A stale scratch folder, as an interrupted run with this process id
    // might once have left, with criterion data for a benchmark the next
    // run does not run: the run ignores it and leaves it alone.
    let results = results_folder("stale");
    let stale = results.join(format!(".tmp-{}", std::process::id()));
    let planted = stale.join("criterion/strength_shuffled_encoded/pext_bmi2/new");
    fs::create_dir_all(&planted).unwrap();
    fs::write(
        planted.join("benchmark.json"),
        r#"{"group_id":"strength/shuffled/encoded","function_id":"pext/bmi2"}"#,
    )
    .unwrap();
    fs::write(
        planted.join("estimates.json"),
        r#"{"median":{"point_estimate":1.0,"confidence_interval":{"lower_bound":1.0,"upper_bound":1.0}}}"#,
    )
    .unwrap();
    let (mut run, _rx) = start(&results, &["--no-icount", "--filter", "pokers"]);
    assert!(run.wait().unwrap().success());
    let runs: Vec<String> = entries(&results)
        .into_iter()
        .filter(|e| !e.starts_with('.'))
        .collect();
    assert_eq!(runs.len(), 1, "{runs:?}");
    let csv = fs::read_to_string(results.join(&runs[0]).join("results.csv")).unwrap();
    assert!(
        !csv.contains("pext/bmi2"),
        "a stale measurement was read:\n{csv}"
    );
    assert!(
        stale.exists(),
        "the stale folder is not this run's to remove"
    );
    fs::remove_dir_all(&results).unwrap();
}
