//! Exact range equities against an independent brute force: every deal,
//! every board, every hand valued by the literal reference, no classes of
//! deals, no classes of boards, no showdown type; only the weights' rule
//! (a deal's probability is the product of its combos' weights over the
//! sum across deals without a card twice) is shared.

use crate::common::for_each_subset;
use handeval_core::{BestFive, Card, Hand7};
use handeval_equity::exact::{Equity, Matchup, Method, exact, exact_by};
use handeval_equity::range::Combo;
use handeval_perfhash::Seven as PerfhashSeven;
use handeval_reference::ReferenceBest;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Each player's equity by brute force.
fn brute(m: &Matchup) -> Vec<f64> {
    let players = m.ranges().len();
    let mut known = 0u64;
    for c in m.board().iter().chain(m.dead()) {
        known |= 1 << c.index();
    }
    let mut equity = vec![0.0; players];
    let mut total = 0.0;
    let mut chosen: Vec<Combo> = Vec::new();
    deal(
        m,
        0,
        known,
        &mut chosen,
        &mut |hands: &[Combo], used: u64| {
            let weight: f64 = hands.iter().map(|c| c.weight).product();
            let rest: Vec<Card> = Card::all().filter(|c| used & 1 << c.index() == 0).collect();
            let need = 5 - m.board().len();
            let mut share = vec![0.0; players];
            let mut boards = 0u64;
            for_each_subset(&rest, need, &mut |extra: &[Card]| {
                boards += 1;
                let board: Vec<Card> = m.board().iter().chain(extra).copied().collect();
                let values: Vec<_> = hands
                    .iter()
                    .map(|h| {
                        let cards: Vec<Card> = h.cards.iter().chain(&board).copied().collect();
                        let hand = Hand7::new(cards.try_into().unwrap()).unwrap();
                        <ReferenceBest as BestFive<Hand7>>::strength(&hand)
                    })
                    .collect();
                let best = values.iter().max().unwrap();
                let winners = values.iter().filter(|v| *v == best).count() as f64;
                for (p, v) in values.iter().enumerate() {
                    if v == best {
                        share[p] += 1.0 / winners;
                    }
                }
            });
            total += weight;
            for p in 0..players {
                equity[p] += weight * share[p] / boards as f64;
            }
        },
    );
    equity.iter().map(|e| e / total).collect()
}

fn deal(
    m: &Matchup,
    p: usize,
    used: u64,
    chosen: &mut Vec<Combo>,
    visit: &mut dyn FnMut(&[Combo], u64),
) {
    if p == m.ranges().len() {
        visit(chosen, used);
    } else {
        for c in m.ranges()[p].combos() {
            if c.mask() & used == 0 {
                chosen.push(*c);
                deal(m, p + 1, used | c.mask(), chosen, visit);
                chosen.pop();
            }
        }
    }
}

/// A small seeded range: a few pairs, suited and offsuit shapes and exact
/// combos, some weighted.
fn random_range(rng: &mut ChaCha8Rng) -> String {
    const RANKS: &[u8] = b"23456789TJQKA";
    let mut items = Vec::new();
    for _ in 0..rng.random_range(1..=3) {
        let a = RANKS[rng.random_range(0..13)] as char;
        let b = RANKS[rng.random_range(0..13)] as char;
        let item = match rng.random_range(0..4) {
            0 => format!("{a}{a}"),
            1 if a != b => format!("{a}{b}s"),
            2 if a != b => format!("{a}{b}o"),
            _ => {
                let suits = b"cdhs";
                let s = suits[rng.random_range(0..4)] as char;
                let t = suits[rng.random_range(0..4)] as char;
                format!("{a}{s}{b}{t}")
            }
        };
        let weighted = if rng.random_range(0..3) == 0 {
            format!("{item}@{}", rng.random_range(10..=90))
        } else {
            item
        };
        items.push(weighted);
    }
    items.join(",")
}

/// A seeded matchup: `players` small ranges, a board of one of `boards`
/// sizes and up to two dead cards, as text.
fn seeded(rng: &mut ChaCha8Rng, players: usize, boards: &[usize]) -> (Vec<String>, String, String) {
    let ranges: Vec<String> = (0..players).map(|_| random_range(rng)).collect();
    let mut deck: Vec<Card> = Card::all().collect();
    for i in (1..deck.len()).rev() {
        deck.swap(i, rng.random_range(0..=i));
    }
    let board_len = boards[rng.random_range(0..boards.len())];
    let board: String = deck[..board_len].iter().map(ToString::to_string).collect();
    let dead: String = deck[board_len..board_len + rng.random_range(0..3)]
        .iter()
        .map(ToString::to_string)
        .collect();
    (ranges, board, dead)
}

#[test]
fn seeded_range_matchups_equal_the_brute_force() {
    let mut rng = ChaCha8Rng::seed_from_u64(20_261_126);
    let mut cases = Vec::new();
    while cases.len() < 24 {
        let players = rng.random_range(2..=4);
        // A turn or a river keeps the brute force to seconds; some dead cards.
        let (ranges, board, dead) = seeded(&mut rng, players, &[4, 5]);
        let refs: Vec<&str> = ranges.iter().map(String::as_str).collect();
        let Ok(m) = Matchup::new(&refs, &board, &dead) else {
            continue;
        };
        let Ok(got) = exact::<PerfhashSeven>(&m) else {
            continue;
        };
        cases.push((ranges, board, dead, m, got.equity));
    }
    // The brute force, each case's seconds, on every core: the same cases
    // in the same order, checked side by side.
    let threads = std::thread::available_parallelism().map_or(1, usize::from);
    std::thread::scope(|scope| {
        for part in cases.chunks(cases.len().div_ceil(threads)) {
            scope.spawn(move || {
                for (ranges, board, dead, m, got) in part {
                    let want = brute(m);
                    assert_eq!(want.len(), got.len());
                    for (p, (got, want)) in got.iter().zip(&want).enumerate() {
                        assert!(
                            (got - want).abs() < 1e-9,
                            "{ranges:?} board {board} dead {dead}: player {}: {got} against {want}",
                            p + 1
                        );
                    }
                }
            });
        }
    });
}

#[test]
fn a_flop_matchup_with_weights_equals_the_brute_force() {
    let m = Matchup::new(&["QQ@50, AKs, JhTh", "99, AQo@25"], "Ks9d2c", "3h").unwrap();
    let got = exact_by::<PerfhashSeven>(&m, Some(Method::Deals), &mut |_, _| {}).unwrap();
    let want = brute(&m);
    for (got, want) in got.equity.iter().zip(&want) {
        assert!((got - want).abs() < 1e-9, "{got} {want}");
    }
    // The board and the dead card hold every suit: no renaming but the
    // identity keeps them, so every deal is its own class.
    assert_eq!(got.classes, got.deals as usize);
}

#[test]
fn preflop_deals_are_counted_once_per_class_up_to_suits() {
    // AA against KK: 36 deals in three classes, by how many suits the
    // kings share with the aces (none, one or both); each class counted
    // once, each deal weighted alike.
    let m = Matchup::new(&["AA", "KK"], "", "").unwrap();
    let e = exact::<PerfhashSeven>(&m).unwrap();
    assert_eq!(e.deals, 36);
    assert_eq!(e.classes, 3);
    // Against the fixed-hand counts, deal by deal.
    let mut want = 0.0;
    for a in m.ranges()[0].combos() {
        for k in m.ranges()[1].combos() {
            let one = format!("{a}");
            let two = format!("{k}");
            let fixed = Matchup::new(&[&one, &two], "", "").unwrap();
            want += exact::<PerfhashSeven>(&fixed).unwrap().equity[0];
        }
    }
    assert!((e.equity[0] - want / 36.0).abs() < 1e-12);
}

/// The reference with flushes demoted below high cards: what the checks
/// must tell apart.
struct Broken;

impl BestFive<Hand7> for Broken {
    const META: handeval_core::Meta = handeval_core::Meta {
        name: "broken",
        summary: "the reference with flushes demoted",
        family: <ReferenceBest as BestFive<Hand7>>::META.family,
        role: handeval_core::Role::Tuned,
        derived_from: None,
        table_bytes: 0,
        card_table_bytes: 0,
    };
    type Five = <ReferenceBest as BestFive<Hand7>>::Five;
    type Strength = <ReferenceBest as BestFive<Hand7>>::Strength;
    fn category(hand: &Hand7) -> handeval_core::Category {
        <ReferenceBest as BestFive<Hand7>>::category(hand)
    }
    fn strength(hand: &Hand7) -> Self::Strength {
        let mut s = <ReferenceBest as BestFive<Hand7>>::strength(hand);
        if s.category == handeval_core::Category::Flush {
            s.category = handeval_core::Category::HighCard;
            s.tier = 0;
        }
        s
    }
}

#[test]
fn a_broken_evaluator_is_caught() {
    // The same check on an evaluator that ranks flushes below straights.
    let m = Matchup::new(&["AhKh", "QQ"], "2h7h9c", "").unwrap();
    let broken = exact::<Broken>(&m).unwrap();
    let want = brute(&m);
    assert!(
        (broken.equity[0] - want[0]).abs() > 1e-3,
        "{} {}",
        broken.equity[0],
        want[0]
    );
}

/// Both ways of counting on one matchup: the equities, wins, ties and
/// per-combo counts agree, and the games counted are the same.
fn both_ways(m: &Matchup) -> (Equity, Equity) {
    let deals = exact_by::<PerfhashSeven>(m, Some(Method::Deals), &mut |_, _| {}).unwrap();
    let boards = exact_by::<PerfhashSeven>(m, Some(Method::Boards), &mut |_, _| {}).unwrap();
    assert_eq!(boards.method, Method::Boards);
    assert_eq!((boards.deals, boards.games), (deals.deals, deals.games));
    for (what, a, b) in [
        ("equity", &deals.equity, &boards.equity),
        ("wins", &deals.wins, &boards.wins),
        ("ties", &deals.ties, &boards.ties),
    ] {
        for (x, y) in a.iter().zip(b) {
            assert!((x - y).abs() < 1e-9, "{what}: {x} by deals, {y} by boards");
        }
    }
    for (a, b) in deals.per_combo.iter().zip(&boards.per_combo) {
        for ((ca, sa, ea), (cb, sb, eb)) in a.iter().zip(b) {
            assert_eq!(ca, cb);
            assert!(
                (sa - sb).abs() < 1e-9 && (ea - eb).abs() < 1e-9,
                "{ca}: {sa} {ea} by deals, {sb} {eb} by boards"
            );
        }
    }
    (deals, boards)
}

#[test]
fn heads_up_counted_board_by_board_equals_the_brute_force() {
    let mut rng = ChaCha8Rng::seed_from_u64(20_261_127);
    let mut checked = 0;
    while checked < 16 {
        let (ranges, board, dead) = seeded(&mut rng, 2, &[3, 4, 5]);
        let refs: Vec<&str> = ranges.iter().map(String::as_str).collect();
        let Ok(m) = Matchup::new(&refs, &board, &dead) else {
            continue;
        };
        let Ok(got) = exact_by::<PerfhashSeven>(&m, Some(Method::Boards), &mut |_, _| {}) else {
            continue;
        };
        let want = brute(&m);
        for (p, (got, want)) in got.equity.iter().zip(&want).enumerate() {
            assert!(
                (got - want).abs() < 1e-9,
                "{ranges:?} board {board} dead {dead}: player {}: {got} against {want}",
                p + 1
            );
        }
        both_ways(&m);
        checked += 1;
    }
}

#[test]
fn preflop_both_ways_agree_where_suits_fold_and_where_they_do_not() {
    // Ranges of ranks alone: the boards fold by all 24 renamings. An exact
    // combo and a dead card leave fewer; a weighted one too.
    for (a, b, dead) in [
        ("QQ+, AKs", "JJ-99, AQo+", ""),
        ("AhKh, 77", "QQ@40, T9s", ""),
        ("A5s, KK", "T8s+, 44", "2c"),
    ] {
        let m = Matchup::new(&[a, b], "", dead).unwrap();
        let (_, boards) = both_ways(&m);
        assert!(boards.classes > 0);
    }
    // Single combos: boards holding both aces hold no combo of either.
    let m = Matchup::new(&["AhKh@50", "AsKs@50"], "", "").unwrap();
    both_ways(&m);
    // Ranks alone fold 2,598,960 boards into their classes.
    let m = Matchup::new(&["AA", "KK"], "", "").unwrap();
    let e = exact_by::<PerfhashSeven>(&m, Some(Method::Boards), &mut |_, _| {}).unwrap();
    assert_eq!(e.classes, 134_459);
}

#[test]
fn a_broken_evaluator_is_caught_board_by_board() {
    // The sweep trusts the evaluator's order: one that swaps two values
    // must move the count.
    let m = Matchup::new(&["AhKh, QhJh", "QQ, 99"], "2h7h9c", "").unwrap();
    let broken = exact_by::<Broken>(&m, Some(Method::Boards), &mut |_, _| {}).unwrap();
    let want = brute(&m);
    assert!(
        (broken.equity[0] - want[0]).abs() > 1e-3,
        "{} {}",
        broken.equity[0],
        want[0]
    );
}
