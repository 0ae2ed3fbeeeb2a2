//! The differential check can fail: deliberately broken evaluators, built by
//! wrapping the reference, are reported on exactly the hands they get wrong.

use std::collections::BTreeSet;

use handeval_core::{Category, Hand};
use handeval_difftest::broken::{FlushIgnoresKickers, WheelAboveKingHigh};
use handeval_difftest::{Check, disagreements, evaluate, hands};
use handeval_reference::{Reference, evaluate as reference};

fn indices(predicate: impl Fn(&Hand) -> bool) -> BTreeSet<usize> {
    hands()
        .iter()
        .enumerate()
        .filter(|(_, h)| predicate(h))
        .map(|(i, _)| i)
        .collect()
}

#[test]
fn a_wheel_ranked_above_king_high_is_caught_on_exactly_the_straights_it_reorders() {
    let reference_eval = evaluate::<Reference>();
    let broken = evaluate::<WheelAboveKingHigh>();
    let check = Check::against_reference::<WheelAboveKingHigh>(&broken, &reference_eval);
    assert!(!check.passed());
    assert_eq!(check.category_mismatches, 0);
    // The wheel moves up one place past eight straights (6-high to K-high),
    // which each move down one: every straight but the ace-high ones.
    let expected = indices(|h| {
        let s = reference(h);
        s.category == Category::Straight && s.ranks[0] != 14
    });
    assert_eq!(expected.len(), 9 * 1020);
    assert_eq!(check.class_mismatches, expected.len());
    // Misordered: the wheels (ranked above eight other straights) and those
    // eight straights, 6-high to K-high: the same 9 x 1,020 hands.
    assert_eq!(check.misordered, expected.len());
    let reported: BTreeSet<usize> = disagreements(&broken, &reference_eval)
        .into_iter()
        .collect();
    assert_eq!(reported, expected);
    // The report names a differing hand in card notation with both verdicts.
    let message = check.to_string();
    let first = &check.examples[0];
    assert!(message.contains(&first.hand.to_string()), "{message}");
    assert!(message.contains("class"), "{message}");
}

#[test]
fn a_flush_that_ignores_its_kickers_is_caught_on_exactly_the_hands_it_renumbers() {
    let reference_eval = evaluate::<Reference>();
    let broken = evaluate::<FlushIgnoresKickers>();
    let check = Check::against_reference::<FlushIgnoresKickers>(&broken, &reference_eval);
    assert!(!check.passed());
    assert_eq!(check.category_mismatches, 0);
    // 1,277 flush classes collapse into 8 (one per top card, 7 to A).
    assert_eq!(
        check.distinct,
        handeval_core::rules::STANDARD.classes() as usize - 1277 + 8
    );
    // Each of those 8 holds flushes the reference tells apart: every flush
    // ties with a flush of another class, and nothing else is misordered.
    assert_eq!(check.misordered, 5_108);
    let (h, g) = check.misordered_pair.unwrap();
    assert_eq!(broken.classes[h], broken.classes[g]);
    assert_ne!(reference_eval.classes[h], reference_eval.classes[g]);

    // An independent model of the broken numbering: classes above the flushes
    // keep their number, a flush becomes 323 + (14 - top card), and everything
    // below the flushes moves up by the 1,269 lost classes.
    let model = |h: &Hand| -> u32 {
        let s = reference(h);
        let class = u32::from(Reference::class(h).get());
        match s.category {
            c if c > Category::Flush => class,
            Category::Flush => 323 + (14 - u32::from(s.ranks[0])),
            _ => class - 1269,
        }
    };
    let expected = indices(|h| model(h) != u32::from(Reference::class(h).get()));
    let reported: BTreeSet<usize> = disagreements(&broken, &reference_eval)
        .into_iter()
        .collect();
    assert_eq!(reported, expected);
    assert_eq!(check.class_mismatches, expected.len());
    for i in expected.iter().step_by(997) {
        assert_eq!(broken.classes[*i], model(&hands()[*i]), "{}", hands()[*i]);
    }
}

#[test]
fn misordering_is_counted_from_ties_and_inversions() {
    use handeval_difftest::misordered;
    // Reference classes 1, 2, 3, 4 for four hands.
    let reference = [1, 2, 3, 4];
    assert_eq!(misordered(&[1, 2, 3, 4], &reference), (0, None));
    // Hands 1 and 2 tie: both misordered, each with the other.
    assert_eq!(misordered(&[1, 2, 2, 3], &reference), (2, Some((1, 2))));
    // Hands 0 and 3 swapped: every hand is inverted against one of them.
    assert_eq!(misordered(&[4, 2, 3, 1], &reference).0, 4);
    // A wrong class number alone, order kept, is no misordering.
    assert_eq!(misordered(&[1, 2, 3, 5], &reference).0, 0);
}

#[test]
fn a_class_read_off_wrongly_is_caught_on_exactly_the_hands_it_renumbers() {
    use handeval_difftest::broken::WheelClassAsSixHigh;
    use handeval_difftest::read_off_differences;
    let wrong: BTreeSet<usize> = read_off_differences::<WheelClassAsSixHigh>()
        .expect("it reads classes off")
        .into_iter()
        .collect();
    let expected = indices(|h| {
        let s = reference(h);
        s.category == Category::Straight && s.ranks[0] == 5
    });
    // Four suits for each of five cards, less the four straight flushes.
    assert_eq!(expected.len(), 1020);
    assert_eq!(wrong, expected);
    // An evaluator that reads off no class is not checked for one.
    assert_eq!(read_off_differences::<Reference>(), None);
}
