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

/// A `machine.txt` with every key a machine file must have.
fn machine(command: &str, cpu: &str, seed: u64) -> String {
    format!(
        "command: {command}\ndate: 2026-11-23T00:00:00Z\ngit: abc1234\ncpu: {cpu}\ncores: 2\n\
         rustc: rustc 1.95.0 (59807616e 2026-04-14)\nprofile: bench\ntarget-cpu: default\n\
         seed: {seed}\nmode: full\ninstruction counts: callgrind (valgrind-3.19.0)\n"
    )
}

/// Runs `command`, insists that it succeeds, and returns its standard output.
fn succeeds(command: &mut Command) -> String {
    let out = command.output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// Runs `cargo xtask report dir` and insists that it succeeds.
fn report(dir: &std::path::Path) {
    rendered(dir);
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
        machine("cargo xtask bench --quick", "Test CPU", 7),
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

/// A table without its *timers* column: the mark where criterion and the
/// rounds disagree, which reports written before the mark do not have.
fn without_timers(section: &str) -> String {
    let marked = section
        .lines()
        .any(|l| l.starts_with('|') && l.ends_with(" timers |"));
    section
        .lines()
        .map(|l| match l.strip_suffix('|') {
            Some(row) if marked && l.starts_with('|') => {
                let cut = row.trim_end().rfind('|').unwrap_or(row.len());
                format!("{}|", &row[..cut])
            }
            _ => l.to_string(),
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The `## workload` sections of a report, each with its table.
fn workload_sections(md: &str) -> Vec<String> {
    md.split("\n## ")
        .filter(|s| s.starts_with("strength/") || s.starts_with("category/"))
        .map(|s| without_timers(s.split("\n\n## ").next().unwrap_or(s).trim()))
        .collect()
}

/// The tables of the other games' workloads (`### strength/...hand7`),
/// without the sentence naming the chart (`chart7.svg` in older runs,
/// `chart-seven.svg` now: each game's chart is named by its id).
fn larger_sections(md: &str) -> Vec<String> {
    md.split("\n### ")
        .filter(|s| s.starts_with("strength/") || s.starts_with("category/"))
        .map(|s| {
            let section = s.split("\n\n#").next().unwrap_or(s);
            let section = section.split("\n\nThe chart `").next().unwrap_or(section);
            without_timers(section.trim())
        })
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
        report(&copy);
        // A run with rounds whose report predates the undisturbed
        // estimator publishes the rounds' median: its tables re-render
        // with the estimator of today, which the snapshots
        // (`report-<run>.snap`) hold instead.
        let report_md = fs::read_to_string(run.join("report.md")).unwrap();
        if run.join("rounds.csv").exists() && !report_md.contains("(undisturbed) | spread") {
            fs::remove_dir_all(&copy).unwrap();
            continue;
        }
        let committed = workload_sections(&report_md);
        let rendered = workload_sections(&fs::read_to_string(copy.join("report.md")).unwrap());
        // All eight five-card workloads, unless the run timed one other
        // game (`--game`, or in older runs `--cards`).
        let machine = fs::read_to_string(run.join("machine.txt")).unwrap();
        let one_game = machine
            .lines()
            .any(|l| l.starts_with("command: ") && (l.contains("--cards") || l.contains("--game")));
        // A ninth, the contended one, in runs that have it.
        let contended = fs::read_to_string(run.join("results.csv"))
            .unwrap()
            .contains("/hand/contended,");
        let five_card =
            if one_game && !(machine.contains("--cards 5") || machine.contains("--game five")) {
                0
            } else {
                8 + usize::from(contended)
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
        machine("cargo xtask bench", "Test CPU", 20261121),
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
    fs::write(
        dir.join("machine.txt"),
        machine("cargo xtask bench", "Test CPU", 1),
    )
    .unwrap();
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
    fs::write(
        dir.join("machine.txt"),
        machine("cargo xtask bench", "Test CPU", 1),
    )
    .unwrap();
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
        fs::write(d.join("machine.txt"), machine("cargo xtask bench", cpu, 1)).unwrap();
    }
    fs::write(old.join("results.csv"), CSV).unwrap();
    fs::write(
        new.join("results.csv"),
        CSV.replace(",3.5,3.4,3.6,", ",1.75,1.7,1.8,"),
    )
    .unwrap();
    let stdout = succeeds(
        Command::new(env!("CARGO_BIN_EXE_xtask"))
            .arg("compare")
            .args([&old, &new]),
    );
    assert!(
        stdout.contains("| cpu | CPU A | CPU B | **differs** |"),
        "{stdout}"
    );
    assert!(
        stdout.contains(
            "| rustc | rustc 1.95.0 (59807616e 2026-04-14) | rustc 1.95.0 (59807616e 2026-04-14) | same |"
        ),
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

/// Sentences a report may only write about data its run has.
const FIVE_CARD_CLAIMS: [&str; 4] = [
    "## Each family against the fastest outside baseline",
    "The chart (`chart.svg`)",
    "over all 2,598,960 hands before it was timed",
    "Instruction counts come from callgrind over a fixed sample",
];

/// Runs `cargo xtask report dir`, returning what it printed and report.md.
fn rendered(dir: &std::path::Path) -> (String, String) {
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
    let said = String::from_utf8_lossy(&out.stdout).into_owned();
    (said, fs::read_to_string(dir.join("report.md")).unwrap())
}

#[test]
fn a_seven_card_run_says_nothing_of_five_cards() {
    let run =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../results/2026-11-23-a20a919");
    let dir = std::env::temp_dir().join(format!("handeval-seven-only-{}", std::process::id()));
    fs::create_dir_all(&dir).unwrap();
    for file in ["results.csv", "machine.txt", "rounds.csv"] {
        fs::copy(run.join(file), dir.join(file)).unwrap();
    }
    let (said, report) = rendered(&dir);
    for claim in FIVE_CARD_CLAIMS {
        assert!(!report.contains(claim), "{claim:?} in\n{report}");
    }
    assert!(
        !report.contains("|---|---|---|---:|---:|---:|---:|---:|\n\n"),
        "an empty table"
    );
    assert!(report.contains("## Hold'em, seven cards"), "{report}");
    assert!(!dir.join("chart.svg").exists());
    assert!(
        said.contains("chart-seven.svg") && !said.contains("chart.svg"),
        "{said}"
    );
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_run_without_counts_or_baseline_says_so() {
    let dir = std::env::temp_dir().join(format!("handeval-no-icount-{}", std::process::id()));
    fs::create_dir_all(&dir).unwrap();
    // No instruction counts, and no pokers (a --filter left it out).
    let mut csv = String::new();
    for line in CSV.lines().filter(|l| !l.starts_with("pokers,")) {
        let mut fields: Vec<&str> = line.split(',').collect();
        if !line.starts_with("evaluator,") {
            fields[9] = "";
            fields[10] = "";
        }
        csv.push_str(&fields.join(","));
        csv.push('\n');
    }
    fs::write(dir.join("results.csv"), csv).unwrap();
    fs::write(
        dir.join("machine.txt"),
        machine(
            "cargo xtask bench --no-icount --filter null,tuned",
            "Test CPU",
            1,
        )
        .replace("callgrind (valgrind-3.19.0)", "not measured: --no-icount"),
    )
    .unwrap();
    let (_, report) = rendered(&dir);
    assert!(!report.contains(FIVE_CARD_CLAIMS[0]), "{report}");
    assert!(!report.contains(FIVE_CARD_CLAIMS[3]), "{report}");
    assert!(
        report.contains("no five-card instruction counts (--no-icount)"),
        "{report}"
    );
    assert!(report.contains("timed no outside baseline"), "{report}");
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn machines_sets_each_cpus_newest_full_run_side_by_side() {
    let root = std::env::temp_dir().join(format!("handeval-machines-{}", std::process::id()));
    let _ = fs::remove_dir_all(&root);
    let from_cards = CSV.replace(
        "strength/shuffled/encoded,strength,shuffled,encoded",
        "strength/shuffled/hand,strength,shuffled,hand",
    );
    let runs = [
        // (folder, cpu id, command, deadhorse/tuned's time)
        (
            "2026-01-01-aaa",
            "vendor GenuineIntel, family 0x6, model 167, stepping 1",
            "cargo xtask bench",
            "3.5",
        ),
        (
            "2026-01-02-bbb",
            "vendor AuthenticAMD, family 0x1a, model 2, stepping 1",
            "cargo xtask bench",
            "1.0",
        ),
        // Newer, but limited: never the one shown.
        (
            "2026-01-03-ccc",
            "vendor AuthenticAMD, family 0x1a, model 2, stepping 1",
            "cargo xtask bench --filter pokers",
            "9.0",
        ),
    ];
    for (i, (dir, cpu_id, command, tuned)) in runs.iter().enumerate() {
        let d = root.join(dir);
        fs::create_dir_all(&d).unwrap();
        let csv = from_cards.replace(",3.5,3.4,3.6,", &format!(",{tuned},{tuned},{tuned},"));
        fs::write(d.join("results.csv"), csv).unwrap();
        let text = machine(command, "Test CPU", 1).replace(
            "date: 2026-11-23T00:00:00Z",
            &format!("date: 2026-01-0{}T00:00:00Z", i + 1),
        );
        fs::write(d.join("machine.txt"), format!("{text}cpu id: {cpu_id}\n")).unwrap();
    }
    let stdout = succeeds(
        Command::new(env!("CARGO_BIN_EXE_xtask"))
            .args(["machines", "--results-dir"])
            .arg(&root),
    );
    assert!(
        stdout.contains("| evaluator | Intel family 0x6 model 167 | AMD family 0x1a model 2 |"),
        "{stdout}"
    );
    // Each CPU's time and ratio to pokers (two significant digits), the
    // limited run left out.
    assert!(
        stdout.contains("| deadhorse/tuned | 3.50, 1.8x | 1.00, 0.50x |"),
        "{stdout}"
    );
    assert!(!stdout.contains("2026-01-03-ccc"), "{stdout}");
    assert!(
        stdout.contains("- AMD family 0x1a model 2: deadhorse (1.00, 0.50x)"),
        "{stdout}"
    );
    fs::remove_dir_all(&root).unwrap();
}

/// The timers' mark, on a fixture in the current format: a row whose
/// criterion median is more than 10% from the rounds' median is marked in
/// results.csv and the report with both figures, a row within 10% is not,
/// the published figure is the rounds', and the report counts the marks.
#[test]
fn rows_whose_timers_differ_are_marked_with_both_figures() {
    let dir = std::env::temp_dir().join(format!("handeval-timers-test-{}", std::process::id()));
    fs::create_dir_all(&dir).unwrap();
    // Criterion: pokers 2.0 (the rounds say 2.1: 5% apart), deadhorse/tuned
    // 3.0 (the rounds say 3.6: 20% apart), null 0.6 (criterion only).
    let header = "evaluator,workload,kind,order,input,median_ns,ci_low_ns,ci_high_ns,mhands_per_s,instructions,instructions_minus_floor,ratio_to_fastest,ratio_to_baseline,table_bytes,ns_from,criterion_ns,rounds_ns,timers_differ,note,summary";
    let row = |name: &str, ns: f64, from: &str, criterion: f64| {
        format!(
            "{name},strength/shuffled/encoded,strength,shuffled,encoded,{ns},{ns},{ns},1,,,1,1,0,{from},{criterion},,false,,x\n"
        )
    };
    let csv = format!(
        "{header}\n{}{}{}",
        row("null", 0.6, "criterion", 0.6),
        row("pokers", 2.1, "rounds", 2.0),
        row("deadhorse/tuned", 3.6, "rounds", 3.0),
    );
    fs::write(dir.join("results.csv"), csv).unwrap();
    let mut rounds =
        String::from("workload,evaluator,round,ns_per_hand,block,passes,median_pass_ns\n");
    for round in 0..3 {
        for (name, ns) in [("pokers", 2.1), ("deadhorse/tuned", 3.6)] {
            let _ = writeln!(
                rounds,
                "strength/shuffled/encoded,{name},{round},{ns},{round},8,{ns}"
            );
        }
    }
    fs::write(dir.join("rounds.csv"), rounds).unwrap();
    let text = machine("cargo xtask bench", "Test CPU", 1).replace(
        "instruction counts:",
        "block hands: 64974\nmeasurement: turns: one untimed pass over a block, then passes timed one by one; a turn is its fastest pass; published: the median turn over the interleaved rounds, criterion timing the same turns beside it\ninstruction counts:",
    );
    fs::write(dir.join("machine.txt"), text).unwrap();
    let (_, md) = rendered(&dir);
    // The workload table's row: `| rank | name | ...`.
    let line = |name: &str| {
        md.lines()
            .find(|l| {
                l.split('|').nth(2).is_some_and(|c| c.trim() == name)
                    && l.split('|')
                        .nth(1)
                        .is_some_and(|c| c.trim().parse::<u32>().is_ok())
            })
            .unwrap_or_else(|| panic!("no row for {name} in\n{md}"))
            .to_string()
    };
    let tuned = line("deadhorse/tuned");
    assert!(tuned.contains("| 3.60 |"), "the rounds' figure: {tuned}");
    assert!(tuned.ends_with("| ‡ criterion 3.00 |"), "{tuned}");
    let pokers = line("pokers");
    assert!(pokers.ends_with("|  |"), "within 10%, no mark: {pokers}");
    assert!(
        md.contains("differ by more than 10% on 1 of the 2 rows both timed (marked ‡"),
        "{md}"
    );
    fs::remove_dir_all(&dir).unwrap();
}
