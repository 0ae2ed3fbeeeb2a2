//! What one run measures, decided once by `cargo xtask bench` and read by
//! both benchmark binaries from one file: [`Plan`].
//!
//! The command line is read in one place (xtask's `bench` module), which
//! resolves `--filter`, `--game`, `--simd`, the mode and the seed against
//! the registry into this value: the benchmarks as (workload, evaluator
//! name) pairs, the instruction counts the same way. The benchmark binaries
//! find it through `HANDEVAL_PLAN`, the path of the file, and never parse a
//! filter or a game again; an evaluator is its name everywhere.

use std::fmt;
use std::path::{Path, PathBuf};
use std::str::FromStr;

use handeval_core::GameInfo;
use serde::{Deserialize, Serialize};

use crate::{BLOCKS, SimdLimit, Workload};

/// The file, beside the rounds', where the wall-time binary lists each
/// engine it could not time and why (the run's checks then say so).
pub const UNTIMED: &str = "untimed.csv";

/// The variable that holds the plan file's path in the benchmark processes.
pub const PLAN_VAR: &str = "HANDEVAL_PLAN";

/// How long a run measures: the cited `full`, a `quick` look, or a `smoke`
/// run that checks the pipeline and whose numbers mean little.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Mode {
    /// What cited runs use.
    #[default]
    Full,
    /// Shorter measurements, noisier numbers.
    Quick,
    /// Tiny measurements: the pipeline, not the figures.
    Smoke,
}

impl Mode {
    /// The word `machine.txt` and `--quick`/`--smoke` use.
    pub const fn id(self) -> &'static str {
        match self {
            Mode::Full => "full",
            Mode::Quick => "quick",
            Mode::Smoke => "smoke",
        }
    }

    /// Interleaved rounds per workload: in a full run one per block, so
    /// that the rounds, like criterion, see every hand of the workload.
    pub const fn rounds(self) -> usize {
        match self {
            Mode::Full => BLOCKS,
            Mode::Quick => 10,
            Mode::Smoke => 3,
        }
    }

    /// The timed span a turn aims at: long enough that, on a machine whose
    /// speed flickers, a turn holds undisturbed passes (see
    /// [`crate::rounds`]). The passes per turn follow from it.
    pub const fn turn_target_ns(self) -> u64 {
        match self {
            Mode::Full => 10_000_000,
            Mode::Quick => 4_000_000,
            Mode::Smoke => 0,
        }
    }

    /// Hands in the sample instruction counts are taken over.
    pub const fn sample(self) -> usize {
        match self {
            Mode::Smoke => crate::SMOKE_SAMPLE,
            _ => crate::SAMPLE,
        }
    }

    /// How many of the instruction-count sample's hands are checked
    /// against the literal definition before counting, under valgrind,
    /// where the literal reference runs some fifty times slower: a guard
    /// on the path valgrind takes (it hides AVX-512, so a SIMD evaluator
    /// counts its AVX2 path), which the tests compare over every hand. A
    /// smoke run checks the pipeline: a hundred hands, where the thousand
    /// of Omaha's heavier games took a second a count on the Zen 3.
    pub const fn checked_before_counting(self) -> usize {
        match self {
            Mode::Smoke => 100,
            _ => 1_000,
        }
    }

    /// Hands per workload of a Hold'em game: as many as five-card hands
    /// (the same blocks), or a smoke run's four blocks.
    pub const fn hands(self) -> usize {
        self.hands_of(GameInfo::of::<handeval_core::Hand>())
    }

    /// Hands per workload of `game`: [`BLOCKS`] of its blocks, or a smoke
    /// run's four.
    pub const fn hands_of(self, game: GameInfo) -> usize {
        let block = self.block_of(game);
        match self {
            Mode::Smoke => block * 4,
            _ => block * BLOCKS,
        }
    }

    /// Hands per timed block of `game` in a run of this mode:
    /// [`crate::block_of`], or a [`crate::SMOKE_BLOCK_SHARE`]th of it in a
    /// smoke run.
    pub const fn block_of(self, game: GameInfo) -> usize {
        let holdem = match self {
            Mode::Smoke => crate::BLOCK / crate::SMOKE_BLOCK_SHARE,
            _ => crate::BLOCK,
        };
        crate::block_beside(game, holdem)
    }
}

impl fmt::Display for Mode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

impl FromStr for Mode {
    type Err = String;
    fn from_str(s: &str) -> Result<Mode, String> {
        match s {
            "full" => Ok(Mode::Full),
            "quick" => Ok(Mode::Quick),
            "smoke" => Ok(Mode::Smoke),
            other => Err(format!(
                "unknown mode {other:?} (expected full, quick or smoke)"
            )),
        }
    }
}

/// One benchmark: an evaluator, by name, on a workload.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Benchmark {
    /// The workload.
    pub workload: Workload,
    /// The evaluator's name ([`Meta::name`](handeval_core::Meta::name)).
    pub evaluator: String,
}

impl fmt::Display for Benchmark {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.workload, self.evaluator)
    }
}

/// Everything a run measures, resolved once.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Plan {
    /// Seeds the shuffled orders, the random hands and the rounds' order.
    pub seed: u64,
    /// The widest path the SIMD evaluators may take.
    pub simd: SimdLimit,
    /// How long to measure.
    pub mode: Mode,
    /// Every benchmark to time, the floor included where selected, in the
    /// order of the workloads and of the registry.
    pub timed: Vec<Benchmark>,
    /// Every instruction count to take, on the shuffled workloads that have
    /// them: the selected evaluators and the floor (which *instr - floor*
    /// subtracts). Empty when the run counts nothing.
    pub counted: Vec<Benchmark>,
    /// Where the wall-time binary writes the interleaved rounds.
    pub rounds_out: PathBuf,
    /// Where the engines `timed` names are installed (`cargo xtask
    /// engines install`): their contenders are `engine/model`
    /// (`py/eval7/call`), checked by `cargo xtask bench` before the plan
    /// was written. `None` in a run without engines.
    #[serde(default)]
    pub engines: Option<PathBuf>,
}

impl Plan {
    /// Whether the plan times `evaluator` on `workload`.
    pub fn times(&self, workload: Workload, evaluator: &str) -> bool {
        self.timed
            .iter()
            .any(|b| b.workload == workload && b.evaluator == evaluator)
    }

    /// Whether the plan times `evaluator` on `workload` or on its
    /// contended twin (which is timed with the quiet workload's entries).
    pub fn times_quiet_or_contended(&self, workload: Workload, evaluator: &str) -> bool {
        self.times(workload, evaluator)
            || self.times(workload.under(crate::Load::Contended), evaluator)
    }

    /// Whether the plan times anything on `workload`.
    pub fn times_any(&self, workload: Workload) -> bool {
        self.timed.iter().any(|b| b.workload == workload)
    }

    /// The evaluators counted on `workload`, in the plan's order: the
    /// instruction-count binary's benchmark `i` of that workload is the
    /// `i`-th of them.
    pub fn counted_on(&self, workload: Workload) -> Vec<&str> {
        self.counted
            .iter()
            .filter(|b| b.workload == workload)
            .map(|b| b.evaluator.as_str())
            .collect()
    }

    /// Writes the plan to `path` as JSON.
    ///
    /// # Errors
    /// When the file cannot be written.
    pub fn write(&self, path: &Path) -> std::io::Result<()> {
        let text = serde_json::to_string_pretty(self).map_err(std::io::Error::other)?;
        std::fs::write(path, text)
    }

    /// Reads a plan written by [`Plan::write`].
    ///
    /// # Errors
    /// Naming the file and what is wrong with it.
    pub fn read(path: &Path) -> Result<Plan, String> {
        let text = std::fs::read_to_string(path)
            .map_err(|e| format!("reading the plan {}: {e}", path.display()))?;
        serde_json::from_str(&text).map_err(|e| format!("the plan {}: {e}", path.display()))
    }

    /// The plan of this benchmark process, from the file [`PLAN_VAR`]
    /// names, with the SIMD limit applied to this process; or exits with a
    /// message: the binaries are run by `cargo xtask bench`, never alone.
    pub fn of_this_run() -> Plan {
        let Some(path) = std::env::var_os(PLAN_VAR) else {
            eprintln!(
                "error: {PLAN_VAR} is not set: run the benchmarks with `cargo xtask bench`, which writes the plan"
            );
            std::process::exit(2);
        };
        match Plan::read(Path::new(&path)) {
            Ok(plan) => {
                plan.simd.apply();
                plan
            }
            Err(e) => {
                eprintln!("error: {e}");
                std::process::exit(2);
            }
        }
    }
}
