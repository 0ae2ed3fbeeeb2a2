//! The committed heads-up preflop table (`results/preflop/heads-up.csv`,
//! made by `cargo xtask equity --preflop-table`) held to the published
//! points, to its own arithmetic on every row, to a recount of a seeded
//! sample of cells and rows, and to a brute force of seeded cells (every
//! deal, every board, each hand valued on its own, no classes).

use handeval_core::{BestFive, Card, Hand7};
use handeval_equity::exact::{Matchup, exact};
use handeval_equity::preflop::{CELLS, Cell, cell, cells, combos_of, starting_hands};
use handeval_equity::range::Range;
use handeval_perfhash::Seven as PerfhashSeven;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// The boards of the 48 cards a deal leaves.
const BOARDS: u64 = 1_712_304;

fn committed() -> String {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../results/preflop/heads-up.csv"
    );
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The table's rows as cells, or what is wrong with its text.
fn parse(text: &str) -> Result<Vec<Cell>, String> {
    let hands = starting_hands();
    let place = |name: &str| {
        hands
            .iter()
            .position(|h| h == name)
            .ok_or_else(|| format!("no starting hand {name}"))
    };
    let mut lines = text.lines();
    if lines.next() != Some("hand,versus,deals,games,wins,ties,losses,equity") {
        return Err("not the table's header".into());
    }
    lines
        .enumerate()
        .map(|(i, line)| {
            let f: Vec<&str> = line.split(',').collect();
            let [a, b, deals, games, wins, ties, losses, equity] = f[..] else {
                return Err(format!("line {}: {} fields", i + 2, f.len()));
            };
            let n = |s: &str| {
                s.parse::<u64>()
                    .map_err(|e| format!("line {}: {s}: {e}", i + 2))
            };
            let c = Cell {
                hand: place(a)?,
                versus: place(b)?,
                deals: n(deals)?,
                games: n(games)?,
                wins: n(wins)?,
                ties: n(ties)?,
                losses: n(losses)?,
            };
            let e: f64 = equity
                .parse()
                .map_err(|_| format!("line {}: equity", i + 2))?;
            if (e - c.equity()).abs() > 1e-9 {
                return Err(format!(
                    "line {}: equity {e} where the counts give {}",
                    i + 2,
                    c.equity()
                ));
            }
            Ok(c)
        })
        .collect()
}

/// The deals of starting hands by card removal: a combo of each, no card
/// in two, counted combo by combo.
fn deals_of(hands: &[&str]) -> u64 {
    fn deal(ranges: &[Range], used: u64) -> u64 {
        let Some((first, rest)) = ranges.split_first() else {
            return 1;
        };
        first
            .combos()
            .iter()
            .filter(|c| c.mask() & used == 0)
            .map(|c| deal(rest, used | c.mask()))
            .sum()
    }
    let ranges: Vec<Range> = hands
        .iter()
        .map(|h| Matchup::new(&[h, "random"], "", "").unwrap().ranges()[0].clone())
        .collect();
    deal(&ranges, 0)
}

/// Every check that needs no recount: each cell once in order, its deals
/// by card removal, its games the deals' boards, its counts adding up, a
/// hand against itself even, and the published points.
fn check_arithmetic(table: &[Cell]) -> Result<(), String> {
    let hands = starting_hands();
    if table.len() != CELLS {
        return Err(format!("{} rows, not {CELLS}", table.len()));
    }
    for (c, (a, b)) in table.iter().zip(cells()) {
        let (ha, hb) = (&hands[a], &hands[b]);
        if (c.hand, c.versus) != (a, b) {
            return Err(format!("{ha} against {hb} out of place"));
        }
        if c.deals != deals_of(&[ha, hb]) || c.games != c.deals * BOARDS {
            return Err(format!(
                "{ha} against {hb}: {} deals, {} games",
                c.deals, c.games
            ));
        }
        if c.wins + c.ties + c.losses != c.games || (a == b && c.wins != c.losses) {
            return Err(format!("{ha} against {hb}: the counts do not add up"));
        }
    }
    // Published (the figures PokerStove and OMPEval print): aces against
    // kings, 36 deals.
    let aa_kk = table
        .iter()
        .find(|c| (hands[c.hand].as_str(), hands[c.versus].as_str()) == ("AA", "KK"))
        .ok_or("no AA against KK")?;
    if (aa_kk.wins, aa_kk.ties, aa_kk.losses, aa_kk.games)
        != (50_371_344, 285_228, 10_986_372, 61_642_944)
    {
        return Err(format!("AA against KK: {aa_kk:?}"));
    }
    Ok(())
}

/// A seeded sample of cells recounted exactly (another evaluator than the
/// table's), and of rows held to their hand against any two cards: every
/// game of a hand against `random` is a game of one cell of its row.
fn check_recount(table: &[Cell], seed: u64) -> Result<(), String> {
    let hands = starting_hands();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    for _ in 0..40 {
        let c = table[rng.random_range(0..table.len())];
        let again = cell::<PerfhashSeven>(c.hand, c.versus).map_err(|e| e.to_string())?;
        if again != c {
            return Err(format!(
                "{} against {}: the table has {c:?}, a recount {again:?}",
                hands[c.hand], hands[c.versus]
            ));
        }
    }
    for _ in 0..3 {
        let h = rng.random_range(0..hands.len());
        let (mut wins, mut ties, mut losses) = (0u64, 0u64, 0u64);
        for c in table {
            // Both orders of a row's cells: a hand against itself once.
            for side in [Some(*c), (c.hand != c.versus).then(|| c.mirrored())]
                .into_iter()
                .flatten()
            {
                if side.hand == h {
                    wins += side.wins;
                    ties += side.ties;
                    losses += side.losses;
                }
            }
        }
        let m = Matchup::new(&[&hands[h], "random"], "", "").unwrap();
        let e = exact::<PerfhashSeven>(&m).map_err(|e| e.to_string())?;
        if e.counts[0].whole() != Some([wins, ties, losses]) {
            return Err(format!(
                "{}'s row adds up to {wins} wins, {ties} ties, {losses} losses; against random it is {:?}",
                hands[h], e.counts[0]
            ));
        }
    }
    Ok(())
}

#[test]
fn the_committed_table_adds_up_and_holds_the_published_points() {
    let table = parse(&committed()).unwrap();
    check_arithmetic(&table).unwrap();
    println!(
        "preflop table: {} cells, the arithmetic of every row and AA against KK",
        table.len()
    );
}

#[test]
fn the_committed_table_is_its_recount_on_a_seeded_sample() {
    let table = parse(&committed()).unwrap();
    check_recount(&table, 20_261_202).unwrap();
    println!("preflop table: 40 seeded cells and 3 rows recounted, equal");
}

#[test]
fn a_table_one_game_wrong_is_caught() {
    let table = parse(&committed()).unwrap();
    // A game moved from a loss to a win in one cell: the counts still add
    // up, so only a recount of the cell or of its row can see it.
    let mut rng = ChaCha8Rng::seed_from_u64(20_261_202);
    let at = rng.random_range(0..table.len());
    let mut broken = table.clone();
    broken[at].wins += 1;
    broken[at].losses -= 1;
    assert!(check_arithmetic(&broken).is_ok());
    assert!(check_recount(&broken, 20_261_202).is_err());
    // A cell's ties miscounted: its counts no longer add up.
    let mut broken = table;
    broken[7].ties += 1;
    assert!(check_arithmetic(&broken).is_err());
    // And a row out of place or a hand misnamed is refused as text.
    let text = committed().replacen("AA,KK,", "AA,KQ,", 1);
    assert!(parse(&text).is_err_and(|e| e.contains("KQ")));
}

/// A hand's value on a board, by perfhash's table, on its own.
fn value(hole: [Card; 2], board: [Card; 5]) -> <PerfhashSeven as BestFive<Hand7>>::Strength {
    let mut cards = [hole[0]; 7];
    cards[1] = hole[1];
    cards[2..].copy_from_slice(&board);
    <PerfhashSeven as BestFive<Hand7>>::strength(&Hand7::new(cards).unwrap())
}

/// One deal's games over every board, by brute force: each hand valued on
/// its own, no classes of boards.
fn brute_deal(a: [Card; 2], b: [Card; 2]) -> [u64; 3] {
    let used = [a, b]
        .iter()
        .flatten()
        .fold(0u64, |m, c| m | 1 << c.index());
    let rest: Vec<Card> = Card::all().filter(|c| used & 1 << c.index() == 0).collect();
    let mut out = [0u64; 3];
    each_board(&rest, &mut |board| {
        let (x, y) = (value(a, *board), value(b, *board));
        out[usize::from(x <= y) + usize::from(x < y)] += 1;
    });
    out
}

#[test]
fn seeded_cells_are_their_brute_force() {
    // Two cells of few deals (a suited hand against a pair, and a hand
    // against itself), every deal dealt and every board valued.
    let table = parse(&committed()).unwrap();
    let hands = starting_hands();
    let mut rng = ChaCha8Rng::seed_from_u64(20_261_203);
    let suited: Vec<usize> = (0..hands.len())
        .filter(|&h| combos_of(&hands[h]) == 4)
        .collect();
    let pairs: Vec<usize> = (0..hands.len())
        .filter(|&h| combos_of(&hands[h]) == 6)
        .collect();
    let s = suited[rng.random_range(0..suited.len())];
    let p = pairs[rng.random_range(0..pairs.len())];
    for (a, b) in [(s.min(p), s.max(p)), (s, s)] {
        let m = Matchup::new(&[&hands[a], &hands[b]], "", "").unwrap();
        let mut counts = [0u64; 3];
        for x in m.ranges()[0].combos() {
            for y in m.ranges()[1].combos() {
                if x.mask() & y.mask() == 0 {
                    let [w, t, l] = brute_deal(x.cards, y.cards);
                    counts = [counts[0] + w, counts[1] + t, counts[2] + l];
                }
            }
        }
        let c = table.iter().find(|c| (c.hand, c.versus) == (a, b)).unwrap();
        assert_eq!(
            [c.wins, c.ties, c.losses],
            counts,
            "{} against {}",
            hands[a],
            hands[b]
        );
        println!(
            "preflop table: {} against {} equals its brute force",
            hands[a], hands[b]
        );
    }
}

#[test]
fn a_three_way_row_and_a_seeded_cell_of_it_are_their_brute_force() {
    use handeval_equity::preflop::{three_way, three_way_row};
    let hands = starting_hands();
    // A pair twice against each third: no deal where the third is the
    // same pair (four of a rank, six cards asked), every other deal by
    // card removal.
    let mut rng = ChaCha8Rng::seed_from_u64(20_261_204);
    let pairs: Vec<usize> = (0..hands.len())
        .filter(|&h| combos_of(&hands[h]) == 6)
        .collect();
    let pair = pairs[rng.random_range(0..pairs.len())];
    let row = three_way_row::<PerfhashSeven>(pair, pair).unwrap();
    assert_eq!(row.len(), hands.len());
    for (third, cell) in row.iter().enumerate() {
        let deals = deals_of(&[&hands[pair], &hands[pair], &hands[third]]);
        match cell {
            None => assert_eq!(deals, 0, "{}", hands[third]),
            Some(t) => {
                assert_eq!(
                    (t.deals, t.games),
                    (deals, deals * 1_370_754),
                    "{}",
                    hands[third]
                );
                for p in 0..3 {
                    assert_eq!(t.counts[p].iter().sum::<u64>(), t.games);
                }
            }
        }
    }
    assert!(row[pair].is_none());
    // A seeded third, every deal and every board by brute force.
    // (Another pair than the first two: the same would leave no deal.)
    let others: Vec<usize> = pairs.iter().copied().filter(|&p| p != pair).collect();
    let third = others[rng.random_range(0..others.len())];
    let cell = three_way::<PerfhashSeven>([pair, pair, third])
        .unwrap()
        .expect("two of one pair and another pair have deals");
    let m = Matchup::new(&[&hands[pair], &hands[pair], &hands[third]], "", "").unwrap();
    let mut counts = [[0u64; 3]; 3];
    for a in m.ranges()[0].combos() {
        for b in m.ranges()[1].combos() {
            for c in m.ranges()[2].combos() {
                if a.mask() & b.mask() != 0 || (a.mask() | b.mask()) & c.mask() != 0 {
                    continue;
                }
                let holes = [a.cards, b.cards, c.cards];
                let used = a.mask() | b.mask() | c.mask();
                let rest: Vec<Card> = Card::all().filter(|k| used & 1 << k.index() == 0).collect();
                each_board(&rest, &mut |board| {
                    let values = holes.map(|h| value(h, *board));
                    let best = values.iter().max().copied().unwrap();
                    let at_best = values.iter().filter(|v| **v == best).count();
                    for p in 0..3 {
                        // Won alone (0), tied for the best (1), lost (2).
                        let k = if values[p] == best {
                            usize::from(at_best > 1)
                        } else {
                            2
                        };
                        counts[p][k] += 1;
                    }
                });
            }
        }
    }
    assert_eq!(
        cell.counts, counts,
        "{} {} {}",
        hands[pair], hands[pair], hands[third]
    );
    println!(
        "preflop three-way: {} {} against each third, deals by card removal; {} as the third equals its brute force",
        hands[pair], hands[pair], hands[third]
    );
}

/// Calls `f` with every board of five of `rest`.
fn each_board(rest: &[Card], f: &mut dyn FnMut(&[Card; 5])) {
    let n = rest.len();
    for i in 0..n {
        for j in i + 1..n {
            for k in j + 1..n {
                for l in k + 1..n {
                    for m in l + 1..n {
                        f(&[rest[i], rest[j], rest[k], rest[l], rest[m]]);
                    }
                }
            }
        }
    }
}
