//! The enumeration and showdown forms of `deadhorse/seven-simd` (partial
//! sums, vectors of triples) give the batch kernel's values and counts on
//! each path this CPU has: as it is, then with AVX-512 pretended absent,
//! then AVX2 too. Pretending is process-wide and one-way, hence one test,
//! in that order, in a binary of its own.

use handeval_core::cpu::{Feature, pretend_absent};
use handeval_core::enumerate::Sink;
use handeval_core::{BestFive, Card, Hand7};
use handeval_deadhorse::SevenSimd;
use handeval_deadhorse::enumerate::{Preflop, path, seven_cards};
use handeval_equity::showdown::Showdown;

/// Keeps every value it is given, padding left out.
#[derive(Default)]
struct Keep(Vec<u32>);

impl Sink for Keep {
    fn take(&mut self, values: &[u32]) {
        self.0.extend_from_slice(values);
    }
    fn take_padded(&mut self, values: &[u32], hands: usize) {
        let real: Vec<u32> = values.iter().copied().filter(|&v| v != 0).collect();
        assert_eq!(real.len(), hands, "padding is 0, hands are not");
        self.0.extend(real);
    }
}

/// Every seven of `deck`, valued by the batch kernel, sorted.
fn batch_values(deck: &[Card]) -> Vec<u32> {
    let n = deck.len();
    let mut hands = Vec::new();
    let mut at = [0, 1, 2, 3, 4, 5, 6];
    loop {
        hands.push(Hand7::new(at.map(|i| deck[i])).unwrap());
        if !handeval_core::next_combination(&mut at, n) {
            let mut values = vec![0; hands.len()];
            SevenSimd::strengths(&hands, &mut values);
            values.sort_unstable();
            return values;
        }
    }
}

fn cards(text: &str) -> [Card; 2] {
    let c: Vec<Card> = text
        .split_whitespace()
        .map(|c| c.parse().unwrap())
        .collect();
    [c[0], c[1]]
}

/// Each check on the path the CPU allows now; returns the path.
fn check_this_path() -> &'static str {
    // Two suits and every rank: flushes, straight flushes and wheels abound.
    let two_suits: Vec<Card> = Card::all().filter(|c| c.index() % 4 < 2).collect();
    // Every card of the lowest seven ranks: quads and full houses.
    let low: Vec<Card> = Card::all().take(28).collect();
    for deck in [&two_suits[..], &low[..]] {
        let mut kept = Keep::default();
        seven_cards(deck, &mut kept);
        let mut values = kept.0;
        values.sort_unstable();
        assert_eq!(values, batch_values(deck), "path {}", path());
    }
    // Heads-up and three-way preflop showdowns, against the batch counts.
    for players in [
        vec![cards("Ah As"), cards("Kd Kc")],
        vec![cards("7s 8s"), cards("Ac Ad"), cards("2h 2d")],
    ] {
        let showdown = Showdown::new(&players, &[], &[]).unwrap();
        let preflop = Preflop::new(&showdown).unwrap();
        // A range of first cards, as threads split them, and the rest.
        let mut fast = preflop.tally(0..5);
        fast.add(&preflop.tally(5..showdown.first_cards()));
        let slow = showdown.tally::<SevenSimd>(0..showdown.first_cards());
        assert_eq!(fast, slow, "path {}", path());
    }
    let flop = Showdown::new(
        &[cards("Ah As"), cards("Kd Kc")],
        &[
            "2c".parse().unwrap(),
            "7d".parse().unwrap(),
            "9h".parse().unwrap(),
        ],
        &[],
    )
    .unwrap();
    assert!(Preflop::new(&flop).is_none());
    path()
}

#[test]
fn every_path_gives_the_batch_kernels_values() {
    let mut ran = vec![check_this_path()];
    pretend_absent(Feature::Avx512);
    ran.push(check_this_path());
    pretend_absent(Feature::Avx2);
    ran.push(check_this_path());
    assert_eq!(ran.last(), Some(&"portable"));
    println!("paths checked: {ran:?}");
}
