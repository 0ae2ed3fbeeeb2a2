//! Omaha Hi-Lo equity held to a brute force: every board, each hand's high
//! by the literal reference and its low by the literal low reference, the
//! pot split by fractions (`brute_force_hi_lo`, written apart from the
//! tally's integer shares), quartered pots included.

use handeval_core::low::{Low, LowEvaluator};
use handeval_core::{Card, Omaha4, Omaha8};
use handeval_deadhorse::{OmahaLowSimd, OmahaSimd};
use handeval_equity::fixed::FixedHands;
use handeval_equity::hilo::{HiLoTally, brute_force_hi_lo, exact_hi_lo};
use handeval_reference::{LowReference, ReferenceBest};
use rand::SeedableRng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;

fn held_to_brute_force(holes: &[Vec<Card>], board: &[Card], dead: &[Card]) -> HiLoTally {
    let m = FixedHands::<Omaha4>::of(holes.to_vec(), board.to_vec(), dead).unwrap();
    let fast = exact_hi_lo::<Omaha4, OmahaSimd>(&m, <OmahaLowSimd as LowEvaluator<Omaha8>>::lows);
    let literal =
        exact_hi_lo::<Omaha4, ReferenceBest>(&m, <LowReference as LowEvaluator<Omaha8>>::lows);
    assert_eq!(
        fast, literal,
        "the direct kernels count as the references do"
    );
    let brute =
        brute_force_hi_lo::<Omaha4, ReferenceBest>(&m, <LowReference as LowEvaluator<Omaha8>>::low);
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
    let m = FixedHands::<Omaha4>::of(holes.to_vec(), cards("3c4c9h"), &[]).unwrap();
    let no_low: fn(&[Omaha4], &mut [Low]) = |_, out| out.fill(Low::NONE);
    let broken = exact_hi_lo::<Omaha4, OmahaSimd>(&m, no_low);
    let brute =
        brute_force_hi_lo::<Omaha4, ReferenceBest>(&m, <LowReference as LowEvaluator<Omaha8>>::low);
    assert!((broken.equity(0) - brute.equity[0]).abs() > 1e-3 || broken.quartered != [0; 6]);
    assert_ne!(broken.quartered[0], brute.quartered[0]);
}
