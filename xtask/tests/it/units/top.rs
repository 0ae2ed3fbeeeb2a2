//! The README's commands and options are the CLI's: every `cargo xtask`
//! line in its code blocks parses, and every backticked `--option` in a
//! paragraph about one command is that command's.

use clap::CommandFactory;

use xtask::Cli;

fn readme() -> String {
    std::fs::read_to_string(xtask::workspace::root().join("README.md")).unwrap()
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
