//! The reference of a Hi-Lo game's low half, written from the rule's words
//! with nothing borrowed from the kernels: each five the game allows (two
//! hole cards and three board cards in Omaha), its ranks read aces low
//! (the ace is 1), kept if all five are distinct and none is above the
//! rule's highest rank, sorted highest first; the best is the least in
//! that order, compared card by card. Only the answer is written as a
//! [`Low`] mask, the lab's common value, after the comparison is made.
//!
//! ```
//! use handeval_core::{Game, Omaha4, Omaha8, low::LowEvaluator};
//! use handeval_reference::LowReference;
//! // Hole A-2 (and two kings), board 3-4-8 and two nines: 8-4-3-2-A.
//! let hand: Omaha4 = "Ah2dKcKs|3c4h8s9d9h".parse().unwrap();
//! let low = <LowReference as LowEvaluator<Omaha8>>::low(&hand);
//! assert_eq!(low.to_string(), "8-4-3-2-A");
//! ```

use handeval_core::low::{Low, LowEvaluator, rule_of};
use handeval_core::{Game, Meta, Rank, Role};

/// The literal low reference: see the [module documentation](self).
#[derive(Clone, Copy, Debug, Default)]
pub struct LowReference;

/// A rank as a low card: the ace is 1, a two 2, a king 13.
fn low_value(rank: Rank) -> u8 {
    if rank == Rank::Ace { 1 } else { rank.value() }
}

/// The five ranks of the best qualifying low of a hand of Hi-Lo game `G`
/// (dealt as its high game's), highest first, or `None`.
pub fn best_low<G: Game>(hand: &G::High) -> Option<[u8; 5]> {
    let cards = hand.card_slice();
    let highest = low_value(const { rule_of::<G>() }.highest);
    let mut best: Option<[u8; 5]> = None;
    for five in G::FIVES {
        let mut ranks = five.map(|i| low_value(cards[i].rank()));
        ranks.sort_unstable_by(|a, b| b.cmp(a));
        let distinct = ranks.windows(2).all(|w| w[0] != w[1]);
        if !distinct || ranks[0] > highest {
            continue;
        }
        // Card by card from the highest: the lesser array is the better low.
        if best.is_none_or(|b| ranks < b) {
            best = Some(ranks);
        }
    }
    best
}

impl<G: Game> LowEvaluator<G> for LowReference {
    const META: Meta = Meta {
        name: "reference/low",
        summary: "The literal low: every five the game allows, aces low, five distinct ranks of eight or lower, the least highest first",
        family: <crate::Reference as handeval_core::Evaluator>::META.family,
        role: Role::Reference,
        derived_from: None,
        table_bytes: 0,
        card_table_bytes: 0,
    };

    fn low(hand: &G::High) -> Low {
        best_low::<G>(hand).map_or(Low::NONE, |ranks| {
            let mask = ranks.iter().fold(0u8, |m, &r| m | 1 << (r - 1));
            Low::from_mask(mask).expect("five distinct ranks")
        })
    }
}
