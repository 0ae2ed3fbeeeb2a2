//! The tests of `handeval`.

use handeval::*;
use handeval_core::Game;
use handeval_core::{Card, Category, HandClass};

/// A module for every game of the one list, of the game's cards: a
/// game added to the list without its module here fails this.
#[test]
fn a_module_for_every_game_of_the_list() {
    /// Each game of the list, Hi-Lo games too, and its cards.
    struct Listed(Vec<(&'static str, usize)>);
    impl handeval_core::GameVisitor for Listed {
        fn game<G: Game>(&mut self) {
            self.0.push((G::ID, G::COUNT));
        }
        fn hi_lo<G: Game>(&mut self) {
            self.game::<G>();
        }
        fn badugi<G: Game>(&mut self) {
            self.game::<G>();
        }
    }
    macro_rules! modules {
        ($($(#[$doc:meta])* $kind:ident $id:ident: $game:ty = $example:literal;)*) => {
            [$((stringify!($id), $id::CARDS)),*]
        };
    }
    let modules = handeval_core::for_each_game!(modules);
    let mut listed = Listed(Vec::new());
    handeval_core::visit_games(&mut listed);
    assert_eq!(modules.to_vec(), listed.0);
    assert_eq!(game_ids(), listed.0.iter().map(|g| g.0).collect::<Vec<_>>());
}

/// Short deck's modules on every five-card hand and a stride of the
/// seven-card ones, against the reference's classes; a card below the
/// six is refused, named.
#[test]
fn short_deck_classes_are_the_references_and_a_low_card_is_refused() {
    use handeval_core::{Short5, Short7};
    use handeval_reference::table::ClassTable;
    /// A module's batch call of classes.
    type Classes<const N: usize> = fn(&[[u8; N]], &mut [u16]) -> Result<(), Error>;
    fn check<G: Game, const N: usize>(classes: Classes<N>, stride: usize) -> usize {
        let table = ClassTable::of::<G>();
        let hands: Vec<G> = G::parts().flat_map(G::part_hands).step_by(stride).collect();
        let rows: Vec<[u8; N]> = hands
            .iter()
            .map(|h| core::array::from_fn(|i| h.card_slice()[i].index()))
            .collect();
        let mut out = vec![0u16; rows.len()];
        classes(&rows, &mut out).expect("cards of the deck");
        for (hand, &class) in hands.iter().zip(&out) {
            assert_eq!(class, table.best(hand), "{hand}");
        }
        hands.len()
    }
    assert_eq!(check::<Short5, 5>(short5::classes, 1), 376_992);
    assert!(check::<Short7, 7>(short7::classes, 41) > 200_000);
    // Razz's module, on a stride of its hands.
    assert!(check::<handeval_core::Razz, 7>(razz::classes, 641) > 200_000);

    assert_eq!(short5::class_of("As Ks Qs Js Ts"), Ok(1));
    assert_eq!(short5::class_of("9c 8d 7h 6s Jc"), Ok(short5::CLASSES));
    let flush = short5::class_of("Kh Th 9h 7h 6h").unwrap();
    let full = short5::class_of("Ac Ad Ah Ks Kd").unwrap();
    assert!(flush < full);
    assert_eq!(short5::category(flush), Some(Category::Flush));
    assert_eq!(short7::category(0), None);
    // In card notation the hand's parser refuses it; as numbers, the
    // batch call.
    assert!(matches!(
        short7::class_of("As Ks Qs Js Ts 2c 6d"),
        Err(Error::Hand(_))
    ));
    let royal = [51, 47, 43, 39, 35, 16, 17];
    let mut low = royal;
    low[5] = 0;
    let mut out = [7u16; 2];
    let error = short7::classes(&[royal, low], &mut out).unwrap_err();
    assert_eq!(
        error,
        Error::Deck {
            row: 1,
            position: 5,
            card: "2c".parse().unwrap(),
            game: <Short7 as Game>::TITLE
        }
    );
    assert_eq!(out, [7, 7], "left as it was");
    assert!(
        error
            .to_string()
            .contains("hand 1, card 5: 2c is not in the deck of"),
        "{error}"
    );
}

#[test]
fn hi_lo_lows_are_the_references_and_a_bad_row_is_named() {
    use handeval_core::low::{Low, LowEvaluator};
    use handeval_core::{BigO, Omaha8, Stud8};
    use handeval_reference::LowReference;
    /// A module's batch call of lows.
    type Lows<const N: usize> = fn(&[[u8; N]], &mut [u8]) -> Result<(), Error>;
    /// `n` hands dealt by a seeded shuffle, their lows held to the
    /// reference's; how many had a low.
    fn check<G: Game, const N: usize>(lows: Lows<N>, n: usize) -> usize {
        let mut state = 0x2026_1128_u64;
        let mut next = move || {
            // A 64-bit linear congruential step: enough to deal from.
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1);
            (state >> 33) as usize
        };
        let rows: Vec<[u8; N]> = (0..n)
            .map(|_| {
                let mut deck: Vec<u8> = (0..52).collect();
                core::array::from_fn(|_| deck.swap_remove(next() % deck.len()))
            })
            .collect();
        let mut out = vec![99u8; rows.len()];
        lows(&rows, &mut out).expect("distinct cards");
        for (row, &class) in rows.iter().zip(&out) {
            let cards: Vec<_> = row.iter().map(|&c| Card::from_index(c).unwrap()).collect();
            let hand = G::High::from_cards(&cards).unwrap();
            let low: Low = <LowReference as LowEvaluator<G>>::low(&hand);
            assert_eq!(class, low.class().unwrap_or(0), "{hand}");
        }
        out.iter().filter(|&&c| c > 0).count()
    }
    assert!(check::<Omaha8, 9>(omaha8::lows, 20_000) > 5_000);
    assert!(check::<BigO, 10>(bigo::lows, 20_000) > 5_000);
    assert!(check::<Stud8, 7>(stud8::lows, 20_000) > 2_000);
    assert_eq!(
        omaha8::rank_of("Ah 2d Kc Ks | 3c 4h 8s 9d 9h").map(|(r, l)| (r.class(), l)),
        Ok((2637, Some(22)))
    );
    assert_eq!(
        bigo::rank_of("Kh Kd Qc Ah 2d | 3c 4h 8s 9d 9h").map(|(_, l)| l),
        Ok(Some(22))
    );
    assert!(matches!(
        omaha8::rank_of("Ah 2d Kc | 3c 4h 8s 9d 9h"),
        Err(Error::Hand(_))
    ));
    let mut out = [7u8; 2];
    let twice = [0, 0, 8, 12, 16, 20, 24, 28, 32];
    let error = omaha8::lows(&[[0, 4, 8, 12, 16, 20, 24, 28, 32], twice], &mut out).unwrap_err();
    assert_eq!(error.to_string(), "hand 1: 2c twice");
    assert_eq!(out, [7, 7], "left as it was");
    assert!(!omaha8::low_evaluator().is_empty() && !bigo::evaluator().is_empty());
}

#[test]
fn a_bad_row_is_named_and_leaves_the_ranks_as_they_were() {
    let good = [51, 47, 43, 39, 35, 0, 1];
    let mut ranks = [Rank::WORST; 3];
    let mut bad = good;
    bad[4] = 52;
    assert_eq!(
        seven::strengths(&[good, good, bad], &mut ranks),
        Err(Error::Card {
            row: 2,
            position: 4,
            value: 52
        })
    );
    assert_eq!(ranks, [Rank::WORST; 3]);
    bad[4] = 51;
    let error = seven::strengths(&[good, bad, good], &mut ranks).unwrap_err();
    assert_eq!(
        error,
        Error::Repeated {
            row: 1,
            card: "As".parse().unwrap()
        }
    );
    assert_eq!(error.to_string(), "hand 1: As twice");
    assert_eq!(
        seven::strengths(&[good], &mut ranks),
        Err(Error::Lengths { hands: 1, ranks: 3 })
    );
    assert!(matches!(seven::rank_of("As Ks"), Err(Error::Hand(_))));
    assert!(matches!(
        omaha::rank_of("As Ad Ks | Qs Js Ts 2c 3h"),
        Err(Error::Hand(_))
    ));
    let mut none: [Rank; 0] = [];
    assert_eq!(seven::strengths(&[], &mut none), Ok(()));
}

#[test]
fn ranks_order_stronger_above_and_print_their_category() {
    let royal = Rank::from_class(1).unwrap();
    assert!(royal > Rank::WORST);
    assert_eq!(royal.to_string(), "Royal Flush (class 1)");
    assert_eq!(Rank::WORST.class(), HandClass::COUNT);
    assert_eq!(Rank::from_class(0), None);
    assert_eq!(Rank::from_class(HandClass::COUNT + 1), None);
}

#[test]
fn every_game_names_the_evaluator_it_chose_and_values_a_hand() {
    let names = [
        five::evaluator(),
        six::evaluator(),
        seven::evaluator(),
        omaha::evaluator(),
        omaha5::evaluator(),
        omaha6::evaluator(),
    ];
    assert!(names.iter().all(|n| !n.is_empty()), "{names:?}");
    assert_eq!(five::rank_of("As Ks Qs Js Ts").unwrap().class(), 1);
    assert_eq!(six::rank_of("As Ks Qs Js Ts 2c").unwrap().class(), 1);
    // Omaha plays two hole cards: four spades on the board make no flush
    // with one spade in the hole.
    let rank = omaha::rank_of("As Ad Kc Kd | Qs Js Ts 9s 3h").unwrap();
    assert_eq!(rank.category(), Category::Straight);
    let rank = omaha5::rank_of("As Ad Kc Kd 2c | Qs Js Ts 9s 3h").unwrap();
    assert_eq!(rank.category(), Category::Straight);
    let rank = omaha6::rank_of("As Ks Kc Kd 2c 3c | Qs Js Ts 9s 3h").unwrap();
    assert_eq!(rank.class(), 1);
    // On the river, one board: the royal flush wins it alone.
    let tally = omaha6::equity(
        &["As Ks Kc Kd 2c 3c", "Ah Ad 7c 7d 6h 5h"],
        "Qs Js Ts 9s 3h",
        "",
    )
    .unwrap();
    assert_eq!((tally.boards, tally.wins[0], tally.wins[1]), (1, 1, 0));
    assert!(matches!(
        omaha::equity(&["As Ks", "Ah Ad 7c 7d"], "", ""),
        Err(Error::Equity(_))
    ));
}
