//! Sixteen-bit lanes, one hand per lane, over three instruction sets: the
//! vocabulary the lab's SIMD evaluators are written in.
//!
//! Each SIMD evaluator writes its kernel once, as a generic function over
//! [`Lanes`], and runs it three ways: [`Avx512`] (32 hands per 512-bit
//! register), [`Avx2`] (16 hands per 256-bit register) and [`Portable`] (one
//! hand in a `u16`, on any CPU). The portable path is therefore not a
//! separate scalar rewrite but the very same kernel, which is what the tests
//! compare the vector paths against, value for value.
//!
//! # Why 16-bit lanes
//!
//! Every table-free evaluator here works on rank masks of 13 bits, so a hand
//! needs one 16-bit lane where a `u32` would waste half the register: twice
//! as many hands per instruction. A 26- to 31-bit strength is built as two
//! 16-bit halves, `hi` and `lo`, and interleaved into `u32`s on the way out.
//!
//! # Lane layout, with a worked example
//!
//! `[Hand]` is five bytes per hand (`Hand` is `repr(transparent)` down to
//! each card's one-byte index `4 * rank + suit`). [`Lanes::load`] turns a
//! chunk of hands into five vectors, `cards[k]` holding card `k` of every
//! hand, one hand per lane:
//!
//! ```text
//! bytes:      As Ks Qs Js Ts | 2c 7d 7h 9s 9c | ...
//!             51 47 43 39 35 |  0 21 22 31 28 | ...
//! cards[0]:   [51, 0, ...]   one u16 lane per hand
//! cards[1]:   [47, 21, ...]
//! ```
//!
//! On AVX-512 the split is two byte permutes per card (`vpermt2b` over 128
//! bytes of input each; the first zeroes the lanes' high bytes and the second
//! merges into it); on AVX2, which cannot permute bytes across its two
//! 128-bit halves, each half gathers its eight hands from three overlapping
//! 16-byte windows with `vpshufb`, into both bytes of each lane. The kernels
//! then turn each card into its rank bit (`1 << (card >> 2)`: one word
//! permute by card index over a 64-entry table in two registers on AVX-512,
//! one `vpshufb` of the rank in both bytes on AVX2) and its suit (`card &
//! 3`), and from there it is each algorithm's own arithmetic. The
//! hand `As Ks Qs Js Ts` above becomes the rank bits `0x1000, 0x0800, 0x0400,
//! 0x0200, 0x0100` in lane 0, whose OR is `0x1F00`.
//!
//! [`Lanes::store`] interleaves `hi` and `lo` into `u32`s with one unpack
//! per half. On AVX-512 an unpack interleaves within 128-bit blocks, so
//! [`Avx512::load`] puts hands in the lane order that makes the unpacks'
//! output come out in hand order: lane `8q + w` holds hand `4q + w` for `w <
//! 4` and hand `16 + 4q + (w - 4)` otherwise. The permutes cost the same
//! whatever order their index vectors name, so the order is free.
//!
//! # Where the time goes
//!
//! Over the whole set of hands, the least any batch evaluator must move is
//! 9 bytes per hand: 5 bytes of cards in, a 4-byte value out (23 MB for all
//! 2,598,960 hands). The benchmarks time warm blocks of 64,974 hands (585
//! KB with their output, inside a core's L2 cache), so what remains is the
//! instruction stream:
//!
//! - **The split.** Turning 5-byte records into one vector per card is the
//!   only data movement, and it is all permutes, which run on one port of an
//!   Intel core (two on AMD Zen 4 and 5). `cargo run --release -p
//!   handeval-lanes --example split_floor` times a kernel that loads,
//!   splits and stores and evaluates nothing: that is the floor under every
//!   SIMD evaluator here, and on a CPU with two 512-bit ports it is a large
//!   part of the fastest evaluator's time.
//! - **The evaluation.** Between 40 and 90 vector operations per register
//!   of hands, depending on the algorithm: that is per 32 hands on AVX-512
//!   and per 16 on AVX2. How many such operations a core starts per cycle
//!   (two 512-bit on Intel, four on Zen 5) sets the speed, not memory, and
//!   not branches: shuffled and sequential hands take the same time.
//! - **Tables.** A table-free kernel reads no memory but its input. The
//!   perfect hash (`handeval-perfhash`) needs 32-bit lanes for its keys and
//!   two or three gathers per vector, each an access per lane, which is why
//!   it vectorises less well than arithmetic on rank masks.
//!
//! # Soundness
//!
//! Intrinsics may only run on CPUs that have their features. A value of
//! [`Avx512`] or [`Avx2`] is proof of that: their only constructors are
//! `#[target_feature]` functions, which safe code can call only from code
//! compiled for the same features, and such code is only ever entered after
//! a run-time check (by `handeval_core::target_feature_batches!`). Every
//! operation takes the token by value, so no vector instruction runs without
//! one. Each `unsafe` block in this crate is an intrinsic call under that
//! proof, or a load or store whose bounds are stated beside it.
#![no_std]

use core::marker::PhantomData;

use handeval_core::Hand;

/// What a kernel loads a hand from: `N` bytes, a card index each. A
/// [`Hand`] is one; so is a row of `N` card numbers (`[u8; N]`) that a
/// caller checked, which [`rows`] values without copying each into a
/// `Hand` first.
///
/// Sealed: the vector loads read a slice of rows as `N` bytes a row, which
/// only these two types are. A row's bytes need not be cards for the loads
/// and kernels to be sound (every kernel reads a card through a masked
/// permute or shift), only for its value to mean anything.
pub trait Row<const N: usize>: Copy + sealed::Sealed {
    /// The row's bytes.
    fn bytes(&self) -> [u8; N];
}

mod sealed {
    pub trait Sealed {}
    impl<const N: usize> Sealed for handeval_core::Hand<N> {}
    impl<const N: usize> Sealed for [u8; N] {}
}

impl<const N: usize> Row<N> for Hand<N> {
    #[inline(always)]
    fn bytes(&self) -> [u8; N] {
        self.as_cards().map(handeval_core::Card::index)
    }
}

impl<const N: usize> Row<N> for [u8; N] {
    #[inline(always)]
    fn bytes(&self) -> [u8; N] {
        *self
    }
}

mod portable;
pub use portable::Portable;

#[cfg(target_arch = "x86_64")]
mod avx2;
#[cfg(target_arch = "x86_64")]
mod avx512;
#[cfg(target_arch = "x86_64")]
pub use avx2::Avx2;
#[cfg(target_arch = "x86_64")]
pub use avx512::Avx512;

/// The most hands any [`Lanes`] holds at once.
pub const MAX_LANES: usize = 32;

const _: () = assert!(core::mem::size_of::<Hand>() == 5 && core::mem::align_of::<Hand>() == 1);

/// A vector of 16-bit lanes, one hand per lane, and the operations the
/// evaluators need. Every method takes `self`, the proof that the CPU can run it.
pub trait Lanes: Copy {
    /// Hands per vector.
    const LANES: usize;
    /// A vector of `LANES` 16-bit lanes.
    type V: Copy;
    /// One truth value per lane.
    type M: Copy;

    /// Every lane `x`.
    fn splat(self, x: u16) -> Self::V;
    /// `a & b`.
    fn and(self, a: Self::V, b: Self::V) -> Self::V;
    /// `a | b`.
    fn or(self, a: Self::V, b: Self::V) -> Self::V;
    /// `a ^ b`.
    fn xor(self, a: Self::V, b: Self::V) -> Self::V;
    /// `a + b`, wrapping.
    fn add(self, a: Self::V, b: Self::V) -> Self::V;
    /// `a - b`, wrapping.
    fn sub(self, a: Self::V, b: Self::V) -> Self::V;
    /// The smaller of `a` and `b`, unsigned.
    fn min(self, a: Self::V, b: Self::V) -> Self::V;
    /// The larger of `a` and `b`, unsigned.
    fn max(self, a: Self::V, b: Self::V) -> Self::V;
    /// `a << N`; 0 for `N >= 16`.
    fn shl<const N: u32>(self, a: Self::V) -> Self::V;
    /// `a >> N`, logical; 0 for `N >= 16`.
    fn shr<const N: u32>(self, a: Self::V) -> Self::V;
    /// The number of set bits.
    fn popcnt(self, a: Self::V) -> Self::V;
    /// `a == b`.
    fn eq(self, a: Self::V, b: Self::V) -> Self::M;
    /// `a != 0`.
    fn nonzero(self, a: Self::V) -> Self::M;
    /// `a && b`.
    fn mand(self, a: Self::M, b: Self::M) -> Self::M;
    /// `a || b`.
    fn mor(self, a: Self::M, b: Self::M) -> Self::M;
    /// `!a && b`.
    fn mandnot(self, a: Self::M, b: Self::M) -> Self::M;
    /// `if m { a } else { b }`.
    fn select(self, m: Self::M, a: Self::V, b: Self::V) -> Self::V;
    /// `if m { a } else { 0 }`.
    fn keep(self, m: Self::M, a: Self::V) -> Self::V;
    /// `if m { acc + b } else { acc }`: with `b`'s bits absent from `acc`,
    /// an OR where `m` holds (one masked instruction on AVX-512).
    fn add_where(self, m: Self::M, acc: Self::V, b: Self::V) -> Self::V;
    /// `table[idx]` for `idx < 16`: a 16-entry table of small values held in a register.
    fn lookup(self, idx: Self::V, table: &[u8; 16]) -> Self::V;
    /// `table[idx & 15]` for `idx < 128`, with 16-bit entries: a card
    /// index looks up by its low four bits (its suit, say) without masking
    /// first. Two byte lookups unless the instruction set permutes words.
    #[inline(always)]
    fn lookup16(self, idx: Self::V, table: &[u16; 16]) -> Self::V {
        let low = table.map(|t| t as u8);
        let high = table.map(|t| (t >> 8) as u8);
        self.or(
            self.lookup(idx, &low),
            self.shl::<8>(self.lookup(idx, &high)),
        )
    }
    /// `a & b != 0` (one instruction on AVX-512).
    #[inline(always)]
    fn test(self, a: Self::V, b: Self::V) -> Self::M {
        self.nonzero(self.and(a, b))
    }
    /// `a * b`, the low 16 bits.
    fn mul(self, a: Self::V, b: Self::V) -> Self::V;
    /// `a >= b`, unsigned (one instruction on AVX-512).
    #[inline(always)]
    fn ge(self, a: Self::V, b: Self::V) -> Self::M {
        self.eq(self.max(a, b), a)
    }
    /// `a & !b` (one instruction everywhere).
    #[inline(always)]
    fn andnot(self, a: Self::V, b: Self::V) -> Self::V {
        self.and(a, self.xor(b, self.splat(0xFFFF)))
    }

    // Three-input bitwise functions: one `vpternlog` each on AVX-512, two
    // or three operations elsewhere.

    /// `a & b & c`.
    #[inline(always)]
    fn and3(self, a: Self::V, b: Self::V, c: Self::V) -> Self::V {
        self.and(self.and(a, b), c)
    }
    /// `a | (b & c)`.
    #[inline(always)]
    fn or_and(self, a: Self::V, b: Self::V, c: Self::V) -> Self::V {
        self.or(a, self.and(b, c))
    }
    /// `(m & a) | (!m & b)`: `a`'s bits where `m` has ones, `b`'s elsewhere.
    #[inline(always)]
    fn bitselect(self, m: Self::V, a: Self::V, b: Self::V) -> Self::V {
        self.or(self.and(m, a), self.andnot(b, m))
    }
    /// `a & (b | !c)`.
    #[inline(always)]
    fn and_or_not(self, a: Self::V, b: Self::V, c: Self::V) -> Self::V {
        self.andnot(a, self.andnot(c, b))
    }
    /// `a & b & !c`.
    #[inline(always)]
    fn and_andnot(self, a: Self::V, b: Self::V, c: Self::V) -> Self::V {
        self.andnot(self.and(a, b), c)
    }
    /// `(a ^ b) & !c`.
    #[inline(always)]
    fn xor_andnot(self, a: Self::V, b: Self::V, c: Self::V) -> Self::V {
        self.andnot(self.xor(a, b), c)
    }
    /// The rank bit of a card index: `1 << (card >> 2)` (2 = bit 0, ace = bit 12).
    fn rank_bit(self, card: Self::V) -> Self::V;
    /// The suit of a card index: `card & 3`.
    fn suit(self, card: Self::V) -> Self::V;
    /// Card `k` of every hand in `cards[k]`, for hands of `N` cards (five to
    /// ten, Omaha's nine and ten included; fewer or more panics at compile time): the card's index in each lane's
    /// low byte; the high byte is zero or a copy, depending on the path, so
    /// kernels read cards only through [`rank_bit`](Lanes::rank_bit) and
    /// [`suit`](Lanes::suit) (or the low two bits, as [`same_suit`](Lanes::same_suit) does).
    ///
    /// # Panics
    /// If `hands.len() != LANES`.
    fn load<const N: usize>(self, hands: &[impl Row<N>]) -> [Self::V; N];
    /// `out[i] = hi[i] << 16 | lo[i]` for every hand `i`, in the order [`load`](Lanes::load) read them.
    ///
    /// # Panics
    /// If `out.len() != LANES`.
    fn store(self, hi: Self::V, lo: Self::V, out: &mut [u32]);
    /// The first `LANES` words of `words`, word `i` in lane `i`: data laid
    /// out per lane already (the partial sums of an enumeration's inner
    /// cards), not hands to split. [`store`](Lanes::store) writes lanes in
    /// its own order, so what is loaded this way is summed or counted over
    /// the vector, never read back by position.
    ///
    /// # Panics
    /// If `words.len() < LANES`.
    fn load_words(self, words: &[u16]) -> Self::V;

    /// [`rank_bit`](Lanes::rank_bit) of each card.
    ///
    /// Kernels work on arrays through loops like this one, never closures:
    /// a closure is a function of its own, compiled without the caller's
    /// target features, so the intrinsics in it would not be inlined.
    #[inline(always)]
    fn rank_bits<const N: usize>(self, cards: [Self::V; N]) -> [Self::V; N] {
        let mut bits = cards;
        for bit in &mut bits {
            *bit = self.rank_bit(*bit);
        }
        bits
    }

    /// [`suit`](Lanes::suit) of each card.
    #[inline(always)]
    fn suits<const N: usize>(self, cards: [Self::V; N]) -> [Self::V; N] {
        let mut suits = cards;
        for suit in &mut suits {
            *suit = self.suit(*suit);
        }
        suits
    }

    /// `table[suit]` of each card: the suit's bit, say.
    #[inline(always)]
    fn by_suit(self, cards: [Self::V; 5], table: &[u8; 16]) -> [Self::V; 5] {
        let mut out = self.suits(cards);
        for v in &mut out {
            *v = self.lookup(*v, table);
        }
        out
    }

    /// Whether the five cards share a suit: their indices agree in the low
    /// two bits. (The AND of five one-hot suit bits is non-zero exactly then.)
    #[inline(always)]
    fn same_suit(self, cards: [Self::V; 5]) -> Self::M {
        let [a, b, c, d, e] = cards;
        let differ = self.or(
            self.or(self.xor(a, b), self.xor(a, c)),
            self.or(self.xor(a, d), self.xor(a, e)),
        );
        self.eq(self.and(differ, self.splat(3)), self.splat(0))
    }

    /// `if m { 1 } else { 0 }` times `k`, for adding flags into a number.
    #[inline(always)]
    fn flag(self, m: Self::M, k: u16) -> Self::V {
        self.keep(m, self.splat(k))
    }

    /// Whether a rank mask is five ranks in a row (`0b1_1111` shifted):
    /// `a == 31 * lowest(a)`, with `lowest(a) = a & -a`, which needs no
    /// variable shift.
    #[inline(always)]
    fn is_run(self, a: Self::V) -> Self::M {
        let lowest = self.and(a, self.sub(self.splat(0), a));
        self.eq(a, self.sub(self.shl::<5>(lowest), lowest))
    }

    /// `a` without its lowest set bit: `a & (a - 1)`.
    #[inline(always)]
    fn drop_lowest(self, a: Self::V) -> Self::V {
        self.and(a, self.sub(a, self.splat(1)))
    }

    /// `a` keeping its `keep` highest set bits, for masks with at most two
    /// bits more than that (so two conditional [`drop_lowest`](Lanes::drop_lowest)s,
    /// where a scalar evaluator would loop). With fewer than `keep` bits the
    /// result is unspecified.
    #[inline(always)]
    fn keep_highest(self, a: Self::V, keep: Self::V) -> Self::V {
        self.drop_lowest_n(a, self.sub(self.popcnt(a), keep))
    }

    /// The highest set bit of `a` alone (0 for 0), for any number of bits:
    /// every bit below the highest filled in by four shifts, then the
    /// filled mask without its own lower half.
    #[inline(always)]
    fn highest(self, a: Self::V) -> Self::V {
        let a = self.or(a, self.shr::<1>(a));
        let a = self.or(a, self.shr::<2>(a));
        let a = self.or(a, self.shr::<4>(a));
        let a = self.or(a, self.shr::<8>(a));
        self.xor(a, self.shr::<1>(a))
    }

    /// [`highest`](Lanes::highest) for a mask with at most two bits: the
    /// mask without its lowest bit, if that leaves one; four operations
    /// where the general one takes nine.
    #[inline(always)]
    fn highest_of_two(self, a: Self::V) -> Self::V {
        let rest = self.drop_lowest(a);
        self.select(self.nonzero(rest), rest, a)
    }

    /// `a` without its `n` lowest set bits, for `n` of 0, 1 or 2 (any other
    /// `n` drops one).
    #[inline(always)]
    fn drop_lowest_n(self, a: Self::V, n: Self::V) -> Self::V {
        let a = self.select(self.nonzero(n), self.drop_lowest(a), a);
        self.select(self.eq(n, self.splat(2)), self.drop_lowest(a), a)
    }
}

/// A card's suit counter by its index's low four bits: 1 in the suit's nibble.
const SUIT_COUNTER: [u16; 16] = {
    let mut t = [0; 16];
    let mut i = 0;
    while i < 16 {
        t[i] = 1 << (4 * (i % 4));
        i += 1;
    }
    t
};

/// Each card's suit counter (1 in its suit's nibble: clubs bits 0-3,
/// diamonds 4-7, hearts 8-11, spades 12-15) from a 16-entry word table, and
/// their sum: each nibble counts its suit's cards.
#[inline(always)]
pub fn suit_counters<L: Lanes, const N: usize>(l: L, cards: [L::V; N]) -> ([L::V; N], L::V) {
    let mut counters = cards;
    let mut total = l.splat(0);
    for counter in &mut counters {
        *counter = l.lookup16(*counter, &SUIT_COUNTER);
        total = l.add(total, *counter);
    }
    (counters, total)
}

/// Omaha's flush, from the cards (the hole first, then the board's five)
/// and their rank bits:
/// `(flush, hole, board)`, whether some suit has three or more board cards
/// and two or more hole cards (with five board cards at most one suit has
/// three), and that suit's hole ranks and board ranks (0 without a flush).
///
/// Each part's suit counters are summed apart: plus 6 a hole nibble
/// reaches 8 (its top bit) at two cards, plus 5 a board nibble at three;
/// the AND of the two is the flush suit's flag, shifted down its counter.
#[inline(always)]
pub fn omaha_flush<L: Lanes, const N: usize>(
    l: L,
    cards: [L::V; N],
    bits: [L::V; N],
) -> (L::M, L::V, L::V) {
    // The hole is every card but the board's five (at most six of a suit:
    // a nibble plus 6 stays below 16).
    let hole = N - 5;
    let (counters, _) = suit_counters(l, cards);
    let (mut hole_total, mut board_total) = (l.splat(0), l.splat(0));
    for &counter in &counters[..hole] {
        hole_total = l.add(hole_total, counter);
    }
    for &counter in &counters[hole..] {
        board_total = l.add(board_total, counter);
    }
    let suit = l.shr::<3>(l.and(
        l.and(
            l.add(hole_total, l.splat(0x6666)),
            l.add(board_total, l.splat(0x5555)),
        ),
        l.splat(0x8888),
    ));
    let (mut hole_ranks, mut board) = (l.splat(0), l.splat(0));
    for (&counter, &bit) in counters[..hole].iter().zip(&bits[..hole]) {
        hole_ranks = l.add_where(l.test(counter, suit), hole_ranks, bit);
    }
    for (&counter, &bit) in counters[hole..].iter().zip(&bits[hole..]) {
        board = l.add_where(l.test(counter, suit), board, bit);
    }
    (l.nonzero(suit), hole_ranks, board)
}

/// The flush of each lane's hand of six to eight cards, from the cards and
/// their rank bits: `(flush, ranks)`, whether some suit holds five or more
/// of them, and that suit's rank mask (0 without a flush).
///
/// Each card adds 1 to its suit's nibble (a 16-entry word table); plus
/// `0x3333`, a nibble reaches 8 (its top bit) exactly for a suit with five
/// cards or more, at most one suit among eight cards. Shifted down, that bit
/// is the suit's counter, and the flush's ranks are the rank bits of the
/// cards whose counter it matches (no rank twice in a suit, so their sum is
/// their OR).
#[inline(always)]
pub fn flush<L: Lanes, const N: usize>(l: L, cards: [L::V; N], bits: [L::V; N]) -> (L::M, L::V) {
    let (counters, total) = suit_counters(l, cards);
    let suit = l.shr::<3>(l.and(l.add(total, l.splat(0x3333)), l.splat(0x8888)));
    let mut ranks = l.splat(0);
    for (&counter, &bit) in counters.iter().zip(&bits) {
        ranks = l.add_where(l.test(counter, suit), ranks, bit);
    }
    (l.nonzero(suit), ranks)
}

/// An evaluation written once for every [`Lanes`]: a hand's value from its
/// `N` cards (five unless said), as `(hi, lo)` 16-bit halves.
///
/// A trait, not a closure or function pointer, so that the call is static
/// and the kernel is inlined into the `#[target_feature]` loop that runs it.
pub trait Kernel<const N: usize = 5> {
    /// The values of `L::LANES` hands.
    fn run<L: Lanes>(lanes: L, cards: [L::V; N]) -> (L::V, L::V);
}

/// Runs the kernel `K` over all hands, [`Lanes::LANES`] at a time, writing each
/// hand's `hi << 16 | lo` to `out`. The last, partial chunk is copied into a
/// buffer padded with copies of its first hand, so kernels only ever see full
/// vectors of valid hands.
///
/// # Panics
/// If `out` and `hands` differ in length.
#[inline(always)]
pub fn strengths<L: Lanes, K: Kernel<N>, const N: usize>(
    lanes: L,
    hands: &[impl Row<N>],
    out: &mut [u32],
) {
    in_chunks(
        L::LANES,
        hands,
        out,
        RunKernel::<L, K, N>(lanes, PhantomData),
    );
}

/// A hand stored as `N` cards that is not itself a [`Hand<N>`] (an Omaha
/// hand: hole cards, then the board; a short-deck hand): [`records`] copies each chunk of them
/// into hands before loading it, a few bytes a hand, with no `unsafe` cast.
pub trait Record<const N: usize>: Copy {
    /// The cards, in the order the kernel reads them.
    fn hand(&self) -> Hand<N>;
}

impl<const HOLE: usize, const N: usize> Record<N> for handeval_core::Omaha<HOLE, N> {
    #[inline(always)]
    fn hand(&self) -> Hand<N> {
        handeval_core::Omaha::hand(self)
    }
}

impl<const N: usize, R: handeval_core::rules::RuleSet> Record<N> for handeval_core::Short<N, R> {
    #[inline(always)]
    fn hand(&self) -> Hand<N> {
        handeval_core::Short::hand(self)
    }
}

impl<const N: usize, R: handeval_core::rules::RuleSet> Record<N> for handeval_core::LowHand<N, R> {
    #[inline(always)]
    fn hand(&self) -> Hand<N> {
        handeval_core::LowHand::hand(self)
    }
}

impl Record<5> for handeval_core::Badugi {
    /// Four cards and the last again: a badugi kernel reads the first four.
    #[inline(always)]
    fn hand(&self) -> Hand<5> {
        self.row_of_five()
    }
}

/// [`strengths`] over [`Record`]s: each chunk of `L::LANES` records copied
/// into a buffer of hands, then loaded and run as `strengths` does.
///
/// # Panics
/// If `out` and `hands` differ in length.
#[inline(always)]
pub fn records<L: Lanes, K: Kernel<N>, const N: usize>(
    lanes: L,
    hands: &[impl Record<N>],
    out: &mut [u32],
) {
    in_chunks(
        L::LANES,
        hands,
        out,
        RunRecords::<L, K, N>(lanes, PhantomData),
    );
}

/// A [`Kernel`] on the lanes `L`, as a [`Chunk`] of records of `N` cards.
struct RunRecords<L, K, const N: usize>(L, PhantomData<K>);

impl<L: Lanes, K: Kernel<N>, R: Record<N>, const N: usize> Chunk<R> for RunRecords<L, K, N> {
    #[inline(always)]
    fn run(&mut self, records: &[R], out: &mut [u32]) {
        let lanes = self.0;
        let (hi, lo) = if L::LANES == 1 {
            // One hand a vector (the portable path): no buffer to fill.
            K::run(lanes, lanes.load(&[records[0].hand()]))
        } else {
            let mut hands = [records[0].hand(); MAX_LANES];
            for (hand, record) in hands.iter_mut().zip(records) {
                *hand = record.hand();
            }
            K::run(lanes, lanes.load(&hands[..L::LANES]))
        };
        lanes.store(hi, lo, out);
    }
}

/// What [`in_chunks`] calls on each full chunk.
///
/// A trait, like [`Kernel`], so that a kernel's chunk is an
/// `#[inline(always)]` method inlined into the `#[target_feature]` loop: a
/// closure written in a function without the features (as [`strengths`]
/// is) is compiled without them, and the intrinsics in it are not inlined
/// (45x slower, measured). Closures serve where they are written inside
/// the `#[target_feature]` function (the perfect hash's gathers).
pub trait Chunk<T> {
    /// Evaluates one full chunk of `hands` into `out`.
    fn run(&mut self, hands: &[T], out: &mut [u32]);
}

impl<T, F: FnMut(&[T], &mut [u32])> Chunk<T> for F {
    #[inline(always)]
    fn run(&mut self, hands: &[T], out: &mut [u32]) {
        self(hands, out);
    }
}

/// A [`Kernel`] on the lanes `L`, as a [`Chunk`] of hands.
struct RunKernel<L, K, const N: usize>(L, PhantomData<K>);

impl<L: Lanes, K: Kernel<N>, R: Row<N>, const N: usize> Chunk<R> for RunKernel<L, K, N> {
    #[inline(always)]
    fn run(&mut self, hands: &[R], out: &mut [u32]) {
        let lanes = self.0;
        let (hi, lo) = K::run(lanes, lanes.load(hands));
        lanes.store(hi, lo, out);
    }
}

/// Runs `chunk` over `hands` and `out` in chunks of `lanes` (at most
/// [`MAX_LANES`]) items; the last, partial chunk is copied into a buffer
/// padded with copies of its first item, so `chunk` only ever sees full
/// chunks of valid items, and only the real items' results are copied out.
/// [`strengths`] runs kernels through it, and the perfect hash its gathers.
///
/// # Panics
/// If `out` and `hands` differ in length, or `lanes` exceeds [`MAX_LANES`].
#[inline(always)]
pub fn in_chunks<T: Copy>(lanes: usize, hands: &[T], out: &mut [u32], mut chunk: impl Chunk<T>) {
    assert_eq!(hands.len(), out.len(), "one output slot per hand");
    assert!(lanes <= MAX_LANES, "at most {MAX_LANES} lanes");
    let mut chunks = hands.chunks_exact(lanes);
    let mut outs = out.chunks_exact_mut(lanes);
    for (hands, out) in (&mut chunks).zip(&mut outs) {
        chunk.run(hands, out);
    }
    let rest = chunks.remainder();
    if let Some(&first) = rest.first() {
        let mut padded = [first; MAX_LANES];
        padded[..rest.len()].copy_from_slice(rest);
        let mut values = [0u32; MAX_LANES];
        chunk.run(&padded[..lanes], &mut values[..lanes]);
        outs.into_remainder().copy_from_slice(&values[..rest.len()]);
    }
}

/// Defines the three batch functions of a SIMD evaluator from its
/// [`Kernel`] type, in a module of their own: `avx512` and `avx2`, compiled
/// for their features, and `portable`, to be handed one by one to
/// [`simd_evaluator!`] (which hands them to `handeval_core::simd_batches!`,
/// which calls each only where the CPU has its features).
///
/// `simd_paths!(mod paths: Values);` defines `paths::avx512`,
/// `paths::avx2` and `paths::portable` for the five-card kernel `Values`;
/// `simd_paths!(mod paths7: Values7, Hand7);` the same over `&[Hand7]` for
/// a `Kernel<7>`; `simd_paths!(mod omaha: Values, Omaha4, records);` over
/// `&[Omaha4]`, [`Record`]s copied into hands a chunk at a time
/// ([`records`]).
#[macro_export]
macro_rules! simd_paths {
    ($vis:vis mod $paths:ident: $kernel:ty) => {
        $crate::simd_paths!($vis mod $paths: $kernel, handeval_core::Hand);
    };
    ($vis:vis mod $paths:ident: $kernel:ty, $hand:ty) => {
        $crate::simd_paths!($vis mod $paths: $kernel, $hand, strengths);
    };
    ($vis:vis mod $paths:ident: $kernel:ty, $hand:ty, $run:ident) => {
        /// The kernel's three batch paths: AVX-512, AVX2 and plain integers.
        $vis mod $paths {
            use super::*;

            /// The kernel over AVX-512 (F, BW, VBMI, BITALG), 32 hands at a time.
            #[cfg(target_arch = "x86_64")]
            #[target_feature(enable = "avx512f,avx512bw,avx512vbmi,avx512bitalg")]
            pub(crate) fn avx512(hands: &[$hand], out: &mut [u32]) {
                $crate::$run::<_, $kernel, _>($crate::Avx512::new(), hands, out);
            }
            /// The kernel over AVX2, 16 hands at a time.
            #[cfg(target_arch = "x86_64")]
            #[target_feature(enable = "avx2")]
            pub(crate) fn avx2(hands: &[$hand], out: &mut [u32]) {
                $crate::$run::<_, $kernel, _>($crate::Avx2::new(), hands, out);
            }
            /// The kernel on plain integers, one hand at a time.
            pub(crate) fn portable(hands: &[$hand], out: &mut [u32]) {
                $crate::$run::<_, $kernel, _>($crate::Portable, hands, out);
            }
        }
    };
}

/// The items every SIMD evaluator shares, for use inside its `impl
/// Evaluator` or `impl BestFive<H>` block: the strength is a `u32`, the
/// batch loops dispatch through `handeval_core::simd_batches!` and the
/// single-hand functions are batches of one; for a five-card
/// evaluator the encoding is the hand itself (the kernels read cards).
///
/// One form, the batch functions written out (from [`simd_paths!`] or by
/// hand, each `fn(&[H], &mut [u32])`):
///
/// ```text
/// simd_evaluator!(Simd: Evaluator,             // or Seven: BestFive<Hand7>
///     values(avx512: paths::avx512, avx2: paths::avx2, portable: paths::portable),
///     categories(from_values: category_of));   // or categories(avx512: kinds::avx512, ...)
/// ```
///
/// `categories(from_values: f)` turns each value into its category by `f`;
/// `categories(avx512: .., avx2: .., portable: ..)` takes category indices
/// from a second kernel's paths that computes no more than the category.
#[macro_export]
macro_rules! simd_evaluator {
    ($ty:ty: Evaluator, values(avx512: $avx512:path, avx2: $avx2:path, portable: $portable:path),
        categories($($categories:tt)*)) => {
        /// The hand's own five bytes: the kernels read cards, not an encoding.
        type Encoded = handeval_core::Hand;
        type Strength = u32;

        #[inline(always)]
        fn encode(hand: &handeval_core::Hand) -> handeval_core::Hand {
            *hand
        }

        #[inline]
        fn category(hand: handeval_core::Hand) -> handeval_core::Category {
            let mut out = [handeval_core::Category::HighCard];
            <$ty as handeval_core::Evaluator>::categories(&[hand], &mut out);
            out[0]
        }

        #[inline]
        fn strength(hand: handeval_core::Hand) -> u32 {
            let mut out = [0];
            <$ty as handeval_core::Evaluator>::strengths(&[hand], &mut out);
            out[0]
        }

        handeval_core::simd_batches!($ty: Evaluator,
            values(avx512: $avx512, avx2: $avx2, portable: $portable),
            categories($($categories)*));
    };
    ($ty:ty: BestFive<$hand:ty>, values(avx512: $avx512:path, avx2: $avx2:path, portable: $portable:path),
        categories($($categories:tt)*)) => {
        type Strength = u32;

        #[inline]
        fn category(hand: &$hand) -> handeval_core::Category {
            let mut out = [handeval_core::Category::HighCard];
            <$ty as handeval_core::BestFive<$hand>>::categories(core::slice::from_ref(hand), &mut out);
            out[0]
        }

        #[inline]
        fn strength(hand: &$hand) -> u32 {
            let mut out = [0];
            <$ty as handeval_core::BestFive<$hand>>::strengths(core::slice::from_ref(hand), &mut out);
            out[0]
        }

        handeval_core::simd_batches!($ty: BestFive<$hand>,
            values(avx512: $avx512, avx2: $avx2, portable: $portable),
            categories($($categories)*));
    };
}
