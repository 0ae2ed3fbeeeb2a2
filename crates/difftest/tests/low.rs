//! Omaha Hi-Lo's low half: every registered low evaluator held to the
//! literal reference on every rank pattern (every hand, weighted) and on
//! seeded deals, the count of qualifying lows derived a second way, named
//! pitfalls, and deliberately broken evaluators that must fail.

use handeval_core::low::{Low, LowAbout, LowEvaluator, LowGame, OMAHA_QUALIFYING};
use handeval_core::{Game, Omaha4, Role};
use handeval_difftest::broken::{LowOfAnyFive, NineQualifies};
use handeval_difftest::cards::{SAMPLE, SAMPLE_SEED, random_hands};
use handeval_difftest::low::{LowCheck, rank_patterns, sampled};
use handeval_reference::LowReference;
use handeval_registry::lows;

fn about<E: LowEvaluator<Omaha4>>() -> LowAbout<Omaha4> {
    LowAbout::of::<E>()
}

fn all_passed(checks: &[LowCheck<Omaha4>]) -> Result<(), String> {
    for check in checks {
        println!("{check}");
    }
    match checks.iter().find(|c| !c.passed()) {
        Some(c) => Err(c.to_string()),
        None => Ok(()),
    }
}

#[test]
fn the_registry_has_a_reference_a_direct_kernel_and_a_baseline() {
    let roles: Vec<_> = lows::<Omaha4>().iter().map(|e| e.meta.role).collect();
    assert_eq!(roles.first(), Some(&Role::Reference));
    for role in [Role::Tuned, Role::Simd, Role::Baseline] {
        assert!(
            roles.contains(&role),
            "no {role:?} low evaluator: {roles:?}"
        );
    }
}

/// Every evaluator on every rank pattern, and the hands with a low
/// counted by the reference: the count the definition derives.
#[test]
fn every_low_evaluator_on_every_rank_pattern() {
    // The reference is what the others are held to: its own check would
    // only compare it with itself. The outside baseline (sixty fives a
    // hand, half this test's time) is held to the seeded deals here and to
    // every pattern by CI's `cargo xtask diff --game omaha8`.
    let evaluators: Vec<_> = lows::<Omaha4>()
        .into_iter()
        .filter(|e| !matches!(e.meta.role, Role::Reference | Role::Baseline))
        .collect();
    let found = rank_patterns(&evaluators);
    println!(
        "{} rank patterns, {} hands, {} with a low; the reference asked {} times",
        found.patterns, found.hands, found.qualifying, found.asked
    );
    assert_eq!(found.hands, Omaha4::HANDS);
    assert_eq!(found.qualifying, OMAHA_QUALIFYING);
    assert_eq!(<Omaha4 as LowGame>::LOW.qualifying, OMAHA_QUALIFYING);
    all_passed(&found.checks).unwrap();
}

/// Every evaluator and the reference hand by hand on seeded deals, the
/// suits as dealt.
#[test]
fn every_low_evaluator_on_seeded_deals() {
    let hands = random_hands::<Omaha4>(SAMPLE_SEED, SAMPLE / 4);
    // Each against the literal reference, which is not held to itself.
    let evaluators: Vec<_> = lows::<Omaha4>()
        .into_iter()
        .filter(|e| e.meta.role != Role::Reference)
        .collect();
    let checks = sampled(&evaluators, &hands);
    all_passed(&checks).unwrap();
    // About a third of Omaha hands have a low: the sample holds both.
    let with = hands
        .iter()
        .filter(|h| LowReference::low(*h).is_some())
        .count();
    let share = with as f64 / hands.len() as f64;
    assert!((0.33..0.37).contains(&share), "{share}");
}

/// Hands whose low is easy to get wrong, each with the low it has.
const PITFALLS: &[(&str, &str, &str)] = &[
    (
        "the wheel is the best low",
        "Ah2dKcKs|3c4h5s9d9h",
        "5-4-3-2-A",
    ),
    ("a hole pair is one rank", "AhAdKcKs|2c3h4s9d9h", "no low"),
    (
        "three low hole cards still play two",
        "Ah2d3cKs|4c5h9s9dTh",
        "no low",
    ),
    (
        "a board of two low ranks gives none",
        "Ah2d3c4s|5c6hKsQdJh",
        "no low",
    ),
    (
        "the board's pair counts once",
        "Ah2dKcKs|3c3h4s9d9h",
        "no low",
    ),
    (
        "a counterfeited ace: the hole's two and three play with the board's ace",
        "Ah2d3cKs|Ac4h5s9d9h",
        "5-4-3-2-A",
    ),
    ("an eight qualifies", "8h7dKcKs|2c3h4s9d9h", "8-7-4-3-2"),
    ("a nine does not", "9h7dKcKs|2c3h4s9dTh", "no low"),
    (
        "below the eight, the next card decides",
        "2h5d6cKs|Ac3h8sKdQh",
        "8-5-3-2-A",
    ),
    (
        "straights and flushes do not spoil a low",
        "Ah2hKcKs|3h4h5h9d9c",
        "5-4-3-2-A",
    ),
];

#[test]
fn pitfalls_on_every_low_evaluator() {
    let mut failed = Vec::new();
    for e in lows::<Omaha4>() {
        for (what, hand, expected) in PITFALLS {
            let hand: Omaha4 = hand.parse().unwrap();
            let low = (e.low)(&hand).to_string();
            let mut batch = [Low::NONE];
            (e.lows)(&[hand], &mut batch);
            if low != *expected || batch[0].to_string() != *expected {
                failed.push(format!(
                    "{}: {what}: {hand} gave {low}, not {expected}",
                    e.meta.name
                ));
            }
        }
    }
    assert!(failed.is_empty(), "{}", failed.join("\n"));
}

/// Two broken lows, in one pass over the patterns: each must fail it.
#[test]
fn broken_lows_fail_the_pattern_check() {
    let found = rank_patterns(&[about::<LowOfAnyFive>(), about::<NineQualifies>()]);
    for check in &found.checks {
        println!("{check}");
        assert!(!check.passed(), "{check}");
    }
}

#[test]
fn a_low_of_any_five_cards_fails_the_seeded_deals() {
    let hands = random_hands::<Omaha4>(SAMPLE_SEED, 1 << 14);
    assert!(!sampled(&[about::<LowOfAnyFive>()], &hands)[0].passed());
}

#[test]
fn a_nine_that_qualifies_fails_its_pitfall() {
    let hand: Omaha4 = "9h7dKcKs|2c3h4s9dTh".parse().unwrap();
    assert_eq!(NineQualifies::low(&hand).to_string(), "8-7-4-3-2");
    assert_eq!(LowReference::low(&hand), Low::NONE);
}
