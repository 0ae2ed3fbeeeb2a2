//! The tests of `xtask::equity`.

use anyhow::Result;
use handeval_core::{Card, GameInfo, Hand7};
use handeval_equity::showdown::Showdown;
use std::time::Duration;
use xtask::equity::*;

fn args(hands: &[&str], board: &str, dead: &str) -> Args {
    Args {
        hands: hands.iter().map(ToString::to_string).collect(),
        board: board.into(),
        dead: dead.into(),
        game: xtask::diff::Checked::Game(GameInfo::of::<Hand7>()),
        brute_force: false,
        evaluator: None,
        every_board: false,
        threads: None,
        per_combo: false,
        breakdown: false,
        table: false,
        every_flop: None,
        monte_carlo: false,
        stderr: 1e-3,
        seconds: 60.0,
        seed: 1,
        versus: None,
        preflop_table: None,
        preflop_row: None,
    }
}

fn showdown(args: &Args) -> Result<Showdown> {
    Dealt::of(args)?.showdown()
}

fn error(hands: &[&str], board: &str, dead: &str) -> String {
    format!("{:#}", showdown(&args(hands, board, dead)).unwrap_err())
}

/// Issue 66, items 1, 10 and 13: each refused with a clear error, no
/// panic, no switch silently ignored, no number of 300 digits.
#[test]
fn monte_carlo_limits_and_ignored_switches_are_refused() {
    let mc = |stderr: f64, seconds: f64| {
        let mut a = args(&["AA", "KK"], "", "");
        a.monte_carlo = true;
        a.stderr = stderr;
        a.seconds = seconds;
        format!("{:#}", run(&a).unwrap_err())
    };
    for big in [1e20, 1e300, f64::INFINITY, f64::NAN, 0.0, -1.0] {
        let e = mc(1e-3, big);
        assert!(e.starts_with("--seconds ") && e.contains("a year"), "{e}");
    }
    let e = mc(1e-300, 1.0);
    assert_eq!(e, "--stderr 1e-300: a standard error from 1e-9 to 0.5");
    assert_eq!(short(1e-3), "0.001");
    assert_eq!(short(60.0), "60");
    let mut a = args(&["AhAs", "KdKc"], "", "");
    a.per_combo = true;
    assert!(format!("{:#}", run(&a).unwrap_err()).starts_with("--per-combo: "));
    let mut a = args(&["AA", "KK"], "", "");
    a.monte_carlo = true;
    a.per_combo = true;
    assert!(format!("{:#}", run(&a).unwrap_err()).contains("--per-combo and --versus"));
    let omaha = xtask::diff::parse_checked("omaha").unwrap();
    for (per_combo, versus) in [(true, None), (false, Some("c/ompeval".to_string()))] {
        let mut a = args(&["AhAsKhKs", "QdQcJdJc"], "", "");
        a.game = omaha;
        a.per_combo = per_combo;
        a.versus = versus;
        let e = format!("{:#}", run(&a).unwrap_err());
        assert!(
            e.contains("--per-combo and --versus are of Hold'em ranges"),
            "{e}"
        );
    }
    // Issue 66, item 9: the help named `c/pokerfast`; the engine is `c/ompeval`.
    let mut a = args(&["AhAs", "KdKc"], "", "");
    a.versus = Some("c/pokerfast".into());
    let e = format!("{:#}", run(&a).unwrap_err());
    assert!(e.contains("c/ompeval, c/ompeval-source"), "{e}");
}

/// Issue 66, items 14 and 15: an Omaha hand's error names its player;
/// six cards, one held and five shared, are no game with a board.
#[test]
fn other_games_name_the_player_and_refuse_six_cards() {
    let mut a = args(&["AA,KK", "QdQcJdJc"], "", "");
    a.game = xtask::diff::parse_checked("omaha").unwrap();
    let e = format!("{:#}", run(&a).unwrap_err());
    assert!(e.starts_with("player 1's hand `AA,KK`: "), "{e}");
    let mut a = args(&["AhAs", "KdKc"], "", "");
    a.game = xtask::diff::parse_checked("six").unwrap();
    let e = format!("{:#}", run(&a).unwrap_err());
    assert!(
        e.contains("no board") || e.contains("a board of five"),
        "{e}"
    );
}

#[test]
fn progress_is_shown_beyond_a_second_only() {
    assert!(!shown(Duration::from_millis(999)));
    assert!(shown(Duration::from_secs(1)));
    let bar = Delayed::new("{pos} of {len}");
    bar.advance(1, 48);
    assert_eq!(bar.bar.position(), 1);
    assert_eq!(bar.bar.length(), Some(48));
}

#[test]
fn bad_input_is_a_clear_error_naming_the_card() {
    assert_eq!(
        error(&["AhAs", "KdAh"], "", ""),
        "the card Ah is given twice"
    );
    assert_eq!(
        error(&["AhAs", "KdKc"], "2c7d9hAs", ""),
        "the card As is given twice"
    );
    assert_eq!(
        error(&["AhAs", "KdKc"], "", "Kc"),
        "the card Kc is given twice"
    );
    assert_eq!(
        error(&["AhA", "KdKc"], "", ""),
        "hand 1 `AhA`: missing suit at column 4 (expected one of c, d, h, s)"
    );
    assert_eq!(
        error(&["AhAs", "KdXc"], "", ""),
        "hand 2 `KdXc`: bad rank 'X' at column 3 (expected one of 2-9, T, J, Q, K, A or 10)"
    );
    assert_eq!(
        error(&["AhAs", "KdKc"], "2c|7d9h", ""),
        "the board `2c|7d9h`: bad rank '|' at column 3 (expected one of 2-9, T, J, Q, K, A or 10)"
    );
    assert_eq!(
        error(&["AhAsKs", "KdKc"], "", ""),
        "hand 1 `AhAsKs`: 3 cards, where a hand has two"
    );
    assert!(error(&["AhAs"], "", "").starts_with("1 player: a showdown takes 2 to 6"));
    let seven = ["2c2d", "3c3d", "4c4d", "5c5d", "6c6d", "7c7d", "8c8d"];
    assert!(error(&seven, "", "").starts_with("7 players"));
    assert!(error(&["AhAs", "KdKc"], "2c7d", "").starts_with("a board of 2 cards"));
    assert!(error(&["AhAs", "KdKc"], "2c", "").starts_with("a board of 1 card:"));
    // Every other card dead: the board cannot be dealt.
    let dead: String = Card::all()
        .map(|c| c.to_string())
        .filter(|c| !["Ah", "As", "Kd", "Kc", "2c"].contains(&c.as_str()))
        .collect();
    assert_eq!(
        error(&["AhAs", "KdKc"], "", &dead),
        "the board needs 5 more cards and only 1 is left in the deck"
    );
    // Spaces inside a hand are fine, and cards are read as `eval` reads
    // them: `10s` is the ten of spades, case does not matter (issue 49,
    // item 9: at 43f40fc `10sAs` was "two characters each").
    let spaced = showdown(&args(&["Ah As", "Kd Kc"], " 2c 7d 9h ", "")).unwrap();
    let ten = showdown(&args(&["10sAs", "kdkc"], "", "")).unwrap();
    let plain = showdown(&args(&["TsAs", "KdKc"], "", "")).unwrap();
    assert_eq!(ten, plain);
    assert_ne!(spaced, plain);
}
