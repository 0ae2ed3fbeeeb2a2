//! Thirty-two hands per 512-bit register.

#![allow(unsafe_code)]

use core::arch::x86_64::{
    __m512i, __mmask32, __mmask64, _mm_setr_epi8, _mm256_loadu_si256, _mm256_zextsi128_si256,
    _mm512_add_epi16, _mm512_and_si512, _mm512_broadcast_i64x4, _mm512_cmpeq_epi16_mask,
    _mm512_cvtepu8_epi16, _mm512_loadu_si512, _mm512_mask_add_epi16, _mm512_mask_blend_epi16,
    _mm512_mask2_permutex2var_epi8, _mm512_maskz_loadu_epi8, _mm512_maskz_mov_epi16,
    _mm512_maskz_permutex2var_epi8, _mm512_min_epu16, _mm512_or_si512, _mm512_permutex2var_epi16,
    _mm512_permutexvar_epi16, _mm512_popcnt_epi16, _mm512_set1_epi16, _mm512_slli_epi16,
    _mm512_srli_epi16, _mm512_storeu_si512, _mm512_sub_epi16, _mm512_test_epi16_mask,
    _mm512_unpackhi_epi16, _mm512_unpacklo_epi16, _mm512_xor_si512,
};

use handeval_core::Hand;

use crate::Lanes;

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

/// Byte permute controls and masks that put card `k` of hands 0..16 (bytes
/// `0..16N`, in the first two registers) and of hands 16..32 (bytes
/// `16N..32N`, loaded into the last two) into the low byte of each hand's
/// lane, for hands of `N` cards.
struct Split<const N: usize> {
    first: [[u8; 64]; N],
    second: [[u8; 64]; N],
    first_lanes: u64,
    second_lanes: u64,
}

impl<const N: usize> Split<N> {
    const TABLES: Split<N> = {
        assert!(
            N >= 5 && N <= 8,
            "16 hands of N cards fill two registers, and more than one"
        );
        let mut split = Split {
            first: [[0; 64]; N],
            second: [[0; 64]; N],
            first_lanes: 0,
            second_lanes: 0,
        };
        let mut lane = 0;
        while lane < 32 {
            let hand = hand_of_lane(lane);
            let mut k = 0;
            while k < N {
                let at = N * (hand % 16) + k;
                if hand < 16 {
                    split.first[k][2 * lane] = at as u8;
                } else {
                    split.second[k][2 * lane] = at as u8;
                }
                k += 1;
            }
            if hand < 16 {
                split.first_lanes |= 1 << (2 * lane);
            } else {
                split.second_lanes |= 1 << (2 * lane);
            }
            lane += 1;
        }
        split
    };
}

/// The rank bit of each card index, padded to 64 entries.
static RANK_BIT_BY_CARD: [u16; 64] = {
    let mut t = [0; 64];
    let mut card = 0;
    while card < 52 {
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
    fn load<const N: usize>(self, hands: &[Hand<N>]) -> [__m512i; N] {
        assert_eq!(hands.len(), Self::LANES);
        let split = const { &Split::<N>::TABLES };
        let bytes = hands.as_ptr().cast::<u8>();
        // SAFETY: `self` proves AVX-512. `hands` is 32 hands of `N` one-byte
        // cards, `32N` bytes with `5 <= N <= 8` (the table's assertion). The
        // first half's `16N` bytes lie in the two full loads of bytes
        // `0..128` (`80 <= 16N <= 128`, and `128 <= 32N`); the second half's
        // in the full load of bytes `16N..16N + 64` and the masked load of
        // the `16N - 64` bytes after it (masked-off bytes are not accessed).
        // The controls are 64-byte arrays.
        unsafe {
            let r0 = _mm512_loadu_si512(bytes.cast());
            let r1 = _mm512_loadu_si512(bytes.add(64).cast());
            let r2 = _mm512_loadu_si512(bytes.add(16 * N).cast());
            let rest = u64::MAX >> (128 - 16 * N);
            let r3 = _mm512_maskz_loadu_epi8(rest, bytes.add(16 * N + 64).cast());
            // A loop, not a closure: a closure would not inherit the
            // caller's target features, and these intrinsics would not be inlined.
            let mut cards = [r0; N];
            for (k, card) in cards.iter_mut().enumerate() {
                let first = _mm512_loadu_si512(split.first[k].as_ptr().cast());
                let second = _mm512_loadu_si512(split.second[k].as_ptr().cast());
                // The first permute fills the lanes of hands 0..16 and zeroes
                // the rest; the second takes its controls from that result
                // plus the second half's, and keeps it where its mask is off.
                let a =
                    _mm512_maskz_permutex2var_epi8(split.first_lanes as __mmask64, r0, first, r1);
                *card = _mm512_mask2_permutex2var_epi8(
                    r2,
                    _mm512_or_si512(a, second),
                    split.second_lanes as __mmask64,
                    r3,
                );
            }
            cards
        }
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
