//! The benchmark workloads shared by the criterion (wall time) and gungraun
//! (instruction count) harnesses, and the checks that run before any timing.
//!
//! A workload is a game's hands ([`Input`]: its cards, or, for five cards,
//! the evaluator's own encoding) x an order ({shuffled: seeded random
//! deals, sequential: consecutive hands of the game's enumeration}) x a
//! kind of answer ({strength, category}); [`Workload::of`] says which a game
//! has. Every game is prepared, checked and timed by the one generic
//! [`hands::Prepared`]; the five-card game's pre-encoded workloads are its
//! extension, [`encoded::Encoded`], since only five-card evaluators have
//! an encoding of their own.
//!
//! Wall time is measured per block of hands ([`block_of`]: [`BLOCK`], a
//! fortieth of the 2,598,960 five-card hands, for Hold'em; a sixth of that
//! for the hole-and-board games, whose hands cost 60 to 100 five-card
//! evaluations): a workload holds [`BLOCKS`] blocks, which the rounds and
//! criterion walk through in turn (see [`rounds`]).

pub mod badugi;
pub mod contention;
pub mod encoded;
pub mod engines;
pub mod hands;
pub mod lows;
pub mod patterns;
pub mod plan;
pub mod rounds;

pub use plan::{Benchmark, Mode, Plan};
// The workloads are the results record's vocabulary: the run's files name
// them, and the reader of a run shares them with the writer.
pub use handeval_results::workload::{Input, Kind, Load, Order, UnknownWorkload, Workload};

use handeval_core::{GameInfo, HAND_COUNT};
use serde::{Deserialize, Serialize};

/// Hands per timed block: 2,598,960 / 40, so the blocks tile all hands exactly.
pub const BLOCK: usize = HAND_COUNT / BLOCKS;
/// Blocks per pass over all hands.
pub const BLOCKS: usize = 40;
/// How many times fewer hands a block of a hole-and-board game holds than
/// [`BLOCK`]: an Omaha hand costs 60 five-card evaluations (five-card Omaha
/// 100), so its block of 10,829 hands costs about what a seven-card block
/// (21 a hand) does, and a full run stays within its half hour.
pub const HOLE_AND_BOARD_SHARE: usize = 6;

/// Hands per timed block of `game`: [`BLOCK`] for Hold'em, a
/// [`HOLE_AND_BOARD_SHARE`]th of it for games with hole cards and a board.
pub const fn block_of(game: GameInfo) -> usize {
    block_beside(game, BLOCK)
}

/// Hands per timed block of `game` in a run whose Hold'em blocks hold
/// `holdem` hands (a full run's [`BLOCK`], a smoke run's fewer, or what an
/// older run's `machine.txt` says): `holdem` itself for Hold'em, a
/// [`HOLE_AND_BOARD_SHARE`]th of it for games with hole cards and a board.
pub const fn block_beside(game: GameInfo, holdem: usize) -> usize {
    if game.hole == 0 {
        holdem
    } else {
        holdem / HOLE_AND_BOARD_SHARE
    }
}

const _: () = assert!(BLOCK.is_multiple_of(HOLE_AND_BOARD_SHARE));

/// How many times fewer hands a smoke run's block holds than a full run's:
/// 9,282 Hold'em hands, 1,547 of a hole-and-board game. A smoke run checks
/// the pipeline, and its slowest evaluators (the literal references, at
/// microseconds a hand) spent most of its wall time on full-sized blocks.
pub const SMOKE_BLOCK_SHARE: usize = 7;

const _: () = assert!(BLOCK.is_multiple_of(HOLE_AND_BOARD_SHARE * SMOKE_BLOCK_SHARE));
const _: () = assert!(BLOCK / HOLE_AND_BOARD_SHARE / SMOKE_BLOCK_SHARE >= SMOKE_SAMPLE);
/// Hands in the fixed shuffled sample that instruction counts are taken over.
pub const SAMPLE: usize = 10_000;
/// The same in a smoke run, which checks the pipeline, not the figures:
/// callgrind over ten thousand Omaha hands of every Omaha evaluator took
/// half a minute of CI's ten.
pub const SMOKE_SAMPLE: usize = 1_000;
/// The seed of the shuffled orders, the random hands and the rounds' order
/// when `cargo xtask bench --seed` does not say.
pub const DEFAULT_SEED: u64 = 20_261_121;

/// The widest vector path the SIMD evaluators may take, widest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SimdLimit {
    /// AVX-512 where the CPU has it (the default: no limit).
    Avx512,
    /// At most AVX2: AVX-512 is pretended absent.
    Avx2,
    /// The portable kernels: AVX2 and AVX-512 are pretended absent.
    Portable,
}

impl SimdLimit {
    /// Its id, as `--simd` takes it.
    pub const fn id(self) -> &'static str {
        match self {
            SimdLimit::Avx512 => "avx512",
            SimdLimit::Avx2 => "avx2",
            SimdLimit::Portable => "portable",
        }
    }

    /// Parses an id; empty means no limit.
    ///
    /// # Errors
    /// If `id` is none of `avx512`, `avx2`, `portable` or empty.
    pub fn parse(id: &str) -> Result<SimdLimit, String> {
        match id.trim() {
            "" | "avx512" => Ok(SimdLimit::Avx512),
            "avx2" => Ok(SimdLimit::Avx2),
            "portable" => Ok(SimdLimit::Portable),
            other => Err(format!(
                "unknown SIMD limit {other:?} (expected avx512, avx2 or portable)"
            )),
        }
    }

    /// Makes the run-time feature checks of this process answer no for
    /// everything wider than the limit, so that every SIMD evaluator runs
    /// the widest path allowed.
    pub fn apply(self) {
        use handeval_core::cpu::{Feature, pretend_absent};
        match self {
            SimdLimit::Avx512 => {}
            SimdLimit::Avx2 => pretend_absent(Feature::Avx512),
            SimdLimit::Portable => pretend_absent(Feature::Avx2),
        }
    }
}
