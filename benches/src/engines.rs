//! The engines as contenders of the rounds: the evaluators people use in
//! C, Python and JavaScript, timed in the same interleaved rounds, over the
//! same blocks, as the lab's own.
//!
//! - A **native** engine (the C a package ships, or its source build) is
//!   prepared once in its own representation, block by block, and each
//!   pass calls its function over one block in this process: timed pass
//!   by pass, exactly as a Rust evaluator is.
//! - A **runner** engine (a Python or JavaScript package) stays up for the
//!   whole workload ([`handeval_engines::runner::Session`]): its blocks are
//!   loaded once, turned into the package's own representation before
//!   anything is timed, and each turn is one request, the passes timed by
//!   the runner in its own language. An engine too slow to pass over a
//!   whole block in a turn's time passes over the block's first hands.
//! - An engine's own **equity calculator** (OMPEval's `pf_equity`) counts
//!   the workload's matchup once a pass, each count held to the lab's.
//!
//! Every engine was checked against the reference before the run times it
//! (`cargo xtask bench` checks first, and plans only the engines that
//! passed); a native engine's values on the first block it times are
//! checked again here. An engine that fails during the rounds leaves them,
//! and the run says so: the lab's own figures never depend on outside code.

use std::hint::black_box;
use std::path::Path;
use std::time::Duration;

use handeval_core::{Card, Game};
use handeval_engines::check::Tally;
use handeval_engines::install::Place;
use handeval_engines::native::{Native, Prepared};
use handeval_engines::runner::Session;
use handeval_engines::{Engine, Hands, Model};

use crate::Mode;
use crate::rounds::{Pace, Timed, TurnTime};

/// The hands of block `b` of a workload whose blocks hold `block` hands:
/// the first `take` of them.
fn block_hands<G: Game>(hands: &[G], block: usize, b: usize, take: usize) -> &[G] {
    &hands[b * block..b * block + take.min(block)]
}

/// A native engine over a workload's blocks.
pub struct NativeContender {
    name: &'static str,
    native: Native,
    blocks: Vec<Prepared>,
    out: Vec<i64>,
    failure: Option<String>,
}

impl NativeContender {
    /// `engine` loaded from `place`, its blocks of `hands` (blocks of
    /// `block`) prepared, and its values on the first block held to the
    /// reference's `classes` of it.
    ///
    /// # Errors
    /// An engine that does not load or take the hands, or that orders the
    /// first block unlike the reference.
    pub fn new<G: Game>(
        engine: &'static Engine,
        model: Model,
        place: &Place,
        hands: &[G],
        classes: &[u16],
        block: usize,
    ) -> Result<NativeContender, String> {
        let native = Native::load(engine, place).map_err(|e| e.to_string())?;
        let mut blocks = Vec::new();
        for b in 0..hands.len() / block {
            let part = Hands::of(block_hands(hands, block, b, block));
            blocks.push(native.prepare(&part).map_err(|e| e.to_string())?);
        }
        let mut out = vec![0i64; block];
        native
            .run(&blocks[0], &mut out)
            .map_err(|e| e.to_string())?;
        let mut tally = Tally::default();
        tally.add(&out, &classes[..block], 0, 1);
        let verdict = tally.verdict(engine.better);
        // A floor evaluates nothing: it answers 0 for every hand.
        if engine.role != handeval_core::Role::Floor && verdict.disagreements > 0 {
            return Err(format!(
                "{}: {} of the first block's {block} hands ordered unlike the reference: not timed",
                engine.name, verdict.disagreements
            ));
        }
        Ok(NativeContender {
            name: engine.contender(model).leak(),
            native,
            blocks,
            out,
            failure: None,
        })
    }
}

impl Timed for NativeContender {
    fn name(&self) -> &'static str {
        self.name
    }

    fn blocks(&self) -> usize {
        self.blocks.len()
    }

    fn pass(&mut self, block: usize) {
        let prepared = black_box(&self.blocks[block % self.blocks.len()]);
        if let Err(e) = self.native.run(prepared, &mut self.out) {
            self.failure.get_or_insert(e.to_string());
        }
        black_box(&self.out);
    }

    fn failed(&self) -> Option<String> {
        self.failure.clone()
    }
}

/// One pass, no untimed one before it: a pass asked of a runner alone,
/// and the turn of a count that takes a second or more.
const ALONE: Pace = Pace {
    passes: 1,
    warm: false,
};

/// A turn of the passes a runner timed (`nanos`, each pass's duration):
/// its fastest and median pass; no pass, a turn of none.
fn turn_of(nanos: &[u64]) -> TurnTime {
    let mut sorted = nanos.to_vec();
    sorted.sort_unstable();
    TurnTime {
        fastest: Duration::from_nanos(sorted.first().copied().unwrap_or(0)),
        median: Duration::from_nanos(sorted.get(sorted.len() / 2).copied().unwrap_or(0)),
        passes: sorted.len(),
    }
}

/// The turn of a runner's answer: its passes, or, where it failed or
/// timed none, a turn of none and the failure kept in `failure`.
fn runner_turn(timed: Result<Vec<u64>, String>, failure: &mut Option<String>) -> TurnTime {
    match timed {
        Ok(nanos) if !nanos.is_empty() => turn_of(&nanos),
        Ok(_) => {
            *failure = Some("the runner answered no timed pass".to_string());
            turn_of(&[])
        }
        Err(e) => {
            *failure = Some(e);
            turn_of(&[])
        }
    }
}

/// A runner engine over a workload's blocks, through one session.
pub struct RunnerContender {
    name: &'static str,
    session: Session,
    hands_per_pass: usize,
    blocks: usize,
    pace: Pace,
    failure: Option<String>,
}

impl RunnerContender {
    /// `engine`'s runner in `model`, started with the packages of
    /// `place`, paced on a probe of the first block, then loaded with the
    /// first hands of every block of `hands` it can pass over in a turn of
    /// `mode`.
    ///
    /// # Errors
    /// A runner that does not start, load or answer.
    pub fn new<G: Game>(
        engine: &'static Engine,
        model: Model,
        place: &Place,
        hands: &[G],
        block: usize,
        mode: Mode,
    ) -> Result<RunnerContender, String> {
        let mut session = Session::start(engine, place).map_err(|e| e.to_string())?;
        // The pace, from a probe of a thousand hands (or a smoke run's
        // fewer): what a hand costs through the runner's loop.
        let probe = block.min(if mode == Mode::Smoke { 200 } else { 1_000 });
        session
            .load(
                model,
                &Hands::of(block_hands(hands, block, 0, probe)),
                probe,
            )
            .map_err(|e| e.to_string())?;
        // Passes enough for a JIT to have compiled the hot loop (V8 and
        // CPython's specialising interpreter tier up after thousands of
        // calls): at 425044b's three the pace of a cold `js/phe` was read,
        // and two runs chose passes of 11,834 and 26,939 hands.
        let samples = session.turn(0, 12, true).map_err(|e| e.to_string())?;
        let fastest = samples.iter().map(|s| s.nanos).min().unwrap_or(1);
        let per_hand = (fastest as f64 / probe as f64).max(1e-3);
        let target = (mode.turn_target_ns() as f64).max(1.0);
        // A pass of about a turn's target, over at least the probe's
        // hands, rounded down to a power of two (or the whole block): a
        // probe's noise seldom moves it, so two runs time the same hands;
        // at least two passes a turn, four where a pass is short.
        let wanted = ((target / per_hand) as usize).clamp(probe, block);
        let hands_per_pass = if wanted == block {
            block
        } else {
            (1usize << wanted.ilog2()).max(probe)
        };
        let pass_ns = per_hand * hands_per_pass as f64;
        let passes = if mode == Mode::Smoke {
            2
        } else {
            ((target / pass_ns).ceil() as usize).clamp(if pass_ns >= 2e7 { 2 } else { 4 }, 64)
        };
        let blocks = hands.len() / block;
        let mut flat = Vec::with_capacity(blocks * hands_per_pass);
        for b in 0..blocks {
            flat.extend_from_slice(block_hands(hands, block, b, hands_per_pass));
        }
        session
            .load(model, &Hands::of(&flat), hands_per_pass)
            .map_err(|e| e.to_string())?;
        Ok(RunnerContender {
            name: engine.contender(model).leak(),
            session,
            hands_per_pass,
            blocks,
            pace: Pace { passes, warm: true },
            failure: None,
        })
    }
}

impl Timed for RunnerContender {
    fn name(&self) -> &'static str {
        self.name
    }

    fn blocks(&self) -> usize {
        self.blocks
    }

    fn pass(&mut self, block: usize) {
        // Only the runner times its passes: a pass asked for alone is a
        // turn of one, untimed here.
        let _ = self.own_turn(block, ALONE);
    }

    fn own_turn(&mut self, block: usize, pace: Pace) -> Option<TurnTime> {
        if self.failure.is_some() {
            return Some(turn_of(&[]));
        }
        let timed = self
            .session
            .turn(block % self.blocks, pace.passes.max(1), pace.warm)
            .map(|samples| samples.iter().map(|s| s.nanos).collect::<Vec<u64>>())
            .map_err(|e| e.to_string());
        Some(runner_turn(timed, &mut self.failure))
    }

    fn own_pace(&mut self, _mode: Mode) -> Option<Pace> {
        Some(self.pace)
    }

    fn hands_per_pass(&self) -> Option<usize> {
        Some(self.hands_per_pass)
    }

    fn failed(&self) -> Option<String> {
        self.failure.clone()
    }
}

/// An engine's own exact equity calculator counting one matchup a pass,
/// each count held to the lab's (equities to 1e-9, the same games).
pub struct CalculatorContender {
    name: &'static str,
    native: Native,
    ranges: Vec<String>,
    board: String,
    lab: (Vec<f64>, u64),
    failure: Option<String>,
}

impl CalculatorContender {
    /// `engine`'s calculator, to count `ranges` (written out as combos:
    /// OMPEval reads less of the range syntax than the lab does) on
    /// `board`, each count held to `lab` (equities, games).
    ///
    /// # Errors
    /// An engine that does not load.
    pub fn new(
        engine: &'static Engine,
        place: &Place,
        ranges: Vec<String>,
        board: &str,
        lab: (Vec<f64>, u64),
    ) -> Result<CalculatorContender, String> {
        let native = Native::load(engine, place).map_err(|e| e.to_string())?;
        Ok(CalculatorContender {
            name: engine.contender(Model::Call).leak(),
            native,
            ranges,
            board: board.to_string(),
            lab,
            failure: None,
        })
    }
}

impl Timed for CalculatorContender {
    fn name(&self) -> &'static str {
        self.name
    }

    fn pass(&mut self, _block: usize) {
        if self.failure.is_some() {
            return;
        }
        let refs: Vec<&str> = self.ranges.iter().map(String::as_str).collect();
        match self.native.equity(&refs, &self.board, "") {
            Ok((equities, games)) => {
                let close = equities
                    .iter()
                    .zip(&self.lab.0)
                    .all(|(a, b)| (a - b).abs() <= 1e-9);
                if games != self.lab.1 || equities.len() != self.lab.0.len() || !close {
                    self.failure = Some(format!(
                        "counted {games} games and equities {equities:?}, where the lab counted {} and {:?}",
                        self.lab.1, self.lab.0
                    ));
                }
            }
            Err(e) => self.failure = Some(e.to_string()),
        }
    }

    fn min_passes(&self) -> usize {
        2
    }

    fn failed(&self) -> Option<String> {
        self.failure.clone()
    }
}

/// A runner engine's own calculator of fixed hands (poker-odds-calc's
/// exhaustive count) counting one matchup a pass through one session, the
/// passes timed by the runner in its own language, and each count's wins
/// and ties held to the lab's, count for count.
pub struct RunnerCalculatorContender {
    name: &'static str,
    session: Session,
    game: &'static str,
    holes: Vec<Vec<Card>>,
    board: Vec<Card>,
    lab: FixedCount,
    pace: Pace,
    failure: Option<String>,
}

/// The lab's count of fixed hands a calculator is held to: the boards,
/// and each player's wins and ties.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FixedCount {
    /// Boards counted.
    pub boards: u64,
    /// Boards each player won alone.
    pub wins: Vec<u64>,
    /// Boards each player tied for the best hand on.
    pub ties: Vec<u64>,
}

impl RunnerCalculatorContender {
    /// `engine`'s runner, started with the packages of `place`, to count
    /// `holes` of `game` on `board` (every board that completes it), held
    /// to `lab`; paced on its first count (untimed here, timed by the
    /// runner, and checked too) by the rule every contender is paced by
    /// ([`crate::rounds::pace_after`]): one count a turn from a second on,
    /// the fewest passes from 50 ms, else enough for a turn of `mode`.
    ///
    /// # Errors
    /// A runner that does not start or answer, or whose first count is
    /// not the lab's.
    pub fn new(
        engine: &'static Engine,
        place: &Place,
        game: &'static str,
        (holes, board): (Vec<Vec<Card>>, Vec<Card>),
        lab: FixedCount,
        mode: Mode,
    ) -> Result<RunnerCalculatorContender, String> {
        let session = Session::start(engine, place).map_err(|e| e.to_string())?;
        let mut c = RunnerCalculatorContender {
            name: engine.contender(Model::Call).leak(),
            session,
            game,
            holes,
            board,
            lab,
            pace: ALONE,
            failure: None,
        };
        let probe = c.count(1, false)?;
        let one = Duration::from_nanos(probe.iter().copied().min().unwrap_or(1).max(1));
        // The runner timed the count itself: that one pass is its length.
        c.pace = crate::rounds::pace_after(one, c.min_passes(), mode, || one);
        Ok(c)
    }

    /// `passes` timed counts (after an untimed one where `warm`), each
    /// duration in nanoseconds; the counts held to the lab's.
    fn count(&mut self, passes: usize, warm: bool) -> Result<Vec<u64>, String> {
        let counted = self
            .session
            .equity(
                self.game,
                &self.holes,
                (&self.board, &[]),
                self.lab.boards,
                (passes, warm),
            )
            .map_err(|e| e.to_string())?;
        counted.held_to(self.lab.boards, &self.lab.wins, &self.lab.ties)?;
        Ok(counted.samples.iter().map(|s| s.nanos).collect())
    }
}

impl Timed for RunnerCalculatorContender {
    fn name(&self) -> &'static str {
        self.name
    }

    fn pass(&mut self, block: usize) {
        // Only the runner times its counts: a pass asked for alone is a
        // turn of one, untimed here.
        let _ = self.own_turn(block, ALONE);
    }

    fn min_passes(&self) -> usize {
        2
    }

    fn own_turn(&mut self, _block: usize, pace: Pace) -> Option<TurnTime> {
        if self.failure.is_some() {
            return Some(turn_of(&[]));
        }
        let timed = self.count(pace.passes.max(1), pace.warm);
        Some(runner_turn(timed, &mut self.failure))
    }

    fn own_pace(&mut self, _mode: Mode) -> Option<Pace> {
        Some(self.pace)
    }

    fn failed(&self) -> Option<String> {
        self.failure.clone()
    }
}

/// The place the plan's engines are installed in.
pub fn place_of(root: &Path) -> Place {
    Place::new(root)
}
