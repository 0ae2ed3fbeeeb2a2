//! A showdown counted by classes of boards: ranks alone, flushes apart.
//!
//! Most boards differ only in suits that cannot make anyone a flush, and
//! then every player's value depends on ranks alone. Equity calculators
//! exploit it (OMPEval's `enumerateBoardRec`, and pokers after it, merge the
//! cards of a rank whose suit can no longer flush). This is the lab's way,
//! in two sums that need no case analysis:
//!
//! 1. **Every board by its ranks.** Each multiset of ranks the cards to come
//!    can have is one class, standing for the product over ranks of
//!    `C(cards left of the rank, cards of it dealt)` boards. Each player's
//!    hand is valued *as if no suit flushed*, on cards re-suited so that no
//!    suit has five: the cards to come, in rank order, take the suits in
//!    turn (clubs, diamonds, hearts, spades, clubs: at most two a suit) and
//!    each hole card the first suit its rank has free (so at most four a
//!    suit); with a known board, all seven cards in rank order take the
//!    suits in turn. The values are kept by the multiset's index.
//! 2. **The flush boards again, corrected.** A suit `s` can make a flush only
//!    on boards that deal at least `5 - most(s)` of its cards, where
//!    `most(s)` is the most cards of `s` any player already holds with the
//!    board. For each such suit and each set `S` of its cards that large or
//!    larger, the players it gives five of the suit are valued once on
//!    their real cards: seven cards with five of a suit make no full house
//!    or four of a kind (the other two cannot make three of a rank with
//!    one of the suit), so a flush's value is its suit's cards' alone.
//!    Then for each multiset of ranks of the other cards to come, the
//!    boards are counted with the flushes (the others keep their values
//!    from sum 1, by the index of `S` with the multiset) and taken back as
//!    sum 1 counted them.
//!
//! No board is corrected twice: two suits would need `5 - most(s)` and
//! `5 - most(t)` cards among the `5 - b` to come (`b` known board cards),
//! and `most(s) + most(t)` is at most the board's `b` plus two hole cards
//! each, so together they need at least `6 - b`. For the same reason no
//! other suit flushes on a corrected board.
//!
//! Sum 2 is made once for each kind of suit. Two suits are alike when each
//! player, the board and the deck hold the same ranks of both: swapping
//! them maps the flush boards of one onto the other's, with the same
//! values and the same classes of ranks, so the first suit of a kind is
//! corrected and its corrections counted as many times as the kind has
//! suits (OMPEval and the other equity calculators fold suits the same
//! way).
//!
//! # Example: `AhAs` against `KdKc`, preflop
//!
//! Each player holds one card of each suit they share, so `most(s)` is 1 for
//! every suit and a flush needs four of it on the board. Hearts and spades
//! are alike (the aces' player holds the ace of each, and nobody else
//! holds one), and so are diamonds and clubs.
//!
//! - Sum 1 values 5,995 classes of ranks (two hands each) for the 1,712,304
//!   boards.
//! - Sum 2 values, for hearts and for diamonds, the 495 sets of four of the
//!   suit's 12 cards left (one player flushes) and the 792 sets of five
//!   (both do): 2,079 hands a suit. Each set of four is then counted with
//!   each of the 13 ranks the fifth card can have: 7,227 classes a suit,
//!   looked up, and counted twice.
//!
//! That is 16,148 hands valued, a 212th of the 3,424,608 the boards hold.

use alloc::collections::BTreeMap;
use alloc::vec;
use alloc::vec::Vec;

use super::{MAX_PLAYERS, Showdown, Tally};
use handeval_core::{BINOMIAL, BestFive, Card, Game};

/// The colex index of a multiset of `n` ranks written in unary ([`add`]):
/// the sum of `C(a_i + i, i + 1)` over its ranks `a_0 <= a_1 <= ...`
/// ([`BINOMIAL`]).
#[inline(always)]
fn unary_index(mut unary: u64, n: usize) -> usize {
    let mut i = 0;
    for k in 0..n {
        let rank = unary.trailing_zeros() as usize >> 2;
        unary &= unary - 1;
        i += usize::from(BINOMIAL[rank + k][k + 1]);
    }
    i
}

/// A rank added to a multiset written in unary per rank: nibble `r` holds
/// one bit per card of rank `r`, lowest first, so the set bits ascend by
/// rank, as a sorted hand does.
#[inline(always)]
const fn add(unary: u64, rank: u8) -> u64 {
    let nibble = 0xf << (4 * rank);
    unary | ((unary & nibble) + (1 << (4 * rank)))
}

/// Every multiset of `N` ranks in unary ([`add`]), in colex order, so that
/// an entry's place is its [`unary_index`]: the odometer that counts up
/// the lowest place that can grow (staying at most the place above it, or
/// the ace) and sets the places below it to deuces.
const fn colex<const N: usize, const LEN: usize>() -> [u64; LEN] {
    let mut table = [0u64; LEN];
    let mut ranks = [0u8; 5];
    let mut i = 0;
    while i < LEN {
        let mut unary = 0;
        let mut j = 0;
        while j < N {
            unary = add(unary, ranks[j]);
            j += 1;
        }
        table[i] = unary;
        let mut j = 0;
        while j < N && ranks[j] == if j + 1 < N { ranks[j + 1] } else { 12 } {
            j += 1;
        }
        if j < N {
            ranks[j] += 1;
            let mut k = 0;
            while k < j {
                ranks[k] = 0;
                k += 1;
            }
        }
        i += 1;
    }
    table
}

/// The multisets of `n` ranks for `n` up to four, each at its index (five
/// to come, preflop, are [`each_class_of_five`]'s nested loops; a nibble
/// could not write five of a rank).
static CLASSES: [&[u64]; 5] = {
    const fn len(n: usize) -> usize {
        BINOMIAL[12 + n][n] as usize
    }
    static C0: [u64; len(0)] = colex::<0, { len(0) }>();
    static C1: [u64; len(1)] = colex::<1, { len(1) }>();
    static C2: [u64; len(2)] = colex::<2, { len(2) }>();
    static C3: [u64; len(3)] = colex::<3, { len(3) }>();
    static C4: [u64; len(4)] = colex::<4, { len(4) }>();
    [&C0, &C1, &C2, &C3, &C4]
};

/// One in the three-bit field of each rank from `r` up: adding them for
/// each card counts the cards at or below each rank.
const AT_OR_ABOVE: [u64; 13] = {
    let mut t = [0u64; 13];
    let mut r = 13;
    while r > 0 {
        r -= 1;
        t[r] = (1 << (3 * r)) | if r < 12 { t[r + 1] } else { 0 };
    }
    t
};

/// The top card of each rank's run in a multiset in unary: a bit each.
#[inline(always)]
fn run_tops(unary: u64) -> u64 {
    unary & !((unary >> 1) & 0x7777_7777_7777_7777)
}

/// The players' hands, what is left to deal, and which suits can flush.
struct Deal {
    count: usize,
    /// Cards to come.
    need: usize,
    /// Each player's cards so far: two hole cards, then the known board.
    fixed: [[Card; 7]; MAX_PLAYERS],
    /// Cards held so far per player.
    held: usize,
    /// Each player's cards so far in unary ranks ([`add`]).
    unary: [u64; MAX_PLAYERS],
    /// For each hole card, its rank's first card, how many of the player's
    /// cards before it share its rank, and its rank's field in a count by
    /// rank ([`Deal::unsuited`]).
    hole: [[[usize; 3]; 2]; MAX_PLAYERS],
    /// Each player's cards so far of each suit.
    suited: [[usize; 4]; MAX_PLAYERS],
    /// Cards left of each rank.
    left: [u8; 13],
    /// The ranks left of each suit, a bit each.
    mine: [u16; 4],
    /// For the first suit of each kind, how many suits are of its kind
    /// (0 for the others): two suits are alike when each player, the board
    /// and the deck hold the same ranks of both, so that the flushes of
    /// one are the other's with the suits swapped, on the same classes of
    /// ranks, and count the same.
    alike: [u64; 4],
    /// The cards left.
    rest: [Card; Card::COUNT],
    rest_len: usize,
}

impl Deal {
    fn new(s: &Showdown) -> Deal {
        let mut fixed = [[s.players[0][0]; 7]; MAX_PLAYERS];
        let held = 2 + s.known;
        let mut unary = [0u64; MAX_PLAYERS];
        let mut suited = [[0usize; 4]; MAX_PLAYERS];
        let mut hole = [[[0usize; 3]; 2]; MAX_PLAYERS];
        for p in 0..s.count {
            for (h, card) in s.players[p].iter().enumerate() {
                let rank = usize::from(card.index() >> 2);
                let nth = usize::from(h == 1 && s.players[p][0].rank() == card.rank());
                hole[p][h] = [rank * 4, nth, 3 * rank];
            }
            fixed[p][..2].copy_from_slice(&s.players[p]);
            fixed[p][2..held].copy_from_slice(&s.board[..s.known]);
            for c in &fixed[p][..held] {
                unary[p] = add(unary[p], c.index() >> 2);
                suited[p][usize::from(c.index() & 3)] += 1;
            }
        }
        let mut left = [0u8; 13];
        let mut mine = [0u16; 4];
        for c in s.rest() {
            left[usize::from(c.index() >> 2)] += 1;
            mine[usize::from(c.index() & 3)] |= 1 << (c.index() >> 2);
        }
        let ranks_of = |cards: &[Card], suit: usize| {
            cards
                .iter()
                .filter(|c| usize::from(c.index() & 3) == suit)
                .fold(0u16, |bits, c| bits | 1 << (c.index() >> 2))
        };
        let kind = |suit: usize| {
            let mut kind = [0u16; MAX_PLAYERS + 2];
            kind[0] = mine[suit];
            kind[1] = ranks_of(&s.board[..s.known], suit);
            for p in 0..s.count {
                kind[2 + p] = ranks_of(&s.players[p], suit);
            }
            kind
        };
        let mut alike = [0u64; 4];
        for suit in 0..4 {
            let first = (0..=suit).find(|&t| kind(t) == kind(suit)).unwrap_or(suit);
            alike[first] += 1;
        }
        Deal {
            count: s.count,
            need: 5 - s.known,
            fixed,
            held,
            unary,
            hole,
            suited,
            left,
            mine,
            alike,
            rest: s.rest,
            rest_len: s.left,
        }
    }

    /// Player `p`'s cards so far with `cards` to come, re-suited so that no
    /// suit flushes. The cards to come take the suits in turn in rank
    /// order (at most two of a suit). Preflop, each hole card takes the
    /// suit of the place it would have among them, after those of its rank
    /// (the second of a pair the place after): a suit none of its rank
    /// took, and at most four of a suit. `places` counts the cards to come
    /// at or below each rank, three bits a rank: a shift and a mask, where
    /// counting the bits of a mask would be a dozen instructions on the
    /// baseline x86-64 this builds for. With a known board, all seven
    /// cards in rank order take the suits in turn: at most two of a suit.
    #[inline(always)]
    fn unsuited(&self, p: usize, cards: &[Card], places: u64) -> [Card; 7] {
        if self.held == 2 {
            let hole = |h: usize| {
                let [card, nth, field] = self.hole[p][h];
                let place = ((places >> field) & 7) as usize + nth;
                Card::ALL[card | (place & 3)]
            };
            return [
                hole(0),
                hole(1),
                cards[0],
                cards[1],
                cards[2],
                cards[3],
                cards[4],
            ];
        }
        self.unsuited_on_board(p, cards)
    }

    /// [`Deal::unsuited`] with a known board: out of line, so that the
    /// preflop case inlines small.
    fn unsuited_on_board(&self, p: usize, cards: &[Card]) -> [Card; 7] {
        let mut hand = self.fixed[p];
        let mut unary = self.unary[p];
        for c in cards {
            unary = add(unary, c.index() >> 2);
        }
        for (i, slot) in hand.iter_mut().enumerate() {
            let bit = unary.trailing_zeros() as usize;
            unary &= unary - 1;
            *slot = Card::ALL[(bit & !3) | (i & 3)];
        }
        hand
    }

    /// The fewest cards of `suit` to come that can make a flush.
    fn fewest(&self, suit: usize) -> usize {
        let most = (0..self.count).map(|p| self.suited[p][suit]).max();
        5usize.saturating_sub(most.unwrap_or(0))
    }
}

/// Each multiset of `n` ranks with at most `avail[r]` of rank `r`, in
/// lexicographic order, as ascending ranks: an odometer, which costs far
/// less a step than a recursion.
struct Multisets<'a> {
    avail: &'a [u8; 13],
    /// Cards left from each rank up.
    room: [usize; 14],
    ranks: [u8; 5],
    n: usize,
}

impl<'a> Multisets<'a> {
    /// The first multiset, or `None` if there are fewer than `n` cards.
    fn new(avail: &'a [u8; 13], n: usize) -> Option<Multisets<'a>> {
        let mut room = [0usize; 14];
        for r in (0..13).rev() {
            room[r] = room[r + 1] + usize::from(avail[r]);
        }
        if room[0] < n {
            return None;
        }
        let mut m = Multisets {
            avail,
            room,
            ranks: [0; 5],
            n,
        };
        m.fill(0, 0);
        Some(m)
    }

    fn ranks(&self) -> &[u8] {
        &self.ranks[..self.n]
    }

    /// The ways to deal the multiset: over its runs of one rank, the
    /// product of `C(cards of the rank, the run's length)`.
    fn ways(&self) -> u64 {
        let ranks = self.ranks();
        let mut ways = 1;
        let mut run = 0;
        for (j, &r) in ranks.iter().enumerate() {
            run += 1;
            if ranks.get(j + 1) != Some(&r) {
                ways *= u64::from(BINOMIAL[usize::from(self.avail[usize::from(r)])][run]);
                run = 0;
            }
        }
        ways
    }

    /// The smallest ranks from `rank` up at places `from..`.
    fn fill(&mut self, from: usize, rank: usize) {
        let (mut r, mut c) = (rank, 0);
        for place in from..self.n {
            while c == self.avail[r] {
                r += 1;
                c = 0;
            }
            self.ranks[place] = r as u8;
            c += 1;
        }
    }

    /// Steps to the next multiset; `false` after the last.
    fn next(&mut self) -> bool {
        for place in (0..self.n).rev() {
            // A larger rank here is not among the ranks before (they are
            // at most this one), so any rank with cards left will do, if
            // enough cards are left from it up to fill the rest.
            let mut r = usize::from(self.ranks[place]) + 1;
            while r < 13 && self.avail[r] == 0 {
                r += 1;
            }
            if r < 13 && self.room[r] >= self.n - place {
                self.fill(place, r);
                return true;
            }
        }
        false
    }
}

/// Calls `f` with each multiset of `n` ranks, at most `avail[r]` of rank
/// `r`, ascending, and the ways to deal it.
fn each_multiset(avail: &[u8; 13], n: usize, mut f: impl FnMut(&[u8], u64)) {
    if let Some(mut m) = Multisets::new(avail, n) {
        loop {
            f(m.ranks(), m.ways());
            if !m.next() {
                break;
            }
        }
    }
}

/// Calls `f` with each set of `suit`'s cards to come large enough to
/// flush someone (its suit, its size and its ranks, a bit each), and the
/// first five cards left of other suits (as many as there are), while
/// enough of them are left to fill the board.
fn each_flush_set(deal: &Deal, suit: usize, mut f: impl FnMut(usize, usize, u16, &[Card; 5])) {
    {
        let mine = deal.mine[suit];
        let mut filler = [deal.fixed[0][0]; 5];
        let mut others = 0;
        for &c in &deal.rest[..deal.rest_len] {
            if usize::from(c.index() & 3) != suit && others < 5 {
                filler[others] = c;
                others += 1;
            }
        }
        for k in deal.fewest(suit)..=deal.need.min(mine.count_ones() as usize) {
            if others >= deal.need - k {
                subsets(mine, k, &mut |set| f(suit, k, set, &filler));
            }
        }
    }
}

/// Calls `f` with each `k`-bit subset of `bits`, as ranks a bit each.
#[inline(always)]
fn subsets(bits: u16, k: usize, f: &mut impl FnMut(u16)) {
    let mut at = [0u16; 16];
    let mut n = 0;
    let mut rest = bits;
    while rest != 0 {
        at[n] = rest & rest.wrapping_neg();
        rest &= rest - 1;
        n += 1;
    }
    if k > n {
        return;
    }
    if k == 0 {
        f(0);
        return;
    }
    // Each `k` of the `n` places in turn (Gosper's hack), mapped to bits.
    let mut places: u32 = (1 << k) - 1;
    while places < 1 << n {
        let mut set = 0;
        let mut p = places;
        while p != 0 {
            set |= at[p.trailing_zeros() as usize];
            p &= p - 1;
        }
        f(set);
        let low = places & places.wrapping_neg();
        let ripple = places + low;
        places = (((ripple ^ places) >> 2) >> low.trailing_zeros()) | ripple;
    }
}

/// A set of one suit's cards to come on which someone flushes.
struct Flush {
    suit: usize,
    /// The set's ranks, a bit each.
    set: u16,
    /// Where each player's flush value is among the flush values, or
    /// `usize::MAX` for a player without a flush.
    value: [usize; MAX_PLAYERS],
}

/// The players holding the best of their `value`s, a bit each.
#[inline]
fn winners<T: Ord + Copy>(count: usize, value: impl Fn(usize) -> T) -> usize {
    if count == 2 {
        let (a, b) = (value(0), value(1));
        return usize::from(a >= b) | usize::from(b >= a) << 1;
    }
    let mut best = value(0);
    let mut mask = 1;
    for p in 1..count {
        let v = value(p);
        if v > best {
            best = v;
            mask = 1 << p;
        } else if v == best {
            mask |= 1 << p;
        }
    }
    mask
}

/// Sums 1 and 2 kept from one showdown to the next, by what they depend
/// on: sum 1 on the players' ranks and the ranks left, each suit's part of
/// sum 2 on those and the ranks of the suit each player, the board and
/// the deck hold. Deals of a range count that differ in suits the players
/// share alike reuse them (and alike suits of one deal, as OMPEval folds
/// them). At most [`Kept::MOST`] sums 1 are kept (tens of kilobytes
/// each) and 64 times as many parts of sum 2 (half a kilobyte each); past
/// that, all of a kind are dropped and made again as needed.
pub struct Kept<S> {
    ranks: BTreeMap<Vec<u8>, (RankValues<S>, [u64; 1 << MAX_PLAYERS])>,
    suits: BTreeMap<Vec<u8>, [u64; 1 << MAX_PLAYERS]>,
}

impl<S> Default for Kept<S> {
    fn default() -> Self {
        Kept {
            ranks: BTreeMap::new(),
            suits: BTreeMap::new(),
        }
    }
}

impl<S> Kept<S> {
    /// The most sums of each kind kept.
    pub const MOST: usize = 256;

    /// How many sums 1 and parts of sum 2 it holds.
    pub fn len(&self) -> (usize, usize) {
        (self.ranks.len(), self.suits.len())
    }
}

/// What sum 1 depends on: each player's hole ranks in order, the board's
/// ranks, the ranks left.
fn rank_key(deal: &Deal, s: &Showdown) -> Vec<u8> {
    let mut key = Vec::with_capacity(2 + 2 * deal.count + 5 + 1 + 13);
    key.extend_from_slice(&[deal.count as u8, deal.need as u8]);
    for p in &s.players[..deal.count] {
        key.extend(p.iter().map(|c| c.index() >> 2));
    }
    let start = key.len();
    key.extend(s.board[..s.known].iter().map(|c| c.index() >> 2));
    key[start..].sort_unstable();
    key.push(u8::MAX);
    key.extend_from_slice(&deal.left);
    key
}

/// What a suit's part of sum 2 depends on beyond sum 1: the ranks of the
/// suit each player holds, the board holds and the deck has left.
fn suit_key(rank_key: &[u8], deal: &Deal, s: &Showdown, suit: usize) -> Vec<u8> {
    let ranks_of = |cards: &[Card]| {
        cards
            .iter()
            .filter(|c| usize::from(c.index() & 3) == suit)
            .fold(0u16, |bits, c| bits | 1 << (c.index() >> 2))
    };
    let mut key = rank_key.to_vec();
    for p in &s.players[..deal.count] {
        key.extend_from_slice(&ranks_of(p).to_le_bytes());
    }
    key.extend_from_slice(&ranks_of(&s.board[..s.known]).to_le_bytes());
    key.extend_from_slice(&deal.mine[suit].to_le_bytes());
    key
}

/// Counts every board of `s` by classes, valuing hands with `E`, with the
/// sums `kept` already holds and keeping those it makes.
pub(super) fn tally<G: Game, E: BestFive<G>>(s: &Showdown, kept: &mut Kept<E::Strength>) -> Tally {
    let deal = Deal::new(s);
    let Kept { ranks, suits } = kept;
    let key = rank_key(&deal, s);
    if !ranks.contains_key(&key) {
        if ranks.len() >= Kept::<E::Strength>::MOST {
            ranks.clear();
        }
        // Boards counted by the set of players holding the best value;
        // weights taken back are two's complements, and the sums wrap to
        // the truth.
        let mut by_winners = [0u64; 1 << MAX_PLAYERS];
        let values = sum_of_ranks::<G, E>(&deal, &mut by_winners);
        ranks.insert(key.clone(), (values, by_winners));
    }
    let (values, sum_1) = &ranks[&key];
    let mut by_winners = *sum_1;
    for suit in 0..4 {
        let flushable = deal.fewest(suit) <= deal.need.min(deal.mine[suit].count_ones() as usize);
        if !flushable {
            continue;
        }
        let key = suit_key(&key, &deal, s, suit);
        let part = if let Some(part) = suits.get(&key) {
            *part
        } else {
            let (flushes, flush_values) = flush_sets::<G, E>(&deal, suit, values.by_index[0]);
            let part = sum_of_flushes(&deal, suit, &flushes, &flush_values, values);
            if suits.len() >= Kept::<E::Strength>::MOST * 64 {
                suits.clear();
            }
            suits.insert(key, part);
            part
        };
        for (total, p) in by_winners.iter_mut().zip(&part) {
            *total = total.wrapping_add(*p);
        }
    }

    let mut tally = Tally::default();
    for (mask, &w) in by_winners.iter().enumerate().skip(1) {
        let n = u64::from(mask.count_ones());
        tally.boards = tally.boards.wrapping_add(w);
        for p in (0..deal.count).filter(|p| mask & 1 << p != 0) {
            if n == 1 {
                tally.wins[p] += w;
            } else {
                tally.ties[p] += w;
                tally.shares[p] += w * (60 / n);
            }
        }
    }
    tally
}

/// Each player's value on each class of ranks, valued without flushes, by
/// the multiset's [`unary_index`], and who wins there.
struct RankValues<S> {
    by_index: Vec<S>,
    winners_at: Vec<u8>,
}

/// Sum 1: every multiset of ranks to come, valued without flushes and
/// counted into `by_winners`.
fn sum_of_ranks<G: Game, E: BestFive<G>>(
    deal: &Deal,
    by_winners: &mut [u64; 1 << MAX_PLAYERS],
) -> RankValues<E::Strength> {
    let count = deal.count;
    let size = usize::from(BINOMIAL[12 + deal.need][deal.need]);
    let RankHands { at, weights, hands } = rank_hands::<G>(deal);
    let probe = E::strength(&hands[0][0]);
    let mut values = vec![vec![probe; at.len()]; count];
    for (hands, values) in hands.iter().zip(&mut values) {
        E::strengths(hands, values);
    }
    let mut by_index = vec![probe; size * count];
    let mut winners_at = vec![0u8; size];
    for (j, (&i, &w)) in at.iter().zip(&weights).enumerate() {
        let mask = winners(count, |p| values[p][j]);
        by_winners[mask] = by_winners[mask].wrapping_add(w);
        winners_at[i] = mask as u8;
        for p in 0..count {
            by_index[i * count + p] = values[p][j];
        }
    }
    RankValues {
        by_index,
        winners_at,
    }
}

/// Each class of ranks to come that can be dealt: its index, its ways, and
/// each player's hand on it, re-suited so that no suit flushes.
struct RankHands<G> {
    at: Vec<usize>,
    weights: Vec<u64>,
    /// Per player, a hand a class.
    hands: Vec<Vec<G>>,
}

/// The hands of sum 1, apart from valuing them: generic over the game
/// alone, so that this, the bulk of the code, is compiled once and not
/// once per evaluator.
fn rank_hands<G: Game>(deal: &Deal) -> RankHands<G> {
    let count = deal.count;
    let size = usize::from(BINOMIAL[12 + deal.need][deal.need]);
    let mut at = Vec::with_capacity(size);
    let mut weights = Vec::with_capacity(size);
    let mut hands: Vec<Vec<G>> = vec![Vec::with_capacity(size); count];
    // Inlined in each loop below: a call a class was a quarter of the
    // count, profiled preflop.
    macro_rules! class {
        ($i:expr, $w:expr, $cards:expr, $places:expr) => {
            at.push($i);
            weights.push($w);
            for (p, hands) in hands.iter_mut().enumerate() {
                hands.push(G::from_dealt(&deal.unsuited(p, $cards, $places)));
            }
        };
    }
    if deal.need == 5 {
        each_class_of_five(&deal.left, |i, w, cards, places| {
            class!(i, w, cards, places);
        });
    } else {
        // The ways to deal a rank's run of cards, by the bit of its top
        // card in unary (bit 64, past the last run, one way).
        let mut ways_of_run = [1u64; 65];
        for (bit, ways) in ways_of_run.iter_mut().enumerate().take(Card::COUNT) {
            *ways = u64::from(BINOMIAL[usize::from(deal.left[bit >> 2])][(bit & 3) + 1]);
        }
        for (i, &unary) in CLASSES[deal.need].iter().enumerate() {
            // Over the at most five runs, a fixed count of steps: no
            // branch on how many there are.
            let mut tops = run_tops(unary);
            let mut w = 1;
            for _ in 0..5 {
                w *= ways_of_run[tops.trailing_zeros() as usize];
                tops &= tops.wrapping_sub(1);
            }
            if w == 0 {
                continue;
            }
            let mut cards = [deal.fixed[0][0]; 5];
            let mut places = 0;
            let mut rest = unary;
            for (j, card) in cards.iter_mut().enumerate().take(deal.need) {
                let rank = rest.trailing_zeros() as usize >> 2;
                *card = Card::ALL[rank * 4 + (j & 3)];
                places += AT_OR_ABOVE[rank];
                rest &= rest.wrapping_sub(1);
            }
            class!(i, w, &cards[..deal.need], places);
        }
    }
    RankHands { at, weights, hands }
}

/// Preflop, each multiset of five ranks to come with at least one way to
/// deal it, in colex order: five nested loops over its ranks,
/// the highest outermost, so that the index counts up by one a class and
/// each loop's card, count by rank and ways are made once for every class
/// inside it. Calls `f` with the index, the ways, the cards (in rank order,
/// taking the suits in turn) and the count of cards at or below each rank
/// ([`Deal::unsuited`]).
///
/// The ways are carried down the loops as the product over the runs of one
/// rank already closed (`done`) and the length of the open run: a rank
/// unlike the one above closes that one's run, `C(cards left, length)`.
// The loops are over ranks, and index the tables by them as the sums
// above do: iterators over the tables measured 5% slower.
#[allow(clippy::needless_range_loop)]
#[inline(always)]
fn each_class_of_five(left: &[u8; 13], mut f: impl FnMut(usize, u64, &[Card], u64)) {
    let ways = |r: usize, n: usize| u64::from(BINOMIAL[usize::from(left[r])][n]);
    // The state below a place of rank `r` after a place of rank `above`.
    let step = |r: usize, above: usize, (done, run): (u64, usize)| {
        if r == above {
            (done, run + 1)
        } else {
            (done * ways(above, run), 1)
        }
    };
    let mut i = 0;
    let mut cards = [Card::ALL[0]; 5];
    for r4 in 0..13 {
        cards[4] = Card::ALL[r4 * 4];
        let (s4, p4) = ((1, 1), AT_OR_ABOVE[r4]);
        for r3 in 0..=r4 {
            cards[3] = Card::ALL[r3 * 4 + 3];
            let (s3, p3) = (step(r3, r4, s4), p4 + AT_OR_ABOVE[r3]);
            for r2 in 0..=r3 {
                cards[2] = Card::ALL[r2 * 4 + 2];
                let (s2, p2) = (step(r2, r3, s3), p3 + AT_OR_ABOVE[r2]);
                for r1 in 0..=r2 {
                    cards[1] = Card::ALL[r1 * 4 + 1];
                    let ((done, run), p1) = (step(r1, r2, s2), p2 + AT_OR_ABOVE[r1]);
                    // Below the lowest place: a deuce to `r1`'s run, or a
                    // lower rank closing it.
                    let closed = done * ways(r1, run);
                    for r0 in 0..=r1 {
                        cards[0] = Card::ALL[r0 * 4];
                        let w = if r0 < r1 {
                            closed * u64::from(left[r0])
                        } else {
                            done * ways(r1, run + 1)
                        };
                        if w != 0 {
                            f(i, w, &cards, p1 + AT_OR_ABOVE[r0]);
                        }
                        i += 1;
                    }
                }
            }
        }
    }
}

/// Sum 2, first the flushes: each set of a suit's cards to come that
/// flushes someone, with each such player's hand on any other cards,
/// valued.
fn flush_sets<G: Game, E: BestFive<G>>(
    deal: &Deal,
    suit: usize,
    probe: E::Strength,
) -> (Vec<Flush>, Vec<E::Strength>) {
    let (flushes, flush_hands) = flush_hands::<G>(deal, suit);
    let mut flush_values = vec![probe; flush_hands.len()];
    E::strengths(&flush_hands, &mut flush_values);
    (flushes, flush_values)
}

/// The flush sets and their hands, apart from valuing them: compiled once
/// for the game, not once per evaluator.
fn flush_hands<G: Game>(deal: &Deal, suit: usize) -> (Vec<Flush>, Vec<G>) {
    let mut flushes = Vec::new();
    // The hands' cards one after another, made hands only once all are
    // written: a hand read whole just after its cards were stored one by
    // one would stall on the forwarding of each store (half of this
    // function's time, profiled preflop).
    let mut cards = Vec::new();
    each_flush_set(deal, suit, |suit, k, set, filler| {
        // Written in place, each player's place of value after: a record
        // made on the stack, changed and copied whole would stall on the
        // forwarding of the stores that changed it.
        flushes.push(Flush {
            suit,
            set,
            value: [usize::MAX; MAX_PLAYERS],
        });
        let value = &mut flushes.last_mut().expect("pushed").value;
        // The cards to come, the same for every player.
        let mut bits = set;
        let mut card = |j: usize| {
            if j < k {
                let rank = bits.trailing_zeros() as usize;
                bits &= bits.wrapping_sub(1);
                Card::ALL[rank * 4 + suit]
            } else {
                filler[j - k]
            }
        };
        // As one value (past the cards to come, filler never read): stores
        // of one card each read back whole would stall on the forwarding.
        let dealt = [card(0), card(1), card(2), card(3), card(4)];
        for p in (0..deal.count).filter(|&p| deal.suited[p][suit] + k >= 5) {
            value[p] = cards.len() / 7;
            if deal.held == 2 {
                // Copies of lengths known here, where others are calls.
                cards.extend_from_slice(&deal.fixed[p][..2]);
                cards.extend_from_slice(&dealt);
            } else {
                cards.extend_from_slice(&deal.fixed[p][..deal.held]);
                cards.extend_from_slice(&dealt[..deal.need]);
            }
        }
    });
    let flush_hands = cards.chunks_exact(7).map(G::from_dealt).collect();
    (flushes, flush_hands)
}

/// The multisets of ranks of the cards to come outside each suit, by their
/// size, with the ways to deal each.
type Others = [[Vec<([u8; 5], u64)>; 6]; 4];

/// Then each flush set of `suit` with each multiset of ranks of the other
/// cards to come: counted with the flushes, taken back as sum 1 counted
/// it; the difference, by the set of winners (wrapping).
fn sum_of_flushes<V: Ord + Copy>(
    deal: &Deal,
    suit: usize,
    flushes: &[Flush],
    flush_values: &[V],
    ranks: &RankValues<V>,
) -> [u64; 1 << MAX_PLAYERS] {
    let count = deal.count;
    let (by_index, winners_at) = (&ranks.by_index, &ranks.winners_at);
    // The multisets depend on the suit and their size alone.
    let mut more: Others = Default::default();
    {
        let more = &mut more[suit];
        let mut others = deal.left;
        for (rank, n) in others.iter_mut().enumerate() {
            *n -= u8::from(deal.mine[suit] & 1 << rank != 0);
        }
        let fewest = deal.fewest(suit);
        for (m, more) in more.iter_mut().enumerate().take(deal.need + 1) {
            if m + fewest <= deal.need {
                each_multiset(&others, m, |ranks, w| {
                    let mut r = [0u8; 5];
                    r[..m].copy_from_slice(ranks);
                    more.push((r, w));
                });
            }
        }
    }
    let mut gained = [0u64; 1 << MAX_PLAYERS];
    let mut lost = [0u64; 1 << MAX_PLAYERS];
    let mut heads_up = HeadsUp::default();
    // The classes of ranks each flush set is counted on, with their ways.
    let mut classes: Vec<(usize, u64)> = Vec::new();
    for flush in flushes {
        let k = flush.set.count_ones() as usize;
        let alike = 1;
        let list = &more[flush.suit][deal.need - k];
        flush_classes(deal, flush.set, list, &mut classes);
        if count == 2 {
            heads_up.settle(flush, flush_values, ranks, &classes, alike);
            continue;
        }
        let mut flushed = [by_index[0]; MAX_PLAYERS];
        let mut flushing = 0usize;
        for p in 0..count {
            if flush.value[p] != usize::MAX {
                flushed[p] = flush_values[flush.value[p]];
                flushing |= 1 << p;
            }
        }
        for &(i, w) in &classes {
            let value = |p: usize| {
                if flushing & 1 << p != 0 {
                    flushed[p]
                } else {
                    by_index[i * count + p]
                }
            };
            gained[winners(count, value)] += w * alike;
            lost[usize::from(winners_at[i])] += w * alike;
        }
    }
    heads_up.into_counts(&mut gained, &mut lost);
    let mut part = [0u64; 1 << MAX_PLAYERS];
    for (total, (g, l)) in part.iter_mut().zip(gained.iter().zip(&lost)) {
        *total = g.wrapping_sub(*l);
    }
    part
}

/// The classes of ranks a flush set of `set`'s ranks is on, with the ways
/// to deal each: the set with each multiset of the other cards to come
/// (`list`).
#[inline]
fn flush_classes(deal: &Deal, set: u16, list: &[([u8; 5], u64)], classes: &mut Vec<(usize, u64)>) {
    let k = set.count_ones() as usize;
    classes.clear();
    if deal.need - k == 1 {
        // One more rank `r`, after the `j` of the set's ranks at most
        // `r`: the index is the set's terms before it, its own, and
        // the set's after it, each one place further.
        let mut before = [0usize; 6];
        let mut after = [0usize; 6];
        let mut ranks = [0usize; 5];
        let mut bits = set;
        for rank in &mut ranks[..k] {
            *rank = bits.trailing_zeros() as usize;
            bits &= bits - 1;
        }
        for j in 0..k {
            before[j + 1] = before[j] + usize::from(BINOMIAL[ranks[j] + j][j + 1]);
        }
        for j in (0..k).rev() {
            after[j] = after[j + 1] + usize::from(BINOMIAL[ranks[j] + j + 1][j + 2]);
        }
        // The index for each rank the card can have.
        let mut at = [0usize; 13];
        let mut j = 0;
        for (r, at) in at.iter_mut().enumerate() {
            j += usize::from(set & 1 << r != 0);
            *at = before[j] + usize::from(BINOMIAL[r + j][j + 1]) + after[j];
        }
        classes.extend(list.iter().map(|&(more, w)| (at[usize::from(more[0])], w)));
    } else if deal.need == k {
        // The set is the whole class: its colex index straight from
        // its ranks, distinct and ascending.
        let mut i = 0;
        let mut bits = set;
        for j in 0..k {
            i += usize::from(BINOMIAL[bits.trailing_zeros() as usize + j][j + 1]);
            bits &= bits - 1;
        }
        classes.extend(list.iter().map(|&(_, w)| (i, w)));
    } else {
        let mut unary = 0u64;
        let mut bits = set;
        while bits != 0 {
            unary = add(unary, bits.trailing_zeros() as u8);
            bits &= bits - 1;
        }
        classes.extend(list.iter().map(|&(ranks, w)| {
            let mut all = unary;
            for &r in &ranks[..deal.need - k] {
                all = add(all, r);
            }
            (unary_index(all, deal.need), w)
        }));
    }
}

/// Heads-up boards counted with the flushes and taken back, in registers:
/// for each of the two, the weight of the boards where their value is at
/// least the other's. Counts kept in an array indexed by the winners
/// would chain each addition through memory, one store's forwarding after
/// another: a third of the whole count, profiled preflop.
#[derive(Default)]
struct HeadsUp {
    gained: [u64; 2],
    lost: [u64; 2],
    all: u64,
}

impl HeadsUp {
    /// Counts the flush set on each class of ranks with the flushes, and
    /// takes each back as sum 1 counted it.
    #[inline]
    fn settle<V: Ord + Copy>(
        &mut self,
        flush: &Flush,
        flush_values: &[V],
        ranks: &RankValues<V>,
        classes: &[(usize, u64)],
        alike: u64,
    ) {
        let (by_index, winners_at) = (&ranks.by_index, &ranks.winners_at);
        let flushed = |p: usize| Some(flush.value[p]).filter(|&v| v != usize::MAX);
        // One loop, specialised by the closure for who flushes.
        let [g0, g1, l0, l1, all] = match (flushed(0), flushed(1)) {
            (Some(a), Some(b)) => {
                let (a, b) = (flush_values[a], flush_values[b]);
                Self::sums(classes, winners_at, |_| (a, b))
            }
            (Some(a), None) => {
                let a = flush_values[a];
                Self::sums(classes, winners_at, |i| (a, by_index[2 * i + 1]))
            }
            (None, Some(b)) => {
                let b = flush_values[b];
                Self::sums(classes, winners_at, |i| (by_index[2 * i], b))
            }
            // A flush set flushes someone.
            (None, None) => [0; 5],
        };
        let times = |sum: u64| sum.wrapping_mul(alike);
        self.gained[0] = self.gained[0].wrapping_add(times(g0));
        self.gained[1] = self.gained[1].wrapping_add(times(g1));
        self.lost[0] = self.lost[0].wrapping_add(times(l0));
        self.lost[1] = self.lost[1].wrapping_add(times(l1));
        self.all = self.all.wrapping_add(times(all));
    }

    /// Over the classes: the weight where each player's value (`values`
    /// of the class's index) is at least the other's, the same as sum 1
    /// counted it (`winners_at`), and all the weight.
    #[inline(always)]
    fn sums<V: Ord>(
        classes: &[(usize, u64)],
        winners_at: &[u8],
        values: impl Fn(usize) -> (V, V),
    ) -> [u64; 5] {
        let ge = |yes: bool, w: u64| w & 0u64.wrapping_sub(u64::from(yes));
        let [mut g0, mut g1, mut l0, mut l1, mut all] = [0u64; 5];
        for &(i, w) in classes {
            let (a, b) = values(i);
            g0 = g0.wrapping_add(ge(a >= b, w));
            g1 = g1.wrapping_add(ge(b >= a, w));
            let was = winners_at[i];
            l0 = l0.wrapping_add(ge(was & 1 != 0, w));
            l1 = l1.wrapping_add(ge(was & 2 != 0, w));
            all = all.wrapping_add(w);
        }
        [g0, g1, l0, l1, all]
    }

    /// Into counts by the set of winners: a player alone wins where their
    /// value is at least the other's and not equal, and the two tie on
    /// the weight both sums count, the sum of the two less all boards.
    fn into_counts(self, gained: &mut [u64], lost: &mut [u64]) {
        for (sums, counts) in [(self.gained, gained), (self.lost, lost)] {
            let tie = sums[0].wrapping_add(sums[1]).wrapping_sub(self.all);
            counts[1] = counts[1].wrapping_add(sums[0].wrapping_sub(tie));
            counts[2] = counts[2].wrapping_add(sums[1].wrapping_sub(tie));
            counts[3] = counts[3].wrapping_add(tie);
        }
    }
}

/// How many hands [`tally`] values: each player's in each class of ranks,
/// and each flush.
pub(super) fn hands_valued(s: &Showdown) -> u64 {
    let deal = Deal::new(s);
    let mut n = 0u64;
    each_multiset(&deal.left, deal.need, |_, _| n += deal.count as u64);
    for suit in (0..4).filter(|&suit| deal.alike[suit] != 0) {
        each_flush_set(&deal, suit, |suit, k, _, _| {
            n += (0..deal.count)
                .filter(|&p| deal.suited[p][suit] + k >= 5)
                .count() as u64;
        });
    }
    n
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_class_is_at_its_colex_index() {
        for (n, classes) in CLASSES.iter().enumerate() {
            assert_eq!(classes.len(), usize::from(BINOMIAL[12 + n][n]));
            for (i, &unary) in classes.iter().enumerate() {
                assert_eq!(unary.count_ones() as usize, n, "{n}: {i}");
                assert_eq!(unary_index(unary, n), i, "{n}: {unary:x}");
            }
        }
    }

    /// The nested loops give every multiset of five ranks with a way to
    /// deal it, at its colex index, with the ways the product over ranks
    /// gives, and skip exactly those with none.
    #[test]
    fn the_loops_over_five_ranks_deal_every_class_of_five() {
        let decks: [[u8; 13]; 3] = [
            [4; 13],
            [2, 4, 4, 3, 4, 4, 1, 4, 4, 0, 4, 2, 2],
            [1, 0, 2, 3, 4, 1, 0, 2, 3, 4, 1, 0, 2],
        ];
        for left in decks {
            // Every ascending five, by the formulas, in index order.
            let mut expected = Vec::new();
            let mut ranks = [0usize; 5];
            for code in 0..13usize.pow(5) {
                for (j, rank) in ranks.iter_mut().enumerate() {
                    *rank = code / 13usize.pow(j as u32) % 13;
                }
                if ranks.windows(2).any(|w| w[0] > w[1]) {
                    continue;
                }
                let i: usize = (0..5)
                    .map(|j| usize::from(BINOMIAL[ranks[j] + j][j + 1]))
                    .sum();
                let ways: u64 = (0..13)
                    .map(|r| {
                        let n = ranks.iter().filter(|&&a| a == r).count();
                        u64::from(BINOMIAL[usize::from(left[r])][n])
                    })
                    .product();
                if ways != 0 {
                    let cards: Vec<u8> = (0..5).map(|j| (ranks[j] * 4 + (j & 3)) as u8).collect();
                    let places = ranks.iter().map(|&r| AT_OR_ABOVE[r]).sum::<u64>();
                    expected.push((i, ways, cards, places));
                }
            }
            expected.sort_unstable();
            let mut dealt = Vec::new();
            each_class_of_five(&left, |i, w, cards, places| {
                let cards = cards.iter().map(|c| c.index()).collect::<Vec<u8>>();
                dealt.push((i, w, cards, places));
            });
            assert_eq!(dealt, expected, "{left:?}");
        }
    }
}
