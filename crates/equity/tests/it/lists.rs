//! Every hand of a list against every hand of another, in games without
//! Hold'em's range engine: each row held to the pairs counted one by one
//! (a matchup of the two hands over every board, the literal reference
//! valuing every hand, [`exact_every_board`]) and averaged by weight, on
//! seeded lists of Omaha and short-deck hands that share cards with one
//! another; and a wrong pot split (a tie counted as a win) is caught.

use handeval_core::{BestFive, Card, Game, Omaha4, Omaha5, Short7};
use handeval_equity::fixed::{FixedHands, exact_every_board, held};
use handeval_equity::lists::{HandTable, table};
use handeval_reference::ReferenceBest;
use rand::seq::SliceRandom;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// A weighted list of hands.
type List = Vec<(Vec<Card>, f64)>;

/// A seeded flop and two lists of `G`'s hands beside it, the hands of
/// both drawn from one pool of a few cards more than a hand, so that many
/// pairs share a card; weights from 0.25 to 1.
fn deal<G: Game>(seed: u64, sizes: (usize, usize)) -> (Vec<Card>, List, List) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut deck: Vec<Card> = G::deck().collect();
    deck.shuffle(&mut rng);
    let board = deck[..3].to_vec();
    let pool = &deck[3..3 + held::<G>() * 4];
    let mut list = |n: usize| -> List {
        (0..n)
            .map(|_| {
                let mut cards = pool.to_vec();
                cards.shuffle(&mut rng);
                let weight = f64::from(rng.random_range(1..=4u8)) / 4.0;
                (cards[..held::<G>()].to_vec(), weight)
            })
            .collect()
    };
    let hero = list(sizes.0);
    let villain = list(sizes.1);
    (board, hero, villain)
}

/// The table by the literal reference, `share` splitting each pot.
fn by_reference<G: Game>(
    board: &[Card],
    hero: &List,
    villain: &List,
    share: fn(u64, u64) -> f64,
) -> HandTable
where
    ReferenceBest: BestFive<G, Strength = handeval_reference::Strength>,
{
    let blank = {
        let cards: Vec<Card> = G::deck().take(G::COUNT).collect();
        <ReferenceBest as BestFive<G>>::strength(&G::from_cards(&cards).unwrap())
    };
    table::<G, _>(
        (hero, villain),
        (board, &[]),
        <ReferenceBest as BestFive<G>>::strengths,
        move |a: handeval_reference::Strength, b| share(a.key(), b.key()),
        blank,
    )
    .unwrap()
}

/// The first hand's share of a pot: the greater key wins, equal keys split.
fn split(a: u64, b: u64) -> f64 {
    match a.cmp(&b) {
        core::cmp::Ordering::Greater => 1.0,
        core::cmp::Ordering::Equal => 0.5,
        core::cmp::Ordering::Less => 0.0,
    }
}

/// A wrong split: a tied pot counted as won.
fn ties_won(a: u64, b: u64) -> f64 {
    f64::from(u8::from(a >= b))
}

/// Each row's equity counted pair by pair, `None` for a row meeting no
/// hand: every deal of two hands sharing no card over every board, its
/// equity weighted by the opposing hand's weight.
fn pair_by_pair<G: Game>(board: &[Card], hero: &List, villain: &List) -> Vec<Option<f64>> {
    hero.iter()
        .map(|(h, _)| {
            let (mut sum, mut weight) = (0.0, 0.0);
            for (v, w) in villain {
                if h.iter().any(|c| v.contains(c)) {
                    continue;
                }
                let m =
                    FixedHands::<G>::of(vec![h.clone(), v.clone()], board.to_vec(), &[]).unwrap();
                let t = exact_every_board::<G, ReferenceBest>(&m);
                sum += w * t.equity(0);
                weight += w;
            }
            (weight > 0.0).then(|| sum / weight)
        })
        .collect()
}

/// Whether every row agrees to 1e-9 (and rows meeting nothing agree on
/// that).
fn agree(table: &HandTable, want: &[Option<f64>]) -> bool {
    table.rows.len() == want.len()
        && table
            .rows
            .iter()
            .zip(want)
            .all(|(r, w)| match (r.equity, w) {
                (Some(a), Some(b)) => (a - b).abs() <= 1e-9,
                (None, None) => true,
                _ => false,
            })
}

fn check<G: Game>(seed: u64, sizes: (usize, usize))
where
    ReferenceBest: BestFive<G, Strength = handeval_reference::Strength>,
{
    let (board, hero, villain) = deal::<G>(seed, sizes);
    let want = pair_by_pair::<G>(&board, &hero, &villain);
    let got = by_reference::<G>(&board, &hero, &villain, split);
    assert!(
        agree(&got, &want),
        "{} seed {seed}: {:?} where pair by pair {want:?}",
        G::WORD,
        got.rows.iter().map(|r| r.equity).collect::<Vec<_>>()
    );
    // Some pairs share a card and some do not: both paths are walked.
    let pairs = hero.len() * villain.len();
    assert!(
        0 < got.deals && (got.deals as usize) < pairs,
        "{} seed {seed}: {} deals of {pairs} pairs",
        G::WORD,
        got.deals
    );
    // The opposing weight of each row is the weight of the hands it meets.
    for (row, (h, _)) in got.rows.iter().zip(&hero) {
        let met: f64 = villain
            .iter()
            .filter(|(v, _)| !h.iter().any(|c| v.contains(c)))
            .map(|(_, w)| w)
            .sum();
        assert!((row.against - met).abs() < 1e-12);
    }
}

#[test]
fn every_row_is_its_pairs_counted_one_by_one() {
    for seed in 1..=3 {
        check::<Omaha4>(seed, (5, 6));
        check::<Short7>(seed, (6, 5));
    }
    check::<Omaha5>(7, (3, 3));
}

#[test]
fn a_tie_counted_as_a_win_is_caught() {
    // Short deck's flop and lists of seed 2 hold tied pots (a board
    // playing, or the same straight); counting them won moves the rows.
    let caught = (1..=3).any(|seed| {
        let (board, hero, villain) = deal::<Short7>(seed, (6, 5));
        let want = pair_by_pair::<Short7>(&board, &hero, &villain);
        !agree(
            &by_reference::<Short7>(&board, &hero, &villain, ties_won),
            &want,
        )
    });
    assert!(caught, "a wrong split passed the pair-by-pair check");
}

#[test]
fn bad_lists_are_errors_naming_the_hand() {
    let c = |t: &str| handeval_core::parse_cards(t).unwrap();
    let blank = 0u8;
    let run = |hero: List, villain: List, board: &str| {
        table::<Omaha4, u8>(
            (&hero, &villain),
            (&c(board), &[]),
            |_, _| {},
            |_, _| 0.0,
            blank,
        )
        .map(|t| t.rows.len())
        .map_err(|e| e.to_string())
    };
    let aces = (c("AhAsKhKs"), 1.0);
    let queens = (c("QdQcJdJc"), 1.0);
    assert_eq!(
        run(vec![aces.clone()], vec![(c("QdQcJd"), 1.0)], "2c3c4c"),
        Err("player 2's hand 1: 3 cards, where a hand of Omaha has 4".into())
    );
    assert_eq!(
        run(
            vec![aces.clone(), (c("2c9d9h8h"), 1.0)],
            vec![queens.clone()],
            "2c3c4c"
        ),
        Err("player 1's hand 2: 2c is on the board, dead or in the hand twice".into())
    );
    assert_eq!(
        run(vec![(c("AhAsKhKs"), -1.0)], vec![queens.clone()], "2c3c4c"),
        Err("player 1's hand 1: weight -1: a weight is 0 or more".into())
    );
    assert_eq!(
        run(Vec::new(), vec![queens.clone()], "2c3c4c"),
        Err("player 1's range holds no combo beside the board and the dead cards".into())
    );
    assert_eq!(
        run(vec![aces], vec![queens], "2c3c"),
        Err("a board of 2 cards: it has 0 (preflop), 3 (flop), 4 (turn) or 5 (river)".into())
    );
}
