//! The seven-card checks, stamped out from the registry's seven-card list.
//!
//! For every seven-card evaluator `E` (its name with `/` and `-` as `_`):
//!
//! - `exhaustive7_E`: all 133,784,560 hands against the seven-card
//!   reference's classes (category and class on every hand) and the table
//!   (histogram, 4,824 classes). The reference's classes are the best of
//!   each hand's 21 fives read from the five-card reference's table; for the
//!   literal reference itself, `exhaustive7_reference` holds it to those
//!   classes on a seeded sample and the classes to the table over all hands;
//! - `card_order7_E`, `suit_renaming7_E`: the value does not depend on the
//!   order of the seven cards nor on the names of the suits (proptest).
//!
//! Then one named test per seven-card pitfall of `shared/notes`, each
//! asserting the reference's answer as a poker player would write it, the
//! table-driven reference's and every evaluator's class against it; and
//! the checks run on a deliberately broken evaluator, on the fewest hands
//! that show its flaw, to show they fail.

use handeval_core::{
    Card, Category, Evaluator7, Hand, Hand7, HandClass, Histogram, Rank, Role, SEVEN_CARD_CLASSES,
    Suit,
};
use handeval_difftest::broken::WheelAboveKingHigh21;
use handeval_difftest::seven::{Check7, SAMPLE_SEED, reference_classes};
use handeval_difftest::strategy::{any_hand7, relabelled7, reordered7};
use handeval_reference::table::ClassTable;
use handeval_reference::{Reference, Reference7, best_five, scale};
use handeval_registry::{Visitor7, visit_all7};
use libtest_mimic::{Arguments, Failed, Trial};
use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};
use rayon::prelude::*;

fn verdict(check: &Check7) -> Result<(), Failed> {
    println!("{check}");
    if check.passed() {
        Ok(())
    } else {
        Err(check.to_string().into())
    }
}

/// `E` held to the reference's classes ([`Check7::of`]), and, for the
/// literal reference, those classes held to the table.
fn exhaustive7<E: Evaluator7>() -> Result<(), Failed> {
    if E::ROLE == Role::Reference {
        println!("literal reference against the table-driven classes, seed {SAMPLE_SEED}:");
    }
    verdict(&Check7::of::<E>(reference_classes()))?;
    if E::ROLE == Role::Reference {
        like_the_table(reference_classes())?;
    }
    Ok(())
}

/// Whether one class per seven-card hand adds up to the table: each
/// category's hands and classes, and 4,824 classes in all.
fn like_the_table(classes: &[u16]) -> Result<(), Failed> {
    // Hands per class; class 0 would be no class at all.
    let per_class = classes
        .par_chunks(1 << 20)
        .map(|chunk| {
            let mut counts = vec![0u64; usize::from(HandClass::COUNT) + 1];
            for &class in chunk {
                counts[usize::from(class)] += 1;
            }
            counts
        })
        .reduce_with(|mut a, b| {
            a.iter_mut().zip(b).for_each(|(x, y)| *x += y);
            a
        })
        .unwrap_or_default();
    if per_class.first().is_some_and(|&n| n > 0) {
        return Err(format!("{} hands without a class", per_class[0]).into());
    }
    let mut hands = Histogram::new();
    let mut distinct = Histogram::new();
    for (class, &n) in per_class.iter().enumerate().skip(1) {
        let category = HandClass::new(class as u16)
            .ok_or("no such class")?
            .category();
        for _ in 0..n {
            hands.add(category);
        }
        if n > 0 {
            distinct.add(category);
        }
    }
    let table = Histogram::all_hands7();
    let mut errors = Vec::new();
    for c in Category::ALL {
        if hands[c] != table[c] || distinct[c] != u64::from(c.seven_card_class_count()) {
            errors.push(format!(
                "{c}: {} hands in {} classes, table {} in {}",
                hands[c],
                distinct[c],
                table[c],
                c.seven_card_class_count()
            ));
        }
    }
    if distinct.total() != u64::from(SEVEN_CARD_CLASSES) {
        errors.push(format!(
            "{} classes, table {SEVEN_CARD_CLASSES}",
            distinct.total()
        ));
    }
    println!(
        "table-driven classes: {} hands, {} classes, {} categories unlike the table",
        hands.total(),
        distinct.total(),
        errors.len()
    );
    if errors.is_empty() {
        Ok(())
    } else {
        Err(errors.join("\n").into())
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
/// category are the ones a player names, the table-driven reference gives
/// that five's class, and `E`'s class (its value on its five-card scale) is
/// that class.
fn pitfall<E: Evaluator7>(p: &Pitfall) -> Result<(), String> {
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
    let table = ClassTable::get().seven(&hand);
    if table != want {
        return Err(format!(
            "table-driven reference: {} is class {table}, expected {want} ({best})",
            p.hand
        ));
    }
    let got = scale::<E::Five>().class(E::strength(&hand));
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
        if let Err(e) = pitfall::<E>(self.pitfall) {
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

/// The 4,096 hands of an ace, two, three, four, five and six in every
/// choice of suits, with the king of diamonds: each holds a wheel and a
/// six-high straight (or a flush), the fewest hands on which an evaluator
/// that ranks the wheel too high shows it.
fn ace_to_six() -> Vec<Hand7> {
    let ranks = [
        Rank::Ace,
        Rank::Two,
        Rank::Three,
        Rank::Four,
        Rank::Five,
        Rank::Six,
    ];
    let king = Card::new(Rank::King, Suit::Diamonds);
    (0..4usize.pow(6))
        .map(|choice| {
            let mut cards = [king; 7];
            for (i, rank) in ranks.into_iter().enumerate() {
                cards[i] = Card::new(rank, Suit::ALL[(choice >> (2 * i)) & 3]);
            }
            Hand7::new(cards).expect("six ranks and a king are distinct")
        })
        .collect()
}

/// The check of every evaluator over all hands, on the ace-to-six hands:
/// passes for every registered evaluator, so a failure below is the broken
/// evaluator's.
struct OnAceToSix {
    hands: Vec<Hand7>,
    failed: Vec<String>,
}

impl Visitor7 for OnAceToSix {
    fn visit<E: Evaluator7>(&mut self) {
        let check = Check7::on_hands::<E>(&self.hands);
        if !check.passed() {
            self.failed.push(check.to_string());
        }
    }
}

/// A trial that passes when `check` fails.
fn must_fail(name: &str, check: impl FnOnce() -> Result<(), Failed> + Send + 'static) -> Trial {
    Trial::test(name, move || match check() {
        Err(e) => {
            println!("failed as it should:\n{}", e.message().unwrap_or_default());
            Ok(())
        }
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
            "broken_wheel_above_king_high_21_fails_the_check_on_ace_to_six_hands",
            || {
                let mut all = OnAceToSix {
                    hands: ace_to_six(),
                    failed: Vec::new(),
                };
                visit_all7(&mut all);
                assert_eq!(all.failed, Vec::<String>::new(), "registered evaluators");
                verdict(&Check7::on_hands::<WheelAboveKingHigh21>(&all.hands))
            },
        ),
        must_fail("one_hand_in_another_class_fails_the_table", || {
            // 2c 2d 2h 2s 3c 3d 3h, four deuces, called a royal flush: one
            // hand off changes two categories' counts.
            let mut classes = reference_classes().to_vec();
            classes[0] = 1;
            like_the_table(&classes)
        }),
        must_fail(
            "broken_wheel_above_king_high_21_fails_the_wheel_pitfall",
            || {
                let p = &PITFALLS[7];
                assert_eq!(p.name, "wheel_beside_a_six_is_a_six_high_straight");
                pitfall::<WheelAboveKingHigh21>(p).map_err(Failed::from)
            },
        ),
    ]);
    libtest_mimic::run(&args, trials).exit();
}
