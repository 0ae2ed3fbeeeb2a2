//! `results.csv` as the registry describes it. The record itself (rows,
//! turns, checks, the estimator, strict reading and writing) is the
//! `handeval-results` crate; this module adds what only the registry
//! knows about a row: an older file's roles and families, an outside
//! evaluator's declared tables.

use handeval_core::Role;
use handeval_registry::About;

pub use handeval_results::estimate::{TIMERS_AGREE_WITHIN, alike_blocks, median_turn};
pub use handeval_results::{CheckRow, Row, Timer, Turn};

/// Fills in what `about` declares about the evaluator of `r`.
pub fn describe_from(r: &mut Row, about: &About) {
    r.family = about.meta.family.name.to_string();
    r.role = Some(about.meta.role);
    r.derived_from = about.meta.derived_from.unwrap_or_default().to_string();
    r.form = handeval_benches::patterns::form_named(
        r.workload.order,
        about.incremental,
        about.calculator,
        about.shared_sums,
    )
    .to_string();
}

/// What the registry says about the rows of any run: a row an older file
/// wrote without its role gets its family, role and origin from the
/// registry by name (an evaluator it no longer has, the family its name
/// begins with). A row's figures and declarations are the run's own, as
/// its report printed them.
pub fn describer() -> impl Fn(&mut Row) {
    let abouts: Vec<(handeval_core::GameInfo, Vec<About>)> = handeval_registry::games()
        .into_iter()
        .map(|g| (g, crate::select::abouts(g, true)))
        .collect();
    move |r: &mut Row| {
        if r.role.is_some() {
            return;
        }
        let game = r.workload.game();
        let about = abouts
            .iter()
            .find(|(g, _)| *g == game)
            .and_then(|(_, abouts)| abouts.iter().find(|a| a.meta.name == r.evaluator));
        if let Some(about) = about {
            describe_from(r, about);
        } else if r.family.is_empty() {
            r.family = r.evaluator.split('/').next().unwrap_or_default().into();
        }
    }
}

/// The tables an outside evaluator reads as the registry declares them
/// today: its crate is pinned, so a declaration the lab corrected
/// (`aya_poker`'s perfect-hash tables, declared as none before issue 65)
/// describes the code an older run timed too. Every other row: as its
/// run recorded.
pub fn declared_tables(r: &Row) -> usize {
    if r.role != Some(Role::Baseline) || r.language != handeval_results::Language::Rust {
        return r.table_bytes;
    }
    crate::select::abouts(r.workload.game(), false)
        .iter()
        .find(|a| a.meta.name == r.evaluator)
        .map_or(r.table_bytes, |a| a.meta.table_bytes)
}
