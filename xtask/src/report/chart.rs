//! `chart.svg`: ns per hand per evaluator, sequential and shuffled side by side.

use std::collections::BTreeMap;
use std::path::Path;

use anyhow::Result;
use handeval_benches::{Order, Workload};

use super::schema::Row;
use crate::machine::Machine;

/// The bars of a chart: each evaluator's time on `shuffled`, slowest
/// first (at the bottom), and on the same workload in sequential order;
/// `None` when the run has no `shuffled` rows.
#[allow(clippy::type_complexity, reason = "two named tables, used once")]
fn bars(rows: &[Row], shuffled: Workload) -> Option<(Vec<(&str, f64)>, BTreeMap<&str, f64>)> {
    // In-process contenders of one measurement: a runner's engine pays its
    // interpreter on every hand and has a section of its own.
    let rows: Vec<&Row> = rows
        .iter()
        .filter(|r| r.language.in_process() && r.in_one_measurement())
        .collect();
    let seq: BTreeMap<&str, f64> = rows
        .iter()
        .filter(|r| r.workload == shuffled.in_order(Order::Sequential))
        .map(|r| (r.evaluator.as_str(), r.ns))
        .collect();
    let mut evaluators: Vec<(&str, f64)> = rows
        .iter()
        .filter(|r| r.workload == shuffled)
        .map(|r| (r.evaluator.as_str(), r.ns))
        .collect();
    evaluators.sort_by(|a, b| b.1.total_cmp(&a.1));
    (!evaluators.is_empty()).then_some((evaluators, seq))
}

/// A chart of `shuffled` (a workload in shuffled order) and the same
/// workload in sequential order: ns per hand per evaluator, side by side.
/// `Ok(false)`, and nothing written, when the run has no `shuffled` rows.
pub fn render(
    rows: &[Row],
    path: &Path,
    machine: &Machine,
    shuffled: Workload,
    title: &str,
) -> Result<bool> {
    use plotters::prelude::*;
    use plotters::style::text_anchor::{HPos, Pos, VPos};

    let Some((evaluators, seq)) = bars(rows, shuffled) else {
        return Ok(false);
    };
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
        "{title}, ns per hand (log scale, lower is better) - {}",
        machine.cpu
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
    Ok(true)
}
