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

/// The names in `only` (all of `names` when empty), in `names`' order; an
/// unknown name is an error listing the registered ones.
pub fn select_names(
    names: Vec<&'static str>,
    only: &[String],
    kind: &str,
) -> Result<Vec<&'static str>> {
    if let Some(unknown) = only.iter().find(|n| !names.contains(&n.as_str())) {
        bail!(
            "unknown {kind} {unknown:?}; registered: {}",
            names.join(", ")
        );
    }
    Ok(names
        .into_iter()
        .filter(|n| only.is_empty() || only.iter().any(|o| o == n))
        .collect())
}
