//! `cargo xtask report DIR` re-renders a report from results.csv alone.

use std::fs;
use std::process::Command;

const CSV: &str = "evaluator,workload,kind,order,input,median_ns,ci_low_ns,ci_high_ns,mhands_per_s,instructions,instructions_minus_floor,ratio_to_fastest,ratio_to_pokers,table_bytes,note,summary
null,strength/shuffled/encoded,strength,shuffled,encoded,0.6,0.5,0.7,1666,17,0,0.3,0.3,0,,floor
pokers,strength/shuffled/encoded,strength,shuffled,encoded,2.0,1.9,2.1,500,26,9,1,1,221872,,perfect hash
deadhorse/tuned,strength/shuffled/encoded,strength,shuffled,encoded,3.5,3.4,3.6,285,58,41,1.75,1.75,0,,popcounts
pokers,strength/sequential/encoded,strength,sequential,encoded,0.7,0.6,0.8,1400,26,9,1,1,221872,,perfect hash
deadhorse/tuned,strength/sequential/encoded,strength,sequential,encoded,3.5,3.4,3.6,285,58,41,5,5,0,,popcounts
";

#[test]
fn report_rerenders_markdown_and_chart_from_the_csv() {
    let dir = std::env::temp_dir().join(format!("handeval-report-test-{}", std::process::id()));
    fs::create_dir_all(&dir).unwrap();
    fs::write(dir.join("results.csv"), CSV).unwrap();
    fs::write(
        dir.join("machine.txt"),
        "command: cargo xtask bench --quick\ncpu: Test CPU\nseed: 7\n",
    )
    .unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_xtask"))
        .arg("report")
        .arg(&dir)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let md = fs::read_to_string(dir.join("report.md")).unwrap();
    assert!(md.contains("cargo xtask bench --quick"), "{md}");
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
