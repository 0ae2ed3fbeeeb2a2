//! `cargo xtask diff` as a user runs it.

use std::process::Command;

fn diff(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_xtask"))
        .arg("diff")
        .args(args)
        .output()
        .expect("xtask runs")
}

#[test]
fn a_subset_passes_with_a_table_and_a_matrix() {
    let out = diff(&["--only", "subskybox/tuned,pokers"]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        stdout.contains("subskybox/tuned") && stdout.contains("pokers"),
        "{stdout}"
    );
    assert!(stdout.contains("2598960"), "{stdout}");
    assert!(
        stdout.contains("hands on which each pair checked over every hand disagrees"),
        "{stdout}"
    );
    assert!(!stdout.contains("FAIL"), "{stdout}");
}

#[test]
fn csv_mode_prints_a_header_and_no_rows_when_all_agree() {
    let out = diff(&["--only", "deadhorse/tuned", "--csv"]);
    assert!(out.status.success());
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(
        stdout.trim(),
        "evaluator,hand,class,category_of_class,reference_class,reference_category"
    );
    assert!(String::from_utf8_lossy(&out.stderr).contains("deadhorse/tuned"));
}

#[test]
fn an_unknown_evaluator_is_an_error_listing_the_registered_ones() {
    let out = diff(&["--only", "no/such"]);
    assert!(!out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("unknown five-card evaluator \"no/such\""),
        "{stderr}"
    );
    assert!(stderr.contains("pext/bmi2"), "{stderr}");
}

#[test]
fn a_published_listing_passes_with_exactly_its_known_errors() {
    let out = diff(&["--only", "deadhorse/listing"]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{stdout}");
    assert!(stdout.contains("ok, exactly its known errors"), "{stdout}");
    assert!(stdout.contains("published listings"), "{stdout}");
    assert!(
        stdout.contains("deadhorse/listing: 5406 distinct values"),
        "{stdout}"
    );
    assert!(stdout.contains("60020 hands misordered"), "{stdout}");
    assert!(stdout.contains("for example"), "{stdout}");
}
