//! Ratios that repeat: every evaluator of a workload timed in turn, round
//! after round, in a seeded random order, so that whatever drifts on a shared
//! machine (frequency, a neighbour's load) lands on all of them alike.
//!
//! Criterion times one benchmark after another; a ratio of two of its
//! medians compares measurements taken minutes apart. Here each round times
//! every evaluator once, over the same blocks of hands, and a ratio is taken
//! within the round; the report publishes the median over rounds and the
//! spread, beside criterion's own statistics.

use std::hint::black_box;
use std::io::Write;
use std::time::{Duration, Instant};

use handeval_core::{Evaluator, Hand};
use rand::SeedableRng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;

use crate::{BLOCK, BLOCKS, Prepared, Workload};

/// A prepared, checked workload that can be timed, whichever the evaluator.
pub trait Timed {
    /// The evaluator's name.
    fn name(&self) -> &'static str;
    /// Evaluates `count` blocks from block `first` on (wrapping), and returns the time taken.
    fn time(&mut self, first: usize, count: usize) -> Duration;
}

impl<E: Evaluator> Timed for Prepared<E> {
    fn name(&self) -> &'static str {
        E::NAME
    }

    fn time(&mut self, first: usize, count: usize) -> Duration {
        let start = Instant::now();
        for b in first..first + count {
            self.run_block(b % BLOCKS);
        }
        start.elapsed()
    }
}

/// The floor without the harness: a plain `for` loop over the hands that
/// does the floor evaluator's work on each (`E` is the floor), written out
/// here instead of going through the batch methods, the prepared buffers and
/// the block bookkeeping.
pub struct BareLoop<E: Evaluator> {
    name: &'static str,
    hands: Vec<Hand>,
    out: Vec<E::Strength>,
}

impl<E: Evaluator> BareLoop<E> {
    /// A bare loop over `hands`, reported as `name`.
    pub fn new(name: &'static str, hands: &[Hand]) -> Self {
        let blank = E::strength(E::encode(&hands[0]));
        BareLoop {
            name,
            hands: hands.to_vec(),
            out: vec![blank; BLOCK],
        }
    }
}

impl<E: Evaluator> Timed for BareLoop<E> {
    fn name(&self) -> &'static str {
        self.name
    }

    fn time(&mut self, first: usize, count: usize) -> Duration {
        let start = Instant::now();
        for b in first..first + count {
            let block = b % BLOCKS;
            let hands = black_box(&self.hands[block * BLOCK..(block + 1) * BLOCK]);
            for (o, h) in self.out.iter_mut().zip(hands) {
                *o = E::strength(E::encode(h));
            }
            black_box(&self.out);
        }
        start.elapsed()
    }
}

/// How many rounds, and how many blocks each evaluator evaluates per turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Plan {
    /// Timed rounds (one untimed warm-up round runs first).
    pub rounds: usize,
    /// Blocks of [`BLOCK`] hands per evaluator per round.
    pub blocks: usize,
}

impl Plan {
    /// The plan for `HANDEVAL_BENCH_MODE` (`full`, `quick` or `smoke`).
    pub fn for_mode(mode: &str) -> Plan {
        match mode {
            "smoke" => Plan {
                rounds: 3,
                blocks: 1,
            },
            "quick" => Plan {
                rounds: 9,
                blocks: 8,
            },
            // 24 blocks keep the fastest evaluator's turn above 3 ms, long
            // enough that an interrupt or a timer tick is a small part of it.
            _ => Plan {
                rounds: 21,
                blocks: 24,
            },
        }
    }
}

/// One evaluator's time in one round.
#[derive(Clone, Debug, PartialEq)]
pub struct Turn {
    /// The workload.
    pub workload: Workload,
    /// The evaluator (or the bare loop).
    pub evaluator: &'static str,
    /// The round, from 0.
    pub round: usize,
    /// Nanoseconds per hand in this turn.
    pub ns_per_hand: f64,
}

/// Times every entry of `timed` once per round, in an order shuffled anew
/// each round by `rng`; round `r` evaluates the same blocks for everyone.
pub fn run(
    workload: Workload,
    timed: &mut [Box<dyn Timed>],
    plan: Plan,
    rng: &mut ChaCha8Rng,
) -> Vec<Turn> {
    let mut order: Vec<usize> = (0..timed.len()).collect();
    let mut turns = Vec::with_capacity(plan.rounds * timed.len());
    // The warm-up round: caches, branch predictors, CPU frequency.
    for t in timed.iter_mut() {
        t.time(0, plan.blocks);
    }
    for round in 0..plan.rounds {
        order.shuffle(rng);
        let first = (round * plan.blocks) % BLOCKS;
        for &i in &order {
            let elapsed = timed[i].time(first, plan.blocks);
            turns.push(Turn {
                workload,
                evaluator: timed[i].name(),
                round,
                ns_per_hand: elapsed.as_secs_f64() * 1e9 / (plan.blocks * BLOCK) as f64,
            });
        }
    }
    turns
}

/// The seeded generator that orders the rounds.
pub fn rng(seed: u64) -> ChaCha8Rng {
    // A different stream from the shuffle of the hands, from the same seed.
    ChaCha8Rng::seed_from_u64(seed ^ 0x726F_756E_6473)
}

/// Writes turns as CSV: `workload,evaluator,round,ns_per_hand`.
///
/// # Errors
/// When the writer fails.
pub fn write_csv(out: &mut impl Write, turns: &[Turn], header: bool) -> std::io::Result<()> {
    if header {
        writeln!(out, "workload,evaluator,round,ns_per_hand")?;
    }
    for t in turns {
        writeln!(
            out,
            "{},{},{},{}",
            t.workload, t.evaluator, t.round, t.ns_per_hand
        )?;
    }
    Ok(())
}
