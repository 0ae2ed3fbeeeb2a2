//! What the SIMD kernels cost before any evaluation: loading the hands,
//! splitting them into one vector per card, and storing one `u32` per hand.
//!
//! `cargo run --release -p handeval-lanes --example split_floor` times a
//! kernel that only XORs the five card vectors together (so nothing is
//! optimised away) on each path this CPU has, over a warm block of 64,974
//! hands (the benchmarks' block), best of 200 passes. Subtract it from a
//! SIMD evaluator's time to see what its evaluation costs.

use std::time::Instant;

use handeval_core::cpu::{Feature, has, pretend_absent};
use handeval_core::{BestFive, Category, Evaluator, Family, Game, Hand, Hand7, Role, all_hands};
use handeval_lanes::{Kernel, Lanes};

/// Loads, splits and stores; evaluates nothing.
struct SplitOnly;

impl Kernel for SplitOnly {
    #[inline(always)]
    fn run<L: Lanes>(l: L, cards: [L::V; 5]) -> (L::V, L::V) {
        let [a, b, c, d, e] = cards;
        (l.xor(a, b), l.xor(l.xor(c, d), e))
    }
}

handeval_lanes::simd_paths!(mod paths: SplitOnly);

/// The same for seven-card hands.
struct SplitOnly7;

impl Kernel<7> for SplitOnly7 {
    #[inline(always)]
    fn run<L: Lanes>(l: L, cards: [L::V; 7]) -> (L::V, L::V) {
        let [a, b, c, d, e, f, g] = cards;
        (l.xor(l.xor(a, b), l.xor(c, d)), l.xor(l.xor(e, f), g))
    }
}

handeval_lanes::simd_paths!(mod paths7: SplitOnly7, Hand7);

struct Floor7;

impl BestFive<Hand7> for Floor7 {
    const META: handeval_core::Meta = handeval_core::Meta {
        name: "split-only",
        summary: "loads, splits and stores; evaluates nothing",
        family: Floor::META.family,
        role: Role::Floor,
        derived_from: None,
        table_bytes: 0,
        card_table_bytes: 0,
    };
    type Five = Floor;
    handeval_lanes::simd_evaluator!(
        Floor7: BestFive<Hand7>,
        values(avx512: paths7::avx512, avx2: paths7::avx2, portable: paths7::portable),
        categories(from_values: high_card)
    );
}

struct Floor;

impl Evaluator for Floor {
    const META: handeval_core::Meta = handeval_core::Meta {
        name: "split-only",
        summary: "loads, splits and stores; evaluates nothing",
        family: Family {
            name: "split-only",
            title: "the SIMD kernels' floor",
        },
        role: Role::Floor,
        derived_from: None,
        table_bytes: 0,
        card_table_bytes: 0,
    };
    handeval_lanes::simd_evaluator!(
        Floor: Evaluator,
        values(avx512: paths::avx512, avx2: paths::avx2, portable: paths::portable),
        categories(from_values: high_card)
    );
}

fn high_card(_: u32) -> Category {
    Category::HighCard
}

fn time<H: Game>(hands: &[H], strengths: fn(&[H], &mut [u32])) -> f64 {
    let mut out = vec![0u32; hands.len()];
    (0..200)
        .map(|_| {
            let start = Instant::now();
            strengths(std::hint::black_box(hands), &mut out);
            std::hint::black_box(&out);
            start.elapsed().as_secs_f64() * 1e9 / hands.len() as f64
        })
        .fold(f64::INFINITY, f64::min)
}

fn main() {
    let hands: Vec<Hand> = all_hands().take(64_974).collect();
    let sevens: Vec<Hand7> = handeval_core::all_hands7()
        .skip(66_892_280)
        .take(64_974)
        .collect();
    let report = |label: &str| {
        println!(
            "{label:>10}: {:.3} ns/hand five cards, {:.3} seven cards ({})",
            time(&hands, Floor::strengths_of_hands),
            time(&sevens, Floor7::strengths),
            Floor::cpu_path()
        );
    };
    if has(Feature::Avx512) {
        report("AVX-512");
    }
    pretend_absent(Feature::Avx512);
    if has(Feature::Avx2) {
        report("AVX2");
    }
    pretend_absent(Feature::Avx2);
    report("portable");
}
