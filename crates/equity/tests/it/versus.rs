//! Every combo against a range held to a brute force: for seeded combos
//! of seeded tables, every opposing combo and every board to come, each
//! hand valued by the literal reference on its own, no classes of boards
//! or of combos; and the flops a study asks about, each class once.

use crate::common::each_full_board;
use handeval_core::{BestFive, Card, Hand7};
use handeval_equity::range::{Combo, Range};
use handeval_equity::versus::{flops, table, table_by};
use handeval_perfhash::Seven as PerfhashSeven;
use handeval_reference::ReferenceBest;
use rand::seq::SliceRandom;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn value(hole: [Card; 2], board: &[Card]) -> <ReferenceBest as BestFive<Hand7>>::Strength {
    let mut cards = [hole[0]; 7];
    cards[1] = hole[1];
    cards[2..].copy_from_slice(board);
    <ReferenceBest as BestFive<Hand7>>::strength(&Hand7::new(cards).unwrap())
}

/// `combo`'s opposing weight and equity against `villain` by brute force.
fn brute(combo: &Combo, villain: &Range, board: &[Card], dead: &[Card]) -> (f64, Option<f64>) {
    let known: Vec<Card> = board
        .iter()
        .chain(dead)
        .chain(&combo.cards)
        .copied()
        .collect();
    let (mut against, mut games, mut won) = (0.0, 0.0, 0.0);
    for v in villain.combos() {
        if v.cards.iter().any(|c| known.contains(c)) {
            continue;
        }
        against += v.weight;
        let rest: Vec<Card> = Card::all()
            .filter(|c| !known.contains(c) && !v.cards.contains(c))
            .collect();
        each_full_board(board, &rest, |full| {
            let (a, b) = (value(combo.cards, full), value(v.cards, full));
            games += v.weight;
            won += v.weight
                * match a.cmp(&b) {
                    std::cmp::Ordering::Greater => 1.0,
                    std::cmp::Ordering::Equal => 0.5,
                    std::cmp::Ordering::Less => 0.0,
                };
        });
    }
    (against, (against > 0.0).then(|| won / games))
}

#[test]
fn seeded_rows_equal_the_brute_force() {
    let mut rng = ChaCha8Rng::seed_from_u64(2_026_120_201);
    // Every combo against a 15% range and weighted ones, on a flop and a
    // turn (seeded rows: the brute force values every board of every
    // opposing combo one hand at a time), and a turn and a river (every
    // row).
    let cases = [
        ("random", "22+,A2s+,K9s+,QTs+,JTs,ATo+,KJo+", 3, 3),
        ("random", "TT+,AQs+,0.5(AKo),T9s@40", 4, 40),
        (
            "22+,A2s+,K2s+,Q8s+,J8s+,T8s+,98s,A8o+,KTo+",
            "QQ+,AKs",
            4,
            usize::MAX,
        ),
        ("random", "22+,AJs+,0.25(KQo)", 5, usize::MAX),
    ];
    let mut deck: Vec<Card> = Card::all().collect();
    for (hero, villain, cards, rows) in cases {
        let (hero, villain): (Range, Range) = (hero.parse().unwrap(), villain.parse().unwrap());
        deck.shuffle(&mut rng);
        let board = &deck[..cards];
        let dead = &deck[5..5 + rng.random_range(0..3usize)];
        let t = table::<PerfhashSeven>(&hero, &villain, board, dead).unwrap();
        let left = hero.without(board.iter().chain(dead).fold(0, |m, c| m | 1 << c.index()));
        assert_eq!(t.rows.len(), left.combos().len());
        let mut order: Vec<usize> = (0..t.rows.len()).collect();
        order.shuffle(&mut rng);
        for &i in order.iter().take(rows) {
            let row = &t.rows[i];
            assert_eq!(row.combo, left.combos()[i]);
            let (against, equity) = brute(&row.combo, &villain, board, dead);
            assert!((row.against - against).abs() < 1e-9, "{:?}", row.combo);
            match (row.equity, equity) {
                (Some(a), Some(b)) => assert!((a - b).abs() < 1e-9, "{:?}: {a} {b}", row.combo),
                (a, b) => assert_eq!(a, b, "{:?}", row.combo),
            }
            assert_eq!(t.row(row.combo.cards[1], row.combo.cards[0]), Some(row));
        }
        // The range's equity is its rows', weighted by their deals.
        let (deals, won) = t.rows.iter().fold((0.0, 0.0), |(d, w), r| {
            let dw = r.combo.weight * r.against;
            (d + dw, w + dw * r.equity.unwrap_or(0.0))
        });
        assert!((won / deals - t.equity).abs() < 1e-12);
    }
}

#[test]
fn a_miscounted_table_is_caught() {
    // A count that moves a little equity to one combo: the brute force
    // tells.
    let hero: Range = "AA,KK,AKs".parse().unwrap();
    let villain: Range = "QQ+".parse().unwrap();
    let board: Vec<Card> = handeval_core::parse_cards("2c7d9hTs").unwrap();
    let t = table_by(&hero, &villain, &board, &[], |m| {
        let mut e = handeval_equity::exact::exact::<PerfhashSeven>(m)?;
        e.per_combo[0][3].2 += 1.0 / 44.0;
        Ok(e)
    })
    .unwrap();
    let wrong = t
        .rows
        .iter()
        .filter(|r| {
            let (_, e) = brute(&r.combo, &villain, &board, &[]);
            (r.equity.unwrap() - e.unwrap()).abs() > 1e-9
        })
        .count();
    assert_eq!(wrong, 1);
}

#[test]
fn a_combo_that_meets_no_opposing_combo_has_no_equity() {
    let hero: Range = "AhAs,KK".parse().unwrap();
    let villain: Range = "AhKh,AsKs".parse().unwrap();
    let t = table::<PerfhashSeven>(&hero, &villain, &[], &[]).unwrap();
    let aces = t
        .rows
        .iter()
        .find(|r| r.combo.cards[0].rank() == handeval_core::Rank::Ace)
        .unwrap();
    assert_eq!((aces.against, aces.equity), (0.0, None));
    assert!(t.rows.iter().filter(|r| r.equity.is_some()).count() >= 3);
    // Nothing meets anything: an error, not a table of nothing.
    let hero: Range = "AhAs".parse().unwrap();
    assert!(table::<PerfhashSeven>(&hero, &villain, &[], &[]).is_err());
}

#[test]
fn the_flops_of_a_study_are_each_class_once() {
    let random = Range::random();
    let all = flops(&random, &random, &[]);
    assert_eq!(all.len(), 1_755);
    assert_eq!(all.iter().map(|f| f.1).sum::<u32>(), 22_100);
    // A suited range fixes fewer renamings; dead cards take flops away.
    let hearts: Range = "AhKh".parse().unwrap();
    let dead = handeval_core::parse_cards("2c").unwrap();
    let some = flops(&hearts, &random, &dead);
    assert_eq!(some.iter().map(|f| f.1).sum::<u32>(), 20_825);
    assert!(some.len() > 1_755);
    for (flop, n) in &some {
        assert!(!flop.contains(&dead[0]) && *n >= 1);
    }
}
