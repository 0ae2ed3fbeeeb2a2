//! The tests of `handeval_benches::patterns`.

use handeval_benches::Order;
use handeval_benches::patterns::*;
use handeval_benches::rounds::Timed;
use handeval_core::enumerate::{Checksum, Sink};
use handeval_core::{BestFive, Card, Category, Evaluator, Game, GameInfo, Hand7, Role};
use handeval_equity::showdown::{Showdown, ShowdownForm, Tally};
use std::collections::HashMap;

/// Every seven of `deck` by nested loops, from scratch: hands built in
/// the enumeration's order, valued by `E` in batches (what the incremental
/// forms are checked against).
fn from_scratch<H: Game, E: BestFive<H>, S: Sink + Default>(deck: &[Card]) -> S {
    const BATCH: usize = 4_096;
    let mut sink = S::default();
    let n = deck.len();
    if n < 7 {
        return sink;
    }
    let first = H::from_cards(&deck[..7]).expect("distinct cards");
    let mut hands = vec![first; BATCH];
    let mut values = [E::strength(&first); BATCH];
    let mut ints = vec![0u32; BATCH];
    let mut len = 0;
    let mut at = [0, 1, 2, 3, 4, 5, 6];
    let mut flush = |hands: &[H], len: usize, sink: &mut S| {
        E::strengths(&hands[..len], &mut values[..len]);
        for (i, v) in ints[..len].iter_mut().zip(&values[..len]) {
            *i = as_u32(v).unwrap_or(0);
        }
        sink.take(&ints[..len]);
    };
    if deck.len() == Card::COUNT && H::HOLE == 0 {
        // Every hand: the game's own enumeration, the same order, whose
        // hands need no check of their cards (checking each hand's seven
        // cards would cost several times a fast evaluation).
        for hand in H::parts().flat_map(H::part_hands) {
            hands[len] = hand;
            len += 1;
            if len == BATCH {
                flush(&hands, len, &mut sink);
                len = 0;
            }
        }
        flush(&hands, len, &mut sink);
        return sink;
    }
    loop {
        hands[len] = H::from_cards(&at.map(|i| deck[i])).expect("distinct cards");
        len += 1;
        if len == BATCH {
            flush(&hands, len, &mut sink);
            len = 0;
        }
        if !handeval_core::next_combination(&mut at, n) {
            flush(&hands, len, &mut sink);
            return sink;
        }
    }
}

use handeval_core::Hand;

/// A census of values fed directly.
fn census(values: &[u32]) -> Census {
    let mut c = Census::default();
    c.take(values);
    c
}

#[test]
fn a_census_counts_distinct_values_and_refuses_strangers() {
    let cats: HashMap<u32, Category> = [(5, Category::OnePair), (9, Category::Flush)]
        .into_iter()
        .collect();
    let counted = census(&[5, 5, 9]).finish(&cats).unwrap();
    assert_eq!(counted.hands, 3);
    assert_eq!(counted.classes, 2);
    assert_eq!(counted.categories[Category::OnePair.index()], 2);
    assert!(census(&[5, 7]).finish(&cats).unwrap_err().contains("0x7"));
    let mut padded = Census::default();
    padded.take_padded(&[5, 0, 9, 0], 3);
    assert!(
        padded
            .finish(&cats)
            .unwrap_err()
            .contains("1 hands valued 0")
    );
}

/// The census of `name`'s incremental form (its timed pass checked
/// against it too), or of its enumeration from scratch, on `deck`.
fn census_of(name: &str, incremental: bool, deck: &[Card]) -> Counted {
    struct Find<'a> {
        name: &'a str,
        incremental: bool,
        deck: &'a [Card],
        out: Option<Counted>,
    }
    impl handeval_registry::Visit for Find<'_> {
        fn visit<H: Game, E: BestFive<H>>(&mut self) {
            if E::META.name != self.name {
                return;
            }
            let census = if self.incremental {
                let inc = E::INCREMENTAL.expect("an incremental form");
                let mut c = Census::default();
                (inc.values)(self.deck, &mut c);
                assert_eq!(
                    (inc.checksum)(self.deck).sum(),
                    c.checksum.sum(),
                    "{}",
                    self.name
                );
                c
            } else {
                from_scratch::<H, E, Census>(self.deck)
            };
            self.out = Some(census.finish(&categories_of::<H, E>()).unwrap());
        }
    }
    let mut find = Find {
        name,
        incremental,
        deck,
        out: None,
    };
    handeval_registry::visit::<Hand7>(&mut find);
    find.out.expect("a registered seven-card evaluator")
}

/// Every seven-card evaluator that declares an incremental form.
fn incremental() -> Vec<&'static str> {
    struct Names(Vec<&'static str>);
    impl handeval_registry::Visit for Names {
        fn visit<H: Game, E: BestFive<H>>(&mut self) {
            if E::INCREMENTAL.is_some() {
                self.0.push(E::META.name);
            }
        }
    }
    let mut names = Names(Vec::new());
    handeval_registry::visit::<Hand7>(&mut names);
    names.0
}

#[test]
fn every_incremental_form_counts_what_its_evaluator_from_scratch_does() {
    // The lowest 32 cards: every suit, eight ranks, straights, flushes
    // and quads, 3,365,856 hands (the bench checks the full deck).
    let deck = deck(32);
    let names = incremental();
    assert_eq!(names.len(), 3, "{names:?}");
    for name in names {
        let fast = census_of(name, true, &deck);
        let slow = census_of(name, false, &deck);
        assert_eq!(fast, slow, "{name}");
        assert_eq!(fast.hands, enumeration_hands(32));
    }
}

/// `perfhash/seven` with every flush valued as the same flush: a
/// deliberately broken evaluator, whose categories are all right.
struct OneFlush;

impl BestFive<Hand7> for OneFlush {
    const META: handeval_core::Meta = handeval_core::Meta {
        name: "broken/one-flush",
        summary: "perfhash/seven, every flush valued as As Ks Qs Js 9s",
        family: handeval_perfhash::FAMILY,
        role: Role::Tuned,
        derived_from: None,
        table_bytes: 0,
        card_table_bytes: 0,
    };
    type Five = handeval_perfhash::Scalar;
    type Strength = u32;
    fn category(hand: &Hand7) -> Category {
        <handeval_perfhash::Seven as BestFive<Hand7>>::category(hand)
    }
    fn strength(hand: &Hand7) -> u32 {
        static FLUSH: std::sync::OnceLock<u32> = std::sync::OnceLock::new();
        if Self::category(hand) == Category::Flush {
            *FLUSH.get_or_init(|| {
                let flush: Hand = "As Ks Qs Js 9s".parse().unwrap();
                handeval_perfhash::Scalar::strength(handeval_perfhash::Scalar::encode(&flush))
            })
        } else {
            <handeval_perfhash::Seven as BestFive<Hand7>>::strength(hand)
        }
    }
}

#[test]
fn the_checks_catch_a_broken_evaluator() {
    // On a smaller deck (a smoke run's) the broken evaluator's counts
    // differ from those of the evaluator it breaks: fewer classes.
    let small = deck(32);
    let broken = from_scratch::<Hand7, OneFlush, Census>(&small)
        .finish(&categories_of::<Hand7, OneFlush>())
        .unwrap();
    let good = census_of("perfhash/seven", false, &small);
    assert!(broken.classes < good.classes, "{broken:?} {good:?}");
    // Over the full deck (the bench's check of every contender; the
    // broken evaluator's whole enumeration would cost this test
    // binary four seconds): the same loss of classes is refused.
    let mut full = census_of("deadhorse/seven-simd", true, &deck(Card::COUNT));
    full.check_every_seven().unwrap();
    full.classes -= good.classes - broken.classes;
    let refused = full.check_every_seven().unwrap_err();
    assert!(refused.contains("classes, not 4824"), "{refused}");
}

#[test]
fn a_timed_pass_that_counts_otherwise_is_a_problem_named() {
    // An enumeration whose timed pass's checksum is not the checked one.
    let mut e = Enumerating {
        name: "broken/enumeration",
        deck: deck(9),
        checksum: |deck| {
            let mut sink = Checksum::default();
            sink.take(&[u32::try_from(deck.len()).unwrap()]);
            sink
        },
        expected: 0,
        problem: None,
    };
    e.pass(0);
    let problem = e.problem().unwrap();
    assert!(problem.contains("broken/enumeration"), "{problem}");
    // A showdown whose count is not the first contender's.
    let m = matchups(1, 0);
    let s = Showdown::new(&m[0], &[], &dead_of(handeval_benches::Mode::Smoke, &m[0])).unwrap();
    let seven = counts_of::<Hand7>("perfhash/seven").unwrap().by_classes;
    let right = Count::Lab(seven).of(&s);
    let mut c = Counting {
        name: "broken/showdown",
        workload: "showdown",
        showdowns: std::sync::Arc::new(vec![(matchup_name(&m[0]), s)]),
        count: Count::Calculator(|s| Tally {
            boards: s.boards() + 1,
            ..Tally::default()
        }),
        expected: vec![right],
        problem: None,
    };
    c.pass(0);
    let problem = c.problem().unwrap();
    assert!(
        problem.contains("broken/showdown") && problem.contains("AhAs-KdKc"),
        "{problem}"
    );
    // The same contender counting right has none.
    c.count = Count::Lab(seven);
    c.problem = None;
    c.pass(0);
    assert_eq!(c.problem(), None);
}

#[test]
fn a_study_s_contenders_agree_and_a_count_otherwise_is_caught() {
    // Every vector kernel's table, breakdown and preflop cells in a
    // smoke run: checked against the first contender's when gathered,
    // and each timed pass again.
    for order in [Order::EquityTable, Order::Breakdown, Order::PreflopTable] {
        let w = handeval_benches::Workload::of(GameInfo::of::<Hand7>())
            .into_iter()
            .find(|w| w.order == order)
            .unwrap();
        let mut found = contenders(w, handeval_benches::Mode::Smoke, 1, &|_| true).unwrap();
        assert!(found.timed.len() >= 2, "{order:?}: {:?}", found.checked);
        for t in &mut found.timed {
            t.pass(0);
            assert_eq!(t.problem(), None, "{order:?}");
        }
    }
    // A table one row of which is off by a game in a thousand.
    let mut e = Equities {
        name: "broken/table",
        count: Box::new(|| Ok(vec![0.5, 0.25 + 1e-3])),
        expected: vec![0.5, 0.25],
        problem: None,
    };
    e.pass(0);
    assert!(e.problem().unwrap().contains("broken/table"));
    assert!(!takes_part(
        Order::EquityTable,
        Role::Baseline,
        false,
        (false, true)
    ));
    assert!(takes_part(
        Order::PreflopTable,
        Role::Simd,
        false,
        (false, false)
    ));
    assert!(!outside_calculators_count(Order::Breakdown));
}

#[test]
fn who_takes_part_and_with_which_form() {
    assert!(takes_part(
        Order::Enumeration,
        Role::Tuned,
        false,
        (true, false)
    ));
    assert!(!takes_part(
        Order::Enumeration,
        Role::Tuned,
        false,
        (false, false)
    ));
    assert!(takes_part(
        Order::Showdown,
        Role::Baseline,
        false,
        (false, true)
    ));
    assert!(!takes_part(
        Order::Showdown,
        Role::Baseline,
        false,
        (false, false)
    ));
    assert!(takes_part(
        Order::Showdown,
        Role::Simd,
        false,
        (false, false)
    ));
    assert!(takes_part(
        Order::EveryBoard,
        Role::Baseline,
        false,
        (false, false)
    ));
    assert!(!takes_part(
        Order::EveryBoard,
        Role::Tuned,
        true,
        (false, false)
    ));
    assert!(!takes_part(
        Order::Showdown,
        Role::Reference,
        false,
        (false, false)
    ));
    assert!(!takes_part(
        Order::Shuffled,
        Role::Tuned,
        false,
        (true, false)
    ));
    let calculator = ShowdownForm::Calculator {
        form: "its own",
        tally: |_| Tally::default(),
        ranges: None,
    };
    assert_eq!(form(Order::Showdown, None, Some(calculator)), "its own");
    assert_eq!(
        form(Order::EveryBoard, None, Some(calculator)),
        "from scratch"
    );
    assert_eq!(form(Order::Showdown, None, None), "by classes");
    assert_eq!(form(Order::Enumeration, Some("key sums"), None), "key sums");
}
