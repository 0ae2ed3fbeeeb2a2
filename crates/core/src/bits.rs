//! Rank-mask arithmetic that more than one evaluator uses, written once.
//!
//! A rank mask has one bit per rank held; the layout these constants use
//! puts rank `r` at bit `r` (2 = bit 0, ace = bit 12). Evaluators with
//! another layout derive theirs from these (a shift), so that the masks
//! are spelled out in one place.

/// The wheel, A-5-4-3-2, as a rank mask.
pub const WHEEL: u32 = 0x100F;
/// The ace-high straight, A-K-Q-J-T, as a rank mask.
pub const BROADWAY: u32 = 0x1F00;

/// The highest set bit of `m` alone, 0 for 0, without a branch:
/// `leading_zeros` of 0 is 32, which shifts the bit out of the `u64`.
#[inline(always)]
pub const fn highest(m: u32) -> u32 {
    ((1u64 << 31) >> m.leading_zeros()) as u32
}

/// `m` keeping its `n` highest set bits, for a mask with at most `n + 2`
/// of them: seven cards never hold more than two ranks beyond the five that
/// play, so dropping the lowest bit at most twice suffices. No branch.
#[inline(always)]
pub const fn keep_highest(m: u32, n: u32) -> u32 {
    // All ones when m has more than n (then n + 1) bits: the sign of
    // n - count, taken by a shift, which LLVM keeps as arithmetic rather
    // than a branch.
    let count = m.count_ones() as i32;
    let over = ((n as i32 - count) >> 31) as u32;
    let over_by_two = ((n as i32 + 1 - count) >> 31) as u32;
    let m = m ^ (m & m.wrapping_neg() & over);
    m ^ (m & m.wrapping_neg() & over_by_two)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn highest_and_keep_highest_on_their_edge_cases() {
        assert_eq!(highest(0), 0);
        assert_eq!(highest(1), 1);
        assert_eq!(highest(0b1011_0000), 0b1000_0000);
        assert_eq!(highest(u32::MAX), 1 << 31);
        assert_eq!(keep_highest(0b111_1111, 5), 0b111_1100);
        assert_eq!(keep_highest(0b110_1101, 4), 0b110_1100);
        assert_eq!(keep_highest(0b110_1101, 5), 0b110_1101);
        assert_eq!(keep_highest(0b101, 5), 0b101);
        assert_eq!(keep_highest(0b1_0110, 2), 0b1_0100);
        assert_eq!(keep_highest(0, 2), 0);
        assert_eq!(WHEEL.count_ones(), 5);
        assert_eq!(BROADWAY, 0b1_1111 << 8);
    }
}
