//! The tests of `handeval::equity`.

use handeval::Error;
use handeval::equity::*;
use handeval_equity::breakdown::Breakdown;
use handeval_equity::exact::EquityError;

#[test]
fn bad_input_is_an_error_naming_it() {
    assert!(matches!(
        exact(&["AsAh", "ZZ"], "", ""),
        Err(Error::Equity(EquityError::Range { player: 2, .. }))
    ));
    assert!(matches!(
        exact(&["AsAh", "AsKh"], "", ""),
        Err(Error::Equity(_))
    ));
    assert!(matches!(
        estimate(&["AsAh"], "", "", 1, 0.01),
        Err(Error::Equity(EquityError::Players(1)))
    ));
}

#[test]
fn a_study_s_bad_input_is_an_error_naming_it() {
    let err = |r: Result<Breakdown, Error>| r.unwrap_err().to_string();
    assert!(err(breakdown("AKx", "2c7d9h", "", None)).starts_with("player 1's range"));
    assert!(err(breakdown("AK", "2c7d", "", None)).contains("a board of 2 cards"));
    assert!(err(breakdown("AK", "2c7d9z", "", None)).starts_with("the board"));
    assert!(err(breakdown("AK", "2c7d9h", "", Some("QQx"))).starts_with("player 2's range"));
    assert!(table("AK", "QQ", "2c7d9h", "2c").is_err());
    assert!(flops("AK", "QQ", "Zz").is_err());
    assert_eq!(flops("AK", "QQ", "").unwrap().len(), 1_755);
}

#[test]
fn every_game_with_a_board_counts_fixed_hands_and_the_rest_are_refused() {
    let counted = |game: &str, hands: &[&str]| showdown(game, hands, "", "");
    for (game, hands) in [
        ("seven", &["As Ah", "Ks Kh"][..]),
        ("short7", &["As Ah", "Ks Kh"][..]),
        ("short7t", &["As Ah", "Ks Kh"][..]),
        ("omaha", &["As Ah 2c 3d", "Ks Kh Qc Jd"][..]),
        ("omaha5", &["As Ah 2c 3d 4h", "Ks Kh Qc Jd Td"][..]),
        ("omaha6", &["As Ah 2c 3d 4h 5h", "Ks Kh Qc Jd Td 9d"][..]),
        ("omaha8", &["As Ah 2c 3d", "Ks Kh Qc Jd"][..]),
        ("bigo", &["As Ah 2c 3d 4h", "Ks Kh Qc Jd Td"][..]),
    ] {
        let s = counted(game, hands).unwrap();
        assert!((s.equity(0) + s.equity(1) - 1.0).abs() < 1e-9, "{game}");
        assert!(
            s.equity(0) > 0.0 && s.equity(1) > 0.0 && s.boards() > 0,
            "{game}"
        );
        assert_eq!(
            matches!(s, Showdown::HiLo(_)),
            ["omaha8", "bigo"].contains(&game)
        );
    }
    for game in ["five", "razz", "stud8", "badugi"] {
        let e = counted(game, &["As Ah", "Ks Kh"]).unwrap_err();
        assert!(
            matches!(e, Error::Equity(EquityError::Game(_))),
            "{game}: {e}"
        );
    }
    assert!(
        counted("nope", &["As Ah", "Ks Kh"])
            .unwrap_err()
            .to_string()
            .starts_with("no game `nope`: the games are five, ")
    );
    // A five in short deck is outside its deck.
    assert!(matches!(
        showdown("short7", &["As Ah", "5s 5h"], "", ""),
        Err(Error::Equity(EquityError::OutsideDeck { .. }))
    ));
}

#[test]
fn every_game_s_estimate_comes_near_its_exact_count() {
    for (game, hands) in [
        ("short7", &["As Ah", "Ks Qs"][..]),
        ("omaha", &["As Ah 2c 3d", "Ks Kh Qc Jd"][..]),
        ("omaha6", &["As Ah 2c 3d 4h 5h", "Ks Kh Qc Jd Td 9d"][..]),
        ("omaha8", &["As Ah 2c 3d", "Ks Kh Qc Jd", "4s 5s 6c 7c"][..]),
        ("bigo", &["As Ah 2c 3d 4h", "Ks Kh Qc Jd Td"][..]),
    ] {
        let exact = showdown(game, hands, "Tc 9h 8d", "").unwrap();
        let e = estimate_showdown(game, hands, "Tc 9h 8d", "", 7, 0.005).unwrap();
        assert!(e.reached, "{game}");
        for p in 0..hands.len() {
            // Five standard errors: one seeded run, never a flaky one.
            assert!(
                (e.equity[p] - exact.equity(p)).abs() < 5.0 * e.stderr[p],
                "{game} {p}"
            );
        }
    }
    // The check tells a split pot from none: omaha8's estimate is far
    // from the same hands' high-only count.
    let hands = &["As Ah 2c 3d", "Ks Kh Qc Jd", "4s 5s 6c 7c"];
    let split = estimate_showdown("omaha8", hands, "Tc 9h 8d", "", 7, 0.005).unwrap();
    let high = showdown("omaha", hands, "Tc 9h 8d", "").unwrap();
    assert!((0..3).any(|p| (split.equity[p] - high.equity(p)).abs() > 5.0 * split.stderr[p]));
    assert!(matches!(
        estimate_showdown("razz", &["As Ah", "Ks Kh"], "", "", 1, 0.01),
        Err(Error::Equity(EquityError::Game(_)))
    ));
    assert!(matches!(
        estimate_showdown("nope", &["As Ah", "Ks Kh"], "", "", 1, 0.01),
        Err(Error::Game(_))
    ));
}

#[test]
fn an_estimate_comes_near_the_exact_count() {
    let exact = exact(&["AsAh", "KsKh"], "2c 7d 9h", "").unwrap();
    let estimate = estimate(&["AsAh", "KsKh"], "2c 7d 9h", "", 7, 0.005).unwrap();
    assert!(estimate.reached);
    assert!((estimate.equity[0] - exact.equity[0]).abs() < 5.0 * estimate.stderr[0]);
}

/// Each row of `table_of`, held to the pairs of its list counted one
/// by one by [`showdown`] (another count: the registry's fixed-hand or
/// Hi-Lo showdown of two hands), averaged by the opposing weights.
fn rows_are_their_pairs(game: &str, hero: &str, villain: &str, board: &str) {
    let t = table_of(game, hero, villain, board, "").unwrap();
    let villains: Vec<String> =
        if villain.contains(',') || game.starts_with("omaha") || game == "bigo" {
            villain.split(',').map(|v| v.trim().to_string()).collect()
        } else {
            vec![villain.to_string()]
        };
    let text =
        |cards: &[handeval_core::Card]| cards.iter().map(ToString::to_string).collect::<String>();
    for row in &t.rows {
        let (mut sum, mut met) = (0.0, 0.0);
        for v in &villains {
            let pots = showdown(game, &[&text(&row.hand), v], board, "");
            if let Ok(pots) = pots {
                sum += pots.equity(0);
                met += 1.0;
            }
        }
        assert!(
            (row.against - met).abs() < 1e-12,
            "{game} {}",
            text(&row.hand)
        );
        let want = (met > 0.0).then(|| sum / met);
        match (row.equity, want) {
            (Some(a), Some(b)) => assert!(
                (a - b).abs() < 1e-9,
                "{game} {}: {a} vs {b}",
                text(&row.hand)
            ),
            (a, b) => assert_eq!(a, b, "{game} {}", text(&row.hand)),
        }
    }
}

#[test]
fn every_game_s_table_is_its_pairs_counted_one_by_one() {
    rows_are_their_pairs(
        "omaha",
        "AhAsKhQs, 9c8d7c6d, Kc5h4h3d",
        "KcKdJcTd, AdQd9h8h",
        "Ac5c2d",
    );
    rows_are_their_pairs(
        "omaha8",
        "Ah2h3sKs, 4d5d9c9h, AdKd7s6s",
        "As3hQcQh, 2d4cJsTs",
        "Ac5c8d",
    );
    rows_are_their_pairs("bigo", "Ah2h3sKsQd, 4d5d9c9hTh", "As3hQcQhJd", "Ac5c8d");
    rows_are_their_pairs("short7", "AhKh, 9s9d, QhJh", "AsKs", "Th7h6c");
    rows_are_their_pairs("short7t", "AhKh, 9s9d, 8h7h", "Ts9c", "Th7h6c");
}

#[test]
fn a_table_s_ranges_and_hands_are_named_when_wrong() {
    let err = |game: &str, hero: &str, villain: &str, board: &str| {
        table_of(game, hero, villain, board, "")
            .unwrap_err()
            .to_string()
    };
    // Short deck: `random` is every combo of its 36 cards (less the
    // board's); any other range holding a two is refused.
    let t = table_of("short7", "random", "AA", "Th7h6c", "").unwrap();
    assert_eq!(t.rows.len(), 528);
    assert_eq!(
        err("short7", "22+", "AA", "Th7h6c"),
        "the card 2d is not in the deck of short-deck seven-card hands"
    );
    assert!(err("short7", "AA", "QQx", "").starts_with("player 2's range"));
    assert_eq!(
        err("omaha", "AhAsKhQs, 9c8d7c", "KcKdJcTd", "Ac5c2d"),
        "player 1's hand 2: 3 cards, where a hand of Omaha has 4"
    );
    assert!(err("omaha", "AhAsKhQz", "KcKdJcTd", "").starts_with("player 1's hand 1 `AhAsKhQz`"));
    assert!(err("five", "AhKh", "QQ", "").contains("five-card"));
    assert!(err("badugi", "Ah2c3d4s", "Kh2d3c4h", "").contains("badugi"));
    assert!(err("nope", "AA", "KK", "").starts_with("no game `nope`"));
}
