//! The tests of `handeval_results`.

use check::CheckRow;
use handeval_core::Role;
use handeval_results::*;
use language::Language;
use row::Row;
use std::path::Path;
use turn::Turn;
use workload::{Input, Workload};

/// A run of two contenders, the lab's and an engine, over three
/// rounds, with the engine's check.
fn run(dir: &Path, engine_checked: bool) -> (Vec<Row>, Vec<Turn>) {
    let w = Workload::HEADLINE.from_input(Input::Cards(handeval_core::GameInfo::of::<
        handeval_core::Hand7,
    >()));
    let mut turns = Vec::new();
    for round in 0..3 {
        for (name, ns) in [("lab/simd", 0.5), ("c/ompeval/batch", 2.0 + round as f64)] {
            turns.push(Turn {
                workload: w,
                evaluator: name.into(),
                round,
                ns_per_hand: ns,
                block: Some(round),
                passes: Some(8),
                median_pass_ns: Some(ns),
                hands: None,
            });
        }
    }
    let mut lab = Row::new("lab/simd", w);
    lab.role = Some(Role::Simd);
    lab.measured(&turns, None).unwrap();
    let mut engine = Row::new("c/ompeval/batch", w);
    engine.role = Some(Role::Baseline);
    engine.language = Language::C;
    engine.model = "batch".into();
    engine.measured(&turns, None).unwrap();
    let mut rows = vec![lab, engine];
    estimate::derive_columns(&mut rows, &turns).unwrap();
    row::write(&dir.join(RESULTS), &rows).unwrap();
    let mut file = Vec::new();
    turn::write(&mut file, &turns, true).unwrap();
    std::fs::write(dir.join(ROUNDS), file).unwrap();
    let mut check = CheckRow::new("c/ompeval/batch", "seven");
    check.language = Language::C;
    check.evaluated = 1000;
    check.hands = 1000;
    check::write(
        &dir.join(CHECKS),
        if engine_checked {
            std::slice::from_ref(&check)
        } else {
            &[]
        },
    )
    .unwrap();
    (rows, turns)
}

#[test]
fn an_engines_row_is_read_and_derived_as_the_labs_are() {
    let dir = tempfile::tempdir().unwrap();
    run(dir.path(), true);
    let files = read(dir.path(), &[], &|_| {}).unwrap();
    let engine = files
        .rows
        .iter()
        .find(|r| r.language == Language::C)
        .unwrap();
    assert_eq!(
        (engine.ns, engine.rounds_ns, engine.turns),
        (2.0, Some(3.0), Some(3))
    );
    let lab = files
        .rows
        .iter()
        .find(|r| r.language == Language::Rust)
        .unwrap();
    // The C original is the in-process baseline of the lab's row.
    assert_eq!(lab.baseline, "c/ompeval/batch");
    assert_eq!(lab.ratio_to_baseline, Some(0.25));
}

/// Issue 65: an engine's row whose turns contradict its figure is
/// refused as a lab row's is; so is one timed without a check.
#[test]
fn an_engines_row_that_its_turns_contradict_is_refused_like_a_labs() {
    for contradicted in ["lab/simd", "c/ompeval/batch"] {
        let dir = tempfile::tempdir().unwrap();
        let (mut rows, _) = run(dir.path(), true);
        let r = rows
            .iter_mut()
            .find(|r| r.evaluator == contradicted)
            .unwrap();
        // Its median turn, as results.csv says it, is not the turns'.
        r.rounds_ns = r.rounds_ns.map(|m| m * 1.5);
        row::write(&dir.path().join(RESULTS), &rows).unwrap();
        let err = format!("{:#}", read(dir.path(), &[], &|_| {}).unwrap_err());
        assert!(
            err.contains("rounds.csv disagrees with results.csv") && err.contains(contradicted),
            "{contradicted}: {err}"
        );
    }
    let dir = tempfile::tempdir().unwrap();
    run(dir.path(), false);
    let err = format!("{:#}", read(dir.path(), &[], &|_| {}).unwrap_err());
    assert!(err.contains("holds no check of it"), "{err}");
}
