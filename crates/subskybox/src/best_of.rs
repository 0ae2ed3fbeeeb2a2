//! The best of a hand's five-card hands by [`Tuned`] (or [`Simd`]): the family's six- and
//! seven-card forms (see the [crate documentation](crate) for why the
//! counted-nibble idea is not carried to seven cards directly).

use handeval_core::{Hand6, Hand7};

use crate::{Simd, Tuned};

handeval_core::best_of! {
    /// [`Tuned`] on each of the six five-card hands, the strongest kept.
    pub struct BestOf6(Tuned) for Hand6 = "subskybox/best-of-6";
}

handeval_core::best_of! {
    /// [`Tuned`] on each of the 21 five-card hands, the strongest kept.
    pub struct BestOf21(Tuned) for Hand7 = "subskybox/best-of-21";
}

handeval_core::best_of! {
    /// [`Simd`] on each of the 21 five-card hands, the strongest kept: the
    /// family's seven-card SIMD row.
    pub struct BestOf21Simd(Simd) for Hand7 = "subskybox/best-of-21-simd";
}
