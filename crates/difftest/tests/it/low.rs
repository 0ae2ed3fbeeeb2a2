//! Omaha Hi-Lo's low half: every registered low evaluator held to the
//! literal reference on every rank pattern (every hand, weighted) and on
//! seeded deals, the count of qualifying lows derived a second way, named
//! pitfalls, and deliberately broken evaluators that must fail; and the
//! lowball rankings `aya_poker` ships, held to the lab's lowball
//! references (`handeval_reference::lowball`) over every hand.

use handeval_core::low::{Low, LowAbout, LowEvaluator, OMAHA_QUALIFYING, STUD_QUALIFYING};
use handeval_core::{BigO, Game, Hand7, Omaha4, Omaha5, Omaha8, Role, Stud8};
use handeval_difftest::broken::{
    EightCountedOut, FourOfFiveHoleCards, LowOfAnyFive, NineQualifies,
};
use handeval_difftest::cards::{SAMPLE, SAMPLE_SEED, random_hands};
use handeval_difftest::low::{LowCheck, rank_patterns, sampled};
use handeval_reference::LowReference;
use handeval_registry::lows;

/// The literal reference's low of an Omaha Hi-Lo hand.
fn reference(hand: &Omaha4) -> Low {
    <LowReference as LowEvaluator<Omaha8>>::low(hand)
}

fn about<E: LowEvaluator<Omaha8>>() -> LowAbout<Omaha8> {
    LowAbout::of::<E>()
}

fn all_passed<G: Game>(checks: &[LowCheck<G>]) -> Result<(), String> {
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
    let roles: Vec<_> = lows::<Omaha8>().iter().map(|e| e.meta.role).collect();
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
    // only compare it with itself. The outside baseline and the best of
    // the fives (sixty fives a hand, each half this test's time) are held
    // to the seeded deals here and to every pattern by CI's `cargo xtask
    // diff --game omaha8`.
    let evaluators: Vec<_> = lows::<Omaha8>()
        .into_iter()
        .filter(|e| !matches!(e.meta.role, Role::Reference | Role::Baseline) && !e.best_of_fives)
        .collect();
    let found = rank_patterns(&evaluators);
    println!(
        "{} rank patterns, {} hands, {} with a low; the reference asked {} times",
        found.patterns, found.hands, found.qualifying, found.asked
    );
    assert_eq!(found.hands, Omaha4::HANDS);
    assert_eq!(found.qualifying, OMAHA_QUALIFYING);
    assert_eq!(Omaha8::VALUE.qualifying(), Some(OMAHA_QUALIFYING));
    all_passed(&found.checks).unwrap();
}

/// Every evaluator and the reference hand by hand on seeded deals, the
/// suits as dealt.
#[test]
fn every_low_evaluator_on_seeded_deals() {
    let hands = random_hands::<Omaha4>(SAMPLE_SEED, SAMPLE / 4);
    // Each against the literal reference, which is not held to itself.
    let evaluators: Vec<_> = lows::<Omaha8>()
        .into_iter()
        .filter(|e| e.meta.role != Role::Reference)
        .collect();
    let checks = sampled(&evaluators, &hands);
    all_passed(&checks).unwrap();
    // About a third of Omaha hands have a low: the sample holds both.
    let with = hands.iter().filter(|h| reference(h).is_some()).count();
    let share = with as f64 / hands.len() as f64;
    assert!((0.33..0.37).contains(&share), "{share}");
}

/// Big O's low evaluators against the literal reference on seeded deals
/// (every hand, by its rank pattern, is CI's `cargo xtask diff --game
/// bigo`: 36,747,997 patterns, 20 s), Big O's pitfalls, and a broken low
/// that drops the fifth hole card caught by both.
#[test]
fn big_o_lows_on_seeded_deals_and_pitfalls() {
    let hands = random_hands::<Omaha5>(SAMPLE_SEED, SAMPLE / 8);
    let evaluators: Vec<LowAbout<BigO>> = lows::<BigO>()
        .into_iter()
        .filter(|e| e.meta.role != Role::Reference)
        .collect();
    assert!(evaluators.iter().any(|e| e.meta.role == Role::Simd));
    all_passed(&sampled(&evaluators, &hands)).unwrap();
    let reference = |h: &Omaha5| <LowReference as LowEvaluator<BigO>>::low(h);
    // 43.0% of Big O hands have a low (the definition's count).
    let share = hands.iter().filter(|h| reference(h).is_some()).count() as f64 / hands.len() as f64;
    let expected = BigO::VALUE.qualifying().unwrap() as f64 / BigO::HANDS as f64;
    assert!((share - expected).abs() < 0.01, "{share} {expected}");
    for (what, hand, low) in [
        (
            "the fifth hole card makes the low",
            "KhKdQcAh2d|3c4h8s9d9h",
            "8-4-3-2-A",
        ),
        (
            "three low hole cards still play two",
            "Ah2d3c4sKs|5c6hQsQdJh",
            "no low",
        ),
        (
            "the best two of five hole cards: A-2, not A-3 or 2-3",
            "8h7d3c2hAs|4c5h6s9dTh",
            "6-5-4-2-A",
        ),
    ] {
        let hand: Omaha5 = hand.parse().unwrap();
        assert_eq!(reference(&hand).to_string(), low, "{what}");
        for e in &evaluators {
            assert_eq!((e.low)(&hand).to_string(), low, "{}: {what}", e.meta.name);
        }
    }
    let broken = [LowAbout::<BigO>::of::<FourOfFiveHoleCards>()];
    let check = &sampled(&broken, &hands)[0];
    assert!(!check.passed(), "{check}");
    let fifth: Omaha5 = "KhKdQcAh2d|3c4h8s9d9h".parse().unwrap();
    assert_eq!((broken[0].low)(&fifth), Low::NONE);
}

/// Stud Hi-Lo: every low evaluator, the outside baseline included, on
/// every hand by its rank pattern (49,205 patterns for 133,784,560 hands;
/// the low of any five reads ranks alone), the count the definition
/// derives found again, stud's pitfalls, and a low that counts the eight
/// out caught over every hand.
#[test]
fn stud_lows_on_every_hand_and_pitfalls() {
    let evaluators: Vec<LowAbout<Stud8>> = lows::<Stud8>()
        .into_iter()
        .filter(|e| e.meta.role != Role::Reference)
        .collect();
    for role in [Role::Tuned, Role::Simd, Role::Baseline] {
        assert!(evaluators.iter().any(|e| e.meta.role == role), "{role:?}");
    }
    let found = rank_patterns(&evaluators);
    println!(
        "stud8: {} rank patterns, {} hands, {} with a low",
        found.patterns, found.hands, found.qualifying
    );
    assert_eq!(found.hands, Hand7::HANDS);
    assert_eq!(found.qualifying, STUD_QUALIFYING);
    all_passed(&found.checks).unwrap();
    let hands = random_hands::<Hand7>(SAMPLE_SEED, SAMPLE / 16);
    all_passed(&sampled(&evaluators, &hands)).unwrap();
    let reference = |h: &Hand7| <LowReference as LowEvaluator<Stud8>>::low(h);
    for (what, hand, low) in [
        (
            "seven low ranks: the five lowest play",
            "7h 6d 5c 4s 3h 2d Ac",
            "5-4-3-2-A",
        ),
        ("a pair counts once", "Ah Ad 2c 3s 4h Kd Kc", "no low"),
        ("an eight qualifies", "8h 7d 4c 3s 2h Kd Kc", "8-7-4-3-2"),
        ("a nine does not", "9h 7d 4c 3s 2h Kd Kc", "no low"),
        (
            "a straight flush is still a low",
            "Ah 2h 3h 4h 5h Kd Kc",
            "5-4-3-2-A",
        ),
        (
            "the pair's second card lets a higher rank play",
            "Ah Ad 2c 3s 4h 6d Kc",
            "6-4-3-2-A",
        ),
    ] {
        let hand: Hand7 = hand.parse().unwrap();
        assert_eq!(reference(&hand).to_string(), low, "{what}");
        for e in &evaluators {
            let mut batch = [Low::NONE];
            (e.lows)(&[hand], &mut batch);
            assert_eq!((e.low)(&hand).to_string(), low, "{}: {what}", e.meta.name);
            assert_eq!(batch[0].to_string(), low, "{} batch: {what}", e.meta.name);
        }
    }
    let broken = rank_patterns(&[LowAbout::<Stud8>::of::<EightCountedOut>()]);
    let check = &broken.checks[0];
    println!("{check}");
    assert!(!check.passed(), "{check}");
    let eight: Hand7 = "8h 7d 4c 3s 2h Kd Kc".parse().unwrap();
    assert_eq!(EightCountedOut::low(&eight), Low::NONE);
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
    for e in lows::<Omaha8>() {
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
    assert_eq!(reference(&hand), Low::NONE);
}

/// The lowball rankings `aya_poker` 0.1 ships (`ace_five_rank`,
/// `deuce_seven_rank`, `badugi_rank`: tables its build script generates),
/// held to the lab's lowball references over every hand: each hand's
/// class by the reference (its place among the distinct values, best
/// first) against its class by `aya_poker` (the same, its higher rank the
/// better), the hands in another class counted with examples.
mod aya_lowball {
    use handeval_core::{AllHands, Card, Hand};
    use handeval_reference::lowball::{AceToFive, Badugi, DeuceToSeven};
    use std::collections::BTreeMap;

    fn aya(cards: &[Card]) -> aya_poker::base::Hand {
        cards
            .iter()
            .map(|c| &aya_poker::base::CARDS[usize::from(c.index())])
            .collect()
    }

    /// Each hand's class by the reference (`R`, less is better) and by the
    /// outside ranking (`A`, more is better): how many hands differ, the
    /// distinct values of each, and a few examples.
    fn classes<const N: usize, R: Ord + Copy, A: Ord + Copy>(
        reference: impl Fn(Hand<N>) -> R,
        outside: impl Fn(Hand<N>) -> A,
    ) -> (u64, usize, usize, Vec<String>) {
        let hands: Vec<(Hand<N>, R, A)> = AllHands::<N>::every()
            .map(|h| (h, reference(h), outside(h)))
            .collect();
        let mut r: Vec<R> = hands.iter().map(|x| x.1).collect();
        r.sort_unstable();
        r.dedup();
        let mut a: Vec<A> = hands.iter().map(|x| x.2).collect();
        a.sort_unstable_by(|x, y| y.cmp(x));
        a.dedup();
        let r_class: BTreeMap<R, usize> = r.iter().enumerate().map(|(i, &v)| (v, i)).collect();
        let a_class: BTreeMap<A, usize> = a.iter().enumerate().map(|(i, &v)| (v, i)).collect();
        // The examples: the first hands in another class, by the
        // reference's order, where a misplaced class starts.
        let mut wrong: Vec<(usize, usize, &Hand<N>)> = hands
            .iter()
            .map(|(h, rv, av)| (r_class[rv] + 1, a_class[av] + 1, h))
            .filter(|(rc, ac, _)| rc != ac)
            .collect();
        wrong.sort_by_key(|&(rc, _, _)| rc);
        let examples = wrong
            .iter()
            .take(3)
            .map(|(rc, ac, h)| format!("{h}: class {ac}, the reference {rc}"))
            .collect();
        (wrong.len() as u64, r.len(), a.len(), examples)
    }

    fn deuce_seven(h: Hand) -> u16 {
        aya_poker::deuce_seven_rank(&aya(&h.cards())).0
    }

    /// Whether a hand's ranks are A-2-3-4-5.
    fn wheel(h: Hand) -> bool {
        let mut ranks = h.cards().map(|c| c.rank().value());
        ranks.sort_unstable();
        ranks == [2, 3, 4, 5, 14]
    }

    #[test]
    fn aya_pokers_lowball_rankings_against_the_references_over_every_hand() {
        let results = [
            (
                "ace_five_rank",
                classes::<5, _, _>(AceToFive::of, |h| {
                    aya_poker::ace_five_rank(&aya(&h.cards())).0
                }),
            ),
            (
                "badugi_rank",
                classes::<4, _, _>(Badugi::of, |h| aya_poker::badugi_rank(&aya(&h.cards())).0),
            ),
        ];
        for (name, (wrong, reference, outside, examples)) in results {
            println!(
                "aya_poker {name}: {wrong} hands in another class; {outside} values, the reference {reference}; {examples:?}"
            );
            assert_eq!((wrong, outside), (0, reference), "{name}: {examples:?}");
        }
    }

    /// `aya_poker` 0.1.0's `deuce_seven_rank` counts A-2-3-4-5 as a
    /// straight, five high (and of one suit a straight flush), where
    /// deuce-to-seven's ace is only high: an ace-high hand, the best of
    /// them. Its one error, kept as a listing's are: with the 1,024 wheels
    /// aside every hand is in the reference's class; with them, the wheels
    /// sit among the straights and every class between moves by one.
    #[test]
    fn aya_pokers_deuce_to_seven_counts_the_wheel_as_a_straight_and_nothing_else() {
        let (wrong, reference, outside, examples) =
            classes::<5, _, _>(DeuceToSeven::of, deuce_seven);
        println!(
            "aya_poker deuce_seven_rank: {wrong} hands in another class; {outside} values, the reference {reference}; {examples:?}"
        );
        assert_eq!((wrong, outside, reference), (1_786_928, 7_462, 7_462));
        // The wheels aside: the same order as the reference's on the rest.
        let aside = |h: Hand| {
            if wheel(h) {
                None
            } else {
                Some(DeuceToSeven::of(h))
            }
        };
        // Set first by both: the reference's least value, the outside's most.
        let outside_aside = |h: Hand| {
            if wheel(h) {
                u32::MAX
            } else {
                u32::from(deuce_seven(h))
            }
        };
        let (wrong, reference, outside, examples) = classes::<5, _, _>(aside, outside_aside);
        assert_eq!((wrong, outside), (0, reference), "{examples:?}");
        // What the rules say of the wheel, and what aya_poker says.
        let hand = |s: &str| s.parse::<Hand>().unwrap();
        let (wheel_hand, ace_high, six_straight) = (
            hand("Ac 2d 3h 4s 5c"),
            hand("Ac Kd Qh Js 9c"),
            hand("6c 5d 4h 3s 2c"),
        );
        assert!(DeuceToSeven::of(wheel_hand) < DeuceToSeven::of(ace_high));
        assert!(
            deuce_seven(wheel_hand) < deuce_seven(ace_high),
            "aya_poker fixed the wheel?"
        );
        assert!(deuce_seven(wheel_hand) > deuce_seven(six_straight));
    }
}
