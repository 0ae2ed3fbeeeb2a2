//! The checks of six- and seven-card evaluators, stamped out from the
//! registry's list for each size.
//!
//! For every evaluator `E` of `N` cards (its name with `/` and `-` as `_`):
//!
//! - `exhaustiveN_E`: every hand (20,358,520 of six cards, 133,784,560 of
//!   seven) against the reference's classes (category and class on every
//!   hand) and the size's published table (histogram, 6,075 or 4,824
//!   classes). The reference's classes are the best of each hand's fives
//!   read from the five-card reference's table; for the literal reference
//!   itself, `exhaustiveN_reference` holds it to those classes on a seeded
//!   sample and the classes to the table over all hands;
//! - `sampled7_E` in place of `exhaustive7_E` for the seven-card best-of-21
//!   adapters: 21 evaluations a hand of a five-card evaluator checked over
//!   every five-card hand, through the one `best_of!` mechanism, checked
//!   here on [`ADAPTER_SAMPLE`] seeded hands and every pitfall; over every
//!   hand they would take most of the test command's time, and
//!   `cargo xtask diff --cards 7`, which CI runs, checks them all;
//! - `card_orderN_E`, `suit_renamingN_E`: the value does not depend on the
//!   order of the cards nor on the names of the suits (proptest).
//!
//! Then one named test per pitfall of `shared/notes` (and their six-card
//! forms), each asserting the reference's answer as a poker player would
//! write it, the table-driven reference's and every evaluator's class
//! against it; and the checks run on a deliberately broken evaluator, on
//! the fewest hands that show its flaw, to show they fail.

use handeval_core::{
    BestFive, Card, Cards, Category, Hand, Hand6, Hand7, HandClass, Histogram, Rank, Role, Suit,
};
use handeval_difftest::broken::WheelAboveKingHigh21;
use handeval_difftest::cards::{HandCheck, SAMPLE_SEED, reference_classes, sample};
use handeval_difftest::strategy::{any_cards, relabelled, reordered};
use handeval_reference::table::ClassTable;
use handeval_reference::{Reference, ReferenceBest, best_five, scale};
use handeval_registry::{Size, Visit, visit};
use libtest_mimic::{Arguments, Failed, Trial};
use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};
use rayon::prelude::*;

fn verdict<H: Cards>(check: &HandCheck<H>) -> Result<(), Failed> {
    println!("{check}");
    if check.passed() {
        Ok(())
    } else {
        Err(check.to_string().into())
    }
}

/// Seven-card hands a best-of-21 adapter is checked on by the tests.
const ADAPTER_SAMPLE: usize = 1 << 23;

/// Whether the tests check `E` on a sample rather than over every hand.
fn sampled<H: Cards, E: BestFive<H>>() -> bool {
    E::BEST_OF_FIVES && H::COUNT == 7
}

/// A seven-card best-of-21 adapter held to the reference's classes on
/// [`ADAPTER_SAMPLE`] hands drawn with [`SAMPLE_SEED`].
fn on_sample<H: Cards, E: BestFive<H>>() -> Result<(), Failed> {
    verdict(&HandCheck::<H>::on_sample::<E>(&sample::<H>(
        SAMPLE_SEED,
        ADAPTER_SAMPLE,
    )))
}

/// `E` held to the reference's classes ([`HandCheck::of`]), and, for the
/// literal reference, those classes held to the table.
fn exhaustive<H: Cards, E: BestFive<H>>() -> Result<(), Failed> {
    if E::ROLE == Role::Reference {
        println!(
            "literal reference against the table-driven classes, {} cards, seed {SAMPLE_SEED}:",
            H::COUNT
        );
    }
    verdict(&HandCheck::<H>::of::<E>(reference_classes::<H>()))?;
    if E::ROLE == Role::Reference {
        like_the_table::<H>(reference_classes::<H>())?;
    }
    Ok(())
}

/// Whether one class per hand of `H` adds up to the size's published table:
/// each category's hands and classes, and the classes in all.
fn like_the_table<H: Cards>(classes: &[u16]) -> Result<(), Failed> {
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
    let table = Histogram::published::<H>();
    let mut errors = Vec::new();
    for c in Category::ALL {
        if hands[c] != table[c] || distinct[c] != u64::from(H::classes_in(c)) {
            errors.push(format!(
                "{c}: {} hands in {} classes, table {} in {}",
                hands[c],
                distinct[c],
                table[c],
                H::classes_in(c)
            ));
        }
    }
    if distinct.total() != u64::from(H::classes()) {
        errors.push(format!(
            "{} classes, table {}",
            distinct.total(),
            H::classes()
        ));
    }
    println!(
        "table-driven classes, {} cards: {} hands, {} classes, {} categories unlike the table",
        H::COUNT,
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

fn same_value<const N: usize, E: BestFive<Hand<N>>, S: Strategy<Value = Hand<N>>>(
    transform: impl Fn(Hand<N>) -> S,
) -> Result<(), Failed>
where
    Hand<N>: Cards,
{
    TestRunner::new(Config {
        cases: 512,
        failure_persistence: None,
        ..Config::default()
    })
    .run(
        &any_cards::<N>().prop_flat_map(|h| (Just(h), transform(h))),
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

/// One pitfall: a hand of six or seven cards, what the best five are, and the category.
struct Pitfall {
    name: &'static str,
    hand: &'static str,
    best: &'static str,
    category: Category,
}

const PITFALLS: [Pitfall; 16] = [
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
    Pitfall {
        name: "six_two_trips_make_a_full_house_trips_over_the_higher_pair",
        hand: "5c 5d 5h 9c 9d 9h",
        best: "9c 9d 9h 5c 5d",
        category: Category::FullHouse,
    },
    Pitfall {
        name: "six_three_pairs_play_two_with_the_third_pairs_rank_as_kicker",
        hand: "Qc Qd 8c 8d 6h 6s",
        best: "Qc Qd 8c 8d 6h",
        category: Category::TwoPair,
    },
    Pitfall {
        name: "six_straight_and_flush_in_different_cards_is_a_flush",
        hand: "9h 8h 7c 6h 5h 2h",
        best: "9h 8h 6h 5h 2h",
        category: Category::Flush,
    },
    Pitfall {
        name: "six_six_card_flush_plays_its_top_five",
        hand: "Ah Kh 9h 7h 5h 3h",
        best: "Ah Kh 9h 7h 5h",
        category: Category::Flush,
    },
    Pitfall {
        name: "six_six_card_straight_plays_the_highest_run",
        hand: "4c 5d 6h 7s 8c 9d",
        best: "5d 6h 7s 8c 9d",
        category: Category::Straight,
    },
    Pitfall {
        name: "six_wheel_beside_a_six_is_a_six_high_straight",
        hand: "Ah 2d 3c 4s 5h 6c",
        best: "2d 3c 4s 5h 6c",
        category: Category::Straight,
    },
    Pitfall {
        name: "six_quads_with_a_pair_play_the_pairs_rank_as_kicker",
        hand: "7c 7d 7h 7s Kc Kd",
        best: "7c 7d 7h 7s Kc",
        category: Category::FourOfAKind,
    },
];

/// The reference and `E` on one pitfall: the reference's best five and
/// category are the ones a player names, the table-driven reference gives
/// that five's class, and `E`'s class (its value on its five-card scale) is
/// that class.
fn pitfall<H: Cards, E: BestFive<H>>(p: &Pitfall) -> Result<(), String> {
    let hand: H = p.hand.parse().map_err(|e| format!("{}: {e}", p.hand))?;
    let best: Hand = p.best.parse().map_err(|e| format!("{}: {e}", p.best))?;
    let want = Reference::class(&best).get();
    let reference_best = best_five(&hand);
    let category = <ReferenceBest as BestFive<H>>::category(&hand);
    if reference_best.mask() != best.mask() || category != p.category {
        return Err(format!(
            "reference: {} is {category} with {reference_best}, expected {} with {best}",
            p.hand, p.category
        ));
    }
    let table = ClassTable::get().best(&hand);
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

/// Every registered evaluator of `H`, as a pitfall test against one hand.
struct AllOnPitfall<'a> {
    pitfall: &'a Pitfall,
    errors: Vec<String>,
}

impl<H: Cards> Visit<H> for AllOnPitfall<'_> {
    fn visit<E: BestFive<H>>(&mut self) {
        if let Err(e) = pitfall::<H, E>(self.pitfall) {
            self.errors.push(e);
        }
    }
}

fn pitfall_trial<H: Size>(p: &'static Pitfall) -> Trial {
    Trial::test(p.name, move || {
        let mut all = AllOnPitfall {
            pitfall: p,
            errors: Vec::new(),
        };
        visit::<H>(&mut all);
        if all.errors.is_empty() {
            Ok(())
        } else {
            Err(all.errors.join("\n").into())
        }
    })
}

/// The test name for a check of an evaluator: `exhaustive7_deadhorse_best_of_21`.
fn test_name(check: &str, cards: usize, evaluator: &str) -> String {
    format!("{check}{cards}_{}", evaluator.replace(['/', '-'], "_"))
}

type CheckFn = fn() -> Result<(), Failed>;

struct Stamp(Vec<Trial>);

impl<const N: usize> Visit<Hand<N>> for Stamp
where
    Hand<N>: Cards,
{
    fn visit<E: BestFive<Hand<N>>>(&mut self) {
        let checks: [(&str, CheckFn); 3] = [
            if sampled::<Hand<N>, E>() {
                ("sampled", on_sample::<Hand<N>, E>)
            } else {
                ("exhaustive", exhaustive::<Hand<N>, E>)
            },
            ("card_order", || same_value::<N, E, _>(reordered)),
            ("suit_renaming", || same_value::<N, E, _>(relabelled)),
        ];
        for (check, run) in checks {
            self.0.push(Trial::test(test_name(check, N, E::NAME), run));
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

impl Visit<Hand7> for OnAceToSix {
    fn visit<E: BestFive<Hand7>>(&mut self) {
        let check = HandCheck::on_hands::<E>(&self.hands);
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
    visit::<Hand6>(&mut stamp);
    visit::<Hand7>(&mut stamp);
    let mut trials = stamp.0;
    trials.extend(PITFALLS.iter().map(|p| {
        if p.hand.split_whitespace().count() == Hand6::COUNT {
            pitfall_trial::<Hand6>(p)
        } else {
            pitfall_trial::<Hand7>(p)
        }
    }));
    trials.extend([
        must_fail(
            "broken_wheel_above_king_high_21_fails_the_check_on_ace_to_six_hands",
            || {
                let mut all = OnAceToSix {
                    hands: ace_to_six(),
                    failed: Vec::new(),
                };
                visit::<Hand7>(&mut all);
                assert_eq!(all.failed, Vec::<String>::new(), "registered evaluators");
                verdict(&HandCheck::on_hands::<WheelAboveKingHigh21>(&all.hands))
            },
        ),
        must_fail("one_hand_in_another_class_fails_the_table", || {
            // 2c 2d 2h 2s 3c 3d 3h, four deuces, called a royal flush: one
            // hand off changes two categories' counts.
            let mut classes = reference_classes::<Hand7>().to_vec();
            classes[0] = 1;
            like_the_table::<Hand7>(&classes)
        }),
        must_fail(
            "broken_wheel_above_king_high_21_fails_the_wheel_pitfall",
            || {
                let p = &PITFALLS[7];
                assert_eq!(p.name, "wheel_beside_a_six_is_a_six_high_straight");
                pitfall::<Hand7, WheelAboveKingHigh21>(p).map_err(Failed::from)
            },
        ),
    ]);
    libtest_mimic::run(&args, trials).exit();
}
