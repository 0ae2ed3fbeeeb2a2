//! The tests of `xtask::compare`.

use xtask::compare::*;
use xtask::report::{self};
use xtask::workspace;

/// The two committed 1640240 runs: the same commit and machine, the
/// first limited by `--simd avx2 --filter ...`, the second not.
fn the_two_1640240_runs() -> String {
    let dir = |name: &str| workspace::root().join("results").join(name);
    let old = report::load(&dir("2026-11-22-1640240")).unwrap();
    let new = report::load(&dir("2026-11-22-1640240-2")).unwrap();
    markdown(&old, &new, "old", "new")
}

fn header_row<'a>(text: &'a str, what: &str) -> &'a str {
    text.lines()
        .find(|l| l.starts_with(&format!("| {what} |")))
        .unwrap_or_else(|| panic!("no {what} row in\n{text}"))
}

#[test]
fn the_header_tells_runs_made_by_different_commands_apart() {
    let text = the_two_1640240_runs();
    for what in ["command", "simd", "filter"] {
        assert!(
            header_row(&text, what).ends_with("| **differs** |"),
            "{what}"
        );
    }
    assert!(header_row(&text, "filter").contains("simd,pokers,null"));
    assert!(header_row(&text, "filter").contains("(everything)"));
    assert!(header_row(&text, "commit").ends_with("| same |"));
}

#[test]
fn rows_that_ran_other_code_paths_are_marked_so() {
    let text = the_two_1640240_runs();
    let simd_rows: Vec<&str> = text
        .lines()
        .filter(|l| l.starts_with("| deadhorse/simd |"))
        .collect();
    assert!(!simd_rows.is_empty());
    for row in simd_rows {
        assert!(
            row.contains("**other code path**: avx2 / avx512f,avx512bw,avx512vbmi,avx512bitalg"),
            "{row}"
        );
        assert!(!row.contains("CIs disjoint"), "{row}");
    }
    // A scalar row ran the same code in both.
    let pokers = text.lines().find(|l| l.starts_with("| pokers |")).unwrap();
    assert!(!pokers.contains("other code path"), "{pokers}");
}
