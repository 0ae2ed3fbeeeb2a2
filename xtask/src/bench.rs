//! `cargo xtask bench`: check every evaluator, time them (criterion), count
//! their instructions (gungraun, when valgrind is present), and write a new,
//! citable result directory.

use std::fmt::Write as _;
use std::fs;
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode, Stdio};

use anyhow::{Context, Result, bail};
use handeval_benches::{BLOCK, DEFAULT_SEED, Workload, selected_by};

use crate::machine::{self, output};
use crate::report::{self, Row};

#[derive(clap::Args)]
pub struct Args {
    /// Short measurements: finishes in a few minutes, noisier numbers.
    #[arg(long, conflicts_with = "smoke")]
    quick: bool,
    /// Tiny measurements, for checking the pipeline (CI); the numbers mean little.
    #[arg(long)]
    smoke: bool,
    /// Only benchmarks whose `workload/evaluator` id contains one of these
    /// (comma-separated), e.g. `pext,pokers` or `strength/shuffled`.
    #[arg(long, default_value = "")]
    filter: String,
    /// Seed of the shuffled order and of the instruction-count sample.
    #[arg(long, default_value_t = DEFAULT_SEED)]
    seed: u64,
    /// Where result directories go.
    #[arg(long, default_value = "results")]
    results_dir: PathBuf,
    /// Skip instruction counts even if valgrind is present.
    #[arg(long)]
    no_icount: bool,
}

/// A directory that is deleted on drop unless kept: a run that fails leaves nothing behind.
struct TempDir {
    path: PathBuf,
    keep: bool,
}

impl Drop for TempDir {
    fn drop(&mut self) {
        if !self.keep {
            let _ = fs::remove_dir_all(&self.path);
        }
    }
}

fn step(message: &str) {
    eprintln!("\n==> {message}");
}

/// Runs cargo with `args` and `envs`, passing its output through.
fn cargo(args: &[&str], envs: &[(&str, String)]) -> Result<()> {
    let status = Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".into()))
        .args(args)
        .envs(envs.iter().map(|(k, v)| (*k, v.as_str())))
        .status()
        .with_context(|| format!("running cargo {}", args.join(" ")))?;
    if !status.success() {
        bail!("cargo {} failed ({status})", args.join(" "));
    }
    Ok(())
}

/// The version of `name` in Cargo.lock.
fn locked_version(name: &str) -> Result<String> {
    let lock = fs::read_to_string("Cargo.lock").context("reading Cargo.lock")?;
    let mut lines = lock.lines();
    while let Some(line) = lines.next() {
        if line == format!("name = \"{name}\"")
            && let Some(v) = lines.next().and_then(|l| l.strip_prefix("version = \""))
        {
            return Ok(v.trim_end_matches('"').to_string());
        }
    }
    bail!("{name} is not in Cargo.lock")
}

/// Makes sure `gungraun-runner` is installed at gungraun's locked version.
fn ensure_runner() -> Result<()> {
    let version = locked_version("gungraun")?;
    let installed = output("gungraun-runner", &["--version"]).unwrap_or_default();
    if installed.split_whitespace().any(|w| w == version) {
        eprintln!("gungraun-runner {version} is installed");
        return Ok(());
    }
    eprintln!("installing gungraun-runner {version} (found: {installed:?})");
    cargo(
        &[
            "install",
            "gungraun-runner",
            "--version",
            &version,
            "--locked",
        ],
        &[],
    )
}

/// Criterion's estimates for every benchmark in `home`: (workload, evaluator) -> (median, low, high) ns per block.
fn read_criterion(home: &Path) -> Result<Vec<(String, String, [f64; 3])>> {
    let mut found = Vec::new();
    let mut stack = vec![home.to_path_buf()];
    while let Some(dir) = stack.pop() {
        for entry in fs::read_dir(&dir).with_context(|| format!("reading {}", dir.display()))? {
            let path = entry?.path();
            if path.is_dir() {
                stack.push(path);
            } else if path.file_name().is_some_and(|n| n == "benchmark.json")
                && path.parent().is_some_and(|p| p.ends_with("new"))
            {
                let meta: serde_json::Value = serde_json::from_str(&fs::read_to_string(&path)?)?;
                let est: serde_json::Value = serde_json::from_str(&fs::read_to_string(
                    path.with_file_name("estimates.json"),
                )?)?;
                let median = &est["median"];
                let num = |v: &serde_json::Value| v.as_f64().context("estimate is a number");
                found.push((
                    meta["group_id"].as_str().context("group_id")?.to_string(),
                    meta["function_id"]
                        .as_str()
                        .context("function_id")?
                        .to_string(),
                    [
                        num(&median["point_estimate"])?,
                        num(&median["confidence_interval"]["lower_bound"])?,
                        num(&median["confidence_interval"]["upper_bound"])?,
                    ],
                ));
            }
        }
    }
    Ok(found)
}

/// Parses gungraun's output: (workload, evaluator index) -> instructions.
fn parse_icount(stdout: &str) -> Vec<(String, usize, u64)> {
    let mut found = Vec::new();
    let mut current: Option<(String, usize)> = None;
    for line in stdout.lines() {
        if let Some(rest) = line.strip_prefix("icount::icount::") {
            // e.g. "strength_shuffled_encoded evaluator_3:(...)"
            current = rest.split_once(' ').and_then(|(function, id)| {
                let index = id
                    .strip_prefix("evaluator_")?
                    .split(':')
                    .next()?
                    .parse()
                    .ok()?;
                Some((function.replace('_', "/"), index))
            });
        } else if let (Some((workload, index)), Some(value)) =
            (&current, line.trim().strip_prefix("Instructions:"))
        {
            if let Some(n) = value
                .trim()
                .split('|')
                .next()
                .and_then(|n| n.trim().parse().ok())
            {
                found.push((workload.clone(), *index, n));
            }
            current = None;
        }
    }
    found
}

/// `results/<date>-<short commit>[-dirty]`, with `-2`, `-3`... if taken: never overwritten.
fn final_dir(root: &Path) -> PathBuf {
    let date = output("date", &["-u", "+%Y-%m-%d"]).unwrap_or_else(|| "undated".into());
    let commit =
        output("git", &["rev-parse", "--short", "HEAD"]).unwrap_or_else(|| "nocommit".into());
    let dirty = output("git", &["status", "--porcelain", "--untracked-files=no"])
        .is_some_and(|s| !s.is_empty());
    let base = format!("{date}-{commit}{}", if dirty { "-dirty" } else { "" });
    let mut candidate = root.join(&base);
    let mut n = 2;
    while candidate.exists() {
        candidate = root.join(format!("{base}-{n}"));
        n += 1;
    }
    candidate
}

pub fn run(args: &Args) -> Result<ExitCode> {
    let mode = if args.smoke {
        "smoke"
    } else if args.quick {
        "quick"
    } else {
        "full"
    };
    let command = std::iter::once("cargo xtask".to_string())
        .chain(std::env::args().skip(1))
        .collect::<Vec<_>>()
        .join(" ");
    eprintln!("shuffle seed: {} (--seed to change it)", args.seed);

    step("1/4 differential check: every evaluator over every hand");
    let outcome = crate::diff::check(&[])?;
    crate::diff::write_summary(&mut std::io::stderr().lock(), &outcome)?;
    if !outcome.passed() {
        bail!("refusing to benchmark: some evaluators disagree with the reference (see above)");
    }

    fs::create_dir_all(&args.results_dir)?;
    let mut tmp = TempDir {
        path: args
            .results_dir
            .join(format!(".tmp-{}", std::process::id())),
        keep: false,
    };
    fs::create_dir_all(&tmp.path)?;
    let tmp_abs = fs::canonicalize(&tmp.path)?;

    let valgrind = if args.no_icount {
        None
    } else {
        output("valgrind", &["--version"])
    };
    let features: &[&str] = if valgrind.is_some() {
        &["--features", "icount"]
    } else {
        &[]
    };
    let envs = [
        ("HANDEVAL_SEED", args.seed.to_string()),
        ("HANDEVAL_FILTER", args.filter.clone()),
        ("HANDEVAL_BENCH_MODE", mode.to_string()),
        (
            "CRITERION_HOME",
            tmp_abs.join("criterion").to_string_lossy().into_owned(),
        ),
    ];

    step("2/4 wall time (criterion)");
    let mut build = vec!["bench", "-p", "handeval-benches", "--no-run"];
    build.extend_from_slice(features);
    cargo(&build, &[])?;
    let mut wall = vec!["bench", "-p", "handeval-benches", "--bench", "wall"];
    wall.extend_from_slice(features);
    cargo(&wall, &envs)?;
    let estimates = read_criterion(&tmp_abs.join("criterion"))?;

    step("3/4 instruction counts (gungraun + callgrind)");
    let icounts = match &valgrind {
        None if args.no_icount => {
            eprintln!("skipped (--no-icount)");
            Vec::new()
        }
        None => {
            eprintln!("valgrind not found: no instruction counts; the report says so");
            Vec::new()
        }
        Some(v) => {
            eprintln!("using {v}");
            count_instructions(&envs)?
        }
    };

    step("4/4 writing the report");
    let rows = build_rows(&estimates, &icounts, &args.filter)?;

    let machine = machine::describe(&command, mode, args.seed, valgrind.as_deref());
    let machine_text = machine.iter().fold(String::new(), |mut text, (k, v)| {
        let _ = writeln!(text, "{k}: {v}");
        text
    });
    fs::write(tmp.path.join("machine.txt"), machine_text)?;
    report::write_csv(&tmp.path.join("results.csv"), &rows)?;
    fs::write(
        tmp.path.join("report.md"),
        report::render_markdown(&rows, &machine),
    )?;
    report::render_chart(&rows, &tmp.path.join("chart.svg"), &machine)?;
    fs::remove_dir_all(tmp.path.join("criterion"))?;

    let dest = final_dir(&args.results_dir);
    fs::rename(&tmp.path, &dest)
        .with_context(|| format!("moving results to {}", dest.display()))?;
    tmp.keep = true;
    println!("{}", report::targets(&rows));
    println!("results written to {}", dest.display());
    Ok(ExitCode::SUCCESS)
}

/// Runs the gungraun benchmarks, showing progress, and parses their counts.
fn count_instructions(envs: &[(&str, String)]) -> Result<Vec<(String, usize, u64)>> {
    ensure_runner()?;
    let mut child = Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".into()))
        .args([
            "bench",
            "-p",
            "handeval-benches",
            "--features",
            "icount",
            "--bench",
            "icount",
        ])
        .envs(envs.iter().map(|(k, v)| (*k, v.as_str())))
        .stdout(Stdio::piped())
        .spawn()
        .context("running the gungraun benchmarks")?;
    let total = handeval_registry::all_with_floor().len() * 4;
    let mut text = String::new();
    let mut done = 0;
    for line in BufReader::new(child.stdout.take().context("piped stdout")?).lines() {
        let line = line?;
        if line.starts_with("icount::") {
            done += 1;
            eprintln!("[{done}/{total}] {line}");
        }
        text.push_str(&line);
        text.push('\n');
    }
    if !child.wait()?.success() {
        bail!("the gungraun benchmarks failed");
    }
    Ok(parse_icount(&text))
}

/// One row per (evaluator, workload) that criterion measured, with the instruction counts joined in.
fn build_rows(
    estimates: &[(String, String, [f64; 3])],
    icounts: &[(String, usize, u64)],
    filter: &str,
) -> Result<Vec<Row>> {
    let evaluators = handeval_registry::all_with_floor();
    let mut rows = Vec::new();
    for (workload_id, evaluator, [median, low, high]) in estimates {
        let Some(workload) = Workload::from_id(workload_id) else {
            continue;
        };
        let Some(index) = evaluators.iter().position(|e| e.name() == evaluator) else {
            continue;
        };
        let e = &evaluators[index];
        let (summary, table_bytes, note) = (e.summary(), e.table_bytes(), e.unavailable());
        let per_hand = |ns: f64| ns / BLOCK as f64;
        // Instructions are counted over the shuffled sample; they apply to both orders.
        let icount_id = format!("{:?}/shuffled/{:?}", workload.kind, workload.input).to_lowercase();
        let instructions = icounts
            .iter()
            .find(|(w, i, _)| *w == icount_id && *i == index)
            .map(|(_, _, n)| *n as f64 / handeval_benches::SAMPLE as f64);
        let mut parts = workload_id.split('/');
        rows.push(Row {
            evaluator: evaluator.clone(),
            workload: workload_id.clone(),
            kind: parts.next().unwrap_or_default().into(),
            order: parts.next().unwrap_or_default().into(),
            input: parts.next().unwrap_or_default().into(),
            median_ns: per_hand(*median),
            ci_low_ns: per_hand(*low),
            ci_high_ns: per_hand(*high),
            mhands_per_s: 1e3 / per_hand(*median),
            instructions,
            instructions_minus_floor: None,
            ratio_to_fastest: 0.0,
            ratio_to_pokers: None,
            table_bytes,
            note: note.unwrap_or_default().into(),
            summary: summary.into(),
        });
    }
    if rows.is_empty() {
        bail!("criterion produced no results (is --filter {filter:?} too narrow?)");
    }
    // Report order: workloads as defined, evaluators as registered.
    rows.sort_by_key(|r| {
        (
            Workload::ALL.iter().position(|w| w.id() == r.workload),
            evaluators.iter().position(|e| e.name() == r.evaluator),
        )
    });
    report::derive_columns(&mut rows);
    let missing: Vec<String> = Workload::ALL
        .iter()
        .flat_map(|w| evaluators.iter().map(move |e| (w, e.name())))
        .filter(|(w, e)| {
            selected_by(filter, **w, e)
                && !rows
                    .iter()
                    .any(|r| r.workload == w.id() && r.evaluator == *e)
        })
        .map(|(w, e)| format!("{w}/{e}"))
        .collect();
    if !missing.is_empty() {
        bail!("criterion did not report: {}", missing.join(", "));
    }

    Ok(rows)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gungraun_output_is_parsed() {
        let text = "icount::icount::strength_shuffled_encoded evaluator_3:(strength_encoded(nth of 0 .. evaluator_count()))\n  Instructions:                                     967874|N/A                  (*********)\n  L1 Hits:  5|N/A\nicount::icount::category_shuffled_hand evaluator_10:(x)\n  Instructions:   12|N/A\n";
        assert_eq!(
            parse_icount(text),
            vec![
                ("strength/shuffled/encoded".to_string(), 3, 967_874),
                ("category/shuffled/hand".to_string(), 10, 12)
            ]
        );
    }

    #[test]
    fn the_lockfile_pins_gungraun() {
        std::env::set_current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/..")).unwrap();
        assert_eq!(locked_version("gungraun").unwrap(), "0.20.0");
    }
}
