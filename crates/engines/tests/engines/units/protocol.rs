//! The tests of `handeval_engines::protocol`.

use handeval_engines::protocol::*;
use handeval_engines::{Hands, Model};

fn hands() -> Hands {
    Hands {
        game: "five",
        cards: 5,
        hole: 0,
        flat: vec![51, 47, 43, 39, 35, 0, 4, 8, 12, 16],
    }
}

#[test]
fn requests_are_length_prefixed_records_ended_by_an_end_record() {
    let text = String::from_utf8(check("py/null", Model::Call, &hands())).unwrap();
    assert!(text.starts_with("protocol:1:2\ntask:5:check\nengine:7:py/null\ngame:4:five\n"));
    assert!(text.ends_with("hands:27:51 47 43 39 35\n0 4 8 12 16\n\nend:0:\n"));
    let load = String::from_utf8(load("py/null", Model::Batch, &hands(), 1)).unwrap();
    assert!(load.contains("task:4:load\n") && load.contains("block:1:1\n"));
    let turn = String::from_utf8(turn(3, 8, true)).unwrap();
    assert_eq!(
        turn,
        "protocol:1:2\ntask:4:turn\nblock:1:3\npasses:1:8\nwarm:1:1\nend:0:\n"
    );
}

#[test]
fn a_request_reads_back_as_it_was_written() {
    let bytes = [check("abi/x", Model::Batch, &hands()), turn(1, 2, true)].concat();
    let mut input = std::io::BufReader::new(bytes.as_slice());
    let first = read_request(&mut input).unwrap().unwrap();
    assert_eq!(first["task"], "check");
    assert_eq!(first["hands"], "51 47 43 39 35\n0 4 8 12 16\n");
    let second = read_request(&mut input).unwrap().unwrap();
    assert_eq!(
        (second["task"].as_str(), second["passes"].as_str()),
        ("turn", "2")
    );
    assert_eq!(read_request(&mut input), Ok(None));
    let cut = &bytes[..bytes.len() - 3];
    assert!(read_request(&mut std::io::BufReader::new(&cut[cut.len() - 20..])).is_err());
}

#[test]
fn values_need_one_per_hand_and_the_end() {
    assert_eq!(parse_values("3\n-1\nend,2\n", 2), Ok(vec![3, -1]));
    assert!(
        parse_values("3\nend,1\n", 2)
            .unwrap_err()
            .contains("for 2 hands")
    );
    assert!(
        parse_values("3\n4\n", 2)
            .unwrap_err()
            .contains("no end line")
    );
    assert!(
        parse_values("3\nx\nend,2\n", 2)
            .unwrap_err()
            .contains("line 2")
    );
    assert!(
        parse_values("error,no such game\n", 2)
            .unwrap_err()
            .contains("no such game")
    );
    assert!(
        parse_values("1\n2\nend,2\n3\n", 2)
            .unwrap_err()
            .contains("after the end")
    );
}

#[test]
fn a_turn_must_count_its_block_and_end() {
    let lines = |t: &str| t.lines().map(str::to_string).collect::<Vec<_>>();
    let ok = parse_turn(&lines("10,2\n11,2\nend,2"), 2, 2).unwrap();
    assert_eq!(ok.len(), 2);
    let short = parse_turn(&lines("10,2\n11,1\nend,2"), 2, 2).unwrap_err();
    assert!(short.contains("holds 2"), "{short}");
    assert!(parse_turn(&lines("10,2\nend,1"), 2, 2).is_err());
    assert!(
        parse_turn(&lines("0,2\nend,1"), 1, 2)
            .unwrap_err()
            .contains("0 ns")
    );
    assert!(
        parse_turn(&lines("ten,2"), 1, 2)
            .unwrap_err()
            .contains("line 1")
    );
    assert!(
        parse_turn(&lines("10,2"), 1, 2)
            .unwrap_err()
            .contains("no end line")
    );
    assert_eq!(parse_loaded(&lines("end,5"), 5), Ok(()));
    assert!(parse_loaded(&lines("end,4"), 5).is_err());
    assert!(
        parse_loaded(&lines("error,oops"), 5)
            .unwrap_err()
            .contains("oops")
    );
}

#[test]
fn an_equity_count_names_every_player_and_counts_the_same_boards() {
    let request = String::from_utf8(equity(
        "js/x",
        "omaha",
        &[vec![51, 47, 43, 39], vec![35, 31, 27, 23]],
        (&[0, 4, 8], &[]),
        2,
        false,
    ))
    .unwrap();
    assert!(request.contains("task:6:equity\n"), "{request}");
    assert!(request.contains("players:24:51 47 43 39\n35 31 27 23\n\n"));
    assert!(request.contains("board:5:0 4 8\ndead:0:\n"));
    let lines = |t: &str| t.lines().map(str::to_string).collect::<Vec<_>>();
    let ok = parse_equity(
        &lines("10,990\n12,990\nplayer,600,20\nplayer,370,20\nend,2"),
        2,
        2,
    )
    .unwrap();
    assert_eq!(
        (ok.games(), ok.wins.clone(), ok.ties.clone()),
        (990, vec![600, 370], vec![20, 20])
    );
    let cases = [
        (
            "10,990\n12,989\nplayer,1,0\nplayer,1,0\nend,2",
            "where the first counted 990",
        ),
        ("10,990\nplayer,1,0\nend,1", "for 1 and 2"),
        ("10,990\nplayer,1\nplayer,1,0\nend,1", "line 2"),
        ("0,990\nplayer,1,0\nplayer,1,0\nend,1", "0 ns"),
        ("10,990\nplayer,1,0\nplayer,1,0", "no end line"),
        ("error,no calculator", "no calculator"),
    ];
    for (answer, says) in cases {
        let passes = if answer.starts_with("10,990\n12") {
            2
        } else {
            1
        };
        let e = parse_equity(&lines(answer), passes, 2).unwrap_err();
        assert!(e.contains(says), "{answer:?}: {e}");
    }
}
