//! The perfect hash with gathers: 16 hands per AVX-512 instruction, 8 per AVX2.

#![allow(unsafe_code)]

use handeval_core::{Evaluator, Hand, Role};

use crate::{
    FLUSH_BITS, LOOKUP, OFFSETS, RANK_KEY_MASK, RANK_KEYS, ROW_SHIFT, SUIT_SHIFT, Scalar,
    category_of,
};

/// [`Scalar`]'s lookups across hands, with the CPU's gather instructions.
///
/// Keys do not fit 16 bits, so lanes are 32 bits: 16 hands per AVX-512
/// register, 8 per AVX2. Per card, the rank key comes from a register (a
/// permute of the 13 keys), the suit counter and rank bit from variable
/// shifts; the keys are summed and the rank bits combined with OR. Then three gathers, each masked to
/// the lanes that need it: the row offsets and the values for the lanes
/// without a flush, the flush values for the others. The values are
/// [`Scalar`]'s, bit for bit. Indices are clamped to the tables, so even a
/// key no hand makes cannot read outside them.
#[derive(Clone, Copy, Debug, Default)]
pub struct Simd;

/// The largest row and slot indices a gather may use: the last row, and the
/// last real value (a 4-byte gather of it reads the spare entry too).
const LAST_ROW: u32 = OFFSETS.len() as u32 - 1;
const LAST_SLOT: u32 = LOOKUP.len() as u32 - 2;

/// The portable path: [`Scalar`], hand by hand.
pub(crate) fn portable(hands: &[Hand], out: &mut [u32]) {
    handeval_core::batch(hands, out, |h| Scalar::strength(Scalar::encode(&h)));
}

#[cfg(target_arch = "x86_64")]
mod x86 {
    use core::arch::x86_64::{
        __mmask16, __mmask64, _mm256_add_epi32, _mm256_and_si256, _mm256_andnot_si256,
        _mm256_blendv_epi8, _mm256_cmpeq_epi32, _mm256_cmpgt_epi32, _mm256_loadu_si256,
        _mm256_loadu2_m128i, _mm256_mask_i32gather_epi32, _mm256_min_epu32, _mm256_or_si256,
        _mm256_permutevar8x32_epi32, _mm256_set1_epi32, _mm256_setzero_si256, _mm256_shuffle_epi8,
        _mm256_slli_epi32, _mm256_sllv_epi32, _mm256_srli_epi32, _mm256_storeu_si256,
        _mm256_testz_si256, _mm512_add_epi32, _mm512_and_si512, _mm512_loadu_si512,
        _mm512_mask_i32gather_epi32, _mm512_maskz_loadu_epi8, _mm512_maskz_permutex2var_epi8,
        _mm512_min_epu32, _mm512_or_si512, _mm512_permutexvar_epi32, _mm512_set1_epi32,
        _mm512_setzero_si512, _mm512_slli_epi32, _mm512_sllv_epi32, _mm512_srli_epi32,
        _mm512_storeu_si512, _mm512_test_epi32_mask,
    };

    use handeval_core::Hand;

    use super::{FLUSH_BITS, LAST_ROW, LAST_SLOT, RANK_KEY_MASK, RANK_KEYS, ROW_SHIFT, SUIT_SHIFT};
    use crate::{FLUSH, LOOKUP, OFFSETS};

    /// The 13 rank keys padded to 16 lanes.
    const KEYS16: [u32; 16] = {
        let mut t = [0; 16];
        let mut i = 0;
        while i < 13 {
            t[i] = RANK_KEYS[i];
            i += 1;
        }
        t
    };

    /// Byte permute controls putting card `k` of hand `i` (byte `5i + k`)
    /// into the low byte of 32-bit lane `i`, and the mask of those bytes.
    const SPLIT512: [[u8; 64]; 5] = {
        let mut c = [[0; 64]; 5];
        let mut k = 0;
        while k < 5 {
            let mut i = 0;
            while i < 16 {
                c[k][4 * i] = (5 * i + k) as u8;
                i += 1;
            }
            k += 1;
        }
        c
    };
    const LOW_BYTES: u64 = 0x1111_1111_1111_1111;

    /// The perfect hash over AVX-512, 16 hands at a time.
    #[target_feature(enable = "avx512f,avx512bw,avx512vbmi,avx512bitalg")]
    pub(crate) fn avx512(hands: &[Hand], out: &mut [u32]) {
        handeval_lanes::in_chunks(16, hands, out, |hands: &[Hand], out: &mut [u32]| {
            sixteen(hands, out);
        });
    }

    #[target_feature(enable = "avx512f,avx512bw,avx512vbmi,avx512bitalg")]
    #[inline]
    fn sixteen(hands: &[Hand], out: &mut [u32]) {
        assert!(hands.len() == 16 && out.len() == 16);
        let bytes = hands.as_ptr().cast::<u8>();
        // SAFETY: 16 hands are 80 bytes (five one-byte cards each): one full
        // load reads bytes 0..64 and the masked load only bytes 64..80. The
        // controls and keys are arrays of 64 bytes.
        let (r0, r1, keys, controls) = unsafe {
            (
                _mm512_loadu_si512(bytes.cast()),
                _mm512_maskz_loadu_epi8(0xFFFF, bytes.add(64).cast()),
                _mm512_loadu_si512(KEYS16.as_ptr().cast()),
                SPLIT512.map(|c| _mm512_loadu_si512(c.as_ptr().cast())),
            )
        };
        let mut key = _mm512_setzero_si512();
        let mut ranks = _mm512_setzero_si512();
        for control in controls {
            let card = _mm512_maskz_permutex2var_epi8(LOW_BYTES as __mmask64, r0, control, r1);
            let rank = _mm512_srli_epi32::<2>(card);
            let suit = _mm512_and_si512(card, _mm512_set1_epi32(3));
            let suit3 = _mm512_add_epi32(suit, _mm512_add_epi32(suit, suit));
            let counter = _mm512_sllv_epi32(_mm512_set1_epi32(1 << SUIT_SHIFT), suit3);
            key = _mm512_add_epi32(
                key,
                _mm512_add_epi32(_mm512_permutexvar_epi32(rank, keys), counter),
            );
            ranks = _mm512_or_si512(ranks, _mm512_sllv_epi32(_mm512_set1_epi32(1), rank));
        }
        let flush: __mmask16 = _mm512_test_epi32_mask(
            _mm512_and_si512(key, _mm512_slli_epi32::<2>(key)),
            _mm512_set1_epi32(FLUSH_BITS as i32),
        );
        let rank_key = _mm512_and_si512(key, _mm512_set1_epi32(RANK_KEY_MASK as i32));
        let row = _mm512_min_epu32(
            _mm512_srli_epi32::<ROW_SHIFT>(rank_key),
            _mm512_set1_epi32(LAST_ROW as i32),
        );
        let zero = _mm512_setzero_si512();
        // SAFETY: each gather reads, in the lanes its mask selects, 4 bytes
        // at `index * scale` from the table's start: rows are clamped to the
        // last offset, slots to the last real value (its 4 bytes end inside
        // the spare entry), and flush masks are ORs of 13 rank bits, at most
        // 8191, the table's last real entry before its spare.
        let values = unsafe {
            let offset =
                _mm512_mask_i32gather_epi32::<4>(zero, !flush, row, OFFSETS.as_ptr().cast());
            let slot = _mm512_min_epu32(
                _mm512_add_epi32(rank_key, offset),
                _mm512_set1_epi32(LAST_SLOT as i32),
            );
            let values =
                _mm512_mask_i32gather_epi32::<2>(zero, !flush, slot, LOOKUP.as_ptr().cast());
            // About one vector in thirty has a flush: skip the gather otherwise.
            if flush == 0 {
                values
            } else {
                _mm512_mask_i32gather_epi32::<2>(values, flush, ranks, FLUSH.as_ptr().cast())
            }
        };
        let values = _mm512_and_si512(values, _mm512_set1_epi32(0xFFFF));
        // SAFETY: `out` holds 16 `u32`s, the 64 bytes stored.
        unsafe { _mm512_storeu_si512(out.as_mut_ptr().cast(), values) };
    }

    /// `vpshufb` controls for AVX2: card `k` of hand `j` of a half (relative
    /// byte `5j + k` of its 20) from window 0 (bytes 0..16) or window 1
    /// (bytes 4..20) into the low byte of lane `j`.
    const SPLIT256: [[[u8; 32]; 2]; 5] = {
        let mut c = [[[0x80; 32]; 2]; 5];
        let mut k = 0;
        while k < 5 {
            let mut j = 0;
            while j < 4 {
                let at = 5 * j + k;
                let (w, i) = if at < 16 { (0, at) } else { (1, at - 4) };
                c[k][w][4 * j] = i as u8;
                c[k][w][16 + 4 * j] = i as u8;
                j += 1;
            }
            k += 1;
        }
        c
    };

    /// The perfect hash over AVX2, 8 hands at a time.
    #[target_feature(enable = "avx2")]
    pub(crate) fn avx2(hands: &[Hand], out: &mut [u32]) {
        handeval_lanes::in_chunks(8, hands, out, |hands: &[Hand], out: &mut [u32]| {
            eight(hands, out);
        });
    }

    #[target_feature(enable = "avx2")]
    #[inline]
    fn eight(hands: &[Hand], out: &mut [u32]) {
        assert!(hands.len() == 8 && out.len() == 8);
        let bytes = hands.as_ptr().cast::<u8>();
        // SAFETY: 8 hands are 40 bytes; the windows read bytes 0..16 and
        // 4..20 of each half (halves start at 0 and 20), so at most byte 39.
        // The key and control arrays are 32 bytes each.
        let (w0, w1, low_keys, high_keys, controls) = unsafe {
            (
                _mm256_loadu2_m128i(bytes.add(20).cast(), bytes.cast()),
                _mm256_loadu2_m128i(bytes.add(24).cast(), bytes.add(4).cast()),
                _mm256_loadu_si256(KEYS16.as_ptr().cast()),
                _mm256_loadu_si256(KEYS16.as_ptr().add(8).cast()),
                SPLIT256.map(|[a, b]| {
                    (
                        _mm256_loadu_si256(a.as_ptr().cast()),
                        _mm256_loadu_si256(b.as_ptr().cast()),
                    )
                }),
            )
        };
        let mut key = _mm256_setzero_si256();
        let mut ranks = _mm256_setzero_si256();
        for (a, b) in controls {
            let card = _mm256_or_si256(_mm256_shuffle_epi8(w0, a), _mm256_shuffle_epi8(w1, b));
            let rank = _mm256_srli_epi32::<2>(card);
            let suit = _mm256_and_si256(card, _mm256_set1_epi32(3));
            let suit3 = _mm256_add_epi32(suit, _mm256_add_epi32(suit, suit));
            let counter = _mm256_sllv_epi32(_mm256_set1_epi32(1 << SUIT_SHIFT), suit3);
            // Thirteen keys in two 8-lane permutes, chosen by rank >= 8.
            let high = _mm256_cmpgt_epi32(rank, _mm256_set1_epi32(7));
            let rank_key = _mm256_blendv_epi8(
                _mm256_permutevar8x32_epi32(low_keys, rank),
                _mm256_permutevar8x32_epi32(high_keys, rank),
                high,
            );
            key = _mm256_add_epi32(key, _mm256_add_epi32(rank_key, counter));
            ranks = _mm256_or_si256(ranks, _mm256_sllv_epi32(_mm256_set1_epi32(1), rank));
        }
        let zero = _mm256_setzero_si256();
        let flush_bits = _mm256_and_si256(
            _mm256_and_si256(key, _mm256_slli_epi32::<2>(key)),
            _mm256_set1_epi32(FLUSH_BITS as i32),
        );
        let plain = _mm256_cmpeq_epi32(flush_bits, zero);
        let flush = _mm256_andnot_si256(plain, _mm256_set1_epi32(-1));
        let rank_key = _mm256_and_si256(key, _mm256_set1_epi32(RANK_KEY_MASK as i32));
        let row = _mm256_min_epu32(
            _mm256_srli_epi32::<{ ROW_SHIFT as i32 }>(rank_key),
            _mm256_set1_epi32(LAST_ROW as i32),
        );
        // SAFETY: as for AVX-512: rows and slots are clamped into their
        // tables, flush masks are at most 8191.
        let values = unsafe {
            let offset =
                _mm256_mask_i32gather_epi32::<4>(zero, OFFSETS.as_ptr().cast(), row, plain);
            let slot = _mm256_min_epu32(
                _mm256_add_epi32(rank_key, offset),
                _mm256_set1_epi32(LAST_SLOT as i32),
            );
            let values =
                _mm256_mask_i32gather_epi32::<2>(zero, LOOKUP.as_ptr().cast(), slot, plain);
            // About one vector in sixty has a flush: skip the gather otherwise.
            if _mm256_testz_si256(flush, flush) == 1 {
                values
            } else {
                _mm256_mask_i32gather_epi32::<2>(values, FLUSH.as_ptr().cast(), ranks, flush)
            }
        };
        let values = _mm256_and_si256(values, _mm256_set1_epi32(0xFFFF));
        // SAFETY: `out` holds 8 `u32`s, the 32 bytes stored.
        unsafe { _mm256_storeu_si256(out.as_mut_ptr().cast(), values) };
    }
}

/// The three batch paths, for `simd_evaluator!`.
mod paths {
    pub(crate) use super::portable;
    #[cfg(target_arch = "x86_64")]
    pub(crate) use super::x86::{avx2, avx512};
}

impl Evaluator for Simd {
    const META: handeval_core::Meta = handeval_core::Meta {
        name: "perfhash/simd",
        summary: "the perfect hash across hands: keys from registers, offsets and values by masked gathers, AVX-512 or AVX2",
        family: crate::FAMILY,
        role: Role::Simd,
        derived_from: Some(<Scalar as Evaluator>::META.name),
        table_bytes: crate::TABLE_BYTES,
        card_table_bytes: 0,
    };

    handeval_lanes::simd_evaluator!(
        Simd: Evaluator,
        values(avx512: paths::avx512, avx2: paths::avx2, portable: paths::portable),
        categories(from_values: category_of)
    );
}
