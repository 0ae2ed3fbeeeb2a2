//! The program's ranks of every seven-card hand equal the lab reference's
//! classes (the best of each hand's 21 fives by the reference's table).

use handeval_core::{Card, Game, Hand7};
use handeval_difftest::cards::table_classes;

#[test]
fn every_seven_card_hand_has_the_reference_class() {
    let mut hands = 0u64;
    let (mut wrong, mut shown) = (0u64, Vec::new());
    handeval_consumer::every_seven_card_hand(|batch, ranks| {
        let dealt: Vec<Hand7> = batch
            .iter()
            .map(|cards| {
                let cards = cards.map(|c| Card::from_index(c).expect("a card"));
                Hand7::from_cards(&cards).expect("distinct cards")
            })
            .collect();
        let expected = table_classes(&dealt);
        for ((hand, rank), &class) in dealt.iter().zip(ranks).zip(&expected) {
            if rank.class() != class {
                wrong += 1;
                if shown.len() < 5 {
                    shown.push(format!("{hand}: class {} not {class}", rank.class()));
                }
            }
        }
        hands += batch.len() as u64;
    })
    .expect("every dealt hand is seven distinct cards");
    assert_eq!(hands, Hand7::HANDS);
    assert_eq!(wrong, 0, "{shown:#?}");
}
