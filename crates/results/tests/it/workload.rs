//! The tests of `handeval_results::workload`.

use handeval_core::{Game, GameInfo, GameVisitor, Hand, visit_games};
use handeval_core::{Hand6, Hand7, Omaha4};
use handeval_results::workload::*;

#[test]
fn workloads_are_distinct_and_round_trip() {
    let all: Vec<Workload> = Workload::every().collect();
    let ids: Vec<String> = all.iter().map(|w| w.id()).collect();
    for (i, id) in ids.iter().enumerate() {
        assert_eq!(Workload::from_id(id), Some(all[i]));
        assert_eq!(ids.iter().filter(|x| *x == id).count(), 1, "{id}");
    }
    assert_eq!(ids[0], "strength/shuffled/encoded");
    assert_eq!(Workload::HEADLINE.id(), "strength/shuffled/encoded");
    assert_eq!(
        "category/sequential/hand"
            .parse::<Workload>()
            .map(Workload::game),
        Ok(GameInfo::of::<Hand>())
    );
    assert!("category/sideways/hand".parse::<Workload>().is_err());
    assert_eq!(
        Workload::headline_of::<Hand7>().id(),
        "strength/shuffled/hand7"
    );
}

/// A game's headline is its first workload from cards: full strength,
/// shuffled, or a Hi-Lo game's low.
#[test]
fn each_games_headline_is_its_first_workload_from_cards() {
    for g in games() {
        let first = Workload::of(g)
            .into_iter()
            .find(|w| w.input != Input::Encoded);
        assert_eq!(Some(Workload::headline(g)), first, "{}", g.id);
    }
    assert_eq!(
        Workload::headline(GameInfo::of::<handeval_core::Omaha8>()).id(),
        "low/shuffled/omaha8"
    );
}

/// The games of fives, as the counting binary visits them.
struct Fives(Vec<GameInfo>);
impl GameVisitor for Fives {
    fn game<G: Game>(&mut self) {
        self.0.push(GameInfo::of::<G>());
    }
}

#[test]
fn each_game_has_its_workloads() {
    let ids = |g: GameInfo| -> Vec<String> { Workload::of(g).iter().map(|w| w.id()).collect() };
    assert_eq!(ids(GameInfo::of::<Hand>()).len(), 9);
    assert_eq!(
        ids(GameInfo::of::<Hand6>()),
        [
            "strength/shuffled/hand6",
            "strength/sequential/hand6",
            "category/shuffled/hand6",
            "strength/shuffled/hand6/contended"
        ]
    );
    assert_eq!(
        ids(GameInfo::of::<Omaha4>()),
        [
            "strength/shuffled/omaha",
            "category/shuffled/omaha",
            "strength/shuffled/omaha/contended",
            "strength/equity-fixed/omaha"
        ]
    );
    // Razz's seven cards are no Hold'em hand: its stream of hands only.
    assert_eq!(ids(GameInfo::of::<handeval_core::Razz>()).len(), 4);
    let hand7 = ids(GameInfo::of::<Hand7>());
    for order in ["heads-up", "three-way", "random"] {
        assert!(
            hand7.contains(&format!("strength/equity-{order}/hand7")),
            "{hand7:?}"
        );
    }
    let counted: Vec<String> = Workload::every()
        .filter(|w| w.is_counted())
        .map(Workload::id)
        .collect();
    assert!(counted.contains(&"category/shuffled/hand".to_string()));
    assert!(counted.contains(&"strength/shuffled/omaha".to_string()));
    assert!(!counted.contains(&"category/shuffled/hand7".to_string()));
    assert!(!counted.iter().any(|id| id.ends_with("/contended")));
    // The counting binary prepares evaluators of the games of fives
    // (`GameVisitor::game`): every counted workload is of one of them
    // (a badugi workload counted crashed a full run's counts).
    let mut fives = Fives(Vec::new());
    visit_games(&mut fives);
    for w in Workload::every().filter(|w| w.is_counted()) {
        assert!(fives.0.contains(&w.game()), "{w} is counted");
    }
    assert!(Workload::every().any(|w| w.game().value.is_badugi()));
}
