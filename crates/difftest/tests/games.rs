//! The checks of every evaluator of every game, stamped out from the one
//! list of games and the registry: a new registry line, or a new game,
//! gets its tests without anyone writing them.
//!
//! For every game `G` (its id; `cargo xtask list --games`) and every
//! evaluator `E` of it (its name with `/` and `-` as `_`):
//!
//! - `exhaustive_G_E`: every hand against the reference's classes (category
//!   and class on every hand) and the game's table (histogram, classes),
//!   for the five- and six-card games, every evaluator of a game in one
//!   pass over its hands. The literal reference itself is held to the
//!   table-driven classes on a seeded sample, and those classes to the table
//!   over every hand (but razz's, blind to suits, whose table the reference
//!   derives from its rank multisets, and which CI's diff over every hand
//!   counts);
//! - `sampled_G_E` in its place where every hand would take too long here,
//!   or is checked through its parts (a six-card best of the fives whose
//!   code another of its role runs over every hand, [`stands_on_its_parts`](handeval_registry::stands_on_its_parts)):
//!   every seven-card evaluator (133,784,560 hands) on [`SEVEN_SAMPLE`]
//!   seeded hands, and every evaluator of the hole-and-board games
//!   (463,563,500,400 Omaha hands) on [`SAMPLE`] seeded deals. `cargo xtask
//!   diff --game G --every` checks them over every hand (up to suit
//!   renaming for Omaha): CI runs it for every seven-card evaluator sampled
//!   here but a best of the fives whose code another of its role already
//!   ran over every hand, which stands on its five-card variant's
//!   every-hand check here;
//! - `card_order_G_E`, `suit_renaming_G_E`: the value does not depend on
//!   the order of the cards within the hole and within the board (for the
//!   Hold'em sizes, within the hand), nor on the names of the suits
//!   (proptest);
//! - the five-card extension, `deterministic_encode_five_E`: encoding the
//!   same hand twice gives the same value (only five-card evaluators have
//!   an encoding of their own); and `listing_five_E` in place of
//!   `exhaustive_five_E` for a published listing: every hand, exactly its
//!   known errors (only five-card listings are published).
//!
//! Then one named test per known pitfall, run on every evaluator of its
//! game, each asserting the reference's answer as a poker player would
//! write it and the table-driven reference's; and the checks run on
//! deliberately broken evaluators, to show that they fail.

use handeval_core::{
    BestFive, BestOf, Card, Category, DeuceSeven5, Evaluator, Game, GameInfo, GameVisitor, Hand,
    Hand7, HandClass, Histogram, Omaha4, Rank, Role, Short7, ShortTrips7, Suit, visit_games,
};
use handeval_difftest::broken::{
    AnyFiveOfNine, BroadwayIsNoStraight, FirstCardFirst, FiveLowestCards, LikesSpades,
    TypesTradedOnly, WheelAboveKingHigh, WheelStillAStraight,
};
use handeval_difftest::cards::{
    HandCheck, PartCheck, SAMPLE, SAMPLE_SEED, check_all, checker, random_hands, reference_classes,
    table_classes,
};
use handeval_difftest::strategy::{any_hand, relabelled, reordered};
use handeval_difftest::{Check, Evaluation, evaluate};
use handeval_reference::table::ClassTable;
use handeval_reference::{Naive, Reference, ReferenceBest, best_five};
use handeval_registry::{
    Checks, DynEvaluator, Visitor, all, checks, erase, stands_on_its_parts, visit_all,
};
use libtest_mimic::{Arguments, Failed, Trial};
use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};
use std::any::Any;
use std::collections::HashMap;
use std::sync::{Mutex, OnceLock};

fn verdict<G: Game>(check: &HandCheck<G>) -> Result<(), Failed> {
    println!("{check}");
    if check.passed() {
        Ok(())
    } else {
        Err(check.to_string().into())
    }
}

/// Seven-card hands (Hold'em's and the short deck's) an evaluator is
/// checked on by the tests; CI checks them over every hand with `cargo
/// xtask diff --every` (a best of the fives through its code and its
/// five-card variant, as the module says).
const SEVEN_SAMPLE: usize = 1 << 21;

/// The five-card evaluations a hole-and-board game's sample holds: half of
/// [`SAMPLE`] (524,288) Omaha hands of 60 fives; a game of more fives a
/// hand (five-card Omaha, 100) checks as many fives on fewer hands. Half,
/// not all, of the sample: the three Omaha games' samples were 40 s of the
/// test suite on the slowest CPU, and a sample is a sample (`cargo xtask
/// diff --game omaha` checks every hand).
const SAMPLED_FIVES: usize = SAMPLE / 2 * 60;

/// The share the literal reference is held to the table-driven classes on:
/// a sixteenth of [`SAMPLE`] for the games without hole cards (65,536
/// hands, the first of a seven-card game's sample), a sixteenth of the
/// sample for the hole-and-board games (32,768 Omaha deals of 60 fives). The literal
/// reference takes microseconds a hand (its best of the fives sorts each
/// five's ranks), and at a quarter it was a quarter of this binary's CPU
/// (22 of 89 s on the Xeon of model 207). The classes it is held to are
/// themselves held to the published table over every hand, and every other
/// evaluator to those classes on the whole sample or every hand: this check
/// is of the literal definition against the fast one, which a wrong rule
/// fails on most of a category's hands, not on one in a million.
const LITERAL_SHARE: usize = 16;

/// How many hands the tests check an evaluator on: every hand (`None`), or
/// a sample.
fn sample_size<G: Game>(checks: &Checks<G>) -> Option<usize> {
    match (G::HOLE, G::COUNT) {
        // Seven cards' 133,784,560 hands are `cargo xtask diff`'s, which
        // CI runs over every hand for the evaluators sampled here: half a
        // minute of the test suite on the slowest CPU, checked once. The
        // reference's check is the table-driven classes against the table.
        (0, 7) if checks.role != Role::Reference => Some(SEVEN_SAMPLE),
        (0, _) if stands_on_its_parts(GameInfo::of::<G>(), checks.name) => Some(SEVEN_SAMPLE),
        (0, _) => None,
        _ => Some(SAMPLED_FIVES / G::FIVES.len().max(60)),
    }
}

/// A game's `n` seeded hands and the reference's class of each, dealt and
/// read once for all the evaluators checked on them.
fn seeded<G: Game>(n: usize) -> &'static (Vec<G>, Vec<u16>) {
    type Store = Mutex<HashMap<(&'static str, usize), &'static (dyn Any + Send + Sync)>>;
    static STORE: OnceLock<Store> = OnceLock::new();
    let store = STORE.get_or_init(|| Mutex::new(HashMap::new()));
    let made = *store
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
        .entry((G::ID, n))
        .or_insert_with(|| {
            let hands = random_hands::<G>(SAMPLE_SEED, n);
            let classes = table_classes(&hands);
            Box::leak(Box::new((hands, classes)))
        });
    made.downcast_ref().expect("one type per game")
}

/// An evaluator held to the reference's classes on the game's sample of
/// seeded hands.
fn sampled<G: Game>(checks: &Checks<G>) -> Result<(), Failed> {
    let (hands, classes) = seeded::<G>(sample_size(checks).unwrap_or(SAMPLE));
    // The literal reference of a hole-and-board game, the five-card
    // reference on each of 60 or 100 fives, is the slowest by far (about
    // 5 µs a hand): the sample's first [`LITERAL_SHARE`] holds it to the
    // table-driven classes, which every other evaluator is held to on the
    // whole sample.
    let n = if G::HOLE > 0 && checks.role == Role::Reference {
        hands.len() / LITERAL_SHARE
    } else {
        hands.len()
    };
    let (hands, classes) = (&hands[..n], &classes[..n]);
    verdict(&(checks.on_classified)(hands, classes))
}

/// Every evaluator of `G` held to every hand, checked in one pass over the
/// game's hands, as `cargo xtask diff` does: each stretch of hands is made
/// and its reference classes read once for all of them, where a pass per
/// evaluator had spent most of its time making the same 133,784,560
/// seven-card hands again. Each evaluator's test reads its own verdict.
fn every_hand<G: Game>() -> &'static HashMap<&'static str, HandCheck<G>> {
    type Store = Mutex<HashMap<&'static str, &'static (dyn Any + Send + Sync)>>;
    static STORE: OnceLock<Store> = OnceLock::new();
    let store = STORE.get_or_init(|| Mutex::new(HashMap::new()));
    // The lock is held only to find the game's cell: another game's tests
    // do not wait while this game's hands are checked.
    let cell = *store
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
        .entry(G::ID)
        .or_insert_with(|| {
            Box::leak(Box::new(
                OnceLock::<HashMap<&'static str, HandCheck<G>>>::new(),
            ))
        });
    let cell: &OnceLock<HashMap<&'static str, HandCheck<G>>> =
        cell.downcast_ref().expect("one type per game");
    cell.get_or_init(|| {
        let every: Vec<Box<dyn PartCheck<G>>> = checks::<G>()
            .iter()
            .filter(|c| c.role != Role::Listing && c.role != Role::Reference)
            .filter(|c| sample_size(c).is_none())
            .map(|c| (c.part_check)())
            .collect();
        let every: Vec<&dyn PartCheck<G>> = every.iter().map(AsRef::as_ref).collect();
        let (checked, _) = check_all::<G>(&every, &|_| {});
        checked
            .into_iter()
            .map(|(check, _)| (check.name, check))
            .collect()
    })
}

/// An evaluator held to the reference's classes over every hand (in the
/// game's one pass, [`every_hand`]); the literal reference, the definition
/// the table-driven classes compute at microseconds a hand, held to them
/// on a seeded sample (as [`HandCheck::of`] does) and those classes to the
/// table.
fn exhaustive<G: Game>(checks: &Checks<G>) -> Result<(), Failed> {
    if checks.role == Role::Reference {
        println!(
            "literal reference against the table-driven classes, {}, seed {SAMPLE_SEED}:",
            G::TITLE
        );
        // A share of the sample ([`LITERAL_SHARE`]), as a hole-and-board
        // game's; every other evaluator is held to the table over every
        // hand or the whole sample. Seven cards read the share off the
        // sample the other evaluators are dealt, not a second deal; the
        // other games deal the share alone (a game of fewer than a million
        // hands, short deck's five cards, once took a quarter of all its
        // hands shuffled, and now deals 65,536 distinct ones).
        let n = SAMPLE / LITERAL_SHARE;
        let (hands, classes) = seeded::<G>(if G::COUNT == 7 { SEVEN_SAMPLE } else { n });
        verdict(&(checks.on_classified)(&hands[..n], &classes[..n]))?;
        // A seven-card game blind to suits (razz: ace-to-five counts no
        // flush) has its table derived from its rank multisets, each
        // weighted by its suitings, and again by formula (the reference's
        // tests), and its table-driven classes are Hold'em's seven-card
        // code over another five-card table. CI's every-game step counts
        // them over every hand against the table once more, in the diff
        // over every hand it runs of the game's evaluators, and accepts
        // that count for this one: a third count of its 133,784,560 hands
        // here was 18 s of this binary's CPU on the Zen 3.
        if G::COUNT == 7 && !G::RULES.flushes() {
            println!(
                "table-driven classes, {}: its table is derived from its rank multisets (suit-blind): \
                 counted over every hand by `cargo xtask diff --game {} --every`, not here",
                G::ID,
                G::ID
            );
        } else {
            like_the_table::<G>(reference_classes::<G>().ok_or("a kept game")?)?;
        }
    } else {
        verdict(
            every_hand::<G>()
                .get(checks.name)
                .ok_or("not among the game's evaluators checked over every hand")?,
        )?;
    }
    Ok(())
}

/// Whether one class per hand of `G` adds up to the game's table: each
/// category's hands and classes, and the classes in all.
fn like_the_table<G: Game>(classes: &[u16]) -> Result<(), Failed> {
    let mut per_class = vec![0u64; usize::from(HandClass::COUNT) + 1];
    for &class in classes {
        per_class[usize::from(class)] += 1;
    }
    if per_class[0] > 0 {
        return Err(format!("{} hands without a class", per_class[0]).into());
    }
    let mut hands = Histogram::new();
    let mut distinct = Histogram::new();
    for (class, &n) in per_class
        .iter()
        .enumerate()
        .skip(1)
        .filter(|(_, n)| **n > 0)
    {
        let category = G::RULES.category_of(class as u16).ok_or("no such class")?;
        hands.add_weighted(category, n);
        distinct.add_weighted(category, u64::from(n > 0));
    }
    let table = Histogram::published::<G>();
    let mut errors = Vec::new();
    for c in Category::ALL {
        if hands[c] != table[c] || distinct[c] != u64::from(G::classes_in(c)) {
            errors.push(format!(
                "{c}: {} hands in {} classes, table {} in {}",
                hands[c],
                distinct[c],
                table[c],
                G::classes_in(c)
            ));
        }
    }
    if distinct.total() != u64::from(G::classes()) {
        errors.push(format!(
            "{} classes, table {}",
            distinct.total(),
            G::classes()
        ));
    }
    println!(
        "table-driven classes, {}: {} hands, {} classes, {} categories unlike the table",
        G::ID,
        hands.total(),
        distinct.total(),
        errors.len()
    );
    if errors.is_empty() {
        Ok(())
    } else {
        Err(errors.join("\n").into())
    }
}

/// Whether the evaluator gives two hands the same value (category and its
/// own strength, as its `Debug` form writes it), and if not, what it gave
/// each. The evaluator is behind the registry's [`DynEvaluator`], so that
/// this test compiles no evaluator's code: proptest's runner once per game
/// (the transforms are boxed, so both share it), each evaluator's value
/// once, in the registry (a copy of every evaluator's code per check here
/// had been most of this test's build).
fn agree<G: Game>(e: &dyn DynEvaluator<G>, hand: &G, other: &G) -> Result<(), String> {
    let (a, b) = (
        (e.category(hand), e.native(hand)),
        (e.category(other), e.native(other)),
    );
    if a == b {
        Ok(())
    } else {
        Err(format!("{}: {hand} is {a:?}, {other} is {b:?}", e.name()))
    }
}

fn same_value<G: Game>(
    transform: fn(G) -> BoxedStrategy<G>,
    e: &dyn DynEvaluator<G>,
) -> Result<(), Failed> {
    TestRunner::new(Config {
        cases: 512,
        failure_persistence: None,
        ..Config::default()
    })
    .run(
        &any_hand::<G>().prop_flat_map(move |h| (Just(h), transform(h))),
        |(hand, other)| agree(e, &hand, &other).map_err(TestCaseError::fail),
    )
    .map_err(|e| e.to_string().into())
}

/// Whether encoding `hand` twice with `E` gives the same value.
fn encodes_alike<E: Evaluator>(hand: Hand) -> Result<(), String> {
    let (a, b) = (E::encode(&hand), E::encode(&hand));
    if a == b {
        Ok(())
    } else {
        Err(format!(
            "{}: {hand} encoded as {a:?}, then {b:?}",
            E::META.name
        ))
    }
}

/// Encoding the same hand twice gives the same value: the five-card
/// extension's own check.
fn deterministic_encode(encodes_alike: fn(Hand) -> Result<(), String>) -> Result<(), Failed> {
    TestRunner::new(Config {
        cases: 512,
        failure_persistence: None,
        ..Config::default()
    })
    .run(&any_hand::<Hand>(), |hand| {
        encodes_alike(hand).map_err(TestCaseError::fail)
    })
    .map_err(|e| e.to_string().into())
}

use handeval_difftest::pitfalls::{PITFALLS, Pitfall};

/// The reference and an evaluator on one pitfall: the reference's best
/// five and category are the ones a player names, the table-driven
/// reference gives that five's class, and the evaluator's class (its value
/// on its five-card scale) is that class.
fn check_pitfall<G: Game>(p: &Pitfall, e: &dyn DynEvaluator<G>) -> Result<(), String> {
    let name = e.name();
    let hand: G = p.hand.parse().map_err(|err| format!("{}: {err}", p.hand))?;
    let best: Hand = p.best.parse().map_err(|err| format!("{}: {err}", p.best))?;
    let want = Naive::<G::Rules>::class(&best).get();
    let reference_best = best_five(&hand);
    let category = <ReferenceBest as BestFive<G>>::category(&hand);
    if Naive::<G::Rules>::class(&reference_best).get() != want || category != p.category {
        return Err(format!(
            "reference: {} is {category} with {reference_best}, expected {} with {best}",
            p.hand, p.category
        ));
    }
    let table = ClassTable::of::<G>().best(&hand);
    if table != want {
        return Err(format!(
            "table-driven reference: {} is class {table}, expected {want} ({best})",
            p.hand
        ));
    }
    let (category, got) = (e.category(&hand), e.class(&hand));
    if got != Some(u32::from(want)) || category != p.category {
        return Err(format!(
            "{name}: {} is {category} class {got:?}, expected {} class {want} ({best})",
            p.hand, p.category
        ));
    }
    Ok(())
}

/// Every registered evaluator of the pitfall's game `G` on its hand, but
/// the listings, whose wrong answers are their known errors, checked apart.
fn all_on_pitfall<G: Game>(p: &Pitfall) -> Result<(), Failed> {
    let errors: Vec<String> = all::<G>()
        .iter()
        .filter(|e| e.about().meta.role != Role::Listing)
        .filter_map(|e| check_pitfall(p, e.as_ref()).err())
        .collect();
    if errors.is_empty() {
        Ok(())
    } else {
        Err(errors.join("\n").into())
    }
}

/// The registered evaluator of `G` named `name`, behind [`DynEvaluator`].
fn erased_named<G: Game>(name: &str) -> Box<dyn DynEvaluator<G>> {
    all::<G>()
        .into_iter()
        .find(|e| e.name() == name)
        .unwrap_or_else(|| panic!("{name}: registered"))
}

/// The test name for a check of an evaluator of a game:
/// `exhaustive_seven_deadhorse_best_of_21`.
fn test_name(check: &str, game: &str, evaluator: &str) -> String {
    format!("{check}_{game}_{}", evaluator.replace(['/', '-'], "_"))
}

/// A check of an evaluator against the reference's classes.
type AgainstTheReference<G> = fn(&Checks<G>) -> Result<(), Failed>;

/// Stamps the checks of every evaluator of `G`, from the registry's list
/// of its checks: nothing here is compiled per evaluator.
fn stamp<G: Game>(trials: &mut Vec<Trial>) {
    for checks in handeval_registry::checks::<G>() {
        let name = checks.name;
        // A published listing is wrong on purpose: the five-card extension
        // holds it to exactly its known errors instead (`listing_five_E`).
        let against_the_reference: Option<(&str, AgainstTheReference<G>)> =
            if checks.role == Role::Listing {
                None
            } else if sample_size(checks).is_some() {
                Some(("sampled", sampled::<G>))
            } else {
                Some(("exhaustive", exhaustive::<G>))
            };
        if let Some((check, run)) = against_the_reference {
            trials.push(Trial::test(test_name(check, G::ID, name), move || {
                run(checks)
            }));
        }
        trials.push(Trial::test(
            test_name("card_order", G::ID, name),
            move || {
                same_value(
                    |h| reordered::<G>(h).boxed(),
                    erased_named::<G>(name).as_ref(),
                )
            },
        ));
        trials.push(Trial::test(
            test_name("suit_renaming", G::ID, name),
            move || {
                same_value(
                    |h| relabelled::<G>(h).boxed(),
                    erased_named::<G>(name).as_ref(),
                )
            },
        ));
    }
}

/// The reference's evaluation of every five-card hand, computed once.
fn five_card_reference() -> &'static Evaluation {
    static REFERENCE: OnceLock<Evaluation> = OnceLock::new();
    REFERENCE.get_or_init(evaluate::<Reference>)
}

/// A published listing over every five-card hand: exactly its known
/// errors (distinct values, wrong categories, misordered hands), no more
/// and no fewer.
fn listing<E: Evaluator>() -> Result<(), Failed> {
    let check = Check::against_reference::<E>(&evaluate::<E>(), five_card_reference());
    println!("{check}");
    if check.known_errors.is_some() && check.passed() {
        Ok(())
    } else {
        Err(check.to_string().into())
    }
}

/// The five-card extension's checks, stamped for every five-card evaluator.
struct StampFive(Vec<Trial>);

impl Visitor for StampFive {
    fn visit<E: Evaluator>(&mut self) {
        if E::META.role == Role::Listing {
            self.0.push(Trial::test(
                test_name("listing", "five", E::META.name),
                listing::<E>,
            ));
        }
        self.0.push(Trial::test(
            test_name("deterministic_encode", "five", E::META.name),
            || deterministic_encode(encodes_alike::<E>),
        ));
    }
}

/// Every game's evaluators and pitfalls, stamped.
struct Games(Vec<Trial>);

impl GameVisitor for Games {
    fn game<G: Game>(&mut self) {
        stamp::<G>(&mut self.0);
        for p in PITFALLS.iter().filter(|p| p.game == G::ID) {
            self.0
                .push(Trial::test(p.name, move || all_on_pitfall::<G>(p)));
        }
        if G::HOLE > 0 {
            self.0.push(Trial::test(
                format!("{}_weights_against_every_board_of_a_slice", G::ID),
                weights_against_every_board::<G>,
            ));
        }
    }
}

/// The second derivation of a hole-and-board game's counts: on a seeded
/// slice of board classes, every board of each class with every hole
/// (plainly, each hand once) gives the same category histogram as the
/// class's one board weighted by the class's size.
fn weights_against_every_board<G: Game>() -> Result<(), Failed> {
    // Three board classes, or as many as hold about as many hands as three
    // of five-card Omaha (each board holds C(47, hole) hands: PLO6's one
    // class is seven times one of PLO5's).
    let per_board = |hole: u64| (0..hole).fold(1u64, |c, i| c * (47 - i) / (i + 1));
    let n = (3 * per_board(5) / per_board(G::HOLE as u64)).clamp(1, 3) as usize;
    let slice = handeval_difftest::cards::board_slice::<G>(SAMPLE_SEED, n);
    println!("{slice}");
    if slice.agrees() {
        Ok(())
    } else {
        Err(slice.to_string().into())
    }
}

/// The 4,096 hands of an ace, two, three, four, five and six in every
/// choice of suits, with the king of diamonds: each holds a wheel and a
/// six-high straight (or a flush), the fewest hands on which an evaluator
/// that ranks the wheel too high shows it.
fn ace_to_six() -> Vec<Hand7> {
    let ranks = [
        Rank::Ace,
        Rank::Two,
        Rank::Three,
        Rank::Four,
        Rank::Five,
        Rank::Six,
    ];
    let king = Card::new(Rank::King, Suit::Diamonds);
    (0..4usize.pow(6))
        .map(|choice| {
            let mut cards = [king; 7];
            for (i, rank) in ranks.into_iter().enumerate() {
                cards[i] = Card::new(rank, Suit::ALL[(choice >> (2 * i)) & 3]);
            }
            Hand7::new(cards).expect("six ranks and a king are distinct")
        })
        .collect()
}

/// The check of every seven-card evaluator, on the ace-to-six hands:
/// passes for every registered evaluator, so a failure below is the broken
/// evaluator's.
struct OnAceToSix {
    hands: Vec<Hand7>,
    failed: Vec<String>,
}

impl OnAceToSix {
    fn check_every_registered_evaluator(&mut self) {
        for checks in checks::<Hand7>() {
            let check = checks.on_hands(&self.hands);
            if !check.passed() {
                self.failed.push(check.to_string());
            }
        }
    }
}

/// [`check_pitfall`] of an evaluator the registry does not list (a broken
/// one), through the same calls as a registered one.
fn check_pitfall_of<G: Game, E: BestFive<G>>(p: &Pitfall) -> Result<(), String> {
    check_pitfall(p, erase::<G, E>().as_ref())
}

/// A trial that passes when `check` fails.
fn must_fail(name: &str, check: impl FnOnce() -> Result<(), Failed> + Send + 'static) -> Trial {
    Trial::test(name, move || match check() {
        Err(e) => {
            println!("failed as it should:\n{}", e.message().unwrap_or_default());
            Ok(())
        }
        Ok(()) => Err("the check passed a deliberately broken evaluator".into()),
    })
}

/// The pitfall named `name`.
fn named(name: &str) -> &'static Pitfall {
    PITFALLS
        .iter()
        .find(|p| p.name == name)
        .unwrap_or_else(|| panic!("no pitfall {name}"))
}

/// An evaluator's encoding and values: the standard game's reference's.
macro_rules! the_standard_reference {
    () => {
        type Encoded = <Reference as Evaluator>::Encoded;
        type Strength = <Reference as Evaluator>::Strength;
        fn encode(hand: &Hand) -> Self::Encoded {
            Reference::encode(hand)
        }
        fn category(e: Self::Encoded) -> Category {
            Reference::category(e)
        }
        fn strength(e: Self::Encoded) -> Self::Strength {
            Reference::strength(e)
        }
    };
}

/// The reference presented as a published listing with one wrong category
/// it does not have: a listing must show exactly its known errors.
struct ClaimsAnError;

impl Evaluator for ClaimsAnError {
    const META: handeval_core::Meta = handeval_core::Meta {
        name: "broken/claims-an-error",
        summary: "the reference, listed with an error it does not make",
        family: handeval_difftest::broken::FAMILY,
        role: Role::Listing,
        derived_from: None,
        table_bytes: 0,
        card_table_bytes: 0,
    };
    const KNOWN_ERRORS: Option<handeval_core::KnownErrors> = Some(handeval_core::KnownErrors {
        distinct: HandClass::COUNT as usize,
        wrong_category: 1,
        misordered: 0,
    });
    the_standard_reference!();
}

/// Short deck's fives valued by the standard game's rules: a flush below a
/// full house, A-6-7-8-9 no straight. What an evaluator of the standard
/// game gives a short-deck hand.
struct StandardOrderOnShortDeck;

impl Evaluator for StandardOrderOnShortDeck {
    const META: handeval_core::Meta = handeval_core::Meta {
        name: "broken/standard-order-on-short-deck",
        summary: "the standard reference, on short deck's fives",
        family: handeval_difftest::broken::FAMILY,
        role: Role::Tuned,
        derived_from: None,
        table_bytes: 0,
        card_table_bytes: 0,
    };
    const RULES: &'static handeval_core::rules::Rules = &handeval_core::rules::SHORT_DECK;
    the_standard_reference!();
}

/// The checks, each run on a deliberately broken evaluator.
/// Broken five-card evaluators' best-of adapters, each failing the
/// pitfall its mistake walks into.
fn broken_best_of_pitfalls() -> Vec<Trial> {
    vec![
        must_fail(
            "broken_wheel_above_king_high_21_fails_the_wheel_pitfall",
            || {
                let p = named("wheel_beside_a_six_is_a_six_high_straight");
                check_pitfall_of::<Hand7, BestOf<WheelAboveKingHigh>>(p).map_err(Failed::from)
            },
        ),
        must_fail(
            "broken_wheel_above_king_high_60_fails_the_omaha_wheel",
            || {
                check_pitfall_of::<Omaha4, BestOf<WheelAboveKingHigh>>(named(
                    "omaha_wheel_made_two_and_three",
                ))
                .map_err(Failed::from)
            },
        ),
        must_fail(
            "broken_broadway_is_no_straight_60_fails_omaha_broadway",
            || {
                check_pitfall_of::<Omaha4, BestOf<BroadwayIsNoStraight>>(named(
                    "omaha_broadway_made_two_and_three",
                ))
                .map_err(Failed::from)
            },
        ),
    ]
}

/// The first eighth of the seeded sample the seven-card `sampled_*` tests
/// hold evaluators to (with the reference's classes): a broken evaluator
/// that fails there fails the whole sample, and its literal best of 21
/// fives (microseconds a hand) costs a test an eighth of the time.
fn caught_on<G: Game>() -> (&'static [G], &'static [u16]) {
    let (hands, classes) = seeded::<G>(SEVEN_SAMPLE);
    (&hands[..SEVEN_SAMPLE / 8], &classes[..SEVEN_SAMPLE / 8])
}

/// Broken evaluators of the games ranked by other rules than the standard
/// game's, each failing the check that holds that game's evaluators.
fn broken_by_rules() -> Vec<Trial> {
    vec![
        must_fail(
            "broken_wheel_still_a_straight_fails_deuce_to_seven_over_every_hand",
            || {
                // The every-hand check that holds deuce7's evaluators: its
                // 1,024 wheels are the only hands in another category.
                let check = HandCheck::<DeuceSeven5>::run::<WheelStillAStraight>();
                assert_eq!(check.category_mismatches, 1_024, "{check:?}");
                verdict(&check)
            },
        ),
        must_fail(
            "broken_wheel_still_a_straight_fails_the_deuce_to_seven_wheel_pitfall",
            || {
                check_pitfall_of::<DeuceSeven5, WheelStillAStraight>(named(
                    "deuce_to_seven_wheel_is_ace_high_not_a_straight",
                ))
                .map_err(Failed::from)
            },
        ),
        must_fail(
            "broken_five_lowest_cards_fails_the_razz_pair_of_aces_pitfall",
            || {
                check_pitfall_of::<handeval_core::Razz, FiveLowestCards>(named(
                    "razz_four_ranks_play_the_pair_of_aces",
                ))
                .map_err(Failed::from)
            },
        ),
        must_fail("broken_five_lowest_cards_fails_the_razz_sample", || {
            // The seeded sample razz's evaluators are held to: a paired low
            // card kept where a higher rank makes no pair.
            let (hands, classes) = caught_on::<handeval_core::Razz>();
            let check = HandCheck::on_classified::<FiveLowestCards>(hands, classes);
            assert!(check.category_mismatches > 0, "{check}");
            verdict(&check)
        }),
    ]
}

/// Broken evaluators whose value depends on what it must not: the
/// property checks catch them.
fn broken_properties() -> Vec<Trial> {
    vec![
        must_fail("broken_likes_spades_fails_suit_renaming", || {
            same_value(
                |h| relabelled::<Hand>(h).boxed(),
                erase::<Hand, handeval_core::Whole<LikesSpades>>().as_ref(),
            )
        }),
        must_fail("broken_first_card_first_fails_card_order", || {
            same_value(
                |h| reordered::<Hand>(h).boxed(),
                erase::<Hand, handeval_core::Whole<FirstCardFirst>>().as_ref(),
            )
        }),
    ]
}

fn broken() -> Vec<Trial> {
    vec![
        must_fail(
            "a_listing_without_its_known_errors_fails_the_listing_check",
            listing::<ClaimsAnError>,
        ),
        must_fail("broken_wheel_above_king_high_fails_exhaustive", || {
            verdict(&HandCheck::<Hand>::run::<
                handeval_core::Whole<WheelAboveKingHigh>,
            >())
        }),
        must_fail(
            "broken_wheel_above_king_high_fails_in_a_pass_shared_with_a_correct_one",
            || {
                // The one pass of `every_hand` holds each evaluator to its
                // own verdict: the broken one fails beside one that passes.
                let (good, broken) = (
                    checker::<Hand, handeval_core::Whole<Reference>>(),
                    checker::<Hand, handeval_core::Whole<WheelAboveKingHigh>>(),
                );
                let (checked, _) = check_all::<Hand>(&[good.as_ref(), broken.as_ref()], &|_| {});
                verdict(&checked[0].0).expect("the reference passes beside a broken evaluator");
                verdict(&checked[1].0)
            },
        ),
        must_fail(
            "broken_wheel_above_king_high_21_fails_the_check_on_ace_to_six_hands",
            || {
                let mut all = OnAceToSix {
                    hands: ace_to_six(),
                    failed: Vec::new(),
                };
                all.check_every_registered_evaluator();
                assert_eq!(all.failed, Vec::<String>::new(), "registered evaluators");
                verdict(&HandCheck::on_hands::<BestOf<WheelAboveKingHigh>>(
                    &all.hands,
                ))
            },
        ),
        must_fail("one_hand_in_another_class_fails_the_table", || {
            // 6c 6d 6h 6s 7c 7d 7h, four sixes, called a royal flush: one
            // hand off changes two categories' counts. The short deck's
            // table, the same check as Hold'em's on a sixteenth of the hands.
            let mut classes = reference_classes::<Short7>().expect("kept").to_vec();
            assert_eq!(
                handeval_difftest::cards::hand_at::<Short7>(0).to_string(),
                "6c 6d 6h 6s 7c 7d 7h"
            );
            classes[0] = 1;
            like_the_table::<Short7>(&classes)
        }),
        must_fail("broken_standard_order_fails_the_short7_sample", || {
            // The sample the seven-card `sampled_*` tests check on: the
            // check that holds short7's evaluators must catch it.
            let (hands, classes) = caught_on::<Short7>();
            verdict(&HandCheck::on_classified::<BestOf<StandardOrderOnShortDeck>>(hands, classes))
        }),
        must_fail(
            "broken_standard_order_fails_the_short_deck_flush_pitfall",
            || {
                check_pitfall_of::<Short7, BestOf<StandardOrderOnShortDeck>>(named(
                    "short_deck_flush_beats_the_full_house_in_the_same_cards",
                ))
                .map_err(Failed::from)
            },
        ),
        must_fail("broken_types_traded_only_fails_the_short7t_sample", || {
            // Trips above the straight: a relabelled short-deck kernel
            // misses the trips beside a seven-card straight (30,360 hands),
            // on the sample the `sampled_short7t_*` tests hold evaluators to.
            let (hands, classes) = caught_on::<ShortTrips7>();
            verdict(&HandCheck::on_classified::<TypesTradedOnly>(hands, classes))
        }),
        must_fail("broken_any_five_of_nine_fails_the_omaha_sample", || {
            verdict(&HandCheck::<Omaha4>::on_hands::<AnyFiveOfNine>(
                &random_hands::<Omaha4>(SAMPLE_SEED, 1 << 14),
            ))
        }),
    ]
    .into_iter()
    .chain(broken_properties())
    .chain(broken_by_rules())
    .chain(broken_best_of_pitfalls())
    .chain(
        [
            "omaha_board_flush_with_one_hole_card_of_the_suit_is_no_flush",
            "omaha_four_suited_hole_cards_and_two_on_the_board_is_no_flush",
            "omaha_board_quads_play_three_of_them_with_a_hole_pair",
            "omaha_board_full_house_plays_three_of_it_with_two_hole_cards",
            "omaha_straight_needing_three_hole_cards_is_no_straight",
            "omaha_best_five_of_all_nine_is_not_allowed",
        ]
        .map(|name| {
            must_fail(
                &format!("broken_any_five_of_nine_fails_{name}"),
                move || {
                    check_pitfall_of::<Omaha4, AnyFiveOfNine>(named(name)).map_err(Failed::from)
                },
            )
        }),
    )
    .collect()
}

fn main() {
    let args = Arguments::from_args();
    let mut games = Games(Vec::new());
    visit_games(&mut games);
    let mut trials = games.0;
    let mut five = StampFive(Vec::new());
    visit_all(&mut five);
    trials.extend(five.0);
    trials.extend(broken());
    assert_eq!(
        test_name("exhaustive", "seven", "pext/best-of-21"),
        "exhaustive_seven_pext_best_of_21"
    );
    libtest_mimic::run(&args, trials).exit();
}
