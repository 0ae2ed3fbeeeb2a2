//! The run's plan: `--filter`, `--cards`, `--simd`, the mode and the seed,
//! resolved once against the registry into a [`Plan`] that every later
//! step, and both benchmark binaries, read as it is.

use anyhow::{Result, bail};
use handeval_benches::{Benchmark, Mode, Plan, SimdLimit, Workload};
use handeval_core::Role;
use handeval_registry::About;

use crate::select::{Cards, selected_by};

/// What the command line asks of a run, before it is resolved.
pub struct Request<'a> {
    /// `--filter`: comma-separated pieces (see [`selected_by`]).
    pub filter: &'a str,
    /// `--cards`: one hand size, or every one.
    pub cards: Option<Cards>,
    /// `--simd`.
    pub simd: SimdLimit,
    /// `--quick`, `--smoke` or neither.
    pub mode: Mode,
    /// `--seed`.
    pub seed: u64,
}

/// The evaluators timed on hands of `cards` cards: the floor first, the
/// published listings (never timed) left out.
pub fn timed_evaluators(cards: Cards) -> Vec<About> {
    cards
        .abouts(true)
        .into_iter()
        .filter(|a| a.role.is_timed())
        .collect()
}

/// The workloads of the hand sizes a request covers.
fn workloads(cards: Option<Cards>) -> impl Iterator<Item = Workload> {
    Workload::every().filter(move |w| cards.is_none_or(|c| c.count() == w.cards()))
}

/// Every benchmark the request selects, workload by workload, each
/// workload's evaluators in registry order.
fn timed(request: &Request<'_>) -> Vec<Benchmark> {
    workloads(request.cards)
        .flat_map(|w| {
            timed_evaluators(Cards::of(w.cards()))
                .into_iter()
                .filter(move |a| selected_by(request.filter, w, a.name))
                .map(move |a| Benchmark {
                    workload: w,
                    evaluator: a.name.to_string(),
                })
        })
        .collect()
}

/// The instruction counts of `timed`: on each counted workload (a count
/// stands for both orders of a workload), every evaluator timed in either
/// order, and the floor, which *instr - floor* subtracts.
fn counted(timed: &[Benchmark]) -> Vec<Benchmark> {
    let mut counted = Vec::new();
    for w in Workload::every().filter(|w| w.is_counted()) {
        let twins = [w, w.in_order(handeval_benches::Order::Sequential)];
        let chosen: Vec<About> = timed_evaluators(Cards::of(w.cards()))
            .into_iter()
            .filter(|a| {
                timed
                    .iter()
                    .any(|b| twins.contains(&b.workload) && b.evaluator == a.name)
            })
            .collect();
        if chosen.is_empty() {
            continue;
        }
        let floor = timed_evaluators(Cards::of(w.cards()))
            .into_iter()
            .filter(|a| a.role == Role::Floor);
        for a in floor.chain(chosen.into_iter().filter(|a| a.role != Role::Floor)) {
            counted.push(Benchmark {
                workload: w,
                evaluator: a.name.to_string(),
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
        let last = |cards| timed_evaluators(cards).last().map_or("", |a| a.name);
        bail!(
            "--filter {:?} selects no benchmark; ids are workload/evaluator, e.g. {}/{} or {}/{}",
            request.filter,
            Workload::HEADLINE,
            last(Cards::Five),
            Workload::SEVEN[0],
            last(Cards::Seven),
        );
    }
    Ok(Plan {
        seed: request.seed,
        simd: request.simd,
        mode: request.mode,
        counted: counted(&timed),
        timed,
        rounds_out: std::path::PathBuf::new(),
    })
}

/// Whether a plan counts any instructions of five-card hands, and any of
/// seven: what `machine.txt`'s `instruction counts` line describes.
pub fn counted_sizes(plan: &Plan) -> (bool, bool) {
    let has = |cards| plan.counted.iter().any(|b| b.workload.cards() == cards);
    (has(5), has(7))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn request(filter: &str, cards: Option<Cards>) -> Request<'_> {
        Request {
            filter,
            cards,
            simd: SimdLimit::Avx512,
            mode: Mode::Smoke,
            seed: 1,
        }
    }

    fn plan(filter: &str, cards: Option<Cards>) -> Plan {
        resolve(&request(filter, cards)).unwrap()
    }

    #[test]
    fn only_selected_benchmarks_are_timed_and_counted() {
        // A seven-card filter counts no five-card workload.
        let p = plan("hand7", None);
        assert!(p.timed.iter().all(|b| b.workload.cards() == 7));
        assert_eq!(counted_sizes(&p), (false, true));
        // One evaluator: it and the floor are counted, nothing else.
        let p = plan("strength/shuffled/encoded/pokers", None);
        assert_eq!(p.timed.len(), 1);
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
        // Six cards have none.
        assert!(plan("", Some(Cards::Six)).counted.is_empty());
        // Everything: every timed evaluator on every counted workload.
        let p = plan("", None);
        let five = timed_evaluators(Cards::Five).len();
        let seven = timed_evaluators(Cards::Seven).len();
        assert_eq!(p.counted.len(), 4 * five + seven);
    }

    #[test]
    fn a_filter_that_selects_nothing_is_refused() {
        let err = resolve(&request("nosuch", None)).unwrap_err();
        assert!(err.to_string().contains("selects no benchmark"), "{err}");
        let err = resolve(&request("hand7", Some(Cards::Five))).unwrap_err();
        assert!(err.to_string().contains("selects no benchmark"), "{err}");
    }
}
