//! `cargo xtask diff --every --slice K/N`: the check of every hand a slice
//! of the enumeration's parts at a time, for a game whose every hand takes
//! longer than one sitting (every six-card Omaha hand: about two hours on
//! two cores of a Zen 5, three on the Xeon).
//!
//! Slice `K` of `N` checks the parts `K - 1`, `K - 1 + N`, `K - 1 + 2N`, ...
//! (every `N`th, so that each slice holds boards of every kind and takes
//! about as long), and saves what it found ([`Found`]: each evaluator's
//! mismatches and categories, the reference's histogram and classes) as
//! `slice-K-of-N.json` in a folder named after the game, the evaluators and
//! the commit (`results/checks/` unless `--slices-in` says where). The run
//! that saves the last missing slice merges them all and gives the verdict
//! over every hand, as one run of `--every` would: the table's counts and
//! classes included, which no slice can give alone. Slices of another
//! commit, game or set of evaluators are never merged: their folder is
//! another.

use std::fmt;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use anyhow::{Context, Result, bail};
use handeval_core::Game;
use handeval_difftest::cards::{Found, HandCheck, PartCheck, Totals, find, parts};
use serde::{Deserialize, Serialize};

/// Which slice of how many (`K/N`, from 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Slice {
    /// This slice, 1 to `of`.
    pub k: usize,
    /// How many slices the parts are cut into.
    pub of: usize,
}

impl fmt::Display for Slice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.k, self.of)
    }
}

/// `--slice`'s value: `K/N` with `1 <= K <= N`.
pub fn parse_slice(s: &str) -> Result<Slice, String> {
    let bad = || format!("expected K/N with 1 <= K <= N (e.g. 2/4), not {s:?}");
    let (k, of) = s.trim().split_once('/').ok_or_else(bad)?;
    let (k, of): (usize, usize) = (
        k.trim().parse().map_err(|_| bad())?,
        of.trim().parse().map_err(|_| bad())?,
    );
    if k == 0 || k > of {
        return Err(bad());
    }
    Ok(Slice { k, of })
}

/// One slice's findings as saved.
#[derive(Debug, Serialize, Deserialize)]
pub struct Saved {
    game: String,
    evaluators: Vec<String>,
    /// `git describe --always --dirty` when it was found.
    pub git: String,
    cpu: String,
    slice: (usize, usize),
    parts: usize,
    seconds: f64,
    found: Found,
}

/// What a slice's run gives: the verdicts over every hand when it saved the
/// last missing slice, else over its own hands.
pub struct Sliced<G> {
    pub checks: Vec<(HandCheck<G>, Duration)>,
    /// The reference's totals over every hand, once every slice is in.
    pub totals: Option<Totals>,
    /// The slices saved so far, this one included, in order.
    pub saved: Vec<usize>,
    /// Where they are.
    pub folder: PathBuf,
    /// The slices' own times, summed.
    pub seconds: f64,
}

/// Checks slice `slice` of `G`'s parts with `checks`,
/// saves it in `root`'s folder for these evaluators and this commit, and
/// merges every slice when none is missing.
///
/// # Errors
/// The folder cannot be written, or a saved slice cannot be read or is
/// not this check's.
pub fn check<G: Game>(
    checks: &[&dyn PartCheck<G>],
    slice: Slice,
    root: &Path,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<Sliced<G>> {
    let names: Vec<String> = checks.iter().map(|c| c.name().to_string()).collect();
    let git = crate::machine::probe::output("git", &["describe", "--always", "--dirty"])
        .unwrap_or_else(|| "unknown".to_string());
    let folder = root.join(format!(
        "{}-{}-{git}",
        G::ID,
        if names.is_empty() {
            "reference".to_string()
        } else {
            names.join("+").replace('/', "-")
        }
    ));
    let chosen: Vec<_> = parts::<G>()
        .iter()
        .skip(slice.k - 1)
        .step_by(slice.of)
        .copied()
        .collect();
    let started = Instant::now();
    let found = find::<G>(checks, &chosen, progress);
    let saved = Saved {
        game: G::ID.to_string(),
        evaluators: names,
        git,
        cpu: crate::machine::probe::cpu_line(),
        slice: (slice.k, slice.of),
        parts: chosen.len(),
        seconds: started.elapsed().as_secs_f64(),
        found,
    };
    std::fs::create_dir_all(&folder).with_context(|| format!("creating {}", folder.display()))?;
    let path = folder.join(file_name(slice.k, slice.of));
    // Whole or not at all: written beside, then renamed over.
    let partial = path.with_extension("json.partial");
    std::fs::write(&partial, serde_json::to_string_pretty(&saved)?)
        .with_context(|| format!("writing {}", partial.display()))?;
    std::fs::rename(&partial, &path).with_context(|| format!("writing {}", path.display()))?;

    let mut all = Vec::new();
    for k in 1..=slice.of {
        let path = folder.join(file_name(k, slice.of));
        if !path.exists() {
            continue;
        }
        let text = std::fs::read_to_string(&path)
            .with_context(|| format!("reading {}", path.display()))?;
        let other: Saved =
            serde_json::from_str(&text).with_context(|| format!("reading {}", path.display()))?;
        // Issue 66, item 8: the folder's name says the commit, and so does
        // the file; a slice whose file says another is not merged (edited,
        // or copied from another checkout's folder).
        if other.git != saved.git {
            bail!(
                "{} was found at {}, and this check runs at {}: slices of another commit are never merged",
                path.display(),
                other.git,
                saved.git
            );
        }
        if (other.game.as_str(), &other.evaluators, other.slice)
            != (saved.game.as_str(), &saved.evaluators, (k, slice.of))
        {
            bail!(
                "{} is not slice {k}/{} of this check ({} by {}): it holds {}/{} of {} by {}",
                path.display(),
                slice.of,
                saved.game,
                saved.evaluators.join(", "),
                other.slice.0,
                other.slice.1,
                other.game,
                other.evaluators.join(", ")
            );
        }
        all.push(other);
    }
    let saved_ks: Vec<usize> = all.iter().map(|s| s.slice.0).collect();
    let seconds = all.iter().map(|s| s.seconds).sum();
    if saved_ks.len() < slice.of {
        let (checks, _) = saved.found.verdicts(checks, false);
        return Ok(Sliced {
            checks,
            totals: None,
            saved: saved_ks,
            folder,
            seconds: saved.seconds,
        });
    }
    let merged = all
        .into_iter()
        .map(|s| s.found)
        .reduce(Found::merge)
        .expect("at least this slice");
    let (checks, totals) = merged.verdicts(checks, true);
    Ok(Sliced {
        checks,
        totals: Some(totals),
        saved: saved_ks,
        folder,
        seconds,
    })
}

pub fn file_name(k: usize, of: usize) -> String {
    format!("slice-{k}-of-{of}.json")
}
