//! The report's section on the evaluators people use: each engine's
//! check, then its time beside its language's floor, its baseline and the
//! lab's fastest evaluator of the game, all from the same interleaved
//! rounds as the lab's own rows.

use std::fmt::Write as _;

use handeval_core::Role;
use handeval_results::{Language, Timer, Workload};

use super::format::{fmt_ns, ratio_words};
use super::{CheckRow, Row};

/// The lab's fastest evaluator (a lab variant: no reference, listing,
/// outside baseline or floor) on `workload`.
pub fn lab_fastest(rows: &[Row], workload: Workload) -> Option<&Row> {
    rows.iter()
        .filter(|r| r.workload == workload)
        .filter(|r| r.role.is_some_and(Role::is_lab_variant))
        .min_by(|a, b| a.ns.total_cmp(&b.ns))
}

/// Whether a row or check is an engine's: anything not the lab's own Rust.
fn is_engine(language: Language, role: Option<Role>) -> bool {
    language != Language::Rust || role == Some(Role::Binding)
}

/// What the table says after an engine's name for its role.
fn role_words(role: Option<Role>) -> &'static str {
    match role {
        Some(Role::Floor) => " (floor)",
        Some(Role::Binding) => " (the lab's own)",
        Some(Role::Example) => " (the ABI's example)",
        // Held to the lab's port of its pinned version: its disagreements
        // are that version's, counted exactly, and it is never timed.
        Some(Role::Listing) => " (known errors, held to its port)",
        _ => "",
    }
}

/// The section, or `None` for a run without engines.
pub fn section(rows: &[Row], checks: &[CheckRow]) -> Option<String> {
    let engine_rows: Vec<&Row> = rows
        .iter()
        .filter(|r| is_engine(r.language, r.role))
        .collect();
    let engine_checks: Vec<&CheckRow> = checks
        .iter()
        .filter(|c| is_engine(c.language, c.role))
        .collect();
    if engine_rows.is_empty() && engine_checks.is_empty() {
        return None;
    }
    let mut s = String::from("\n## Evaluators people use\n\n");
    s.push_str(
        "Engines are evaluators outside the lab, reached as their users reach them: PyPI and \
         npm packages at pinned versions through a runner in their own language (the protocol \
         of `crates/engines/PROTOCOL.md`), and the C their packages ship (or their source \
         distributions, built by pip with the flags a user tuning for the CPU passes), called \
         in-process. Each is held to the reference on its own scale before it is timed: its \
         values must order the hands exactly as the reference's classes do, and a hand whose \
         value stands for another class, or sits out of order, disagrees.\n\n",
    );
    if !engine_checks.is_empty() {
        s.push_str(&checks_table(&engine_checks));
    }
    if engine_rows.is_empty() {
        return Some(s);
    }
    let apart = engine_rows.iter().any(|r| r.ns_from == Timer::Engines);
    if apart {
        s.push_str(
            "This run timed its engines in a phase of their own after the rounds (runs before \
             the one record did): each engine's figure is the fastest of its seven turns, the \
             median turn beside it, taken minutes from the lab's own figures, so no ratio to the \
             run's baseline is given; the last column is the engine's time over the lab's \
             fastest evaluator of the game in this run.\n\n",
        );
    } else {
        s.push_str(
            "Each engine was timed in the same interleaved rounds as the lab's evaluators, over \
             the same seeded blocks of shuffled hands from cards, its turns measured in its own \
             language (a runner stays up for the whole workload and times one turn on request); \
             the published time is its undisturbed time, the fastest turn, the median turn \
             beside it, estimated as every row is. An engine too slow to pass over a whole \
             block in a turn passes over the block's first hands (*hands a pass*). A C engine's \
             ratio is to the fastest outside evaluator called in-process; a runner's to the \
             fastest outside engine of its own language (each named). An equity calculator's \
             \"hand\" is one exact count of the workload's matchup on one thread.\n\n",
        );
    }
    let mut workloads: Vec<Workload> = Vec::new();
    for r in &engine_rows {
        if !workloads.contains(&r.workload) {
            workloads.push(r.workload);
        }
    }
    let games = handeval_results::workload::games();
    workloads.sort_by_key(|w| {
        (
            games.iter().position(|g| *g == w.game()),
            w.order.is_pattern(),
        )
    });
    for w in workloads {
        s.push_str(&times_table(rows, &engine_rows, w));
    }
    Some(s)
}

/// The engines' table of one workload: each engine's figures beside its
/// floor, its baseline and the lab's fastest evaluator.
fn times_table(rows: &[Row], engine_rows: &[&Row], w: Workload) -> String {
    let mut s = String::new();
    let unit = if w.order.is_equity() { "count" } else { "hand" };
    let fastest = lab_fastest(rows, w);
    let _ = writeln!(
        s,
        "### {} (`{w}`)\n\n| engine | language | model | package | ns/{unit} | median turn | floor | hands a pass | x baseline | x {} |\n|---|---|---|---|---:|---:|---:|---:|---|---:|",
        w.game().title,
        fastest.map_or(
            "the lab's fastest (not in this run)".to_string(),
            |r| format!("`{}`", r.evaluator)
        )
    );
    let mut in_w: Vec<&&Row> = engine_rows.iter().filter(|r| r.workload == w).collect();
    in_w.sort_by(|a, b| {
        (a.language, a.ns)
            .partial_cmp(&(b.language, b.ns))
            .unwrap_or(std::cmp::Ordering::Equal)
    });
    for r in in_w {
        let baseline = match r.ratio_to_baseline {
            Some(x) if !r.is_floor() => format!("{} `{}`", ratio_words(x), r.baseline),
            _ => "-".to_string(),
        };
        let lab = fastest
            .filter(|_| !r.is_floor())
            .map_or_else(|| "-".to_string(), |f| ratio_words(r.ns / f.ns));
        let _ = writeln!(
            s,
            "| {}{} | {} | {} | {} | {} | {} | {} | {} | {baseline} | {lab} |",
            r.evaluator,
            role_words(r.role),
            r.language,
            r.model,
            r.package,
            fmt_ns(r.ns),
            r.rounds_ns.map_or_else(|| "-".to_string(), fmt_ns),
            r.floor_ns.map_or_else(|| "-".to_string(), fmt_ns),
            r.hands_per_pass
                .map_or_else(|| "block".to_string(), |h| h.to_string()),
        );
    }
    s.push('\n');
    s
}

/// Each engine's check: one line per engine, game and model.
fn checks_table(checks: &[&CheckRow]) -> String {
    let mut s = String::from(
        "| engine | version | game | coverage | hands | disagreeing | classes | checked | first disagreement |\n\
         |---|---|---|---|---:|---:|---:|---|---|\n",
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
            "| {}{} | {} | {} | {} | {} | {} | {} | {} | {} |",
            c.evaluator,
            role_words(c.role),
            c.version,
            c.game,
            c.coverage,
            c.hands,
            c.disagreements,
            c.classes,
            c.checked,
            first.replace('|', "\\|")
        );
    }
    s.push('\n');
    s
}
