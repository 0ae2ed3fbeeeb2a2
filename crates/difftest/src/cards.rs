//! Differential testing of the evaluators of every game ([`Game`]), from
//! cards, over every hand or over chosen ones.
//!
//! A game's hands are enumerated part by part ([`Game::parts`]): the
//! Hold'em sizes in 1,326 runs, each hand once; Omaha one board per class
//! of boards up to suit renaming, each hand standing for its class's boards
//! (its *weight*). Holding every evaluator's answer for every hand would
//! take gigabytes, so a check works against the reference's class per hand
//! ([`ClassTable::part`], computed part by part, or once for all hands of
//! the Hold'em sizes) and keeps only what differs:
//!
//! - each hand's class by the evaluator is the place of its value among the
//!   values of its five-card scale ([`BestFive::Five`]) over all five-card
//!   hands, as `cargo xtask eval` shows it; a value no five-card hand has is
//!   class 0, "unranked";
//! - [`HandCheck`] counts the hands (by weight) whose class or category
//!   differ from the reference's, keeps the differing hands' places in the
//!   enumeration and classes (so that any two evaluators can be compared
//!   exactly, [`pairwise`]), names the first few, and, over every hand,
//!   checks the weighted category histogram and the distinct classes
//!   against the game's table.
//!
//! [`check_all`] runs several evaluators over every hand at once, the
//! reference's classes of each part computed once for all of them, the
//! parts shared among the cores by rayon; [`HandCheck::on_hands`] holds any
//! evaluator, the literal [`ReferenceBest`] among them, to the reference on
//! chosen hands ([`random_hands`]).

use std::any::Any;
use std::collections::HashMap;
use std::fmt;
use std::sync::{Mutex, OnceLock};
use std::time::{Duration, Instant};

use handeval_core::{BestFive, Card, Category, Game, Histogram, Role};
use handeval_reference::table::ClassTable;
use handeval_reference::{Ranking, ReferenceBest, scale};
use rand::SeedableRng;
use rand::seq::{IndexedRandom, SliceRandom};
use rand_chacha::ChaCha8Rng;
use rayon::prelude::*;

/// A part of a game's enumeration, where it starts among all the
/// enumerated hands, how many it holds, and what each stands for.
#[derive(Clone, Copy, Debug)]
pub struct PartAt<G: Game> {
    /// The part.
    pub part: G::Part,
    /// The place of its first hand in the enumeration.
    pub start: u64,
    /// How many hands it holds.
    pub len: usize,
    /// How many hands each of its hands stands for.
    pub weight: u64,
}

impl<G: Game> PartAt<G> {
    /// The part's hands, in order.
    pub fn hands(&self) -> Vec<G> {
        G::part_hands(self.part).collect()
    }
}

/// One value per game, made on first use and kept for the process: a
/// static in a generic function is shared by all its instances, so the
/// values are kept by the game's id.
fn per_game<G: Game, T: Any + Send + Sync>(
    store: &'static Store,
    make: impl FnOnce() -> T,
) -> &'static T {
    if let Some(value) = made_per_game::<G, T>(store) {
        return value;
    }
    // Made outside the lock: making it may need other games' values.
    let made: &'static (dyn Any + Send + Sync) = Box::leak(Box::new(make()));
    let value = *store
        .get_or_init(|| Mutex::new(HashMap::new()))
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
        .entry(G::ID)
        .or_insert(made);
    value.downcast_ref().expect("one type of value per store")
}

/// A store of one value per game, by the game's id.
type Store = OnceLock<Mutex<HashMap<&'static str, &'static (dyn Any + Send + Sync)>>>;

/// The value [`per_game`] made for `G` in `store`, if it has made one.
fn made_per_game<G: Game, T: Any>(store: &'static Store) -> Option<&'static T> {
    let found = store
        .get()?
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
        .get(G::ID)
        .copied()?;
    Some(found.downcast_ref().expect("one type of value per store"))
}

/// Every part of `G`'s enumeration, in order, with its start and weight.
pub fn parts<G: Game>() -> &'static [PartAt<G>] {
    static PARTS: Store = OnceLock::new();
    per_game::<G, Vec<PartAt<G>>>(&PARTS, || {
        let mut start = 0;
        G::parts()
            .map(|part| {
                let len = G::part_len(part);
                let at = PartAt {
                    part,
                    start,
                    len,
                    weight: G::part_weight(part),
                };
                start += len as u64;
                at
            })
            .collect()
    })
}

/// How many hands the enumeration of `G` holds (each of them standing for
/// its weight's worth of hands).
pub fn enumerated<G: Game>() -> u64 {
    parts::<G>().last().map_or(0, |p| p.start + p.len as u64)
}

/// Games whose every hand's class is kept in memory (two bytes a hand):
/// those of at most this many enumerated hands.
const KEPT: u64 = 1 << 28;

/// The reference's class of every enumerated hand of `G`, in order, when
/// the game is small enough to keep them (`KEPT` hands: the Hold'em
/// sizes), computed on first use over all cores (seconds for seven cards).
pub fn reference_classes<G: Game>() -> Option<&'static [u16]> {
    if enumerated::<G>() > KEPT {
        return None;
    }
    let classes = per_game::<G, Vec<u16>>(&CLASSES, || {
        let table = ClassTable::of::<G>();
        let mut classes = vec![0u16; enumerated::<G>() as usize];
        let mut slices = Vec::with_capacity(parts::<G>().len());
        let mut rest = classes.as_mut_slice();
        for part in parts::<G>() {
            let (head, tail) = rest.split_at_mut(part.len);
            slices.push((part, head));
            rest = tail;
        }
        slices
            .into_par_iter()
            .for_each(|(part, out)| table.part::<G>(part.part, out));
        classes
    });
    Some(classes)
}

/// [`reference_classes`]' store: every game's classes, once made.
static CLASSES: Store = OnceLock::new();

/// [`reference_classes`] if this process has already made them, without
/// making them.
fn kept_classes<G: Game>() -> Option<&'static [u16]> {
    made_per_game::<G, Vec<u16>>(&CLASSES).map(Vec::as_slice)
}

/// The reference's classes of one part's hands: read from `kept` (every
/// hand's, in order) when given, else read from the table.
pub fn part_classes<G: Game>(part: &PartAt<G>, kept: Option<&[u16]>) -> Vec<u16> {
    if let Some(all) = kept {
        let start = part.start as usize;
        all[start..start + part.len].to_vec()
    } else {
        let mut out = vec![0u16; part.len];
        ClassTable::of::<G>().part::<G>(part.part, &mut out);
        out
    }
}

/// The classes a check over `parts` reads its parts' from: every hand's
/// when the game's are kept and the check covers a quarter of the game or
/// more (made once, for the checks after it), else whatever is already
/// kept. A few parts (`cargo xtask diff` foreseeing its time on a sample)
/// read only their own: at 86e8599 they made all 133,784,560 seven-card
/// classes, seconds on two cores, for a check of a hundred thousand hands.
pub fn classes_for<G: Game>(parts: &[PartAt<G>]) -> Option<&'static [u16]> {
    let covered: u64 = parts.iter().map(|p| p.len as u64).sum();
    if covered.saturating_mul(4) >= enumerated::<G>() {
        reference_classes::<G>()
    } else {
        kept_classes::<G>()
    }
}

/// The hand at `index` in the enumeration of `G`.
///
/// # Panics
/// If `index` is not below [`enumerated`].
pub fn hand_at<G: Game>(index: u64) -> G {
    let parts = parts::<G>();
    let i = parts.partition_point(|p| p.start + p.len as u64 <= index);
    let part = parts.get(i).unwrap_or_else(|| {
        panic!(
            "{} hands are enumerated for {}, not {index}",
            enumerated::<G>(),
            G::WORD
        )
    });
    G::part_hands(part.part)
        .nth((index - part.start) as usize)
        .expect("the part holds its hands")
}

/// How many hands the literal reference is held to the table-driven
/// classes on ([`random_hands`]): a million hands, at the literal
/// reference's microseconds a hand.
pub const SAMPLE: usize = 1 << 20;
/// The seed of the random hands the tests and `cargo xtask diff` use.
pub const SAMPLE_SEED: u64 = 20_261_122;

/// `n` distinct hands of `G` dealt at random (distinct cards, hole cards
/// first), by a ChaCha8 generator seeded with `seed`: each deal as likely
/// as any other. When `n` is all of them (five cards: 2,598,960), every
/// hand once, shuffled by the same generator: dealing until the last hand
/// turns up would take about `n ln n` deals.
///
/// # Panics
/// Never: the cards are drawn from 52 without replacement.
pub fn random_hands<G: Game>(seed: u64, n: usize) -> Vec<G> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    if n as u64 >= G::HANDS {
        // Every part holds its hands once when a game has this few.
        let mut all: Vec<G> = G::parts().flat_map(G::part_hands).collect();
        all.shuffle(&mut rng);
        return all;
    }
    let deck: Vec<Card> = G::deck().collect();
    let mut seen = std::collections::HashSet::with_capacity(n);
    let mut hands = Vec::with_capacity(n);
    while hands.len() < n {
        let cards: Vec<Card> = deck.sample(&mut rng, G::COUNT).copied().collect();
        let hand = G::from_cards(&cards).expect("dealt without replacement");
        if seen.insert(hand_key(&hand)) {
            hands.push(hand);
        }
    }
    hands
}

/// The reference's class of each of `hands`, read from the
/// [`ClassTable`] (the best of the game's fives), over all cores.
pub fn table_classes<G: Game>(hands: &[G]) -> Vec<u16> {
    let table = ClassTable::of::<G>();
    hands.par_iter().map(|h| table.best(h)).collect()
}

/// What tells two hands of a game apart: each part's cards as a set.
fn hand_key<G: Game>(hand: &G) -> (u64, u64) {
    let cards = hand.card_slice();
    let set = |cards: &[Card]| cards.iter().fold(0u64, |m, c| m | 1 << c.index());
    (set(&cards[..G::HOLE]), set(&cards[G::HOLE..]))
}

/// The weighted enumeration of a hole-and-board game checked plainly on
/// a slice: [`board_slice`].
#[derive(Clone, Debug)]
pub struct Slice {
    /// The game's id.
    pub game: &'static str,
    /// The board classes in the slice.
    pub classes: usize,
    /// The boards they hold.
    pub boards: u64,
    /// The hands on those boards, counted plainly.
    pub hands: u64,
    /// The category histogram of the classes' one boards, weighted.
    pub weighted: Histogram,
    /// The category histogram of every board of the classes, plainly.
    pub plain: Histogram,
}

impl Slice {
    /// Whether the two histograms are the same.
    pub fn agrees(&self) -> bool {
        self.weighted == self.plain
    }
}

impl fmt::Display for Slice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}: {} board classes ({} boards, {} hands counted one by one): weighted {} every board",
            self.game,
            self.classes,
            self.boards,
            self.hands,
            if self.agrees() { "as" } else { "UNLIKE" }
        )?;
        if !self.agrees() {
            for c in Category::ALL {
                write!(
                    f,
                    "\n  {c}: weighted {}, plainly {}",
                    self.weighted[c], self.plain[c]
                )?;
            }
        }
        Ok(())
    }
}

/// The second derivation of a hole-and-board game's counts, on a slice:
/// `n` board classes drawn with `seed`, each counted twice by the
/// reference's classes: its one board's hands, each weighted by the size
/// of the class, and every board of the class (each suit renaming of it)
/// with every hole, each hand once. The weights are right on the slice when
/// the two histograms are the same.
///
/// # Panics
/// If `G` has no hole cards (its parts are not boards).
pub fn board_slice<G: Game>(seed: u64, n: usize) -> Slice {
    use handeval_core::Board;
    let table = ClassTable::of::<G>();
    let category_of = category_of_class::<G>();
    let count = |board: Board, weight: u64, into: &mut Histogram| {
        let part: G::Part = same(board).expect("a hole-and-board game's parts are boards");
        let mut classes = vec![0u16; G::part_len(part)];
        table.part::<G>(part, &mut classes);
        // Class by class first: a board holds up to ten million hands.
        let mut counts = vec![0u64; SLOTS];
        for class in classes {
            counts[usize::from(class)] += 1;
        }
        for (class, &n) in counts.iter().enumerate().filter(|(_, n)| **n > 0) {
            if let Some(c) = category_of[class] {
                into.add_weighted(c, weight * n);
            }
        }
    };
    let all = parts::<G>();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let chosen: Vec<&PartAt<G>> = all.sample(&mut rng, n).collect();
    let mut slice = Slice {
        game: G::ID,
        classes: chosen.len(),
        boards: 0,
        hands: 0,
        weighted: Histogram::new(),
        plain: Histogram::new(),
    };
    for part in chosen {
        let board: Board = same(part.part).expect("boards");
        count(board, part.weight, &mut slice.weighted);
        let mut seen = Vec::new();
        for perm in 0..24 {
            let cards = renamed_board(board.cards, perm);
            if seen.contains(&cards) {
                continue;
            }
            seen.push(cards);
            count(
                Board {
                    cards,
                    class_size: board.class_size,
                },
                1,
                &mut slice.plain,
            );
            slice.boards += 1;
            slice.hands += part.len as u64;
        }
    }
    slice
}

/// `cards` with the suits renamed by the `perm`-th permutation of the four
/// suits (in lexicographic order), in increasing index order.
fn renamed_board(cards: [Card; 5], perm: usize) -> [Card; 5] {
    let mut suits = [0u8, 1, 2, 3];
    // The perm-th permutation, by the factorial number system.
    let mut k = perm;
    let mut out = [0u8; 4];
    for (i, slot) in out.iter_mut().enumerate() {
        let f = [6, 2, 1, 1][i];
        let pick = k / f;
        k %= f;
        *slot = suits[pick];
        suits.copy_within(pick + 1.., pick);
    }
    let mut renamed = cards.map(|c| {
        Card::from_index(c.index() / 4 * 4 + out[usize::from(c.index() % 4)])
            .expect("a card's suit renamed is a card")
    });
    renamed.sort_unstable_by_key(|c| c.index());
    renamed
}

/// `value` as a `U` when `T` and `U` are the same type.
fn same<T: Any, U: Any>(value: T) -> Option<U> {
    (Box::new(value) as Box<dyn Any>)
        .downcast::<U>()
        .ok()
        .map(|b| *b)
}

/// How many differing hands a report spells out.
const SHOWN: usize = 5;

/// How many differing hands a check keeps for [`pairwise`]: beyond this,
/// it counts them only (an evaluator that differs this often is broken,
/// and its row of the matrix is a lower bound).
const KEPT_MISMATCHES: usize = 1 << 24;

/// One hand on which an evaluator and the reference differ.
#[derive(Clone, Debug)]
pub struct Example<G> {
    /// The hand.
    pub hand: G,
    /// Its place among the hands checked (in the enumeration, when the
    /// check is over every hand).
    pub index: u64,
    /// The evaluator's category, native value (`Debug`) and class (0: unranked).
    pub got: (Category, String, u16),
    /// The reference's category, best five cards and class.
    pub expected: (Category, String, u16),
}

/// One evaluator of `G` checked against the reference, and, when it was
/// run over every hand, against the game's table.
#[derive(Clone, Debug)]
pub struct HandCheck<G> {
    /// [`Meta::name`](handeval_core::Meta::name).
    pub name: &'static str,
    /// Whether the check covered every hand ([`check_all`]) rather than
    /// chosen ones ([`HandCheck::on_hands`]).
    pub exhaustive: bool,
    /// Hands evaluated (enumerated hands, or the chosen ones).
    pub evaluated: u64,
    /// Hands they stand for: every hand of the game, for a check over
    /// every hand.
    pub hands: u64,
    /// The evaluator's category histogram, by the hands they stand for.
    pub histogram: Histogram,
    /// Hands (by what they stand for) whose category differs from the reference's.
    pub category_mismatches: u64,
    /// Hands (by what they stand for) whose class differs from the reference's.
    pub class_mismatch_hands: u64,
    /// The differing hands' places and classes, in order (class 0: the
    /// value is on no five-card hand), at most `KEPT_MISMATCHES` of them.
    pub class_mismatches: Vec<(u64, u16)>,
    /// Distinct classes seen ([`Game::classes`] over every hand when
    /// correct, 4,824 for seven cards), counting "unranked" as one.
    pub distinct: usize,
    /// The first differing hands, spelled out.
    pub examples: Vec<Example<G>>,
}

/// What one stretch of hands contributes to a [`HandCheck`].
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Partial {
    evaluated: u64,
    #[serde(with = "counts")]
    histogram: Histogram,
    category_mismatches: u64,
    class_mismatch_hands: u64,
    class_mismatches: Vec<(u64, u16)>,
    #[serde(with = "class_set")]
    seen: Vec<bool>,
}

const SLOTS: usize = handeval_core::rules::MOST_CLASSES as usize + 1;

/// The category of each class of `G`'s rules, by class number (none for 0
/// and past the rules' classes), looked up once rather than per hand.
fn category_of_class<G: Game>() -> &'static [Option<Category>; SLOTS] {
    static TABLES: [OnceLock<[Option<Category>; SLOTS]>; handeval_core::rules::ALL.len()] =
        [const { OnceLock::new() }; handeval_core::rules::ALL.len()];
    TABLES[<G::Rules as handeval_core::rules::RuleSet>::INDEX]
        .get_or_init(|| std::array::from_fn(|class| G::RULES.category_of(class as u16)))
}

impl Partial {
    fn new() -> Partial {
        Partial {
            evaluated: 0,
            histogram: Histogram::new(),
            category_mismatches: 0,
            class_mismatch_hands: 0,
            class_mismatches: Vec::new(),
            seen: vec![false; SLOTS],
        }
    }

    /// Evaluates `hands` with `E`'s batch loops (both at once where `E`
    /// finds both in one pass) and compares each hand with its `expected`
    /// class; `start` is the first hand's place, `weight` what each hand
    /// stands for.
    fn compare<G: Game, E: BestFive<G>>(
        hands: &[G],
        expected: &[u16],
        start: u64,
        weight: u64,
        scale: &Ranking<E::Strength>,
    ) -> Partial {
        let mut part = Partial::new();
        let Some(first) = hands.first() else {
            return part;
        };
        let mut strengths = vec![E::strength(first); hands.len()];
        let mut categories = vec![Category::HighCard; hands.len()];
        E::strengths_and_categories(hands, &mut strengths, &mut categories);
        let category_of = category_of_class::<G>();
        let by_category = tally(categories.iter().map(|c| c.index()), Category::ALL.len());
        for (&c, &n) in Category::ALL.iter().zip(&by_category) {
            part.histogram.add_weighted(c, weight * n);
        }
        let differing = categories
            .iter()
            .zip(expected)
            .filter(|&(&c, &want)| Some(c) != category_of[usize::from(want)])
            .count();
        part.category_mismatches = weight * differing as u64;
        // The last value seen on each reference class, and its class on the
        // scale: most hands repeat a value already looked up, whose class
        // was marked seen when it was.
        let mut known: Vec<Option<(E::Strength, u16)>> = vec![None; SLOTS];
        for (i, (&value, &want)) in strengths.iter().zip(expected).enumerate() {
            let class = match known[usize::from(want)] {
                Some((v, class)) if v == value => class,
                _ => {
                    let class = scale.class(value).map_or(0, |c| c as u16);
                    known[usize::from(want)] = Some((value, class));
                    part.seen[usize::from(class)] = true;
                    class
                }
            };
            if class != want {
                part.class_mismatch_hands += weight;
                if part.class_mismatches.len() < KEPT_MISMATCHES {
                    part.class_mismatches.push((start + i as u64, class));
                }
            }
        }
        part.evaluated = hands.len() as u64;
        part
    }

    fn merge(mut self, other: Partial) -> Partial {
        self.evaluated += other.evaluated;
        self.histogram += other.histogram;
        self.category_mismatches += other.category_mismatches;
        self.class_mismatch_hands += other.class_mismatch_hands;
        // The first differing hands of both. Stretches merge in order, but
        // slices of every hand interleave (each takes every Nth part).
        let in_order = match (self.class_mismatches.last(), other.class_mismatches.first()) {
            (Some(last), Some(first)) => last.0 < first.0,
            _ => true,
        };
        let room = KEPT_MISMATCHES.saturating_sub(self.class_mismatches.len());
        if in_order {
            self.class_mismatches
                .extend(other.class_mismatches.into_iter().take(room));
        } else {
            self.class_mismatches.extend(other.class_mismatches);
            self.class_mismatches.sort_unstable();
            self.class_mismatches.truncate(KEPT_MISMATCHES);
        }
        for (s, o) in self.seen.iter_mut().zip(other.seen) {
            *s |= o;
        }
        self
    }

    fn into_check<G: Game>(
        mut self,
        name: &'static str,
        exhaustive: bool,
        example: impl Fn(u64, u16) -> Example<G>,
    ) -> HandCheck<G> {
        self.class_mismatches.sort_unstable_by_key(|&(i, _)| i);
        let examples = self
            .class_mismatches
            .iter()
            .take(SHOWN)
            .map(|&(index, class)| example(index, class))
            .collect();
        HandCheck {
            name,
            exhaustive,
            evaluated: self.evaluated,
            hands: self.histogram.total(),
            histogram: self.histogram,
            category_mismatches: self.category_mismatches,
            class_mismatch_hands: self.class_mismatch_hands,
            class_mismatches: self.class_mismatches,
            distinct: self.seen.iter().filter(|&&s| s).count(),
            examples,
        }
    }
}

/// One evaluator of `G`, ready to be checked part by part beside others
/// ([`check_all`]).
pub trait PartCheck<G: Game>: Send + Sync {
    /// The evaluator's name.
    fn name(&self) -> &'static str;
    /// The evaluator's verdict on one part's hands against `expected`.
    fn part(&self, hands: &[G], expected: &[u16], start: u64, weight: u64) -> Partial;
    /// One differing hand, spelled out.
    fn example(&self, hand: G, index: u64, class: u16, want: u16) -> Example<G>;
}

/// `E` as a [`PartCheck`], its five-card scale ranked once.
struct Checker<G: Game, E: BestFive<G>> {
    scale: std::sync::Arc<Ranking<E::Strength>>,
    game: std::marker::PhantomData<fn(&G)>,
}

impl<G: Game, E: BestFive<G>> PartCheck<G> for Checker<G, E> {
    fn name(&self) -> &'static str {
        E::META.name
    }
    fn part(&self, hands: &[G], expected: &[u16], start: u64, weight: u64) -> Partial {
        Partial::compare::<G, E>(hands, expected, start, weight, &self.scale)
    }
    fn example(&self, hand: G, index: u64, class: u16, want: u16) -> Example<G> {
        example::<G, E>(hand, index, class, want)
    }
}

/// `E`, an evaluator of `G`, as a [`PartCheck`].
pub fn checker<G: Game, E: BestFive<G>>() -> Box<dyn PartCheck<G>> {
    Box::new(Checker::<G, E> {
        scale: scale::<E::Five>(),
        game: std::marker::PhantomData,
    })
}

/// What the reference's own classes add up to over every hand: checked
/// against the game's table, whatever the evaluators.
#[derive(Clone, Debug, PartialEq)]
pub struct Totals {
    /// The hands the enumeration stands for (the game's hands, when the
    /// weights are right).
    pub hands: u64,
    /// The hands enumerated.
    pub enumerated: u64,
    /// The reference's category histogram, by weight.
    pub histogram: Histogram,
    /// The distinct classes the reference found.
    pub classes: usize,
    /// The distinct classes it found in each category, in
    /// [`Category::ALL`] order.
    pub category_classes: [u16; 10],
    /// The time spent making the parts' hands and the reference's classes
    /// of them (summed over the threads, divided by their number); the
    /// hands are dealt only where some evaluator is checked on them.
    pub reference_time: Duration,
}

/// How many of `keys` are each key below `slots`. Four tallies taken in
/// turn: with one, each count waits for the one before it, hand after hand
/// of the same class or category.
fn tally(keys: impl Iterator<Item = usize>, slots: usize) -> Vec<u64> {
    let mut lanes = vec![[0u64; 4]; slots];
    for (i, key) in keys.enumerate() {
        lanes[key][i % 4] += 1;
    }
    lanes.iter().map(|l| l.iter().sum()).collect()
}

/// Hands of a part valued and compared at a time.
const CHUNK: usize = 1 << 15;

/// Each checked evaluator's verdict over every hand of `G` and the time its
/// evaluation took (summed over the threads, divided by their number), and
/// the reference's own totals: every part's reference classes computed
/// once and every evaluator run over them. `progress` is called after each
/// part with the hands done so far.
pub fn check_all<G: Game>(
    checks: &[&dyn PartCheck<G>],
    progress: &(dyn Fn(u64) + Sync),
) -> (Vec<(HandCheck<G>, Duration)>, Totals) {
    check_parts(checks, parts::<G>(), true, progress)
}

/// Each check's verdict on one part's hands (`want`, the reference's
/// classes) and the time it took, and the time the dealing took.
fn deal_and_check<G: Game>(
    checks: &[&dyn PartCheck<G>],
    part: &PartAt<G>,
    want: &[u16],
) -> (Vec<Partial>, Vec<Duration>, Duration) {
    if checks.is_empty() {
        // The reference's totals alone need no hands.
        return (Vec::new(), Vec::new(), Duration::ZERO);
    }
    let mut partials = vec![Partial::new(); checks.len()];
    let mut times = vec![Duration::ZERO; checks.len()];
    // The part's hands a chunk at a time: a part of six-card Omaha holds
    // 10,737,573 hands, 118 MB, and a chunk's hands, values and categories
    // stay in the core's cache while every evaluator goes over them. Dealt
    // in one loop over the part (`for_each`), which a game's walk can make
    // tighter than a step at a time.
    let mut chunk = Vec::with_capacity(CHUNK);
    let mut at = 0;
    let mut checking = Duration::ZERO;
    let mut check_chunk = |chunk: &mut Vec<G>| {
        let want = &want[at..at + chunk.len()];
        for ((partial, time), check) in partials.iter_mut().zip(&mut times).zip(checks) {
            let started = Instant::now();
            let found = check.part(chunk, want, part.start + at as u64, part.weight);
            *partial = std::mem::replace(partial, Partial::new()).merge(found);
            let took = started.elapsed();
            *time += took;
            checking += took;
        }
        at += chunk.len();
        chunk.clear();
    };
    let dealing = Instant::now();
    G::part_hands(part.part).for_each(|hand| {
        chunk.push(hand);
        if chunk.len() == CHUNK {
            check_chunk(&mut chunk);
        }
    });
    if !chunk.is_empty() {
        check_chunk(&mut chunk);
    }
    // Dealing is the checks' shared work, counted with the
    // reference's, which the foresight adds to every check's.
    let dealt = dealing.elapsed().saturating_sub(checking);
    (partials, times, dealt)
}

/// [`check_all`] over some of the parts only (`every` when they are all of
/// them): what `cargo xtask diff` times a few parts with to foresee how long
/// every hand would take.
pub fn check_parts<G: Game>(
    checks: &[&dyn PartCheck<G>],
    parts: &[PartAt<G>],
    every: bool,
    progress: &(dyn Fn(u64) + Sync),
) -> (Vec<(HandCheck<G>, Duration)>, Totals) {
    find(checks, parts, progress).verdicts(checks, every)
}

/// What the checks found over `parts`, to be merged with what they find
/// over the others ([`Found::merge`]) before [`Found::verdicts`].
pub fn find<G: Game>(
    checks: &[&dyn PartCheck<G>],
    parts: &[PartAt<G>],
    progress: &(dyn Fn(u64) + Sync),
) -> Found {
    let done = std::sync::atomic::AtomicU64::new(0);
    let category_of = category_of_class::<G>();
    let making = Instant::now();
    let kept = classes_for(parts);
    // Made on every core, if this check made them: their time summed over
    // the threads, as each part's is.
    let made = making.elapsed() * rayon::current_num_threads() as u32;
    let mut found = parts
        .par_iter()
        .map(|part| {
            let started = Instant::now();
            let want = part_classes(part, kept);
            let mut reference_time = started.elapsed();
            // Counted class by class first: a part holds up to ten million
            // hands of a few thousand classes.
            let counts = tally(want.iter().map(|&c| usize::from(c)), SLOTS);
            let mut histogram = Histogram::new();
            let seen: Vec<bool> = counts.iter().map(|&n| n > 0).collect();
            for (class, &n) in counts.iter().enumerate().filter(|(_, n)| **n > 0) {
                if let Some(c) = category_of[class] {
                    histogram.add_weighted(c, part.weight * n);
                }
            }
            let (partials, times, dealing) = deal_and_check(checks, part, &want);
            reference_time += dealing;
            let now = done.fetch_add(part.len as u64, std::sync::atomic::Ordering::Relaxed);
            progress(now + part.len as u64);
            Found {
                partials,
                times,
                histogram,
                seen,
                enumerated: part.len as u64,
                reference_time,
            }
        })
        .reduce(|| Found::new(checks.len()), Found::merge);
    found.reference_time += made;
    found
}

/// What checks over some of a game's parts found, kept whole: the findings
/// over other parts merge into it, and the verdicts come once every part is
/// in. A check of every hand too long for one sitting (every six-card Omaha
/// hand: two hours on two cores) is run a slice of the parts at a time, each
/// slice's findings saved (`cargo xtask diff --slice`).
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Found {
    /// Each check's findings, in the checks' order.
    partials: Vec<Partial>,
    /// Each check's time, summed over the threads.
    times: Vec<Duration>,
    /// The reference's category histogram, by weight.
    #[serde(with = "counts")]
    histogram: Histogram,
    /// The classes the reference found.
    #[serde(with = "class_set")]
    seen: Vec<bool>,
    /// The hands enumerated.
    enumerated: u64,
    /// The time making the hands and the reference's classes took, summed
    /// over the threads.
    reference_time: Duration,
}

impl Found {
    /// Nothing found yet, by `checks` checks.
    pub fn new(checks: usize) -> Found {
        Found {
            partials: vec![Partial::new(); checks],
            times: vec![Duration::ZERO; checks],
            histogram: Histogram::new(),
            seen: vec![false; SLOTS],
            enumerated: 0,
            reference_time: Duration::ZERO,
        }
    }

    /// How many checks found it.
    pub fn checks(&self) -> usize {
        self.partials.len()
    }

    /// The hands enumerated.
    pub fn enumerated(&self) -> u64 {
        self.enumerated
    }

    /// What both found, over their parts together (the same checks').
    ///
    /// # Panics
    /// If they were found by different numbers of checks.
    #[must_use]
    pub fn merge(self, other: Found) -> Found {
        assert_eq!(self.checks(), other.checks(), "the same checks' findings");
        let mut histogram = self.histogram;
        histogram += other.histogram;
        Found {
            partials: self
                .partials
                .into_iter()
                .zip(other.partials)
                .map(|(a, b)| a.merge(b))
                .collect(),
            times: self
                .times
                .iter()
                .zip(&other.times)
                .map(|(a, b)| *a + *b)
                .collect(),
            histogram,
            seen: self
                .seen
                .iter()
                .zip(&other.seen)
                .map(|(a, b)| *a || *b)
                .collect(),
            enumerated: self.enumerated + other.enumerated,
            reference_time: self.reference_time + other.reference_time,
        }
    }

    /// Each check's verdict and time (summed over the threads, divided by
    /// their number) and the reference's totals; `every` when the parts
    /// found over are all of the game's.
    ///
    /// # Panics
    /// If `checks` are not as many as found it.
    pub fn verdicts<G: Game>(
        self,
        checks: &[&dyn PartCheck<G>],
        every: bool,
    ) -> (Vec<(HandCheck<G>, Duration)>, Totals) {
        assert_eq!(self.checks(), checks.len(), "the checks that found it");
        let threads = rayon::current_num_threads().max(1) as u32;
        let category_of = category_of_class::<G>();
        let verdicts = self
            .partials
            .into_iter()
            .zip(self.times)
            .zip(checks)
            .map(|((partial, time), check)| {
                let verdict = partial.into_check::<G>(check.name(), every, |index, class| {
                    let hand = hand_at::<G>(index);
                    let want = ClassTable::of::<G>().best(&hand);
                    check.example(hand, index, class, want)
                });
                (verdict, time / threads)
            })
            .collect();
        let mut category_classes = [0u16; 10];
        for (class, _) in self.seen.iter().enumerate().filter(|(_, s)| **s) {
            if let Some(c) = category_of[class] {
                category_classes[c.index()] += 1;
            }
        }
        let totals = Totals {
            hands: self.histogram.total(),
            enumerated: self.enumerated,
            histogram: self.histogram,
            classes: self.seen.iter().skip(1).filter(|&&s| s).count(),
            category_classes,
            reference_time: self.reference_time / threads,
        };
        (verdicts, totals)
    }
}

/// A histogram saved as its ten counts, in [`Category::ALL`] order.
mod counts {
    use handeval_core::{Category, Histogram};
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    pub fn serialize<S: Serializer>(h: &Histogram, s: S) -> Result<S::Ok, S::Error> {
        Category::ALL.map(|c| h[c]).serialize(s)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Histogram, D::Error> {
        let counts = <[u64; Category::ALL.len()]>::deserialize(d)?;
        let mut h = Histogram::new();
        for (&c, n) in Category::ALL.iter().zip(counts) {
            h.add_weighted(c, n);
        }
        Ok(h)
    }
}

/// A set of classes saved as the classes in it, in order.
mod class_set {
    use serde::de::Error;
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    pub fn serialize<S: Serializer>(seen: &[bool], s: S) -> Result<S::Ok, S::Error> {
        let classes: Vec<usize> = (0..seen.len()).filter(|&c| seen[c]).collect();
        classes.serialize(s)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<bool>, D::Error> {
        let mut seen = vec![false; super::SLOTS];
        for class in Vec::<usize>::deserialize(d)? {
            *seen.get_mut(class).ok_or_else(|| {
                D::Error::custom(format!(
                    "class {class} is past the last, {}",
                    super::SLOTS - 1
                ))
            })? = true;
        }
        Ok(seen)
    }
}

impl<G: Game> HandCheck<G> {
    /// Runs `E` over every hand of `G` and compares it with the reference
    /// ([`check_all`] with one evaluator).
    pub fn run<E: BestFive<G>>() -> Self {
        let check = checker::<G, E>();
        let (mut checks, _) = check_all::<G>(&[check.as_ref()], &|_| {});
        checks.remove(0).0
    }

    /// The check `E` is held to: over every hand against the reference,
    /// except for the literal reference itself, the definition the
    /// reference's classes compute at microseconds a hand, which is held to
    /// them on [`SAMPLE`] random hands.
    pub fn of<E: BestFive<G>>() -> Self {
        if E::META.role == Role::Reference {
            Self::on_hands::<E>(&random_hands::<G>(SAMPLE_SEED, SAMPLE))
        } else {
            Self::run::<E>()
        }
    }

    /// Runs `E` over `hands` only and compares each with the reference's
    /// class of it, read from the [`ClassTable`]; the places it reports are
    /// places in `hands`. The table's totals (histogram, distinct classes)
    /// are for checks over every hand and do not apply.
    pub fn on_hands<E: BestFive<G>>(hands: &[G]) -> Self {
        Self::on_classified::<E>(hands, &table_classes(hands))
    }

    /// [`HandCheck::on_hands`] with the reference's classes of `hands`
    /// already read ([`table_classes`]), for several evaluators checked on
    /// the same hands.
    ///
    /// # Panics
    /// If `expected` does not hold one class per hand.
    pub fn on_classified<E: BestFive<G>>(hands: &[G], expected: &[u16]) -> Self {
        const CHUNK: usize = 1 << 14;
        assert_eq!(hands.len(), expected.len(), "one class per hand");
        let scale = scale::<E::Five>();
        hands
            .par_chunks(CHUNK)
            .zip(expected.par_chunks(CHUNK))
            .enumerate()
            .map(|(i, (hands, expected))| {
                Partial::compare::<G, E>(hands, expected, (i * CHUNK) as u64, 1, &scale)
            })
            .reduce(Partial::new, Partial::merge)
            .into_check::<G>(E::META.name, false, |index, class| {
                example::<G, E>(
                    hands[index as usize],
                    index,
                    class,
                    expected[index as usize],
                )
            })
    }

    /// Categories whose hand count differs from the table: (category, counted).
    pub fn histogram_errors(&self) -> Vec<(Category, u64)> {
        let table = Histogram::published::<G>();
        Category::ALL
            .into_iter()
            .filter(|&c| self.histogram[c] != table[c])
            .map(|c| (c, self.histogram[c]))
            .collect()
    }

    /// Whether the evaluator matched the reference's class and category on
    /// every hand checked and, over every hand, the table in every count and
    /// in its number of classes.
    pub fn passed(&self) -> bool {
        let per_hand = self.category_mismatches == 0 && self.class_mismatch_hands == 0;
        let table = self.hands == G::HANDS
            && self.distinct == G::classes() as usize
            && self.histogram_errors().is_empty();
        per_hand && (table || !self.exhaustive)
    }
}

fn example<G: Game, E: BestFive<G>>(hand: G, index: u64, class: u16, want: u16) -> Example<G> {
    Example {
        hand,
        index,
        got: (
            E::category(&hand),
            format!("{:?}", E::strength(&hand)),
            class,
        ),
        expected: (
            <ReferenceBest as BestFive<G>>::category(&hand),
            handeval_reference::best_five(&hand).to_string(),
            want,
        ),
    }
}

/// The pairwise disagreement matrix: `matrix[i][j]` is the number of hands
/// on which checks `i` and `j` give different classes. Exact, from the
/// differing hands each check kept: where neither differs from the
/// reference, both agree with it and so with each other. (Over the
/// enumeration: an Omaha hand counts once, not by its weight.)
pub fn pairwise<G>(checks: &[HandCheck<G>]) -> Vec<Vec<u64>> {
    let n = checks.len();
    let mut matrix = vec![vec![0; n]; n];
    for i in 0..n {
        for j in i + 1..n {
            let d = disagreements(&checks[i].class_mismatches, &checks[j].class_mismatches);
            matrix[i][j] = d;
            matrix[j][i] = d;
        }
    }
    matrix
}

/// Hands on which two sorted lists of (place, class) differences from the
/// reference give different classes.
fn disagreements(a: &[(u64, u16)], b: &[(u64, u16)]) -> u64 {
    let (mut i, mut j, mut count) = (0, 0, 0);
    while i < a.len() && j < b.len() {
        match a[i].0.cmp(&b[j].0) {
            std::cmp::Ordering::Less => {
                count += 1;
                i += 1;
            }
            std::cmp::Ordering::Greater => {
                count += 1;
                j += 1;
            }
            std::cmp::Ordering::Equal => {
                count += u64::from(a[i].1 != b[j].1);
                i += 1;
                j += 1;
            }
        }
    }
    count + (a.len() - i) as u64 + (b.len() - j) as u64
}

impl<G: Game> fmt::Display for HandCheck<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.exhaustive {
            write!(
                f,
                "{}: {} {} hands, {} distinct classes (table: {})",
                self.name,
                self.hands,
                G::WORD,
                self.distinct,
                G::classes()
            )?;
        } else {
            write!(
                f,
                "{}: {} chosen {} hands, {} distinct classes",
                self.name,
                self.hands,
                G::WORD,
                self.distinct,
            )?;
        }
        writeln!(
            f,
            ", {} hands in another category, {} in another class",
            self.category_mismatches, self.class_mismatch_hands
        )?;
        if self.exhaustive {
            let table = Histogram::published::<G>();
            for (c, counted) in self.histogram_errors() {
                writeln!(f, "  {c}: {counted} hands, table {}", table[c])?;
            }
        }
        for e in &self.examples {
            writeln!(
                f,
                "  hand {} ({}): got {} {} class {}, reference {} class {} (best five {})",
                e.index,
                e.hand,
                e.got.0,
                e.got.1,
                e.got.2,
                e.expected.0,
                e.expected.2,
                e.expected.1
            )?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use handeval_core::rules::STANDARD;
    use handeval_core::{Hand6, Hand7, Omaha4};

    #[test]
    fn disagreements_merge_two_difference_lists() {
        let a = [(1, 5), (4, 9), (7, 2)];
        let b = [(1, 5), (4, 8), (9, 1)];
        // Hand 1 differs alike in both; 4 differently; 7 and 9 in one only.
        assert_eq!(disagreements(&a, &b), 3);
        assert_eq!(disagreements(&a, &[]), 3);
        assert_eq!(disagreements(&[], &[]), 0);
    }

    #[test]
    fn a_part_read_alone_has_the_kept_classes_and_a_few_parts_keep_none() {
        // Six cards: 20,358,520 hands, kept; a few parts are far below a
        // quarter of them, so reading them keeps nothing (no other test of
        // this binary keeps six cards' classes).
        let parts = parts::<Hand6>();
        let few = &parts[..3];
        assert_eq!(classes_for(few), None);
        let alone: Vec<Vec<u16>> = few.iter().map(|p| part_classes(p, None)).collect();
        assert!(
            kept_classes::<Hand6>().is_none(),
            "reading parts kept every class"
        );
        let all = classes_for(parts).expect("a check of every hand keeps them");
        for (part, alone) in few.iter().zip(&alone) {
            assert_eq!(part_classes(part, Some(all)), *alone);
        }
        assert_eq!(classes_for(few), Some(all), "kept once made");
    }

    #[test]
    fn parts_tile_every_hand_and_hand_at_finds_them() {
        fn check<G: Game>() {
            let parts = parts::<G>();
            assert!(
                parts
                    .windows(2)
                    .all(|w| w[0].start + w[0].len as u64 == w[1].start)
            );
            let weighted: u64 = parts.iter().map(|p| p.weight * p.len as u64).sum();
            assert_eq!(weighted, G::HANDS, "{}", G::WORD);
            let filled: Vec<&PartAt<G>> = parts.iter().filter(|r| r.len > 0).collect();
            for part in [
                filled[0],
                filled[filled.len() / 2],
                filled[filled.len() - 1],
            ] {
                let hands = part.hands();
                assert_eq!(hand_at::<G>(part.start), hands[0]);
                let last = part.start + part.len as u64 - 1;
                assert_eq!(hand_at::<G>(last), hands[part.len - 1]);
            }
        }
        check::<Hand6>();
        check::<Hand7>();
        check::<Omaha4>();
        assert_eq!(parts::<Hand7>().len(), 1_326);
        assert_eq!(hand_at::<Hand7>(0).to_string(), "2c 2d 2h 2s 3c 3d 3h");
        assert_eq!(
            hand_at::<Hand7>(Hand7::HANDS - 1).to_string(),
            "Kd Kh Ks Ac Ad Ah As"
        );
        assert_eq!(enumerated::<Omaha4>(), 134_459 * 178_365);
    }

    #[test]
    fn random_hands_are_seeded_distinct_deals() {
        let a = random_hands::<Omaha4>(3, 1000);
        assert_eq!(a, random_hands::<Omaha4>(3, 1000));
        assert_ne!(a, random_hands::<Omaha4>(4, 1000));
        let keys: std::collections::HashSet<_> = a.iter().map(hand_key).collect();
        assert_eq!(keys.len(), 1000);
    }

    /// A check over every hand that found nothing wrong per hand.
    fn clean() -> HandCheck<Hand7> {
        HandCheck {
            name: "clean",
            exhaustive: true,
            evaluated: Hand7::HANDS,
            hands: Hand7::HANDS,
            histogram: Histogram::published::<Hand7>(),
            category_mismatches: 0,
            class_mismatch_hands: 0,
            class_mismatches: Vec::new(),
            distinct: Hand7::classes() as usize,
            examples: Vec::new(),
        }
    }

    #[test]
    fn every_part_of_the_verdict_can_fail() {
        assert!(clean().passed());
        let mut moved = Histogram::new();
        for c in Category::ALL {
            moved.add_weighted(c, Histogram::published::<Hand7>()[c] % 5);
        }
        let mut c = clean();
        c.histogram = moved;
        assert!(!c.passed(), "a histogram unlike the table");
        let mut c = clean();
        c.distinct -= 1;
        assert!(!c.passed(), "4,823 classes");
        let mut c = clean();
        c.hands -= 1;
        assert!(!c.passed(), "a hand short");
        let mut c = clean();
        c.category_mismatches = 1;
        assert!(!c.passed(), "a category");
        let mut c = clean();
        c.class_mismatch_hands = 1;
        c.class_mismatches.push((7, 3));
        assert!(!c.passed(), "a class");
        // Chosen hands are held to the reference hand by hand, not to the
        // totals of every hand.
        let mut c = clean();
        c.exhaustive = false;
        c.hands = 10;
        c.distinct = 3;
        assert!(c.passed());
        c.class_mismatch_hands = 1;
        assert!(!c.passed());
    }

    #[test]
    fn findings_over_slices_merge_into_the_findings_over_every_part() {
        use crate::broken::WheelAboveKingHigh;
        use handeval_core::{Hand, Whole};
        use handeval_reference::Reference;
        let (good, broken) = (
            checker::<Hand, Whole<Reference>>(),
            checker::<Hand, Whole<WheelAboveKingHigh>>(),
        );
        let checks = [good.as_ref(), broken.as_ref()];
        let all = parts::<Hand>();
        assert!(all.len() > 3);
        // Times differ from run to run; what was found may not.
        let timeless = |mut f: Found| {
            f.times.iter_mut().for_each(|t| *t = Duration::ZERO);
            f.reference_time = Duration::ZERO;
            f
        };
        let whole = timeless(find::<Hand>(&checks, all, &|_| {}));
        let merged = (0..3)
            .map(|k| {
                let slice: Vec<PartAt<Hand>> = all.iter().skip(k).step_by(3).copied().collect();
                find::<Hand>(&checks, &slice, &|_| {})
            })
            .reduce(Found::merge)
            .map(timeless)
            .unwrap();
        assert_eq!(merged, whole);
        // Saved and read back whole.
        let saved = serde_json::to_string(&merged).unwrap();
        assert_eq!(serde_json::from_str::<Found>(&saved).unwrap(), merged);
        let (verdicts, totals) = merged.verdicts(&checks, true);
        assert!(verdicts[0].0.passed() && !verdicts[1].0.passed());
        assert_eq!(totals.histogram, Histogram::published::<Hand>());
        // Two slices of three are not every hand.
        let two = (0..2)
            .map(|k| {
                let slice: Vec<PartAt<Hand>> = all.iter().skip(k).step_by(3).copied().collect();
                find::<Hand>(&checks, &slice, &|_| {})
            })
            .reduce(Found::merge)
            .unwrap();
        let (verdicts, totals) = two.verdicts(&checks, true);
        assert!(!verdicts[0].0.passed());
        assert_ne!(totals.histogram, Histogram::published::<Hand>());
        // A class past the last is refused, not dropped.
        let bad = saved.replacen("\"seen\":[", "\"seen\":[99999,", 1);
        let error = serde_json::from_str::<Found>(&bad).unwrap_err().to_string();
        assert!(error.contains("class 99999"), "{error}");
    }

    #[test]
    fn a_comparison_counts_each_wrong_class_and_category_by_weight() {
        // The reference's own values against classes some of which are
        // wrong: every seventh hand is said to be the royal flush.
        let hands = random_hands::<Hand7>(5, 20_000);
        let table = ClassTable::of::<Hand7>();
        let truth: Vec<u16> = hands.iter().map(|h| table.best(h)).collect();
        let mut expected = truth.clone();
        for class in expected.iter_mut().step_by(7) {
            *class = 1;
        }
        let category = |class: u16| STANDARD.category_of(class).unwrap();
        let weight = 3;
        let scale = scale::<<ReferenceBest as BestFive<Hand7>>::Five>();
        let part = Partial::compare::<Hand7, ReferenceBest>(&hands, &expected, 100, weight, &scale);
        let wrong = |same: &dyn Fn(u16, u16) -> bool| -> u64 {
            let n = truth
                .iter()
                .zip(&expected)
                .filter(|&(&t, &e)| !same(t, e))
                .count();
            weight * n as u64
        };
        assert!(wrong(&|t, e| t == e) > 0 && wrong(&|t, e| category(t) == category(e)) > 0);
        assert_eq!(part.class_mismatch_hands, wrong(&|t, e| t == e));
        assert_eq!(
            part.category_mismatches,
            wrong(&|t, e| category(t) == category(e))
        );
        let first = truth
            .iter()
            .zip(&expected)
            .position(|(t, e)| t != e)
            .unwrap();
        assert_eq!(part.class_mismatches[0], (100 + first as u64, truth[first]));
        let mut histogram = Histogram::new();
        for &t in &truth {
            histogram.add_weighted(category(t), weight);
        }
        assert_eq!(part.histogram, histogram);
        let seen: std::collections::BTreeSet<u16> = truth.iter().copied().collect();
        let marked: std::collections::BTreeSet<u16> = (0..SLOTS as u16)
            .filter(|&c| part.seen[usize::from(c)])
            .collect();
        assert_eq!(marked, seen);
        assert_eq!(part.evaluated, hands.len() as u64);
    }
}
