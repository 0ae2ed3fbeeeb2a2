//! The report's section on the evaluators people use (`cargo xtask
//! engines`): each engine's check, then its time beside its language's
//! floor and the lab's fastest evaluator of the game in the same run.

use std::fmt::Write as _;

use super::Row;
use super::format::ratio_words;
use crate::engines::{CheckRow, TimeRow};
use handeval_benches::Workload;

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

/// What the engines table says after an engine's name for its role.
fn role_words(role: &str) -> &'static str {
    match role {
        "floor" => " (floor)",
        "lab" => " (the lab's own)",
        _ => "",
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
             time over the lab's fastest evaluator of the game in this run. An engine's own \
             equity calculator is timed on the equity workloads the outside calculators count: \
             a \"hand\" is one exact count of the workload's matchup on one thread, a turn one \
             count, as many turns as the lab's rounds of it, each count held to the lab's \
             (equities to 1e-9, the same games).\n\n",
        );
        // One table per game and workload, games in order, each game's
        // stream of hands before its equity counts.
        let mut groups: Vec<(&str, &str)> = Vec::new();
        for t in times {
            let group = (t.game.as_str(), t.workload.as_str());
            if !groups.contains(&group) {
                groups.push(group);
            }
        }
        groups.sort_by_key(|&(game, workload)| {
            (
                game,
                workload
                    .parse::<Workload>()
                    .is_ok_and(|w| w.order.is_equity()),
            )
        });
        for (game, workload) in groups {
            let in_game: Vec<&TimeRow> = times
                .iter()
                .filter(|t| t.game == game && t.workload == workload)
                .collect();
            let unit = if in_game.iter().all(|t| crate::engines::is_count(t)) {
                "count"
            } else {
                "hand"
            };
            let fastest = lab_fastest(rows, workload);
            let _ = writeln!(
                s,
                "### {game} ({workload})\n\n| engine | language | model | ns/{unit} | median | floor | hands a pass | x {} |\n|---|---|---|---:|---:|---:|---:|---:|",
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
                    .filter(|_| t.role != "floor")
                    .map_or_else(|| "-".to_string(), |f| ratio_words(t.ns / f.ns));
                let _ = writeln!(
                    s,
                    "| {}{} | {} | {} | {} | {} | {} | {} | {} |",
                    t.engine,
                    role_words(&t.role),
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

#[cfg(test)]
mod tests {
    use super::*;

    fn row(engine: &str, model: &str, workload: &str, ns: f64) -> TimeRow {
        TimeRow {
            engine: engine.to_string(),
            language: "C".to_string(),
            role: "evaluator".to_string(),
            version: "0.2.0".to_string(),
            game: "seven".to_string(),
            model: model.to_string(),
            workload: workload.to_string(),
            hands_per_pass: 1,
            passes: 1,
            turns: 3,
            ns,
            median_ns: ns,
            floor_ns: None,
            error: String::new(),
        }
    }

    #[test]
    fn each_equity_count_has_a_table_of_its_own_in_ns_a_count() {
        let times = [
            row("c/ompeval", "call", "strength/equity-heads-up/hand7", 6.4e8),
            row("c/ompeval", "batch", "strength/shuffled/hand7", 6.38),
            row(
                "c/ompeval",
                "call",
                "strength/equity-three-way/hand7",
                1.1e9,
            ),
            row("c/other", "call", "strength/equity-heads-up/hand7", 7.0e8),
        ];
        let s = section(&[], &[], &times).unwrap();
        let heads: Vec<&str> = s.lines().filter(|l| l.starts_with("### ")).collect();
        assert_eq!(
            heads,
            [
                "### seven (strength/shuffled/hand7)",
                "### seven (strength/equity-heads-up/hand7)",
                "### seven (strength/equity-three-way/hand7)"
            ],
            "{s}"
        );
        let tables: Vec<&str> = s.split("### ").skip(1).collect();
        assert!(tables[0].contains("| ns/hand |"), "{}", tables[0]);
        assert!(tables[1].contains("| ns/count |"), "{}", tables[1]);
        // Both calculators of the heads-up count in its one table.
        assert_eq!(tables[1].matches("| call |").count(), 2, "{}", tables[1]);
    }
}
