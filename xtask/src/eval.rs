//! `cargo xtask eval`: every registered evaluator's category and class for
//! each hand of five cards, and every six- or seven-card evaluator's for
//! each hand of six or seven (the class of the best five).

use std::io::{self, BufRead, BufWriter, Write};
use std::process::ExitCode;

use anyhow::{Context, Result};
use handeval_core::{AnyHand, Cards, Hand, Hand6, Hand7};
use handeval_registry::{DynEvaluator, Reference, Size, all, best_five};

use crate::select::select_names;

#[derive(clap::Args)]
pub struct Args {
    /// Hands of five, six or seven cards, such as `"As Ks Qs Js Ts"` or
    /// `"AsKsQsJsTs2c3d"`; read from standard input if none.
    hands: Vec<String>,
    /// Print CSV (`hand,evaluator,category,class`) instead of a table.
    #[arg(long)]
    csv: bool,
    /// Also print each evaluator's own strength value (a `native` column):
    /// decimal for integer strengths, else its Rust `Debug` text.
    #[arg(long)]
    native: bool,
    /// Only these evaluators (comma-separated names, e.g. `deadhorse/upstream,reference`);
    /// a name may be a five-, six- or seven-card evaluator's.
    #[arg(long, value_delimiter = ',')]
    only: Vec<String>,
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

/// The evaluators of each hand size.
struct Evaluators {
    five: Vec<Box<dyn DynEvaluator<Hand>>>,
    six: Vec<Box<dyn DynEvaluator<Hand6>>>,
    seven: Vec<Box<dyn DynEvaluator<Hand7>>>,
}

impl Evaluators {
    /// The names of every evaluator, of every size.
    fn names(&self) -> impl Iterator<Item = &'static str> + '_ {
        let five = self.five.iter().map(|e| e.name());
        let six = self.six.iter().map(|e| e.name());
        five.chain(six).chain(self.seven.iter().map(|e| e.name()))
    }

    /// Whether none of them takes hands of `cards` cards.
    fn none_of(&self, cards: usize) -> bool {
        match cards {
            5 => self.five.is_empty(),
            6 => self.six.is_empty(),
            _ => self.seven.is_empty(),
        }
    }
}

/// The registered evaluators of `H` that `wanted` keeps, in registry order.
fn of_size<H: Size>(wanted: impl Fn(&str) -> bool) -> Vec<Box<dyn DynEvaluator<H>>> {
    all::<H>()
        .into_iter()
        .filter(|e| wanted(e.name()))
        .collect()
}

/// The registered evaluators named in `only` (all when empty), in registry
/// order; a name no evaluator of any size has is an error listing them.
fn select(only: &[String]) -> Result<Evaluators> {
    let every = Evaluators {
        five: of_size(|_| true),
        six: of_size(|_| true),
        seven: of_size(|_| true),
    };
    let mut names: Vec<&'static str> = Vec::new();
    for name in every.names() {
        if !names.contains(&name) {
            names.push(name);
        }
    }
    let chosen = select_names(names, only, "evaluator")?;
    let wanted = |name: &str| chosen.contains(&name);
    Ok(Evaluators {
        five: of_size(wanted),
        six: of_size(wanted),
        seven: of_size(wanted),
    })
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

pub fn run(args: &Args) -> Result<ExitCode> {
    let evaluators = select(&args.only)?;
    let stdout = io::stdout().lock();
    let mut out = Output::new(BufWriter::new(stdout), args, &evaluators)?;
    // Buffered: two million bad lines should not cost two million writes.
    let mut errors = BufWriter::new(io::stderr().lock());
    let mut bad = 0usize;

    let mut handle = |source: Source, text: &str| -> Result<()> {
        // Only the end is trimmed, so columns count from the line's start.
        let text = text.trim_end();
        let parsed = text
            .parse::<AnyHand>()
            .map_err(|e| e.to_string())
            .and_then(|hand| {
                let size = match hand {
                    AnyHand::Five(_) => 5,
                    AnyHand::Six(_) => 6,
                    AnyHand::Seven(_) => 7,
                };
                if evaluators.none_of(size) {
                    Err(format!(
                        "none of the selected evaluators takes {size}-card hands"
                    ))
                } else {
                    Ok(hand)
                }
            });
        match parsed {
            // Each stream is flushed before the other is written, so that
            // both read in order on a terminal, but a run of bad lines is
            // written in a few large writes, not one per line.
            Ok(hand) => {
                errors.flush().context("writing to standard error")?;
                out.hand(hand, &evaluators)
                    .context("writing to standard output")
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
        let stdin = io::stdin().lock();
        for (i, line) in stdin.split(b'\n').enumerate() {
            let bytes = line.context("reading standard input")?;
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
            handle(Source::Line(i + 1), text)?;
        }
    } else {
        for (i, text) in args.hands.iter().enumerate() {
            handle(Source::Argument(i + 1), text)?;
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

/// The two output formats. Both stream: one hand is written before the next is read.
enum Output<W: Write> {
    Csv {
        w: Box<csv::Writer<W>>,
        native: bool,
    },
    Table {
        out: W,
        name_width: usize,
        native: bool,
    },
}

impl<W: Write> Output<W> {
    fn new(out: W, args: &Args, evaluators: &Evaluators) -> Result<Self> {
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
            let name_width = evaluators.names().map(str::len).max().unwrap_or(0);
            Ok(Output::Table {
                out,
                name_width,
                native: args.native,
            })
        }
    }

    fn hand(&mut self, hand: AnyHand, evaluators: &Evaluators) -> Result<()> {
        match hand {
            AnyHand::Five(hand) => self.cards(hand, &evaluators.five),
            AnyHand::Six(hand) => self.cards(hand, &evaluators.six),
            AnyHand::Seven(hand) => self.cards(hand, &evaluators.seven),
        }
    }

    /// A hand: each evaluator's category and the class of its value on its
    /// five-card scale ("unranked" when no five-card hand has it); for more
    /// than five cards the table also names the reference's best five.
    fn cards<H: Cards>(&mut self, hand: H, evaluators: &[Box<dyn DynEvaluator<H>>]) -> Result<()> {
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
            Output::Table {
                out,
                name_width,
                native,
            } => {
                let best = best_five(&hand);
                if H::COUNT > 5 {
                    writeln!(out, "{text}  (best five: {best})")?;
                } else {
                    writeln!(out, "{text}")?;
                }
                let expected = Reference::class(&best).get();
                for e in evaluators {
                    let class = e.class(&hand);
                    write!(
                        out,
                        "  {:<width$}  {:<15}  class {:>4}",
                        e.name(),
                        e.category(&hand).name(),
                        show(class),
                        width = *name_width
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

    fn flush(&mut self) -> Result<()> {
        match self {
            Output::Csv { w, .. } => w.flush(),
            Output::Table { out, .. } => out.flush(),
        }
        .context("writing to standard output")
    }
}
