//! The tests of `xtask::bench::plan`.

use handeval_benches::{Benchmark, Kind, Mode, Plan, SimdLimit, Workload};
use handeval_core::GameInfo;
use xtask::bench::plan::*;

fn request<'a>(filter: &'a str, game: Option<&str>) -> Request<'a> {
    Request {
        filter,
        game: game.map(|g| xtask::select::parse_timed_game(g).unwrap()),
        simd: SimdLimit::Avx512,
        mode: Mode::Smoke,
        seed: 1,
    }
}

fn plan(filter: &str, game: Option<&str>) -> Plan {
    resolve(&request(filter, game)).unwrap()
}

fn game(id: &str) -> GameInfo {
    xtask::select::parse_game(id).unwrap()
}

#[test]
fn only_selected_benchmarks_are_timed_and_counted() {
    // A seven-card filter counts no five-card workload.
    let p = plan("hand7", None);
    assert!(p.timed.iter().all(|b| b.workload.game() == game("seven")));
    assert_eq!(counted_games(&p), [game("seven")]);
    // One evaluator: it and the floor are timed and counted, nothing
    // else (issue 34, item 11: at 86e8599 the floor was counted, not
    // timed, and its count dropped).
    let p = plan("strength/shuffled/encoded/pokers", None);
    let timed: Vec<String> = p.timed.iter().map(ToString::to_string).collect();
    assert_eq!(
        timed,
        [
            "strength/shuffled/encoded/null",
            "strength/shuffled/encoded/pokers"
        ]
    );
    let names: Vec<String> = p.counted.iter().map(ToString::to_string).collect();
    assert_eq!(
        names,
        [
            "strength/shuffled/encoded/null",
            "strength/shuffled/encoded/pokers"
        ]
    );
    // The sequential twin of a counted workload selects its count.
    assert_eq!(
        plan("strength/sequential/hand/pokers", None).counted.len(),
        2
    );
    // Six cards' category workload has none.
    let p = plan("category", Some("six"));
    assert!(!p.timed.is_empty() && p.counted.is_empty());
    // Everything: every timed evaluator on every counted workload.
    let p = resolve(&Request {
        mode: Mode::Full,
        ..request("", None)
    })
    .unwrap();
    let expected: usize = Workload::every()
        .filter(|w| w.is_counted())
        .map(|w| timed_evaluators(w.game()).len())
        .sum();
    assert_eq!(p.counted.len(), expected);
    let five = timed_evaluators(game("five")).len();
    let omaha = timed_evaluators(game("omaha")).len();
    assert!(p.counted.len() >= 4 * five + omaha);
    // A smoke run: every timed evaluator on every counted workload of
    // full strength, none of the five-card categories.
    let smoke = plan("", None);
    assert!(
        smoke
            .counted
            .iter()
            .all(|b| b.workload.kind == Kind::Strength)
    );
    let strength: Vec<&Benchmark> = p
        .counted
        .iter()
        .filter(|b| b.workload.kind == Kind::Strength)
        .collect();
    assert_eq!(smoke.counted.iter().collect::<Vec<_>>(), strength);
    assert_eq!(smoke.counted.len() + 2 * five, p.counted.len());
}

#[test]
fn a_filter_that_selects_nothing_is_refused() {
    let err = resolve(&request("nosuch", None)).unwrap_err();
    assert!(err.to_string().contains("selects no benchmark"), "{err}");
    let err = resolve(&request("hand7", Some("five"))).unwrap_err();
    assert!(
        err.to_string()
            .contains("selects no benchmark of --game five"),
        "{err}"
    );
}
