//! The tests of `handeval_results::estimate`.

use handeval_core::Role;
use handeval_results::Language;
use handeval_results::estimate::*;
use handeval_results::row::{Row, Timer};
use handeval_results::turn::Turn;
use handeval_results::workload::Workload;

/// A turn without the rounds' pass statistics, which the estimator does
/// not read.
fn turn(evaluator: &str, round: usize, ns: f64) -> Turn {
    Turn {
        block: None,
        passes: None,
        median_pass_ns: None,
        ..crate::turn(evaluator, round, ns)
    }
}

#[test]
fn ratios_are_taken_within_rounds_and_summarised() {
    let w = Workload::HEADLINE;
    // The machine slows down by half in round 2; the ratio does not.
    let turns = [
        turn("a", 0, 2.0),
        turn("b", 0, 4.0),
        turn("a", 1, 2.0),
        turn("b", 1, 4.4),
        turn("a", 2, 3.0),
        turn("b", 2, 6.0),
        turn("a", 3, 2.0),
        turn("b", 3, 3.6),
    ];
    let stats = ratio_stats(&turns, w, "b", "a").unwrap();
    assert_eq!(stats.rounds, 4);
    assert!((stats.median - 2.0).abs() < 1e-12, "{stats:?}");
    assert!((stats.q1 - 1.95).abs() < 1e-12, "{stats:?}");
    assert!((stats.q3 - 2.05).abs() < 1e-12, "{stats:?}");
    assert_eq!(ratio_stats(&turns, w, "c", "a"), None);
    assert_eq!(median_turn(&turns, w, "a"), Some(2.0));
}

#[test]
fn the_fastest_turn_and_the_disturbed_ones() {
    let w = Workload::HEADLINE;
    let turns: Vec<Turn> = [2.85, 4.4, 2.9, 4.5, 2.86]
        .iter()
        .enumerate()
        .map(|(round, &ns)| turn("a", round, ns))
        .collect();
    let u = Undisturbed::of(&turns, w, "a").unwrap();
    assert_eq!((u.ns, u.disturbed, u.turns), (2.85, 2, 5));
    assert_eq!(Undisturbed::of(&turns, w, "b"), None);
}

/// A row of `name` in `language` and `model` with `role`, timed in
/// every one of three rounds at `ns`.
fn contender(
    name: &str,
    role: Role,
    language: Language,
    model: &str,
    ns: f64,
    turns: &mut Vec<Turn>,
) -> Row {
    let mut r = Row::new(name, Workload::HEADLINE);
    r.role = Some(role);
    r.language = language;
    r.model = model.to_string();
    turns.extend((0..3).map(|round| turn(name, round, ns)));
    r.measured(turns, None).unwrap();
    r
}

#[test]
fn in_process_rows_take_the_fastest_in_process_outside_evaluator_and_runners_their_own_languages() {
    let mut turns = Vec::new();
    let mut rows = vec![
        contender("null", Role::Floor, Language::Rust, "", 0.3, &mut turns),
        contender("lab/simd", Role::Simd, Language::Rust, "", 0.5, &mut turns),
        contender(
            "pokers",
            Role::Baseline,
            Language::Rust,
            "",
            2.4,
            &mut turns,
        ),
        contender(
            "c/ompeval/batch",
            Role::Baseline,
            Language::C,
            "batch",
            1.9,
            &mut turns,
        ),
        contender(
            "c/null/batch",
            Role::Floor,
            Language::C,
            "batch",
            0.4,
            &mut turns,
        ),
        contender(
            "py/null/call",
            Role::Floor,
            Language::Python,
            "call",
            17.0,
            &mut turns,
        ),
        contender(
            "py/null/batch",
            Role::Floor,
            Language::Python,
            "batch",
            0.8,
            &mut turns,
        ),
        contender(
            "py/eval7/call",
            Role::Baseline,
            Language::Python,
            "call",
            300.0,
            &mut turns,
        ),
        contender(
            "py/fast/call",
            Role::Baseline,
            Language::Python,
            "call",
            230.0,
            &mut turns,
        ),
        contender(
            "py/handeval/batch",
            Role::Binding,
            Language::Python,
            "batch",
            1.2,
            &mut turns,
        ),
        contender(
            "js/phe/call",
            Role::Baseline,
            Language::JavaScript,
            "call",
            74.0,
            &mut turns,
        ),
    ];
    derive_columns(&mut rows, &turns).unwrap();
    let of = |name: &str| rows.iter().find(|r| r.evaluator == name).unwrap();
    // The C original beats the Rust port: it is the in-process baseline.
    assert_eq!(of("lab/simd").baseline, "c/ompeval/batch");
    assert_eq!(of("pokers").baseline, "c/ompeval/batch");
    assert!((of("lab/simd").ratio_to_baseline.unwrap() - 0.5 / 1.9).abs() < 1e-12);
    // Python is held to Python's fastest outside engine, never to the
    // lab's own package or to a Rust or C row.
    assert_eq!(of("py/eval7/call").baseline, "py/fast/call");
    assert_eq!(of("py/handeval/batch").baseline, "py/fast/call");
    assert_eq!(of("js/phe/call").baseline, "js/phe/call");
    // Each row's floor is its language's, in its model.
    assert_eq!(of("lab/simd").floor_ns, Some(0.3));
    assert_eq!(of("c/ompeval/batch").floor_ns, Some(0.4));
    assert_eq!(of("py/eval7/call").floor_ns, Some(17.0));
    assert_eq!(of("py/handeval/batch").floor_ns, Some(0.8));
    assert_eq!(of("js/phe/call").floor_ns, None);
    assert_eq!(of("null").floor_ns, None);
    // The fastest of the field, floors aside.
    assert!((of("pokers").ratio_to_fastest - 2.4 / 0.5).abs() < 1e-12);
    // A row timed apart (an older run's engines phase) is held to none.
    let mut apart = of("py/eval7/call").clone();
    apart.ns_from = Timer::Engines;
    assert!(baseline_for(&apart, &rows).is_none());
}
