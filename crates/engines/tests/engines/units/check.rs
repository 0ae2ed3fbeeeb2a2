//! The tests of `handeval_engines::check`.

use handeval_engines::Better;
use handeval_engines::check::*;

fn verdict(values: &[i64], classes: &[u16], better: Better) -> Verdict {
    let mut t = Tally::default();
    t.add(values, classes, 0, 1);
    t.verdict(better)
}

#[test]
fn the_worked_example_of_the_crate_docs() {
    let worst = handeval_core::rules::STANDARD.classes();
    let classes = [1, 1609, 1609, 1600, worst];
    let right = verdict(&[9, 5, 5, 6, 1], &classes, Better::Higher);
    assert_eq!(right.disagreements, 0);
    assert_eq!(right.classes, 4);
    // The wheel above the king-high straight.
    let wrong = verdict(&[9, 5, 5, 4, 1], &classes, Better::Higher);
    assert_eq!(wrong.disagreements, 1, "{wrong:?}");
    assert!(wrong.examples[0].misordered);
    // Issue 66, item 11: why it is out of order, not only that: the
    // king-high straight (value 4) is ranked below the wheel's value 5,
    // which the reference ranks below it.
    assert_eq!(wrong.examples[0].contradicts, Some((5, 1609, false)));
    let hand: handeval_core::Hand = "Kc Qd Jh Ts 9c".parse().unwrap();
    assert_eq!(
        spell(&hand, &wrong.examples[0]),
        "Kc Qd Jh Ts 9c: value 4 (standing for class 1600, out of order: the engine ranks it below value 5 (class 1609), which the reference ranks below it), the reference's class 1600"
    );
}

#[test]
fn the_direction_is_the_engines() {
    let classes = [1, 2, 3];
    assert_eq!(
        verdict(&[1, 2, 3], &classes, Better::Lower).disagreements,
        0
    );
    assert_eq!(
        verdict(&[1, 2, 3], &classes, Better::Higher).disagreements,
        2
    );
}

#[test]
fn merged_and_split_classes_are_caught_on_their_hands() {
    // Classes 2 and 3 given one value: the fewer hands disagree.
    let merged = verdict(&[9, 8, 8, 8, 1], &[1, 2, 2, 3, 4], Better::Higher);
    assert_eq!(merged.disagreements, 1);
    assert_eq!(merged.examples[0].value_stands_for, Some(2));
    // Class 2 given two values.
    let split = verdict(&[9, 8, 7, 7, 1], &[1, 2, 2, 2, 4], Better::Higher);
    assert_eq!(split.disagreements, 1);
    assert_eq!(split.examples[0].index, 1);
}

#[test]
fn tallies_merge_as_one() {
    let (values, classes) = ([5i64, 5, 4, 3, 5, 4], [1u16, 1, 2, 3, 1, 2]);
    let mut one = Tally::default();
    one.add(&values, &classes, 0, 2);
    let mut a = Tally::default();
    a.add(&values[..3], &classes[..3], 0, 2);
    let mut b = Tally::default();
    b.add(&values[3..], &classes[3..], 3, 2);
    assert_eq!(
        one.verdict(Better::Higher),
        b.merge(a).verdict(Better::Higher)
    );
    assert_eq!(one.verdict(Better::Higher).hands, 12);
}

#[test]
fn the_heaviest_increasing_run() {
    assert_eq!(heaviest_increasing(&[3, 1, 2, 5, 4], &[1; 5]).len(), 3);
    assert_eq!(
        heaviest_increasing(&[3, 1, 2, 5, 4], &[9, 1, 1, 1, 2]),
        vec![0, 4]
    );
    assert!(heaviest_increasing(&[], &[]).is_empty());
}
