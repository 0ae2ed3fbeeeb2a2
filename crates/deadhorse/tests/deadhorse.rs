//! DeadHorseEval: the README's worked numbers, the modulo replacements proved
//! over every input, the upstream bugs by name, the published listing's bugs
//! kept, and the ported variants equal to the shipped code's int on every hand
//! (checks against the reference: `exhaustive_deadhorse_*` in handeval-difftest).

use handeval_core::{Category, Evaluator, Hand, all_hands};
use handeval_deadhorse::{Fields, Listing, Readme, Tuned, Upstream, card};
use handeval_difftest::strength_of as strength;

/// The README's 17-bit cards (what `Readme` takes).
fn cards(hand: &str) -> [u32; 5] {
    Readme::encode(&hand.parse::<Hand>().unwrap())
}

/// Each variant's category from its own encoding.
fn categories(hand: &str) -> (Category, Category) {
    let hand: Hand = hand.parse().unwrap();
    (
        Readme::category(Readme::encode(&hand)),
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
        E::META.name
    );
    // Trip rank by shared rank, not shared suit: Ks and 9s share only a suit.
    assert!(
        strength::<E>("Ks 9s 9h 9d Qh") < strength::<E>("Js Jh Jd 9c 8s"),
        "{}",
        E::META.name
    );
    assert!(
        strength::<E>("Ks 9s 9h 9d Qh") > strength::<E>("8s 8h 8d Ac Kd"),
        "{}",
        E::META.name
    );
    // Flushes keep their kickers (every flush tied in the README's code).
    assert!(
        strength::<E>("Ah Jh 9h 6h 3h") > strength::<E>("Ad Jd 9d 6d 2d"),
        "{}",
        E::META.name
    );
    // The wheel and steel wheel are the lowest of their categories.
    assert!(
        strength::<E>("As 2d 3c 4h 5s") < strength::<E>("2d 3c 4h 5s 6s"),
        "{}",
        E::META.name
    );
    assert!(
        strength::<E>("As 2s 3s 4s 5s") < strength::<E>("2s 3s 4s 5s 6s"),
        "{}",
        E::META.name
    );
}

#[test]
fn upstream_bugs_stay_fixed_in_the_ported_variants() {
    upstream_bugs_stay_fixed::<Upstream>();
    upstream_bugs_stay_fixed::<Readme>();
    upstream_bugs_stay_fixed::<Tuned>();
}

#[test]
fn trips_sharing_a_suit_with_a_kicker_get_the_right_value() {
    // type 3, the nine at bit 7 in the important field, king and queen as kickers.
    let expected = 3 << 26 | (1 << 7) << 13 | 1 << 11 | 1 << 10;
    assert_eq!(strength::<Readme>("Ks 9s 9h 9d Qh"), expected);
    assert_eq!(strength::<Upstream>("Ks 9s 9h 9d Qh"), expected as i32);
    assert_eq!(strength::<Tuned>("Ks 9s 9h 9d Qh"), expected);
}

#[test]
fn royal_flush_is_reported_as_its_own_category() {
    let royal = cards("Ts Js Qs Ks As");
    assert_eq!(Readme::category(royal), Category::RoyalFlush);
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

#[test]
fn the_readme_worked_two_pair_values() {
    // "Player A = Two Pair, Aces and Fives with a Two kicker = 167837697";
    // "Player B = Two Pair, Nines and Eights, with a Jack kicker = 135791104".
    for (hand, value) in [
        ("As Ad 5s 5c 2h", 167_837_697),
        ("9s 9d 8c 8h Jd", 135_791_104),
    ] {
        assert_eq!(strength::<Upstream>(hand), value, "{hand}");
        assert_eq!(strength::<Readme>(hand), value as u32, "{hand}");
        assert_eq!(strength::<Listing>(hand), value, "{hand}");
    }
    // The README's straight: 8c 6h 5d 9s 7h, card ints 16448, 32784, 8200,
    // 65664, 32800; OR 123128; ranks 248 = 9-8-7-6-5.
    let straight = cards("8c 6h 5d 9s 7h");
    assert_eq!(straight, [16448, 32784, 8200, 65664, 32800]);
    assert_eq!(Fields::of(straight).or, 123_128);
    assert_eq!(Fields::of(straight).y, 248);
    assert_eq!(
        strength::<Upstream>("8c 6h 5d 9s 7h"),
        0x1000_0000 | 0b1111_1000
    );
}

#[test]
fn the_ported_variants_give_the_shipped_int_on_every_hand() {
    for hand in all_hands() {
        let shipped = Upstream::strength(Upstream::encode(&hand));
        assert_eq!(
            Readme::strength(Readme::encode(&hand)) as i32,
            shipped,
            "{hand}"
        );
        assert_eq!(
            Tuned::strength(Tuned::encode(&hand)) as i32,
            shipped,
            "{hand}"
        );
    }
}

#[test]
fn the_published_listing_keeps_its_bugs() {
    // Every flush ties: the bare type, no ranks.
    assert_eq!(strength::<Listing>("Ah Jh 9h 6h 3h"), 0x1400_0000);
    assert_eq!(
        strength::<Listing>("Ah Jh 9h 6h 3h"),
        strength::<Listing>("7d 5d 4d 3d 2d")
    );
    // Trips lose their rank: the kickers fill both fields.
    let kickers = 1 << 12 | 1 << 11; // A, K
    assert_eq!(
        strength::<Listing>("9s 9h 9d Ah Kc"),
        0x0C00_0000 | kickers | kickers << 13
    );
    assert_eq!(
        strength::<Listing>("9s 9h 9d Ah Kc"),
        strength::<Listing>("5s 5h 5d Ah Kc")
    );
    // Elsewhere it is the shipped code.
    for hand in [
        "As Ad 5s 5c 2h",
        "Ts Js Qs Ks As",
        "7c 5d 4h 3s 2c",
        "Kh Kc Ks Kd 2s",
    ] {
        assert_eq!(
            strength::<Listing>(hand),
            strength::<Upstream>(hand),
            "{hand}"
        );
    }
}

/// The SIMD variant computes the tuned value, bit for bit, on every hand,
/// and its worked example holds.
#[test]
fn simd_gives_the_tuned_value() {
    handeval_difftest::assert_same_values::<Tuned, handeval_deadhorse::Simd>();
    assert_eq!(
        strength::<handeval_deadhorse::Simd>("Kh Kd 7s 7c 2h"),
        0x904 << 16 | 0x0001
    );
}
