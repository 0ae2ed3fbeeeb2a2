//! Every combo of a range against an opposing range on a board, exact, as
//! one table: a study tool's or a solver's inner loop (the equity of each
//! of the 1,326 hands against what the opponent holds), and the flops to
//! ask it of, each class of flops once.
//!
//! A table is one heads-up exact count of the two ranges
//! ([`crate::exact`]), whose per-combo equities it keeps with the
//! opposing weight each combo can meet (card removal included); counted
//! board by board ([`crate::boards`]) it costs about as much as the
//! boards to come, hardly the ranges' width.
//!
//! ```
//! use handeval_core::parse_cards;
//! use handeval_equity::range::Range;
//! use handeval_equity::versus::table;
//! use handeval_reference::ReferenceBest;
//! let hero: Range = "AA,KK".parse().unwrap();
//! let villain: Range = "QQ".parse().unwrap();
//! let board = parse_cards("2c7d9hTs").unwrap();
//! let t = table::<ReferenceBest>(&hero, &villain, &board, &[]).unwrap();
//! assert_eq!(t.rows.len(), 12);
//! // Aces against queens with one card to come: the queens' two outs of 44.
//! let aces = t.row(parse_cards("Ah").unwrap()[0], parse_cards("As").unwrap()[0]).unwrap();
//! assert_eq!(aces.against, 6.0);
//! assert!((aces.equity.unwrap() - 42.0 / 44.0).abs() < 1e-12);
//! ```

use alloc::vec::Vec;

use handeval_core::{BestFive, Card, Hand7};

use crate::exact::{Equity, EquityError, Matchup, Method};
use crate::range::{Combo, Range};

/// One combo's line of a [`Table`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Row {
    /// The combo and its weight in its range.
    pub combo: Combo,
    /// The opposing range's weight it can meet: the combos sharing no card
    /// with it, the board or the dead cards (their number when every
    /// weight is one).
    pub against: f64,
    /// Its equity against them over every board to come, `None` when it
    /// meets none.
    pub equity: Option<f64>,
}

/// Every combo of a range against an opposing range on one board.
#[derive(Clone, Debug, PartialEq)]
pub struct Table {
    /// The board.
    pub board: Vec<Card>,
    /// The dead cards.
    pub dead: Vec<Card>,
    /// One row per combo the board and dead cards leave of the range, in
    /// the range's order.
    pub rows: Vec<Row>,
    /// The range's equity against the opposing one: the rows' equities
    /// weighted by `weight * against`.
    pub equity: f64,
    /// Deals of one combo each counted.
    pub deals: u64,
    /// Games: deals times the boards each comes with.
    pub games: u64,
    hero: Range,
}

impl Table {
    /// The row of the combo of these two cards, if the range holds it.
    #[must_use]
    pub fn row(&self, a: Card, b: Card) -> Option<&Row> {
        self.hero.place(a, b).and_then(|i| self.rows.get(i))
    }
}

/// The table of `hero`'s combos against `villain` on `board` with `dead`
/// cards out, counted by `count` (any exact count of the heads-up
/// matchup, as [`crate::exact::exact_with`] with an evaluator).
///
/// # Errors
/// As [`Matchup::of`], and whatever `count` returns ([`EquityError::NoDeal`]
/// when no combo of one can meet a combo of the other).
pub fn table_by(
    hero: &Range,
    villain: &Range,
    board: &[Card],
    dead: &[Card],
    count: impl FnOnce(&Matchup) -> Result<Equity, EquityError>,
) -> Result<Table, EquityError> {
    let m = Matchup::of(
        &[hero.clone(), villain.clone()],
        board.to_vec(),
        dead.to_vec(),
    )?;
    let e = count(&m)?;
    let [hero, villain] = [&m.ranges()[0], &m.ranges()[1]];
    let mut by_card = [0.0f64; Card::COUNT];
    for c in villain.combos() {
        for x in c.cards {
            by_card[usize::from(x.index())] += c.weight;
        }
    }
    let total = villain.weight_total();
    let rows = e.per_combo[0]
        .iter()
        .map(|&(combo, _, equity)| {
            let [a, b] = combo.cards;
            let same = villain.get(a, b).map_or(0.0, |c| c.weight);
            let against =
                total - by_card[usize::from(a.index())] - by_card[usize::from(b.index())] + same;
            // Sums of weights cancel to a rounding error, never below it.
            let against = if against > 1e-9 { against } else { 0.0 };
            Row {
                combo,
                against,
                equity: (against > 0.0).then_some(equity),
            }
        })
        .collect();
    Ok(Table {
        board: board.to_vec(),
        dead: dead.to_vec(),
        rows,
        equity: e.equity[0],
        deals: e.deals,
        games: e.games,
        hero: hero.clone(),
    })
}

/// [`table_by`] counted with `E`, an evaluator of seven-card Hold'em
/// hands, board by board.
///
/// # Errors
/// As [`table_by`].
pub fn table<E: BestFive<Hand7>>(
    hero: &Range,
    villain: &Range,
    board: &[Card],
    dead: &[Card],
) -> Result<Table, EquityError> {
    table_by(hero, villain, board, dead, |m| {
        crate::exact::exact_by::<E>(m, Some(Method::Boards), &mut |_, _| {})
    })
}

/// The flops a study of `hero` against `villain` asks about, each class
/// of flops that a renaming of suits leaving both ranges and the dead
/// cards as they are turns into one another once: its least flop (by
/// card index) and how many flops the class has. For ranges without
/// suits (`random`, `22+,AKs`) the 22,100 flops are 1,755 classes; the
/// counts add up to every flop the dead cards leave.
#[must_use]
pub fn flops(hero: &Range, villain: &Range, dead: &[Card]) -> Vec<([Card; 3], u32)> {
    let known = dead.iter().fold(0u64, |m, c| m | 1 << c.index());
    let group = crate::boards::symmetries(&[hero, villain], known);
    let rest: Vec<Card> = Card::all()
        .filter(|c| known & 1 << c.index() == 0)
        .collect();
    let mut out = Vec::new();
    for (i, &a) in rest.iter().enumerate() {
        for (j, &b) in rest.iter().enumerate().skip(i + 1) {
            for &c in &rest[j + 1..] {
                let full = 1u64 << a.index() | 1 << b.index() | 1 << c.index();
                if let Some(n) = crate::boards::orbit(full, &group) {
                    // At most 24 renamings: the count is whole and small.
                    out.push(([a, b, c], n as u32));
                }
            }
        }
    }
    out
}
