//! The tests of `handeval_benches::rounds`.

use handeval_benches::BLOCKS;
use handeval_benches::plan::Mode;
use handeval_benches::rounds::*;
use std::time::{Duration, Instant};

/// Passes whose times are scripted: the `n`-th pass sleeps `script[n]`
/// microseconds (cycling).
struct Scripted {
    script: Vec<u64>,
    n: usize,
}

impl Timed for Scripted {
    fn name(&self) -> &'static str {
        "scripted"
    }
    fn pass(&mut self, _: usize) {
        let us = self.script[self.n % self.script.len()];
        self.n += 1;
        let start = Instant::now();
        while start.elapsed() < Duration::from_micros(us) {}
    }
}

/// Passes that take scripted times on a scripted clock: the `n`-th
/// pass moves `clock` on by `script[n]` microseconds, so that a busy
/// machine cannot change what the test sees (a busy-waited version
/// failed when the test ran beside the exhaustive checks).
struct OnClock {
    script: Vec<u64>,
    n: usize,
    clock: std::rc::Rc<std::cell::Cell<Duration>>,
}

impl Timed for OnClock {
    fn name(&self) -> &'static str {
        "on a scripted clock"
    }
    fn pass(&mut self, _: usize) {
        let us = self.script[self.n % self.script.len()];
        self.n += 1;
        self.clock.set(self.clock.get() + Duration::from_micros(us));
    }
}

#[test]
fn a_turn_is_its_fastest_pass_after_an_untimed_one() {
    // The untimed pass is the slow 3000 us one; a disturbed pass (2000)
    // among the timed ones does not count.
    let clock = std::rc::Rc::new(std::cell::Cell::new(Duration::ZERO));
    let mut s = OnClock {
        script: vec![3000, 500, 2000, 700, 500],
        n: 0,
        clock: clock.clone(),
    };
    let pace = Pace {
        passes: 4,
        warm: true,
    };
    let t = turn_by(&mut s, 0, pace, &mut || clock.get());
    assert_eq!(t.passes, 4);
    assert_eq!(t.fastest, Duration::from_micros(500), "{t:?}");
    // The median of 500, 500, 700 and 2000: the upper middle one.
    assert_eq!(t.median, Duration::from_micros(700), "{t:?}");
    assert_eq!(s.n, 5);
}

#[test]
fn a_long_pass_warms_itself_and_is_timed_once_a_turn() {
    let clock = std::rc::Rc::new(std::cell::Cell::new(Duration::ZERO));
    let mut long = OnClock {
        script: vec![1_500_000],
        n: 0,
        clock: clock.clone(),
    };
    let pace = pace_by(&mut long, Mode::Full, &mut || clock.get());
    // The probe's one pass said enough: no more were made; a pass of
    // more than a second is a turn of its own.
    assert_eq!(
        pace,
        Pace {
            passes: 1,
            warm: false
        }
    );
    let mut tenth = OnClock {
        script: vec![100_000],
        n: 0,
        clock: clock.clone(),
    };
    assert_eq!(
        pace_by(&mut tenth, Mode::Full, &mut || clock.get()),
        Pace {
            passes: 4,
            warm: false
        }
    );
    assert_eq!(long.n, 1);
    let t = turn_by(
        &mut long,
        0,
        Pace {
            passes: 1,
            warm: false,
        },
        &mut || clock.get(),
    );
    assert_eq!((t.passes, long.n), (1, 2));
    assert_eq!(t.fastest, Duration::from_millis(1500));
    // A short pass is warmed before each turn, and paced to the target.
    let mut short = OnClock {
        script: vec![2_000],
        n: 0,
        clock: clock.clone(),
    };
    let pace = pace_by(&mut short, Mode::Full, &mut || clock.get());
    assert_eq!(
        pace,
        Pace {
            passes: 5,
            warm: true
        }
    );
    assert_eq!(short.n, 4);
}

#[test]
fn a_contender_that_times_itself_is_paced_by_the_same_rule() {
    // A runner's calculator times its own counts: the first count's
    // length is all `pace_after` is given, and a long one is not asked
    // for again.
    let never = || -> Duration { unreachable!("a pass of 50 ms or more is not measured again") };
    let pace =
        |probe_ms: u64, mode: Mode| pace_after(Duration::from_millis(probe_ms), 2, mode, never);
    let alone = Pace {
        passes: 1,
        warm: false,
    };
    let fewest = Pace {
        passes: 2,
        warm: false,
    };
    assert_eq!(pace(1_500, Mode::Full), alone);
    assert_eq!(pace(1_500, Mode::Smoke), alone);
    assert_eq!(pace(100, Mode::Full), fewest);
    assert_eq!(pace(100, Mode::Smoke), fewest);
    assert_eq!(
        pace_after(Duration::from_millis(2), 2, Mode::Smoke, never),
        Pace {
            passes: 2,
            warm: true
        }
    );
    // A short count: as many as fill a turn, each turn after an untimed one.
    let two_ms = Duration::from_millis(2);
    let paced = pace_after(two_ms, 2, Mode::Full, || two_ms);
    let wanted = u128::from(Mode::Full.turn_target_ns()).div_ceil(two_ms.as_nanos());
    assert_eq!(paced.passes as u128, wanted.clamp(2, 512));
    assert!(paced.warm);
}

#[test]
fn criterion_counts_each_pass_at_its_turns_fastest() {
    let mut s = Scripted {
        script: vec![200],
        n: 0,
    };
    let mut block = 0;
    let pace = Pace {
        passes: 4,
        warm: true,
    };
    let d = time_iters(&mut s, 10, pace, &mut block);
    // Turns of 4, 4 and 2 passes, each after an untimed one.
    assert_eq!(s.n, 13);
    assert_eq!(block, 3);
    assert!(d >= Duration::from_millis(2), "{d:?}");
    // A pass that warms itself: no untimed pass.
    let cold = Pace {
        passes: 4,
        warm: false,
    };
    time_iters(&mut s, 10, cold, &mut block);
    assert_eq!(s.n, 13 + 10);
}

#[test]
fn full_rounds_pass_over_every_block_once() {
    let rounds = Mode::Full.rounds();
    let blocks: Vec<usize> = (0..rounds).map(|r| block_of_round(r, rounds)).collect();
    assert_eq!(blocks, (0..BLOCKS).collect::<Vec<_>>());
    let quick: Vec<usize> = (0..10).map(|r| block_of_round(r, 10)).collect();
    assert_eq!(quick, [0, 4, 8, 12, 16, 20, 24, 28, 32, 36]);
}
