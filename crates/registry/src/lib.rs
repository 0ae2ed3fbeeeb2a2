//! The one list of evaluators in the handeval lab.
//!
//! The CLI (`cargo xtask eval`, `cargo xtask diff`), the differential tests and
//! the benchmarks all iterate this list, so an evaluator added here is checked,
//! shown and timed everywhere at once (the pattern of itoa-benchmark's `IMPLS`).
//!
//! The list is one line per family ([`register_all`]): each family crate
//! says what it contributes to each game through its own `register`
//! function ([`Register`]). Evaluators have associated types, so the list is
//! not a slice of trait objects but a walk that calls a generic method once
//! per evaluator type: generic code is monomorphised per evaluator, and a
//! benchmark loop contains the algorithm inlined.
//!
//! - [`walk`] calls a [`Visit`] once per evaluator of every game, as
//!   [`BestFive<G>`](BestFive), and [`visit::<G>`](visit) once per
//!   evaluator of game `G`: what every tool that works from cards uses,
//!   whatever the game (the tools' code is generic over the game, so one
//!   visitor serves them all);
//! - [`visit_all`] walks the five-card evaluators as [`Evaluator`]s, with
//!   their encodings, for the five-card extensions: pre-encoded workloads,
//!   their instruction counts, published listings;
//! - where dynamic dispatch is good enough (the CLI), [`all::<G>`](all)
//!   gives each evaluator of a game behind the object-safe [`DynEvaluator`];
//! - [`checks::<G>`](checks) gives each evaluator's differential checks as
//!   function pointers compiled once, in this crate, for every program
//!   that checks evaluators, and [`counts::<G>`](counts) each one's counts
//!   of the benchmarks' access patterns (showdowns, ranges, fixed hands).
//!
//! # What each evaluator is
//!
//! Each evaluator declares its [`Family`], [`Role`] and the variant it was
//! derived from next to its name ([`Meta::family`](handeval_core::Meta::family), [`Meta::role`](handeval_core::Meta::role),
//! [`Meta::derived_from`](handeval_core::Meta::derived_from)); [`About`] carries them to the tools, which
//! group, pair and label evaluators from these declarations alone.
//!
//! # Classes from native strengths
//!
//! Each evaluator has its own strength values. [`Ranking`] turns them into
//! class numbers by ranking the distinct values seen over all 2,598,960 hands,
//! strongest first. A correct evaluator yields exactly the conventional classes
//! 1..=7462; one that orders hands wrongly yields wrong classes (or more or
//! fewer than 7,462), which is the point: nothing here borrows another
//! evaluator's answer. The value of a hand of any game is classed on its
//! five-card evaluator's scale ([`BestFive::Five`]).

use std::any::Any;
use std::marker::PhantomData;
use std::sync::{Arc, OnceLock};

use handeval_core::badugi::{BadugiAbout, BadugiEvaluator};
use handeval_core::low::{LowAbout, LowEvaluator};
use handeval_core::{
    BestFive, Category, CpuPath, Evaluator, Family, Game, GameInfo, GameVisitor, Generated, Hand,
    Hand7, Meta, Register, Role, Whole, same_game, visit_games,
};
use handeval_equity::showdown::{Showdown, ShowdownForm, Tally};
pub use handeval_reference::{Ranking, Reference, ReferenceBest, best_five, scale};

#[cfg(feature = "checks")]
mod checks;
#[cfg(feature = "checks")]
pub use checks::{Checks, checks};
mod counts;
pub use counts::{Counts, counts};

/// Every family's evaluators, in report order: the reference first, then
/// each algorithm's faithful, tuned and SIMD variants, then the external
/// baselines. Adding a family is one line here (and its crate).
pub fn register_all(r: &mut impl Register) {
    handeval_reference::register(r);
    handeval_subskybox::register(r);
    handeval_deadhorse::register(r);
    handeval_pext::register(r);
    handeval_perfhash::register(r);
    handeval_twoplustwo::register(r);
    #[cfg(feature = "baselines")]
    handeval_baselines::register(r);
}

/// Something to do with every registered five-card evaluator, with its
/// encoding; see [`visit_all`].
pub trait Visitor {
    /// Called once per registered five-card evaluator.
    fn visit<E: Evaluator>(&mut self);
}

/// Calls `visitor.visit::<E>()` for every registered five-card evaluator, in
/// [`register_all`] order: the five-card extension, with encodings.
pub fn visit_all(visitor: &mut impl Visitor) {
    /// Passes on the five-card evaluators only.
    struct Fives<'a, V>(&'a mut V);
    impl<V: Visitor> Register for Fives<'_, V> {
        fn five<E: Evaluator>(&mut self) {
            self.0.visit::<E>();
        }
        fn add<G: Game, E: BestFive<G>>(&mut self) {}
    }
    register_all(&mut Fives(visitor));
}

/// Calls `visitor.visit::<Null>()`, then [`visit_all`]: what the benchmarks time.
pub fn visit_all_with_floor(visitor: &mut impl Visitor) {
    visitor.visit::<Null>();
    visit_all(visitor);
}

/// Something to do with every registered evaluator of any game; see
/// [`walk`] and [`visit`]. The method is generic over the game, so the
/// same code serves every game; a visitor that holds data of one game
/// (its hands, say) finds it typed for `G` with [`same`].
pub trait Visit {
    /// Called once per registered evaluator `E` of game `G`.
    fn visit<G: Game, E: BestFive<G>>(&mut self);
}

/// Every game worth its high alone ([`handeval_core::Value::High`]), in the
/// order of [`handeval_core::visit_games`] (the one list of games): the
/// games with evaluators of their own, which the tools that check and time
/// evaluators iterate. A Hi-Lo game of the list is valued by its high
/// game's evaluators here and by its low evaluators ([`lows`]).
pub fn games() -> Vec<GameInfo> {
    /// Collects each game's description.
    struct Infos(Vec<GameInfo>);
    impl GameVisitor for Infos {
        fn game<G: Game>(&mut self) {
            self.0.push(GameInfo::of::<G>());
        }
    }
    let mut infos = Infos(Vec::new());
    visit_games(&mut infos);
    infos.0
}

/// What the registered evaluators of `game` are (the floor first when
/// `floor`), in registry order: [`abouts_of`] for a game known by value;
/// for a Hi-Lo game, its low evaluators ([`lows`], [`About::of_low`]),
/// what its workload times; for a badugi game, its evaluators
/// ([`badugis`], [`About::of_badugi`]).
pub fn abouts_in(game: GameInfo, floor: bool) -> Vec<About> {
    /// Lists the evaluators of the game named.
    struct Of {
        game: GameInfo,
        floor: bool,
        abouts: Vec<About>,
    }
    impl GameVisitor for Of {
        fn game<G: Game>(&mut self) {
            if GameInfo::of::<G>() == self.game {
                self.abouts = if self.floor {
                    abouts_with_floor_of::<G>()
                } else {
                    abouts_of::<G>()
                };
            }
        }
        fn hi_lo<G: Game>(&mut self) {
            if GameInfo::of::<G>() == self.game {
                self.abouts = lows::<G>().iter().map(About::of_low).collect();
            }
        }
        fn badugi<G: Game>(&mut self) {
            if GameInfo::of::<G>() == self.game {
                self.abouts = badugis::<G>().iter().map(About::of_badugi).collect();
            }
        }
    }
    let mut of = Of {
        game,
        floor,
        abouts: Vec::new(),
    };
    visit_games(&mut of);
    of.abouts
}

/// The game whose [`Game::ID`] is `id`.
pub fn game(id: &str) -> Option<GameInfo> {
    games().into_iter().find(|g| g.id == id)
}

/// Calls `visitor.visit::<G, E>()` for every registered evaluator of every
/// game, in [`register_all`] order (five-card evaluators as [`Whole`]).
pub fn walk(visitor: &mut impl Visit) {
    /// Passes every evaluator on as the game's.
    struct All<'a, V>(&'a mut V);
    impl<V: Visit> Register for All<'_, V> {
        fn five<E: Evaluator>(&mut self) {
            self.0.visit::<Hand, Whole<E>>();
        }
        fn add<G: Game, E: BestFive<G>>(&mut self) {
            self.0.visit::<G, E>();
        }
    }
    register_all(&mut All(visitor));
}

/// Something to do with every registered evaluator of a Hi-Lo game's low
/// half; see [`walk_lows`].
pub trait VisitLow {
    /// Called once per registered low evaluator `E` of Hi-Lo game `G`.
    fn visit_low<G: Game, E: LowEvaluator<G>>(&mut self);
}

/// Calls `visitor.visit_low::<G, E>()` for every registered evaluator of a
/// Hi-Lo game's low half, in [`register_all`] order.
pub fn walk_lows(visitor: &mut impl VisitLow) {
    /// Passes on the low evaluators only.
    struct Lows<'a, V>(&'a mut V);
    impl<V: VisitLow> Register for Lows<'_, V> {
        fn five<E: Evaluator>(&mut self) {}
        fn add<G: Game, E: BestFive<G>>(&mut self) {}
        fn low<G: Game, E: LowEvaluator<G>>(&mut self) {
            self.0.visit_low::<G, E>();
        }
    }
    register_all(&mut Lows(visitor));
}

/// The registered evaluators of `G`'s low half, in [`register_all`] order
/// (the reference first).
pub fn lows<G: Game>() -> Vec<LowAbout<G>> {
    /// Keeps the low evaluators of `G`.
    struct Of<G: Game>(Vec<LowAbout<G>>);
    impl<G: Game> VisitLow for Of<G> {
        fn visit_low<H: Game, E: LowEvaluator<H>>(&mut self) {
            let about: Box<dyn Any> = Box::new(LowAbout::<H>::of::<E>());
            if let Ok(about) = about.downcast::<LowAbout<G>>() {
                self.0.push(*about);
            }
        }
    }
    let mut of = Of(Vec::new());
    walk_lows(&mut of);
    of.0
}

/// Something to do with every registered badugi evaluator; see
/// [`walk_badugis`].
pub trait VisitBadugi {
    /// Called once per registered evaluator `E` of badugi game `G`.
    fn visit_badugi<G: Game, E: BadugiEvaluator<G>>(&mut self);
}

/// Calls `visitor.visit_badugi::<G, E>()` for every registered badugi
/// evaluator, in [`register_all`] order.
pub fn walk_badugis(visitor: &mut impl VisitBadugi) {
    /// Passes on the badugi evaluators only.
    struct Badugis<'a, V>(&'a mut V);
    impl<V: VisitBadugi> Register for Badugis<'_, V> {
        fn five<E: Evaluator>(&mut self) {}
        fn add<G: Game, E: BestFive<G>>(&mut self) {}
        fn badugi<G: Game, E: BadugiEvaluator<G>>(&mut self) {
            self.0.visit_badugi::<G, E>();
        }
    }
    register_all(&mut Badugis(visitor));
}

/// The registered evaluators of badugi game `G` ([`Value::Badugi`]), in
/// [`register_all`] order (the reference first).
///
/// [`Value::Badugi`]: handeval_core::Value::Badugi
pub fn badugis<G: Game>() -> Vec<BadugiAbout<G>> {
    /// Keeps the badugi evaluators of `G`.
    struct Of<G: Game>(Vec<BadugiAbout<G>>);
    impl<G: Game> VisitBadugi for Of<G> {
        fn visit_badugi<H: Game, E: BadugiEvaluator<H>>(&mut self) {
            if const { same_game::<H, G>() } {
                let about: Box<dyn Any> = Box::new(BadugiAbout::<H>::of::<E>());
                if let Ok(about) = about.downcast::<BadugiAbout<G>>() {
                    self.0.push(*about);
                }
            }
        }
    }
    let mut of = Of(Vec::new());
    walk_badugis(&mut of);
    of.0
}

/// Calls `visitor.visit::<G, E>()` for every registered evaluator of game
/// `G`, in [`register_all`] order.
pub fn visit<G: Game>(visitor: &mut impl Visit) {
    /// Passes on the evaluators of one game.
    struct Only<'a, G, V>(&'a mut V, PhantomData<G>);
    impl<G: Game, V: Visit> Visit for Only<'_, G, V> {
        fn visit<H: Game, E: BestFive<H>>(&mut self) {
            // Known when compiled: the other games' evaluators are never
            // instantiated with the visitor (see `same_game`).
            if const { same_game::<H, G>() } {
                self.0.visit::<H, E>();
            }
        }
    }
    walk(&mut Only(visitor, PhantomData::<G>));
}

/// Calls `visitor.visit` for the floor of game `G`, then [`visit::<G>`](visit):
/// what the benchmarks time.
pub fn visit_with_floor<G: Game>(visitor: &mut impl Visit) {
    // Known when compiled, as in `visit`: only the floor of `G` is made.
    if const { same_game::<G, Hand>() } {
        // Five cards' floor is the five-card evaluator the encoded
        // workloads time too.
        visitor.visit::<Hand, Whole<Null>>();
    } else {
        visitor.visit::<G, NullCards>();
    }
    visit::<G>(visitor);
}

/// `value`, a `T` that was made for game `H`, as the `U` made for game `G`
/// when `H` and `G` are the same game (the same type), else `None`: how a
/// [`Visit`] that makes something typed for the game it visits hands it
/// to code that names the game as `G`, whose type the compiler sees only
/// as `H`. (Borrowed data is downcast through `&dyn Any` instead.)
///
/// ```
/// use handeval_core::{Hand6, Hand7};
/// let hands: Vec<Hand7> = vec!["As Ks Qs Js Ts 2c 3d".parse().unwrap()];
/// assert!(handeval_registry::same::<Vec<Hand7>, Vec<Hand6>>(hands.clone()).is_none());
/// assert_eq!(handeval_registry::same::<Vec<Hand7>, Vec<Hand7>>(hands).unwrap().len(), 1);
/// ```
pub fn same<T: Any, U: Any>(value: T) -> Option<U> {
    (Box::new(value) as Box<dyn Any>)
        .downcast::<U>()
        .ok()
        .map(|b| *b)
}

/// The harness floor: reads the five cards and does almost nothing.
///
/// Benchmarks time it like any evaluator, so that the cost of the loop,
/// the loads and the stores can be read off and subtracted. It is not in
/// [`visit_all`]: its answers are not poker, and it is never checked.
#[derive(Clone, Copy, Debug, Default)]
pub struct Null;

impl Evaluator for Null {
    const META: handeval_core::Meta = handeval_core::Meta {
        name: "null",
        summary: "harness floor: reads the five card bytes, folds them into one byte, evaluates nothing",
        family: Family {
            name: "null",
            title: "the harness floor",
        },
        role: Role::Floor,
        derived_from: None,
        table_bytes: 0,
        card_table_bytes: 0,
    };

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

/// The harness floor for every game but five cards: reads the cards and
/// does almost nothing, as [`Null`] does for five. Not in [`visit`].
#[derive(Clone, Copy, Debug, Default)]
pub struct NullCards;

impl<G: Game> BestFive<G> for NullCards {
    const META: handeval_core::Meta = handeval_core::Meta {
        name: "null",
        summary: "harness floor: reads the card bytes, folds them into one byte, evaluates nothing",
        family: Null::META.family,
        role: Role::Floor,
        derived_from: None,
        table_bytes: 0,
        card_table_bytes: 0,
    };

    type Five = Null;
    type Strength = u8;

    #[inline(always)]
    fn category(hand: &G) -> Category {
        if Self::strength(hand) == u8::MAX {
            Category::OnePair
        } else {
            Category::HighCard
        }
    }

    /// A byte that depends on every card: the first four and the last four
    /// bytes as two words (sharing a card or more), summed into one byte.
    #[inline(always)]
    fn strength(hand: &G) -> u8 {
        // Fixed-size chunks: a slice indexed card by card would add a
        // bounds check a card to the floor (0.53 against 0.76 ns/hand for
        // seven cards, runs bd7299d and 32f8653).
        let cards = hand.card_slice();
        let word = |four: &[handeval_core::Card; 4]| {
            u32::from_le_bytes(four.map(handeval_core::Card::index))
        };
        let (Some(first), Some(last)) = (cards.first_chunk::<4>(), cards.last_chunk::<4>()) else {
            return 0;
        };
        (word(first)
            .wrapping_add(word(last))
            .wrapping_mul(0x0101_0101)
            >> 24) as u8
    }
}

/// The names of every registered five-card evaluator, in [`visit_all`] order.
pub fn names() -> Vec<&'static str> {
    abouts().iter().map(|a| a.meta.name).collect()
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

/// What every registered evaluator of `G` is, in [`visit`] order.
pub fn abouts_of<G: Game>() -> Vec<About> {
    let mut a = Abouts(Vec::new());
    visit::<G>(&mut a);
    a.0
}

/// What the floor and every registered evaluator of `G` are, in
/// [`visit_with_floor`] order.
pub fn abouts_with_floor_of<G: Game>() -> Vec<About> {
    let mut a = Abouts(Vec::new());
    visit_with_floor::<G>(&mut a);
    a.0
}

/// What every registered evaluator of every game is, in [`walk`] order.
pub fn abouts_of_every_game() -> Vec<About> {
    let mut a = Abouts(Vec::new());
    walk(&mut a);
    a.0
}

/// Collects [`About`]s.
struct Abouts(Vec<About>);

impl Visit for Abouts {
    fn visit<G: Game, E: BestFive<G>>(&mut self) {
        self.0.push(About::of::<G, E>());
    }
}

/// The families of the registered evaluators, each once, in [`visit_all`] order.
pub fn families() -> Vec<Family> {
    let mut families: Vec<Family> = Vec::new();
    for about in abouts() {
        if !families.contains(&about.meta.family) {
            families.push(about.meta.family);
        }
    }
    families
}

/// The table-free ideas: the families of the lab's own variants none of
/// whose evaluators, in any game, reads a lookup table
/// ([`Meta::table_bytes`](handeval_core::Meta::table_bytes) is 0 for all of them), in registry order.
/// A per-card encoding table ([`Meta::card_table_bytes`](handeval_core::Meta::card_table_bytes)) does not
/// count: it maps a card to its bits and holds no answer.
pub fn table_free_families() -> Vec<Family> {
    let every = abouts_of_every_game();
    let mut families: Vec<Family> = Vec::new();
    for a in every.iter().filter(|a| a.meta.role.is_lab_variant()) {
        let free = every
            .iter()
            .filter(|b| b.meta.family == a.meta.family)
            .all(|b| b.meta.table_bytes == 0);
        if free && !families.contains(&a.meta.family) {
            families.push(a.meta.family);
        }
    }
    families
}

/// What an evaluator declares about itself, and how it runs on this machine.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct About {
    /// The game it evaluates.
    pub game: GameInfo,
    /// Whether it takes the best of the hand's fives
    /// ([`BestFive::BEST_OF_FIVES`]) rather than evaluating the cards directly.
    pub best_of_fives: bool,
    /// What it declares of itself ([`BestFive::META`]): name, summary,
    /// family, role, origin, table bytes.
    pub meta: Meta,
    /// [`Evaluator::cpu_path`] on this machine.
    pub cpu_path: CpuPath,
    /// [`Evaluator::unavailable`] on this machine.
    pub unavailable: Option<&'static str>,
    /// The name of its incremental form ([`BestFive::INCREMENTAL`]), if it
    /// declares one.
    pub incremental: Option<&'static str>,
    /// The name of its own calculator of showdowns
    /// ([`ShowdownForm::Calculator`]), if its registry line declares one.
    pub calculator: Option<&'static str>,
    /// The name of its form valuing every board from shared sums
    /// ([`ShowdownForm::EveryBoard`]), if its registry line declares one.
    pub shared_sums: Option<&'static str>,
}

impl About {
    /// What `E`, an evaluator of `G`, declares, and how it runs here.
    pub fn of<G: Game, E: BestFive<G>>() -> About {
        About {
            game: GameInfo::of::<G>(),
            best_of_fives: E::BEST_OF_FIVES,
            meta: E::META,
            cpu_path: E::cpu_path(),
            unavailable: E::unavailable(),
            incremental: E::INCREMENTAL.map(|i| i.form),
            calculator: handeval_equity::showdown::showdown_forms(showdown_form::<G, E>()).0,
            shared_sums: handeval_equity::showdown::showdown_forms(showdown_form::<G, E>()).1,
        }
    }

    /// What the five-card `E` declares, and how it runs here.
    pub fn of_five<E: Evaluator>() -> About {
        About::of::<Hand, Whole<E>>()
    }

    /// What a badugi evaluator of `G` declares, and how its batch runs
    /// here: an evaluator of `G`'s workload, listed, timed and recorded as
    /// any other (it has no calculator).
    pub fn of_badugi<G: Game>(badugi: &BadugiAbout<G>) -> About {
        About {
            game: GameInfo::of::<G>(),
            best_of_fives: false,
            meta: badugi.meta,
            cpu_path: (badugi.cpu_path)(),
            unavailable: None,
            incremental: None,
            calculator: None,
            shared_sums: None,
        }
    }

    /// What a low evaluator of the Hi-Lo game `G` declares, and how its
    /// batch runs here: an evaluator of `G`'s low workload, listed, timed
    /// and recorded as any other (it has no calculator).
    pub fn of_low<G: Game>(low: &LowAbout<G>) -> About {
        About {
            game: GameInfo::of::<G>(),
            best_of_fives: low.best_of_fives,
            meta: low.meta,
            cpu_path: (low.cpu_path)(),
            unavailable: None,
            incremental: None,
            calculator: None,
            shared_sums: None,
        }
    }
}

/// An evaluator of game `G` behind dynamic dispatch, for callers that
/// handle one hand at a time.
pub trait DynEvaluator<G: Game>: Send + Sync {
    /// What the evaluator is.
    fn about(&self) -> About;
    /// [`Meta::name`](handeval_core::Meta::name).
    fn name(&self) -> &'static str {
        self.about().meta.name
    }
    /// The evaluator's category for `hand`.
    fn category(&self, hand: &G) -> Category;
    /// The class (1..=7462) of the evaluator's value for `hand` among the
    /// values its five-card scale ([`BestFive::Five`]) gives all five-card
    /// hands (see [`Ranking`]), or `None` if no five-card hand has that
    /// value. The first call ranks all five-card hands, about a tenth of a
    /// second.
    fn class(&self, hand: &G) -> Option<u32>;
    /// The classes of a batch through the evaluator's batch loop: `out[i]`
    /// for `hands[i]`, as [`class`](Self::class) gives it (0 where that
    /// gives `None`). Each value's class is read off the value where its
    /// five-card scale knows how ([`Evaluator::class_of`]), else looked up
    /// in the ranking of its scale.
    ///
    /// # Panics
    /// If `out` and `hands` differ in length.
    fn classes(&self, hands: &[G], out: &mut [u16]);
    /// [`classes`](Self::classes) of hands given as rows of card numbers
    /// (`out.len()` rows of `G::COUNT` bytes, as
    /// [`BestFive::strengths_of_rows`] takes them), where the evaluator
    /// reads rows (`true`); `false`, and `out` untouched, where it does
    /// not. Meaningful only for rows checked to be hands.
    ///
    /// # Panics
    /// If `rows` is not `out.len()` rows.
    fn classes_of_rows(&self, rows: &[u8], out: &mut [u16]) -> bool;
    /// Ranks the five-card hands now, as the first [`class`](Self::class)
    /// call would: a caller with several evaluators ranks their scales on
    /// several threads at once.
    fn prepare(&self);
    /// Makes (or reads) the tables the evaluator generates at run time, and
    /// says how ([`BestFive::generated`]).
    fn generated(&self) -> Option<Generated>;
    /// The evaluator's own strength value for `hand`, as text: its `Debug`
    /// form, which is the decimal number for integer strengths (`536878848`),
    /// `Reverse(n)` for a strength where lower numbers are stronger, and the
    /// field-by-field form of a struct such as the reference's.
    fn native(&self, hand: &G) -> String;
}

/// The ranking is the process-wide [`scale`], kept here once fetched so that
/// a class per hand costs no lock.
struct Erased<G, E: BestFive<G>>
where
    G: Game,
{
    ranking: OnceLock<Arc<Ranking<E::Strength>>>,
    game: PhantomData<fn(&G)>,
}

impl<G: Game, E: BestFive<G>> DynEvaluator<G> for Erased<G, E> {
    fn about(&self) -> About {
        About::of::<G, E>()
    }
    fn category(&self, hand: &G) -> Category {
        E::category(hand)
    }
    fn class(&self, hand: &G) -> Option<u32> {
        let ranking = self.ranking.get_or_init(scale::<E::Five>);
        ranking.class(E::strength(hand))
    }
    fn classes(&self, hands: &[G], out: &mut [u16]) {
        /// Hands valued at a time: their values stay in the first cache,
        /// on the stack (a call for one hand allocates nothing).
        const CHUNK: usize = 256;
        assert_eq!(hands.len(), out.len(), "one class per hand");
        let Some(first) = hands.first() else {
            return;
        };
        // The first hand's value fills the buffer, and is the answer for
        // a batch of one.
        let mut values = [E::strength(first); CHUNK];
        for (chunk, (hands, out)) in hands.chunks(CHUNK).zip(out.chunks_mut(CHUNK)).enumerate() {
            let values = &mut values[..hands.len()];
            if chunk > 0 || hands.len() > 1 {
                E::strengths(hands, values);
            }
            self.classes_of_values(values, out);
        }
    }
    fn classes_of_rows(&self, rows: &[u8], out: &mut [u16]) -> bool {
        /// Rows valued at a time, as in `classes`.
        const CHUNK: usize = 256;
        assert_eq!(rows.len(), out.len() * G::COUNT, "one class per row");
        // The buffer's filler is the first row's value, from a hand built
        // of it; a first row that is not a hand declines the rows.
        let Some(first) = rows.get(..G::COUNT) else {
            return true;
        };
        let mut cards = [handeval_core::Card::ALL[0]; 16];
        for (card, &number) in cards.iter_mut().zip(first) {
            let Some(read) = handeval_core::Card::from_index(number) else {
                return false;
            };
            *card = read;
        }
        let Ok(hand) = G::from_cards(&cards[..G::COUNT]) else {
            return false;
        };
        let mut values = [E::strength(&hand); CHUNK];
        for (rows, out) in rows.chunks(CHUNK * G::COUNT).zip(out.chunks_mut(CHUNK)) {
            let values = &mut values[..out.len()];
            // One row is the hand just valued.
            if (rows.len() > G::COUNT || !std::ptr::eq(rows, first))
                && !E::strengths_of_rows(rows, values)
            {
                return false;
            }
            self.classes_of_values(values, out);
        }
        true
    }
    fn prepare(&self) {
        self.ranking.get_or_init(scale::<E::Five>);
    }
    fn generated(&self) -> Option<Generated> {
        E::generated()
    }
    fn native(&self, hand: &G) -> String {
        format!("{:?}", E::strength(hand))
    }
}

impl<G: Game, E: BestFive<G>> Erased<G, E> {
    /// The classes of `values`: read off the values where the scale knows
    /// how, else looked up in the ranking of its fives.
    fn classes_of_values(&self, values: &[E::Strength], out: &mut [u16]) {
        if !<E::Five as Evaluator>::classes_of(values, out) {
            let ranking = self.ranking.get_or_init(scale::<E::Five>);
            for (class, &value) in out.iter_mut().zip(values) {
                *class = ranking.class(value).map_or(0, |c| c as u16);
            }
        }
    }
}

/// `E` behind [`DynEvaluator`], registered or not: a test holds a
/// deliberately broken evaluator to the checks the registered ones pass
/// through the same calls ([`all`] gives the registered ones).
pub fn erase<G: Game, E: BestFive<G>>() -> Box<dyn DynEvaluator<G>> {
    Box::new(Erased::<G, E> {
        ranking: OnceLock::new(),
        game: PhantomData,
    })
}

/// Whether an evaluator is the floor, and how to put it behind
/// [`DynEvaluator`].
type MakeErased<G> = (bool, fn() -> Box<dyn DynEvaluator<G>>);

/// How to put each evaluator behind [`DynEvaluator`], the floor among them.
struct Erase;

impl PerEvaluator for Erase {
    const FLOOR: bool = true;
    type Of<G: Game> = MakeErased<G>;
    fn of<G: Game, E: BestFive<G>>() -> MakeErased<G> {
        (E::META.role == Role::Floor, erase::<G, E>)
    }
}

/// What this crate makes once for each registered evaluator of every game
/// (its checks, its counts, how to erase it), typed for its game: see
/// [`per_game`].
trait PerEvaluator: 'static {
    /// Whether the floor is made for too ([`visit_with_floor`]).
    const FLOOR: bool = false;
    /// What is made for an evaluator of `G`.
    type Of<G: Game>: Any + Send + Sync;
    /// What is made for `E`.
    fn of<G: Game, E: BestFive<G>>() -> Self::Of<G>;
}

/// Each game's `Vec<P::Of<G>>`, one entry per evaluator in registry order,
/// from a walk over the games here. Called (once, behind a `OnceLock`)
/// from functions that are not generic in the game, so that whatever `P`
/// names for each evaluator is compiled here once, not in every program
/// that asks for it.
fn per_game<P: PerEvaluator>() -> Vec<Box<dyn Any + Send + Sync>> {
    struct Games<P>(Vec<Box<dyn Any + Send + Sync>>, PhantomData<P>);
    impl<P: PerEvaluator> GameVisitor for Games<P> {
        fn game<G: Game>(&mut self) {
            let mut collect = Collect::<G, P>(Vec::new());
            if const { P::FLOOR } {
                visit_with_floor::<G>(&mut collect);
            } else {
                visit::<G>(&mut collect);
            }
            self.0.push(Box::new(collect.0));
        }
    }
    let mut games = Games::<P>(Vec::new(), PhantomData);
    visit_games(&mut games);
    games.0
}

/// Collects `P`'s making of each evaluator of game `G`.
struct Collect<G: Game, P: PerEvaluator>(Vec<P::Of<G>>);

impl<G: Game, P: PerEvaluator> Visit for Collect<G, P> {
    fn visit<H: Game, E: BestFive<H>>(&mut self) {
        // `visit::<G>` visits `G`'s evaluators only: `H` is `G`.
        if let Some(made) = same::<_, P::Of<G>>(P::of::<H, E>()) {
            self.0.push(made);
        }
    }
}

/// The `Vec` [`per_game`] made for `G` (empty if none was).
fn of_game<G: Game, P: PerEvaluator>(
    made: &'static [Box<dyn Any + Send + Sync>],
) -> &'static [P::Of<G>] {
    made.iter()
        .find_map(|game| game.downcast_ref::<Vec<P::Of<G>>>())
        .map_or(&[], Vec::as_slice)
}

/// Each game's evaluators as [`Erase`] makes them, made once.
fn erased_of_every_game() -> &'static [Box<dyn Any + Send + Sync>] {
    static EVERY: OnceLock<Vec<Box<dyn Any + Send + Sync>>> = OnceLock::new();
    EVERY.get_or_init(per_game::<Erase>)
}

/// The evaluators of `G` behind [`DynEvaluator`], the floor among them
/// when `floor`, in [`visit_with_floor`] order.
fn erased<G: Game>(floor: bool) -> Vec<Box<dyn DynEvaluator<G>>> {
    of_game::<G, Erase>(erased_of_every_game())
        .iter()
        .filter(|(is_floor, _)| floor || !is_floor)
        .map(|(_, make)| make())
        .collect()
}

/// Every registered evaluator of `G` behind [`DynEvaluator`], in [`visit`] order.
pub fn all<G: Game>() -> Vec<Box<dyn DynEvaluator<G>>> {
    erased(false)
}

/// The floor, then every registered evaluator of `G`, behind
/// [`DynEvaluator`]: what the benchmarks time, in [`visit_with_floor`] order.
pub fn all_with_floor<G: Game>() -> Vec<Box<dyn DynEvaluator<G>>> {
    erased(true)
}

/// How [`showdown`] counts the boards.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Counting {
    /// By classes of boards ([`Showdown::tally_by_ranks`]: each multiset of
    /// ranks to come once, the boards a suit can flush on by their cards),
    /// on this thread.
    ByClasses,
    /// Every board's hands valued, on this many threads (each takes the
    /// boards of one first card at a time): from scratch in batches, or
    /// from shared sums where the evaluator declares that form
    /// ([`handeval_equity::showdown::ShowdownForm::EveryBoard`]) and it handles the
    /// showdown.
    EveryBoard {
        /// Threads, at least one.
        threads: usize,
    },
}

/// Counts `showdown` with the seven-card evaluator named `name`, as
/// `counting` says, or `None` if no seven-card evaluator has that name.
/// Both ways give the same counts.
pub fn showdown(name: &str, showdown: &Showdown, counting: Counting) -> Option<Tally> {
    showdown_with(name, showdown, counting, &|_, _| {})
}

/// [`showdown`], calling `progress(done, of)` as the work goes: with
/// [`Counting::EveryBoard`], after each first card's boards (`of` first
/// cards in all); by classes, not at all (a fraction of a second).
pub fn showdown_with(
    name: &str,
    showdown: &Showdown,
    counting: Counting,
    progress: &(dyn Fn(usize, usize) + Sync),
) -> Option<Tally> {
    struct Run<'a> {
        name: &'a str,
        showdown: &'a Showdown,
        counting: Counting,
        progress: &'a (dyn Fn(usize, usize) + Sync),
        tally: Option<Tally>,
    }
    impl Visit for Run<'_> {
        fn visit<G: Game, E: BestFive<G>>(&mut self) {
            if E::META.name != self.name {
                return;
            }
            self.tally = match self.counting {
                Counting::ByClasses => tally_by_ranks::<G, E>(self.showdown),
                Counting::EveryBoard { threads } => {
                    every_board::<G, E>(self.showdown, threads, self.progress)
                }
            };
        }
    }
    let mut run = Run {
        name,
        showdown,
        counting,
        progress,
        tally: None,
    };
    visit::<handeval_core::Hand7>(&mut run);
    run.tally
}

/// The exact equity of a matchup of ranges ([`handeval_equity::exact`]),
/// each deal's hands valued by the seven-card evaluator named `name`,
/// `progress(done, of)` called as the first player's combos are counted;
/// `None` if no seven-card evaluator has that name.
pub fn range_equity(
    name: &str,
    matchup: &handeval_equity::exact::Matchup,
    progress: &mut dyn FnMut(usize, usize),
) -> Option<Result<handeval_equity::exact::Equity, handeval_equity::exact::EquityError>> {
    struct Run<'a, 'b> {
        name: &'a str,
        matchup: &'a handeval_equity::exact::Matchup,
        progress: &'b mut dyn FnMut(usize, usize),
        out: Option<Result<handeval_equity::exact::Equity, handeval_equity::exact::EquityError>>,
    }
    impl Visit for Run<'_, '_> {
        fn visit<G: Game, E: BestFive<G>>(&mut self) {
            if const { !seven::<G>() } || E::META.name != self.name {
                return;
            }
            self.out = Some(handeval_equity::exact::exact_with::<AsHand7<G, E>>(
                self.matchup,
                self.progress,
            ));
        }
    }
    let mut run = Run {
        name,
        matchup,
        progress,
        out: None,
    };
    visit::<handeval_core::Hand7>(&mut run);
    run.out
}

/// A Monte Carlo estimate of a matchup's equities
/// ([`handeval_equity::monte_carlo::estimate`]) with the seven-card
/// evaluator named `name`, or `None` if no seven-card evaluator has it.
pub fn range_estimate(
    name: &str,
    matchup: &handeval_equity::exact::Matchup,
    seed: u64,
    target: f64,
    keep_going: &mut dyn FnMut(u64) -> bool,
) -> Option<Result<handeval_equity::monte_carlo::Estimate, handeval_equity::exact::EquityError>> {
    struct Run<'a, 'b> {
        name: &'a str,
        matchup: &'a handeval_equity::exact::Matchup,
        seed: u64,
        target: f64,
        keep_going: &'b mut dyn FnMut(u64) -> bool,
        out: Option<
            Result<handeval_equity::monte_carlo::Estimate, handeval_equity::exact::EquityError>,
        >,
    }
    impl Visit for Run<'_, '_> {
        fn visit<G: Game, E: BestFive<G>>(&mut self) {
            if const { seven::<G>() } && E::META.name == self.name {
                self.out = Some(handeval_equity::monte_carlo::estimate::<AsHand7<G, E>>(
                    self.matchup,
                    self.seed,
                    self.target,
                    self.keep_going,
                ));
            }
        }
    }
    let mut run = Run {
        name,
        matchup,
        seed,
        target,
        keep_going,
        out: None,
    };
    visit::<handeval_core::Hand7>(&mut run);
    run.out
}

/// What makes or reads the tables the evaluator of `game` named `name`
/// generates at run time ([`BestFive::generated`], called when the caller
/// chooses, say before a clock starts), or `None` if the game has no
/// evaluator of that name.
#[must_use]
pub fn generator(game: GameInfo, name: &str) -> Option<fn() -> Option<Generated>> {
    struct Find<'a> {
        game: GameInfo,
        name: &'a str,
        out: Option<fn() -> Option<Generated>>,
    }
    impl Visit for Find<'_> {
        fn visit<G: Game, E: BestFive<G>>(&mut self) {
            if E::META.name == self.name && GameInfo::of::<G>() == self.game {
                self.out = Some(E::generated);
            }
        }
    }
    let mut find = Find {
        game,
        name,
        out: None,
    };
    walk(&mut find);
    find.out
}

/// The evaluator a program should value `game`'s hands with on this CPU,
/// chosen from what the registry lines declare, never by name (equity
/// counts with it by default, the `handeval` crate evaluates with it): the
/// first lab evaluator that
/// values the hand directly (not as the best of its fives) with a SIMD path
/// this CPU runs; else the first direct one with tables (a table lookup is
/// the fastest scalar path in every run); else the first direct one; else
/// the first best-of-fives adapter with tables; else the reference.
#[must_use]
pub fn recommended(game: GameInfo) -> &'static str {
    let abouts = abouts_in(game, false);
    let lab = |a: &&About| matches!(a.meta.role, Role::Tuned | Role::Simd);
    let direct = |a: &&About| !a.best_of_fives && a.unavailable.is_none();
    let rules: [&dyn Fn(&&About) -> bool; 4] = [
        &|a| lab(a) && direct(a) && a.meta.role == Role::Simd && a.cpu_path.active,
        &|a| lab(a) && direct(a) && a.meta.table_bytes > 0,
        &|a| lab(a) && direct(a),
        &|a| lab(a) && a.meta.table_bytes > 0,
    ];
    rules
        .iter()
        .find_map(|rule| abouts.iter().find(|a| rule(a)).map(|a| a.meta.name))
        .unwrap_or(Reference::META.name)
}

/// Whether the evaluator `name` of `game` is checked over every hand
/// through its parts: it is a best of the hand's fives
/// ([`About::best_of_fives`]), whose code is the same whichever five-card
/// variant it runs; a later best of the fives of its role (the last, which
/// runs that code over every hand) or one of an earlier game whose hands
/// are as many cards with every five allowed (razz's seven after Hold'em's:
/// the same positions, the same cards, the same best of them) runs that
/// code over every hand; and its variant
/// is checked over every five-card hand, so its value is the variant's on
/// every hand's strongest five. The tests hold it to a seeded sample, and
/// CI to its variant's every-hand check (`cargo xtask list --format csv`'s
/// `by_parts`).
///
/// Any one of a role proves the shared code; the last runs it because the
/// registry lists the families oldest first, subskybox's mod-15 analyzer
/// the slowest five-card code of them: over every seven-card hand
/// `subskybox/best-of-21` took 33 s of CI's 86 s diff on the Zen 3, where
/// the last, `perfhash/best-of-21`, reads a perfect hash 21 times a hand.
#[must_use]
pub fn stands_on_its_parts(game: GameInfo, name: &str) -> bool {
    let abouts = abouts_in(game, false);
    let Some(at) = abouts.iter().position(|a| a.meta.name == name) else {
        return false;
    };
    let this = &abouts[at];
    let same_code = |a: &&About| a.best_of_fives && a.meta.role == this.meta.role;
    if !this.best_of_fives {
        return false;
    }
    if abouts[at + 1..].iter().any(|a| same_code(&a)) {
        return true;
    }
    // Every five of as many cards: a game of no hole cards.
    game.hole == 0
        && games()
            .into_iter()
            .take_while(|g| g.id != game.id)
            .filter(|g| g.hole == 0 && g.count == game.count && g.value.is_ranked())
            .any(|g| abouts_in(g, false).iter().any(|a| same_code(&a)))
}

/// The low evaluator of `G` the equity counts with, chosen by what the
/// registry declares, as [`recommended`] chooses the high: the lab's
/// SIMD kernel where this CPU runs its vector path, else the lab's scalar
/// one, else the reference.
#[must_use]
pub fn low_equity_evaluator<G: Game>() -> LowAbout<G> {
    let all = lows::<G>();
    let simd = all
        .iter()
        .find(|a| a.meta.role == Role::Simd && (a.cpu_path)().active);
    let scalar = all.iter().find(|a| a.meta.role == Role::Tuned);
    *simd.or(scalar).unwrap_or(&all[0])
}

/// The badugi evaluator of `G` a program should value hands with on this
/// CPU: the one [`recommended`] names from the registry's declarations.
///
/// # Panics
/// If `G` has no badugi evaluator (it is no badugi game).
#[must_use]
pub fn badugi_evaluator<G: Game>() -> BadugiAbout<G> {
    let name = recommended(GameInfo::of::<G>());
    let all = badugis::<G>();
    *all.iter().find(|a| a.meta.name == name).unwrap_or(&all[0])
}

/// The exact Hi-Lo showdown of `m` over every board
/// ([`handeval_equity::hilo::exact_hi_lo`]), each high valued by the
/// evaluator of `G` named `name`, each low by `lows`; `None` if `G` has no
/// evaluator of that name.
pub fn hi_lo_equity<G: Game>(
    name: &str,
    lows: fn(&[G], &mut [handeval_core::low::Low]),
    m: &handeval_equity::fixed::FixedHands<G>,
) -> Option<handeval_equity::hilo::HiLoTally> {
    hi_lo_equity_of_any(name, &lows, m)
}

/// [`hi_lo_equity`], with the matchup and the lows of whichever game: not
/// generic, so that the count of each evaluator of each game a Hi-Lo game
/// splits is compiled here once, where a generic function's would be
/// compiled again in each program that called it (`xtask`'s copies were a
/// twentieth of its code).
fn hi_lo_equity_of_any(
    name: &str,
    lows: &dyn Any,
    m: &dyn Any,
) -> Option<handeval_equity::hilo::HiLoTally> {
    struct Run<'a> {
        name: &'a str,
        lows: &'a dyn Any,
        m: &'a dyn Any,
        out: Option<handeval_equity::hilo::HiLoTally>,
    }
    impl Visit for Run<'_> {
        fn visit<H: Game, E: BestFive<H>>(&mut self) {
            // Known when compiled: no other game's evaluator makes a count.
            if const { !handeval_core::splits_a_hi_lo_game::<H>() } || E::META.name != self.name {
                return;
            }
            // `H` is the caller's `G` exactly when the matchup and the
            // lows are `H`'s.
            if let (Some(m), Some(lows)) = (
                self.m
                    .downcast_ref::<handeval_equity::fixed::FixedHands<H>>(),
                self.lows
                    .downcast_ref::<fn(&[H], &mut [handeval_core::low::Low])>(),
            ) {
                self.out = Some(handeval_equity::hilo::exact_hi_lo::<H, E>(m, *lows));
            }
        }
    }
    let mut run = Run {
        name,
        lows,
        m,
        out: None,
    };
    walk(&mut run);
    run.out
}

/// The exact showdown of fixed hands over every board in the game `game`
/// (an Omaha game's counted by ranks, [`handeval_equity::omaha::exact`],
/// unless `every_board`; any other game's board by board,
/// [`handeval_equity::fixed::exact_every_board`]), each hand valued by its
/// evaluator named `name`; `None` if the game has no evaluator of that
/// name.
pub fn fixed_equity(
    name: &str,
    game: GameInfo,
    hands: &[&str],
    board: &str,
    dead: &str,
    every_board: bool,
) -> Option<Result<Tally, handeval_equity::exact::EquityError>> {
    struct Run<'a> {
        name: &'a str,
        game: GameInfo,
        hands: &'a [&'a str],
        board: &'a str,
        dead: &'a str,
        every_board: bool,
        out: Option<Result<Tally, handeval_equity::exact::EquityError>>,
    }
    impl Visit for Run<'_> {
        fn visit<G: Game, E: BestFive<G>>(&mut self) {
            if E::META.name != self.name || GameInfo::of::<G>() != self.game {
                return;
            }
            self.out = Some(
                handeval_equity::fixed::FixedHands::<G>::new(self.hands, self.board, self.dead)
                    .map(|m| handeval_equity::fixed::exact::<G, E>(&m, self.every_board)),
            );
        }
    }
    let mut run = Run {
        name,
        game,
        hands,
        board,
        dead,
        every_board,
        out: None,
    };
    walk(&mut run);
    run.out
}

/// How `E`, an evaluator of `G`, counts a showdown of its own, as its
/// registry line declares it ([`Register::add_declared`]), if it does.
#[must_use]
pub fn showdown_form<G: Game, E: BestFive<G>>() -> Option<ShowdownForm> {
    use std::any::TypeId;
    /// Every declared form, with its evaluator and game, from one walk:
    /// a walk per asking `(G, E)` would compile the whole list again for
    /// each of them.
    struct Declared(Vec<(TypeId, ShowdownForm)>);
    impl Register for Declared {
        fn five<F: Evaluator>(&mut self) {}
        fn add<H: Game, F: BestFive<H>>(&mut self) {}
        fn add_declared<H: Game, F: BestFive<H>, D: Any + Copy>(&mut self, declared: D) {
            if let Some(form) = same::<D, ShowdownForm>(declared) {
                self.0.push((TypeId::of::<(H, F)>(), form));
            }
        }
    }
    static DECLARED: OnceLock<Vec<(TypeId, ShowdownForm)>> = OnceLock::new();
    let declared = DECLARED.get_or_init(|| {
        let mut declared = Declared(Vec::new());
        register_all(&mut declared);
        declared.0
    });
    declared
        .iter()
        .find(|(id, _)| *id == TypeId::of::<(G, E)>())
        .map(|(_, form)| *form)
}

/// Whether `G` is seven-card Hold'em: the check before an evaluator of `G`
/// is handed to the equity crate as [`AsHand7`].
const fn seven<G: Game>() -> bool {
    same_game::<G, Hand7>()
}

/// The exact equity of a matchup of ranges with `E`, an evaluator of `G`
/// ([`handeval_equity::exact::exact`]); `None` unless `G` is seven-card
/// Hold'em.
#[must_use]
pub fn range_equity_of<G: Game, E: BestFive<G>>(
    matchup: &handeval_equity::exact::Matchup,
) -> Option<Result<handeval_equity::exact::Equity, handeval_equity::exact::EquityError>> {
    // Tested when compiled, so that no other game's evaluator instantiates
    // the count.
    if const { seven::<G>() } {
        Some(handeval_equity::exact::exact::<AsHand7<G, E>>(matchup))
    } else {
        None
    }
}

/// `showdown` counted by classes of boards ([`Showdown::tally_by_ranks`])
/// with `E`, an evaluator of `G`; `None` unless `G` is seven-card Hold'em.
#[must_use]
pub fn tally_by_ranks<G: Game, E: BestFive<G>>(showdown: &Showdown) -> Option<Tally> {
    if const { seven::<G>() } {
        Some(showdown.tally_by_ranks::<AsHand7<G, E>>())
    } else {
        None
    }
}

/// `showdown` over every board on this thread with `E`, an evaluator of
/// `G`: from the sums the players share where `E`'s registry line declares
/// that form and it handles the showdown, else each board from scratch
/// ([`Showdown::tally`]); `None` unless `G` is seven-card Hold'em.
#[must_use]
pub fn tally_every_board<G: Game, E: BestFive<G>>(showdown: &Showdown) -> Option<Tally> {
    every_board::<G, E>(showdown, 1, &|_, _| {})
}

/// An evaluator of `G` seen as one of seven-card Hold'em hands, for the
/// equity crate, which takes evaluators typed for what they value, where
/// the registry walks evaluators of any game: made only once [`seven`]
/// says `G` is `Hand7` (each hand is rebuilt as a `G` of the same seven
/// cards, a copy; for another `G` that would panic).
struct AsHand7<G, E>(PhantomData<fn() -> (G, E)>);

impl<G: Game, E: BestFive<G>> AsHand7<G, E> {
    fn hand(hand: Hand7) -> G {
        G::from_dealt(hand.card_slice())
    }
}

impl<G: Game, E: BestFive<G>> BestFive<Hand7> for AsHand7<G, E> {
    const META: Meta = E::META;
    const BEST_OF_FIVES: bool = E::BEST_OF_FIVES;
    type Five = E::Five;
    type Strength = E::Strength;

    fn category(hand: &Hand7) -> Category {
        E::category(&Self::hand(*hand))
    }
    fn strength(hand: &Hand7) -> E::Strength {
        E::strength(&Self::hand(*hand))
    }
    fn unavailable() -> Option<&'static str> {
        E::unavailable()
    }
    fn generated() -> Option<Generated> {
        E::generated()
    }
    fn cpu_path() -> CpuPath {
        E::cpu_path()
    }
    fn strengths(hands: &[Hand7], out: &mut [E::Strength]) {
        // In blocks, so that a SIMD evaluator still values a batch at once.
        const BLOCK: usize = 256;
        let Some(first) = hands.first() else {
            return;
        };
        let mut block = [Self::hand(*first); BLOCK];
        for (hands, out) in hands.chunks(BLOCK).zip(out.chunks_mut(BLOCK)) {
            for (g, h) in block.iter_mut().zip(hands) {
                *g = Self::hand(*h);
            }
            E::strengths(&block[..hands.len()], out);
        }
    }
}

/// [`Counting::EveryBoard`] with `E`.
fn every_board<G: Game, E: BestFive<G>>(
    showdown: &Showdown,
    threads: usize,
    progress: &(dyn Fn(usize, usize) + Sync),
) -> Option<Tally> {
    if const { !seven::<G>() } {
        return None;
    }
    let next = std::sync::atomic::AtomicUsize::new(0);
    let done = std::sync::atomic::AtomicUsize::new(0);
    let firsts = showdown.first_cards();
    // An evaluator that declares a way to value every board from sums the
    // players share (the table-free kernel's partial sums) counts with it
    // wherever it handles the showdown; the others from scratch.
    let shared = match showdown_form::<G, E>() {
        Some(ShowdownForm::EveryBoard { prepare, .. }) => prepare(showdown),
        _ => None,
    };
    let shared = shared.as_ref();
    let tallies: Vec<Tally> = std::thread::scope(|s| {
        // More threads than first cards would find no work: a thread takes
        // the boards of one first card at a time.
        let workers: Vec<_> = (0..threads.clamp(1, firsts.max(1)))
            .map(|_| {
                s.spawn(|| {
                    let mut tally = Tally::default();
                    loop {
                        let f = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                        if f >= firsts {
                            break tally;
                        }
                        tally.add(&match shared {
                            Some(count) => count(f..f + 1),
                            None => showdown.tally::<AsHand7<G, E>>(f..f + 1),
                        });
                        let now = done.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1;
                        progress(now, firsts);
                    }
                })
            })
            .collect();
        workers
            .into_iter()
            .map(|w| w.join().expect("a showdown thread panicked"))
            .collect()
    });
    let mut total = Tally::default();
    for t in &tallies {
        total.add(t);
    }
    Some(total)
}
