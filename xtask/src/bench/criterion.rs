//! Criterion's estimates, read back from the files it wrote, one per
//! benchmark of the plan.

use std::fs;
use std::path::{Path, PathBuf};

use anyhow::{Context, Result, bail};
use handeval_benches::{Benchmark, Plan, Workload};
use serde::Deserialize;

/// Criterion's median, with its 95% bounds, in nanoseconds per block.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Estimate {
    pub median: f64,
    pub low: f64,
    pub high: f64,
}

/// Reads a JSON file criterion wrote.
fn json<T: for<'de> Deserialize<'de>>(path: &Path) -> Result<T> {
    let text = fs::read(path).with_context(|| format!("reading {}", path.display()))?;
    serde_json::from_slice(&text).with_context(|| format!("parsing {}", path.display()))
}

/// The benchmark and median estimate of one of criterion's `new` folders.
fn read_one(new: &Path) -> Result<(Benchmark, Estimate)> {
    #[derive(Deserialize)]
    struct Meta {
        group_id: String,
        function_id: String,
    }
    #[derive(Deserialize)]
    struct Estimates {
        median: Statistic,
    }
    #[derive(Deserialize)]
    struct Statistic {
        point_estimate: f64,
        confidence_interval: Interval,
    }
    #[derive(Deserialize)]
    struct Interval {
        lower_bound: f64,
        upper_bound: f64,
    }
    let meta: Meta = json(&new.join("benchmark.json"))?;
    let workload: Workload = meta
        .group_id
        .parse()
        .with_context(|| format!("{}", new.display()))?;
    let m = json::<Estimates>(&new.join("estimates.json"))?.median;
    Ok((
        Benchmark {
            workload,
            evaluator: meta.function_id,
        },
        Estimate {
            median: m.point_estimate,
            low: m.confidence_interval.lower_bound,
            high: m.confidence_interval.upper_bound,
        },
    ))
}

/// Criterion's estimate of every benchmark of `plan`, from the files under
/// `home`, in the plan's order.
///
/// # Errors
/// A file that does not read, a benchmark the plan does not name, or one
/// it names that criterion did not measure.
pub fn read(home: &Path, plan: &Plan) -> Result<Vec<(Benchmark, Option<Estimate>)>> {
    let mut found = Vec::new();
    // A plan of access patterns alone (`--filter strength/equity*`) gives
    // criterion nothing, and criterion writes no folder: what the plan
    // wanted of it is checked below either way.
    let mut stack: Vec<PathBuf> = Some(home.to_path_buf())
        .filter(|h| h.is_dir())
        .into_iter()
        .collect();
    while let Some(dir) = stack.pop() {
        for entry in fs::read_dir(&dir).with_context(|| format!("reading {}", dir.display()))? {
            let path = entry?.path();
            if path.ends_with("new") && path.join("benchmark.json").is_file() {
                found.push(read_one(&path)?);
            } else if path.is_dir() {
                stack.push(path);
            }
        }
    }
    let by_criterion = |b: &Benchmark| b.workload.by_criterion() && plan.timed.contains(b);
    if let Some((b, _)) = found.iter().find(|(b, _)| !by_criterion(b)) {
        bail!("criterion measured {b}, which the plan does not give it");
    }
    let missing: Vec<String> = plan
        .timed
        .iter()
        .filter(|b| b.workload.by_criterion() && !found.iter().any(|(f, _)| f == *b))
        // An engine is timed in the rounds alone.
        .filter(|b| handeval_engines::contender(&b.evaluator).is_none())
        .map(ToString::to_string)
        .collect();
    if !missing.is_empty() {
        bail!("criterion did not report: {}", missing.join(", "));
    }
    // A contended benchmark is the rounds' alone: no estimate.
    Ok(plan
        .timed
        .iter()
        .map(|b| {
            let estimate = found.iter().find(|(f, _)| f == b).map(|(_, e)| *e);
            (b.clone(), estimate)
        })
        .collect())
}
