//! The benchmark workloads shared by the criterion (wall time) and gungraun
//! (instruction count) harnesses, and the checks that run before any timing.
//!
//! A workload is a game's hands ([`Input`]: its cards, or, for five cards,
//! the evaluator's own encoding) x an order ({shuffled: seeded random
//! deals, sequential: consecutive hands of the game's enumeration}) x a
//! kind of answer ({strength, category}); [`Workload::of`] says which a game
//! has. Every game is prepared, checked and timed by the one generic
//! [`hands::Prepared`]; the five-card game's pre-encoded workloads are its
//! extension, [`encoded::Encoded`], since only five-card evaluators have
//! an encoding of their own.
//!
//! Wall time is measured per block of hands ([`block_of`]: [`BLOCK`], a
//! fortieth of the 2,598,960 five-card hands, for Hold'em; a sixth of that
//! for the hole-and-board games, whose hands cost 60 to 100 five-card
//! evaluations): a workload holds [`BLOCKS`] blocks, which the rounds and
//! criterion walk through in turn (see [`rounds`]).

pub mod contention;
pub mod encoded;
pub mod hands;
pub mod patterns;
pub mod plan;
pub mod rounds;

pub use plan::{Benchmark, Mode, Plan};

use std::fmt;
use std::str::FromStr;

use handeval_core::{Game, GameInfo, HAND_COUNT, Hand};
use serde::{Deserialize, Serialize};

/// Hands per timed block: 2,598,960 / 40, so the blocks tile all hands exactly.
pub const BLOCK: usize = HAND_COUNT / BLOCKS;
/// Blocks per pass over all hands.
pub const BLOCKS: usize = 40;
/// How many times fewer hands a block of a hole-and-board game holds than
/// [`BLOCK`]: an Omaha hand costs 60 five-card evaluations (five-card Omaha
/// 100), so its block of 10,829 hands costs about what a seven-card block
/// (21 a hand) does, and a full run stays within its half hour.
pub const HOLE_AND_BOARD_SHARE: usize = 6;

/// Hands per timed block of `game`: [`BLOCK`] for Hold'em, a
/// [`HOLE_AND_BOARD_SHARE`]th of it for games with hole cards and a board.
pub const fn block_of(game: GameInfo) -> usize {
    block_beside(game, BLOCK)
}

/// Hands per timed block of `game` in a run whose Hold'em blocks hold
/// `holdem` hands (a full run's [`BLOCK`], a smoke run's fewer, or what an
/// older run's `machine.txt` says): `holdem` itself for Hold'em, a
/// [`HOLE_AND_BOARD_SHARE`]th of it for games with hole cards and a board.
pub const fn block_beside(game: GameInfo, holdem: usize) -> usize {
    if game.hole == 0 {
        holdem
    } else {
        holdem / HOLE_AND_BOARD_SHARE
    }
}

const _: () = assert!(BLOCK.is_multiple_of(HOLE_AND_BOARD_SHARE));

/// How many times fewer hands a smoke run's block holds than a full run's:
/// 9,282 Hold'em hands, 1,547 of a hole-and-board game. A smoke run checks
/// the pipeline, and its slowest evaluators (the literal references, at
/// microseconds a hand) spent most of its wall time on full-sized blocks.
pub const SMOKE_BLOCK_SHARE: usize = 7;

const _: () = assert!(BLOCK.is_multiple_of(HOLE_AND_BOARD_SHARE * SMOKE_BLOCK_SHARE));
const _: () = assert!(BLOCK / HOLE_AND_BOARD_SHARE / SMOKE_BLOCK_SHARE >= SMOKE_SAMPLE);
/// Hands in the fixed shuffled sample that instruction counts are taken over.
pub const SAMPLE: usize = 10_000;
/// The same in a smoke run, which checks the pipeline, not the figures:
/// callgrind over ten thousand Omaha hands of every Omaha evaluator took
/// half a minute of CI's ten.
pub const SMOKE_SAMPLE: usize = 1_000;
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

/// What a workload asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Kind {
    /// The hand's category only.
    Category,
    /// The full strength.
    Strength,
}

/// The order hands are evaluated in: a caller's stream of hands, or the
/// access pattern of an equity tool ([`patterns`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Order {
    /// Consecutive hands of the game's enumeration: similar hands in a row, kind to branch predictors.
    Sequential,
    /// A seeded random permutation: what a real caller's stream looks like.
    Shuffled,
    /// Every seven-card hand dealt by nested loops, each evaluator in its
    /// incremental form ([`handeval_core::BestFive::INCREMENTAL`]); a
    /// from-scratch enumeration costs what the sequential workload says.
    Enumeration,
    /// Heads-up matchups counted over every board by classes of boards, or
    /// by an outside evaluator's own calculator; a "hand" is a board.
    Showdown,
    /// The same matchups, every board's hands valued: from scratch, or from
    /// the sums the players share where the evaluator declares that form.
    #[serde(rename = "every-board")]
    EveryBoard,
    /// Ranges counted exactly heads-up, as equity tools are timed:
    /// `QQ+,AKs` against `22+,A2s+,KTs+,QJs,ATo+,KJo+`
    /// ([`patterns::equity_case`]); a "hand" is a count of the matchup.
    #[serde(rename = "equity-heads-up")]
    EquityHeadsUp,
    /// Three ranges counted exactly: `TT+,AQs+,AQo+` / `QQ+,AKs,AKo` / `TT`.
    #[serde(rename = "equity-three-way")]
    EquityThreeWay,
    /// `random` against `random`, counted exactly.
    #[serde(rename = "equity-random")]
    EquityRandom,
    /// Fixed hands of an Omaha game counted over every board, heads-up.
    #[serde(rename = "equity-fixed")]
    EquityFixed,
}

impl Order {
    /// Whether this is an equity tool's access pattern rather than a
    /// stream of hands.
    pub const fn is_pattern(self) -> bool {
        !matches!(self, Order::Sequential | Order::Shuffled)
    }

    /// Whether this is an exact equity count of a matchup
    /// ([`patterns::equity_case`]).
    pub const fn is_equity(self) -> bool {
        matches!(
            self,
            Order::EquityHeadsUp | Order::EquityThreeWay | Order::EquityRandom | Order::EquityFixed
        )
    }
}

/// What the timed loop starts from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Input {
    /// Five cards already in the evaluator's own encoding: the algorithm
    /// alone. A five-card extension ([`encoded`]): only five-card
    /// evaluators have an encoding of their own.
    Encoded,
    /// A hand of the game, as the lab's cards: encoding included, end to end.
    Cards(GameInfo),
}

impl Input {
    /// The game whose hands the workload evaluates.
    pub const fn game(self) -> GameInfo {
        match self {
            Input::Encoded => GameInfo::of::<Hand>(),
            Input::Cards(game) => game,
        }
    }

    /// Its part of a workload's id: `encoded`, or the game's
    /// [`Game::INPUT`] (`hand`, `hand7`, `omaha`).
    pub const fn id(self) -> &'static str {
        match self {
            Input::Encoded => "encoded",
            Input::Cards(game) => game.input,
        }
    }
}

impl Serialize for Input {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.id())
    }
}

impl<'de> Deserialize<'de> for Input {
    /// `encoded`, or a game's [`Game::INPUT`].
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let id = String::deserialize(deserializer)?;
        if id == "encoded" {
            return Ok(Input::Encoded);
        }
        handeval_registry::games()
            .into_iter()
            .find(|g| g.input == id)
            .map(Input::Cards)
            .ok_or_else(|| serde::de::Error::custom(format!("unknown input {id:?}")))
    }
}

/// The state of the machine a workload is timed in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Load {
    /// Nothing of the run's own beside the timed thread.
    Quiet,
    /// A deliberate antagonist on the other core ([`contention`]): what an
    /// evaluator meets on a shared machine, reproducibly.
    Contended,
}

/// One benchmark workload. Written, in CSV files and benchmark ids, as its
/// [`id`](Workload::id), such as `strength/shuffled/encoded`, or
/// `strength/shuffled/hand7/contended` under contention.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Workload {
    /// Category or strength.
    pub kind: Kind,
    /// Sequential or shuffled.
    pub order: Order,
    /// Pre-encoded or from cards.
    pub input: Input,
    /// Quiet, or timed beside the antagonist.
    pub load: Load,
}

impl Workload {
    /// The workload the report leads with: full strength, shuffled, pre-encoded.
    pub const HEADLINE: Workload = Workload {
        kind: Kind::Strength,
        order: Order::Shuffled,
        input: Input::Encoded,
        load: Load::Quiet,
    };

    /// Game `G`'s workload of `kind` in `order`, from its cards.
    pub const fn of_game<G: Game>(kind: Kind, order: Order) -> Workload {
        Workload {
            kind,
            order,
            input: Input::Cards(GameInfo::of::<G>()),
            load: Load::Quiet,
        }
    }

    /// The headline workload of game `G`: full strength from its cards,
    /// shuffled (`strength/shuffled/hand7`).
    pub const fn headline_of<G: Game>() -> Workload {
        Workload::of_game::<G>(Kind::Strength, Order::Shuffled)
    }

    /// The workloads of `game`, the headline first. Every game has full
    /// strength and the category alone from shuffled hands; the games
    /// enumerated hand by hand (Hold'em) also full strength over
    /// consecutive hands (Omaha's enumeration runs board by board, so a
    /// block of consecutive hands would share one board: no caller's
    /// stream). The five-card game adds its extension: the same from the
    /// evaluator's own encoding, and the category of consecutive hands.
    /// Last, every game's full strength of shuffled hands from cards again,
    /// under contention ([`Load::Contended`]).
    pub fn of(game: GameInfo) -> Vec<Workload> {
        let five = game == GameInfo::of::<Hand>();
        let inputs: &[Input] = if five {
            &[Input::Encoded, Input::Cards(game)]
        } else {
            &[Input::Cards(game)]
        };
        let mut all = Vec::new();
        for kind in [Kind::Strength, Kind::Category] {
            for &input in inputs {
                for order in [Order::Shuffled, Order::Sequential] {
                    let sequential = game.hole == 0 && (kind == Kind::Strength || five);
                    if order == Order::Shuffled || sequential {
                        all.push(Workload {
                            kind,
                            order,
                            input,
                            load: Load::Quiet,
                        });
                    }
                }
            }
        }
        all.push(Workload {
            kind: Kind::Strength,
            order: Order::Shuffled,
            input: Input::Cards(game),
            load: Load::Contended,
        });
        for &order in patterns::orders_of(game) {
            all.push(Workload {
                kind: Kind::Strength,
                order,
                input: Input::Cards(game),
                load: Load::Quiet,
            });
        }
        all
    }

    /// Every workload of every game, game by game in the order of
    /// [`handeval_core::visit_games`].
    pub fn every() -> impl Iterator<Item = Workload> {
        handeval_registry::games()
            .into_iter()
            .flat_map(Workload::of)
    }

    /// The game whose hands the workload evaluates.
    pub const fn game(self) -> GameInfo {
        self.input.game()
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
            Order::Enumeration => "enumeration",
            Order::Showdown => "showdown",
            Order::EveryBoard => "every-board",
            Order::EquityHeadsUp => "equity-heads-up",
            Order::EquityThreeWay => "equity-three-way",
            Order::EquityRandom => "equity-random",
            Order::EquityFixed => "equity-fixed",
        };
        let load = match self.load {
            Load::Quiet => "",
            Load::Contended => "/contended",
        };
        format!("{kind}/{order}/{}{load}", self.input.id())
    }

    /// Parses an id made by [`Workload::id`].
    pub fn from_id(id: &str) -> Option<Workload> {
        Workload::every().find(|w| w.id() == id)
    }

    /// Whether the instruction counts cover this workload: the shuffled
    /// ones of full strength, and the five-card game's shuffled category
    /// ones (a count stands for both orders).
    pub fn is_counted(self) -> bool {
        self.load == Load::Quiet
            && self.order == Order::Shuffled
            && (self.kind == Kind::Strength || self.game() == GameInfo::of::<Hand>())
    }

    /// Whether criterion times the workload beside the rounds: every quiet
    /// stream of hands. A contended workload is timed in the rounds alone,
    /// with the antagonist running for just their length, and so is an
    /// access pattern, whose one pass (an enumeration, the matchups' boards)
    /// takes milliseconds to seconds.
    pub const fn by_criterion(self) -> bool {
        matches!(self.load, Load::Quiet) && !self.order.is_pattern()
    }

    /// The same workload under `load`.
    #[must_use]
    pub const fn under(self, load: Load) -> Workload {
        Workload { load, ..self }
    }

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

#[cfg(test)]
mod tests {
    use super::*;
    use handeval_core::{Hand6, Hand7, Omaha4};

    #[test]
    fn workloads_are_distinct_and_round_trip() {
        let all: Vec<Workload> = Workload::every().collect();
        let ids: Vec<String> = all.iter().map(|w| w.id()).collect();
        for (i, id) in ids.iter().enumerate() {
            assert_eq!(Workload::from_id(id), Some(all[i]));
            assert_eq!(ids.iter().filter(|x| *x == id).count(), 1, "{id}");
        }
        assert_eq!(ids[0], "strength/shuffled/encoded");
        assert_eq!(Workload::HEADLINE.id(), "strength/shuffled/encoded");
        assert_eq!(
            "category/sequential/hand"
                .parse::<Workload>()
                .map(Workload::game),
            Ok(GameInfo::of::<Hand>())
        );
        assert!("category/sideways/hand".parse::<Workload>().is_err());
        assert_eq!(
            Workload::headline_of::<Hand7>().id(),
            "strength/shuffled/hand7"
        );
    }

    #[test]
    fn each_game_has_its_workloads() {
        let ids = |g: GameInfo| -> Vec<String> { Workload::of(g).iter().map(|w| w.id()).collect() };
        assert_eq!(ids(GameInfo::of::<Hand>()).len(), 9);
        assert_eq!(
            ids(GameInfo::of::<Hand6>()),
            [
                "strength/shuffled/hand6",
                "strength/sequential/hand6",
                "category/shuffled/hand6",
                "strength/shuffled/hand6/contended"
            ]
        );
        assert_eq!(
            ids(GameInfo::of::<Omaha4>()),
            [
                "strength/shuffled/omaha",
                "category/shuffled/omaha",
                "strength/shuffled/omaha/contended",
                "strength/equity-fixed/omaha"
            ]
        );
        let hand7 = ids(GameInfo::of::<Hand7>());
        for order in ["heads-up", "three-way", "random"] {
            assert!(
                hand7.contains(&format!("strength/equity-{order}/hand7")),
                "{hand7:?}"
            );
        }
        let counted: Vec<String> = Workload::every()
            .filter(|w| w.is_counted())
            .map(Workload::id)
            .collect();
        assert!(counted.contains(&"category/shuffled/hand".to_string()));
        assert!(counted.contains(&"strength/shuffled/omaha".to_string()));
        assert!(!counted.contains(&"category/shuffled/hand7".to_string()));
        assert!(!counted.iter().any(|id| id.ends_with("/contended")));
    }

    #[test]
    fn blocks_tile_all_five_card_hands() {
        assert_eq!(BLOCK * BLOCKS, HAND_COUNT);
        // Hold'em blocks are five-card ones; a hole-and-board game's a
        // sixth, and its workloads as many of its own blocks.
        let omaha = GameInfo::of::<handeval_core::Omaha4>();
        assert_eq!(block_of(GameInfo::of::<handeval_core::Hand7>()), BLOCK);
        assert_eq!(block_of(omaha), 10_829);
        assert_eq!(Mode::Full.hands_of(omaha), 433_160);
        assert_eq!(Mode::Full.hands(), HAND_COUNT);
        // A smoke run's blocks are a seventh of those, four to a workload.
        assert_eq!(Mode::Smoke.block_of(GameInfo::of::<Hand>()), 9_282);
        assert_eq!(Mode::Smoke.block_of(omaha), 1_547);
        assert_eq!(Mode::Smoke.hands_of(omaha), 4 * 1_547);
        assert_eq!(Mode::Quick.block_of(omaha), 10_829);
    }
}
