//! The perfect hash's tables and its two variants.

use handeval_core::{Category, Evaluator, Hand};
use handeval_difftest::strength_of as strength;
use handeval_perfhash::{FLUSH, LOOKUP, OFFSETS, RANK_KEYS, ROW_SHIFT, Scalar, Simd};

#[test]
fn simd_gives_the_scalar_value() {
    handeval_difftest::assert_same_values::<Scalar, Simd>();
}

#[test]
fn rank_keys_increase_and_the_tables_have_their_documented_sizes() {
    assert!(RANK_KEYS.windows(2).all(|w| w[0] < w[1]));
    assert_eq!(RANK_KEYS[0], 0);
    assert_eq!(RANK_KEYS[12], 79415);
    assert_eq!(OFFSETS.len(), 1410);
    // 9,059 slots and the spare entry a 4-byte gather of the last may touch.
    assert_eq!(LOOKUP.len(), 9060);
    assert_eq!(FLUSH.len(), 8193);
    assert_eq!(ROW_SHIFT, 8);
    // 6,175 rank multisets fill that many slots; 1,287 flush masks.
    assert_eq!(LOOKUP.iter().filter(|&&v| v != 0).count(), 6175);
    assert_eq!(FLUSH.iter().filter(|&&v| v != 0).count(), 1287);
}

#[test]
fn values_count_up_within_each_category() {
    // The weakest hand of a category is 1, its best the category's class count.
    for (hand, category, n) in [
        ("7c 5d 4h 3s 2c", Category::HighCard, 1),
        ("As Kd Qh Js 9c", Category::HighCard, 1277),
        ("As Ks Qs Js Ts", Category::RoyalFlush, 1),
        ("5s 4s 3s 2s As", Category::StraightFlush, 1),
        ("Ac Ad Ah As Kc", Category::FourOfAKind, 156),
    ] {
        assert_eq!(
            strength::<Scalar>(hand),
            (category as u32) << 12 | n,
            "{hand}"
        );
        let hand: Hand = hand.parse().unwrap();
        assert_eq!(Simd::category(hand), category);
    }
}
