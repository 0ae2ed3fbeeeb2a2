//! `cargo xtask diff --game G`: every registered evaluator of a game against
//! the reference, the game's table and each other, over every hand of the
//! game (up to suit renaming where the game's enumeration says so), or, for
//! an evaluator too slow for the time budget, on a stated seeded sample.
//!
//! One check serves every game ([`handeval_difftest::cards`]). How long
//! every hand would take is foreseen, not guessed: the check is first run
//! over a seeded handful of the enumeration's parts, each evaluator timed on
//! them, and the time scaled to every part. The evaluators whose foreseen
//! times, with the reference's, fit the budget (`--budget`, in minutes) are
//! checked over every hand, fastest first; the rest on `--sample` seeded
//! deals, and the summary says which and why. `--every` checks every
//! evaluator over every hand, however long that takes; `--slice K/N` does
//! it a slice at a time, across sittings ([`crate::slices`]).
//!
//! The five-card game has an extension: its published listings (ported
//! with their bugs, never timed) are held to exactly their known errors by
//! the five-card [`Check`], which counts them in the terms a listing
//! declares (distinct values, misordered hands).

use std::io::{self, Write};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use anyhow::{Context, Result};
use handeval_core::{
    Category, Evaluator, Game, GameInfo, GameVisitor, Hand, Histogram, Role, visit_games,
};
use handeval_difftest::cards::{
    HandCheck, PartAt, PartCheck, SAMPLE_SEED, Totals, check_all, check_parts, enumerated, hand_at,
    pairwise, parts, random_hands,
};
use handeval_difftest::{Check, Evaluation, evaluate, hands};
use handeval_reference::table::ClassTable;
use handeval_registry::{Checks, Reference, Visitor, abouts_in, checks, visit_all};
use indicatif::{ProgressBar, ProgressStyle};
use rand::SeedableRng;
use rand::seq::SliceRandom;

use crate::select::{game_ids, parse_game, select_names};
use crate::slices::Slice;

#[derive(clap::Args)]
pub struct Args {
    /// Check only these evaluators (comma-separated names, e.g. `subskybox/tuned,reference`).
    #[arg(long, value_delimiter = ',')]
    pub only: Vec<String>,
    /// Print every differing hand as CSV on standard output (the summary goes to standard error).
    #[arg(long)]
    pub csv: bool,
    /// The game, by its id (`cargo xtask list --games` lists them);
    /// five-card hands (2,598,960) by default. A Hi-Lo game's id
    /// (`omaha8`) checks its low half, the high half being its game's.
    #[arg(long, default_value = "five", value_parser = parse_checked)]
    pub game: Checked,
    /// Minutes the check over every hand may take: evaluators whose
    /// foreseen time does not fit are checked on `--sample` seeded hands.
    #[arg(long, default_value_t = 12.0)]
    pub budget: f64,
    /// Check every evaluator over every hand, whatever the budget.
    #[arg(long)]
    pub every: bool,
    /// Check every evaluator over every hand a slice of the enumeration at
    /// a time (`K/N`: the Kth of N slices, each every Nth part), saving
    /// each slice's findings; the run that saves the last missing slice
    /// gives the verdict over every hand. For a game whose every hand takes
    /// longer than one sitting (six-card Omaha).
    #[arg(long, value_parser = crate::slices::parse_slice)]
    pub slice: Option<Slice>,
    /// Where `--slice` saves (a folder for each game, set of evaluators
    /// and commit), relative to the workspace.
    #[arg(long, default_value = "results/checks")]
    pub slices_in: std::path::PathBuf,
    /// Hands dealt (seeded) for each evaluator too slow for the budget.
    #[arg(long, default_value_t = 1 << 22)]
    pub sample: usize,
    /// Engines to check on the game too, after the evaluators
    /// (comma-separated names as `cargo xtask engines` lists them, or
    /// `all`): over every hand when that fits `--budget`, else on the
    /// seeded sample (a million hands at most: runners are slow).
    #[arg(long, value_delimiter = ',')]
    pub engines: Vec<String>,
}

impl Default for Args {
    fn default() -> Self {
        Args {
            only: Vec::new(),
            csv: false,
            game: Checked::Game(GameInfo::of::<Hand>()),
            budget: 12.0,
            every: false,
            slice: None,
            slices_in: "results/checks".into(),
            sample: 1 << 22,
            engines: Vec::new(),
        }
    }
}

/// What `--game` names: a game, or a Hi-Lo game's low half.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Checked {
    /// A game: its evaluators.
    Game(GameInfo),
    /// A Hi-Lo game (its value has a low): its low evaluators.
    Low(GameInfo),
    /// A badugi game: its badugi evaluators.
    Badugi(GameInfo),
}

/// `--game`'s value: a game's id, or a Hi-Lo game's.
pub fn parse_checked(id: &str) -> Result<Checked, String> {
    if let Some(game) = crate::low::game(id.trim()) {
        return Ok(Checked::Low(game));
    }
    if let Some(game) = crate::badugi::game(id.trim()) {
        return Ok(Checked::Badugi(game));
    }
    parse_game(id).map(Checked::Game).map_err(|e| {
        let badugi: Vec<&str> = crate::badugi::games().iter().map(|g| g.id).collect();
        format!(
            "{e}, or a Hi-Lo game: {}, or a badugi game: {}",
            crate::low::ids().join(", "),
            badugi.join(", ")
        )
    })
}

/// How one evaluator was checked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scope {
    /// Over every hand.
    Every,
    /// On the seeded sample: the literal reference, the definition the
    /// table-driven classes compute.
    Definition,
    /// On the seeded sample, its foreseen time over every hand being this
    /// long, beyond the budget.
    TooSlow(Duration),
    /// Over one slice of every hand ([`Args::slice`]), the others not all
    /// saved yet.
    Slice(Slice),
}

/// One evaluator's outcome.
pub struct Row<G> {
    pub check: HandCheck<G>,
    pub scope: Scope,
    pub time: Duration,
}

/// A published listing's outcome (the five-card extension).
pub struct Listing {
    pub check: Check,
    pub evaluation: Evaluation,
}

/// The result of a differential run over a game.
pub struct Outcome<G> {
    pub rows: Vec<Row<G>>,
    /// The reference's own totals over every hand, unless the reference's
    /// classes of every hand did not fit the budget either.
    pub totals: Option<Totals>,
    /// How long the pass over every hand took.
    pub every_time: Duration,
    /// How long the reference's classes of every hand were foreseen to
    /// take, in seconds.
    pub foreseen_reference: f64,
    /// The slices saved so far and where, when the check ran a slice.
    pub sliced: Option<(Slice, Vec<usize>, std::path::PathBuf)>,
    /// How long the pass over every hand was foreseen to take (the
    /// reference's classes and the evaluators it checks), in seconds.
    pub foreseen_every: f64,
    /// The budget, in seconds.
    pub budget: f64,
    /// The seeded sample's size.
    pub sample: usize,
    /// The published listings, and the reference's five-card evaluation
    /// they are held to (the five-card extension; empty elsewhere).
    pub listings: Vec<Listing>,
    pub reference: Option<Evaluation>,
}

impl<G: Game> Outcome<G> {
    /// Whether every evaluator passed, and the reference's totals over
    /// every hand are the game's table.
    pub fn passed(&self) -> bool {
        self.rows.iter().all(|r| r.check.passed())
            && self.listings.iter().all(|l| l.check.passed())
            && self.totals.as_ref().is_none_or(totals_are_the_table::<G>)
    }
}

/// Whether the reference's totals over every hand are `G`'s table: the
/// weights sum to the game's hands, the histogram is its table, the
/// classes its count.
pub fn totals_are_the_table<G: Game>(totals: &Totals) -> bool {
    totals.hands == G::HANDS
        && totals.histogram == Histogram::published::<G>()
        && totals.classes == G::classes() as usize
}

/// An evaluator of the game, to be checked over every hand or on a sample.
struct Candidate<G: Game> {
    /// The registry's checks of the evaluator, its name and role among them.
    checks: &'static Checks<G>,
    /// Its [`Checks::part_check`], made once for the foresight and the
    /// pass over every hand.
    check: Box<dyn PartCheck<G>>,
}

/// Hands the foresight times each evaluator on: a seeded handful of the
/// enumeration's parts holding at least this many hands (or a sixteenth of
/// a smaller game).
const FORESIGHT_HANDS: u64 = 1 << 22;

/// The parts the foresight runs on: drawn with [`SAMPLE_SEED`] until they
/// hold [`FORESIGHT_HANDS`] hands.
fn foresight_parts<G: Game>() -> Vec<PartAt<G>> {
    let all = parts::<G>();
    let want = FORESIGHT_HANDS.min(enumerated::<G>() / 16).max(1);
    let mut order: Vec<usize> = (0..all.len()).collect();
    order.shuffle(&mut rand_chacha::ChaCha8Rng::seed_from_u64(SAMPLE_SEED));
    let mut chosen = Vec::new();
    let mut hands = 0;
    for i in order {
        if hands >= want {
            break;
        }
        hands += all[i].len as u64;
        chosen.push(all[i]);
    }
    chosen
}

/// Each candidate's foreseen seconds over every hand, and the reference's
/// classes' (the same pass's own cost), from a pass over a few parts.
fn foresee<G: Game>(candidates: &[&Candidate<G>]) -> (Vec<f64>, f64) {
    let chosen = foresight_parts::<G>();
    let hands: u64 = chosen.iter().map(|p| p.len as u64).sum();
    let scale = enumerated::<G>() as f64 / hands.max(1) as f64;
    let checks: Vec<&dyn PartCheck<G>> = candidates.iter().map(|c| c.check.as_ref()).collect();
    // Built before the clock starts: its seconds are spent once, not per
    // part. So is what each evaluator builds on its first hands (a table
    // read or generated, seconds for the 2+2 tables): timed, it would be
    // scaled with the parts, and a check of every hand that takes a
    // second foreseen as minutes (issue 49, item 2). One part, untimed,
    // pays for it.
    ClassTable::of::<G>();
    if let Some(first) = chosen.first() {
        check_parts::<G>(&checks, std::slice::from_ref(first), false, &|_| {});
    }
    let (timed, totals) = check_parts::<G>(&checks, &chosen, false, &|_| {});
    let each: Vec<f64> = timed.iter().map(|(_, t)| t.as_secs_f64() * scale).collect();
    let reference = totals.reference_time.as_secs_f64();
    (each, reference * scale)
}

/// Checks the evaluators of `G` named in `only` (all when empty).
///
/// # Errors
/// An unknown name, listing the registered ones.
pub fn check<G: Game>(args: &Args) -> Result<Outcome<G>> {
    let names: Vec<&'static str> = abouts_in(GameInfo::of::<G>(), false)
        .iter()
        .map(|a| a.meta.name)
        .collect();
    let floor = handeval_registry::Null::META.name;
    let selected = select_names(
        names,
        &args.only,
        &format!("{} evaluator", G::WORD),
        &[(
            floor,
            "the harness floor, which values no hand: nothing to check",
        )],
    )?;
    // The registry's checks, compiled once for the workspace.
    let candidates: Vec<Candidate<G>> = checks::<G>()
        .iter()
        .filter(|c| selected.contains(&c.name) && c.role != Role::Listing)
        .map(|c| Candidate {
            checks: c,
            check: (c.part_check)(),
        })
        .collect();

    // The literal reference is the definition the table-driven classes
    // compute, at microseconds a hand: it is held to them on the sample.
    let (forseeable, definitions): (Vec<&Candidate<G>>, Vec<&Candidate<G>>) = candidates
        .iter()
        .partition(|c| c.checks.role != Role::Reference);
    if let Some(slice) = args.slice {
        return check_slice(args, slice, &forseeable, definitions, &selected);
    }
    let busy = spinner(&format!("foreseeing the check of every {} hand", G::WORD));
    let (foreseen, reference_time) = foresee::<G>(&forseeable);
    busy.finish_and_clear();
    let every = within_budget(args, &foreseen, reference_time);

    let mut rows = Vec::new();
    let (mut totals, mut every_time) = (None, Duration::ZERO);
    let foreseen_every = every.as_ref().map_or(0.0, |every| {
        reference_time
            + every
                .iter()
                .zip(&foreseen)
                .filter(|(e, _)| **e)
                .map(|(_, t)| t)
                .sum::<f64>()
    });
    if let Some(every) = &every {
        let checks: Vec<&dyn PartCheck<G>> = forseeable
            .iter()
            .zip(every)
            .filter(|(_, e)| **e)
            .map(|(c, _)| c.check.as_ref())
            .collect();
        let started = Instant::now();
        let (checked, t) = check_every_hand(&checks);
        every_time = started.elapsed();
        totals = Some(t);
        rows.extend(checked.into_iter().map(|(check, time)| Row {
            check,
            scope: Scope::Every,
            time,
        }));
    }
    let every = every.unwrap_or_else(|| vec![false; forseeable.len()]);
    let sampled: Vec<(&Candidate<G>, Scope)> = forseeable
        .iter()
        .zip(&every)
        .zip(&foreseen)
        .filter(|((_, e), _)| !**e)
        .map(|((c, _), &t)| (*c, Scope::TooSlow(Duration::from_secs_f64(t))))
        .chain(definitions.into_iter().map(|c| (c, Scope::Definition)))
        .collect();
    rows.extend(check_sampled(args.sample, sampled));
    // In the registry's order.
    rows.sort_by_key(|r| selected.iter().position(|n| *n == r.check.name));

    let (listings, reference) = listings_of::<G>(&selected);
    Ok(Outcome {
        rows,
        totals,
        every_time,
        foreseen_reference: reference_time,
        sliced: None,
        foreseen_every,
        budget: args.budget * 60.0,
        sample: args.sample,
        listings,
        reference,
    })
}

/// [`check`] over one slice of every hand, or, when it saves the last
/// missing slice, over every hand.
fn check_slice<G: Game>(
    args: &Args,
    slice: Slice,
    forseeable: &[&Candidate<G>],
    definitions: Vec<&Candidate<G>>,
    selected: &[&'static str],
) -> Result<Outcome<G>> {
    let checks: Vec<&dyn PartCheck<G>> = forseeable.iter().map(|c| c.check.as_ref()).collect();
    let progress = hands_progress(
        enumerated::<G>().div_ceil(slice.of as u64),
        &format!("slice {slice} of every {} hand", G::WORD),
        &checks,
    );
    let root = crate::workspace::root().join(&args.slices_in);
    let sliced = crate::slices::check::<G>(&checks, slice, &root, &|done| {
        progress.set_position(done);
    });
    progress.finish_and_clear();
    let sliced = sliced?;
    let scope = if sliced.totals.is_some() {
        Scope::Every
    } else {
        Scope::Slice(slice)
    };
    let mut rows: Vec<Row<G>> = sliced
        .checks
        .into_iter()
        .map(|(check, time)| Row { check, scope, time })
        .collect();
    rows.extend(check_sampled(
        args.sample,
        definitions
            .into_iter()
            .map(|c| (c, Scope::Definition))
            .collect(),
    ));
    rows.sort_by_key(|r| selected.iter().position(|n| *n == r.check.name));
    let (listings, reference) = listings_of::<G>(selected);
    Ok(Outcome {
        rows,
        totals: sliced.totals,
        every_time: Duration::from_secs_f64(sliced.seconds),
        foreseen_reference: 0.0,
        sliced: Some((
            slice,
            sliced.saved,
            crate::workspace::relative(&sliced.folder),
        )),
        foreseen_every: 0.0,
        budget: args.budget * 60.0,
        sample: args.sample,
        listings,
        reference,
    })
}

/// Which evaluators the check of every hand takes, by their foreseen
/// times: all with `--every`; otherwise the fastest first while the total,
/// the reference's pass included, stays within the budget. `None` when
/// the reference's pass alone does not fit.
fn within_budget(args: &Args, foreseen: &[f64], reference_time: f64) -> Option<Vec<bool>> {
    let budget = args.budget * 60.0;
    if !args.every && reference_time > budget {
        return None;
    }
    let mut by_time: Vec<usize> = (0..foreseen.len()).collect();
    by_time.sort_by(|&a, &b| foreseen[a].total_cmp(&foreseen[b]));
    let mut every = vec![false; foreseen.len()];
    let mut total = reference_time;
    for i in by_time {
        if args.every || total + foreseen[i] <= budget {
            total += foreseen[i];
            every[i] = true;
        }
    }
    Some(every)
}

/// The reference and `checks` over every hand of the game, with a
/// progress bar naming them.
fn check_every_hand<G: Game>(
    checks: &[&dyn PartCheck<G>],
) -> (Vec<(HandCheck<G>, Duration)>, Totals) {
    let progress = hands_progress(
        enumerated::<G>(),
        &format!("every {} hand", G::WORD),
        checks,
    );
    let checked = check_all::<G>(checks, &|done| progress.set_position(done));
    progress.finish_and_clear();
    checked
}

/// A progress bar over `total` hands of `what`, naming the checks run on
/// them beside the reference.
fn hands_progress<G: Game>(total: u64, what: &str, checks: &[&dyn PartCheck<G>]) -> ProgressBar {
    let names: Vec<&str> = checks.iter().map(|c| c.name()).collect();
    let progress = ProgressBar::new(total).with_style(
        ProgressStyle::with_template(&format!(
            "{{spinner}} {{elapsed}} {what}, {{percent}}% (about {{eta}} left): the reference{}{}",
            if names.is_empty() { "" } else { ", " },
            names.join(", ")
        ))
        .expect("valid template"),
    );
    progress.enable_steady_tick(Duration::from_millis(200));
    progress
}

/// Each of `sampled` on `sample` seeded deals, with its scope.
fn check_sampled<G: Game>(sample: usize, sampled: Vec<(&Candidate<G>, Scope)>) -> Vec<Row<G>> {
    if sampled.is_empty() {
        return Vec::new();
    }
    let busy = spinner(&format!(
        "{sample} seeded {} deals for {} evaluator{}",
        G::WORD,
        sampled.len(),
        if sampled.len() == 1 { "" } else { "s" }
    ));
    let hands = random_hands::<G>(SAMPLE_SEED, sample);
    let mut rows = Vec::new();
    for (candidate, scope) in sampled {
        busy.set_message(candidate.checks.name);
        let started = Instant::now();
        let check = candidate.checks.on_hands(&hands);
        rows.push(Row {
            check,
            scope,
            time: started.elapsed(),
        });
    }
    busy.finish_and_clear();
    rows
}

/// `0.2 s`, `95.0 s`, `18 min`: a foreseen or allowed time.
fn duration(seconds: f64) -> String {
    if seconds < 120.0 {
        format!("{seconds:.1} s")
    } else {
        format!("{:.0} min", seconds / 60.0)
    }
}

/// A spinner saying what is under way.
fn spinner(what: &str) -> ProgressBar {
    let bar = ProgressBar::new_spinner().with_style(
        ProgressStyle::with_template("{spinner} {elapsed} {prefix}: {msg}")
            .expect("valid template"),
    );
    bar.set_prefix(what.to_string());
    bar.enable_steady_tick(Duration::from_millis(200));
    bar
}

/// The five-card extension: the selected published listings over every
/// five-card hand, against the reference's evaluation.
fn listings_of<G: Game>(selected: &[&'static str]) -> (Vec<Listing>, Option<Evaluation>) {
    /// Checks every selected listing.
    struct Listings<'a> {
        selected: &'a [&'static str],
        reference: Option<Evaluation>,
        out: Vec<Listing>,
    }
    impl Visitor for Listings<'_> {
        fn visit<E: Evaluator>(&mut self) {
            if E::META.role != Role::Listing || !self.selected.contains(&E::META.name) {
                return;
            }
            let reference = self.reference.get_or_insert_with(evaluate::<Reference>);
            let evaluation = evaluate::<E>();
            let check = Check::against_reference::<E>(&evaluation, reference);
            self.out.push(Listing { check, evaluation });
        }
    }
    if GameInfo::of::<G>() != GameInfo::of::<Hand>() {
        return (Vec::new(), None);
    }
    let mut listings = Listings {
        selected,
        reference: None,
        out: Vec::new(),
    };
    visit_all(&mut listings);
    (listings.out, listings.reference)
}

/// Writes what the enumeration is and what the reference's classes of
/// every hand add up to, each category against the game's table.
fn write_totals<G: Game>(out: &mut dyn Write, outcome: &Outcome<G>) -> io::Result<()> {
    if let Some((slice, saved, folder)) = &outcome.sliced {
        let saved: Vec<String> = saved.iter().map(ToString::to_string).collect();
        writeln!(
            out,
            "{}: slice {slice} saved in {}, with slices {} of {}{}",
            G::TITLE,
            folder.display(),
            saved.join(", "),
            slice.of,
            if outcome.totals.is_some() {
                ": every slice is in, and the totals are over every hand"
            } else {
                ": each hand of this slice is held to the reference; the totals over every hand come with the last slice"
            }
        )?;
    }
    let Some(totals) = &outcome.totals else {
        if outcome.sliced.is_some() {
            return Ok(());
        }
        return writeln!(
            out,
            "{}: the reference's classes of every hand, foreseen to take {}, do not fit the budget of {}: every evaluator is checked on the sample (`--every` checks every hand)",
            G::TITLE,
            duration(outcome.foreseen_reference),
            duration(outcome.budget),
        );
    };
    let weighted = G::HANDS != enumerated::<G>();
    let took = match &outcome.sliced {
        Some((slice, _, _)) => format!(
            "{:.2} s over its {} slices",
            outcome.every_time.as_secs_f64(),
            slice.of
        ),
        None => format!(
            "{:.2} s (foreseen: {:.2} s)",
            outcome.every_time.as_secs_f64(),
            outcome.foreseen_every
        ),
    };
    writeln!(
        out,
        "{}: {} hands{}, weights summing to {} ({}); every hand took {took}",
        G::TITLE,
        totals.enumerated,
        if weighted {
            " enumerated, one per class of hands up to suit renaming"
        } else {
            ", each once"
        },
        totals.hands,
        if totals.hands == G::HANDS {
            "every hand of the game"
        } else {
            "NOT the game's hands"
        },
    )?;
    let table = Histogram::published::<G>();
    writeln!(
        out,
        "\n{:<16} {:>16} {:>16} {:>8} {:>8}",
        "category", "hands", "table", "classes", "table"
    )?;
    let mut per_category = [0usize; 10];
    for (n, &classes) in per_category.iter_mut().zip(&totals.category_classes) {
        *n = usize::from(classes);
    }
    // Strongest first as the game's rules order them (high card first in
    // a lowball game); a category the rules make empty (ace-to-five's
    // straights and flushes) only if a hand was found in it.
    for c in G::RULES.order.into_iter().rev() {
        if table[c] == 0 && totals.histogram[c] == 0 {
            continue;
        }
        writeln!(
            out,
            "{:<16} {:>16} {:>16} {:>8} {:>8}{}",
            c.id(),
            totals.histogram[c],
            table[c],
            per_category[c.index()],
            G::classes_in(c),
            if totals.histogram[c] == table[c]
                && per_category[c.index()] == usize::from(G::classes_in(c))
            {
                ""
            } else {
                "  DIFFERS"
            }
        )?;
    }
    writeln!(
        out,
        "{:<16} {:>16} {:>16} {:>8} {:>8}",
        "total",
        totals.histogram.total(),
        table.total(),
        totals.classes,
        G::classes()
    )
}

/// Writes the summary: the enumeration and its totals, each evaluator's
/// verdict and how it was checked, the failures, the listings and the
/// pairwise matrix.
pub fn write_summary<G: Game>(out: &mut dyn Write, outcome: &Outcome<G>) -> io::Result<()> {
    write_totals(out, outcome)?;
    writeln!(out)?;
    let width = outcome
        .rows
        .iter()
        .map(|r| r.check.name.len())
        .max()
        .unwrap_or(9)
        .max("evaluator".len());
    writeln!(
        out,
        "{:<width$}  {:>15}  {:>10}  {:>10}  {:>8}  {:>7}  verdict",
        "evaluator", "hands", "category", "class", "distinct", "time"
    )?;
    writeln!(
        out,
        "{:<width$}  {:>15}  {:>10}  {:>10}  {:>8}  {:>7}",
        "", "checked", "mismatches", "mismatches", "classes", "s"
    )?;
    // A sample as large as the game is every hand, shuffled.
    let whole = outcome.sample as u64 >= G::HANDS;
    let sample = if whole {
        "every hand, shuffled"
    } else {
        "the sample"
    };
    for row in &outcome.rows {
        let c = &row.check;
        writeln!(
            out,
            "{:<width$}  {:>15}  {:>10}  {:>10}  {:>8}  {:>7.1}  {}{}",
            c.name,
            c.hands,
            c.category_mismatches,
            c.class_mismatch_hands,
            c.distinct,
            row.time.as_secs_f64(),
            if c.passed() { "ok" } else { "FAIL" },
            match row.scope {
                Scope::Every => String::new(),
                Scope::Definition => format!(", the literal definition, on {sample}"),
                Scope::TooSlow(t) => format!(
                    ", on {sample} (every hand foreseen: {})",
                    duration(t.as_secs_f64())
                ),
                Scope::Slice(slice) => format!(", over slice {slice}"),
            }
        )?;
    }
    write_sampled(out, outcome, whole)?;
    write_listings(out, outcome)?;
    for row in outcome.rows.iter().filter(|r| !r.check.passed()) {
        write!(out, "\n{}", row.check)?;
    }
    for l in outcome.listings.iter().filter(|l| !l.check.passed()) {
        write!(out, "\n{}", l.check)?;
    }
    // Exact only between checks over all hands.
    let checks: Vec<HandCheck<G>> = outcome
        .rows
        .iter()
        .filter(|r| r.scope == Scope::Every)
        .map(|r| r.check.clone())
        .collect();
    if checks.len() > 1 {
        let matrix = pairwise(&checks);
        let names: Vec<&str> = checks.iter().map(|c| c.name).collect();
        writeln!(
            out,
            "\n{} hands{} on which each pair checked over every hand disagrees (class):",
            G::WORD,
            if G::HANDS == enumerated::<G>() {
                ""
            } else {
                " enumerated"
            }
        )?;
        write_matrix(out, &names, &matrix)?;
    }
    Ok(())
}

/// The line saying which evaluators were checked on the sample, on how
/// many hands (all of them, shuffled, when the sample holds every hand),
/// and whether the rest were checked over every hand.
fn write_sampled<G: Game>(
    out: &mut dyn Write,
    outcome: &Outcome<G>,
    whole: bool,
) -> io::Result<()> {
    let sampled: Vec<&Row<G>> = outcome
        .rows
        .iter()
        .filter(|r| !matches!(r.scope, Scope::Every | Scope::Slice(_)))
        .collect();
    if let Some(first) = sampled.first() {
        let n = sampled.len();
        let them = if n == 1 { "evaluator" } else { "evaluators" };
        let dealt = if whole {
            format!(
                "all {} {} hands, shuffled with seed {SAMPLE_SEED} (the sample asked for holds them all)",
                first.check.hands,
                G::WORD
            )
        } else {
            format!(
                "{} {} hands dealt with seed {SAMPLE_SEED} (distinct cards, hole cards first)",
                first.check.hands,
                G::WORD
            )
        };
        let rest = if sampled.len() < outcome.rows.len() {
            "; the rest over every hand"
        } else {
            ""
        };
        writeln!(
            out,
            "\n{n} {them} checked on {dealt}, each hand against the reference's table-driven class{rest}"
        )?;
    }
    Ok(())
}

/// The published listings' lines of the summary, each with a misordered
/// pair a reader can check by hand.
fn write_listings<G: Game>(out: &mut dyn Write, outcome: &Outcome<G>) -> io::Result<()> {
    if outcome.listings.is_empty() {
        return Ok(());
    }
    writeln!(
        out,
        "\npublished listings (checked for exactly their known errors, never timed):"
    )?;
    for (l, row) in outcome.listings.iter().zip(listing_rows(outcome)) {
        writeln!(
            out,
            "  {}: {} distinct values ({} when right), {} hands in the wrong category, {} hands misordered: {}",
            row.listing,
            row.distinct,
            crate::report::format::thousands_u64(u64::from(
                handeval_core::rules::STANDARD.classes()
            )),
            row.wrong_category,
            row.misordered,
            if l.check.passed() {
                "ok, exactly its known errors"
            } else {
                "FAIL, not its known errors"
            }
        )?;
        if !row.example.is_empty() {
            writeln!(out, "    for example {}", row.example)?;
        }
    }
    Ok(())
}

/// Writes a pairwise matrix with numbered rows and columns.
pub fn write_matrix(out: &mut dyn Write, names: &[&str], matrix: &[Vec<u64>]) -> io::Result<()> {
    let labels: Vec<String> = names
        .iter()
        .enumerate()
        .map(|(i, name)| format!("[{}] {name}", i + 1))
        .collect();
    let width = labels.iter().map(String::len).max().unwrap_or(0);
    write!(out, "{:<width$}", "")?;
    for j in 0..matrix.len() {
        write!(out, " {:>7}", format!("[{}]", j + 1))?;
    }
    writeln!(out)?;
    for (i, row) in matrix.iter().enumerate() {
        write!(out, "{:<width$}", labels[i])?;
        for (j, d) in row.iter().enumerate() {
            if i == j {
                write!(out, " {:>7}", "-")?;
            } else {
                write!(out, " {d:>7}")?;
            }
        }
        writeln!(out)?;
    }
    Ok(())
}

/// A published listing's figures, as the report's table shows them.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct ListingRow {
    /// The listing's name.
    pub listing: String,
    /// Where it was published, and at which commit.
    pub source: String,
    /// Distinct strength values (7,462 when right).
    pub distinct: usize,
    /// Hands whose category differs from the reference's.
    pub wrong_category: usize,
    /// Hands misordered against the reference (see `handeval_difftest::misordered`).
    pub misordered: usize,
    /// One misordered pair, in words a reader can check by hand.
    pub example: String,
}

/// The published listings' figures, as the report shows them.
pub fn listing_rows<G: Game>(outcome: &Outcome<G>) -> Vec<ListingRow> {
    let hands = hands();
    let abouts = handeval_registry::abouts();
    let Some(reference) = &outcome.reference else {
        return Vec::new();
    };
    outcome
        .listings
        .iter()
        .map(|l| {
            let c = &l.check;
            let e = &l.evaluation;
            let example = c.misordered_pair.map_or_else(String::new, |(h, g)| {
                let order = |x: u32, y: u32| match x.cmp(&y) {
                    std::cmp::Ordering::Less => "above",
                    std::cmp::Ordering::Equal => "level with",
                    std::cmp::Ordering::Greater => "below",
                };
                format!(
                    "{} ranks {} {} here (classes {} and {}), {} it in the reference (classes {} and {})",
                    hands[h],
                    order(e.classes[h], e.classes[g]),
                    hands[g],
                    e.classes[h],
                    e.classes[g],
                    order(reference.classes[h], reference.classes[g]),
                    reference.classes[h],
                    reference.classes[g],
                )
            });
            ListingRow {
                listing: c.name.to_string(),
                source: abouts
                    .iter()
                    .find(|a| a.meta.name == c.name)
                    .map_or("", |a| a.meta.summary)
                    .to_string(),
                distinct: c.distinct,
                wrong_category: c.category_mismatches,
                misordered: c.misordered,
                example,
            }
        })
        .collect()
}

/// The check's outcome as rows of a run's checks record: each evaluator
/// over every hand (or its sample), then each published listing with its
/// exact errors.
pub fn check_rows<G: Game>(outcome: &Outcome<G>) -> Vec<handeval_results::CheckRow> {
    let abouts = handeval_registry::abouts();
    let about = |name: &str| abouts.iter().find(|a| a.meta.name == name);
    let mut rows = Vec::new();
    for r in &outcome.rows {
        let c = &r.check;
        let mut row = handeval_results::CheckRow::new(c.name, G::ID);
        row.role = about(c.name).map(|a| a.meta.role);
        row.summary = about(c.name).map_or("", |a| a.meta.summary).to_string();
        row.coverage = if c.exhaustive { "every hand" } else { "sample" }.to_string();
        row.evaluated = c.evaluated;
        row.hands = c.hands;
        row.disagreements = c.class_mismatch_hands;
        row.wrong_category = Some(c.category_mismatches);
        row.classes = c.distinct;
        row.seconds = r.time.as_secs_f64();
        row.examples = c
            .examples
            .iter()
            .take(3)
            .map(|e| {
                format!(
                    "{}: class {} ({:?}), the reference's {} ({:?})",
                    e.hand, e.got.2, e.got.0, e.expected.2, e.expected.0
                )
            })
            .collect::<Vec<_>>()
            .join("; ");
        rows.push(row);
    }
    for (l, listing) in outcome.listings.iter().zip(listing_rows(outcome)) {
        let mut row = handeval_results::CheckRow::new(l.check.name, G::ID);
        row.role = Some(handeval_core::Role::Listing);
        row.summary = listing.source;
        row.coverage = "every hand".to_string();
        row.evaluated = l.check.hands as u64;
        row.hands = row.evaluated;
        row.disagreements = listing.misordered as u64;
        row.wrong_category = Some(listing.wrong_category as u64);
        row.classes = listing.distinct;
        row.examples = listing.example;
        rows.push(row);
    }
    rows
}

/// Writes every hand on which an evaluator differs from the reference
/// (over every hand: at most the first 16,777,216 an evaluator keeps).
pub fn write_csv<G: Game>(out: impl Write, outcome: &Outcome<G>) -> Result<()> {
    let mut w = csv::Writer::from_writer(out);
    w.write_record([
        "evaluator",
        "hand",
        "class",
        "category_of_class",
        "reference_class",
        "reference_category",
    ])?;
    let table = ClassTable::of::<G>();
    let category_of = |class: u16| G::RULES.category_of(class).map_or("unranked", Category::id);
    // A slice's places are places in the enumeration, as every hand's.
    let enumerated = |s: Scope| matches!(s, Scope::Every | Scope::Slice(_));
    for row in outcome.rows.iter().filter(|r| enumerated(r.scope)) {
        for &(index, class) in &row.check.class_mismatches {
            let hand = hand_at::<G>(index);
            let want = table.best(&hand);
            w.write_record([
                row.check.name.to_string(),
                hand.to_string(),
                class.to_string(),
                category_of(class).to_string(),
                want.to_string(),
                category_of(want).to_string(),
            ])?;
        }
    }
    for row in outcome.rows.iter().filter(|r| !enumerated(r.scope)) {
        // A sample's places are places in the sample.
        for e in &row.check.examples {
            w.write_record([
                row.check.name.to_string(),
                e.hand.to_string(),
                e.got.2.to_string(),
                category_of(e.got.2).to_string(),
                e.expected.2.to_string(),
                category_of(e.expected.2).to_string(),
            ])?;
        }
    }
    w.flush()?;
    Ok(())
}

/// `cargo xtask diff`: the game's check, written, and its verdict.
pub fn run(args: &Args) -> Result<ExitCode> {
    /// Runs the check of the game `--game` names.
    struct Run<'a> {
        args: &'a Args,
        result: Option<Result<ExitCode>>,
    }
    impl GameVisitor for Run<'_> {
        fn game<G: Game>(&mut self) {
            if Checked::Game(GameInfo::of::<G>()) == self.args.game {
                self.result = Some(run_game::<G>(self.args));
            }
        }
    }
    let game = match args.game {
        Checked::Low(hi_lo) if args.slice.is_some() => anyhow::bail!(
            "--slice checks a game's evaluators over every hand; {}'s low half takes one run (`--game {} --every`)",
            hi_lo.id,
            hi_lo.id
        ),
        Checked::Low(hi_lo) => return crate::low::diff(args, hi_lo),
        Checked::Badugi(game) if args.slice.is_some() => anyhow::bail!(
            "--slice splits a game's every-hand check; {}'s takes one run",
            game.id
        ),
        Checked::Badugi(game) => return crate::badugi::diff(args, game),
        Checked::Game(game) => game,
    };
    let mut run = Run { args, result: None };
    visit_games(&mut run);
    run.result
        .unwrap_or_else(|| anyhow::bail!("no game {game} (expected one of {})", game_ids()))
}

fn run_game<G: Game>(args: &Args) -> Result<ExitCode> {
    let outcome = check::<G>(args)?;
    if !args.engines.is_empty() {
        let only: Vec<String> = args
            .engines
            .iter()
            .filter(|n| *n != "all")
            .cloned()
            .collect();
        let plan = crate::engines::Plan {
            hands: args.sample.min(1_000_000),
            seed: handeval_difftest::cards::SAMPLE_SEED,
            budget_minutes: args.budget,
            every: args.every,
            commit_kept: false,
        };
        let place = handeval_engines::install::Place::of_build();
        let rows = crate::engines::checks_of(&place, &only, &[G::ID.to_string()], &plan)?;
        crate::engines::print_checks(&rows, false)?;
        if rows
            .iter()
            .any(|r| !r.error.is_empty() || r.disagreements > 0)
        {
            errln!("engines: some could not be checked or disagree with the reference (above)")?;
            return Ok(ExitCode::FAILURE);
        }
    }
    finish(
        args.csv,
        |out| write_csv(out, &outcome),
        |out| write_summary(out, &outcome),
        outcome.passed(),
        &format!("{} evaluators", G::WORD),
    )
}

/// Writes a check's outcome (the summary, or with `--csv` every differing
/// hand on standard output and the summary on standard error) and turns its
/// verdict into the exit status; `what` names the evaluators that failed.
pub fn finish(
    csv: bool,
    write_csv: impl FnOnce(io::StdoutLock<'static>) -> Result<()>,
    write_summary: impl FnOnce(&mut dyn Write) -> io::Result<()>,
    passed: bool,
    what: &str,
) -> Result<ExitCode> {
    if csv {
        write_csv(io::stdout().lock()).context("writing to standard output")?;
        write_summary(&mut io::stderr().lock()).context("writing to standard error")?;
    } else {
        write_summary(&mut io::stdout().lock()).context("writing to standard output")?;
    }
    if passed {
        Ok(ExitCode::SUCCESS)
    } else {
        errln!("error: some {what} disagree with the reference or the game's table")?;
        Ok(ExitCode::FAILURE)
    }
}
