//! `cargo xtask eval`: every registered evaluator's category and class for each hand.

use std::io::{self, BufRead, BufWriter, Write};
use std::process::ExitCode;

use anyhow::{Context, Result};
use handeval_core::Hand;
use handeval_registry::DynEvaluator;

#[derive(clap::Args)]
pub struct Args {
    /// Hands such as `"As Ks Qs Js Ts"` or `"AsKsQsJsTs"`; read from standard input if none.
    hands: Vec<String>,
    /// Print CSV (`hand,evaluator,category,class`) instead of a table.
    #[arg(long)]
    csv: bool,
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

pub fn run(args: &Args) -> Result<ExitCode> {
    let evaluators = handeval_registry::all();
    let stdout = io::stdout().lock();
    let mut out = Output::new(BufWriter::new(stdout), args.csv, &evaluators)?;
    let mut bad = 0usize;

    let mut handle = |source: Source, text: &str| -> Result<()> {
        match text.trim().parse::<Hand>() {
            Ok(hand) => out.hand(hand, &evaluators),
            Err(e) => {
                bad += 1;
                // Keep the standard-output order readable when both go to a terminal.
                out.flush()?;
                eprintln!("error: {source}: {e}: {:?}", text.trim_end());
                Ok(())
            }
        }
    };

    if args.hands.is_empty() {
        let stdin = io::stdin().lock();
        for (i, line) in stdin.split(b'\n').enumerate() {
            let bytes = line.context("reading standard input")?;
            // A line that is not UTF-8 is still reported by number, not fatal.
            let text = String::from_utf8_lossy(&bytes);
            let trimmed = text.trim();
            if trimmed.is_empty() || trimmed.starts_with('#') {
                continue;
            }
            handle(Source::Line(i + 1), &text)?;
        }
    } else {
        for (i, text) in args.hands.iter().enumerate() {
            handle(Source::Argument(i + 1), text)?;
        }
    }
    out.flush()?;
    if bad > 0 {
        eprintln!("{bad} bad hand(s) skipped");
        Ok(ExitCode::FAILURE)
    } else {
        Ok(ExitCode::SUCCESS)
    }
}

/// The two output formats. Both stream: one hand is written before the next is read.
enum Output<W: Write> {
    Csv(Box<csv::Writer<W>>),
    Table { out: W, name_width: usize },
}

impl<W: Write> Output<W> {
    fn new(out: W, csv: bool, evaluators: &[Box<dyn DynEvaluator>]) -> Result<Self> {
        if csv {
            let mut w = csv::Writer::from_writer(out);
            w.write_record(["hand", "evaluator", "category", "class"])?;
            Ok(Output::Csv(Box::new(w)))
        } else {
            let name_width = evaluators.iter().map(|e| e.name().len()).max().unwrap_or(0);
            Ok(Output::Table { out, name_width })
        }
    }

    fn hand(&mut self, hand: Hand, evaluators: &[Box<dyn DynEvaluator>]) -> Result<()> {
        let text = hand.to_string();
        match self {
            Output::Csv(w) => {
                for e in evaluators {
                    let class = e.class(&hand).to_string();
                    w.write_record([&text, e.name(), e.category(&hand).id(), &class])?;
                }
            }
            Output::Table { out, name_width } => {
                writeln!(out, "{text}")?;
                for e in evaluators {
                    let category = e.category(&hand);
                    let class = e.class(&hand);
                    writeln!(
                        out,
                        "  {:<width$}  {:<15}  class {class:>4}",
                        e.name(),
                        category.name(),
                        width = *name_width
                    )?;
                }
            }
        }
        Ok(())
    }

    fn flush(&mut self) -> Result<()> {
        match self {
            Output::Csv(w) => w.flush()?,
            Output::Table { out, .. } => out.flush()?,
        }
        Ok(())
    }
}
