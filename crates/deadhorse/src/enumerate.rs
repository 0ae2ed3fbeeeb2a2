//! [`SevenSimd`](crate::SevenSimd) dealt card by card: enumeration and
//! showdowns from partial sums, vectorised across the innermost three cards.
//!
//! # Why partial sums
//!
//! Every quantity the seven-card kernel starts from is a sum over the
//! cards: the OR `y`, the XOR `x` and the SUM of the rank bits, and, per
//! suit, the ranks held in it; and so is the run search's form of a rank
//! mask (one bit down, the ace copied below the 2), an OR too. In nested loops the outer cards' share of
//! each is the same for every inner deal, so it is computed once per outer
//! deal, as plain integers, and broadcast; the inner three cards' share is
//! precomputed once per deck for every triple ([`Triples`], in the
//! lexicographic order of the deal) and loaded, 32 triples a vector on
//! AVX-512, 16 on AVX2. A hand then costs four loads and four
//! operations (two more of each per flush candidate, below) before the
//! kernel's own arithmetic ([`SevenSimd`](crate::SevenSimd)'s
//! `from_sums`, shared word for word), where the batch kernel splits
//! seven bytes per hand and sums seven cards.
//!
//! Three inner cards, not one: after four outer cards an average deal
//! leaves about 500 triples, so vectors are 97% full; after six outer
//! cards a deal leaves seven single cards, a quarter of a vector.
//!
//! The flush needs no suit counters. Seven cards hold five of a suit only
//! if the four outer cards hold two of it, which at most two suits do; for
//! each of these candidates the vector ORs the outer cards' ranks in the
//! suit with the triple's (and their run-search forms), and a popcount of
//! five or more is the flush.
//!
//! Worked example (rank bits two up, as the kernel keeps them: the 2 at
//! bit 2): outer cards `2c 3c 9d Kd` (`0x4`, `0x8`, `0x200`, `0x2000`):
//! `y = x = sum = 0x220C`, candidates clubs (`0xC`) and diamonds
//! (`0x2200`). The triple `4c 5c 6c` has `y = x = sum = 0x70` and clubs
//! `0x70`: the hand's `y = 0x227C`, and clubs `0xC | 0x70 = 0x7C` count
//! five: a flush, whose run search (on the clubs' partial run sums, `0x6`
//! and `0x38`) finds `6-5-4-3-2`, a straight flush, as the batch kernel
//! finds for the same seven cards (a test below).
//!
//! # Showdowns
//!
//! On a preflop showdown the board's five cards are dealt the same way
//! from the cards no player holds: two outer board cards, then every
//! triple of the rest. Each player's outer part is their two hole cards
//! plus the two outer board cards, so one load of a triple's sums serves
//! every player, and a vector of boards is settled (best value, winners,
//! shares) with compares and masks, no branch.

use alloc::vec::Vec;

use handeval_core::Card;
use handeval_core::enumerate::Sink;
use handeval_equity::showdown::{Showdown, Tally};
use handeval_lanes::{Lanes, MAX_LANES};

use crate::seven_simd::{GUARD, SEVEN, Sums, from_sums, low_ace_of};

/// The most players a showdown holds.
const PLAYERS: usize = handeval_equity::showdown::MAX_PLAYERS;

/// Every triple of positions `i < j < k` of a list of cards, in
/// lexicographic order, with the rank bits' OR, XOR and SUM of its three
/// cards and their ranks in each suit; every array padded with a vector of
/// zeros, so a vector may start at any triple.
#[derive(Clone, Debug)]
pub struct Triples {
    /// `from[p]`: the first triple whose lowest position is `p` or more.
    from: Vec<usize>,
    or: Vec<u16>,
    xor: Vec<u16>,
    sum: Vec<u16>,
    /// Ranks in each suit; the fifth, all zeros, for "no candidate".
    suited: [Vec<u16>; 5],
    /// [`low_ace_of`] the OR and of each suit's ranks: the run search's
    /// partial sums.
    runs: Vec<u16>,
    suited_runs: [Vec<u16>; 5],
}

impl Triples {
    /// The triples of `cards` (in the order given).
    pub fn of(cards: &[Card]) -> Triples {
        let n = cards.len();
        let mut t = Triples {
            from: Vec::with_capacity(n + 1),
            or: Vec::new(),
            xor: Vec::new(),
            sum: Vec::new(),
            suited: Default::default(),
            runs: Vec::new(),
            suited_runs: Default::default(),
        };
        let bit = |c: Card| 1u16 << (u32::from(c.rank().index()) + GUARD);
        for i in 0..n {
            t.from.push(t.or.len());
            for j in i + 1..n {
                for k in j + 1..n {
                    let three = [cards[i], cards[j], cards[k]];
                    let bits = three.map(bit);
                    t.or.push(bits[0] | bits[1] | bits[2]);
                    t.runs.push(low_ace_of(bits[0] | bits[1] | bits[2]));
                    t.xor.push(bits[0] ^ bits[1] ^ bits[2]);
                    t.sum
                        .push(bits[0].wrapping_add(bits[1]).wrapping_add(bits[2]));
                    for (s, (suited, runs)) in
                        t.suited.iter_mut().zip(&mut t.suited_runs).enumerate()
                    {
                        let ranks = three
                            .iter()
                            .filter(|c| usize::from(c.suit().index()) == s)
                            .fold(0, |m, &c| m | bit(c));
                        suited.push(ranks);
                        runs.push(low_ace_of(ranks));
                    }
                }
            }
        }
        t.from.push(t.or.len());
        for v in [&mut t.or, &mut t.xor, &mut t.sum, &mut t.runs]
            .into_iter()
            .chain(t.suited.iter_mut())
            .chain(t.suited_runs.iter_mut())
        {
            v.extend([0; MAX_LANES]);
        }
        t
    }

    /// How many triples there are.
    fn len(&self) -> usize {
        self.from[self.from.len() - 1]
    }
}

/// The outer cards' share of a hand: the rank bits' OR, XOR and SUM, and
/// the ranks and cards in each suit.
#[derive(Clone, Copy, Debug, Default)]
struct Outer {
    y: u16,
    x: u16,
    sum: u16,
    suited: [u16; 5],
    counts: [u8; 4],
    runs: u16,
    suited_runs: [u16; 5],
}

impl Outer {
    #[inline(always)]
    fn add(mut self, card: Card) -> Outer {
        let bit = 1u16 << (u32::from(card.rank().index()) + GUARD);
        let suit = usize::from(card.suit().index());
        self.y |= bit;
        self.x ^= bit;
        // Four aces overflow 16 bits; the kernel needs the SUM only modulo 2^16.
        self.sum = self.sum.wrapping_add(bit);
        self.suited[suit] |= bit;
        self.counts[suit] += 1;
        self.runs |= low_ace_of(bit);
        self.suited_runs[suit] |= low_ace_of(bit);
        self
    }

    /// The suits in which four outer cards hold two or more (at most two),
    /// 4 ("none", all zeros) for the rest.
    #[inline(always)]
    fn candidates(&self) -> [usize; 2] {
        let mut c = [4, 4];
        let mut n = 0;
        for (s, &count) in self.counts.iter().enumerate() {
            if count >= 2 && n < 2 {
                c[n] = s;
                n += 1;
            }
        }
        c
    }
}

/// Lanes `1..=32`: lane `i` is valid in a vector of `n` hands if `i + 1 <= n`.
const LANE_NUMBERS: [u16; MAX_LANES] = {
    let mut t = [0; MAX_LANES];
    let mut i = 0;
    while i < MAX_LANES {
        t[i] = i as u16 + 1;
        i += 1;
    }
    t
};

/// The values of the hands made of `outer` and the triples `i..i + LANES`,
/// where the first `N` of `cands` are suits the outer cards hold two or
/// more of (`candidates` fills them in order, "none" after them); with
/// none, no hand is a flush.
#[inline(always)]
fn values<L: Lanes, const N: usize>(
    l: L,
    t: &Triples,
    i: usize,
    outer: &Outer,
    cands: [usize; 2],
) -> (L::V, L::V) {
    let sums = Sums {
        y: l.or(l.splat(outer.y), l.load_words(&t.or[i..])),
        x: l.xor(l.splat(outer.x), l.load_words(&t.xor[i..])),
        sum: l.add(l.splat(outer.sum), l.load_words(&t.sum[i..])),
    };
    let [a, b] = cands;
    let five = l.splat(5);
    let runs = l.or(l.splat(outer.runs), l.load_words(&t.runs[i..]));
    match N {
        0 => {
            let none = l.nonzero(l.splat(0));
            from_sums::<L, false>(l, &SEVEN, sums, none, l.splat(0), l.splat(0), runs)
        }
        1 => {
            let (ranks, count, suit_runs) = suit(l, t, i, outer, a);
            let flush = l.ge(count, five);
            let runs = l.select(flush, suit_runs, runs);
            from_sums::<L, false>(l, &SEVEN, sums, flush, ranks, count, runs)
        }
        _ => {
            let (ra, ca, sa) = suit(l, t, i, outer, a);
            let (rb, cb, sb) = suit(l, t, i, outer, b);
            let (ga, gb) = (l.ge(ca, five), l.ge(cb, five));
            let flush = l.mor(ga, gb);
            let (ranks, count) = (l.select(ga, ra, rb), l.select(ga, ca, cb));
            let runs = l.select(flush, l.select(ga, sa, sb), runs);
            from_sums::<L, false>(l, &SEVEN, sums, flush, ranks, count, runs)
        }
    }
}

/// A candidate suit's ranks, their number and their run-search form, for
/// the hands of `outer` and the triples `i..i + LANES`. (A function, not
/// a closure: a closure would be compiled without the caller's target
/// features.)
#[inline(always)]
fn suit<L: Lanes>(l: L, t: &Triples, i: usize, outer: &Outer, s: usize) -> (L::V, L::V, L::V) {
    let ranks = l.or(l.splat(outer.suited[s]), l.load_words(&t.suited[s][i..]));
    let runs = l.or(
        l.splat(outer.suited_runs[s]),
        l.load_words(&t.suited_runs[s][i..]),
    );
    (ranks, l.popcnt(ranks), runs)
}

/// Lanes of a vector that hold one of its `n` hands.
#[inline(always)]
fn valid<L: Lanes>(l: L, n: usize) -> L::M {
    let n = l.splat(n as u16);
    l.eq(l.max(l.load_words(&LANE_NUMBERS), n), n)
}

/// Every seven-card hand of the first `deck` cards, the outer four by
/// nested loops and the inner three by vectors of triples.
#[inline(always)]
#[allow(
    clippy::needless_range_loop,
    reason = "each position starts the next loop's range"
)]
fn seven<L: Lanes, S: Sink>(l: L, deck: &[Card], t: &Triples, sink: &mut S) {
    let mut out = [0u32; MAX_LANES];
    let out = &mut out[..L::LANES];
    let n = deck.len();
    for p0 in 0..n {
        let o0 = Outer::default().add(deck[p0]);
        for p1 in p0 + 1..n {
            let o1 = o0.add(deck[p1]);
            for p2 in p1 + 1..n {
                let o2 = o1.add(deck[p2]);
                for p3 in p2 + 1..n.saturating_sub(3) {
                    let o = o2.add(deck[p3]);
                    let cands = o.candidates();
                    let i = t.from[p3 + 1];
                    // One loop per number of flush candidates: a deal with
                    // none (four suits) or one (most deals) skips the
                    // other's loads, popcounts and selects.
                    match cands {
                        [4, _] => inner::<L, S, 0>(l, t, i, &o, cands, out, sink),
                        [_, 4] => inner::<L, S, 1>(l, t, i, &o, cands, out, sink),
                        _ => inner::<L, S, 2>(l, t, i, &o, cands, out, sink),
                    }
                }
            }
        }
    }
}

/// The hands of one outer deal `o`: the triples from `i` on.
#[inline(always)]
fn inner<L: Lanes, S: Sink, const N: usize>(
    l: L,
    t: &Triples,
    mut i: usize,
    o: &Outer,
    cands: [usize; 2],
    out: &mut [u32],
    sink: &mut S,
) {
    let end = t.len();
    // Two vectors at a time: their evaluations are independent, and side
    // by side the core overlaps their long dependency chains.
    while i + 2 * L::LANES <= end {
        let (hi, lo) = values::<L, N>(l, t, i, o, cands);
        let (hi2, lo2) = values::<L, N>(l, t, i + L::LANES, o, cands);
        l.store(hi, lo, out);
        sink.take(out);
        l.store(hi2, lo2, out);
        sink.take(out);
        i += 2 * L::LANES;
    }
    while i + L::LANES <= end {
        let (hi, lo) = values::<L, N>(l, t, i, o, cands);
        l.store(hi, lo, out);
        sink.take(out);
        i += L::LANES;
    }
    if i < end {
        let (hi, lo) = values::<L, N>(l, t, i, o, cands);
        let m = valid(l, end - i);
        l.store(l.keep(m, hi), l.keep(m, lo), out);
        sink.take_padded(out, end - i);
    }
}

/// 60ths of a pot per winner, by the number of winners (1 to 6).
const SHARE: [u8; 16] = {
    let mut t = [0; 16];
    let mut w = 1;
    while w <= PLAYERS {
        t[w] = (60 / w) as u8;
        w += 1;
    }
    t
};

/// Vectors of boards between two sums of the per-lane counters: 2,048
/// boards a lane add at most 61,440 (30 a shared board) to a 16-bit lane.
const FLUSH_EVERY: usize = 2_048;

/// Per player and lane: boards won alone, boards tied, 60ths of tied pots.
struct Counters<V> {
    wins: [V; PLAYERS],
    ties: [V; PLAYERS],
    shares: [V; PLAYERS],
}

impl<V: Copy> Counters<V> {
    #[inline(always)]
    fn new<L: Lanes<V = V>>(l: L) -> Self {
        Counters {
            wins: [l.splat(0); PLAYERS],
            ties: [l.splat(0); PLAYERS],
            shares: [l.splat(0); PLAYERS],
        }
    }

    /// Adds the lanes' counts to `tally` and starts again from zero.
    #[inline(always)]
    fn flush<L: Lanes<V = V>>(&mut self, l: L, count: usize, tally: &mut Tally, out: &mut [u32]) {
        for p in 0..count {
            tally.wins[p] += lane_sum(l, self.wins[p], out);
            tally.ties[p] += lane_sum(l, self.ties[p], out);
            tally.shares[p] += lane_sum(l, self.shares[p], out);
        }
        *self = Counters::new(l);
    }
}

/// The preflop boards of `players`' showdown whose first board card is at
/// a position of `firsts` among `rest` (the cards left, ascending), settled
/// a vector of boards at a time.
#[inline(always)]
#[allow(
    clippy::needless_range_loop,
    reason = "a player's index reads several arrays in step"
)]
fn preflop<L: Lanes>(
    l: L,
    players: &[[Card; 2]],
    rest: &[Card],
    t: &Triples,
    firsts: core::ops::Range<usize>,
) -> Tally {
    let count = players.len();
    let mut tally = Tally::default();
    let mut out = [0u32; MAX_LANES];
    let out = &mut out[..L::LANES];
    let mut holes = [Outer::default(); PLAYERS];
    for (hole, h) in holes.iter_mut().zip(players) {
        *hole = Outer::default().add(h[0]).add(h[1]);
    }
    let end = t.len();
    let n = rest.len();
    let mut counters = Counters::new(l);
    let mut pending = 0;
    for p0 in firsts.start..firsts.end.min(n) {
        for p1 in p0 + 1..n.saturating_sub(3) {
            let mut outers = [Outer::default(); PLAYERS];
            let mut cands = [[4, 4]; PLAYERS];
            for p in 0..count {
                outers[p] = holes[p].add(rest[p0]).add(rest[p1]);
                cands[p] = outers[p].candidates();
            }
            let mut i = t.from[p1 + 1];
            while i < end {
                let mut hi = [l.splat(0); PLAYERS];
                let mut lo = [l.splat(0); PLAYERS];
                for p in 0..count {
                    (hi[p], lo[p]) = values::<L, 2>(l, t, i, &outers[p], cands[p]);
                }
                // The best value, as (hi, lo) pairs: the highest `hi`,
                // then the highest `lo` among the lanes holding it.
                let mut best_hi = hi[0];
                for h in &hi[1..count] {
                    best_hi = l.max(best_hi, *h);
                }
                let mut best_lo = l.splat(0);
                for p in 0..count {
                    best_lo = l.max(best_lo, l.keep(l.eq(hi[p], best_hi), lo[p]));
                }
                let live = valid(l, end - i);
                let mut winners = l.splat(0);
                let mut best = [live; PLAYERS];
                for p in 0..count {
                    best[p] = l.mand(live, l.mand(l.eq(hi[p], best_hi), l.eq(lo[p], best_lo)));
                    winners = l.add(winners, l.flag(best[p], 1));
                }
                let alone = l.eq(winners, l.splat(1));
                let part = l.lookup(winners, &SHARE);
                for p in 0..count {
                    let shared = l.mandnot(alone, best[p]);
                    counters.wins[p] = l.add(counters.wins[p], l.flag(l.mand(best[p], alone), 1));
                    counters.ties[p] = l.add(counters.ties[p], l.flag(shared, 1));
                    counters.shares[p] = l.add(counters.shares[p], l.keep(shared, part));
                }
                tally.boards += (end - i).min(L::LANES) as u64;
                i += L::LANES;
                pending += 1;
                if pending == FLUSH_EVERY {
                    counters.flush(l, count, &mut tally, out);
                    pending = 0;
                }
            }
        }
    }
    counters.flush(l, count, &mut tally, out);
    tally
}

/// The sum of a vector's lanes.
#[inline(always)]
fn lane_sum<L: Lanes>(l: L, v: L::V, out: &mut [u32]) -> u64 {
    l.store(l.splat(0), v, out);
    out.iter().map(|&w| u64::from(w)).sum()
}

/// The widest path this CPU allows (respecting
/// [`handeval_core::cpu::pretend_absent`]): `avx512`, `avx2` or `portable`.
pub fn path() -> &'static str {
    #[cfg(target_arch = "x86_64")]
    {
        use handeval_core::cpu::{Feature, has};
        if has(Feature::Avx512) {
            return "avx512";
        }
        if has(Feature::Avx2) {
            return "avx2";
        }
    }
    "portable"
}

/// Runs `$kernel(lanes, args..)` on the widest path the CPU has.
macro_rules! widest {
    ($kernel:ident::<$($g:ident),*>($($arg:ident: $ty:ty),*) -> $ret:ty) => {{
        #[cfg(target_arch = "x86_64")]
        {
            #[target_feature(enable = "avx512f,avx512bw,avx512vbmi,avx512bitalg")]
            fn with_avx512<$($g: Sink),*>($($arg: $ty),*) -> $ret {
                $kernel(handeval_lanes::Avx512::new(), $($arg),*)
            }
            #[target_feature(enable = "avx2")]
            fn with_avx2<$($g: Sink),*>($($arg: $ty),*) -> $ret {
                $kernel(handeval_lanes::Avx2::new(), $($arg),*)
            }
            match path() {
                #[allow(unsafe_code)]
                // SAFETY: `path` said `avx512` only after `cpu::has`
                // confirmed the four AVX-512 subsets `with_avx512` is
                // compiled for.
                "avx512" => return unsafe { with_avx512($($arg),*) },
                #[allow(unsafe_code)]
                // SAFETY: as above, for AVX2.
                "avx2" => return unsafe { with_avx2($($arg),*) },
                _ => {}
            }
        }
        $kernel(handeval_lanes::Portable, $($arg),*)
    }};
}

/// Values every seven-card hand of `deck` (distinct cards, ascending), in
/// the lexicographic order of their positions, and hands the values
/// ([`crate::SevenSimd`]'s) to `sink`: the outer four cards in nested
/// loops, the inner three in vectors of [`Triples`].
///
/// ```
/// use handeval_core::{Card, enumerate::Checksum};
/// let deck: Vec<Card> = Card::all().take(9).collect();
/// let mut sink = Checksum::default();
/// handeval_deadhorse::enumerate::seven_cards(&deck, &mut sink);
/// assert_eq!(sink.hands(), 36); // C(9, 7)
/// ```
pub fn seven_cards<S: Sink>(deck: &[Card], sink: &mut S) {
    let t = &Triples::of(deck);
    widest!(seven::<S>(deck: &[Card], t: &Triples, sink: &mut S) -> ());
}

/// A preflop showdown ready to be counted from partial sums.
#[derive(Clone, Debug)]
pub struct Preflop {
    players: Vec<[Card; 2]>,
    rest: Vec<Card>,
    triples: Triples,
}

impl Preflop {
    /// The showdown's boards as vectors of triples; `None` if some board
    /// card is already known (a flop or a turn leaves too few boards for
    /// vectors of triples to pay).
    pub fn new(showdown: &Showdown) -> Option<Preflop> {
        if !showdown.board().is_empty() {
            return None;
        }
        let rest = showdown.rest().to_vec();
        Some(Preflop {
            players: showdown.hole_cards().to_vec(),
            triples: Triples::of(&rest),
            rest,
        })
    }

    /// Counts the boards whose first card is at a position of `firsts`
    /// among the cards left, as [`Showdown::tally`] numbers them.
    pub fn tally(&self, firsts: core::ops::Range<usize>) -> Tally {
        let (players, rest, t) = (&self.players[..], &self.rest[..], &self.triples);
        widest!(preflop::<>(players: &[[Card; 2]], rest: &[Card], t: &Triples, firsts: core::ops::Range<usize>) -> Tally)
    }
}
