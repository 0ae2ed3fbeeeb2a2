//! Thirty-two hands per 512-bit register.

#![allow(unsafe_code)]

use core::arch::x86_64::{
    __m512i, __mmask32, __mmask64, _mm_setr_epi8, _mm256_loadu_si256, _mm256_zextsi128_si256,
    _mm512_add_epi16, _mm512_and_si512, _mm512_andnot_si512, _mm512_broadcast_i64x4,
    _mm512_cmpeq_epi16_mask, _mm512_cmpge_epu16_mask, _mm512_cvtepu8_epi16, _mm512_loadu_si512,
    _mm512_mask_add_epi16, _mm512_mask_blend_epi16, _mm512_mask2_permutex2var_epi8,
    _mm512_maskz_loadu_epi8, _mm512_maskz_mov_epi16, _mm512_maskz_permutex2var_epi8,
    _mm512_max_epu16, _mm512_min_epu16, _mm512_mullo_epi16, _mm512_or_si512,
    _mm512_permutex2var_epi16, _mm512_permutexvar_epi16, _mm512_popcnt_epi16, _mm512_set1_epi16,
    _mm512_setzero_si512, _mm512_slli_epi16, _mm512_srli_epi16, _mm512_storeu_si512,
    _mm512_sub_epi16, _mm512_ternarylogic_epi32, _mm512_test_epi16_mask, _mm512_unpackhi_epi16,
    _mm512_unpacklo_epi16, _mm512_xor_si512,
};

use crate::{Lanes, Row};

/// AVX-512 (F, BW, VBMI, BITALG), 32 hands per vector. Only code compiled
/// with those features can make one.
#[derive(Clone, Copy, Debug)]
pub struct Avx512(());

impl Avx512 {
    /// The proof that this CPU has the AVX-512 subsets the kernels use:
    /// callable (safely) only from code compiled for them, which runs only
    /// after the run-time check.
    ///
    /// # Safety
    ///
    /// Safe to call from code compiled with the AVX-512 subsets, where the compiler allows it;
    /// from anywhere else it needs `unsafe`, and the caller's promise that
    /// the CPU has the AVX-512 subsets.
    #[target_feature(enable = "avx512f,avx512bw,avx512vbmi,avx512bitalg")]
    pub fn new() -> Self {
        Avx512(())
    }
}

/// The hand in 16-bit lane `lane`: the order that makes
/// [`Lanes::store`]'s in-block unpacks write hands in order.
const fn hand_of_lane(lane: usize) -> usize {
    let (block, within) = (lane / 8, lane % 8);
    if within < 4 {
        4 * block + within
    } else {
        16 + 4 * block + within - 4
    }
}

/// The most groups a load splits 32 hands into: three, for hands of nine to
/// eleven cards (Omaha's), of which a two-register permute reaches 14, 12
/// or 11.
const GROUPS: usize = 3;

/// Byte permute controls and masks that put card `k` of every hand into the
/// low byte of its lane, for hands of `N` cards. One `vpermt2b` reads 128
/// bytes (two registers), so the 32 hands are read in groups of
/// [`group_size`] hands, each group from two registers of its own: two
/// groups of 16 for five to eight cards, three for nine to eleven.
struct Split<const N: usize> {
    controls: [[[u8; 64]; N]; GROUPS],
    lanes: [u64; GROUPS],
}

/// Hands per group: 16 where two groups hold all 32, else as many as 128
/// bytes hold.
const fn group_size(n: usize) -> usize {
    if 16 * n <= 128 { 16 } else { 128 / n }
}

impl<const N: usize> Split<N> {
    const GROUPS: usize = 32usize.div_ceil(group_size(N));
    const TABLES: Split<N> = {
        assert!(N >= 5 && N <= 11, "hands of five to eleven cards");
        assert!(Self::GROUPS <= GROUPS);
        let size = group_size(N);
        let mut split = Split {
            controls: [[[0; 64]; N]; GROUPS],
            lanes: [0; GROUPS],
        };
        let mut lane = 0;
        while lane < 32 {
            let hand = hand_of_lane(lane);
            let group = hand / size;
            let mut k = 0;
            while k < N {
                split.controls[group][k][2 * lane] = (N * (hand % size) + k) as u8;
                k += 1;
            }
            split.lanes[group] |= 1 << (2 * lane);
            lane += 1;
        }
        split
    };
}

/// The rank bit of each card index, padded to 64 entries.
static RANK_BIT_BY_CARD: [u16; 64] = {
    let mut t = [0; 64];
    let mut card = 0;
    while card < handeval_core::Card::COUNT {
        t[card] = 1 << (card / 4);
        card += 1;
    }
    t
};

/// Generates `Lanes` methods whose bodies are AVX-512 intrinsic calls.
macro_rules! avx512_ops {
    ($(fn $name:ident($s:ident $(, $arg:ident: $ty:ty)*) -> $ret:ty $body:block)*) => {$(
        #[inline(always)]
        fn $name($s $(, $arg: $ty)*) -> $ret {
            // SAFETY: `self` is an `Avx512`, which exists only on CPUs with
            // AVX-512 F, BW, VBMI and BITALG (see the crate docs); these
            // intrinsics need nothing more.
            unsafe { $body }
        }
    )*};
}

impl Lanes for Avx512 {
    const LANES: usize = 32;
    type V = __m512i;
    type M = __mmask32;

    avx512_ops! {
        fn splat(self, x: u16) -> __m512i { _mm512_set1_epi16(x as i16) }
        fn and(self, a: __m512i, b: __m512i) -> __m512i { _mm512_and_si512(a, b) }
        fn or(self, a: __m512i, b: __m512i) -> __m512i { _mm512_or_si512(a, b) }
        fn xor(self, a: __m512i, b: __m512i) -> __m512i { _mm512_xor_si512(a, b) }
        fn add(self, a: __m512i, b: __m512i) -> __m512i { _mm512_add_epi16(a, b) }
        fn sub(self, a: __m512i, b: __m512i) -> __m512i { _mm512_sub_epi16(a, b) }
        fn min(self, a: __m512i, b: __m512i) -> __m512i { _mm512_min_epu16(a, b) }
        fn max(self, a: __m512i, b: __m512i) -> __m512i { _mm512_max_epu16(a, b) }
        fn popcnt(self, a: __m512i) -> __m512i { _mm512_popcnt_epi16(a) }
        fn eq(self, a: __m512i, b: __m512i) -> __mmask32 { _mm512_cmpeq_epi16_mask(a, b) }
        fn nonzero(self, a: __m512i) -> __mmask32 { _mm512_test_epi16_mask(a, a) }
        fn select(self, m: __mmask32, a: __m512i, b: __m512i) -> __m512i { _mm512_mask_blend_epi16(m, b, a) }
        fn keep(self, m: __mmask32, a: __m512i) -> __m512i { _mm512_maskz_mov_epi16(m, a) }
        fn add_where(self, m: __mmask32, acc: __m512i, b: __m512i) -> __m512i {
            _mm512_mask_add_epi16(acc, m, acc, b)
        }
        fn lookup(self, idx: __m512i, t: &[u8; 16]) -> __m512i {
            let b = t.map(|b| b as i8);
            let table = _mm512_cvtepu8_epi16(_mm256_zextsi128_si256(_mm_setr_epi8(
                b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7], b[8], b[9], b[10], b[11],
                b[12], b[13], b[14], b[15],
            )));
            _mm512_permutexvar_epi16(idx, table)
        }
        fn rank_bit(self, card: __m512i) -> __m512i {
            // One two-register word permute by card index (64 entries): a
            // shift pair costs more, having to be guarded against counts of
            // 16 and up.
            let low = _mm512_loadu_si512(RANK_BIT_BY_CARD.as_ptr().cast());
            let high = _mm512_loadu_si512(RANK_BIT_BY_CARD.as_ptr().add(32).cast());
            _mm512_permutex2var_epi16(low, card, high)
        }
        fn suit(self, card: __m512i) -> __m512i { _mm512_and_si512(card, _mm512_set1_epi16(3)) }
        fn test(self, a: __m512i, b: __m512i) -> __mmask32 { _mm512_test_epi16_mask(a, b) }
        fn mul(self, a: __m512i, b: __m512i) -> __m512i { _mm512_mullo_epi16(a, b) }
        fn ge(self, a: __m512i, b: __m512i) -> __mmask32 { _mm512_cmpge_epu16_mask(a, b) }
        fn andnot(self, a: __m512i, b: __m512i) -> __m512i { _mm512_andnot_si512(b, a) }
        // The immediates are the functions' truth tables over a = 0xF0,
        // b = 0xCC, c = 0xAA.
        fn and3(self, a: __m512i, b: __m512i, c: __m512i) -> __m512i {
            _mm512_ternarylogic_epi32::<0x80>(a, b, c)
        }
        fn or_and(self, a: __m512i, b: __m512i, c: __m512i) -> __m512i {
            _mm512_ternarylogic_epi32::<0xF8>(a, b, c)
        }
        fn bitselect(self, m: __m512i, a: __m512i, b: __m512i) -> __m512i {
            _mm512_ternarylogic_epi32::<0xCA>(m, a, b)
        }
        fn and_or_not(self, a: __m512i, b: __m512i, c: __m512i) -> __m512i {
            _mm512_ternarylogic_epi32::<0xD0>(a, b, c)
        }
        fn and_andnot(self, a: __m512i, b: __m512i, c: __m512i) -> __m512i {
            _mm512_ternarylogic_epi32::<0x40>(a, b, c)
        }
        fn xor_andnot(self, a: __m512i, b: __m512i, c: __m512i) -> __m512i {
            _mm512_ternarylogic_epi32::<0x14>(a, b, c)
        }
    }

    #[inline(always)]
    fn lookup16(self, idx: __m512i, t: &[u16; 16]) -> __m512i {
        // SAFETY: `self` proves AVX-512; the load reads the table's 32 bytes.
        unsafe {
            // The permute reads an index's low five bits: the table twice
            // makes that its low four.
            let table = _mm512_broadcast_i64x4(_mm256_loadu_si256(t.as_ptr().cast()));
            _mm512_permutexvar_epi16(idx, table)
        }
    }

    #[inline(always)]
    fn mand(self, a: __mmask32, b: __mmask32) -> __mmask32 {
        a & b
    }
    #[inline(always)]
    fn mor(self, a: __mmask32, b: __mmask32) -> __mmask32 {
        a | b
    }
    #[inline(always)]
    fn mandnot(self, a: __mmask32, b: __mmask32) -> __mmask32 {
        !a & b
    }

    #[inline(always)]
    fn shl<const N: u32>(self, a: __m512i) -> __m512i {
        // SAFETY: as for every operation here: `self` proves AVX-512.
        unsafe { _mm512_slli_epi16::<N>(a) }
    }

    #[inline(always)]
    fn shr<const N: u32>(self, a: __m512i) -> __m512i {
        // SAFETY: as for `shl`.
        unsafe { _mm512_srli_epi16::<N>(a) }
    }

    #[inline(always)]
    fn load<const N: usize>(self, hands: &[impl Row<N>]) -> [__m512i; N] {
        assert_eq!(hands.len(), Self::LANES);
        let split = const { &Split::<N>::TABLES };
        let groups = Split::<N>::GROUPS;
        let size = group_size(N);
        let bytes = hands.as_ptr().cast::<u8>();
        // SAFETY: `self` proves AVX-512. `hands` is 32 rows ([`Row`]) of `N` one-byte
        // cards, `32N` bytes. Group `g` starts at byte `at = g * size * N <
        // 32N` and is read by two masked loads of 64 bytes at `at` and `at +
        // 64`, each mask covering only bytes before `32N` (masked-off bytes
        // are not accessed; a mask of none reads nothing). The controls are
        // 64-byte arrays.
        unsafe {
            let mut registers = [_mm512_setzero_si512(); 2 * GROUPS];
            for g in 0..groups {
                let at = g * size * N;
                for (half, register) in registers[2 * g..2 * g + 2].iter_mut().enumerate() {
                    let from = at + 64 * half;
                    let len = (32 * N).saturating_sub(from).min(64);
                    let mask = if len == 64 {
                        u64::MAX
                    } else {
                        (1u64 << len) - 1
                    };
                    *register = _mm512_maskz_loadu_epi8(mask, bytes.add(from.min(32 * N)).cast());
                }
            }
            // A loop, not a closure: a closure would not inherit the
            // caller's target features, and these intrinsics would not be inlined.
            let mut cards = [registers[0]; N];
            for (k, card) in cards.iter_mut().enumerate() {
                // The first permute fills the lanes of the first group and
                // zeroes the rest; each next one takes its controls from
                // that result plus its own group's (zero elsewhere), and
                // keeps it where its mask is off.
                let first = _mm512_loadu_si512(split.controls[0][k].as_ptr().cast());
                let mut merged = _mm512_maskz_permutex2var_epi8(
                    split.lanes[0] as __mmask64,
                    registers[0],
                    first,
                    registers[1],
                );
                for g in 1..groups {
                    let controls = _mm512_loadu_si512(split.controls[g][k].as_ptr().cast());
                    merged = _mm512_mask2_permutex2var_epi8(
                        registers[2 * g],
                        _mm512_or_si512(merged, controls),
                        split.lanes[g] as __mmask64,
                        registers[2 * g + 1],
                    );
                }
                *card = merged;
            }
            cards
        }
    }

    #[inline(always)]
    fn load_words(self, words: &[u16]) -> __m512i {
        assert!(words.len() >= Self::LANES, "a vector's words");
        // SAFETY: `self` proves AVX-512; `words` holds at least 32 `u16`s,
        // 64 bytes, all of which the unaligned load reads.
        unsafe { _mm512_loadu_si512(words.as_ptr().cast()) }
    }

    #[inline(always)]
    fn store(self, hi: __m512i, lo: __m512i, out: &mut [u32]) {
        assert_eq!(out.len(), Self::LANES);
        // SAFETY: `self` proves AVX-512; `out` holds 32 `u32`s, 128 bytes,
        // and the two stores write bytes 0..64 and 64..128 of it.
        unsafe {
            #[allow(clippy::cast_ptr_alignment, reason = "unaligned stores")]
            let out = out.as_mut_ptr().cast::<__m512i>();
            _mm512_storeu_si512(out, _mm512_unpacklo_epi16(lo, hi));
            _mm512_storeu_si512(out.add(1), _mm512_unpackhi_epi16(lo, hi));
        }
    }
}
