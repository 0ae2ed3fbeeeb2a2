//! Omaha Hi-Lo equity held to a brute force: every board, each hand's high
//! by the literal reference and its low by the literal low reference, the
//! pot split by fractions written out here, quartered pots included.

use handeval_core::low::{Low, LowEvaluator};
use handeval_core::{BestFive, Card, Game, Omaha4};
use handeval_deadhorse::{OmahaLowSimd, OmahaSimd};
use handeval_equity::hilo::{HiLoTally, exact_hi_lo};
use handeval_equity::omaha::OmahaMatchup;
use handeval_reference::{LowReference, ReferenceBest};
use rand::SeedableRng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;

/// Each player's pot share, scoops and quartered boards by brute force.
struct Brute {
    equity: Vec<f64>,
    scoops: Vec<u64>,
    quartered: Vec<u64>,
    boards: u64,
}

fn brute_force(holes: &[Vec<Card>], board: &[Card], dead: &[Card]) -> Brute {
    let used: Vec<Card> = holes
        .iter()
        .flatten()
        .chain(board)
        .chain(dead)
        .copied()
        .collect();
    let rest: Vec<Card> = Card::all().filter(|c| !used.contains(c)).collect();
    let need = 5 - board.len();
    let players = holes.len();
    let mut out = Brute {
        equity: vec![0.0; players],
        scoops: vec![0; players],
        quartered: vec![0; players],
        boards: 0,
    };
    let mut pick: Vec<usize> = (0..need).collect();
    loop {
        let mut full = board.to_vec();
        full.extend(pick.iter().map(|&i| rest[i]));
        let hands: Vec<Omaha4> = holes
            .iter()
            .map(|h| {
                let cards: Vec<Card> = h.iter().chain(&full).copied().collect();
                Omaha4::from_cards(&cards).unwrap()
            })
            .collect();
        let highs: Vec<_> = hands.iter().map(ReferenceBest::strength).collect();
        let lows: Vec<Option<[u8; 5]>> = hands
            .iter()
            .map(handeval_reference::low::best_low)
            .collect();
        let best_high = highs.iter().max().unwrap();
        let best_low = lows.iter().flatten().min();
        let high_winners = highs.iter().filter(|h| *h == best_high).count();
        let low_winners = lows.iter().filter(|l| l.as_ref() == best_low).count();
        for p in 0..players {
            let mut share = 0.0;
            let high_half = if best_low.is_some() { 0.5 } else { 1.0 };
            let high = highs[p] == *best_high;
            let low = best_low.is_some() && lows[p].as_ref() == best_low;
            if high {
                share += high_half / high_winners as f64;
            }
            if low {
                share += 0.5 / low_winners as f64;
                if low_winners == 2 {
                    out.quartered[p] += 1;
                }
            }
            // The whole pot alone: the high alone, and the low alone or none.
            if high && high_winners == 1 && (best_low.is_none() || (low && low_winners == 1)) {
                out.scoops[p] += 1;
            }
            out.equity[p] += share;
        }
        out.boards += 1;
        if !handeval_core::next_combination(&mut pick, rest.len()) {
            break;
        }
    }
    for e in &mut out.equity {
        *e /= out.boards as f64;
    }
    out
}

fn held_to_brute_force(holes: &[Vec<Card>], board: &[Card], dead: &[Card]) -> HiLoTally {
    let m = OmahaMatchup::<Omaha4>::of(holes.to_vec(), board.to_vec(), dead).unwrap();
    let fast = exact_hi_lo::<Omaha4, OmahaSimd>(&m, <OmahaLowSimd as LowEvaluator<Omaha4>>::lows);
    let literal =
        exact_hi_lo::<Omaha4, ReferenceBest>(&m, <LowReference as LowEvaluator<Omaha4>>::lows);
    assert_eq!(
        fast, literal,
        "the direct kernels count as the references do"
    );
    let brute = brute_force(holes, board, dead);
    assert_eq!(fast.boards, brute.boards);
    for p in 0..holes.len() {
        assert!(
            (fast.equity(p) - brute.equity[p]).abs() < 1e-12,
            "player {p}: {} against the brute force's {}",
            fast.equity(p),
            brute.equity[p]
        );
        assert_eq!(fast.scoops[p], brute.scoops[p], "player {p}'s scoops");
        assert_eq!(
            fast.quartered[p], brute.quartered[p],
            "player {p}'s quartered boards"
        );
    }
    let total: f64 = (0..holes.len()).map(|p| fast.equity(p)).sum();
    assert!((total - 1.0).abs() < 1e-12, "the pots add up: {total}");
    fast
}

fn cards(text: &str) -> Vec<Card> {
    handeval_core::parse_cards(text).unwrap()
}

#[test]
fn two_ace_deuce_hands_quarter_the_low() {
    let t = held_to_brute_force(
        &[cards("Ah2hKsKd"), cards("Ad2dQcQs")],
        &cards("3c4c9h"),
        &[],
    );
    println!("{t:?}");
    assert!(t.quartered[0] > 0 && t.quartered[0] == t.quartered[1]);
    assert!(t.split > 0 && t.split < t.boards);
}

#[test]
fn three_players_after_the_turn() {
    let t = held_to_brute_force(
        &[cards("Ah2h3sKd"), cards("Ad2cJcJs"), cards("7h8h9hTh")],
        &cards("4c5dKc6s"),
        &[],
    );
    assert_eq!(t.boards, 36);
}

#[test]
fn seeded_matchups_equal_the_brute_force() {
    let mut rng = ChaCha8Rng::seed_from_u64(20_261_127);
    for round in 0..12 {
        let mut deck: Vec<Card> = Card::all().collect();
        deck.shuffle(&mut rng);
        let players = 2 + round % 3;
        let holes: Vec<Vec<Card>> = (0..players)
            .map(|p| deck[4 * p..4 * p + 4].to_vec())
            .collect();
        let at = 4 * players;
        let board = deck[at..at + 3 + round % 2].to_vec();
        let dead = deck[at + 5..at + 5 + round % 3].to_vec();
        held_to_brute_force(&holes, &board, &dead);
    }
}

#[test]
fn no_low_gives_the_high_the_whole_pot() {
    // A board of K-Q-J: no low can come with two cards to come... only if
    // the last two cannot make three low ranks; after the turn it cannot.
    let t = held_to_brute_force(
        &[cards("Ah2hKsKd"), cards("AdQdQcJs")],
        &cards("KcQsTh9d"),
        &[],
    );
    assert_eq!(t.split, 0);
    let shares: u64 = t.shares.iter().sum();
    assert_eq!(shares, t.boards * handeval_equity::hilo::POT);
}

#[test]
fn a_broken_split_is_caught() {
    // The tally's own split, with the low half given to the high winner:
    // the brute force must disagree.
    let holes = [cards("Ah2hKsKd"), cards("Ad2dQcQs")];
    let m = OmahaMatchup::<Omaha4>::of(holes.to_vec(), cards("3c4c9h"), &[]).unwrap();
    let no_low: fn(&[Omaha4], &mut [Low]) = |_, out| out.fill(Low::NONE);
    let broken = exact_hi_lo::<Omaha4, OmahaSimd>(&m, no_low);
    let brute = brute_force(&holes, &cards("3c4c9h"), &[]);
    assert!((broken.equity(0) - brute.equity[0]).abs() > 1e-3 || broken.quartered != [0; 6]);
    assert_ne!(broken.quartered[0], brute.quartered[0]);
}
