//! The conventional class of a [`Tuned`](crate::Tuned) value, read off its
//! layout: no ranking of every hand, no search among the 7,462 values.
//!
//! A value is `kind << 26 | important << 13 | rest` (see
//! [`Tuned`](crate::Tuned)): the hand type in category order, then two
//! masks of ranks. Within a kind every value has the same shape, so its
//! place among the kind's values, counted from the weakest, is a place in
//! a product of rank sets:
//!
//! | kind | important | rest | place |
//! |---|---|---|---|
//! | high card, flush | none | the five ranks | place of the mask among five-rank masks that are not straights |
//! | pair | the pair's rank `p` | three kickers | `p · C(12,3) + place of the kickers among the 12 other ranks` |
//! | two pair | the two pairs' ranks | the kicker | `place of the pairs among 2-sets · 11 + place of the kicker among the 11 others` |
//! | trips | the trips' rank `p` | two kickers | `p · C(12,2) + place of the kickers among the 12 others` |
//! | full house, quads | the three's or four's rank `p` | the other rank | `p · 12 + place of it among the 12 others` |
//! | straight, straight flush | none | the ranks (the wheel's as `0xF`) | the top rank's bit, less 3 (`0xF` tops at bit 3) |
//!
//! "Place among the sets of the same size" is the colexicographic rank,
//! `Σ C(pᵢ, i+1)` over the set's positions `p₀ < p₁ < ...`, which for sets
//! of one size orders them as their masks order as numbers, the order the
//! values compare in. Removing the important ranks' bits from the rest
//! (shifting the bits above each down by one) makes the rest a set among
//! the remaining ranks. The class is then the number of classes at or
//! above the value: `7,462 - (classes of the weaker kinds + place)`.
//!
//! Worked example, a pair of kings with A-7-2: `p = 11` (king), the kickers
//! are bits 12, 5 and 0; removing bit 11 moves the ace to bit 11, so the
//! kickers' positions are 0, 5, 11 and their place is `C(0,1) + C(5,2) +
//! C(11,3) = 0 + 10 + 165 = 175`. The pair's place is `11 · 220 + 175 =
//! 2,595`; 1,277 high-card classes are weaker, so the class is `7,462 -
//! (1,277 + 2,595) = 3,590`, as Cactus Kev's tables have it.

use handeval_core::{Category, rules::STANDARD};

/// `COLEX[m]`: the colexicographic rank of the set of bits of `m` among the
/// sets of its size.
static COLEX: [u16; 1 << 13] = {
    let mut table = [0u16; 1 << 13];
    let mut m = 0;
    while m < 1 << 13 {
        let (mut rank, mut chosen, mut bit) = (0u32, 0u32, 0u32);
        while bit < 13 {
            if m >> bit & 1 == 1 {
                chosen += 1;
                rank += binomial(bit, chosen);
            }
            bit += 1;
        }
        table[m] = rank as u16;
        m += 1;
    }
    table
};

/// `FIVE[m]` for a mask of five ranks, the place of a high-card or flush
/// hand of those ranks: how many five-rank masks that are not straights
/// are smaller. For a straight's own mask (`0x1F << k`, the wheel's `0xF`)
/// it holds the straight's place instead, `k + 1` (the wheel's 0): no
/// high-card mask is one, so one table serves both and a value's place
/// needs no count of leading zeros, which vectors lack below AVX-512 CD.
static FIVE: [u16; 1 << 13] = {
    let mut table = [0u16; 1 << 13];
    let (mut m, mut below) = (0, 0u16);
    while m < 1 << 13 {
        table[m] = below;
        if (m as u32).count_ones() == 5 && !is_straight(m as u32) {
            below += 1;
        }
        m += 1;
    }
    // The wheel's value keeps its ranks below the ace: 5-4-3-2 as `0xF`.
    table[0xF] = 0;
    let mut k = 0;
    while k < 9 {
        table[0x1F << k] = k as u16 + 1;
        k += 1;
    }
    table
};

/// [`COLEX`] in the low half, [`FIVE`] in the high: one table of 32-bit
/// entries that vector code gathers from (no CPU gathers 16-bit entries)
/// and that fits the first cache.
static PLACES: [u32; 1 << 13] = {
    let mut table = [0u32; 1 << 13];
    let mut m = 0;
    while m < 1 << 13 {
        table[m] = COLEX[m] as u32 | (FIVE[m] as u32) << 16;
        m += 1;
    }
    table
};

/// `rest` without the rank `bit` (a single bit, or 0 for none): the ranks
/// above it move down one place.
#[inline(always)]
const fn remove(rest: u32, bit: u32) -> u32 {
    let below = bit.wrapping_sub(1);
    (rest & below) | ((rest & !below) >> 1)
}

/// The number of `k`-sets of `n` things, for the small numbers here.
const fn binomial(n: u32, k: u32) -> u32 {
    if k > n {
        return 0;
    }
    let (mut r, mut i) = (1, 0);
    while i < k {
        r = r * (n - i) / (i + 1);
        i += 1;
    }
    r
}

/// Whether five ranks make a straight, the wheel included.
const fn is_straight(m: u32) -> bool {
    m == crate::WHEEL || (m != 0 && m >> m.trailing_zeros() == 31)
}

/// Classes of the kinds weaker than each kind (high card's 0 first), from
/// the standard game's counts: kind `k` is category `k`, the straight flush
/// including the royal.
const WEAKER: [u32; 16] = {
    let mut weaker = [0u32; 16];
    let mut k = 1;
    while k < 9 {
        weaker[k] = weaker[k - 1] + Category::ALL[k - 1].class_count() as u32;
        k += 1;
    }
    weaker
};

/// How many rests there are for each important set, by kind.
const RESTS: [u32; 16] = [0, 220, 11, 66, 0, 0, 12, 12, 0, 0, 0, 0, 0, 0, 0, 0];

/// The class of a [`Tuned`](crate::Tuned) value (1 for the royal flush,
/// 7,462 for 7-5-4-3-2); meaningless for a number no hand has.
#[inline(always)]
pub fn class_of(value: u32) -> u16 {
    // Sixteen entries a kind table: a mask, not a division, keeps a
    // number no hand has inside them.
    let kind = (value >> 26) as usize & 15;
    let important = (value >> 13) & 0x1FFF;
    let rest = value & 0x1FFF;
    // Remove the important ranks from the rest, the higher one first so
    // that the lower one's position still holds (a value has at most two;
    // with one, `higher` is 0 and removes nothing).
    let lower = important & important.wrapping_neg();
    let higher = important ^ lower;
    let squeezed = remove(remove(rest, higher), lower);
    // Each kind's place, chosen without a branch: hands come in no order
    // of kind, and a mispredicted branch costs more than both.
    let five = (0b1_0011_0001u32 >> kind) & 1;
    // Wrapping: a number no hand has gives a meaningless class, not a panic.
    let colex = |m: u32| PLACES[m as usize] & 0xFFFF;
    let place = five * (PLACES[rest as usize] >> 16)
        + (1 - five) * (colex(important) * RESTS[kind] + colex(squeezed));
    u32::from(STANDARD.classes()).wrapping_sub(WEAKER[kind] + place) as u16
}

/// [`class_of`] of every value: `out[i]` for `values[i]`, 16 values to an
/// instruction stream on AVX-512 and 8 on AVX2 (the loop is the same;
/// the compiler turns the table reads into gathers where the CPU has
/// them), one at a time elsewhere.
///
/// # Panics
/// If `values` and `out` differ in length.
pub fn classes_of(values: &[u32], out: &mut [u16]) {
    assert_eq!(values.len(), out.len(), "one class per value");
    #[cfg(target_arch = "x86_64")]
    {
        use handeval_core::cpu::{Feature, has};
        if has(Feature::Avx512) {
            // SAFETY: the CPU has the features `wide512` is compiled for,
            // checked on the line above.
            #[allow(unsafe_code)]
            unsafe {
                wide512(values, out);
            }
            return;
        }
        if has(Feature::Avx2) {
            // SAFETY: the CPU has AVX2, checked on the line above.
            #[allow(unsafe_code)]
            unsafe {
                wide256(values, out);
            }
            return;
        }
    }
    narrow(values, out);
}

#[inline(always)]
fn narrow(values: &[u32], out: &mut [u16]) {
    for (class, &value) in out.iter_mut().zip(values) {
        *class = class_of(value);
    }
}

/// [`class_of`] sixteen values at a time, written out: left to the
/// compiler, the kind's two small tables became gathers too, and one index
/// was widened to 64 bits and gathered in two halves.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,avx512bw,avx512vbmi,avx512bitalg")]
#[allow(unsafe_code)]
fn wide512(values: &[u32], out: &mut [u16]) {
    use core::arch::x86_64::{
        __m512i, _mm256_storeu_si256, _mm512_add_epi32, _mm512_and_si512, _mm512_andnot_si512,
        _mm512_cvtepi32_epi16, _mm512_i32gather_epi32, _mm512_loadu_si512, _mm512_mask_blend_epi32,
        _mm512_mullo_epi32, _mm512_or_si512, _mm512_permutexvar_epi32, _mm512_set1_epi32,
        _mm512_srli_epi32, _mm512_srlv_epi32, _mm512_sub_epi32, _mm512_test_epi32_mask,
        _mm512_xor_si512,
    };
    let (values, values_left) = values.as_chunks::<16>();
    let (outs, outs_left) = out.as_chunks_mut::<16>();
    let ranks = _mm512_set1_epi32(0x1FFF);
    let one = _mm512_set1_epi32(1);
    // SAFETY: the tables are 16 `u32`s, 64 bytes, all of which the
    // unaligned loads read.
    let (weaker, rests) = unsafe {
        (
            _mm512_loadu_si512(WEAKER.as_ptr().cast()),
            _mm512_loadu_si512(RESTS.as_ptr().cast()),
        )
    };
    // `remove` on vectors: the bits above `bit` move down one.
    let remove = |rest: __m512i, bit: __m512i| {
        let below = _mm512_sub_epi32(bit, one);
        _mm512_or_si512(
            _mm512_and_si512(rest, below),
            _mm512_srli_epi32::<1>(_mm512_andnot_si512(below, rest)),
        )
    };
    for (values, out) in values.iter().zip(outs) {
        // SAFETY: `values` is 16 `u32`s, 64 bytes, all of which the
        // unaligned load reads.
        let value = unsafe { _mm512_loadu_si512(values.as_ptr().cast()) };
        let kind = _mm512_and_si512(_mm512_srli_epi32::<26>(value), _mm512_set1_epi32(15));
        let important = _mm512_and_si512(_mm512_srli_epi32::<13>(value), ranks);
        let rest = _mm512_and_si512(value, ranks);
        let lower = _mm512_and_si512(important, _mm512_sub_epi32(_mm512_set1_epi32(0), important));
        let higher = _mm512_xor_si512(important, lower);
        let squeezed = remove(remove(rest, higher), lower);
        // SAFETY: every index is masked to 13 bits (`squeezed` has no bit
        // `rest` lacks), inside the 8,192 entries of `PLACES`, read 4 bytes
        // an entry.
        let (five_place, colex_important, colex_squeezed) = unsafe {
            (
                _mm512_srli_epi32::<16>(_mm512_i32gather_epi32::<4>(rest, PLACES.as_ptr().cast())),
                _mm512_i32gather_epi32::<4>(important, PLACES.as_ptr().cast()),
                _mm512_i32gather_epi32::<4>(squeezed, PLACES.as_ptr().cast()),
            )
        };
        let low = _mm512_set1_epi32(0xFFFF);
        let paired = _mm512_add_epi32(
            _mm512_mullo_epi32(
                _mm512_and_si512(colex_important, low),
                _mm512_permutexvar_epi32(kind, rests),
            ),
            _mm512_and_si512(colex_squeezed, low),
        );
        let five = _mm512_test_epi32_mask(
            _mm512_srlv_epi32(_mm512_set1_epi32(0b1_0011_0001), kind),
            one,
        );
        let place = _mm512_mask_blend_epi32(five, paired, five_place);
        let class = _mm512_sub_epi32(
            _mm512_set1_epi32(i32::from(STANDARD.classes())),
            _mm512_add_epi32(_mm512_permutexvar_epi32(kind, weaker), place),
        );
        // SAFETY: `out` is 16 `u16`s, 32 bytes, all of which the unaligned
        // store writes.
        unsafe { _mm256_storeu_si256(out.as_mut_ptr().cast(), _mm512_cvtepi32_epi16(class)) };
    }
    narrow(values_left, outs_left);
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn wide256(values: &[u32], out: &mut [u16]) {
    narrow(values, out);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_worked_example_holds() {
        // K K A 7 2: pair (kind 1), important the king, rest A, 7, 2.
        let value = 1 << 26 | (1 << 11) << 13 | (1 << 12 | 1 << 5 | 1);
        assert_eq!(class_of(value), 3590);
    }

    #[test]
    fn the_tables_count_what_they_say() {
        assert_eq!(COLEX[0b11111], 0);
        assert_eq!(COLEX[0b1_1111_0000_0000], binomial(13, 5) as u16 - 1);
        // 1,287 five-rank masks, ten of them straights.
        assert_eq!(FIVE[0x1FFF], 1277);
        assert_eq!(FIVE[0x1F00], 9);
        assert_eq!(FIVE[0xF], 0);
        assert_eq!(WEAKER[8] + 10, u32::from(STANDARD.classes()));
    }
}
