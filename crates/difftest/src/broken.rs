//! Deliberately broken evaluators, each the reference with one mistake, for
//! tests that show a check fails. Each bug is one that real evaluators make.

use handeval_core::{Card, Category, Evaluator, Family, Hand, Rank, Role, Suit};
use handeval_reference::{Strength, evaluate as reference};

/// The family of the deliberately broken evaluators.
pub const FAMILY: Family = Family {
    name: "broken",
    title: "deliberately broken evaluators, for showing that the checks fail",
};

/// A broken evaluator's description: its family's, a scalar role, no
/// tables.
const fn meta(name: &'static str, summary: &'static str) -> handeval_core::Meta {
    handeval_core::Meta {
        name,
        summary,
        family: FAMILY,
        role: Role::Tuned,
        derived_from: None,
        table_bytes: 0,
        card_table_bytes: 0,
    }
}

/// Declares a broken evaluator: the reference, with `strength` changed.
macro_rules! broken {
    ($(#[$doc:meta])* $ty:ident, $stem:literal, $summary:literal, $strength:ty,
     |$hand:ident| $body:expr) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug)]
        pub struct $ty;

        impl Evaluator for $ty {
            const META: handeval_core::Meta = meta(concat!("broken/", $stem), $summary);
            // `broken/wheel-above-king-high-21` for seven cards.
            const BEST_OF: &'static str = concat!($stem, "-{}");
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
    "wheel-above-king-high",
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
    "flush-ignores-kickers",
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
    "likes-spades",
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
    "first-card-first",
    "the reference, ties broken by the first card as written",
    (Strength, u8),
    |hand| (reference(&hand), hand.cards()[0].index())
);

broken!(
    /// Plays the ace low only, as an evaluator that reads A-K-Q-J-T by
    /// rank bits starting from the ace at the bottom would: broadway is no
    /// straight (its strength is the reference's, demoted to high card).
    BroadwayIsNoStraight,
    "broadway-is-no-straight",
    "the reference with the ace-high straight played as high card",
    Strength,
    |hand| {
        let mut s = reference(&hand);
        if s.category == Category::Straight && s.ranks[0] == 14 && s.ranks[1] == 13 {
            s.category = Category::HighCard;
        }
        s
    }
);

/// An Omaha evaluator that takes the best of any five of the nine cards,
/// as a Hold'em evaluator would: the mistake of a published Omaha
/// evaluator (`PHEvaluator` issue #81, "exactly 2 hole cards not considered").
#[derive(Clone, Copy, Debug)]
pub struct AnyFiveOfNine;

impl handeval_core::BestFive<handeval_core::Omaha4> for AnyFiveOfNine {
    const META: handeval_core::Meta = meta(
        "broken/any-five-of-nine",
        "the reference over any five of the nine cards",
    );
    type Five = handeval_reference::Reference;
    type Strength = Strength;
    fn category(hand: &handeval_core::Omaha4) -> Category {
        Self::strength(hand).category
    }
    fn strength(hand: &handeval_core::Omaha4) -> Strength {
        let cards: [Card; 9] = handeval_core::Game::card_slice(hand)
            .try_into()
            .expect("nine cards");
        let mut best: Option<Strength> = None;
        for mask in 0u32..1 << 9 {
            if mask.count_ones() != 5 {
                continue;
            }
            let mut five = [cards[0]; 5];
            for (slot, i) in five.iter_mut().zip((0..9).filter(|i| mask >> i & 1 == 1)) {
                *slot = cards[i];
            }
            let s = reference(&Hand::new(five).expect("distinct cards"));
            best = Some(best.map_or(s, |b| b.max(s)));
        }
        best.expect("nine cards hold a five")
    }
}

/// Short deck with three of a kind above the straight, its best five
/// chosen by short deck's order (the straight above the trips) and only
/// then valued by the trips' rules: the types traded, as a relabelled
/// short-deck kernel would, with no look for the trips a seven-card
/// straight holds beside it.
#[derive(Clone, Copy, Debug)]
pub struct TypesTradedOnly;

impl handeval_core::BestFive<handeval_core::ShortTrips7> for TypesTradedOnly {
    const META: handeval_core::Meta = meta(
        "broken/types-traded-only",
        "short deck's best five, valued with three of a kind above the straight",
    );
    type Five = handeval_reference::ShortTripsReference;
    type Strength = Strength;
    fn category(hand: &handeval_core::ShortTrips7) -> Category {
        Self::strength(hand).category
    }
    fn strength(hand: &handeval_core::ShortTrips7) -> Strength {
        let short = handeval_core::Short7::new(hand.hand().cards()).expect("the same deck");
        let five = handeval_reference::best_five(&short);
        handeval_reference::evaluate_by(&five, &handeval_core::rules::SHORT_DECK_TRIPS)
    }
}

/// Deuce-to-seven as the high ranking reversed, the wheel left a
/// straight: the bug pokerkit's issue 44 reports and `aya_poker` 0.1.0's
/// `deuce_seven_rank` has (A-2-3-4-5 ranked among the straights, not as
/// the best ace-high hand).
#[derive(Clone, Copy, Debug)]
pub struct WheelStillAStraight;

impl handeval_core::BestFive<handeval_core::DeuceSeven5> for WheelStillAStraight {
    const META: handeval_core::Meta = meta(
        "broken/wheel-still-a-straight",
        "deuce-to-seven as the high ranking reversed, A-2-3-4-5 a straight",
    );
    type Five = handeval_reference::DeuceToSevenReference;
    type Strength = Strength;
    fn category(hand: &handeval_core::DeuceSeven5) -> Category {
        Self::strength(hand).category
    }
    fn strength(hand: &handeval_core::DeuceSeven5) -> Strength {
        // The standard evaluation, its order and ranks turned as the
        // reference turns them for a lowball game.
        let high = handeval_reference::evaluate(&hand.hand());
        Strength {
            tier: handeval_core::rules::DEUCE_TO_SEVEN.tier(high.category) as u8,
            category: high.category,
            ranks: high.ranks.map(|r| 15 - r),
        }
    }
}

/// Razz's low from the seven cards' five lowest, pairs and all: the naive
/// reading that sorts the cards and keeps the first five, where the best
/// low passes over a paired card for a higher rank (A-A-2-3-4-Q-K plays
/// Q-4-3-2-A, not a pair of aces).
#[derive(Clone, Copy, Debug)]
pub struct FiveLowestCards;

impl handeval_core::BestFive<handeval_core::Razz> for FiveLowestCards {
    const META: handeval_core::Meta = meta(
        "broken/five-lowest-cards",
        "razz's low from the five lowest cards, a paired card kept",
    );
    type Five = handeval_reference::AceToFiveReference;
    type Strength = Strength;
    fn category(hand: &handeval_core::Razz) -> Category {
        Self::strength(hand).category
    }
    fn strength(hand: &handeval_core::Razz) -> Strength {
        let mut cards = *hand.hand().as_cards();
        // Aces low.
        cards.sort_by_key(|c| (c.rank().index() + 1) % 13);
        let five = Hand::new([cards[0], cards[1], cards[2], cards[3], cards[4]])
            .expect("five of seven distinct cards");
        handeval_reference::AceToFiveReference::strength(five)
    }
}

/// Omaha Hi-Lo's low from any five of the nine cards, not two hole cards
/// and three board cards: the Hold'em reading of an Omaha hand, a bug that
/// gives a low to a hole of one low card (or to a board of five).
#[derive(Clone, Copy, Debug)]
pub struct LowOfAnyFive;

impl handeval_core::low::LowEvaluator<handeval_core::Omaha8> for LowOfAnyFive {
    const META: handeval_core::Meta = meta(
        "broken/low-of-any-five",
        "Omaha Hi-Lo's low from any five of the nine cards",
    );

    fn low(hand: &handeval_core::Omaha4) -> handeval_core::low::Low {
        let ranks = handeval_core::low::low_ranks(handeval_core::Game::card_slice(hand));
        // The five lowest of the low ranks anywhere in the hand.
        let mut low = 0u8;
        for bit in 0..8 {
            if ranks & (1 << bit) != 0 && low.count_ones() < 5 {
                low |= 1 << bit;
            }
        }
        handeval_core::low::Low::from_value(u32::from(low))
    }
}

/// Big O's low from the first four hole cards only: Omaha Hi-Lo's kernel
/// run on a five-card Omaha hand as if it were a four-card one, a bug that
/// loses every low only the fifth hole card makes.
#[derive(Clone, Copy, Debug)]
pub struct FourOfFiveHoleCards;

impl handeval_core::low::LowEvaluator<handeval_core::BigO> for FourOfFiveHoleCards {
    const META: handeval_core::Meta = meta(
        "broken/four-of-five-hole-cards",
        "Big O's low from the first four hole cards",
    );

    fn low(hand: &handeval_core::Omaha5) -> handeval_core::low::Low {
        let cards = handeval_core::Game::card_slice(hand);
        let four = handeval_core::Omaha4::new(&cards[..4], &cards[5..]).expect("distinct cards");
        <handeval_reference::LowReference as handeval_core::low::LowEvaluator<
            handeval_core::Omaha8,
        >>::low(&four)
    }
}

/// Omaha Hi-Lo's low with a nine read as an eight: "eight or better" read
/// as "nine or better" (an off-by-one in the qualifier), the nine-high
/// lows reported on the eight's scale.
#[derive(Clone, Copy, Debug)]
pub struct NineQualifies;

impl handeval_core::low::LowEvaluator<handeval_core::Omaha8> for NineQualifies {
    const META: handeval_core::Meta = meta(
        "broken/nine-qualifies",
        "Omaha Hi-Lo's low with a nine read as an eight",
    );

    fn low(hand: &handeval_core::Omaha4) -> handeval_core::low::Low {
        let bit = |c: &Card| match c.rank() {
            Rank::Nine => 1 << 7,
            r => handeval_core::low::low_bit(r),
        };
        let cards = handeval_core::Game::card_slice(hand);
        let mask = |cards: &[Card]| cards.iter().fold(0u8, |m, c| m | bit(c));
        let (hole, board) = (mask(&cards[..4]), mask(&cards[4..]));
        // The best of two hole ranks and the three lowest board ranks left.
        let mut best = handeval_core::low::Low::NONE;
        for x in 0..8 {
            for y in x + 1..8 {
                let pair = 1u8 << x | 1 << y;
                if hole & pair != pair {
                    continue;
                }
                let mut rest = board & !pair;
                let mut low = pair;
                for _ in 0..3 {
                    low |= rest & rest.wrapping_neg();
                    rest &= rest.wrapping_sub(1);
                }
                if let Some(l) = handeval_core::low::Low::from_mask(low)
                    && l.beats(best)
                {
                    best = l;
                }
            }
        }
        best
    }
}

/// Stud Hi-Lo's low with the eight counted out: "eight or better" read as
/// "better than an eight", so every eight-high low is lost (the off-by-one
/// the other way from [`NineQualifies`]).
#[derive(Clone, Copy, Debug)]
pub struct EightCountedOut;

impl handeval_core::low::LowEvaluator<handeval_core::Stud8> for EightCountedOut {
    const META: handeval_core::Meta = meta(
        "broken/eight-counted-out",
        "stud Hi-Lo's low with the eight out: seven or better",
    );

    fn low(hand: &handeval_core::Hand7) -> handeval_core::low::Low {
        // The seven low ranks below the eight (bit 7), the five lowest kept.
        let ranks = handeval_core::low::low_ranks(&hand.cards()) & 0x7F;
        let mut low = 0u8;
        for bit in 0..7 {
            if ranks & (1 << bit) != 0 && low.count_ones() < 5 {
                low |= 1 << bit;
            }
        }
        handeval_core::low::Low::from_value(u32::from(low))
    }
}

/// The reference's values, with a class read off each value
/// ([`Evaluator::class_of`]) that numbers the wheel as the six-high
/// straight: right in every value and order, wrong in one class.
#[derive(Clone, Copy, Debug)]
pub struct WheelClassAsSixHigh;

impl Evaluator for WheelClassAsSixHigh {
    const META: handeval_core::Meta = meta(
        "broken/wheel-class-as-six-high",
        "the reference, its classes read off with the wheel's one off",
    );
    type Encoded = Hand;
    type Strength = Strength;
    fn encode(hand: &Hand) -> Hand {
        *hand
    }
    fn category(hand: Hand) -> Category {
        reference(&hand).category
    }
    fn strength(hand: Hand) -> Strength {
        reference(&hand)
    }
    fn class_of(strength: Strength) -> Option<u16> {
        let class = handeval_reference::Reference::class_of(strength).get();
        let wheel = strength.category == Category::Straight && strength.ranks[0] == 5;
        Some(class - u16::from(wheel))
    }
}
