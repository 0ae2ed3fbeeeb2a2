//! One hand in a `u16`: the kernels on any CPU.

use crate::{Lanes, Row};

/// Plain integers, one hand at a time: the same kernel with no vector
/// instructions, for CPUs without AVX2 and as the vector paths' yardstick.
#[derive(Clone, Copy, Debug, Default)]
pub struct Portable;

impl Lanes for Portable {
    const LANES: usize = 1;
    type V = u16;
    type M = bool;

    #[inline(always)]
    fn splat(self, x: u16) -> u16 {
        x
    }
    #[inline(always)]
    fn and(self, a: u16, b: u16) -> u16 {
        a & b
    }
    #[inline(always)]
    fn or(self, a: u16, b: u16) -> u16 {
        a | b
    }
    #[inline(always)]
    fn xor(self, a: u16, b: u16) -> u16 {
        a ^ b
    }
    #[inline(always)]
    fn add(self, a: u16, b: u16) -> u16 {
        a.wrapping_add(b)
    }
    #[inline(always)]
    fn sub(self, a: u16, b: u16) -> u16 {
        a.wrapping_sub(b)
    }
    #[inline(always)]
    fn min(self, a: u16, b: u16) -> u16 {
        a.min(b)
    }
    #[inline(always)]
    fn max(self, a: u16, b: u16) -> u16 {
        a.max(b)
    }
    #[inline(always)]
    fn shl<const N: u32>(self, a: u16) -> u16 {
        a.checked_shl(N).unwrap_or(0)
    }
    #[inline(always)]
    fn shr<const N: u32>(self, a: u16) -> u16 {
        a.checked_shr(N).unwrap_or(0)
    }
    #[inline(always)]
    fn mul(self, a: u16, b: u16) -> u16 {
        a.wrapping_mul(b)
    }
    #[inline(always)]
    fn andnot(self, a: u16, b: u16) -> u16 {
        a & !b
    }
    #[inline(always)]
    fn popcnt(self, a: u16) -> u16 {
        a.count_ones() as u16
    }
    #[inline(always)]
    fn eq(self, a: u16, b: u16) -> bool {
        a == b
    }
    #[inline(always)]
    fn nonzero(self, a: u16) -> bool {
        a != 0
    }
    #[inline(always)]
    fn mand(self, a: bool, b: bool) -> bool {
        a & b
    }
    #[inline(always)]
    fn mor(self, a: bool, b: bool) -> bool {
        a | b
    }
    #[inline(always)]
    fn mandnot(self, a: bool, b: bool) -> bool {
        !a & b
    }
    #[inline(always)]
    fn select(self, m: bool, a: u16, b: u16) -> u16 {
        if m { a } else { b }
    }
    #[inline(always)]
    fn keep(self, m: bool, a: u16) -> u16 {
        a & (m as u16).wrapping_neg()
    }
    #[inline(always)]
    fn add_where(self, m: bool, acc: u16, b: u16) -> u16 {
        acc.wrapping_add(self.keep(m, b))
    }
    #[inline(always)]
    fn lookup(self, idx: u16, table: &[u8; 16]) -> u16 {
        u16::from(table[usize::from(idx & 15)])
    }
    #[inline(always)]
    fn lookup16(self, idx: u16, table: &[u16; 16]) -> u16 {
        table[usize::from(idx & 15)]
    }
    #[inline(always)]
    fn rank_bit(self, card: u16) -> u16 {
        1 << ((card >> 2) & 15)
    }
    #[inline(always)]
    fn suit(self, card: u16) -> u16 {
        card & 3
    }
    #[inline(always)]
    fn load<const N: usize>(self, hands: &[impl Row<N>]) -> [u16; N] {
        let [hand] = hands else {
            panic!("one hand per portable vector");
        };
        hand.bytes().map(u16::from)
    }
    #[inline(always)]
    fn load_words(self, words: &[u16]) -> u16 {
        words[0]
    }
    #[inline(always)]
    fn store(self, hi: u16, lo: u16, out: &mut [u32]) {
        out[0] = u32::from(hi) << 16 | u32::from(lo);
    }
}
