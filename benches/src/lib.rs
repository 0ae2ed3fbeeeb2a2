//! The benchmark workloads shared by the criterion (wall time) and gungraun
//! (instruction count) harnesses, and the checks that run before any timing.
//!
//! A workload is a kind of answer ({category, strength}) x an order of hands
//! ({sequential: the fixed [`all_hands`] order, shuffled: a seeded random
//! permutation}) x an input form ({encoded: the evaluator's own encoding,
//! prepared beforehand; hand: from [`Hand`] through `encode`}).
//!
//! Wall time is measured per block of [`BLOCK`] hands: iteration `i` of a
//! benchmark evaluates block `i mod 40` of the ordered array, so consecutive
//! iterations walk through all 2,598,960 hands in order, while a single
//! iteration stays short even for the slowest evaluator.

pub mod cards;
pub mod plan;
pub mod rounds;

pub use plan::{Benchmark, Mode, Plan};

use std::fmt;
use std::str::FromStr;

use handeval_core::{
    Card, Category, Evaluator, HAND_COUNT, Hand, HandClass, Histogram, Role, all_hands,
};
use rand::SeedableRng;
use rand::seq::{IndexedRandom, SliceRandom};
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};

/// Hands per timed block: 2,598,960 / 40, so the blocks tile all hands exactly.
pub const BLOCK: usize = HAND_COUNT / BLOCKS;
/// Blocks per pass over all hands.
pub const BLOCKS: usize = 40;
/// Hands in the fixed shuffled sample that instruction counts are taken over.
pub const SAMPLE: usize = 10_000;
/// The seed of the shuffled orders, the random hands and the rounds' order
/// when `cargo xtask bench --seed` does not say.
pub const DEFAULT_SEED: u64 = 20_261_121;

/// The widest vector path the SIMD evaluators may take, widest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SimdLimit {
    /// AVX-512 where the CPU has it (the default: no limit).
    Avx512,
    /// At most AVX2: AVX-512 is pretended absent.
    Avx2,
    /// The portable kernels: AVX2 and AVX-512 are pretended absent.
    Portable,
}

impl SimdLimit {
    /// Its id, as `--simd` takes it.
    pub const fn id(self) -> &'static str {
        match self {
            SimdLimit::Avx512 => "avx512",
            SimdLimit::Avx2 => "avx2",
            SimdLimit::Portable => "portable",
        }
    }

    /// Parses an id; empty means no limit.
    ///
    /// # Errors
    /// If `id` is none of `avx512`, `avx2`, `portable` or empty.
    pub fn parse(id: &str) -> Result<SimdLimit, String> {
        match id.trim() {
            "" | "avx512" => Ok(SimdLimit::Avx512),
            "avx2" => Ok(SimdLimit::Avx2),
            "portable" => Ok(SimdLimit::Portable),
            other => Err(format!(
                "unknown SIMD limit {other:?} (expected avx512, avx2 or portable)"
            )),
        }
    }

    /// Makes the run-time feature checks of this process answer no for
    /// everything wider than the limit, so that every SIMD evaluator runs
    /// the widest path allowed.
    pub fn apply(self) {
        use handeval_core::cpu::{Feature, pretend_absent};
        match self {
            SimdLimit::Avx512 => {}
            SimdLimit::Avx2 => pretend_absent(Feature::Avx512),
            SimdLimit::Portable => pretend_absent(Feature::Avx2),
        }
    }
}

/// Every hand, in [`all_hands`] order.
pub fn sequential() -> Vec<Hand> {
    all_hands().collect()
}

/// Every hand, shuffled by a ChaCha8 generator seeded with `seed` (stable across platforms).
pub fn shuffled(seed: u64) -> Vec<Hand> {
    let mut hands = sequential();
    hands.shuffle(&mut ChaCha8Rng::seed_from_u64(seed));
    hands
}

/// [`SAMPLE`] distinct hands drawn uniformly by a ChaCha8 generator seeded
/// with `seed`: the fixed shuffled sample that instructions are counted over.
/// Each hand is five distinct random cards (a uniform 5-subset of the deck);
/// repeats are redrawn. Cheap enough to run under valgrind.
///
/// # Panics
/// Never: five cards are always drawn from 52 without replacement.
pub fn sample(seed: u64) -> Vec<Hand> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut seen = std::collections::HashSet::with_capacity(SAMPLE);
    let mut hands = Vec::with_capacity(SAMPLE);
    let deck: Vec<Card> = Card::all().collect();
    while hands.len() < SAMPLE {
        let mut picked = deck.sample(&mut rng, 5);
        let cards: [Card; 5] = std::array::from_fn(|_| *picked.next().expect("five of 52"));
        let hand = Hand::new(cards).expect("sampled without replacement");
        if seen.insert(hand.mask()) {
            hands.push(hand);
        }
    }
    hands
}

/// What a workload asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Kind {
    /// The hand's category only.
    Category,
    /// The full strength.
    Strength,
}

/// The order hands are evaluated in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Order {
    /// The fixed [`all_hands`] order: similar hands in a row, kind to branch predictors.
    Sequential,
    /// A seeded random permutation: what a real caller's stream looks like.
    Shuffled,
}

/// What the timed loop starts from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Input {
    /// Already in the evaluator's own encoding: the algorithm alone.
    Encoded,
    /// A [`Hand`]: encoding included, end to end.
    Hand,
    /// A six-card [`handeval_core::Hand6`], end to end: the six-card
    /// workloads ([`Workload::SIX`]).
    Hand6,
    /// A seven-card [`handeval_core::Hand7`], end to end: the seven-card
    /// workloads ([`Workload::SEVEN`]).
    Hand7,
}

/// One benchmark workload. Written, in CSV files and benchmark ids, as its
/// [`id`](Workload::id), such as `strength/shuffled/encoded`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Workload {
    /// Category or strength.
    pub kind: Kind,
    /// Sequential or shuffled.
    pub order: Order,
    /// Pre-encoded or from cards.
    pub input: Input,
}

impl Workload {
    /// All eight workloads, the headline one (strength, shuffled, encoded) first.
    pub const ALL: [Workload; 8] = {
        let mut all = [Workload {
            kind: Kind::Strength,
            order: Order::Shuffled,
            input: Input::Encoded,
        }; 8];
        let kinds = [Kind::Strength, Kind::Category];
        let inputs = [Input::Encoded, Input::Hand];
        let orders = [Order::Shuffled, Order::Sequential];
        let mut i = 0;
        while i < 8 {
            all[i] = Workload {
                kind: kinds[i / 4],
                input: inputs[i / 2 % 2],
                order: orders[i % 2],
            };
            i += 1;
        }
        all
    };

    /// The two workloads of a hand size above five (`input` is its hands):
    /// full strength from the cards, shuffled then sequential.
    const fn from_cards(input: Input) -> [Workload; 2] {
        [
            Workload {
                kind: Kind::Strength,
                order: Order::Shuffled,
                input,
            },
            Workload {
                kind: Kind::Strength,
                order: Order::Sequential,
                input,
            },
        ]
    }

    /// The two six-card workloads: full strength from six cards, shuffled
    /// then sequential.
    pub const SIX: [Workload; 2] = Workload::from_cards(Input::Hand6);

    /// The three seven-card workloads: full strength from seven cards,
    /// shuffled then sequential, and the category alone, shuffled.
    pub const SEVEN: [Workload; 3] = {
        let [shuffled, sequential] = Workload::from_cards(Input::Hand7);
        [
            shuffled,
            sequential,
            Workload {
                kind: Kind::Category,
                ..shuffled
            },
        ]
    };

    /// Every workload: the five-card ones ([`Workload::ALL`]), then
    /// [`Workload::SIX`] and [`Workload::SEVEN`].
    pub fn every() -> impl Iterator<Item = Workload> {
        Workload::ALL
            .into_iter()
            .chain(Workload::SIX)
            .chain(Workload::SEVEN)
    }

    /// The workloads of hands of `cards` cards, in [`Workload::every`] order.
    pub fn of_cards(cards: usize) -> impl Iterator<Item = Workload> {
        Workload::every().filter(move |w| w.cards() == cards)
    }

    /// How many cards the workload's hands have.
    pub const fn cards(self) -> usize {
        match self.input {
            Input::Encoded | Input::Hand => 5,
            Input::Hand6 => 6,
            Input::Hand7 => 7,
        }
    }

    /// A stable id such as `strength/shuffled/encoded`.
    pub fn id(self) -> String {
        let kind = match self.kind {
            Kind::Category => "category",
            Kind::Strength => "strength",
        };
        let order = match self.order {
            Order::Sequential => "sequential",
            Order::Shuffled => "shuffled",
        };
        let input = match self.input {
            Input::Encoded => "encoded",
            Input::Hand => "hand",
            Input::Hand6 => "hand6",
            Input::Hand7 => "hand7",
        };
        format!("{kind}/{order}/{input}")
    }

    /// Parses an id made by [`Workload::id`].
    pub fn from_id(id: &str) -> Option<Workload> {
        Workload::every().find(|w| w.id() == id)
    }

    /// Whether the instruction counts cover this workload: the shuffled
    /// five-card ones and seven-card full strength (a count stands for
    /// both orders; six-card hands and seven-card categories have none).
    pub fn is_counted(self) -> bool {
        self.order == Order::Shuffled
            && match self.input {
                Input::Encoded | Input::Hand => true,
                Input::Hand6 => false,
                Input::Hand7 => self.kind == Kind::Strength,
            }
    }

    /// The workload the report leads with: full strength, shuffled, pre-encoded.
    pub const HEADLINE: Workload = Workload::ALL[0];

    /// The same workload in `order`.
    #[must_use]
    pub const fn in_order(self, order: Order) -> Workload {
        Workload { order, ..self }
    }

    /// The same workload from `input`.
    #[must_use]
    pub const fn from_input(self, input: Input) -> Workload {
        Workload { input, ..self }
    }
}

/// The error of parsing a [`Workload`] from a string that is not one of the ids.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownWorkload(pub String);

impl fmt::Display for UnknownWorkload {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown workload {:?} (expected kind/order/input, e.g. strength/shuffled/encoded)",
            self.0
        )
    }
}

impl std::error::Error for UnknownWorkload {}

impl Serialize for Workload {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.id())
    }
}

impl<'de> Deserialize<'de> for Workload {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let id = String::deserialize(deserializer)?;
        id.parse().map_err(serde::de::Error::custom)
    }
}

impl FromStr for Workload {
    type Err = UnknownWorkload;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Workload::from_id(s).ok_or_else(|| UnknownWorkload(s.to_string()))
    }
}

impl fmt::Display for Workload {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.id())
    }
}

/// A workload's input, prepared and checked, ready to be timed block by block.
pub struct Prepared<E: Evaluator> {
    workload: Workload,
    hands: Vec<Hand>,
    encoded: Vec<E::Encoded>,
    categories: Vec<Category>,
    strengths: Vec<E::Strength>,
}

impl<E: Evaluator> Prepared<E> {
    /// Encodes `hands` (all 2,598,960, in the workload's order) and makes the output buffers.
    pub fn new(workload: Workload, hands: &[Hand]) -> Self {
        let encoded = hands.iter().map(E::encode).collect();
        let blank = E::strength(E::encode(&hands[0]));
        Prepared {
            workload,
            hands: hands.to_vec(),
            encoded,
            categories: vec![Category::HighCard; BLOCK],
            strengths: vec![blank; BLOCK],
        }
    }

    /// Categories of every prepared hand, through the workload's input path.
    fn all_categories(&self) -> Vec<Category> {
        let mut out = vec![Category::HighCard; self.hands.len()];
        match self.workload.input {
            Input::Encoded => E::categories(&self.encoded, &mut out),
            Input::Hand | Input::Hand6 | Input::Hand7 => {
                E::categories_of_hands(&self.hands, &mut out);
            }
        }
        out
    }

    /// Strengths of every prepared hand, through the workload's input path.
    fn all_strengths(&self) -> Vec<E::Strength> {
        let mut out = vec![self.strengths[0]; self.hands.len()];
        match self.workload.input {
            Input::Encoded => E::strengths(&self.encoded, &mut out),
            Input::Hand | Input::Hand6 | Input::Hand7 => {
                E::strengths_of_hands(&self.hands, &mut out);
            }
        }
        out
    }

    /// Evaluates every hand once through exactly the code path the timed
    /// loop uses, outside the timing, and checks what came out: the category
    /// histogram must be the published table and, for strengths, there must be
    /// exactly 7,462 distinct values. The floor only has to have run.
    ///
    /// # Errors
    /// A message naming the evaluator, the workload and what was wrong.
    pub fn check(&mut self) -> Result<(), String> {
        let categories = self.all_categories();
        let histogram: Histogram = categories.iter().collect();
        if E::ROLE == Role::Floor {
            return if histogram.total() == HAND_COUNT as u64 {
                Ok(())
            } else {
                Err(format!(
                    "{}: evaluated {} hands, not {HAND_COUNT}",
                    E::NAME,
                    histogram.total()
                ))
            };
        }
        if histogram != Histogram::all_hands() {
            return Err(format!(
                "{} on {}: category histogram {histogram:?} is not the table",
                E::NAME,
                self.workload
            ));
        }
        if self.workload.kind == Kind::Strength {
            let mut strengths = self.all_strengths();
            strengths.sort_unstable();
            strengths.dedup();
            if strengths.len() != usize::from(HandClass::COUNT) {
                return Err(format!(
                    "{} on {}: {} distinct strengths, not 7,462",
                    E::NAME,
                    self.workload,
                    strengths.len()
                ));
            }
        }
        Ok(())
    }

    /// Evaluates block `block` (0..40): the only work inside the timed region.
    #[inline]
    pub fn run_block(&mut self, block: usize) {
        self.run_range(block * BLOCK..(block + 1) * BLOCK);
    }

    /// Evaluates the prepared hands in `range` (at most [`BLOCK`] of them)
    /// into the front of the output buffers, through the workload's path.
    #[inline]
    fn run_range(&mut self, range: std::ops::Range<usize>) {
        let categories = &mut self.categories[..range.len()];
        let strengths = &mut self.strengths[..range.len()];
        match (self.workload.kind, self.workload.input) {
            (Kind::Category, Input::Encoded) => {
                E::categories(std::hint::black_box(&self.encoded[range]), categories);
            }
            // A five-card evaluator is never prepared for a larger hand's
            // workload; were it, it would be timed from its five cards.
            (Kind::Category, Input::Hand | Input::Hand6 | Input::Hand7) => {
                E::categories_of_hands(std::hint::black_box(&self.hands[range]), categories);
            }
            (Kind::Strength, Input::Encoded) => {
                E::strengths(std::hint::black_box(&self.encoded[range]), strengths);
            }
            (Kind::Strength, Input::Hand | Input::Hand6 | Input::Hand7) => {
                E::strengths_of_hands(std::hint::black_box(&self.hands[range]), strengths);
            }
        }
        std::hint::black_box((&self.categories, &self.strengths));
    }

    /// Checks a small prepared set (the instruction-count sample) hand by
    /// hand against the reference's categories; the floor is exempt.
    ///
    /// # Errors
    /// A message naming the evaluator and the first hand it gets wrong.
    pub fn check_against_reference(&mut self) -> Result<(), String> {
        use handeval_registry::Reference;
        if E::ROLE == Role::Floor {
            return Ok(());
        }
        let categories = self.all_categories();
        for (hand, got) in self.hands.iter().zip(&categories) {
            let expected = Reference::category(*hand);
            if *got != expected {
                return Err(format!(
                    "{} on {}: {hand} is {expected}, not {got}",
                    E::NAME,
                    self.workload
                ));
            }
        }
        if self.workload.kind == Kind::Strength {
            let strengths = self.all_strengths();
            // Sorted by this evaluator, the reference's strengths must not go
            // down, and ties must be ties for both.
            let reference: Vec<_> = self.hands.iter().map(|h| Reference::strength(*h)).collect();
            let mut order: Vec<usize> = (0..self.hands.len()).collect();
            order.sort_by_key(|&i| strengths[i]);
            for w in order.windows(2) {
                let (a, b) = (w[0], w[1]);
                let consistent = if strengths[a] == strengths[b] {
                    reference[a] == reference[b]
                } else {
                    reference[a] < reference[b]
                };
                if !consistent {
                    return Err(format!(
                        "{} on {}: orders {} and {} unlike the reference",
                        E::NAME,
                        self.workload,
                        self.hands[a],
                        self.hands[b]
                    ));
                }
            }
        }
        Ok(())
    }

    /// Evaluates the first `n` hands (at most [`BLOCK`]) into the prepared
    /// buffers: the instruction-count sample's measured work.
    #[inline]
    pub fn run_sample(&mut self, n: usize) {
        self.run_range(0..n);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn workloads_are_distinct_and_round_trip() {
        let ids: Vec<String> = Workload::ALL.iter().map(|w| w.id()).collect();
        for (i, id) in ids.iter().enumerate() {
            assert_eq!(Workload::from_id(id), Some(Workload::ALL[i]));
            assert_eq!(ids.iter().filter(|x| *x == id).count(), 1, "{id}");
        }
        assert_eq!(ids[0], "strength/shuffled/encoded");
        assert_eq!(Workload::HEADLINE.id(), "strength/shuffled/encoded");
        assert_eq!("category/sequential/hand".parse(), Ok(Workload::ALL[7]));
        assert!("category/sideways/hand".parse::<Workload>().is_err());
    }

    #[test]
    fn the_sample_is_seeded_and_distinct() {
        let a = sample(3);
        assert_eq!(a.len(), SAMPLE);
        assert_eq!(a, sample(3));
        let distinct: std::collections::HashSet<u64> = a.iter().map(Hand::mask).collect();
        assert_eq!(distinct.len(), SAMPLE);
    }

    #[test]
    fn blocks_tile_all_hands() {
        assert_eq!(BLOCK * BLOCKS, HAND_COUNT);
    }

    #[test]
    fn the_shuffle_is_a_seeded_permutation() {
        let a = shuffled(7);
        assert_eq!(a, shuffled(7));
        assert_ne!(a, shuffled(8));
        let mut sorted: Vec<u64> = a.iter().map(Hand::mask).collect();
        sorted.sort_unstable();
        sorted.dedup();
        assert_eq!(sorted.len(), HAND_COUNT);
    }

    /// The pre-timing check rejects a broken evaluator.
    #[test]
    fn the_check_rejects_an_evaluator_with_the_wrong_histogram() {
        struct AllHighCard;
        impl Evaluator for AllHighCard {
            const NAME: &'static str = "broken/all-high-card";
            const SUMMARY: &'static str = "says high card to everything";
            const FAMILY: handeval_core::Family = handeval_core::Family {
                name: "broken",
                title: "deliberately broken evaluators",
            };
            const ROLE: Role = Role::Tuned;
            type Encoded = Hand;
            type Strength = u8;
            fn encode(hand: &Hand) -> Hand {
                *hand
            }
            fn category(_: Hand) -> Category {
                Category::HighCard
            }
            fn strength(_: Hand) -> u8 {
                0
            }
        }
        let workload = Workload::ALL[0];
        let mut p = Prepared::<AllHighCard>::new(workload, &sequential());
        let err = p.check().unwrap_err();
        assert!(err.contains("histogram"), "{err}");
        let mut good = Prepared::<handeval_registry::Reference>::new(workload, &shuffled(1));
        assert_eq!(good.check(), Ok(()));
    }
}
