//! The author's full-strength score function, in doubles where the original
//! relies on them.

use handeval_core::{Category, Evaluator, Hand, Role};

use crate::faithful::{math_pow_2, to_int32};
use crate::{Game, encode};

/// subskybox's full-strength `get5cardScore(cs, ss)`, published by the author
/// as a jsfiddle (<http://jsfiddle.net/subskybox/rwHzm/>) after the article,
/// ported value for value: the article's first lines (in `f64`, as JavaScript
/// computes them), a per-rank record of the increment each card added (1, 2,
/// 4, 8 for a rank's first to fourth card), the five ranks sorted by (that
/// increment, rank) descending, the wheel written 5-4-3-2-1, the category
/// index remapped through `[7,8,4,5,0,1,2,9,3,6]` to 0 (high card) .. 9
/// (royal flush), and the value packed as `category << 20 | c0 << 16 | c1 << 12
/// | c2 << 8 | c3 << 4 | c4`. It is correct on every hand (the differential
/// check holds it to the reference). See the [crate documentation](crate).
#[derive(Clone, Copy, Debug, Default)]
pub struct Score;

/// The score's category remap: the article's table index to 0 high card ..
/// 9 royal flush, which is [`Category`]'s own order.
const REMAP: [i32; 10] = [7, 8, 4, 5, 0, 1, 2, 9, 3, 6];

impl Score {
    /// `get5cardScore(cs, ss)`.
    #[inline(always)]
    #[allow(
        clippy::float_cmp,
        reason = "JavaScript's `==` on exact doubles, as written"
    )]
    pub fn score(hand: Game) -> i32 {
        let cs = hand.cs.map(i32::from);
        let ss = hand.ss;
        // `s = 1<<cs[0]|1<<cs[1]|1<<cs[2]|1<<cs[3]|1<<cs[4]`, on int32.
        let s = 1 << cs[0] | 1 << cs[1] | 1 << cs[2] | 1 << cs[3] | 1 << cs[4];
        // `d` is an object keyed by rank; ranks run 2..=14.
        let mut d = [0_i32; 15];
        // `for (i=v=o=0; i<5; i++) {o=Math.pow(2,cs[i]*4); v += o*(d[cs[i]] = (v/o&15)+1);}`
        let mut v = 0.0_f64;
        for &r in &cs {
            let o = math_pow_2(r * 4);
            let increment = (to_int32(v / o) & 15) + 1;
            d[r as usize] = increment;
            v += o * f64::from(increment);
        }
        // `v = v%15-((s/(s&-s)==31)||(s==0x403c)?3:1)-(ss[0]==(ss[1]|ss[2]|ss[3]|ss[4]))*((s==0x7c00)?-5:1);`
        let straight = f64::from(s) / f64::from(s & -s) == 31.0 || s == 0x403c;
        let flush = ss[0] == (ss[1] | ss[2] | ss[3] | ss[4]);
        let v = v % 15.0
            - if straight { 3.0 } else { 1.0 }
            - f64::from(u8::from(flush)) * if s == 0x7c00 { -5.0 } else { 1.0 };
        // `c = (s==0x403c) ? [5,4,3,2,1] : cs.slice().sort((a,b) => d[a]<d[b] ? 1 : d[a]>d[b] ? -1 : b-a)`
        let c = if s == 0x403c {
            [5, 4, 3, 2, 1]
        } else {
            let mut c = cs;
            // The comparator ties only equal ranks, which are equal values,
            // so an unstable sort (all `core` has) gives JavaScript's result.
            c.sort_unstable_by(|&a, &b| d[b as usize].cmp(&d[a as usize]).then(b.cmp(&a)));
            c
        };
        // `[7,8,4,5,0,1,2,9,3,6][v]<<20|c[0]<<16|c[1]<<12|c[2]<<8|c[3]<<4|c[4]`
        REMAP[v as usize] << 20 | c[0] << 16 | c[1] << 12 | c[2] << 8 | c[3] << 4 | c[4]
    }
}

impl Evaluator for Score {
    const META: handeval_core::Meta = handeval_core::Meta {
        name: "subskybox/score",
        summary: "subskybox's full-strength get5cardScore (author's jsfiddle rwHzm), as written: f64 nibble field, ranks sorted by count",
        family: crate::FAMILY,
        role: Role::Faithful,
        derived_from: None,
        table_bytes: 0,
        card_table_bytes: crate::CARD_TABLE_BYTES,
    };

    type Encoded = Game;
    type Strength = i32;

    #[inline(always)]
    fn encode(hand: &Hand) -> Game {
        encode(*hand)
    }

    #[inline]
    fn category(hand: Game) -> Category {
        Category::from_index_masked((Self::score(hand) >> 20) as usize)
    }

    #[inline]
    fn strength(hand: Game) -> i32 {
        Self::score(hand)
    }

    // The score reads each rank in several places (the rank set, the
    // nibble loop, the sort); from a buffer that costs less than keeping
    // five freshly encoded cards live, so cards are encoded a chunk ahead.
    fn strengths_of_hands(hands: &[Hand], out: &mut [i32]) {
        handeval_core::batch_via_encoding::<Self, _>(hands, out, Self::score);
    }

    fn categories_of_hands(hands: &[Hand], out: &mut [Category]) {
        handeval_core::batch_via_encoding::<Self, _>(hands, out, Self::category);
    }
}
