//! Omaha equity of fixed hands against a brute force over every board:
//! each player's hand the best of the 60 (or 100) fives of two hole and
//! three board cards by the five-card reference, nothing else shared.

use handeval_core::BestOf;
use handeval_core::{Card, Game, Hand, Omaha4, Omaha5};
use handeval_deadhorse::OmahaSimd;
use handeval_equity::fixed::{FixedHands, exact_every_board};
use handeval_equity::omaha::exact;
use handeval_perfhash::Scalar;
use handeval_reference::{Reference, evaluate};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Each player's equity by brute force: every board from `rest`.
fn brute(holes: &[Vec<Card>], board: &[Card], dead: &[Card]) -> Vec<f64> {
    let mut used = 0u64;
    for c in holes.iter().flatten().chain(board).chain(dead) {
        used |= 1 << c.index();
    }
    let rest: Vec<Card> = Card::all().filter(|c| used & 1 << c.index() == 0).collect();
    let mut shares = vec![0.0; holes.len()];
    let mut boards = 0.0;
    crate::common::each_full_board(board, &rest, |full| {
        let values: Vec<_> = holes
            .iter()
            .map(|hole| {
                let mut best = None;
                for a in 0..hole.len() {
                    for b in a + 1..hole.len() {
                        for x in 0..5 {
                            for y in x + 1..5 {
                                for z in y + 1..5 {
                                    let five =
                                        Hand::new([hole[a], hole[b], full[x], full[y], full[z]])
                                            .unwrap();
                                    let v = evaluate(&five);
                                    if best.as_ref().is_none_or(|b| v > *b) {
                                        best = Some(v);
                                    }
                                }
                            }
                        }
                    }
                }
                best.unwrap()
            })
            .collect();
        let top = values.iter().max().unwrap();
        let winners = values.iter().filter(|v| *v == top).count() as f64;
        for (p, v) in values.iter().enumerate() {
            if v == top {
                shares[p] += 1.0 / winners;
            }
        }
        boards += 1.0;
    });
    shares.iter().map(|s| s / boards).collect()
}

/// A seeded matchup of game `G`: two to four players, a board of one of
/// `boards` sizes, up to two dead cards.
#[allow(clippy::type_complexity)]
fn seeded<G: Game>(
    rng: &mut ChaCha8Rng,
    boards: &[usize],
) -> (FixedHands<G>, Vec<Vec<Card>>, Vec<Card>, Vec<Card>) {
    let mut deck: Vec<Card> = Card::all().collect();
    for i in (1..deck.len()).rev() {
        deck.swap(i, rng.random_range(0..=i));
    }
    let players = rng.random_range(2..=4);
    let holes: Vec<Vec<Card>> = (0..players)
        .map(|p| deck[p * G::HOLE..(p + 1) * G::HOLE].to_vec())
        .collect();
    let mut at = players * G::HOLE;
    let board = deck[at..at + boards[rng.random_range(0..boards.len())]].to_vec();
    at += board.len();
    let dead = deck[at..at + rng.random_range(0..3)].to_vec();
    let m = FixedHands::<G>::of(holes.clone(), board.clone(), &dead).unwrap();
    (m, holes, board, dead)
}

fn check<G: Game, E: handeval_core::BestFive<G>>(seed: u64, matchups: usize) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    for _ in 0..matchups {
        // A turn or a river: the brute force values every board in seconds.
        let (m, holes, board, dead) = seeded::<G>(&mut rng, &[4, 5]);
        let t = exact::<G, E>(&m);
        let want = brute(&holes, &board, &dead);
        for (p, w) in want.iter().enumerate() {
            assert!(
                (t.equity(p) - w).abs() < 1e-12,
                "{holes:?} {board:?}: {} {w}",
                t.equity(p)
            );
        }
    }
}

#[test]
fn plo4_and_plo5_equities_equal_the_brute_force() {
    check::<Omaha4, OmahaSimd>(49, 40);
    check::<Omaha5, BestOf<Scalar>>(50, 40);
}

#[test]
fn a_flop_matchup_equals_the_brute_force() {
    let m =
        FixedHands::<Omaha4>::new(&["AhAsKhKs", "QdQcJdJc", "9s8s7d6d"], "2h7h9c", "3c").unwrap();
    let t = exact::<Omaha4, OmahaSimd>(&m);
    let want = brute(m.holes(), m.board(), &["3c".parse().unwrap()]);
    assert_eq!(t.boards, 630);
    for (p, w) in want.iter().enumerate() {
        assert!((t.equity(p) - w).abs() < 1e-12, "{} {w}", t.equity(p));
    }
}

#[test]
fn a_broken_evaluator_is_caught() {
    // The reference's best of 60 fives with flushes demoted below high
    // cards: the same brute force must tell it apart.
    struct Broken;
    impl handeval_core::BestFive<Omaha4> for Broken {
        const META: handeval_core::Meta = handeval_core::Meta {
            name: "broken",
            summary: "the reference with flushes demoted",
            family: <handeval_reference::ReferenceBest as handeval_core::BestFive<Omaha4>>::META
                .family,
            role: handeval_core::Role::Tuned,
            derived_from: None,
            table_bytes: 0,
            card_table_bytes: 0,
        };
        type Five = Reference;
        type Strength = handeval_reference::Strength;
        fn category(hand: &Omaha4) -> handeval_core::Category {
            Self::strength(hand).category
        }
        fn strength(hand: &Omaha4) -> Self::Strength {
            let mut s =
                <handeval_reference::ReferenceBest as handeval_core::BestFive<Omaha4>>::strength(
                    hand,
                );
            if s.category == handeval_core::Category::Flush {
                s.category = handeval_core::Category::HighCard;
                s.tier = 0;
            }
            s
        }
    }
    let m = FixedHands::<Omaha4>::new(&["AhKh2c3d", "QsQdJcTc"], "2h7h9c", "").unwrap();
    let broken = exact::<Omaha4, Broken>(&m);
    let want = brute(m.holes(), m.board(), &[]);
    assert!(
        (broken.equity(0) - want[0]).abs() > 1e-3,
        "{} {}",
        broken.equity(0),
        want[0]
    );
}

/// Counting by ranks with the flush boards apart against valuing every
/// board, count for count, preflop (where the brute force is too slow)
/// and after a flop, on seeded matchups: suits held two and three times,
/// dead cards, up to four players.
fn by_ranks_is_every_board<G: Game, E: handeval_core::BestFive<G>>(seed: u64, matchups: usize) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    for _ in 0..matchups {
        let (m, holes, board, dead) = seeded::<G>(&mut rng, &[0, 0, 3]);
        assert_eq!(
            exact::<G, E>(&m),
            exact_every_board::<G, E>(&m),
            "{holes:?} {board:?} dead {dead:?}"
        );
    }
}

#[test]
fn by_ranks_counts_what_every_board_counts() {
    by_ranks_is_every_board::<Omaha4, OmahaSimd>(51, 6);
    by_ranks_is_every_board::<Omaha5, BestOf<Scalar>>(52, 2);
    // Both players double-suited in the same suits: every suit flushes.
    let m = FixedHands::<Omaha4>::new(&["AhKhQsJs", "ThTs9h9s"], "", "").unwrap();
    assert_eq!(
        exact::<Omaha4, OmahaSimd>(&m),
        exact_every_board::<Omaha4, OmahaSimd>(&m)
    );
}
