//! The one list of evaluators in the handeval lab.
//!
//! The CLI (`cargo xtask eval`, `cargo xtask diff`), the differential tests and
//! the benchmarks all iterate this list, so an evaluator added here is checked,
//! shown and timed everywhere at once (the pattern of itoa-benchmark's `IMPLS`).
//!
//! The list is one line per family ([`register_all`]): each family crate
//! says what it contributes at each hand size through its own `register`
//! function ([`Register`]). Evaluators have associated types, so the list is
//! not a slice of trait objects but a walk that calls a generic method once
//! per evaluator type: generic code is monomorphised per evaluator, and a
//! benchmark loop contains the algorithm inlined.
//!
//! - [`visit::<H>`](visit) walks the evaluators of one hand size `H` (five,
//!   six or seven cards, any [`Size`]) as [`BestFive<H>`](BestFive): what
//!   every tool that works from cards uses, whatever the size;
//! - [`visit_all`] walks the five-card evaluators as [`Evaluator`]s, with
//!   their encodings, for what only five-card hands have: pre-encoded
//!   workloads, instruction counts, published listings;
//! - where dynamic dispatch is good enough (the CLI), [`all::<H>`](all)
//!   gives each evaluator of a size behind the object-safe [`DynEvaluator`].
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
//! evaluator's answer. A six- or seven-card value is classed on its five-card
//! evaluator's scale ([`BestFive::Five`]).

use std::marker::PhantomData;
use std::sync::{Arc, OnceLock};

use handeval_core::{
    BestFive, Cards, Category, CpuPath, Evaluator, Family, Hand, Hand6, Hand7, Register, Role,
    Whole,
};
pub use handeval_reference::{Ranking, Reference, ReferenceBest, best_five, scale};

/// Every family's evaluators, in report order: the reference first, then
/// each algorithm's faithful, tuned and SIMD variants, then the external
/// baselines. Adding a family is one line here (and its crate).
pub fn register_all(r: &mut impl Register) {
    handeval_reference::register(r);
    handeval_subskybox::register(r);
    handeval_deadhorse::register(r);
    handeval_pext::register(r);
    handeval_perfhash::register(r);
    handeval_baselines::register(r);
}

/// Something to do with every registered five-card evaluator, with its
/// encoding; see [`visit_all`].
pub trait Visitor {
    /// Called once per registered five-card evaluator.
    fn visit<E: Evaluator>(&mut self);
}

/// Calls `visitor.visit::<E>()` for every registered five-card evaluator, in
/// [`register_all`] order.
pub fn visit_all(visitor: &mut impl Visitor) {
    /// Passes on the five-card evaluators only.
    struct Fives<'a, V>(&'a mut V);
    impl<V: Visitor> Register for Fives<'_, V> {
        fn five<E: Evaluator>(&mut self) {
            self.0.visit::<E>();
        }
        fn six<E: BestFive<Hand6>>(&mut self) {}
        fn seven<E: BestFive<Hand7>>(&mut self) {}
    }
    register_all(&mut Fives(visitor));
}

/// Calls `visitor.visit::<Null>()`, then [`visit_all`]: what the benchmarks time.
pub fn visit_all_with_floor(visitor: &mut impl Visitor) {
    visitor.visit::<Null>();
    visit_all(visitor);
}

/// Something to do with every registered evaluator of a hand size; see [`visit`].
pub trait Visit<H: Cards> {
    /// Called once per registered evaluator of `H`.
    fn visit<E: BestFive<H>>(&mut self);
}

/// A hand size with registered evaluators: a [`Cards`] the registry can
/// walk, with the harness floor the benchmarks time at that size.
pub trait Size: Cards {
    /// The harness floor at this size: reads the cards, evaluates nothing.
    type Floor: BestFive<Self>;

    /// Calls `visitor.visit::<E>()` for every evaluator of this size, in
    /// [`register_all`] order.
    fn walk(visitor: &mut impl Visit<Self>);
}

/// Passes on one size's evaluators: five-card ones as [`Whole`], the size
/// named by the method for the others.
struct Only<'a, H, V>(&'a mut V, PhantomData<H>);

impl<V: Visit<Hand>> Register for Only<'_, Hand, V> {
    fn five<E: Evaluator>(&mut self) {
        self.0.visit::<Whole<E>>();
    }
    fn six<E: BestFive<Hand6>>(&mut self) {}
    fn seven<E: BestFive<Hand7>>(&mut self) {}
}

impl<V: Visit<Hand6>> Register for Only<'_, Hand6, V> {
    fn five<E: Evaluator>(&mut self) {}
    fn six<E: BestFive<Hand6>>(&mut self) {
        self.0.visit::<E>();
    }
    fn seven<E: BestFive<Hand7>>(&mut self) {}
}

impl<V: Visit<Hand7>> Register for Only<'_, Hand7, V> {
    fn five<E: Evaluator>(&mut self) {}
    fn six<E: BestFive<Hand6>>(&mut self) {}
    fn seven<E: BestFive<Hand7>>(&mut self) {
        self.0.visit::<E>();
    }
}

impl Size for Hand {
    type Floor = Whole<Null>;
    fn walk(visitor: &mut impl Visit<Self>) {
        register_all(&mut Only(visitor, PhantomData));
    }
}

impl Size for Hand6 {
    type Floor = NullCards;
    fn walk(visitor: &mut impl Visit<Self>) {
        register_all(&mut Only(visitor, PhantomData));
    }
}

impl Size for Hand7 {
    type Floor = NullCards;
    fn walk(visitor: &mut impl Visit<Self>) {
        register_all(&mut Only(visitor, PhantomData));
    }
}

/// Calls `visitor.visit::<E>()` for every registered evaluator of hands of
/// `H` cards, in [`register_all`] order.
pub fn visit<H: Size>(visitor: &mut impl Visit<H>) {
    H::walk(visitor);
}

/// Calls `visitor.visit::<H::Floor>()`, then [`visit`]: what the benchmarks time.
pub fn visit_with_floor<H: Size>(visitor: &mut impl Visit<H>) {
    visitor.visit::<H::Floor>();
    H::walk(visitor);
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

/// The harness floor for hands of more than five cards: reads the cards
/// and does almost nothing, as [`Null`] does for five. Not in [`visit`].
#[derive(Clone, Copy, Debug, Default)]
pub struct NullCards;

impl<const N: usize> BestFive<Hand<N>> for NullCards
where
    Hand<N>: Cards,
{
    const NAME: &'static str = "null";
    const FAMILY: Family = Null::FAMILY;
    const ROLE: Role = Role::Floor;
    const SUMMARY: &'static str =
        "harness floor: reads the card bytes, folds them into one byte, evaluates nothing";

    type Five = Null;
    type Strength = u8;

    #[inline(always)]
    fn category(hand: &Hand<N>) -> Category {
        if Self::strength(hand) == u8::MAX {
            Category::OnePair
        } else {
            Category::HighCard
        }
    }

    /// A byte that depends on every card: the first four and the last four
    /// bytes as two words (sharing a card or two), summed into one byte.
    #[inline(always)]
    fn strength(hand: &Hand<N>) -> u8 {
        let cards = hand.cards().map(handeval_core::Card::index);
        let word = |at: usize| {
            u32::from_le_bytes([cards[at], cards[at + 1], cards[at + 2], cards[at + 3]])
        };
        (word(0).wrapping_add(word(N - 4)).wrapping_mul(0x0101_0101) >> 24) as u8
    }
}

/// The names of every registered five-card evaluator, in [`visit_all`] order.
pub fn names() -> Vec<&'static str> {
    abouts().iter().map(|a| a.name).collect()
}

/// What every registered five-card evaluator is, in [`visit_all`] order.
pub fn abouts() -> Vec<About> {
    abouts_of::<Hand>()
}

/// What the [`Null`] floor and every registered five-card evaluator are, in
/// [`visit_all_with_floor`] order.
pub fn abouts_with_floor() -> Vec<About> {
    abouts_with_floor_of::<Hand>()
}

/// What every registered evaluator of `H` is, in [`visit`] order.
pub fn abouts_of<H: Size>() -> Vec<About> {
    let mut a = Abouts(Vec::new());
    visit::<H>(&mut a);
    a.0
}

/// What the floor and every registered evaluator of `H` are, in
/// [`visit_with_floor`] order.
pub fn abouts_with_floor_of<H: Size>() -> Vec<About> {
    let mut a = Abouts(Vec::new());
    visit_with_floor::<H>(&mut a);
    a.0
}

/// Collects [`About`]s.
struct Abouts(Vec<About>);

impl<H: Cards> Visit<H> for Abouts {
    fn visit<E: BestFive<H>>(&mut self) {
        self.0.push(About::of::<H, E>());
    }
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

/// The table-free ideas: the families of the lab's own variants none of
/// whose evaluators, at any hand size, reads a lookup table
/// ([`Evaluator::TABLE_BYTES`] is 0 for all of them), in registry order.
/// A per-card encoding table ([`Evaluator::CARD_TABLE_BYTES`]) does not
/// count: it maps a card to its bits and holds no answer.
pub fn table_free_families() -> Vec<Family> {
    let every: Vec<About> = abouts_of::<Hand>()
        .into_iter()
        .chain(abouts_of::<Hand6>())
        .chain(abouts_of::<Hand7>())
        .collect();
    let mut families: Vec<Family> = Vec::new();
    for a in every.iter().filter(|a| a.role.is_lab_variant()) {
        let free = every
            .iter()
            .filter(|b| b.family == a.family)
            .all(|b| b.table_bytes == 0);
        if free && !families.contains(&a.family) {
            families.push(a.family);
        }
    }
    families
}

/// What an evaluator declares about itself, and how it runs on this machine.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct About {
    /// How many cards its hands have ([`Cards::COUNT`]).
    pub cards: u8,
    /// For six or seven cards, whether it takes the best of the hand's fives
    /// ([`BestFive::BEST_OF_FIVES`]) rather than evaluating the cards directly.
    pub best_of_fives: bool,
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
    /// What `E`, an evaluator of `H`, declares, and how it runs here.
    pub fn of<H: Cards, E: BestFive<H>>() -> About {
        About {
            cards: H::COUNT as u8,
            best_of_fives: E::BEST_OF_FIVES,
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

    /// What the five-card `E` declares, and how it runs here.
    pub fn of_five<E: Evaluator>() -> About {
        About::of::<Hand, Whole<E>>()
    }
}

/// An evaluator of hands of `H` cards behind dynamic dispatch, for callers
/// that handle one hand at a time.
pub trait DynEvaluator<H: Cards>: Send + Sync {
    /// What the evaluator is.
    fn about(&self) -> About;
    /// [`BestFive::NAME`].
    fn name(&self) -> &'static str {
        self.about().name
    }
    /// The evaluator's category for `hand`.
    fn category(&self, hand: &H) -> Category;
    /// The class (1..=7462) of the evaluator's value for `hand` among the
    /// values its five-card scale ([`BestFive::Five`]) gives all five-card
    /// hands (see [`Ranking`]), or `None` if no five-card hand has that
    /// value. The first call ranks all five-card hands, about a tenth of a
    /// second.
    fn class(&self, hand: &H) -> Option<u32>;
    /// The evaluator's own strength value for `hand`, as text: its `Debug`
    /// form, which is the decimal number for integer strengths (`536878848`),
    /// `Reverse(n)` for a strength where lower numbers are stronger, and the
    /// field-by-field form of a struct such as the reference's.
    fn native(&self, hand: &H) -> String;
}

/// The ranking is the process-wide [`scale`], kept here once fetched so that
/// a class per hand costs no lock.
struct Erased<H, E: BestFive<H>>
where
    H: Cards,
{
    ranking: OnceLock<Arc<Ranking<E::Strength>>>,
    size: PhantomData<fn(&H)>,
}

impl<H: Cards, E: BestFive<H>> DynEvaluator<H> for Erased<H, E> {
    fn about(&self) -> About {
        About::of::<H, E>()
    }
    fn category(&self, hand: &H) -> Category {
        E::category(hand)
    }
    fn class(&self, hand: &H) -> Option<u32> {
        let ranking = self.ranking.get_or_init(scale::<E::Five>);
        ranking.class(E::strength(hand))
    }
    fn native(&self, hand: &H) -> String {
        format!("{:?}", E::strength(hand))
    }
}

/// Collects evaluators behind [`DynEvaluator`].
struct Collect<H: Cards>(Vec<Box<dyn DynEvaluator<H>>>);

impl<H: Cards> Visit<H> for Collect<H> {
    fn visit<E: BestFive<H>>(&mut self) {
        self.0.push(Box::new(Erased::<H, E> {
            ranking: OnceLock::new(),
            size: PhantomData,
        }));
    }
}

/// Every registered evaluator of `H` behind [`DynEvaluator`], in [`visit`] order.
pub fn all<H: Size>() -> Vec<Box<dyn DynEvaluator<H>>> {
    let mut c = Collect(Vec::new());
    visit::<H>(&mut c);
    c.0
}

/// The floor, then every registered evaluator of `H`, behind
/// [`DynEvaluator`]: what the benchmarks time, in [`visit_with_floor`] order.
pub fn all_with_floor<H: Size>() -> Vec<Box<dyn DynEvaluator<H>>> {
    let mut c = Collect(Vec::new());
    visit_with_floor::<H>(&mut c);
    c.0
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
    fn larger_hands_names_are_unique_and_derive_from_registered_ones() {
        struct Names(Vec<&'static str>);
        impl Visitor for Names {
            fn visit<E: Evaluator>(&mut self) {
                self.0.push(E::NAME);
            }
        }
        fn check<H: Size>() {
            let abouts = abouts_with_floor_of::<H>();
            assert_eq!(abouts[0].role, Role::Floor);
            assert_eq!(abouts[1].name, Reference::NAME);
            assert_eq!(abouts[1].role, Role::Reference);
            let mut names: Vec<_> = abouts.iter().map(|a| a.name).collect();
            names.sort_unstable();
            names.dedup();
            assert_eq!(names.len(), abouts.len(), "{} cards", H::WORD);
            let fives = self::abouts();
            for a in &abouts {
                assert_eq!(usize::from(a.cards), H::COUNT);
                let prefix = a.name.split('/').next().unwrap_or_default();
                assert_eq!(prefix, a.family.name, "{}", a.name);
                if let Some(from) = a.derived_from {
                    let origin = fives
                        .iter()
                        .chain(&abouts)
                        .find(|b| b.name == from && b.family == a.family);
                    assert!(
                        origin.is_some(),
                        "{} is derived from unregistered {from}",
                        a.name
                    );
                }
            }
            assert!(abouts.iter().any(|a| a.role == Role::Baseline));
        }
        check::<Hand6>();
        check::<Hand7>();
        // Five cards through the same walk: the same evaluators, in the same
        // order, as the five-card walk with encodings.
        let through_cards: Vec<_> = abouts_of::<Hand>().iter().map(|a| a.name).collect();
        assert_eq!(through_cards, names());
        let mut encoded = Names(Vec::new());
        visit_all(&mut encoded);
        assert_eq!(encoded.0, through_cards);
    }

    #[test]
    fn the_floor_reads_every_card() {
        let base: Hand7 = "2c 3d 4h 5s 6c 7d 8h".parse().unwrap();
        let strength = |h: &Hand7| <NullCards as BestFive<Hand7>>::strength(h);
        for i in 0..7 {
            let mut cards = base.cards();
            cards[i] = "As".parse().unwrap();
            let moved = Hand7::new(cards).unwrap();
            assert_ne!(strength(&moved), strength(&base), "card {i}");
        }
    }

    #[test]
    fn the_table_free_families_are_those_without_tables() {
        let names: Vec<&str> = table_free_families().iter().map(|f| f.name).collect();
        assert_eq!(names, ["subskybox", "deadhorse", "pext"]);
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
