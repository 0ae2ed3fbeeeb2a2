//! The low half of a Hi-Lo game: eight or better.
//!
//! A Hi-Lo game is a game whose value ([`crate::Value::HighLow`]) holds a
//! low rule: Omaha Hi-Lo ([`crate::Omaha8`]), Big O, its five-card form
//! ([`crate::BigO`]), and seven-card stud Hi-Lo ([`crate::Stud8`]), whose
//! low is any five of the seven. In Omaha Hi-Lo (eight or better) the pot is split between the best high
//! hand and the best *qualifying low*: five cards of distinct ranks, none
//! above the eight, aces low; straights and flushes do not count against
//! a low. As for the high, an Omaha low takes exactly two hole cards and
//! three board cards. A board without three distinct low ranks gives no
//! player a low, and the high hand takes the whole pot.
//!
//! # Values
//!
//! A low is five distinct ranks of the eight (ace, 2, ..., 8), so it is an
//! eight-bit mask with five bits set: bit 0 the ace, bit 7 the eight. Lows
//! compare from their highest card down (8-5-4-3-2 loses to 7-6-5-4-3;
//! 8-5-4-3-2 beats 8-6-3-2-A), and for two sets of five ranks that is how
//! their masks compare as integers: the higher mask holds the higher top
//! card, or the same top card and a higher next one, and so on. So the
//! lower mask is the better low, and [`Low`] is that mask (0 for no
//! qualifying low).
//!
//! ```
//! use handeval_core::low::Low;
//! // A-2-3-4-5, the wheel: bits 0 to 4.
//! let wheel = Low::from_mask(0b0001_1111).unwrap();
//! // 8-7-6-5-4: bits 3 to 7, the worst low.
//! let worst = Low::from_mask(0b1111_1000).unwrap();
//! assert!(wheel.beats(worst));
//! assert_eq!((wheel.class(), worst.class()), (Some(1), Some(56)));
//! assert!(worst.beats(Low::NONE));
//! ```
//!
//! # Counts
//!
//! There are C(8, 5) = 56 lows, and 56 x 4^5 = 57,344 five-card hands are
//! one (their suits do not matter). Of the 463,563,500,400 Omaha hands,
//! [`OMAHA_QUALIFYING`] hold a qualifying low, [`STUD_QUALIFYING`] of stud's
//! 133,784,560, and [`BIG_O_QUALIFYING`] of
//! Big O's 3,986,646,103,440; see their documentation for the derivation,
//! which the compiler checks.

use crate::{Card, Game, Meta, Rank};

/// A low rule: which lows qualify, part of a Hi-Lo game's value
/// ([`Value::HighLow`](crate::Value::HighLow)).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct LowRule {
    /// The rule in words, as players say it: `"eight or better"`.
    pub name: &'static str,
    /// The highest rank a low may hold.
    pub highest: Rank,
}

/// Eight or better: five distinct ranks from the ace (low) to the eight.
pub const EIGHT_OR_BETTER: LowRule = LowRule {
    name: "eight or better",
    highest: Rank::Eight,
};

/// The low rule of game `G`, for code written for Hi-Lo games: used as
/// `const { rule_of::<G>() }`, it is a compile error for a game worth its
/// high alone, so no low evaluator of such a game can be built.
///
/// # Panics
/// Called at run time for a game worth its high alone (in a `const`
/// block, the compiler reports it instead).
#[must_use]
pub const fn rule_of<G: Game>() -> LowRule {
    match G::VALUE.low() {
        Some(rule) => rule,
        None => panic!("a low of a game worth its high alone"),
    }
}

/// The low bit of a card's rank: bit 0 for the ace, bit `r` for the rank
/// `r + 1` (2 to 8), 0 for a nine or higher.
#[inline]
#[must_use]
pub const fn low_bit(rank: Rank) -> u8 {
    match rank {
        Rank::Ace => 1,
        r if r.index() <= Rank::Eight.index() => 1 << (r.index() + 1),
        _ => 0,
    }
}

/// A hand's low: the mask of its five ranks (ace = bit 0, eight = bit 7),
/// or none. The lower mask is the better low ([module docs](self)).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Low(u8);

impl Low {
    /// No qualifying low.
    pub const NONE: Low = Low(0);
    /// How many lows there are: C(8, 5).
    pub const CLASSES: u8 = 56;

    /// The low of these five ranks, if `mask` holds exactly five.
    #[must_use]
    pub const fn from_mask(mask: u8) -> Option<Low> {
        if mask.count_ones() == 5 {
            Some(Low(mask))
        } else {
            None
        }
    }

    /// The low of a kernel's output: a mask of five ranks, or 0 for none.
    /// Anything else is none too, so a kernel's wrong output is a wrong
    /// low, never a panic.
    #[inline]
    #[must_use]
    pub const fn from_value(value: u32) -> Low {
        if value <= 0xFF && value.count_ones() == 5 {
            Low(value as u8)
        } else {
            Low::NONE
        }
    }

    /// The mask of the five ranks, 0 for none.
    #[inline]
    #[must_use]
    pub const fn mask(self) -> u8 {
        self.0
    }

    /// Whether there is a qualifying low.
    #[inline]
    #[must_use]
    pub const fn is_some(self) -> bool {
        self.0 != 0
    }

    /// Whether this low beats `other` (any low beats none).
    #[inline]
    #[must_use]
    pub const fn beats(self, other: Low) -> bool {
        self.0 != 0 && (other.0 == 0 || self.0 < other.0)
    }

    /// A key that orders lows best last, as the high values are ordered:
    /// 0 for none, then from 8-7-6-5-4 up to the wheel.
    #[inline]
    #[must_use]
    pub const fn strength(self) -> u16 {
        if self.0 == 0 {
            0
        } else {
            0x100 - self.0 as u16
        }
    }

    /// The low's class, 1 (A-2-3-4-5) to 56 (8-7-6-5-4), lower is
    /// stronger as for the high classes; `None` for no low.
    #[must_use]
    pub const fn class(self) -> Option<u8> {
        if self.0 == 0 {
            return None;
        }
        // Lows are ordered by mask: the class is one more than the number
        // of five-bit masks below this one.
        let mut below = 0;
        let mut m = 0u8;
        while m < self.0 {
            if m.count_ones() == 5 {
                below += 1;
            }
            m += 1;
        }
        Some(below + 1)
    }

    /// The ranks, highest first (the ace last, as a one).
    #[must_use]
    pub fn ranks(self) -> [Rank; 5] {
        let mut out = [Rank::Ace; 5];
        let mut k = 0;
        for bit in (0..8).rev() {
            if self.0 & (1 << bit) != 0 {
                out[k] = if bit == 0 {
                    Rank::Ace
                } else {
                    Rank::ALL[bit - 1]
                };
                k += 1;
            }
        }
        out
    }
}

impl core::fmt::Display for Low {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        if self.0 == 0 {
            return f.write_str("no low");
        }
        for (i, r) in self.ranks().iter().enumerate() {
            if i > 0 {
                f.write_str("-")?;
            }
            write!(f, "{}", r.to_char())?;
        }
        Ok(())
    }
}

/// An evaluator of the low half of Hi-Lo game `G` (a game whose
/// [`Game::VALUE`] has a low). It values the hands `G` deals, which are
/// its high game's ([`Game::High`]): the high half is that game's
/// evaluators', so a showdown values one hand both ways.
pub trait LowEvaluator<G: Game>: 'static {
    /// What it is, as [`crate::Evaluator::META`].
    const META: Meta;
    /// Whether it takes the best of the hand's fives (as
    /// [`crate::BestFive::BEST_OF_FIVES`]) rather than reading the low from
    /// the cards directly.
    const BEST_OF_FIVES: bool = false;

    /// The hand's best qualifying low, or [`Low::NONE`].
    fn low(hand: &G::High) -> Low;

    /// The lows of a batch: `out[i] = low(&hands[i])`.
    ///
    /// # Panics
    /// If `out` and `hands` differ in length.
    fn lows(hands: &[G::High], out: &mut [Low]) {
        crate::batch(hands, out, |h| Self::low(&h));
    }

    /// Which code path the batch loop takes on this CPU.
    fn cpu_path() -> crate::CpuPath {
        crate::CpuPath::PORTABLE
    }
}

/// An evaluator of Hi-Lo game `G`'s low half, as function pointers: what
/// the tools that check, time and count lows hold.
#[derive(Clone, Copy, Debug)]
pub struct LowAbout<G: Game> {
    /// What it is.
    pub meta: Meta,
    /// [`LowEvaluator::BEST_OF_FIVES`].
    pub best_of_fives: bool,
    /// One hand's low.
    pub low: fn(&G::High) -> Low,
    /// A batch's lows.
    pub lows: fn(&[G::High], &mut [Low]),
    /// The path its batch takes on this CPU.
    pub cpu_path: fn() -> crate::CpuPath,
}

impl<G: Game> LowAbout<G> {
    /// `E`'s.
    #[must_use]
    pub fn of<E: LowEvaluator<G>>() -> LowAbout<G> {
        LowAbout {
            meta: E::META,
            best_of_fives: E::BEST_OF_FIVES,
            low: E::low,
            lows: E::lows,
            cpu_path: E::cpu_path,
        }
    }
}

/// The OR of a hand's cards' low bits: which low ranks it holds.
#[inline]
#[must_use]
pub fn low_ranks(cards: &[Card]) -> u8 {
    cards.iter().fold(0, |m, c| m | low_bit(c.rank()))
}

/// Whether an Omaha hand whose hole holds the low ranks `hole` and whose
/// board holds `board` has a qualifying low, by counting alone: two hole
/// ranks and three board ranks, five in all, so two hole ranks off the
/// board and three on it, or one off and four on, or five on the board.
#[must_use]
pub const fn omaha_qualifies(hole: u8, board: u8) -> bool {
    qualifies_by_counts(
        hole.count_ones() as usize,
        board.count_ones() as usize,
        (hole & !board).count_ones() as usize,
    )
}

/// [`omaha_qualifies`] by counts: `hole` distinct low ranks in the hole,
/// `board` on the board, `off` of the hole's not on the board.
const fn qualifies_by_counts(hole: usize, board: usize, off: usize) -> bool {
    hole >= 2 && board >= 3 && board + if off > 2 { 2 } else { off } >= 5
}

/// How many Omaha hands (four hole cards, five board cards, 52 cards)
/// hold a qualifying eight-or-better low: 161,374,983,168 of
/// 463,563,500,400, 34.8%.
///
/// Derived by counting rather than by dealing ([`derive_qualifying`], run
/// by the compiler): whether a hand has a low depends only on how many
/// low ranks its hole and its board hold and how many of the hole's are
/// off the board ([`omaha_qualifies`]). Each low rank's four cards split
/// into `h` in the hole and `b` on the board in `C(4, h) x C(4 - h, b)`
/// ways; a walk over the eight low ranks carries, for each total of hole
/// and board cards so far and each count of distinct ranks, the number of
/// ways, and the nine-to-king cards (20) fill the rest of the hole and
/// board in `C(20, hole - h) x C(20 - (hole - h), 5 - b)` ways. The tests
/// count it a second way, hand class by hand class with the literal low
/// reference.
pub const OMAHA_QUALIFYING: u64 = 161_374_983_168;

/// How many Big O hands (five-card Omaha: five hole cards, five board
/// cards) hold a qualifying eight-or-better low: 1,715,621,139,456 of
/// 3,986,646,103,440, 43.0%; derived as [`OMAHA_QUALIFYING`] is.
pub const BIG_O_QUALIFYING: u64 = 1_715_621_139_456;

const _: () = assert!(derive_qualifying(4).0 == OMAHA_QUALIFYING);
const _: () = assert!(derive_qualifying(4).1 == 463_563_500_400);
const _: () = assert!(derive_qualifying(5).0 == BIG_O_QUALIFYING);
const _: () = assert!(derive_qualifying(5).1 == 3_986_646_103_440);

/// How many seven-card stud hands (seven cards of 52, any five of them
/// playing) hold a qualifying eight-or-better low: 24,530,944 of
/// 133,784,560, 18.3%.
///
/// Derived by counting ([`derive_any_qualifying`], run by the compiler):
/// a hand whose any five may play has a low when it holds five distinct
/// ranks from the ace to the eight. A walk over the eight low ranks takes
/// `k` of each one's four cards in `C(4, k)` ways, carrying the cards taken
/// and the distinct ranks; the 20 nine-to-king cards fill the rest. The
/// tests count it again hand by hand ([`crate::Stud8`]'s rank patterns).
pub const STUD_QUALIFYING: u64 = derive_any_qualifying(7).0;

const _: () = assert!(STUD_QUALIFYING == 24_530_944);
const _: () = assert!(derive_any_qualifying(7).1 == 133_784_560);
// Five cards: the 56 lows in 4^5 suits each.
const _: () = assert!(derive_any_qualifying(5).0 == 57_344);

/// `(qualifying, all)` for hands of `cards` cards (five to eight) any five
/// of which may play: see [`STUD_QUALIFYING`].
///
/// # Panics
/// For fewer than five or more than eight cards.
#[must_use]
pub const fn derive_any_qualifying(cards: usize) -> (u64, u64) {
    const fn choose(n: u64, k: u64) -> u64 {
        crate::hand::choose(n as usize, k as usize) as u64
    }
    assert!(cards >= 5 && cards <= 8, "five to eight cards");
    // ways[cards taken][distinct low ranks]
    let mut ways = [[0u64; 9]; 9];
    ways[0][0] = 1;
    let mut rank = 0;
    while rank < 8 {
        let mut next = [[0u64; 9]; 9];
        let mut n = 0;
        while n <= cards {
            let mut d = 0;
            while d <= rank {
                let w = ways[n][d];
                let mut k = 0;
                while w > 0 && k <= 4 && n + k <= cards {
                    next[n + k][d + (k > 0) as usize] += w * choose(4, k as u64);
                    k += 1;
                }
                d += 1;
            }
            n += 1;
        }
        ways = next;
        rank += 1;
    }
    let (mut qualifying, mut all) = (0, 0);
    let mut n = 0;
    while n <= cards {
        let high = choose(20, (cards - n) as u64);
        let mut d = 0;
        while d <= 8 {
            all += ways[n][d] * high;
            if d >= 5 {
                qualifying += ways[n][d] * high;
            }
            d += 1;
        }
        n += 1;
    }
    (qualifying, all)
}

/// The most hole cards [`derive_qualifying`] counts for.
const MOST_HOLE: usize = 6;

/// `(qualifying, all)` for hands of `hole` hole cards (at most six) and a
/// board of five: the count [`OMAHA_QUALIFYING`] documents, and the number
/// of hands the same walk adds up to (a check on the walk).
///
/// # Panics
/// For fewer than two or more than six hole cards.
#[must_use]
#[expect(
    clippy::large_stack_arrays,
    reason = "run by the compiler for the assertions above; two tables of 12,348 counts"
)]
pub const fn derive_qualifying(hole: usize) -> (u64, u64) {
    const fn choose(n: u64, k: u64) -> u64 {
        crate::hand::choose(n as usize, k as usize) as u64
    }
    const H: usize = MOST_HOLE + 1;
    assert!(hole >= 2 && hole <= MOST_HOLE, "two to six hole cards");
    // ways[h][b][hole ranks][board ranks][hole ranks off the board]
    let mut ways = [[[[[0u64; H]; 6]; H]; 6]; H];
    ways[0][0][0][0][0] = 1;
    let mut rank = 0;
    while rank < 8 {
        let mut next = [[[[[0u64; H]; 6]; H]; 6]; H];
        let mut h = 0;
        while h <= hole {
            let mut b = 0;
            while b <= 5 {
                let mut nh = 0;
                while nh <= h {
                    let mut nb = 0;
                    while nb <= b {
                        let mut off = 0;
                        while off <= nh {
                            let w = ways[h][b][nh][nb][off];
                            if w > 0 {
                                let mut dh = 0;
                                while dh <= 4 && h + dh <= hole {
                                    let mut db = 0;
                                    while dh + db <= 4 && b + db <= 5 {
                                        let split =
                                            choose(4, dh as u64) * choose(4 - dh as u64, db as u64);
                                        let (nh2, nb2) =
                                            (nh + (dh > 0) as usize, nb + (db > 0) as usize);
                                        let off2 = off + (dh > 0 && db == 0) as usize;
                                        next[h + dh][b + db][nh2][nb2][off2] += w * split;
                                        db += 1;
                                    }
                                    dh += 1;
                                }
                            }
                            off += 1;
                        }
                        nb += 1;
                    }
                    nh += 1;
                }
                b += 1;
            }
            h += 1;
        }
        ways = next;
        rank += 1;
    }
    let (mut qualifying, mut all) = (0, 0);
    let mut h = 0;
    while h <= hole {
        let mut b = 0;
        while b <= 5 {
            let rest = (hole - h) as u64;
            let high = choose(20, rest) * choose(20 - rest, 5 - b as u64);
            let mut nh = 0;
            while nh <= h {
                let mut nb = 0;
                while nb <= b {
                    let mut off = 0;
                    while off <= nh {
                        let n = ways[h][b][nh][nb][off] * high;
                        all += n;
                        if qualifies_by_counts(nh, nb, off) {
                            qualifying += n;
                        }
                        off += 1;
                    }
                    nb += 1;
                }
                nh += 1;
            }
            b += 1;
        }
        h += 1;
    }
    (qualifying, all)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classes_run_from_the_wheel_to_eight_seven() {
        let lows: alloc::vec::Vec<Low> = (0..=255u8).filter_map(Low::from_mask).collect();
        assert_eq!(lows.len(), 56);
        for (i, low) in lows.iter().enumerate() {
            assert_eq!(low.class(), Some(i as u8 + 1));
        }
        assert_eq!(alloc::format!("{}", lows[0]), "5-4-3-2-A");
        assert_eq!(alloc::format!("{}", lows[55]), "8-7-6-5-4");
        // 8-5-4-3-2 beats 8-6-3-2-A: the second card decides.
        let a = Low::from_mask(0b1001_1110).unwrap();
        let b = Low::from_mask(0b1010_0111).unwrap();
        assert_eq!(
            (alloc::format!("{a}"), alloc::format!("{b}")),
            ("8-5-4-3-2".into(), "8-6-3-2-A".into())
        );
        assert!(a.beats(b) && !b.beats(a) && a.strength() > b.strength());
        assert!(!Low::NONE.beats(Low::NONE));
        assert_eq!(Low::from_value(0x1F), Low::from_mask(0x1F).unwrap());
        assert_eq!(Low::from_value(0x11F), Low::NONE);
        assert_eq!(Low::from_value(0x0F), Low::NONE);
    }

    #[test]
    fn low_bits_put_the_ace_first_and_leave_out_nine_to_king() {
        let bits: alloc::vec::Vec<u8> = Rank::ALL.iter().map(|&r| low_bit(r)).collect();
        assert_eq!(bits, [2, 4, 8, 16, 32, 64, 128, 0, 0, 0, 0, 0, 1]);
    }

    #[test]
    fn qualifying_by_counts() {
        // Hole A-2, board 3-4-5: a low. Hole A-A's one rank: none.
        assert!(omaha_qualifies(0b11, 0b11100));
        assert!(!omaha_qualifies(0b1, 0b11100));
        // Hole A-2 both on a board of A-2-3-4: two board ranks left, none;
        // add a 5 to the board: A-2 with 3-4-5.
        assert!(!omaha_qualifies(0b11, 0b1111));
        assert!(omaha_qualifies(0b11, 0b11111));
        // Hole A-6 (the 6 off the board), board A-2-3-4: 6-4-3-2-A.
        assert!(omaha_qualifies(0b10_0001, 0b1111));
    }
}
