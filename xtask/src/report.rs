//! `results.csv`, `report.md` and `chart.svg`: writing them, and re-rendering
//! the last two from the first (`cargo xtask report DIR`).

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::fs;
use std::path::Path;

use anyhow::{Context, Result, bail};
use serde::{Deserialize, Serialize};

/// One evaluator on one workload: a line of `results.csv`.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Row {
    pub evaluator: String,
    /// `kind/order/input`, e.g. `strength/shuffled/encoded`.
    pub workload: String,
    pub kind: String,
    pub order: String,
    pub input: String,
    /// Criterion's median time per hand, and its 95% confidence bounds.
    pub median_ns: f64,
    pub ci_low_ns: f64,
    pub ci_high_ns: f64,
    pub mhands_per_s: f64,
    /// Instructions per hand over the fixed shuffled sample (empty without valgrind).
    pub instructions: Option<f64>,
    /// The same, less the `null` floor's.
    pub instructions_minus_floor: Option<f64>,
    /// Median time over the fastest evaluator's (the floor excluded) in this workload.
    pub ratio_to_fastest: f64,
    /// Median time over `pokers`' in this workload.
    pub ratio_to_pokers: Option<f64>,
    pub table_bytes: usize,
    /// Why the evaluator did not run natively here, if it did not.
    pub note: String,
    pub summary: String,
}

pub const FLOOR: &str = "null";
pub const BASELINE: &str = "pokers";

/// Fills in the ratio and floor columns from the measured ones.
pub fn derive_columns(rows: &mut [Row]) {
    let workloads: Vec<String> = distinct(rows.iter().map(|r| r.workload.clone()));
    for w in workloads {
        let in_w = |r: &Row| r.workload == w;
        let fastest = rows
            .iter()
            .filter(|r| in_w(r) && r.evaluator != FLOOR)
            .map(|r| r.median_ns)
            .fold(f64::INFINITY, f64::min);
        let pokers = rows
            .iter()
            .find(|r| in_w(r) && r.evaluator == BASELINE)
            .map(|r| r.median_ns);
        let floor = rows
            .iter()
            .find(|r| in_w(r) && r.evaluator == FLOOR)
            .and_then(|r| r.instructions);
        for r in rows.iter_mut().filter(|r| r.workload == w) {
            r.ratio_to_fastest = r.median_ns / fastest;
            r.ratio_to_pokers = pokers.map(|p| r.median_ns / p);
            r.instructions_minus_floor = match (r.instructions, floor) {
                (Some(i), Some(f)) => Some(i - f),
                _ => None,
            };
        }
    }
}

fn distinct(items: impl Iterator<Item = String>) -> Vec<String> {
    let mut v: Vec<String> = Vec::new();
    for i in items {
        if !v.contains(&i) {
            v.push(i);
        }
    }
    v
}

pub fn write_csv(path: &Path, rows: &[Row]) -> Result<()> {
    let mut w =
        csv::Writer::from_path(path).with_context(|| format!("creating {}", path.display()))?;
    for r in rows {
        w.serialize(r)?;
    }
    w.flush()?;
    Ok(())
}

pub fn read_csv(path: &Path) -> Result<Vec<Row>> {
    let mut r =
        csv::Reader::from_path(path).with_context(|| format!("reading {}", path.display()))?;
    let rows = r.deserialize().collect::<Result<Vec<Row>, _>>()?;
    if rows.is_empty() {
        bail!("{} holds no results", path.display());
    }
    Ok(rows)
}

/// `machine.txt` as `key: value` lines, in order.
pub fn read_machine(dir: &Path) -> Result<Vec<(String, String)>> {
    let text = fs::read_to_string(dir.join("machine.txt"))
        .with_context(|| format!("reading {}/machine.txt", dir.display()))?;
    Ok(text
        .lines()
        .filter_map(|l| {
            l.split_once(": ")
                .map(|(k, v)| (k.trim().to_string(), v.trim().to_string()))
        })
        .collect())
}

fn get<'a>(machine: &'a [(String, String)], key: &str) -> &'a str {
    machine
        .iter()
        .find(|(k, _)| k == key)
        .map_or("unknown", |(_, v)| v.as_str())
}

fn fmt_ns(ns: f64) -> String {
    if ns >= 100.0 {
        format!("{ns:.0}")
    } else {
        format!("{ns:.2}")
    }
}

fn fmt_opt(v: Option<f64>, digits: usize) -> String {
    v.map_or_else(|| "-".to_string(), |v| format!("{v:.digits$}"))
}

fn human_bytes(b: usize) -> String {
    match b {
        0 => "0".to_string(),
        b if b < 1024 => format!("{b} B"),
        b => format!("{:.0} KiB", b as f64 / 1024.0),
    }
}

/// The table for one workload, fastest first, the floor last.
pub fn workload_table(rows: &[Row], workload: &str) -> String {
    let mut in_w: Vec<&Row> = rows.iter().filter(|r| r.workload == workload).collect();
    in_w.sort_by(|a, b| {
        (a.evaluator == FLOOR)
            .cmp(&(b.evaluator == FLOOR))
            .then(a.median_ns.total_cmp(&b.median_ns))
    });
    let mut s = String::new();
    s.push_str("| # | evaluator | ns/hand (median) | 95% CI | M hands/s | instr/hand | instr - floor | x fastest | x pokers | tables |\n");
    s.push_str("|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|\n");
    let mut rank = 0;
    for r in in_w {
        let (pos, name) = if r.evaluator == FLOOR {
            (String::new(), "null (harness floor)".to_string())
        } else {
            rank += 1;
            let name = if r.note.is_empty() {
                r.evaluator.clone()
            } else {
                format!("{} (see note)", r.evaluator)
            };
            (rank.to_string(), name)
        };
        let _ = writeln!(
            s,
            "| {pos} | {name} | {} | {}-{} | {:.0} | {} | {} | {:.2} | {} | {} |",
            fmt_ns(r.median_ns),
            fmt_ns(r.ci_low_ns),
            fmt_ns(r.ci_high_ns),
            r.mhands_per_s,
            fmt_opt(r.instructions, 1),
            fmt_opt(r.instructions_minus_floor, 1),
            r.ratio_to_fastest,
            fmt_opt(r.ratio_to_pokers, 2),
            human_bytes(r.table_bytes),
        );
    }
    s
}

fn find<'a>(rows: &'a [Row], evaluator: &str, workload: &str) -> Option<&'a Row> {
    rows.iter()
        .find(|r| r.evaluator == evaluator && r.workload == workload)
}

/// The targets the issues set, measured: each algorithm's best variant against
/// `pokers`, and each faithful-to-tuned speed-up, in shuffled order.
pub fn targets(rows: &[Row]) -> String {
    const HEADLINE: &str = "strength/shuffled/encoded";
    const SEQUENTIAL: &str = "strength/sequential/encoded";
    let mut s = String::new();
    s.push_str("| algorithm | variant | ns/hand shuffled | x pokers (target <= 1.5) | ns/hand sequential | shuffled / sequential | instr/hand |\n");
    s.push_str("|---|---|---:|---:|---:|---:|---:|\n");
    for algorithm in ["subskybox", "deadhorse", "pext"] {
        let mut variants: Vec<&Row> = rows
            .iter()
            .filter(|r| r.workload == HEADLINE && r.evaluator.starts_with(&format!("{algorithm}/")))
            .collect();
        variants.sort_by(|a, b| a.median_ns.total_cmp(&b.median_ns));
        for (i, r) in variants.iter().enumerate() {
            let seq = find(rows, &r.evaluator, SEQUENTIAL).map(|q| q.median_ns);
            let _ = writeln!(
                s,
                "| {} | {}{} | {} | {} | {} | {} | {} |",
                if i == 0 { algorithm } else { "" },
                r.evaluator,
                if i == 0 { " (best)" } else { "" },
                fmt_ns(r.median_ns),
                fmt_opt(r.ratio_to_pokers, 2),
                seq.map_or("-".into(), fmt_ns),
                fmt_opt(seq.map(|q| r.median_ns / q), 2),
                fmt_opt(r.instructions, 1),
            );
        }
    }
    s.push('\n');
    let mut speedups = Vec::new();
    for (faithful, tuned) in [
        ("subskybox/faithful", "subskybox/tuned"),
        ("deadhorse/faithful", "deadhorse/tuned"),
        ("pext/reductions", "pext/branchless"),
        ("pext/portable", "pext/bmi2"),
    ] {
        if let (Some(f), Some(t)) = (find(rows, faithful, HEADLINE), find(rows, tuned, HEADLINE)) {
            speedups.push(format!(
                "`{tuned}` is {:.1}x faster than `{faithful}` ({} vs {} ns/hand, {} vs {} instructions)",
                f.median_ns / t.median_ns,
                fmt_ns(t.median_ns),
                fmt_ns(f.median_ns),
                fmt_opt(t.instructions, 1),
                fmt_opt(f.instructions, 1),
            ));
        }
    }
    for line in speedups {
        let _ = writeln!(s, "- {line}");
    }
    s
}

/// `report.md`: everything a write-up would quote.
pub fn render_markdown(rows: &[Row], machine: &[(String, String)]) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "# handeval benchmark report\n");
    let _ = writeln!(
        s,
        "Produced by `{}` on {}.\n",
        get(machine, "command"),
        get(machine, "date")
    );
    let _ = writeln!(s, "| | |\n|---|---|");
    for key in [
        "cpu",
        "cores",
        "bmi2",
        "pext",
        "os",
        "rustc",
        "profile",
        "target-cpu",
        "git",
        "seed",
        "mode",
        "instruction counts",
    ] {
        let _ = writeln!(s, "| {key} | {} |", get(machine, key).replace('|', "/"));
    }
    s.push_str(
        "\nReading these numbers: times are criterion medians per hand, measured over blocks of \
         64,974 hands walking through all 2,598,960 hands, in the fixed `all_hands()` order \
         (*sequential*: similar hands in a row, which flatters branchy code) or in a seeded random \
         order (*shuffled*: what real callers see). *encoded* starts from each evaluator's own \
         encoding; *hand* includes encoding from cards. Instruction counts come from callgrind \
         over a fixed sample of 10,000 hands drawn with the same seed, and apply to both orders; \
         *instr - floor* subtracts the `null` evaluator, which reads the five cards and does nothing; \
         an evaluator whose own encoding pre-combines the cards (pokers keeps the running sum of \
         its card keys) reads less than that per hand and can come out below the floor, so compare \
         such evaluators on the *hand* workloads too. \
         Ratios compare medians measured in this one run. Every evaluator was checked against \
         the reference over all hands before it was timed.\n\n",
    );
    s.push_str("## Targets\n\n");
    s.push_str(&targets(rows));
    for workload in distinct(rows.iter().map(|r| r.workload.clone())) {
        let _ = writeln!(s, "\n## {workload}\n");
        s.push_str(&workload_table(rows, &workload));
    }
    s.push_str("\n## The evaluators\n\n");
    for name in distinct(rows.iter().map(|r| r.evaluator.clone())) {
        let Some(r) = rows.iter().find(|r| r.evaluator == name) else {
            continue;
        };
        let note = if r.note.is_empty() {
            String::new()
        } else {
            format!(" **Note:** {}.", r.note)
        };
        let _ = writeln!(
            s,
            "- `{}`: {}; tables {}.{note}",
            r.evaluator,
            r.summary,
            human_bytes(r.table_bytes)
        );
    }
    s.push_str("\nThe chart (`chart.svg`) shows the strength workload from the evaluator's own encoding, sequential and shuffled side by side.\n");
    s
}

/// `chart.svg`: ns per hand per evaluator, sequential and shuffled side by side.
pub fn render_chart(rows: &[Row], path: &Path, machine: &[(String, String)]) -> Result<()> {
    use plotters::prelude::*;
    use plotters::style::text_anchor::{HPos, Pos, VPos};

    let seq: BTreeMap<&str, f64> = rows
        .iter()
        .filter(|r| r.workload == "strength/sequential/encoded")
        .map(|r| (r.evaluator.as_str(), r.median_ns))
        .collect();
    let mut evaluators: Vec<(&str, f64)> = rows
        .iter()
        .filter(|r| r.workload == "strength/shuffled/encoded")
        .map(|r| (r.evaluator.as_str(), r.median_ns))
        .collect();
    if evaluators.is_empty() {
        bail!("no strength/shuffled/encoded results to chart");
    }
    // Slowest at the bottom, fastest at the top.
    evaluators.sort_by(|a, b| b.1.total_cmp(&a.1));
    let max = evaluators
        .iter()
        .map(|e| e.1)
        .chain(seq.values().copied())
        .fold(1.0, f64::max);
    let n = evaluators.len();
    let height = 140 + 34 * n as u32;
    let root = SVGBackend::new(path, (960, height)).into_drawing_area();
    root.fill(&WHITE)?;
    let caption = format!(
        "Full strength, ns per hand (log scale, lower is better) - {}",
        get(machine, "cpu")
    );
    let mut chart = ChartBuilder::on(&root)
        .caption(caption, ("sans-serif", 18))
        .margin(12)
        .x_label_area_size(40)
        .y_label_area_size(170)
        .build_cartesian_2d((0.5f64..max * 1.6).log_scale(), 0f64..n as f64)?;
    chart
        .configure_mesh()
        .disable_y_mesh()
        .y_labels(0)
        .x_desc("nanoseconds per hand")
        .draw()?;
    // Evaluator names, right-aligned in the label area beside their bars.
    let name_style = ("sans-serif", 14)
        .into_font()
        .into_text_style(&root)
        .pos(Pos::new(HPos::Right, VPos::Center));
    for (i, (name, _)) in evaluators.iter().enumerate() {
        let (x, y) = chart.backend_coord(&(0.5, i as f64 + 0.5));
        root.draw(&Text::new(
            (*name).to_string(),
            (x - 8, y),
            name_style.clone(),
        ))?;
    }
    let shuffled_colour = RGBColor(214, 96, 39);
    let sequential_colour = RGBColor(54, 110, 180);
    chart
        .draw_series(evaluators.iter().enumerate().filter_map(|(i, (name, _))| {
            seq.get(name).map(|&v| {
                let y = i as f64;
                Rectangle::new([(0.5, y + 0.52), (v, y + 0.88)], sequential_colour.filled())
            })
        }))?
        .label("sequential order")
        .legend(move |(x, y)| {
            Rectangle::new([(x, y - 5), (x + 14, y + 5)], sequential_colour.filled())
        });
    chart
        .draw_series(evaluators.iter().enumerate().map(|(i, (_, v))| {
            let y = i as f64;
            Rectangle::new([(0.5, y + 0.12), (*v, y + 0.48)], shuffled_colour.filled())
        }))?
        .label("shuffled order")
        .legend(move |(x, y)| {
            Rectangle::new([(x, y - 5), (x + 14, y + 5)], shuffled_colour.filled())
        });
    chart.draw_series(evaluators.iter().enumerate().map(|(i, (_, v))| {
        Text::new(
            format!("{v:.1}"),
            (*v * 1.05, i as f64 + 0.2),
            ("sans-serif", 12),
        )
    }))?;
    chart
        .configure_series_labels()
        .position(SeriesLabelPosition::UpperRight)
        .background_style(WHITE.mix(0.9))
        .border_style(BLACK)
        .draw()?;
    root.present()?;
    Ok(())
}

/// Re-renders `report.md` and `chart.svg` in `dir` from its `results.csv` and `machine.txt`.
pub fn rerender(dir: &Path) -> Result<Vec<Row>> {
    let rows = read_csv(&dir.join("results.csv"))?;
    let machine = read_machine(dir)?;
    fs::write(dir.join("report.md"), render_markdown(&rows, &machine))?;
    render_chart(&rows, &dir.join("chart.svg"), &machine)?;
    Ok(rows)
}

pub const README_START: &str =
    "<!-- results:start (generated by `cargo xtask report DIR --readme`; do not edit) -->";
pub const README_END: &str = "<!-- results:end -->";

/// The README's Results section for the run in `dir` (a path relative to the repository root).
pub fn readme_section(rows: &[Row], machine: &[(String, String)], dir: &str) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "{README_START}");
    let _ = writeln!(
        s,
        "Sample run `{}`: {}, {} cores, {}; `{}` at `{}`, seed {}. Full report: [`{dir}/report.md`]({dir}/report.md), data: [`{dir}/results.csv`]({dir}/results.csv).\n",
        dir.rsplit('/').next().unwrap_or(dir),
        get(machine, "cpu"),
        get(machine, "cores"),
        get(machine, "rustc").split(" (").next().unwrap_or("rustc"),
        get(machine, "command"),
        get(machine, "git"),
        get(machine, "seed"),
    );
    let _ = writeln!(
        s,
        "![ns per hand, sequential and shuffled]({dir}/chart.svg)\n"
    );
    let _ = writeln!(
        s,
        "Full strength from each evaluator's own encoding, shuffled order:\n"
    );
    s.push_str(&workload_table(rows, "strength/shuffled/encoded"));
    let _ = writeln!(s, "\nThe same, sequential order:\n");
    s.push_str(&workload_table(rows, "strength/sequential/encoded"));
    s.push_str(
        "\nCaveats: sequential order (the `all_hands()` order) lets branch predictors learn runs of \
         similar hands, so always compare within one order; shuffled is what a real caller sees. \
         `null` is the harness floor (loading five cards and storing a result), included in every \
         time above. `pokers`' own encoding is its pre-summed card key, so pre-encoded it does less \
         than read five cards (fewer instructions than the floor); from cards (the *hand* workloads \
         in the report) it pays for that sum. ",
    );
    let _ = writeln!(
        s,
        "PEXT on this CPU: {}; on AMD Zen 1 and Zen 2 it is microcoded and `pext/bmi2` would \
         lose to `pext/portable`. Numbers from other machines are not comparable with these; \
         rerun `cargo xtask bench`.",
        get(machine, "pext")
    );
    let _ = writeln!(s, "{README_END}");
    s
}

/// Replaces the README's Results section with the one for `dir`.
pub fn update_readme(readme: &Path, dir: &Path) -> Result<()> {
    let rows = read_csv(&dir.join("results.csv"))?;
    let machine = read_machine(dir)?;
    let text = fs::read_to_string(readme)?;
    let (Some(start), Some(end)) = (text.find(README_START), text.find(README_END)) else {
        bail!("{} has no results markers", readme.display());
    };
    let rel = dir.to_string_lossy().trim_end_matches('/').to_string();
    let section = readme_section(&rows, &machine, &rel);
    let updated = format!(
        "{}{}{}",
        &text[..start],
        section.trim_end(),
        &text[end + README_END.len()..]
    );
    fs::write(readme, updated)?;
    Ok(())
}
