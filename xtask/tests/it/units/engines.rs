//! The tests of `xtask::engines`.

use handeval_engines::check::{self};
use xtask::engines::*;

/// A kept check of a wrong engine over every five-card hand is held to
/// its port on every hand, not only the sample: a port changed on one
/// hand outside the sample gives another key.
#[test]
fn a_port_changed_outside_the_sample_is_checked_again() {
    fn port(cards: &[u8]) -> i64 {
        cards.iter().map(|&c| i64::from(c)).sum()
    }
    fn changed(cards: &[u8]) -> i64 {
        if matches!(cards, [0, 1, 2, 3, 5] | [0, 1, 2, 3, 4, 5, 6]) {
            -1
        } else {
            port(cards)
        }
    }
    let known = |name, port| handeval_engines::Known { name, port };
    let sample = check::sample_hands::<handeval_core::Hand>(7, 100);
    let outside: handeval_core::Hand = "2c 2d 2h 2s 3d".parse().unwrap();
    assert_eq!(
        outside.cards().map(handeval_core::Card::index),
        [0, 1, 2, 3, 5],
        "the hand the port changes on"
    );
    assert!(
        !sample.contains(&outside),
        "the changed hand is outside the sample"
    );
    let of = |k| port_fingerprint(&sample, k);
    assert_eq!(of(known("port", port)), of(known("port", port)));
    assert_ne!(of(known("port", port)), of(known("changed", changed)));
    // A game too large for a check of every hand is held on its
    // sample: a change outside it keeps the key.
    let seven = check::sample_hands::<handeval_core::Hand7>(7, 100);
    let outside: handeval_core::Hand7 = "2c 2d 2h 2s 3c 3d 3h".parse().unwrap();
    assert!(!seven.contains(&outside));
    let of7 = |k| port_fingerprint(&seven, k);
    assert_eq!(of7(known("port", port)), of7(known("changed", changed)));
}

#[test]
fn an_outside_count_is_held_to_the_labs_games_and_equities() {
    let lab = (&[0.8125, 0.1875][..], 1_712_304);
    assert!(held_to_lab((&[0.8125, 0.1875], 1_712_304), lab).is_ok());
    assert!(held_to_lab((&[0.812_500_000_5, 0.187_499_999_5], 1_712_304), lab).is_ok());
    // A count off by more than 1e-9, one game more, a player missing
    // or a NaN: each refused, naming both counts.
    for (equities, games) in [
        (&[0.812_500_01, 0.187_499_99][..], 1_712_304),
        (&[0.8125, 0.1875][..], 1_712_305),
        (&[0.8125][..], 1_712_304),
        (&[f64::NAN, 0.1875][..], 1_712_304),
    ] {
        let e = held_to_lab((equities, games), lab).unwrap_err().to_string();
        assert!(e.contains("where the lab counted 1712304"), "{e}");
    }
}
