//! The access patterns of equity tools, beside the lab's per-hand
//! workloads, each a workload of its own timed by the same rounds
//! ([`crate::rounds`]) into the same `rounds.csv` and `results.csv`:
//!
//! - **enumeration** (`strength/enumeration/hand7`): every seven-card hand
//!   dealt by nested loops (the lowest card outermost), by each evaluator
//!   that declares an incremental form ([`BestFive::INCREMENTAL`]: the 2+2
//!   state walk, the perfect hash's key sums, the table-free kernel's
//!   partial sums); what the others cost from scratch is the sequential
//!   workload's figure, consecutive hands of the same enumeration;
//! - **showdown** (`strength/showdown/hand7`): a fixed seeded set of
//!   heads-up preflop matchups, `AhAs` against `KdKc` first, each counted
//!   over all 1,712,304 boards on one thread, by classes of boards
//!   ([`Showdown::tally_by_ranks`]: each multiset of ranks once, each flush
//!   once, as equity calculators count), or by an outside evaluator's own
//!   calculator where it declares one ([`ShowdownForm::Calculator`]:
//!   pokers' `exact_equity`, the baseline); a "hand" is a board;
//! - **every board** (`strength/every-board/hand7`): the same matchups,
//!   every board's hands valued, from scratch in batches, or from the sums
//!   the players share where the evaluator declares that form
//!   ([`ShowdownForm::EveryBoard`]);
//! - **equity** (`strength/equity-heads-up/hand7`, `equity-three-way`,
//!   `equity-random`, and `strength/equity-fixed/` of Hold'em, short deck
//!   and Omaha): one matchup each ([`equity_case`]) counted exactly on one
//!   thread, ranges against ranges or fixed hands, by the lab's count with
//!   each vector kernel and by an outside evaluator's own calculator where
//!   it counts the case (pokers' `exact_equity`; none on random against
//!   random, which takes such a calculator minutes a pass); a "hand" is a
//!   count, and every contender's equities must be the first's to 1e-9.
//!
//! Evaluators that take the best of the fives are left out (one
//! enumeration costs them 10 to 30 seconds; their sequential rows say what
//! from scratch costs), as are the reference, the floor and the listings.
//!
//! Before any timing, each enumeration is checked once: its values handed
//! to a [`Census`], which counts each distinct value: its categories must
//! be the published seven-card table, its distinct values the 4,824
//! classes, its hands C(52, 7), and every timed pass's checksum the checked
//! pass's. On a smaller deck (a smoke run) the published figures do not
//! apply, and every contender must agree with the first instead. Every
//! showdown contender's counts must be the first's, on every matchup, and
//! every timed pass's too.

// Which games have access patterns is part of what a workload is: the
// results record holds it, and the patterns are timed from it.
pub use handeval_results::workload::{game_has_patterns, orders_of};
use std::any::Any;
use std::collections::HashMap;

use handeval_core::enumerate::{Checksum, Sink, hands_of_deck};
use handeval_core::{BestFive, Card, Category, Evaluator, Game, GameInfo, Hand7, Role, Suit};
use handeval_equity::showdown::{Showdown, ShowdownForm, Tally, showdown_forms};
use handeval_registry::showdown_form;

use crate::Order;
use crate::rounds::Timed;
use rand::SeedableRng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;

/// Counts each distinct value an enumeration hands it.
#[derive(Clone, Debug)]
pub struct Census {
    /// Open addressing: `(value, hands)`, value 0 for an empty slot.
    slots: Vec<(u32, u64)>,
    /// The values' checksum, order-blind: what an incremental form's
    /// enumeration is held to.
    pub checksum: Checksum,
    /// Values of 0 outside padding: never a hand's.
    zeros: u64,
}

const SLOTS: usize = 1 << 14;

impl Default for Census {
    fn default() -> Self {
        Census {
            slots: vec![(0, 0); SLOTS],
            checksum: Checksum::default(),
            zeros: 0,
        }
    }
}

impl Census {
    #[inline]
    fn count(&mut self, value: u32) {
        if value == 0 {
            self.zeros += 1;
            return;
        }
        let mut i = (value.wrapping_mul(0x9E37_79B9) >> 18) as usize;
        loop {
            let slot = &mut self.slots[i];
            if slot.0 == value {
                slot.1 += 1;
                return;
            }
            if slot.0 == 0 {
                *slot = (value, 1);
                return;
            }
            i = (i + 1) % SLOTS;
        }
    }

    /// What was counted, each value's category from `categories`.
    ///
    /// # Errors
    /// A value `categories` does not hold (no five-card hand has it), or a
    /// value of 0.
    pub fn finish(&self, categories: &HashMap<u32, Category>) -> Result<Counted, String> {
        if self.zeros > 0 {
            return Err(format!("{} hands valued 0", self.zeros));
        }
        let mut counted = Counted {
            hands: self.checksum.hands(),
            checksum: self.checksum.sum(),
            classes: 0,
            categories: [0; 10],
        };
        for &(value, hands) in self.slots.iter().filter(|s| s.0 != 0) {
            let Some(c) = categories.get(&value) else {
                return Err(format!("the value {value:#x} is no five-card hand's"));
            };
            counted.classes += 1;
            counted.categories[c.index()] += hands;
        }
        Ok(counted)
    }
}

impl Sink for Census {
    fn take(&mut self, values: &[u32]) {
        self.checksum.take(values);
        for &v in values {
            self.count(v);
        }
    }

    fn take_padded(&mut self, values: &[u32], hands: usize) {
        self.checksum.take_padded(values, hands);
        let mut real = 0;
        for &v in values.iter().filter(|&&v| v != 0) {
            self.count(v);
            real += 1;
        }
        // Padding is 0; a hand valued 0 would leave fewer than `hands`.
        self.zeros += (hands - real.min(hands)) as u64;
    }
}

/// What an enumeration computed, by [`Census::finish`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Counted {
    /// Hands valued.
    pub hands: u64,
    /// The wrapping sum of the values.
    pub checksum: u32,
    /// Distinct values.
    pub classes: usize,
    /// Hands per category, weakest first.
    pub categories: [u64; 10],
}

impl Counted {
    /// Whether these are the counts of every seven-card hand: C(52, 7)
    /// hands, the published category counts and 4,824 classes.
    ///
    /// # Errors
    /// Naming the first count that differs.
    pub fn check_every_seven(&self) -> Result<(), String> {
        if self.hands != Hand7::HANDS {
            return Err(format!("{} hands, not {}", self.hands, Hand7::HANDS));
        }
        for c in Category::ALL {
            let (got, want) = (self.categories[c.index()], Hand7::hands_in(c));
            if got != want {
                return Err(format!(
                    "{got} hands of {}, not the published {want}",
                    c.name()
                ));
            }
        }
        if self.classes != Hand7::classes() as usize {
            return Err(format!(
                "{} classes, not {}",
                self.classes,
                Hand7::classes()
            ));
        }
        Ok(())
    }
}

/// Each value of `E` on five cards, and its category: a seven-card
/// evaluator's values are those of the best five.
pub fn categories_of<H: Game, E: BestFive<H>>() -> HashMap<u32, Category> {
    let mut map = HashMap::new();
    for hand in handeval_core::all_hands() {
        let encoded = <E::Five as Evaluator>::encode(&hand);
        let value = <E::Five as Evaluator>::strength(encoded);
        let Some(value) = as_u32(&value) else {
            return map;
        };
        map.insert(value, <E::Five as Evaluator>::category(encoded));
    }
    map
}

/// A strength as a `u32`, if it is one of the integer types.
pub fn as_u32<T: Any>(value: &T) -> Option<u32> {
    let any = value as &dyn Any;
    any.downcast_ref::<u32>()
        .copied()
        .or_else(|| any.downcast_ref::<u16>().map(|&v| u32::from(v)))
}

/// The first `deck` cards, ascending.
pub fn deck(cards: usize) -> Vec<Card> {
    Card::all().take(cards).collect()
}

/// Hands of an enumeration of `deck` cards.
pub fn enumeration_hands(deck: usize) -> u64 {
    hands_of_deck(deck, 7)
}

/// The showdown set: `AhAs` against `KdKc` first, then `more` heads-up
/// matchups of distinct random cards, seeded.
pub fn matchups(seed: u64, more: usize) -> Vec<[[Card; 2]; 2]> {
    let c = |rank, suit| Card::new(rank, suit);
    let (ace, king) = (handeval_core::Rank::Ace, handeval_core::Rank::King);
    let mut set = vec![[
        [c(ace, Suit::Hearts), c(ace, Suit::Spades)],
        [c(king, Suit::Diamonds), c(king, Suit::Clubs)],
    ]];
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x7368_6F77_646F_776E);
    let mut all: Vec<Card> = Card::all().collect();
    for _ in 0..more {
        all.shuffle(&mut rng);
        set.push([[all[0], all[1]], [all[2], all[3]]]);
    }
    set
}

/// The deck an enumeration of `mode` deals from: every card, or in a
/// smoke run the lowest 24 (six ranks, 346,104 hands): the pipeline,
/// not the figures.
pub const fn deck_of(mode: crate::Mode) -> usize {
    match mode {
        crate::Mode::Smoke => 24,
        _ => Card::COUNT,
    }
}

/// Rounds of each pattern: every contender once a round, in a seeded
/// order. An equity count takes an outside calculator seconds (pokers'
/// three-way count, 17 s a pass), so those run three rounds of one pass.
pub const fn rounds_of(order: Order, mode: crate::Mode) -> usize {
    match mode {
        // The whole preflop table takes a contender seconds on every core:
        // one round, its spread the contenders' to one another.
        crate::Mode::Full if matches!(order, Order::PreflopTable) => 1,
        crate::Mode::Full if order.is_equity() => 3,
        crate::Mode::Full => 7,
        crate::Mode::Quick => 3,
        crate::Mode::Smoke => 1,
    }
}

/// Heads-up matchups besides AhAs-KdKc in the showdown set.
pub const fn more_matchups_of(mode: crate::Mode) -> usize {
    match mode {
        // A smoke run checks the pipeline: one matchup shows it.
        crate::Mode::Smoke => 0,
        _ => 7,
    }
}

/// The cards a showdown of `mode` takes out of the deck: none, or in a
/// smoke run every card of the lowest 30 that no player holds, leaving a
/// preflop showdown of a few thousand boards.
pub fn dead_of(mode: crate::Mode, matchup: &[[Card; 2]; 2]) -> Vec<Card> {
    if mode != crate::Mode::Smoke {
        return Vec::new();
    }
    Card::all()
        .take(30)
        .filter(|c| !matchup.iter().flatten().any(|h| h == c))
        .collect()
}

/// A matchup's name: `AhAs-KdKc`.
pub fn matchup_name(m: &[[Card; 2]; 2]) -> String {
    format!("{}{}-{}{}", m[0][0], m[0][1], m[1][0], m[1][1])
}

/// Whether an evaluator of `role` takes part in the access pattern
/// `order`: a dedicated evaluator (not a best-of adapter, the reference,
/// the floor or a listing); for the enumeration one that declares an
/// incremental form; for the showdown by classes the lab's evaluators and
/// an outside one through its own calculator (an outside evaluator inside
/// the lab's counting is no outside showdown tool, and would stand as the
/// baseline against the calculators people use).
pub fn takes_part(
    order: Order,
    role: Role,
    best_of_fives: bool,
    (incremental, calculator): (bool, bool),
) -> bool {
    let dedicated =
        !best_of_fives && !matches!(role, Role::Reference | Role::Floor | Role::Listing);
    match order {
        Order::Enumeration => dedicated && incremental,
        Order::Showdown => dedicated && (role != Role::Baseline || calculator),
        Order::EveryBoard => dedicated,
        // The lab's vector kernels (where the equity evaluator is chosen
        // from) and an outside evaluator's own calculator where one counts
        // the case in a run.
        Order::EquityHeadsUp | Order::EquityThreeWay | Order::EquityRandom | Order::EquityFixed => {
            dedicated
                && (role == Role::Simd
                    || (role == Role::Baseline && calculator && outside_calculators_count(order)))
        }
        // What players study, counted by the lab's vector kernels: no
        // outside calculator gives a table of every combo, a breakdown or
        // the preflop matrix as one call (the tools that do, poker-utils
        // and Flopzilla, are not in the run).
        Order::EquityTable | Order::Breakdown | Order::PreflopTable => {
            dedicated && role == Role::Simd
        }
        Order::Sequential | Order::Shuffled => false,
    }
}

/// Whether the outside calculators (a baseline's declared one, an engine's
/// `pf_equity`) count the equity case of `order` in a run: every case but
/// random against random, which takes them minutes to hours a pass
/// (OMPEval's, 384 s on a Zen 3), more than a run's budget.
pub const fn outside_calculators_count(order: Order) -> bool {
    matches!(
        order,
        Order::EquityHeadsUp | Order::EquityThreeWay | Order::EquityFixed
    )
}

/// The form an evaluator takes part in the access pattern `order` with, as
/// its row names it: its declared form, or the lab's own.
pub fn form(
    order: Order,
    incremental: Option<&'static str>,
    showdown: Option<ShowdownForm>,
) -> &'static str {
    let (calculator, shared) = showdown_forms(showdown);
    form_named(order, incremental, calculator, shared)
}

/// [`form`], from the names an evaluator's declarations give
/// ([`handeval_registry::About`] holds them).
pub fn form_named(
    order: Order,
    incremental: Option<&'static str>,
    calculator: Option<&'static str>,
    shared_sums: Option<&'static str>,
) -> &'static str {
    match order {
        Order::Enumeration => incremental.unwrap_or("from scratch"),
        Order::Showdown => calculator.unwrap_or("by classes"),
        Order::EveryBoard => shared_sums.unwrap_or("from scratch"),
        _ if order.is_equity() => calculator.unwrap_or("the lab's exact count"),
        _ => "",
    }
}

/// What the table of an access pattern's workload says its "hand" is.
pub fn unit(workload: crate::Workload, mode: crate::Mode) -> String {
    match workload.order {
        Order::Enumeration => format!(
            "a pass enumerates all {} seven-card hands of the lowest {} cards; time per hand",
            enumeration_hands(deck_of(mode)),
            deck_of(mode)
        ),
        Order::Showdown | Order::EveryBoard => match more_matchups_of(mode) {
            0 => "a pass counts the heads-up matchup AhAs-KdKc over every board on one thread; time per board".to_string(),
            more => format!(
                "a pass counts {} heads-up matchups (AhAs-KdKc first, the others seeded) over every board on one thread; time per board",
                1 + more
            ),
        },
        Order::EquityTable => format!(
            "a pass counts every combo of {} exactly as one table on one thread; time per table",
            study_case().describe()
        ),
        Order::Breakdown => format!(
            "a pass breaks {} down (made hands and draws), each class's equity counted exactly, on one thread; time per breakdown",
            study_case().describe()
        ),
        Order::PreflopTable => format!(
            "a pass counts {} of the heads-up preflop table's 14,365 cells exactly on every core; time per table",
            preflop_cells(mode)
        ),
        _ => match equity_case(workload, mode) {
            Some(case) => format!(
                "a pass counts {} exactly on one thread (every deal, every board); time per count",
                case.describe()
            ),
            None => String::new(),
        },
    }
}

/// What a study asks, timed by the table and breakdown workloads: every
/// combo (`random`) against a range of about 17% of the hands on a
/// rainbow flop, the case (poker-utils: about 500 ms against any
/// two cards).
pub const fn study_case() -> EquityCase {
    EquityCase {
        ranges: &["random", "22+,A2s+,K9s+,QTs+,JTs,ATo+,KJo+"],
        board: "2c7d9h",
    }
}

/// The preflop table's cells a pass counts: every one, or in a smoke run
/// the first 40 (the pipeline, not the figures).
pub const fn preflop_cells(mode: crate::Mode) -> usize {
    match mode {
        crate::Mode::Smoke => 40,
        _ => handeval_equity::preflop::CELLS,
    }
}

/// One matchup an equity workload counts: the ranges (or fixed hands), the
/// board and the dead cards.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EquityCase {
    /// Each player's range, in the syntax equity tools take.
    pub ranges: &'static [&'static str],
    /// The board so far.
    pub board: &'static str,
}

impl EquityCase {
    /// `QQ+,AKs vs 22+,... (board 2c7d9h)`.
    pub fn describe(&self) -> String {
        let mut s = self
            .ranges
            .iter()
            .map(|r| format!("`{r}`"))
            .collect::<Vec<_>>()
            .join(" against ");
        if !self.board.is_empty() {
            s.push_str(" on the board `");
            s.push_str(self.board);
            s.push('`');
        }
        s
    }

    /// Whether every player holds one fixed hand (cards, no range): what a
    /// calculator of fixed hands can count.
    pub fn fixed_hands(&self) -> bool {
        self.ranges
            .iter()
            .all(|r| handeval_core::parse_cards(r).is_ok())
    }
}

/// The matchup an equity workload counts: the cases, timed against
/// OMPEval's published figures (its README's heads-up case, the three-way
/// one `CandyPoker` and `PokerStove` publish, `random` against `random`),
/// and fixed hands: a PLO4 matchup where both players are double-suited so
/// that every suit can flush, and Hold'em's and short deck's `AhKh`
/// against `QsQd` (short deck's preflop, Hold'em's on the flop `Jh7h6c`,
/// where `AhKh` has its flush draw: preflop, poker-odds-calc's count of
/// 1,712,304 boards takes 10 s a pass, 40 s of a run's rounds). A smoke
/// run counts them after a flop: the pipeline, not the figures.
pub fn equity_case(workload: crate::Workload, mode: crate::Mode) -> Option<EquityCase> {
    let smoke = matches!(mode, crate::Mode::Smoke);
    let game = workload.game();
    let holdem = game.hole == 0 && matches!(game.lowest, handeval_core::Rank::Two);
    let ranges: &'static [&'static str] = match workload.order {
        Order::EquityHeadsUp => &["QQ+,AKs", "22+,A2s+,KTs+,QJs,ATo+,KJo+"],
        Order::EquityThreeWay => &["TT+,AQs+,AQo+", "QQ+,AKs,AKo", "TT"],
        Order::EquityRandom => &["random", "random"],
        Order::EquityFixed if game.hole > 0 => &["AhKhQsJs", "ThTs9h9s"],
        Order::EquityFixed => &["AhKh", "QsQd"],
        Order::EquityTable | Order::Breakdown => return Some(study_case()),
        _ => return None,
    };
    let board = match (workload.order, smoke) {
        (Order::EquityFixed, _) if game.hole == 0 && (holdem || smoke) => "Jh7h6c",
        (_, false) => "",
        (Order::EquityFixed, true) => "2h7s3c",
        (_, true) => "2c7d9h",
    };
    Some(EquityCase { ranges, board })
}

/// An enumeration by an incremental form, checked against its checked
/// pass at every timed one.
pub struct Enumerating {
    /// The evaluator whose incremental form enumerates.
    pub name: &'static str,
    /// The cards every seven of which it enumerates.
    pub deck: Vec<Card>,
    /// One pass: the enumeration's checksum of values.
    pub checksum: fn(&[Card]) -> Checksum,
    /// The checked pass's checksum, which every timed pass must repeat.
    pub expected: u32,
    /// The first pass that did not, said.
    pub problem: Option<String>,
}

impl Timed for Enumerating {
    fn name(&self) -> &'static str {
        self.name
    }
    fn blocks(&self) -> usize {
        1
    }
    fn min_passes(&self) -> usize {
        2
    }
    fn pass(&mut self, _: usize) {
        let sum = (self.checksum)(std::hint::black_box(&self.deck)).sum();
        if sum != self.expected && self.problem.is_none() {
            self.problem = Some(format!(
                "enumeration by {}: a timed pass's checksum {sum:#x} is not the checked pass's {:#x}",
                self.name, self.expected
            ));
        }
    }
    fn problem(&self) -> Option<String> {
        self.problem.clone()
    }
}

/// A count of every matchup of the showdown set, checked at every pass.
pub struct Counting {
    /// The contender.
    pub name: &'static str,
    /// The workload, as a problem names it.
    pub workload: &'static str,
    /// The matchups, each named, that a pass counts.
    pub showdowns: std::sync::Arc<Vec<(String, Showdown)>>,
    /// How the contender counts one.
    pub count: Count,
    /// The first contender's tallies, which every pass must repeat.
    pub expected: Vec<Tally>,
    /// The first pass that did not, said.
    pub problem: Option<String>,
}

impl Timed for Counting {
    fn name(&self) -> &'static str {
        self.name
    }
    fn blocks(&self) -> usize {
        1
    }
    fn min_passes(&self) -> usize {
        2
    }
    fn pass(&mut self, _: usize) {
        for ((name, s), want) in self.showdowns.iter().zip(&self.expected) {
            let got = self.count.of(std::hint::black_box(s));
            if got != *want && self.problem.is_none() {
                self.problem = Some(format!(
                    "{} of {name} by {}: {got:?}, where the first contender counted {want:?}",
                    self.workload, self.name
                ));
            }
        }
    }
    fn problem(&self) -> Option<String> {
        self.problem.clone()
    }
}

/// How a contender counts a showdown: an outside evaluator's own
/// calculator, or the lab's count with the evaluator (the registry's
/// function, [`handeval_registry::counts`]).
#[derive(Clone, Copy)]
pub enum Count {
    /// An outside evaluator's own calculator.
    Calculator(fn(&Showdown) -> Tally),
    /// The lab's count with an evaluator of the registry.
    Lab(fn(&Showdown) -> Option<Tally>),
}

impl Count {
    // The showdown workloads walk seven-card Hold'em's evaluators alone,
    // for which the registry's counts are always some; an empty tally
    // elsewhere would fail the check against the first contender's count.
    /// The tally of `s`.
    pub fn of(self, s: &Showdown) -> Tally {
        match self {
            Count::Calculator(tally) => tally(s),
            Count::Lab(count) => count(s).unwrap_or_default(),
        }
    }
}

/// The registry's counts with the evaluator of `G` named `name`: compiled
/// there, once, rather than here again for every evaluator.
///
/// # Errors
/// No counts of `G` by that name in the registry.
pub fn counts_of<G: Game>(name: &str) -> Result<&'static handeval_registry::Counts<G>, String> {
    handeval_registry::counts::<G>()
        .iter()
        .find(|c| c.name == name)
        .ok_or_else(|| format!("{name} has no counts in the registry"))
}

/// The contenders of an access pattern's workload, each checked: what the
/// rounds time, the hands (or boards) one pass of each counts, and a line
/// per check for the run's log.
pub struct Contenders {
    /// Each contender, to be timed.
    pub timed: Vec<Box<dyn Timed>>,
    /// Hands (enumeration) or boards (showdowns) one pass counts.
    pub per_pass: u64,
    /// What each check found, one line each.
    pub checked: Vec<String>,
}

/// One pass of an equity contender: the equities it counts.
pub type EquityCount = Box<dyn FnMut() -> Result<Vec<f64>, String>>;

/// An exact equity count of one matchup, checked at every pass against
/// the first contender's equities (to 1e-9).
pub struct Equities {
    /// The contender.
    pub name: &'static str,
    /// One pass: the equities it counts.
    pub count: EquityCount,
    /// The first contender's equities, which every pass must repeat.
    pub expected: Vec<f64>,
    /// The first pass that did not, said.
    pub problem: Option<String>,
}

/// Whether two counts' equities agree to 1e-9.
fn agree(a: &[f64], b: &[f64]) -> bool {
    a.len() == b.len() && a.iter().zip(b).all(|(x, y)| (x - y).abs() <= 1e-9)
}

impl Timed for Equities {
    fn name(&self) -> &'static str {
        self.name
    }
    fn blocks(&self) -> usize {
        1
    }
    fn min_passes(&self) -> usize {
        1
    }
    fn pass(&mut self, _: usize) {
        let got = (self.count)();
        if self.problem.is_none() {
            match got {
                Ok(got) if agree(&got, &self.expected) => {}
                Ok(got) => {
                    self.problem = Some(format!(
                        "equity by {}: {got:?}, where the first contender counted {:?}",
                        self.name, self.expected
                    ));
                }
                Err(e) => self.problem = Some(format!("equity by {}: {e}", self.name)),
            }
        }
    }
    fn problem(&self) -> Option<String> {
        self.problem.clone()
    }
}

/// Gathers and checks the contenders of one access pattern.
struct Gather<'a> {
    order: Order,
    mode: crate::Mode,
    case: Option<EquityCase>,
    equities: Option<Vec<f64>>,
    planned: &'a dyn Fn(&str) -> bool,
    deck: Vec<Card>,
    showdowns: std::sync::Arc<Vec<(String, Showdown)>>,
    out: Contenders,
    first: Option<Counted>,
    expected: Option<Vec<Tally>>,
    error: Option<String>,
}

impl Gather<'_> {
    /// `E`'s incremental form, checked by a census of every value.
    fn enumeration<H: Game, E: BestFive<H>>(&mut self, form: &str) -> Result<(), String> {
        let Some(inc) = E::INCREMENTAL else {
            return Ok(());
        };
        let mut census = Census::default();
        (inc.values)(&self.deck, &mut census);
        let counted = census.finish(&categories_of::<H, E>())?;
        if self.deck.len() == Card::COUNT {
            counted.check_every_seven()?;
        } else if let Some(f) = &self.first
            && (f.hands, f.classes, f.categories)
                != (counted.hands, counted.classes, counted.categories)
        {
            return Err(format!(
                "{counted:?}, where the first contender counted {f:?}"
            ));
        }
        self.out.checked.push(format!(
            "{} ({form}): {} hands, {} classes: checked",
            E::META.name,
            counted.hands,
            counted.classes
        ));
        self.out.timed.push(Box::new(Enumerating {
            name: E::META.name,
            deck: self.deck.clone(),
            checksum: inc.checksum,
            expected: counted.checksum,
            problem: None,
        }));
        self.first.get_or_insert(counted);
        Ok(())
    }

    /// `E`'s count of the showdown set in its form, checked against the
    /// first contender's on every matchup.
    fn counting<H: Game, E: BestFive<H>>(&mut self, form: &str) -> Result<(), String> {
        let count: Count = match (self.order, showdown_form::<H, E>()) {
            (Order::Showdown, Some(ShowdownForm::Calculator { tally, .. })) => {
                Count::Calculator(tally)
            }
            (Order::Showdown, _) => Count::Lab(counts_of::<H>(E::META.name)?.by_classes),
            _ => Count::Lab(counts_of::<H>(E::META.name)?.every_board),
        };
        let tallies: Vec<Tally> = self.showdowns.iter().map(|(_, s)| count.of(s)).collect();
        let expected = self.expected.get_or_insert_with(|| tallies.clone());
        for ((name, _), (got, want)) in self
            .showdowns
            .iter()
            .zip(tallies.iter().zip(expected.iter()))
        {
            if got != want {
                return Err(format!(
                    "{name}: {got:?}, where the first contender counted {want:?}"
                ));
            }
        }
        self.out.checked.push(format!(
            "{} ({form}): every matchup counted as the first contender counts it",
            E::META.name
        ));
        self.out.timed.push(Box::new(Counting {
            name: E::META.name,
            workload: if self.order == Order::Showdown {
                "showdown"
            } else {
                "every board"
            },
            showdowns: std::sync::Arc::clone(&self.showdowns),
            count,
            expected: expected.clone(),
            problem: None,
        }));
        Ok(())
    }
}

impl Gather<'_> {
    /// `E`'s exact count of the equity case (an outside evaluator's by its
    /// own calculator), checked against the first contender's.
    fn equity<H: Game, E: BestFive<H>>(&mut self, form: &str) -> Result<(), String> {
        let Some(case) = self.case else {
            return Ok(());
        };
        let ranges: Vec<String> = case.ranges.iter().map(ToString::to_string).collect();
        let board = case.board.to_string();
        // Fixed hands of a game other than Hold'em of the 52 cards (the
        // ranges' game): Omaha's (known when compiled, so that no Hold'em
        // evaluator makes an Omaha count, nor an Omaha one a count of
        // ranges) and short deck's.
        let mut count: Box<dyn FnMut() -> Result<Vec<f64>, String>> =
            if const { H::HOLE > 0 } || GameInfo::of::<H>() != GameInfo::of::<Hand7>() {
                let refs: Vec<&str> = ranges.iter().map(String::as_str).collect();
                let m = handeval_equity::fixed::FixedHands::<H>::new(&refs, &board, "")
                    .map_err(|e| e.to_string())?;
                let fixed = counts_of::<H>(E::META.name)?.fixed;
                Box::new(move || {
                    let t = fixed(std::hint::black_box(&m));
                    Ok((0..m.holes().len()).map(|p| t.equity(p)).collect())
                })
            } else {
                let refs: Vec<&str> = ranges.iter().map(String::as_str).collect();
                let m = handeval_equity::exact::Matchup::new(&refs, &board, "")
                    .map_err(|e| e.to_string())?;
                match showdown_form::<H, E>() {
                    Some(ShowdownForm::Calculator {
                        ranges: Some(calculator),
                        ..
                    }) => Box::new(move || calculator(std::hint::black_box(&m))),
                    Some(ShowdownForm::Calculator { ranges: None, .. }) => {
                        return Err("its calculator counts no ranges".to_string());
                    }
                    _ => {
                        let ranges = counts_of::<H>(E::META.name)?.ranges;
                        Box::new(move || match ranges(std::hint::black_box(&m)) {
                            Some(Ok(e)) => Ok(e.equity),
                            Some(Err(e)) => Err(e.to_string()),
                            None => Err("not an evaluator of seven-card Hold'em".to_string()),
                        })
                    }
                }
            };
        let got = count()?;
        self.keep(E::META.name, form, &case.describe(), &got, count)
    }

    /// A contender whose first count `got` is checked against the first
    /// contender's (to 1e-9), said in the run's log and kept to be timed,
    /// each timed pass checked again.
    fn keep(
        &mut self,
        name: &'static str,
        form: &str,
        what: &str,
        got: &[f64],
        count: EquityCount,
    ) -> Result<(), String> {
        let expected = self.equities.get_or_insert_with(|| got.to_vec());
        if !agree(got, expected) {
            let differ = got
                .iter()
                .zip(expected.iter())
                .filter(|(a, b)| (*a - *b).abs() > 1e-9)
                .count()
                + got.len().abs_diff(expected.len());
            return Err(if got.len() <= 8 {
                format!("{what}: {got:?}, where the first contender counted {expected:?}")
            } else {
                format!(
                    "{what}: {differ} of {} values differ from the first contender's",
                    got.len()
                )
            });
        }
        self.out.checked.push(format!(
            "{name} ({form}): {what} counted as the first contender counts it"
        ));
        self.out.timed.push(Box::new(Equities {
            name,
            count,
            expected: expected.clone(),
            problem: None,
        }));
        Ok(())
    }
}

impl Gather<'_> {
    /// `E`'s count of what a study asks (every combo's table, a breakdown,
    /// the preflop table), by the lab's count with `E`, checked against the
    /// first contender's: every row's, class's or cell's equity to 1e-9.
    fn study<H: Game, E: BestFive<H>>(&mut self, form: &str) -> Result<(), String> {
        use handeval_equity::range::Range;
        if const { H::HOLE > 0 } {
            return Ok(());
        }
        let ranges = counts_of::<H>(E::META.name)?.ranges;
        let count = move |m: &handeval_equity::exact::Matchup| match ranges(m) {
            Some(r) => r,
            None => Err(handeval_equity::exact::EquityError::Game(
                "not seven-card Hold'em",
            )),
        };
        let case = study_case();
        let parse = |r: &str| r.parse::<Range>().map_err(|e| format!("`{r}`: {e}"));
        let (hero, villain) = (parse(case.ranges[0])?, parse(case.ranges[1])?);
        let board = handeval_core::parse_cards(case.board).map_err(|e| e.to_string())?;
        // A row without a deal is -1: agreeing with another contender's
        // -1, never with an equity.
        let rows = |t: &handeval_equity::versus::Table| -> Vec<f64> {
            t.rows.iter().map(|r| r.equity.unwrap_or(-1.0)).collect()
        };
        let (what, mut count): (String, EquityCount) = match self.order {
            Order::EquityTable => (
                format!("every combo of {}", case.describe()),
                Box::new(move || {
                    handeval_equity::versus::table_by(&hero, &villain, &board, &[], count)
                        .map(|t| rows(&t))
                        .map_err(|e| e.to_string())
                }),
            ),
            Order::Breakdown => (
                format!("the breakdown of {}", case.describe()),
                Box::new(move || {
                    let t = handeval_equity::versus::table_by(&hero, &villain, &board, &[], count)
                        .map_err(|e| e.to_string())?;
                    let b = handeval_equity::breakdown::breakdown(&hero, &board, &[], Some(&t))
                        .map_err(|e| e.to_string())?;
                    Ok(b.made
                        .iter()
                        .map(|(_, l)| l)
                        .chain(b.draws.iter().map(|(_, l)| l))
                        .flat_map(|l| [l.share, l.equity.unwrap_or(-1.0)])
                        .collect())
                }),
            ),
            _ => {
                let cells: Vec<(usize, usize)> = handeval_equity::preflop::cells()
                    .take(preflop_cells(self.mode))
                    .collect();
                (
                    format!("{} cells of the preflop table", cells.len()),
                    Box::new(move || {
                        use rayon::prelude::*;
                        cells
                            .par_iter()
                            .map(|&(a, b)| {
                                handeval_equity::preflop::cell_by(a, b, count)
                                    .map(|c| c.equity())
                                    .map_err(|e| e.to_string())
                            })
                            .collect()
                    }),
                )
            }
        };
        let got = count()?;
        self.keep(E::META.name, form, &what, &got, count)
    }
}

impl handeval_registry::Visit for Gather<'_> {
    fn visit<H: Game, E: BestFive<H>>(&mut self) {
        let declared = (
            E::INCREMENTAL.is_some(),
            showdown_forms(showdown_form::<H, E>()).0.is_some(),
        );
        let part = takes_part(self.order, E::META.role, E::BEST_OF_FIVES, declared);
        if !part || !(self.planned)(E::META.name) || self.error.is_some() {
            return;
        }
        let form = form(
            self.order,
            E::INCREMENTAL.map(|i| i.form),
            showdown_form::<H, E>(),
        );
        let checked = match self.order {
            Order::Enumeration => self.enumeration::<H, E>(form),
            Order::Showdown | Order::EveryBoard => self.counting::<H, E>(form),
            Order::EquityTable | Order::Breakdown | Order::PreflopTable => self.study::<H, E>(form),
            _ if self.order.is_equity() => self.equity::<H, E>(form),
            _ => Ok(()),
        };
        if let Err(m) = checked {
            self.error = Some(format!(
                "{:?} by {} ({form}): {m}",
                self.order,
                E::META.name
            ));
        }
    }
}

/// The contenders of `workload` (an access pattern of seven-card Hold'em)
/// in a run of `mode` and `seed` that `planned` selects by name, checked.
///
/// # Errors
/// The first contender whose check fails, named.
///
/// # Panics
/// Never: the showdown set's matchups are of distinct cards.
pub fn contenders(
    workload: crate::Workload,
    mode: crate::Mode,
    seed: u64,
    planned: &dyn Fn(&str) -> bool,
) -> Result<Contenders, String> {
    let showdowns: Vec<(String, Showdown)> = matchups(seed, more_matchups_of(mode))
        .iter()
        .map(|m| {
            let s = Showdown::new(m, &[], &dead_of(mode, m)).expect("distinct cards");
            (matchup_name(m), s)
        })
        .collect();
    let per_pass = match workload.order {
        Order::Enumeration => enumeration_hands(deck_of(mode)),
        // A count of the matchup is the unit.
        order if order.is_equity() => 1,
        _ => showdowns.iter().map(|(_, s)| s.boards()).sum(),
    };
    let mut gather = Gather {
        order: workload.order,
        mode,
        case: equity_case(workload, mode),
        equities: None,
        planned,
        deck: deck(deck_of(mode)),
        showdowns: std::sync::Arc::new(showdowns),
        out: Contenders {
            timed: Vec::new(),
            per_pass,
            checked: Vec::new(),
        },
        first: None,
        expected: None,
        error: None,
    };
    if orders_of(workload.game()).contains(&workload.order) {
        if workload.game() == GameInfo::of::<Hand7>() {
            handeval_registry::visit::<Hand7>(&mut gather);
        } else if workload.game() == GameInfo::of::<handeval_core::Omaha4>() {
            handeval_registry::visit::<handeval_core::Omaha4>(&mut gather);
        } else if workload.game() == GameInfo::of::<handeval_core::Short7>() {
            handeval_registry::visit::<handeval_core::Short7>(&mut gather);
        }
    }
    match gather.error {
        Some(e) => Err(e),
        None => Ok(gather.out),
    }
}
