//! Short deck: the seven-card evaluation by short deck's rules.

use handeval_core::rules::{Rules, SHORT_DECK, SHORT_DECK_TRIPS, ShortDeckTrips};
use handeval_core::{
    BestFive, CardTable, Category, Evaluator, Game, Hand, Role, Short as ShortHand,
};

use crate::seven::{category_by, evaluate};

/// DeadHorseEval's seven-card evaluation of short deck's five cards: the
/// scale [`Short`]'s values are on (a flush's type above a full house's,
/// A-6-7-8-9 the lowest straight), or with `TRIPS` [`ShortTrips`]' (three
/// of a kind's type and the straight's traded). Not registered on its
/// own: the five-card games' evaluators are [`Short`] and [`ShortTrips`].
#[derive(Clone, Copy, Debug, Default)]
pub struct ShortFiveBy<const TRIPS: bool>;

/// [`ShortFiveBy`] by short deck's order: [`Short`]'s five-card variant.
pub type ShortFive = ShortFiveBy<false>;
/// [`ShortFiveBy`] with three of a kind above the straight: [`ShortTrips`]'.
pub type ShortTripsFive = ShortFiveBy<true>;

/// The value of `N` short-deck cards, by the order `TRIPS` says.
#[inline(always)]
fn value<const N: usize, const TRIPS: bool>(hand: &Hand<N>) -> u32 {
    if TRIPS {
        evaluate_trips::<N>(hand)
    } else {
        evaluate::<N, true>(hand)
    }
}

/// The category of a [`value`].
#[inline(always)]
fn category_of<const TRIPS: bool>(value: u32) -> Category {
    category_by::<true>(if TRIPS { trips_above(value) } else { value })
}

impl<const TRIPS: bool> Evaluator for ShortFiveBy<TRIPS> {
    const META: handeval_core::Meta = if TRIPS {
        handeval_core::Meta {
            name: "deadhorse/short-trips-five",
            summary: "DeadHorseEval's seven-card evaluation of five short-deck cards, three of a kind above the straight",
            ..<ShortTrips as BestFive<handeval_core::ShortTrips5>>::META
        }
    } else {
        handeval_core::Meta {
            name: "deadhorse/short-five",
            summary: "DeadHorseEval's seven-card evaluation of five short-deck cards, by short deck's rules",
            ..<Short as BestFive<handeval_core::Short5>>::META
        }
    };
    const RULES: &'static Rules = if TRIPS {
        &SHORT_DECK_TRIPS
    } else {
        &SHORT_DECK
    };

    type Encoded = Hand;
    type Strength = u32;

    #[inline(always)]
    fn encode(hand: &Hand) -> Hand {
        *hand
    }

    #[inline(always)]
    fn category(hand: Hand) -> Category {
        category_of::<TRIPS>(value::<5, TRIPS>(&hand))
    }

    #[inline(always)]
    fn strength(hand: Hand) -> u32 {
        value::<5, TRIPS>(&hand)
    }
}

/// DeadHorseEval for short deck, table-free and direct: [`crate::Seven`]'s
/// sum, OR and XOR of the cards and its suit counters, with short deck's
/// lowest straight (A-6-7-8-9, its ace read as the 5 the deck does not
/// hold: `0xF8`, below 6-7-8-9-T's `0x1F0`) and a flush's type (6) above a
/// full house's (5). Five or seven cards, never their fives.
///
/// ```
/// use handeval_core::{BestFive, Category, Short7};
/// use handeval_deadhorse::Short;
///
/// // Trips of kings and four hearts: with the king of hearts, a flush,
/// // which in short deck beats the full house kings could have made.
/// let hand: Short7 = "Kh Kd Ks Th 7h 8h 6h".parse().unwrap();
/// assert_eq!(Short::category(&hand), Category::Flush);
/// let straight: Short7 = "Ac Ad 6h 7s 8d 9c Jh".parse().unwrap();
/// assert_eq!(Short::category(&straight), Category::Straight);
/// assert_eq!(Short::strength(&straight), 4 << 26 | 0xF8);
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct Short;

impl<const N: usize> BestFive<ShortHand<N>> for Short
where
    ShortHand<N>: Game,
{
    const META: handeval_core::Meta = handeval_core::Meta {
        name: "deadhorse/short",
        summary: "DeadHorseEval for short deck: the seven-card sum, OR and XOR with A-6-7-8-9 the lowest straight and a flush above a full house, never the fives",
        family: crate::FAMILY,
        role: Role::Tuned,
        derived_from: Some(<crate::Seven as BestFive<handeval_core::Hand7>>::META.name),
        table_bytes: 0,
        card_table_bytes: CardTable::<u32>::BYTES,
    };

    type Five = ShortFive;
    type Strength = u32;

    #[inline(always)]
    fn category(hand: &ShortHand<N>) -> Category {
        category_by::<true>(evaluate::<N, true>(&hand.hand()))
    }

    #[inline(always)]
    fn strength(hand: &ShortHand<N>) -> u32 {
        evaluate::<N, true>(&hand.hand())
    }
}

/// A short-deck value with the types of three of a kind (3) and of the
/// straight (4) traded, for the rules that rank three of a kind higher.
#[inline(always)]
const fn trips_above(value: u32) -> u32 {
    let kind = value >> 26;
    if kind == 3 || kind == 4 {
        (kind ^ 7) << 26 | value & ((1 << 26) - 1)
    } else {
        value
    }
}

/// The value of the three of a kind a hand holds beside its straight, if
/// it holds one: its three cards and the two highest of the rest, valued
/// as five cards. Seven cards holding trips and a straight hold nothing
/// else (the trips' rank is one of the straight's), so the rest are of
/// distinct ranks and no better hand is lost.
fn trips_beside_straight<const N: usize>(hand: &Hand<N>) -> Option<u32> {
    let cards = hand.cards();
    let mut count = [0u8; 13];
    for c in &cards {
        count[usize::from(c.rank().index())] += 1;
    }
    let trips = (0..13u8).rev().find(|&r| count[usize::from(r)] == 3)?;
    let mut five = [cards[0]; 5];
    let mut n = 0;
    for c in cards.iter().filter(|c| c.rank().index() == trips) {
        five[n] = *c;
        n += 1;
    }
    // The two highest of the others.
    let mut others = cards;
    others.sort_unstable_by_key(|c| core::cmp::Reverse(c.rank()));
    for c in others.iter().filter(|c| c.rank().index() != trips).take(2) {
        five[n] = *c;
        n += 1;
    }
    Hand::new(five).ok().map(|five| evaluate::<5, true>(&five))
}

/// DeadHorseEval's short-deck value of `N` cards where three of a kind
/// ranks above the straight: [`Short`]'s, its straight replaced by the
/// trips a seven-card hand holds beside it, and the two types traded.
#[inline(always)]
fn evaluate_trips<const N: usize>(hand: &Hand<N>) -> u32 {
    let value = evaluate::<N, true>(hand);
    // A straight (type 4) with three of a kind: rare, and only with seven.
    let value = if N >= 7 && value >> 26 == 4 {
        trips_beside_straight(hand).unwrap_or(value)
    } else {
        value
    };
    trips_above(value)
}

/// DeadHorseEval for short deck as the rooms that rank three of a kind
/// above the straight deal it (Triton's rules among them): [`Short`]'s
/// direct evaluation with the two types traded. Of five cards that is all:
/// no five holds both. Seven can (trips of one of the straight's ranks and
/// one card of each other), and there the best five is the trips with the
/// two highest other cards; that rare case (30,360 of 8,347,680 hands) takes
/// a branch that finds them.
///
/// ```
/// use handeval_core::{BestFive, Category, ShortTrips7};
/// use handeval_deadhorse::ShortTrips;
///
/// // 6-7-8-9-T with two more nines: the trips play, not the straight.
/// let hand: ShortTrips7 = "9c 9d 9h 6s 7d 8c Tc".parse().unwrap();
/// assert_eq!(ShortTrips::category(&hand), Category::ThreeOfAKind);
/// let straight: ShortTrips7 = "9c 9d Ah 6s 7d 8c Tc".parse().unwrap();
/// assert!(ShortTrips::strength(&hand) > ShortTrips::strength(&straight));
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct ShortTrips;

impl<const N: usize> BestFive<ShortHand<N, ShortDeckTrips>> for ShortTrips
where
    ShortHand<N, ShortDeckTrips>: Game,
{
    const META: handeval_core::Meta = handeval_core::Meta {
        name: "deadhorse/short-trips",
        summary: "DeadHorseEval for short deck with three of a kind above the straight: the direct evaluation, the two types traded, a straight beside trips replaced by the trips",
        family: crate::FAMILY,
        role: Role::Tuned,
        derived_from: Some(<Short as BestFive<handeval_core::Short7>>::META.name),
        table_bytes: 0,
        card_table_bytes: CardTable::<u32>::BYTES,
    };

    type Five = ShortTripsFive;
    type Strength = u32;

    #[inline(always)]
    fn category(hand: &ShortHand<N, ShortDeckTrips>) -> Category {
        category_of::<true>(evaluate_trips::<N>(&hand.hand()))
    }

    #[inline(always)]
    fn strength(hand: &ShortHand<N, ShortDeckTrips>) -> u32 {
        evaluate_trips::<N>(&hand.hand())
    }
}
