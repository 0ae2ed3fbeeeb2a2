//! The seven-card checks, stamped out from the registry's seven-card list.
//!
//! For every seven-card evaluator `E` (its name with `/` and `-` as `_`):
//!
//! - `exhaustive7_E`: all 133,784,560 hands against the seven-card
//!   reference (category and class on every hand) and the table (histogram,
//!   4,824 classes);
//! - `card_order7_E`, `suit_renaming7_E`: the value does not depend on the
//!   order of the seven cards nor on the names of the suits (proptest).
//!
//! Then one named test per seven-card pitfall of `shared/notes`, each
//! asserting the reference's answer as a poker player would write it and
//! every evaluator's class against it; and the checks run on a deliberately
//! broken evaluator, to show they fail.

use handeval_core::{Category, Evaluator, Evaluator7, Hand, Hand7};
use handeval_difftest::broken::WheelAboveKingHigh21;
use handeval_difftest::seven::{Check7, five_card_ranking, reference_classes};
use handeval_difftest::strategy::{any_hand7, relabelled7, reordered7};
use handeval_reference::{Reference, Reference7, best_five};
use handeval_registry::{Visitor7, visit_all7};
use libtest_mimic::{Arguments, Failed, Trial};
use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};

fn exhaustive7<E: Evaluator7>() -> Result<(), Failed> {
    let check = Check7::run::<E>(reference_classes());
    println!("{check}");
    if check.passed() {
        Ok(())
    } else {
        Err(check.to_string().into())
    }
}

fn same_value7<E: Evaluator7, S: Strategy<Value = Hand7>>(
    transform: impl Fn(Hand7) -> S,
) -> Result<(), Failed> {
    TestRunner::new(Config {
        cases: 512,
        failure_persistence: None,
        ..Config::default()
    })
    .run(
        &any_hand7().prop_flat_map(|h| (Just(h), transform(h))),
        |(hand, other)| {
            prop_assert_eq!(
                (E::category(&hand), E::strength(&hand)),
                (E::category(&other), E::strength(&other)),
                "{} vs {}",
                hand,
                other
            );
            Ok(())
        },
    )
    .map_err(|e| format!("{}: {e}", E::NAME).into())
}

/// One seven-card pitfall: a hand, what the best five are, and the category.
struct Pitfall {
    name: &'static str,
    hand: &'static str,
    best: &'static str,
    category: Category,
}

const PITFALLS: [Pitfall; 9] = [
    Pitfall {
        name: "two_trips_make_a_full_house_trips_over_the_higher_pair",
        hand: "5c 5d 5h 9c 9d 9h Kc",
        best: "9c 9d 9h 5c 5d",
        category: Category::FullHouse,
    },
    Pitfall {
        name: "three_pairs_play_two_with_the_third_pairs_rank_as_kicker",
        hand: "Qc Qd 8c 8d 6h 6s 2c",
        best: "Qc Qd 8c 8d 6h",
        category: Category::TwoPair,
    },
    Pitfall {
        name: "straight_and_flush_in_different_cards_is_a_flush",
        hand: "9h 8h 7c 6h 5d 2h Kh",
        best: "9h 8h 6h 2h Kh",
        category: Category::Flush,
    },
    Pitfall {
        name: "six_card_flush_plays_its_top_five",
        hand: "Ah Kh 9h 7h 5h 3h 2c",
        best: "Ah Kh 9h 7h 5h",
        category: Category::Flush,
    },
    Pitfall {
        name: "seven_card_flush_plays_its_top_five",
        hand: "Ah Kh 9h 7h 5h 3h 2h",
        best: "Ah Kh 9h 7h 5h",
        category: Category::Flush,
    },
    Pitfall {
        name: "six_card_straight_plays_the_highest_run",
        hand: "4c 5d 6h 7s 8c 9d Kh",
        best: "5d 6h 7s 8c 9d",
        category: Category::Straight,
    },
    Pitfall {
        name: "seven_card_straight_plays_the_highest_run",
        hand: "3c 4d 5h 6s 7c 8d 9h",
        best: "5h 6s 7c 8d 9h",
        category: Category::Straight,
    },
    Pitfall {
        name: "wheel_beside_a_six_is_a_six_high_straight",
        hand: "Ah 2d 3c 4s 5h 6c Kd",
        best: "2d 3c 4s 5h 6c",
        category: Category::Straight,
    },
    Pitfall {
        name: "quads_with_trips_play_the_trips_rank_as_kicker",
        hand: "7c 7d 7h 7s Kc Kd Kh",
        best: "7c 7d 7h 7s Kc",
        category: Category::FourOfAKind,
    },
];

/// The reference and `E` on one pitfall: the reference's best five and
/// category are the ones a player names, and `E`'s class (its value on its
/// five-card scale) is that five's class.
fn pitfall<E: Evaluator7>(
    p: &Pitfall,
    scale: &handeval_reference::Ranking<<E::Five as Evaluator>::Strength>,
) -> Result<(), String> {
    let hand: Hand7 = p.hand.parse().map_err(|e| format!("{}: {e}", p.hand))?;
    let best: Hand = p.best.parse().map_err(|e| format!("{}: {e}", p.best))?;
    let want = Reference::class(&best).get();
    let reference_best = best_five(&hand);
    if reference_best.mask() != best.mask() || Reference7::category(&hand) != p.category {
        return Err(format!(
            "reference: {} is {} with {reference_best}, expected {} with {best}",
            p.hand,
            Reference7::category(&hand),
            p.category
        ));
    }
    let got = scale.class(E::strength(&hand));
    if got != Some(u32::from(want)) || E::category(&hand) != p.category {
        return Err(format!(
            "{}: {} is {} class {got:?}, expected {} class {want} ({best})",
            E::NAME,
            p.hand,
            E::category(&hand),
            p.category
        ));
    }
    Ok(())
}

/// Every registered seven-card evaluator, as a pitfall test against one hand.
struct AllOnPitfall<'a> {
    pitfall: &'a Pitfall,
    errors: Vec<String>,
}

impl Visitor7 for AllOnPitfall<'_> {
    fn visit<E: Evaluator7>(&mut self) {
        if let Err(e) = pitfall::<E>(self.pitfall, &five_card_ranking::<E::Five>()) {
            self.errors.push(e);
        }
    }
}

fn pitfall_trial(p: &'static Pitfall) -> Trial {
    Trial::test(p.name, move || {
        let mut all = AllOnPitfall {
            pitfall: p,
            errors: Vec::new(),
        };
        visit_all7(&mut all);
        if all.errors.is_empty() {
            Ok(())
        } else {
            Err(all.errors.join("\n").into())
        }
    })
}

/// The test name for a check of an evaluator: `exhaustive7_deadhorse_best_of_21`.
fn test_name(check: &str, evaluator: &str) -> String {
    format!("{check}_{}", evaluator.replace(['/', '-'], "_"))
}

type CheckFn = fn() -> Result<(), Failed>;

struct Stamp(Vec<Trial>);

impl Visitor7 for Stamp {
    fn visit<E: Evaluator7>(&mut self) {
        let checks: [(&str, CheckFn); 3] = [
            ("exhaustive7", exhaustive7::<E>),
            ("card_order7", || same_value7::<E, _>(reordered7)),
            ("suit_renaming7", || same_value7::<E, _>(relabelled7)),
        ];
        for (check, run) in checks {
            self.0.push(Trial::test(test_name(check, E::NAME), run));
        }
    }
}

/// A trial that passes when `check` fails.
fn must_fail(name: &str, check: impl FnOnce() -> Result<(), Failed> + Send + 'static) -> Trial {
    Trial::test(name, move || match check() {
        Err(_) => Ok(()),
        Ok(()) => Err("the check passed a deliberately broken evaluator".into()),
    })
}

fn main() {
    let args = Arguments::from_args();
    let mut stamp = Stamp(Vec::new());
    visit_all7(&mut stamp);
    let mut trials = stamp.0;
    trials.extend(PITFALLS.iter().map(pitfall_trial));
    trials.extend([
        must_fail(
            "broken_wheel_above_king_high_21_fails_exhaustive7",
            exhaustive7::<WheelAboveKingHigh21>,
        ),
        must_fail(
            "broken_wheel_above_king_high_21_fails_the_wheel_pitfall",
            || {
                let p = &PITFALLS[7];
                assert_eq!(p.name, "wheel_beside_a_six_is_a_six_high_straight");
                pitfall::<WheelAboveKingHigh21>(
                    p,
                    &five_card_ranking::<<WheelAboveKingHigh21 as Evaluator7>::Five>(),
                )
                .map_err(Failed::from)
            },
        ),
    ]);
    libtest_mimic::run(&args, trials).exit();
}
