//! `cargo xtask eval`: every registered evaluator's category and class for
//! each hand of five cards, and every seven-card evaluator's for each hand
//! of seven (the class of the best five).

use std::io::{self, BufRead, BufWriter, Write};
use std::process::ExitCode;

use anyhow::{Context, Result};
use handeval_core::{AnyHand, Hand, Hand7};
use handeval_registry::{DynEvaluator, DynEvaluator7, Reference, Reference7};

#[derive(clap::Args)]
pub struct Args {
    /// Hands of five or seven cards, such as `"As Ks Qs Js Ts"` or
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
    /// a name may be a five-card or a seven-card evaluator's.
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
    five: Vec<Box<dyn DynEvaluator>>,
    seven: Vec<Box<dyn DynEvaluator7>>,
}

/// The registered evaluators named in `only` (all when empty), in registry
/// order; a name that is neither a five- nor a seven-card evaluator's is an
/// error listing both.
fn select(only: &[String]) -> Result<Evaluators> {
    let fives = handeval_registry::names();
    let sevens: Vec<&str> = handeval_registry::abouts7()
        .iter()
        .map(|a| a.name)
        .collect();
    if let Some(unknown) = only
        .iter()
        .find(|n| !fives.contains(&n.as_str()) && !sevens.contains(&n.as_str()))
    {
        anyhow::bail!(
            "unknown evaluator {unknown:?}; five-card: {}; seven-card: {}",
            fives.join(", "),
            sevens.join(", ")
        );
    }
    let wanted = |name: &str| only.is_empty() || only.iter().any(|o| o == name);
    Ok(Evaluators {
        five: handeval_registry::all()
            .into_iter()
            .filter(|e| wanted(e.name()))
            .collect(),
        seven: handeval_registry::all7()
            .into_iter()
            .filter(|e| wanted(e.name()))
            .collect(),
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
                let none = match hand {
                    AnyHand::Five(_) => evaluators.five.is_empty(),
                    AnyHand::Seven(_) => evaluators.seven.is_empty(),
                };
                if none {
                    let size = if matches!(hand, AnyHand::Five(_)) {
                        5
                    } else {
                        7
                    };
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
            let name_width = evaluators
                .five
                .iter()
                .map(|e| e.name())
                .chain(evaluators.seven.iter().map(|e| e.name()))
                .map(str::len)
                .max()
                .unwrap_or(0);
            Ok(Output::Table {
                out,
                name_width,
                native: args.native,
            })
        }
    }

    fn hand(&mut self, hand: AnyHand, evaluators: &Evaluators) -> Result<()> {
        match hand {
            AnyHand::Five(hand) => self.five(hand, &evaluators.five),
            AnyHand::Seven(hand) => self.seven(hand, &evaluators.seven),
        }
    }

    fn five(&mut self, hand: Hand, evaluators: &[Box<dyn DynEvaluator>]) -> Result<()> {
        let text = hand.to_string();
        match self {
            Output::Csv { w, native } => {
                for e in evaluators {
                    let class = e.class(&hand).to_string();
                    let mut record = vec![
                        text.clone(),
                        e.name().to_string(),
                        e.category(&hand).id().to_string(),
                        class,
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
                writeln!(out, "{text}")?;
                let expected = u32::from(Reference::class(&hand).get());
                for e in evaluators {
                    let category = e.category(&hand);
                    let class = e.class(&hand);
                    write!(
                        out,
                        "  {:<width$}  {:<15}  class {class:>4}",
                        e.name(),
                        category.name(),
                        width = *name_width
                    )?;
                    if *native {
                        write!(out, "  native {}", e.native(&hand))?;
                    }
                    if class != expected {
                        write!(out, "  <- the reference says class {expected}")?;
                    }
                    writeln!(out)?;
                }
            }
        }
        Ok(())
    }

    /// A seven-card hand: each evaluator's category and the class of its
    /// value on its five-card scale ("unranked" when no five-card hand has
    /// it); the table also names the reference's best five cards.
    fn seven(&mut self, hand: Hand7, evaluators: &[Box<dyn DynEvaluator7>]) -> Result<()> {
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
                let best = handeval_registry::best_five(&hand);
                writeln!(out, "{text}  (best five: {best})")?;
                let expected =
                    Reference::class_of(<Reference7 as handeval_core::Evaluator7>::strength(&hand))
                        .get();
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
