//! The Hi-Lo games through the commands: `equity --game omaha8` splits and
//! quarters pots as a brute force does, `diff --game omaha8` checks the
//! low evaluators and fails a wrong one by name.

use std::process::Command;

fn xtask() -> Command {
    Command::new(env!("CARGO_BIN_EXE_xtask"))
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// Two ace-deuce hands tie many lows: quartered pots, held to the brute
/// force the command runs with the literal references, in each Hi-Lo game
/// (Omaha Hi-Lo, and Big O's five hole cards).
#[test]
fn hi_lo_equity_equals_the_brute_force_quartered_pots_included() {
    for (game, hands, title, boards) in [
        (
            "omaha8",
            ["Ah2hKsKd", "Ad2dQcQs"],
            "Omaha Hi-Lo, eight or better",
            820,
        ),
        (
            "bigo",
            ["Ah2hKsKdJc", "Ad2dQcQs7h"],
            "Big O: five-card Omaha Hi-Lo",
            741,
        ),
    ] {
        let out = xtask()
            .args(["equity", "--game", game])
            .args(hands)
            .args(["--board", "3c4c9h", "--brute-force"])
            .output()
            .unwrap();
        let said = text(&out.stdout);
        assert!(out.status.success(), "{said}{}", text(&out.stderr));
        assert!(said.contains(title), "{said}");
        assert!(said.contains(&format!(": {boards} boards,")), "{said}");
        assert!(
            said.contains("brute force (the literal references, fractions)"),
            "{said}"
        );
        assert!(said.contains(": equal"), "{said}");
        // Both hands quartered on the same boards, and on more than none.
        let quartered: Vec<u64> = said
            .lines()
            .filter(|l| l.starts_with("| A"))
            .map(|l| l.split('|').nth(4).unwrap().trim().parse().unwrap())
            .collect();
        assert_eq!(quartered.len(), 2, "{said}");
        assert!(quartered[0] > 0 && quartered[0] == quartered[1], "{said}");
    }
}

#[test]
fn hi_lo_equity_refuses_what_it_cannot_count() {
    for (args, says) in [
        (
            &["--game", "omaha8", "Ah2hKsKd", "Ad2dQcQs", "--monte-carlo"][..],
            "no --monte-carlo",
        ),
        (
            &["--game", "omaha8", "Ah2hKs", "Ad2dQcQs"][..],
            "holds 3 cards",
        ),
        (
            &["AhAs", "KdKc", "--brute-force"][..],
            "a Hi-Lo game's count",
        ),
        (
            &["--game", "omaha9", "AhAs", "KdKc"][..],
            "or a Hi-Lo game: omaha8",
        ),
    ] {
        let out = xtask().arg("equity").args(args).output().unwrap();
        assert!(!out.status.success(), "{args:?}");
        let err = text(&out.stderr);
        assert!(err.contains(says), "{args:?}: {err}");
    }
}

/// The command's report, on stud Hi-Lo: its 49,205 rank patterns take a
/// moment, where Omaha Hi-Lo's eleven million take seconds (the difftest
/// crate's tests check those, and CI runs `diff` on every Hi-Lo game).
#[test]
fn the_low_check_passes_and_names_what_it_checked() {
    let out = xtask()
        .args([
            "diff", "--game", "stud8", "--sample", "20000", "--budget", "0",
        ])
        .output()
        .unwrap();
    let err = text(&out.stderr);
    assert!(out.status.success(), "{err}");
    assert!(
        err.contains("49205 patterns standing for 133784560 hands"),
        "{err}"
    );
    assert!(
        err.contains("the definition's count 24530944: equal"),
        "{err}"
    );
    // With no time for every hand (--budget 0), each says so.
    assert!(err.contains("beyond --budget 0 min"), "{err}");
    for name in [
        "deadhorse/stud-low",
        "deadhorse/stud-low-simd",
        "aya_poker/low",
    ] {
        assert!(
            err.contains(&format!("ok   {name}: 0 of 133784560")),
            "{name}: {err}"
        );
        assert!(
            err.contains(&format!("ok   {name}: 0 of 20000")),
            "{name}: {err}"
        );
    }
    let out = xtask()
        .args(["diff", "--game", "stud8", "--csv"])
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert!(
        text(&out.stderr).contains("no --csv"),
        "{}",
        text(&out.stderr)
    );
}

/// `list --game` takes a Hi-Lo game as `eval` and `diff` do: its low
/// evaluators, each with the path it takes, the same names `list --hi-lo`
/// gives the game; its workload is its low, on which every one is timed,
/// and another game's workload is refused, saying why.
#[test]
fn list_takes_a_hi_lo_game_and_names_its_low_evaluators() {
    for game in ["omaha8", "bigo", "stud8"] {
        let out = xtask()
            .args(["list", "--game", game, "--format", "names"])
            .output()
            .unwrap();
        assert!(out.status.success(), "{game}: {}", text(&out.stderr));
        let names: Vec<String> = text(&out.stdout).lines().map(str::to_string).collect();
        assert!(names.len() >= 2, "{game}: {names:?}");
        let table = xtask().args(["list", "--hi-lo"]).output().unwrap();
        let table = text(&table.stdout);
        // The game's header line, a blank line, then its table's rows.
        let section: String = table
            .lines()
            .skip_while(|l| !l.starts_with(&format!("{game} (")))
            .skip(2)
            .take_while(|l| l.starts_with('|'))
            .collect();
        for name in &names {
            assert!(
                section.contains(&format!("`{name}`")),
                "{game}: {name} not in list --hi-lo"
            );
        }
        let csv = xtask()
            .args(["list", "--game", game, "--format", "csv"])
            .output()
            .unwrap();
        let csv = text(&csv.stdout);
        assert!(
            csv.starts_with("name,family,role,derived_from,best_of_fives,"),
            "{csv}"
        );
        assert_eq!(csv.lines().count(), names.len() + 1);
        // Its workload is its low: every low evaluator is timed on it.
        let timed = xtask()
            .args([
                "list",
                "--game",
                game,
                "--timed",
                "--workload",
                &format!("low/shuffled/{game}"),
                "--format",
                "names",
            ])
            .output()
            .unwrap();
        assert_eq!(text(&timed.stdout).lines().count(), names.len());
    }
    let out = xtask()
        .args([
            "list",
            "--game",
            "omaha8",
            "--workload",
            "low/shuffled/stud8",
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let said = text(&out.stderr);
    assert!(
        said.contains("is not a workload of --game omaha8"),
        "{said}"
    );
    assert!(!said.contains("panicked"), "{said}");
}
