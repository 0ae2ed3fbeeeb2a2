//! `cargo xtask`: the lab's commands, as a library that the binary runs
//! and the tests link (not a binary alone, whose module tests compiled
//! all of it a second time with `cfg(test)`: 69 s of a clean test build's
//! CPU on the Xeon of model 207). Run `cargo xtask --help`.
//!
//! Its functions return `anyhow` errors that name what failed and the
//! file or argument it failed on; it has no caller but its binary and its
//! tests, so they carry no `# Errors` sections of their own.

#![allow(clippy::missing_errors_doc, clippy::missing_panics_doc)]

use std::io::Write as _;
use std::process::ExitCode;

use clap::{Parser, Subcommand};

// The modules are public for the tests and hidden from the docs: they are
// the tasks' insides, not an API.
#[macro_use]
#[doc(hidden)]
pub mod console;

#[doc(hidden)]
pub mod badugi;
#[doc(hidden)]
pub mod bench;
#[doc(hidden)]
pub mod compare;
#[doc(hidden)]
pub mod diff;
#[doc(hidden)]
pub mod engines;
#[doc(hidden)]
pub mod equity;
#[doc(hidden)]
pub mod eval;
#[doc(hidden)]
pub mod list;
#[doc(hidden)]
pub mod low;
#[doc(hidden)]
pub mod machine;
#[doc(hidden)]
pub mod machines;
#[doc(hidden)]
pub mod report;
#[doc(hidden)]
pub mod scratch;
#[doc(hidden)]
pub mod select;
#[doc(hidden)]
pub mod slices;
#[doc(hidden)]
pub mod workspace;

/// The handeval lab's tasks.
#[derive(Parser)]
#[command(name = "cargo xtask", version, about)]
pub struct Cli {
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
    /// Check every evaluator of a game against the reference, the game's
    /// table and each other over every hand (those too slow for the time
    /// budget on a stated seeded sample). Exits 1 on any mismatch.
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
    /// Showdown equities of two to six players: fixed hands or ranges of
    /// Hold'em (exact, or Monte Carlo), fixed hands of short deck, the
    /// Omaha games and Omaha Hi-Lo, over every board that can still come
    /// (after an optional flop, turn or river and dead cards).
    Equity(equity::Args),
    /// Every CPU's newest full run side by side: each evaluator's time and
    /// ratio to the baseline on each, and how the table-free ideas rank.
    Machines(machines::Args),
    /// The evaluators people use elsewhere (PyPI and npm packages, the C
    /// they ship, a library built against the lab's C ABI): list them,
    /// install them, check them against the reference, time them.
    Engines(engines::Args),
    /// Runs a child of `bench` and ends it with its run (internal).
    #[command(name = "__watch", hide = true)]
    Watch {
        owner: u32,
        program: std::ffi::OsString,
        #[arg(trailing_var_arg = true, allow_hyphen_values = true)]
        args: Vec<std::ffi::OsString>,
    },
}

/// Parses the command line and runs the task it names: what `main` does.
pub fn run() -> ExitCode {
    let cli = Cli::parse();
    // A closed standard output (`>&-`) swallows every write without an
    // error (the standard library treats it as a sink), so a command
    // would exit 0 with its answers lost: refused first.
    if !matches!(cli.task, Task::Watch { .. }) && !stdout_is_open() {
        let _ = writeln!(
            std::io::stderr(),
            "error: standard output is closed, so what this command prints would be lost"
        );
        return ExitCode::FAILURE;
    }
    let result = match cli.task {
        Task::Eval(args) => eval::run(&args),
        Task::Diff(args) => diff::run(&args),
        Task::Bench(args) => bench::run(&args),
        Task::Report(args) => report::run(&args),
        Task::List(args) => list::run(&args),
        Task::Compare(args) => compare::run(&args),
        Task::Machines(args) => machines::run(&args),
        Task::Equity(args) => equity::run(&args),
        Task::Engines(args) => engines::run(&args),
        Task::Watch {
            owner,
            program,
            args,
        } => return scratch::watch(owner, &program, &args),
    };
    match result {
        Ok(code) => code,
        // A reader that stopped reading (`| head`) is not a failure: say
        // nothing, as Unix tools do.
        Err(e) if closed_stdout(&e) => ExitCode::SUCCESS,
        Err(e) => {
            // If standard error is gone too there is no one left to tell.
            let _ = writeln!(std::io::stderr(), "error: {e:#}");
            ExitCode::FAILURE
        }
    }
}

/// Whether standard output was open when the program started. The
/// standard library opens `/dev/null` read-write on a descriptor it finds
/// closed (`>&-`), where a shell opens `>/dev/null` write-only: on Linux
/// `/proc` tells the two apart. Elsewhere, it is taken to be open.
fn stdout_is_open() -> bool {
    let target = std::fs::read_link("/proc/self/fd/1");
    let info = std::fs::read_to_string("/proc/self/fdinfo/1");
    let (Ok(target), Ok(info)) = (target, info) else {
        return true;
    };
    let read_write = info
        .lines()
        .find_map(|l| l.strip_prefix("flags:"))
        .and_then(|f| u32::from_str_radix(f.trim(), 8).ok())
        .is_some_and(|flags| flags & 0o3 == 0o2);
    !(target == std::path::Path::new("/dev/null") && read_write)
}

/// Whether `e` is standard output's reader having gone away.
fn closed_stdout(e: &anyhow::Error) -> bool {
    let broken = |io: &std::io::Error| io.kind() == std::io::ErrorKind::BrokenPipe;
    e.to_string() == "writing to standard output"
        && e.chain().any(|cause| {
            cause.downcast_ref::<std::io::Error>().is_some_and(broken)
                || cause
                    .downcast_ref::<csv::Error>()
                    .is_some_and(|c| matches!(c.kind(), csv::ErrorKind::Io(io) if broken(io)))
        })
}
