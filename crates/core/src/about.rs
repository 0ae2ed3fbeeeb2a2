//! What an evaluator is: its family, its role, and which CPU path it runs here.
//!
//! Every [`Evaluator`](crate::Evaluator) declares these next to its name, so
//! that the tools (the diff, the benchmarks, the report, the README's table)
//! can group and compare evaluators without a list of names of their own.

use core::fmt;
use core::str::FromStr;

/// The algorithm an evaluator belongs to.
///
/// A family is declared once, as a constant in its crate, and shared by its
/// variants: `subskybox/faithful` and `subskybox/tuned` both say
/// `FAMILY = handeval_subskybox::FAMILY`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Family {
    /// Short, stable id: the part of its evaluators' names before the `/`
    /// (for a family of one, the whole name).
    pub name: &'static str,
    /// What the algorithm is and where it comes from, in a few words.
    pub title: &'static str,
}

/// What an evaluator is, declared once ([`Evaluator::META`](crate::Evaluator::META),
/// [`BestFive::META`](crate::BestFive::META)): what the tools list, group,
/// compare and report it by.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Meta {
    /// Stable name used in reports and on the command line, e.g.
    /// `"subskybox/tuned"`; unique among a game's evaluators.
    pub name: &'static str,
    /// One line on what the evaluator is, for reports.
    pub summary: &'static str,
    /// The algorithm it belongs to: a constant of its crate, shared by its
    /// variants.
    pub family: Family,
    /// What it is for: reference, faithful port, published listing, tuned,
    /// SIMD batch, outside baseline or floor.
    pub role: Role,
    /// The name of the variant this one was derived from (a tuned variant
    /// names the faithful port it speeds up), written as that type's
    /// `META.name` so that it cannot go stale.
    pub derived_from: Option<&'static str>,
    /// Bytes of lookup tables the evaluation reads (0 for pure arithmetic),
    /// not counting the per-card table.
    pub table_bytes: usize,
    /// Bytes of the per-card table the encoding from cards reads (a
    /// [`CardTable`](crate::CardTable)), if any.
    pub card_table_bytes: usize,
}

/// What an evaluator is for in the lab.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Role {
    /// The obviously correct evaluator every other one is checked against.
    Reference,
    /// A port of a named upstream version, value for value and step by step.
    Faithful,
    /// A published listing ported with its bugs: checked for its exact
    /// expected errors, never timed as a correct evaluator.
    Listing,
    /// The lab's own faster version of an algorithm, exactly equivalent.
    Tuned,
    /// Evaluates many hands per instruction stream with vector instructions.
    Simd,
    /// A published evaluator from outside the lab, to measure against.
    Baseline,
    /// The harness floor: reads the cards and evaluates nothing. Timed, never checked.
    /// Each language has its own (the lab's `null` for Rust, `py/null`,
    /// `js/null`, `c/null` for the engines).
    Floor,
    /// The lab's own evaluators reached from another language through a
    /// package of the lab's (`py/handeval`): checked and timed like an
    /// outside engine, compared with that language's engines, and never
    /// taken for an outside evaluator.
    Binding,
    /// A small evaluator the lab writes to test a path (`c/example`, the C
    /// ABI's): checked and timed by the tests or when named, never part of
    /// a run's field.
    Example,
}

impl Role {
    /// Every role, in the order reports list them.
    pub const ALL: [Role; 9] = [
        Role::Reference,
        Role::Faithful,
        Role::Listing,
        Role::Tuned,
        Role::Simd,
        Role::Baseline,
        Role::Floor,
        Role::Binding,
        Role::Example,
    ];

    /// The stable lowercase id used in CSV files: `faithful`, `baseline`, ...
    pub const fn id(self) -> &'static str {
        match self {
            Role::Reference => "reference",
            Role::Faithful => "faithful",
            Role::Listing => "listing",
            Role::Tuned => "tuned",
            Role::Simd => "simd",
            Role::Baseline => "baseline",
            Role::Floor => "floor",
            Role::Binding => "binding",
            Role::Example => "example",
        }
    }

    /// Whether benchmarks time evaluators of this role (all but listings,
    /// whose answers are wrong on purpose).
    pub const fn is_timed(self) -> bool {
        !matches!(self, Role::Listing)
    }

    /// Whether the role is one of the lab's own variants of an algorithm
    /// (faithful, listing, tuned, SIMD), as opposed to the reference, an
    /// outside baseline or the floor.
    pub const fn is_lab_variant(self) -> bool {
        matches!(
            self,
            Role::Faithful | Role::Listing | Role::Tuned | Role::Simd
        )
    }
}

impl fmt::Display for Role {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

/// The error of parsing a [`Role`] from a string that is not one of the ids.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct UnknownRole;

impl fmt::Display for UnknownRole {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(
            "unknown role (expected reference, faithful, listing, tuned, simd, baseline, floor, binding or example)",
        )
    }
}

impl FromStr for Role {
    type Err = UnknownRole;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Role::ALL
            .into_iter()
            .find(|r| r.id() == s)
            .ok_or(UnknownRole)
    }
}

/// What a published listing gets wrong, exactly, over all 2,598,960 hands:
/// the figures the differential check holds it to, so that a listing that
/// silently got "fixed" fails as surely as one that broke further.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct KnownErrors {
    /// Distinct strength values it produces (7,462 when right).
    pub distinct: usize,
    /// Hands whose category differs from the reference's.
    pub wrong_category: usize,
    /// Hands it misorders: hand `h` is misordered when some hand `g` is
    /// ordered differently by the listing than by the reference (the listing
    /// ties them while the reference does not, or the two put them in
    /// opposite order).
    pub misordered: usize,
}

/// Which code path an evaluator's batch loops take on this machine.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CpuPath {
    /// The CPU features the fast path is compiled for, as written in
    /// `#[target_feature(enable = ...)]` (e.g. `"bmi2,popcnt"`), or `""` when
    /// the evaluator has one path only.
    pub features: &'static str,
    /// Whether this CPU has them, so the fast path runs.
    pub active: bool,
}

impl CpuPath {
    /// An evaluator with a single, portable path.
    pub const PORTABLE: CpuPath = CpuPath {
        features: "",
        active: false,
    };
}

impl fmt::Display for CpuPath {
    /// `portable`, `popcnt`, or `portable (no bmi2,popcnt)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.features, self.active) {
            ("", _) => f.write_str("portable"),
            (features, true) => f.write_str(features),
            (features, false) => write!(f, "portable (no {features})"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::string::ToString;

    #[test]
    fn roles_round_trip_through_their_ids() {
        for role in Role::ALL {
            assert_eq!(role.id().parse(), Ok(role));
        }
        assert_eq!("Tuned".parse::<Role>(), Err(UnknownRole));
    }

    #[test]
    fn only_listings_escape_the_timing() {
        let untimed: std::vec::Vec<Role> =
            Role::ALL.into_iter().filter(|r| !r.is_timed()).collect();
        assert_eq!(untimed, [Role::Listing]);
    }

    #[test]
    fn cpu_paths_say_what_ran() {
        assert_eq!(CpuPath::PORTABLE.to_string(), "portable");
        let popcnt = CpuPath {
            features: "popcnt",
            active: true,
        };
        assert_eq!(popcnt.to_string(), "popcnt");
        let missing = CpuPath {
            features: "bmi2,popcnt",
            active: false,
        };
        assert_eq!(missing.to_string(), "portable (no bmi2,popcnt)");
    }
}
