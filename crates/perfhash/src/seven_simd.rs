//! The seven-card perfect hash across hands: keys in 16-bit lanes, lookups by gathers.

#![allow(unsafe_code)]

use handeval_core::{BestFive, Hand7, Role};
use handeval_lanes::{Kernel, Lanes};

use crate::{FLUSH7, LOOKUP7, OFFSETS7, RANK_KEYS7, ROW_SHIFT7, category_of};

/// [`crate::Seven`]'s lookups across hands: the key sums in 16-bit lanes,
/// then the CPU's gather instructions for the tables.
///
/// Two passes over each block of hands, both vectorised:
///
/// 1. **Keys**, a [`Kernel`] in 16-bit lanes (32 hands per AVX-512
///    register): each card's rank key comes from two 16-entry word tables in
///    registers, its low 12 and its high 11 bits, so that seven of either
///    sum without overflowing 16 bits. Suit counters, the flush test and the
///    flush suit's ranks are `deadhorse/seven-simd`'s. Out comes one `u32`
///    per hand: the two partial sums (`high << 16 | low`), or for a flush
///    the top bit and the flush's rank mask.
/// 2. **Lookups**, in 32-bit lanes (16 hands per AVX-512 register, 8 per
///    AVX2): the key `(high << 12) + low`, then masked gathers as in
///    `perfhash/simd`: the row offsets and the values for the lanes without
///    a flush, the flush values for the others. Indices are clamped to the
///    tables, so even a key no hand makes cannot read outside them.
///
/// The values are [`crate::Seven`]'s, bit for bit.
#[derive(Clone, Copy, Debug, Default)]
pub struct SevenSimd;

/// The low 12 bits of each rank's key, padded to 16 entries.
const LOW_KEYS: [u16; 16] = split_keys(0);
/// The high bits (12 and up, 11 of them) of each rank's key.
const HIGH_KEYS: [u16; 16] = split_keys(12);

const fn split_keys(shift: u32) -> [u16; 16] {
    let mut t = [0; 16];
    let mut i = 0;
    while i < 13 {
        assert!(RANK_KEYS7[i] < 1 << 23, "seven 11-bit halves fit 16 bits");
        t[i] = (RANK_KEYS7[i] >> shift & 0xFFF) as u16;
        i += 1;
    }
    t
}

/// Marks a flush in the first pass's output.
const FLUSH_FLAG: u32 = 1 << 31;

/// The first pass: partial key sums, or the flush's rank mask.
struct Keys7;

impl Kernel<7> for Keys7 {
    #[inline(always)]
    fn run<L: Lanes>(l: L, cards: [L::V; 7]) -> (L::V, L::V) {
        let mut low = l.splat(0);
        let mut high = l.splat(0);
        for &card in &cards {
            // Masked: on AVX2 a lane holds its card in both bytes.
            let rank = l.and(l.shr::<2>(card), l.splat(15));
            low = l.add(low, l.lookup16(rank, &LOW_KEYS));
            high = l.add(high, l.lookup16(rank, &HIGH_KEYS));
        }
        let (flush, suited) = handeval_lanes::flush(l, cards, l.rank_bits(cards));
        let hi = l.select(flush, l.splat((FLUSH_FLAG >> 16) as u16), high);
        let lo = l.select(flush, suited, low);
        (hi, lo)
    }
}

/// The largest row and slot indices a gather may use: the last row, and the
/// last real value (a 4-byte gather of it reads the spare entry too).
const LAST_ROW: u32 = OFFSETS7.len() as u32 - 1;
const LAST_SLOT: u32 = LOOKUP7.len() as u32 - 2;

/// Hands per block: both passes' data stay in the first-level cache.
const BLOCK: usize = 1024;

/// The second pass for one hand, on any CPU: what the gathers do per lane.
#[inline(always)]
fn resolve(w: u32) -> u32 {
    if w & FLUSH_FLAG != 0 {
        u32::from(FLUSH7[(w & 0x1FFF) as usize])
    } else {
        let key = (w >> 16 << 12) + (w & 0xFFFF);
        let row = (key >> ROW_SHIFT7).min(LAST_ROW);
        let slot = key.wrapping_add(OFFSETS7[row as usize]).min(LAST_SLOT);
        u32::from(LOOKUP7[slot as usize])
    }
}

/// The portable path: both passes on plain integers.
pub(crate) fn portable(hands: &[Hand7], out: &mut [u32]) {
    handeval_lanes::strengths::<_, Keys7, 7>(handeval_lanes::Portable, hands, out);
    for w in out {
        *w = resolve(*w);
    }
}

#[cfg(target_arch = "x86_64")]
mod x86 {
    use core::arch::x86_64::{
        __m256i, __m512i, _mm256_add_epi32, _mm256_and_si256, _mm256_cmpeq_epi32,
        _mm256_loadu_si256, _mm256_mask_i32gather_epi32, _mm256_min_epu32, _mm256_set1_epi32,
        _mm256_setzero_si256, _mm256_slli_epi32, _mm256_srai_epi32, _mm256_srli_epi32,
        _mm256_storeu_si256, _mm256_testz_si256, _mm512_add_epi32, _mm512_and_si512,
        _mm512_loadu_si512, _mm512_mask_i32gather_epi32, _mm512_min_epu32, _mm512_set1_epi32,
        _mm512_setzero_si512, _mm512_slli_epi32, _mm512_srli_epi32, _mm512_storeu_si512,
        _mm512_test_epi32_mask,
    };

    use handeval_core::Hand7;
    use handeval_lanes::{Avx2, Avx512};

    use super::{BLOCK, FLUSH_FLAG, Keys7, LAST_ROW, LAST_SLOT, ROW_SHIFT7, resolve};
    use crate::{FLUSH7, LOOKUP7, OFFSETS7};

    /// Both passes over AVX-512.
    #[target_feature(enable = "avx512f,avx512bw,avx512vbmi,avx512bitalg")]
    pub(crate) fn avx512(hands: &[Hand7], out: &mut [u32]) {
        assert_eq!(hands.len(), out.len(), "one output slot per hand");
        for (hands, out) in hands.chunks(BLOCK).zip(out.chunks_mut(BLOCK)) {
            handeval_lanes::strengths::<_, Keys7, 7>(Avx512::new(), hands, out);
            let mut words = out.chunks_exact_mut(16);
            for words in &mut words {
                lookups512(words);
            }
            for w in words.into_remainder() {
                *w = resolve(*w);
            }
        }
    }

    /// The lookups of 16 hands, in place.
    #[target_feature(enable = "avx512f,avx512bw,avx512vbmi,avx512bitalg")]
    #[inline]
    fn lookups512(words: &mut [u32]) {
        assert_eq!(words.len(), 16);
        // SAFETY: `words` is 16 `u32`s, the 64 bytes loaded and stored.
        let w: __m512i = unsafe { _mm512_loadu_si512(words.as_ptr().cast()) };
        let flush = _mm512_test_epi32_mask(w, _mm512_set1_epi32(FLUSH_FLAG as i32));
        let key = _mm512_add_epi32(
            _mm512_slli_epi32::<12>(_mm512_srli_epi32::<16>(w)),
            _mm512_and_si512(w, _mm512_set1_epi32(0xFFFF)),
        );
        let row = _mm512_min_epu32(
            _mm512_srli_epi32::<ROW_SHIFT7>(key),
            _mm512_set1_epi32(LAST_ROW as i32),
        );
        let zero = _mm512_setzero_si512();
        // SAFETY: each gather reads, in the lanes its mask selects, 4 bytes
        // at `index * scale` from the table's start: rows are clamped to the
        // last offset, slots to the last real value (its 4 bytes end inside
        // the spare entry), and flush masks are 13 rank bits, at most 8191,
        // the table's last real entry before its spare.
        let values = unsafe {
            let offset =
                _mm512_mask_i32gather_epi32::<4>(zero, !flush, row, OFFSETS7.as_ptr().cast());
            let slot = _mm512_min_epu32(
                _mm512_add_epi32(key, offset),
                _mm512_set1_epi32(LAST_SLOT as i32),
            );
            let values =
                _mm512_mask_i32gather_epi32::<2>(zero, !flush, slot, LOOKUP7.as_ptr().cast());
            if flush == 0 {
                values
            } else {
                let ranks = _mm512_and_si512(w, _mm512_set1_epi32(0x1FFF));
                _mm512_mask_i32gather_epi32::<2>(values, flush, ranks, FLUSH7.as_ptr().cast())
            }
        };
        let values = _mm512_and_si512(values, _mm512_set1_epi32(0xFFFF));
        // SAFETY: as for the load.
        unsafe { _mm512_storeu_si512(words.as_mut_ptr().cast(), values) };
    }

    /// Both passes over AVX2.
    #[target_feature(enable = "avx2")]
    pub(crate) fn avx2(hands: &[Hand7], out: &mut [u32]) {
        assert_eq!(hands.len(), out.len(), "one output slot per hand");
        for (hands, out) in hands.chunks(BLOCK).zip(out.chunks_mut(BLOCK)) {
            handeval_lanes::strengths::<_, Keys7, 7>(Avx2::new(), hands, out);
            let mut words = out.chunks_exact_mut(8);
            for words in &mut words {
                lookups256(words);
            }
            for w in words.into_remainder() {
                *w = resolve(*w);
            }
        }
    }

    /// The lookups of 8 hands, in place.
    #[target_feature(enable = "avx2")]
    #[inline]
    fn lookups256(words: &mut [u32]) {
        assert_eq!(words.len(), 8);
        // SAFETY: `words` is 8 `u32`s, the 32 bytes loaded and stored.
        let w: __m256i = unsafe { _mm256_loadu_si256(words.as_ptr().cast()) };
        let zero = _mm256_setzero_si256();
        // All ones in a flush's lane (its top bit spread), zeros elsewhere.
        let flush = _mm256_srai_epi32::<31>(w);
        let plain = _mm256_cmpeq_epi32(flush, zero);
        let key = _mm256_add_epi32(
            _mm256_slli_epi32::<12>(_mm256_srli_epi32::<16>(w)),
            _mm256_and_si256(w, _mm256_set1_epi32(0xFFFF)),
        );
        let row = _mm256_min_epu32(
            _mm256_srli_epi32::<{ ROW_SHIFT7 as i32 }>(key),
            _mm256_set1_epi32(LAST_ROW as i32),
        );
        // SAFETY: as for AVX-512: rows and slots are clamped into their
        // tables, flush masks are at most 8191.
        let values = unsafe {
            let offset =
                _mm256_mask_i32gather_epi32::<4>(zero, OFFSETS7.as_ptr().cast(), row, plain);
            let slot = _mm256_min_epu32(
                _mm256_add_epi32(key, offset),
                _mm256_set1_epi32(LAST_SLOT as i32),
            );
            let values =
                _mm256_mask_i32gather_epi32::<2>(zero, LOOKUP7.as_ptr().cast(), slot, plain);
            if _mm256_testz_si256(flush, flush) == 1 {
                values
            } else {
                let ranks = _mm256_and_si256(w, _mm256_set1_epi32(0x1FFF));
                _mm256_mask_i32gather_epi32::<2>(values, FLUSH7.as_ptr().cast(), ranks, flush)
            }
        };
        let values = _mm256_and_si256(values, _mm256_set1_epi32(0xFFFF));
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

impl BestFive<Hand7> for SevenSimd {
    const META: handeval_core::Meta = handeval_core::Meta {
        name: "perfhash/seven-simd",
        summary: "OMPEval's seven-card method across hands: key sums in 16-bit lanes, offsets and values by masked gathers, AVX-512 or AVX2",
        family: crate::FAMILY,
        role: Role::Simd,
        derived_from: Some(<crate::Seven as BestFive<Hand7>>::META.name),
        table_bytes: crate::seven::TABLE_BYTES7,
        card_table_bytes: 0,
    };

    type Five = crate::Scalar;

    handeval_lanes::simd_evaluator!(
        SevenSimd: BestFive<Hand7>,
        values(avx512: paths::avx512, avx2: paths::avx2, portable: paths::portable),
        categories(from_values: category_of)
    );
}
