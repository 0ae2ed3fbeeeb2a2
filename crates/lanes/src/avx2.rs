//! Sixteen hands per 256-bit register.

#![allow(unsafe_code)]

use core::arch::x86_64::{
    __m256i, _mm_set_epi64x, _mm256_add_epi16, _mm256_and_si256, _mm256_andnot_si256,
    _mm256_blendv_epi8, _mm256_cmpeq_epi16, _mm256_loadu_si256, _mm256_loadu2_m128i,
    _mm256_maddubs_epi16, _mm256_max_epu16, _mm256_min_epu16, _mm256_mullo_epi16, _mm256_or_si256,
    _mm256_permute2x128_si256, _mm256_set1_epi8, _mm256_set1_epi16, _mm256_setr_epi8,
    _mm256_setzero_si256, _mm256_shuffle_epi8, _mm256_sll_epi16, _mm256_srl_epi16,
    _mm256_storeu_si256, _mm256_sub_epi16, _mm256_unpackhi_epi16, _mm256_unpacklo_epi16,
    _mm256_xor_si256,
};

use crate::{Lanes, Row};

/// AVX2, 16 hands per vector. Only code compiled with AVX2 can make one.
#[derive(Clone, Copy, Debug)]
pub struct Avx2(());

impl Avx2 {
    /// The proof that this CPU has AVX2: callable (safely) only from code
    /// compiled for AVX2, which runs only after the run-time check.
    ///
    /// # Safety
    ///
    /// Safe to call from code compiled with AVX2, where the compiler allows it;
    /// from anywhere else it needs `unsafe`, and the caller's promise that
    /// the CPU has AVX2.
    #[target_feature(enable = "avx2")]
    pub fn new() -> Self {
        Avx2(())
    }
}

/// Where each half's eight hands of `N` cards (`8N` bytes) are read from:
/// 16-byte windows at offsets 0, 16, 32 ..., the last one ending at byte
/// `8N` rather than past it, so no load reaches beyond the hands.
const fn windows(n: usize) -> (usize, [usize; WINDOWS]) {
    let count = n.div_ceil(2);
    let mut at = [0; WINDOWS];
    let mut w = 0;
    while w < count {
        at[w] = if w + 1 == count { 8 * n - 16 } else { 16 * w };
        w += 1;
    }
    (count, at)
}

/// The most 16-byte windows a half reads: six, for hands of eleven cards
/// (six-card Omaha's), whose eight hands are 88 bytes.
const WINDOWS: usize = 6;

/// `vpshufb` controls for hands of `N` cards: for card `k` and window `w`,
/// where each of the eight lanes of a half finds that card in that window
/// (0x80, zero, elsewhere). Both bytes of a lane get the card:
/// [`Lanes::rank_bit`] reads the high byte's copy. Each control is 32
/// bytes, the same for both halves, so that it loads as it is.
struct Split<const N: usize>;

impl<const N: usize> Split<N> {
    const WINDOWS: (usize, [usize; WINDOWS]) = {
        assert!(N >= 2 && N <= 12, "eight hands fill at most six windows");
        windows(N)
    };
    const CONTROLS: [[[u8; 32]; WINDOWS]; N] = {
        let (count, at) = Self::WINDOWS;
        let mut masks = [[[0x80; 32]; WINDOWS]; N];
        let mut k = 0;
        while k < N {
            let mut lane = 0;
            while lane < 8 {
                let byte = N * lane + k;
                // The first window that holds the byte.
                let mut window = 0;
                while !(byte >= at[window] && byte < at[window] + 16) {
                    window += 1;
                }
                assert!(window < count);
                let mut half = 0;
                while half < 32 {
                    masks[k][window][half + 2 * lane] = (byte - at[window]) as u8;
                    masks[k][window][half + 2 * lane + 1] = (byte - at[window]) as u8;
                    half += 16;
                }
                lane += 1;
            }
            k += 1;
        }
        masks
    };
}

impl Avx2 {
    /// A register of zeros.
    #[inline(always)]
    #[allow(clippy::unused_self, reason = "`self` proves AVX2")]
    fn zero(self) -> __m256i {
        // SAFETY: `self` proves AVX2.
        unsafe { _mm256_setzero_si256() }
    }

    /// A 16-byte table in both halves of a register.
    #[inline(always)]
    #[allow(clippy::unused_self, reason = "`self` proves AVX2")]
    fn table(self, t: &[u8; 16]) -> __m256i {
        let b = t.map(|b| b as i8);
        // SAFETY: `self` proves AVX2.
        unsafe {
            _mm256_setr_epi8(
                b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7], b[8], b[9], b[10], b[11], b[12],
                b[13], b[14], b[15], b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7], b[8], b[9],
                b[10], b[11], b[12], b[13], b[14], b[15],
            )
        }
    }

    /// One card of every hand: the OR of the windows, each shuffled by its control.
    #[inline(always)]
    #[allow(clippy::unused_self, reason = "`self` proves AVX2")]
    fn split(
        self,
        windows: &[__m256i; WINDOWS],
        count: usize,
        controls: &[[u8; 32]; WINDOWS],
    ) -> __m256i {
        // SAFETY: `self` proves AVX2; each control is a 32-byte array.
        // (No closures here: they would not inherit the target features.)
        unsafe {
            let mut card =
                _mm256_shuffle_epi8(windows[0], _mm256_loadu_si256(controls[0].as_ptr().cast()));
            for w in 1..count {
                let control = _mm256_loadu_si256(controls[w].as_ptr().cast());
                card = _mm256_or_si256(card, _mm256_shuffle_epi8(windows[w], control));
            }
            card
        }
    }
}

const NIBBLE_POPCOUNT: [u8; 16] = [0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4];
/// Powers of two by index, then zeros: indexed by the rank in a lane's low
/// byte and by the rank with bit 3 flipped in its high byte, it gives both
/// bytes of `1 << rank` (ranks 0..8 set a low bit, 8..13 a high one).
const POWERS_OF_TWO: [u8; 16] = [1, 2, 4, 8, 16, 32, 64, 128, 0, 0, 0, 0, 0, 0, 0, 0];

/// Generates `Lanes` methods whose bodies are AVX2 intrinsic calls.
macro_rules! avx2_ops {
    ($(fn $name:ident($s:ident $(, $arg:ident: $ty:ty)*) -> $ret:ty $body:block)*) => {$(
        #[inline(always)]
        fn $name($s $(, $arg: $ty)*) -> $ret {
            // SAFETY: `self` is an `Avx2`, which exists only on CPUs with
            // AVX2 (see the crate docs); these intrinsics need nothing more.
            unsafe { $body }
        }
    )*};
}

impl Lanes for Avx2 {
    const LANES: usize = 16;
    type V = __m256i;
    /// All ones in a lane for true, zero for false.
    type M = __m256i;

    avx2_ops! {
        fn splat(self, x: u16) -> __m256i { _mm256_set1_epi16(x as i16) }
        fn and(self, a: __m256i, b: __m256i) -> __m256i { _mm256_and_si256(a, b) }
        fn or(self, a: __m256i, b: __m256i) -> __m256i { _mm256_or_si256(a, b) }
        fn xor(self, a: __m256i, b: __m256i) -> __m256i { _mm256_xor_si256(a, b) }
        fn add(self, a: __m256i, b: __m256i) -> __m256i { _mm256_add_epi16(a, b) }
        fn sub(self, a: __m256i, b: __m256i) -> __m256i { _mm256_sub_epi16(a, b) }
        fn min(self, a: __m256i, b: __m256i) -> __m256i { _mm256_min_epu16(a, b) }
        fn max(self, a: __m256i, b: __m256i) -> __m256i { _mm256_max_epu16(a, b) }
        fn eq(self, a: __m256i, b: __m256i) -> __m256i { _mm256_cmpeq_epi16(a, b) }
        fn mand(self, a: __m256i, b: __m256i) -> __m256i { _mm256_and_si256(a, b) }
        fn mor(self, a: __m256i, b: __m256i) -> __m256i { _mm256_or_si256(a, b) }
        fn mandnot(self, a: __m256i, b: __m256i) -> __m256i { _mm256_andnot_si256(a, b) }
        fn select(self, m: __m256i, a: __m256i, b: __m256i) -> __m256i { _mm256_blendv_epi8(b, a, m) }
        fn keep(self, m: __m256i, a: __m256i) -> __m256i { _mm256_and_si256(m, a) }
        fn add_where(self, m: __m256i, acc: __m256i, b: __m256i) -> __m256i {
            _mm256_add_epi16(acc, _mm256_and_si256(m, b))
        }
        fn nonzero(self, a: __m256i) -> __m256i {
            let zero = _mm256_cmpeq_epi16(a, _mm256_setzero_si256());
            _mm256_xor_si256(zero, _mm256_set1_epi8(-1))
        }
        fn popcnt(self, a: __m256i) -> __m256i {
            // Each nibble's count from a 16-entry table, then the lane's two
            // bytes summed by a multiply-add with ones.
            let lut = self.table(&NIBBLE_POPCOUNT);
            let low = _mm256_set1_epi8(0x0F);
            let lo = _mm256_shuffle_epi8(lut, _mm256_and_si256(a, low));
            let hi = _mm256_shuffle_epi8(lut, _mm256_and_si256(self.shr::<4>(a), low));
            _mm256_maddubs_epi16(_mm256_add_epi16(lo, hi), _mm256_set1_epi8(1))
        }
        fn lookup(self, idx: __m256i, t: &[u8; 16]) -> __m256i {
            // The high byte's control has bit 7 set, so it reads as zero.
            _mm256_shuffle_epi8(self.table(t), _mm256_or_si256(idx, _mm256_set1_epi16(i16::MIN)))
        }
        fn rank_bit(self, card: __m256i) -> __m256i {
            // AVX2 has no 16-bit variable shift. The lane holds the card in
            // both bytes, so after the shift each byte's low nibble is the
            // rank (the low byte's top bits get two bits of the copy, which
            // the mask drops); one table lookup then gives both bytes of the bit.
            let rank = _mm256_and_si256(self.shr::<2>(card), _mm256_set1_epi16(0x0F0F));
            let index = _mm256_xor_si256(rank, _mm256_set1_epi16(0x0800));
            _mm256_shuffle_epi8(self.table(&POWERS_OF_TWO), index)
        }
        fn suit(self, card: __m256i) -> __m256i { _mm256_and_si256(card, _mm256_set1_epi16(3)) }
        fn mul(self, a: __m256i, b: __m256i) -> __m256i { _mm256_mullo_epi16(a, b) }
        fn andnot(self, a: __m256i, b: __m256i) -> __m256i { _mm256_andnot_si256(b, a) }
    }

    #[inline(always)]
    fn shl<const N: u32>(self, a: __m256i) -> __m256i {
        // SAFETY: as for every operation here: `self` proves AVX2. (A shift
        // by a count in a register; with a constant count LLVM emits the
        // immediate form.)
        unsafe { _mm256_sll_epi16(a, _mm_set_epi64x(0, i64::from(N))) }
    }

    #[inline(always)]
    fn shr<const N: u32>(self, a: __m256i) -> __m256i {
        // SAFETY: as for `shl`.
        unsafe { _mm256_srl_epi16(a, _mm_set_epi64x(0, i64::from(N))) }
    }

    #[inline(always)]
    fn load<const N: usize>(self, hands: &[impl Row<N>]) -> [__m256i; N] {
        assert_eq!(hands.len(), Self::LANES);
        let (count, at) = Split::<N>::WINDOWS;
        let bytes = hands.as_ptr().cast::<u8>();
        let mut windows = [self.zero(); WINDOWS];
        for (window, &at) in windows.iter_mut().zip(&at).take(count) {
            // SAFETY: `self` proves AVX2. `hands` is 16 rows ([`Row`]) of `N`
            // one-byte cards, `16N` bytes; each window reads 16 bytes at
            // an offset of at most `8N - 16` within a half that starts at
            // byte 0 or `8N`, so the last byte read is byte `16N - 1`.
            *window =
                unsafe { _mm256_loadu2_m128i(bytes.add(8 * N + at).cast(), bytes.add(at).cast()) };
        }
        let controls = const { &Split::<N>::CONTROLS };
        let mut cards = [windows[0]; N];
        for (card, controls) in cards.iter_mut().zip(controls) {
            *card = self.split(&windows, count, controls);
        }
        cards
    }

    #[inline(always)]
    fn load_words(self, words: &[u16]) -> __m256i {
        assert!(words.len() >= Self::LANES, "a vector's words");
        // SAFETY: `self` proves AVX2; `words` holds at least 16 `u16`s,
        // 32 bytes, all of which the unaligned load reads.
        unsafe { _mm256_loadu_si256(words.as_ptr().cast()) }
    }

    #[inline(always)]
    fn store(self, hi: __m256i, lo: __m256i, out: &mut [u32]) {
        assert_eq!(out.len(), Self::LANES);
        // SAFETY: `self` proves AVX2; `out` holds 16 `u32`s, 64 bytes, and
        // the two stores write bytes 0..32 and 32..64 of it.
        unsafe {
            // Unpacking works within 128-bit halves: hands 0-3 and 8-11,
            // then 4-7 and 12-15; the cross-half permutes put them in order.
            let a = _mm256_unpacklo_epi16(lo, hi);
            let b = _mm256_unpackhi_epi16(lo, hi);
            let first = _mm256_permute2x128_si256::<0x20>(a, b);
            let second = _mm256_permute2x128_si256::<0x31>(a, b);
            #[allow(clippy::cast_ptr_alignment, reason = "unaligned stores")]
            let out = out.as_mut_ptr().cast::<__m256i>();
            _mm256_storeu_si256(out, first);
            _mm256_storeu_si256(out.add(1), second);
        }
    }
}
