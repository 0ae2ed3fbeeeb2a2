//! Monte Carlo equity, for matchups too large to count exactly.
//!
//! Each game deals one combo per player, drawn by weight, again from the
//! start whenever two combos share a card (so that a deal's probability is
//! the product of its weights over the sum across deals without a card
//! twice, as [`exact`](crate::exact) counts), then the rest of the board
//! uniformly from the cards left, and values every hand. A player's
//! equity is the mean of their shares of the pot; its standard error is
//! the standard deviation of the shares over the square root of the games.
//! The run stops once every player's standard error is at most the target
//! (checked every [`CHECK_EVERY`] games, after [`MIN_GAMES`]), or when the
//! caller says so (a time limit). The generator is seeded: the same seed
//! gives the same games.
//!
//! ```
//! use handeval_core::Hand7;
//! use handeval_equity::exact::Matchup;
//! use handeval_equity::monte_carlo::estimate;
//! use handeval_reference::ReferenceBest;
//! let m = Matchup::new(&["AhAs", "KK"], "", "").unwrap();
//! let e = estimate::<ReferenceBest>(&m, 7, 0.01, &mut |_| true).unwrap();
//! assert!(e.stderr[0] <= 0.01);
//! assert!((e.equity[0] - 0.82).abs() < 0.05);
//! ```

use alloc::vec::Vec;

use handeval_core::{BestFive, Card, Game, Hand7};

use crate::exact::{EquityError, Matchup};
use crate::range::Combo;

/// Games between two looks at the standard errors (and at the caller).
pub const CHECK_EVERY: u64 = 1024;

/// Games before the standard error is trusted to stop a run.
pub const MIN_GAMES: u64 = 4096;

/// Deals drawn in a row without one free of collisions before the
/// matchup is taken to have none.
const TRIES: u32 = 100_000;

/// A Monte Carlo estimate.
#[derive(Clone, Debug, PartialEq)]
pub struct Estimate {
    /// Each player's equity.
    pub equity: Vec<f64>,
    /// Each player's standard error.
    pub stderr: Vec<f64>,
    /// Games played.
    pub games: u64,
    /// Whether the target was reached (else the caller stopped the run).
    pub reached: bool,
}

/// The square root, by Newton's method from a guess halving the exponent
/// (`f64::sqrt` needs the standard library; six steps reach the last bit
/// from a guess within a factor of two).
fn sqrt(x: f64) -> f64 {
    if x <= 0.0 || !x.is_finite() {
        return 0.0;
    }
    let mut y = f64::from_bits((x.to_bits() >> 1) + (1023u64 << 51));
    for _ in 0..6 {
        y = 0.5 * (y + x / y);
    }
    y
}

/// `SplitMix64`: small, seeded, and enough for dealing cards.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// Uniform in `[0, 1)`.
    fn unit(&mut self) -> f64 {
        (self.next() >> 11) as f64 / (1u64 << 53) as f64
    }

    /// Uniform below `n` (`n` at most 52 here: the bias of a modulo of a
    /// 64-bit number is below 2^-58).
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// A range's combos with their cumulative weights, to draw by weight.
struct Draw<'a> {
    combos: &'a [Combo],
    cumulative: Vec<f64>,
}

impl<'a> Draw<'a> {
    fn new(combos: &'a [Combo]) -> Self {
        let mut sum = 0.0;
        let cumulative = combos
            .iter()
            .map(|c| {
                sum += c.weight;
                sum
            })
            .collect();
        Draw { combos, cumulative }
    }

    fn draw(&self, rng: &mut Rng) -> Combo {
        let total = self.cumulative.last().copied().unwrap_or(0.0);
        let x = rng.unit() * total;
        let at = self.cumulative.partition_point(|&c| c <= x);
        self.combos[at.min(self.combos.len() - 1)]
    }
}

/// Estimates `m`'s equities with `E` (an evaluator of seven-card Hold'em),
/// from `seed`, until every player's standard error is at most `target` or
/// `keep_going(games)` says stop.
///
/// # Errors
/// [`EquityError::NoDeal`] when no deal free of collisions turns up in
/// many tries.
pub fn estimate<E: BestFive<Hand7>>(
    m: &Matchup,
    seed: u64,
    target: f64,
    keep_going: &mut dyn FnMut(u64) -> bool,
) -> Result<Estimate, EquityError> {
    let players = m.ranges().len();
    let draws: Vec<Draw<'_>> = m.ranges().iter().map(|r| Draw::new(r.combos())).collect();
    let mut known = 0u64;
    for c in m.board().iter().chain(m.dead()) {
        known |= 1 << c.index();
    }
    let need = 5 - m.board().len();
    let mut rng = Rng(seed);
    let mut games = Games::new(players);
    let mut hands: Vec<Combo> = Vec::with_capacity(players);
    let mut values: Vec<E::Strength> = Vec::with_capacity(players);
    let mut shares = alloc::vec![0.0; players];
    loop {
        if let Some(done) = games.done(target, keep_going) {
            return Ok(done);
        }
        // A deal without a card twice.
        let mut used;
        let mut tries = 0;
        'deal: loop {
            tries += 1;
            if tries > TRIES {
                return Err(EquityError::NoDeal);
            }
            hands.clear();
            used = known;
            for d in &draws {
                let c = d.draw(&mut rng);
                if c.mask() & used != 0 {
                    continue 'deal;
                }
                used |= c.mask();
                hands.push(c);
            }
            break;
        }
        // The rest of the board.
        let mut board = [Card::ALL[0]; 5];
        board[..m.board().len()].copy_from_slice(m.board());
        for slot in &mut board[m.board().len()..m.board().len() + need] {
            let card = loop {
                let c = Card::ALL[rng.below(Card::COUNT)];
                if used & 1 << c.index() == 0 {
                    break c;
                }
            };
            used |= 1 << card.index();
            *slot = card;
        }
        values.clear();
        for h in &hands {
            let cards = [
                h.cards[0], h.cards[1], board[0], board[1], board[2], board[3], board[4],
            ];
            let hand = Hand7::from_cards(&cards).map_err(|_| EquityError::Deck)?;
            values.push(E::strength(&hand));
        }
        let best = values.iter().max().copied();
        let winners = values.iter().filter(|v| Some(**v) == best).count() as f64;
        for (share, v) in shares.iter_mut().zip(&values) {
            *share = if Some(*v) == best { 1.0 / winners } else { 0.0 };
        }
        games.add(&shares);
    }
}

/// The games of a run so far: each player's sum of pot shares and of
/// their squares.
struct Games {
    sum: Vec<f64>,
    squares: Vec<f64>,
    played: u64,
}

impl Games {
    fn new(players: usize) -> Self {
        Games {
            sum: alloc::vec![0.0; players],
            squares: alloc::vec![0.0; players],
            played: 0,
        }
    }

    /// One game's shares of the pot.
    fn add(&mut self, shares: &[f64]) {
        for ((s, q), x) in self.sum.iter_mut().zip(&mut self.squares).zip(shares) {
            *s += x;
            *q += x * x;
        }
        self.played += 1;
    }

    /// Each player's standard error: the shares' standard deviation over
    /// the root of the games.
    fn stderr(&self) -> Vec<f64> {
        let n = self.played.max(1) as f64;
        self.sum
            .iter()
            .zip(&self.squares)
            .map(|(s, q)| {
                let mean = s / n;
                sqrt((q / n - mean * mean).max(0.0) / n)
            })
            .collect()
    }

    /// The estimate, once every [`CHECK_EVERY`] games, if the target is
    /// reached (after [`MIN_GAMES`]) or `keep_going` says stop.
    fn done(&self, target: f64, keep_going: &mut dyn FnMut(u64) -> bool) -> Option<Estimate> {
        if !self.played.is_multiple_of(CHECK_EVERY) || self.played == 0 {
            return None;
        }
        let stderr = self.stderr();
        let reached = self.played >= MIN_GAMES && stderr.iter().all(|&e| e <= target);
        if !reached && keep_going(self.played) {
            return None;
        }
        let n = self.played as f64;
        Some(Estimate {
            equity: self.sum.iter().map(|s| s / n).collect(),
            stderr,
            games: self.played,
            reached,
        })
    }
}

/// Estimates a showdown of fixed hands of any game with a board (an
/// Omaha game, short deck, a Hi-Lo game), from `seed`: each game the
/// board so far, `board`, completed from the cards left, `rest`, drawn
/// uniformly, and `shares(full board, out)` writing each of the `players`'
/// share of that board's pot (the caller values the hands: a high game's
/// best hand takes it, a Hi-Lo game's high and low split it), until every
/// player's standard error is at most `target` or `keep_going(games)`
/// says stop.
///
/// # Errors
/// [`EquityError::Deck`] when `rest` is too short for the board, and
/// [`EquityError::Board`] for a board of more than five cards.
pub fn estimate_by(
    players: usize,
    board: &[Card],
    rest: &[Card],
    seed: u64,
    target: f64,
    shares: &mut dyn FnMut(&[Card], &mut [f64]),
    keep_going: &mut dyn FnMut(u64) -> bool,
) -> Result<Estimate, EquityError> {
    if board.len() > 5 {
        return Err(EquityError::Board(board.len()));
    }
    let need = 5 - board.len();
    if rest.len() < need {
        return Err(EquityError::Deck);
    }
    let mut rng = Rng(seed);
    let mut games = Games::new(players);
    let mut deck = rest.to_vec();
    let mut full: Vec<Card> = board.to_vec();
    let mut out = alloc::vec![0.0; players];
    loop {
        if let Some(done) = games.done(target, keep_going) {
            return Ok(done);
        }
        // The first `need` cards of a partial shuffle of the rest.
        full.truncate(board.len());
        for k in 0..need {
            let j = k + rng.below(deck.len() - k);
            deck.swap(k, j);
            full.push(deck[k]);
        }
        shares(&full, &mut out);
        games.add(&out);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_square_root_is_the_standard_librarys() {
        for x in [1e-12, 2.5e-5, 0.25, 1.0, 2.0, 1e6, 123_456.789] {
            let want = std::primitive::f64::sqrt(x);
            assert!((sqrt(x) - want).abs() <= 4.0 * f64::EPSILON * want, "{x}");
        }
        assert!(sqrt(0.0) <= 0.0 && sqrt(-1.0) <= 0.0);
    }
}
