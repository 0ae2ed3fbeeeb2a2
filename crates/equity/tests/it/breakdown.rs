//! The range breakdown held to a literal classifier: the module's
//! definitions written out card by card and rank by rank, each hand's
//! category from the literal reference over its five-card subsets, no
//! masks. The fast classifier equals it on every combo of every flop up to
//! suit renaming and on seeded turns and rivers with dead cards, a
//! breakdown's counts equal the literal's count of its combos, and a
//! classifier that calls a gutshot open-ended is caught.

use crate::common::for_each_subset;
use handeval_core::BestFive;
use handeval_core::rules::{Rules, SHORT_DECK, SHORT_DECK_TRIPS, STANDARD};
use handeval_core::{Card, Category, Hand, Rank, Short7, ShortTrips7, Suit};
use handeval_equity::breakdown::{
    Breakdown, Class, Draw, Draws, Made, breakdown, breakdown_of, classify, classify_of,
};
use handeval_equity::lists;
use handeval_equity::range::{Combo, Range};
use handeval_equity::versus::{flops, table};
use handeval_perfhash::Seven as PerfhashSeven;
use handeval_reference::ReferenceBest;
use rand::seq::SliceRandom;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// The best five-card category of `cards` (five to seven) by `rules`, by
/// the literal reference over every five of them.
fn category(cards: &[Card], rules: &Rules) -> Category {
    let mut best = None;
    for_each_subset(cards, 5, &mut |five| {
        let hand = Hand::new(<[Card; 5]>::try_from(five).unwrap()).unwrap();
        let s = handeval_reference::evaluate_by(&hand, rules);
        if best.is_none_or(|b| s > b) {
            best = Some(s);
        }
    });
    best.unwrap().category
}

/// The straights of the deck of `rules` as their five ranks (0 = two ..
/// 12 = ace), the one with the ace low (A-2-3-4-5, or A-6-7-8-9 in short
/// deck) first, each with its top rank.
fn straights(rules: &Rules) -> Vec<([u8; 5], u8)> {
    let low = rules.lowest.index();
    let mut out = vec![([12, low, low + 1, low + 2, low + 3], low + 3)];
    for bottom in low..=8 {
        out.push((
            [bottom, bottom + 1, bottom + 2, bottom + 3, bottom + 4],
            bottom + 4,
        ));
    }
    out
}

/// Which of the thirteen ranks `ranks` and `coming` hold.
fn present(ranks: &[u8], coming: &[u8]) -> [bool; 13] {
    let mut out = [false; 13];
    for &r in ranks.iter().chain(coming) {
        out[usize::from(r)] = true;
    }
    out
}

/// The top of the highest straight of `rules` whose five ranks are all
/// held: the first, from the highest down.
fn highest_straight(held: &[bool; 13], rules: &Rules) -> Option<u8> {
    straights(rules)
        .iter()
        .rev()
        .find(|(five, _)| five.iter().all(|&r| held[usize::from(r)]))
        .map(|&(_, top)| top)
}

/// Whether the hole cards play in a straight of `held` and the ranks to
/// come: one higher than the board and those ranks make alone.
fn straight_plays(held: &[u8], board: &[u8], coming: &[u8], rules: &Rules) -> bool {
    let with = highest_straight(&present(held, coming), rules);
    let alone = highest_straight(&present(board, coming), rules);
    match (with, alone) {
        (Some(t), Some(b)) => t > b,
        (Some(_), None) => true,
        _ => false,
    }
}

/// The cards of the deck of `rules`.
fn deck(rules: &Rules) -> Vec<Card> {
    Card::all()
        .filter(|c| c.rank().index() >= rules.lowest.index())
        .collect()
}

/// The module's definitions, written out, by `rules`.
fn literal(rules: &Rules, hole: [Card; 2], board: &[Card], dead: &[Card]) -> Class {
    let held: Vec<Card> = hole.iter().chain(board).copied().collect();
    let unseen: Vec<Card> = deck(rules)
        .into_iter()
        .filter(|c| !held.contains(c) && !dead.contains(c))
        .collect();
    let category = category(&held, rules);
    let rank = |c: &Card| c.rank().index();
    let on_board = |r: u8| board.iter().filter(|c| rank(c) == r).count();
    let mut board_ranks: Vec<u8> = board.iter().map(rank).collect();
    board_ranks.sort_unstable_by(|a, b| b.cmp(a));
    board_ranks.dedup();
    let top = board_ranks[0];
    let second = board_ranks.get(1).copied();
    let (hi, lo) = (
        rank(&hole[0]).max(rank(&hole[1])),
        rank(&hole[0]).min(rank(&hole[1])),
    );

    let made = match category {
        Category::RoyalFlush | Category::StraightFlush => Made::StraightFlush,
        Category::FourOfAKind => Made::Quads,
        Category::FullHouse => Made::FullHouse,
        Category::Flush => Made::Flush,
        Category::Straight => Made::Straight,
        _ if hi == lo && on_board(hi) == 1 => Made::Set,
        _ if hi == lo && hi > top => Made::Overpair,
        _ if hi == lo && (second.is_none() || hi > second.unwrap()) => Made::PocketPairBelowTop,
        _ if hi == lo => Made::WeakPair,
        _ if on_board(hi) == 2 || on_board(lo) == 2 => Made::Trips,
        _ if on_board(hi) == 1 && on_board(lo) == 1 => Made::TwoPair,
        _ if on_board(hi) == 1 || on_board(lo) == 1 => {
            let (pair, kicker) = if on_board(hi) == 1 {
                (hi, lo)
            } else {
                (lo, hi)
            };
            if pair == top {
                let better = (kicker + 1..=12)
                    .filter(|&r| r != pair && on_board(r) == 0)
                    .count();
                match better {
                    0 => Made::TopPairTopKicker,
                    1 | 2 => Made::TopPairGoodKicker,
                    _ => Made::TopPairWeakKicker,
                }
            } else if Some(pair) == second {
                Made::MiddlePair
            } else {
                Made::WeakPair
            }
        }
        _ if hi == Rank::Ace.index() => Made::AceHigh,
        _ => Made::Nothing,
    };

    if board.len() == 5 {
        return Class {
            made,
            draws: Draws::NONE,
        };
    }
    let draws = literal_draws(rules, hole, board, (&held, &unseen), category, made);
    Class { made, draws }
}

/// The draws, written out: of `hole` on a flop or turn `board` (`held`
/// the two together), the cards `unseen` left, its `category` and `made`
/// class, by `rules`.
fn literal_draws(
    rules: &Rules,
    hole: [Card; 2],
    board: &[Card],
    (held, unseen): (&[Card], &[Card]),
    category: Category,
    made: Made,
) -> Draws {
    let rank = |c: &Card| c.rank().index();
    let top = board.iter().map(rank).max().unwrap();
    let lo = rank(&hole[0]).min(rank(&hole[1]));
    let mut draws = Draws::NONE;
    // Not yet a flush or better, a straight or better, in the rules' order.
    let below_flush = rules.tier(category) < rules.tier(Category::Flush);
    let below_straight = rules.tier(category) < rules.tier(Category::Straight);
    let of_suit = |cards: &[Card], s: Suit| cards.iter().filter(|c| c.suit() == s).count();
    let flush_draw = below_flush
        && Suit::ALL
            .iter()
            .any(|&s| of_suit(held, s) == 4 && of_suit(&hole, s) >= 1 && of_suit(unseen, s) >= 1);
    if flush_draw {
        draws = draws.with(Draw::FlushDraw);
    }
    let held_ranks: Vec<u8> = held.iter().map(rank).collect();
    let board_only: Vec<u8> = board.iter().map(rank).collect();
    let mut unseen_of_rank = [0; 13];
    for c in unseen {
        unseen_of_rank[usize::from(rank(c))] += 1;
    }
    let live = |r: u8| unseen_of_rank[usize::from(r)] > 0;
    let outs = if below_straight {
        (0..13u8)
            .filter(|&r| live(r) && straight_plays(&held_ranks, &board_only, &[r], rules))
            .count()
    } else {
        0
    };
    match outs {
        0 => {}
        1 => draws = draws.with(Draw::Gutshot),
        _ => draws = draws.with(Draw::OpenEnded),
    }
    if flush_draw && outs > 0 {
        draws = draws.with(Draw::ComboDraw);
    }
    if board.len() == 3 {
        let suit = hole[0].suit();
        if below_flush
            && !flush_draw
            && hole[1].suit() == suit
            && of_suit(board, suit) == 1
            && of_suit(unseen, suit) >= 2
        {
            draws = draws.with(Draw::BackdoorFlushDraw);
        }
        // Every two ranks to come, until one makes a straight the hole
        // cards play in.
        let two = below_straight
            && outs == 0
            && (0..13u8).any(|r| {
                (r + 1..13u8).any(|q| {
                    live(r) && live(q) && straight_plays(&held_ranks, &board_only, &[r, q], rules)
                })
            });
        if two {
            draws = draws.with(Draw::BackdoorStraightDraw);
        }
    }
    if matches!(made, Made::AceHigh | Made::Nothing) && lo > top {
        draws = draws.with(Draw::Overcards);
    }
    draws
}

fn cards(text: &str) -> Vec<Card> {
    handeval_core::parse_cards(text).unwrap()
}

fn hand(text: &str) -> [Card; 2] {
    cards(text).try_into().unwrap()
}

/// Every combo of two of `cards`.
fn combos_of(cards: &[Card]) -> Vec<[Card; 2]> {
    let mut out = Vec::new();
    for (i, &a) in cards.iter().enumerate() {
        for &b in &cards[i + 1..] {
            out.push([a, b]);
        }
    }
    out
}

/// A classifier of a combo on a board with dead cards.
type Classifier = dyn Fn([Card; 2], &[Card], &[Card]) -> Class;

/// A combo classified wrongly: what the classifier gave, what the literal one does.
type Wrong = ([Card; 2], Class, Class);

/// The combos of `board` on which `classifier` and the literal one
/// differ, and every class `classifier` gave: in Hold'em.
fn disagreements(
    board: &[Card],
    dead: &[Card],
    classifier: &Classifier,
) -> (Vec<Wrong>, Vec<Class>) {
    disagreements_by(&STANDARD, board, dead, classifier)
}

/// [`disagreements`] by `rules`, over the combos of its deck.
fn disagreements_by(
    rules: &Rules,
    board: &[Card],
    dead: &[Card],
    classifier: &Classifier,
) -> (Vec<Wrong>, Vec<Class>) {
    let rest: Vec<Card> = deck(rules)
        .into_iter()
        .filter(|c| !board.contains(c) && !dead.contains(c))
        .collect();
    let mut wrong = Vec::new();
    let mut given = Vec::new();
    for h in combos_of(&rest) {
        let (got, want) = (classifier(h, board, dead), literal(rules, h, board, dead));
        if got != want {
            wrong.push((h, got, want));
        }
        given.push(got);
    }
    (wrong, given)
}

fn fast(h: [Card; 2], board: &[Card], dead: &[Card]) -> Class {
    classify(h, board, dead).unwrap()
}

#[test]
fn the_classes_are_the_documented_ones() {
    let board = cards("KhKd7c");
    let class = |h: &str| fast(hand(h), &board, &[]);
    // The board's own pair is not the hand's.
    assert_eq!(class("AsQs").made, Made::AceHigh);
    assert_eq!(class("7s6s").made, Made::MiddlePair);
    assert_eq!(class("KsQs").made, Made::Trips);
    let k77 = cards("Kh7d7c");
    assert_eq!(fast(hand("KsQs"), &k77, &[]).made, Made::TopPairGoodKicker);
    let k72 = cards("Kh7d2c");
    let made = |h: &str| fast(hand(h), &k72, &[]).made;
    assert_eq!(made("AsKs"), Made::TopPairTopKicker);
    assert_eq!(made("KsQs"), Made::TopPairGoodKicker);
    assert_eq!(made("KsJs"), Made::TopPairGoodKicker);
    assert_eq!(made("KsTs"), Made::TopPairWeakKicker);
    assert_eq!(made("QsQc"), Made::PocketPairBelowTop);
    assert_eq!(made("5s5c"), Made::WeakPair);
    assert_eq!(made("7s7h"), Made::Set);
    // A gutshot that also draws to a flush is a gutshot, a flush draw and
    // a combo draw.
    let flop = cards("9h8h2c");
    let jh7h = fast(hand("Jh7h"), &flop, &[]).draws;
    assert_eq!(jh7h.to_string(), "flush draw, gutshot, combo draw");
    // The board's straight is no out of the hole cards'.
    let turn = cards("5c6d7h8s");
    let ak = fast(hand("AsKc"), &turn, &[]).draws;
    assert!(!ak.contains(Draw::OpenEnded) && !ak.contains(Draw::Gutshot));
    // Dead cards take outs away: with every ten out, Jd7d's gutshot is
    // gone, and only its backdoor draws are left (a six and a five).
    let flop = cards("9h8d2c");
    let dead = cards("TcTdThTs");
    assert_eq!(
        fast(hand("Jd7d"), &flop, &dead).draws.to_string(),
        "backdoor flush draw, backdoor straight draw"
    );
    assert!(fast(hand("Jd7d"), &flop, &[]).draws.contains(Draw::Gutshot));
}

#[test]
fn bad_input_is_a_clear_error() {
    let err = |h: &str, b: &str, d: &str| {
        classify(hand(h), &cards(b), &cards(d))
            .unwrap_err()
            .to_string()
    };
    assert!(err("AsKs", "2c7d", "").contains("a board of 2 cards"));
    assert_eq!(err("AsKs", "2c7dAs", ""), "the card As is given twice");
    assert_eq!(err("AsKs", "2c7d9h", "9h"), "the card 9h is given twice");
    let random = Range::random();
    assert!(breakdown(&random, &[], &[], None).is_err());
    let aces: Range = "AA".parse().unwrap();
    assert_eq!(
        breakdown(&aces, &cards("AcAdAh"), &cards("As"), None)
            .unwrap_err()
            .to_string(),
        "player 1's range holds no combo beside the board and the dead cards"
    );
}

#[test]
fn the_fast_classifier_is_the_literal_one_on_every_flop_up_to_suits() {
    // Every combo on the least flop of each class of flops under suit
    // renaming (1,755 of them): the classes of a renamed combo on a
    // renamed flop are the same, so these are every combo on every flop.
    let random = Range::random();
    let classes = flops(&random, &random, &[]);
    assert_eq!(classes.len(), 1_755);
    assert_eq!(classes.iter().map(|c| c.1).sum::<u32>(), 22_100);
    // Two threads, each every other flop: the literal classifier takes
    // a few seconds of one core.
    let halves: Vec<(usize, std::collections::HashSet<Class>)> = std::thread::scope(|scope| {
        let threads: Vec<_> = (0..2)
            .map(|half| {
                let classes = &classes;
                scope.spawn(move || {
                    let mut seen = std::collections::HashSet::new();
                    let mut checked = 0;
                    for (flop, _) in classes.iter().skip(half).step_by(2) {
                        let (wrong, given) = disagreements(flop, &[], &fast);
                        assert!(
                            wrong.is_empty(),
                            "on {flop:?}: {:?}",
                            &wrong[..wrong.len().min(3)]
                        );
                        checked += given.len();
                        seen.extend(given);
                    }
                    (checked, seen)
                })
            })
            .collect();
        threads.into_iter().map(|t| t.join().unwrap()).collect()
    });
    let checked: usize = halves.iter().map(|h| h.0).sum();
    assert_eq!(checked, 1_755 * 1_176);
    let seen: std::collections::HashSet<Class> = halves.into_iter().flat_map(|h| h.1).collect();
    // Every made class and draw turns up on some flop: none is dead code.
    for m in Made::ALL {
        assert!(seen.iter().any(|c| c.made == m), "{}", m.name());
    }
    for d in Draw::ALL {
        assert!(seen.iter().any(|c| c.draws.contains(d)), "{}", d.name());
    }
}

#[test]
fn the_fast_classifier_is_the_literal_one_on_seeded_turns_and_rivers_with_dead_cards() {
    let mut rng = ChaCha8Rng::seed_from_u64(20_261_203);
    let mut deck: Vec<Card> = Card::all().collect();
    for round in 0..60 {
        deck.shuffle(&mut rng);
        let board = &deck[..4 + round % 2];
        let dead = &deck[5..5 + rng.random_range(0..6usize)];
        let (wrong, _) = disagreements(board, dead, &fast);
        assert!(
            wrong.is_empty(),
            "on {board:?} dead {dead:?}: {:?}",
            &wrong[..wrong.len().min(3)]
        );
    }
}

#[test]
fn a_classifier_that_calls_a_gutshot_open_ended_is_caught() {
    let broken = |h: [Card; 2], board: &[Card], dead: &[Card]| {
        let mut c = fast(h, board, dead);
        if c.draws.contains(Draw::Gutshot) {
            c.draws = c.draws.without(Draw::Gutshot).with(Draw::OpenEnded);
        }
        c
    };
    let flop = cards("9h8d2c");
    let (wrong, _) = disagreements(&flop, &[], &broken);
    assert!(
        wrong
            .iter()
            .any(|(h, _, _)| *h == hand("Jd7d") || *h == hand("7dJd"))
    );
    assert!(!wrong.is_empty());
    assert!(disagreements(&flop, &[], &fast).0.is_empty());
}

#[test]
fn a_breakdown_counts_what_the_literal_classifier_counts() {
    // Weighted ranges on seeded flops, turns and a river, dead cards
    // included: each class's combos and weight are the literal's sums
    // over the combos, and the made classes add up to the range.
    let mut rng = ChaCha8Rng::seed_from_u64(20_261_202);
    let ranges = [
        "random",
        "22+,A2s+,K9s+,QTs+,JTs,ATo+,KJo+",
        "0.5(TT+),AKs@25,T9s-54s,AhQh",
    ];
    let mut deck: Vec<Card> = Card::all().collect();
    for (i, text) in ranges.iter().cycle().take(9).enumerate() {
        let range: Range = text.parse().unwrap();
        deck.shuffle(&mut rng);
        let board = &deck[..3 + i % 3];
        let dead = &deck[5..5 + i % 2];
        let b = breakdown(&range, board, dead, None).unwrap();
        assert_counts(&STANDARD, &range, (board, dead), &b, text);
    }
}

/// `b`, the breakdown of `range` (`text`) on `board` with `dead` cards
/// by `rules`, counts what the literal classifier counts: each class's
/// combos and weight are the literal's sums over the combos, and the made
/// classes add up to the range, in the rules' order.
fn assert_counts(
    rules: &Rules,
    range: &Range,
    (board, dead): (&[Card], &[Card]),
    b: &Breakdown,
    text: &str,
) {
    let left: Vec<_> = range
        .combos()
        .iter()
        .filter(|c| {
            !c.cards
                .iter()
                .any(|x| board.contains(x) || dead.contains(x))
        })
        .collect();
    let classes: Vec<Class> = left
        .iter()
        .map(|c| literal(rules, c.cards, board, dead))
        .collect();
    let total: f64 = left.iter().map(|c| c.weight).sum();
    assert_eq!(b.combos.len(), left.len());
    assert!((b.weight - total).abs() < 1e-9);
    assert_eq!(
        b.made.iter().map(|(m, _)| *m).collect::<Vec<_>>(),
        Made::order(rules)
    );
    for (m, line) in &b.made {
        let of: Vec<_> = (0..left.len()).filter(|&k| classes[k].made == *m).collect();
        let w: f64 = of.iter().map(|&k| left[k].weight).sum();
        assert_eq!(line.combos, of.len(), "{text} on {board:?}: {}", m.name());
        assert!((line.weight - w).abs() < 1e-9 && (line.share - w / total).abs() < 1e-12);
        assert_eq!(line.equity, None);
    }
    for (d, line) in &b.draws {
        let of: Vec<_> = (0..left.len())
            .filter(|&k| classes[k].draws.contains(*d))
            .collect();
        let w: f64 = of.iter().map(|&k| left[k].weight).sum();
        assert_eq!(line.combos, of.len(), "{text} on {board:?}: {}", d.name());
        assert!((line.weight - w).abs() < 1e-9);
    }
    assert_eq!(
        b.made.iter().map(|(_, l)| l.combos).sum::<usize>(),
        left.len()
    );
    assert!((b.made.iter().map(|(_, l)| l.share).sum::<f64>() - 1.0).abs() < 1e-12);
}

#[test]
fn a_class_equity_is_its_combos_equities_weighted_by_their_deals() {
    let hero: Range = "22+,A2s+,K9s+,QTs+,JTs,ATo+,KJo+".parse().unwrap();
    let villain: Range = "TT+,AQs+,0.5(AKo)".parse().unwrap();
    let board = cards("Ts9s4d");
    let t = table::<PerfhashSeven>(&hero, &villain, &board, &[]).unwrap();
    let b = breakdown(&hero, &board, &[], Some(&t)).unwrap();
    for (m, line) in &b.made {
        let (mut deals, mut won) = (0.0, 0.0);
        for (c, class) in &b.combos {
            let row = t.row(c.cards[0], c.cards[1]).unwrap();
            if class.made == *m
                && let Some(e) = row.equity
            {
                deals += c.weight * row.against;
                won += c.weight * row.against * e;
            }
        }
        match line.equity {
            Some(e) => assert!((e - won / deals).abs() < 1e-12, "{}", m.name()),
            None => assert!(deals == 0.0, "{}", m.name()),
        }
    }
    // The classes' equities, weighted by their deals, are the range's.
    let deals_of = |m: Made| {
        b.combos
            .iter()
            .filter(|(_, class)| class.made == m)
            .map(|(c, _)| c.weight * t.row(c.cards[0], c.cards[1]).unwrap().against)
            .sum::<f64>()
    };
    let (mut deals, mut won) = (0.0, 0.0);
    for (m, line) in &b.made {
        if let Some(e) = line.equity {
            deals += deals_of(*m);
            won += deals_of(*m) * e;
        }
    }
    assert!((won / deals - t.equity).abs() < 1e-12);
    // A table of another board is refused.
    let other = table::<PerfhashSeven>(&hero, &villain, &cards("Ts9s4c"), &[]).unwrap();
    assert!(breakdown(&hero, &board, &[], Some(&other)).is_err());
}

/// The least flop of each class of the flops of the deck of `rules` under
/// suit renaming, and how many flops the class holds: the classes of a
/// renamed combo on a renamed flop are the same, so every combo on these
/// is every combo on every flop.
fn least_flops(rules: &Rules) -> Vec<(Vec<Card>, usize)> {
    let mut perms = Vec::new();
    for a in 0..4u8 {
        for b in 0..4u8 {
            for c in 0..4u8 {
                // The fourth suit is the one the other three leave.
                let d = 6u8.wrapping_sub(a + b + c);
                if a != b && a != c && b != c && d < 4 && d != a && d != b && d != c {
                    perms.push([a, b, c, d]);
                }
            }
        }
    }
    assert_eq!(perms.len(), 24);
    let renamed = |flop: &[Card], p: &[u8; 4]| {
        let mut k: Vec<u8> = flop
            .iter()
            .map(|c| c.rank().index() * 4 + p[usize::from(c.suit().index())])
            .collect();
        k.sort_unstable();
        k
    };
    let mut classes = std::collections::BTreeMap::<Vec<u8>, usize>::new();
    for_each_subset(&deck(rules), 3, &mut |flop| {
        let least = perms.iter().map(|p| renamed(flop, p)).min().unwrap();
        *classes.entry(least).or_default() += 1;
    });
    classes
        .into_iter()
        .map(|(k, n)| {
            let flop = k.iter().map(|&i| Card::from_index(i).unwrap()).collect();
            (flop, n)
        })
        .collect()
}

/// Every combo on every flop of short deck, up to suit renaming, by
/// `rules` (short deck's, or with trips above the straight): the fast
/// classifier of `G` against the literal one, two threads; every made
/// class and draw turns up.
fn every_short_flop<G: handeval_core::Game>(rules: &Rules) {
    let flops = least_flops(rules);
    assert_eq!(flops.iter().map(|f| f.1).sum::<usize>(), 7_140);
    let fast =
        |h: [Card; 2], board: &[Card], dead: &[Card]| classify_of::<G>(h, board, dead).unwrap();
    let halves: Vec<std::collections::HashSet<Class>> = std::thread::scope(|scope| {
        let threads: Vec<_> = (0..2)
            .map(|half| {
                let flops = &flops;
                scope.spawn(move || {
                    let mut seen = std::collections::HashSet::new();
                    for (flop, _) in flops.iter().skip(half).step_by(2) {
                        let (wrong, given) = disagreements_by(rules, flop, &[], &fast);
                        assert!(
                            wrong.is_empty(),
                            "{} on {flop:?}: {:?}",
                            rules.id,
                            &wrong[..wrong.len().min(3)]
                        );
                        assert_eq!(given.len(), 528);
                        seen.extend(given);
                    }
                    seen
                })
            })
            .collect();
        threads.into_iter().map(|t| t.join().unwrap()).collect()
    });
    let seen: std::collections::HashSet<Class> = halves.into_iter().flatten().collect();
    for m in Made::ALL {
        assert!(
            seen.iter().any(|c| c.made == m),
            "{}: {}",
            rules.id,
            m.name()
        );
    }
    for d in Draw::ALL {
        assert!(
            seen.iter().any(|c| c.draws.contains(d)),
            "{}: {}",
            rules.id,
            d.name()
        );
    }
}

#[test]
fn the_short_deck_classifier_is_the_literal_one_on_every_flop_up_to_suits() {
    every_short_flop::<Short7>(&SHORT_DECK);
}

#[test]
fn the_short_deck_trips_classifier_is_the_literal_one_on_every_flop_up_to_suits() {
    every_short_flop::<ShortTrips7>(&SHORT_DECK_TRIPS);
}

#[test]
fn the_short_deck_classifiers_are_the_literal_ones_on_seeded_turns_and_rivers_with_dead_cards() {
    let mut rng = ChaCha8Rng::seed_from_u64(20_261_206);
    let mut cards = deck(&SHORT_DECK);
    for round in 0..40 {
        cards.shuffle(&mut rng);
        let board = &cards[..4 + round % 2];
        let dead = &cards[5..5 + rng.random_range(0..5usize)];
        let short = |h: [Card; 2], b: &[Card], d: &[Card]| classify_of::<Short7>(h, b, d).unwrap();
        let trips =
            |h: [Card; 2], b: &[Card], d: &[Card]| classify_of::<ShortTrips7>(h, b, d).unwrap();
        for (rules, wrong) in [
            (
                &SHORT_DECK,
                disagreements_by(&SHORT_DECK, board, dead, &short).0,
            ),
            (
                &SHORT_DECK_TRIPS,
                disagreements_by(&SHORT_DECK_TRIPS, board, dead, &trips).0,
            ),
        ] {
            assert!(
                wrong.is_empty(),
                "{} on {board:?} dead {dead:?}: {:?}",
                rules.id,
                &wrong[..wrong.len().min(3)]
            );
        }
    }
}

#[test]
fn short_deck_classes_are_its_own_and_hold_em_s_are_caught_on_its_flops() {
    let class = |h: &str, b: &str| classify_of::<Short7>(hand(h), &cards(b), &[]).unwrap();
    let trips = |h: &str, b: &str| classify_of::<ShortTrips7>(hand(h), &cards(b), &[]).unwrap();
    // A-6-7-8-9 is a straight, and A-6 draws to it on 9-8-x.
    assert_eq!(class("As6s", "9h8d7c").made, Made::Straight);
    assert_eq!(
        fast(hand("As6s"), &cards("9h8d7c"), &[]).made,
        Made::AceHigh
    );
    assert!(class("As6s", "9h8dKc").draws.contains(Draw::Gutshot));
    // Its deck has no card below the six.
    assert!(classify_of::<Short7>(hand("As6s"), &cards("9h8d2c"), &[]).is_err());
    // With trips above the straight, trips that make a straight are
    // trips, and draw to no straight.
    assert_eq!(class("9sTs", "9c9d8h7cJd").made, Made::Straight);
    assert_eq!(trips("9sTs", "9c9d8h7cJd").made, Made::Trips);
    assert!(class("9sTs", "9c9d8h7c").draws.contains(Draw::OpenEnded));
    assert!(!trips("9sTs", "9c9d8h7c").draws.contains(Draw::OpenEnded));
    assert_eq!(trips("9sTs", "9c9d8h7c").made, Made::Trips);
    // The order of the classes follows the ranking.
    let order = Made::order(&SHORT_DECK);
    let at = |m: Made| order.iter().position(|&x| x == m).unwrap();
    assert!(at(Made::Flush) < at(Made::FullHouse));
    let order_t = Made::order(&SHORT_DECK_TRIPS);
    let at_t = |m: Made| order_t.iter().position(|&x| x == m).unwrap();
    assert!(at_t(Made::Set) < at_t(Made::Straight) && at_t(Made::Trips) < at_t(Made::Straight));
    assert_eq!(Made::order(&STANDARD), Made::ALL);
    // Hold'em's classifier on short deck's flops is caught.
    let holdem = |h: [Card; 2], b: &[Card], d: &[Card]| fast(h, b, d);
    let (wrong, _) = disagreements_by(&SHORT_DECK, &cards("9h8d7c"), &[], &holdem);
    assert!(
        wrong
            .iter()
            .any(|(h, _, _)| h.contains(&cards("As")[0]) && h.contains(&cards("6s")[0]))
    );
    let short = |h: [Card; 2], b: &[Card], d: &[Card]| classify_of::<Short7>(h, b, d).unwrap();
    assert!(
        disagreements_by(&SHORT_DECK, &cards("9h8d7c"), &[], &short)
            .0
            .is_empty()
    );
}

#[test]
fn a_short_deck_breakdown_counts_the_literal_classes_and_weighs_each_class_by_its_deals() {
    let short_random = Range::random().without(!SHORT_DECK.deck());
    let mut rng = ChaCha8Rng::seed_from_u64(20_261_207);
    let ranges = [
        "66+,A6s+,K9s+,QTs+,JTs,ATo+,KJo+",
        "0.5(TT+),AKs@25,T9s-76s,AhQh",
    ];
    let mut cards_left = deck(&SHORT_DECK);
    for i in 0..6 {
        let (range, text) = match i % 3 {
            2 => (short_random.clone(), "random"),
            k => (ranges[k].parse::<Range>().unwrap(), ranges[k]),
        };
        cards_left.shuffle(&mut rng);
        let board = &cards_left[..3 + i % 3];
        let dead = &cards_left[5..5 + i % 2];
        let b = breakdown_of::<Short7>(&range, board, dead, None).unwrap();
        assert_counts(&SHORT_DECK, &range, (board, dead), &b, text);
        let t = breakdown_of::<ShortTrips7>(&range, board, dead, None).unwrap();
        assert_counts(&SHORT_DECK_TRIPS, &range, (board, dead), &t, text);
    }

    // Each class's equity against a table of the game's own count, on a
    // river (one board: the literal reference values every hand).
    let hero: Range = ranges[0].parse().unwrap();
    let villain: Range = "TT+,AQs+,0.5(AKo)".parse().unwrap();
    let board = cards("Ts9s7dKc6h");
    let known = board.iter().fold(0u64, |m, c| m | 1 << c.index());
    let list = |r: &Range| lists::of_range(r, known);
    let (h, v) = (list(&hero), list(&villain));
    let blank =
        <ReferenceBest as BestFive<Short7>>::strength(&"As Ks Qs Js 9h 8d 7c".parse().unwrap());
    let t = lists::table::<Short7, _>(
        (&h, &v),
        (&board, &[]),
        <ReferenceBest as BestFive<Short7>>::strengths,
        |a: handeval_reference::Strength, b| match a.cmp(&b) {
            core::cmp::Ordering::Greater => 1.0,
            core::cmp::Ordering::Equal => 0.5,
            core::cmp::Ordering::Less => 0.0,
        },
        blank,
    )
    .unwrap();
    let b = breakdown_of::<Short7>(&hero, &board, &[], Some(&t)).unwrap();
    let row = |c: &Combo| t.rows.iter().find(|r| r.hand == c.cards).unwrap();
    let (mut all_deals, mut all_won) = (0.0, 0.0);
    for (m, line) in &b.made {
        let (mut deals, mut won) = (0.0, 0.0);
        for (c, class) in &b.combos {
            let r = row(c);
            if class.made == *m
                && let Some(e) = r.equity
            {
                deals += c.weight * r.against;
                won += c.weight * r.against * e;
            }
        }
        all_deals += deals;
        all_won += won;
        match line.equity {
            Some(e) => assert!((e - won / deals).abs() < 1e-12, "{}", m.name()),
            None => assert!(deals == 0.0, "{}", m.name()),
        }
    }
    assert!((all_won / all_deals - t.equity.unwrap()).abs() < 1e-12);
    assert!(b.made.iter().any(|(_, l)| l.equity.is_some()));

    // Bad input is a clear error: a card no short deck holds, on the
    // board or in the range; a game that is not one of two hole cards and
    // a board to the highest hand; a table of another board.
    let err = |r: &Range, b: &str| {
        breakdown_of::<Short7>(r, &cards(b), &[], None)
            .unwrap_err()
            .to_string()
    };
    assert_eq!(
        err(&hero, "Ts9s2d"),
        "the card 2d is not in the deck of short-deck seven-card hands"
    );
    assert!(err(&Range::random(), "Ts9s8d").contains("is not in the deck of"));
    assert!(breakdown_of::<handeval_core::Omaha4>(&hero, &board, &[], None).is_err());
    assert!(breakdown_of::<handeval_core::Razz>(&hero, &board, &[], None).is_err());
    let other = cards("Ts9s7dKcAh");
    assert!(breakdown_of::<Short7>(&hero, &other, &[], Some(&t)).is_err());
}
