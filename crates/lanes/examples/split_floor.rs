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
use handeval_core::{Category, Evaluator, Family, Hand, Role, all_hands};
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

struct Floor;

impl Evaluator for Floor {
    const NAME: &'static str = "split-only";
    const SUMMARY: &'static str = "loads, splits and stores; evaluates nothing";
    const FAMILY: Family = Family {
        name: "split-only",
        title: "the SIMD kernels' floor",
    };
    const ROLE: Role = Role::Floor;
    handeval_lanes::simd_evaluator!(Floor, paths, high_card);
}

fn high_card(_: u32) -> Category {
    Category::HighCard
}

fn time(hands: &[Hand]) -> f64 {
    let mut out = vec![0u32; hands.len()];
    (0..200)
        .map(|_| {
            let start = Instant::now();
            Floor::strengths_of_hands(std::hint::black_box(hands), &mut out);
            std::hint::black_box(&out);
            start.elapsed().as_secs_f64() * 1e9 / hands.len() as f64
        })
        .fold(f64::INFINITY, f64::min)
}

fn main() {
    let hands: Vec<Hand> = all_hands().take(64_974).collect();
    let report = |label: &str| {
        println!(
            "{label:>10}: {:.3} ns/hand ({})",
            time(&hands),
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
