//! Published evaluators behind the lab's [`Evaluator`] trait, as baselines.
//!
//! - [`Pokers`] (`pokers`): the `pokers` 0.10 crate's evaluator, a Rust port
//!   of OMPEval's perfect-hash scheme (Andreas Lundgren's OMPEval): cards are
//!   added into a 64-bit key whose low 32 bits index a perfect hash of the rank
//!   multiset, with a separate 8,192-entry table for flushes. About 217 KiB of
//!   tables; the state of the art for single five-card hands.
//! - [`PokersCards`] (`pokers`, six and seven cards): the same crate's
//!   evaluation of six or seven cards, added into one key and evaluated once
//!   by the same tables (OMPEval's design covers up to seven cards): the
//!   outside baseline for six and seven cards.
//! - [`RsPoker`] and [`RsPokerCards`] (`rs_poker`, five to seven cards):
//!   the `rs_poker` 5.0 crate's evaluator, an independent reimplementation of
//!   OMPEval's scheme with tables its own build script generates (a rank key
//!   and suit nibbles summed into one `u64`, a 52-bit card mask, a perfect
//!   hash of 131,072 slots and a flush table): a second outside baseline for
//!   seven cards, cards folded one by one into its `SevenCardAccum` and
//!   ranked once. (5.0, not 5.1: 5.1 calls a standard-library function
//!   that is unstable in the workspace's toolchain.)
//! - [`Ckc`] (`ckc-rs`): the `ckc-rs` 0.2 crate, Cactus Kev's original
//!   evaluator: prime-product encoding, flush and unique-rank tables, and a
//!   binary search over 4,888 products for hands with repeated ranks.
//!
//! - [`AyaPokerOmaha`], [`AyaPokerShort`] and [`AyaPokerLow`] (`aya_poker`
//!   0.1): Omaha of four to six hole cards, short deck, and Omaha Hi-Lo's
//!   eight-or-better low (`omaha_lo_rank`, then `to_lo_8_rank`).
//! - [`AyaPokerAceFive`] and [`AyaPokerBadugi`] (`aya_poker` 0.1):
//!   ace-to-five lowball and razz (`ace_five_rank`), and badugi
//!   (`badugi_rank`).
//!
//! Each adapter's `encode` converts a [`Hand`] into the library's own card
//! representation; `strength` calls the library's evaluation function and
//! nothing else, so the timed work is the library's. The library's own
//! input checks are bypassed (our hands are valid by construction), as a
//! caller who evaluates many hands would. Where a library returns "lower is
//! stronger", the adapter wraps the value in [`Reverse`] so that greater is
//! stronger, as the trait requires; the value itself is untouched.

use core::cmp::Reverse;

use ckc_rs::cards::HandRanker;
use ckc_rs::cards::five::Five;
use handeval_core::{
    BestFive, CardTable, Category, Evaluator, Family, Game, Hand, HandClass, Omaha, Role, Suit,
};

/// The `pokers` 0.10 crate (OMPEval's perfect hash) as an [`Evaluator`].
#[derive(Clone, Copy, Debug, Default)]
pub struct Pokers;

/// pokers' value for the royal flush: category 9 (straight flush), rank 10.
pub const POKERS_ROYAL_FLUSH: u16 = 9 << 12 | 0xA;

impl Evaluator for Pokers {
    const META: handeval_core::Meta = handeval_core::Meta {
        name: "pokers",
        summary: "pokers 0.10 (crates.io): OMPEval-style perfect-hash tables, the state of the art",
        family: Family {
            name: "pokers",
            title: "OMPEval-style perfect hash, from the pokers crate",
        },
        role: Role::Baseline,
        derived_from: None,
        // LOOKUP (86,362 u16) + PERF_HASH_OFFSETS (8,191 u32) + LOOKUP_FLUSH (8,192 u16).
        table_bytes: 86_362 * 2 + 8_191 * 4 + 8_192 * 2,
        // pokers::CARDS: 52 hands of two u64s.
        card_table_bytes: handeval_core::Card::COUNT * 16,
    };

    type Encoded = pokers::Hand;
    type Strength = u16;

    /// pokers' own card table indexed by the lab's card index. pokers numbers
    /// the suits s, h, c, d where the lab numbers them c, d, h, s: a renaming
    /// of the suits, which changes no hand's value (the `suit_renaming_pokers`
    /// property test holds it to that).
    #[inline(always)]
    fn encode(hand: &Hand) -> pokers::Hand {
        let [a, b, c, d, e] = hand.as_cards();
        let card = |c: &handeval_core::Card| pokers::CARDS[usize::from(c.index())];
        pokers::Hand::default() + card(a) + card(b) + card(c) + card(d) + card(e)
    }

    /// pokers' value is `category << 12 | rank`, categories 1 (high card) to 9
    /// (straight flush); the top straight flush is the royal.
    #[inline]
    fn category(hand: pokers::Hand) -> Category {
        let value = hand.evaluate();
        if value == POKERS_ROYAL_FLUSH {
            return Category::RoyalFlush;
        }
        let index = (value >> 12).saturating_sub(1);
        Category::from_index(index as u8).unwrap_or(Category::HighCard)
    }

    #[inline]
    fn strength(hand: pokers::Hand) -> u16 {
        hand.evaluate()
    }
}

/// The `pokers` 0.10 crate's evaluation of six or seven cards as a
/// [`BestFive`]: the cards added into one key and evaluated once, by the
/// same tables as five (OMPEval's design covers up to seven cards).
#[derive(Clone, Copy, Debug, Default)]
pub struct PokersCards;

impl PokersCards {
    /// The cards as pokers' hand, through pokers' own card table (as [`Pokers`]).
    #[inline(always)]
    fn encode<const N: usize>(hand: &Hand<N>) -> pokers::Hand {
        hand.as_cards()
            .iter()
            .fold(pokers::Hand::default(), |sum, c| {
                sum + pokers::CARDS[usize::from(c.index())]
            })
    }
}

impl<const N: usize> BestFive<Hand<N>> for PokersCards
where
    Hand<N>: Game,
{
    const META: handeval_core::Meta = handeval_core::Meta {
        name: "pokers",
        summary: "pokers 0.10 (crates.io): every card into one key, OMPEval-style perfect-hash tables",
        family: <Pokers as Evaluator>::META.family,
        role: Role::Baseline,
        derived_from: None,
        table_bytes: <Pokers as Evaluator>::META.table_bytes,
        card_table_bytes: <Pokers as Evaluator>::META.card_table_bytes,
    };

    type Five = Pokers;
    type Strength = u16;

    #[inline]
    fn category(hand: &Hand<N>) -> Category {
        <Pokers as Evaluator>::category(Self::encode(hand))
    }

    #[inline]
    fn strength(hand: &Hand<N>) -> u16 {
        Self::encode(hand).evaluate()
    }
}

/// pokers' own `exact_equity` on one thread, its counts by winning set
/// (`wins_by_mask`, each board weighted alike) turned back into the lab's
/// tally: a set of one wins, a larger set ties and shares the pot.
///
/// # Panics
/// If pokers refuses the showdown's hands, board or dead cards (distinct
/// cards of a showdown never are).
pub fn pokers_exact_equity(
    s: &handeval_equity::showdown::Showdown,
) -> handeval_equity::showdown::Tally {
    use std::sync::Arc;
    use std::sync::atomic::AtomicBool;
    let ranges: Vec<String> = s
        .hole_cards()
        .iter()
        .map(|[a, b]| format!("{a}{b}"))
        .collect();
    let ranges = pokers::HandRange::from_strings(ranges);
    let board: String = s.board().iter().map(ToString::to_string).collect();
    // The cards out of the deck: neither held, nor on the board, nor left.
    let dead: String = handeval_core::Card::all()
        .filter(|c| {
            !s.rest().contains(c)
                && !s.board().contains(c)
                && !s.hole_cards().iter().flatten().any(|h| h == c)
        })
        .map(|c| c.to_string())
        .collect();
    let result = pokers::exact_equity(
        &ranges,
        pokers::get_card_mask(&board),
        pokers::get_card_mask(&dead),
        1,
        Arc::new(AtomicBool::new(false)),
        |_| {},
    )
    .expect("a valid matchup");
    let boards = s.boards();
    let weighted: u64 = result.wins_by_mask.iter().sum();
    let weight = (weighted / boards.max(1)).max(1);
    let mut tally = handeval_equity::showdown::Tally {
        boards: weighted / weight,
        ..handeval_equity::showdown::Tally::default()
    };
    for (mask, &w) in result.wins_by_mask.iter().enumerate() {
        let winners = mask.count_ones() as u64;
        for p in (0..s.players()).filter(|p| mask & 1 << p != 0) {
            if winners == 1 {
                tally.wins[p] += w / weight;
            } else {
                tally.ties[p] += w / weight;
                tally.shares[p] += w / weight * (60 / winners);
            }
        }
    }
    tally
}

/// pokers' own `exact_equity` of a matchup of ranges on one thread, each
/// range given as the combos the lab read from it (pokers' syntax reads
/// the same ranges, but weights differently).
///
/// # Errors
/// A weighted range (pokers' weights are not the lab's), or pokers'
/// refusal.
pub fn pokers_range_equity(m: &handeval_equity::exact::Matchup) -> Result<Vec<f64>, String> {
    use std::sync::Arc;
    use std::sync::atomic::AtomicBool;
    let ranges = m
        .written_out()
        .map_err(|p| format!("player {p}'s range is weighted"))?;
    let board: String = m.board().iter().map(ToString::to_string).collect();
    let dead: String = m.dead().iter().map(ToString::to_string).collect();
    pokers::exact_equity(
        &pokers::HandRange::from_strings(ranges),
        pokers::get_card_mask(&board),
        pokers::get_card_mask(&dead),
        1,
        Arc::new(AtomicBool::new(false)),
        |_| {},
    )
    .map(|r| r.equities)
    .map_err(|e| format!("pokers refused the matchup: {e:?}"))
}

/// Registers the baselines, in report order.
pub fn register(r: &mut impl handeval_core::Register) {
    r.five::<Pokers>();
    r.five::<RsPoker>();
    r.five::<Ckc>();
    r.add::<handeval_core::Hand6, PokersCards>();
    r.add::<handeval_core::Hand6, RsPokerCards>();
    // Its own calculator, which the showdown workloads time.
    r.add_declared::<handeval_core::Hand7, PokersCards, _>(
        handeval_equity::showdown::ShowdownForm::Calculator {
            form: "exact_equity",
            tally: pokers_exact_equity,
            ranges: Some(pokers_range_equity),
        },
    );
    r.add::<handeval_core::Hand7, RsPokerCards>();
    r.add::<handeval_core::Omaha4, RsPokerOmaha>();
    r.add::<handeval_core::Omaha4, AyaPokerOmaha>();
    r.add::<handeval_core::Omaha5, RsPokerOmaha>();
    r.add::<handeval_core::Omaha5, AyaPokerOmaha>();
    r.add::<handeval_core::Omaha6, RsPokerOmaha>();
    r.add::<handeval_core::Omaha6, AyaPokerOmaha>();
    r.add::<handeval_core::Short5, AyaPokerShort>();
    r.add::<handeval_core::Short7, AyaPokerShort>();
    r.add::<handeval_core::AceFive5, AyaPokerAceFive>();
    r.add::<handeval_core::Razz, AyaPokerAceFive>();
    // Not its deuce_seven_rank: aya_poker 0.1.0 counts A-2-3-4-5 as a
    // straight there (1,024 hands in another category; pinned by the
    // difftest's tests/it/low.rs), so it cannot stand as deuce7's baseline.
    r.low::<handeval_core::Omaha8, AyaPokerLow>();
    r.low::<handeval_core::BigO, AyaPokerLow>();
    r.low::<handeval_core::Stud8, AyaPokerLow>();
    r.badugi::<handeval_core::Badugi, AyaPokerBadugi>();
}

/// `rs_poker`'s card for each of the lab's cards (`rs_poker` numbers suits
/// spades, clubs, hearts, diamonds, and ranks 2 to A as the lab does).
const RS_POKER_CARDS: CardTable<rs_poker::core::Card> =
    handeval_core::card_table!(rs_poker::core::Card, |c| rs_poker::core::Card {
        value: RS_POKER_VALUES[c.rank().index() as usize],
        suit: match c.suit() {
            Suit::Spades => rs_poker::core::Suit::Spade,
            Suit::Clubs => rs_poker::core::Suit::Club,
            Suit::Hearts => rs_poker::core::Suit::Heart,
            Suit::Diamonds => rs_poker::core::Suit::Diamond,
        },
    });

/// `rs_poker`'s ranks, 2 first.
const RS_POKER_VALUES: [rs_poker::core::Value; 13] = {
    use rs_poker::core::Value;
    [
        Value::Two,
        Value::Three,
        Value::Four,
        Value::Five,
        Value::Six,
        Value::Seven,
        Value::Eight,
        Value::Nine,
        Value::Ten,
        Value::Jack,
        Value::Queen,
        Value::King,
        Value::Ace,
    ]
};

/// Bytes of `rs_poker` 5.0's evaluation tables: `LOOKUP` (131,072 u16),
/// `FLUSH_LOOKUP` (8,192 u16), `ROW_OFFSETS` (8,192 u32).
const RS_POKER_TABLE_BYTES: usize = 131_072 * 2 + 8_192 * 2 + 8_192 * 4;
/// Its per-card tables: `CARDS_KEY` and `CARDS_MASK`, 64 `u64`s each.
const RS_POKER_CARD_TABLE_BYTES: usize = 2 * 64 * 8;

/// `rs_poker`'s rank of some cards: each folded into its accumulator, then one lookup.
#[inline(always)]
fn rs_poker_rank(cards: &[handeval_core::Card]) -> rs_poker::core::Rank {
    let mut acc = rs_poker::core::SevenCardAccum::new();
    for &c in cards {
        acc.add(RS_POKER_CARDS.get(c));
    }
    acc.rank()
}

/// The category of an `rs_poker` rank; the strongest straight flush is the royal.
fn rs_poker_category(rank: rs_poker::core::Rank) -> Category {
    use rs_poker::core::CoreRank;
    match rank.category() {
        CoreRank::HighCard => Category::HighCard,
        CoreRank::OnePair => Category::OnePair,
        CoreRank::TwoPair => Category::TwoPair,
        CoreRank::ThreeOfAKind => Category::ThreeOfAKind,
        CoreRank::Straight => Category::Straight,
        CoreRank::Flush => Category::Flush,
        CoreRank::FullHouse => Category::FullHouse,
        CoreRank::FourOfAKind => Category::FourOfAKind,
        CoreRank::StraightFlush if rank.value_bits() == RS_POKER_ROYAL_BITS => Category::RoyalFlush,
        CoreRank::StraightFlush => Category::StraightFlush,
    }
}

/// The low bits of `rs_poker`'s royal flush: the tenth straight flush, counted from 1.
pub const RS_POKER_ROYAL_BITS: u16 = 10;

/// The `rs_poker` 5.0 crate's evaluator of five cards as an [`Evaluator`]:
/// the scale its six- and seven-card values are on.
#[derive(Clone, Copy, Debug, Default)]
pub struct RsPoker;

impl Evaluator for RsPoker {
    const META: handeval_core::Meta = handeval_core::Meta {
        name: "rs_poker",
        summary: "rs_poker 5.0 (crates.io): OMPEval's scheme reimplemented, its own generated perfect-hash tables",
        family: Family {
            name: "rs_poker",
            title: "OMPEval's scheme reimplemented, from the rs_poker crate",
        },
        role: Role::Baseline,
        derived_from: None,
        table_bytes: RS_POKER_TABLE_BYTES,
        card_table_bytes: RS_POKER_CARD_TABLE_BYTES,
    };

    type Encoded = Hand;
    type Strength = rs_poker::core::Rank;

    #[inline(always)]
    fn encode(hand: &Hand) -> Hand {
        *hand
    }

    #[inline]
    fn category(hand: Hand) -> Category {
        rs_poker_category(rs_poker_rank(hand.as_cards()))
    }

    #[inline]
    fn strength(hand: Hand) -> rs_poker::core::Rank {
        rs_poker_rank(hand.as_cards())
    }
}

/// The `rs_poker` 5.0 crate's evaluation of six or seven cards as a
/// [`BestFive`]: every card folded into one accumulator, ranked once.
#[derive(Clone, Copy, Debug, Default)]
pub struct RsPokerCards;

impl<const N: usize> BestFive<Hand<N>> for RsPokerCards
where
    Hand<N>: Game,
{
    const META: handeval_core::Meta = handeval_core::Meta {
        name: "rs_poker",
        summary: "rs_poker 5.0 (crates.io): every card into one accumulator, OMPEval-style tables of its own",
        family: <RsPoker as Evaluator>::META.family,
        role: Role::Baseline,
        derived_from: None,
        table_bytes: RS_POKER_TABLE_BYTES,
        card_table_bytes: RS_POKER_CARD_TABLE_BYTES,
    };

    type Five = RsPoker;
    type Strength = rs_poker::core::Rank;

    #[inline]
    fn category(hand: &Hand<N>) -> Category {
        rs_poker_category(rs_poker_rank(hand.as_cards()))
    }

    #[inline]
    fn strength(hand: &Hand<N>) -> rs_poker::core::Rank {
        rs_poker_rank(hand.as_cards())
    }
}

/// The `rs_poker` 5.0 crate's Omaha evaluator (its `omaha` feature,
/// `OmahaHand::rank`): every five of two hole and three board cards
/// ranked, the strongest kept.
#[derive(Clone, Copy, Debug, Default)]
pub struct RsPokerOmaha;

impl<const HOLE: usize, const N: usize> BestFive<Omaha<HOLE, N>> for RsPokerOmaha
where
    Omaha<HOLE, N>: Game,
{
    const META: handeval_core::Meta = handeval_core::Meta {
        name: "rs_poker",
        summary: "rs_poker 5.0 (crates.io, feature omaha): OmahaHand::rank, every five of two hole and three board cards ranked",
        family: <RsPoker as Evaluator>::META.family,
        role: Role::Baseline,
        derived_from: None,
        table_bytes: RS_POKER_TABLE_BYTES,
        card_table_bytes: RS_POKER_CARD_TABLE_BYTES,
    };

    type Five = RsPoker;
    type Strength = rs_poker::core::Rank;

    #[inline]
    fn category(hand: &Omaha<HOLE, N>) -> Category {
        rs_poker_category(Self::strength(hand))
    }

    #[inline]
    fn strength(hand: &Omaha<HOLE, N>) -> rs_poker::core::Rank {
        use rs_poker::core::{CardBitSet, Rankable};
        let set = |cards: &[handeval_core::Card]| {
            let mut set = CardBitSet::new();
            for &c in cards {
                set.insert(RS_POKER_CARDS.get(c));
            }
            set
        };
        rs_poker::omaha::OmahaHand::new(set(hand.hole()), set(hand.board()))
            .expect("two parts of distinct cards, of the sizes rs_poker takes")
            .rank()
    }
}

/// The `aya_poker` 0.1 crate's five-card evaluator (`poker_rank`): the
/// scale of its Omaha values. Not registered as a five-card evaluator; it
/// is there for [`AyaPokerOmaha`].
#[derive(Clone, Copy, Debug, Default)]
pub struct AyaPoker;

/// `aya_poker`'s card for each of the lab's cards (the same numbering:
/// `4 * rank + suit`, suits clubs, diamonds, hearts, spades).
fn aya_card(card: handeval_core::Card) -> &'static aya_poker::base::Card {
    &aya_poker::base::CARDS[usize::from(card.index())]
}

/// `aya_poker`'s hand of some cards.
fn aya_hand(cards: &[handeval_core::Card]) -> aya_poker::base::Hand {
    cards.iter().map(|&c| aya_card(c)).collect()
}

/// The category of an `aya_poker` rank.
fn aya_category(rank: aya_poker::PokerHandRank) -> Category {
    category_of_aya(rank.rank_category())
}

/// The lab's category of an `aya_poker` category.
fn category_of_aya(category: aya_poker::PokerRankCategory) -> Category {
    use aya_poker::PokerRankCategory as C;
    match category {
        C::Ineligible | C::HighCard => Category::HighCard,
        C::Pair => Category::OnePair,
        C::TwoPair => Category::TwoPair,
        C::ThreeOfAKind => Category::ThreeOfAKind,
        C::Straight => Category::Straight,
        C::Flush => Category::Flush,
        C::FullHouse => Category::FullHouse,
        C::FourOfAKind => Category::FourOfAKind,
        C::StraightFlush => Category::StraightFlush,
        C::RoyalFlush => Category::RoyalFlush,
    }
}

/// `aya_poker` 0.1's perfect-hash tables, as its build script generates
/// them (`OUT_DIR/holdem.rs`, `ace_five.rs`, `short_deck.rs`): each
/// `MiniPhf` holds `u16` values and `u32` pilots. Hold'em's rank hash has
/// 80,166 values and 14,281 pilots, its flush hash 4,970 and 985:
/// 217,456 + 13,880 bytes. Declared as none before issue 65, which ranked
/// it among the evaluators without tables.
pub const AYA_HOLDEM_TABLE_BYTES: usize = 80_166 * 2 + 14_281 * 4 + 4_970 * 2 + 985 * 4;
/// Its ace-to-five rank hash: 79,330 values and 13,329 pilots.
pub const AYA_ACE_FIVE_TABLE_BYTES: usize = 79_330 * 2 + 13_329 * 4;
/// Its six-plus (short deck) hashes: 11,058 and 1,685, 250 and 72.
pub const AYA_SHORT_DECK_TABLE_BYTES: usize = 11_058 * 2 + 1_685 * 4 + 250 * 2 + 72 * 4;

impl Evaluator for AyaPoker {
    const META: handeval_core::Meta = handeval_core::Meta {
        name: "aya_poker",
        summary: "aya_poker 0.1 (crates.io): poker_rank, perfect-hash tables generated by its build script",
        family: Family {
            name: "aya_poker",
            title: "perfect-hash tables from the aya_poker crate",
        },
        role: Role::Baseline,
        derived_from: None,
        table_bytes: AYA_HOLDEM_TABLE_BYTES,
        card_table_bytes: 0,
    };

    type Encoded = Hand;
    type Strength = aya_poker::PokerHandRank;

    #[inline(always)]
    fn encode(hand: &Hand) -> Hand {
        *hand
    }

    #[inline]
    fn category(hand: Hand) -> Category {
        aya_category(Self::strength(hand))
    }

    #[inline]
    fn strength(hand: Hand) -> aya_poker::PokerHandRank {
        aya_poker::poker_rank(&aya_hand(hand.as_cards()))
    }
}

/// The `aya_poker` 0.1 crate's Omaha evaluator, `omaha_rank`: every five
/// of two hole and three board cards ranked, the strongest kept.
#[derive(Clone, Copy, Debug, Default)]
pub struct AyaPokerOmaha;

impl<const HOLE: usize, const N: usize> BestFive<Omaha<HOLE, N>> for AyaPokerOmaha
where
    Omaha<HOLE, N>: Game,
{
    const META: handeval_core::Meta = handeval_core::Meta {
        name: "aya_poker",
        summary: "aya_poker 0.1 (crates.io): omaha_rank, every five of two hole and three board cards ranked",
        family: <AyaPoker as Evaluator>::META.family,
        role: Role::Baseline,
        derived_from: None,
        table_bytes: AYA_HOLDEM_TABLE_BYTES,
        card_table_bytes: 0,
    };

    type Five = AyaPoker;
    type Strength = aya_poker::PokerHandRank;

    #[inline]
    fn category(hand: &Omaha<HOLE, N>) -> Category {
        aya_category(Self::strength(hand))
    }

    #[inline]
    fn strength(hand: &Omaha<HOLE, N>) -> aya_poker::PokerHandRank {
        aya_poker::omaha_rank(&aya_hand(hand.hole()), &aya_hand(hand.board()))
    }
}

/// The `aya_poker` 0.1 crate's Omaha Hi-Lo low: `omaha_lo_rank` (every
/// five of two hole and three board cards ranked as an ace-to-five low, the
/// best kept), then `to_lo_8_rank`, which keeps it only if it is eight or
/// better.
#[derive(Clone, Copy, Debug, Default)]
pub struct AyaPokerLow;

/// `aya_poker`'s value of each eight-or-better low, and the low it is: each
/// low's five ranks dealt in two suits and ranked by `ace_five_rank`, its
/// own function, so a value the Omaha low returns is read as the low that
/// `aya_poker` gives it to (a wrong choice of five shows as a wrong low).
fn aya_lows() -> &'static [(u16, handeval_core::low::Low)] {
    static LOWS: std::sync::OnceLock<Vec<(u16, handeval_core::low::Low)>> =
        std::sync::OnceLock::new();
    LOWS.get_or_init(|| {
        let mut lows: Vec<(u16, handeval_core::low::Low)> = (0..=255u8)
            .filter_map(handeval_core::low::Low::from_mask)
            .map(|low| {
                let cards: Vec<handeval_core::Card> = low
                    .ranks()
                    .iter()
                    .enumerate()
                    .map(|(i, &rank)| {
                        let suit = if i == 0 { Suit::Spades } else { Suit::Hearts };
                        handeval_core::Card::new(rank, suit)
                    })
                    .collect();
                (
                    aya_poker::ace_five_rank(&aya_hand(&cards)).to_lo_8_rank().0,
                    low,
                )
            })
            .collect();
        lows.sort_unstable_by_key(|&(value, _)| value);
        lows
    })
}

/// `aya_poker`'s low of a hole and a board, as the lab's low mask.
fn aya_low(hole: &[handeval_core::Card], board: &[handeval_core::Card]) -> handeval_core::low::Low {
    low_of_aya(aya_poker::omaha_lo_rank(&aya_hand(hole), &aya_hand(board)))
}

/// The lab's low of an `aya_poker` ace-to-five rank, if it is eight or
/// better (`to_lo_8_rank`).
fn low_of_aya(rank: aya_poker::AceFiveHandRank) -> handeval_core::low::Low {
    let value = rank.to_lo_8_rank().0;
    let lows = aya_lows();
    lows.binary_search_by_key(&value, |&(v, _)| v)
        .map_or(handeval_core::low::Low::NONE, |i| lows[i].1)
}

/// [`AyaPokerLow`]'s [`Meta`](handeval_core::Meta), for each Hi-Lo Omaha
/// game (`omaha_lo_rank` takes any number of hole cards).
const AYA_LOW: handeval_core::Meta = handeval_core::Meta {
    name: "aya_poker/low",
    summary: "aya_poker 0.1 (crates.io): omaha_lo_rank, every five of two hole and three board cards ranked ace to five, kept if eight or better",
    family: <AyaPoker as Evaluator>::META.family,
    role: Role::Baseline,
    derived_from: None,
    table_bytes: AYA_ACE_FIVE_TABLE_BYTES,
    card_table_bytes: 0,
};

impl handeval_core::low::LowEvaluator<handeval_core::Omaha8> for AyaPokerLow {
    const META: handeval_core::Meta = AYA_LOW;

    #[inline]
    fn low(hand: &handeval_core::Omaha4) -> handeval_core::low::Low {
        aya_low(hand.hole(), hand.board())
    }
}

impl handeval_core::low::LowEvaluator<handeval_core::BigO> for AyaPokerLow {
    const META: handeval_core::Meta = AYA_LOW;

    #[inline]
    fn low(hand: &handeval_core::Omaha5) -> handeval_core::low::Low {
        aya_low(hand.hole(), hand.board())
    }
}

impl handeval_core::low::LowEvaluator<handeval_core::Stud8> for AyaPokerLow {
    const META: handeval_core::Meta = handeval_core::Meta {
        summary: "aya_poker 0.1 (crates.io): ace_five_rank of all seven cards (a perfect hash of the rank key), kept by to_lo_8_rank if eight or better",
        ..AYA_LOW
    };

    #[inline]
    fn low(hand: &handeval_core::Hand7) -> handeval_core::low::Low {
        low_of_aya(aya_poker::ace_five_rank(&aya_hand(&hand.cards())))
    }
}

/// The `aya_poker` 0.1 crate's badugi evaluator, `badugi_rank`: every set
/// of the cards from the most down, each of one card a suit ranked by a
/// perfect hash of its rank key, the best kept.
#[derive(Clone, Copy, Debug, Default)]
pub struct AyaPokerBadugi;

/// Its badugi rank hash: 2,406 values and 391 pilots.
pub const AYA_BADUGI_TABLE_BYTES: usize = 2_406 * 2 + 391 * 4;

/// The lab's class of each `aya_poker` badugi value, indexed by the value:
/// each class's ranks dealt one card a suit and ranked by `badugi_rank`,
/// its own function, so that a value the evaluator returns is read as the
/// class `aya_poker` gives it to (a wrong value shows as a wrong class).
/// Values no class is dealt to read as class 0, which no evaluator gives.
fn aya_badugi_classes() -> &'static [u16] {
    static CLASSES: std::sync::OnceLock<Vec<u16>> = std::sync::OnceLock::new();
    CLASSES.get_or_init(|| {
        use handeval_core::badugi::BadugiClass;
        let suits = [Suit::Clubs, Suit::Diamonds, Suit::Hearts, Suit::Spades];
        let mut classes = Vec::new();
        for class in 1..=handeval_core::badugi::CLASSES {
            let ranks = BadugiClass::new(class).expect("a class").ranks();
            let cards: Vec<handeval_core::Card> = (0..13u8)
                .filter(|r| ranks >> r & 1 == 1)
                .zip(suits)
                .map(|(r, suit)| {
                    // Bit 0 is the ace; bit r the rank r + 1.
                    let rank = if r == 0 {
                        handeval_core::Rank::Ace
                    } else {
                        handeval_core::Rank::from_index(r - 1).expect("a rank")
                    };
                    handeval_core::Card::new(rank, suit)
                })
                .collect();
            let value = usize::from(aya_poker::badugi_rank(&aya_hand(&cards)).0);
            if classes.len() <= value {
                classes.resize(value + 1, 0);
            }
            classes[value] = class;
        }
        classes
    })
}

impl handeval_core::badugi::BadugiEvaluator<handeval_core::Badugi> for AyaPokerBadugi {
    const META: handeval_core::Meta = handeval_core::Meta {
        name: "aya_poker",
        summary: "aya_poker 0.1 (crates.io): badugi_rank, every set of one card a suit ranked by a perfect hash of its rank key, the best kept",
        family: <AyaPoker as Evaluator>::META.family,
        role: Role::Baseline,
        derived_from: None,
        table_bytes: AYA_BADUGI_TABLE_BYTES,
        card_table_bytes: 0,
    };

    #[inline]
    fn class(hand: &handeval_core::Badugi) -> handeval_core::badugi::BadugiClass {
        let value = usize::from(aya_poker::badugi_rank(&aya_hand(hand.hand().as_cards())).0);
        let class = aya_badugi_classes().get(value).copied().unwrap_or(0);
        handeval_core::badugi::class_of_value(u32::from(class))
    }
}

/// The `aya_poker` 0.1 crate's short-deck evaluator, `short_deck_rank`:
/// perfect hashes of the rank and flush keys of six-plus hands (A-6-7-8-9
/// a straight, a flush above a full house). It values any number of cards
/// up to seven, so it is short deck's evaluator of five and of seven cards
/// alike, directly.
#[derive(Clone, Copy, Debug, Default)]
pub struct AyaPokerShort;

/// `aya_poker` 0.1's `ace_five_rank` (a perfect hash of the rank key, any
/// number of cards) as the baseline of the ace-to-five games; its ranks
/// rise with the better low, as the lab's strengths do. (Its
/// `deuce_seven_rank` is no baseline: it counts A-2-3-4-5 as a straight.)
#[derive(Clone, Copy, Debug, Default)]
pub struct AyaPokerAceFive;

/// Implements the five-card [`Evaluator`] and the game's [`BestFive`] of
/// an `aya_poker` function of a game ranked by other rules than the
/// standard game's (short deck's, lowball's), on `$hand<N, $set>`.
macro_rules! aya_ruled {
    ($ty:ident, $hand:ident, $set:ty, $rules:expr, $rank:path, $strength:ty, $summary:literal,
        $bytes:expr) => {
        impl Evaluator for $ty {
            const META: handeval_core::Meta = handeval_core::Meta {
                name: "aya_poker",
                summary: $summary,
                table_bytes: $bytes,
                ..<AyaPoker as Evaluator>::META
            };
            const RULES: &'static handeval_core::rules::Rules = $rules;

            type Encoded = Hand;
            type Strength = $strength;

            #[inline(always)]
            fn encode(hand: &Hand) -> Hand {
                *hand
            }

            #[inline]
            fn category(hand: Hand) -> Category {
                category_of_aya(<Self as Evaluator>::strength(hand).rank_category())
            }

            #[inline]
            fn strength(hand: Hand) -> $strength {
                $rank(&aya_hand(hand.as_cards()))
            }
        }

        impl<const N: usize> BestFive<handeval_core::$hand<N, $set>> for $ty
        where
            handeval_core::$hand<N, $set>: Game,
        {
            const META: handeval_core::Meta = <$ty as Evaluator>::META;

            type Five = $ty;
            type Strength = $strength;

            #[inline]
            fn category(hand: &handeval_core::$hand<N, $set>) -> Category {
                category_of_aya(
                    <Self as BestFive<handeval_core::$hand<N, $set>>>::strength(hand)
                        .rank_category(),
                )
            }

            #[inline]
            fn strength(hand: &handeval_core::$hand<N, $set>) -> $strength {
                $rank(&aya_hand(hand.card_slice()))
            }
        }
    };
}

aya_ruled!(
    AyaPokerShort,
    Short,
    handeval_core::rules::ShortDeck,
    &handeval_core::rules::SHORT_DECK,
    aya_poker::short_deck_rank,
    aya_poker::ShortDeckHandRank,
    "aya_poker 0.1 (crates.io): short_deck_rank, perfect-hash tables of six-plus hands generated by its build script",
    AYA_SHORT_DECK_TABLE_BYTES
);
aya_ruled!(
    AyaPokerAceFive,
    LowHand,
    handeval_core::rules::AceToFiveLow,
    &handeval_core::rules::ACE_TO_FIVE,
    aya_poker::ace_five_rank,
    aya_poker::AceFiveHandRank,
    "aya_poker 0.1 (crates.io): ace_five_rank, a perfect hash of the rank key generated by its build script",
    AYA_ACE_FIVE_TABLE_BYTES
);

/// The `ckc-rs` 0.2 crate (Cactus Kev's evaluator) as an [`Evaluator`].
#[derive(Clone, Copy, Debug, Default)]
pub struct Ckc;

/// Cactus Kev's card: rank bit << 16 | suit bit << 12 | rank << 8 | rank prime,
/// with ckc-rs's suit bits (spades high): S 8, H 4, D 2, C 1.
pub const fn ckc_card(rank: u8, suit: Suit) -> u32 {
    const PRIMES: [u32; 13] = [2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41];
    let suit_bit = match suit {
        Suit::Spades => 8,
        Suit::Hearts => 4,
        Suit::Diamonds => 2,
        Suit::Clubs => 1,
    };
    1 << (16 + rank as u32) | suit_bit << 12 | (rank as u32) << 8 | PRIMES[rank as usize]
}

/// Cactus Kev's card for each of the lab's cards.
const CKC_CARDS: CardTable<u32> =
    handeval_core::card_table!(u32, |c| ckc_card(c.rank().index(), c.suit()));

impl Evaluator for Ckc {
    const META: handeval_core::Meta = handeval_core::Meta {
        name: "ckc-rs",
        summary: "ckc-rs 0.2 (crates.io): Cactus Kev's prime-product evaluator with a binary search",
        family: Family {
            name: "ckc-rs",
            title: "Cactus Kev's prime products, from the ckc-rs crate",
        },
        role: Role::Baseline,
        derived_from: None,
        // FLUSHES and UNIQUE_5 (7,937 u16 each), PRODUCTS (4,888 u32), VALUES (4,888 u16).
        table_bytes: 2 * 7_937 * 2 + 4_888 * 4 + 4_888 * 2,
        card_table_bytes: CardTable::<u32>::BYTES,
    };

    type Encoded = [u32; 5];
    type Strength = Reverse<u16>;

    #[inline(always)]
    fn encode(hand: &Hand) -> [u32; 5] {
        CKC_CARDS.of_hand(hand)
    }

    /// The value is the conventional class itself; its category follows.
    #[inline]
    fn category(cards: [u32; 5]) -> Category {
        let class = Five::from(cards).hand_rank_value();
        // ckc-rs answers 0 only for invalid input, which a Hand cannot be; the
        // differential check would report such a hand as a mismatch.
        HandClass::new(class).map_or(Category::HighCard, HandClass::category)
    }

    #[inline]
    fn strength(cards: [u32; 5]) -> Reverse<u16> {
        Reverse(Five::from(cards).hand_rank_value())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ckc_rs::CardNumber;

    fn hand(s: &str) -> Hand {
        s.parse().unwrap()
    }

    #[test]
    fn ckc_cards_are_the_crates_own_constants() {
        assert_eq!(ckc_card(12, Suit::Spades), CardNumber::ACE_SPADES);
        assert_eq!(ckc_card(11, Suit::Hearts), CardNumber::KING_HEARTS);
        assert_eq!(ckc_card(0, Suit::Diamonds), CardNumber::DEUCE_DIAMONDS);
        assert_eq!(ckc_card(8, Suit::Clubs), CardNumber::TEN_CLUBS);
    }

    #[test]
    fn ckc_gives_the_conventional_classes() {
        assert_eq!(
            Ckc::strength(Ckc::encode(&hand("As Ks Qs Js Ts"))),
            Reverse(1)
        );
        assert_eq!(
            Ckc::strength(Ckc::encode(&hand("5h 4d 3c 2s As"))),
            Reverse(1609)
        );
        assert_eq!(
            Ckc::strength(Ckc::encode(&hand("7c 5d 4h 3s 2c"))),
            Reverse(handeval_core::rules::STANDARD.classes())
        );
    }

    #[test]
    fn pokers_royal_flush_value_and_categories() {
        assert_eq!(
            Pokers::strength(Pokers::encode(&hand("As Ks Qs Js Ts"))),
            POKERS_ROYAL_FLUSH
        );
        assert_eq!(
            Pokers::category(Pokers::encode(&hand("Ad Kd Qd Jd Td"))),
            Category::RoyalFlush
        );
        assert_eq!(
            Pokers::category(Pokers::encode(&hand("Kd Qd Jd Td 9d"))),
            Category::StraightFlush
        );
        assert_eq!(
            Pokers::category(Pokers::encode(&hand("7c 5d 4h 3s 2c"))),
            Category::HighCard
        );
        assert_eq!(
            Pokers::category(Pokers::encode(&hand("7c 7d 4h 4s 2c"))),
            Category::TwoPair
        );
    }
}
