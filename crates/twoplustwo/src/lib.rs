//! The 2+2 evaluator: a state machine over cards, one table read per card.
//!
//! Written in 2006 on the Two Plus Two forum's "7 card hand evaluators"
//! thread by Ray Wotton (RayW), from ideas of Kevin Suffecool's, Paul
//! Senzee's and others in the thread; its `HandRanks.dat` (32,487,834 four-byte
//! entries, about 130 MB) is the table OMPEval's README times at "1588" M
//! hands a second in sequence and "19" M at random. The generator read for
//! this port is `generate_table.cpp` ("by Ray Wotton and the 2+2 list", with
//! James Devlin's edits) in <https://github.com/tangentforks/TwoPlusTwoHandEvaluator>
//! at commit `13d01b5`. The lab generates every entry itself; the method is
//! RayW's, the code the lab's.
//!
//! # The idea
//!
//! A *state* is what the cards dealt so far can still become. Each state has
//! a row of 53 entries; entry `c` (a card, 1 to 52) of a state's row is the
//! offset of the row of the state after card `c`, and after the seventh card
//! the entry is the hand's value instead. So a seven-card hand is seven
//! dependent reads and nothing else:
//!
//! ```text
//! p = T[53 + c1]; p = T[p + c2]; ...; p = T[p + c6]; value = T[p + c7]
//! ```
//!
//! Five and six cards take the method's own last step: entry 0 of a five-
//! or six-card state's row is that hand's value (`value = T[p]`).
//!
//! The states are few because suits are forgotten as soon as they cannot
//! matter. A state is its cards as bytes `(rank + 1) << 4 | (suit + 1)`,
//! sorted; after `n` cards (from the fourth on), a card whose suit has fewer
//! than `n - 2` cards loses its suit (its byte's low half becomes 0): with
//! `7 - n` cards to come, its suit can no longer hold five of the seven. So
//! `As Kd 7h 2c` is `A K 7 2` with no suits, one state for the 256 ways to
//! deal those ranks in four suits, of which 24 are rainbow. Every hand of
//! up to six cards comes to one of 612,977 states (a row of zeros, state 0,
//! is the sink for impossible cards); 612,978 rows of 53 make RayW's
//! 32,487,834 entries, and this generator arrives at the same count. (RayW
//! numbers the states in one sorted list and points impossible cards at the
//! empty hand's row; here each size's states are sorted apart and impossible
//! cards lead to the sink. The same hands reach the same values.)
//!
//! # Worked example
//!
//! `As Ks Qs Js Ts 3c 2d`. Cards are numbered `4 * rank + suit + 1` with
//! suits c, d, h, s: `As` is 52, `Ks` 48, `Qs` 44, `Js` 40, `Ts` 36, `3c` 5,
//! `2d` 2. From the empty hand's row (offset 53), five spades keep their
//! suits (five of a suit can be a flush); at the sixth card `3c` loses its
//! suit (one club of six cards, with one card to come), and so does `2d`.
//! The seventh read is the value, a royal flush: category 9 (the lab's
//! `Category::RoyalFlush`) in bits 12 and up, 1 below (the only royal flush
//! class).
//!
//! ```
//! use handeval_core::{BestFive, Category, Hand7};
//! use handeval_twoplustwo::{Seven, table};
//!
//! let t = table();
//! let mut p = 53;
//! for c in [52, 48, 44, 40, 36, 5] {
//!     p = t.entries[p + c] as usize;
//! }
//! let value = t.entries[p + 2];
//! assert_eq!(value, 9 << 12 | 1);
//! let hand: Hand7 = "As Ks Qs Js Ts 3c 2d".parse().unwrap();
//! assert_eq!(Seven::strength(&hand), value);
//! assert_eq!(Seven::category(&hand), Category::RoyalFlush);
//! ```
//!
//! # Values
//!
//! RayW's: the category in bits 12 and up, and within it `1` for the weakest
//! hand, counting up; the lab's categories (high card 0 to royal flush 9)
//! instead of Cactus Kev's (high card 1 to straight flush 9). They are
//! `perfhash/scalar`'s numbers for the same hands, and come from it: the
//! state's cards are dealt (a suit for each suitless card that makes no
//! flush and no repeated card) and valued by `perfhash/scalar` (five),
//! `perfhash/best-of-6` (six) and `perfhash/seven` (seven), whose tables
//! that crate's build script generates from the reference. Nothing is read
//! from RayW's file; `cargo xtask diff` holds every five-, six- and
//! seven-card hand to the reference itself.
//!
//! # Made once per build directory
//!
//! Generating the table takes a few seconds on every core; it is saved in
//! `target/handeval-tables/` by [`handeval_cache`] with a fingerprint of
//! this file, and read back by later processes after a check of 2,048
//! seeded hands of five, six and seven cards against `perfhash/scalar`'s
//! values (the same scale, from the reference by another route). [`Table::origin`] says which happened.
//!
//! # Not ported
//!
//! RayW's file format and its Cactus Kev evaluator (the lab's reference
//! gives the values); the table's use for incremental enumeration lives in
//! the benchmarks.

use std::sync::OnceLock;

use handeval_cache::{Origin, Recipe, Sample, fingerprint};
use handeval_core::{
    BestFive, Card, Category, Evaluator, Family, Generated, Hand, Hand6, Hand7, Rank, Role, Suit,
};
use handeval_perfhash::{Scalar, Seven as PerfhashSeven};

/// The 2+2 family.
pub const FAMILY: Family = Family {
    name: "twoplustwo",
    title: "The 2+2 evaluator (RayW's state table), generated from the reference",
};

/// Rows: the sink, then every state of up to six cards.
pub const ROWS: usize = 612_978;
/// Entries per row: entry 0 (a five- or six-card state's value), then one
/// per card.
pub const ROW: usize = 53;
/// The table's entries.
pub const ENTRIES: usize = ROWS * ROW;
/// Its bytes.
pub const TABLE_BYTES: usize = ENTRIES * 4;
/// The offset of the empty hand's row, where every hand starts.
pub const START: usize = ROW;

/// The state table and where it came from.
pub struct Table {
    /// [`ROWS`] rows of [`ROW`] entries: offsets of rows, or values.
    pub entries: Vec<u32>,
    /// Generated in this process (and how long that took), or read from
    /// the build directory's cache.
    pub origin: Origin,
}

impl Table {
    /// What a run records of it.
    #[must_use]
    pub fn generated(&self) -> Generated {
        RECIPE.record(&self.origin, TABLE_BYTES)
    }
}

/// The table through a cache folder `dir` of its own (a fresh one):
/// generated and saved there, then read back. Returns what was generated,
/// what was read, and whether the second came from the file. The tests
/// hold the cache to the generator with it on every machine, a cold cache
/// included.
#[doc(hidden)]
pub fn through_cache(dir: &std::path::Path) -> (Vec<u32>, Vec<u32>, bool) {
    let folder = handeval_cache::Folder::Own(dir);
    let ([made], _) = RECIPE.load_or_make_in(folder, || [generate()], check);
    let ([read], origin) = RECIPE.load_or_make_in(folder, || [generate()], check);
    (made, read, !origin.generated())
}

const RECIPE: Recipe<1> = Recipe {
    name: "twoplustwo",
    fingerprint: fingerprint(&[include_bytes!("lib.rs")]),
    lens: [ENTRIES],
};

/// The table, on first use: read from the build directory's cache if the
/// file there passes the checks, otherwise generated and saved.
pub fn table() -> &'static Table {
    static TABLE: OnceLock<Table> = OnceLock::new();
    TABLE.get_or_init(|| {
        let ([entries], origin) = RECIPE.load_or_make(|| [generate()], check);
        Table { entries, origin }
    })
}

/// A card's byte in a state: rank + 1 in the high half, suit + 1 (or 0 once
/// forgotten) in the low half.
fn byte(card: Card) -> u8 {
    (card.rank().index() + 1) << 4 | (card.suit().index() + 1)
}

/// A state: up to seven card bytes, sorted from the highest, packed from the
/// lowest byte of a `u64` (0 is the empty hand).
type Id = u64;

fn unpack(id: Id) -> ([u8; 8], usize) {
    let bytes = id.to_le_bytes();
    let n = bytes.iter().take_while(|&&b| b != 0).count();
    (bytes, n)
}

/// The state after `card` is added to `id`, or `None` if the card cannot be
/// dealt there: it is already held with its suit, or it would be a rank's
/// fifth card.
fn next(id: Id, card: Card) -> Option<Id> {
    let (mut bytes, n) = unpack(id);
    let new = byte(card);
    if bytes[..n].contains(&new) {
        return None;
    }
    bytes[n] = new;
    let n = n + 1;
    let (mut ranks, mut suits) = ([0u8; 14], [0u8; 5]);
    for &b in &bytes[..n] {
        ranks[(b >> 4) as usize] += 1;
        suits[(b & 15) as usize] += 1;
    }
    if ranks.iter().any(|&r| r > 4) {
        return None;
    }
    // With 7 - n cards to come, a suit needs n - 2 now to reach five.
    let needed = n.saturating_sub(2) as u8;
    if needed > 1 {
        for b in &mut bytes[..n] {
            if suits[(*b & 15) as usize] < needed {
                *b &= 0xf0;
            }
        }
    }
    bytes[..n].sort_unstable_by(|a, b| b.cmp(a));
    Some(Id::from_le_bytes(bytes))
}

/// Concrete cards for a state of five to seven cards: each suitless card
/// gets a suit in turn among those no kept card has (at most one suit keeps
/// cards from the fifth card on), so that no two cards repeat (a rank's
/// cards are adjacent in the sorted state) and no suitless cards make a
/// flush (at most seven over three suits).
fn deal<const N: usize>(bytes: &[u8]) -> [Card; N] {
    let kept = bytes.iter().map(|b| b & 15).find(|&s| s != 0);
    let mut free = [0u8; 4];
    let mut suits = 0;
    for s in (1..=4).filter(|&s| Some(s) != kept) {
        free[suits] = s;
        suits += 1;
    }
    let mut turn = 0;
    core::array::from_fn(|i| {
        let b = bytes[i];
        let suit = if b & 15 != 0 {
            b & 15
        } else {
            turn += 1;
            free[(turn - 1) % suits]
        };
        Card::new(
            Rank::from_index((b >> 4) - 1).expect("a rank"),
            Suit::from_index(suit - 1).expect("a suit"),
        )
    })
}

/// The value of a state's cards (five to seven), on `perfhash/scalar`'s
/// scale: its five-card value, the best of six fives, or its seven-card
/// method for seven.
fn state_value(bytes: &[u8]) -> u32 {
    match bytes.len() {
        5 => {
            let hand = Hand::new(deal(bytes)).expect("distinct cards");
            Scalar::strength(Scalar::encode(&hand))
        }
        6 => <handeval_core::BestOf<Scalar> as BestFive<Hand6>>::strength(
            &Hand6::new(deal(bytes)).expect("distinct cards"),
        ),
        7 => PerfhashSeven::strength(&Hand7::new(deal(bytes)).expect("distinct cards")),
        _ => unreachable!("five to seven cards"),
    }
}

/// Every state of up to six cards, by number of cards, each list sorted.
fn states() -> Vec<Vec<Id>> {
    let mut levels = vec![vec![0]];
    for _ in 0..6 {
        let mut level: Vec<Id> = levels
            .last()
            .expect("a level")
            .iter()
            .flat_map(|&id| Card::all().filter_map(move |c| next(id, c)))
            .collect();
        level.sort_unstable();
        level.dedup();
        levels.push(level);
    }
    levels
}

/// Generates the table, on every core.
///
/// # Panics
/// If the states are not [`ROWS`] `- 1`.
#[must_use]
pub fn generate() -> Vec<u32> {
    let levels = states();
    let count: usize = levels.iter().map(Vec::len).sum();
    assert_eq!(count + 1, ROWS, "states of up to six cards");
    // Row of the first state of each level (row 0 is the sink).
    let first: Vec<usize> = levels
        .iter()
        .scan(1, |row, level| {
            let at = *row;
            *row += level.len();
            Some(at)
        })
        .collect();
    let row_of = |n: usize, id: Id| {
        first[n]
            + levels[n]
                .binary_search(&id)
                .expect("every next state is listed")
    };
    let mut entries = vec![0u32; ENTRIES];
    let threads = std::thread::available_parallelism().map_or(1, usize::from);
    std::thread::scope(|s| {
        let mut rest = &mut entries[ROW..];
        for (n, level) in levels.iter().enumerate() {
            let (rows, tail) = rest.split_at_mut(level.len() * ROW);
            rest = tail;
            let per = level.len().div_ceil(threads).max(1);
            for (chunk, rows) in level.chunks(per).zip(rows.chunks_mut(per * ROW)) {
                let row_of = &row_of;
                s.spawn(move || {
                    for (&id, row) in chunk.iter().zip(rows.chunks_mut(ROW)) {
                        let (bytes, held) = unpack(id);
                        if held >= 5 {
                            row[0] = state_value(&bytes[..held]);
                        }
                        for card in Card::all() {
                            let slot = &mut row[usize::from(card.index()) + 1];
                            *slot = match next(id, card) {
                                None => 0,
                                Some(after) if n == 6 => state_value(&unpack(after).0[..7]),
                                Some(after) => (row_of(n + 1, after) * ROW) as u32,
                            };
                        }
                    }
                });
            }
        }
    });
    entries
}

/// How many hands of each size [`check`] walks.
const CHECKED: usize = 2048;

/// Walks a seeded sample of hands of five, six and seven cards through the
/// table and compares each value with the best of its fives by
/// `perfhash/scalar` (whose values, from the reference by its build script,
/// are on the same scale): a cached file must answer as [`generate`]'s table
/// does. No class table is built, so the check stays cheap under callgrind.
fn check(t: &[Vec<u32>; 1]) -> Result<(), String> {
    let entries = &t[0];
    // The same hands every time.
    let mut sample = Sample::new(0x2b2_5eed);
    let mut deck: Vec<Card> = Card::all().collect();
    for _ in 0..CHECKED {
        for i in 0..7 {
            deck.swap(i, i + sample.below(Card::COUNT - i));
        }
        let mut p = START;
        for (i, card) in deck[..7].iter().enumerate() {
            p = entries
                .get(p + usize::from(card.index()) + 1)
                .copied()
                .ok_or_else(|| format!("an offset past the table: {p}"))? as usize;
            let got = match i {
                4 | 5 => entries.get(p).copied().unwrap_or(u32::MAX),
                6 => p as u32,
                _ => continue,
            };
            let want = best_by_scalar(&deck[..=i]);
            if got != want {
                let hand: Vec<String> = deck[..=i].iter().map(ToString::to_string).collect();
                return Err(format!("{} is {got}, not {want}", hand.join(" ")));
            }
        }
    }
    Ok(())
}

/// The best of the fives of `cards` by `perfhash/scalar`.
fn best_by_scalar(cards: &[Card]) -> u32 {
    let n = cards.len();
    let mut best = 0;
    for skip in 0u32..1 << n {
        if skip.count_ones() as usize != n - 5 {
            continue;
        }
        let mut five = [cards[0]; 5];
        let mut k = 0;
        for (i, &c) in cards.iter().enumerate() {
            if skip & 1 << i == 0 {
                five[k] = c;
                k += 1;
            }
        }
        let hand = Hand::new(five).expect("distinct cards");
        best = best.max(Scalar::strength(Scalar::encode(&hand)));
    }
    best
}

/// The value of five to seven cards: one read per card from the empty
/// hand's row; after seven the last read is the value, after five or six
/// the state's entry 0 is.
#[inline(always)]
fn value(cards: &[Card]) -> u32 {
    let entries = &table().entries;
    let p = cards.iter().fold(START, |p, c| {
        entries[p + usize::from(c.index()) + 1] as usize
    });
    if cards.len() == 7 {
        p as u32
    } else {
        entries[p]
    }
}

#[inline(always)]
fn category_of(value: u32) -> Category {
    Category::from_index_masked((value >> 12) as usize)
}

/// Five cards: five reads, then the state's entry 0.
#[derive(Clone, Copy, Debug, Default)]
pub struct Five;

impl Evaluator for Five {
    const META: handeval_core::Meta = handeval_core::Meta {
        name: "twoplustwo/five",
        summary: "RayW's 2+2 state table: one read per card, then the five-card state's own value; 130 MB generated from the reference",
        family: FAMILY,
        role: Role::Tuned,
        derived_from: None,
        table_bytes: TABLE_BYTES,
        card_table_bytes: 0,
    };

    type Encoded = Hand;
    type Strength = u32;

    fn generated() -> Option<Generated> {
        Some(table().generated())
    }

    #[inline]
    fn encode(hand: &Hand) -> Hand {
        *hand
    }

    #[inline]
    fn category(hand: Hand) -> Category {
        category_of(value(hand.as_cards()))
    }

    #[inline]
    fn strength(hand: Hand) -> u32 {
        value(hand.as_cards())
    }
}

/// Six cards: six reads, then the state's entry 0.
#[derive(Clone, Copy, Debug, Default)]
pub struct Six;

impl BestFive<Hand6> for Six {
    const META: handeval_core::Meta = handeval_core::Meta {
        name: "twoplustwo/six",
        summary: "RayW's 2+2 state table: one read per card, then the six-card state's own value",
        family: FAMILY,
        role: Role::Tuned,
        derived_from: Some(Five::META.name),
        table_bytes: TABLE_BYTES,
        card_table_bytes: 0,
    };

    type Five = Five;
    type Strength = u32;

    fn generated() -> Option<Generated> {
        Some(table().generated())
    }

    #[inline]
    fn category(hand: &Hand6) -> Category {
        category_of(value(hand.as_cards()))
    }

    #[inline]
    fn strength(hand: &Hand6) -> u32 {
        value(hand.as_cards())
    }
}

/// Seven cards: seven reads, the last of which is the value.
#[derive(Clone, Copy, Debug, Default)]
pub struct Seven;

impl BestFive<Hand7> for Seven {
    const META: handeval_core::Meta = handeval_core::Meta {
        name: "twoplustwo/seven",
        summary: "RayW's 2+2 state table: seven dependent reads, the last of which is the value",
        family: FAMILY,
        role: Role::Tuned,
        derived_from: Some(Five::META.name),
        table_bytes: TABLE_BYTES,
        card_table_bytes: 0,
    };
    const INCREMENTAL: Option<handeval_core::Incremental> = Some(handeval_core::incremental!(
        "state walk",
        seven_cards,
        || ""
    ));

    type Five = Five;
    type Strength = u32;

    fn generated() -> Option<Generated> {
        Some(table().generated())
    }

    #[inline]
    fn category(hand: &Hand7) -> Category {
        category_of(value(hand.as_cards()))
    }

    #[inline]
    fn strength(hand: &Hand7) -> u32 {
        value(hand.as_cards())
    }
}

/// Values every seven-card hand of `deck` (distinct cards, ascending) the
/// way the state table was made for: nested loops, one read per loop, the
/// state after six cards reused by every seventh card, the innermost
/// loop's values handed to `sink` as a run.
///
/// ```
/// use handeval_core::{Card, enumerate::Checksum};
/// let deck: Vec<Card> = Card::all().take(9).collect();
/// let mut sink = Checksum::default();
/// handeval_twoplustwo::seven_cards(&deck, &mut sink);
/// assert_eq!(sink.hands(), 36); // C(9, 7)
/// ```
pub fn seven_cards<S: handeval_core::enumerate::Sink>(deck: &[Card], sink: &mut S) {
    let e = &table().entries[..];
    // A state's row: one entry per card, after the row's own entry 0;
    // after six cards, the seventh card's entry is the hand's value.
    let at = |state: usize, card: Card| state + usize::from(card.index()) + 1;
    handeval_core::enumerate::deal_seven(
        deck,
        START,
        |s, c| e[at(s, c)] as usize,
        |s, c| e[at(s, c)],
        sink,
    );
}

/// Registers the family's evaluators.
pub fn register(r: &mut impl handeval_core::Register) {
    r.five::<Five>();
    r.add::<Hand6, Six>();
    r.add::<Hand7, Seven>();
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_suit_is_forgotten_once_it_cannot_make_a_flush() {
        let id = ["As", "Kd", "7h", "2c"]
            .iter()
            .fold(0, |id, c| next(id, c.parse().unwrap()).unwrap());
        // Four cards, four suits: none can reach five of seven.
        assert_eq!(unpack(id).0[..4], [0xd0, 0xc0, 0x60, 0x10]);
        // The same card twice is refused while its suit is known; a fifth
        // card of a rank always.
        let id = next(0, "As".parse().unwrap()).unwrap();
        assert_eq!(next(id, "As".parse().unwrap()), None);
        let quads = ["2c", "2d", "2h", "2s"]
            .iter()
            .fold(0, |id, c| next(id, c.parse().unwrap()).unwrap());
        assert!(next(quads, "3c".parse().unwrap()).is_some());
    }

    #[test]
    fn the_cache_check_refuses_changed_values_and_changed_offsets() {
        let mut t = [table().entries.clone()];
        assert_eq!(check(&t), Ok(()));
        // Every five- and six-card value one off.
        for row in t[0].chunks_exact_mut(ROW) {
            row[0] ^= 1;
        }
        let refused = check(&t).expect_err("changed values passed");
        assert!(refused.contains(" is "), "{refused}");
        for row in t[0].chunks_exact_mut(ROW) {
            row[0] ^= 1;
        }
        assert_eq!(check(&t), Ok(()));
        // Every offset and seven-card value one off.
        for row in t[0].chunks_exact_mut(ROW) {
            for e in &mut row[1..] {
                *e ^= 1;
            }
        }
        assert!(check(&t).is_err(), "changed offsets passed");
    }

    #[test]
    fn dealt_states_repeat_no_card_and_make_no_forgotten_flush() {
        // Seven suitless cards with a rank four times: four suits, in turn.
        let bytes = [0xd0, 0xd0, 0xd0, 0xd0, 0x50, 0x40, 0x30];
        let cards: [Card; 7] = deal(&bytes);
        let mut seen = 0u64;
        for c in &cards {
            assert_eq!(seen & 1 << c.index(), 0, "{c} twice");
            seen |= 1 << c.index();
        }
        let mut suits = [0; 4];
        for c in &cards {
            suits[usize::from(c.suit().index())] += 1;
        }
        assert!(suits.iter().all(|&n| n < 5));
    }
}
