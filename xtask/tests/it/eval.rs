//! `cargo xtask eval` as a user runs it: the real binary, real standard input.

use std::io::Write;
use std::process::{Command, Output, Stdio};

fn eval(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_xtask"))
        .arg("eval")
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("xtask runs");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(stdin.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).unwrap()
}

#[test]
fn royal_flush_csv_row() {
    let out = eval(&["--csv"], "As Ks Qs Js Ts\n");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    let mut lines = stdout.lines();
    assert_eq!(lines.next(), Some("hand,evaluator,category,class"));
    assert!(
        stdout
            .lines()
            .any(|l| l == "As Ks Qs Js Ts,reference,royal_flush,1"),
        "{stdout}"
    );
    // One row per registered evaluator, all agreeing on this hand.
    let rows: Vec<&str> = stdout.lines().skip(1).collect();
    assert_eq!(rows.len(), handeval_registry::names().len());
    assert!(
        rows.iter().all(|r| r.ends_with(",royal_flush,1")),
        "{stdout}"
    );
}

/// Every game's royal flush, as `list --games` writes it, mixed on one
/// input: each line gets a row from every evaluator of its game, and every
/// row says royal flush, class 1 (in a lowball game, what its reference
/// says: deuce-to-seven's worst hand, ace-to-five's king-high).
#[test]
fn every_games_royal_flush_gets_a_row_from_every_evaluator_of_its_game() {
    let games = Command::new(env!("CARGO_BIN_EXE_xtask"))
        .args(["list", "--games", "--format", "csv"])
        .output()
        .unwrap();
    assert!(games.status.success(), "{}", text(&games.stderr));
    let mut lines = Vec::new();
    let mut hi_lo = Vec::new();
    let mut badugi = Vec::new();
    for record in csv::Reader::from_reader(games.stdout.as_slice()).records() {
        let record = record.unwrap();
        // A badugi game's evaluators are its own; the hand at a royal
        // flush's place is its best, A-2-3-4 of four suits.
        if &record[12] == "badugi" {
            badugi.push((record[0].to_string(), record[11].to_string()));
            continue;
        }
        // A Hi-Lo game's high half is its high game's (column `high`).
        let game = handeval_registry::game(&record[13]).expect("a registered game");
        if &record[12] == "hi-lo" {
            hi_lo.push((record[0].to_string(), game, record[11].to_string()));
        } else {
            assert_eq!(game.id, &record[0]);
            lines.push((game, record[11].to_string()));
        }
    }
    assert_eq!(lines.len(), handeval_registry::games().len());
    assert!(hi_lo.iter().any(|(id, _, _)| id == "omaha8"));
    assert_eq!(badugi.len(), 1);
    for (id, hand) in &badugi {
        let out = eval(&["--csv", "--game", id], &format!("{hand}\n"));
        assert!(out.status.success(), "{}", text(&out.stderr));
        let stdout = text(&out.stdout);
        let rows: Vec<&str> = stdout.lines().skip(1).collect();
        assert_eq!(rows.len(), 4, "{stdout}");
        assert!(rows.iter().all(|r| r.ends_with(",4-card,1")), "{stdout}");
    }
    // A Hi-Lo game's royal flush: every high evaluator of its high game
    // says so, and every low evaluator says it holds no low.
    for (id, high, hand) in &hi_lo {
        let out = eval(&["--csv", "--game", id], &format!("{hand}\n"));
        assert!(out.status.success(), "{}", text(&out.stderr));
        let stdout = text(&out.stdout);
        for a in handeval_registry::abouts_in(*high, false) {
            let row = format!("{hand},{},royal_flush,1", a.meta.name);
            assert!(stdout.lines().any(|l| l == row), "no {row:?} in\n{stdout}");
        }
        let lows: Vec<&str> = stdout
            .lines()
            .filter(|l| l.contains(",no_low,") || l.contains(",low,"))
            .collect();
        assert!(
            !lows.is_empty() && lows.iter().all(|l| l.ends_with(",no_low,none")),
            "{stdout}"
        );
    }
    // The games told by their number of cards on one input; the others
    // (short deck's, written as Hold'em's) each asked for by `--game`.
    let input: String = lines
        .iter()
        .filter(|(g, _)| g.told_by_count)
        .flat_map(|(_, l)| [l.as_str(), "\n"])
        .collect();
    let out = eval(&["--csv"], &input);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let mixed = text(&out.stdout);
    assert!(lines.iter().any(|(g, _)| !g.told_by_count));
    for (game, hand) in &lines {
        let stdout = if game.told_by_count {
            mixed.clone()
        } else {
            let out = eval(&["--csv", "--game", game.id], &format!("{hand}\n"));
            assert!(out.status.success(), "{}", text(&out.stderr));
            text(&out.stdout)
        };
        let rows: Vec<&str> = stdout
            .lines()
            .filter(|l| l.starts_with(&format!("{hand},")))
            .collect();
        let names = handeval_registry::abouts_in(*game, false);
        assert_eq!(rows.len(), names.len(), "{}: {stdout}", game.id);
        let value = match game.value {
            handeval_core::Value::Lowball(handeval_core::rules::Lowball::AceToFive) => {
                if game.count == 5 {
                    // King-high with an ace: the 1,279th of the 1,287 no-pair lows.
                    "high_card,1279"
                } else {
                    // Razz's seven: the royal's A-J-T beside 2-3, J-T-3-2-A,
                    // the no-pair lows' colex index C(9, 4) + C(10, 5) = 378.
                    "high_card,379"
                }
            }
            handeval_core::Value::Lowball(_) => "royal_flush,7462",
            _ => "royal_flush,1",
        };
        for a in &names {
            let row = format!("{hand},{},{value}", a.meta.name);
            assert!(rows.contains(&row.as_str()), "no {row:?} in\n{stdout}");
        }
    }
}

#[test]
fn bad_lines_are_reported_by_number_and_good_lines_still_evaluated() {
    let input = "As Ks Qs Js Ts\n\n# a comment\nAs Ks\nAs As Qs Js Ts\nXs Ks Qs Js Ts\nAs Ks Qs Js Ts 9s 8s 7s\n7c 5d 4h 3s 2c\n   \n";
    // One evaluator: lines are read and refused the same way for any (and
    // each evaluator's first answer ranks every five-card hand, a second).
    let out = eval(&["--csv", "--only", "reference"], input);
    assert_eq!(out.status.code(), Some(1));
    let stderr = text(&out.stderr);
    for expected in [
        "line 4: 2 cards",
        "line 5: duplicate card As",
        "line 6: bad rank 'X' at column 1",
        "line 7: 8 cards: a hand of a game here has 4, 5, 6, 7, 4 | 5, 5 | 5, 6 | 5 cards (hole | board)",
    ] {
        assert!(
            stderr.contains(expected),
            "missing {expected:?} in\n{stderr}"
        );
    }
    assert!(!stderr.contains("line 2") && !stderr.contains("line 3") && !stderr.contains("line 9"));
    let stdout = text(&out.stdout);
    assert!(
        stdout.contains("As Ks Qs Js Ts,reference,royal_flush,1"),
        "{stdout}"
    );
    let worst = handeval_core::rules::STANDARD.classes();
    assert!(
        stdout.contains(&format!("7c 5d 4h 3s 2c,reference,high_card,{worst}")),
        "{stdout}"
    );
}

#[test]
fn a_game_asked_for_reads_every_line_and_names_a_card_outside_its_deck() {
    let out = eval(
        &["--csv", "--game", "short7", "--only", "reference"],
        "Kh Kd Ks Th 7h 8h 6h\nAs Ks 9h 8d 7c 5s Td\n",
    );
    assert_eq!(out.status.code(), Some(1));
    let stdout = text(&out.stdout);
    // Short deck: a flush above the full house these cards could make.
    assert!(
        stdout.contains("Kh Kd Ks Th 7h 8h 6h,reference,flush,"),
        "{stdout}"
    );
    let stderr = text(&out.stderr);
    assert!(
        stderr.contains("line 2: 5s is not in this game's deck, which runs from 6 to ace"),
        "{stderr}"
    );
    let out = eval(&["--game", "shortdeck"], "");
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("no game \"shortdeck\": the games are five,"));
    // A Hi-Lo game is a game of the list: its hand is valued both ways,
    // the high by its high game's evaluators, the low by its own.
    let out = eval(
        &[
            "--game",
            "omaha8",
            "--csv",
            "--only",
            "reference,reference/low,deadhorse/omaha-low-simd",
        ],
        "Ah 2d Kc Ks | 3c 4h 8s 9d 9h\nAs Ad Ks Kd | Qs Js Ts 2c 3h\nAs Ad Ks | Qs Js Ts 2c 3h 4d\n",
    );
    let stdout = text(&out.stdout);
    for row in [
        "Ah 2d Kc Ks | 3c 4h 8s 9d 9h,reference,two_pair,2637",
        "Ah 2d Kc Ks | 3c 4h 8s 9d 9h,reference/low,low,22",
        "Ah 2d Kc Ks | 3c 4h 8s 9d 9h,deadhorse/omaha-low-simd,low,22",
        "As Ad Ks Kd | Qs Js Ts 2c 3h,reference,royal_flush,1",
        "As Ad Ks Kd | Qs Js Ts 2c 3h,reference/low,no_low,none",
    ] {
        assert!(stdout.lines().any(|l| l == row), "{row}: {stdout}");
    }
    assert_eq!(out.status.code(), Some(1));
    let stderr = text(&out.stderr);
    assert!(stderr.contains("line 3: hole: 3 cards"), "{stderr}");
}

#[test]
fn hands_on_the_command_line_print_a_table() {
    let out = eval(&["--only", "reference", "As Ks Qs Js Ts", "5h4d3c2sAs"], "");
    assert!(out.status.success());
    let stdout = text(&out.stdout);
    assert!(stdout.contains("Royal Flush"), "{stdout}");
    assert!(
        stdout.contains("Straight") && stdout.contains("1609"),
        "{stdout}"
    );
    // Hands are shown in the order given, normalised to spaced notation.
    assert!(stdout.contains("5h 4d 3c 2s As"), "{stdout}");
}

#[test]
fn a_bad_argument_is_reported_by_position() {
    let out = eval(&["--only", "reference", "As Ks Qs", "As Ks Qs Js Ts"], "");
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("argument 1: 3 cards"));
    assert!(text(&out.stdout).contains("Royal Flush"));
}

#[test]
fn invalid_utf8_is_a_bad_line_not_a_crash() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_xtask"))
        .args(["eval", "--csv", "--only", "reference"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(b"As Ks Qs Js \xff\xfe\n2c 3c 4c 5c 7d\n")
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("line 1:"));
    assert!(text(&out.stdout).contains("2c 3c 4c 5c 7d,reference,high_card"));
}

#[test]
fn native_values_let_a_port_be_compared_with_its_original() {
    let out = eval(
        &[
            "--csv",
            "--native",
            "--only",
            "deadhorse/upstream,deadhorse/readme",
        ],
        "As Ks Qs Js Ts\n",
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert_eq!(
        stdout.lines().next(),
        Some("hand,evaluator,category,class,native")
    );
    // DeadHorseEval's shipped eval5 gives the royal flush 0x20001F00.
    assert!(
        stdout
            .lines()
            .any(|l| l == "As Ks Qs Js Ts,deadhorse/upstream,royal_flush,1,536878848"),
        "{stdout}"
    );
    assert!(
        stdout
            .lines()
            .any(|l| l == "As Ks Qs Js Ts,deadhorse/readme,royal_flush,1,536878848"),
        "{stdout}"
    );
}

#[test]
fn only_picks_evaluators_and_marks_a_wrong_class() {
    let out = eval(
        &["--only", "reference,deadhorse/listing", "9s 9h 9d Ah Kc"],
        "",
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert_eq!(stdout.lines().count(), 3, "{stdout}");
    let listing = stdout
        .lines()
        .find(|l| l.contains("deadhorse/listing"))
        .unwrap();
    assert!(
        listing.contains("<- the reference says class 1940"),
        "{stdout}"
    );
    let bad = eval(&["--only", "nosuch/evaluator", "9s 9h 9d Ah Kc"], "");
    assert!(!bad.status.success());
    assert!(text(&bad.stderr).contains("unknown evaluator"));
}

#[test]
fn a_byte_order_mark_opens_the_first_line_harmlessly() {
    let out = eval(
        &["--csv", "--only", "reference"],
        "\u{feff}As Ks Qs Js Ts\n",
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(
        text(&out.stdout).contains("As Ks Qs Js Ts,reference,royal_flush,1"),
        "{}",
        text(&out.stdout)
    );
}

#[test]
fn columns_count_from_the_start_of_the_line_and_long_lines_are_cut() {
    let out = eval(&["--only", "reference"], "   Xs Ks Qs Js Ts\n");
    let stderr = text(&out.stderr);
    assert!(stderr.contains("bad rank 'X' at column 4"), "{stderr}");
    let long = format!("Xs {}\n", "Ks ".repeat(100_000));
    let out = eval(&["--only", "reference"], &long);
    let stderr = text(&out.stderr);
    assert!(!out.status.success());
    assert!(stderr.len() < 1_000, "echoed {} bytes", stderr.len());
    assert!(stderr.contains("bytes in all"), "{stderr}");
}

#[test]
fn a_full_or_closed_output_is_a_clean_error() {
    let full = std::fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_xtask"))
        .args(["eval", "--only", "reference", "As Ks Qs Js Ts"])
        .stdout(full)
        .output()
        .unwrap();
    let stderr = text(&out.stderr);
    assert!(!out.status.success());
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert!(stderr.contains("writing to standard output"), "{stderr}");
}

/// A program that writes a hand and waits for its answer gets it before it
/// writes the next (issue 34, item 3: at 86e8599 the answers came only at
/// the end of input, so this conversation waited forever). The answer is
/// awaited for 20 seconds at most, so that a regression fails, not hangs.
#[test]
fn each_line_of_standard_input_is_answered_before_the_next_is_read() {
    use std::io::{BufRead, BufReader};
    use std::sync::mpsc;
    use std::time::Duration;

    let mut child = Command::new(env!("CARGO_BIN_EXE_xtask"))
        .args(["eval", "--only", "reference"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("xtask runs");
    let mut stdin = child.stdin.take().unwrap();
    let stdout = child.stdout.take().unwrap();
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines() {
            if tx.send(line.unwrap()).is_err() {
                break;
            }
        }
    });
    let answer = |rx: &mpsc::Receiver<String>| -> Vec<String> {
        // A hand's echo, then one line per evaluator (here one).
        (0..2)
            .map(|_| {
                rx.recv_timeout(Duration::from_secs(20))
                    .unwrap_or_else(|_| {
                        panic!("no answer within 20 s while standard input stays open")
                    })
            })
            .collect()
    };
    stdin.write_all(b"As Ks Qs Js Ts\n").unwrap();
    stdin.flush().unwrap();
    let first = answer(&rx);
    assert!(first[1].contains("Royal Flush"), "{first:?}");
    // A comment and a blank line answer nothing, and must not hold the
    // next answer back.
    stdin.write_all(b"# next\n\n2c 3d 4h 5s 7c\n").unwrap();
    stdin.flush().unwrap();
    let second = answer(&rx);
    assert!(second[1].contains("High Card"), "{second:?}");
    drop(stdin);
    assert!(child.wait().unwrap().success());
}

/// A `|` says where the hole cards end: a line is a hand of a game with
/// that many hole cards and that many cards in all, or it is refused with
/// the splits there are (issue 49, item 1: at 43f40fc the bar was ignored
/// and `As Ks Qs Js | Ts 2h 3d` was valued as a seven-card royal flush).
#[test]
fn a_misplaced_bar_is_refused_naming_the_part() {
    for (line, says) in [
        // Four hole cards are Omaha's, whose board is five cards.
        (
            "As Ks Qs Js | Ts 2h 3d",
            "board: 3 cards, where the hand has 5 board cards",
        ),
        (
            "As Ad Ks Kd | Qs Js Ts",
            "board: 3 cards, where the hand has 5 board cards",
        ),
        // Six hole cards are six-card Omaha's, whose board is five cards.
        (
            "2h 3d 4c 5s 6h 7d | 8c",
            "board: 1 card, where the hand has 5 board cards",
        ),
        (
            "As | Ks Qs Js Ts",
            "hole: 1 card, where the hand has 2 hole cards",
        ),
        (
            "As Ad Ks | Qs Js Ts 2c 3h 4d",
            "hole: 3 cards, where the hand has 4 hole cards",
        ),
        (
            "As Ad Ks | Qs Js",
            "hole: 3 cards, where the hand has 2 hole cards",
        ),
        // No game has three hole cards, and badugi's four are never split:
        // the splits there are.
        (
            "As Ad Ks | Qs",
            "3 cards | 1 card: a hand written with `|` is one of 2 | 3, 2 | 4, 2 | 5, 4 | 5, 5 | 5, 6 | 5",
        ),
    ] {
        let out = eval(&["--only", "reference"], &format!("{line}\n"));
        assert!(!out.status.success(), "{line}: {}", text(&out.stdout));
        assert!(out.stdout.is_empty(), "{line}: {}", text(&out.stdout));
        let stderr = text(&out.stderr);
        assert!(stderr.contains(says), "{line}: {stderr}");
    }
    // Two hole cards and a flop, turn or river are Hold'em hands; four or
    // five hole cards and a board of five, Omaha's.
    let out = eval(
        &["--csv", "--only", "reference"],
        "As Ad | Ks Kd Qs\nAs Ad | Ks Kd Qs 2c 3h\nAs Ad Ks Kd | Qs Js Ts 2c 3c\n",
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(
        text(&out.stdout),
        "hand,evaluator,category,class\n\
         As Ad Ks Kd Qs,reference,two_pair,2468\n\
         As Ad Ks Kd Qs 2c 3h,reference,two_pair,2468\n\
         As Ad Ks Kd | Qs Js Ts 2c 3c,reference,royal_flush,1\n"
    );
}
