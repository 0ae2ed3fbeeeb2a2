//! Exact Omaha equity of fixed hands: every board that can come, every
//! player's hand valued by an Omaha evaluator.
//!
//! An Omaha hand is worth its best five of exactly two hole cards and three
//! board cards, so a player can flush only in a suit they hold two of, and
//! only on a board with three of it. Every other board values each hand by
//! ranks alone. [`exact`] counts by that:
//!
//! 1. **Boards by their ranks.** Each multiset of ranks the cards to come
//!    can have stands for the product over ranks of `C(cards left of the
//!    rank, cards of it dealt)` boards. Each player's hand is valued once
//!    per multiset, on board cards given suits that make no flush for them
//!    (no suit they hold two of gets a third board card).
//! 2. **Flush boards apart.** For each suit some player holds two of, the
//!    boards that deal three or more of it (two suits cannot both have
//!    three of five cards) are valued card for card and taken out of their
//!    multiset's count.
//!
//! For PLO4 heads-up preflop that is 1,086,008 boards; `AhAsKdKc` against
//! `7h8h9c2d` values 6,175 multisets a player and the 74,712 boards with
//! three hearts or more (only the second player holds two of a suit),
//! 161,774 hands where every board is 2,172,016. [`exact_every_board`]
//! ([`crate::fixed`]) values every board instead, in batches handed to the evaluator's
//! [`BestFive::strengths`] (the direct kernels value a batch in SIMD
//! lanes); the two are held to each other and to a brute force.
//!
//! ```
//! use handeval_core::Omaha4;
//! use handeval_equity::fixed::FixedHands;
//! use handeval_equity::omaha::exact;
//! use handeval_reference::ReferenceBest;
//! let m = FixedHands::<Omaha4>::new(&["AhAsKhKs", "QdQcJdJc"], "2h7h9c8d", "").unwrap();
//! let t = exact::<Omaha4, ReferenceBest>(&m);
//! assert_eq!(t.boards, 40);
//! ```

use alloc::vec::Vec;

use handeval_core::{BestFive, Card, Game};

use crate::showdown::Tally;

use crate::fixed::{BATCH, FixedHands, each_subset, exact_every_board};

/// The showdown of `m` over every board, counted by ranks with the flush
/// boards apart (the [module](self)'s way), each hand valued by `E`.
///
/// # Panics
/// Never for a matchup [`FixedHands::new`] or [`FixedHands::of`]
/// made: its cards are distinct, hole cards first, as `G` takes them.
#[must_use]
pub fn exact<G: Game, E: BestFive<G>>(m: &FixedHands<G>) -> Tally {
    // Counting by ranks rests on Omaha's rule that a flush takes two held
    // cards of its suit; a game that takes any five (Hold'em) has no such
    // rule, and every board is valued instead.
    if const { G::HOLE == 0 } {
        return exact_every_board::<G, E>(m);
    }
    let players = m.holes.len();
    let need = 5 - m.board.len();
    // Cards left per rank, and per suit.
    let mut left = [0u8; 13];
    for c in &m.rest {
        left[usize::from(c.rank().index())] += 1;
    }
    let suit_of = |c: &Card| usize::from(c.suit().index());
    let mut on_board = [0usize; 4];
    for c in &m.board {
        on_board[suit_of(c)] += 1;
    }
    let mut in_rest = [0usize; 4];
    for c in &m.rest {
        in_rest[suit_of(c)] += 1;
    }
    // Per player, the suits they hold two of; and the suits some player can
    // flush in (two held, three on the board reachable).
    let twos: Vec<[bool; 4]> = m
        .holes
        .iter()
        .map(|h| {
            let mut n = [0usize; 4];
            for c in h {
                n[suit_of(c)] += 1;
            }
            n.map(|k| k >= 2)
        })
        .collect();
    let flushing: Vec<usize> = (0..4)
        .filter(|&s| twos.iter().any(|t| t[s]) && on_board[s] + in_rest[s].min(need) >= 3)
        .collect();

    // Boards per multiset of ranks to come, by colex index.
    let mut boards = alloc::vec![0u64; multisets(need)];
    let mut ranks_of: Vec<[u8; 5]> = alloc::vec![[0; 5]; boards.len()];
    each_multiset(need, &mut |ranks: &[u8], index| {
        let mut ways = 1u64;
        let mut k = 0;
        while k < ranks.len() {
            let r = usize::from(ranks[k]);
            let n = ranks[k..]
                .iter()
                .take_while(|&&x| usize::from(x) == r)
                .count();
            ways *= choose(u64::from(left[r]), n as u64);
            k += n;
        }
        boards[index] = ways;
        ranks_of[index][..ranks.len()].copy_from_slice(ranks);
    });

    // The flush boards, valued card for card and taken out of their multiset.
    let mut tally = Tally::default();
    let mut batch = Batch::<G, E>::new(players);
    // Hole cards, the board so far, the cards dealt: one buffer, refilled.
    let hole = G::HOLE;
    let mut cards = alloc::vec![m.holes[0][0]; G::COUNT];
    cards[hole..hole + m.board.len()].copy_from_slice(&m.board);
    for &s in &flushing {
        let (suited, other): (Vec<Card>, Vec<Card>) = m.rest.iter().partition(|c| suit_of(c) == s);
        for j in 3usize.saturating_sub(on_board[s])..=need.min(suited.len()) {
            each_subset(&suited, j, |of_suit| {
                each_subset(&other, need - j, |rest| {
                    let mut ranks = [0u8; 5];
                    for (r, c) in ranks.iter_mut().zip(of_suit.iter().chain(rest)) {
                        *r = c.rank().index();
                    }
                    ranks[..need].sort_unstable();
                    boards[colex(&ranks[..need])] -= 1;
                    let dealt = &mut cards[hole + m.board.len()..G::COUNT];
                    dealt[..j].copy_from_slice(of_suit);
                    dealt[j..].copy_from_slice(rest);
                    for (p, own) in m.holes.iter().enumerate() {
                        cards[..hole].copy_from_slice(own);
                        batch.hands[p].push(G::from_dealt(&cards[..G::COUNT]));
                    }
                    batch.weights.push(1);
                    if batch.weights.len() == BATCH {
                        batch.flush(&mut tally);
                    }
                });
            });
        }
    }
    batch.flush(&mut tally);

    // Every other board by its ranks: each player's hand on board cards
    // suited so that it makes no flush.
    for (index, &ways) in boards.iter().enumerate() {
        if ways == 0 {
            continue;
        }
        let ranks = &ranks_of[index][..need];
        for (p, hole) in m.holes.iter().enumerate() {
            // A board still counted here is a real board of these ranks
            // that is no flush board: its own cards are such suits.
            let extra = unflushed(hole, &m.board, ranks, twos[p])
                .expect("a board counted by ranks has suits that make no flush");
            cards[..G::HOLE].copy_from_slice(hole);
            cards[G::HOLE + m.board.len()..G::COUNT].copy_from_slice(&extra[..need]);
            batch.hands[p].push(G::from_dealt(&cards[..G::COUNT]));
        }
        batch.weights.push(ways);
        if batch.weights.len() == BATCH {
            batch.flush(&mut tally);
        }
    }
    batch.flush(&mut tally);
    tally
}

/// `C(n, k)`.
fn choose(n: u64, k: u64) -> u64 {
    if k > n {
        return 0;
    }
    (0..k).fold(1, |acc, i| acc * (n - i) / (i + 1))
}

/// How many multisets of `n` of the 13 ranks there are: `C(12 + n, n)`.
fn multisets(n: usize) -> usize {
    usize::try_from(choose(12 + n as u64, n as u64)).expect("a few thousand")
}

/// `C(r + i, i + 1)` for ranks `r` and places `i` of a multiset of five:
/// the terms of [`colex`], looked up on every flush board.
const COLEX: [[u16; 5]; 13] = {
    let mut t = [[0u16; 5]; 13];
    let mut r = 0;
    while r < 13 {
        let mut i = 0;
        while i < 5 {
            // C(r + i, i + 1), exactly, term by term.
            let (n, k) = (r + i, i + 1);
            let mut c = 1u32;
            let mut j = 0;
            while j < k {
                c = c * (n - j) as u32 / (j + 1) as u32;
                j += 1;
            }
            t[r][i] = if k > n { 0 } else { c as u16 };
            i += 1;
        }
        r += 1;
    }
    t
};

/// The colex index of a multiset of ranks given in increasing order: the
/// sum of `C(r_i + i, i + 1)`.
fn colex(ranks: &[u8]) -> usize {
    ranks
        .iter()
        .enumerate()
        .map(|(i, &r)| usize::from(COLEX[usize::from(r)][i]))
        .sum()
}

/// Calls `visit(ranks, colex index)` for every multiset of `n` ranks, in
/// increasing order.
fn each_multiset(n: usize, visit: &mut dyn FnMut(&[u8], usize)) {
    fn go(ranks: &mut [u8; 5], k: usize, n: usize, from: u8, visit: &mut dyn FnMut(&[u8], usize)) {
        if k == n {
            visit(&ranks[..n], colex(&ranks[..n]));
            return;
        }
        for r in from..13 {
            ranks[k] = r;
            go(ranks, k + 1, n, r, visit);
        }
    }
    go(&mut [0; 5], 0, n, 0, visit);
}

/// Board cards of `ranks` (increasing), none of them on the board or in
/// `hole`, no two alike, suited so that no suit `twos` marks (held two of)
/// has three on the board with `board`: the player's hand on them makes no
/// flush. `None` when no suits do.
fn unflushed(hole: &[Card], board: &[Card], ranks: &[u8], twos: [bool; 4]) -> Option<[Card; 5]> {
    fn go(
        k: usize,
        ranks: &[u8],
        taken: u64,
        count: &mut [usize; 4],
        twos: [bool; 4],
        out: &mut [Card; 5],
    ) -> bool {
        if k == ranks.len() {
            return true;
        }
        for s in 0..4u8 {
            let c = Card::new(
                handeval_core::Rank::from_index(ranks[k]).expect("a rank below 13"),
                handeval_core::Suit::from_index(s).expect("a suit below 4"),
            );
            let su = usize::from(s);
            if taken & 1 << c.index() != 0 || (twos[su] && count[su] >= 2) {
                continue;
            }
            count[su] += 1;
            out[k] = c;
            if go(k + 1, ranks, taken | 1 << c.index(), count, twos, out) {
                return true;
            }
            count[su] -= 1;
        }
        false
    }
    let mut taken = 0u64;
    let mut count = [0usize; 4];
    for c in hole {
        taken |= 1 << c.index();
    }
    for c in board {
        taken |= 1 << c.index();
        count[usize::from(c.suit().index())] += 1;
    }
    let mut out = [board.first().or(hole.first()).copied()?; 5];
    go(0, ranks, taken, &mut count, twos, &mut out).then_some(out)
}

/// Hands waiting to be valued, one per player per board, and how many
/// boards each stands for.
struct Batch<G: Game, E: BestFive<G>> {
    hands: Vec<Vec<G>>,
    weights: Vec<u64>,
    values: Vec<Vec<E::Strength>>,
}

impl<G: Game, E: BestFive<G>> Batch<G, E> {
    fn new(players: usize) -> Self {
        Batch {
            hands: (0..players).map(|_| Vec::with_capacity(BATCH)).collect(),
            weights: Vec::with_capacity(BATCH),
            values: (0..players).map(|_| Vec::with_capacity(BATCH)).collect(),
        }
    }

    /// Values the waiting boards and counts each as often as it stands for.
    fn flush(&mut self, tally: &mut Tally) {
        let n = self.weights.len();
        if n == 0 {
            return;
        }
        for (h, v) in self.hands.iter().zip(self.values.iter_mut()) {
            v.clear();
            v.resize(n, E::strength(&h[0]));
            E::strengths(h, v);
        }
        for (i, &w) in self.weights.iter().enumerate() {
            let best = self.values.iter().map(|v| v[i]).max().expect("two players");
            let winners = self.values.iter().filter(|v| v[i] == best).count() as u64;
            for (p, v) in self.values.iter().enumerate() {
                if v[i] != best {
                    continue;
                }
                if winners == 1 {
                    tally.wins[p] += w;
                } else {
                    tally.ties[p] += w;
                    tally.shares[p] += w * (60 / winners);
                }
            }
            tally.boards += w;
        }
        for h in &mut self.hands {
            h.clear();
        }
        self.weights.clear();
    }
}
