//! `cargo xtask report DIR` re-renders a report from results.csv alone.

use std::fmt::Write as _;
use std::fs;
use std::process::Command;

const CSV: &str = "evaluator,workload,kind,order,input,median_ns,ci_low_ns,ci_high_ns,mhands_per_s,instructions,instructions_minus_floor,ratio_to_fastest,ratio_to_pokers,table_bytes,note,summary
null,strength/shuffled/encoded,strength,shuffled,encoded,0.6,0.5,0.7,1666,17,0,0.3,0.3,0,,floor
pokers,strength/shuffled/encoded,strength,shuffled,encoded,2.0,1.9,2.1,500,26,9,1,1,221872,,perfect hash
deadhorse/tuned,strength/shuffled/encoded,strength,shuffled,encoded,3.5,3.4,3.6,285,58,41,1.75,1.75,0,,popcounts
pokers,strength/sequential/encoded,strength,sequential,encoded,0.7,0.6,0.8,1400,26,9,1,1,221872,,perfect hash
deadhorse/tuned,strength/sequential/encoded,strength,sequential,encoded,3.5,3.4,3.6,285,58,41,5,5,0,,popcounts
";

/// Runs `cargo xtask report dir` and insists that it succeeds.
fn report(dir: &std::path::Path) {
    let out = Command::new(env!("CARGO_BIN_EXE_xtask"))
        .arg("report")
        .arg(dir)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn report_rerenders_markdown_and_chart_from_the_csv() {
    let dir = std::env::temp_dir().join(format!("handeval-report-test-{}", std::process::id()));
    fs::create_dir_all(&dir).unwrap();
    fs::write(dir.join("results.csv"), CSV).unwrap();
    fs::write(
        dir.join("listings.csv"),
        "listing,source,distinct,wrong_category,misordered,example\n\
         deadhorse/listing,README listing,5406,0,60020,a pair\n",
    )
    .unwrap();
    fs::write(
        dir.join("machine.txt"),
        "command: cargo xtask bench --quick\ncpu: Test CPU\nseed: 7\n",
    )
    .unwrap();
    report(&dir);
    let md = fs::read_to_string(dir.join("report.md")).unwrap();
    assert!(md.contains("cargo xtask bench --quick"), "{md}");
    assert!(md.contains("## Published listings"), "{md}");
    assert!(md.contains("| `deadhorse/listing` |"), "{md}");
    assert!(md.contains("| 1 | pokers |"), "{md}");
    assert!(md.contains("null (harness floor)"), "{md}");
    assert!(md.contains("deadhorse/tuned (best)"), "{md}");
    let svg = fs::read_to_string(dir.join("chart.svg")).unwrap();
    assert!(svg.contains("<svg") && svg.contains("deadhorse/tuned") && svg.contains("Test CPU"));
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn report_on_a_missing_directory_is_a_clear_error() {
    let out = Command::new(env!("CARGO_BIN_EXE_xtask"))
        .args(["report", "/nonexistent/handeval"])
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("results.csv"));
}

/// The `## workload` sections of a report, each with its table.
fn workload_sections(md: &str) -> Vec<String> {
    md.split("\n## ")
        .filter(|s| s.starts_with("strength/") || s.starts_with("category/"))
        .map(|s| s.split("\n\n## ").next().unwrap_or(s).trim().to_string())
        .collect()
}

/// The tables of the six- and seven-card workloads (`### strength/...hand7`).
fn larger_sections(md: &str) -> Vec<String> {
    md.split("\n### ")
        .filter(|s| s.starts_with("strength/") || s.starts_with("category/"))
        .map(|s| s.split("\n\n#").next().unwrap_or(s).trim().to_string())
        .collect()
}

/// Every committed run re-renders, from its results.csv and machine.txt, to
/// the same workload tables as its committed report.md.
#[test]
fn committed_runs_rerender_to_the_same_tables() {
    let results = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../results");
    let mut checked = 0;
    for entry in fs::read_dir(&results).unwrap() {
        let run = entry.unwrap().path();
        if !run.join("results.csv").is_file() {
            continue;
        }
        let copy = std::env::temp_dir().join(format!(
            "handeval-rerender-{}-{}",
            std::process::id(),
            checked
        ));
        fs::create_dir_all(&copy).unwrap();
        // Every input the report is made from; the outputs are made afresh.
        for file in ["results.csv", "machine.txt", "rounds.csv", "listings.csv"] {
            if run.join(file).exists() {
                fs::copy(run.join(file), copy.join(file)).unwrap();
            }
        }
        report(&copy);
        let committed = workload_sections(&fs::read_to_string(run.join("report.md")).unwrap());
        let rendered = workload_sections(&fs::read_to_string(copy.join("report.md")).unwrap());
        // All eight five-card workloads, unless the run timed one hand size.
        let machine = fs::read_to_string(run.join("machine.txt")).unwrap();
        let one_size = machine
            .lines()
            .any(|l| l.starts_with("command: ") && l.contains("--cards"));
        let five_card = if one_size && !machine.contains("--cards 5") {
            0
        } else {
            8
        };
        assert_eq!(committed.len(), five_card, "{}", run.display());
        assert_eq!(rendered, committed, "{}", run.display());
        let committed = larger_sections(&fs::read_to_string(run.join("report.md")).unwrap());
        let rendered = larger_sections(&fs::read_to_string(copy.join("report.md")).unwrap());
        assert!(five_card > 0 || !committed.is_empty(), "{}", run.display());
        assert_eq!(rendered, committed, "{}", run.display());
        fs::remove_dir_all(&copy).unwrap();
        checked += 1;
    }
    assert!(checked > 0, "no committed runs under {}", results.display());
}

/// A run with interleaved rounds: ratios come from the rounds, with their
/// spread, and the floor is set against the bare loop.
#[test]
fn rounds_give_the_ratios_their_spread() {
    let dir = std::env::temp_dir().join(format!("handeval-rounds-test-{}", std::process::id()));
    fs::create_dir_all(&dir).unwrap();
    fs::write(dir.join("results.csv"), CSV).unwrap();
    fs::write(
        dir.join("machine.txt"),
        "command: cargo xtask bench\ncpu: Test CPU\n",
    )
    .unwrap();
    let mut rounds = String::from("workload,evaluator,round,ns_per_hand\n");
    for (round, slow) in [(0, 1.0), (1, 1.5), (2, 1.0)] {
        for (name, ns) in [
            ("null", 0.6),
            ("null (bare loop)", 0.5),
            ("pokers", 2.0),
            ("deadhorse/tuned", 3.0),
        ] {
            let _ = writeln!(
                rounds,
                "strength/shuffled/encoded,{name},{round},{}",
                ns * slow
            );
        }
    }
    fs::write(dir.join("rounds.csv"), rounds).unwrap();
    report(&dir);
    let md = fs::read_to_string(dir.join("report.md")).unwrap();
    // 3.0 / 2.0 in every round, whatever the machine did in round 1.
    assert!(md.contains("| 1.50 | ±0.0% |"), "{md}");
    assert!(md.contains("3 interleaved rounds"), "{md}");
    assert!(md.contains("bare `for` loop"), "{md}");
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn report_into_a_full_disk_is_a_clean_error() {
    let dir = std::env::temp_dir().join(format!("handeval-full-test-{}", std::process::id()));
    fs::create_dir_all(&dir).unwrap();
    fs::write(dir.join("results.csv"), CSV).unwrap();
    fs::write(dir.join("machine.txt"), "cpu: Test CPU\n").unwrap();
    let full = fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_xtask"))
        .arg("report")
        .arg(&dir)
        .stdout(full)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn an_inf_median_is_refused_naming_the_file_row_and_column() {
    let dir = std::env::temp_dir().join(format!("handeval-inf-test-{}", std::process::id()));
    fs::create_dir_all(&dir).unwrap();
    fs::write(
        dir.join("results.csv"),
        CSV.replacen(",2.0,1.9,2.1,", ",inf,1.9,2.1,", 1),
    )
    .unwrap();
    fs::write(dir.join("machine.txt"), "cpu: Test CPU\n").unwrap();
    let started = std::time::Instant::now();
    let out = Command::new(env!("CARGO_BIN_EXE_xtask"))
        .arg("report")
        .arg(&dir)
        .output()
        .unwrap();
    assert!(started.elapsed() < std::time::Duration::from_secs(10));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    for part in ["results.csv", "line 3", "median_ns"] {
        assert!(stderr.contains(part), "{part}: {stderr}");
    }
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn compare_sets_two_runs_side_by_side() {
    let dir = std::env::temp_dir().join(format!("handeval-compare-test-{}", std::process::id()));
    let (old, new) = (dir.join("old"), dir.join("new"));
    for (d, cpu) in [(&old, "CPU A"), (&new, "CPU B")] {
        fs::create_dir_all(d).unwrap();
        fs::write(
            d.join("machine.txt"),
            format!("cpu: {cpu}\nrustc: rustc 1.95.0\n"),
        )
        .unwrap();
    }
    fs::write(old.join("results.csv"), CSV).unwrap();
    fs::write(
        new.join("results.csv"),
        CSV.replace(",3.5,3.4,3.6,", ",1.75,1.7,1.8,"),
    )
    .unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_xtask"))
        .arg("compare")
        .args([&old, &new])
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        stdout.contains("| cpu | CPU A | CPU B | **differs** |"),
        "{stdout}"
    );
    assert!(
        stdout.contains("| rustc | rustc 1.95.0 | rustc 1.95.0 | same |"),
        "{stdout}"
    );
    // Twice as fast, and the intervals do not overlap.
    assert!(
        stdout.contains("| deadhorse/tuned | 3.50 | 1.75 | 0.50 | CIs disjoint |"),
        "{stdout}"
    );
    assert!(
        stdout.contains("| pokers | 2.00 | 2.00 | 1.00 |  |"),
        "{stdout}"
    );
    fs::remove_dir_all(&dir).unwrap();
}
