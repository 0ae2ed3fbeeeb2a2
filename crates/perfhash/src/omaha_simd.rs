//! PHEvaluator's Omaha method across hands: the multiset and set indices in
//! 16-bit lanes, the table reads as gathers.

#![allow(unsafe_code)]

use handeval_core::{BINOMIAL, BestFive, Omaha4, Role};
use handeval_lanes::{Kernel, Lanes};

use crate::category_of;
use crate::omaha::{HOLE_MULTISETS, HOLE_SETS, SORT4, SORT5, Tables, tables};

/// [`crate::Omaha`]'s reads across hands, in two passes over each block:
///
/// 1. **Indices**, two [`Kernel`]s in 16-bit lanes (32 hands per AVX-512
///    register): the hole's four ranks and the board's five sorted by
///    networks of `min`/`max`, each multiset's index the sum of one
///    16-entry word table per position (`C(r + i, i + 1)`, in a register);
///    and, where the board has three cards of a suit and the hole two, the
///    flush suit's rank sets' indices, from their bits lowest first (the
///    `i`-th bit at rank `r` adds `C(r, i + 1)`).
/// 2. **Reads**, in 32-bit lanes (16 hands per AVX-512 register, 8 per
///    AVX2): `board * 1820 + hole` into the no-flush table by a gather, and
///    for the lanes with a flush suit the flush table too; the larger
///    value. Indices are clamped to the tables, so no lane reads outside them.
///
/// The values are [`crate::Omaha`]'s, bit for bit.
#[derive(Clone, Copy, Debug, Default)]
pub struct OmahaSimd;

/// `C(r + i, i + 1)` by rank `r`, for position `i` of a sorted multiset.
const fn position_weights(i: usize) -> [u16; 16] {
    let mut t = [0; 16];
    let mut r = 0;
    while r < 13 {
        t[r] = BINOMIAL[r + i][i + 1];
        r += 1;
    }
    t
}

const WEIGHTS: [[u16; 16]; 5] = [
    position_weights(0),
    position_weights(1),
    position_weights(2),
    position_weights(3),
    position_weights(4),
];

/// `C(r, i + 1)` by rank `r`, for the `i`-th lowest rank of a set.
const fn set_weights(i: usize) -> [u16; 16] {
    let mut t = [0; 16];
    let mut r = 0;
    while r < 13 {
        t[r] = BINOMIAL[r][i + 1];
        r += 1;
    }
    t
}

const SET_WEIGHTS: [[u16; 16]; 5] = [
    set_weights(0),
    set_weights(1),
    set_weights(2),
    set_weights(3),
    set_weights(4),
];

/// Where a hole (board) set of `k` ranks starts, by `k`.
const HOLE_START: [u16; 16] = [0, 0, 0, 78, 364, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0];
const BOARD_START: [u16; 16] = [0, 0, 0, 0, 286, 1001, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0];

/// Marks a hand with a flush suit in the flush pass's output.
const FLUSH_FLAG: u32 = 1 << 31;

/// Each card's rank, `card >> 2` (masked: on AVX2 a lane holds its card in
/// both bytes).
#[inline(always)]
fn ranks<L: Lanes, const N: usize>(l: L, cards: [L::V; N]) -> [L::V; N] {
    let mut out = cards;
    for r in &mut out {
        *r = l.and(l.shr::<2>(*r), l.splat(15));
    }
    out
}

/// The multiset index of `K` ranks, sorted first by `network`.
#[inline(always)]
fn multiset<L: Lanes, const K: usize>(l: L, mut r: [L::V; K], network: &[(usize, usize)]) -> L::V {
    for &(a, b) in network {
        let (x, y) = (r[a], r[b]);
        r[a] = l.min(x, y);
        r[b] = l.max(x, y);
    }
    let mut index = l.splat(0);
    for (i, &rank) in r.iter().enumerate() {
        index = l.add(index, l.lookup16(rank, &WEIGHTS[i]));
    }
    index
}

/// The no-flush pass: `board << 16 | hole` multiset indices.
struct Multisets;

impl Kernel<9> for Multisets {
    #[inline(always)]
    fn run<L: Lanes>(l: L, cards: [L::V; 9]) -> (L::V, L::V) {
        let [h0, h1, h2, h3, b0, b1, b2, b3, b4] = ranks(l, cards);
        let hole = multiset(l, [h0, h1, h2, h3], &SORT4);
        let board = multiset(l, [b0, b1, b2, b3, b4], &SORT5);
        (board, hole)
    }
}

/// The index of a set of ranks among the sets of its size, plus `start`'s
/// entry for its size: at most `K` bits, lowest first.
#[inline(always)]
fn set<L: Lanes, const K: usize>(l: L, mut mask: L::V, start: &[u16; 16]) -> L::V {
    let mut index = l.lookup16(l.popcnt(mask), start);
    for weights in &SET_WEIGHTS[..K] {
        let lowest = l.and(mask, l.sub(l.splat(0), mask));
        // The lowest bit's rank: the bits below it, counted (16 for none,
        // whose weight entry is 0).
        let rank = l.popcnt(l.sub(lowest, l.splat(1)));
        index = l.add(index, l.keep(l.nonzero(mask), l.lookup16(rank, weights)));
        mask = l.xor(mask, lowest);
    }
    index
}

/// The flush pass: for a hand with a flush suit, `FLUSH_FLAG | board << 16
/// | hole` set indices of that suit's ranks; 0 otherwise.
struct Sets;

impl Kernel<9> for Sets {
    #[inline(always)]
    fn run<L: Lanes>(l: L, cards: [L::V; 9]) -> (L::V, L::V) {
        let bits = l.rank_bits(cards);
        let (flush, hole, board) = handeval_lanes::omaha_flush(l, cards, bits);
        let hi = l.or(
            set::<L, 5>(l, board, &BOARD_START),
            l.splat((FLUSH_FLAG >> 16) as u16),
        );
        (
            l.keep(flush, hi),
            l.keep(flush, set::<L, 4>(l, hole, &HOLE_START)),
        )
    }
}

/// Hands per block: both passes' words stay in the first-level cache.
const BLOCK: usize = 1024;

/// What the gathers do for one hand, on any CPU.
#[inline(always)]
fn resolve(t: &Tables, multisets: u32, sets: u32) -> u32 {
    let slot = (multisets >> 16) as usize * HOLE_MULTISETS + (multisets & 0xFFFF) as usize;
    let mut value = t.no_flush[slot.min(t.no_flush.len() - 2)];
    if sets & FLUSH_FLAG != 0 {
        let slot = (sets >> 16 & 0x7FFF) as usize * HOLE_SETS + (sets & 0xFFFF) as usize;
        value = value.max(t.flush[slot.min(t.flush.len() - 2)]);
    }
    u32::from(value)
}

/// The portable path: both passes on plain integers.
pub(crate) fn portable(hands: &[Omaha4], out: &mut [u32]) {
    let t = tables();
    let mut sets = [0u32; BLOCK];
    for (hands, out) in hands.chunks(BLOCK).zip(out.chunks_mut(BLOCK)) {
        let sets = &mut sets[..hands.len()];
        handeval_lanes::records::<_, Multisets, 9>(handeval_lanes::Portable, hands, out);
        handeval_lanes::records::<_, Sets, 9>(handeval_lanes::Portable, hands, sets);
        for (w, &s) in out.iter_mut().zip(sets.iter()) {
            *w = resolve(t, *w, s);
        }
    }
}

#[cfg(target_arch = "x86_64")]
mod x86 {
    use core::arch::x86_64::{
        __m256i, __m512i, _mm256_add_epi32, _mm256_and_si256, _mm256_loadu_si256,
        _mm256_mask_i32gather_epi32, _mm256_max_epu32, _mm256_min_epu32, _mm256_mullo_epi32,
        _mm256_set1_epi32, _mm256_setzero_si256, _mm256_srai_epi32, _mm256_srli_epi32,
        _mm256_storeu_si256, _mm256_testz_si256, _mm512_add_epi32, _mm512_and_si512,
        _mm512_loadu_si512, _mm512_mask_i32gather_epi32, _mm512_max_epu32, _mm512_min_epu32,
        _mm512_mullo_epi32, _mm512_set1_epi32, _mm512_setzero_si512, _mm512_srli_epi32,
        _mm512_storeu_si512, _mm512_test_epi32_mask,
    };

    use handeval_core::Omaha4;
    use handeval_lanes::{Avx2, Avx512};

    use super::{BLOCK, FLUSH_FLAG, Multisets, Sets, resolve};
    use crate::omaha::{HOLE_MULTISETS, HOLE_SETS, Tables, tables};

    /// Both passes over AVX-512.
    #[target_feature(enable = "avx512f,avx512bw,avx512vbmi,avx512bitalg")]
    pub(crate) fn avx512(hands: &[Omaha4], out: &mut [u32]) {
        assert_eq!(hands.len(), out.len(), "one output slot per hand");
        let t = tables();
        let mut sets = [0u32; BLOCK];
        for (hands, out) in hands.chunks(BLOCK).zip(out.chunks_mut(BLOCK)) {
            let sets = &mut sets[..hands.len()];
            handeval_lanes::records::<_, Multisets, 9>(Avx512::new(), hands, out);
            handeval_lanes::records::<_, Sets, 9>(Avx512::new(), hands, sets);
            let mut words = out.chunks_exact_mut(16);
            let mut flush = sets.chunks_exact(16);
            for (words, flush) in (&mut words).zip(&mut flush) {
                reads512(t, words, flush);
            }
            for (w, &s) in words.into_remainder().iter_mut().zip(flush.remainder()) {
                *w = resolve(t, *w, s);
            }
        }
    }

    /// The reads of 16 hands, in place.
    #[target_feature(enable = "avx512f,avx512bw,avx512vbmi,avx512bitalg")]
    #[inline]
    fn reads512(t: &Tables, words: &mut [u32], sets: &[u32]) {
        assert!(words.len() == 16 && sets.len() == 16);
        // SAFETY: `words` and `sets` are 16 `u32`s each, the 64 bytes loaded
        // (and, for `words`, stored).
        let (w, s): (__m512i, __m512i) = unsafe {
            (
                _mm512_loadu_si512(words.as_ptr().cast()),
                _mm512_loadu_si512(sets.as_ptr().cast()),
            )
        };
        let low = _mm512_set1_epi32(0xFFFF);
        let slot = _mm512_min_epu32(
            _mm512_add_epi32(
                _mm512_mullo_epi32(
                    _mm512_srli_epi32::<16>(w),
                    _mm512_set1_epi32(HOLE_MULTISETS as i32),
                ),
                _mm512_and_si512(w, low),
            ),
            _mm512_set1_epi32(t.no_flush.len() as i32 - 2),
        );
        let zero = _mm512_setzero_si512();
        // SAFETY: each gather reads 4 bytes at `2 * index` from its table's
        // start in the lanes its mask selects; the indices are clamped to
        // the table's last entry but one, so the reads end inside it.
        let values = unsafe {
            let values =
                _mm512_mask_i32gather_epi32::<2>(zero, u16::MAX, slot, t.no_flush.as_ptr().cast());
            let flush = _mm512_test_epi32_mask(s, _mm512_set1_epi32(FLUSH_FLAG as i32));
            let values = _mm512_and_si512(values, low);
            if flush == 0 {
                values
            } else {
                let fslot = _mm512_min_epu32(
                    _mm512_add_epi32(
                        _mm512_mullo_epi32(
                            _mm512_and_si512(_mm512_srli_epi32::<16>(s), _mm512_set1_epi32(0x7FFF)),
                            _mm512_set1_epi32(HOLE_SETS as i32),
                        ),
                        _mm512_and_si512(s, low),
                    ),
                    _mm512_set1_epi32(t.flush.len() as i32 - 2),
                );
                let flushes =
                    _mm512_mask_i32gather_epi32::<2>(zero, flush, fslot, t.flush.as_ptr().cast());
                _mm512_max_epu32(values, _mm512_and_si512(flushes, low))
            }
        };
        // SAFETY: as for the load.
        unsafe { _mm512_storeu_si512(words.as_mut_ptr().cast(), values) };
    }

    /// Both passes over AVX2.
    #[target_feature(enable = "avx2")]
    pub(crate) fn avx2(hands: &[Omaha4], out: &mut [u32]) {
        assert_eq!(hands.len(), out.len(), "one output slot per hand");
        let t = tables();
        let mut sets = [0u32; BLOCK];
        for (hands, out) in hands.chunks(BLOCK).zip(out.chunks_mut(BLOCK)) {
            let sets = &mut sets[..hands.len()];
            handeval_lanes::records::<_, Multisets, 9>(Avx2::new(), hands, out);
            handeval_lanes::records::<_, Sets, 9>(Avx2::new(), hands, sets);
            let mut words = out.chunks_exact_mut(8);
            let mut flush = sets.chunks_exact(8);
            for (words, flush) in (&mut words).zip(&mut flush) {
                reads256(t, words, flush);
            }
            for (w, &s) in words.into_remainder().iter_mut().zip(flush.remainder()) {
                *w = resolve(t, *w, s);
            }
        }
    }

    /// The reads of 8 hands, in place.
    #[target_feature(enable = "avx2")]
    #[inline]
    fn reads256(t: &Tables, words: &mut [u32], sets: &[u32]) {
        assert!(words.len() == 8 && sets.len() == 8);
        // SAFETY: `words` and `sets` are 8 `u32`s each, the 32 bytes loaded
        // (and, for `words`, stored).
        let (w, s): (__m256i, __m256i) = unsafe {
            (
                _mm256_loadu_si256(words.as_ptr().cast()),
                _mm256_loadu_si256(sets.as_ptr().cast()),
            )
        };
        let low = _mm256_set1_epi32(0xFFFF);
        let slot = _mm256_min_epu32(
            _mm256_add_epi32(
                _mm256_mullo_epi32(
                    _mm256_srli_epi32::<16>(w),
                    _mm256_set1_epi32(HOLE_MULTISETS as i32),
                ),
                _mm256_and_si256(w, low),
            ),
            _mm256_set1_epi32(t.no_flush.len() as i32 - 2),
        );
        let zero = _mm256_setzero_si256();
        let all = _mm256_set1_epi32(-1);
        // SAFETY: as for AVX-512: indices clamped to each table's last entry but one.
        let values = unsafe {
            let values = _mm256_and_si256(
                _mm256_mask_i32gather_epi32::<2>(zero, t.no_flush.as_ptr().cast(), slot, all),
                low,
            );
            // All ones in a flush's lane (its top bit spread).
            let flush = _mm256_srai_epi32::<31>(s);
            if _mm256_testz_si256(flush, flush) == 1 {
                values
            } else {
                let fslot = _mm256_min_epu32(
                    _mm256_add_epi32(
                        _mm256_mullo_epi32(
                            _mm256_and_si256(_mm256_srli_epi32::<16>(s), _mm256_set1_epi32(0x7FFF)),
                            _mm256_set1_epi32(HOLE_SETS as i32),
                        ),
                        _mm256_and_si256(s, low),
                    ),
                    _mm256_set1_epi32(t.flush.len() as i32 - 2),
                );
                let flushes =
                    _mm256_mask_i32gather_epi32::<2>(zero, t.flush.as_ptr().cast(), fslot, flush);
                _mm256_max_epu32(values, _mm256_and_si256(flushes, low))
            }
        };
        // SAFETY: as for the load.
        unsafe { _mm256_storeu_si256(words.as_mut_ptr().cast(), values) };
    }
}

/// The three batch paths, for `simd_evaluator!`.
mod paths {
    pub(crate) use super::portable;
    #[cfg(target_arch = "x86_64")]
    pub(crate) use super::x86::{avx2, avx512};
}

impl BestFive<Omaha4> for OmahaSimd {
    const META: handeval_core::Meta = handeval_core::Meta {
        name: "perfhash/omaha-simd",
        summary: "PHEvaluator's Omaha method across hands: multiset and set indices in 16-bit lanes, the table reads as masked gathers, AVX-512 or AVX2",
        family: crate::FAMILY,
        role: Role::Simd,
        derived_from: Some(<crate::Omaha as BestFive<Omaha4>>::META.name),
        table_bytes: crate::omaha::TABLE_BYTES,
        card_table_bytes: 0,
    };

    type Five = crate::Scalar;

    fn generated() -> Option<handeval_core::Generated> {
        Some(tables().generated())
    }

    handeval_lanes::simd_evaluator!(
        OmahaSimd: BestFive<Omaha4>,
        values(avx512: paths::avx512, avx2: paths::avx2, portable: paths::portable),
        categories(from_values: category_of)
    );
}
