//! The best of a hand's five-card hands by [`Tuned`]: the six- and
//! seven-card forms every family has, for comparison with [`Seven`](crate::Seven).

use handeval_core::{Hand6, Hand7};

use crate::Tuned;

handeval_core::best_of! {
    /// [`Tuned`] on each of the six five-card hands, the strongest kept.
    pub struct BestOf6(Tuned) for Hand6 = "deadhorse/best-of-6";
}

handeval_core::best_of! {
    /// [`Tuned`] on each of the 21 five-card hands, the strongest kept.
    pub struct BestOf21(Tuned) for Hand7 = "deadhorse/best-of-21";
}
