//! `cargo xtask list`: the registered evaluators, and what each declares it is.

use std::io::{self, Write};
use std::process::ExitCode;

use anyhow::{Context, Result};
use handeval_registry::About;

use crate::report::readme::{self, EVALUATORS};
use crate::select::Cards;
use crate::workspace;

#[derive(clap::Args)]
pub struct Args {
    /// Include the harness floor.
    #[arg(long)]
    floor: bool,
    /// Only the evaluators benchmarks time (published listings are checked, never timed).
    #[arg(long)]
    timed: bool,
    /// How to print the list.
    #[arg(long, value_enum, default_value_t = Format::Table)]
    format: Format,
    /// Five-card evaluators (the default), six- or seven-card ones.
    #[arg(long, value_enum, default_value_t = Cards::Five)]
    cards: Cards,
    /// Only these (comma-separated) names, families (`pext`) or globs
    /// (`*simd`), as `bench --filter` and `eval --only` select.
    #[arg(long, value_delimiter = ',')]
    only: Vec<String>,
    /// Write the tables of evaluators (five, six and seven cards) into
    /// README.md instead of printing one.
    #[arg(long, conflicts_with_all = ["format", "floor", "timed", "cards", "only"])]
    readme: bool,
}

/// The forms `cargo xtask list` prints.
#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum Format {
    /// The markdown table the README shows.
    Table,
    /// The names alone, one per line.
    Names,
    /// CSV: name, family, role, the variant it was derived from, table bytes,
    /// the CPU code path it takes here, summary.
    Csv,
}

pub fn run(args: &Args) -> Result<ExitCode> {
    if args.readme {
        let path = workspace::root().join("README.md");
        for (start, end, cards) in EVALUATORS {
            let table = readme::evaluators_table(&cards.abouts(false));
            readme::update(&path, (start, end), &table)?;
        }
        outln!("updated the tables of evaluators in {}", path.display())?;
        return Ok(ExitCode::SUCCESS);
    }
    let list: Vec<About> = args
        .cards
        .abouts(args.floor)
        .into_iter()
        .filter(|a| !args.timed || a.role.is_timed())
        .collect();
    let chosen = crate::select::select_names(
        list.iter().map(|a| a.name).collect(),
        &args.only,
        &format!("{}-card evaluator", args.cards.word()),
    )?;
    let list: Vec<About> = list
        .into_iter()
        .filter(|a| chosen.contains(&a.name))
        .collect();
    // Written whole, once: an error says which stream failed.
    let text = match args.format {
        Format::Names => list.iter().flat_map(|a| [a.name, "\n"]).collect(),
        Format::Csv => {
            let mut w = csv::Writer::from_writer(Vec::new());
            w.write_record([
                "name",
                "family",
                "role",
                "derived_from",
                "table_bytes",
                "cpu_path",
                "summary",
            ])?;
            for a in &list {
                w.write_record([
                    a.name,
                    a.family.name,
                    a.role.id(),
                    a.derived_from.unwrap_or_default(),
                    &a.table_bytes.to_string(),
                    &a.cpu_path.to_string(),
                    a.summary,
                ])?;
            }
            String::from_utf8(w.into_inner()?)?
        }
        Format::Table => readme::evaluators_table(&list),
    };
    let mut stdout = io::stdout().lock();
    stdout
        .write_all(text.as_bytes())
        .and_then(|()| stdout.flush())
        .context("writing to standard output")?;
    Ok(ExitCode::SUCCESS)
}
