//! The tests of `handeval_engines::known`.

use handeval_engines::known::*;

use handeval_core::{Card, Hand, Hand7};
use handeval_engines::check::{self, HeldToPort};
use handeval_engines::{Better, Error, Evaluate, Hands};

fn cards(s: &str) -> Vec<u8> {
    s.split(' ')
        .map(|c| c.parse::<Card>().unwrap().index())
        .collect()
}

/// An engine answering a function of the cards, in process.
struct Answering(fn(&[u8]) -> i64);

impl Evaluate for Answering {
    fn values(&self, hands: &Hands) -> Result<Vec<i64>, Error> {
        Ok((0..hands.len()).map(|i| (self.0)(hands.hand(i))).collect())
    }
}

#[test]
fn the_port_has_the_bugs_the_issues_report() {
    let p = |s: &str| pypokerengine(&cards(s));
    // Issue #69: the wheel is no straight (ace-high, below any pair),
    // and its straight flush only a flush.
    assert!(p("As 2c 3d 4h 5s") < p("2c 2d 3h 4s 6c"));
    assert!(p("As 2s 3s 4s 5s") < p("6s 7s 8s 9s Ts"));
    assert!(p("As 2s 3s 4s 5s") < p("2c 2d 2h 2s 3c"));
    assert!(p("2s 3s 4s 5s 6s") > p("2c 2d 2h 2s 3c"));
    // No kicker of the board counts; the hole's ranks part hands.
    assert_eq!(p("Kh 2c Ks 7d 4c"), p("Kh 2c Ks Ad Qc"));
    assert!(p("Kh 3c Ks 7d 4c") > p("Kh 2c Ks Ad Qc"));
    // A high card is the hole cards': 3-2 in the hole with an ace-high
    // board loses to 4-2 with a seven-high one.
    assert!(p("3c 2d As Kh Jd 9c 7h") < p("4c 2d 7s 6h Jd 9c Th"));
    // Every flush with the same top card ties, whatever the hole.
    assert_eq!(
        p("Ah 2h 9h 7h 3h"),
        p("Ah 2c Kh Qh Jh 9h 7s") & !0xff | 0xe2
    );
}

/// The port's errors over every five-card hand, counted by the check
/// every engine goes through: the figures py/pypokerengine is held to
/// (through its port, value for value) in every run.
#[test]
fn the_ports_errors_over_every_five_card_hand() {
    let checked = check::every::<Hand>(&Answering(pypokerengine), Better::Higher, &|_| {}).unwrap();
    let v = &checked.verdict;
    assert_eq!(v.hands, 2_598_960);
    // 1,530 distinct values, 1,528 of them on the scale in order: the
    // hands of the other classes each value merges, and of the values
    // out of order, disagree: nine hands in ten.
    assert_eq!(
        (v.disagreements, v.values, v.classes),
        (2_335_096, 1_530, 1_528),
        "{checked}"
    );
}

/// A seven-card sample: most hands are wrong somewhere.
#[test]
fn the_port_disagrees_on_seven_cards_too() {
    let hands = check::sample_hands::<Hand7>(7, 20_000);
    let checked = check::on_hands::<Hand7>(
        &Answering(pypokerengine),
        Better::Higher,
        &hands,
        4096,
        &|_| {},
    )
    .unwrap();
    assert!(checked.verdict.disagreements > 10_000, "{checked}");
}

/// An engine that strays from its port (here: one that found the
/// wheel) fails the check, naming a hand; the port itself passes.
#[test]
fn an_engine_unlike_its_port_fails() {
    // PyPokerEngine's straight flag, spelled out here as its source has it.
    const STRAIGHT: i64 = 1 << 11;
    fn wheel_fixed(c: &[u8]) -> i64 {
        let ranks = c.iter().fold(0u16, |m, &c| m | 1 << (c >> 2));
        if ranks & 0b1_0000_0000_1111 == 0b1_0000_0000_1111 && pypokerengine(c) < 1 << 16 {
            (STRAIGHT | 1 << 4) << 8
        } else {
            pypokerengine(c)
        }
    }
    let known = handeval_engines::Known {
        name: "PyPokerEngine 1.0.1 HandEvaluator.eval_hand",
        port: pypokerengine,
    };
    let hands = check::sample_hands::<Hand>(1, 10_000);
    for (answer, ok) in [
        (pypokerengine as fn(&[u8]) -> i64, true),
        (wheel_fixed, false),
    ] {
        let engine = Answering(answer);
        let held = HeldToPort {
            engine: &engine,
            name: "py/pypokerengine",
            known,
        };
        let checked = check::on_hands::<Hand>(&held, Better::Higher, &hands, 4096, &|_| {});
        match checked {
            Ok(_) => assert!(ok),
            Err(e) => {
                assert!(!ok, "{e}");
                assert!(e.to_string().contains("unlike its port"), "{e}");
            }
        }
    }
}
