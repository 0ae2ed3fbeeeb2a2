//! The tests of `xtask::select`.

use handeval_benches::Workload;
use handeval_core::GameInfo;
use handeval_core::{Hand, Hand7};
use xtask::select::*;

/// A best of a hole game's fives is timed on its headline alone; a
/// direct kernel on every stream of the game, and a best of Hold'em's
/// 21 fives on every stream of seven cards.
#[test]
fn a_best_of_a_hole_games_fives_is_timed_on_its_headline_alone() {
    let timed = |game: GameInfo, name: &str| -> Vec<String> {
        let about = abouts(game, false)
            .into_iter()
            .find(|a| a.meta.name == name)
            .unwrap_or_else(|| panic!("{name} is registered"));
        Workload::of(game)
            .into_iter()
            .filter(|w| !w.order.is_pattern() && timed_on(*w, &about))
            .map(Workload::id)
            .collect()
    };
    let omaha = GameInfo::of::<handeval_core::Omaha4>();
    assert_eq!(
        timed(omaha, "deadhorse/best-of-60"),
        ["strength/shuffled/omaha"]
    );
    let direct = timed(omaha, "deadhorse/omaha-simd");
    for w in [
        "strength/shuffled/omaha",
        "strength/shuffled/omaha/contended",
        "category/shuffled/omaha",
    ] {
        assert!(direct.iter().any(|d| d == w), "{w}: {direct:?}");
    }
    let seven = GameInfo::of::<Hand7>();
    assert!(timed(seven, "deadhorse/best-of-21").len() > 1);
}

#[test]
fn filter_pieces_match_whole_segments_or_globs() {
    let hand = Workload::headline_of::<Hand>();
    let hand7 = Workload::headline_of::<Hand7>();
    assert_eq!(hand7.to_string(), "strength/shuffled/hand7");
    // A workload's id is never a prefix of another's.
    assert!(selected_by("strength/shuffled/hand", hand, "pokers"));
    assert!(!selected_by("strength/shuffled/hand", hand7, "pokers"));
    assert!(!selected_by("hand", hand7, "pokers"));
    assert!(selected_by("hand7", hand7, "pokers"));
    // Families, evaluators, several pieces, blanks.
    assert!(selected_by("pext", hand, "pext/simd"));
    assert!(!selected_by("simd", hand7, "deadhorse/seven-simd"));
    assert!(selected_by("*simd", hand7, "deadhorse/seven-simd"));
    assert!(selected_by("*/hand7/*", hand7, "pokers"));
    assert!(!selected_by("*/hand7/*", hand, "pokers"));
    assert!(selected_by(" pokers , null", hand, "null"));
    assert!(selected_by("", hand, "pokers"));
    assert!(selected_by(" , ", hand, "pokers"));
    assert!(!selected_by("pok", hand, "pokers"));
    assert!(matches(
        "strength/shuffled/hand/pokers",
        "strength/shuffled/hand/pokers"
    ));
    assert!(matches("s?rength/*", "strength/x"));
    assert!(!matches("*x", "strength/xy"));
}

#[test]
fn filters_select_by_substring_of_workload_and_evaluator() {
    let w = Workload::HEADLINE;
    assert!(selected_by("", w, "pokers"));
    assert!(selected_by("pext,pokers", w, "pokers"));
    assert!(selected_by("strength/shuffled/encoded", w, "pext/bmi2"));
    assert!(!selected_by("category", w, "pokers"));
    assert!(!selected_by("pext", w, "pokers"));
}

fn only(pieces: &[&str]) -> Vec<String> {
    pieces.iter().map(ToString::to_string).collect()
}

#[test]
fn pieces_are_trimmed_and_empty_ones_skipped() {
    let names = vec!["reference", "pokers", "ckc-rs"];
    let chosen = select_names(
        names.clone(),
        &only(&["reference", " pokers"]),
        "evaluator",
        &[],
    );
    assert_eq!(chosen.unwrap(), ["reference", "pokers"]);
    let chosen = select_names(names.clone(), &only(&["reference", ""]), "evaluator", &[]);
    assert_eq!(chosen.unwrap(), ["reference"]);
    // Issue 34, item 11: empty pieces alone meant "all" at 86e8599.
    for nothing in [&[""][..], &["", ""][..], &[" "][..]] {
        let err = select_names(names.clone(), &only(nothing), "evaluator", &[]).unwrap_err();
        assert!(err.to_string().contains("names no evaluator"), "{err}");
    }
    assert_eq!(
        select_names(names.clone(), &[], "evaluator", &[]).unwrap(),
        names
    );
}

#[test]
fn families_and_globs_select_as_bench_filters_do() {
    let names = vec!["pext/simd", "pext/bmi2", "deadhorse/simd", "pokers"];
    let chosen = select_names(names.clone(), &only(&["pext"]), "evaluator", &[]).unwrap();
    assert_eq!(chosen, ["pext/simd", "pext/bmi2"]);
    let chosen = select_names(names, &only(&["*simd", "pokers"]), "evaluator", &[]).unwrap();
    assert_eq!(chosen, ["pext/simd", "deadhorse/simd", "pokers"]);
}

#[test]
fn a_name_of_another_game_points_at_its_game_option() {
    let five = parse_game("five").unwrap();
    let names = abouts(five, false).iter().map(|a| a.meta.name).collect();
    let err = select_names(names, &only(&["deadhorse/seven"]), "evaluator", &[]).unwrap_err();
    let said = err.to_string();
    assert!(
        said.contains("evaluators of `--game seven` (deadhorse/seven)"),
        "{said}"
    );
    let names = abouts(five, false).iter().map(|a| a.meta.name).collect();
    let err = select_names(names, &only(&["no/such"]), "evaluator", &[]).unwrap_err();
    assert!(
        err.to_string().starts_with("unknown evaluator \"no/such\""),
        "{err}"
    );
    assert_eq!(parse_game("omaha").unwrap().hole, 4);
    let err = parse_game("7").unwrap_err();
    assert!(err.contains("five, six, seven, omaha, omaha5"), "{err}");
}

/// Issue 34, item 10: at 86e8599 `*simd` on six cards said "add
/// `--cards 5`" though seven-card and Omaha SIMD evaluators exist too.
#[test]
fn a_glob_of_other_games_names_every_game_it_matches() {
    // Five cards have no best-of; six cards' best-of-6 and Omaha's
    // best-of-60 both match (every game has a SIMD evaluator now).
    let five = parse_game("five").unwrap();
    let names = abouts(five, false).iter().map(|a| a.meta.name).collect();
    let said = select_names(names, &only(&["*best-of-6*"]), "five-card evaluator", &[])
        .unwrap_err()
        .to_string();
    for game in ["six", "omaha"] {
        assert!(said.contains(&format!("`--game {game}`")), "{said}");
    }
    assert!(said.contains("deadhorse/best-of-60-simd"), "{said}");
}

/// Issue 34, item 10: `list --timed --only deadhorse/listing` blamed
/// the hand size; `list --only null` did not mention `--floor`.
#[test]
fn a_name_left_out_here_says_why() {
    let err = select_names(
        vec!["pokers"],
        &only(&["deadhorse/listing"]),
        "five-card evaluator",
        &[(
            "deadhorse/listing",
            "a published listing: checked, never timed (drop --timed)",
        )],
    )
    .unwrap_err();
    assert!(
        err.to_string()
            .contains("deadhorse/listing is a published listing"),
        "{err}"
    );
    assert!(!err.to_string().contains("--game"), "{err}");
}
