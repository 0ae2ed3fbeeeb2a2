//! The trait of evaluators of six- and seven-card hands (any [`Game`]),
//! and the adapter that makes one from any five-card evaluator.

use core::fmt::Debug;

use crate::enumerate::{Checksum, Sink};
use crate::{Card, Category, CpuPath, Evaluator, Game, Hand, Meta, batch};

/// An evaluator's incremental form ([`BestFive::INCREMENTAL`]).
#[derive(Clone, Copy, Debug)]
pub struct Incremental {
    /// The form's name in reports: `state walk`, `key sums`, `partial sums`.
    pub form: &'static str,
    /// Every seven of a deck (distinct cards, ascending), the values summed:
    /// the timed pass.
    pub checksum: fn(&[Card]) -> Checksum,
    /// The same pass, each value handed to a sink: the checked pass.
    pub values: fn(&[Card], &mut dyn Sink),
    /// The vector path it takes on this CPU, empty for a scalar form.
    pub path: fn() -> &'static str,
}

/// An [`Incremental`] form named `$form` from a family's generic
/// enumeration `$enumerate(deck, &mut sink)` (any [`Sink`]), its vector path
/// on this CPU given by `$path`: the timed pass monomorphised with
/// [`Checksum`], the checked one with `&mut dyn Sink`.
#[macro_export]
macro_rules! incremental {
    ($form:expr, $enumerate:path, $path:expr) => {
        $crate::Incremental {
            form: $form,
            checksum: |deck| {
                let mut sink = $crate::enumerate::Checksum::default();
                $enumerate(deck, &mut sink);
                sink
            },
            values: |deck, mut sink| $enumerate(deck, &mut sink),
            path: $path,
        }
    };
}

/// An evaluator of hands of `H` cards: the strength of their best five.
///
/// It is a second trait beside [`Evaluator`] rather than a hand-size
/// parameter of it, because the two differ in what they owe the lab:
///
/// - It is timed and checked from cards only: there is no separate
///   encoding step to pre-compute, since every six- and seven-card
///   algorithm here encodes on the way in (a sum, an OR, a table per card).
/// - Its values are on the scale of a five-card evaluator, [`BestFive::Five`]:
///   the value of a hand is the value `Five` gives its best five cards. That
///   is what makes "the class of the best five" an answer of the evaluator's
///   own: the class (1..=7462) of a value is its place among the five-card
///   evaluator's values over all five-card hands. (Only 4,824 classes occur
///   as the best five of seven, 6,075 of six: [`Game::CATEGORY_CLASSES`].)
///   An evaluator whose values were on no five-card scale could not say
///   which of the 7,462 classes it found; one whose values are on a scale
///   but wrong shows the wrong class.
///
/// Every five-card [`Evaluator`] is one for five cards through [`Whole`],
/// so that the tools handle every hand size the same way. Families, roles
/// and the variant an evaluator was derived from are declared as for five
/// cards.
pub trait BestFive<H: Game>: 'static {
    /// What it is, as [`Evaluator::META`]: its name (`"deadhorse/seven"`)
    /// is unique among the game's evaluators, and an adapter's is its
    /// five-card evaluator's, forwarded ([`Whole`]) or derived ([`BestOf`]).
    const META: Meta;
    /// Whether it takes the best of the hand's five-card hands (made by
    /// [`BestOf`]) rather than evaluating the cards directly.
    const BEST_OF_FIVES: bool = false;
    /// Its incremental form, where it has one: how it values every seven-card
    /// hand of a deck by nested loops that carry sums from card to card (the
    /// enumeration workload times this form; an evaluator without one has
    /// its from-scratch cost in the sequential workloads).
    const INCREMENTAL: Option<Incremental> = None;

    /// The five-card evaluator whose values this one's values are: see the
    /// trait documentation.
    type Five: Evaluator<Strength = Self::Strength>;
    /// The value of the best five cards, on [`BestFive::Five`]'s scale.
    type Strength: Ord + Copy + Debug + Send + Sync + 'static;

    /// The category of the best five cards.
    fn category(hand: &H) -> Category;
    /// The strength of the best five cards.
    fn strength(hand: &H) -> Self::Strength;

    /// Why this evaluator cannot run natively on this machine, as
    /// [`Evaluator::unavailable`].
    fn unavailable() -> Option<&'static str> {
        None
    }

    /// Makes (or reads) the tables the evaluator generates at run time, as
    /// [`Evaluator::generated`].
    fn generated() -> Option<crate::Generated> {
        None
    }

    /// Which code path the batch loops take on this CPU.
    fn cpu_path() -> CpuPath {
        CpuPath::PORTABLE
    }

    /// Categories of a batch: `out[i] = category(&hands[i])`.
    ///
    /// # Panics
    /// If `out` and `hands` differ in length.
    fn categories(hands: &[H], out: &mut [Category]) {
        batch(hands, out, |h| Self::category(&h));
    }

    /// Strengths of a batch: `out[i] = strength(&hands[i])`.
    ///
    /// # Panics
    /// If `out` and `hands` differ in length.
    fn strengths(hands: &[H], out: &mut [Self::Strength]) {
        batch(hands, out, |h| Self::strength(&h));
    }

    /// Strengths of a batch of hands given as rows of card numbers
    /// (`rows` is `out.len()` rows of [`Game::COUNT`] bytes, each a card
    /// index, in the hand's card order), where the evaluator reads card
    /// numbers without a [`Game`] hand built first (`true`); `false`, and
    /// `out` untouched, where it does not. Only a caller that checked the
    /// rows are hands gets meaningful values; other bytes give some value,
    /// never unsoundness or a panic.
    ///
    /// # Panics
    /// If `rows` is not `out.len()` rows.
    fn strengths_of_rows(rows: &[u8], out: &mut [Self::Strength]) -> bool {
        assert_eq!(rows.len(), out.len() * H::COUNT, "one output slot per row");
        false
    }

    /// [`strengths`](BestFive::strengths) and [`categories`](BestFive::categories)
    /// of a batch at once, for checks that want both: the two batch loops
    /// one after the other, unless the evaluator finds both in one pass (a
    /// best-of adapter, whose categories come from its strongest fives, and
    /// whose `categories` is this same pass).
    ///
    /// # Panics
    /// If the slices differ in length.
    fn strengths_and_categories(
        hands: &[H],
        strengths: &mut [Self::Strength],
        categories: &mut [Category],
    ) {
        Self::strengths(hands, strengths);
        Self::categories(hands, categories);
    }
}

/// A five-card [`Evaluator`] as a [`BestFive`] of five cards: encoding and
/// evaluation in one step, through the evaluator's own from-cards batch loops.
#[derive(Clone, Copy, Debug, Default)]
pub struct Whole<E>(core::marker::PhantomData<E>);

impl<E: Evaluator> BestFive<Hand> for Whole<E> {
    const META: Meta = E::META;

    type Five = E;
    type Strength = E::Strength;

    #[inline(always)]
    fn category(hand: &Hand) -> Category {
        E::category(E::encode(hand))
    }
    #[inline(always)]
    fn strength(hand: &Hand) -> E::Strength {
        E::strength(E::encode(hand))
    }
    fn unavailable() -> Option<&'static str> {
        E::unavailable()
    }
    fn cpu_path() -> CpuPath {
        E::cpu_path()
    }
    fn generated() -> Option<crate::Generated> {
        E::generated()
    }
    fn categories(hands: &[Hand], out: &mut [Category]) {
        E::categories_of_hands(hands, out);
    }
    fn strengths(hands: &[Hand], out: &mut [E::Strength]) {
        E::strengths_of_hands(hands, out);
    }
}

/// The strongest of the five-card hands in `hand`, by `E`: the definition
/// of a six- or seven-card hand's strength, computed literally.
#[inline(always)]
pub fn best_of<E: Evaluator, H: Game>(hand: &H) -> E::Strength {
    let cards = hand.card_slice();
    let five = |p: &[usize; 5]| E::strength(E::encode(&Hand::from_distinct(p.map(|i| cards[i]))));
    let mut best = five(&H::FIVES[0]);
    for p in &H::FIVES[1..] {
        best = best.max(five(p));
    }
    best
}

/// The category of the strongest five, by `E`: categories rise with
/// strength in the order of the game's rules ([`Game::RULES`]), so it is
/// the fives' category that stands highest in that order.
#[inline(always)]
pub fn best_category_of<E: Evaluator, H: Game>(hand: &H) -> Category {
    let cards = hand.card_slice();
    let five = |p: &[usize; 5]| E::category(E::encode(&Hand::from_distinct(p.map(|i| cards[i]))));
    let mut best = five(&H::FIVES[0]);
    for p in &H::FIVES[1..] {
        let c = five(p);
        if H::RULES.beats(c, best) {
            best = c;
        }
    }
    best
}

/// Fives per chunk of the batch adapters: 32 seven-card hands' 21 fives (112
/// six-card hands' 6), encoded, fill a buffer small enough to stay in the
/// first-level cache.
const CHUNK_FIVES: usize = 32 * 21;

/// The best of each hand's consecutive fives' values, through `E`'s own
/// batch loop over encoded hands (`evaluate`): a chunk of hands' fives is
/// encoded straight from the cards into a buffer on the stack and evaluated
/// in one call, so that an evaluator whose batch loop runs under
/// `#[target_feature]` keeps that here. `finish(i, fives, values)` then
/// gets hand `i`'s encoded fives and their values. `init` fills the
/// values buffer before its first use.
#[inline]
fn best_of_chunks<E: Evaluator, H: Game, O: Copy>(
    hands: &[H],
    init: O,
    evaluate: impl Fn(&[E::Encoded], &mut [O]),
    mut finish: impl FnMut(usize, &[E::Encoded], &[O]),
) {
    let Some(first) = hands.first() else {
        return;
    };
    let per_hand = H::FIVES.len();
    let first_five = first.fives().next().expect("a hand has a five");
    let mut encoded = [E::encode(&first_five); CHUNK_FIVES];
    let mut values = [init; CHUNK_FIVES];
    let chunk = CHUNK_FIVES / per_hand;
    for (c, hands) in hands.chunks(chunk).enumerate() {
        let n = hands.len() * per_hand;
        for (slots, hand) in encoded.chunks_exact_mut(per_hand).zip(hands) {
            let cards = hand.card_slice();
            for (slot, p) in slots.iter_mut().zip(H::FIVES) {
                // Positions from the table are distinct and below the hand's
                // size, and its cards are distinct: every five is valid.
                *slot = E::encode(&Hand::from_distinct(p.map(|i| cards[i])));
            }
        }
        evaluate(&encoded[..n], &mut values[..n]);
        let groups = encoded[..n]
            .chunks_exact(per_hand)
            .zip(values[..n].chunks_exact(per_hand));
        for (i, (fives, group)) in groups.enumerate() {
            finish(c * chunk + i, fives, group);
        }
    }
}

/// The place and value of the strongest of `values` (the first, on a tie).
#[inline(always)]
fn strongest<O: Ord + Copy>(values: &[O]) -> (usize, O) {
    let mut best = (0, values[0]);
    for (i, &v) in values.iter().enumerate().skip(1) {
        if v > best.1 {
            best = (i, v);
        }
    }
    best
}

/// [`best_of`] over a batch, through [`Evaluator::strengths`].
///
/// # Panics
/// If `out` and `hands` differ in length.
#[inline]
pub fn best_of_batch<E: Evaluator, H: Game>(hands: &[H], out: &mut [E::Strength]) {
    assert_eq!(hands.len(), out.len(), "one output slot per hand");
    let Some(&init) = out.first() else { return };
    best_of_chunks::<E, H, _>(hands, init, E::strengths, |i, _, values| {
        out[i] = strongest(values).1;
    });
}

/// [`best_of_batch`] and each hand's category at once: the category of its
/// strongest five (categories rise with strength), from one more
/// evaluation of that five rather than 21 of them.
///
/// # Panics
/// If `strengths`, `categories` and `hands` differ in length.
#[inline]
pub fn best_of_both<E: Evaluator, H: Game>(
    hands: &[H],
    strengths: &mut [E::Strength],
    categories: &mut [Category],
) {
    assert_eq!(hands.len(), strengths.len(), "one output slot per hand");
    assert_eq!(hands.len(), categories.len(), "one output slot per hand");
    let Some(&init) = strengths.first() else {
        return;
    };
    best_of_chunks::<E, H, _>(hands, init, E::strengths, |i, fives, values| {
        let (at, value) = strongest(values);
        strengths[i] = value;
        categories[i] = E::category(fives[at]);
    });
}

/// [`best_category_of`] over a batch: [`best_of_both`]'s categories.
///
/// # Panics
/// If `out` and `hands` differ in length.
#[inline]
pub fn best_category_of_batch<E: Evaluator, H: Game>(hands: &[H], out: &mut [Category]) {
    const CHUNK: usize = 256;
    assert_eq!(hands.len(), out.len(), "one output slot per hand");
    let Some(first) = hands.first() else { return };
    let mut strengths = [best_of::<E, H>(first); CHUNK];
    for (hands, out) in hands.chunks(CHUNK).zip(out.chunks_mut(CHUNK)) {
        best_of_both::<E, H>(hands, &mut strengths[..hands.len()], out);
    }
}

/// Any five-card evaluator `E` as an evaluator of every game: a hand's
/// value is the strongest of the values `E` gives the fives the game
/// allows ([`Game::FIVES`]; upstream cards-cs's method for seven cards).
/// One adapter for every game, so that a new game has each family's
/// best-of the moment it is defined: a family registers it with
/// [`Register::best_of`](crate::Register::best_of), which walks the games.
///
/// Its name is `E`'s family, a slash and `E`'s [`Evaluator::BEST_OF`]
/// pattern with the number of fives in place of `{}`: `pext/best-of-21`
/// for seven cards (21 fives), `pext/best-of-60` for Omaha. It is
/// derived from `E`, of `E`'s family and role.
///
/// ```
/// use handeval_core::{BestFive, BestOf, Category, Evaluator, Family, Hand, Hand7, Omaha4, Role};
///
/// pub struct Count;
/// impl Evaluator for Count {
///     const META: handeval_core::Meta = handeval_core::Meta {
///         name: "mine/count",
///         summary: "the highest card's index",
///         family: Family { name: "mine", title: "an example" },
///         role: Role::Tuned,
///         derived_from: None,
///         table_bytes: 0,
///         card_table_bytes: 0,
///     };
///     type Encoded = Hand;
///     type Strength = u8;
///     fn encode(hand: &Hand) -> Hand { *hand }
///     fn category(_: Hand) -> Category { Category::HighCard }
///     fn strength(h: Hand) -> u8 { h.cards().map(|c| c.index()).into_iter().max().unwrap() }
/// }
/// let hand: Hand7 = "2c 3d 4h 5s 6c 7d As".parse().unwrap();
/// assert_eq!(<BestOf<Count> as BestFive<Hand7>>::strength(&hand), 51);
/// assert_eq!(<BestOf<Count> as BestFive<Hand7>>::META.name, "mine/best-of-21");
/// assert_eq!(<BestOf<Count> as BestFive<Omaha4>>::META.name, "mine/best-of-60");
/// assert_eq!(<BestOf<Count> as BestFive<Hand7>>::META.derived_from, Some("mine/count"));
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct BestOf<E>(core::marker::PhantomData<E>);

/// The longest name [`BestOf`] builds.
const NAME_BYTES: usize = 64;

/// `family/pattern` with `fives` written in place of the pattern's first
/// `{}`, into a buffer: the bytes and how many are used. A name longer
/// than [`NAME_BYTES`] stops the build.
const fn best_of_name(family: &str, pattern: &str, fives: usize) -> ([u8; NAME_BYTES], usize) {
    let mut out = [0u8; NAME_BYTES];
    let mut len = 0;
    let family = family.as_bytes();
    let mut i = 0;
    while i < family.len() {
        out[len] = family[i];
        len += 1;
        i += 1;
    }
    out[len] = b'/';
    len += 1;
    let pattern = pattern.as_bytes();
    let mut written = false;
    let mut i = 0;
    while i < pattern.len() {
        if !written && pattern[i] == b'{' && i + 1 < pattern.len() && pattern[i + 1] == b'}' {
            // The digits of `fives`, most significant first.
            let mut digits = 1;
            let mut rest = fives / 10;
            while rest > 0 {
                digits += 1;
                rest /= 10;
            }
            let mut d = digits;
            let mut rest = fives;
            while d > 0 {
                d -= 1;
                out[len + d] = b'0' + (rest % 10) as u8;
                rest /= 10;
            }
            len += digits;
            written = true;
            i += 2;
        } else {
            out[len] = pattern[i];
            len += 1;
            i += 1;
        }
    }
    (out, len)
}

/// The name of `BestOf<E>` for the game `H`, built at compile time.
struct BestOfName<E, H>(core::marker::PhantomData<(E, H)>);

impl<E: Evaluator, H: Game> BestOfName<E, H> {
    const BUILT: ([u8; NAME_BYTES], usize) =
        best_of_name(E::META.family.name, E::BEST_OF, H::FIVES.len());
    const NAME: &'static str = match core::str::from_utf8(Self::BUILT.0.split_at(Self::BUILT.1).0) {
        Ok(name) => name,
        Err(_) => panic!("a best-of name is UTF-8"),
    };
}

impl<E: Evaluator, H: Game> BestFive<H> for BestOf<E> {
    const META: Meta = Meta {
        name: BestOfName::<E, H>::NAME,
        summary: "the best of the five-card hands, each evaluated by the five-card evaluator it is derived from",
        derived_from: Some(E::META.name),
        ..E::META
    };
    const BEST_OF_FIVES: bool = true;

    type Five = E;
    type Strength = E::Strength;

    #[inline]
    fn category(hand: &H) -> Category {
        best_category_of::<E, H>(hand)
    }
    #[inline]
    fn strength(hand: &H) -> E::Strength {
        best_of::<E, H>(hand)
    }
    fn unavailable() -> Option<&'static str> {
        E::unavailable()
    }
    fn generated() -> Option<crate::Generated> {
        E::generated()
    }
    fn cpu_path() -> CpuPath {
        E::cpu_path()
    }
    fn strengths(hands: &[H], out: &mut [E::Strength]) {
        best_of_batch::<E, H>(hands, out);
    }
    fn categories(hands: &[H], out: &mut [Category]) {
        best_category_of_batch::<E, H>(hands, out);
    }
    fn strengths_and_categories(
        hands: &[H],
        strengths: &mut [E::Strength],
        categories: &mut [Category],
    ) {
        best_of_both::<E, H>(hands, strengths, categories);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Family, Hand6, Hand7, Role};

    struct HighestCard;
    impl Evaluator for HighestCard {
        const META: crate::Meta = crate::Meta {
            name: "test/highest",
            summary: "the highest card",
            family: Family {
                name: "test",
                title: "tests",
            },
            role: Role::Tuned,
            derived_from: None,
            table_bytes: 0,
            card_table_bytes: 0,
        };
        type Encoded = Hand;
        type Strength = u8;
        fn encode(hand: &Hand) -> Hand {
            *hand
        }
        fn category(h: Hand) -> Category {
            // A category that rises with the strength, to test the maximum.
            Category::from_index(Self::strength(h) / 6).unwrap_or(Category::RoyalFlush)
        }
        fn strength(h: Hand) -> u8 {
            h.cards()
                .map(crate::Card::index)
                .into_iter()
                .max()
                .unwrap_or(0)
        }
    }

    type Best = BestOf<HighestCard>;
    type Best6 = BestOf<HighestCard>;

    #[test]
    fn names_follow_the_pattern_and_the_games_fives() {
        assert_eq!(<Best as BestFive<Hand7>>::META.name, "test/best-of-21");
        assert_eq!(<Best6 as BestFive<Hand6>>::META.name, "test/best-of-6");
        assert_eq!(
            <Best as BestFive<crate::Omaha5>>::META.name,
            "test/best-of-100"
        );
        let (bytes, len) = best_of_name("f", "upstream-{}-x{}", 1_234_567);
        assert_eq!(&bytes[..len], b"f/upstream-1234567-x{}");
        let (bytes, len) = best_of_name("f", "plain", 6);
        assert_eq!(&bytes[..len], b"f/plain");
    }

    #[test]
    fn the_batch_and_the_single_hand_agree_over_many_chunks() {
        let hands: std::vec::Vec<Hand7> = crate::all_hands7().step_by(1_000_003).collect();
        assert!(hands.len() > 100);
        let mut out = std::vec![0u8; hands.len()];
        Best::strengths(&hands, &mut out);
        let mut categories = std::vec![Category::HighCard; hands.len()];
        Best::categories(&hands, &mut categories);
        for ((h, v), c) in hands.iter().zip(&out).zip(&categories) {
            assert_eq!(*c, Best::category(h));
            assert_eq!(*v, Best::strength(h));
            assert_eq!(
                *v,
                h.cards().map(crate::Card::index).into_iter().max().unwrap()
            );
            let categories = h.fives().map(HighestCard::category);
            assert_eq!(Some(Best::category(h)), categories.into_iter().max());
        }
    }

    #[test]
    fn six_cards_take_the_best_of_their_six_fives() {
        let hands: std::vec::Vec<Hand6> = crate::AllHands::<6>::every().step_by(100_003).collect();
        assert!(hands.len() > 100);
        let mut out = std::vec![0u8; hands.len()];
        Best6::strengths(&hands, &mut out);
        for (h, v) in hands.iter().zip(&out) {
            assert_eq!(*v, Best6::strength(h));
            assert_eq!(
                Some(*v),
                h.cards().map(crate::Card::index).into_iter().max()
            );
            assert_eq!(h.fives().count(), 6);
            assert_eq!(
                Some(Best6::category(h)),
                h.fives().map(HighestCard::category).max()
            );
        }
    }
}
