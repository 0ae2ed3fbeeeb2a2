//! The best of the fives a hand allows by [`Tuned`] (or [`Simd`]): the
//! family's forms for every game but five cards (see the [crate documentation](crate) for why the
//! counted-nibble idea is not carried to seven cards directly).

use handeval_core::{Hand6, Hand7, Omaha4, Omaha5};

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

handeval_core::best_of! {
    /// [`Tuned`] on each of an Omaha hand's 60 fives, the strongest kept.
    pub struct BestOf60(Tuned) for Omaha4 = "subskybox/best-of-60";
    /// [`Simd`] on each of an Omaha hand's 60 fives, the strongest kept.
    pub struct BestOf60Simd(Simd) for Omaha4 = "subskybox/best-of-60-simd";
    /// [`Tuned`] on each of a five-card Omaha hand's 100 fives.
    pub struct BestOf100(Tuned) for Omaha5 = "subskybox/best-of-100";
}
