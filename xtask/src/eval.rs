//! `cargo xtask eval`: every registered evaluator's category and class for each hand.

use std::io::{self, BufRead, BufWriter, Write};
use std::process::ExitCode;

use anyhow::{Context, Result};
use handeval_core::Hand;
use handeval_registry::{DynEvaluator, Reference};

#[derive(clap::Args)]
pub struct Args {
    /// Hands such as `"As Ks Qs Js Ts"` or `"AsKsQsJsTs"`; read from standard input if none.
    hands: Vec<String>,
    /// Print CSV (`hand,evaluator,category,class`) instead of a table.
    #[arg(long)]
    csv: bool,
    /// Also print each evaluator's own strength value (a `native` column):
    /// decimal for integer strengths, else its Rust `Debug` text.
    #[arg(long)]
    native: bool,
    /// Only these evaluators (comma-separated names, e.g. `deadhorse/upstream,reference`).
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

/// The registered evaluators named in `only` (all when empty), in registry order.
fn select(only: &[String]) -> Result<Vec<Box<dyn DynEvaluator>>> {
    let names = crate::diff::selected_names(only)?;
    Ok(handeval_registry::all()
        .into_iter()
        .filter(|e| names.contains(&e.name()))
        .collect())
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
        match text.parse::<Hand>() {
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
    fn new(out: W, args: &Args, evaluators: &[Box<dyn DynEvaluator>]) -> Result<Self> {
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
            let name_width = evaluators.iter().map(|e| e.name().len()).max().unwrap_or(0);
            Ok(Output::Table {
                out,
                name_width,
                native: args.native,
            })
        }
    }

    fn hand(&mut self, hand: Hand, evaluators: &[Box<dyn DynEvaluator>]) -> Result<()> {
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

    fn flush(&mut self) -> Result<()> {
        match self {
            Output::Csv { w, .. } => w.flush(),
            Output::Table { out, .. } => out.flush(),
        }
        .context("writing to standard output")
    }
}
