//! `patterns.csv`: the access patterns' turns (enumeration, showdown),
//! read strictly, and the report's two sections on them.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::Path;

use anyhow::{Context, Result, bail};
use handeval_benches::patterns::{CSV_HEADER, FILE};

/// One contender's turn in one round on one case: a line of `patterns.csv`.
#[derive(Clone, Debug, PartialEq)]
pub struct PatternTurn {
    /// `enumeration` or `showdown`.
    pub pattern: String,
    /// The evaluator (or `pokers exact_equity`).
    pub evaluator: String,
    /// How it went about it: `from scratch`, `state walk`, ...
    pub form: String,
    /// Its vector path, where it has one.
    pub path: String,
    /// The round, from 0.
    pub round: usize,
    /// The deck (`deck52`) or the matchup (`AhAs-KdKc`).
    pub case: String,
    /// Hands enumerated, or boards counted.
    pub hands: u64,
    /// Wall time of the turn.
    pub ns: u64,
}

impl PatternTurn {
    /// `evaluator (form)`.
    pub fn id(&self) -> String {
        format!("{} ({})", self.evaluator, self.form)
    }
}

/// Reads `dir`'s `patterns.csv`; none if the run has none.
///
/// # Errors
/// A file that is not exactly the header and whole lines of eight fields
/// (a cut last line included), naming the file and the line.
pub fn read(dir: &Path) -> Result<Vec<PatternTurn>> {
    let path = dir.join(FILE);
    if !path.exists() {
        return Ok(Vec::new());
    }
    let text =
        std::fs::read_to_string(&path).with_context(|| format!("reading {}", path.display()))?;
    if !text.ends_with('\n') {
        bail!(
            "{}: the last line is cut (no final newline)",
            path.display()
        );
    }
    let mut lines = text.lines();
    if lines.next() != Some(CSV_HEADER) {
        bail!("{}: the header is not {CSV_HEADER:?}", path.display());
    }
    let mut turns = Vec::new();
    for (n, line) in lines.enumerate() {
        let at = || format!("{} line {}", path.display(), n + 2);
        let f: Vec<&str> = line.split(',').collect();
        if f.len() != 8 {
            bail!("{}: {} fields, not 8", at(), f.len());
        }
        let number = |i: usize| -> Result<u64> {
            f[i].parse::<u64>()
                .with_context(|| format!("{}: field {} is {:?}, not a count", at(), i + 1, f[i]))
        };
        if !["enumeration", "showdown"].contains(&f[0]) {
            bail!("{}: unknown pattern {:?}", at(), f[0]);
        }
        let turn = PatternTurn {
            pattern: f[0].to_string(),
            evaluator: f[1].to_string(),
            form: f[2].to_string(),
            path: f[3].to_string(),
            round: number(4)? as usize,
            case: f[5].to_string(),
            hands: number(6)?,
            ns: number(7)?,
        };
        if turn.hands == 0 || turn.ns == 0 {
            bail!("{}: no hands or no time", at());
        }
        if turns.iter().any(|t: &PatternTurn| {
            (&t.pattern, &t.evaluator, &t.form, t.round, &t.case)
                == (
                    &turn.pattern,
                    &turn.evaluator,
                    &turn.form,
                    turn.round,
                    &turn.case,
                )
        }) {
            bail!(
                "{}: a second line for {} in round {} on {}",
                at(),
                turn.id(),
                turn.round,
                turn.case
            );
        }
        turns.push(turn);
    }
    Ok(turns)
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    let n = v.len();
    if n == 0 {
        return f64::NAN;
    }
    if n % 2 == 1 {
        v[n / 2]
    } else {
        f64::midpoint(v[n / 2 - 1], v[n / 2])
    }
}

/// Per contender, per round, the sum over `cases` of the turns' ns.
fn by_round<'a>(
    turns: &'a [&'a PatternTurn],
    cases: &[&str],
) -> BTreeMap<String, BTreeMap<usize, f64>> {
    let mut m: BTreeMap<String, BTreeMap<usize, f64>> = BTreeMap::new();
    for t in turns.iter().filter(|t| cases.contains(&t.case.as_str())) {
        *m.entry(t.id()).or_default().entry(t.round).or_default() += t.ns as f64;
    }
    m
}

/// The vector path the turns of `id` record.
fn path_of(turns: &[&PatternTurn], id: &str) -> String {
    turns
        .iter()
        .find(|t| t.id() == id)
        .map(|t| t.path.clone())
        .unwrap_or_default()
}

/// The median over rounds of `id`'s time divided by `base`'s in the same round.
fn ratio(m: &BTreeMap<String, BTreeMap<usize, f64>>, id: &str, base: &str) -> Option<f64> {
    let (a, b) = (m.get(id)?, m.get(base)?);
    let r: Vec<f64> = a
        .iter()
        .filter_map(|(round, x)| Some(x / b.get(round)?))
        .collect();
    (!r.is_empty()).then(|| median(r))
}

/// The enumeration section, if the run has one: each contender's median ns
/// a hand, and its ratio to the 2+2 state walk's within each round.
pub fn enumeration_section(turns: &[PatternTurn]) -> Option<String> {
    let e: Vec<&PatternTurn> = turns
        .iter()
        .filter(|t| t.pattern == "enumeration")
        .collect();
    let first = e.first()?;
    let hands = first.hands;
    let case = first.case.clone();
    let rounds = e.iter().map(|t| t.round).max().unwrap_or(0) + 1;
    let m = by_round(&e, &[case.as_str()]);
    let base = "twoplustwo/seven (state walk)";
    let mut rows: Vec<(f64, String, String)> = m
        .iter()
        .map(|(id, r)| {
            let path = path_of(&e, id);
            (
                median(r.values().map(|ns| ns / hands as f64).collect()),
                id.clone(),
                path,
            )
        })
        .collect();
    rows.sort_by(|a, b| a.0.total_cmp(&b.0));
    let mut s = String::new();
    let _ = writeln!(
        s,
        "\n## Enumeration: every seven-card hand by nested loops\n\n\
         Every hand of {} ({} hands), dealt lowest card outermost, each evaluator as it would \
         enumerate: the 2+2 table's state carried from card to card, the perfect hash's key \
         sums, the table-free kernel's partial OR, XOR and SUM vectorised across the inner three \
         cards, and the rest from scratch in batches of hands built by the same loops. Each \
         contender's values were counted once before timing ({}) and each timed pass's checksum \
         matched. Median of {rounds} interleaved rounds, one whole enumeration a turn; the ratio \
         is the median of the per-round ratios to the 2+2 state walk.\n",
        if case == "deck52" {
            "the 52 cards".to_string()
        } else {
            format!("the lowest {} cards", case.trim_start_matches("deck"))
        },
        crate::report::format::thousands(hands as usize),
        if case == "deck52" {
            "the published seven-card category counts and 4,824 classes"
        } else {
            "on a smaller deck the published counts do not apply: every contender's counts equal the first's"
        },
    );
    let _ = writeln!(
        s,
        "| evaluator (form) | path | ns/hand | M hands/s | whole enumeration | x 2+2 state walk |\n|---|---|---:|---:|---:|---:|"
    );
    for (ns, id, path) in rows {
        let r = ratio(&m, &id, base).map_or_else(|| "-".into(), |r| format!("{r:.2}"));
        let _ = writeln!(
            s,
            "| {id} | {} | {ns:.3} | {:.0} | {:.0} ms | {r} |",
            if path.is_empty() { "-" } else { &path },
            1e3 / ns,
            ns * hands as f64 / 1e6
        );
    }
    Some(s)
}

/// The showdown section, if the run has one: each contender's median time
/// on AhAs-KdKc and on the whole set, and its ratio to pokers' calculator.
pub fn showdown_section(turns: &[PatternTurn]) -> Option<String> {
    let e: Vec<&PatternTurn> = turns.iter().filter(|t| t.pattern == "showdown").collect();
    let first = e.first()?;
    let mut cases: Vec<&str> = Vec::new();
    for t in &e {
        if !cases.contains(&t.case.as_str()) {
            cases.push(&t.case);
        }
    }
    let lead = first.case.clone();
    let rounds = e.iter().map(|t| t.round).max().unwrap_or(0) + 1;
    let all = by_round(&e, &cases);
    let one = by_round(&e, &[lead.as_str()]);
    let base = "pokers exact_equity (its own calculator)";
    let mut rows: Vec<(f64, f64, String, String)> = all
        .iter()
        .map(|(id, r)| {
            let path = path_of(&e, id);
            let lead_ms = median(
                one.get(id)
                    .map(|r| r.values().copied().collect())
                    .unwrap_or_default(),
            ) / 1e6;
            (
                lead_ms,
                median(r.values().copied().collect()) / 1e6,
                id.clone(),
                path,
            )
        })
        .collect();
    rows.sort_by(|a, b| a.0.total_cmp(&b.0));
    let mut s = String::new();
    let _ = writeln!(
        s,
        "\n## Showdown: heads-up hands on every board\n\n\
         {} heads-up preflop matchups ({}), each counted over all {} boards on one thread: wins, \
         ties and losses, the same for every contender (checked before timing). Evaluators value \
         each board's two hands from scratch in batches, or count by classes of boards as \
         equity calculators do (each multiset of ranks to come valued once as if no suit \
         flushed, then each flush once, correcting the boards a suit can flush on; `cargo xtask \
         equity` prints how many hands that values), the table-free kernel deals them from partial sums (the board's sums \
         shared by both hands), and pokers runs its own `exact_equity` (which merges the cards \
         of suits that can no longer flush) with one thread. Median of {rounds} interleaved rounds; the ratio is the median of the per-round \
         ratios of the whole set's time to pokers'.\n",
        cases.len(),
        cases.join(", "),
        if first.hands == 1_712_304 {
            crate::report::format::thousands(first.hands as usize)
        } else {
            format!(
                "{} (a smoke run's: the lowest 30 cards out of the deck; the pipeline, not the figures)",
                crate::report::format::thousands(first.hands as usize)
            )
        }
    );
    let _ = writeln!(
        s,
        "| evaluator (form) | path | {lead} | all {} matchups | x pokers exact_equity |\n|---|---|---:|---:|---:|",
        cases.len()
    );
    for (lead_ms, all_ms, id, path) in rows {
        let r = ratio(&all, &id, base).map_or_else(|| "-".into(), |r| format!("{r:.3}"));
        let _ = writeln!(
            s,
            "| {id} | {} | {lead_ms:.3} ms | {all_ms:.2} ms | {r} |",
            if path.is_empty() { "-" } else { &path }
        );
    }
    Some(s)
}

/// Both sections, those the run has.
pub fn sections(turns: &[PatternTurn]) -> impl Iterator<Item = String> {
    [enumeration_section(turns), showdown_section(turns)]
        .into_iter()
        .flatten()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dir_with(text: &str) -> std::path::PathBuf {
        let dir = std::env::temp_dir().join(format!(
            "handeval-patterns-{}-{}",
            std::process::id(),
            text.len()
        ));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join(FILE), text).unwrap();
        dir
    }

    #[test]
    fn a_damaged_patterns_file_is_refused_by_name_and_line() {
        let good = format!(
            "{CSV_HEADER}\nenumeration,perfhash/seven,key sums,,0,deck52,133784560,200000000\n"
        );
        let dir = dir_with(&good);
        assert_eq!(read(&dir).unwrap().len(), 1);
        for (bad, why) in [
            (good.trim_end().to_string(), "cut"),
            (
                format!(
                    "{good}enumeration,perfhash/seven,key sums,,0,deck52,133784560,200000000\n"
                ),
                "second line",
            ),
            (good.replace("200000000", "2e8"), "not a count"),
            (good.replace(CSV_HEADER, "pattern,evaluator"), "header"),
        ] {
            let dir = dir_with(&bad);
            let e = read(&dir).unwrap_err().to_string();
            assert!(e.contains(FILE) && e.contains(why), "{e}");
            std::fs::remove_dir_all(dir).unwrap();
        }
    }
}
