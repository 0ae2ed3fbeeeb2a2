//! `cargo xtask eval`: every registered evaluator's category and class
//! for each hand, whatever its game: a line's number of cards says which
//! (5, 6 or 7 cards: Hold'em; 9, hole and board: Omaha; 10: five-card
//! Omaha), and the game's own parser reads it. The class is that of the
//! hand's best five, on the evaluator's five-card scale.

use std::io::{self, BufRead, BufWriter, Write};
use std::process::ExitCode;
use std::sync::Once;

use anyhow::{Context, Result};
use handeval_core::low::{Low, LowAbout, LowEvaluator};
use handeval_core::{Game, GameVisitor, count_cards, visit_games};
use handeval_registry::{DynEvaluator, all, best_five};
use rayon::prelude::*;

use crate::select::select_names;

#[derive(clap::Args)]
pub struct Args {
    /// Hands of any game, such as `"As Ks Qs Js Ts"`, `"AsKsQsJsTs2c3d"` or
    /// `"As Ad Ks Kd | Qs Js Ts 2c 3h"` (Omaha: the hole cards, `|`, the
    /// board); read from standard input if none.
    hands: Vec<String>,
    /// Print CSV (`hand,evaluator,category,class`) instead of a table.
    #[arg(long)]
    csv: bool,
    /// Also print each evaluator's own strength value (a `native` column):
    /// decimal for integer strengths, else its Rust `Debug` text.
    #[arg(long)]
    native: bool,
    /// Only these evaluators (comma-separated names, e.g. `deadhorse/upstream,reference`);
    /// a name may be any game's evaluator's.
    #[arg(long, value_delimiter = ',')]
    only: Vec<String>,
    /// Read every hand as this game's (its id, as `cargo xtask list
    /// --games` lists them): the only way to a game whose hands are not
    /// told by their number of cards, such as short deck's (`short7`).
    #[arg(long)]
    game: Option<String>,
}

/// Where a hand came from, for error messages.
#[derive(Clone, Copy)]
enum Source {
    Argument(usize),
    Line(usize),
}

impl std::fmt::Display for Source {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Source::Argument(n) => write!(f, "argument {n}"),
            Source::Line(n) => write!(f, "line {n}"),
        }
    }
}

/// The selected evaluators of one game, behind a type that forgets it.
trait GameLine {
    /// The game's id.
    fn id(&self) -> &'static str;
    /// Whether a line of `count` cards, with a `|` after `bar` of them,
    /// is told as this game's hand ([`Game::takes`]).
    fn takes(&self, count: usize, bar: Option<usize>) -> bool;
    /// The game's cards per hand.
    fn count(&self) -> usize;
    /// How the game's hands are written, for messages: `7`, `4 | 5`.
    fn shape(&self) -> String;
    /// How many cards come before a `|` in the game's hands: its hole
    /// cards, two for Hold'em (`As Ad | Ks Kd Qs`).
    fn hole(&self) -> usize;
    /// Whether its hands may be written with a `|` at all: not a badugi
    /// hand, four cards of one player's.
    fn bar(&self) -> bool {
        true
    }
    /// The evaluators' names.
    fn names(&self) -> Vec<&'static str>;
    /// What a hand of the game is called (`seven-card`).
    fn word(&self) -> &'static str;
    /// The names of the evaluators that value this game's hands and no
    /// other game's: a Hi-Lo game's low evaluators, a badugi game's.
    fn apart_names(&self) -> Vec<&'static str> {
        Vec::new()
    }
    /// Parses `text` as the game's hand and writes every evaluator's
    /// answer; `Ok(Err(_))` is a bad hand, `Err(_)` a failed write.
    fn write(&self, text: &str, out: &mut Output<'_>) -> Result<Result<(), String>>;
}

/// The width of the name column of a game's block of the table: its
/// longest evaluator name.
fn width(names: &[&str]) -> usize {
    names.iter().map(|n| n.len()).max().unwrap_or(0)
}

/// The selected evaluators of game `G`, and whether their scales are ranked.
struct OfGame<G: Game>(Vec<Box<dyn DynEvaluator<G>>>, Once);

impl<G: Game> GameLine for OfGame<G> {
    fn id(&self) -> &'static str {
        G::ID
    }
    fn takes(&self, count: usize, bar: Option<usize>) -> bool {
        G::takes(count, bar)
    }
    fn count(&self) -> usize {
        G::COUNT
    }
    fn shape(&self) -> String {
        if G::HOLE == 0 {
            G::COUNT.to_string()
        } else {
            format!("{} | {}", G::HOLE, G::COUNT - G::HOLE)
        }
    }
    fn hole(&self) -> usize {
        if G::HOLE == 0 { 2 } else { G::HOLE }
    }
    fn names(&self) -> Vec<&'static str> {
        self.0.iter().map(|e| e.name()).collect()
    }
    fn word(&self) -> &'static str {
        G::WORD
    }
    fn write(&self, text: &str, out: &mut Output<'_>) -> Result<Result<(), String>> {
        if self.0.is_empty() {
            return Ok(Err(format!(
                "none of the selected evaluators takes {} hands",
                G::WORD
            )));
        }
        match text.parse::<G>() {
            Ok(hand) => {
                // Each evaluator's first class ranks every five-card hand
                // (a tenth of a second or more each): all of them at once,
                // on every core, before the game's first answer.
                self.1
                    .call_once(|| self.0.par_iter().for_each(|e| e.prepare()));
                out.cards(hand, &self.0, width(&self.names())).map(Ok)
            }
            Err(e) => Ok(Err(e.to_string())),
        }
    }
}

/// A Hi-Lo game's selected evaluators: its high game's for the high half,
/// its low evaluators for the low.
struct OfHiLo<G: Game> {
    high: OfGame<G::High>,
    lows: Vec<LowAbout<G>>,
}

impl<G: Game> GameLine for OfHiLo<G> {
    fn id(&self) -> &'static str {
        G::ID
    }
    fn takes(&self, count: usize, bar: Option<usize>) -> bool {
        G::takes(count, bar)
    }
    fn count(&self) -> usize {
        self.high.count()
    }
    fn shape(&self) -> String {
        self.high.shape()
    }
    fn hole(&self) -> usize {
        self.high.hole()
    }
    fn names(&self) -> Vec<&'static str> {
        let mut names = self.high.names();
        names.extend(self.lows.iter().map(|e| e.meta.name));
        names
    }
    fn word(&self) -> &'static str {
        G::WORD
    }
    fn apart_names(&self) -> Vec<&'static str> {
        self.lows.iter().map(|e| e.meta.name).collect()
    }
    fn write(&self, text: &str, out: &mut Output<'_>) -> Result<Result<(), String>> {
        if self.high.0.is_empty() && self.lows.is_empty() {
            return Ok(Err(format!(
                "none of the selected evaluators takes {} hands",
                G::WORD
            )));
        }
        match text.parse::<G>() {
            Ok(hand) => {
                if !self.high.0.is_empty() {
                    self.high
                        .1
                        .call_once(|| self.high.0.par_iter().for_each(|e| e.prepare()));
                    out.cards(hand.high(), &self.high.0, width(&self.names()))?;
                }
                out.lows::<G>(hand.high(), &self.lows, width(&self.names()))
                    .map(Ok)
            }
            Err(e) => Ok(Err(e.to_string())),
        }
    }
}

/// A badugi game's selected evaluators.
struct OfBadugi<G: Game>(Vec<handeval_core::badugi::BadugiAbout<G>>);

impl<G: Game> GameLine for OfBadugi<G> {
    fn id(&self) -> &'static str {
        G::ID
    }
    fn takes(&self, count: usize, bar: Option<usize>) -> bool {
        G::takes(count, bar)
    }
    fn count(&self) -> usize {
        G::COUNT
    }
    fn shape(&self) -> String {
        G::COUNT.to_string()
    }
    fn hole(&self) -> usize {
        0
    }
    fn bar(&self) -> bool {
        false
    }
    fn names(&self) -> Vec<&'static str> {
        self.0.iter().map(|e| e.meta.name).collect()
    }
    fn word(&self) -> &'static str {
        G::WORD
    }
    fn apart_names(&self) -> Vec<&'static str> {
        self.names()
    }
    fn write(&self, text: &str, out: &mut Output<'_>) -> Result<Result<(), String>> {
        if self.0.is_empty() {
            return Ok(Err(format!(
                "none of the selected evaluators takes {} hands",
                G::WORD
            )));
        }
        match text.parse::<G>() {
            Ok(hand) => out.badugi::<G>(hand, &self.0, width(&self.names())).map(Ok),
            Err(e) => Ok(Err(e.to_string())),
        }
    }
}

/// The registered evaluators of every game that `wanted` keeps, game by
/// game in the order of the list of games, each in registry order.
fn every_game(wanted: &dyn Fn(&str) -> bool) -> Vec<Box<dyn GameLine>> {
    /// Gathers each game's evaluators.
    struct Gather<'a> {
        wanted: &'a dyn Fn(&str) -> bool,
        games: Vec<Box<dyn GameLine>>,
    }
    impl GameVisitor for Gather<'_> {
        fn game<G: Game>(&mut self) {
            let evaluators = all::<G>()
                .into_iter()
                .filter(|e| (self.wanted)(e.name()))
                .collect();
            self.games
                .push(Box::new(OfGame::<G>(evaluators, Once::new())));
        }
        fn hi_lo<G: Game>(&mut self) {
            let high = all::<G::High>()
                .into_iter()
                .filter(|e| (self.wanted)(e.name()))
                .collect();
            let lows = handeval_registry::lows::<G>()
                .into_iter()
                .filter(|e| (self.wanted)(e.meta.name))
                .collect();
            self.games.push(Box::new(OfHiLo::<G> {
                high: OfGame(high, Once::new()),
                lows,
            }));
        }
        fn badugi<G: Game>(&mut self) {
            let evaluators = handeval_registry::badugis::<G>()
                .into_iter()
                .filter(|e| (self.wanted)(e.meta.name))
                .collect();
            self.games.push(Box::new(OfBadugi::<G>(evaluators)));
        }
    }
    let mut gather = Gather {
        wanted,
        games: Vec::new(),
    };
    visit_games(&mut gather);
    gather.games
}

/// Each game's selected evaluators, in the order of the list of games.
type Games = Vec<Box<dyn GameLine>>;

/// The registered evaluators named in `only` (all when empty), per game,
/// and the names chosen; a name no evaluator of any game has is an error
/// listing them.
fn select(only: &[String]) -> Result<(Games, Vec<&'static str>)> {
    let mut names: Vec<&'static str> = Vec::new();
    for name in every_game(&|_| true).iter().flat_map(|g| g.names()) {
        if !names.contains(&name) {
            names.push(name);
        }
    }
    let chosen = select_names(names, only, "evaluator", &[])?;
    Ok((every_game(&|name| chosen.contains(&name)), chosen))
}

/// Evaluates one line: the game its number of cards says (and, with a
/// `|`, its number of hole cards), its hand parsed by that game and
/// written; `Ok(Err(_))` says why the line is no hand.
fn line(
    games: &[Box<dyn GameLine>],
    text: &str,
    out: &mut Output<'_>,
) -> Result<Result<usize, String>> {
    let (count, bar) = match count_cards(text) {
        Ok(counted) => counted,
        Err(e) => return Ok(Err(e.to_string())),
    };
    // One game asked for (`--game`) reads every line itself.
    if let [game] = games {
        return Ok(game.write(text, out)?.map(|()| 0));
    }
    // A Hold'em hand may be written with a `|` after its two hole cards
    // only; a line with another split is some other game's.
    let fits = |g: &dyn GameLine| g.takes(count, bar) && bar.is_none_or(|h| h == g.hole());
    if let Some(at) = games.iter().position(|g| fits(g.as_ref())) {
        return Ok(games[at].write(text, out)?.map(|()| at));
    }
    let cards = |n: usize| match n {
        0 => "no cards".to_string(),
        1 => "1 card".to_string(),
        n => format!("{n} cards"),
    };
    // With a `|`, the game of as many hole cards, else of as many cards,
    // says what is wrong with the line in its terms (`board: 3 cards, where
    // the hand has 5 board cards`; `hole: 3 cards, where the hand has 4`).
    if let Some(hole) = bar
        && let Some(at) = games
            .iter()
            .position(|g| g.bar() && g.hole() == hole && g.count() > g.hole())
            .or_else(|| games.iter().position(|g| g.bar() && g.count() == count))
    {
        return Ok(games[at].write(text, out)?.map(|()| at));
    }
    let Some(hole) = bar else {
        // Games of one shape (five cards: Hold'em's and short deck's) say it once.
        let mut shapes: Vec<String> = Vec::new();
        for shape in games.iter().map(|g| g.shape()) {
            if !shapes.contains(&shape) {
                shapes.push(shape);
            }
        }
        // The whole hands by their cards (badugi's 4 before Hold'em's),
        // then the hole-and-board ones.
        shapes.sort_by_key(|s| (s.contains('|'), s.len(), s.clone()));
        return Ok(Err(format!(
            "{}: a hand of a game here has {} cards (hole | board)",
            cards(count),
            shapes.join(", ")
        )));
    };
    // A `|` says where the hole cards end: the line is a hand of a game
    // with that many hole cards and that many cards in all, or no hand.
    let mut splits: Vec<String> = Vec::new();
    for g in games.iter().filter(|g| g.bar()) {
        let split = format!("{} | {}", g.hole(), g.count() - g.hole());
        if !splits.contains(&split) {
            splits.push(split);
        }
    }
    Ok(Err(format!(
        "{} | {}: a hand written with `|` is one of {} (hole | board)",
        cards(hole),
        cards(count - hole),
        splits.join(", ")
    )))
}

/// The most of a bad line an error message quotes.
const QUOTED: usize = 80;

/// `text` for an error message: as typed, cut after [`QUOTED`] characters.
fn quote(text: &str) -> String {
    let mut chars = text.chars();
    let head: String = chars.by_ref().take(QUOTED).collect();
    if chars.next().is_some() {
        format!("{head:?}... ({} bytes in all)", text.len())
    } else {
        format!("{head:?}")
    }
}

/// The games a line may be read as: every game, or the one `--game` names.
fn games_of(args: &Args) -> Result<(Games, Vec<&'static str>)> {
    let (mut games, chosen) = select(&args.only)?;
    if let Some(id) = &args.game {
        let ids: Vec<&str> = games.iter().map(|g| g.id()).collect();
        anyhow::ensure!(
            ids.contains(&id.as_str()),
            "no game {id:?}: the games are {}",
            ids.join(", ")
        );
        games.retain(|g| g.id() == id);
    }
    Ok((games, chosen))
}

pub fn run(args: &Args) -> Result<ExitCode> {
    let (games, chosen) = games_of(args)?;
    // The games whose hands have been answered once: the first answer
    // says which chosen evaluators cannot answer hands of the game.
    let mut noted = vec![args.only.is_empty(); games.len()];
    // A low evaluator answers a Hi-Lo game's hands only, a badugi one a
    // badugi game's: chosen with its family (`--only reference`), it is
    // not noted as missing elsewhere.
    let apart_names: Vec<&str> = games.iter().flat_map(|g| g.apart_names()).collect();
    let stdout = io::stdout().lock();
    let mut out = Output::new(BufWriter::new(stdout), args)?;
    // Buffered: two million bad lines should not cost two million writes.
    let mut errors = BufWriter::new(io::stderr().lock());
    let mut bad = 0usize;

    // A hand to answer, or `None`: write out every answer so far.
    let mut handle = |hand: Option<(Source, &str)>| -> Result<()> {
        let Some((source, text)) = hand else {
            out.flush()?;
            return errors.flush().context("writing to standard error");
        };
        // Only the end is trimmed, so columns count from the line's start.
        let text = text.trim_end();
        // Each stream is flushed before the other is written, so that
        // both read in order on a terminal, but a run of bad lines is
        // written in a few large writes, not one per line.
        errors.flush().context("writing to standard error")?;
        match line(&games, text, &mut out).context("writing to standard output")? {
            Ok(at) => {
                if !std::mem::replace(&mut noted[at], true) {
                    let here = games[at].names();
                    let absent: Vec<&str> = chosen
                        .iter()
                        .copied()
                        .filter(|n| !here.contains(n) && !apart_names.contains(n))
                        .collect();
                    if !absent.is_empty() {
                        out.flush()?;
                        let verb = |n: &[&str], one: &'static str, many: &'static str| {
                            if n.len() == 1 { one } else { many }
                        };
                        writeln!(
                            errors,
                            "note: {} {} no {} hand: only {} {} them",
                            absent.join(", "),
                            verb(&absent, "evaluates", "evaluate"),
                            games[at].word(),
                            here.join(", "),
                            verb(&here, "answers", "answer"),
                        )
                        .context("writing to standard error")?;
                    }
                }
                Ok(())
            }
            Err(e) => {
                bad += 1;
                out.flush()?;
                writeln!(errors, "error: {source}: {e}: {}", quote(text))
                    .context("writing to standard error")
            }
        }
    };

    if args.hands.is_empty() {
        let mut stdin = io::BufReader::with_capacity(1 << 16, io::stdin().lock());
        let mut bytes = Vec::new();
        for i in 0.. {
            // Every answer is out before a read that may wait: a program
            // that writes a hand and waits for its answer gets it, while
            // a file's lines, read ahead in large chunks, are answered in
            // a few large writes.
            if !stdin.buffer().contains(&b'\n') {
                handle(None)?;
            }
            bytes.clear();
            if stdin
                .read_until(b'\n', &mut bytes)
                .context("reading standard input")?
                == 0
            {
                break;
            }
            if bytes.last() == Some(&b'\n') {
                bytes.pop();
            }
            // A line that is not UTF-8 is still reported by number, not fatal.
            let text = String::from_utf8_lossy(&bytes);
            // A UTF-8 byte-order mark may open the first line.
            let text = if i == 0 {
                text.strip_prefix('\u{feff}').unwrap_or(&text)
            } else {
                &text
            };
            let trimmed = text.trim();
            if trimmed.is_empty() || trimmed.starts_with('#') {
                continue;
            }
            handle(Some((Source::Line(i + 1), text)))?;
        }
    } else {
        for (i, text) in args.hands.iter().enumerate() {
            handle(Some((Source::Argument(i + 1), text)))?;
        }
    }
    out.flush()?;
    errors.flush().context("writing to standard error")?;
    if bad > 0 {
        errln!("{bad} bad hand(s) skipped")?;
        Ok(ExitCode::FAILURE)
    } else {
        Ok(ExitCode::SUCCESS)
    }
}

/// Where the answers go: standard output, buffered.
type Out<'a> = BufWriter<io::StdoutLock<'a>>;

/// The two output formats. Both stream: every answer is written out
/// before a read of standard input that may wait for its next line.
enum Output<'a> {
    Csv {
        w: Box<csv::Writer<Out<'a>>>,
        native: bool,
    },
    Table {
        out: Out<'a>,
        native: bool,
    },
}

impl<'a> Output<'a> {
    fn new(out: Out<'a>, args: &Args) -> Result<Self> {
        if args.csv {
            let mut w = csv::Writer::from_writer(out);
            let mut header = vec!["hand", "evaluator", "category", "class"];
            if args.native {
                header.push("native");
            }
            w.write_record(header)?;
            Ok(Output::Csv {
                w: Box::new(w),
                native: args.native,
            })
        } else {
            Ok(Output::Table {
                out,
                native: args.native,
            })
        }
    }

    /// A hand: each evaluator's category and the class of its value on its
    /// five-card scale ("unranked" when no five-card hand has it); for more
    /// than five cards the table also names the reference's best five.
    fn cards<H: Game>(
        &mut self,
        hand: H,
        evaluators: &[Box<dyn DynEvaluator<H>>],
        name_width: usize,
    ) -> Result<()> {
        let text = hand.to_string();
        let show =
            |class: Option<u32>| class.map_or_else(|| "unranked".to_string(), |c| c.to_string());
        match self {
            Output::Csv { w, native } => {
                for e in evaluators {
                    let mut record = vec![
                        text.clone(),
                        e.name().to_string(),
                        e.category(&hand).id().to_string(),
                        show(e.class(&hand)),
                    ];
                    if *native {
                        record.push(e.native(&hand));
                    }
                    w.write_record(record)?;
                }
            }
            Output::Table { out, native } => {
                let best = best_five(&hand);
                if H::COUNT > 5 {
                    writeln!(out, "{text}  (best five: {best})")?;
                } else {
                    writeln!(out, "{text}")?;
                }
                let expected = handeval_reference::Naive::<H::Rules>::class(&best).get();
                for e in evaluators {
                    let class = e.class(&hand);
                    write!(
                        out,
                        "  {:<width$}  {:<15}  class {:>4}",
                        e.name(),
                        e.category(&hand).name(),
                        show(class),
                        width = name_width
                    )?;
                    if *native {
                        write!(out, "  native {}", e.native(&hand))?;
                    }
                    if class != Some(u32::from(expected)) {
                        write!(out, "  <- the reference says class {expected}")?;
                    }
                    writeln!(out)?;
                }
            }
        }
        Ok(())
    }

    /// A Hi-Lo hand's low half: each low evaluator's low, as `low` and the
    /// low's class (1 for the wheel), or `no_low` and `none`.
    fn lows<G: Game>(
        &mut self,
        hand: G::High,
        evaluators: &[LowAbout<G>],
        name_width: usize,
    ) -> Result<()> {
        let text = hand.to_string();
        let words = |low: Low| match low.class() {
            Some(class) => ("low", class.to_string()),
            None => ("no_low", "none".to_string()),
        };
        match self {
            Output::Csv { w, native } => {
                for e in evaluators {
                    let low = (e.low)(&hand);
                    let (category, class) = words(low);
                    let mut record = vec![
                        text.clone(),
                        e.meta.name.to_string(),
                        category.into(),
                        class,
                    ];
                    if *native {
                        record.push(low.mask().to_string());
                    }
                    w.write_record(record)?;
                }
            }
            Output::Table { out, native } => {
                let expected = <handeval_reference::LowReference as LowEvaluator<G>>::low(&hand);
                for e in evaluators {
                    let low = (e.low)(&hand);
                    let shown = match low.class() {
                        Some(class) => format!("low {low} (class {class} of {})", Low::CLASSES),
                        None => low.to_string(),
                    };
                    write!(
                        out,
                        "  {:<width$}  {shown}",
                        e.meta.name,
                        width = name_width
                    )?;
                    if *native {
                        write!(out, "  native {}", low.mask())?;
                    }
                    if low != expected {
                        write!(out, "  <- the reference says {expected}")?;
                    }
                    writeln!(out)?;
                }
            }
        }
        Ok(())
    }

    /// A badugi hand: each evaluator's class (1 for A-2-3-4 of four suits)
    /// and the ranks that play; the table marks a class other than the
    /// reference's. The CSV's category is the number of cards that play.
    fn badugi<G: Game>(
        &mut self,
        hand: G,
        evaluators: &[handeval_core::badugi::BadugiAbout<G>],
        name_width: usize,
    ) -> Result<()> {
        let text = hand.to_string();
        let expected = handeval_registry::badugis::<G>()
            .into_iter()
            .find(|e| e.meta.role == handeval_core::Role::Reference)
            .map(|e| (e.class)(&hand));
        match self {
            Output::Csv { w, native } => {
                for e in evaluators {
                    let class = (e.class)(&hand);
                    let mut record = vec![
                        text.clone(),
                        e.meta.name.to_string(),
                        format!("{}-card", class.cards()),
                        class.get().to_string(),
                    ];
                    if *native {
                        record.push(class.ranks().to_string());
                    }
                    w.write_record(record)?;
                }
            }
            Output::Table { out, native } => {
                writeln!(out, "{text}")?;
                for e in evaluators {
                    let class = (e.class)(&hand);
                    write!(
                        out,
                        "  {:<width$}  {}-card {:<10}  class {:>4} of {}",
                        e.meta.name,
                        class.cards(),
                        class.to_string(),
                        class.get(),
                        handeval_core::badugi::CLASSES,
                        width = name_width
                    )?;
                    if *native {
                        write!(out, "  native {}", class.ranks())?;
                    }
                    if let Some(want) = expected
                        && want != class
                    {
                        write!(out, "  <- the reference says class {} ({want})", want.get())?;
                    }
                    writeln!(out)?;
                }
            }
        }
        Ok(())
    }

    fn flush(&mut self) -> Result<()> {
        match self {
            Output::Csv { w, .. } => w.flush(),
            Output::Table { out, .. } => out.flush(),
        }
        .context("writing to standard output")
    }
}
