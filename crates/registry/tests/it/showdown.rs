//! Showdowns: every seven-card evaluator gives the counts a brute-force
//! count by the reference's classes gives.

use handeval_core::{Card, Hand7};
use handeval_equity::showdown::{MAX_PLAYERS, Showdown, Tally};
use handeval_reference::table::ClassTable;
use handeval_registry::Counting;

/// Calls `f` with every increasing choice of `need` indices into `left`.
fn each(
    left: &[Card],
    need: usize,
    from: usize,
    pick: &mut Vec<usize>,
    depth: usize,
    f: &mut dyn FnMut(&[usize]),
) {
    if depth == need {
        f(pick);
    } else {
        for i in from..left.len() {
            pick[depth] = i;
            each(left, need, i + 1, pick, depth + 1, f);
        }
    }
}

/// Wins, ties and shares over every board, by plain nested loops over the
/// cards left and the reference's class of each seven (lower is better).
fn brute_force(players: &[[Card; 2]], board: &[Card], dead: &[Card]) -> Tally {
    let table = ClassTable::get();
    let used: Vec<Card> = players
        .iter()
        .flatten()
        .chain(board)
        .chain(dead)
        .copied()
        .collect();
    let left: Vec<Card> = Card::all().filter(|c| !used.contains(c)).collect();
    let need = 5 - board.len();
    let mut tally = Tally::default();
    let mut pick = vec![0usize; need];
    each(&left, need, 0, &mut pick, 0, &mut |pick| {
        let mut full = board.to_vec();
        full.extend(pick.iter().map(|&i| left[i]));
        let classes: Vec<u16> = players
            .iter()
            .map(|&[a, b]| {
                let cards: [Card; 7] = [a, b, full[0], full[1], full[2], full[3], full[4]];
                table.best(&Hand7::new(cards).unwrap())
            })
            .collect();
        let best = *classes.iter().min().unwrap();
        let winners = classes.iter().filter(|&&c| c == best).count() as u64;
        for (p, &c) in classes.iter().enumerate() {
            if c == best {
                if winners == 1 {
                    tally.wins[p] += 1;
                } else {
                    tally.ties[p] += 1;
                    tally.shares[p] += 60 / winners;
                }
            }
        }
        tally.boards += 1;
    });
    tally
}

fn parse(cards: &str) -> Vec<Card> {
    cards
        .as_bytes()
        .chunks(2)
        .map(|c| std::str::from_utf8(c).unwrap().parse().unwrap())
        .collect()
}

fn hands(hands: &[&str]) -> Vec<[Card; 2]> {
    hands.iter().map(|h| parse(h).try_into().unwrap()).collect()
}

/// Collects the names of the evaluators visited.
struct Names<'a>(&'a mut Vec<&'static str>);

impl handeval_registry::Visit for Names<'_> {
    fn visit<G: handeval_core::Game, E: handeval_core::BestFive<G>>(&mut self) {
        self.0.push(E::META.name);
    }
}

/// Every seven-card evaluator's tally of the showdown, on one and on two
/// threads, against the brute-force count.
fn every_evaluator_agrees(players: &[[Card; 2]], board: &[Card], dead: &[Card]) -> Tally {
    let expected = brute_force(players, board, dead);
    let showdown = Showdown::new(players, board, dead).unwrap();
    assert_eq!(showdown.boards(), expected.boards);
    let mut names = Vec::new();
    handeval_registry::visit::<Hand7>(&mut Names(&mut names));
    assert!(names.len() > 10, "{names:?}");
    for (i, name) in names.iter().enumerate() {
        let threads = 1 + i % 2;
        let got =
            handeval_registry::showdown(name, &showdown, Counting::EveryBoard { threads }).unwrap();
        assert_eq!(got, expected, "{name} on {threads} threads");
        let got = handeval_registry::showdown(name, &showdown, Counting::ByClasses).unwrap();
        assert_eq!(got, expected, "{name} by classes of boards");
    }
    expected
}

#[test]
fn aces_against_kings_on_a_flop_and_three_players_on_a_turn_match_a_brute_force_count() {
    let t = every_evaluator_agrees(&hands(&["AhAs", "KdKc"]), &parse("2c7d9h"), &[]);
    assert_eq!(t.boards, 990);
    assert!(t.equity(0) > 0.9);
    // Three players, a turn, a dead card: ties split three ways.
    let t = every_evaluator_agrees(
        &hands(&["AhKh", "QsQd", "7c8c"]),
        &parse("2h9hTcJd"),
        &parse("3s"),
    );
    assert_eq!(t.boards, 41);
    let total: f64 = (0..3).map(|p| t.equity(p)).sum();
    assert!((total - 1.0).abs() < 1e-12, "{total}");
}

/// `SplitMix64` from `seed`: a number below its argument.
fn generator(seed: u64) -> impl FnMut(u64) -> u64 {
    let mut state = seed;
    move |below: u64| {
        state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        (z ^ (z >> 31)) % below
    }
}

#[test]
fn a_seeded_set_of_matchups_counts_the_same_with_every_evaluator() {
    // Two to six players, a flop or a turn.
    let seed = 20_261_124_u64;
    println!("matchups seed: {seed}");
    let mut next = generator(seed);
    for round in 0..6 {
        let mut deck: Vec<Card> = Card::all().collect();
        for i in 0..deck.len() {
            let j = i + next((deck.len() - i) as u64) as usize;
            deck.swap(i, j);
        }
        let count = 2 + round % (MAX_PLAYERS - 1);
        let players: Vec<[Card; 2]> = (0..count).map(|p| [deck[2 * p], deck[2 * p + 1]]).collect();
        let board_len = if round % 2 == 0 { 3 } else { 4 };
        let board = &deck[2 * count..2 * count + board_len];
        let t = every_evaluator_agrees(&players, board, &[]);
        let ties: u64 = t.ties.iter().sum();
        println!(
            "{count} players, board of {board_len}: {} boards, {ties} tied seats",
            t.boards
        );
    }
}

#[test]
fn aces_against_kings_preflop_over_every_board() {
    let players = hands(&["AhAs", "KdKc"]);
    let expected = brute_force(&players, &[], &[]);
    assert_eq!(expected.boards, 1_712_304);
    let showdown = Showdown::new(&players, &[], &[]).unwrap();
    for name in ["deadhorse/seven-simd", "perfhash/seven", "twoplustwo/seven"] {
        assert_eq!(
            handeval_registry::showdown(name, &showdown, Counting::EveryBoard { threads: 2 })
                .unwrap(),
            expected,
            "{name}"
        );
        assert_eq!(
            handeval_registry::showdown(name, &showdown, Counting::ByClasses).unwrap(),
            expected,
            "{name} by classes of boards"
        );
    }
    // About 81.3%, as equity calculators give.
    assert!(
        (expected.equity(0) - 0.8126).abs() < 0.0005,
        "{}",
        expected.equity(0)
    );
}

#[test]
fn an_unknown_evaluator_is_none() {
    let showdown = Showdown::new(&hands(&["AhAs", "KdKc"]), &parse("2c7d9h"), &[]).unwrap();
    for counting in [Counting::ByClasses, Counting::EveryBoard { threads: 1 }] {
        assert_eq!(
            handeval_registry::showdown("no/such", &showdown, counting),
            None
        );
    }
}

/// Seven cards valued by their category alone: wrong wherever two hands of
/// one category differ.
struct CategoryOnly;

impl handeval_core::BestFive<Hand7> for CategoryOnly {
    const META: handeval_core::Meta = handeval_core::Meta {
        name: "broken/category-only",
        summary: "perfhash/seven's value without its place in the category",
        family: handeval_core::Family {
            name: "broken",
            title: "deliberately broken",
        },
        role: handeval_core::Role::Tuned,
        derived_from: None,
        table_bytes: 0,
        card_table_bytes: 0,
    };
    type Five = handeval_perfhash::Scalar;
    type Strength = u32;
    fn category(hand: &Hand7) -> handeval_core::Category {
        <handeval_perfhash::Seven as handeval_core::BestFive<Hand7>>::category(hand)
    }
    fn strength(hand: &Hand7) -> u32 {
        <handeval_perfhash::Seven as handeval_core::BestFive<Hand7>>::strength(hand) & !0xfff
    }
}

#[test]
fn a_broken_evaluator_gives_other_counts() {
    let players = hands(&["AhKh", "AsQd"]);
    let board = parse("2h9hTc");
    let showdown = Showdown::new(&players, &board, &[]).unwrap();
    let broken = showdown.tally::<CategoryOnly>(0..showdown.first_cards());
    let expected = brute_force(&players, &board, &[]);
    assert_eq!(broken.boards, expected.boards);
    assert_ne!(
        broken, expected,
        "the comparison catches an evaluator that ties too much"
    );
}

/// Counting by classes against counting every board, where flushes are
/// likeliest to go wrong: suited hole cards, suited boards, dead cards,
/// every board size and two to six players.
#[test]
fn counting_by_classes_gives_every_boards_counts() {
    let seed = 20_261_125_u64;
    println!("showdowns seed: {seed}");
    let mut next = generator(seed);
    let mut valued = 0;
    for round in 0..48 {
        // Half the rounds deal from a deck sorted by suit, so that hands
        // and boards share suits.
        let mut deck: Vec<Card> = Card::all().collect();
        if round % 2 == 1 {
            deck.sort_by_key(|c| (c.suit(), c.rank()));
            let start = next(40) as usize;
            deck.rotate_left(start);
            let mut tail = deck.split_off(20);
            for i in 0..tail.len() {
                let j = i + next((tail.len() - i) as u64) as usize;
                tail.swap(i, j);
            }
            deck.extend(tail);
        } else {
            for i in 0..deck.len() {
                let j = i + next((deck.len() - i) as u64) as usize;
                deck.swap(i, j);
            }
        }
        let count = 2 + round % (MAX_PLAYERS - 1);
        let players: Vec<[Card; 2]> = (0..count).map(|p| [deck[2 * p], deck[2 * p + 1]]).collect();
        let board_len = [0, 3, 4, 5][round / 2 % 4];
        let at = 2 * count;
        let board = &deck[at..at + board_len];
        let dead = &deck[at + board_len..at + board_len + next(7) as usize];
        let showdown = Showdown::new(&players, board, dead).unwrap();
        let every = showdown.tally::<handeval_perfhash::Seven>(0..showdown.first_cards());
        let classes = showdown.tally_by_ranks::<handeval_perfhash::Seven>();
        assert_eq!(classes, every, "{players:?} on {board:?}, dead {dead:?}");
        let n = showdown.hands_valued_by_ranks();
        assert!(
            n <= 2 * count as u64 * showdown.boards(),
            "{n} hands valued"
        );
        valued += n;
    }
    println!("{valued} hands valued");
}

/// Suits counted once for all suits alike: only where each player, the
/// board and the dead cards hold the same ranks of them. Each case has
/// suits whose cards left are the same ranks but are not alike (the same
/// rank held by another player, on the board, or dead), beside suits that
/// are.
#[test]
fn counting_by_classes_takes_suits_alike_only_when_they_are() {
    let cases: [(&[&str], &str, &str); 8] = [
        (&["AhAs", "KdKc"], "", ""),
        (&["Ah2c", "As2d"], "", ""),
        (&["AhKh", "AsKs"], "", "QhQs"),
        (&["Ah7c", "Kd7d"], "", "AsKc"),
        (&["Ah9c", "As9d"], "2h2s5c", ""),
        (&["AhKd", "QsJc", "Tc9h"], "2h3s4d", ""),
        (&["KdQc", "JdTc"], "", "As"),
        (&["KdQc", "JdTc"], "2h5h7h", "2s5s7s"),
    ];
    for (players, board, dead) in cases {
        let (players, board, dead) = (hands(players), parse(board), parse(dead));
        let showdown = Showdown::new(&players, &board, &dead).unwrap();
        let every = showdown.tally::<handeval_perfhash::Seven>(0..showdown.first_cards());
        let classes = showdown.tally_by_ranks::<handeval_perfhash::Seven>();
        assert_eq!(classes, every, "{players:?} on {board:?}, dead {dead:?}");
    }
}

#[test]
fn counting_by_classes_catches_a_broken_evaluator() {
    let players = hands(&["AhKh", "AsQd"]);
    let board = parse("2h9hTc");
    let showdown = Showdown::new(&players, &board, &[]).unwrap();
    let broken = showdown.tally_by_ranks::<CategoryOnly>();
    assert_eq!(
        broken,
        showdown.tally::<CategoryOnly>(0..showdown.first_cards())
    );
    assert_ne!(broken, brute_force(&players, &board, &[]));
}

#[test]
fn every_board_says_its_progress_first_card_by_first_card() {
    // What `cargo xtask equity` draws its progress bar from (issue 49,
    // item 12: at 43f40fc a count of seconds showed nothing).
    let showdown = Showdown::new(&hands(&["AhAs", "KdKc"]), &parse("2c7d9h"), &[]).unwrap();
    let seen = std::sync::Mutex::new(Vec::new());
    let tally = handeval_registry::showdown_with(
        "perfhash/seven",
        &showdown,
        Counting::EveryBoard { threads: 2 },
        &|done, of| seen.lock().unwrap().push((done, of)),
    )
    .unwrap();
    let mut seen = seen.into_inner().unwrap();
    seen.sort_unstable();
    let of = showdown.first_cards();
    assert!(of > 0);
    assert_eq!(seen, (1..=of).map(|d| (d, of)).collect::<Vec<_>>());
    assert_eq!(
        tally,
        handeval_registry::showdown("perfhash/seven", &showdown, Counting::ByClasses).unwrap()
    );
}
