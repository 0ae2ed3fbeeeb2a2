//! `cargo xtask`: the lab's commands. Run `cargo xtask --help`.

use std::io::Write as _;
use std::process::ExitCode;

use clap::{Parser, Subcommand};

#[macro_use]
mod console;

mod bench;
mod compare;
mod diff;
mod diff_cards;
mod eval;
mod list;
mod machine;
mod report;
mod scratch;
mod select;
mod workspace;

/// The handeval lab's tasks.
#[derive(Parser)]
#[command(name = "cargo xtask", version, about)]
struct Cli {
    #[command(subcommand)]
    task: Task,
}

#[derive(Subcommand)]
enum Task {
    /// Evaluate hands with every registered evaluator.
    ///
    /// Hands come from the command line, or one per line from standard input
    /// when none are given (blank lines and lines starting with '#' are
    /// skipped). Bad lines are reported on standard error with their line
    /// number; the good ones are still evaluated, and the exit status is 1.
    Eval(eval::Args),
    /// Check every evaluator against the reference, the published table and
    /// each other over all 2,598,960 hands. Exits 1 on any mismatch.
    Diff(diff::Args),
    /// The main job: check every evaluator, benchmark them all (criterion, and
    /// gungraun when valgrind is present), and write a new results directory.
    Bench(bench::Args),
    /// Re-render report.md and chart.svg of a results directory from its results.csv.
    Report(report::Args),
    /// List the registered evaluators: family, role, what each was derived from.
    List(list::Args),
    /// Compare two results directories side by side: medians, the ratio
    /// NEW/OLD, instruction counts, and whether the confidence intervals overlap.
    Compare(compare::Args),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.task {
        Task::Eval(args) => eval::run(&args),
        Task::Diff(args) => match args.cards {
            select::Cards::Five => diff::run(&args),
            select::Cards::Six => diff_cards::run::<handeval_core::Hand6>(&args),
            select::Cards::Seven => diff_cards::run::<handeval_core::Hand7>(&args),
        },
        Task::Bench(args) => bench::run(&args),
        Task::Report(args) => report::run(&args),
        Task::List(args) => list::run(&args),
        Task::Compare(args) => compare::run(&args),
    };
    match result {
        Ok(code) => code,
        Err(e) => {
            // If standard error is gone too there is no one left to tell.
            let _ = writeln!(std::io::stderr(), "error: {e:#}");
            ExitCode::FAILURE
        }
    }
}
