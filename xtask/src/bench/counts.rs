//! Instruction counts: the plan's counted benchmarks run under gungraun,
//! two processes at a time, and their JSON summaries read back.

use std::collections::VecDeque;
use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::{Arc, Mutex, PoisonError, mpsc};

use anyhow::{Context, Result, bail};
use handeval_benches::plan::PLAN_VAR;
use handeval_benches::{Benchmark, Plan};
use serde::Deserialize;

use super::cargo::{Build, ensure_runner};
use crate::scratch::Guarded;
use crate::workspace;

/// One instruction count: the benchmark, and callgrind's total.
#[derive(Clone, Debug, PartialEq)]
pub struct Counted {
    pub benchmark: Benchmark,
    pub instructions: u64,
}

/// The gungraun benchmark function that takes every count, whatever the
/// game: its benchmark `evaluator_i` is the plan's `i`-th count.
const FUNCTION: &str = "counted_sample";

/// Reads one line of gungraun's JSON summary (schema v6), if it is one:
/// benchmark `evaluator_i` is the `i`-th (workload, evaluator) `plan`
/// counts.
pub fn parse_line(line: &str, plan: &Plan) -> Result<Option<Counted>> {
    #[derive(Deserialize)]
    struct Summary {
        function_name: String,
        id: Option<String>,
        profiles: Vec<Profile>,
    }
    #[derive(Deserialize)]
    struct Profile {
        tool: String,
        data: Data,
    }
    #[derive(Deserialize)]
    struct Data {
        total: Total,
    }
    #[derive(Deserialize)]
    struct Total {
        metrics: Metrics,
    }
    #[derive(Deserialize)]
    struct Metrics {
        #[serde(rename = "Ir")]
        ir: Metric,
    }
    #[derive(Deserialize)]
    struct Metric {
        values: Values,
    }
    #[derive(Deserialize)]
    struct Values {
        new: u64,
    }

    if !line.starts_with('{') {
        return Ok(None);
    }
    let summary: Summary =
        serde_json::from_str(line).context("reading a line of gungraun's JSON summary")?;
    if summary.function_name != FUNCTION {
        bail!(
            "gungraun benchmark {} is not {FUNCTION}",
            summary.function_name
        );
    }
    let benchmark = summary
        .id
        .as_deref()
        .and_then(|id| id.strip_prefix("evaluator_"))
        .and_then(|n| n.parse::<usize>().ok())
        .and_then(|i| plan.counted.get(i).cloned())
        .with_context(|| {
            format!(
                "gungraun benchmark id {:?}: the plan takes {} counts",
                summary.id,
                plan.counted.len()
            )
        })?;
    let profile = summary
        .profiles
        .iter()
        .find(|p| p.tool == "Callgrind")
        .context("gungraun summary without a Callgrind profile")?;
    Ok(Some(Counted {
        benchmark,
        instructions: profile.data.total.metrics.ir.values.new,
    }))
}

/// Runs one gungraun pattern, sending its output's lines down `tx`.
fn run_pattern(
    exe: &Path,
    plan_file: &Path,
    pattern: &str,
    tx: &mpsc::Sender<Result<String>>,
) -> Result<()> {
    // As `cargo bench` runs it: from its package's folder, with `--bench`.
    let mut command = Command::new(exe);
    command
        .current_dir(workspace::root().join("benches"))
        .args(["--bench", pattern])
        .env(PLAN_VAR, plan_file)
        .env("GUNGRAUN_OUTPUT_FORMAT", "json");
    let mut child = Guarded::spawn(&command, &format!("gungraun {pattern}"), Stdio::piped())?;
    for line in child.stdout_lines().context("piped stdout")? {
        let _ = tx.send(line.context("reading gungraun's output"));
    }
    if !child.wait()?.success() {
        bail!("the gungraun benchmarks {pattern} failed");
    }
    Ok(())
}

/// Runs the plan's instruction counts, showing progress, and reads their
/// JSON summaries: two gungraun processes, one per core, the counts of
/// even and of odd place in the plan. Callgrind counts instructions, so a
/// neighbour on the other core changes no count, and most of the phase is
/// valgrind starting up once per benchmark, which two processes halve.
pub fn count(plan: &Plan, plan_file: &Path, build: Build<'_>) -> Result<Vec<Counted>> {
    ensure_runner()?;
    let exe = build.icount_executable()?;
    let patterns: VecDeque<String> = ["[02468]", "[13579]"]
        .into_iter()
        .take(plan.counted.len())
        .map(|last| format!("icount::icount::{FUNCTION}::evaluator_*{last}"))
        .collect();
    let queue = Arc::new(Mutex::new(patterns));
    let (tx, rx) = mpsc::channel::<Result<String>>();
    for _ in 0..2 {
        let (queue, tx, exe, plan_file) = (
            queue.clone(),
            tx.clone(),
            exe.clone(),
            plan_file.to_path_buf(),
        );
        std::thread::spawn(move || {
            loop {
                let next = queue
                    .lock()
                    .unwrap_or_else(PoisonError::into_inner)
                    .pop_front();
                let Some(pattern) = next else { break };
                if let Err(e) = run_pattern(&exe, &plan_file, &pattern, &tx) {
                    let _ = tx.send(Err(e));
                    break;
                }
            }
        });
    }
    drop(tx);
    let total = plan.counted.len();
    let mut counts = Vec::new();
    for line in rx {
        if let Some(c) = parse_line(&line?, plan)? {
            errln!(
                "[{}/{total}] {}: {} instructions",
                counts.len() + 1,
                c.benchmark,
                c.instructions
            )?;
            counts.push(c);
        }
    }
    if counts.len() != total {
        bail!("gungraun counted {} benchmarks of {total}", counts.len());
    }
    Ok(counts)
}
