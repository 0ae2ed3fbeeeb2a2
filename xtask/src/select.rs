//! What a task works on: the hand size, and the evaluators chosen by name.

use anyhow::{Result, bail};
use handeval_benches::Workload;
use handeval_core::{Hand, Hand6, Hand7};
use handeval_registry::{About, abouts_of, abouts_with_floor_of};

/// Which hands a task works on.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum Cards {
    /// Five-card hands.
    #[default]
    #[value(name = "5")]
    Five,
    /// Six-card hands.
    #[value(name = "6")]
    Six,
    /// Seven-card hands.
    #[value(name = "7")]
    Seven,
}

impl Cards {
    /// The size of hands of `count` cards (seven for anything above six).
    pub fn of(count: usize) -> Cards {
        match count {
            ..=5 => Cards::Five,
            6 => Cards::Six,
            _ => Cards::Seven,
        }
    }

    /// The size in words: `"five"`, `"six"`, `"seven"`.
    pub fn word(self) -> &'static str {
        match self {
            Cards::Five => "five",
            Cards::Six => "six",
            Cards::Seven => "seven",
        }
    }

    /// Cards per hand.
    pub fn count(self) -> usize {
        match self {
            Cards::Five => 5,
            Cards::Six => 6,
            Cards::Seven => 7,
        }
    }

    /// What the registered evaluators of this size are (with the floor first
    /// when `floor`), in registry order.
    pub fn abouts(self, floor: bool) -> Vec<About> {
        match (self, floor) {
            (Cards::Five, false) => abouts_of::<Hand>(),
            (Cards::Five, true) => abouts_with_floor_of::<Hand>(),
            (Cards::Six, false) => abouts_of::<Hand6>(),
            (Cards::Six, true) => abouts_with_floor_of::<Hand6>(),
            (Cards::Seven, false) => abouts_of::<Hand7>(),
            (Cards::Seven, true) => abouts_with_floor_of::<Hand7>(),
        }
    }
}

/// The names that the pieces of `only` select (all of `names` when there
/// are none), in `names`' order, by the rule `bench --filter` uses
/// ([`matches`]): whole `/`-separated segments (`pext` is
/// the family, `deadhorse/simd` one evaluator) or a glob (`*simd`). Pieces
/// are trimmed and empty ones skipped (`--only "a, b,"` is `a` and `b`). A
/// piece that selects nothing is an error listing the registered names,
/// and saying which `--cards` has it where another hand size does.
pub fn select_names(
    names: Vec<&'static str>,
    only: &[String],
    kind: &str,
) -> Result<Vec<&'static str>> {
    let only: Vec<&str> = only
        .iter()
        .map(|o| o.trim())
        .filter(|o| !o.is_empty())
        .collect();
    let picks = |piece: &str, name: &str| matches(piece, name);
    if let Some(&unknown) = only.iter().find(|p| !names.iter().any(|n| picks(p, n))) {
        let elsewhere = [Cards::Five, Cards::Six, Cards::Seven]
            .into_iter()
            .find(|size| size.abouts(false).iter().any(|a| picks(unknown, a.name)));
        if let Some(size) = elsewhere {
            bail!(
                "{unknown:?} names {}-card evaluators: add `--cards {}` (registered here: {})",
                size.word(),
                size.count(),
                names.join(", ")
            );
        }
        bail!(
            "unknown {kind} {unknown:?}; registered: {}",
            names.join(", ")
        );
    }
    Ok(names
        .into_iter()
        .filter(|n| only.is_empty() || only.iter().any(|p| picks(p, n)))
        .collect())
}

/// Whether `filter` (comma-separated pieces; empty = all) selects the
/// benchmark `workload/evaluator`: whether any piece [matches](matches) its id.
pub fn selected_by(filter: &str, workload: Workload, evaluator: &str) -> bool {
    let id = format!("{workload}/{evaluator}");
    let mut pieces = filter
        .split(',')
        .map(str::trim)
        .filter(|p| !p.is_empty())
        .peekable();
    pieces.peek().is_none() || pieces.any(|p| matches(p, &id))
}

/// Whether one piece of a `--filter` or `--only` list selects `id` (a
/// `workload/evaluator` id, or an evaluator's name).
///
/// A piece with `*` (any run of characters, `/` included) or `?` (one
/// character) is a glob matched against the whole id: `*simd` is every
/// SIMD variant, `*/hand7/*` every seven-card benchmark. Any other piece
/// matches whole `/`-separated segments, in a row, anywhere in the id:
/// `pext` is the family, `strength/shuffled` two segments of a workload,
/// `strength/shuffled/hand/pokers` one benchmark. So `hand` never selects
/// `hand7`, nor `simd` `seven-simd`.
pub fn matches(piece: &str, id: &str) -> bool {
    if piece.contains(['*', '?']) {
        return glob(piece.as_bytes(), id.as_bytes());
    }
    let want: Vec<&str> = piece.split('/').collect();
    let have: Vec<&str> = id.split('/').collect();
    have.windows(want.len()).any(|w| w == want.as_slice())
}

/// `*` and `?` matching over bytes, iteratively with one backtrack point.
fn glob(pattern: &[u8], text: &[u8]) -> bool {
    let (mut p, mut t) = (0, 0);
    let mut star: Option<(usize, usize)> = None;
    while t < text.len() {
        match pattern.get(p) {
            Some(b'*') => {
                star = Some((p, t));
                p += 1;
            }
            Some(&c) if c == b'?' || c == text[t] => {
                p += 1;
                t += 1;
            }
            _ => match star {
                Some((sp, st)) => {
                    p = sp + 1;
                    t = st + 1;
                    star = Some((sp, st + 1));
                }
                None => return false,
            },
        }
    }
    pattern[p..].iter().all(|&c| c == b'*')
}

#[cfg(test)]
mod tests {
    use super::*;
    use handeval_benches::Input;

    #[test]
    fn filter_pieces_match_whole_segments_or_globs() {
        let hand = Workload::HEADLINE.from_input(Input::Hand);
        let hand7 = Workload::SEVEN[0];
        assert_eq!(hand7.to_string(), "strength/shuffled/hand7");
        // A workload's id is never a prefix of another's.
        assert!(selected_by("strength/shuffled/hand", hand, "pokers"));
        assert!(!selected_by("strength/shuffled/hand", hand7, "pokers"));
        assert!(!selected_by("hand", hand7, "pokers"));
        assert!(selected_by("hand7", hand7, "pokers"));
        // Families, evaluators, several pieces, blanks.
        assert!(selected_by("pext", hand, "pext/simd"));
        assert!(!selected_by("simd", hand7, "deadhorse/seven-simd"));
        assert!(selected_by("*simd", hand7, "deadhorse/seven-simd"));
        assert!(selected_by("*/hand7/*", hand7, "pokers"));
        assert!(!selected_by("*/hand7/*", hand, "pokers"));
        assert!(selected_by(" pokers , null", hand, "null"));
        assert!(selected_by("", hand, "pokers"));
        assert!(selected_by(" , ", hand, "pokers"));
        assert!(!selected_by("pok", hand, "pokers"));
        assert!(matches(
            "strength/shuffled/hand/pokers",
            "strength/shuffled/hand/pokers"
        ));
        assert!(matches("s?rength/*", "strength/x"));
        assert!(!matches("*x", "strength/xy"));
    }

    #[test]
    fn filters_select_by_substring_of_workload_and_evaluator() {
        let w = Workload::ALL[0];
        assert!(selected_by("", w, "pokers"));
        assert!(selected_by("pext,pokers", w, "pokers"));
        assert!(selected_by("strength/shuffled/encoded", w, "pext/bmi2"));
        assert!(!selected_by("category", w, "pokers"));
        assert!(!selected_by("pext", w, "pokers"));
    }

    fn only(pieces: &[&str]) -> Vec<String> {
        pieces.iter().map(ToString::to_string).collect()
    }

    #[test]
    fn pieces_are_trimmed_and_empty_ones_skipped() {
        let names = vec!["reference", "pokers", "ckc-rs"];
        let chosen = select_names(names.clone(), &only(&["reference", " pokers"]), "evaluator");
        assert_eq!(chosen.unwrap(), ["reference", "pokers"]);
        let chosen = select_names(names, &only(&["reference", ""]), "evaluator");
        assert_eq!(chosen.unwrap(), ["reference"]);
    }

    #[test]
    fn families_and_globs_select_as_bench_filters_do() {
        let names = vec!["pext/simd", "pext/bmi2", "deadhorse/simd", "pokers"];
        let chosen = select_names(names.clone(), &only(&["pext"]), "evaluator").unwrap();
        assert_eq!(chosen, ["pext/simd", "pext/bmi2"]);
        let chosen = select_names(names, &only(&["*simd", "pokers"]), "evaluator").unwrap();
        assert_eq!(chosen, ["pext/simd", "deadhorse/simd", "pokers"]);
    }

    #[test]
    fn a_name_of_another_size_points_at_its_cards_option() {
        let names = Cards::Five.abouts(false).iter().map(|a| a.name).collect();
        let err = select_names(names, &only(&["deadhorse/seven"]), "evaluator").unwrap_err();
        let said = err.to_string();
        assert!(
            said.contains("seven-card evaluators: add `--cards 7`"),
            "{said}"
        );
        let names = Cards::Five.abouts(false).iter().map(|a| a.name).collect();
        let err = select_names(names, &only(&["no/such"]), "evaluator").unwrap_err();
        assert!(
            err.to_string().starts_with("unknown evaluator \"no/such\""),
            "{err}"
        );
    }
}
