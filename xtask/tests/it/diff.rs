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

/// `every hand took 1.62 s (foreseen: 1.60 s)` as the two figures.
fn took_and_foreseen(stdout: &str) -> (f64, f64) {
    let line = stdout
        .lines()
        .find(|l| l.contains("every hand took"))
        .unwrap_or_else(|| panic!("no pass over every hand: {stdout}"));
    let number = |after: &str| -> f64 {
        let rest = &line[line.find(after).unwrap() + after.len()..];
        rest.split(' ').next().unwrap().parse().unwrap()
    };
    (number("every hand took "), number("(foreseen: "))
}

/// Issue 49, item 2: at 43f40fc the foresight timed what an evaluator
/// builds on its first hands (a 2+2 table read or generated) and scaled it
/// with the parts, so a check of every seven-card hand that takes seconds
/// was foreseen at a minute or more and, with `--budget 1`, checked a
/// sample instead ("did not fit the budget"). Now it checks every hand,
/// and its forecast is of the order of what it took (the note of the issue
/// gives forecast against actual for every game; this bound only catches
/// forecasts off by an order of magnitude, as they were).
#[test]
fn a_check_that_fits_the_budget_checks_every_hand_and_foresees_its_time() {
    // Six cards' 20,358,520 hands: the budget's logic is the same for
    // every game, and seven cards' 133,784,560 cost the tests 6 s more.
    let game = "six";
    let only = format!("twoplustwo/{game}");
    let out = diff(&["--game", game, "--only", &only, "--budget", "1"]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{stdout}");
    assert!(!stdout.contains("sample"), "{stdout}");
    let (took, foreseen) = took_and_foreseen(&stdout);
    assert!(
        foreseen <= 5.0 * took + 1.0 && took <= 5.0 * foreseen + 1.0,
        "{game}: took {took} s, foreseen {foreseen} s\n{stdout}"
    );
}

/// Issue 49, item 3: at 43f40fc the summary of a five-card check that fell
/// back to the sample said "checked on 4194304 five-card hands ... the rest
/// over every hand" (the game has 2,598,960 hands, and nothing was checked
/// over every hand) and "foreseen: 0 min" did not fit.
#[test]
fn the_summary_says_what_was_checked_and_nothing_else() {
    let out = diff(&["--game", "five", "--only", "pext/simd", "--budget", "0"]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{stdout}");
    assert!(!stdout.contains("4194304"), "{stdout}");
    assert!(!stdout.contains("the rest over every hand"), "{stdout}");
    assert!(!stdout.contains("0 min"), "{stdout}");
    assert!(
        stdout.contains("1 evaluator checked on all 2598960 five-card hands, shuffled with seed"),
        "{stdout}"
    );
    assert!(
        stdout.contains("do not fit the budget of 0.0 s"),
        "{stdout}"
    );
    assert!(stdout.contains("ok, on every hand, shuffled"), "{stdout}");

    let out = diff(&[
        "--game",
        "seven",
        "--only",
        "pext/seven",
        "--budget",
        "0",
        "--sample",
        "100000",
    ]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{stdout}");
    assert!(!stdout.contains("the rest over every hand"), "{stdout}");
    assert!(
        stdout.contains("1 evaluator checked on 100000 seven-card hands dealt with seed"),
        "{stdout}"
    );
}

/// Every hand in slices (`--slice K/N`): each slice holds its own hands to
/// the reference and is saved; the run that saves the last gives the totals
/// over every hand, the same as one run of `--every`; a saved slice of
/// another check in the folder is an error, never merged.
#[test]
fn slices_add_up_to_every_hand() {
    let dir = std::env::temp_dir().join(format!("handeval-slices-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let dir_s = dir.to_str().unwrap();
    let slice = |k: &str| {
        diff(&[
            "--game",
            "five",
            "--only",
            "deadhorse/simd",
            "--slice",
            k,
            "--slices-in",
            dir_s,
        ])
    };
    let text = |out: &std::process::Output| {
        format!(
            "{}\n{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        )
    };
    // The category table, from its header to its total.
    let table = |s: &str| -> Vec<String> {
        s.lines()
            .skip_while(|l| !l.starts_with("category"))
            .take_while(|l| !l.starts_with("total"))
            .map(String::from)
            .collect()
    };
    let first = slice("1/2");
    let first_text = text(&first);
    assert!(first.status.success(), "{first_text}");
    assert!(first_text.contains("slice 1/2 saved in"), "{first_text}");
    assert!(first_text.contains("over slice 1/2"), "{first_text}");
    assert!(table(&first_text).is_empty(), "{first_text}");

    let last = slice("2/2");
    let last_text = text(&last);
    assert!(last.status.success(), "{last_text}");
    assert!(last_text.contains("every slice is in"), "{last_text}");
    assert!(last_text.contains("over its 2 slices"), "{last_text}");
    assert!(!last_text.contains("FAIL"), "{last_text}");

    let every = diff(&["--game", "five", "--only", "deadhorse/simd", "--every"]);
    let every_text = text(&every);
    assert!(every.status.success(), "{every_text}");
    assert!(table(&every_text).len() > 10, "{every_text}");
    assert_eq!(table(&last_text), table(&every_text));

    // Slice 1 replaced by a slice of another game's check.
    let folder = std::fs::read_dir(&dir)
        .unwrap()
        .next()
        .unwrap()
        .unwrap()
        .path();
    let saved = folder.join("slice-1-of-2.json");
    let json = std::fs::read_to_string(&saved).unwrap();
    std::fs::write(&saved, json.replacen("\"five\"", "\"seven\"", 1)).unwrap();
    let refused = slice("2/2");
    let refused_text = text(&refused);
    assert!(!refused.status.success(), "{refused_text}");
    assert!(
        refused_text.contains("is not slice 1/2 of this check"),
        "{refused_text}"
    );

    for bad in [
        vec!["--slice", "3/2"],
        vec!["--game", "omaha8", "--slice", "1/2"],
    ] {
        let out = diff(&bad);
        assert!(!out.status.success(), "{bad:?}: {}", text(&out));
        assert!(text(&out).contains("slice"), "{bad:?}: {}", text(&out));
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
