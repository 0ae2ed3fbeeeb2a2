//! Every hand of one list against every hand of another on a board, exact,
//! in any game with a board: the per-combo table ([`crate::versus`]) for
//! games without Hold'em's range engine (Omaha's four, five or six hole
//! cards, short deck, the Hi-Lo games), each hand valued as the game
//! values it.
//!
//! A row is one hand of the first list: the weight of the second list's
//! hands it can meet (those sharing no card with it) and its equity
//! against them, each deal of the two hands weighted by the opposing
//! hand's weight, every board that can come counted once per deal. Every
//! deal leaves as many cards for the board (the deck less the board, the
//! dead cards and two hands), so every deal comes with as many boards, and
//! a row's equity is the weighted mean of its deals' equities.
//!
//! The count walks the boards once: on each, every hand of both lists
//! that shares no card with it is valued in one batch (`value`, the
//! game's evaluator), and each pair of hands sharing no card adds the
//! first hand's share of the pot (`share`) to its row. A pair costs a
//! comparison a board; a hand's value is made once a board, not once a
//! pair.
//!
//! ```
//! use handeval_core::{BestFive, Game, Omaha4, parse_cards};
//! use handeval_equity::lists::table;
//! use handeval_reference::ReferenceBest;
//! // Aces double-suited against a rundown and a pair of kings, on a flop.
//! let hand = |t: &str| (parse_cards(t).unwrap(), 1.0);
//! let hero = [hand("AhAsKhQs")];
//! let villain = [hand("9c8d7c6d"), hand("KcKdJcTd")];
//! let board = parse_cards("Ac5c2d").unwrap();
//! // Each hand valued by the literal reference (the best of its 60
//! // fives); the greater strength wins, equal ones split.
//! let blank = <ReferenceBest as BestFive<Omaha4>>::strength(
//!     &Omaha4::from_cards(&parse_cards("AhAsKhQsAc5c2d3h4h").unwrap()).unwrap(),
//! );
//! let t = table::<Omaha4, _>(
//!     (&hero, &villain),
//!     (&board, &[]),
//!     <ReferenceBest as BestFive<Omaha4>>::strengths,
//!     |a, b| if a > b { 1.0 } else if a == b { 0.5 } else { 0.0 },
//!     blank,
//! )
//! .unwrap();
//! // Two deals, each with the C(52 - 3 - 8, 2) = 820 boards its cards leave.
//! assert_eq!((t.deals, t.games), (2, 2 * 820));
//! assert!(t.rows[0].equity.unwrap() > 0.5);
//! ```

use alloc::format;
use alloc::vec::Vec;

use handeval_core::{Card, Game};

use crate::exact::EquityError;
use crate::fixed::{deals_a_board, distinct_of, each_subset, held};

/// One hand of the first list.
#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    /// Its cards.
    pub hand: Vec<Card>,
    /// Its weight in its list.
    pub weight: f64,
    /// The opposing list's weight it can meet: the hands sharing no card
    /// with it (their number when every weight is one).
    pub against: f64,
    /// Its equity against them over every board to come, `None` when it
    /// meets none.
    pub equity: Option<f64>,
}

/// Every hand of a list against an opposing list on one board.
#[derive(Clone, Debug, PartialEq)]
pub struct HandTable {
    /// One row per hand of the first list, in its order.
    pub rows: Vec<Row>,
    /// The first list's equity against the second: the rows' equities
    /// weighted by `weight * against`; `None` when no deal exists.
    pub equity: Option<f64>,
    /// Deals of one hand each (pairs sharing no card).
    pub deals: u64,
    /// Games: deals times the boards each comes with.
    pub games: u64,
    /// The board it was counted on.
    pub board: Vec<Card>,
    /// The dead cards it was counted with.
    pub dead: Vec<Card>,
}

/// A range's combos beside the cards `known` (the board and the dead
/// cards, as bits `1 << index`) as a list of weighted hands: what
/// [`table`] counts of a game of two hole cards.
#[must_use]
pub fn of_range(range: &crate::range::Range, known: u64) -> Vec<(Vec<Card>, f64)> {
    range
        .without(known)
        .combos()
        .iter()
        .map(|c| (c.cards.to_vec(), c.weight))
        .collect()
}

/// The bit of each card.
fn mask(cards: &[Card]) -> u64 {
    cards.iter().fold(0, |m, c| m | 1 << c.index())
}

/// Checks one list's hands: each of the game's size, of its deck, no card
/// twice, none on the board or dead (`known`), each weight finite and not
/// negative; the list not empty. `player` names it (1 or 2).
fn checked<G: Game>(player: usize, hands: &Hands, known: u64) -> Result<Vec<u64>, EquityError> {
    if hands.is_empty() {
        return Err(EquityError::Empty { player });
    }
    let deck = G::RULES.deck();
    let mut masks = Vec::with_capacity(hands.len());
    for (i, (hand, weight)) in hands.iter().enumerate() {
        let what = || format!("player {player}'s hand {}", i + 1);
        let bad = |error: alloc::string::String| EquityError::Cards {
            what: what(),
            error,
        };
        if hand.len() != held::<G>() {
            return Err(bad(format!(
                "{} cards, where a hand of {} has {}",
                hand.len(),
                G::WORD,
                held::<G>()
            )));
        }
        let mut seen = 0u64;
        for &c in hand {
            if deck & 1 << c.index() == 0 {
                return Err(EquityError::OutsideDeck {
                    card: c,
                    game: G::WORD,
                });
            }
            if (seen | known) & 1 << c.index() != 0 {
                return Err(bad(format!(
                    "{c} is on the board, dead or in the hand twice"
                )));
            }
            seen |= 1 << c.index();
        }
        if !weight.is_finite() || *weight < 0.0 {
            return Err(bad(format!("weight {weight}: a weight is 0 or more")));
        }
        masks.push(seen);
    }
    Ok(masks)
}

/// A list of hands, each its cards and its weight.
pub type Hands = [(Vec<Card>, f64)];

/// The bits of the board's and the dead cards, each checked: of the
/// game's deck, none twice.
fn known<G: Game>(board: &[Card], dead: &[Card]) -> Result<u64, EquityError> {
    if ![0, 3, 4, 5].contains(&board.len()) {
        return Err(EquityError::Board(board.len()));
    }
    distinct_of::<G>(board.iter().chain(dead))
}

/// One list on the board being counted: which of its hands the board
/// leaves, those hands and their values, made once a board.
struct Side<'a, G, V> {
    list: &'a Hands,
    masks: Vec<u64>,
    on: Vec<usize>,
    hands: Vec<G>,
    values: Vec<V>,
}

impl<'a, G: Game, V: Copy> Side<'a, G, V> {
    fn new(list: &'a Hands, masks: Vec<u64>) -> Self {
        Side {
            list,
            masks,
            on: Vec::new(),
            hands: Vec::new(),
            values: Vec::new(),
        }
    }

    /// The hands sharing no card with the cards to come (`extra`, bits
    /// `taken`), built with the board and valued by `value`.
    fn deal(
        &mut self,
        (board, extra, taken): (&[Card], &[Card], u64),
        cards: &mut Vec<Card>,
        value: &mut impl FnMut(&[G], &mut [V]),
        blank: V,
    ) -> Result<(), EquityError> {
        self.on.clear();
        self.hands.clear();
        for (i, ((hole, _), m)) in self.list.iter().zip(&self.masks).enumerate() {
            if m & taken != 0 {
                continue;
            }
            cards.clear();
            cards.extend_from_slice(hole);
            cards.extend_from_slice(board);
            cards.extend_from_slice(extra);
            // Checked cards of the game's sizes, distinct: never an error.
            let hand = G::from_cards(cards).map_err(|e| EquityError::Cards {
                what: format!("a hand of {}", G::WORD),
                error: alloc::string::ToString::to_string(&e),
            })?;
            self.hands.push(hand);
            self.on.push(i);
        }
        self.values.clear();
        self.values.resize(self.hands.len(), blank);
        value(&self.hands, &mut self.values);
        Ok(())
    }
}

/// Every hand of `hero` against every hand of `villain` (each with its
/// weight) on `board` with `dead` cards out, over every board to come,
/// exact: `value` gives each hand of a batch its value, `share` the first
/// hand's share of the pot (0 to 1) when the two values meet, `blank`
/// fills the values' buffer.
///
/// # Errors
/// A game without a board, a board of other than 0, 3, 4 or 5 cards, a
/// card twice on the board and dead, a card outside the game's deck, a
/// hand of the wrong size or with a card on the board or dead, a weight
/// below 0, an empty list, or a deck too short for the board.
pub fn table<G: Game, V: Copy>(
    (hero, villain): (&Hands, &Hands),
    (board, dead): (&[Card], &[Card]),
    mut value: impl FnMut(&[G], &mut [V]),
    share: impl Fn(V, V) -> f64,
    blank: V,
) -> Result<HandTable, EquityError> {
    if !deals_a_board::<G>() {
        return Err(EquityError::Game(G::WORD));
    }
    let known = known::<G>(board, dead)?;
    let mut ours = Side::<G, V>::new(hero, checked::<G>(1, hero, known)?);
    let mut theirs = Side::<G, V>::new(villain, checked::<G>(2, villain, known)?);
    let rest: Vec<Card> = G::deck().filter(|c| known & 1 << c.index() == 0).collect();
    let to_come = 5 - board.len();
    // The cards a deal leaves: the rest less both hands.
    let left = rest.len().saturating_sub(2 * held::<G>());
    if left < to_come {
        return Err(EquityError::Deck);
    }
    let boards_per_deal = (0..to_come).fold(1u64, |n, i| n * (left - i) as u64 / (i as u64 + 1));
    // Each row's opposing weight and deals, from the masks alone.
    let mut against = alloc::vec![0.0f64; hero.len()];
    let mut deals = 0u64;
    for (a, hm) in against.iter_mut().zip(&ours.masks) {
        for (vm, (_, w)) in theirs.masks.iter().zip(villain) {
            if hm & vm == 0 {
                *a += w;
                deals += 1;
            }
        }
    }
    let mut won = alloc::vec![0.0f64; hero.len()];
    let mut cards: Vec<Card> = Vec::with_capacity(G::COUNT);
    let mut failed = Ok(());
    each_subset(&rest, to_come, |extra| {
        if failed.is_err() {
            return;
        }
        let dealt = (board, extra, mask(extra));
        failed = ours
            .deal(dealt, &mut cards, &mut value, blank)
            .and_then(|()| theirs.deal(dealt, &mut cards, &mut value, blank));
        for (&i, &hv) in ours.on.iter().zip(&ours.values) {
            let hm = ours.masks[i];
            let mut sum = 0.0;
            for (&j, &vv) in theirs.on.iter().zip(&theirs.values) {
                if hm & theirs.masks[j] == 0 {
                    sum += villain[j].1 * share(hv, vv);
                }
            }
            won[i] += sum;
        }
    });
    failed?;
    let per = boards_per_deal as f64;
    let rows: Vec<Row> = hero
        .iter()
        .zip(&against)
        .zip(&won)
        .map(|(((hand, weight), &a), &w)| Row {
            hand: hand.clone(),
            weight: *weight,
            against: a,
            equity: (a > 0.0).then(|| w / (a * per)),
        })
        .collect();
    let met: f64 = rows.iter().map(|r| r.weight * r.against).sum();
    let total: f64 = hero
        .iter()
        .zip(&won)
        .map(|((_, weight), w)| weight * w)
        .sum();
    Ok(HandTable {
        rows,
        equity: (met > 0.0).then(|| total / (met * per)),
        deals,
        games: deals * boards_per_deal,
        board: board.to_vec(),
        dead: dead.to_vec(),
    })
}
