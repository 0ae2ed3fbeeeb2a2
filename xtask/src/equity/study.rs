//! `cargo xtask equity --breakdown` and `--table`: a range as players
//! study it on a board (its made hands and draws, each class's equity
//! against an opposing range) and every combo of a range against another,
//! on one board or on every flop.

use std::process::ExitCode;
use std::time::Instant;

use anyhow::{Result, bail};
use handeval_core::{Card, Game, GameInfo, Hand7, Short7, ShortTrips7};
use handeval_equity::breakdown::{Breakdown, Line, breakdown, breakdown_of};
use handeval_equity::exact::EquityError;
use handeval_equity::range::Range;
use handeval_equity::versus::{Table, flops, table_by};

use super::{Args, Loaded, counted_by, describe, text, write_whole};
use crate::report::format::{counted, thousands};

/// The ranges of `args.hands`, each parsed or an error naming it.
fn ranges(args: &Args) -> Result<Vec<Range>> {
    args.hands
        .iter()
        .enumerate()
        .map(|(i, h)| {
            h.parse::<Range>()
                .map_err(|e| anyhow::anyhow!("range {} `{h}`: {e}", i + 1))
        })
        .collect()
}

fn board_and_dead(args: &Args) -> Result<(Vec<Card>, Vec<Card>)> {
    Ok((
        super::cards("the board", &args.board)?,
        super::cards("the dead cards", &args.dead)?,
    ))
}

/// The table of `hero` against `villain` counted with the evaluator `name`.
fn table_of(
    hero: &Range,
    villain: &Range,
    board: &[Card],
    dead: &[Card],
    name: &str,
) -> Result<Table> {
    table_by(hero, villain, board, dead, |m| counted_by(name, m))
        .map_err(|e| anyhow::anyhow!("{e}"))
}

/// The games `--breakdown` classifies: Hold'em's and short deck's.
#[must_use]
pub fn broken_down(game: GameInfo) -> bool {
    [
        GameInfo::of::<Hand7>(),
        GameInfo::of::<Short7>(),
        GameInfo::of::<ShortTrips7>(),
    ]
    .contains(&game)
}

/// A breakdown and, with an opposing range, the games its equities were
/// counted over and the range's equity.
type Broken = (Breakdown, Option<(u64, Option<f64>)>);

/// `--breakdown`: the first range's classes on the board, with a second
/// range each class's equity against it.
pub fn run_breakdown(args: &Args, name: &str) -> Result<ExitCode> {
    let ranges = ranges(args)?;
    if ranges.len() > 2 {
        bail!(
            "--breakdown: one range, or a range and the opposing range its classes' equities are counted against ({} given)",
            ranges.len()
        );
    }
    let (board, dead) = board_and_dead(args)?;
    if !(3..=5).contains(&board.len()) {
        bail!(
            "--breakdown: a board of a flop, a turn or a river (`--board 2c7d9h`), not {}",
            counted(board.len() as u64, "card")
        );
    }
    let game = args.game();
    let loaded = Loaded::of(game, name)?;
    let started = Instant::now();
    let (b, versus) = if game == GameInfo::of::<Short7>() {
        short_breakdown::<Short7>(args, &ranges, (&board, &dead), name)?
    } else if game == GameInfo::of::<ShortTrips7>() {
        short_breakdown::<ShortTrips7>(args, &ranges, (&board, &dead), name)?
    } else {
        let versus = match ranges.get(1) {
            Some(villain) => Some(table_of(&ranges[0], villain, &board, &dead, name)?),
            None => None,
        };
        let b = breakdown(&ranges[0], &board, &dead, versus.as_ref())
            .map_err(|e| anyhow::anyhow!("{e}"))?;
        (b, versus.map(|t| (t.games, Some(t.equity))))
    };
    let took = started.elapsed();
    outln!(
        "{}{}: {} of `{}`{} broken down{}, on one thread in {:.4} s{}",
        describe(&args.hands, &board, &dead),
        if game == GameInfo::of::<Hand7>() {
            String::new()
        } else {
            format!(" ({})", game.title)
        },
        counted(b.combos.len() as u64, "combo"),
        args.hands[0],
        if (b.weight - b.combos.len() as f64).abs() < 1e-9 {
            String::new()
        } else {
            format!(" (weight {})", short_weight(b.weight))
        },
        versus.map_or_else(String::new, |(games, equity)| format!(
            ", each class's equity against `{}` counted exactly ({}, valued by {name}; the range's {})",
            args.hands[1],
            counted(games, "game"),
            equity.map_or_else(|| "none: no deal".to_string(), |e| format!("{:.3}%", 100.0 * e))
        )),
        took.as_secs_f64(),
        loaded.said()
    )?;
    write_breakdown(&b, versus.is_some())?;
    Ok(ExitCode::SUCCESS)
}

/// The breakdown of the first range in the short-deck game `G` on
/// `board` with `dead` cards, and with a second range each class's
/// equity against it, counted by the game's table of hands
/// (`handeval_equity::lists::table`) with the evaluator `name`: `random`
/// is every combo of the game's deck.
fn short_breakdown<G: Game>(
    args: &Args,
    ranges: &[Range],
    (board, dead): (&[Card], &[Card]),
    name: &str,
) -> Result<Broken> {
    let deck = G::RULES.deck();
    let of_deck = |i: usize| {
        if args.hands[i].trim().eq_ignore_ascii_case("random") {
            ranges[i].without(!deck)
        } else {
            ranges[i].clone()
        }
    };
    let hero = of_deck(0);
    let err = |e: EquityError| anyhow::anyhow!("{e}");
    // The game, board and range are checked before an opposing count.
    let alone = breakdown_of::<G>(&hero, board, dead, None).map_err(err)?;
    if ranges.len() < 2 {
        return Ok((alone, None));
    }
    let villain = of_deck(1);
    let known = board
        .iter()
        .chain(dead)
        .fold(0u64, |m, c| m | 1 << c.index());
    let list = |r: &Range| handeval_equity::lists::of_range(r, known);
    let Some(kernel) = handeval_registry::all::<G>()
        .into_iter()
        .find(|e| e.name() == name)
    else {
        bail!("no evaluator {name} of {}", G::WORD);
    };
    let t = handeval_equity::lists::table::<G, u16>(
        (&list(&hero), &list(&villain)),
        (board, dead),
        |hands, out| kernel.classes(hands, out),
        // The lower class is the better hand.
        |a, b| match a.cmp(&b) {
            std::cmp::Ordering::Less => 1.0,
            std::cmp::Ordering::Equal => 0.5,
            std::cmp::Ordering::Greater => 0.0,
        },
        0,
    )
    .map_err(err)?;
    let b = breakdown_of::<G>(&hero, board, dead, Some(&t)).map_err(err)?;
    Ok((b, Some((t.games, t.equity))))
}

/// A weight as a person writes it: `1,176`, `31.5`.
fn short_weight(w: f64) -> String {
    if (w - w.round()).abs() < 1e-9 {
        thousands(w.round() as usize)
    } else {
        format!("{w:.3}")
    }
}

fn write_breakdown(b: &Breakdown, equity: bool) -> Result<()> {
    let line = |what: &str, l: &Line| {
        let mut row = format!(
            "| {what} | {} | {} | {:.2}% |",
            l.combos,
            short_weight(l.weight),
            100.0 * l.share
        );
        if equity {
            row += &l
                .equity
                .map_or_else(|| " - |".to_string(), |e| format!(" {:.2}% |", 100.0 * e));
        }
        row
    };
    let head = if equity {
        (
            "| {} | combos | weight | share | equity |",
            "|---|---:|---:|---:|---:|",
        )
    } else {
        ("| {} | combos | weight | share |", "|---|---:|---:|---:|")
    };
    outln!()?;
    outln!("{}", head.0.replace("{}", "made hand"))?;
    outln!("{}", head.1)?;
    for (m, l) in b.made.iter().filter(|(_, l)| l.combos > 0) {
        outln!("{}", line(m.name(), l))?;
    }
    if b.board.len() < 5 {
        outln!()?;
        outln!("{}", head.0.replace("{}", "draw (they overlap)"))?;
        outln!("{}", head.1)?;
        for (d, l) in &b.draws {
            outln!("{}", line(d.name(), l))?;
        }
    }
    Ok(())
}

/// `--table`: every combo of the first range against the second, on the
/// board or, with `--every-flop`, on every flop.
pub fn run_table(args: &Args, name: &str) -> Result<ExitCode> {
    let ranges = ranges(args)?;
    let [hero, villain] = ranges.as_slice() else {
        bail!(
            "--table: two ranges, the range whose every combo is counted and the opposing range ({} given)",
            ranges.len()
        );
    };
    let (board, dead) = board_and_dead(args)?;
    let loaded = Loaded::of(args.game(), name)?;
    if let Some(path) = &args.every_flop {
        if !board.is_empty() {
            bail!("--every-flop: every flop is counted; no --board");
        }
        return every_flop(path, hero, villain, &dead, name, args);
    }
    let started = Instant::now();
    let t = table_of(hero, villain, &board, &dead, name)?;
    let took = started.elapsed();
    outln!(
        "{}: {} of `{}` against `{}`, exact over {}, valued by {name} on one thread in {:.4} s{}; the range's equity {:.3}%",
        describe(&args.hands, &board, &dead),
        counted(t.rows.len() as u64, "combo"),
        args.hands[0],
        args.hands[1],
        counted(t.games, "game"),
        took.as_secs_f64(),
        loaded.said(),
        100.0 * t.equity
    )?;
    outln!()?;
    outln!("| combo | weight | against | equity |")?;
    outln!("|---|---:|---:|---:|")?;
    for r in &t.rows {
        outln!(
            "| {} | {} | {} | {} |",
            text(&r.combo.cards),
            r.combo.weight,
            short_weight(r.against),
            r.equity
                .map_or_else(|| "-".to_string(), |e| format!("{:.4}%", 100.0 * e))
        )?;
    }
    Ok(ExitCode::SUCCESS)
}

/// Every flop's table, each class of flops once, on every core, as CSV
/// (one row a combo of a flop) written whole to `path`.
fn every_flop(
    path: &std::path::Path,
    hero: &Range,
    villain: &Range,
    dead: &[Card],
    name: &str,
    args: &Args,
) -> Result<ExitCode> {
    use rayon::prelude::*;
    use std::fmt::Write as _;
    super::refuse_missing_folder("--every-flop", path)?;
    let classes = flops(hero, villain, dead);
    let started = Instant::now();
    let tables: Vec<Result<Table, EquityError>> = classes
        .par_iter()
        .map(|(flop, _)| table_by(hero, villain, flop, dead, |m| counted_by(name, m)))
        .collect();
    let took = started.elapsed();
    let mut csv = String::from("flop,flops,combo,weight,against,equity\n");
    let (mut rows, mut none) = (0usize, 0u64);
    for ((flop, n), t) in classes.iter().zip(tables) {
        let t = match t {
            Ok(t) => t,
            // A flop that takes one range's every combo, or leaves no
            // deal (`KK` on `KcKdKh`), has no rows: said, not an error.
            Err(EquityError::Empty { .. } | EquityError::NoDeal) => {
                none += u64::from(*n);
                continue;
            }
            Err(e) => bail!("on the flop {}: {e}", text(flop)),
        };
        for r in &t.rows {
            rows += 1;
            let equity = r.equity.map_or_else(String::new, |e| format!("{e:.12}"));
            writeln!(
                csv,
                "{},{n},{},{},{},{equity}",
                text(flop),
                text(&r.combo.cards),
                r.combo.weight,
                r.against
            )
            .expect("writing to a string");
        }
    }
    write_whole(path, &csv)?;
    outln!(
        "{}: every flop, {} up to suit renaming, {} of `{}` against `{}` in all, counted exactly by {name} on {} in {:.2} s; written to {}{}",
        describe(&args.hands, &[], dead),
        format!("{} classes", thousands(classes.len())),
        counted(rows as u64, "combo"),
        args.hands[0],
        args.hands[1],
        counted(rayon::current_num_threads() as u64, "thread"),
        took.as_secs_f64(),
        path.display(),
        if none > 0 {
            format!(
                " ({} leave no deal of the two ranges: no rows)",
                counted(none, "flop")
            )
        } else {
            String::new()
        }
    )?;
    Ok(ExitCode::SUCCESS)
}
