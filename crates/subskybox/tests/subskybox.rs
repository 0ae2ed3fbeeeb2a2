//! subskybox's analyzer: the article's examples and the wheel (every hand: `exhaustive_subskybox_*` in handeval-difftest).

use handeval_core::{Category, Evaluator, Hand};
use handeval_difftest::strength_of as strength;
use handeval_subskybox::{Faithful, Game, Score, Tuned};

const A: u8 = 14;
const K: u8 = 13;
const Q: u8 = 12;
const J: u8 = 11;
// The article's suit values.
const SPADE: u8 = 1;
const CLUB: u8 = 2;
const HEART: u8 = 4;
const DIAMOND: u8 = 8;

/// The twelve calls at the end of the article, with the category it prints.
const ARTICLE_EXAMPLES: [([u8; 5], [u8; 5], Category); 12] = [
    ([10, J, Q, K, A], [SPADE; 5], Category::RoyalFlush),
    ([4, 5, 6, 7, 8], [SPADE; 5], Category::StraightFlush),
    ([2, 3, 4, 5, A], [SPADE; 5], Category::StraightFlush),
    (
        [8, 8, 8, 8, 9],
        [SPADE, CLUB, HEART, DIAMOND, SPADE],
        Category::FourOfAKind,
    ),
    (
        [7, 7, 7, 9, 9],
        [SPADE, CLUB, HEART, SPADE, CLUB],
        Category::FullHouse,
    ),
    ([10, J, 6, K, 9], [CLUB; 5], Category::Flush),
    (
        [10, J, Q, K, 9],
        [SPADE, CLUB, HEART, CLUB, DIAMOND],
        Category::Straight,
    ),
    (
        [2, 3, 4, 5, A],
        [SPADE, CLUB, HEART, CLUB, DIAMOND],
        Category::Straight,
    ),
    (
        [4, 4, 4, 8, 9],
        [SPADE, CLUB, HEART, SPADE, CLUB],
        Category::ThreeOfAKind,
    ),
    (
        [8, 8, J, 9, 9],
        [SPADE, CLUB, HEART, SPADE, CLUB],
        Category::TwoPair,
    ),
    (
        [8, 8, 3, 5, 9],
        [SPADE, CLUB, HEART, SPADE, CLUB],
        Category::OnePair,
    ),
    (
        [10, 5, 4, 7, 9],
        [SPADE, CLUB, HEART, SPADE, CLUB],
        Category::HighCard,
    ),
];

#[test]
fn the_articles_twelve_examples() {
    for (cs, ss, expected) in ARTICLE_EXAMPLES {
        let cards = Game { cs, ss };
        assert_eq!(
            Faithful::category(cards),
            expected,
            "faithful {cs:?} {ss:?}"
        );
        assert_eq!(Tuned::category(cards), expected, "tuned {cs:?} {ss:?}");
        assert_eq!(Score::category(cards), expected, "score {cs:?} {ss:?}");
    }
}

#[test]
fn encoding_from_cards_matches_the_articles_arrays() {
    let hand: Hand = "Ts Jc Qh Kc 9d".parse().unwrap();
    assert_eq!(
        Tuned::encode(&hand),
        Game {
            cs: [10, J, Q, K, 9],
            ss: [SPADE, CLUB, HEART, CLUB, DIAMOND]
        }
    );
}

#[test]
fn worked_example_fields() {
    // A-A-Q-Q-9: nibbles 0b11 at the ace and queen, 0b1 at the nine.
    let two_pair = Tuned::encode(&"Ah Ad Qs Qc 9h".parse().unwrap());
    let expected_v = 3u64 << 56 | 3 << 48 | 1 << 36;
    assert_eq!(
        Tuned::fields(two_pair),
        (1 << 14 | 1 << 12 | 1 << 9, expected_v)
    );
    assert_eq!(
        Faithful::fields(two_pair),
        (1 << 14 | 1 << 12 | 1 << 9, expected_v as f64)
    );
    assert_eq!(expected_v % 15, 7, "two pair sums to 3 + 3 + 1");
    // A-A-J-J-J: 0b11 at the ace, 0b111 at the jack; sum 10.
    let full_house = Tuned::encode(&"Ah Ad Js Jc Jh".parse().unwrap());
    let (s, v) = Tuned::fields(full_house);
    assert_eq!((s, v), (1 << 14 | 1 << 11, 3 << 56 | 7 << 44));
    assert_eq!(v % 15, 10);
}

fn wheel_ranks_lowest<E: Evaluator>() {
    let wheel = strength::<E>("As 2d 3c 4h 5s");
    let six_high = strength::<E>("2d 3c 4h 5s 6s");
    let king_high = strength::<E>("9d Tc Jh Qs Ks");
    let ace_high = strength::<E>("Td Jc Qh Ks As");
    assert!(
        wheel < six_high && six_high < king_high && king_high < ace_high,
        "{}",
        E::META.name
    );
    let steel = strength::<E>("As 2s 3s 4s 5s");
    let six_high_sf = strength::<E>("2s 3s 4s 5s 6s");
    assert!(steel < six_high_sf, "{}", E::META.name);
    // ... but still above every non-straight-flush.
    assert!(steel > strength::<E>("As Ad Ah Ac Ks"), "{}", E::META.name);
    assert!(wheel > strength::<E>("As Ad Ah Kc Qs"), "{}", E::META.name);
}

#[test]
fn wheel_and_steel_wheel_rank_lowest_in_their_categories() {
    wheel_ranks_lowest::<Faithful>();
    wheel_ranks_lowest::<Score>();
    wheel_ranks_lowest::<Tuned>();
}

#[test]
fn the_score_function_packs_category_and_sorted_ranks() {
    // The royal flush is the largest score, 9 << 20 | A K Q J T: 10,411,194,
    // the maximum that published copies of the function quote.
    assert_eq!(strength::<Score>("As Ks Qs Js Ts"), 10_411_194);
    // The wheel is written 5-4-3-2-1 under the straight category (4).
    assert_eq!(strength::<Score>("As 2d 3c 4h 5s"), 0x45_4321);
    // Ranks sorted by how many cards share them, then by rank: 8-8-8 then K, 2.
    assert_eq!(strength::<Score>("2c 8s Kd 8h 8c"), 0x38_88D2);
    // Two pair: the higher pair first, then the lower, then the kicker.
    assert_eq!(strength::<Score>("5c Ad 5h As 9c"), 0x2E_E559);
    // The lowest hand of all, 7-5-4-3-2 offsuit.
    assert_eq!(strength::<Score>("7c 5d 4h 3s 2c"), 0x07_5432);
}

/// The SIMD variant computes the faithful port's value, bit for bit, on
/// every hand, and its worked example holds.
#[test]
fn simd_gives_the_faithful_value() {
    handeval_difftest::assert_same_values::<Faithful, handeval_subskybox::Simd>();
    assert_eq!(
        handeval_subskybox::Simd::category(strength_hand("7s 7h 7d Kc Kd")),
        Category::FullHouse
    );
}

fn strength_hand(hand: &str) -> Hand {
    hand.parse().unwrap()
}
