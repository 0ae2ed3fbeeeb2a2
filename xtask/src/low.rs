//! The Hi-Lo games' low halves in the commands: `diff --game omaha8`
//! checks the low evaluators, `equity --game omaha8` splits the pots.
//!
//! A Hi-Lo game's high half is its game's (Omaha's): `--game omaha`
//! checks and times it. What `omaha8` adds is the low.

use std::io::Write as _;
use std::process::ExitCode;
use std::time::Instant;

use anyhow::{Result, bail};
use handeval_core::low::LowAbout;
use handeval_core::{Game, GameInfo, GameVisitor, Role, visit_games};
use handeval_difftest::low::{LowCheck, rank_patterns, sampled};

use crate::select::select_names;

/// Every Hi-Lo game (a game whose value has a low), in the order of the
/// one list of games ([`visit_games`]).
pub fn games() -> Vec<GameInfo> {
    struct HiLo(Vec<GameInfo>);
    impl GameVisitor for HiLo {
        fn game<G: Game>(&mut self) {}
        fn hi_lo<G: Game>(&mut self) {
            self.0.push(GameInfo::of::<G>());
        }
    }
    let mut games = HiLo(Vec::new());
    visit_games(&mut games);
    games.0
}

/// The Hi-Lo game `id`, if it is one.
pub fn game(id: &str) -> Option<GameInfo> {
    games().into_iter().find(|g| g.id == id)
}

/// The Hi-Lo games' ids.
pub fn ids() -> Vec<&'static str> {
    games().iter().map(|g| g.id).collect()
}

/// Work on a Hi-Lo game, whichever its type: what [`on_hi_lo_game`] runs.
trait OnHiLoGame {
    /// What the work gives.
    type Out;
    /// The work on the Hi-Lo game `G`.
    fn on<G: Game>(self) -> Self::Out;
}

/// `job` done on the Hi-Lo game `game`: the one walk of the games that
/// finds a Hi-Lo game's type from its description.
fn on_hi_lo_game<J: OnHiLoGame>(game: GameInfo, job: J) -> Result<J::Out> {
    struct Find<J: OnHiLoGame> {
        game: GameInfo,
        job: Option<J>,
        out: Option<J::Out>,
    }
    impl<J: OnHiLoGame> GameVisitor for Find<J> {
        fn game<G: Game>(&mut self) {}
        fn hi_lo<G: Game>(&mut self) {
            if GameInfo::of::<G>() == self.game
                && let Some(job) = self.job.take()
            {
                self.out = Some(job.on::<G>());
            }
        }
    }
    let mut find = Find {
        game,
        job: Some(job),
        out: None,
    };
    visit_games(&mut find);
    find.out
        .ok_or_else(|| anyhow::anyhow!("no Hi-Lo game {}", game.id))
}

/// `cargo xtask diff --game <Hi-Lo game>`: its low evaluators held to the
/// literal low reference on every rank pattern (every hand, weighted) and
/// on `--sample` seeded deals; with `--every`, also on every hand up to
/// suit renaming (the game's own enumeration).
pub fn diff(args: &crate::diff::Args, game: GameInfo) -> Result<ExitCode> {
    struct Diff<'a>(&'a crate::diff::Args);
    impl OnHiLoGame for Diff<'_> {
        type Out = Result<ExitCode>;
        fn on<G: Game>(self) -> Result<ExitCode> {
            diff_game::<G>(self.0)
        }
    }
    on_hi_lo_game(game, Diff(args))?
}

fn diff_game<G: Game>(args: &crate::diff::Args) -> Result<ExitCode> {
    if args.csv || !args.engines.is_empty() {
        bail!(
            "--game {0}: the low half's check prints its summary only (no --csv, no --engines: `cargo xtask engines check --game {0}` checks its engines' lows)",
            G::ID
        );
    }
    let all = handeval_registry::lows::<G>();
    let names = all.iter().map(|e| e.meta.name).collect();
    let selected = select_names(names, &args.only, &format!("{} low evaluator", G::ID), &[])?;
    let evaluators: Vec<LowAbout<G>> = all
        .into_iter()
        .filter(|e| selected.contains(&e.meta.name))
        .collect();
    let mut failed = false;
    let mut err = std::io::stderr().lock();
    writeln!(
        err,
        "{}: the low half; the high half is `--game {}`'s",
        G::TITLE,
        <G::High as Game>::ID
    )?;

    // The reference defines the lows the others are held to.
    let held: Vec<LowAbout<G>> = evaluators
        .iter()
        .filter(|e| e.meta.role != Role::Reference)
        .copied()
        .collect();
    let started = Instant::now();
    let patterns = rank_patterns(&held);
    writeln!(
        err,
        "\nevery hand by its rank pattern: {} patterns standing for {} hands ({:.1} s); the reference finds a low in {} of them, the definition's count {}: {}",
        patterns.patterns,
        patterns.hands,
        started.elapsed().as_secs_f64(),
        patterns.qualifying,
        G::VALUE.qualifying().unwrap_or(0),
        if Some(patterns.qualifying) == G::VALUE.qualifying() && patterns.hands == G::HANDS {
            "equal"
        } else {
            failed = true;
            "DIFFERENT"
        }
    )?;
    failed |= report(&mut err, &patterns.checks)?;

    let started = Instant::now();
    let hands = handeval_difftest::cards::random_hands::<G::High>(
        handeval_difftest::cards::SAMPLE_SEED,
        args.sample,
    );
    let checks = sampled(&held, &hands);
    writeln!(
        err,
        "\n{} seeded deals (seed {}), each against the literal reference hand by hand ({:.1} s):",
        hands.len(),
        handeval_difftest::cards::SAMPLE_SEED,
        started.elapsed().as_secs_f64()
    )?;
    failed |= report(&mut err, &checks)?;

    // Every hand up to suit renaming: the game's own enumeration, each
    // evaluator that fits the budget (foreseen from a timed stretch).
    let enumerated = handeval_difftest::low::enumerated_hands::<G>();
    let threads = rayon::current_num_threads().max(1) as f64;
    let mut fits = Vec::new();
    for e in &held {
        let stretch = &hands[..hands.len().min(1 << 16)];
        let mut out = vec![handeval_core::low::Low::NONE; stretch.len()];
        let started = Instant::now();
        (e.lows)(stretch, &mut out);
        let per_hand = started.elapsed().as_secs_f64() / stretch.len().max(1) as f64;
        let minutes = per_hand * enumerated as f64 / threads / 60.0;
        if args.every || minutes <= args.budget {
            fits.push(*e);
        } else {
            writeln!(
                err,
                "\n{}: every hand up to suit renaming foreseen at {minutes:.0} min, beyond --budget {} min: checked on the rank patterns and the sample above (--every checks it anyway)",
                e.meta.name, args.budget
            )?;
        }
    }
    if !fits.is_empty() {
        let started = Instant::now();
        let checks = handeval_difftest::low::every_hand(&fits);
        writeln!(
            err,
            "\nevery hand up to suit renaming ({enumerated} hands standing for {}; {:.0} s):",
            G::HANDS,
            started.elapsed().as_secs_f64()
        )?;
        failed |= report(&mut err, &checks)?;
    }
    Ok(if failed {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    })
}

/// Writes each check's line; whether any failed.
fn report<G: Game>(out: &mut impl std::io::Write, checks: &[LowCheck<G>]) -> Result<bool> {
    let mut failed = false;
    for check in checks {
        writeln!(
            out,
            "  {} {}",
            if check.passed() { "ok  " } else { "FAIL" },
            check
        )?;
        failed |= !check.passed();
    }
    Ok(failed)
}

/// The game whose hands a Hi-Lo game plays, as the high half's game
/// (its description names it: [`GameInfo::high`]).
pub fn high_game(game: GameInfo) -> GameInfo {
    handeval_registry::game(game.high).expect("a Hi-Lo game's high game is on the list")
}

/// A Hi-Lo count: the tally, its time, the low evaluator, and the brute
/// force's equities and time when asked for.
pub struct HiLoCount {
    pub tally: handeval_equity::hilo::HiLoTally,
    pub took: std::time::Duration,
    pub low_name: &'static str,
    pub brute_force: Option<(Vec<f64>, std::time::Duration)>,
}

/// The Hi-Lo showdown of fixed hands `hands` over every board: the high by
/// the game's evaluator `name`, the low by
/// [`handeval_registry::low_equity_evaluator`]; with `brute_force`, counted
/// again by the literal references.
pub fn equity(
    game: GameInfo,
    name: &str,
    hands: &[&str],
    board: &str,
    dead: &str,
    brute_force: bool,
) -> Result<HiLoCount> {
    struct Count<'a> {
        name: &'a str,
        hands: &'a [&'a str],
        board: &'a str,
        dead: &'a str,
        brute_force: bool,
    }
    impl OnHiLoGame for Count<'_> {
        type Out = Result<HiLoCount>;
        fn on<G: Game>(self) -> Result<HiLoCount> {
            let m = handeval_equity::fixed::FixedHands::<G::High>::new(
                self.hands, self.board, self.dead,
            )
            .map_err(|e| anyhow::anyhow!("{e}"))?;
            let low = handeval_registry::low_equity_evaluator::<G>();
            let started = Instant::now();
            let tally =
                handeval_registry::hi_lo_equity(self.name, low.lows, &m).ok_or_else(|| {
                    anyhow::anyhow!(
                        "no evaluator of {} hands is named `{}`",
                        <G::High as Game>::WORD,
                        self.name
                    )
                })?;
            let took = started.elapsed();
            let brute_force = self.brute_force.then(|| {
                let started = Instant::now();
                let equities = handeval_equity::hilo::brute_force_hi_lo::<
                    G::High,
                    handeval_registry::ReferenceBest,
                >(&m, |h| {
                    <handeval_reference::LowReference as handeval_core::low::LowEvaluator<G>>::low(
                        h,
                    )
                });
                (equities.equity, started.elapsed())
            });
            Ok(HiLoCount {
                tally,
                took,
                low_name: low.meta.name,
                brute_force,
            })
        }
    }
    on_hi_lo_game(
        game,
        Count {
            name,
            hands,
            board,
            dead,
            brute_force,
        },
    )?
}

/// What `cargo xtask list --hi-lo` prints: with `names`, each Hi-Lo game's
/// id on a line; else each game, its qualifying lows and its low
/// evaluators' table ([`lows_table`]).
pub fn list_text(names: bool) -> String {
    use std::fmt::Write as _;
    let mut text = String::new();
    for game in games() {
        if names {
            text.push_str(game.id);
            text.push('\n');
            continue;
        }
        let high = high_game(game);
        let _ = writeln!(
            text,
            "{} ({}): the high half is `{}`'s; {} of {} hands hold a qualifying low\n\n{}",
            game.id,
            game.title,
            high.id,
            game.value.qualifying().unwrap_or(0),
            game.hands,
            lows_table(&crate::select::abouts(game, false))
        );
    }
    text
}

/// The low evaluators as a Markdown table, each with its role, the path
/// its batch takes on this CPU and its summary: what `list --hi-lo` and
/// `list --game omaha8` show.
pub fn lows_table(lows: &[handeval_registry::About]) -> String {
    use std::fmt::Write as _;
    let mut table =
        String::from("| low evaluator | role | cpu path | summary |\n|---|---|---|---|\n");
    for a in lows {
        let _ = writeln!(
            table,
            "| `{}` | {} | {} | {} |",
            a.meta.name,
            a.meta.role.id(),
            a.cpu_path,
            a.meta.summary
        );
    }
    table
}
