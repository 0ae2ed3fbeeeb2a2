//! The badugi games in the commands: `diff --game badugi` holds every
//! badugi evaluator to the reference over every hand; `list --games`
//! lists them beside the games of fives.

use std::io::Write as _;
use std::process::ExitCode;
use std::time::Instant;

use anyhow::{Result, bail};
use handeval_core::badugi::{BadugiAbout, CLASSES, HANDS_BY_CARDS};
use handeval_core::{Game, GameInfo, GameVisitor, Role, visit_games};

use crate::select::select_names;

/// Every badugi game (a game worth [`handeval_core::Value::Badugi`]), in
/// the order of the one list of games ([`visit_games`]).
pub fn games() -> Vec<GameInfo> {
    struct Badugis(Vec<GameInfo>);
    impl GameVisitor for Badugis {
        fn game<G: Game>(&mut self) {}
        fn badugi<G: Game>(&mut self) {
            self.0.push(GameInfo::of::<G>());
        }
    }
    let mut games = Badugis(Vec::new());
    visit_games(&mut games);
    games.0
}

/// The badugi game `id`, if it is one.
pub fn game(id: &str) -> Option<GameInfo> {
    games().into_iter().find(|g| g.id == id)
}

/// `cargo xtask diff --game <badugi game>`: its evaluators (the reference
/// aside, which defines the classes) held to the reference over every
/// hand, the hands by playing cards and the classes counted by the
/// reference against the definition's.
pub fn diff(args: &crate::diff::Args, game: GameInfo) -> Result<ExitCode> {
    struct Find<'a> {
        args: &'a crate::diff::Args,
        game: GameInfo,
        out: Option<Result<ExitCode>>,
    }
    impl GameVisitor for Find<'_> {
        fn game<G: Game>(&mut self) {}
        fn badugi<G: Game>(&mut self) {
            if GameInfo::of::<G>() == self.game {
                self.out = Some(diff_game::<G>(self.args));
            }
        }
    }
    let mut find = Find {
        args,
        game,
        out: None,
    };
    visit_games(&mut find);
    find.out
        .unwrap_or_else(|| bail!("no badugi game {}", game.id))
}

fn diff_game<G: Game>(args: &crate::diff::Args) -> Result<ExitCode> {
    if args.csv || !args.engines.is_empty() {
        bail!(
            "--game {0}: the badugi check prints its summary only (no --csv, no --engines: `cargo xtask engines check --game {0}` checks its engines)",
            G::ID
        );
    }
    let all = handeval_registry::badugis::<G>();
    let names = all.iter().map(|e| e.meta.name).collect();
    let selected = select_names(names, &args.only, &format!("{} evaluator", G::ID), &[])?;
    let held: Vec<BadugiAbout<G>> = all
        .into_iter()
        .filter(|e| selected.contains(&e.meta.name) && e.meta.role != Role::Reference)
        .collect();
    let reference = handeval_registry::badugis::<G>()
        .into_iter()
        .find(|e| e.meta.role == Role::Reference)
        .ok_or_else(|| anyhow::anyhow!("no reference evaluator of {}", G::ID))?;
    let mut err = std::io::stderr().lock();
    let started = Instant::now();
    let hands: Vec<G> = G::parts().flat_map(G::part_hands).collect();
    let first = handeval_core::badugi::BadugiClass::new(1).expect("class 1");
    let mut expected = vec![first; hands.len()];
    (reference.classes)(&hands, &mut expected);
    // The reference's table: hands by playing cards, and its classes.
    let mut by_cards = [0u64; 4];
    for class in &expected {
        by_cards[4 - class.cards() as usize] += 1;
    }
    let mut distinct = expected.clone();
    distinct.sort_unstable();
    distinct.dedup();
    let table_ok = by_cards == HANDS_BY_CARDS && distinct.len() == usize::from(CLASSES);
    writeln!(
        err,
        "{}: every one of {} hands; the reference plays four, three, two and one cards in {:?} hands (the definition's {:?}) and gives {} classes of {CLASSES}: {}",
        G::TITLE,
        hands.len(),
        by_cards,
        HANDS_BY_CARDS,
        distinct.len(),
        if table_ok { "equal" } else { "DIFFERENT" }
    )?;
    let checks = handeval_difftest::badugi::checked(&held, &hands, &expected);
    writeln!(
        err,
        "\neach against the reference hand by hand ({:.1} s):",
        started.elapsed().as_secs_f64()
    )?;
    let mut failed = !table_ok || hands.len() as u64 != G::HANDS;
    for check in &checks {
        writeln!(err, "  {check}")?;
        for (hand, got, want) in check.examples.iter().skip(1) {
            writeln!(
                err,
                "    also {hand}: class {} {got}, the reference's {} {want}",
                got.get(),
                want.get()
            )?;
        }
        failed |= !check.passed();
    }
    Ok(if failed {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    })
}
