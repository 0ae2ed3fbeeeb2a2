//! The perfect hash for seven cards, as OMPEval evaluates them.

use handeval_core::{BestFive, Card, CardTable, Category, Hand7, Role};

use crate::{FLUSH7, LOOKUP7, OFFSETS7, RANK_KEYS7, ROW_SHIFT7, category_of};

/// Bit where the seven-card suit counters start (one nibble per suit).
const SUIT_SHIFT7: u32 = 32;
/// The rank key part of a seven-card key sum (below 2^25).
const RANK_KEY_MASK7: u64 = (1 << 25) - 1;

/// A card's seven-card `u64`: the rank's key, and 1 in its suit's counter nibble.
pub const CARD_KEYS7: CardTable<u64> = handeval_core::card_table!(u64, |c| {
    RANK_KEYS7[c.rank().index() as usize] as u64 | 1 << (SUIT_SHIFT7 + 4 * c.suit().index() as u32)
});

/// The suit with five or more of the seven cards, if any: the suit
/// counters plus 3 each reach 8 (a nibble's top bit) exactly there.
#[inline(always)]
const fn flush_suit(sum: u64) -> Option<u32> {
    let flags = ((sum >> SUIT_SHIFT7) as u32 + 0x3333) & 0x8888;
    if flags == 0 {
        None
    } else {
        Some(flags.trailing_zeros() / 4)
    }
}

/// The slot of a seven-card rank key in [`LOOKUP7`]. Both tables' lengths
/// are powers of two, so a mask keeps any key, even one no hand makes,
/// inside them: one AND each, where a clamp costs a compare and a move in
/// the hot loop (`perfhash/seven` took 2.65 ns a hand with clamps, 1.93
/// with masks, the tree sum and the cold flush below, on the Intel Xeon,
/// beside the original OMPEval's 1.93).
#[inline(always)]
fn slot7(rank_key: u32) -> usize {
    const _: () = assert!(OFFSETS7.len().is_power_of_two() && LOOKUP7.len().is_power_of_two());
    let row = (rank_key >> ROW_SHIFT7) as usize & (OFFSETS7.len() - 1);
    rank_key.wrapping_add(OFFSETS7[row]) as usize & (LOOKUP7.len() - 1)
}

/// The value of the best five of seven cards.
#[inline(always)]
fn evaluate(hand: &Hand7) -> u32 {
    let k = CARD_KEYS7.of_hand(hand);
    // A tree of adds, not a chain: three adds deep instead of six.
    let sum = ((k[0] + k[1]) + (k[2] + k[3])) + ((k[4] + k[5]) + k[6]);
    match flush_suit(sum) {
        None => u32::from(LOOKUP7[slot7((sum & RANK_KEY_MASK7) as u32)]),
        Some(suit) => flush(hand, suit),
    }
}

/// A flush's value, from the rank mask of its suit's cards: out of line,
/// so that the hot loop keeps its registers (a flush is one hand in 33).
/// By reference into the caller's slice: by value, the hot loop packs
/// each hand's seven bytes into a register to pass them, and reads its
/// cards out of it by shifts.
#[inline(never)]
#[cold]
#[allow(clippy::trivially_copy_pass_by_ref, reason = "see above")]
fn flush(hand: &Hand7, suit: u32) -> u32 {
    let mut ranks = 0usize;
    for c in hand.as_cards() {
        ranks |= usize::from(u32::from(c.suit().index()) == suit) << c.rank().index();
    }
    u32::from(FLUSH7[ranks.min(FLUSH7.len() - 1)])
}

/// Values every seven-card hand of `deck` (distinct cards, ascending) as
/// OMPEval's and b-inary's enumerations do: each loop adds its card's key
/// to the outer cards' sum (rank keys and suit counters in one `u64`) and
/// its bit to their card mask (16 bits a suit), so the innermost card costs
/// one add, the flush test and one lookup; the innermost loop's values are
/// handed to `sink` as a run.
///
/// ```
/// use handeval_core::{Card, enumerate::Checksum};
/// let deck: Vec<Card> = Card::all().take(9).collect();
/// let mut sink = Checksum::default();
/// handeval_perfhash::seven_cards(&deck, &mut sink);
/// assert_eq!(sink.hands(), 36); // C(9, 7)
/// ```
pub fn seven_cards<S: handeval_core::enumerate::Sink>(deck: &[Card], sink: &mut S) {
    #[derive(Clone, Copy, Default)]
    struct Sum {
        keys: u64,
        mask: u64,
    }
    let add = |s: Sum, c: Card| Sum {
        keys: s.keys + CARD_KEYS7.get(c),
        mask: s.mask | 1 << (16 * u32::from(c.suit().index()) + u32::from(c.rank().index())),
    };
    let value = |s: Sum| match flush_suit(s.keys) {
        None => u32::from(LOOKUP7[slot7((s.keys & RANK_KEY_MASK7) as u32)]),
        Some(suit) => {
            let ranks = (s.mask >> (16 * suit)) as usize & 0x1FFF;
            u32::from(FLUSH7[ranks.min(FLUSH7.len() - 1)])
        }
    };
    handeval_core::enumerate::deal_seven(deck, Sum::default(), add, |s, c| value(add(s, c)), sink);
}

/// Bytes of the seven-card evaluation tables.
pub(crate) const TABLE_BYTES7: usize = core::mem::size_of_val(&OFFSETS7)
    + core::mem::size_of_val(&LOOKUP7)
    + core::mem::size_of_val(&FLUSH7);

/// The perfect hash for seven cards, one hand at a time. See the [crate documentation](crate#seven-cards).
#[derive(Clone, Copy, Debug, Default)]
pub struct Seven;

impl BestFive<Hand7> for Seven {
    const META: handeval_core::Meta = handeval_core::Meta {
        name: "perfhash/seven",
        summary: "OMPEval's seven-card method: seven rank keys summed, one row-displacement lookup; suit counters, flush table by rank mask; tables from the reference",
        family: crate::FAMILY,
        role: Role::Tuned,
        derived_from: Some(<crate::Scalar as handeval_core::Evaluator>::META.name),
        table_bytes: TABLE_BYTES7,
        card_table_bytes: CardTable::<u64>::BYTES,
    };

    const INCREMENTAL: Option<handeval_core::Incremental> =
        Some(handeval_core::incremental!("key sums", seven_cards, || ""));

    type Five = crate::Scalar;
    type Strength = u32;

    #[inline(always)]
    fn category(hand: &Hand7) -> Category {
        category_of(evaluate(hand))
    }

    #[inline(always)]
    fn strength(hand: &Hand7) -> u32 {
        evaluate(hand)
    }

    // The batch loops pass each hand by reference into the slice: the
    // generic loops take a copy, whose address the out-of-line flush path
    // needs, so every hand was stored to the stack (2.19 against 1.95 ns a
    // hand on the Intel Xeon). Nothing here needs a CPU feature.
    fn categories(hands: &[Hand7], out: &mut [Category]) {
        assert_eq!(hands.len(), out.len(), "one output slot per hand");
        for (o, h) in out.iter_mut().zip(hands) {
            *o = category_of(evaluate(h));
        }
    }

    fn strengths(hands: &[Hand7], out: &mut [u32]) {
        assert_eq!(hands.len(), out.len(), "one output slot per hand");
        for (o, h) in out.iter_mut().zip(hands) {
            *o = evaluate(h);
        }
    }
}
