//! Exact range equities against `pokers`' own `exact_equity` on seeded,
//! unweighted range matchups in the syntax both take.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use handeval_equity::exact::{Matchup, exact};
use handeval_perfhash::Seven as PerfhashSeven;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn range(rng: &mut ChaCha8Rng) -> String {
    const RANKS: &[u8] = b"23456789TJQKA";
    (0..rng.random_range(1..=3))
        .map(|_| {
            let (a, b) = (rng.random_range(0..13), rng.random_range(0..13));
            let (hi, lo) = (RANKS[a.max(b)] as char, RANKS[a.min(b)] as char);
            match rng.random_range(0..4) {
                _ if a == b => format!("{hi}{hi}"),
                0 => format!("{hi}{lo}s"),
                1 => format!("{hi}{lo}o"),
                2 => format!("{hi}{hi}+"),
                _ => format!("{hi}{lo}"),
            }
        })
        .collect::<Vec<_>>()
        .join(",")
}

#[test]
fn seeded_range_matchups_equal_pokers_exact_equity() {
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let mut checked = 0;
    while checked < 12 {
        let players = rng.random_range(2..=3);
        let ranges: Vec<String> = (0..players).map(|_| range(&mut rng)).collect();
        let mut deck: Vec<handeval_core::Card> = handeval_core::Card::all().collect();
        for i in (1..deck.len()).rev() {
            deck.swap(i, rng.random_range(0..=i));
        }
        let board: String = deck[..[3, 4][rng.random_range(0..2)]]
            .iter()
            .map(ToString::to_string)
            .collect();
        let refs: Vec<&str> = ranges.iter().map(String::as_str).collect();
        let Ok(m) = Matchup::new(&refs, &board, "") else {
            continue;
        };
        let Ok(ours) = exact::<PerfhashSeven>(&m) else {
            continue;
        };
        let theirs = pokers::exact_equity(
            &pokers::HandRange::from_strings(ranges.clone()),
            pokers::get_card_mask(&board),
            0,
            1,
            Arc::new(AtomicBool::new(false)),
            |_| {},
        )
        .expect("pokers takes the matchup");
        for p in 0..players {
            assert!(
                (ours.equity[p] - theirs.equities[p]).abs() < 1e-9,
                "{ranges:?} on {board}: player {}: {} against pokers' {}",
                p + 1,
                ours.equity[p],
                theirs.equities[p]
            );
        }
        checked += 1;
    }
}
