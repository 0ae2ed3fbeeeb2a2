//! The best of a hand's five-card hands by [`Tuned`]: the six- and
//! seven-card forms every family has, for comparison with [`Seven`](crate::Seven).

use handeval_core::{Hand6, Hand7, Omaha4, Omaha5};

use crate::{Simd, Tuned};

handeval_core::best_of! {
    /// [`Tuned`] on each of the six five-card hands, the strongest kept.
    pub struct BestOf6(Tuned) for Hand6 = "deadhorse/best-of-6";
}

handeval_core::best_of! {
    /// [`Tuned`] on each of the 21 five-card hands, the strongest kept.
    pub struct BestOf21(Tuned) for Hand7 = "deadhorse/best-of-21";
}

handeval_core::best_of! {
    /// [`Tuned`] on each of an Omaha hand's 60 fives, the strongest kept.
    pub struct BestOf60(Tuned) for Omaha4 = "deadhorse/best-of-60";
    /// [`Simd`] on each of an Omaha hand's 60 fives: best-of-60 through
    /// the lab's fastest five-card kernel.
    pub struct BestOf60Simd(Simd) for Omaha4 = "deadhorse/best-of-60-simd";
    /// [`Tuned`] on each of a five-card Omaha hand's 100 fives.
    pub struct BestOf100(Tuned) for Omaha5 = "deadhorse/best-of-100";
}
