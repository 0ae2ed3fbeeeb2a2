//! The program's ranks of every seven-card hand equal the lab reference's
//! classes (the best of each hand's 21 fives by the reference's table).
//!
//! The reference's classes of every hand are computed once, on every core,
//! in the differential check's enumeration; the program's hands are walked
//! in lockstep with that enumeration, card for card, so each comparison is
//! an index (and the two orders are proved the same on the way). At
//! 425044b each hand's class was looked up anew, 21 fives a hand, which
//! took most of the test's 38 seconds on the Zen 3 (issue 66's budgets).

use handeval_core::{Game, Hand7};
use handeval_difftest::cards::{parts, reference_classes};

#[test]
fn every_seven_card_hand_has_the_reference_class() {
    let classes = reference_classes::<Hand7>().expect("seven-card classes are kept");
    let mut order = parts::<Hand7>()
        .iter()
        .flat_map(|p| Hand7::part_hands(p.part));
    let mut at = 0usize;
    let (mut wrong, mut shown) = (0u64, Vec::new());
    handeval_consumer::every_seven_card_hand(|batch, ranks| {
        for (cards, rank) in batch.iter().zip(ranks) {
            let hand = order.next().expect("as many hands as the enumeration");
            let same = hand
                .card_slice()
                .iter()
                .map(|c| c.index())
                .eq(cards.iter().copied());
            assert!(
                same,
                "hand {at}: the program dealt {cards:?}, the enumeration {hand}"
            );
            if rank.class() != classes[at] {
                wrong += 1;
                if shown.len() < 5 {
                    shown.push(format!(
                        "{hand}: class {} not {}",
                        rank.class(),
                        classes[at]
                    ));
                }
            }
            at += 1;
        }
    })
    .expect("every dealt hand is seven distinct cards");
    assert!(order.next().is_none(), "the program dealt fewer hands");
    assert_eq!(at as u64, Hand7::HANDS);
    assert_eq!(wrong, 0, "{shown:#?}");
}
