//! The tests of `handeval_results::turn`.

use crate::turn;
use handeval_results::turn::*;

#[test]
fn turns_round_trip_and_damage_is_refused_by_line() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("rounds.csv");
    let turns = [
        turn("a, with a comma", 0, 2.0),
        turn("py/eval7/call", 0, 300.0),
    ];
    let mut text = Vec::new();
    write(&mut text, &turns, true).unwrap();
    std::fs::write(&path, &text).unwrap();
    assert_eq!(read(&path).unwrap().unwrap(), turns);
    let text = String::from_utf8(text).unwrap();
    for (bad, says) in [
        (text.replace(",300,", ",-3,"), "finite and positive"),
        (text.replace(",303,", ",3,"), "below the turn's fastest"),
        (
            format!("{text}{}", text.lines().nth(2).unwrap()),
            "cut short",
        ),
        (
            format!("{text}{}\n", text.lines().nth(2).unwrap()),
            "a second turn",
        ),
        (CSV_HEADER.to_string() + "\n", "no turns"),
        (String::new(), "empty"),
    ] {
        std::fs::write(&path, &bad).unwrap();
        let err = format!("{:#}", read(&path).unwrap_err());
        assert!(err.contains(says), "{says}: {err}");
    }
}
