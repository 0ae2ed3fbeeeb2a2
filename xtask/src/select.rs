//! What a task works on: the hand size, and the evaluators chosen by name.

use anyhow::{Result, bail};
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
/// ([`handeval_benches::matches`]): whole `/`-separated segments (`pext` is
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
    let picks = |piece: &str, name: &str| handeval_benches::matches(piece, name);
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

#[cfg(test)]
mod tests {
    use super::*;

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
