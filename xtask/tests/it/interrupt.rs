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
const SMALL: [&str; 9] = [
    "--smoke",
    "--engines",
    "none",
    "--game",
    "five",
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
    // A results folder the run itself creates, with two parents it creates
    // too: none may outlive the run (at 86e8599 `new` and `new/a` did).
    let parent = results_folder(&format!("interrupt-{signal}"));
    let created = parent.join("new");
    let results = created.join("a").join("b");
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
    // 128 + the signal's number, as a shell reports a process it ended.
    let expected = match signal {
        "INT" => 130,
        "TERM" => 143,
        other => panic!("no exit status known for SIG{other}"),
    };
    assert_eq!(
        status.code(),
        Some(expected),
        "{signal} at {marker:?}: the run must fail with 128 + the signal's number"
    );
    // Give a killed group a moment to be reaped.
    std::thread::sleep(Duration::from_millis(500));
    assert!(
        !created.exists(),
        "{signal} at {marker:?}: left {} holding {:?}",
        created.display(),
        entries(&created)
    );
    assert_eq!(
        survivors(&groups),
        Vec::<String>::new(),
        "{signal} at {marker:?}"
    );
    fs::remove_dir_all(&parent).unwrap();
    println!(
        "SIG{signal} at {marker:?}: nothing left behind ({:.1} s)",
        started.elapsed().as_secs_f64()
    );
}

/// Runs of `bench`, one at a time ([`crate::bench_runs_one_at_a_time`]).
pub(crate) fn interrupted_raced_or_stale_runs_leave_nothing_and_read_nothing_stale() {
    a_second_run_is_refused();
    // Interrupts during the differential check, the benchmark binary's run
    // under criterion and, where valgrind is present, the instruction counts
    // (installing gungraun-runner or running it). One handler serves SIGINT,
    // SIGTERM and SIGHUP alike (`scratch::on_interrupt_clean_up`), so both signals are
    // sent at the first point and one each at the later, slower ones.
    let mut points = vec![
        (&["==> 1/5"][..], Duration::from_millis(300), "INT"),
        (&["==> 1/5"][..], Duration::from_millis(300), "TERM"),
        (
            &["==> 2/5", "SIMD paths up to"][..],
            Duration::from_millis(300),
            "TERM",
        ),
    ];
    if Command::new("valgrind").arg("--version").output().is_ok() {
        // Soon: counting one evaluator and the floor takes about a second.
        points.push((
            &["==> 3/5", "using valgrind"][..],
            Duration::from_millis(100),
            "INT",
        ));
    }
    for (markers, delay, signal) in points {
        interrupt_at(signal, markers, delay);
    }

    after_sigkill_nothing_runs_on_and_the_next_run_sweeps_but_reads_nothing_stale();
}

fn a_second_run_is_refused() {
    // A second run while one is going is refused at once, naming the lock.
    let started = Instant::now();
    let first = results_folder("first");
    let (mut running, rx) = start(&first, &[]);
    let mut groups = Vec::new();
    wait_for(&rx, "==> 1/5", &mut groups, Duration::from_secs(120));
    // With a target folder of its own, and a results folder it would create.
    let second_parent = results_folder("second");
    let second_results = second_parent.join("new");
    let second = Command::new(env!("CARGO_BIN_EXE_xtask"))
        .arg("bench")
        .args(SMALL)
        .arg("--results-dir")
        .arg(&second_results)
        .env("CARGO_TARGET_DIR", second_parent.join("target"))
        .output()
        .unwrap();
    assert!(!second.status.success());
    let said = String::from_utf8_lossy(&second.stderr);
    assert!(
        said.contains("another `cargo xtask bench` is running"),
        "{said}"
    );
    assert!(
        !second_results.exists(),
        "a refused run created its results folder"
    );
    fs::remove_dir_all(&second_parent).unwrap();
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
}

fn after_sigkill_nothing_runs_on_and_the_next_run_sweeps_but_reads_nothing_stale() {
    // SIGKILL runs no handler: the benchmark binary notices that its run
    // has ended and stops (and with it the cargo that waits for it), and
    // the next run removes the scratch folder the killed one left.
    let started = Instant::now();
    let results = results_folder("kill");
    let (mut child, rx) = start(&results, &[]);
    let mut groups = Vec::new();
    for marker in ["==> 2/5", "SIMD paths up to"] {
        wait_for(&rx, marker, &mut groups, Duration::from_secs(600));
    }
    std::thread::sleep(Duration::from_millis(300));
    child.kill().unwrap();
    child.wait().unwrap();
    let deadline = Instant::now() + Duration::from_secs(10);
    while !survivors(&groups).is_empty() {
        assert!(
            Instant::now() < deadline,
            "children outlived a SIGKILLed run: {:?}",
            survivors(&groups)
        );
        std::thread::sleep(Duration::from_millis(100));
    }
    let scratch = |dir: &Path| -> Vec<String> {
        entries(dir)
            .into_iter()
            .filter(|e| e.starts_with(".tmp-"))
            .collect()
    };
    let dead = scratch(&results);
    assert_eq!(dead.len(), 1, "{:?}", entries(&results));

    // Beside it, a stale scratch folder of a live process (this test's
    // id), with criterion data for a benchmark the next run does not run:
    // the next run neither reads it nor removes it.
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
    let left = scratch(&results);
    assert!(
        !left.contains(&dead[0]),
        "the dead run's scratch folder stayed"
    );
    assert!(
        stale.exists(),
        "the live process's folder is not this run's to remove"
    );
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
    fs::remove_dir_all(&results).unwrap();
    println!(
        "after SIGKILL no child outlives the run, and the next run removes its scratch folder \
         but neither reads nor removes a live process's ({:.1} s)",
        started.elapsed().as_secs_f64()
    );
}
