//! The best of a hand's five-card hands by a five-card variant: upstream's
//! own method for seven cards, and the six- and seven-card forms every
//! family has, for comparison with [`Seven`](crate::Seven).

use handeval_core::{Hand6, Hand7, Omaha4, Omaha5};

use crate::{Branchless, PextTrips};

handeval_core::best_of! {
    /// [`Branchless`] on each of the six five-card hands, the strongest kept.
    pub struct BestOf6(Branchless) for Hand6 = "pext/best-of-6";
}

handeval_core::best_of! {
    /// [`Branchless`] on each of the 21 five-card hands, the strongest kept.
    pub struct BestOf21(Branchless) for Hand7 = "pext/best-of-21";
}

handeval_core::best_of! {
    /// Upstream cards-cs's seven-card method at 2d21384: its five-card
    /// evaluator ([`PextTrips`]) on each of the 21 five-card hands.
    pub struct Upstream21(PextTrips) for Hand7 = "pext/upstream-21";
}

handeval_core::best_of! {
    /// [`Branchless`] on each of an Omaha hand's 60 fives, the strongest kept.
    pub struct BestOf60(Branchless) for Omaha4 = "pext/best-of-60";
    /// [`Branchless`] on each of a five-card Omaha hand's 100 fives.
    pub struct BestOf100(Branchless) for Omaha5 = "pext/best-of-100";
}
