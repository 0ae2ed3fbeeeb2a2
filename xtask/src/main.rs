//! `cargo xtask`: the lab's commands. Run `cargo xtask --help`.

use std::io::Write as _;
use std::process::ExitCode;

use clap::{Parser, Subcommand};

#[macro_use]
mod console;

mod badugi;
mod bench;
mod compare;
mod diff;
mod engines;
mod equity;
mod eval;
mod list;
mod low;
mod machine;
mod machines;
mod report;
mod scratch;
mod select;
mod slices;
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

fn main() -> ExitCode {
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

#[cfg(test)]
mod readme {
    //! The README's commands and options are the CLI's: every `cargo xtask`
    //! line in its code blocks parses, and every backticked `--option` in a
    //! paragraph about one command is that command's.

    use clap::CommandFactory;

    use super::Cli;

    fn readme() -> String {
        std::fs::read_to_string(crate::workspace::root().join("README.md")).unwrap()
    }

    /// The words of a `cargo xtask` line, without the prompt, the comment
    /// and anything after a pipe or a redirection.
    fn words(line: &str) -> Option<Vec<String>> {
        let line = line.trim().trim_start_matches("$ ");
        let rest = line.strip_prefix("cargo xtask ")?;
        let rest = rest.split('#').next().unwrap_or_default();
        let rest = [" | ", " > ", " < ", " 2>"]
            .iter()
            .fold(rest, |rest, cut| rest.split(cut).next().unwrap_or_default());
        // As a shell splits it: quoted arguments (hands, globs) stay whole.
        let mut words = vec!["cargo xtask".to_string()];
        words.extend(shlex::split(rest)?);
        Some(words)
    }

    #[test]
    fn every_command_line_in_the_readme_parses() {
        let text = readme();
        let mut in_code = false;
        let mut checked = 0;
        for line in text.lines() {
            if line.starts_with("```") {
                in_code = !in_code;
                continue;
            }
            let Some(words) = in_code.then(|| words(line)).flatten() else {
                continue;
            };
            if let Err(e) = Cli::command().try_get_matches_from(&words) {
                panic!("README line {line:?} does not parse:\n{e}");
            }
            checked += 1;
        }
        assert!(checked >= 15, "only {checked} command lines found");
    }

    #[test]
    fn options_named_beside_a_command_are_that_commands() {
        let cli = Cli::command();
        let text = readme();
        let mut checked = 0;
        for paragraph in text.split("\n\n") {
            // A prose paragraph about exactly one subcommand.
            if paragraph.starts_with("```") || paragraph.starts_with('|') {
                continue;
            }
            // Named as `cargo xtask X ...` or, once introduced, as `X`.
            let mut named: std::collections::BTreeSet<&str> = paragraph
                .split("`cargo xtask ")
                .skip(1)
                .filter_map(|rest| rest.split(['`', ' ']).next())
                .collect();
            named.extend(
                paragraph
                    .split('`')
                    .skip(1)
                    .step_by(2)
                    .filter(|word| cli.find_subcommand(word).is_some()),
            );
            let [name] = named.into_iter().collect::<Vec<_>>()[..] else {
                continue;
            };
            let Some(sub) = cli.find_subcommand(name) else {
                panic!("the README names `cargo xtask {name}`, which does not exist");
            };
            let longs: Vec<&str> = sub.get_arguments().filter_map(|a| a.get_long()).collect();
            for option in paragraph.split('`').skip(1).step_by(2) {
                let Some(long) = option.strip_prefix("--") else {
                    continue;
                };
                let long = long.split([' ', '=']).next().unwrap_or_default();
                assert!(
                    longs.contains(&long),
                    "the README says `--{long}` beside `cargo xtask {name}`, which has no such option:\n{paragraph}"
                );
                checked += 1;
            }
        }
        assert!(checked >= 5, "only {checked} options checked");
    }
}
