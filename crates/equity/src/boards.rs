//! Heads-up range equity counted board by board.
//!
//! Counting deal by deal ([`crate::exact`]) costs the number of classes of
//! deals, which for wide ranges is most of them: `random` against `random`
//! is 812,175 deals. Counted board by board, the same equity costs the
//! number of boards instead, each of them one pass over the combos:
//!
//! 1. On one board, a combo's value depends only on its two ranks and on
//!    which of its cards are of the board's one flushing suit (the suit of
//!    three or more board cards, if any): on a board of two of each suit
//!    at most nobody flushes, and otherwise only that suit can flush. So
//!    each *key* (the two ranks, and which card is of the suit) is valued
//!    once, by any combo of it the board leaves: 91 keys on a board where
//!    no suit can flush, not 1,081 combos.
//! 2. The keys are sorted by value, and one sweep from the weakest up
//!    keeps the weight of each player's combos valued lower so far, in all
//!    and by card. The weight of the opponent's combos a combo `{c, d}`
//!    beats *and shares no card with* is the weight below it, less the
//!    weight below it holding `c`, less that holding `d` (no combo below
//!    holds both: that would be the combo itself). Ties are the same sums
//!    over its own key's value, plus the combo itself if the opponent
//!    holds it (it was taken away twice).
//! 3. Boards that differ by a renaming of suits which leaves both ranges,
//!    the board so far and the dead cards as they are count alike: only
//!    the least of each class is swept, counted as often as its class has
//!    boards. `random` against `random` preflop is 134,459 boards, not
//!    2,598,960. A combo's own counts are the mean over those renamings
//!    of its renamed combos' counts.
//!
//! Each deal comes with the same number of boards, so a board's weight
//! is one and the equity is the weighted wins over the weighted deals.
//!
//! A worked example: on the river `2c 7d 9h Ts Js` nobody can flush, so
//! `AhAs` and `AcAd` are one key and `KdKc` another; `AA` sweeps above `KK`,
//! and the weight `AA` beats is `KK`'s whole weight, none of it sharing a
//! card.

use alloc::vec;
use alloc::vec::Vec;

use handeval_core::{BestFive, Card, Game, Hand7};

use crate::range::Range;

/// A renaming of the four suits: suit `s` becomes `p[s]`.
pub(crate) type Renaming = [u8; 4];

/// The 24 renamings of the four suits.
pub(crate) fn renamings() -> Vec<Renaming> {
    let mut out = Vec::with_capacity(24);
    for a in 0..4u8 {
        for b in (0..4).filter(|&b| b != a) {
            for c in (0..4).filter(|&c| c != a && c != b) {
                out.push([a, b, c, 6 - a - b - c]);
            }
        }
    }
    out
}

/// A card's index after a renaming (indices are `rank * 4 + suit`).
fn rename(c: u8, p: Renaming) -> u8 {
    c / 4 * 4 + p[usize::from(c % 4)]
}

/// A mask of cards (bits `1 << index`) after a renaming.
fn rename_mask(mut mask: u64, p: Renaming) -> u64 {
    let mut out = 0;
    while mask != 0 {
        let c = mask.trailing_zeros() as u8;
        mask &= mask - 1;
        out |= 1 << rename(c, p);
    }
    out
}

/// The cards of a mask as 13-bit rank masks, one per suit.
fn by_suit(mut mask: u64) -> [u16; 4] {
    let mut out = [0u16; 4];
    while mask != 0 {
        let c = mask.trailing_zeros();
        mask &= mask - 1;
        out[(c % 4) as usize] |= 1 << (c / 4);
    }
    out
}

/// The renamings that leave every range (combos and weights), the board
/// so far and the dead cards as they are: a group, the identity first.
pub(crate) fn symmetries(ranges: &[&Range], known: u64) -> Vec<Renaming> {
    renamings()
        .into_iter()
        .filter(|p| {
            rename_mask(known, *p) == known
                && ranges.iter().all(|r| {
                    r.combos().iter().all(|c| {
                        let [a, b] = c.cards.map(|x| card(rename(x.index(), *p)));
                        // The same weight, bit for bit.
                        r.get(a, b)
                            .is_some_and(|d| d.weight.to_bits() == c.weight.to_bits())
                    })
                })
        })
        .collect()
}

fn card(index: u8) -> Card {
    Card::from_index(index).expect("an index of a card")
}

/// A combo of either range: its cards, and its weight in each (0 where
/// the range lacks it).
#[derive(Clone, Copy, Debug)]
struct Held {
    /// Its place among the combos of either range.
    at: u16,
    cards: [u8; 2],
    mask: u64,
    weight: [f64; 2],
}

/// What a sweep counts per combo, over every board: the opponent's
/// disjoint weight it beats and the weight it ties, per player.
#[derive(Clone, Copy, Debug, Default)]
struct Sums {
    beats: [f64; 2],
    ties: [f64; 2],
}

/// The counts of a heads-up matchup by boards: for each combo of either
/// range (with its weights), the opponent's weight it beats and ties over
/// every board, and how many classes of boards were swept.
pub(crate) struct ByBoards {
    /// Each combo's cards and its weight in each range.
    pub held: Vec<([Card; 2], [f64; 2])>,
    /// Per combo and player: the opponent's weight beaten, summed over the boards.
    pub beats: Vec<[f64; 2]>,
    /// Per combo and player: the opponent's weight tied, summed over the boards.
    pub ties: Vec<[f64; 2]>,
    /// Classes of boards swept.
    pub classes: usize,
}

/// The number of boards of `need` cards from `left`, and how many of them
/// `boards` will sweep: the least of each class under the renamings that
/// fix the matchup. An estimate for choosing between ways of counting.
pub(crate) fn boards_to_sweep(left: usize, need: usize, ranges: &[&Range], known: u64) -> f64 {
    let boards = (0..need).fold(1.0, |acc, k| acc * (left - k) as f64 / (k + 1) as f64);
    boards / symmetries(ranges, known).len() as f64
}

/// Counts a heads-up matchup board by board (the [module](self)'s way),
/// valuing hands with `E`, an evaluator of seven-card Hold'em hands.
/// `progress(done, of)` is called as the boards are swept.
pub(crate) fn count<E: BestFive<Hand7>>(
    ranges: [&Range; 2],
    board: &[Card],
    dead: &[Card],
    progress: &mut dyn FnMut(usize, usize),
) -> ByBoards {
    let known = board
        .iter()
        .chain(dead)
        .fold(0u64, |m, c| m | 1 << c.index());
    let group = symmetries(&ranges, known);

    let (place, held) = either(ranges);

    // Per flushing suit (4 for none): the combos themselves sorted by key,
    // so that a sweep reads them in turn, and where each key's run of them
    // starts and ends.
    let mut members: Vec<Vec<Held>> = Vec::with_capacity(5);
    let mut keys: Vec<Vec<(usize, usize)>> = Vec::with_capacity(5);
    for fs in 0..5u8 {
        let (order, runs) = runs(&held, fs);
        members.push(order.iter().map(|&m| held[usize::from(m)]).collect());
        keys.push(runs);
    }

    let rest: Vec<u8> = (0..Card::COUNT as u8)
        .filter(|&c| known & 1 << c == 0)
        .collect();
    let need = 5 - board.len();
    let mut sweep = Sweep::<E::Strength>::new(held.len());
    let mut hands: Vec<Hand7> = Vec::new();
    let mut values: Vec<E::Strength> = Vec::new();
    let mut cards = [board.first().copied().unwrap_or(card(0)); 5];
    cards[..board.len()].copy_from_slice(board);
    let board_mask = board.iter().fold(0u64, |m, c| m | 1 << c.index());
    let mut classes = 0;
    let firsts = rest.len().saturating_sub(need) + 1;
    let mut at = [0usize; 5];
    for first in 0..firsts {
        progress(first, firsts);
        if need == 0 {
            if first > 0 {
                break;
            }
        } else {
            for (k, a) in at[..need].iter_mut().enumerate() {
                *a = first + k;
            }
        }
        loop {
            let mut full = board_mask;
            for k in 0..need {
                cards[board.len() + k] = card(rest[at[k]]);
                full |= 1 << rest[at[k]];
            }
            if let Some(weight) = orbit(full, &group) {
                classes += 1;
                let fs = flushing_suit(full);
                let (keys, members) = (&keys[usize::from(fs)], &members[usize::from(fs)]);
                // One hand per key the board leaves a combo of.
                hands.clear();
                sweep.order.clear();
                for (k, &(start, end)) in keys.iter().enumerate() {
                    if let Some(m) = members[start..end].iter().find(|m| m.mask & full == 0) {
                        let [a, b] = m.cards;
                        let seven = [
                            card(a),
                            card(b),
                            cards[0],
                            cards[1],
                            cards[2],
                            cards[3],
                            cards[4],
                        ];
                        hands.push(Hand7::from_dealt(&seven));
                        sweep.order.push(k);
                    }
                }
                // A board that every combo of both ranges collides with
                // holds no deal: nothing to count.
                if let Some(first) = hands.first() {
                    values.clear();
                    values.resize(hands.len(), E::strength(first));
                    E::strengths(&hands, &mut values);
                    sweep.run(&values, keys, members, full, weight);
                }
            }
            if need <= 1 || !handeval_core::next_combination(&mut at[1..need], rest.len()) {
                break;
            }
        }
    }
    progress(firsts, firsts);

    let (beats, ties) = mean_over(&group, &place, &held, &sweep.sums);
    ByBoards {
        held: held.iter().map(|h| (h.cards.map(card), h.weight)).collect(),
        beats,
        ties,
        classes,
    }
}

/// Every combo of either range, once, and where each is by its slot
/// (`hi * 52 + lo`).
fn either(ranges: [&Range; 2]) -> (Vec<u16>, Vec<Held>) {
    let mut place = vec![u16::MAX; Card::COUNT * Card::COUNT];
    let mut held: Vec<Held> = Vec::new();
    for (p, r) in ranges.iter().enumerate() {
        for c in r.combos() {
            let cards = [c.cards[0].index(), c.cards[1].index()];
            let slot = usize::from(cards[0]) * Card::COUNT + usize::from(cards[1]);
            if place[slot] == u16::MAX {
                place[slot] = u16::try_from(held.len()).expect("at most 1,326 combos");
                held.push(Held {
                    at: place[slot],
                    cards,
                    mask: c.mask(),
                    weight: [0.0; 2],
                });
            }
            held[usize::from(place[slot])].weight[p] = c.weight;
        }
    }
    (place, held)
}

/// Per combo, the mean of its renamed combos' sums under the renamings
/// of `group` (beaten and tied weight, per player): what it would have
/// summed had every board been swept.
#[allow(clippy::type_complexity)]
fn mean_over(
    group: &[Renaming],
    place: &[u16],
    held: &[Held],
    sums: &[Sums],
) -> (Vec<[f64; 2]>, Vec<[f64; 2]>) {
    let mut beats = vec![[0.0; 2]; held.len()];
    let mut ties = vec![[0.0; 2]; held.len()];
    for (i, h) in held.iter().enumerate() {
        for p in group {
            let [a, b] = h.cards.map(|c| rename(c, *p));
            let slot = usize::from(a.max(b)) * Card::COUNT + usize::from(a.min(b));
            let j = usize::from(place[slot]);
            for q in 0..2 {
                beats[i][q] += sums[j].beats[q];
                ties[i][q] += sums[j].ties[q];
            }
        }
        let n = group.len() as f64;
        for q in 0..2 {
            beats[i][q] /= n;
            ties[i][q] /= n;
        }
    }
    (beats, ties)
}

/// If `full` is the least board of its class under the renamings of
/// `group`, how many boards the class has; otherwise `None`.
pub(crate) fn orbit(full: u64, group: &[Renaming]) -> Option<f64> {
    if group.len() == 1 {
        return Some(1.0);
    }
    let suits = by_suit(full);
    let key = |p: &Renaming| (0..4).fold(0u64, |k, s| k | u64::from(suits[s]) << (13 * p[s]));
    let own = key(&[0, 1, 2, 3]);
    let mut fixed = 0;
    for p in group {
        let k = key(p);
        if k < own {
            return None;
        }
        fixed += usize::from(k == own);
    }
    Some((group.len() / fixed) as f64)
}

/// The suit of three or more cards of a five-card board, or 4.
fn flushing_suit(full: u64) -> u8 {
    let suits = by_suit(full);
    (0..4u8)
        .find(|&s| suits[usize::from(s)].count_ones() >= 3)
        .unwrap_or(4)
}

/// The combos sorted by their key on boards where suit `fs` can flush (4:
/// none can), and each key's run among them.
fn runs(held: &[Held], fs: u8) -> (Vec<u16>, Vec<(usize, usize)>) {
    let key = |h: &Held| {
        let [a, b] = h.cards;
        let (ra, rb) = (u16::from(a / 4), u16::from(b / 4));
        let mut pattern = u16::from(a % 4 == fs) * 2 + u16::from(b % 4 == fs);
        if ra == rb && pattern == 1 {
            // A pair with one card of the suit: which one does not matter.
            pattern = 2;
        }
        (ra.max(rb) * 13 + ra.min(rb)) * 4 + pattern
    };
    let mut order: Vec<u16> =
        (0..u16::try_from(held.len()).expect("at most 1,326 combos")).collect();
    order.sort_by_key(|&i| key(&held[usize::from(i)]));
    let mut out = Vec::new();
    let mut start = 0;
    for i in 1..=order.len() {
        if i == order.len()
            || key(&held[usize::from(order[i])]) != key(&held[usize::from(order[start])])
        {
            out.push((start, i));
            start = i;
        }
    }
    (order, out)
}

/// One board's sweep and the sums it adds to.
struct Sweep<V> {
    /// The keys valued on this board, by their place in the key runs.
    order: Vec<usize>,
    /// `(value, place in order)`, sorted.
    sorted: Vec<(V, usize)>,
    /// This board's combos of one value.
    level: Vec<Held>,
    sums: Vec<Sums>,
}

impl<V: Ord + Copy> Sweep<V> {
    fn new(combos: usize) -> Self {
        Sweep {
            order: Vec::new(),
            sorted: Vec::new(),
            level: Vec::new(),
            sums: vec![Sums::default(); combos],
        }
    }

    /// Sweeps one board (`full`, counted `weight` times) whose keys
    /// `self.order` have `values`.
    fn run(
        &mut self,
        values: &[V],
        keys: &[(usize, usize)],
        members: &[Held],
        full: u64,
        weight: f64,
    ) {
        self.sorted.clear();
        self.sorted.extend(values.iter().copied().zip(0..));
        self.sorted.sort_unstable();
        // Per player: the weight valued lower so far, in all and by card;
        // the weight of the value at hand, in all and by card. Card-major,
        // so that one card's two players are read together.
        let mut below = [0.0f64; 2];
        let mut below_card = [[0.0f64; 2]; Card::COUNT];
        let mut level = [0.0f64; 2];
        let mut level_card = [[0.0f64; 2]; Card::COUNT];
        let mut i = 0;
        while i < self.sorted.len() {
            let value = self.sorted[i].0;
            self.level.clear();
            while i < self.sorted.len() && self.sorted[i].0 == value {
                let (start, end) = keys[self.order[self.sorted[i].1]];
                self.level
                    .extend(members[start..end].iter().filter(|m| m.mask & full == 0));
                i += 1;
            }
            // The level goes into the running sums at once: what a combo
            // beats is then what is at most its value, less its level.
            for h in &self.level {
                let [a, b] = h.cards.map(usize::from);
                for p in 0..2 {
                    let w = h.weight[p];
                    level[p] += w;
                    level_card[a][p] += w;
                    level_card[b][p] += w;
                    below_card[a][p] += w;
                    below_card[b][p] += w;
                }
            }
            for h in &self.level {
                let [a, b] = h.cards.map(usize::from);
                let s = &mut self.sums[usize::from(h.at)];
                // Per player, the opponent's weight tied and at most.
                let mut tied = [0.0; 2];
                let mut at_most = [0.0; 2];
                for o in 0..2 {
                    tied[o] = level[o] - level_card[a][o] - level_card[b][o] + h.weight[o];
                    at_most[o] =
                        below[o] + level[o] - below_card[a][o] - below_card[b][o] + h.weight[o];
                }
                for p in 0..2 {
                    let o = 1 - p;
                    s.beats[p] += weight * (at_most[o] - tied[o]);
                    s.ties[p] += weight * tied[o];
                }
            }
            for h in &self.level {
                let [a, b] = h.cards.map(usize::from);
                level_card[a] = [0.0; 2];
                level_card[b] = [0.0; 2];
            }
            for p in 0..2 {
                below[p] += level[p];
                level[p] = 0.0;
            }
        }
    }
}
