//! Deliberately broken evaluators, each the reference with one mistake, for
//! tests that show a check fails. Each bug is one that real evaluators make.

use handeval_core::{Card, Category, Evaluator, Family, Hand, Rank, Role, Suit};
use handeval_reference::{Strength, evaluate as reference};

/// The family of the deliberately broken evaluators.
pub const FAMILY: Family = Family {
    name: "broken",
    title: "deliberately broken evaluators, for showing that the checks fail",
};

/// Declares a broken evaluator: the reference, with `strength` changed.
macro_rules! broken {
    ($(#[$doc:meta])* $ty:ident, $name:literal, $summary:literal, $strength:ty,
     |$hand:ident| $body:expr) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug)]
        pub struct $ty;

        impl Evaluator for $ty {
            const NAME: &'static str = $name;
            const SUMMARY: &'static str = $summary;
            const FAMILY: Family = FAMILY;
            const ROLE: Role = Role::Tuned;
            type Encoded = Hand;
            type Strength = $strength;
            fn encode(hand: &Hand) -> Hand {
                *hand
            }
            fn category(hand: Hand) -> Category {
                reference(&hand).category
            }
            fn strength($hand: Hand) -> $strength {
                $body
            }
        }
    };
}

broken!(
    /// Ranks the wheel (5-4-3-2-A) between the king-high and ace-high
    /// straights: the ace played high instead of low.
    WheelAboveKingHigh,
    "broken/wheel-above-king-high",
    "the reference with the wheel ranked as ace-high",
    Strength,
    |hand| {
        let mut s = reference(&hand);
        if s.category == Category::Straight && s.ranks == [5, 4, 3, 2, 1] {
            s.ranks = [14, 5, 4, 3, 2];
        }
        s
    }
);

broken!(
    /// Compares flushes by their top card only.
    FlushIgnoresKickers,
    "broken/flush-ignores-kickers",
    "the reference with flush kickers dropped",
    Strength,
    |hand| {
        let mut s = reference(&hand);
        if s.category == Category::Flush {
            s.ranks = [s.ranks[0], 0, 0, 0, 0];
        }
        s
    }
);

broken!(
    /// Gives a bonus to hands holding the ace of spades: suit names matter.
    LikesSpades,
    "broken/likes-spades",
    "the reference, plus a bonus for the ace of spades",
    (Strength, bool),
    |hand| {
        let ace_of_spades = Card::new(Rank::Ace, Suit::Spades);
        (reference(&hand), hand.cards().contains(&ace_of_spades))
    }
);

broken!(
    /// Breaks ties by the first card as written: card order matters.
    FirstCardFirst,
    "broken/first-card-first",
    "the reference, ties broken by the first card as written",
    (Strength, u8),
    |hand| (reference(&hand), hand.cards()[0].index())
);

handeval_core::best_of! {
    /// [`WheelAboveKingHigh`] on the 21 fives: with A-2-3-4-5-6 it plays the
    /// wheel, "ace-high", over the six-high straight, the seven-card
    /// evaluator's classic slip.
    pub struct WheelAboveKingHigh21(WheelAboveKingHigh) for handeval_core::Hand7 = "broken/wheel-above-king-high-21";
}
