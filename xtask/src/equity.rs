//! `cargo xtask equity`: showdown equities over every board that can come:
//! fixed Hold'em hands (by classes of boards, or every board on threads),
//! ranges against ranges (exact, or Monte Carlo to a standard error), and
//! fixed Omaha hands (every board).

use std::process::ExitCode;
use std::time::{Duration, Instant};

use anyhow::{Context, Result, bail};
use handeval_core::{Card, GameInfo, Generated, Hand7};
use handeval_equity::exact::Method;
use handeval_equity::showdown::{Showdown, Tally};
use handeval_registry::Counting;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use crate::report::format::{counted, human_bytes, thousands, thousands_u64};

mod study;

#[derive(clap::Args)]
#[expect(
    clippy::struct_excessive_bools,
    reason = "independent command-line switches, as clap reads them"
)]
pub struct Args {
    /// Each player's hand, two to six players: two cards (`AhAs`, `"Ah
    /// As"`), a range (`"QQ+,AKs"`, `random`, `"0.5(JJ),AQo@25"`), or with
    /// an Omaha `--game` its hole cards.
    #[arg(required_unless_present_any = ["preflop_table", "preflop_row"], num_args = 1..)]
    pub hands: Vec<String>,
    /// Count the heads-up preflop all-in table instead: each of the 169
    /// starting hands against each (card removal included), exact, on
    /// every core, written as CSV to this file (each unordered pair once:
    /// deals, games, the first hand's wins, ties and losses, its equity),
    /// its provenance beside it in a `.md` of the same name.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["hands", "board", "dead", "monte_carlo", "per_combo", "versus", "every_board"])]
    pub preflop_table: Option<std::path::PathBuf>,
    /// Count a row of the three-way preflop table instead: these two
    /// starting hands (`AA KK`, `AKs 76s`) against each of the 169 as the
    /// third, exact, on every core, as CSV on standard output (each
    /// player's wins, ties and losses and equity; a row of no deal, as a
    /// third `AA` beside `AA`, with none).
    #[arg(long, num_args = 2, value_names = ["HAND", "VERSUS"], conflicts_with_all = ["hands", "preflop_table", "board", "dead", "monte_carlo", "per_combo", "versus", "every_board"])]
    pub preflop_row: Option<Vec<String>>,
    /// The board so far: a flop (`2c7d9h`), a turn or a river; none by default.
    #[arg(long, default_value = "")]
    pub board: String,
    /// Cards out of the deck (folded hands, burned cards).
    #[arg(long, default_value = "")]
    pub dead: String,
    /// The game: `seven` (Hold'em, two hole cards each, ranges allowed),
    /// any other game with a board (fixed hands, every board counted: an
    /// Omaha game's four, five or six hole cards, short deck's two of its
    /// 36 cards, `short7`) or a Hi-Lo game (`omaha8`: each pot split
    /// between the best high and the best qualifying low, quartered pots
    /// and all).
    #[arg(long, default_value = "seven", value_parser = crate::diff::parse_checked)]
    pub game: crate::diff::Checked,
    /// For a Hi-Lo game: count the matchup a second time by brute force,
    /// each board and hand valued by the literal references and the pot
    /// split by fractions, and fail unless every equity agrees (1e-12).
    #[arg(long)]
    pub brute_force: bool,
    /// The evaluator of the game that values the hands (`cargo xtask list
    /// --game seven`); by default the one the registry's declarations
    /// choose (`handeval_registry::recommended`: a direct SIMD kernel
    /// this CPU runs, else a direct one with tables, ...). Every evaluator
    /// gives the same counts.
    #[arg(long)]
    pub evaluator: Option<String>,
    /// Value the hands on every board (Hold'em on `--threads` threads,
    /// Omaha on one) instead of counting by classes of boards (each
    /// multiset of ranks to come once, the flush boards apart), which takes
    /// one thread a fraction of the time.
    #[arg(long)]
    pub every_board: bool,
    /// Threads for `--every-board`; every core by default (`--threads 1`
    /// to compare evaluators).
    #[arg(long, requires = "every_board")]
    pub threads: Option<usize>,
    /// With ranges counted exactly, also each combo of each range: its
    /// share of the deals and its equity in them.
    #[arg(long)]
    pub per_combo: bool,
    /// Break the first range down on the board (a flop, turn or river):
    /// its made hands and draws as players name them
    /// (`handeval_equity::breakdown` defines each), each class's combos,
    /// weight and share and, given a second range, its equity against it,
    /// exact; in Hold'em or short deck (`--game short7`, `short7t`).
    #[arg(long, conflicts_with_all = ["table", "per_combo", "monte_carlo", "versus", "every_board", "preflop_table", "preflop_row"])]
    pub breakdown: bool,
    /// Count every combo of the first range against the second on the
    /// board, exact, as one table: each combo's weight, the opposing
    /// weight it can meet and its equity.
    #[arg(long, conflicts_with_all = ["per_combo", "monte_carlo", "versus", "every_board", "preflop_table", "preflop_row"])]
    pub table: bool,
    /// With `--table`, count it on every flop instead, each class of flops
    /// up to suit renaming once (1,755 for ranges without suits), on every
    /// core, written as CSV to this file: the flop, the flops of its
    /// class, then each combo's row.
    #[arg(long, value_name = "FILE", requires = "table")]
    pub every_flop: Option<std::path::PathBuf>,
    /// Estimate by Monte Carlo instead of counting exactly: seeded games
    /// until every player's standard error is at most `--stderr` or
    /// `--seconds` have passed.
    #[arg(long)]
    pub monte_carlo: bool,
    /// The standard error a Monte Carlo run stops at.
    #[arg(long, default_value_t = 1e-3, requires = "monte_carlo")]
    pub stderr: f64,
    /// The most seconds a Monte Carlo run takes.
    #[arg(long, default_value_t = 60.0, requires = "monte_carlo")]
    pub seconds: f64,
    /// The Monte Carlo run's seed (printed either way).
    #[arg(long, default_value_t = 20_261_126, requires = "monte_carlo")]
    pub seed: u64,
    /// Also count the matchup with an outside calculator, on one thread,
    /// and say its time and whether it agrees (1e-9 on each equity, the
    /// same games): `c/ompeval` is OMPEval's own `EquityCalculator` as
    /// pokerfast ships it, `c/ompeval-source` the same built from its
    /// source (`cargo xtask engines install` first). Hold'em, exact,
    /// ranges without weights (given to it as the combos the lab read from
    /// them).
    #[arg(long)]
    pub versus: Option<String>,
}

/// The cards of `text` as every command reads them
/// ([`handeval_core::parse_cards`]: `AhAs`, `"Ah As"`, `10sAs`); `what`
/// names the argument in errors.
pub fn cards(what: &str, text: &str) -> Result<Vec<Card>> {
    handeval_core::parse_cards(text).map_err(|e| anyhow::anyhow!("{what} `{text}`: {e}"))
}

/// The arguments' cards: each player's two, the board, the dead cards.
pub struct Dealt {
    players: Vec<[Card; 2]>,
    board: Vec<Card>,
    dead: Vec<Card>,
}

impl Dealt {
    /// Parses the arguments' cards.
    pub fn of(args: &Args) -> Result<Dealt> {
        let players = args
            .hands
            .iter()
            .enumerate()
            .map(|(i, h)| {
                let what = format!("hand {}", i + 1);
                match cards(&what, h)?.as_slice() {
                    &[a, b] => Ok([a, b]),
                    other => bail!("{what} `{h}`: {} cards, where a hand has two", other.len()),
                }
            })
            .collect::<Result<Vec<_>>>()?;
        Ok(Dealt {
            players,
            board: cards("the board", &args.board)?,
            dead: cards("the dead cards", &args.dead)?,
        })
    }

    /// The showdown of these cards.
    pub fn showdown(&self) -> Result<Showdown> {
        Showdown::new(&self.players, &self.board, &self.dead).map_err(|e| anyhow::anyhow!("{e}"))
    }

    /// `AhAs vs KdKc, board 2c7d9h, dead 3s`, every card as the lab writes
    /// it whatever the case or spacing it was typed in.
    fn describe(&self) -> String {
        let hands: Vec<String> = self.players.iter().map(|h| text(h)).collect();
        describe(&hands, &self.board, &self.dead)
    }
}

/// `AhAs vs KdKc, board 2c7d9h, dead 3s`: the hands (cards or ranges) as
/// given, the board and dead cards as the lab writes them.
fn describe(hands: &[String], board: &[Card], dead: &[Card]) -> String {
    let mut parts = vec![hands.join(" vs ")];
    if !board.is_empty() {
        parts.push(format!("board {}", text(board)));
    }
    if !dead.is_empty() {
        parts.push(format!("dead {}", text(dead)));
    }
    parts.join(", ")
}

/// An evaluator's generated tables, made or read before any clock starts,
/// so that a time is the valuation's and comparable between evaluators (at
/// 43f40fc `twoplustwo/seven` was timed with its 130 MB table's loading).
struct Loaded {
    tables: Option<Generated>,
    took: Duration,
}

impl Loaded {
    /// The tables of the evaluator of `game` named `name`.
    fn of(game: GameInfo, name: &str) -> Result<Loaded> {
        let generated = handeval_registry::generator(game, name).with_context(|| {
            format!(
                "no evaluator of {} hands is named `{name}` (`cargo xtask list --game {game}` lists them)",
                game.word
            )
        })?;
        let started = Instant::now();
        let tables = generated();
        Ok(Loaded {
            tables,
            took: started.elapsed(),
        })
    }

    /// ` (its twoplustwo tables, 126906 KiB, read from the cache before,
    /// in 0.29 s)`, or nothing for an evaluator without generated tables.
    fn said(&self) -> String {
        self.tables.map_or_else(String::new, |t| {
            format!(
                " (its {} tables, {}, {} before, in {:.2} s)",
                t.name,
                human_bytes(t.bytes),
                if t.cached {
                    "read from the cache"
                } else {
                    "generated"
                },
                self.took.as_secs_f64()
            )
        })
    }
}

/// `AhAs`: cards written one after the other.
fn text(cards: &[Card]) -> String {
    cards.iter().map(ToString::to_string).collect()
}

/// The most `--threads` takes: far more than any machine's cores, and than
/// the work a showdown can be split into, and few enough to start.
const MAX_THREADS: usize = 1024;

impl Args {
    /// The game whose evaluator values the hands: a Hi-Lo game's high
    /// half is its game's.
    fn game(&self) -> GameInfo {
        match self.game {
            crate::diff::Checked::Game(game) | crate::diff::Checked::Badugi(game) => game,
            crate::diff::Checked::Low(hi_lo) => crate::low::high_game(hi_lo),
        }
    }
}

pub fn run(args: &Args) -> Result<ExitCode> {
    let name = args
        .evaluator
        .clone()
        .unwrap_or_else(|| handeval_registry::recommended(args.game()).to_string());
    let dealt = match args.game {
        crate::diff::Checked::Game(game)
        | crate::diff::Checked::Low(game)
        | crate::diff::Checked::Badugi(game) => game,
    };
    if args.preflop_table.is_some() || args.preflop_row.is_some() {
        let what = if args.preflop_table.is_some() {
            "--preflop-table"
        } else {
            "--preflop-row"
        };
        if args.game() != GameInfo::of::<Hand7>() {
            bail!("{what}: Hold'em's 169 starting hands (no --game)");
        }
        // The evaluator named (and its tables made and kept) before any
        // count, as a count of ranges does.
        let _tables = Loaded::of(args.game(), &name)?;
        if let Some(path) = &args.preflop_table {
            return preflop_table(path, &name);
        }
        if let Some(two) = &args.preflop_row {
            return preflop_row(two, &name);
        }
    }
    if dealt.board == 0 {
        bail!(
            "--game {}: {} cards dealt to each player as one hand, no board; equity is counted over a board's runouts (seven-card Hold'em, short7, the Omaha games and their Hi-Lo forms: `cargo xtask list --games`)",
            dealt.id,
            dealt.count
        );
    }
    let holdem = GameInfo::of::<Hand7>();
    let studied = |g: GameInfo| g == holdem || (args.breakdown && study::broken_down(g));
    if (args.breakdown || args.table)
        && !matches!(args.game, crate::diff::Checked::Game(g) if studied(g))
    {
        bail!(
            "--game {}: --breakdown is of Hold'em's and short deck's ranges (`seven`, `short7`, `short7t`), --table of Hold'em's (no --game)",
            dealt.id
        );
    }
    if let crate::diff::Checked::Low(hi_lo) = args.game {
        return hi_lo_equity(args, &name, hi_lo);
    }
    if args.brute_force {
        bail!("--brute-force: a Hi-Lo game's count (`--game omaha8`)");
    }
    if args.breakdown {
        return study::run_breakdown(args, &name);
    }
    if args.game() != holdem {
        return other_game(args, &name);
    }
    if args.table {
        return study::run_table(args, &name);
    }
    if args.monte_carlo {
        return monte_carlo(args, &name);
    }
    // A hand written as cards is a fixed hand (two cards, or an error
    // saying so); anything else is a range.
    if args
        .hands
        .iter()
        .any(|h| handeval_core::parse_cards(h).is_err())
    {
        return ranges(args, &name);
    }
    fixed(args, &name)
}

/// Fixed Hold'em hands: by classes of boards, or every board on threads.
fn fixed(args: &Args, name: &str) -> Result<ExitCode> {
    if args.per_combo {
        bail!(
            "--per-combo: each combo of a range counted exactly; fixed hands are one combo each (give a range, `AhAs,KdKc`, for its combos)"
        );
    }
    let dealt = Dealt::of(args)?;
    let showdown = dealt.showdown()?;
    let threads = match args.threads {
        Some(0) => bail!("--threads 0: at least one thread"),
        Some(n) if n > MAX_THREADS => bail!(
            "--threads {n}: at most {MAX_THREADS} (this machine has {} cores; a thread takes the boards of one first card at a time, and a showdown has at most 48 first cards)",
            std::thread::available_parallelism().map_or(1, usize::from)
        ),
        Some(n) => n,
        None => std::thread::available_parallelism().map_or(1, usize::from),
    };
    let counting = if args.every_board {
        Counting::EveryBoard { threads }
    } else {
        Counting::ByClasses
    };
    let loaded = Loaded::of(args.game(), name)?;
    let bar = Delayed::new(&format!(
        "every board, {{pos}} of {{len}} first cards on {}, about {{eta}} left",
        counted(threads as u64, "thread")
    ));
    let started = Instant::now();
    let tally = handeval_registry::showdown_with(name, &showdown, counting, &|done, of| {
        bar.advance(done, of);
    })
    .expect("the evaluator is registered");
    let took = started.elapsed();
    bar.finish();
    let how = if args.every_board {
        format!(
            "every board valued by {name} on {}",
            counted(threads as u64, "thread")
        )
    } else {
        format!(
            "counted by classes of boards, {} valued by {name} on one thread",
            counted(showdown.hands_valued_by_ranks(), "hand")
        )
    };
    let before = loaded.said();
    outln!(
        "{}: {}, {how} in {:.4} s{before}",
        dealt.describe(),
        counted(tally.boards, "board"),
        took.as_secs_f64()
    )?;
    let hands: Vec<String> = dealt.players.iter().map(|h| text(h)).collect();
    let code = write_tally(&hands, &tally)?;
    if let Some(engine) = &args.versus {
        let texts: Vec<&str> = hands.iter().map(String::as_str).collect();
        if fixed_calculator(engine) {
            versus_fixed(engine, args.game(), &texts, args, &tally)?;
        } else {
            let equities: Vec<f64> = (0..hands.len()).map(|p| tally.equity(p)).collect();
            versus(engine, &texts, args, &equities, tally.boards)?;
        }
    }
    Ok(code)
}

/// The same matchup counted by the outside calculator `engine`, timed on
/// one thread, held to the lab's `equities` (1e-9) and `games`.
fn versus(engine: &str, ranges: &[&str], args: &Args, equities: &[f64], games: u64) -> Result<()> {
    let calculators: Vec<&str> = handeval_engines::ENGINES
        .iter()
        .filter(|e| e.calculator.is_some())
        .map(|e| e.name)
        .collect();
    let Some(e) = handeval_engines::engine(engine).filter(|e| e.calculator.is_some()) else {
        bail!(
            "--versus {engine}: no engine of that name has an equity calculator; the ones that do: {}",
            calculators.join(", ")
        );
    };
    if fixed_calculator(engine) {
        bail!(
            "--versus {engine}: its calculator counts fixed hands, no ranges: give each player one hand (`AhKh KdKc`)"
        );
    }
    let native =
        handeval_engines::native::Native::load(e, &handeval_engines::install::Place::of_build())
            .map_err(|err| anyhow::anyhow!("--versus {engine}: {err}"))?;
    let started = Instant::now();
    let (theirs, their_games) = native
        .equity(ranges, &args.board, &args.dead)
        .map_err(|err| anyhow::anyhow!("--versus {engine}: {err}"))?;
    let took = started.elapsed();
    let worst = equities
        .iter()
        .zip(&theirs)
        .map(|(a, b)| (a - b).abs())
        .fold(0.0, f64::max);
    outln!(
        "\n{engine} ({}): {}, on one thread in {:.4} s; equities {}; the largest difference from the lab's {worst:.1e}",
        e.summary,
        counted(their_games, "game"),
        took.as_secs_f64(),
        theirs
            .iter()
            .map(|x| format!("{:.3}%", 100.0 * x))
            .collect::<Vec<_>>()
            .join(", ")
    )?;
    crate::engines::held_to_lab((&theirs, their_games), (equities, games))
        .map_err(|err| anyhow::anyhow!("--versus {engine}: {err}"))
}

/// Whether `engine` names an engine whose calculator counts fixed hands
/// (through its runner), not Hold'em ranges in-process.
fn fixed_calculator(engine: &str) -> bool {
    handeval_engines::engine(engine)
        .and_then(|e| e.calculator)
        .is_some_and(|c| matches!(c.counts, handeval_engines::Counts::FixedHands(_)))
}

/// The same fixed hands of `game` counted by the outside calculator
/// `engine` through its runner (its first count, on one thread, as its
/// users call it), each player's wins and ties held to the lab's `tally`
/// count for count.
fn versus_fixed(
    engine: &str,
    game: GameInfo,
    hands: &[&str],
    args: &Args,
    tally: &Tally,
) -> Result<()> {
    let e = handeval_engines::engine(engine).expect("a fixed-hands calculator by name");
    let calculator = e.calculator.expect("a calculator");
    if !calculator.counts(game.id, false) {
        bail!(
            "--versus {engine}: its calculator ({}) counts no {} hands",
            calculator.name,
            game.id
        );
    }
    let cards = |text: &str| -> Result<Vec<Card>> {
        handeval_core::parse_cards(text).map_err(|err| anyhow::anyhow!("{err}"))
    };
    let players = hands.iter().map(|h| cards(h)).collect::<Result<Vec<_>>>()?;
    let place = handeval_engines::install::Place::of_build();
    let mut session = handeval_engines::runner::Session::start(e, &place)
        .map_err(|err| anyhow::anyhow!("--versus {engine}: {err}"))?;
    let theirs = session
        .equity(
            game.id,
            &players,
            (&cards(&args.board)?, &cards(&args.dead)?),
            tally.boards,
            (1, false),
        )
        .map_err(|err| anyhow::anyhow!("--versus {engine}: {err}"))?;
    let took = theirs.samples[0].nanos as f64 / 1e9;
    outln!(
        "\n{engine} ({}): {}, its first count on one thread in {took:.4} s (timed by its runner); wins {} and ties {}",
        e.summary,
        counted(theirs.games(), "board"),
        thousands_list(&theirs.wins),
        thousands_list(&theirs.ties),
    )?;
    let n = players.len();
    theirs
        .held_to(tally.boards, &tally.wins[..n], &tally.ties[..n])
        .map_err(|err| anyhow::anyhow!("--versus {engine}: {err}"))?;
    outln!("each player's wins and ties the lab's, count for count")?;
    Ok(())
}

/// Counts with thousands separators, between commas and spaces.
fn thousands_list(counts: &[u64]) -> String {
    counts
        .iter()
        .map(|&c| thousands_u64(c))
        .collect::<Vec<_>>()
        .join(", ")
}

/// An exact count of `m` by the seven-card evaluator `name`, which
/// [`Loaded::of`] has found.
fn counted_by(
    name: &str,
    m: &handeval_equity::exact::Matchup,
) -> Result<handeval_equity::exact::Equity, handeval_equity::exact::EquityError> {
    handeval_registry::range_equity(name, m, &mut |_, _| {}).expect("the evaluator is registered")
}

/// An error unless the folder `path` is to be written in is there:
/// refused before a count, not after it.
fn refuse_missing_folder(what: &str, path: &std::path::Path) -> Result<()> {
    let folder = path.parent().filter(|d| !d.as_os_str().is_empty());
    if let Some(dir) = folder.filter(|d| !d.is_dir()) {
        bail!("{what} {}: no folder {}", path.display(), dir.display());
    }
    Ok(())
}

/// The heads-up preflop table ([`handeval_equity::preflop`]), counted on
/// every core with the evaluator `name`, written to `path` (and its
/// provenance to `path` with `.md`), each through a temporary file renamed
/// into place, so that an interrupted count leaves nothing half-written.
fn preflop_table(path: &std::path::Path, name: &str) -> Result<ExitCode> {
    use handeval_equity::preflop::{self, CELLS, Cell};
    use rayon::prelude::*;
    use std::fmt::Write as _;
    refuse_missing_folder("--preflop-table", path)?;
    let hands = preflop::starting_hands();
    let pairs: Vec<(usize, usize)> = preflop::cells().collect();
    let bar = Delayed::new("preflop table: {pos} of {len} cells, about {eta} left");
    let done = std::sync::atomic::AtomicUsize::new(0);
    let started = Instant::now();
    let cells: Vec<Cell> = pairs
        .par_iter()
        .map(|&(a, b)| {
            let cell = preflop::cell_by(a, b, |m| counted_by(name, m))
                .map_err(|e| anyhow::anyhow!("{} against {}: {e}", hands[a], hands[b]))?;
            let n = done.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1;
            bar.advance(n, CELLS);
            Ok(cell)
        })
        .collect::<Result<_>>()?;
    let took = started.elapsed();
    bar.finish();
    let mut csv = String::from("hand,versus,deals,games,wins,ties,losses,equity\n");
    for c in &cells {
        let _ = writeln!(
            csv,
            "{},{},{},{},{},{},{},{:.9}",
            hands[c.hand],
            hands[c.versus],
            c.deals,
            c.games,
            c.wins,
            c.ties,
            c.losses,
            c.equity()
        );
    }
    let (deals, games) = cells
        .iter()
        .fold((0u64, 0u64), |(d, g), c| (d + c.deals, g + c.games));
    let commit = crate::machine::output("git", &["rev-parse", "--short", "HEAD"])
        .unwrap_or_else(|| "unknown".into());
    let dirty = crate::machine::output("git", &["status", "--porcelain", "--untracked-files=no"])
        .is_some_and(|s| !s.is_empty());
    let threads = rayon::current_num_threads();
    let file = path.file_name().map_or_else(
        || path.display().to_string(),
        |f| f.to_string_lossy().into_owned(),
    );
    let md = [
        "# The heads-up preflop all-in table".to_string(),
        String::new(),
        format!(
            "`{file}`: each of Hold'em's 169 starting hands against each, heads-up, exact over every deal (a combo of each sharing no card: card removal included) and every board of the 48 cards left. One row per unordered pair ({CELLS} rows, each hand against itself included); the other order swaps wins and losses. Columns: the two hands, the deals, the games (deals x 1,712,304 boards), the first hand's games won alone, tied and lost, and its equity (wins and half the ties, per game)."
        ),
        String::new(),
        format!("- made by: `cargo xtask equity --preflop-table {}`", path.display()),
        format!(
            "- commit: `{commit}`{}",
            if dirty { " (with uncommitted changes)" } else { "" }
        ),
        format!(
            "- evaluator: `{name}` (every cell counted by `handeval_equity::exact`, each class of deals up to suit renaming once, its boards by classes)"
        ),
        format!("- machine: {}, {threads} threads", crate::machine::probe::cpu_line()),
        format!(
            "- counted: {} deals, {} games, in {:.1} s",
            thousands_u64(deals),
            thousands_u64(games),
            took.as_secs_f64()
        ),
        String::new(),
    ]
    .join("\n");
    let provenance = path.with_extension("md");
    write_whole(path, &csv)?;
    write_whole(&provenance, &md)?;
    outln!(
        "{}: {CELLS} cells, {} deals, {} games, counted with {name} on {threads} threads in {:.1} s; provenance in {}",
        path.display(),
        thousands_u64(deals),
        thousands_u64(games),
        took.as_secs_f64(),
        provenance.display()
    )?;
    Ok(ExitCode::SUCCESS)
}

/// A row of the three-way preflop table: `two` starting hands against
/// each of the 169 as the third, counted on every core with `name`, as CSV
/// on standard output.
fn preflop_row(two: &[String], name: &str) -> Result<ExitCode> {
    use handeval_equity::preflop;
    use rayon::prelude::*;
    use std::fmt::Write as _;
    let hands = preflop::starting_hands();
    let place = |h: &String| {
        preflop::index_of(h).with_context(|| {
            format!("--preflop-row: `{h}` is not a starting hand (a pair `AA`, or two ranks suited `AKs` or offsuit `AKo`, the higher first)")
        })
    };
    let (a, b) = (place(&two[0])?, place(&two[1])?);
    let started = Instant::now();
    let row: Vec<Option<preflop::ThreeWay>> = (0..preflop::HANDS)
        .into_par_iter()
        .map(|c| {
            preflop::three_way_by([a, b, c], |m| counted_by(name, m)).map_err(|e| {
                anyhow::anyhow!(
                    "{} against {} against {}: {e}",
                    hands[a],
                    hands[b],
                    hands[c]
                )
            })
        })
        .collect::<Result<_>>()?;
    let took = started.elapsed();
    let mut header = String::from("hand,versus,third,deals,games");
    for p in 1..=3 {
        let _ = write!(header, ",wins{p},ties{p},losses{p},equity{p}");
    }
    outln!("{header}")?;
    let (mut deals, mut games) = (0u64, 0u64);
    for (c, cell) in row.iter().enumerate() {
        let mut line = format!("{},{},{}", hands[a], hands[b], hands[c]);
        match cell {
            Some(t) => {
                deals += t.deals;
                games += t.games;
                let _ = write!(line, ",{},{}", t.deals, t.games);
                for p in 0..3 {
                    let [w, ti, l] = t.counts[p];
                    let _ = write!(line, ",{w},{ti},{l},{:.9}", t.equity[p]);
                }
            }
            None => line.push_str(",0,0,,,,,,,,,,,,"),
        }
        outln!("{line}")?;
    }
    errln!(
        "{} {}: {} thirds, {} deals, {} games, counted with {name} on {} threads in {:.2} s",
        hands[a],
        hands[b],
        row.iter().flatten().count(),
        thousands_u64(deals),
        thousands_u64(games),
        rayon::current_num_threads(),
        took.as_secs_f64()
    )?;
    Ok(ExitCode::SUCCESS)
}

/// Writes `text` to `path` through a file beside it, renamed into place:
/// a reader never sees half of it, and a failed write leaves nothing.
fn write_whole(path: &std::path::Path, text: &str) -> Result<()> {
    let mut partial = path.as_os_str().to_owned();
    partial.push(".partial");
    let partial = std::path::PathBuf::from(partial);
    let written = std::fs::write(&partial, text)
        .with_context(|| format!("writing {}", partial.display()))
        .and_then(|()| {
            std::fs::rename(&partial, path).with_context(|| format!("writing {}", path.display()))
        });
    if written.is_err() {
        let _ = std::fs::remove_file(&partial);
    }
    written
}

/// The table of a count of fixed hands: each player's wins, ties, losses
/// and equity.
fn write_tally(hands: &[String], tally: &Tally) -> Result<ExitCode> {
    outln!()?;
    outln!("| player | hand | wins | ties | losses | equity |")?;
    outln!("|---|---|---:|---:|---:|---:|")?;
    for (p, hand) in hands.iter().enumerate() {
        outln!(
            "| {} | {hand} | {} | {} | {} | {:.3}% |",
            p + 1,
            thousands_u64(tally.wins[p]),
            thousands_u64(tally.ties[p]),
            thousands_u64(tally.losses(p)),
            100.0 * tally.equity(p)
        )?;
    }
    Ok(ExitCode::SUCCESS)
}

/// Ranges against each other: exact over every deal and every board.
fn ranges(args: &Args, name: &str) -> Result<ExitCode> {
    if args.every_board {
        bail!(
            "--every-board values fixed hands on every board; ranges are counted by classes of deals and boards"
        );
    }
    let matchup = matchup(args)?;
    let loaded = Loaded::of(args.game(), name)?;
    let started = Instant::now();
    // The bar counts what the chosen way of counting goes through.
    let bar = Delayed::new(match matchup.cheaper() {
        Method::Deals => {
            "exact, deal by deal: {pos} of {len} of player 1's combos, about {eta} left"
        }
        Method::Boards => {
            "exact, board by board: the boards of {pos} of {len} first cards, about {eta} left"
        }
    });
    let equity = handeval_registry::range_equity(name, &matchup, &mut |done, of| {
        bar.advance(done, of);
    })
    .expect("the evaluator is registered")
    .map_err(|e| anyhow::anyhow!("{e}"))?;
    let took = started.elapsed();
    bar.finish();
    outln!(
        "{}: exact over {}, counted {} ({}), {}, valued by {name} on one thread in {:.4} s{}",
        describe(&args.hands, matchup.board(), matchup.dead()),
        counted(equity.deals, "deal"),
        equity.method,
        match equity.method {
            Method::Deals => format!(
                "{} of deals up to suit renaming, each by classes of boards",
                classes(equity.classes)
            ),
            Method::Boards => format!(
                "{} of boards up to suit renaming, each one sweep of the combos",
                classes(equity.classes)
            ),
        },
        counted(equity.games, "game"),
        took.as_secs_f64(),
        loaded.said()
    )?;
    outln!()?;
    // The games each player won, tied and lost as counts, so that a count
    // can be held to another calculator's exact numbers: whole numbers
    // unless a weight makes them fractions of deals.
    outln!("| player | range | combos | wins | ties | losses | win | tie | equity |")?;
    outln!("|---|---|---:|---:|---:|---:|---:|---:|---:|")?;
    for (p, range) in matchup.ranges().iter().enumerate() {
        let c = &equity.counts[p];
        let games = match c.whole() {
            Some(whole) => whole.map(thousands_u64),
            None => [c.wins, c.ties, c.losses].map(|x| {
                let milli = (x * 1000.0).round() as u64;
                format!("{}.{:03}", thousands_u64(milli / 1000), milli % 1000)
            }),
        };
        outln!(
            "| {} | {} | {} | {} | {:.3}% | {:.3}% | {:.3}% |",
            p + 1,
            args.hands[p],
            range.combos().len(),
            games.join(" | "),
            100.0 * equity.wins[p],
            100.0 * equity.ties[p],
            100.0 * equity.equity[p]
        )?;
    }
    if args.per_combo {
        for (p, combos) in equity.per_combo.iter().enumerate() {
            outln!("\nplayer {} ({}), combo by combo:\n", p + 1, args.hands[p])?;
            outln!("| combo | weight | share of the deals | equity |")?;
            outln!("|---|---:|---:|---:|")?;
            for (combo, share, e) in combos {
                outln!(
                    "| {combo} | {} | {:.3}% | {:.3}% |",
                    combo.weight,
                    100.0 * share,
                    100.0 * e
                )?;
            }
        }
    }
    if let Some(engine) = &args.versus {
        // Each range as the combos the lab read from it, written out: the
        // outside calculator's own syntax may read less and has no weights.
        let texts = matchup.written_out().map_err(|p| {
            anyhow::anyhow!(
                "--versus {engine}: player {p}'s range `{}` is weighted; the outside calculators take none",
                args.hands[p - 1]
            )
        })?;
        let texts: Vec<&str> = texts.iter().map(String::as_str).collect();
        versus(engine, &texts, args, &equity.equity, equity.games)?;
    }
    Ok(ExitCode::SUCCESS)
}

/// Fixed hands of a game other than seven-card Hold'em (an Omaha game,
/// short deck) over every board.
fn other_game(args: &Args, name: &str) -> Result<ExitCode> {
    if args.per_combo || args.versus.as_deref().is_some_and(|e| !fixed_calculator(e)) {
        bail!(
            "--game {}: fixed hands, every board counted; --per-combo and --versus are of Hold'em ranges",
            args.game()
        );
    }
    if args.monte_carlo {
        bail!(
            "--game {}: fixed hands, every board counted; no --monte-carlo",
            args.game()
        );
    }
    if args.threads.is_some() {
        bail!(
            "--game {}: the every-board count runs on one thread; no --threads",
            args.game()
        );
    }
    let texts: Vec<&str> = args.hands.iter().map(String::as_str).collect();
    let loaded = Loaded::of(args.game(), name)?;
    let started = Instant::now();
    let tally = handeval_registry::fixed_equity(
        name,
        args.game(),
        &texts,
        &args.board,
        &args.dead,
        args.every_board,
    )
    .expect("the evaluator is registered")
    .map_err(|e| anyhow::anyhow!("{e}"))?;
    let took = started.elapsed();
    // The matchup parsed them all.
    let cards = |t: &str| handeval_core::parse_cards(t).unwrap_or_default();
    let hands: Vec<String> = texts.iter().map(|t| text(&cards(t))).collect();
    outln!(
        "{} ({}): {}, {} by {name} on one thread in {:.4} s{}",
        describe(&hands, &cards(&args.board), &cards(&args.dead)),
        args.game().title,
        counted(tally.boards, "board"),
        if args.every_board || args.game().hole == 0 {
            "every board valued"
        } else {
            "counted by ranks, the boards a held suit can flush on card for card, valued"
        },
        took.as_secs_f64(),
        loaded.said()
    )?;
    let code = write_tally(&hands, &tally)?;
    if let Some(engine) = &args.versus {
        let texts: Vec<&str> = hands.iter().map(String::as_str).collect();
        versus_fixed(engine, args.game(), &texts, args, &tally)?;
    }
    Ok(code)
}

/// Fixed hands of a Hi-Lo game over every board: the high by the game's
/// evaluator `name`, the low by the fastest low evaluator the registry
/// declares for this CPU.
fn hi_lo_equity(args: &Args, name: &str, hi_lo: GameInfo) -> Result<ExitCode> {
    if args.monte_carlo || args.threads.is_some() || args.per_combo || args.versus.is_some() {
        bail!(
            "--game {}: fixed hands, every board valued on one thread; no --monte-carlo, --threads, --per-combo or --versus",
            hi_lo.id
        );
    }
    let texts: Vec<&str> = args.hands.iter().map(String::as_str).collect();
    let loaded = Loaded::of(args.game(), name)?;
    let counted_hi_lo = crate::low::equity(
        hi_lo,
        name,
        &texts,
        &args.board,
        &args.dead,
        args.brute_force,
    )?;
    let cards = |t: &str| handeval_core::parse_cards(t).unwrap_or_default();
    let hands: Vec<String> = texts.iter().map(|t| text(&cards(t))).collect();
    let tally = &counted_hi_lo.tally;
    outln!(
        "{} ({}): {}, every board valued on one thread in {:.4} s, the high by {name}{}, the low by {}",
        describe(&hands, &cards(&args.board), &cards(&args.dead)),
        hi_lo.title,
        counted(tally.boards, "board"),
        counted_hi_lo.took.as_secs_f64(),
        loaded.said(),
        counted_hi_lo.low_name,
    )?;
    outln!(
        "pots split (a qualifying low): {} of {}",
        tally.split,
        tally.boards
    )?;
    outln!("| hand | equity | scoops | quartered |")?;
    outln!("|---|---:|---:|---:|")?;
    for (p, hand) in hands.iter().enumerate() {
        outln!(
            "| {hand} | {:.6} | {} | {} |",
            tally.equity(p),
            tally.scoops[p],
            tally.quartered[p]
        )?;
    }
    if let Some((brute, took)) = &counted_hi_lo.brute_force {
        let worst = (0..hands.len())
            .map(|p| (tally.equity(p) - brute[p]).abs())
            .fold(0.0, f64::max);
        let agree = (0..hands.len()).all(|p| (tally.equity(p) - brute[p]).abs() <= 1e-12);
        outln!(
            "brute force (the literal references, fractions): {} in {:.2} s; largest difference {worst:.1e}: {}",
            brute
                .iter()
                .map(|e| format!("{e:.6}"))
                .collect::<Vec<_>>()
                .join(", "),
            took.as_secs_f64(),
            if agree { "equal" } else { "DIFFERENT" }
        )?;
        if !agree {
            return Ok(ExitCode::FAILURE);
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// The matchup of the arguments as ranges.
fn matchup(args: &Args) -> Result<handeval_equity::exact::Matchup> {
    let texts: Vec<&str> = args.hands.iter().map(String::as_str).collect();
    handeval_equity::exact::Matchup::new(&texts, &args.board, &args.dead)
        .map_err(|e| anyhow::anyhow!("{e}"))
}

/// The smallest `--stderr` taken.
const MIN_STDERR: f64 = 1e-9;

/// The longest `--seconds` taken: a year.
const MAX_SECONDS: Duration = Duration::from_secs(365 * 24 * 3600);

/// A number as a person writes it: `0.001`, `60`, `1e-300` (issue 66, item
/// 13: `--stderr 1e-300` was printed with three hundred digits).
pub fn short(x: f64) -> String {
    if x != 0.0 && !(1e-4..1e7).contains(&x.abs()) {
        format!("{x:e}")
    } else {
        format!("{x}")
    }
}

/// Ranges estimated by Monte Carlo, to a standard error or a time limit.
fn monte_carlo(args: &Args, name: &str) -> Result<ExitCode> {
    if args.every_board {
        bail!("--every-board counts every board; --monte-carlo samples them: one or the other");
    }
    if args.per_combo || args.versus.is_some() {
        bail!(
            "--monte-carlo estimates; --per-combo and --versus are of exact counts (leave out --monte-carlo)"
        );
    }
    // A standard error is at most 0.5 (an equity lies in 0..1), and below
    // a billionth no run of this lab could reach it.
    if !(args.stderr >= MIN_STDERR && args.stderr <= 0.5) {
        bail!(
            "--stderr {}: a standard error from {MIN_STDERR:e} to 0.5",
            short(args.stderr)
        );
    }
    // Issue 66, item 1: `--seconds 1e20` panicked in `Duration`.
    let limit = match Duration::try_from_secs_f64(args.seconds) {
        Ok(d) if args.seconds > 0.0 && d <= MAX_SECONDS => d,
        _ => bail!(
            "--seconds {}: a time above 0 and at most {} s (a year)",
            short(args.seconds),
            MAX_SECONDS.as_secs()
        ),
    };
    let matchup = matchup(args)?;
    let loaded = Loaded::of(args.game(), name)?;
    let started = Instant::now();
    let bar = Delayed::new(&format!(
        "Monte Carlo, {{pos}} games, at most {} s",
        short(args.seconds)
    ));
    let estimate =
        handeval_registry::range_estimate(name, &matchup, args.seed, args.stderr, &mut |games| {
            bar.tick(games);
            started.elapsed() < limit
        })
        .expect("the evaluator is registered")
        .map_err(|e| anyhow::anyhow!("{e}"))?;
    let took = started.elapsed();
    bar.finish();
    outln!(
        "{}: Monte Carlo, {} with seed {}, valued by {name} on one thread in {:.2} s{}; {}",
        describe(&args.hands, matchup.board(), matchup.dead()),
        counted(estimate.games, "game"),
        args.seed,
        took.as_secs_f64(),
        loaded.said(),
        if estimate.reached {
            format!("every standard error at most {}", short(args.stderr))
        } else {
            format!(
                "stopped at --seconds {} before the standard error reached {}",
                short(args.seconds),
                short(args.stderr)
            )
        }
    )?;
    outln!()?;
    outln!("| player | range | combos | equity | standard error |")?;
    outln!("|---|---|---:|---:|---:|")?;
    for (p, range) in matchup.ranges().iter().enumerate() {
        outln!(
            "| {} | {} | {} | {:.3}% | {:.3}% |",
            p + 1,
            args.hands[p],
            range.combos().len(),
            100.0 * estimate.equity[p],
            100.0 * estimate.stderr[p]
        )?;
    }
    Ok(ExitCode::SUCCESS)
}

/// A progress bar over a count (the first cards of an every-board count,
/// the first player's combos of a range count), drawn only once the count
/// has taken a second (a quicker one would flash), and only on a terminal
/// (indicatif draws nothing elsewhere).
pub struct Delayed {
    pub bar: ProgressBar,
    started: Instant,
}

/// How long a count runs before its progress is shown.
const SHOW_AFTER: Duration = Duration::from_secs(1);

impl Delayed {
    /// A bar whose message after the spinner and the time is `what`, an
    /// indicatif template (`{pos} of {len} first cards`).
    pub fn new(what: &str) -> Self {
        let bar = ProgressBar::hidden().with_style(
            ProgressStyle::with_template(&format!("{{spinner}} {{elapsed}} {what}"))
                .expect("a valid template"),
        );
        Delayed {
            bar,
            started: Instant::now(),
        }
    }

    /// `done` of `of` first cards counted.
    pub fn advance(&self, done: usize, of: usize) {
        if self.bar.is_hidden() && shown(self.started.elapsed()) {
            self.bar.set_draw_target(ProgressDrawTarget::stderr());
        }
        self.bar.set_length(of as u64);
        self.bar.set_position(done as u64);
    }

    /// `done` so far, of a count whose end is not known.
    fn tick(&self, done: u64) {
        if self.bar.is_hidden() && shown(self.started.elapsed()) {
            self.bar.set_draw_target(ProgressDrawTarget::stderr());
        }
        self.bar.set_position(done);
    }

    fn finish(&self) {
        self.bar.finish_and_clear();
    }
}

/// Whether a count that has run this long shows its progress.
pub fn shown(elapsed: Duration) -> bool {
    elapsed >= SHOW_AFTER
}

/// `1 class`, `418 classes`.
fn classes(n: usize) -> String {
    if n == 1 {
        "1 class".to_string()
    } else {
        format!("{} classes", thousands(n))
    }
}
