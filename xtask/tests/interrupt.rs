//! `cargo xtask bench` interrupted, raced or fed stale scratch folders: it
//! leaves no scratch folder, no results folder and no running child behind,
//! refuses a second run in the same workspace, and never reads what an
//! earlier run left.

use std::fs;
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc::{Receiver, channel};
use std::time::{Duration, Instant};

/// A fresh, empty results folder for one run.
fn results_folder(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("handeval-{name}-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

/// What every run here benchmarks: one evaluator on one five-card workload,
/// built with the test build's profile, so that each phase is reached in
/// seconds and nothing is compiled with the benchmarks' fat LTO.
const SMALL: [&str; 7] = [
    "--smoke",
    "--cards",
    "5",
    "--profile",
    "dev",
    "--filter",
    "strength/shuffled/encoded/pokers",
];

/// Starts a small `cargo xtask bench` ([`SMALL`]) into `results`, with its
/// standard error lines arriving on the returned channel.
fn start(results: &Path, extra: &[&str]) -> (Child, Receiver<String>) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_xtask"))
        .arg("bench")
        .args(SMALL)
        .arg("--results-dir")
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
        let fields: Vec<&str> = after.split_whitespace().collect();
        let pgrp: u32 = fields.get(2).and_then(|g| g.parse().ok()).unwrap_or(0);
        // A zombie has exited: it runs nothing and writes nothing, and only
        // waits for init to reap it.
        let exited = matches!(fields.first(), Some(&("Z" | "X")));
        if groups.contains(&pgrp) && !exited {
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

/// Interrupts a run with `signal` once each of `markers` has appeared in
/// turn (and `delay` after), then checks that it left nothing behind.
fn interrupt_at(signal: &str, markers: &[&str], delay: Duration) {
    let started = Instant::now();
    let results = results_folder(&format!("interrupt-{signal}"));
    let (mut child, rx) = start(&results, &[]);
    let mut groups = Vec::new();
    for m in markers {
        wait_for(&rx, m, &mut groups, Duration::from_secs(600));
    }
    let marker = markers.join(", then ");
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
    println!(
        "SIG{signal} at {marker:?}: nothing left behind ({:.1} s)",
        started.elapsed().as_secs_f64()
    );
}

/// One test, so that no two runs in it race for the workspace's bench lock.
#[test]
fn interrupted_raced_or_stale_runs_leave_nothing_and_read_nothing_stale() {
    // A second run while one is going is refused at once, naming the lock.
    let started = Instant::now();
    let first = results_folder("first");
    let (mut running, rx) = start(&first, &[]);
    let mut groups = Vec::new();
    wait_for(&rx, "==> 1/4", &mut groups, Duration::from_secs(120));
    let second = Command::new(env!("CARGO_BIN_EXE_xtask"))
        .arg("bench")
        .args(SMALL)
        .arg("--results-dir")
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
    println!(
        "a second run is refused while one runs ({:.1} s)",
        started.elapsed().as_secs_f64()
    );

    // Interrupts during the differential check, the benchmark binary's run
    // under criterion and, where valgrind is present, the instruction counts
    // (installing gungraun-runner or running it), with SIGINT and SIGTERM.
    let mut points = vec![
        (&["==> 1/4"][..], Duration::from_millis(300)),
        (
            &["==> 2/4", "SIMD paths up to"][..],
            Duration::from_millis(300),
        ),
    ];
    if Command::new("valgrind").arg("--version").output().is_ok() {
        points.push((&["==> 3/4", "using valgrind"][..], Duration::from_secs(1)));
    }
    for (markers, delay) in points {
        for signal in ["INT", "TERM"] {
            interrupt_at(signal, markers, delay);
        }
    }

    // A stale scratch folder, as an interrupted run with this process id
    // might once have left, with criterion data for a benchmark the next
    // run does not run: the run ignores it and leaves it alone.
    let started = Instant::now();
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
    let (mut run, _rx) = start(&results, &["--no-icount"]);
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
    println!(
        "a stale scratch folder is neither read nor removed ({:.1} s)",
        started.elapsed().as_secs_f64()
    );
}
