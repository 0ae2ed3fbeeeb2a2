//! The language a contender runs in, which says how the lab reaches it
//! and what it may be compared with.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// The language of a contender: the lab's evaluators and the Rust crates
/// it measures against are Rust; engines are C (called in-process),
/// Python or JavaScript (each behind a runner in its own language).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Language {
    /// In-process Rust: the lab's evaluators and the Rust baselines.
    #[default]
    Rust,
    /// C (or C++ behind a C ABI), loaded and called in-process.
    C,
    /// CPython 3, through its runner.
    Python,
    /// Node.js, through its runner.
    JavaScript,
}

impl Language {
    /// Every language, in the order reports list them.
    pub const ALL: [Language; 4] = [
        Language::Rust,
        Language::C,
        Language::Python,
        Language::JavaScript,
    ];

    /// The name the list, the CSV files and the report show.
    pub const fn name(self) -> &'static str {
        match self {
            Language::Rust => "Rust",
            Language::C => "C",
            Language::Python => "Python",
            Language::JavaScript => "JavaScript",
        }
    }

    /// Whether its contenders are called in the lab's own process, by a
    /// function call over the same prepared blocks: only these are timed
    /// on equal terms with the lab's kernels, so only these can be the
    /// baseline a Rust or C ratio is taken against. A runner's language
    /// pays its interpreter on every call and is compared within itself.
    pub const fn in_process(self) -> bool {
        matches!(self, Language::Rust | Language::C)
    }
}

impl fmt::Display for Language {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A name that is no language.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownLanguage(pub String);

impl fmt::Display for UnknownLanguage {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown language {:?} (expected Rust, C, Python or JavaScript)",
            self.0
        )
    }
}

impl std::error::Error for UnknownLanguage {}

impl FromStr for Language {
    type Err = UnknownLanguage;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Language::ALL
            .into_iter()
            .find(|l| l.name() == s)
            .ok_or_else(|| UnknownLanguage(s.to_string()))
    }
}

impl Serialize for Language {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

impl<'de> Deserialize<'de> for Language {
    /// A name, or empty: files written before the column read as Rust,
    /// the only language their `results.csv` held.
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let name = String::deserialize(d)?;
        if name.is_empty() {
            return Ok(Language::Rust);
        }
        name.parse().map_err(serde::de::Error::custom)
    }
}
