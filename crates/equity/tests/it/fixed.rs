//! Fixed hands over every board of any game with a board, short deck
//! above all: its 36 cards give the boards and its ranking (a flush above
//! a full house, A-6-7-8-9 the lowest straight) comes with the evaluator.
//! Held to a brute force written apart (the short-deck reference on every
//! five of each player's seven cards, the deck filtered by rank), and on
//! the standard deck to the Hold'em count the lab already proves.

use handeval_core::{Card, Evaluator, Game, Hand, Hand7, Short7};
use handeval_deadhorse::ShortSimd;
use handeval_equity::exact::{Matchup, exact};
use handeval_equity::fixed::{FixedHands, exact_every_board};
use handeval_equity::showdown::Tally;
use handeval_reference::{ReferenceBest, ShortReference};
use rand::seq::SliceRandom;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use handeval_core::next_combination as next;

/// Each player's wins, ties and sixtieths of ties over every board from
/// the short deck (ranks 6 to ace) less the known cards, each hand the best
/// of its 21 fives by the short-deck reference.
fn brute_short(holes: &[Vec<Card>], board: &[Card], dead: &[Card]) -> Tally {
    let known: Vec<Card> = holes
        .iter()
        .flatten()
        .chain(board)
        .chain(dead)
        .copied()
        .collect();
    // The short deck: the ranks from the six up, written here as ranks,
    // not read from the rules.
    let rest: Vec<Card> = Card::all()
        .filter(|c| c.rank().value() >= 6 && !known.contains(c))
        .collect();
    let mut tally = Tally::default();
    crate::common::each_full_board(board, &rest, |full| {
        let values: Vec<_> = holes
            .iter()
            .map(|hole| {
                let seven: Vec<Card> = hole.iter().chain(full).copied().collect();
                let mut five: Vec<usize> = (0..5).collect();
                let mut best = None;
                loop {
                    let h = Hand::new([0, 1, 2, 3, 4].map(|i| seven[five[i]])).unwrap();
                    let v = ShortReference::strength(h);
                    if best.as_ref().is_none_or(|b| v > *b) {
                        best = Some(v);
                    }
                    if !next(&mut five, 7) {
                        break best.unwrap();
                    }
                }
            })
            .collect();
        let top = values.iter().max().unwrap();
        let winners = values.iter().filter(|v| *v == top).count() as u64;
        for (p, v) in values.iter().enumerate() {
            if v == top {
                if winners == 1 {
                    tally.wins[p] += 1;
                } else {
                    tally.ties[p] += 1;
                    tally.shares[p] += 60 / winners;
                }
            }
        }
        tally.boards += 1;
    });
    tally
}

fn cards(text: &str) -> Vec<Card> {
    handeval_core::parse_cards(text).unwrap()
}

/// Each player's cards, the board, the dead cards.
type Deal = (Vec<Vec<Card>>, Vec<Card>, Vec<Card>);

/// Seeded short-deck deals: two to four players, a flop, a turn or a
/// river, sometimes a dead card.
fn deals(seed: u64, n: usize) -> Vec<Deal> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let deck: Vec<Card> = Short7::deck().collect();
    (0..n)
        .map(|_| {
            let mut d = deck.clone();
            d.shuffle(&mut rng);
            let players = rng.random_range(2..=4);
            let board = [3, 4, 5][rng.random_range(0..3)];
            let dead = rng.random_range(0..2);
            let holes = (0..players).map(|p| d[2 * p..2 * p + 2].to_vec()).collect();
            let at = 2 * players;
            (
                holes,
                d[at..at + board].to_vec(),
                d[at + board..at + board + dead].to_vec(),
            )
        })
        .collect()
}

#[test]
fn short_deck_equity_is_the_brute_force_on_seeded_deals() {
    for (holes, board, dead) in deals(20_261_127, 40) {
        let m = FixedHands::<Short7>::of(holes.clone(), board.clone(), &dead).unwrap();
        assert_eq!(
            exact_every_board::<Short7, ShortSimd>(&m),
            brute_short(&holes, &board, &dead),
            "{holes:?} on {board:?}, dead {dead:?}"
        );
        // The literal reference as the evaluator counts the same.
        assert_eq!(
            exact_every_board::<Short7, ReferenceBest>(&m),
            exact_every_board::<Short7, ShortSimd>(&m)
        );
    }
}

#[test]
fn short_deck_preflop_counts_every_board_of_the_thirty_six_cards() {
    let m = FixedHands::<Short7>::new(&["AhKh", "9s9d"], "", "").unwrap();
    let t = exact_every_board::<Short7, ShortSimd>(&m);
    // C(32, 5) boards.
    assert_eq!(t.boards, 201_376);
    for p in 0..2 {
        assert_eq!(t.wins[p] + t.ties[p] + t.losses(p), t.boards);
    }
    assert_eq!(t.wins[0], t.losses(1));
    // Held to the brute force on the flops of one first card (the brute
    // force over all 201,376 boards takes the literal reference seconds).
    let flop = cards("6c7dTs");
    let m =
        FixedHands::<Short7>::of(vec![cards("AhKh"), cards("9s9d")], flop.clone(), &[]).unwrap();
    assert_eq!(
        exact_every_board::<Short7, ShortSimd>(&m),
        brute_short(&[cards("AhKh"), cards("9s9d")], &flop, &[])
    );
}

#[test]
fn a_flush_beats_a_full_house_on_the_short_deck_and_not_on_the_standard() {
    let holes = vec![cards("AhKh"), cards("9s9d")];
    let river = cards("9hTh6h6c7s");
    let short = FixedHands::<Short7>::of(holes.clone(), river.clone(), &[]).unwrap();
    let t = exact_every_board::<Short7, ShortSimd>(&short);
    assert_eq!((t.wins[0], t.wins[1]), (1, 0));
    let standard = FixedHands::<Hand7>::of(holes, river, &[]).unwrap();
    let t = exact_every_board::<Hand7, ReferenceBest>(&standard);
    assert_eq!((t.wins[0], t.wins[1]), (0, 1));
}

#[test]
fn a_count_on_the_standard_deck_is_not_a_short_deck_count() {
    // The same hands and flop counted over the 52 cards differ from the
    // short deck's: the deck is the game's, not the card type's.
    let holes = vec![cards("AhKh"), cards("9s9d")];
    let flop = cards("6c7dTs");
    let short = FixedHands::<Short7>::of(holes.clone(), flop.clone(), &[]).unwrap();
    let standard = FixedHands::<Hand7>::of(holes, flop, &[]).unwrap();
    assert_eq!(short.rest().len(), 36 - 7);
    assert_eq!(standard.rest().len(), Card::all().count() - 7);
    assert_ne!(
        exact_every_board::<Short7, ShortSimd>(&short),
        exact_every_board::<Hand7, ReferenceBest>(&standard)
    );
}

#[test]
fn on_the_standard_deck_fixed_hands_count_as_the_holdem_showdown() {
    for (hands, board) in [
        (&["AhKh", "9s9d"][..], "6c7dTs"),
        (&["AsAd", "KcQc", "7h7s"][..], "2c8c4d"),
        (&["Tc9c", "AhKd"][..], "Ac5c2d7h"),
    ] {
        let m = FixedHands::<Hand7>::new(hands, board, "").unwrap();
        let t = exact_every_board::<Hand7, ReferenceBest>(&m);
        let ranges = Matchup::new(hands, board, "").unwrap();
        let e = exact::<ReferenceBest>(&ranges).unwrap();
        let boards = t.boards as f64;
        for p in 0..hands.len() {
            let ours = (t.wins[p] as f64 + t.shares[p] as f64 / 60.0) / boards;
            assert!((ours - e.equity[p]).abs() < 1e-12, "{hands:?} on {board}");
        }
    }
}
