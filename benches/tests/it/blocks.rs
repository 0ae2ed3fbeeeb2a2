//! The tests of `handeval_benches`.

use handeval_benches::*;
use handeval_core::Hand;
use handeval_core::{GameInfo, HAND_COUNT};
use plan::Mode;

#[test]
fn blocks_tile_all_five_card_hands() {
    assert_eq!(BLOCK * BLOCKS, HAND_COUNT);
    // Hold'em blocks are five-card ones; a hole-and-board game's a
    // sixth, and its workloads as many of its own blocks.
    let omaha = GameInfo::of::<handeval_core::Omaha4>();
    assert_eq!(block_of(GameInfo::of::<handeval_core::Hand7>()), BLOCK);
    assert_eq!(block_of(omaha), 10_829);
    assert_eq!(Mode::Full.hands_of(omaha), 433_160);
    assert_eq!(Mode::Full.hands(), HAND_COUNT);
    // A smoke run's blocks are a seventh of those, four to a workload.
    assert_eq!(Mode::Smoke.block_of(GameInfo::of::<Hand>()), 9_282);
    assert_eq!(Mode::Smoke.block_of(omaha), 1_547);
    assert_eq!(Mode::Smoke.hands_of(omaha), 4 * 1_547);
    assert_eq!(Mode::Quick.block_of(omaha), 10_829);
}
