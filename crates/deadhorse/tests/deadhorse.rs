//! DeadHorseEval: the README's worked numbers, the modulo replacements proved
//! over every input, and the upstream bugs by name (every hand: `exhaustive_deadhorse_*` in handeval-difftest).

use handeval_core::{Category, Evaluator, Hand, all_hands};
use handeval_deadhorse::{Faithful, Fields, Tuned, card};
use handeval_difftest::strength_of as strength;

/// The README's 17-bit cards (what `Faithful` takes).
fn cards(hand: &str) -> [u32; 5] {
    Faithful::encode(&hand.parse::<Hand>().unwrap())
}

/// Each variant's category from its own encoding.
fn categories(hand: &str) -> (Category, Category) {
    let hand: Hand = hand.parse().unwrap();
    (
        Faithful::category(Faithful::encode(&hand)),
        Tuned::category(Tuned::encode(&hand)),
    )
}

#[test]
fn card_numbers_match_the_readme_table() {
    // The README's table lists spades 2..A as 65537..69632, then hearts, clubs, diamonds.
    let spades: Vec<u32> = "2s 3s 4s 5s 6s 7s 8s 9s Ts Js Qs Ks As"
        .split(' ')
        .map(|c| card(c.parse().unwrap()))
        .collect();
    assert_eq!(
        spades,
        [
            65537, 65538, 65540, 65544, 65552, 65568, 65600, 65664, 65792, 66048, 66560, 67584,
            69632
        ]
    );
    assert_eq!(card("2h".parse().unwrap()), 32769);
    assert_eq!(card("Ac".parse().unwrap()), 20480);
    assert_eq!(card("Ad".parse().unwrap()), 12288);
}

#[test]
fn readme_straight_example() {
    let hand = cards("8c 6h 5d 9s 7h");
    assert_eq!(hand, [16448, 32784, 8200, 65664, 32800]);
    let f = Fields::of(hand);
    assert_eq!(f.or, 123_128);
    assert_eq!(f.y, 248);
    assert_eq!(32_624_896 % f.y, 0);
    assert_eq!(
        categories("8c 6h 5d 9s 7h"),
        (Category::Straight, Category::Straight)
    );
}

#[test]
fn readme_flush_example() {
    let hand = cards("5c 9c Jc 2c Ac");
    let f = Fields::of(hand);
    assert_eq!(f.or, 21129);
    assert_eq!(f.or & !8191, 16384);
    assert_eq!(65536 % (f.or & !8191), 0);
    assert_eq!(
        categories("5c 9c Jc 2c Ac"),
        (Category::Flush, Category::Flush)
    );
}

#[test]
fn readme_duplicate_examples() {
    // (hand, OR ranks, XOR ranks, popcount sum, category), from the README.
    let examples = [
        (
            "5c 9c 5h 2c Ac",
            0b1_0000_1000_1001,
            0b1_0000_1000_0001,
            7,
            Category::OnePair,
        ),
        (
            "5c Ad 5h 2c Ac",
            0b1_0000_0000_1001,
            0b1,
            4,
            Category::TwoPair,
        ),
        (
            "5c Ad Ah 2c Ac",
            0b1_0000_0000_1001,
            0b1_0000_0000_1001,
            6,
            Category::ThreeOfAKind,
        ),
        (
            "5c Ad 5h Ah Ac",
            0b1_0000_0000_1000,
            0b1_0000_0000_0000,
            3,
            Category::FullHouse,
        ),
        (
            "As Ad 5h Ah Ac",
            0b1_0000_0000_1000,
            0b1000,
            3,
            Category::FourOfAKind,
        ),
    ];
    for (hand, or, xor, sum, category) in examples {
        let c = cards(hand);
        let f = Fields::of(c);
        assert_eq!((f.y, f.x, f.popcount_sum()), (or, xor, sum), "{hand}");
        assert_eq!(categories(hand), (category, category), "{hand}");
    }
    // The quads test's arithmetic: 4096 * 4 + 8 = 16392 = the masked sum.
    let quads = cards("As Ad 5h Ah Ac");
    let rank_sum: u32 = quads.iter().map(|c| c & 8191).sum();
    let f = Fields::of(quads);
    assert_eq!(rank_sum, 16392);
    assert_eq!((f.y ^ f.x) * 4 + f.x, 16392);
}

#[test]
fn straight_modulo_catches_exactly_the_ten_straights_and_single_ranks() {
    let straights: Vec<u32> = (0..9).map(|k| 0x1F << k).chain([0x100F]).collect();
    let divisors: Vec<u32> = (1..8192).filter(|y| 32_624_896 % y == 0).collect();
    let mut expected: Vec<u32> = (0..9)
        .map(|k| 1 << k)
        .chain(straights.iter().copied())
        .collect();
    expected.sort_unstable();
    assert_eq!(divisors, expected);
    // The tuned replacement agrees on every rank set a hand can have (two or more ranks).
    for y in (1u32..8192).filter(|y| y.count_ones() >= 2) {
        let modulo = 32_624_896 % y == 0;
        let shift = y >> y.trailing_zeros() == 31 || y == 0x100F;
        assert_eq!(modulo, shift, "y = {y:#015b}");
    }
}

#[test]
fn flush_modulo_is_a_single_suit_bit() {
    for suits in 1u32..16 {
        let bits = suits << 13;
        assert_eq!(65536 % bits == 0, suits.is_power_of_two(), "{suits:04b}");
    }
}

fn upstream_bugs_stay_fixed<E: Evaluator>() {
    // Trips keep their rank (the README's code dropped it): kings over queens.
    assert!(
        strength::<E>("Kh Kc Ks 3d 2s") > strength::<E>("Qh Qc Qs Ad Kd"),
        "{}",
        E::NAME
    );
    // Trip rank by shared rank, not shared suit: Ks and 9s share only a suit.
    assert!(
        strength::<E>("Ks 9s 9h 9d Qh") < strength::<E>("Js Jh Jd 9c 8s"),
        "{}",
        E::NAME
    );
    assert!(
        strength::<E>("Ks 9s 9h 9d Qh") > strength::<E>("8s 8h 8d Ac Kd"),
        "{}",
        E::NAME
    );
    // Flushes keep their kickers (every flush tied in the README's code).
    assert!(
        strength::<E>("Ah Jh 9h 6h 3h") > strength::<E>("Ad Jd 9d 6d 2d"),
        "{}",
        E::NAME
    );
    // The wheel and steel wheel are the lowest of their categories.
    assert!(
        strength::<E>("As 2d 3c 4h 5s") < strength::<E>("2d 3c 4h 5s 6s"),
        "{}",
        E::NAME
    );
    assert!(
        strength::<E>("As 2s 3s 4s 5s") < strength::<E>("2s 3s 4s 5s 6s"),
        "{}",
        E::NAME
    );
}

#[test]
fn upstream_bugs_stay_fixed_in_both_variants() {
    upstream_bugs_stay_fixed::<Faithful>();
    upstream_bugs_stay_fixed::<Tuned>();
}

#[test]
fn trips_sharing_a_suit_with_a_kicker_get_the_right_value() {
    // type 3, the nine at bit 7 in the important field, king and queen as kickers.
    let expected = 3 << 26 | (1 << 7) << 13 | 1 << 11 | 1 << 10;
    assert_eq!(strength::<Faithful>("Ks 9s 9h 9d Qh"), expected);
    assert_eq!(strength::<Tuned>("Ks 9s 9h 9d Qh"), expected);
}

#[test]
fn royal_flush_is_reported_as_its_own_category() {
    let royal = cards("Ts Js Qs Ks As");
    assert_eq!(Faithful::category(royal), Category::RoyalFlush);
    assert_eq!(Tuned::category(royal), Category::RoyalFlush);
    assert_eq!(
        Tuned::category(cards("9s Ts Js Qs Ks")),
        Category::StraightFlush
    );
}

#[test]
fn tuned_baseline_path_equals_the_batch_path_on_every_hand() {
    // ... and the single-hand functions are compiled for the baseline target.
    let hands: Vec<[u32; 5]> = all_hands().map(|h| Tuned::encode(&h)).collect();
    let mut batch = vec![0; hands.len()];
    Tuned::strengths(&hands, &mut batch);
    for (h, b) in hands.iter().zip(&batch) {
        assert_eq!(Tuned::strength(*h), *b);
    }
}
