//! The command line's edges, as a user meets them: closed and full output
//! streams, pieces of `--only` lists, names of another hand size, bad seeds.

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};

fn xtask() -> Command {
    Command::new(env!("CARGO_BIN_EXE_xtask"))
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[test]
fn a_reader_that_stops_reading_ends_eval_quietly() {
    let mut child = xtask()
        .args(["eval", "--csv"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    // More output than a pipe holds, so that writing must fail once the
    // reader is gone.
    let feeder = std::thread::spawn(move || {
        for _ in 0..20_000 {
            if stdin.write_all(b"As Ks Qs Js Ts\n").is_err() {
                break;
            }
        }
    });
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    assert_eq!(first, "hand,evaluator,category,class\n");
    // The reader (`head -1`) goes away here.
    let out = child.wait_with_output().unwrap();
    feeder.join().unwrap();
    assert_eq!(text(&out.stderr), "", "nothing said about the closed pipe");
    assert!(out.status.success(), "{:?}", out.status);
}

#[test]
fn a_full_disk_names_the_stream_that_failed() {
    let Ok(full) = std::fs::OpenOptions::new().write(true).open("/dev/full") else {
        return;
    };
    for args in [
        &["list"][..],
        &["list", "--format", "csv"],
        &["list", "--format", "names"],
    ] {
        let out = xtask()
            .args(args)
            .stdout(full.try_clone().unwrap())
            .output()
            .unwrap();
        assert!(!out.status.success(), "{args:?}");
        let said = text(&out.stderr);
        assert!(
            said.contains("writing to standard output"),
            "{args:?}: {said}"
        );
        assert!(!said.contains("panicked"), "{args:?}: {said}");
    }
}

#[test]
fn only_lists_are_trimmed_and_empty_pieces_skipped() {
    for only in [
        "reference, pokers",
        "reference,pokers,",
        " reference , pokers ",
    ] {
        let out = xtask()
            .args(["eval", "--csv", "--only", only, "As Ks Qs Js Ts"])
            .output()
            .unwrap();
        assert!(out.status.success(), "{only:?}: {}", text(&out.stderr));
        let stdout = text(&out.stdout);
        assert_eq!(stdout.lines().count(), 3, "{only:?}: {stdout}");
        assert!(stdout.contains(",pokers,royal_flush,1"), "{stdout}");
    }
}

#[test]
fn a_seven_card_name_in_a_five_card_diff_points_at_its_game() {
    let out = xtask()
        .args(["diff", "--only", "deadhorse/seven"])
        .output()
        .unwrap();
    assert!(!out.status.success());
    let said = text(&out.stderr);
    assert!(
        said.contains("evaluators of `--game seven` (deadhorse/seven)"),
        "{said}"
    );
}

/// A run of `bench` ([`crate::bench_runs_one_at_a_time`]).
pub(crate) fn a_negative_seed_is_refused_as_a_seed() {
    let out = xtask().args(["bench", "--seed", "-1"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let said = text(&out.stderr);
    assert!(
        said.contains("a seed is a whole number from 0 to"),
        "{said}"
    );
    assert!(!said.contains("unexpected argument"), "{said}");
}

#[test]
fn huge_thread_counts_are_refused_with_the_limit() {
    // At 43f40fc these aborted: a stack guard page for each of 100,000
    // threads (exit 134), a capacity overflow for 2^64 - 1 (exit 101).
    for n in ["100000", "18446744073709551615"] {
        let out = xtask()
            .args(["equity", "AhAs", "KdKc", "--every-board", "--threads", n])
            .output()
            .unwrap();
        let said = text(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{n}: {said}");
        assert!(
            said.contains(&format!("--threads {n}: at most 1024")),
            "{said}"
        );
    }
    // Within the limit, more threads than first cards is no error.
    let out = xtask()
        .args([
            "equity",
            "AhAs",
            "KdKc",
            "--board",
            "2c7d9hTs",
            "--every-board",
            "--threads",
            "1000",
        ])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", text(&out.stderr));
}

#[test]
fn the_help_names_every_command() {
    // At 43f40fc the first line said `eval | diff | bench | report`.
    let out = xtask().arg("--help").output().unwrap();
    let help = text(&out.stdout);
    let about = help.lines().next().unwrap();
    let commands: Vec<&str> = help
        .split("Commands:")
        .nth(1)
        .unwrap()
        .lines()
        .filter_map(|l| l.split_whitespace().next())
        .take_while(|w| !w.ends_with(':'))
        .filter(|w| *w != "help")
        .collect();
    assert!(commands.len() >= 8, "{commands:?}");
    for c in commands {
        assert!(about.contains(c), "{c} missing from {about:?}");
    }
}

#[test]
fn list_selects_as_the_other_commands_do() {
    let out = xtask()
        .args(["list", "--format", "names", "--only", "pext, *simd"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", text(&out.stderr));
    let names = text(&out.stdout);
    assert!(
        names.contains("deadhorse/simd") && names.contains("pext/bmi2"),
        "{names}"
    );
    assert!(
        names
            .lines()
            .all(|n| n.starts_with("pext/") || n.ends_with("/simd")),
        "{names}"
    );
    let out = xtask()
        .args([
            "list",
            "--format",
            "names",
            "--game",
            "seven",
            "--only",
            "*seven-simd",
        ])
        .output()
        .unwrap();
    let names = text(&out.stdout);
    assert!(names.lines().count() >= 3, "{names}");
    assert!(names.lines().all(|n| n.ends_with("/seven-simd")), "{names}");
    let out = xtask()
        .args(["list", "--only", "deadhorse/seven"])
        .output()
        .unwrap();
    assert!(
        text(&out.stderr).contains("`--game seven` (deadhorse/seven)"),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn equity_reads_cards_as_eval_does_and_echoes_them_as_the_lab_writes_them() {
    // At 43f40fc `10sAs` was refused ("two characters each"), lower-case
    // hands were echoed lower-case, and one board was "1 boards".
    let out = xtask()
        .args(["equity", "10sas", "kd kc", "--board", "2c7d9h 10h4h"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", text(&out.stderr));
    let said = text(&out.stdout);
    assert!(
        said.starts_with("TsAs vs KdKc, board 2c7d9hTh4h: 1 board, counted by classes of boards, 2 hands valued by"),
        "{said}"
    );
    assert!(said.contains("| 1 | TsAs | 0 | 0 | 1 | 0.000% |"), "{said}");
    let out = xtask().args(["equity", "AhAs"]).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stderr).contains("1 player: a showdown takes 2 to 6"),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn equity_times_the_valuation_and_says_what_loading_the_tables_took() {
    // Issue 49, item 8: at 43f40fc the time of `twoplustwo/seven` held its
    // 130 MB table's loading (0.13 to 0.72 s for two hands), and nothing
    // said so.
    let out = xtask()
        .args([
            "equity",
            "AhAs",
            "KdKc",
            "--board",
            "2c7d9hTsKh",
            "--evaluator",
            "twoplustwo/seven",
        ])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", text(&out.stderr));
    let said = text(&out.stdout);
    let first = said.lines().next().unwrap();
    assert!(first.contains("(its twoplustwo tables, "), "{first}");
    let seconds: f64 = first
        .split(" in ")
        .nth(1)
        .and_then(|t| t.split(' ').next())
        .unwrap()
        .parse()
        .unwrap();
    let loading: f64 = first
        .rsplit(" in ")
        .next()
        .and_then(|t| t.strip_suffix(" s)"))
        .unwrap()
        .parse()
        .unwrap();
    // Two hands valued, timed apart from reading 130 MB.
    assert!(seconds < loading, "{first}");
    // An evaluator without generated tables says nothing of them.
    let out = xtask()
        .args([
            "equity",
            "AhAs",
            "KdKc",
            "--board",
            "2c7d9hTsKh",
            "--evaluator",
            "perfhash/seven",
        ])
        .output()
        .unwrap();
    assert!(
        !text(&out.stdout).contains("tables"),
        "{}",
        text(&out.stdout)
    );
}

#[test]
fn equity_takes_ranges_and_counts_them_exactly() {
    // OMPEval's counts of games for the cases: 6,674,560,992 for
    // the heads-up ranges, 11,382,741,216 for the three-way one.
    let out = xtask()
        .args(["equity", "QQ+,AKs", "22+,A2s+,KTs+,QJs,ATo+,KJo+"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", text(&out.stderr));
    let said = text(&out.stdout);
    assert!(
        said.contains("3,898 deals") && said.contains("6,674,560,992 games"),
        "{said}"
    );
    let out = xtask()
        .args(["equity", "TT+,AQs+,AQo+", "QQ+,AKs,AKo", "TT"])
        .output()
        .unwrap();
    let said = text(&out.stdout);
    assert!(said.contains("11,382,741,216 games"), "{said}");
    // Counts, not only shares: each player's games won, tied and lost,
    // the published figures of aces against kings over its 36 deals.
    let out = xtask().args(["equity", "AA", "KK"]).output().unwrap();
    let said = text(&out.stdout);
    assert!(out.status.success(), "{said}{}", text(&out.stderr));
    assert!(said.contains("61,642,944 games"), "{said}");
    assert!(
        said.contains(
            "| 1 | AA | 6 | 50,371,344 | 285,228 | 10,986,372 | 81.715% | 0.463% | 81.946% |"
        ),
        "{said}"
    );
    // A bad range says where and why; ranges are not dealt board by board.
    let out = xtask().args(["equity", "QQ+", "AKx"]).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stderr).contains("player 2's range: column 3: `x` after AK"),
        "{}",
        text(&out.stderr)
    );
    let out = xtask()
        .args(["equity", "QQ+", "AK", "--every-board"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    // An outside calculator that is not an engine, or weights it cannot take.
    for (args, said) in [
        (
            &["QQ+", "AKs", "--versus", "no/such"][..],
            "--versus no/such: no engine of that name has an equity calculator",
        ),
        (
            &["QQ@50", "AKs", "--versus", "c/ompeval"][..],
            "player 1's range `QQ@50` is weighted",
        ),
    ] {
        let out = xtask().arg("equity").args(args).output().unwrap();
        assert_eq!(out.status.code(), Some(1), "{args:?}");
        assert!(text(&out.stderr).contains(said), "{}", text(&out.stderr));
    }
}

#[test]
fn monte_carlo_states_its_seed_games_and_standard_error() {
    let out = xtask()
        .args([
            "equity",
            "QQ+",
            "AKs",
            "--monte-carlo",
            "--stderr",
            "0.005",
            "--seed",
            "3",
        ])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", text(&out.stderr));
    let said = text(&out.stdout);
    assert!(
        said.contains("with seed 3") && said.contains("every standard error at most 0.005"),
        "{said}"
    );
    // The same seed, the same figures.
    let again = xtask()
        .args([
            "equity",
            "QQ+",
            "AKs",
            "--monte-carlo",
            "--stderr",
            "0.005",
            "--seed",
            "3",
        ])
        .output()
        .unwrap();
    let strip = |s: &str| s.lines().skip(1).collect::<Vec<_>>().join("\n");
    assert_eq!(strip(&said), strip(&text(&again.stdout)));
    for bad in ["--stderr=0", "--seconds=-1", "--stderr=NaN"] {
        let out = xtask()
            .args(["equity", "QQ+", "AKs", "--monte-carlo", bad])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(1), "{bad}: {}", text(&out.stderr));
    }
}

#[test]
fn omaha_equity_counts_every_board_of_fixed_hands() {
    let out = xtask()
        .args([
            "equity", "--game", "omaha", "AhAsKhKs", "QdQcJdJc", "9s8s7d6d", "--board", "2h7h9c",
            "--dead", "3c",
        ])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", text(&out.stderr));
    let said = text(&out.stdout);
    // 52 - 12 - 3 - 1 = 36 cards left, C(36, 2) boards; the equities the
    // brute force of handeval-equity's tests gives this matchup.
    assert!(said.contains("630 boards"), "{said}");
    assert!(
        said.contains("| 1 | AhAsKhKs | 310 | 0 | 320 | 49.206% |"),
        "{said}"
    );
    let out = xtask()
        .args(["equity", "--game", "omaha", "AhAsKh", "QdQcJdJc"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("holds 3 cards, where a hand of Omaha has 4"));
}

#[test]
fn short_deck_equity_deals_from_its_own_thirty_six_cards() {
    let out = xtask()
        .args([
            "equity", "--game", "short7", "AhKh", "9s9d", "--board", "6c7dTs",
        ])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", text(&out.stderr));
    let said = text(&out.stdout);
    // 36 - 7 = 29 cards left, C(29, 2) boards: the 52-card deck would
    // leave 45 and give 990.
    assert!(said.contains("406 boards"), "{said}");
    for (args, error) in [
        (
            &["--game", "short7", "AhKh", "5s9d"][..],
            "the card 5s is not in the deck of short-deck seven-card hands",
        ),
        (
            &["--game", "short5", "AhKh", "9s9d"][..],
            "--game short5: 5 cards dealt to each player as one hand, no board",
        ),
        // Stud's seven are each player's own: its definition has no board.
        (
            &["--game", "stud8", "AhAd", "KsKd"][..],
            "--game stud8: 7 cards dealt to each player as one hand, no board",
        ),
    ] {
        let out = xtask().arg("equity").args(args).output().unwrap();
        assert_eq!(out.status.code(), Some(1), "{args:?}");
        assert!(text(&out.stderr).contains(error), "{}", text(&out.stderr));
    }
}

#[test]
fn the_preflop_table_is_refused_before_it_is_counted() {
    // A folder that is not there, another game, or hands beside it: each
    // a clear error at once (the count itself is held to its committed
    // table by handeval-equity's tests/it/preflop.rs).
    for (args, error) in [
        (
            &["--preflop-table", "/nonexistent-handeval/table.csv"][..],
            "no folder /nonexistent-handeval",
        ),
        (
            &["--preflop-table", "t.csv", "--game", "omaha"][..],
            "Hold'em's 169 starting hands",
        ),
        (
            &["--preflop-table", "t.csv", "AA"][..],
            "cannot be used with",
        ),
        (
            &["--preflop-row", "AA", "KX"][..],
            "`KX` is not a starting hand",
        ),
        (&["--preflop-row", "AA"][..], "2 values required"),
        (
            &["--preflop-row", "AA", "KK", "--evaluator", "nobody"][..],
            "no evaluator of seven-card hands is named `nobody`",
        ),
    ] {
        let out = xtask().arg("equity").args(args).output().unwrap();
        assert!(!out.status.success(), "{args:?}");
        assert!(text(&out.stderr).contains(error), "{}", text(&out.stderr));
    }
}

#[test]
fn a_three_way_preflop_row_is_every_third_hand_counted() {
    // AA and KK against each of the 169: a line each, the header first;
    // a third KK leaves the kings two of their four (6 x 1 x 6 deals over
    // the 46 cards' 1,370,754 boards). The counts themselves are held to a
    // brute force by handeval-equity's tests/it/preflop.rs.
    let out = xtask()
        .args(["equity", "--preflop-row", "AA", "KK"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", text(&out.stderr));
    let said = text(&out.stdout);
    assert_eq!(said.lines().count(), 170, "{said}");
    assert!(
        said.starts_with("hand,versus,third,deals,games,wins1,"),
        "{said}"
    );
    assert!(said.contains("\nAA,KK,KK,36,49347144,"), "{said}");
    assert!(
        text(&out.stderr).contains("AA KK: 169 thirds"),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn a_breakdown_and_a_table_are_printed() {
    // The classes' counts and the rows' equities are held to a literal
    // classifier and a brute force by handeval-equity's tests; here, what
    // the commands print.
    let run = |args: &[&str]| xtask().arg("equity").args(args).output().unwrap();
    let out = run(&["random", "--breakdown", "--board", "2c7d9h"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let said = text(&out.stdout);
    assert!(
        said.contains("1,176 combos of `random` broken down"),
        "{said}"
    );
    assert!(said.contains("| set | 9 | 9 | 0.77% |"), "{said}");
    assert!(said.contains("| overpair | 30 | 30 | 2.55% |"), "{said}");
    assert!(said.contains("| open-ended | 32 | 32 | 2.72% |"), "{said}");
    let out = run(&["QQ+,AKs", "JJ", "--breakdown", "--board", "2c7d9h"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let said = text(&out.stdout);
    assert!(said.contains("| overpair | 18 | 18 | 81.82% |"), "{said}");
    assert!(
        said.contains("| made hand | combos | weight | share | equity |"),
        "{said}"
    );
    // Short deck by its own deck and ranking: A-6 is a straight on
    // 9-8-7, `random` its 36 cards' combos.
    let out = run(&[
        "random",
        "--breakdown",
        "--board",
        "9h8d7c",
        "--game",
        "short7",
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let said = text(&out.stdout);
    assert!(
        said.contains("(Short deck, seven cards): 528 combos of `random` broken down"),
        "{said}"
    );
    assert!(said.contains("| straight | 48 | 48 | 9.09% |"), "{said}");
    let out = run(&[
        "66+,AK",
        "TT+",
        "--breakdown",
        "--board",
        "9h8d7c",
        "--game",
        "short7t",
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let said = text(&out.stdout);
    assert!(said.contains("each class's equity against `TT+`"), "{said}");
    assert!(said.contains("| set | 9 | 9 |"), "{said}");
    // Aces against jacks on a turn: the jacks' six outs of 44 (two jacks,
    // four eights).
    let out = run(&["AhAs", "JJ", "--table", "--board", "2c7d9hTs"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let said = text(&out.stdout);
    assert!(said.contains("| AsAh | 1 | 6 | 86.3636% |"), "{said}");
    let dir = tempfile::tempdir().unwrap();
    let csv = dir.path().join("flops.csv");
    let out = run(&["AA", "KK", "--table", "--every-flop", csv.to_str().unwrap()]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(
        text(&out.stdout).contains("every flop, 1,755 classes"),
        "{}",
        text(&out.stdout)
    );
    let written = std::fs::read_to_string(&csv).unwrap();
    assert!(written.starts_with("flop,flops,combo,weight,against,equity\n"));
    let mut classes = std::collections::BTreeMap::new();
    for line in written.lines().skip(1) {
        let f: Vec<&str> = line.split(',').collect();
        classes.insert(f[0].to_string(), f[1].parse::<u64>().unwrap());
    }
    // Each class of flops once, with its flops: every flop in all but
    // those holding three kings or three aces (4 each), which leave one
    // range nothing.
    assert!(
        text(&out.stdout).contains("(8 flops leave no deal"),
        "{}",
        text(&out.stdout)
    );
    assert_eq!(classes.len(), 1_755 - 2);
    assert_eq!(classes.values().sum::<u64>(), 22_100 - 8);
}

#[test]
fn a_study_s_bad_input_is_refused() {
    let run = |args: &[&str]| xtask().arg("equity").args(args).output().unwrap();
    for (args, error) in [
        (
            &["random", "--breakdown"][..],
            "--breakdown: a board of a flop",
        ),
        (
            &["random", "JJ", "QQ", "--breakdown", "--board", "2c7d9h"][..],
            "one range, or a range and the opposing range",
        ),
        (
            &["AKx", "--breakdown", "--board", "2c7d9h"][..],
            "range 1 `AKx`",
        ),
        (
            &["random", "--breakdown", "--board", "2c7d9h", "--dead", "2c"][..],
            "the card 2c is given twice",
        ),
        (
            &["random", "--table", "--board", "2c7d9h"][..],
            "--table: two ranges",
        ),
        (
            &[
                "AA",
                "KK",
                "--table",
                "--board",
                "2c7d9h",
                "--every-flop",
                "x.csv",
            ][..],
            "no --board",
        ),
        (
            &[
                "AA",
                "KK",
                "--table",
                "--every-flop",
                "/no/such/folder/x.csv",
            ][..],
            "no folder",
        ),
        (
            &[
                "AhKh",
                "QQ",
                "--breakdown",
                "--board",
                "2c7d9h",
                "--game",
                "omaha",
            ][..],
            "Hold'em's and short deck's ranges",
        ),
        (
            &[
                "random",
                "--breakdown",
                "--board",
                "2c7d9h",
                "--game",
                "short7",
            ][..],
            "the card 2c is not in the deck of short-deck seven-card hands",
        ),
        (
            &["AA", "KK", "--breakdown", "--table", "--board", "2c7d9h"][..],
            "cannot be used with",
        ),
    ] {
        let out = run(args);
        assert!(!out.status.success(), "{args:?}");
        assert!(
            text(&out.stderr).contains(error),
            "{args:?}: {}",
            text(&out.stderr)
        );
    }
}

#[test]
fn per_combo_shares_add_up_to_every_deal() {
    let out = xtask()
        .args([
            "equity",
            "AKs,QQ@50",
            "JJ",
            "--board",
            "2c7d9h",
            "--per-combo",
        ])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", text(&out.stderr));
    let said = text(&out.stdout);
    for player in said.split("combo by combo:").skip(1) {
        let share: f64 = player
            .lines()
            .filter(|l| {
                l.starts_with("| ") && !l.starts_with("| combo") && !l.starts_with("| player")
            })
            .take_while(|l| !l.is_empty())
            .map(|l| {
                l.split('|')
                    .nth(3)
                    .unwrap()
                    .trim()
                    .trim_end_matches('%')
                    .parse::<f64>()
                    .unwrap()
            })
            .sum();
        assert!((share - 100.0).abs() < 0.01, "{share}\n{said}");
    }
    assert_eq!(said.matches("combo by combo:").count(), 2, "{said}");
}

/// The CSV list says which evaluators are the best of the hand's fives by
/// the variant they derive from (CI's every-hand step reads it): declared
/// by the type, whatever the name.
#[test]
fn the_csv_list_marks_the_best_of_the_fives() {
    let out = xtask()
        .args(["list", "--game", "seven", "--format", "csv"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", text(&out.stderr));
    let csv = text(&out.stdout);
    let mut rows = csv.lines();
    let header: Vec<&str> = rows.next().unwrap().split(',').collect();
    let col = |name: &str| header.iter().position(|h| *h == name).unwrap();
    let (name, derived, best_of) = (col("name"), col("derived_from"), col("best_of_fives"));
    let marks: Vec<(String, String, String)> = rows
        .map(|r| {
            let f: Vec<&str> = r.split(',').collect();
            (f[name].into(), f[derived].into(), f[best_of].into())
        })
        .collect();
    let mark = |e: &str| marks.iter().find(|m| m.0 == e).unwrap().clone();
    assert_eq!(
        mark("deadhorse/best-of-21"),
        (
            "deadhorse/best-of-21".into(),
            "deadhorse/tuned".into(),
            "true".into()
        )
    );
    // Derived from the same five-card variant, but a kernel of its own.
    assert_eq!(
        mark("deadhorse/seven"),
        (
            "deadhorse/seven".into(),
            "deadhorse/tuned".into(),
            "false".into()
        )
    );
    assert_eq!(mark("pokers").2, "false");
    // Which best of the fives stand on their parts: not the last of a
    // role, which runs the code over every hand; every earlier one of it.
    let by_parts = col("by_parts");
    let parts: Vec<&str> = csv
        .lines()
        .skip(1)
        .map(|r| r.split(',').collect::<Vec<_>>())
        .filter(|f| f[by_parts] == "true")
        .map(|f| f[name])
        .collect();
    assert_eq!(
        parts,
        [
            "subskybox/best-of-21",
            "deadhorse/best-of-21",
            "pext/best-of-21"
        ]
    );
}
