//! The report's section on the evaluators people use (`cargo xtask
//! engines`): each engine's check, then its time beside its language's
//! floor and the lab's fastest evaluator of the game in the same run.

use std::fmt::Write as _;

use super::Row;
use super::format::ratio_words;
use crate::engines::{CheckRow, TimeRow};

/// The lab's fastest evaluator (a lab variant: no reference, listing,
/// outside baseline or floor) on `workload`.
pub fn lab_fastest<'a>(rows: &'a [Row], workload: &str) -> Option<&'a Row> {
    rows.iter()
        .filter(|r| r.workload.id() == workload)
        .filter(|r| r.role.is_some_and(handeval_core::Role::is_lab_variant))
        .min_by(|a, b| a.ns.total_cmp(&b.ns))
}

fn ns(x: f64) -> String {
    if x >= 100.0 {
        format!("{x:.0}")
    } else if x >= 10.0 {
        format!("{x:.1}")
    } else {
        format!("{x:.2}")
    }
}

/// The section, or `None` for a run without engines.
pub fn section(rows: &[Row], checks: &[CheckRow], times: &[TimeRow]) -> Option<String> {
    if checks.is_empty() && times.is_empty() {
        return None;
    }
    let mut s = String::from("\n## Evaluators people use\n\n");
    s.push_str(
        "Engines are evaluators outside the lab, reached as their users reach them: PyPI and \
         npm packages at pinned versions through a runner in their own language (the protocol \
         of `crates/engines/PROTOCOL.md`), and the C their packages ship, called in-process. \
         Each is held to the reference on its own scale: its values must order the hands \
         exactly as the reference's classes do, and a hand whose value stands for another \
         class, or sits out of order, disagrees.\n\n",
    );
    if !checks.is_empty() {
        s.push_str(&checks_table(checks));
    }
    if !times.is_empty() {
        s.push_str(
            "Times are per hand over the game's shuffled hands from cards (its headline \
             workload's seeded blocks), measured by the engine in its own language: each turn \
             the fastest of its passes over one block, the published time the fastest turn \
             (the lab's undisturbed estimator), the median turn beside it. An engine too slow \
             to pass over a whole block in a turn passes over the block's first hands. The \
             floor is the language's runner with no evaluation; the last column the engine's \
             time over the lab's fastest evaluator of the game in this run.\n\n",
        );
        let mut games: Vec<&str> = times.iter().map(|t| t.game.as_str()).collect();
        games.dedup();
        games.sort_unstable();
        games.dedup();
        for game in games {
            let in_game: Vec<&TimeRow> = times.iter().filter(|t| t.game == game).collect();
            let workload = in_game[0].workload.as_str();
            let fastest = lab_fastest(rows, workload);
            let _ = writeln!(
                s,
                "### {game} ({workload})\n\n| engine | language | model | ns/hand | median | floor | hands a pass | x {} |\n|---|---|---|---:|---:|---:|---:|---:|",
                fastest.map_or("the lab's fastest (not in this run)", |r| r
                    .evaluator
                    .as_str())
            );
            let mut sorted = in_game.clone();
            sorted.sort_by(|a, b| a.ns.total_cmp(&b.ns));
            for t in sorted {
                if !t.error.is_empty() {
                    let _ = writeln!(
                        s,
                        "| {} | {} | {} | not timed: {} | | | | |",
                        t.engine,
                        t.language,
                        t.model,
                        t.error.replace('|', "\\|")
                    );
                    continue;
                }
                let ratio = fastest
                    .filter(|_| t.role == "evaluator")
                    .map_or_else(|| "-".to_string(), |f| ratio_words(t.ns / f.ns));
                let _ = writeln!(
                    s,
                    "| {}{} | {} | {} | {} | {} | {} | {} | {} |",
                    t.engine,
                    if t.role == "floor" { " (floor)" } else { "" },
                    t.language,
                    t.model,
                    ns(t.ns),
                    ns(t.median_ns),
                    t.floor_ns.map_or_else(|| "-".to_string(), ns),
                    t.hands_per_pass,
                    ratio
                );
            }
            s.push('\n');
        }
    }
    Some(s)
}

/// Each engine's check: one line per engine, game and model.
fn checks_table(checks: &[CheckRow]) -> String {
    let mut s = String::from(
        "| engine | version | game | model | hands | checked on | disagreeing | first disagreement |\n\
         |---|---|---|---|---:|---|---:|---|\n",
    );
    for c in checks {
        let first = if c.error.is_empty() {
            c.examples
                .split("; ")
                .next()
                .unwrap_or_default()
                .to_string()
        } else {
            format!("not checked: {}", c.error)
        };
        let _ = writeln!(
            s,
            "| {} | {} | {} | {} | {} | {} | {} | {} |",
            c.engine,
            c.version,
            c.game,
            c.model,
            c.hands,
            c.coverage,
            c.disagreements,
            first.replace('|', "\\|")
        );
    }
    s.push('\n');
    s
}
