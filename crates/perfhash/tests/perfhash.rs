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
    // 1,410 rows, padded to a power of two so that a mask bounds the index.
    assert_eq!(OFFSETS.len(), 2048);
    assert!(OFFSETS[1410..].iter().all(|&o| o == 0));
    // 9,059 slots, the spare entry a 4-byte gather of the last may touch,
    // and the padding.
    assert_eq!(LOOKUP.len(), 16384);
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

/// `C(n, k)`.
fn choose(n: u64, k: u64) -> u64 {
    (0..k).fold(1, |acc, i| acc * (n - i) / (i + 1))
}

/// The cache holds what the generator makes, on every machine: the
/// tables generated into a fresh cache folder and read back are the
/// generator's, and the tables this process uses (read from the build
/// directory's cache or generated here) are the same. At 425044b the test
/// returned without comparing whenever this process generated them: on
/// every cold cache, every CI clone (issue 66).
#[test]
fn omaha_tables_are_what_the_generator_makes() {
    use handeval_perfhash::omaha::{TABLE_BYTES, tables, through_cache};
    let fresh = tempfile::tempdir().unwrap();
    let started = std::time::Instant::now();
    let (made, read, from_file) = through_cache(fresh.path());
    assert!(
        from_file,
        "the tables were not read back from the fresh cache"
    );
    assert!(made == read, "the tables read back differ from those saved");
    let shared = tables();
    assert!(
        shared.no_flush == made[0] && shared.flush == made[1],
        "the tables this process uses ({}) differ from the generator's",
        shared.origin
    );
    println!(
        "perfhash/omaha: tables of {TABLE_BYTES} bytes generated, saved and read back in {:.2} s, equal to the generator's and to the shared ones ({})",
        started.elapsed().as_secs_f64(),
        shared.origin
    );
}

#[test]
fn omaha_tables_have_an_entry_for_every_possible_pair_of_parts() {
    use handeval_perfhash::omaha::{
        BOARD_MULTISETS, BOARD_SETS, HOLE_MULTISETS, HOLE_SETS, TABLE_BYTES, tables,
    };
    let t = tables();
    // One spare entry each, for the gathers.
    assert_eq!(t.no_flush.len(), BOARD_MULTISETS * HOLE_MULTISETS + 1);
    assert_eq!(t.flush.len(), BOARD_SETS * HOLE_SETS + 1);
    assert_eq!(TABLE_BYTES, 2 * (t.no_flush.len() + t.flush.len()) + 216);
    // A flush entry is made exactly for disjoint sets of three to five
    // board ranks and two to four hole ranks of one suit.
    let disjoint: u64 = (3..=5)
        .flat_map(|b| (2..=4).map(move |h| choose(13, b) * choose(13 - b, h)))
        .sum();
    assert_eq!(t.flush.iter().filter(|&&v| v != 0).count() as u64, disjoint);
    // A no-flush entry for every board and hole that hold no rank more than
    // four times between them: counted here from the number of cards of
    // each rank, independently of the tables' indexing.
    // by[h][b]: the ways to give the ranks so far h hole cards and b board
    // cards, no rank more than four times.
    let mut by = vec![[0u64; 6]; 5];
    by[0][0] = 1;
    for _ in 0..13 {
        let mut next = vec![[0u64; 6]; 5];
        for h in 0..5 {
            for b in 0..6 {
                for dh in 0..=4 - h {
                    for db in 0..=(5 - b).min(4 - dh) {
                        next[h + dh][b + db] += by[h][b];
                    }
                }
            }
        }
        by = next;
    }
    assert_eq!(
        t.no_flush.iter().filter(|&&v| v != 0).count() as u64,
        by[4][5]
    );
}
