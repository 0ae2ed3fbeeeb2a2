//! The tests of `xtask::bench`.

use handeval_benches::{Mode, SimdLimit};
use xtask::bench::*;

/// Every game a run's engines are checked on is a game of the list,
/// the Hi-Lo ones among them (an engine of a Hi-Lo game values its
/// low): a run of every game once asked the engines' check for `bigo`,
/// which it did not know, and stopped ("no game bigo").
#[test]
fn engines_are_checked_on_every_game_of_the_run() {
    let plan = plan::resolve(&plan::Request {
        filter: "",
        game: None,
        simd: SimdLimit::Avx512,
        mode: Mode::Smoke,
        seed: 1,
    })
    .unwrap();
    assert!(
        plan.timed
            .iter()
            .any(|b| !b.workload.game().value.is_ranked())
    );
    let games = engine_games(&plan);
    assert!(games.iter().any(|g| g == "seven"), "{games:?}");
    assert!(games.iter().any(|g| g == "stud8"), "{games:?}");
    for g in &games {
        assert!(handeval_core::game_ids().any(|id| id == g), "{g}");
    }
    // The engines' check takes each of them (the floor named is left
    // out of a check, so nothing runs).
    let place = handeval_engines::install::Place::of_build();
    let plan = xtask::engines::Plan::for_mode(Mode::Smoke, 1);
    xtask::engines::checks_of(&place, &["py/null".to_string()], &games, &plan).unwrap();
}
