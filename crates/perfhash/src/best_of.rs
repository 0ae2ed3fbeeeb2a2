//! The best of a hand's five-card hands by [`Scalar`]: the family's six- and
//! seven-card forms.

use handeval_core::{Hand6, Hand7, Omaha4, Omaha5};

use crate::Scalar;

handeval_core::best_of! {
    /// [`Scalar`] on each of the six five-card hands, the strongest kept.
    pub struct BestOf6(Scalar) for Hand6 = "perfhash/best-of-6";
}

handeval_core::best_of! {
    /// [`Scalar`] on each of the 21 five-card hands, the strongest kept.
    pub struct BestOf21(Scalar) for Hand7 = "perfhash/best-of-21";
}

handeval_core::best_of! {
    /// [`Scalar`] on each of an Omaha hand's 60 fives, the strongest kept.
    pub struct BestOf60(Scalar) for Omaha4 = "perfhash/best-of-60";
    /// [`Scalar`] on each of a five-card Omaha hand's 100 fives.
    pub struct BestOf100(Scalar) for Omaha5 = "perfhash/best-of-100";
}
