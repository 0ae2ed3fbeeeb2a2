//! The one preparation of every game's workloads: a game's hands in an
//! order ([`sequential`], [`shuffled`]), the reference's class of each,
//! and [`Prepared`], which checks an evaluator of the game on every hand it
//! will be timed on and times it block by block.
//!
//! Every evaluator is timed from the game's cards (see
//! [`handeval_core::BestFive`]), in one unit whatever the game: blocks of
//! [`BLOCK`] hands, [`BLOCKS`] blocks per workload ([`HANDS`] hands).

use handeval_core::{BestFive, Category, Game, Role};
use handeval_reference::scale;

use crate::rounds::Timed;
use crate::{BLOCK, BLOCKS, Kind, Order, Workload};

/// Hands per workload: as many as five-card hands, so that every game's
/// blocks are the same size.
pub const HANDS: usize = BLOCK * BLOCKS;

/// Where the sequential hands of `G` start in its enumeration
/// ([`Game::parts`], hand by hand): the middle hand, away from the
/// all-low-cards start, or the first, when `n` hands reach past the end (the
/// five-card workloads hold every hand). Only the games enumerated hand
/// by hand have sequential workloads ([`Workload::of`]), so the place is
/// counted in [`Game::HANDS`].
pub fn sequential_start<G: Game>(n: usize) -> u64 {
    (G::HANDS / 2).min(G::HANDS.saturating_sub(n as u64))
}

/// `n` consecutive hands of `G`'s enumeration from [`sequential_start`].
pub fn sequential<G: Game>(n: usize) -> Vec<G> {
    let mut skip = sequential_start::<G>(n);
    let mut hands = Vec::with_capacity(n);
    for part in G::parts() {
        let len = G::part_len(part) as u64;
        if skip >= len {
            skip -= len;
            continue;
        }
        hands.extend(
            G::part_hands(part)
                .skip(skip as usize)
                .take(n - hands.len()),
        );
        skip = 0;
        if hands.len() == n {
            break;
        }
    }
    hands
}

/// `n` distinct hands of `G` in a random order seeded with `seed` (a
/// ChaCha8 generator, stable across platforms): every hand of the game,
/// shuffled, when `n` is all of them (the five-card workloads); otherwise
/// `n` deals of distinct cards, hole cards first, repeats redrawn
/// ([`handeval_difftest::cards::random_hands`]).
pub fn shuffled<G: Game>(seed: u64, n: usize) -> Vec<G> {
    handeval_difftest::cards::random_hands::<G>(seed, n)
}

/// A workload's `n` hands of `G`: [`shuffled`] with `seed`, or
/// [`sequential`] (an access pattern deals its own hands, and so takes the
/// enumeration's order here).
pub fn of_order<G: Game>(order: Order, seed: u64, n: usize) -> Vec<G> {
    match order {
        Order::Shuffled => shuffled(seed, n),
        // An access pattern deals its own hands.
        _ => sequential(n),
    }
}

/// The reference's class of each hand (the class of its best five), read
/// from the five-card reference's table: the differential check's own
/// reading, over all cores.
pub use handeval_difftest::cards::table_classes as reference_classes;

/// A workload's hands of `H`, prepared and checked, ready to be timed.
pub struct Prepared<H: Game, E: BestFive<H>> {
    /// Whether the workload asks for the category alone, else the full
    /// strength (a Hi-Lo game's low workload is prepared by
    /// [`crate::lows`]).
    category: bool,
    /// Hands per timed block ([`crate::Mode::block_of`]).
    block: usize,
    hands: Vec<H>,
    strengths: Vec<E::Strength>,
    categories: Vec<Category>,
}

impl<H: Game, E: BestFive<H>> Prepared<H, E> {
    /// Takes the workload's hands, timed `block` at a time, and makes the
    /// output buffer for what `kind` asks for: strengths or categories.
    pub fn new(hands: &[H], kind: Kind, block: usize) -> Self {
        Prepared {
            category: kind == Kind::Category,
            block,
            hands: hands.to_vec(),
            strengths: vec![E::strength(&hands[0]); block],
            categories: vec![Category::HighCard; block],
        }
    }

    /// Evaluates every prepared hand through the timed batch loop, outside
    /// the timing, and checks each hand's class (its value's place on the
    /// evaluator's five-card scale) against the reference's `classes`. The
    /// floor only has to have run. The literal reference, the definition
    /// the classes are read from a table by (at microseconds a hand, seconds
    /// a workload), is checked on the first block: the tests hold it to the
    /// table on a million hands and every pitfall.
    ///
    /// # Errors
    /// A message naming the evaluator, the workload and the first wrong hand.
    pub fn check(&self, workload: Workload, classes: &[u16]) -> Result<(), String> {
        let checked = if E::META.role == Role::Reference {
            &self.hands[..self.block.min(self.hands.len())]
        } else {
            &self.hands[..]
        };
        if self.category {
            return Self::check_categories(workload, checked, classes);
        }
        let mut out = vec![self.strengths[0]; checked.len()];
        E::strengths(checked, &mut out);
        if E::META.role == Role::Floor {
            return Ok(());
        }
        let scale = scale::<E::Five>();
        for ((hand, value), &want) in checked.iter().zip(&out).zip(classes) {
            let got = scale.class(*value);
            if got != Some(u32::from(want)) {
                return Err(format!(
                    "{} on {workload}: {hand} is class {got:?}, the reference says {want}",
                    E::META.name
                ));
            }
        }
        Ok(())
    }
}

impl<H: Game, E: BestFive<H>> Prepared<H, E> {
    /// Evaluates the first `n` hands (at most a block) through the batch
    /// loop the workload times: what the instruction counts count.
    pub fn run_sample(&mut self, n: usize) {
        let hands = &self.hands[..n];
        if self.category {
            E::categories(std::hint::black_box(hands), &mut self.categories[..n]);
            std::hint::black_box(&self.categories);
        } else {
            E::strengths(std::hint::black_box(hands), &mut self.strengths[..n]);
            std::hint::black_box(&self.strengths);
        }
    }

    /// Checks each of the first `n` hands' category against the literal
    /// definition (the best of its fives by the five-card reference of the
    /// game's rules), which
    /// needs no table: for the instruction-count sample, run under valgrind,
    /// where building the class table would take minutes.
    ///
    /// # Errors
    /// A message naming the evaluator and the first wrong hand.
    pub fn check_literally(&self, n: usize) -> Result<(), String> {
        if E::META.role == Role::Floor {
            return Ok(());
        }
        let hands = &self.hands[..n];
        let mut out = vec![Category::HighCard; n];
        E::categories(hands, &mut out);
        for (hand, &got) in hands.iter().zip(&out) {
            let want =
                handeval_core::best_category_of::<handeval_reference::Naive<H::Rules>, H>(hand);
            if got != want {
                return Err(format!("{} on {hand}: {got:?}, not {want:?}", E::META.name));
            }
        }
        Ok(())
    }

    /// [`check`](Prepared::check) for a category workload: each
    /// hand's category against its reference class's.
    fn check_categories(workload: Workload, hands: &[H], classes: &[u16]) -> Result<(), String> {
        let mut out = vec![Category::HighCard; hands.len()];
        E::categories(hands, &mut out);
        if E::META.role == Role::Floor {
            return Ok(());
        }
        for ((hand, &got), &want) in hands.iter().zip(&out).zip(classes) {
            let want = H::RULES.category_of(want);
            if Some(got) != want {
                return Err(format!(
                    "{} on {workload}: {hand} is {got:?}, the reference says {want:?}",
                    E::META.name
                ));
            }
        }
        Ok(())
    }
}

impl<H: Game, E: BestFive<H>> Timed for Prepared<H, E> {
    fn name(&self) -> &'static str {
        E::META.name
    }

    fn blocks(&self) -> usize {
        self.hands.len() / self.block
    }

    #[inline]
    fn pass(&mut self, block: usize) {
        let hands = crate::rounds::block_at(&self.hands, self.block, block);
        if self.category {
            E::categories(std::hint::black_box(hands), &mut self.categories);
            std::hint::black_box(&self.categories);
        } else {
            E::strengths(std::hint::black_box(hands), &mut self.strengths);
            std::hint::black_box(&self.strengths);
        }
    }
}
