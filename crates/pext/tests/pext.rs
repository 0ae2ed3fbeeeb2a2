//! The suit-bitmask evaluators: the series' examples, PEXT in software and
//! hardware (every hand: `exhaustive_pext_*` in handeval-difftest).

use handeval_core::{Category, Evaluator, Hand, all_hands};
use handeval_difftest::strength_of as strength;
use handeval_pext::{
    Bmi2, Branchless, PextTrips, Portable, Reductions, layout, pext_soft, sections_from_card_set,
};
use proptest::prelude::*;

fn series_orderings<E: Evaluator>() {
    // "More Bit Representations": each pair is (loser, winner).
    let pairs = [
        ("Ks Kh 8d 8c 8s", "Ks Kh Kd 8c 8s"),
        ("9s 9h 9d Kc Qs", "Js Jh Jd 9c 8s"),
        ("Qs Qh Jd Jc Ks", "Ks Kh 3d 3c 2s"),
        // and the high-card examples that a single rank mask already orders
        ("Qs Jh 8d 5c 4s", "Ks Qh 5d 4c 3s"),
        ("Qs Jh 8d 5c 4s", "Qs Jh 9d 8c 4s"),
    ];
    for (loser, winner) in pairs {
        assert!(
            strength::<E>(loser) < strength::<E>(winner),
            "{}: {loser} vs {winner}",
            E::META.name
        );
    }
}

#[test]
fn the_series_ordering_examples_hold_for_every_variant() {
    series_orderings::<Reductions>();
    series_orderings::<PextTrips>();
    series_orderings::<Branchless>();
    series_orderings::<Portable>();
    series_orderings::<Bmi2>();
}

#[test]
fn the_series_value_for_a_full_house() {
    // K K K 8 8: type 6, primary = king (bit 12), secondary = eight (bit 7) >> 1.
    let expected = 6 << 27 | (1 << 12) << 13 | (1 << 7) >> 1;
    assert_eq!(strength::<Reductions>("Ks Kh Kd 8c 8s"), expected);
    assert_eq!(strength::<Bmi2>("Ks Kh Kd 8c 8s"), expected);
}

#[test]
fn layout_matches_the_drawing() {
    let h = layout(&"Ks Kh 7d 7c 2s".parse().unwrap());
    assert_eq!(h & 0xFFFF, 0b0001_0000_0000_0010, "spades");
    assert_eq!(h >> 16 & 0xFFFF, 0b0001_0000_0000_0000, "hearts");
    assert_eq!(h >> 32 & 0xFFFF, 0b0000_0000_0100_0000, "diamonds");
    assert_eq!(h >> 48, 0b0000_0000_0100_0000, "clubs");
}

/// The seed's branch-free `BitMaskToBitIndex` (ranks at bits 0..12 of each section).
fn bit_mask_to_bit_index_by_shifts(mask: u64) -> u64 {
    let spades = mask & 0x0000_0000_0000_FFFF;
    let hearts = (mask & 0x0000_0000_FFFF_0000) >> 3;
    let diamonds = (mask & 0x0000_FFFF_0000_0000) >> 6;
    let clubs = (mask & 0xFFFF_0000_0000_0000) >> 9;
    spades | hearts | diamonds | clubs
}

const SEED_MASK: u64 = 0x1FFF_1FFF_1FFF_1FFF;

#[test]
fn the_seeds_bit_index_conversion_is_a_pext() {
    // Every single card: section s, rank r at bit 16s + r becomes index 13s + r.
    for s in 0..4 {
        for r in 0..13 {
            let mask = 1u64 << (16 * s + r);
            assert_eq!(bit_mask_to_bit_index_by_shifts(mask), 1 << (13 * s + r));
            assert_eq!(pext_soft(mask, SEED_MASK), 1 << (13 * s + r));
        }
    }
}

#[test]
fn card_set_sections_equal_the_direct_layout_on_every_hand() {
    for hand in all_hands() {
        assert_eq!(sections_from_card_set(hand.mask()), layout(&hand), "{hand}");
    }
}

fn edge_masks() -> impl Strategy<Value = u64> {
    prop_oneof![
        Just(0u64),
        Just(u64::MAX),
        Just(1u64),
        Just(1u64 << 63),
        Just(SEED_MASK),
        Just(0x0001_1111_1111_1111u64),
        Just(0xFFFF_0000_0000_FFFFu64),
        Just(0x5555_5555_5555_5555u64),
        any::<u64>(),
    ]
}

proptest! {
    #[test]
    fn software_pext_is_the_seeds_conversion(x in any::<u64>()) {
        prop_assert_eq!(pext_soft(x, SEED_MASK), bit_mask_to_bit_index_by_shifts(x & SEED_MASK));
    }

    #[test]
    fn software_pext_equals_hardware_pext(x in prop_oneof![any::<u64>(), edge_masks()], mask in edge_masks()) {
        #[cfg(target_arch = "x86_64")]
        if std::is_x86_feature_detected!("bmi2") {
            #[allow(unsafe_code)]
            // SAFETY: BMI2 is present, checked just above.
            let hardware = unsafe { core::arch::x86_64::_pext_u64(x, mask) };
            prop_assert_eq!(pext_soft(x, mask), hardware);
        }
        // Without BMI2, check against the definition instead.
        let mut expected = 0u64;
        let mut k = 0;
        for i in 0..64 {
            if mask >> i & 1 == 1 {
                expected |= (x >> i & 1) << k;
                k += 1;
            }
        }
        prop_assert_eq!(pext_soft(x, mask), expected);
    }
}

fn same_values<A, B>()
where
    A: Evaluator<Strength = u32>,
    B: Evaluator<Strength = u32>,
{
    let hands: Vec<Hand> = all_hands().collect();
    let mut a = vec![0; hands.len()];
    let mut b = vec![0; hands.len()];
    A::strengths_of_hands(&hands, &mut a);
    B::strengths_of_hands(&hands, &mut b);
    for ((x, y), h) in a.iter().zip(&b).zip(&hands) {
        assert_eq!(x, y, "{} and {} differ on {h}", A::META.name, B::META.name);
    }
}

#[test]
fn every_variant_computes_the_upstream_value_on_every_hand() {
    same_values::<Reductions, Branchless>();
    same_values::<Reductions, Portable>();
    same_values::<Reductions, Bmi2>();
}

#[test]
fn bmi2_single_hand_and_batch_paths_agree() {
    let hand: Hand = "As Ks Qs Js Ts".parse().unwrap();
    assert_eq!(Bmi2::category(Bmi2::encode(&hand)), Category::RoyalFlush);
    assert_eq!(
        Bmi2::strength(Bmi2::encode(&hand)),
        strength::<Reductions>("As Ks Qs Js Ts")
    );
    assert_eq!(
        Bmi2::unavailable().is_none(),
        std::is_x86_feature_detected!("bmi2")
    );
}

#[test]
fn both_upstream_versions_give_the_same_value_on_every_hand() {
    // 2d21384 and 0fa01d1 differ in how they find the trip and test the
    // suit, not in the value.
    for hand in all_hands() {
        let h = layout(&hand);
        assert_eq!(PextTrips::strength(h), Reductions::strength(h), "{hand}");
    }
}

/// Upstream's own cases (`PokerEvaluatorTests.cs` at 2d21384): type, primary
/// ranks and secondary ranks, one of each triple of suits for the trips and
/// full houses, which is what sends the 2022 search down its PEXT branch.
#[test]
fn upstream_test_cases() {
    // (hand, type, primary ranks, secondary ranks), ranks as characters.
    let cases = [
        ("As Ks Qs Js Ts", 9, "AKQJT", ""),
        ("As Ah Ad Ac Kh", 7, "A", "K"),
        ("5c 4c 3c 2c Ac", 8, "5432A", ""),
        ("4s 4h 4d 8s 8h", 6, "4", "8"),
        ("Ks Kh Kc Ad Ah", 6, "K", "A"),
        ("3s 3d 3c 2s 2c", 6, "3", "2"),
        ("Jh Jd Jc 9h 9d", 6, "J", "9"),
        ("Ah Jh 7h 4h 2h", 5, "AJ742", ""),
        ("5c 4c 3c 2s Ac", 4, "5432A", ""),
        ("4s 4h 4d 8s 6h", 3, "4", "86"),
        ("Ts Th Tc Ac 9d", 3, "T", "A9"),
        ("9s 9d 9c 3h 2d", 3, "9", "32"),
        ("7h 7d 7c Qh 5c", 3, "7", "Q5"),
        ("Qs Qh Ts Th Ac", 2, "QT", "A"),
        ("8d 8c 2d 2c Kh", 2, "82", "K"),
        ("2d 2c Js Tc 6c", 1, "2", "JT6"),
        ("Ks Qs 6h 3c 2c", 0, "KQ632", ""),
    ];
    // Bit 0 of a rank mask is the low ace, bits 1..13 are 2..A.
    let mask = |ranks: &str| -> u32 {
        ranks
            .chars()
            .map(|r| match r {
                'A' if ranks.starts_with('5') => 1,
                _ => 1 << ("23456789TJQKA".find(r).unwrap() + 1),
            })
            .fold(0, |m, b| m | b)
    };
    for (hand, kind, primary, secondary) in cases {
        let expected = kind << 27 | mask(primary) << 13 | mask(secondary) >> 1;
        assert_eq!(strength::<Reductions>(hand), expected, "{hand}");
        assert_eq!(strength::<PextTrips>(hand), expected, "{hand}");
    }
}

/// The SIMD variant computes the branch-free value, bit for bit, on every
/// hand, and its worked example holds.
#[test]
fn simd_gives_the_branchless_value() {
    handeval_difftest::assert_same_values::<Branchless, handeval_pext::Simd>();
    assert_eq!(
        strength::<handeval_pext::Simd>("Ks Kh 7d 7c 2s"),
        2 << 27 | 0x1040 << 13 | 0x0002 >> 1
    );
}
