//! The trait every evaluator implements, and a category histogram to check them by.

use core::fmt::Debug;
use core::ops::Index;

use crate::{Category, Hand};

/// A five-card hand evaluator.
///
/// Evaluation is split in two so that benchmarks can time each algorithm on
/// its own encoding (pre-encoded) as well as end to end from [`Hand`]:
/// [`encode`](Evaluator::encode) turns cards into the algorithm's native form,
/// and [`category`](Evaluator::category) and [`strength`](Evaluator::strength)
/// work on that form only.
///
/// Every method is an associated function (no `self`): evaluators are
/// stateless, and generic code monomorphises per evaluator, so a benchmark
/// loop contains the algorithm inlined rather than a virtual call.
pub trait Evaluator: 'static {
    /// Stable name used in reports and on the command line, e.g. `"subskybox/tuned"`.
    const NAME: &'static str;
    /// One line on what the evaluator is, for reports.
    const SUMMARY: &'static str;
    /// Bytes of lookup tables the evaluator reads (0 for pure arithmetic).
    const TABLE_BYTES: usize = 0;

    /// The algorithm's own encoding of a five-card hand.
    type Encoded: Copy + PartialEq + Debug + Send + Sync + 'static;
    /// The algorithm's own strength value: greater is stronger, equal is a tie.
    type Strength: Ord + Copy + Debug + Send + Sync + 'static;

    /// Converts a hand of cards into the algorithm's encoding.
    fn encode(hand: &Hand) -> Self::Encoded;
    /// The category of an encoded hand.
    fn category(hand: Self::Encoded) -> Category;
    /// The full strength of an encoded hand.
    fn strength(hand: Self::Encoded) -> Self::Strength;

    /// Why this evaluator cannot run natively on this machine (for example a
    /// missing CPU instruction), or `None` when it can.
    ///
    /// An unavailable evaluator still returns correct results (through a
    /// fallback), so checks may run it, but its timings would not be what the
    /// name promises, so reports show the reason instead.
    fn unavailable() -> Option<&'static str> {
        None
    }

    /// Categories of a batch of hands: `out[i] = category(hands[i])`.
    ///
    /// Override this to run the whole loop in a context the single-hand
    /// function cannot have, e.g. under `#[target_feature]` so that a CPU
    /// intrinsic is inlined.
    ///
    /// # Panics
    /// If `out` and `hands` differ in length.
    fn categories(hands: &[Self::Encoded], out: &mut [Category]) {
        batch(hands, out, Self::category);
    }

    /// Strengths of a batch of hands: `out[i] = strength(hands[i])`. See
    /// [`categories`](Evaluator::categories) for why it is overridable.
    ///
    /// # Panics
    /// If `out` and `hands` differ in length.
    fn strengths(hands: &[Self::Encoded], out: &mut [Self::Strength]) {
        batch(hands, out, Self::strength);
    }

    /// Categories of a batch of hands given as cards, encoding included:
    /// the end-to-end form of [`categories`](Evaluator::categories).
    ///
    /// # Panics
    /// If `out` and `hands` differ in length.
    fn categories_of_hands(hands: &[Hand], out: &mut [Category]) {
        batch(hands, out, |h| Self::category(Self::encode(&h)));
    }

    /// Strengths of a batch of hands given as cards, encoding included.
    ///
    /// # Panics
    /// If `out` and `hands` differ in length.
    fn strengths_of_hands(hands: &[Hand], out: &mut [Self::Strength]) {
        batch(hands, out, |h| Self::strength(Self::encode(&h)));
    }
}

/// Writes `eval(hands[i])` into `out[i]`: the plain loop behind the default
/// batch methods, public so that an override can run it under
/// `#[target_feature]` after a run-time check.
///
/// # Panics
/// If `out` and `hands` differ in length.
#[inline(always)]
pub fn batch<I: Copy, O>(hands: &[I], out: &mut [O], eval: impl Fn(I) -> O) {
    assert_eq!(hands.len(), out.len(), "one output slot per hand");
    for (o, &h) in out.iter_mut().zip(hands) {
        *o = eval(h);
    }
}

/// How many hands fell in each category.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Histogram([u64; 10]);

impl Histogram {
    /// An empty histogram.
    pub const fn new() -> Self {
        Histogram([0; 10])
    }

    /// The histogram of all 2,598,960 hands: the ground-truth table.
    pub fn all_hands() -> Self {
        let mut h = Histogram::new();
        for c in Category::ALL {
            h.0[c.index()] = u64::from(c.hand_count());
        }
        h
    }

    /// Counts one more hand of category `c`.
    pub fn add(&mut self, c: Category) {
        self.0[c.index()] += 1;
    }

    /// The total number of hands counted.
    pub fn total(&self) -> u64 {
        self.0.iter().sum()
    }
}

impl Index<Category> for Histogram {
    type Output = u64;
    fn index(&self, c: Category) -> &u64 {
        &self.0[c.index()]
    }
}

impl FromIterator<Category> for Histogram {
    fn from_iter<I: IntoIterator<Item = Category>>(iter: I) -> Self {
        let mut h = Histogram::new();
        for c in iter {
            h.add(c);
        }
        h
    }
}

impl<'a> FromIterator<&'a Category> for Histogram {
    fn from_iter<I: IntoIterator<Item = &'a Category>>(iter: I) -> Self {
        iter.into_iter().copied().collect()
    }
}

/// Implements the four batch methods of [`Evaluator`] so that, when the CPU
/// has `$feature` (checked at run time by `$available`, once per batch), the
/// whole loop runs in a `#[target_feature(enable = $feature)]` function and
/// the evaluator's `#[inline(always)]` code is compiled with the instruction
/// inlined. Otherwise, and on other architectures, the plain loops run.
///
/// Use inside `impl Evaluator for $ty { ... }`. This is the only `unsafe` the
/// evaluators need: calling a `#[target_feature]` function is sound exactly
/// when the CPU has the feature, which the run-time check establishes.
#[macro_export]
macro_rules! target_feature_batches {
    ($ty:ty, $feature:literal, $available:expr) => {
        fn categories(hands: &[Self::Encoded], out: &mut [$crate::Category]) {
            $crate::target_feature_batches!(@dispatch $feature, $available, hands, out,
                <$ty as $crate::Evaluator>::Encoded, $crate::Category,
                |h| <$ty as $crate::Evaluator>::category(h));
        }
        fn strengths(hands: &[Self::Encoded], out: &mut [Self::Strength]) {
            $crate::target_feature_batches!(@dispatch $feature, $available, hands, out,
                <$ty as $crate::Evaluator>::Encoded, <$ty as $crate::Evaluator>::Strength,
                |h| <$ty as $crate::Evaluator>::strength(h));
        }
        fn categories_of_hands(hands: &[$crate::Hand], out: &mut [$crate::Category]) {
            $crate::target_feature_batches!(@dispatch $feature, $available, hands, out,
                $crate::Hand, $crate::Category,
                |h| <$ty as $crate::Evaluator>::category(<$ty as $crate::Evaluator>::encode(&h)));
        }
        fn strengths_of_hands(hands: &[$crate::Hand], out: &mut [Self::Strength]) {
            $crate::target_feature_batches!(@dispatch $feature, $available, hands, out,
                $crate::Hand, <$ty as $crate::Evaluator>::Strength,
                |h| <$ty as $crate::Evaluator>::strength(<$ty as $crate::Evaluator>::encode(&h)));
        }
    };
    (@dispatch $feature:literal, $available:expr, $hands:ident, $out:ident, $in:ty, $res:ty, $eval:expr) => {{
        #[cfg(target_arch = "x86_64")]
        {
            #[target_feature(enable = $feature)]
            fn with_feature(hands: &[$in], out: &mut [$res]) {
                $crate::batch(hands, out, $eval);
            }
            if $available {
                #[allow(unsafe_code)]
                // SAFETY: `with_feature` only needs the CPU to support
                // `$feature`, which the run-time check just above confirmed.
                unsafe {
                    with_feature($hands, $out)
                };
                return;
            }
        }
        $crate::batch($hands, $out, $eval);
    }};
}
