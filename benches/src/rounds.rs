//! The unit both timers measure, and the interleaved rounds.
//!
//! # The unit: a turn
//!
//! A turn is one evaluator on one block of hands ([`BLOCK`](crate::BLOCK) five-card hands in
//! a full run; [`crate::Mode::block_of`]): one untimed
//! pass over the block, so that its hands, encodings and outputs are in
//! cache, then a number of passes each timed on its own; the turn's time is
//! its fastest pass. A pass of 50 ms or more (an outside calculator's
//! equity count, a literal reference's block of Omaha hands) warms itself
//! and goes untimed never ([`SELF_WARMING`]). What is measured is the
//! evaluation, not how fast the
//! machine streams a 2,598,960-hand array from memory, nor what else the
//! machine did meanwhile.
//!
//! Why the fastest pass: the shared machines this lab runs on change speed
//! from one millisecond to the next. Timed pass by pass for minutes, one
//! evaluator on one warm block runs at one speed most of the time and up to
//! 1.5 times slower in stretches of a fraction of a millisecond to several
//! seconds, whatever the process does (code that leans on caches and branch
//! predictors suffers most; pure vector arithmetic hardly). A disturbance
//! only ever adds time (Chen and Revels, *Robust benchmarking in noisy
//! environments*, 2016), so within a turn the fastest pass is the
//! undisturbed one; the passes per turn are chosen so that a turn spans
//! [`Mode::turn_target_ns`], long enough to hold one.
//!
//! Criterion times turns ([`time_iters`]), each in one window of two and a
//! half seconds; the rounds time turns of every evaluator of a workload in
//! turn, round after round, over minutes. Where the two figures differ by
//! more than a tenth, a long disturbed stretch fell on criterion's window:
//! the report marks the row and shows both.
//!
//! # The rounds
//!
//! Each round times every contender of the workload once, in a seeded
//! random order, on the same block; in a full run there is one round per
//! block, so that the rounds see every hand, as criterion does. A
//! contender is a lab evaluator, an outside Rust crate, or an engine (C
//! called in-process, or a runner in its own language that times its own
//! turn on request): all take turns in the same rounds. The published time
//! of a contender is its undisturbed time, the fastest of its turns
//! (`handeval_results::estimate`), and every ratio is also taken within a
//! round, so that a slow drift of the machine lands on both sides of it.

use std::hint::black_box;
use std::time::{Duration, Instant};

use handeval_core::{BestFive, Game};
use rand::SeedableRng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;

use crate::plan::Mode;
use crate::{BLOCKS, Workload};

/// Block `block` of `hands`, `len` hands each, wrapping at the whole
/// blocks they hold (all [`BLOCKS`], or a smoke run's few): what a pass of
/// a prepared workload ([`Timed::pass`]) evaluates.
#[inline]
pub fn block_at<T>(hands: &[T], len: usize, block: usize) -> &[T] {
    let block = block % (hands.len() / len);
    &hands[block * len..(block + 1) * len]
}

/// A prepared, checked workload that can be timed, whichever the evaluator.
pub trait Timed {
    /// The evaluator's name.
    fn name(&self) -> &'static str;
    /// How many blocks the prepared hands hold (a smoke run's larger hands
    /// have fewer than [`BLOCKS`]).
    fn blocks(&self) -> usize {
        BLOCKS
    }
    /// One pass over block `block` (wrapping at [`Timed::blocks`]).
    fn pass(&mut self, block: usize);
    /// The fewest timed passes a turn makes: 4, or 2 for a pass of an
    /// access pattern (an enumeration, a set of showdowns), which takes
    /// milliseconds to seconds.
    fn min_passes(&self) -> usize {
        4
    }
    /// What went wrong in a timed pass, if anything: a pass that checks its
    /// result (an access pattern's checksum or counts) records here what
    /// differed, and the run refuses to publish it.
    fn problem(&self) -> Option<String> {
        None
    }

    /// Why an outside contender (an engine) stopped, if it did: it leaves
    /// the rounds with its turns, and the run goes on, saying so. The lab
    /// does not depend on outside code to publish its own figures.
    fn failed(&self) -> Option<String> {
        None
    }

    /// Its turn as it times it itself, where it does: a runner times its
    /// passes in its own language and answers the turn's samples. `None`
    /// for a contender the rounds time pass by pass.
    fn own_turn(&mut self, _block: usize, _pace: Pace) -> Option<TurnTime> {
        None
    }

    /// How its turns go, where it decides that itself (a runner, from its
    /// own pace); `None` for [`pace_of`]'s.
    fn own_pace(&mut self, _mode: Mode) -> Option<Pace> {
        None
    }

    /// Hands a timed pass covers, where fewer than the workload's block (an
    /// engine too slow to pass over a whole block in a turn's time).
    fn hands_per_pass(&self) -> Option<usize> {
        None
    }
}

/// One turn's passes over a warm block.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TurnTime {
    /// The fastest pass: the turn's time.
    pub fastest: Duration,
    /// The median pass: how far disturbances slowed the others.
    pub median: Duration,
    /// How many passes were timed.
    pub passes: usize,
}

/// One untimed pass over `block`, then `passes` passes (at least one), each
/// timed on its own.
pub fn turn(timed: &mut dyn Timed, block: usize, passes: usize) -> TurnTime {
    paced_turn(timed, block, Pace { passes, warm: true })
}

/// A turn as `pace` says: the untimed pass first where it warms.
pub fn paced_turn(timed: &mut dyn Timed, block: usize, pace: Pace) -> TurnTime {
    let origin = Instant::now();
    turn_by(timed, block, pace, &mut || origin.elapsed())
}

/// [`paced_turn`], with time read from `now` (the time since any fixed
/// origin), so that a test can script the clock instead of racing it.
pub fn turn_by(
    timed: &mut dyn Timed,
    block: usize,
    pace: Pace,
    now: &mut dyn FnMut() -> Duration,
) -> TurnTime {
    let passes = pace.passes.max(1);
    if pace.warm {
        timed.pass(block);
    }
    let mut times = Vec::with_capacity(passes);
    for _ in 0..passes {
        let start = now();
        timed.pass(block);
        // A clock never runs backwards: `elapsed` is monotonic.
        times.push(now().saturating_sub(start));
    }
    times.sort_unstable();
    TurnTime {
        fastest: times[0],
        median: times[passes / 2],
        passes,
    }
}

/// How a contender's turns go.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pace {
    /// Timed passes a turn.
    pub passes: usize,
    /// Whether each turn (and the warm-up round) starts with an untimed pass.
    pub warm: bool,
}

/// A pass this long warms itself: whatever caches and predictors it needs
/// are warm within its first milliseconds (a block's hands are a few
/// hundred kilobytes at most, read in well under a millisecond), and an
/// untimed pass before each timed one would double what it costs a run
/// (an outside equity calculator's count of the three-way case takes 17 s
/// a pass; the literal reference of six-card Omaha, 0.1 s a block, is
/// timed by criterion in three workloads).
pub const SELF_WARMING: Duration = Duration::from_millis(50);

/// A pass this long is a turn of its own: the rounds' fastest turn sets a
/// disturbed one aside as well as a second pass in the turn would, and a
/// second pass of an outside calculator's count (16 to 40 s a pass of
/// `pokers`' `exact_equity` on the Zen 3) doubled what the run spent on it
/// (issue 66: the equity workloads took 850 s of its hour).
pub const ONE_PASS_A_TURN: Duration = Duration::from_secs(1);

/// How a turn of `timed` goes in a run of `mode`: as many timed passes as
/// fill [`Mode::turn_target_ns`], from [`Timed::min_passes`] to 512 (a
/// smoke run: 2), each turn after an untimed pass unless one pass takes
/// [`SELF_WARMING`] or more, when it makes the fewest passes and no
/// untimed one (its first pass, timed here, is then the only pass this
/// takes).
pub fn pace_of(timed: &mut dyn Timed, mode: Mode) -> Pace {
    if let Some(pace) = timed.own_pace(mode) {
        return pace;
    }
    let origin = Instant::now();
    pace_by(timed, mode, &mut || origin.elapsed())
}

/// [`pace_of`] on the clock `now`.
pub fn pace_by(timed: &mut dyn Timed, mode: Mode, now: &mut dyn FnMut() -> Duration) -> Pace {
    let start = now();
    timed.pass(0);
    let probe = now().saturating_sub(start);
    let min_passes = timed.min_passes();
    pace_after(probe, min_passes, mode, || {
        let warm = Pace {
            passes: 3,
            warm: false,
        };
        turn_by(timed, 0, warm, now).fastest
    })
}

/// How a turn goes for a contender whose first pass took `probe` and
/// that makes at least `min_passes` a turn, in a run of `mode`: one pass
/// from [`ONE_PASS_A_TURN`], the fewest from [`SELF_WARMING`], no untimed
/// pass before them; below that two passes in a smoke run, else as many
/// as fill [`Mode::turn_target_ns`] at the pass `fastest` measures (asked
/// only then), from `min_passes` to 512, each turn after an untimed pass.
/// The one rule for every contender, whoever times its passes.
pub fn pace_after(
    probe: Duration,
    min_passes: usize,
    mode: Mode,
    fastest: impl FnOnce() -> Duration,
) -> Pace {
    if probe >= SELF_WARMING {
        return Pace {
            passes: if probe >= ONE_PASS_A_TURN {
                1
            } else {
                min_passes
            },
            warm: false,
        };
    }
    if mode == Mode::Smoke {
        return Pace {
            passes: 2,
            warm: true,
        };
    }
    let one = fastest().as_nanos().max(1);
    let wanted = u128::from(mode.turn_target_ns())
        .div_ceil(one)
        .clamp(min_passes as u128, 512);
    Pace {
        passes: wanted as usize,
        warm: true,
    }
}

/// Criterion's measurement of `iters` passes, in the rounds' unit: turns
/// of up to `pace.passes` passes (after an untimed one where `pace` says),
/// each counted at its fastest pass's time, the block advancing from
/// `*block` after each.
pub fn time_iters(timed: &mut dyn Timed, iters: u64, pace: Pace, block: &mut usize) -> Duration {
    let mut total = Duration::ZERO;
    let mut left = iters;
    while left > 0 {
        // At most 512 passes a turn: the narrowing is exact.
        let now = left.min(pace.passes as u64) as u32;
        let t = paced_turn(
            timed,
            *block,
            Pace {
                passes: now as usize,
                warm: pace.warm,
            },
        );
        total += t.fastest * now;
        *block = (*block + 1) % timed.blocks();
        left -= u64::from(now);
    }
    total
}

/// The floor without the harness: a plain `for` loop over the hands that
/// does the floor evaluator's work on each (`E` is the game's floor),
/// written out here instead of going through the batch methods, the
/// prepared buffers and the block bookkeeping.
pub struct BareLoop<G: Game, E: BestFive<G>> {
    name: &'static str,
    /// Hands per timed block ([`crate::Mode::block_of`]).
    block: usize,
    hands: Vec<G>,
    out: Vec<E::Strength>,
}

impl<G: Game, E: BestFive<G>> BareLoop<G, E> {
    /// A bare loop over `hands`, `block` at a time, reported as `name`.
    ///
    /// # Panics
    /// If `hands` is empty.
    pub fn new(name: &'static str, hands: &[G], block: usize) -> Self {
        let blank = E::strength(&hands[0]);
        BareLoop {
            name,
            block,
            hands: hands.to_vec(),
            out: vec![blank; block],
        }
    }
}

impl<G: Game, E: BestFive<G>> Timed for BareLoop<G, E> {
    fn name(&self) -> &'static str {
        self.name
    }

    fn blocks(&self) -> usize {
        self.hands.len() / self.block
    }

    fn pass(&mut self, block: usize) {
        let block = block % self.blocks();
        let len = self.block;
        let hands = black_box(&self.hands[block * len..(block + 1) * len]);
        for (o, h) in self.out.iter_mut().zip(hands) {
            *o = E::strength(h);
        }
        black_box(&self.out);
    }
}

/// Whether an evaluator of `role` takes part in the rounds of a workload
/// of `game`. A reference of more than five cards (dozens of naive
/// evaluations a hand, microseconds) is timed by criterion but left out of
/// the rounds, where it would take more time than all the others together
/// and no ratio is read off it; so it has no contended row either, the
/// contended workloads being the rounds' alone.
pub fn in_rounds(role: handeval_core::Role, game: handeval_core::GameInfo) -> bool {
    role != handeval_core::Role::Reference || game.count == 5
}

/// One evaluator of a workload in the rounds: what to time, and how many
/// passes each of its turns makes.
pub struct Contender<'a> {
    /// The prepared evaluator.
    pub timed: &'a mut dyn Timed,
    /// Its turns ([`pace_of`]).
    pub pace: Pace,
}

/// One contender's turn in one round: a line of `rounds.csv`, the results
/// record's own type.
pub use handeval_results::Turn;

/// The block round `round` of `rounds` passes over: spread evenly over
/// the [`BLOCKS`] blocks (every block once when there are as many rounds).
pub const fn block_of_round(round: usize, rounds: usize) -> usize {
    round * BLOCKS / rounds
}

/// What the rounds of a workload timed: every turn, and each outside
/// contender that failed on the way (its turns left out).
pub struct Timings {
    /// The turns, round by round.
    pub turns: Vec<Turn>,
    /// Each contender that stopped, and why.
    pub failed: Vec<(String, String)>,
}

/// One turn of `c` over `block`: its own, where it times itself.
fn take_turn(c: &mut Contender<'_>, block: usize) -> TurnTime {
    match c.timed.own_turn(block, c.pace) {
        Some(t) => t,
        None => paced_turn(c.timed, block, c.pace),
    }
}

/// Times every contender once per round, in an order shuffled anew each
/// round by `rng`, after one untimed warm-up round; a pass is over `block`
/// hands (or what the contender says it covers). A contender that fails
/// leaves the rounds with every turn it took.
pub fn run(
    workload: Workload,
    per_pass: usize,
    contenders: &mut [Contender<'_>],
    rounds: usize,
    rng: &mut ChaCha8Rng,
) -> Timings {
    let mut order: Vec<usize> = (0..contenders.len()).collect();
    let mut turns = Vec::with_capacity(rounds * contenders.len());
    let mut failed: Vec<(String, String)> = Vec::new();
    // The warm-up round: caches, branch predictors, CPU frequency (a pass
    // that warms itself has none).
    for c in contenders.iter_mut().filter(|c| c.pace.warm) {
        take_turn(c, 0);
    }
    for round in 0..rounds {
        order.shuffle(rng);
        let block = block_of_round(round, rounds);
        for &i in &order {
            let c = &mut contenders[i];
            let name = c.timed.name();
            if failed.iter().any(|(f, _)| f == name) {
                continue;
            }
            let t = take_turn(c, block);
            if let Some(why) = c.timed.failed() {
                failed.push((name.to_string(), why));
                continue;
            }
            let hands = c.timed.hands_per_pass().unwrap_or(per_pass);
            let per_hand = |d: Duration| d.as_secs_f64() * 1e9 / hands as f64;
            turns.push(Turn {
                workload,
                evaluator: name.to_string(),
                round,
                ns_per_hand: per_hand(t.fastest),
                block: Some(block % c.timed.blocks()),
                passes: Some(t.passes),
                median_pass_ns: Some(per_hand(t.median)),
                hands: c.timed.hands_per_pass(),
            });
        }
    }
    turns.retain(|t| !failed.iter().any(|(f, _)| *f == t.evaluator));
    Timings { turns, failed }
}

/// The seeded generator that orders the rounds.
pub fn rng(seed: u64) -> ChaCha8Rng {
    // A different stream from the shuffle of the hands, from the same seed.
    ChaCha8Rng::seed_from_u64(seed ^ 0x726F_756E_6473)
}

/// Writes turns to `rounds.csv` (the results record's writer).
pub use handeval_results::turn::write as write_csv;
