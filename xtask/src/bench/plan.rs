//! The run's plan: `--filter`, `--game`, `--simd`, the mode and the seed,
//! resolved once against the registry into a [`Plan`] that every later
//! step, and both benchmark binaries, read as it is.

use anyhow::{Result, bail};
use handeval_benches::{Benchmark, Kind, Mode, Plan, SimdLimit, Workload};
use handeval_core::{GameInfo, Role};
use handeval_registry::About;

use crate::select::{abouts, selected_by};

/// What the command line asks of a run, before it is resolved.
pub struct Request<'a> {
    /// `--filter`: comma-separated pieces (see [`selected_by`]).
    pub filter: &'a str,
    /// `--game`: one game, or every one.
    pub game: Option<GameInfo>,
    /// `--simd`.
    pub simd: SimdLimit,
    /// `--quick`, `--smoke` or neither.
    pub mode: Mode,
    /// `--seed`.
    pub seed: u64,
}

/// The evaluators timed on hands of `game`: the floor first, the
/// published listings (never timed) left out.
pub fn timed_evaluators(game: GameInfo) -> Vec<About> {
    abouts(game, true)
        .into_iter()
        .filter(|a| a.meta.role.is_timed())
        .collect()
}

/// The workloads of the games a request covers.
fn workloads(game: Option<GameInfo>) -> impl Iterator<Item = Workload> {
    Workload::every().filter(move |w| game.is_none_or(|g| g == w.game()))
}

/// Every benchmark the request selects, workload by workload, each
/// workload's evaluators in registry order, and the floor of each workload
/// with one selected: every figure set against the floor (*instr - floor*,
/// the floor's line in the report) needs the floor's row of the same run,
/// and a filtered run that counted the floor without timing it published
/// an empty *instr - floor* while its text said it subtracted the floor.
fn timed(request: &Request<'_>) -> Vec<Benchmark> {
    workloads(request.game)
        .flat_map(|w| {
            let evaluators = timed_evaluators(w.game());
            let any = evaluators
                .iter()
                .any(|a| a.meta.role != Role::Floor && selected_by(request.filter, w, a.meta.name));
            evaluators
                .into_iter()
                .filter(move |a| {
                    selected_by(request.filter, w, a.meta.name)
                        || (any && a.meta.role == Role::Floor)
                })
                .filter(move |a| crate::select::timed_on(w, a))
                .map(move |a| Benchmark {
                    workload: w,
                    evaluator: a.meta.name.to_string(),
                })
        })
        .collect()
}

/// The instruction counts of `timed`: on each counted workload (a count
/// stands for both orders of a workload), every evaluator timed in either
/// order, and the floor, which *instr - floor* subtracts. A smoke run
/// counts full strength only: it shows that every evaluator runs and is
/// counted under valgrind on its path, which the five-card categories'
/// counts (a third of a smoke run's, valgrind starting once for each)
/// would show again.
fn counted(timed: &[Benchmark], mode: Mode) -> Vec<Benchmark> {
    let mut counted = Vec::new();
    let kept = |w: &Workload| w.is_counted() && (mode != Mode::Smoke || w.kind == Kind::Strength);
    for w in Workload::every().filter(kept) {
        let twins = [w, w.in_order(handeval_benches::Order::Sequential)];
        let chosen: Vec<About> = timed_evaluators(w.game())
            .into_iter()
            .filter(|a| {
                timed
                    .iter()
                    .any(|b| twins.contains(&b.workload) && b.evaluator == a.meta.name)
            })
            .collect();
        if chosen.is_empty() {
            continue;
        }
        let floor = timed_evaluators(w.game())
            .into_iter()
            .filter(|a| a.meta.role == Role::Floor);
        for a in floor.chain(chosen.into_iter().filter(|a| a.meta.role != Role::Floor)) {
            counted.push(Benchmark {
                workload: w,
                evaluator: a.meta.name.to_string(),
            });
        }
    }
    counted
}

/// Resolves `request` into the run's plan, every instruction count its
/// benchmarks have included; where the rounds go is set once the run has
/// its scratch folder.
///
/// # Errors
/// A filter that selects no benchmark, before anything is built or measured.
pub fn resolve(request: &Request<'_>) -> Result<Plan> {
    let timed = timed(request);
    if timed.is_empty() {
        let examples: Vec<String> = workloads(request.game)
            .filter(|w| w.is_counted() && w.kind == Kind::Strength)
            .take(3)
            .map(|w| {
                let last = timed_evaluators(w.game());
                format!("{w}/{}", last.last().map_or("", |a| a.meta.name))
            })
            .collect();
        bail!(
            "--filter {:?} selects no benchmark{}; ids are workload/evaluator, e.g. {}",
            request.filter,
            request
                .game
                .map_or_else(String::new, |g| format!(" of --game {g}")),
            examples.join(" or "),
        );
    }
    Ok(Plan {
        seed: request.seed,
        simd: request.simd,
        mode: request.mode,
        counted: counted(&timed, request.mode),
        timed,
        rounds_out: std::path::PathBuf::new(),
        engines: None,
    })
}

/// The games a plan counts instructions of, in the order of the list of
/// games: what `machine.txt`'s `instruction counts` line describes.
pub fn counted_games(plan: &Plan) -> Vec<GameInfo> {
    handeval_registry::games()
        .into_iter()
        .filter(|g| plan.counted.iter().any(|b| b.workload.game() == *g))
        .collect()
}
