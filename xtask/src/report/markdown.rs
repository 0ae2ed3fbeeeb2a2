//! `report.md`: the tables a write-up quotes, all derived from the rows and
//! the machine description.

use std::fmt::Write as _;

use handeval_benches::{Kind, Load, Order, Workload};
use handeval_core::Role;
use handeval_core::{GameInfo, Hand};

use super::Run;
use super::format::{fmt_ns, fmt_opt, human_bytes, speed_words, thousands, thousands_u64};
use super::schema::{CheckRow, Row, Timer, median_turn};
use crate::machine::Machine;

fn find<'a>(rows: &'a [Row], evaluator: &str, workload: Workload) -> Option<&'a Row> {
    rows.iter()
        .find(|r| r.evaluator == evaluator && r.workload == workload)
}

/// The name of the floor among `rows`, if it was measured.
pub fn floor_name(rows: &[Row]) -> Option<&str> {
    rows.iter()
        .find(|r| r.is_floor())
        .map(|r| r.evaluator.as_str())
}

/// The baseline the ratios of `workload` are taken against.
fn baseline_of(rows: &[Row], workload: Workload) -> Option<&str> {
    rows.iter()
        .find(|r| r.workload == workload && !r.baseline.is_empty())
        .map(|r| r.baseline.as_str())
}

/// How the rows of a game other than five cards were measured, for the
/// report: every figure from the game's definition and the constants the
/// benchmarks use. `hands` per workload, timed `block` at a time;
/// `counted`: whether the run has instruction counts of the game.
pub fn game_method(
    game: GameInfo,
    (hands, block): (usize, usize),
    counted: bool,
    sample: usize,
) -> String {
    if let Some(low) = game.value.low() {
        return low_method(game, low.name, (hands, block));
    }
    let word = game.word;
    let capital = word[..1].to_uppercase() + &word[1..];
    let input = game.input;
    let workloads = Workload::of(game);
    let has =
        |kind: Kind, order: Order| workloads.iter().any(|w| w.kind == kind && w.order == order);
    let deal = if game.hole == 0 {
        format!("{} distinct cards each", spelled(game.count))
    } else {
        format!(
            "{} distinct cards each, the {} hole cards first",
            spelled(game.count),
            spelled(game.hole)
        )
    };
    let sequential = if has(Kind::Strength, Order::Sequential) {
        // As `handeval_benches::hands::sequential_start`: from the middle
        // hand, or every hand from the first where the workload holds them all.
        let start = (game.hands / 2).min(game.hands.saturating_sub(hands as u64));
        if start == 0 {
            format!(
                ", `strength/sequential/{input}` takes every {word} hand in order ({})",
                thousands_u64(game.hands)
            )
        } else {
            format!(
                ", `strength/sequential/{input}` takes consecutive hands of all {word} hands in order from hand {} (the middle one)",
                thousands_u64(start)
            )
        }
    } else {
        String::new()
    };
    let category = if has(Kind::Category, Order::Shuffled) {
        format!(" (`category/shuffled/{input}`: the category alone, on the same hands)")
    } else {
        String::new()
    };
    let fives = if game.fives == 0 {
        // Badugi: no five plays, so no best-of adapter.
        "A hand is worth a set of its cards, not a five: no best-of adapter.".to_string()
    } else if game.hole == 0 {
        format!(
            "Best-of-{} adapters run their five-card evaluator's own batch loop over the {} fives of each hand.",
            game.fives, game.fives
        )
    } else {
        format!(
            "A hand is worth its best five among the {} that take two of its hole cards and three of the board; best-of-{} adapters run their five-card evaluator's own batch loop over them.",
            game.fives, game.fives
        )
    };
    let every = if game.hole == 0 {
        format!("all {}", thousands_u64(game.hands))
    } else {
        format!(
            "all {} (one hand per class up to suit renaming, weighted)",
            thousands_u64(game.hands)
        )
    };
    let counts = if counted {
        format!(
            "Instruction counts, where measured, are of `strength/shuffled/{input}` over the first {} of its hands (the first 1,000 checked against the literal reference first){}.",
            thousands(sample),
            if has(Kind::Strength, Order::Sequential) {
                ", and stand for the sequential order too"
            } else {
                ""
            }
        )
    } else {
        format!("This run has no instruction counts of {word} hands.")
    };
    format!(
        "{capital} evaluators are timed from cards, full strength{category}, on {hands} hands per workload, in blocks of {block}: `strength/shuffled/{input}` deals the hands at random ({deal}, seeded by the run's seed, repeats redrawn){sequential}. Before timing, every hand an evaluator will be timed on is checked against the reference's class (the literal reference, microseconds a hand, on its first block); `cargo xtask diff --game {id}` checks {every}. {fives} {counts}",
        hands = thousands(hands),
        block = block_sentence(game, block),
        id = game.id,
    )
}

/// [`game_method`] for a Hi-Lo game, whose workload is its low half.
fn low_method(game: GameInfo, rule: &str, (hands, block): (usize, usize)) -> String {
    format!(
        "{title}: its low half is timed, each hand's best qualifying low ({rule}) or none, on {hands} hands dealt at random as `{high}` deals them (`low/shuffled/{input}`, seeded by the run's seed), in blocks of {block}; its high half is `{high}`'s workloads, timed there once. Before timing, every hand an evaluator will be timed on is checked against the reference's low (the literal definition: every five the game allows, ace low); `cargo xtask diff --game {id}` checks every hand.",
        title = game.title,
        input = game.input,
        high = game.high,
        hands = thousands(hands),
        block = block_sentence(game, block),
        id = game.id,
    )
}

/// A game's block size as the method sentence gives it: the five-card
/// block, or the smaller one of a game whose hands cost many fives.
fn block_sentence(game: GameInfo, block: usize) -> String {
    if game.hole == 0 {
        format!("{} as five-card ones", thousands(block))
    } else {
        format!(
            "{} (a five-card block over {}: each hand costs {} five-card evaluations)",
            thousands(block),
            handeval_benches::HOLE_AND_BOARD_SHARE,
            game.fives
        )
    }
}

/// The fastest direct (not best-of-fives) table-free evaluator on
/// `workload`, a workload from cards of a game other than five cards, if
/// the run has one.
pub fn best_direct_table_free(rows: &[Row], workload: Workload) -> Option<&Row> {
    let abouts = crate::select::abouts(workload.game(), false);
    rows.iter()
        .filter(|r| r.workload == workload && r.table_bytes == 0)
        .filter(|r| matches!(r.role, Some(Role::Tuned | Role::Faithful | Role::Simd)))
        .filter(|r| {
            abouts
                .iter()
                .any(|a| a.meta.name == r.evaluator && !a.best_of_fives)
        })
        .min_by(|a, b| a.ns.total_cmp(&b.ns))
}

/// The chart file of a game other than five cards: `chart-omaha.svg`.
pub fn chart_file(game: GameInfo) -> String {
    format!("chart-{}.svg", game.id)
}

/// The section of a game other than five cards: how it was measured, the
/// table-free direct evaluator against the baseline, and one table per
/// workload of the game.
pub fn game_section(rows: &[Row], machine: &Machine, game: GameInfo) -> Option<String> {
    let present: Vec<Workload> = Workload::of(game)
        .into_iter()
        .filter(|w| rows.iter().any(|r| r.workload == *w))
        .collect();
    if present.is_empty() {
        return None;
    }
    let word = game.word;
    let counted = rows
        .iter()
        .any(|r| r.workload.game() == game && r.instructions.is_some());
    let mut s = String::new();
    let _ = writeln!(
        s,
        "\n## {}\n\n{}\n",
        game.title,
        game_method(
            game,
            // The record's figures are of Hold'em blocks; the game's
            // workloads hold as many of its own blocks.
            {
                let holdem = machine.block_hands.unwrap_or(handeval_benches::BLOCK);
                let block = handeval_benches::block_beside(game, holdem);
                let hands = machine
                    .hands_per_workload
                    .unwrap_or(handeval_benches::hands::HANDS);
                (hands / holdem * block, block)
            },
            counted,
            machine.sample_hands.unwrap_or(handeval_benches::SAMPLE),
        )
    );
    for w in &present {
        if let Some(r) = best_direct_table_free(rows, *w) {
            // A count of a matchup is its "hand"; a workload no outside
            // evaluator takes part in has no ratio to say.
            let unit = if w.order.is_equity() { "count" } else { "hand" };
            let against = if r.baseline.is_empty() {
                ", no outside evaluator timed on it".to_string()
            } else {
                // Two significant digits: an equity count's ratio is a
                // hundredth or less.
                format!(
                    ", {} `{}`'s time",
                    r.ratio_to_baseline
                        .map_or_else(|| "-".to_string(), super::format::ratio_words),
                    r.baseline
                )
            };
            let _ = writeln!(
                s,
                "- {w}: the fastest table-free direct {word} evaluator, `{}`, takes {} ns/{unit}{against}{}.",
                r.evaluator,
                fmt_ns(r.ns),
                r.rounds.map_or(String::new(), |n| format!(
                    " (undisturbed: fastest turns of {n} interleaved rounds; the per-round ratios' median {}, quartiles {}-{})",
                    r.ratio_median.map_or_else(|| "-".to_string(), super::format::ratio_words),
                    r.ratio_q1.map_or_else(|| "-".to_string(), super::format::ratio_words),
                    r.ratio_q3.map_or_else(|| "-".to_string(), super::format::ratio_words)
                )),
            );
        }
    }
    if let Some(vectors) = present
        .first()
        .and_then(|&w| vectors_section(rows, machine, w))
    {
        let _ = writeln!(s, "\n### Vector against vector\n");
        s.push_str(&vectors);
    }
    for w in present {
        let _ = writeln!(s, "\n### {w}\n");
        if w.order.is_pattern() {
            // What a pass is, and what its "hand" is.
            let _ = writeln!(
                s,
                "{}.\n",
                handeval_benches::patterns::unit(w, machine.mode)
            );
        }
        s.push_str(&workload_table(rows, w));
    }
    let _ = writeln!(
        s,
        "\nThe chart `{}` shows the {word} evaluators' {} from cards{}.",
        chart_file(game),
        Workload::of(game)[0].kind.words(),
        if Workload::of(game)
            .iter()
            .any(|w| w.order == Order::Sequential)
        {
            ", shuffled and sequential side by side"
        } else {
            ", shuffled"
        }
    );
    Some(s)
}

/// One line per evaluator in the run: its role, summary, tables and code path.
fn evaluators_list(rows: &[Row]) -> String {
    let mut s = String::new();
    let mut seen: Vec<&str> = Vec::new();
    for r in rows {
        if seen.contains(&r.evaluator.as_str()) {
            continue;
        }
        seen.push(&r.evaluator);
        let role = r.role.map_or(String::new(), |role| format!(" ({role})"));
        let path = if r.cpu_path.is_empty() {
            String::new()
        } else {
            format!("; code path here: {}", r.cpu_path)
        };
        let note = if r.note.is_empty() {
            String::new()
        } else {
            format!(" **Note:** {}.", r.note)
        };
        let card_table = if r.card_table_bytes > 0 {
            format!(", card table {}", human_bytes(r.card_table_bytes))
        } else {
            String::new()
        };
        let _ = writeln!(
            s,
            "- `{}`{role}: {}; tables {}{card_table}{path}.{note}",
            r.evaluator,
            r.summary,
            human_bytes(r.table_bytes)
        );
    }
    s
}

/// Which figure a workload's times and ratios are, as its table's
/// headers name it: the undisturbed time (the fastest turn) of a shuffled
/// workload, the fastest turn beside the antagonist of a contended one,
/// the median turn of a sequential one (its blocks differ in content), or
/// criterion's median where the rounds did not time it.
fn statistic(workload: Workload, rounds: bool) -> &'static str {
    match (rounds, workload.load) {
        (false, _) => "median",
        (true, Load::Contended) => "contended",
        (true, Load::Quiet) if crate::report::schema::alike_blocks(workload) => "undisturbed",
        (true, Load::Quiet) => "median turn",
    }
}

/// The table for one workload, fastest first, the floor last.
pub fn workload_table(rows: &[Row], workload: Workload) -> String {
    // The contenders called in-process, timed together: a runner's engine
    // (Python, JavaScript) pays its interpreter on every call and is shown
    // with its language's floor in the engines section.
    let mut in_w: Vec<&Row> = rows
        .iter()
        .filter(|r| r.workload == workload && r.language.in_process() && r.in_one_measurement())
        .collect();
    in_w.sort_by(|a, b| a.is_floor().cmp(&b.is_floor()).then(a.ns.total_cmp(&b.ns)));
    let baseline = baseline_of(rows, workload).unwrap_or("baseline");
    // Columns that older runs have no data for are left out of their tables.
    let card_tables = rows.iter().any(|r| r.card_table_bytes > 0);
    let spread = rows.iter().any(|r| r.rounds.is_some());
    let marked = in_w.iter().any(|r| r.timers_differ);
    let rounds = in_w.iter().any(|r| r.ns_from == Timer::Rounds);
    let statistic = statistic(workload, rounds);
    let interval = if rounds { "turns' quartiles" } else { "95% CI" };
    // Runs before the rounds had one statistic, which the times' header names.
    let ratio = if rounds {
        format!("x {baseline} ({statistic})")
    } else {
        format!("x {baseline}")
    };
    let mut s = String::new();
    let _ = write!(
        s,
        "| # | evaluator | ns/hand ({statistic}) | {interval} | M hands/s | instr/hand | instr - floor | x fastest | {ratio} |"
    );
    if spread {
        s.push_str(" spread | disturbed |");
    }
    s.push_str(" tables |");
    if card_tables {
        s.push_str(" card table |");
    }
    if marked {
        s.push_str(" timers |");
    }
    s.push_str("\n|---:|---|---:|---:|---:|---:|---:|---:|---:|");
    if spread {
        s.push_str("---:|---:|");
    }
    s.push_str("---:|");
    if card_tables {
        s.push_str("---:|");
    }
    if marked {
        s.push_str("---|");
    }
    s.push('\n');
    let mut rank = 0;
    for r in in_w {
        let (pos, name) = if r.is_floor() {
            (String::new(), format!("{} (harness floor)", r.evaluator))
        } else {
            rank += 1;
            let name = if r.role == Some(Role::Simd) {
                format!("{} [{}]", r.evaluator, vector_path(&r.cpu_path))
            } else {
                r.evaluator.clone()
            };
            let name = if r.form.is_empty() {
                name
            } else {
                format!("{name}, {}", r.form)
            };
            let name = if r.note.is_empty() {
                name
            } else {
                format!("{name} (see note)")
            };
            (rank.to_string(), name)
        };
        let _ = write!(
            s,
            "| {pos} | {name} | {} | {}-{} | {:.0} | {} | {} | {:.2} | {} |",
            fmt_ns(r.ns),
            fmt_ns(r.ci_low_ns),
            fmt_ns(r.ci_high_ns),
            r.mhands_per_s,
            fmt_opt(r.instructions, 1),
            fmt_opt(r.instructions_minus_floor, 1),
            r.ratio_to_fastest,
            fmt_opt(r.ratio_to_baseline, 2),
        );
        if spread {
            let _ = write!(s, " {} | {} |", fmt_spread(r), fmt_disturbed(r));
        }
        let _ = write!(s, " {} |", human_bytes(r.table_bytes));
        if card_tables {
            let _ = write!(s, " {} |", human_bytes(r.card_table_bytes));
        }
        if marked {
            let _ = write!(s, " {} |", other_timer(r));
        }
        s.push('\n');
    }
    s
}

/// Whether criterion's and the rounds' medians agree, in one sentence:
/// how many rows both timed, how many differ by more than the bound (each
/// marked ‡ in the tables, with the other timer's figure), and a warning
/// where more than one in twenty do.
pub fn timers_line(rows: &[Row]) -> String {
    let both = rows
        .iter()
        .filter(|r| r.rounds_ns.is_some() && r.criterion_ns.is_some())
        .count();
    let differ = rows.iter().filter(|r| r.timers_differ).count();
    let bound = crate::report::schema::TIMERS_AGREE_WITHIN * 100.0;
    if both == 0 {
        return "No row was timed by both criterion and the rounds.".to_string();
    }
    let mut s = format!(
        "Criterion's median and the rounds' differ by more than {bound:.0}% on {differ} of the {both} rows both timed"
    );
    if differ > 0 {
        s.push_str(" (marked ‡, with the other timer's figure)");
    }
    if differ * 20 > both {
        s.push_str(
            ": more than one in twenty, so this machine was disturbed for long stretches while it ran; quote the marked rows with care",
        );
    }
    s.push('.');
    s
}

/// The other timer's figure for a row whose two timers differ: criterion's
/// where the rounds' is published, and the other way round.
fn other_timer(r: &Row) -> String {
    if !r.timers_differ {
        return String::new();
    }
    match (r.ns_from, r.criterion_ns, r.rounds_ns) {
        (Timer::Rounds, Some(c), _) => format!("‡ criterion {}", fmt_ns(c)),
        (Timer::Criterion, _, Some(rounds)) => format!("‡ rounds {}", fmt_ns(rounds)),
        _ => String::new(),
    }
}

/// How many of a row's turns were disturbed, as `k/n`.
fn fmt_disturbed(r: &Row) -> String {
    match (r.disturbed, r.turns) {
        (Some(d), Some(n)) => format!("{d}/{n}"),
        _ => "-".to_string(),
    }
}

/// The spread of the per-round ratios as `±x%`: half the interquartile
/// range, relative to their median.
pub fn spread_pct(r: &Row) -> Option<f64> {
    match (r.ratio_q1, r.ratio_q3, r.ratio_median) {
        (Some(q1), Some(q3), Some(m)) if m > 0.0 => Some((q3 - q1) / 2.0 / m * 100.0),
        _ => None,
    }
}

fn fmt_spread(r: &Row) -> String {
    spread_pct(r).map_or_else(|| "-".to_string(), |p| format!("±{p:.1}%"))
}

/// The lab's families, in row order: those with a faithful, tuned or SIMD variant.
fn lab_families(rows: &[Row]) -> Vec<&str> {
    let mut families: Vec<&str> = Vec::new();
    for r in rows {
        if r.role.is_some_and(Role::is_lab_variant) && !families.contains(&r.family.as_str()) {
            families.push(&r.family);
        }
    }
    families
}

/// Each family's variants against the fastest outside baseline, on the
/// headline workload, with the sequential order beside it.
pub fn families_table(rows: &[Row]) -> String {
    let headline = Workload::HEADLINE;
    let sequential = headline.in_order(Order::Sequential);
    let baseline = baseline_of(rows, headline).unwrap_or("baseline");
    let mut s = String::new();
    let _ = writeln!(
        s,
        "| family | variant | role | ns/hand shuffled | x {baseline} | ns/hand sequential | shuffled / sequential | instr/hand |"
    );
    s.push_str("|---|---|---|---:|---:|---:|---:|---:|\n");
    let line = |s: &mut String, family: &str, r: &Row, best: bool| {
        let seq = find(rows, &r.evaluator, sequential).map(|q| q.ns);
        let _ = writeln!(
            s,
            "| {family} | {}{} | {} | {} | {} | {} | {} | {} |",
            r.evaluator,
            if best { " (best)" } else { "" },
            r.role.map_or("-", Role::id),
            fmt_ns(r.ns),
            fmt_opt(r.ratio_to_baseline, 2),
            seq.map_or("-".into(), fmt_ns),
            fmt_opt(seq.map(|q| r.ns / q), 2),
            fmt_opt(r.instructions, 1),
        );
    };
    if let Some(b) = find(rows, baseline, headline) {
        line(&mut s, &b.family, b, false);
    }
    for family in lab_families(rows) {
        let mut variants: Vec<&Row> = rows
            .iter()
            .filter(|r| r.workload == headline && r.family == family)
            .collect();
        variants.sort_by(|a, b| a.ns.total_cmp(&b.ns));
        for (i, r) in variants.iter().enumerate() {
            line(&mut s, if i == 0 { family } else { "" }, r, i == 0);
        }
    }
    s
}

/// A SIMD row's code path in a word: `AVX-512`, `AVX2` or `portable`.
pub fn vector_path(cpu_path: &str) -> &'static str {
    if cpu_path.starts_with("avx512") {
        "AVX-512"
    } else if cpu_path == "avx2" {
        "AVX2"
    } else {
        "portable"
    }
}

/// The path valgrind counted SIMD rows on: it hides AVX-512, so AVX2 where
/// the CPU has it and the run allowed it, else portable.
pub fn counted_path(machine: &Machine) -> &str {
    match machine.icount_path.as_str() {
        "" => {
            // Runs before the field: valgrind hides AVX-512, so AVX2 where
            // the CPU had it and the run allowed it.
            if machine.vectors.contains("AVX2: present")
                && machine.simd != Some(handeval_benches::SimdLimit::Portable)
            {
                "AVX2"
            } else {
                "portable"
            }
        }
        path => path,
    }
}

/// A count of cards in words, as the report's sentences write it.
fn spelled(n: usize) -> String {
    const WORDS: [&str; 11] = [
        "no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
    ];
    WORDS
        .get(n)
        .map_or_else(|| n.to_string(), |w| (*w).to_string())
}

/// What the "Vector against vector" table shows, and what it lacks: saying
/// which path was counted only where there are counts, and why the ratio
/// column is empty where the run timed no baseline.
fn vectors_intro(rows: &[Row], simd: &[&Row], machine: &Machine, workload: Workload) -> String {
    let mut s = format!(
        "{} from cards (`{workload}`), the workload where every evaluator starts from the same {} bytes per hand. Each SIMD variant beside its family's fastest scalar variant",
        {
            let what = workload.kind.words();
            what[..1].to_uppercase() + &what[1..]
        },
        spelled(workload.game().count)
    );
    if simd.iter().any(|r| r.instructions.is_some()) {
        let _ = write!(
            s,
            "; SIMD instruction counts are of the {} path (valgrind cannot run AVX-512)",
            counted_path(machine)
        );
    }
    s.push('.');
    if baseline_of(rows, workload).is_none() {
        s.push_str(
            " This run timed no outside baseline on this workload (its `--filter` left them out), \
             so the *x baseline* column is empty.",
        );
    }
    s.push_str("\n\n");
    s
}

/// The SIMD evaluators beside each family's fastest scalar variant and the
/// baseline, on a workload from cards (the headline one from five cards, or
/// a larger hand's): vector against vector.
pub fn vectors_section(rows: &[Row], machine: &Machine, workload: Workload) -> Option<String> {
    let in_w: Vec<&Row> = rows.iter().filter(|r| r.workload == workload).collect();
    let simd: Vec<&Row> = in_w
        .iter()
        .copied()
        .filter(|r| r.role == Some(Role::Simd))
        .collect();
    if simd.is_empty() {
        return None;
    }
    let baseline = baseline_of(rows, workload).unwrap_or("baseline");
    let counted = counted_path(machine);
    let mut s = vectors_intro(rows, &simd, machine, workload);
    let _ = writeln!(
        s,
        "| evaluator | role | code path | tables | ns/hand | x {baseline} | instr/hand |"
    );
    s.push_str(
        "|---|---|---|---:|---:|---:|---:|
",
    );
    let mut listed: Vec<&Row> = Vec::new();
    if let Some(b) = in_w.iter().find(|r| r.evaluator == baseline) {
        listed.push(b);
    }
    for r in &simd {
        let fastest_scalar = in_w
            .iter()
            .filter(|q| q.family == r.family && q.role != Some(Role::Simd))
            .min_by(|a, b| a.ns.total_cmp(&b.ns));
        listed.extend(fastest_scalar.copied());
        listed.push(r);
    }
    for r in listed {
        let simd_row = r.role == Some(Role::Simd);
        let path = if simd_row {
            vector_path(&r.cpu_path)
        } else {
            "scalar"
        };
        let instructions = match (simd_row, r.instructions) {
            (true, Some(i)) => format!("{i:.1} ({counted})"),
            (_, i) => fmt_opt(i, 1),
        };
        let _ = writeln!(
            s,
            "| {} | {} | {path} | {} | {} | {} | {instructions} |",
            r.evaluator,
            r.role.map_or("-", Role::id),
            human_bytes(r.table_bytes),
            fmt_ns(r.ns),
            fmt_opt(r.ratio_to_baseline, 2),
        );
    }
    let Some(base) = in_w.iter().find(|r| r.evaluator == baseline) else {
        return Some(s);
    };
    let fastest = |table_free: bool| {
        simd.iter()
            .filter(|r| (r.table_bytes == 0) == table_free)
            .min_by(|a, b| a.ns.total_cmp(&b.ns))
    };
    s.push('\n');
    if let Some(free) = fastest(true) {
        let _ = writeln!(
            s,
            "- The fastest table-free SIMD variant, `{}` ({}), takes {} ns/hand: {} than `{baseline}`'s {} ns ({} of its time in the interleaved rounds).",
            free.evaluator,
            vector_path(&free.cpu_path),
            fmt_ns(free.ns),
            speed_words(free.ns, base.ns),
            fmt_ns(base.ns),
            free.ratio_to_baseline
                .map_or("-".into(), |x| format!("{x:.2}x")),
        );
        if let Some(hashed) = fastest(false) {
            let _ = writeln!(
                s,
                "- The perfect hash vectorised, `{}` ({}), takes {} ns/hand: the table-free `{}` is {} than it.",
                hashed.evaluator,
                vector_path(&hashed.cpu_path),
                fmt_ns(hashed.ns),
                free.evaluator,
                speed_words(free.ns, hashed.ns),
            );
        }
    }
    Some(s)
}

/// One line per derived variant: how it compares with the variant it came from.
pub fn derived_lines(rows: &[Row]) -> String {
    let headline = Workload::HEADLINE;
    let mut s = String::new();
    for r in rows
        .iter()
        .filter(|r| r.workload == headline && !r.derived_from.is_empty())
    {
        let Some(from) = find(rows, &r.derived_from, headline) else {
            continue;
        };
        let _ = writeln!(
            s,
            "- `{}` (derived from `{}`): {} ({} vs {} ns/hand, {} vs {} instructions)",
            r.evaluator,
            from.evaluator,
            speed_words(r.ns, from.ns),
            fmt_ns(r.ns),
            fmt_ns(from.ns),
            fmt_opt(r.instructions, 1),
            fmt_opt(from.instructions, 1),
        );
    }
    s
}

/// "Under contention": each game's contended workload, every evaluator's
/// time beside the antagonist against its quiet time, slowest-hit last;
/// `None` for a run without contended rows.
pub fn contention_section(rows: &[Row], machine: &Machine) -> Option<String> {
    let contended: Vec<Workload> = Workload::every()
        .filter(|w| w.load == Load::Contended)
        .filter(|w| rows.iter().any(|r| r.workload == *w))
        .collect();
    if contended.is_empty() {
        return None;
    }
    let mut s = String::from("\n## Under contention\n\n");
    let setting = if machine.contention.is_empty() {
        "an antagonist on the other core".to_string()
    } else {
        machine.contention.clone()
    };
    let _ = writeln!(
        s,
        "Each game's full strength of shuffled hands from cards, timed again in the same way \
         while an antagonist runs ({setting}). What this models is one thing: a neighbour on \
         the other core streaming memory, which takes the shared cache and the memory bus. It \
         slows what misses the cache (the 2+2 state table, 130 MB: each card a read from \
         memory) and leaves what fits in a core's own caches as it was (the perfect hashes' \
         few hundred kilobytes, the table-free kernels' registers): their slowdowns near 1.0 \
         are that, not noise. The machine's own contended state (a shared host slowing \
         every table lookup for minutes at a time) is another thing, which no \
         antagonist of the run's makes: it is seen in the *disturbed* turns of the quiet \
         workloads, and the undisturbed estimator sets it aside. *slowdown* is the \
         evaluator's undisturbed time beside the antagonist over its undisturbed time on the \
         quiet workload; the ratio is to the fastest outside evaluator under the same \
         contention.\n"
    );
    for w in contended {
        let mut in_w: Vec<&Row> = rows
            .iter()
            .filter(|r| r.workload == w && !r.is_floor())
            .collect();
        in_w.sort_by(|a, b| a.ns.total_cmp(&b.ns));
        let baseline = baseline_of(rows, w).unwrap_or("baseline");
        let _ = writeln!(
            s,
            "### {w}\n\n| evaluator | quiet ns/hand | contended ns/hand | slowdown | x {baseline}, contended | tables |\n|---|---:|---:|---:|---:|---:|"
        );
        for r in in_w {
            let quiet = r.slowdown.map(|d| r.ns / d);
            let _ = writeln!(
                s,
                "| {} | {} | {} | {} | {} | {} |",
                r.evaluator,
                quiet.map_or_else(|| "-".to_string(), fmt_ns),
                fmt_ns(r.ns),
                r.slowdown
                    .map_or_else(|| "-".to_string(), |d| format!("{d:.2}x")),
                fmt_opt(r.ratio_to_baseline, 2),
                human_bytes(r.table_bytes),
            );
        }
        s.push('\n');
    }
    Some(s)
}

/// The first sentences of the method: what a time is, in the run's own
/// measurement (turns, warm blocks, or the oldest runs' cold blocks).
fn opening(run: &Run) -> String {
    let (rows, machine) = (&run.rows, &run.machine);
    let block = thousands(machine.block_hands.unwrap_or(handeval_benches::BLOCK));
    let all = thousands(handeval_core::HAND_COUNT);
    let turns = crate::machine::timed_turns(&machine.measurement);
    let how = if turns {
        let passes = || run.turns.iter().filter_map(|t| t.passes);
        let (fewest, most) = (
            passes().min().unwrap_or_default(),
            passes().max().unwrap_or_default(),
        );
        format!(
            "each the evaluator's *undisturbed* time, its fastest turn over the interleaved \
             rounds: a turn passes once untimed over a block of {block} hands (so that its hands \
             and encodings are in cache: these are costs of evaluation, not of streaming the whole \
             set from memory), then times {fewest} to {most} passes one by one and keeps the \
             fastest. A busy shared machine only ever adds time, and some machines have a \
             contended state that slows table lookups 1.4-1.55x and vector arithmetic 1.1x for \
             minutes at a time: the median turn lands on whichever state was commoner that hour, \
             the fastest on the undisturbed one as soon as one turn met it (*disturbed* counts the \
             turns more than 5% slower than the fastest). Hands are in the fixed `all_hands()` \
             order"
        )
    } else if machine.measurement.is_empty() {
        format!("measured over blocks of {block} hands walking through all {all} hands")
    } else {
        format!(
            "measured block by block through all {all} hands, each block of {block} hands passed \
             over once untimed (so that its hands and encodings are in cache: these are costs of \
             evaluation, not of streaming the whole set from memory) and then timed over repeated \
             passes"
        )
    };
    if turns {
        format!(
            "Reading these numbers: times are per hand, {how} \
             (*sequential*: similar hands in a row, which flatters branchy code) or in a seeded \
             random order (*shuffled*: what real callers see). *encoded* starts from each \
             evaluator's own encoding; *hand* includes encoding from cards. {} ",
            timers_line(rows)
        )
    } else {
        format!(
            "Reading these numbers: times are criterion medians per hand, {how}, in the fixed \
             `all_hands()` order \
             (*sequential*: similar hands in a row, which flatters branchy code) or in a seeded random \
             order (*shuffled*: what real callers see). *encoded* starts from each evaluator's own \
             encoding; *hand* includes encoding from cards. "
        )
    }
}

/// How the ratios were taken: within the interleaved rounds where the run
/// has them (and, for runs that time turns, the interval of each time).
fn rounds_sentence(rows: &[Row], turns: bool) -> String {
    let mut s = String::new();
    let rounds = rows.iter().filter_map(|r| r.rounds).max();
    if let (Some(rounds), true) = (rounds, turns) {
        let _ = write!(
            s,
            "The ratios to the baseline come from the same {rounds} rounds: each round times every \
             evaluator of a workload once, in a seeded random order, over the same block (one \
             round per block in a full run). Each ratio to the baseline (the fastest outside \
             evaluator of the workload, named in its column) is undisturbed time over undisturbed \
             time; *spread* is half the interquartile range of the ratios taken within each round, \
             relative to their median (the mixture of states, kept in `results.csv` as \
             `ratio_median`), and the *turns' quartiles* bound each time's turns (criterion's 95% \
             confidence interval for the rows criterion alone timed). "
        );
    } else if let Some(rounds) = rounds {
        let _ = write!(
            s,
            "The ratios to the baseline come from {rounds} interleaved rounds: each round times every \
             evaluator of a workload once, in a seeded random order, over the same hands, and takes \
             each ratio within the round, so that drift on the machine between one benchmark and \
             the next cancels; the tables give the median ratio and its spread (half the \
             interquartile range over rounds). *x fastest* compares criterion medians. {} ",
            timers_line(rows)
        );
    } else {
        s.push_str("Ratios compare criterion medians measured in this one run. ");
    }
    s
}

/// What the numbers mean, with the run's own block and sample sizes.
fn method(run: &Run) -> String {
    let (rows, machine) = (&run.rows, &run.machine);
    let sample = thousands(machine.sample_hands.unwrap_or(handeval_benches::SAMPLE));
    let all = thousands(handeval_core::HAND_COUNT);
    let floor = floor_name(rows).unwrap_or("floor");
    let below: Vec<String> = rows
        .iter()
        .filter(|r| r.workload == Workload::HEADLINE)
        .filter(|r| r.instructions_minus_floor.is_some_and(|d| d < 0.0))
        .map(|r| format!("`{}`", r.evaluator))
        .collect();
    let turns = crate::machine::timed_turns(&machine.measurement);
    let mut s = opening(run);
    // What the run recorded, not what a full run would have done.
    let counted = rows
        .iter()
        .any(|r| r.workload.game() == GameInfo::of::<Hand>() && r.instructions.is_some());
    if counted {
        let _ = write!(
            s,
            "Instruction counts come from callgrind over a fixed sample of {sample} hands drawn \
             with the same seed, and apply to both orders; *instr - floor* subtracts the \
             `{floor}` evaluator, which reads the five cards and does nothing. "
        );
    } else {
        let _ = write!(
            s,
            "This run has no five-card instruction counts ({}). ",
            machine
                .instruction_counts
                .trim_start_matches("not measured: ")
        );
    }
    if !below.is_empty() {
        let _ = write!(
            s,
            "An evaluator whose own encoding pre-combines the cards reads less than that per hand \
             and comes out below the floor ({}), so compare such evaluators on the *hand* \
             workloads too. ",
            below.join(", ")
        );
    }
    s.push_str(&rounds_sentence(rows, turns));
    s.push_str(&floor_note(run));
    if run.checks.iter().any(is_lab_listing) {
        let _ = writeln!(
            s,
            "Every evaluator was checked against the reference over all {all} hands before it was \
             timed."
        );
    } else {
        s.push_str(
            "Every evaluator was checked against the reference on every hand it was timed on \
             before it was timed.\n",
        );
    }
    s
}

/// What the floor contains, against a bare loop over the same hands timed
/// outside criterion in the same run, where the run has one.
fn floor_note(run: &Run) -> String {
    let w = Workload::HEADLINE;
    let Some(floor) = run.rows.iter().find(|r| r.workload == w && r.is_floor()) else {
        return String::new();
    };
    let bare = format!("{} (bare loop)", floor.evaluator);
    let (Some(bare_ns), Some(floor_ns)) = (
        median_turn(&run.turns, w, &bare),
        median_turn(&run.turns, w, &floor.evaluator),
    ) else {
        return String::new();
    };
    format!(
        "The floor (`{}`) is the harness's whole cost per hand on {w}: read five card bytes \
         through the evaluator trait and the batch loop, fold them into a byte, store it, and \
         advance ({} ns/hand in criterion, {} ns/hand in the rounds). A bare `for` loop doing the \
         same over the same hands, written out without the trait, the prepared buffers or the \
         block bookkeeping, took {} ns/hand in the same rounds: the floor is {:.2}x the bare \
         loop. ",
        floor.evaluator,
        fmt_ns(floor.ns),
        fmt_ns(floor_ns),
        fmt_ns(bare_ns),
        floor_ns / bare_ns,
    )
}

/// The published listings: what each gets wrong, exactly, over all hands
/// (their rows of the run's checks).
pub fn listings_table(checks: &[CheckRow]) -> String {
    let mut s = String::new();
    s.push_str("| listing | source | distinct values | hands in the wrong category | hands misordered | for example |\n");
    s.push_str("|---|---|---:|---:|---:|---|\n");
    for l in checks.iter().filter(|c| is_lab_listing(c)) {
        let _ = writeln!(
            s,
            "| `{}` | {} | {} | {} | {} | {} |",
            l.evaluator,
            l.summary.replace('|', "/"),
            thousands(l.classes),
            thousands_u64(l.wrong_category.unwrap_or_default()),
            thousands_u64(l.disagreements),
            l.examples.replace('|', "/"),
        );
    }
    s
}

/// Whether a check is of one of the lab's ported listings (an engine held
/// to its port has the role too, and its row in the engines' checks).
fn is_lab_listing(c: &CheckRow) -> bool {
    c.role == Some(Role::Listing) && c.language == handeval_results::Language::Rust
}

/// What the listings table means, for the line above it.
fn listings_intro() -> String {
    format!(
        "Published listings are ported with their bugs and checked for exactly these figures over \
         all {} hands; they are never timed. A hand is *misordered* when some other hand is \
         ordered differently by the listing than by the reference: tied by one and not the other, \
         or put in opposite order. A correct evaluator has {} distinct values and no hand in either \
         error column.",
        thousands_u64(<Hand as handeval_core::Game>::HANDS),
        thousands_u64(u64::from(handeval_core::rules::STANDARD.classes()))
    )
}

/// How to cite the run in folder `dir_name`: commit, date, machine,
/// compiler, command and folder, in one line a write-up can copy.
/// Where a run's data is, as the citation says it: `dir` relative to the
/// repository where it lies inside (`results/NAME/` for a run published
/// where the README's runs are), else the folder alone: a copy elsewhere
/// names no path of this machine.
pub fn data_location(dir: &std::path::Path, dir_name: &str) -> String {
    let relative = crate::workspace::relative(dir);
    if relative.is_relative() {
        format!(
            "`{}/` of the handeval repository",
            relative.to_string_lossy().trim_end_matches('/')
        )
    } else {
        format!("the folder `{dir_name}/`, outside the handeval repository")
    }
}

pub fn citation(run: &Run, dir_name: &str, location: &str) -> String {
    let m = &run.machine;
    format!(
        "handeval benchmark run `{dir_name}`: commit {} ({}), measured {} on {} ({} cores), {}, \
         by `{}`; data in {location}. Cite the repository \
         as its `CITATION.cff` says, and this run by its folder.\n",
        if m.commit.is_empty() {
            &m.git
        } else {
            &m.commit
        },
        m.git,
        m.date,
        m.cpu,
        m.cores,
        m.rustc_version(),
        m.command,
    )
}

/// `report.md`: everything a write-up would quote.
/// The report's title, what produced it, whether it is a full run, and
/// the machine's facts.
fn head(run: &Run) -> String {
    let machine = &run.machine;
    let mut s = String::new();
    let _ = writeln!(s, "# handeval benchmark report\n");
    let _ = writeln!(
        s,
        "Produced by `{}` on {}.\n",
        machine.command,
        machine.date_text()
    );
    let limits = machine.limits();
    if !limits.is_empty() {
        let _ = writeln!(
            s,
            "**Not a full run** ({}): it measured less than `cargo xtask bench` does, or \
             measured it less carefully, so `cargo xtask machines` and the README cite a full \
             run instead.\n",
            limits.join(", ")
        );
    }
    if !super::answer::headlines(&run.rows).is_empty() {
        s.push_str(&super::answer::section(&run.rows));
        s.push('\n');
    }
    let _ = writeln!(s, "## The machine\n\n| | |\n|---|---|");
    for (key, value) in [
        ("cpu", &machine.cpu),
        ("cores", &machine.cores),
        ("bmi2", &machine.bmi2),
        ("pext", &machine.pext),
        ("os", &machine.os),
        ("rustc", &machine.rustc),
        ("profile", &machine.profile),
        ("target-cpu", &machine.target_cpu),
        ("dispatch", &machine.dispatch),
        ("vectors", &machine.vectors),
        ("simd", &machine.simd_text()),
        ("git", &machine.git),
        ("seed", &machine.seed.to_string()),
        ("mode", &machine.mode.id().to_string()),
        ("instruction counts", &run.counts_recorded()),
    ] {
        if !value.is_empty() {
            let _ = writeln!(s, "| {key} | {} |", value.replace('|', "/"));
        }
    }
    s
}

pub fn render(run: &Run, dir_name: &str, location: &str) -> String {
    let (rows, machine) = (&run.rows, &run.machine);
    let mut s = head(run);
    s.push('\n');
    let five = rows
        .iter()
        .any(|r| r.workload.game() == GameInfo::of::<Hand>());
    let headline = rows.iter().any(|r| r.workload == Workload::HEADLINE);
    if five {
        s.push_str(&method(run));
    } else {
        s.push_str(
            "This run times no five-card workload: its results are in the sections below, each \
             with its own method.\n",
        );
    }
    if headline {
        if let Some(baseline) = baseline_of(rows, Workload::HEADLINE) {
            let _ = writeln!(
                s,
                "\n## Each family against the fastest outside baseline ({baseline})\n"
            );
            s.push_str(
                "Full strength from each evaluator's own encoding; each family's fastest \
                 variant first.\n\n",
            );
        } else {
            s.push_str("\n## Each family's fastest variant\n\n");
            s.push_str(
                "Full strength from each evaluator's own encoding. This run timed no outside \
                 baseline (its `--filter` left them out), so the *x baseline* column is \
                 empty.\n\n",
            );
        }
        s.push_str(&families_table(rows));
    }
    let derived = derived_lines(rows);
    if !derived.is_empty() {
        s.push_str(
            "\nEach derived variant against the one it was derived from, same workload:\n\n",
        );
        s.push_str(&derived);
    }
    if let Some(vectors) = vectors_section(rows, machine, Workload::headline_of::<Hand>()) {
        let _ = writeln!(s, "\n## Vector against vector\n");
        s.push_str(&vectors);
    }
    if let Some(contention) = contention_section(rows, machine) {
        s.push_str(&contention);
    }
    if let Some(engines) = super::engines::section(rows, &run.checks) {
        s.push_str(&engines);
    }
    if run.checks.iter().any(is_lab_listing) {
        let _ = writeln!(s, "\n## Published listings\n\n{}\n", listings_intro());
        s.push_str(&listings_table(&run.checks));
    }
    for workload in Workload::of(GameInfo::of::<Hand>()) {
        if rows.iter().any(|r| r.workload == workload) {
            let _ = writeln!(s, "\n## {workload}\n");
            s.push_str(&workload_table(rows, workload));
        }
    }
    s.extend(
        handeval_results::workload::games()
            .into_iter()
            .filter(|&g| g != GameInfo::of::<Hand>())
            .filter_map(|game| game_section(rows, machine, game)),
    );
    s.push_str("\n## The evaluators\n\n");
    s.push_str(&evaluators_list(rows));
    if headline {
        s.push_str("\nThe chart (`chart.svg`) shows the strength workload from the evaluator's own encoding, sequential and shuffled side by side.\n");
    }
    s.push_str("\n## How to cite this run\n\n");
    s.push_str(&citation(run, dir_name, location));
    s
}
