//! The access patterns of equity tools, beside the lab's per-hand
//! workloads: **enumeration** (every seven-card hand dealt by nested
//! loops, each evaluator as it would enumerate) and **showdown** (heads-up
//! hands on every board).
//!
//! # Enumeration
//!
//! Every contender deals the same hands in the same order (the lowest card
//! outermost, the order of [`handeval_core::all_hands7`]): evaluators with
//! an incremental form carry state from card to card ([`INCREMENTAL`]: the
//! 2+2 state walk, the perfect hash's key sums, the table-free kernel's
//! partial sums vectorised across the inner three cards); the others
//! evaluate each hand from scratch, in batches of hands built by the same
//! loops. Evaluators that take the best of the 21 fives are left out: one
//! enumeration costs them 10 to 30 seconds, and their sequential rows say
//! what from scratch costs. So are evaluators whose values are not
//! integers (the census below counts values).
//!
//! A timed pass hands its values to a [`Checksum`]. Before any timing, one
//! untimed pass per contender hands them to a [`Census`] instead, which
//! counts each distinct value: its categories must be the published
//! seven-card table, its distinct values the 4,824 classes, its hands
//! C(52, 7), and its checksum the timed passes' (so that the timed pass
//! computed what was checked). On a smaller deck (a smoke run) the
//! published figures do not apply, and every contender must agree with the
//! first instead.
//!
//! # Showdown
//!
//! A fixed seeded set of heads-up preflop matchups, `AhAs` against `KdKc`
//! first, each counted over all 1,712,304 boards on one thread: by each
//! evaluator from scratch ([`Showdown::tally`], boards in batches), by each
//! evaluator by classes of boards ([`Showdown::tally_by_ranks`]: each
//! multiset of ranks once, each flush once, as equity calculators count),
//! by the table-free kernel from partial sums
//! ([`handeval_deadhorse::enumerate::Preflop`]), and by pokers' own
//! `exact_equity`, the outside baseline (which counts by classes of its
//! own). Every contender's counts must be the same.

use std::any::Any;
use std::collections::HashMap;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use handeval_core::enumerate::{Checksum, Sink, hands_of_deck};
use handeval_core::{
    BestFive, Card, Category, Evaluator, Game, Hand7, Role, Showdown, Suit, Tally,
};
use rand::SeedableRng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;

/// Counts each distinct value an enumeration hands it.
#[derive(Clone, Debug)]
pub struct Census {
    /// Open addressing: `(value, hands)`, value 0 for an empty slot.
    slots: Vec<(u32, u64)>,
    checksum: Checksum,
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
fn categories_of<H: Game, E: BestFive<H>>() -> HashMap<u32, Category> {
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
fn as_u32<T: Any>(value: &T) -> Option<u32> {
    let any = value as &dyn Any;
    any.downcast_ref::<u32>()
        .copied()
        .or_else(|| any.downcast_ref::<u16>().map(|&v| u32::from(v)))
}

/// Every seven of `deck` by nested loops, from scratch: hands built in
/// the enumeration's order, valued by `E` in batches.
fn from_scratch<H: Game, E: BestFive<H>, S: Sink + Default>(deck: &[Card]) -> S {
    const BATCH: usize = 4_096;
    let mut sink = S::default();
    let n = deck.len();
    if n < 7 {
        return sink;
    }
    let first = H::from_cards(&deck[..7]).expect("distinct cards");
    let mut hands = vec![first; BATCH];
    let mut values = [E::strength(&first); BATCH];
    let mut ints = vec![0u32; BATCH];
    let mut len = 0;
    let mut at = [0, 1, 2, 3, 4, 5, 6];
    let mut flush = |hands: &[H], len: usize, sink: &mut S| {
        E::strengths(&hands[..len], &mut values[..len]);
        for (i, v) in ints[..len].iter_mut().zip(&values[..len]) {
            *i = as_u32(v).unwrap_or(0);
        }
        sink.take(&ints[..len]);
    };
    if deck.len() == 52 && H::HOLE == 0 {
        // Every hand: the game's own enumeration, the same order, whose
        // hands need no check of their cards (checking each hand's seven
        // cards would cost several times a fast evaluation).
        for hand in H::parts().flat_map(H::part_hands) {
            hands[len] = hand;
            len += 1;
            if len == BATCH {
                flush(&hands, len, &mut sink);
                len = 0;
            }
        }
        flush(&hands, len, &mut sink);
        return sink;
    }
    loop {
        hands[len] = H::from_cards(&at.map(|i| deck[i])).expect("distinct cards");
        len += 1;
        if len == BATCH {
            flush(&hands, len, &mut sink);
            len = 0;
        }
        let mut k = 6;
        while at[k] == n - 7 + k {
            if k == 0 {
                flush(&hands, len, &mut sink);
                return sink;
            }
            k -= 1;
        }
        at[k] += 1;
        for j in k + 1..7 {
            at[j] = at[j - 1] + 1;
        }
    }
}

fn state_walk<S: Sink + Default>(deck: &[Card]) -> S {
    let mut sink = S::default();
    handeval_twoplustwo::seven_cards(deck, &mut sink);
    sink
}

fn key_sums<S: Sink + Default>(deck: &[Card]) -> S {
    let mut sink = S::default();
    handeval_perfhash::seven_cards(deck, &mut sink);
    sink
}

fn partial_sums<S: Sink + Default>(deck: &[Card]) -> S {
    let mut sink = S::default();
    handeval_deadhorse::enumerate::seven_cards(deck, &mut sink);
    sink
}

/// A way to enumerate, by evaluator and form.
type Forms = (fn(&[Card]) -> Checksum, fn(&[Card]) -> Census);

/// No vector path: a scalar form.
fn scalar() -> &'static str {
    ""
}

/// The name of `E` as the seven-card evaluator.
const fn seven<E: BestFive<Hand7>>() -> &'static str {
    E::NAME
}

/// An evaluator's incremental form.
pub struct Incremental {
    /// The evaluator's name.
    pub evaluator: &'static str,
    /// The form's name.
    pub form: &'static str,
    /// The vector path it takes on this CPU, empty for a scalar form.
    path: fn() -> &'static str,
    /// Its timed and its checked pass.
    forms: Forms,
}

/// The evaluators with an incremental form.
pub const INCREMENTAL: [Incremental; 3] = [
    Incremental {
        evaluator: seven::<handeval_twoplustwo::Seven>(),
        form: "state walk",
        path: scalar,
        forms: (state_walk::<Checksum>, state_walk::<Census>),
    },
    Incremental {
        evaluator: seven::<handeval_perfhash::Seven>(),
        form: "key sums",
        path: scalar,
        forms: (key_sums::<Checksum>, key_sums::<Census>),
    },
    Incremental {
        evaluator: seven::<handeval_deadhorse::SevenSimd>(),
        form: "partial sums",
        path: handeval_deadhorse::enumerate::path,
        forms: (partial_sums::<Checksum>, partial_sums::<Census>),
    },
];

/// Whether `E` takes part in the patterns: a dedicated evaluator of seven
/// Hold'em cards. The best-of-21 evaluators are left out (one enumeration
/// costs them 10 to 30 seconds; their sequential rows say what from
/// scratch costs), as are the reference, the floor and the listings.
fn takes_part<H: Game, E: BestFive<H>>() -> bool {
    !E::BEST_OF_FIVES
        && !matches!(E::ROLE, Role::Reference | Role::Floor | Role::Listing)
        && H::COUNT == 7
        && H::HOLE == 0
}

/// One way an evaluator enumerates.
pub struct Enumerator {
    /// The evaluator's name.
    pub evaluator: &'static str,
    /// `from scratch`, or its incremental form's name.
    pub form: &'static str,
    /// The CPU path its evaluation takes (`avx512`, ...), or empty.
    pub path: String,
    timed: fn(&[Card]) -> Checksum,
    census: fn(&[Card]) -> Census,
    categories: fn() -> HashMap<u32, Category>,
}

impl Enumerator {
    /// `evaluator (form)`, as rows name it.
    pub fn id(&self) -> String {
        format!("{} ({})", self.evaluator, self.form)
    }

    /// One timed pass's result.
    pub fn run(&self, deck: &[Card]) -> Checksum {
        (self.timed)(deck)
    }

    /// The untimed checked pass.
    ///
    /// # Errors
    /// A value no five-card hand has, or a hand valued 0.
    pub fn census(&self, deck: &[Card]) -> Result<Counted, String> {
        (self.census)(deck).finish(&(self.categories)())
    }
}

/// Every enumerator, in registry order, each evaluator's incremental form
/// before its from-scratch one.
pub fn enumerators() -> Vec<Enumerator> {
    struct Gather(Vec<Enumerator>);
    impl handeval_registry::Visit for Gather {
        fn visit<H: Game, E: BestFive<H>>(&mut self) {
            let probe = H::from_cards(&Card::all().take(7).collect::<Vec<_>>())
                .expect("seven distinct cards");
            // The census counts integer values.
            if !takes_part::<H, E>() || as_u32(&E::strength(&probe)).is_none() {
                return;
            }
            let path = E::cpu_path();
            let path = if path.active {
                path.features.split(',').next().unwrap_or("").to_string()
            } else {
                String::new()
            };
            for i in INCREMENTAL.iter().filter(|i| i.evaluator == E::NAME) {
                self.0.push(Enumerator {
                    evaluator: E::NAME,
                    form: i.form,
                    path: (i.path)().to_string(),
                    timed: i.forms.0,
                    census: i.forms.1,
                    categories: categories_of::<H, E>,
                });
            }
            self.0.push(Enumerator {
                evaluator: E::NAME,
                form: "from scratch",
                path,
                timed: from_scratch::<H, E, Checksum>,
                census: from_scratch::<H, E, Census>,
                categories: categories_of::<H, E>,
            });
        }
    }
    let mut gather = Gather(Vec::new());
    handeval_registry::visit::<Hand7>(&mut gather);
    gather.0
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

/// One way to count a showdown.
pub struct Counter {
    /// The evaluator's name, or `pokers exact_equity`.
    pub evaluator: &'static str,
    /// `from scratch`, `by classes`, `partial sums`, or `its own calculator`.
    pub form: &'static str,
    /// The vector path of the partial sums on this CPU; empty for the
    /// others (their batches' paths are the enumeration's rows').
    pub path: &'static str,
    count: fn(&Showdown) -> Tally,
}

impl Counter {
    /// `evaluator (form)`.
    pub fn id(&self) -> String {
        format!("{} ({})", self.evaluator, self.form)
    }

    /// Counts every board of `showdown` on this thread.
    pub fn count(&self, showdown: &Showdown) -> Tally {
        (self.count)(showdown)
    }
}

fn tally_from_scratch<H: Game, E: BestFive<H>>(s: &Showdown) -> Tally {
    s.tally::<H, E>(0..s.first_cards())
}

/// By classes of boards ([`Showdown::tally_by_ranks`]): what equity
/// calculators do, each multiset of ranks once and each flush once.
fn tally_by_classes<H: Game, E: BestFive<H>>(s: &Showdown) -> Tally {
    s.tally_by_ranks::<H, E>()
}

fn tally_partial_sums(s: &Showdown) -> Tally {
    match handeval_deadhorse::enumerate::Preflop::new(s) {
        Some(p) => p.tally(0..s.first_cards()),
        None => tally_from_scratch::<Hand7, handeval_deadhorse::SevenSimd>(s),
    }
}

/// pokers' `exact_equity` on one thread, its counts by winning set
/// (`wins_by_mask`, each board weighted alike) turned back into a tally:
/// a set of one wins, a larger set ties and shares the pot.
fn tally_pokers(s: &Showdown) -> Tally {
    let ranges: Vec<String> = s
        .hole_cards()
        .iter()
        .map(|[a, b]| format!("{a}{b}"))
        .collect();
    let ranges = pokers::HandRange::from_strings(ranges);
    let board: String = s.board().iter().map(ToString::to_string).collect();
    // The cards out of the deck: neither held, nor on the board, nor left.
    let dead: String = Card::all()
        .filter(|c| {
            !s.rest().contains(c)
                && !s.board().contains(c)
                && !s.hole_cards().iter().flatten().any(|h| h == c)
        })
        .map(|c| c.to_string())
        .collect();
    let result = pokers::exact_equity(
        &ranges,
        pokers::get_card_mask(&board),
        pokers::get_card_mask(&dead),
        1,
        Arc::new(AtomicBool::new(false)),
        |_| {},
    )
    .expect("a valid matchup");
    let boards = s.boards();
    let weighted: u64 = result.wins_by_mask.iter().sum();
    let weight = (weighted / boards.max(1)).max(1);
    let mut tally = Tally {
        boards: weighted / weight,
        ..Tally::default()
    };
    for (mask, &w) in result.wins_by_mask.iter().enumerate() {
        let winners = mask.count_ones() as u64;
        for p in (0..s.players()).filter(|p| mask & 1 << p != 0) {
            if winners == 1 {
                tally.wins[p] += w / weight;
            } else {
                tally.ties[p] += w / weight;
                tally.shares[p] += w / weight * (60 / winners);
            }
        }
    }
    tally
}

/// Every showdown counter: each seven-card evaluator that takes part
/// from scratch and by classes (whatever its values' type: a showdown
/// compares them), the table-free kernel from partial sums, and pokers'
/// calculator.
pub fn counters() -> Vec<Counter> {
    struct Gather(Vec<Counter>);
    impl handeval_registry::Visit for Gather {
        fn visit<H: Game, E: BestFive<H>>(&mut self) {
            if !takes_part::<H, E>() {
                return;
            }
            if E::NAME == seven::<handeval_deadhorse::SevenSimd>() {
                self.0.push(Counter {
                    evaluator: E::NAME,
                    form: "partial sums",
                    path: handeval_deadhorse::enumerate::path(),
                    count: tally_partial_sums,
                });
            }
            self.0.push(Counter {
                evaluator: E::NAME,
                form: "from scratch",
                path: "",
                count: tally_from_scratch::<H, E>,
            });
            self.0.push(Counter {
                evaluator: E::NAME,
                form: "by classes",
                path: "",
                count: tally_by_classes::<H, E>,
            });
        }
    }
    let mut gather = Gather(Vec::new());
    handeval_registry::visit::<Hand7>(&mut gather);
    gather.0.push(Counter {
        evaluator: "pokers exact_equity",
        form: "its own calculator",
        path: "",
        count: tally_pokers,
    });
    gather.0
}

/// The file the wall-time binary writes the patterns' timings to.
pub const FILE: &str = "patterns.csv";

/// The header of [`FILE`]: one line per contender, round and case (the
/// deck of an enumeration, the matchup of a showdown); `hands` are the
/// hands enumerated, or the boards of the matchup.
pub const CSV_HEADER: &str = "pattern,evaluator,form,path,round,case,hands,ns";

/// The deck an enumeration of `mode` deals from: every card, or in a
/// smoke run the lowest 24 (six ranks, 346,104 hands): the pipeline,
/// not the figures.
pub const fn deck_of(mode: crate::Mode) -> usize {
    match mode {
        crate::Mode::Smoke => 24,
        _ => 52,
    }
}

/// Rounds of each pattern: every contender once a round, in a seeded order.
pub const fn rounds_of(mode: crate::Mode) -> usize {
    match mode {
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

#[cfg(test)]
mod tests {
    use super::*;
    use handeval_core::Hand;

    /// A census of values fed directly.
    fn census(values: &[u32]) -> Census {
        let mut c = Census::default();
        c.take(values);
        c
    }

    #[test]
    fn a_census_counts_distinct_values_and_refuses_strangers() {
        let cats: HashMap<u32, Category> = [(5, Category::OnePair), (9, Category::Flush)]
            .into_iter()
            .collect();
        let counted = census(&[5, 5, 9]).finish(&cats).unwrap();
        assert_eq!(counted.hands, 3);
        assert_eq!(counted.classes, 2);
        assert_eq!(counted.categories[Category::OnePair.index()], 2);
        assert!(census(&[5, 7]).finish(&cats).unwrap_err().contains("0x7"));
        let mut padded = Census::default();
        padded.take_padded(&[5, 0, 9, 0], 3);
        assert!(
            padded
                .finish(&cats)
                .unwrap_err()
                .contains("1 hands valued 0")
        );
    }

    /// The census of `evaluator (form)` on `deck`.
    fn census_of(id: &str, deck: &[Card]) -> Counted {
        let e = enumerators();
        let e = e.iter().find(|e| e.id() == id).unwrap();
        let counted = e.census(deck).unwrap();
        assert_eq!(e.run(deck).sum(), counted.checksum, "{id}");
        counted
    }

    #[test]
    fn every_incremental_form_counts_what_its_evaluator_from_scratch_does() {
        // The lowest 32 cards: every suit, eight ranks, straights, flushes
        // and quads, 3,365,856 hands (the bench checks the full deck).
        let deck = deck(32);
        for Incremental {
            evaluator, form, ..
        } in INCREMENTAL
        {
            let fast = census_of(&format!("{evaluator} ({form})"), &deck);
            let slow = census_of(&format!("{evaluator} (from scratch)"), &deck);
            assert_eq!(fast, slow, "{evaluator} ({form})");
            assert_eq!(fast.hands, enumeration_hands(32));
        }
    }

    /// `perfhash/seven` with every flush valued as the same flush: a
    /// deliberately broken evaluator, whose categories are all right.
    struct OneFlush;

    impl BestFive<Hand7> for OneFlush {
        const NAME: &'static str = "broken/one-flush";
        const SUMMARY: &'static str = "perfhash/seven, every flush valued as As Ks Qs Js 9s";
        const FAMILY: handeval_core::Family = handeval_perfhash::FAMILY;
        const ROLE: Role = Role::Tuned;
        type Five = handeval_perfhash::Scalar;
        type Strength = u32;
        fn category(hand: &Hand7) -> Category {
            <handeval_perfhash::Seven as BestFive<Hand7>>::category(hand)
        }
        fn strength(hand: &Hand7) -> u32 {
            static FLUSH: std::sync::OnceLock<u32> = std::sync::OnceLock::new();
            if Self::category(hand) == Category::Flush {
                *FLUSH.get_or_init(|| {
                    let flush: Hand = "As Ks Qs Js 9s".parse().unwrap();
                    handeval_perfhash::Scalar::strength(handeval_perfhash::Scalar::encode(&flush))
                })
            } else {
                <handeval_perfhash::Seven as BestFive<Hand7>>::strength(hand)
            }
        }
    }

    #[test]
    fn the_checks_catch_a_broken_evaluator() {
        // On a smaller deck (a smoke run's) the broken evaluator's counts
        // differ from those of the evaluator it breaks: fewer classes.
        let small = deck(32);
        let broken = from_scratch::<Hand7, OneFlush, Census>(&small)
            .finish(&categories_of::<Hand7, OneFlush>())
            .unwrap();
        let good = census_of("perfhash/seven (from scratch)", &small);
        assert!(broken.classes < good.classes, "{broken:?} {good:?}");
        // Over the full deck (the bench's check of every contender; the
        // broken evaluator's whole enumeration would cost this test
        // binary four seconds): the same loss of classes is refused.
        let mut full = census_of("deadhorse/seven-simd (partial sums)", &deck(52));
        full.check_every_seven().unwrap();
        full.classes -= good.classes - broken.classes;
        let refused = full.check_every_seven().unwrap_err();
        assert!(refused.contains("classes, not 4824"), "{refused}");
    }
}
