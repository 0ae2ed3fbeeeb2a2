//! The report's first screen: for each game of the run, the lab's fastest
//! evaluator, the strongest outside evaluator called in-process (any
//! language), their ratio, and the fastest Python and JavaScript entries,
//! every figure from the run's one measurement.

use std::fmt::Write as _;

use handeval_core::Role;
use handeval_results::{Language, Timer, Workload};

use super::Row;
use super::format::{fmt_ns, ratio_words};

/// Each game's headline workload (full strength of shuffled hands from
/// cards) that the run timed, in the order of the games.
pub fn headlines(rows: &[Row]) -> Vec<Workload> {
    handeval_results::workload::games()
        .into_iter()
        .map(Workload::headline)
        .filter(|w| rows.iter().any(|r| r.workload == *w))
        .collect()
}

/// The fastest row of `workload` that `keep` accepts.
pub fn fastest(rows: &[Row], workload: Workload, keep: impl Fn(&Row) -> bool) -> Option<&Row> {
    rows.iter()
        .filter(|r| r.workload == workload && keep(r))
        .min_by(|a, b| a.ns.total_cmp(&b.ns))
}

/// The strongest outside evaluator of `workload` called in-process: the
/// baseline every in-process ratio of the run names.
pub fn strongest_outside(rows: &[Row], workload: Workload) -> Option<&Row> {
    fastest(rows, workload, |r| {
        r.is_outside() && r.language.in_process() && r.in_one_measurement()
    })
}

/// A row as a cell: its name, vector path, time, and a dagger where it
/// was timed apart from the rounds.
fn named(r: &Row) -> String {
    let path = if r.role == Some(Role::Simd) {
        format!(" [{}]", super::markdown::vector_path(&r.cpu_path))
    } else {
        String::new()
    };
    let apart = if r.ns_from == Timer::Engines {
        " †"
    } else {
        ""
    };
    format!("`{}`{path} {} ns{apart}", r.evaluator, fmt_ns(r.ns))
}

/// The fastest entries of a runner's `language`: its fastest outside
/// engine, and the lab's own package in it.
fn in_language(rows: &[Row], workload: Workload, language: Language) -> String {
    let outside = fastest(rows, workload, |r| r.language == language && r.is_outside());
    let lab = fastest(rows, workload, |r| {
        r.language == language && r.role == Some(Role::Binding)
    });
    match (outside, lab) {
        (None, None) => "not timed".to_string(),
        (Some(o), None) => named(o),
        (None, Some(l)) => format!("the lab's {}", named(l)),
        (Some(o), Some(l)) => format!("{}; the lab's {}", named(o), named(l)),
    }
}

/// A workload's line in the answer: its game's title, and a Hi-Lo game's
/// low said so.
pub fn title_of(w: Workload) -> String {
    if w.kind == handeval_results::Kind::Low {
        format!("{}, the low", w.game().title)
    } else {
        w.game().title.to_string()
    }
}

/// The first screen's section: a sentence and the table.
pub fn section(rows: &[Row]) -> String {
    let games = headlines(rows);
    let mut s = String::from("## The answer\n\n");
    let lows = if games.iter().any(|w| w.kind == handeval_results::Kind::Low) {
        " (a Hi-Lo game: the low it adds to its high game's)"
    } else {
        ""
    };
    let _ = write!(
        s,
        "Per game, full strength of shuffled hands from cards{lows}: the lab's fastest evaluator, the \
         strongest outside evaluator called in-process (a Rust crate or the C an engine \
         ships), and the one's time over the other's, undisturbed (the fastest turn of the \
         interleaved rounds both took part in); then the fastest Python and JavaScript entries, \
         which pay their interpreter on every call.\n\n",
    );
    s.push_str("| game | the lab's fastest | strongest outside, in-process | ratio | fastest Python | fastest JavaScript |\n|---|---|---|---:|---|---|\n");
    for w in &games {
        let lab = fastest(rows, *w, |r| r.role.is_some_and(Role::is_lab_variant));
        let outside = strongest_outside(rows, *w);
        let ratio = match (lab, outside) {
            (Some(l), Some(o)) => ratio_words(l.ns / o.ns),
            _ => "-".to_string(),
        };
        let _ = writeln!(
            s,
            "| {} | {} | {} | {ratio} | {} | {} |",
            title_of(*w),
            lab.map_or_else(|| "none timed".to_string(), named),
            outside.map_or_else(|| "none timed".to_string(), named),
            in_language(rows, *w, Language::Python),
            in_language(rows, *w, Language::JavaScript),
        );
    }
    if rows.iter().any(|r| r.ns_from == Timer::Engines) {
        s.push_str(
            "\n†: timed in the engines phase after the rounds, as runs before the one record \
             timed engines: never compared in a ratio with the rounds' figures.\n",
        );
    }
    s.push_str("\nThe detail of each game follows below.\n");
    s
}
