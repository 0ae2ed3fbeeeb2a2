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
///
/// The unit of measurement, for criterion and the rounds alike: one block of
/// [`BLOCK`] hands, passed over once untimed, so that its hands, encodings
/// and outputs are in cache, then timed over `reps` further passes. What is
/// measured is the evaluation, not how fast the machine streams a
/// 2,598,960-hand array from memory (which for the fastest evaluators would
/// be most of the time, and would depend on what ran just before).
pub trait Timed {
    /// The evaluator's name.
    fn name(&self) -> &'static str;
    /// One pass over block `block` (wrapping at [`BLOCKS`]).
    fn pass(&mut self, block: usize);
    /// One untimed pass over `block`, then the time `reps` passes take.
    fn time(&mut self, block: usize, reps: usize) -> Duration {
        self.pass(block);
        let start = Instant::now();
        for _ in 0..reps {
            self.pass(block);
        }
        start.elapsed()
    }
}

impl<E: Evaluator> Timed for Prepared<E> {
    fn name(&self) -> &'static str {
        E::NAME
    }

    fn pass(&mut self, block: usize) {
        self.run_block(block % BLOCKS);
    }
}

/// Times `iters` passes as criterion asks, `reps` at a time per block, the
/// block advancing from `*block`: criterion's measurement in the same unit
/// as the rounds'.
pub fn time_iters(timed: &mut dyn Timed, iters: u64, reps: usize, block: &mut usize) -> Duration {
    let mut total = Duration::ZERO;
    let mut left = usize::try_from(iters).unwrap_or(usize::MAX);
    while left > 0 {
        let now = left.min(reps);
        total += timed.time(*block, now);
        *block = (*block + 1) % BLOCKS;
        left -= now;
    }
    total
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

    fn pass(&mut self, block: usize) {
        let block = block % BLOCKS;
        let hands = black_box(&self.hands[block * BLOCK..(block + 1) * BLOCK]);
        for (o, h) in self.out.iter_mut().zip(hands) {
            *o = E::strength(E::encode(h));
        }
        black_box(&self.out);
    }
}

/// How many rounds, and how many timed passes over its block each
/// evaluator makes per turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Plan {
    /// Timed rounds (one untimed warm-up round runs first).
    pub rounds: usize,
    /// Timed passes over the round's block per turn.
    pub reps: usize,
}

impl Plan {
    /// The plan for `HANDEVAL_BENCH_MODE` (`full`, `quick` or `smoke`).
    pub fn for_mode(mode: &str) -> Plan {
        match mode {
            "smoke" => Plan { rounds: 3, reps: 2 },
            "quick" => Plan { rounds: 9, reps: 8 },
            // 32 passes keep the fastest evaluator's turn near 2 ms.
            _ => Plan {
                rounds: 21,
                reps: 32,
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
/// each round by `rng`; in round `r` everyone evaluates block `r` (wrapping).
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
        t.time(0, plan.reps);
    }
    for round in 0..plan.rounds {
        order.shuffle(rng);
        let block = round % BLOCKS;
        for &i in &order {
            let elapsed = timed[i].time(block, plan.reps);
            turns.push(Turn {
                workload,
                evaluator: timed[i].name(),
                round,
                ns_per_hand: elapsed.as_secs_f64() * 1e9 / (plan.reps * BLOCK) as f64,
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
