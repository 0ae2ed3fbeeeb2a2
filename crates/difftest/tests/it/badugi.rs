//! Badugi: every registered badugi evaluator held to the literal reference
//! on every hand; the classes derived two ways (the reference's order of
//! every hand's badugi, and core's combinatorial number system); named
//! pitfalls; and deliberately broken evaluators that must fail.

use handeval_core::badugi::{BadugiAbout, BadugiClass, BadugiEvaluator, CLASSES, HANDS_BY_CARDS};
use handeval_core::{Badugi, Meta, Role};
use handeval_difftest::badugi::{
    BadugiCheck, checked, every_hand, every_hand_of, reference_classes,
};
use handeval_reference::lowball::{Badugi as Literal, BadugiReference};
use handeval_registry::badugis;

#[test]
fn the_registry_has_a_reference_a_kernel_a_simd_kernel_and_a_baseline() {
    let roles: Vec<_> = badugis::<Badugi>().iter().map(|e| e.meta.role).collect();
    assert_eq!(roles.first(), Some(&Role::Reference));
    for role in [Role::Tuned, Role::Simd, Role::Baseline] {
        assert!(
            roles.contains(&role),
            "no {role:?} badugi evaluator: {roles:?}"
        );
    }
}

/// Every evaluator of the registry on every hand: 0 mismatches.
#[test]
fn every_badugi_evaluator_on_every_hand() {
    let checks = every_hand(&badugis::<Badugi>());
    for check in &checks {
        println!("{check}");
        assert_eq!(check.hands, 270_725);
    }
    assert!(checks.iter().all(BadugiCheck::passed), "{checks:?}");
}

/// The reference's classes (its order of every hand's badugi) and core's
/// (the combinatorial number system on the playing ranks) agree on every
/// hand, and the hands by playing cards are the definition's table.
#[test]
fn the_classes_two_ways_and_the_table() {
    let hands = every_hand_of::<Badugi>();
    let classes = reference_classes(&hands);
    let mut by_cards = [0u64; 4];
    let mut seen = std::collections::BTreeSet::new();
    for (hand, class) in hands.iter().zip(&classes) {
        let literal = Literal::of(hand.hand());
        let mask = literal.ranks[..usize::from(literal.cards())]
            .iter()
            .fold(0u16, |m, &r| m | 1 << (r - 1));
        assert_eq!(BadugiClass::of_ranks(mask), Some(*class), "{hand}");
        assert_eq!(class.to_string(), literal.to_string(), "{hand}");
        by_cards[4 - usize::from(literal.cards())] += 1;
        seen.insert(*class);
    }
    assert_eq!(by_cards, HANDS_BY_CARDS);
    assert_eq!(seen.len(), usize::from(CLASSES));
}

/// Hands where badugi evaluators go wrong: a repeated rank, a repeated
/// suit, both, four of a suit, four of a rank, the ace's place.
#[test]
fn the_pitfalls() {
    let cases = [
        ("Ac 2d 3h 4s", "4-3-2-A", 1),
        ("Kc Qd Jh Ts", "K-Q-J-T", 715),
        ("As 2s 3h 4d", "4-3-A", 718), // two spades: the deuce sits out
        ("Ac Ad 2h 3s", "3-2-A", 716), // a pair of aces: one plays
        ("Ac 2c 3c 4c", "A", 1_080),   // four clubs: the lowest one
        ("Kc Kd Kh Ks", "K", 1_092),   // four kings: the worst hand
        ("Ac 2c 2d 3d", "2-A", 1_002), // no three play; of the twos, A-2
        ("Kc Ad 2h 3h", "K-2-A", 936), // two hearts: the lower plays
    ];
    for e in badugis::<Badugi>() {
        for (text, ranks, class) in cases {
            let hand: Badugi = text.parse().unwrap();
            let got = (e.class)(&hand);
            assert_eq!(
                (got.to_string().as_str(), got.get()),
                (ranks, class),
                "{}: {text}",
                e.meta.name
            );
        }
    }
}

/// Counts a four-card hand of a repeated suit as a badugi: the suits
/// ignored when all four ranks differ (the error of a kernel that checks
/// ranks before suits and stops there).
struct SuitsIgnored;
impl BadugiEvaluator<Badugi> for SuitsIgnored {
    const META: Meta = Meta {
        name: "broken/badugi-suits-ignored",
        summary: "a four-card badugi of any suits",
        ..<BadugiReference as BadugiEvaluator<Badugi>>::META
    };
    fn class(hand: &Badugi) -> BadugiClass {
        let mask = hand
            .hand()
            .cards()
            .iter()
            .fold(0u16, |m, c| m | handeval_core::badugi::rank_bit(c.rank()));
        if mask.count_ones() == 4 {
            BadugiClass::of_ranks(mask).unwrap()
        } else {
            BadugiReference::class(hand)
        }
    }
}

/// Plays the ace high, as in a high game.
struct AceHigh;
impl BadugiEvaluator<Badugi> for AceHigh {
    const META: Meta = Meta {
        name: "broken/badugi-ace-high",
        summary: "the ace above the king",
        ..<BadugiReference as BadugiEvaluator<Badugi>>::META
    };
    fn class(hand: &Badugi) -> BadugiClass {
        // The same cards play; their ranks renumbered with the ace on top.
        let ranks = BadugiReference::class(hand).ranks();
        BadugiClass::of_ranks(ranks >> 1 | (ranks & 1) << 12).expect("as many ranks")
    }
}

#[test]
fn broken_badugi_evaluators_fail_the_check() {
    let hands = every_hand_of::<Badugi>();
    let expected = reference_classes(&hands);
    let broken = [
        BadugiAbout::of::<SuitsIgnored>(),
        BadugiAbout::of::<AceHigh>(),
    ];
    let checks = checked(&broken, &hands, &expected);
    for check in &checks {
        println!("{check}");
        assert!(!check.passed(), "{check}");
        assert!(!check.examples.is_empty());
    }
    // A four-card hand of distinct ranks and a repeated suit: 13C4 rank
    // sets, each with the 4^4 - 4! = 232 suitings that repeat a suit.
    assert_eq!(checks[0].mismatches, 715 * 232);
}
