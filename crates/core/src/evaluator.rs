//! The trait every evaluator implements, and a category histogram to check them by.

use core::fmt::Debug;
use core::ops::Index;

use crate::{Category, CpuPath, Game, Hand, KnownErrors, Meta};

/// Tables an evaluator generates at run time, once they are ready: what a
/// run records beside its figures.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Generated {
    /// The tables' name, shared by the evaluators that read them.
    pub name: &'static str,
    /// Their bytes.
    pub bytes: usize,
    /// How long generating them took: in this process, or, when they were
    /// read from the build directory's cache, in the process that made them.
    pub generation: core::time::Duration,
    /// Whether this process read them from the cache.
    pub cached: bool,
}

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
    /// What it is: name, summary, family, role, origin and table bytes,
    /// declared here once (its [`Whole`](crate::Whole) and
    /// [`BestOf`](crate::BestOf) adapters and the registry read it).
    const META: Meta;
    /// For a published listing ([`Role::Listing`](crate::Role::Listing)), exactly what it gets
    /// wrong over all hands; `None` for every evaluator that must be right.
    const KNOWN_ERRORS: Option<KnownErrors> = None;
    /// How its best-of adapter ([`BestOf`](crate::BestOf)) is named after
    /// the family: `{}` stands for the game's number of fives, so the
    /// default names seven cards' `best-of-21` and Omaha's `best-of-60`.
    const BEST_OF: &'static str = "best-of-{}";
    /// The rules its values rank fives by: the standard game's unless it
    /// says otherwise. Its values are only meaningful on fives of that
    /// deck, and they are ranked into classes over exactly those fives.
    const RULES: &'static crate::rules::Rules = &crate::rules::STANDARD;

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

    /// The class of a value on this scale among the values of the
    /// [`RULES`](Evaluator::RULES)' fives (1 for the strongest; 1..=7,462
    /// for the standard game), read off the value's own layout where the
    /// evaluator knows it; `None` by default, where only ranking every
    /// five-card hand finds it (the reference crate's `Ranking`). A program
    /// that turns millions of values into classes wants a few instructions
    /// a value, not a search among every class.
    #[inline(always)]
    fn class_of(strength: Self::Strength) -> Option<u16> {
        let _ = strength;
        None
    }

    /// [`class_of`](Evaluator::class_of) of every value, `out[i]` for
    /// `values[i]`: `true` when every value's class is in `out` (none
    /// given, or the evaluator reads classes off), `false` with `out`
    /// untouched when it does not. An evaluator whose read-off vectorises
    /// overrides it.
    ///
    /// # Panics
    /// If `values` and `out` differ in length.
    fn classes_of(values: &[Self::Strength], out: &mut [u16]) -> bool {
        assert_eq!(values.len(), out.len(), "one class per value");
        let Some(&first) = values.first() else {
            return true;
        };
        if Self::class_of(first).is_none() {
            return false;
        }
        for (class, &value) in out.iter_mut().zip(values) {
            *class = Self::class_of(value).unwrap_or(0);
        }
        true
    }

    /// Why this evaluator cannot run natively on this machine (for example a
    /// missing CPU instruction), or `None` when it can.
    ///
    /// An unavailable evaluator still returns correct results (through a
    /// fallback), so checks may run it, but its timings would not be what the
    /// name promises, so reports show the reason instead.
    fn unavailable() -> Option<&'static str> {
        None
    }

    /// Makes (or reads) the tables the evaluator generates at run time, if
    /// it has any, and says how; `None` for evaluators whose tables are
    /// compiled in or that have none.
    fn generated() -> Option<Generated> {
        None
    }

    /// Which code path the batch loops take on this CPU. Evaluators that
    /// dispatch on a CPU feature get this from
    /// [`target_feature_batches!`](crate::target_feature_batches).
    fn cpu_path() -> CpuPath {
        CpuPath::PORTABLE
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

/// Evaluates hands given as cards in chunks of 64: each chunk is encoded into
/// a buffer on the stack, then evaluated from it, so that `eval` reads the
/// encoding from memory as it does in [`Evaluator::strengths`]. For an
/// evaluation that uses each encoded value in several places, loads from the
/// buffer cost less than keeping five freshly encoded cards live in registers.
///
/// # Panics
/// If `out` and `hands` differ in length.
#[inline(always)]
pub fn batch_via_encoding<E: Evaluator, O>(
    hands: &[Hand],
    out: &mut [O],
    eval: impl Fn(E::Encoded) -> O,
) {
    const CHUNK: usize = 64;
    assert_eq!(hands.len(), out.len(), "one output slot per hand");
    let Some(first) = hands.first() else {
        return;
    };
    let mut buffer = [E::encode(first); CHUNK];
    for (hands, out) in hands.chunks(CHUNK).zip(out.chunks_mut(CHUNK)) {
        for (b, h) in buffer.iter_mut().zip(hands) {
            *b = E::encode(h);
        }
        batch(&buffer[..hands.len()], out, &eval);
    }
}

/// Categories of a batch through a batch strength function: strengths are
/// computed a chunk at a time into a buffer on the stack, and each is turned
/// into its category by `category_of`. The category loops of SIMD
/// evaluators, which compute the whole value anyway.
///
/// # Panics
/// If `out` and `hands` differ in length.
#[inline]
pub fn simd_categories<H>(
    hands: &[H],
    out: &mut [Category],
    strengths: impl Fn(&[H], &mut [u32]),
    category_of: impl Fn(u32) -> Category,
) {
    const CHUNK: usize = 256;
    assert_eq!(hands.len(), out.len(), "one output slot per hand");
    let mut buffer = [0u32; CHUNK];
    for (hands, out) in hands.chunks(CHUNK).zip(out.chunks_mut(CHUNK)) {
        let values = &mut buffer[..hands.len()];
        strengths(hands, values);
        for (o, &v) in out.iter_mut().zip(values.iter()) {
            *o = category_of(v);
        }
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
        Histogram::published::<Hand>()
    }

    /// The histogram of every hand of a game by its best five: the
    /// published table ([`Game::CATEGORY_HANDS`]).
    pub fn published<G: Game>() -> Self {
        Histogram(G::CATEGORY_HANDS)
    }

    /// Counts one more hand of category `c`.
    pub fn add(&mut self, c: Category) {
        self.0[c.index()] += 1;
    }

    /// Counts `weight` more hands of category `c`.
    pub fn add_weighted(&mut self, c: Category, weight: u64) {
        self.0[c.index()] += weight;
    }

    /// The total number of hands counted.
    pub fn total(&self) -> u64 {
        self.0.iter().sum()
    }
}

impl core::ops::AddAssign for Histogram {
    fn add_assign(&mut self, other: Histogram) {
        for (a, b) in self.0.iter_mut().zip(other.0) {
            *a += b;
        }
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

/// Runs an evaluator's own batch loops under a CPU feature: when the CPU
/// has the feature (checked at run time, once per batch), the whole loop
/// runs in a `#[target_feature(enable = ...)]` function, with the
/// evaluator's `#[inline(always)]` code compiled for that feature; else,
/// and on other architectures, the plain loops run. It also implements
/// [`Evaluator::cpu_path`]. (Evaluators that work across hands with vector
/// kernels use [`simd_batches!`](crate::simd_batches) instead.)
///
/// Three forms, one per kind of evaluator, the feature always written out:
///
/// - `target_feature_batches!(Ty, "popcnt");` inside `impl Evaluator for
///   Ty`: the evaluator's own `category` and `strength`, compiled once
///   with the feature and once without.
/// - `target_feature_batches!(Ty, "bmi2,popcnt", fast(hw::category,
///   hw::strength), fallback(sw::category, sw::strength));` inside `impl
///   Evaluator for Ty`: also implements `category` and `strength`, calling
///   the `fast` functions (compiled with the feature) where the CPU has it
///   and the `fallback` ones where it does not.
/// - `target_feature_batches!(Ty, cards Hand7, "popcnt");` inside `impl
///   BestFive<Hand7> for Ty`: the first form, for the batch loops of a
///   larger hand.
///
/// # Soundness
///
/// Calling a `#[target_feature]` function is sound exactly when the CPU has
/// the feature. The macro accepts only the feature strings it knows
/// (`"popcnt"` and `"bmi2,popcnt"`) and writes the run-time check for each
/// itself, in one rule (`@has`, which [`simd_batches!`](crate::simd_batches)
/// uses too), so safe code cannot claim a feature the check does not
/// establish: the `compile_fail` examples below show a bare condition and
/// an unknown feature refused.
///
/// ```
/// use handeval_core::{Category, Evaluator, Family, Hand, Role};
///
/// struct Mine;
/// impl Evaluator for Mine {
///     const META: handeval_core::Meta = handeval_core::Meta {
///         name: "mine/tuned",
///         summary: "counts cards",
///         family: Family { name: "mine", title: "an example" },
///         role: Role::Tuned,
///         derived_from: None,
///         table_bytes: 0,
///         card_table_bytes: 0,
///     };
///     type Encoded = u64;
///     type Strength = u32;
///     fn encode(hand: &Hand) -> u64 { hand.mask() }
///     fn category(_: u64) -> Category { Category::HighCard }
///     fn strength(set: u64) -> u32 { set.count_ones() }
///     handeval_core::target_feature_batches!(Mine, "popcnt");
/// }
/// # let hands: Vec<Hand> = handeval_core::all_hands().take(3).collect();
/// # let mut out = [0; 3];
/// # Mine::strengths_of_hands(&hands, &mut out);
/// # assert_eq!(out, [5, 5, 5]);
/// ```
///
/// ```compile_fail
/// use handeval_core::{Category, Evaluator, Family, Hand, Role};
///
/// struct Mine;
/// impl Evaluator for Mine {
///     const META: handeval_core::Meta = handeval_core::Meta {
///         name: "mine/tuned",
///         summary: "counts cards",
///         family: Family { name: "mine", title: "an example" },
///         role: Role::Tuned,
///         derived_from: None,
///         table_bytes: 0,
///         card_table_bytes: 0,
///     };
///     type Encoded = u64;
///     type Strength = u32;
///     fn encode(hand: &Hand) -> u64 { hand.mask() }
///     fn category(_: u64) -> Category { Category::HighCard }
///     fn strength(set: u64) -> u32 { set.count_ones() }
///     handeval_core::target_feature_batches!(Mine, "avx512f", true);
/// }
/// ```
///
/// ```compile_fail
/// # use handeval_core::{Category, Evaluator, Family, Hand, Role};
/// # struct Mine;
/// # impl Evaluator for Mine {
/// #     const META: handeval_core::Meta = handeval_core::Meta {
/// #         name: "mine/tuned",
/// #         summary: "counts cards",
/// #         family: Family { name: "mine", title: "an example" },
/// #         role: Role::Tuned,
/// #         derived_from: None,
/// #         table_bytes: 0,
/// #         card_table_bytes: 0,
/// #     };
/// #     type Encoded = u64;
/// #     type Strength = u32;
/// #     fn encode(hand: &Hand) -> u64 { hand.mask() }
/// #     fn category(_: u64) -> Category { Category::HighCard }
/// #     fn strength(set: u64) -> u32 { set.count_ones() }
///     handeval_core::target_feature_batches!(Mine, "avx512f");
/// # }
/// ```
#[macro_export]
macro_rules! target_feature_batches {
    ($ty:ty, $feature:tt) => {
        $crate::target_feature_batches!(@cpu_path $feature);
        $crate::target_feature_batches!(@loops $ty, $feature,
            |h| <$ty as $crate::Evaluator>::category(h),
            |h| <$ty as $crate::Evaluator>::strength(h),
            |h| <$ty as $crate::Evaluator>::category(h),
            |h| <$ty as $crate::Evaluator>::strength(h));
    };
    ($ty:ty, $feature:tt, fast($category:path, $strength:path),
        fallback($fallback_category:path, $fallback_strength:path)) => {
        #[inline]
        fn category(h: Self::Encoded) -> $crate::Category {
            $crate::target_feature_batches!(@single $feature, h, <$ty as $crate::Evaluator>::Encoded,
                $crate::Category, $category, $fallback_category)
        }
        #[inline]
        fn strength(h: Self::Encoded) -> Self::Strength {
            $crate::target_feature_batches!(@single $feature, h, <$ty as $crate::Evaluator>::Encoded,
                <$ty as $crate::Evaluator>::Strength, $strength, $fallback_strength)
        }
        $crate::target_feature_batches!(@cpu_path $feature);
        $crate::target_feature_batches!(@loops $ty, $feature,
            |h| $category(h),
            |h| $strength(h),
            |h| $fallback_category(h),
            |h| $fallback_strength(h));
    };
    ($ty:ty, cards $hand:ty, $feature:tt) => {
        $crate::target_feature_batches!(@cpu_path $feature);
        fn categories(hands: &[$hand], out: &mut [$crate::Category]) {
            $crate::target_feature_batches!(@dispatch $feature, hands, out,
                $hand, $crate::Category,
                |h: $hand| <$ty as $crate::BestFive<$hand>>::category(&h),
                |h: $hand| <$ty as $crate::BestFive<$hand>>::category(&h));
        }
        fn strengths(hands: &[$hand], out: &mut [Self::Strength]) {
            $crate::target_feature_batches!(@dispatch $feature, hands, out,
                $hand, <$ty as $crate::BestFive<$hand>>::Strength,
                |h: $hand| <$ty as $crate::BestFive<$hand>>::strength(&h),
                |h: $hand| <$ty as $crate::BestFive<$hand>>::strength(&h));
        }
    };

    // The one place a feature string is tied to its run-time check. Any other
    // string matches no rule, so the expansion fails to compile.
    (@has "popcnt") => {
        $crate::cpu::has($crate::cpu::Feature::Popcnt)
    };
    (@has "bmi2,popcnt") => {
        $crate::cpu::has($crate::cpu::Feature::Bmi2) && $crate::cpu::has($crate::cpu::Feature::Popcnt)
    };
    (@has "avx2") => {
        $crate::cpu::has($crate::cpu::Feature::Avx2)
    };
    (@has "avx512f,avx512bw,avx512vbmi,avx512bitalg") => {
        $crate::cpu::has($crate::cpu::Feature::Avx512)
    };

    // Which path the batch loops take on this CPU.
    (@cpu_path $feature:tt) => {
        fn cpu_path() -> $crate::CpuPath {
            #[cfg(target_arch = "x86_64")]
            let active = $crate::target_feature_batches!(@has $feature);
            #[cfg(not(target_arch = "x86_64"))]
            let active = false;
            $crate::CpuPath { features: $feature, active }
        }
    };
    // The four batch loops of a five-card evaluator, each dispatched.
    (@loops $ty:ty, $feature:tt, $fast_category:expr, $fast_strength:expr,
        $slow_category:expr, $slow_strength:expr) => {
        fn categories(hands: &[Self::Encoded], out: &mut [$crate::Category]) {
            $crate::target_feature_batches!(@dispatch $feature, hands, out,
                <$ty as $crate::Evaluator>::Encoded, $crate::Category,
                $fast_category, $slow_category);
        }
        fn strengths(hands: &[Self::Encoded], out: &mut [Self::Strength]) {
            $crate::target_feature_batches!(@dispatch $feature, hands, out,
                <$ty as $crate::Evaluator>::Encoded, <$ty as $crate::Evaluator>::Strength,
                $fast_strength, $slow_strength);
        }
        fn categories_of_hands(hands: &[$crate::Hand], out: &mut [$crate::Category]) {
            $crate::target_feature_batches!(@dispatch $feature, hands, out,
                $crate::Hand, $crate::Category,
                |h: $crate::Hand| ($fast_category)(<$ty as $crate::Evaluator>::encode(&h)),
                |h: $crate::Hand| ($slow_category)(<$ty as $crate::Evaluator>::encode(&h)));
        }
        fn strengths_of_hands(hands: &[$crate::Hand], out: &mut [Self::Strength]) {
            $crate::target_feature_batches!(@dispatch $feature, hands, out,
                $crate::Hand, <$ty as $crate::Evaluator>::Strength,
                |h: $crate::Hand| ($fast_strength)(<$ty as $crate::Evaluator>::encode(&h)),
                |h: $crate::Hand| ($slow_strength)(<$ty as $crate::Evaluator>::encode(&h)));
        }
    };
    (@dispatch $feature:tt, $hands:ident, $out:ident, $in:ty, $res:ty, $fast:expr, $slow:expr) => {{
        #[cfg(target_arch = "x86_64")]
        {
            #[target_feature(enable = $feature)]
            fn with_feature(hands: &[$in], out: &mut [$res]) {
                $crate::batch(hands, out, $fast);
            }
            if $crate::target_feature_batches!(@has $feature) {
                #[allow(unsafe_code)]
                // SAFETY: `with_feature` needs only the features named in its
                // `target_feature` attribute, and the `@has` check just above,
                // written by this macro for exactly that string, confirmed
                // that this CPU has them.
                unsafe {
                    with_feature($hands, $out)
                };
                return;
            }
        }
        $crate::batch($hands, $out, $slow);
    }};
    (@single $feature:tt, $h:ident, $in:ty, $res:ty, $fast:path, $slow:expr) => {{
        #[cfg(target_arch = "x86_64")]
        {
            #[target_feature(enable = $feature)]
            #[inline]
            fn with_feature(h: $in) -> $res {
                $fast(h)
            }
            if $crate::target_feature_batches!(@has $feature) {
                #[allow(unsafe_code)]
                // SAFETY: as for the batch loops: the check just above,
                // written by this macro for this feature string, confirmed
                // the features `with_feature` is compiled for.
                return unsafe { with_feature($h) };
            }
        }
        $slow($h)
    }};
}

/// The batch methods of an evaluator that works across hands with vector
/// kernels: given its three batch functions, each written out, it calls
/// the widest the CPU has, once per batch: `avx512`, compiled for
/// `"avx512f,avx512bw,avx512vbmi,avx512bitalg"`; `avx2`, compiled for
/// `"avx2"`; or `portable`. It implements `strengths`, `categories`,
/// [`Evaluator::cpu_path`] and [`Evaluator::unavailable`] (the portable path
/// runs where the CPU has neither), and for five-card evaluators, whose
/// encoding is the [`Hand`] itself, the `_of_hands` loops as the same ones.
///
/// One form, inside `impl Evaluator for Ty` or `impl BestFive<H> for Ty`:
///
/// ```text
/// simd_batches!(Ty: Evaluator,   // or Ty: BestFive<Hand7>
///     values(avx512: p::avx512, avx2: p::avx2, portable: p::portable),
///     categories(avx512: c::avx512, avx2: c::avx2, portable: c::portable));
/// ```
///
/// Each function is `fn(&[H], &mut [u32])`. The `values` give the strength
/// of each hand; the `categories` give category indices (0 high card .. 9
/// royal flush), from kernels that compute no more than the category, or,
/// written `categories(from_values: f)`, from each value by `f`.
///
/// # Soundness
///
/// The macro writes both checks itself (through
/// [`target_feature_batches!`](crate::target_feature_batches)' `@has`
/// rule) and the `#[target_feature]` wrappers that call the functions
/// handed to it; a function compiled for more than its slot's features
/// cannot be called from the wrapper without `unsafe`, so it does not
/// compile:
///
/// ```compile_fail
/// # use handeval_core::{Category, Evaluator, Family, Hand, Role};
/// #[target_feature(enable = "avx512f,avx512bw,avx512vbmi,avx512bitalg,avx512vp2intersect")]
/// fn wide(_: &[Hand], _: &mut [u32]) {}
/// #[target_feature(enable = "avx2")]
/// fn narrow(_: &[Hand], _: &mut [u32]) {}
/// fn plain(_: &[Hand], _: &mut [u32]) {}
/// # struct Mine;
/// # impl Evaluator for Mine {
/// #     const META: handeval_core::Meta = handeval_core::Meta {
/// #         name: "mine/simd",
/// #         summary: "counts cards",
/// #         family: Family { name: "mine", title: "an example" },
/// #         role: Role::Simd,
/// #         derived_from: None,
/// #         table_bytes: 0,
/// #         card_table_bytes: 0,
/// #     };
/// #     type Encoded = Hand;
/// #     type Strength = u32;
/// #     fn encode(hand: &Hand) -> Hand { *hand }
/// #     fn category(_: Hand) -> Category { Category::HighCard }
/// #     fn strength(_: Hand) -> u32 { 0 }
///     handeval_core::simd_batches!(Mine: Evaluator,
///         values(avx512: wide, avx2: narrow, portable: plain),
///         categories(from_values: high));
/// # }
/// # fn high(_: u32) -> Category { Category::HighCard }
/// ```
///
/// And the same three functions, each compiled for its own slot, do:
///
/// ```
/// # use handeval_core::{Category, Evaluator, Family, Hand, Role};
/// #[target_feature(enable = "avx512f,avx512bw,avx512vbmi,avx512bitalg")]
/// fn wide(hands: &[Hand], out: &mut [u32]) { plain(hands, out) }
/// #[target_feature(enable = "avx2")]
/// fn narrow(hands: &[Hand], out: &mut [u32]) { plain(hands, out) }
/// fn plain(hands: &[Hand], out: &mut [u32]) {
///     for (o, h) in out.iter_mut().zip(hands) { *o = h.mask().count_ones() }
/// }
/// # struct Mine;
/// # impl Evaluator for Mine {
/// #     const META: handeval_core::Meta = handeval_core::Meta {
/// #         name: "mine/simd",
/// #         summary: "counts cards",
/// #         family: Family { name: "mine", title: "an example" },
/// #         role: Role::Simd,
/// #         derived_from: None,
/// #         table_bytes: 0,
/// #         card_table_bytes: 0,
/// #     };
/// #     type Encoded = Hand;
/// #     type Strength = u32;
/// #     fn encode(hand: &Hand) -> Hand { *hand }
/// #     fn category(_: Hand) -> Category { Category::HighCard }
/// #     fn strength(_: Hand) -> u32 { 0 }
///     handeval_core::simd_batches!(Mine: Evaluator,
///         values(avx512: wide, avx2: narrow, portable: plain),
///         categories(from_values: high));
/// # }
/// # fn high(_: u32) -> Category { Category::HighCard }
/// # let hands: Vec<Hand> = handeval_core::all_hands().take(2).collect();
/// # let mut out = [0; 2];
/// # Mine::strengths(&hands, &mut out);
/// # assert_eq!(out, [5, 5]);
/// ```
#[macro_export]
macro_rules! simd_batches {
    ($ty:ty: Evaluator,
        values(avx512: $avx512:path, avx2: $avx2:path, portable: $portable:path),
        categories($($categories:tt)*)) => {
        $crate::simd_batches!(@common $ty, $crate::Evaluator, $crate::Hand,
            $avx512, $avx2, $portable, $($categories)*);
        // The encoding is the hand itself: from cards is the same loop.
        fn strengths_of_hands(hands: &[$crate::Hand], out: &mut [u32]) {
            <$ty as $crate::Evaluator>::strengths(hands, out);
        }
        fn categories_of_hands(hands: &[$crate::Hand], out: &mut [$crate::Category]) {
            <$ty as $crate::Evaluator>::categories(hands, out);
        }
    };
    ($ty:ty: BestFive<$hand:ty>,
        values(avx512: $avx512:path, avx2: $avx2:path, portable: $portable:path),
        categories($($categories:tt)*)) => {
        $crate::simd_batches!(@common $ty, $crate::BestFive<$hand>, $hand,
            $avx512, $avx2, $portable, $($categories)*);
    };

    // A Hi-Lo game's low half: the kernel's values are low masks
    // (`Low::from_value`), made a stretch at a time in a buffer on the stack.
    ($ty:ty: LowEvaluator<$hand:ty>,
        values(avx512: $avx512:path, avx2: $avx2:path, portable: $portable:path)) => {
        $crate::simd_batches!(@cpu_path);
        fn lows(hands: &[$hand], out: &mut [$crate::low::Low]) {
            fn values(hands: &[$hand], out: &mut [u32]) {
                $crate::simd_batches!(@dispatch $hand, hands, out, $avx512, $avx2, $portable);
            }
            assert_eq!(hands.len(), out.len(), "one output slot per hand");
            let mut buffer = [0u32; 512];
            for (hands, out) in hands.chunks(512).zip(out.chunks_mut(512)) {
                let buffer = &mut buffer[..hands.len()];
                values(hands, buffer);
                for (low, &value) in out.iter_mut().zip(buffer.iter()) {
                    *low = $crate::low::Low::from_value(value);
                }
            }
        }
    };
    // A badugi game's classes: the kernel's values are classes
    // (`badugi::class_of_value`), made a stretch at a time on the stack.
    ($ty:ty: BadugiEvaluator<$hand:ty>,
        values(avx512: $avx512:path, avx2: $avx2:path, portable: $portable:path)) => {
        $crate::simd_batches!(@cpu_path);
        fn classes(hands: &[$hand], out: &mut [$crate::badugi::BadugiClass]) {
            fn values(hands: &[$hand], out: &mut [u32]) {
                $crate::simd_batches!(@dispatch $hand, hands, out, $avx512, $avx2, $portable);
            }
            assert_eq!(hands.len(), out.len(), "one output slot per hand");
            let mut buffer = [0u32; 512];
            for (hands, out) in hands.chunks(512).zip(out.chunks_mut(512)) {
                let buffer = &mut buffer[..hands.len()];
                values(hands, buffer);
                for (class, &value) in out.iter_mut().zip(buffer.iter()) {
                    *class = $crate::badugi::class_of_value(value);
                }
            }
        }
    };
    (@cpu_path) => {
        fn cpu_path() -> $crate::CpuPath {
            #[cfg(target_arch = "x86_64")]
            {
                if $crate::target_feature_batches!(@has "avx512f,avx512bw,avx512vbmi,avx512bitalg") {
                    return $crate::CpuPath { features: "avx512f,avx512bw,avx512vbmi,avx512bitalg", active: true };
                }
                if $crate::target_feature_batches!(@has "avx2") {
                    return $crate::CpuPath { features: "avx2", active: true };
                }
            }
            $crate::CpuPath { features: "avx2", active: false }
        }
    };

    (@common $ty:ty, $trait:path, $hand:ty, $avx512:path, $avx2:path, $portable:path,
        $($categories:tt)*) => {
        $crate::simd_batches!(@cpu_path);
        fn unavailable() -> Option<&'static str> {
            if <$ty as $trait>::cpu_path().active {
                None
            } else {
                Some("this CPU has neither AVX-512 nor AVX2: the portable path ran")
            }
        }
        fn strengths(hands: &[$hand], out: &mut [u32]) {
            $crate::simd_batches!(@dispatch $hand, hands, out, $avx512, $avx2, $portable);
        }
        fn categories(hands: &[$hand], out: &mut [$crate::Category]) {
            $crate::simd_batches!(@categories $ty, $trait, $hand, hands, out, $($categories)*);
        }
    };
    (@categories $ty:ty, $trait:path, $hand:ty, $hands:ident, $out:ident, from_values: $category_of:path) => {
        $crate::simd_categories($hands, $out, <$ty as $trait>::strengths, $category_of);
    };
    (@categories $ty:ty, $trait:path, $hand:ty, $hands:ident, $out:ident,
        avx512: $c512:path, avx2: $c2:path, portable: $cp:path) => {{
        // Category indices from a kernel that computes nothing of the
        // value it does not need, dispatched as the values are.
        fn indices(hands: &[$hand], out: &mut [u32]) {
            $crate::simd_batches!(@dispatch $hand, hands, out, $c512, $c2, $cp);
        }
        $crate::simd_categories($hands, $out, indices, $crate::Category::from_index_or_high_card);
    }};
    (@dispatch $hand:ty, $hands:ident, $out:ident, $avx512:path, $avx2:path, $portable:path) => {{
        #[cfg(target_arch = "x86_64")]
        {
            #[target_feature(enable = "avx512f,avx512bw,avx512vbmi,avx512bitalg")]
            fn with_avx512(hands: &[$hand], out: &mut [u32]) {
                $avx512(hands, out);
            }
            #[target_feature(enable = "avx2")]
            fn with_avx2(hands: &[$hand], out: &mut [u32]) {
                $avx2(hands, out);
            }
            if $crate::target_feature_batches!(@has "avx512f,avx512bw,avx512vbmi,avx512bitalg") {
                #[allow(unsafe_code)]
                // SAFETY: `with_avx512` needs exactly the features its
                // attribute names, and the check just above, written by
                // `@has` for that string, confirmed this CPU has them.
                // (Were `$avx512` built for more, calling it from
                // `with_avx512` would not compile.)
                unsafe {
                    with_avx512($hands, $out)
                };
                return;
            }
            if $crate::target_feature_batches!(@has "avx2") {
                #[allow(unsafe_code)]
                // SAFETY: as above, for AVX2.
                unsafe {
                    with_avx2($hands, $out)
                };
                return;
            }
        }
        $portable($hands, $out)
    }};
}
