//! The one list of evaluators in the handeval lab.
//!
//! The CLI (`cargo xtask eval`, `cargo xtask diff`), the differential tests and
//! the benchmarks all iterate this list, so an evaluator added here is checked,
//! shown and timed everywhere at once (the pattern of itoa-benchmark's `IMPLS`).
//!
//! Evaluators have associated types, so the list is not a slice of trait
//! objects but a function, [`visit_all`], that calls a generic
//! [`Visitor::visit`] once per evaluator type: generic code is monomorphised
//! per evaluator, and a benchmark loop contains the algorithm inlined. Where
//! dynamic dispatch is good enough (the CLI), [`all`] gives each evaluator
//! behind the object-safe [`DynEvaluator`].
//!
//! # What each evaluator is
//!
//! Each evaluator declares its [`Family`], [`Role`] and the variant it was
//! derived from next to its name ([`Evaluator::FAMILY`], [`Evaluator::ROLE`],
//! [`Evaluator::DERIVED_FROM`]); [`About`] carries them to the tools, which
//! group, pair and label evaluators from these declarations alone.
//!
//! # Classes from native strengths
//!
//! Each evaluator has its own strength values. [`Ranking`] turns them into
//! class numbers by ranking the distinct values seen over all 2,598,960 hands,
//! strongest first. A correct evaluator yields exactly the conventional classes
//! 1..=7462; one that orders hands wrongly yields wrong classes (or more or
//! fewer than 7,462), which is the point: nothing here borrows another
//! evaluator's answer.

use std::sync::{Arc, OnceLock};

use handeval_core::{Category, CpuPath, Evaluator, Evaluator7, Family, Hand, Hand7, Role};
pub use handeval_reference::{Ranking, Reference, Reference7, best_five, scale};

/// Something to do with every registered evaluator; see [`visit_all`].
pub trait Visitor {
    /// Called once per registered evaluator.
    fn visit<E: Evaluator>(&mut self);
}

/// Calls `visitor.visit::<E>()` for every registered evaluator, in report order:
/// the reference first, then each algorithm's faithful and tuned variants,
/// then the external baselines.
pub fn visit_all(visitor: &mut impl Visitor) {
    visitor.visit::<Reference>();
    visitor.visit::<handeval_subskybox::Faithful>();
    visitor.visit::<handeval_subskybox::Score>();
    visitor.visit::<handeval_subskybox::Tuned>();
    visitor.visit::<handeval_subskybox::Simd>();
    visitor.visit::<handeval_deadhorse::Upstream>();
    visitor.visit::<handeval_deadhorse::Readme>();
    visitor.visit::<handeval_deadhorse::Listing>();
    visitor.visit::<handeval_deadhorse::Tuned>();
    visitor.visit::<handeval_deadhorse::Simd>();
    visitor.visit::<handeval_pext::Reductions>();
    visitor.visit::<handeval_pext::PextTrips>();
    visitor.visit::<handeval_pext::Branchless>();
    visitor.visit::<handeval_pext::Portable>();
    visitor.visit::<handeval_pext::Bmi2>();
    visitor.visit::<handeval_pext::Simd>();
    visitor.visit::<handeval_perfhash::Scalar>();
    visitor.visit::<handeval_perfhash::Simd>();
    visitor.visit::<handeval_baselines::Pokers>();
    visitor.visit::<handeval_baselines::Ckc>();
}

/// Something to do with every registered seven-card evaluator; see [`visit_all7`].
pub trait Visitor7 {
    /// Called once per registered seven-card evaluator.
    fn visit<E: Evaluator7>(&mut self);
}

/// Calls `visitor.visit::<E>()` for every registered seven-card evaluator,
/// in report order: the reference, each family's best-of-21 adapters and
/// direct seven-card evaluators, then the outside baseline.
pub fn visit_all7(visitor: &mut impl Visitor7) {
    visitor.visit::<Reference7>();
    visitor.visit::<handeval_subskybox::BestOf21>();
    visitor.visit::<handeval_deadhorse::BestOf21>();
    visitor.visit::<handeval_deadhorse::Seven>();
    visitor.visit::<handeval_pext::Upstream21>();
    visitor.visit::<handeval_pext::BestOf21>();
    visitor.visit::<handeval_pext::Seven>();
    visitor.visit::<handeval_perfhash::BestOf21>();
    visitor.visit::<handeval_baselines::Pokers7>();
}

/// Calls `visitor.visit::<Null7>()`, then [`visit_all7`]: what the benchmarks time.
pub fn visit_all7_with_floor(visitor: &mut impl Visitor7) {
    visitor.visit::<Null7>();
    visit_all7(visitor);
}

/// Calls `visitor.visit::<Null>()`, then [`visit_all`]: what the benchmarks time.
pub fn visit_all_with_floor(visitor: &mut impl Visitor) {
    visitor.visit::<Null>();
    visit_all(visitor);
}

/// The harness floor: reads the five cards and does almost nothing.
///
/// Benchmarks time it like any evaluator, so that the cost of the loop,
/// the loads and the stores can be read off and subtracted. It is not in
/// [`visit_all`]: its answers are not poker, and it is never checked.
#[derive(Clone, Copy, Debug, Default)]
pub struct Null;

impl Evaluator for Null {
    const NAME: &'static str = "null";
    const FAMILY: Family = Family {
        name: "null",
        title: "the harness floor",
    };
    const ROLE: Role = Role::Floor;
    const SUMMARY: &'static str =
        "harness floor: reads the five card bytes, folds them into one byte, evaluates nothing";

    type Encoded = [u8; 5];
    type Strength = u8;

    #[inline(always)]
    fn encode(hand: &Hand) -> [u8; 5] {
        hand.cards().map(handeval_core::Card::index)
    }

    #[inline(always)]
    fn category(cards: [u8; 5]) -> Category {
        // Depends on the cards, so the loop cannot be optimised away, but
        // is always high card.
        if Self::strength(cards) == u8::MAX {
            Category::OnePair
        } else {
            Category::HighCard
        }
    }

    /// A byte that depends on all five cards, in as few instructions as
    /// that takes: the first four bytes read as one word, the fifth added,
    /// and the word's bytes summed into its top byte by one multiply.
    #[inline(always)]
    fn strength(cards: [u8; 5]) -> u8 {
        let [a, b, c, d, e] = cards;
        let word = u32::from_le_bytes([a, b, c, d]).wrapping_add(u32::from(e));
        (word.wrapping_mul(0x0101_0101) >> 24) as u8
    }
}

/// The seven-card harness floor: reads the seven cards and does almost
/// nothing, as [`Null`] does for five. Not in [`visit_all7`].
#[derive(Clone, Copy, Debug, Default)]
pub struct Null7;

impl Evaluator7 for Null7 {
    const NAME: &'static str = "null";
    const FAMILY: Family = Null::FAMILY;
    const ROLE: Role = Role::Floor;
    const SUMMARY: &'static str =
        "harness floor: reads the seven card bytes, folds them into one byte, evaluates nothing";

    type Five = Null;
    type Strength = u8;

    #[inline(always)]
    fn category(hand: &Hand7) -> Category {
        if Self::strength(hand) == u8::MAX {
            Category::OnePair
        } else {
            Category::HighCard
        }
    }

    /// A byte that depends on all seven cards: the first four and the last
    /// four bytes as two words (one card in both), summed into one byte.
    #[inline(always)]
    fn strength(hand: &Hand7) -> u8 {
        let [a, b, c, d, e, f, g] = hand.cards().map(handeval_core::Card::index);
        let word = u32::from_le_bytes([a, b, c, d]).wrapping_add(u32::from_le_bytes([d, e, f, g]));
        (word.wrapping_mul(0x0101_0101) >> 24) as u8
    }
}

/// The names of every registered evaluator, in [`visit_all`] order.
pub fn names() -> Vec<&'static str> {
    abouts().iter().map(|a| a.name).collect()
}

/// What every registered evaluator is, in [`visit_all`] order.
pub fn abouts() -> Vec<About> {
    all().iter().map(|e| e.about()).collect()
}

/// What the [`Null`] floor and every registered evaluator are, in
/// [`visit_all_with_floor`] order.
pub fn abouts_with_floor() -> Vec<About> {
    all_with_floor().iter().map(|e| e.about()).collect()
}

/// The families of the registered evaluators, each once, in [`visit_all`] order.
pub fn families() -> Vec<Family> {
    let mut families: Vec<Family> = Vec::new();
    for about in abouts() {
        if !families.contains(&about.family) {
            families.push(about.family);
        }
    }
    families
}

/// What an evaluator declares about itself, and how it runs on this machine.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct About {
    /// How many cards its hands have: 5 ([`Evaluator`]) or 7 ([`Evaluator7`]).
    pub cards: u8,
    /// For seven cards, whether it is a best-of-21 adapter
    /// ([`Evaluator7::BEST_OF_21`]) rather than a direct evaluator.
    pub best_of_21: bool,
    /// [`Evaluator::NAME`].
    pub name: &'static str,
    /// [`Evaluator::SUMMARY`].
    pub summary: &'static str,
    /// [`Evaluator::FAMILY`].
    pub family: Family,
    /// [`Evaluator::ROLE`].
    pub role: Role,
    /// [`Evaluator::DERIVED_FROM`].
    pub derived_from: Option<&'static str>,
    /// [`Evaluator::TABLE_BYTES`].
    pub table_bytes: usize,
    /// [`Evaluator::CARD_TABLE_BYTES`].
    pub card_table_bytes: usize,
    /// [`Evaluator::cpu_path`] on this machine.
    pub cpu_path: CpuPath,
    /// [`Evaluator::unavailable`] on this machine.
    pub unavailable: Option<&'static str>,
}

impl About {
    /// What `E` declares, and how it runs here.
    pub fn of<E: Evaluator>() -> About {
        About {
            cards: 5,
            best_of_21: false,
            name: E::NAME,
            summary: E::SUMMARY,
            family: E::FAMILY,
            role: E::ROLE,
            derived_from: E::DERIVED_FROM,
            table_bytes: E::TABLE_BYTES,
            card_table_bytes: E::CARD_TABLE_BYTES,
            cpu_path: E::cpu_path(),
            unavailable: E::unavailable(),
        }
    }
}

impl About {
    /// What the seven-card `E` declares, and how it runs here.
    pub fn of7<E: Evaluator7>() -> About {
        About {
            cards: 7,
            best_of_21: E::BEST_OF_21,
            name: E::NAME,
            summary: E::SUMMARY,
            family: E::FAMILY,
            role: E::ROLE,
            derived_from: E::DERIVED_FROM,
            table_bytes: E::TABLE_BYTES,
            card_table_bytes: E::CARD_TABLE_BYTES,
            cpu_path: E::cpu_path(),
            unavailable: E::unavailable(),
        }
    }
}

/// An evaluator behind dynamic dispatch, for callers that handle one hand at a time.
pub trait DynEvaluator: Send + Sync {
    /// What the evaluator is.
    fn about(&self) -> About;
    /// [`Evaluator::NAME`].
    fn name(&self) -> &'static str {
        self.about().name
    }
    /// The evaluator's category for `hand`.
    fn category(&self, hand: &Hand) -> Category;
    /// The evaluator's class for `hand`, derived from its own strength values
    /// (see [`Ranking`]). The first call ranks all hands, about a tenth of a second.
    fn class(&self, hand: &Hand) -> u32;
    /// The evaluator's own strength value for `hand`, as text: its `Debug`
    /// form, which is the decimal number for integer strengths (`536878848`),
    /// `Reverse(n)` for a strength where lower numbers are stronger, and the
    /// field-by-field form of a struct such as the reference's.
    fn native(&self, hand: &Hand) -> String;
}

/// The ranking is the process-wide [`scale`], kept here once fetched so that
/// a class per hand costs no lock.
struct Erased<E: Evaluator> {
    ranking: OnceLock<Arc<Ranking<E::Strength>>>,
}

impl<E: Evaluator> DynEvaluator for Erased<E> {
    fn about(&self) -> About {
        About::of::<E>()
    }
    fn category(&self, hand: &Hand) -> Category {
        E::category(E::encode(hand))
    }
    fn class(&self, hand: &Hand) -> u32 {
        let ranking = self.ranking.get_or_init(scale::<E>);
        ranking
            .class(E::strength(E::encode(hand)))
            .expect("every hand was ranked")
    }
    fn native(&self, hand: &Hand) -> String {
        format!("{:?}", E::strength(E::encode(hand)))
    }
}

/// Collects evaluators behind [`DynEvaluator`].
struct Collect(Vec<Box<dyn DynEvaluator>>);

impl Visitor for Collect {
    fn visit<E: Evaluator>(&mut self) {
        self.0.push(Box::new(Erased::<E> {
            ranking: OnceLock::new(),
        }));
    }
}

/// Every registered evaluator behind [`DynEvaluator`], in [`visit_all`] order.
pub fn all() -> Vec<Box<dyn DynEvaluator>> {
    let mut c = Collect(Vec::new());
    visit_all(&mut c);
    c.0
}

/// The [`Null`] floor, then every registered evaluator, behind [`DynEvaluator`]:
/// what the benchmarks time, in [`visit_all_with_floor`] order.
pub fn all_with_floor() -> Vec<Box<dyn DynEvaluator>> {
    let mut c = Collect(Vec::new());
    visit_all_with_floor(&mut c);
    c.0
}

/// A seven-card evaluator behind dynamic dispatch.
pub trait DynEvaluator7: Send + Sync {
    /// What the evaluator is.
    fn about(&self) -> About;
    /// [`Evaluator7::NAME`].
    fn name(&self) -> &'static str {
        self.about().name
    }
    /// The evaluator's category for `hand`.
    fn category(&self, hand: &Hand7) -> Category;
    /// The class (1..=7462) of the evaluator's value for `hand` among the
    /// values its five-card scale ([`Evaluator7::Five`]) gives all five-card
    /// hands, or `None` if no five-card hand has that value. The first call
    /// ranks all five-card hands, about a tenth of a second.
    fn class(&self, hand: &Hand7) -> Option<u32>;
    /// The evaluator's own value for `hand`, as text (as [`DynEvaluator::native`]).
    fn native(&self, hand: &Hand7) -> String;
}

struct Erased7<E: Evaluator7> {
    ranking: OnceLock<Arc<Ranking<E::Strength>>>,
}

impl<E: Evaluator7> DynEvaluator7 for Erased7<E> {
    fn about(&self) -> About {
        About::of7::<E>()
    }
    fn category(&self, hand: &Hand7) -> Category {
        E::category(hand)
    }
    fn class(&self, hand: &Hand7) -> Option<u32> {
        let ranking = self.ranking.get_or_init(scale::<E::Five>);
        ranking.class(E::strength(hand))
    }
    fn native(&self, hand: &Hand7) -> String {
        format!("{:?}", E::strength(hand))
    }
}

struct Collect7(Vec<Box<dyn DynEvaluator7>>);

impl Visitor7 for Collect7 {
    fn visit<E: Evaluator7>(&mut self) {
        self.0.push(Box::new(Erased7::<E> {
            ranking: OnceLock::new(),
        }));
    }
}

/// Every registered seven-card evaluator behind [`DynEvaluator7`], in [`visit_all7`] order.
pub fn all7() -> Vec<Box<dyn DynEvaluator7>> {
    let mut c = Collect7(Vec::new());
    visit_all7(&mut c);
    c.0
}

/// What every registered seven-card evaluator is, in [`visit_all7`] order.
pub fn abouts7() -> Vec<About> {
    all7().iter().map(|e| e.about()).collect()
}

/// What [`Null7`] and every registered seven-card evaluator are, in
/// [`visit_all7_with_floor`] order.
pub fn abouts7_with_floor() -> Vec<About> {
    struct Abouts(Vec<About>);
    impl Visitor7 for Abouts {
        fn visit<E: Evaluator7>(&mut self) {
            self.0.push(About::of7::<E>());
        }
    }
    let mut a = Abouts(Vec::new());
    visit_all7_with_floor(&mut a);
    a.0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_unique_and_start_with_the_reference() {
        let names = names();
        assert_eq!(names[0], Reference::NAME);
        let mut sorted = names.clone();
        sorted.sort_unstable();
        sorted.dedup();
        assert_eq!(sorted.len(), names.len());
    }

    #[test]
    fn every_name_starts_with_its_family() {
        for a in abouts_with_floor() {
            let prefix = a.name.split('/').next().unwrap_or_default();
            assert_eq!(prefix, a.family.name, "{}", a.name);
        }
    }

    #[test]
    fn a_family_is_declared_once_with_one_title() {
        let families = families();
        for (i, f) in families.iter().enumerate() {
            assert!(
                families[i + 1..].iter().all(|g| g.name != f.name),
                "family {} is declared with two titles",
                f.name
            );
        }
    }

    #[test]
    fn one_reference_one_floor_and_the_floor_is_not_checked() {
        let roles: Vec<Role> = abouts_with_floor().iter().map(|a| a.role).collect();
        assert_eq!(roles.iter().filter(|r| **r == Role::Reference).count(), 1);
        assert_eq!(roles.iter().filter(|r| **r == Role::Floor).count(), 1);
        assert!(abouts().iter().all(|a| a.role != Role::Floor));
        assert!(abouts().iter().any(|a| a.role == Role::Baseline));
    }

    #[test]
    fn seven_card_names_are_unique_and_derive_from_registered_ones() {
        let sevens = abouts7_with_floor();
        assert_eq!(sevens[1].name, Reference7::NAME);
        assert_eq!(sevens[1].role, Role::Reference);
        let mut names: Vec<_> = sevens.iter().map(|a| a.name).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), sevens.len());
        let fives = abouts();
        for a in &sevens {
            assert_eq!(a.cards, 7);
            let prefix = a.name.split('/').next().unwrap_or_default();
            assert_eq!(prefix, a.family.name, "{}", a.name);
            if let Some(from) = a.derived_from {
                let origin = fives
                    .iter()
                    .chain(&sevens)
                    .find(|b| b.name == from && b.family == a.family);
                assert!(
                    origin.is_some(),
                    "{} is derived from unregistered {from}",
                    a.name
                );
            }
        }
        assert!(sevens.iter().any(|a| a.role == Role::Baseline));
    }

    #[test]
    fn every_derived_variant_names_a_registered_one_of_its_family() {
        let abouts = abouts();
        for a in abouts.iter().filter(|a| a.derived_from.is_some()) {
            let from = a.derived_from.unwrap_or_default();
            let origin = abouts.iter().find(|b| b.name == from);
            assert!(
                origin.is_some(),
                "{} is derived from unregistered {from}",
                a.name
            );
            assert_eq!(origin.map(|o| o.family), Some(a.family), "{}", a.name);
            assert_ne!(from, a.name);
        }
    }
}
