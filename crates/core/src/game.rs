//! The games the lab evaluates, each one definition: what a hand is made
//! of, which fives it may use, how every hand is enumerated, its published
//! tables, its name. The list of games is [`visit_games`]; everything that
//! works per game is written once over [`Game`].

use core::fmt::{self, Debug, Display};
use core::hash::Hash;
use core::marker::PhantomData;
use core::str::FromStr;

use crate::hand::{choose, parse_parts};
use crate::rules::{
    AceToFiveLow, DeuceToSevenLow, RuleSet, Rules, ShortDeck, ShortDeckTrips, Standard,
};
use crate::value::Value;
use crate::{AllHands, Card, Category, Hand, HandError, HandSize, Part, Rank};

/// A game: a hand of [`COUNT`](Game::COUNT) distinct cards worth its best
/// five among the fives the game allows ([`FIVES`](Game::FIVES)).
///
/// Hold'em hands of five, six and seven cards ([`Hand`], [`Hand6`](crate::Hand6),
/// [`Hand7`](crate::Hand7)) allow any five; Omaha ([`Omaha4`], [`Omaha5`])
/// allows exactly two of the hole cards and three of the board. Everything
/// the tools do per game (check every evaluator against the reference and
/// the game's table, time them, report them) is written once over this
/// trait, and a new game is one definition here and a line in
/// [`visit_games`].
///
/// Every hand is enumerated as a sequence of *parts* ([`Game::parts`]),
/// each a run of hands that stand for [`Game::part_weight`] hands each: the
/// Hold'em sizes in 1,326 runs by their two lowest cards, each hand once
/// (weight 1); the hole-and-board games board by board, one board of each
/// class of boards up to suit renaming, each hand standing for the boards
/// of its class (the weights sum to [`Game::HANDS`]).
pub trait Game:
    Copy + Eq + Hash + Debug + Display + FromStr<Err = HandError> + Send + Sync + 'static
{
    /// The game's id, as `--game` takes it: `five`, `six`, `seven`, `omaha`.
    const ID: &'static str;
    /// The input part of its benchmark ids (`strength/shuffled/hand7`).
    const INPUT: &'static str;
    /// The game in words, for titles: `"Hold'em, seven cards"`.
    const TITLE: &'static str;
    /// The kind of hand, for messages: `"seven-card"`, `"Omaha"`.
    const WORD: &'static str;
    /// Cards per hand.
    const COUNT: usize;
    /// Hole cards, which the hand lists first and of which a five takes
    /// exactly two; 0 for a game whose fives are any five of the hand.
    const HOLE: usize;
    /// Cards on a board every player shares: 5 for Hold'em's seven cards
    /// (two hole cards and a board) and the Omaha games; 0 for a hand
    /// dealt whole (five or six cards, or seven-card stud, whose seven are
    /// each player's own). Equity is counted over the runouts of a board.
    const BOARD: usize;
    /// How many distinct hands there are.
    const HANDS: u64;
    /// The positions of the fives a hand may use, in lexicographic order.
    const FIVES: &'static [[usize; 5]];
    /// How many hands have their best five in each category (the published
    /// table, or the lab's, derived two ways), in [`Category::ALL`] order.
    const CATEGORY_HANDS: [u64; 10];
    /// How many of each category's five-card classes occur as a best five,
    /// in [`Category::ALL`] order.
    const CATEGORY_CLASSES: [u16; 10];

    /// What its cards are worth: its deck and the order of its fives
    /// ([`crate::rules`]).
    type Rules: RuleSet;
    /// [`Game::Rules`]' rules.
    const RULES: &'static Rules = <Self::Rules as RuleSet>::RULES;

    /// A part of the enumeration of every hand ([`Game::parts`]).
    type Part: Copy + Debug + Send + Sync + 'static;

    /// What a hand of the game is worth ([`crate::value`]): its best five
    /// under [`Game::RULES`], or that high and a low the pot is split with.
    const VALUE: Value = Value::High;
    /// The game whose hands this game deals and whose high values they
    /// take: the game itself, or for a Hi-Lo game the high game it splits
    /// ([`Omaha8`]'s is [`Omaha4`]). Its evaluators are that game's, so a
    /// split game's high half is checked and timed once, as that game.
    type High: Game;
    /// The hand as [`Game::High`]'s.
    fn high(&self) -> Self::High;

    /// The cards, hole cards first.
    fn card_slice(&self) -> &[Card];

    /// A hand of these cards, hole cards first.
    ///
    /// # Errors
    /// [`HandError::WrongCount`] unless there are [`COUNT`](Game::COUNT)
    /// cards, [`HandError::Duplicate`] if one repeats.
    fn from_cards(cards: &[Card]) -> Result<Self, HandError>;

    /// A hand of cards the caller dealt as [`COUNT`](Game::COUNT) distinct
    /// cards, hole cards first, for loops that deal hands from a deck and
    /// would otherwise spend more time checking them than valuing them.
    /// Cards that are not distinct give a meaningless hand (never undefined
    /// behaviour); the default checks them anyway.
    ///
    /// # Panics
    /// If there are not [`COUNT`](Game::COUNT) cards (or, by default, if
    /// one repeats).
    fn from_dealt(cards: &[Card]) -> Self {
        Self::from_cards(cards).expect("distinct dealt cards")
    }

    /// Every part of the enumeration, in order.
    fn parts() -> impl Iterator<Item = Self::Part> + Clone + Send;
    /// How many hands a part holds.
    fn part_len(part: Self::Part) -> usize;
    /// How many hands each hand of the part stands for.
    fn part_weight(part: Self::Part) -> u64;
    /// The part's hands, in order.
    fn part_hands(part: Self::Part) -> impl Iterator<Item = Self> + Send;

    /// The cards of the game's deck ([`Game::RULES`]), in index order.
    fn deck() -> impl Iterator<Item = Card> + Clone {
        Card::all().filter(|c| Self::RULES.holds(c.rank()))
    }

    /// Whether a line of the game's number of cards is read as its hand
    /// (by [`Game::takes`]): false for a game whose hands are written as
    /// another game's (short deck's as Hold'em's), which is asked for by
    /// its id instead.
    const BY_COUNT: bool = true;

    /// Whether a line of `cards` cards, with a `|` after the first `bar`
    /// of them if it had one, is a hand of this game.
    fn takes(cards: usize, bar: Option<usize>) -> bool {
        Self::BY_COUNT
            && cards == Self::COUNT
            && (Self::HOLE == 0 || bar.is_none_or(|b| b == Self::HOLE))
    }

    /// The fives the hand may use, in [`FIVES`](Game::FIVES) order.
    fn fives(&self) -> impl Iterator<Item = Hand> + '_ {
        let cards = self.card_slice();
        // Positions from the table are distinct and below COUNT, and the
        // cards are distinct, so every five is a valid hand.
        Self::FIVES
            .iter()
            .map(move |p| Hand::from_distinct(p.map(|i| cards[i])))
    }

    /// How many of the 7,462 five-card classes occur as a best five.
    fn classes() -> u32 {
        Self::CATEGORY_CLASSES.iter().map(|&n| u32::from(n)).sum()
    }

    /// How many hands have their best five in `category`.
    fn hands_in(category: Category) -> u64 {
        Self::CATEGORY_HANDS[category.index()]
    }

    /// How many of `category`'s classes occur.
    fn classes_in(category: Category) -> u16 {
        Self::CATEGORY_CLASSES[category.index()]
    }
}

/// The positions of the `K` ways to choose five of `N` cards, in
/// lexicographic order.
const fn five_of<const N: usize, const K: usize>() -> [[usize; 5]; K] {
    let mut table = [[0; 5]; K];
    let mut five = [0, 1, 2, 3, 4];
    let mut n = 0;
    loop {
        table[n] = five;
        n += 1;
        if n == K {
            break;
        }
        crate::next_combination(&mut five, N);
    }
    table
}

/// The positions of the `K` fives of a hand of `HOLE` hole cards then five
/// board cards that take exactly two hole cards and three board cards: the
/// hole pairs in lexicographic order, each with the board triples in
/// lexicographic order.
const fn two_and_three<const HOLE: usize, const K: usize>() -> [[usize; 5]; K] {
    let mut table = [[0; 5]; K];
    let mut n = 0;
    let mut a = 0;
    while a < HOLE {
        let mut b = a + 1;
        while b < HOLE {
            let mut x = 0;
            while x < 5 {
                let mut y = x + 1;
                while y < 5 {
                    let mut z = y + 1;
                    while z < 5 {
                        table[n] = [a, b, HOLE + x, HOLE + y, HOLE + z];
                        n += 1;
                        z += 1;
                    }
                    y += 1;
                }
                x += 1;
            }
            b += 1;
        }
        a += 1;
    }
    table
}

/// The one five of five cards.
const FIVE_OF_FIVE: [[usize; 5]; 1] = five_of::<5, 1>();
/// The positions of the six ways to choose five of six cards.
pub const FIVE_OF_SIX: [[usize; 5]; 6] = five_of::<6, 6>();
/// The positions of the 21 ways to choose five of seven cards, in
/// lexicographic order: `[0, 1, 2, 3, 4]` first, `[2, 3, 4, 5, 6]` last.
pub const FIVE_OF_SEVEN: [[usize; 5]; 21] = five_of::<7, 21>();
/// The 60 fives of an Omaha hand: two of the four hole cards (positions
/// 0-3) and three of the five board cards (positions 4-8).
pub const OMAHA_FIVES: [[usize; 5]; 60] = two_and_three::<4, 60>();
/// The 100 fives of a five-card Omaha hand: two of five hole cards and
/// three of the board.
pub const OMAHA5_FIVES: [[usize; 5]; 100] = two_and_three::<5, 100>();
/// The 150 fives of a six-card Omaha hand: two of six hole cards and
/// three of the board.
pub const OMAHA6_FIVES: [[usize; 5]; 150] = two_and_three::<6, 150>();

/// A run of Hold'em hands: those whose two lowest cards are these.
pub type Run = (Card, Card);

/// Every pair of cards `first < second`: the runs of the Hold'em sizes.
pub(crate) fn runs() -> impl Iterator<Item = Run> + Clone + Send {
    let all = Card::ALL;
    (0..Card::COUNT).flat_map(move |a| (a + 1..Card::COUNT).map(move |b| (all[a], all[b])))
}

/// Implements [`Game`] for the Hold'em hand of `$n` cards.
macro_rules! holdem {
    ($n:literal, $id:literal, $input:literal, $title:literal, $word:literal,
        $fives:expr, $hands:expr, $classes:expr) => {
        impl Game for Hand<$n> {
            const ID: &'static str = $id;
            const INPUT: &'static str = $input;
            const TITLE: &'static str = $title;
            const WORD: &'static str = $word;
            const COUNT: usize = $n;
            const HOLE: usize = 0;
            // Seven cards are two hole cards and a board of five; five and
            // six are valued as one hand.
            const BOARD: usize = if $n == 7 { 5 } else { 0 };
            const HANDS: u64 = choose(Self::RULES.cards(), $n) as u64;
            const FIVES: &'static [[usize; 5]] = &$fives;
            const CATEGORY_HANDS: [u64; 10] = $hands;
            const CATEGORY_CLASSES: [u16; 10] = $classes;

            type Rules = Standard;
            type Part = Run;
            type High = Self;

            #[inline(always)]
            fn high(&self) -> Self {
                *self
            }

            #[inline(always)]
            fn card_slice(&self) -> &[Card] {
                self.as_cards()
            }
            fn from_cards(cards: &[Card]) -> Result<Self, HandError> {
                let cards: [Card; $n] = cards.try_into().map_err(|_| HandError::WrongCount {
                    count: cards.len(),
                    expected: HandSize::Exactly($n),
                })?;
                Hand::new(cards)
            }
            #[inline(always)]
            fn from_dealt(cards: &[Card]) -> Self {
                let cards: [Card; $n] = cards.try_into().expect(concat!($n, " dealt cards"));
                Hand::from_distinct(cards)
            }
            fn parts() -> impl Iterator<Item = Run> + Clone + Send {
                runs()
            }
            fn part_len((first, second): Run) -> usize {
                AllHands::<$n>::starting(first, second).len()
            }
            fn part_weight(_: Run) -> u64 {
                1
            }
            fn part_hands((first, second): Run) -> impl Iterator<Item = Self> + Send {
                AllHands::<$n>::starting(first, second)
            }
            /// A Hold'em hand may be written with a `|` anywhere (hole
            /// cards, then the board): it only sets the cards apart.
            fn takes(cards: usize, _: Option<usize>) -> bool {
                cards == $n
            }
        }
    };
}

// Five cards: the table every evaluator must reproduce (see the crate docs).
holdem!(
    5,
    "five",
    "hand",
    "Hold'em, five cards",
    "five-card",
    FIVE_OF_FIVE,
    [
        1_302_540, 1_098_240, 123_552, 54_912, 10_200, 5_108, 3_744, 624, 36, 4
    ],
    [1_277, 2_860, 858, 858, 10, 1_277, 156, 156, 9, 1]
);
// Six cards: hands by category as published (e.g. Wikipedia, "Poker
// probability", 6-card hands), 20,358,520 in all. 6,075 classes occur: a
// high-card five whose lowest card is a 2, or whose cards leave no lower
// rank to add without a straight, cannot be the best of six.
holdem!(
    6,
    "six",
    "hand6",
    "Hold'em, six cards",
    "six-card",
    FIVE_OF_SIX,
    [
        6_612_900, 9_730_740, 2_532_816, 732_160, 361_620, 205_792, 165_984, 14_664, 1_656, 188,
    ],
    [770, 2_135, 846, 715, 10, 1_277, 156, 156, 9, 1]
);
// Seven cards: 133,784,560 hands; 4,824 classes occur as the best five of
// seven (seven cards holding a high-card five such as 7-5-4-3-2 always hold
// a better five).
holdem!(
    7,
    "seven",
    "hand7",
    "Hold'em, seven cards",
    "seven-card",
    FIVE_OF_SEVEN,
    [
        23_294_460, 58_627_800, 31_433_400, 6_461_620, 6_180_020, 4_047_644, 3_473_184, 224_848,
        37_260, 4_324,
    ],
    [407, 1_470, 763, 575, 10, 1_277, 156, 156, 9, 1]
);

/// A hand of `N` cards of the short deck (six-plus Hold'em: 36 cards, 6 to
/// ace), worth its best five by the short-deck ranking `R`: by default
/// [`rules::SHORT_DECK`](crate::rules::SHORT_DECK) (a straight above three
/// of a kind), or [`ShortDeckTrips`] for the rooms that rank three of a
/// kind above the straight ([`ShortTrips5`], [`ShortTrips7`]). Written as a
/// Hold'em hand; a card below 6 is an error that names it.
///
/// ```
/// use handeval_core::{Game, Short7};
///
/// let hand: Short7 = "As Ks 9h 8d 7c 6s Td".parse().unwrap();
/// assert_eq!(hand.to_string(), "As Ks 9h 8d 7c 6s Td");
/// let err = "As Ks 9h 8d 7c 5s Td".parse::<Short7>().unwrap_err();
/// assert_eq!(err.to_string(), "5s is not in this game's deck, which runs from 6 to ace");
/// assert_eq!(<Short7 as Game>::HANDS, 8_347_680);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(transparent)]
pub struct Short<const N: usize, R: RuleSet = ShortDeck>(Hand<N>, PhantomData<R>);

/// Short deck, five cards.
pub type Short5 = Short<5>;
/// Short deck, seven cards (two hole cards and a board of five).
pub type Short7 = Short<7>;
/// Short deck with three of a kind above the straight, five cards.
pub type ShortTrips5 = Short<5, ShortDeckTrips>;
/// Short deck with three of a kind above the straight, seven cards.
pub type ShortTrips7 = Short<7, ShortDeckTrips>;

impl<const N: usize, R: RuleSet> Short<N, R> {
    /// A hand of these cards.
    ///
    /// # Errors
    /// [`HandError::OutsideDeck`] for a card below 6,
    /// [`HandError::Duplicate`] if one repeats.
    pub fn new(cards: [Card; N]) -> Result<Self, HandError> {
        let rules = R::RULES;
        if let Some(&card) = cards.iter().find(|c| !rules.holds(c.rank())) {
            return Err(HandError::OutsideDeck {
                card,
                lowest: rules.lowest,
            });
        }
        Hand::new(cards).map(Self::of)
    }

    /// The short-deck hand of a hand whose cards are in the deck.
    const fn of(hand: Hand<N>) -> Self {
        Short(hand, PhantomData)
    }

    /// The cards, as a [`Hand<N>`](Hand).
    pub const fn hand(&self) -> Hand<N> {
        self.0
    }
}

impl<const N: usize, R: RuleSet> FromStr for Short<N, R> {
    type Err = HandError;

    /// Parses the cards as [`Hand`] does, then holds them to the deck.
    fn from_str(s: &str) -> Result<Self, HandError> {
        let hand: Hand<N> = s.parse()?;
        Short::new(hand.cards())
    }
}

impl<const N: usize, R: RuleSet> Display for Short<N, R> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        Display::fmt(&self.0, f)
    }
}

/// A rule set's five-card hands per category, as a game's table.
const fn five_hands_of(rules: &Rules) -> [u64; 10] {
    let mut t = [0u64; 10];
    let mut i = 0;
    while i < 10 {
        t[i] = rules.five_hands[i] as u64;
        i += 1;
    }
    t
}

/// Implements [`Game`] for a hand of `$n` cards of the deck of rule set
/// `$rules`, held in `$hand` (short deck's [`Short`], lowball's
/// [`LowHand`]), worth its best five under those rules: a high, or a
/// lowball low where the rules are a lowball rule set ([`Value::of_rules`]).
/// `$board` says how many of its cards are a shared board.
macro_rules! ruled {
    ($hand:ident, $rules:ty, $n:literal, board: $board:expr, $id:literal, $title:literal,
        $word:literal, $fives:expr, $hands:expr, $classes:expr) => {
        impl Game for $hand<$n, $rules> {
            const ID: &'static str = $id;
            const INPUT: &'static str = $id;
            const TITLE: &'static str = $title;
            const WORD: &'static str = $word;
            const COUNT: usize = $n;
            const HOLE: usize = 0;
            const BOARD: usize = $board;
            const HANDS: u64 = choose(<$rules as RuleSet>::RULES.cards(), $n) as u64;
            // A Hold'em hand has as many cards: the game is asked for.
            const BY_COUNT: bool = false;
            const FIVES: &'static [[usize; 5]] = &$fives;
            const CATEGORY_HANDS: [u64; 10] = $hands;
            const CATEGORY_CLASSES: [u16; 10] = $classes;
            const VALUE: Value = Value::of_rules(<$rules as RuleSet>::RULES);

            type Rules = $rules;
            type Part = Run;
            type High = Self;

            #[inline(always)]
            fn high(&self) -> Self {
                *self
            }

            #[inline(always)]
            fn card_slice(&self) -> &[Card] {
                self.0.as_cards()
            }
            fn from_cards(cards: &[Card]) -> Result<Self, HandError> {
                let cards: [Card; $n] = cards.try_into().map_err(|_| HandError::WrongCount {
                    count: cards.len(),
                    expected: HandSize::Exactly($n),
                })?;
                $hand::new(cards)
            }
            #[inline(always)]
            fn from_dealt(cards: &[Card]) -> Self {
                let cards: [Card; $n] = cards.try_into().expect(concat!($n, " dealt cards"));
                $hand::of(Hand::from_distinct(cards))
            }
            /// The Hold'em runs whose two lowest cards are in the deck:
            /// every card above them is too.
            fn parts() -> impl Iterator<Item = Run> + Clone + Send {
                runs().filter(|(first, _)| {
                    first.index() >= 4 * <$rules as RuleSet>::RULES.lowest.index()
                })
            }
            fn part_len((first, second): Run) -> usize {
                AllHands::<$n>::starting(first, second).len()
            }
            fn part_weight(_: Run) -> u64 {
                1
            }
            fn part_hands((first, second): Run) -> impl Iterator<Item = Self> + Send {
                AllHands::<$n>::starting(first, second).map($hand::of)
            }
        }
    };
}

// Short deck, five cards: 376,992 hands; the rules' table
// ([`rules::SHORT_DECK`](crate::rules::SHORT_DECK), derived there).
ruled!(
    Short,
    ShortDeck,
    5,
    // As Hold'em's: no board.
    board: 0,
    "short5",
    "Short deck, five cards",
    "short-deck five-card",
    FIVE_OF_FIVE,
    five_hands_of(<ShortDeck as RuleSet>::RULES),
    <ShortDeck as RuleSet>::RULES.five_classes
);
// Short deck, seven cards: 8,347,680 hands; the lab's own figures, from
// `cargo xtask diff --game short7` over every hand, where `aya_poker`
// gives the same on every hand. The classes are derived a second way from
// rank multisets (the reference's tests), the royal flushes as 4 suits x
// C(31, 2) other cards. 752 classes occur; no high card below J-high (five
// cards of seven distinct ranks from 6 to ace with no straight leave a
// jack or better).
ruled!(
    Short,
    ShortDeck,
    7,
    // As Hold'em's: two hole cards and a board of five.
    board: 5,
    "short7",
    "Short deck, seven cards",
    "short-deck seven-card",
    FIVE_OF_SEVEN,
    [
        233_100, 2_316_600, 3_157_056, 607_200, 1_169_940, 175_560, 633_024, 44_640, 8_700, 1_860,
    ],
    [10, 138, 203, 125, 6, 120, 72, 72, 5, 1]
);

// Short deck with three of a kind above the straight, five cards: the
// rules' table ([`rules::SHORT_DECK_TRIPS`](crate::rules::SHORT_DECK_TRIPS)):
// the same hands and classes in each category as short deck's, in another
// order.
ruled!(
    Short,
    ShortDeckTrips,
    5,
    // As Hold'em's: no board.
    board: 0,
    "short5t",
    "Short deck, trips above the straight, five cards",
    "short-deck trips five-card",
    FIVE_OF_FIVE,
    <Short5 as Game>::CATEGORY_HANDS,
    <ShortDeckTrips as RuleSet>::RULES.five_classes
);

/// How many seven-card short-deck hands hold both a straight and three of a
/// kind and nothing better: their best five is the straight in short deck
/// and the trips where three of a kind ranks higher. Seven cards that hold
/// trips and five ranks in a row hold no other rank: the trips' rank is one
/// of the straight's, so its 3 cards and one of each of the other four
/// ranks are the seven. Six straights, five choices of the rank the trips
/// are of, four of the trips' suits, 4^4 suits of the singles, less the
/// 3 x 4 suitings where the singles share a suit with a trips card (a
/// straight flush): 6 x 5 x (4 x 256 - 12) = 30,360.
pub const SHORT7_STRAIGHT_AND_TRIPS: u64 = 6 * 5 * (4 * 256 - 12);

// Short deck with three of a kind above the straight, seven cards: short
// deck's seven-card table with the SHORT7_STRAIGHT_AND_TRIPS hands moved
// from the straight to three of a kind, asserted here against the table the
// tests count hand by hand; the classes are derived a second way from rank
// multisets (the reference's tests). 762 classes occur, ten more than in
// short deck: threes of a kind that only a hand with a straight beside
// them makes the best five.
ruled!(
    Short,
    ShortDeckTrips,
    7,
    // As Hold'em's: two hole cards and a board of five.
    board: 5,
    "short7t",
    "Short deck, trips above the straight, seven cards",
    "short-deck trips seven-card",
    FIVE_OF_SEVEN,
    [
        233_100, 2_316_600, 3_157_056, 637_560, 1_139_580, 175_560, 633_024, 44_640, 8_700, 1_860,
    ],
    [10, 138, 203, 135, 6, 120, 72, 72, 5, 1]
);

const _: () = {
    let short = <Short7 as Game>::CATEGORY_HANDS;
    let trips = <ShortTrips7 as Game>::CATEGORY_HANDS;
    let (three, straight) = (Category::ThreeOfAKind.index(), Category::Straight.index());
    let mut i = 0;
    while i < 10 {
        let moved = if i == three {
            trips[i] - short[i]
        } else if i == straight {
            short[i] - trips[i]
        } else {
            0
        };
        assert!(moved == 0 || moved == SHORT7_STRAIGHT_AND_TRIPS);
        assert!(moved != 0 || trips[i] == short[i]);
        i += 1;
    }
    assert!(trips[three] - short[three] == SHORT7_STRAIGHT_AND_TRIPS);
};

/// A lowball hand: `N` cards of the standard deck worth their best five
/// under the lowball rules `R` ([`Value::Lowball`]), the lowest winning.
/// Its cards are a Hold'em hand's, so the game is asked for by its id
/// (`cargo xtask eval --game ace5`).
///
/// ```
/// use handeval_core::{AceFive5, DeuceSeven5, Game, Value, rules::Lowball};
///
/// let wheel: AceFive5 = "As 2s 3s 4s 5s".parse().unwrap();
/// assert_eq!(wheel.to_string(), "As 2s 3s 4s 5s");
/// assert_eq!(<AceFive5 as Game>::VALUE, Value::Lowball(Lowball::AceToFive));
/// // 1,287 no-pair rank sets of any suits, straights and flushes included.
/// assert_eq!(<AceFive5 as Game>::CATEGORY_HANDS[0], 1_317_888);
/// assert_eq!(<AceFive5 as Game>::classes(), 6_175);
/// assert_eq!(<DeuceSeven5 as Game>::classes(), 7_462);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(transparent)]
pub struct LowHand<const N: usize, R: RuleSet>(Hand<N>, PhantomData<R>);

/// Ace-to-five lowball, five cards.
pub type AceFive5 = LowHand<5, AceToFiveLow>;
/// Deuce-to-seven lowball, five cards (the hand of 2-7 single and triple draw).
pub type DeuceSeven5 = LowHand<5, DeuceToSevenLow>;

impl<const N: usize, R: RuleSet> LowHand<N, R> {
    /// A hand of these cards (the whole deck is lowball's).
    ///
    /// # Errors
    /// [`HandError::Duplicate`] if a card repeats.
    pub fn new(cards: [Card; N]) -> Result<Self, HandError> {
        Hand::new(cards).map(Self::of)
    }

    /// The lowball hand of these cards.
    const fn of(hand: Hand<N>) -> Self {
        LowHand(hand, PhantomData)
    }

    /// The cards, as a [`Hand<N>`](Hand).
    pub const fn hand(&self) -> Hand<N> {
        self.0
    }
}

impl<const N: usize, R: RuleSet> From<Hand<N>> for LowHand<N, R> {
    fn from(hand: Hand<N>) -> Self {
        Self::of(hand)
    }
}

impl<const N: usize, R: RuleSet> FromStr for LowHand<N, R> {
    type Err = HandError;

    /// Parses the cards as [`Hand`] does.
    fn from_str(s: &str) -> Result<Self, HandError> {
        s.parse::<Hand<N>>().map(Self::from)
    }
}

impl<const N: usize, R: RuleSet> Display for LowHand<N, R> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        Display::fmt(&self.0, f)
    }
}

// Ace-to-five lowball, five cards: the rules' table
// ([`rules::ACE_TO_FIVE`](crate::rules::ACE_TO_FIVE), derived there).
ruled!(
    LowHand,
    AceToFiveLow,
    5,
    // Each player's own cards.
    board: 0,
    "ace5",
    "Ace-to-five lowball, five cards",
    "ace-to-five five-card",
    FIVE_OF_FIVE,
    five_hands_of(<AceToFiveLow as RuleSet>::RULES),
    <AceToFiveLow as RuleSet>::RULES.five_classes
);
// Deuce-to-seven lowball, five cards: the rules' table
// ([`rules::DEUCE_TO_SEVEN`](crate::rules::DEUCE_TO_SEVEN), derived there).
ruled!(
    LowHand,
    DeuceToSevenLow,
    5,
    // Each player's own cards.
    board: 0,
    "deuce7",
    "Deuce-to-seven lowball, five cards",
    "deuce-to-seven five-card",
    FIVE_OF_FIVE,
    five_hands_of(<DeuceToSevenLow as RuleSet>::RULES),
    <DeuceToSevenLow as RuleSet>::RULES.five_classes
);

/// Razz: seven-card stud dealt for the low, each player's seven cards
/// worth their best five under ace-to-five (the ace low, straights and
/// flushes ignored), the lowest winning, with no qualifier.
///
/// ```
/// use handeval_core::{Game, Razz, Value, rules::Lowball};
///
/// // A-2-3-4-5 and two kings: the wheel plays, the best razz hand.
/// let wheel: Razz = "As 2s 3s 4s 5s Kd Kh".parse().unwrap();
/// assert_eq!(wheel.to_string(), "As 2s 3s 4s 5s Kd Kh");
/// assert_eq!(<Razz as Game>::VALUE, Value::Lowball(Lowball::AceToFive));
/// // 1,287 no-pair, 2,860 one-pair, 858 two-pair and 78 full-house lows.
/// assert_eq!(<Razz as Game>::classes(), 5_083);
/// ```
pub type Razz = LowHand<7, AceToFiveLow>;

/// `C(13, k) x` the suitings of `k` given ranks held `n` cards at once, each
/// rank at least once and at most four times: how many hands of `n` cards
/// hold exactly `k` distinct ranks, for `k` from 0 to 7.
const fn hands_by_distinct_ranks(n: usize) -> [u64; 8] {
    // ways[k][m]: the suitings of m cards over k given ranks, each rank
    // held 1 to 4 times (C(4, c) suitings of c cards of one rank).
    let mut ways = [[0u64; 8]; 8];
    ways[0][0] = 1;
    let mut k = 1;
    while k < 8 {
        let mut m = 0;
        while m < 8 {
            let mut c = 1;
            while c <= 4 && c <= m {
                ways[k][m] += choose(4, c) as u64 * ways[k - 1][m - c];
                c += 1;
            }
            m += 1;
        }
        k += 1;
    }
    let mut by_k = [0u64; 8];
    let mut k = 0;
    while k < 8 {
        by_k[k] = choose(13, k) as u64 * ways[k][n];
        k += 1;
    }
    by_k
}

/// Razz's hands per category. Straights and flushes do not count, so a
/// hand's best low follows from how many distinct ranks its seven cards
/// hold: five or more make a no-pair low (the five lowest ranks); four, one
/// pair (the lowest rank held twice, the three others as kickers); three,
/// two pair (every way of holding seven cards of three ranks, at most four
/// of each, holds two ranks twice or more: 4-2-1, 3-3-1, 3-2-2); two, a full
/// house (4-3: never quads, which rank below it). Three of a kind never
/// plays. Asserted against every hand counted by the tests.
const RAZZ_HANDS: [u64; 10] = {
    let k = hands_by_distinct_ranks(7);
    let mut t = [0u64; 10];
    t[Category::HighCard.index()] = k[5] + k[6] + k[7];
    t[Category::OnePair.index()] = k[4];
    t[Category::TwoPair.index()] = k[3];
    t[Category::FullHouse.index()] = k[2];
    // Every seven-card hand holds two or more ranks.
    assert!(k[0] == 0 && k[1] == 0);
    assert!(k[2] + k[3] + k[4] + k[5] + k[6] + k[7] == HAND7_COUNT as u64);
    t
};

/// Razz's classes per category, each low that some hand's best five is:
/// every no-pair rank set (five of its ranks and two more cards pairing
/// any), every pair with every three kickers (the pair held four times),
/// every two pair with every kicker (three of the lower pair or of the
/// kicker), and the full houses whose three of a kind is of the lower rank
/// (of 4-3, the lower three play). Derived a second way from every rank
/// multiset by the reference's tests.
const RAZZ_CLASSES: [u16; 10] = {
    let mut t = [0u16; 10];
    t[Category::HighCard.index()] = choose(13, 5) as u16;
    t[Category::OnePair.index()] = 13 * choose(12, 3) as u16;
    t[Category::TwoPair.index()] = choose(13, 2) as u16 * 11;
    t[Category::FullHouse.index()] = choose(13, 2) as u16;
    t
};

// Razz: seven cards, ace-to-five; the tables above.
ruled!(
    LowHand,
    AceToFiveLow,
    7,
    // Stud: each player's own seven cards.
    board: 0,
    "razz",
    "Razz (seven-card stud, ace-to-five low)",
    "razz seven-card",
    FIVE_OF_SEVEN,
    RAZZ_HANDS,
    RAZZ_CLASSES
);

/// The number of seven-card hands, C(52, 7).
pub const HAND7_COUNT: usize = choose(Card::COUNT, 7);

impl Hand<7> {
    /// The 21 five-card hands in these seven cards, in [`FIVE_OF_SEVEN`] order.
    #[inline(always)]
    pub fn fives(&self) -> [Hand; 21] {
        // Positions from the table are distinct and below 7, and the seven
        // cards are distinct, so every five is a valid hand.
        FIVE_OF_SEVEN.map(|p| Hand::from_distinct(p.map(|i| self.as_cards()[i])))
    }
}

/// Every seven-card hand exactly once, in the order [`crate::all_hands`]
/// describes.
pub fn all_hands7() -> AllHands<7> {
    AllHands::every()
}

/// An Omaha hand: `HOLE` hole cards and five board cards (`N = HOLE + 5`
/// cards in all, hole cards first), worth its best five among those that
/// take exactly two hole cards and three board cards. Written
/// `As Ad Ks Kd | Qs Js Ts 2c 3h`, or the nine cards with the hole first.
///
/// Stored as its cards, one byte each (`repr(transparent)`), so that a
/// `[Omaha4]` is nine bytes a hand, as a `[Hand7]` is seven.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(transparent)]
pub struct Omaha<const HOLE: usize, const N: usize>(Hand<N>);

/// Omaha: four hole cards and a five-card board, 60 fives.
pub type Omaha4 = Omaha<4, 9>;
/// Five-card Omaha (PLO5): five hole cards and a five-card board, 100 fives.
pub type Omaha5 = Omaha<5, 10>;
/// Six-card Omaha (PLO6): six hole cards and a five-card board, 150 fives.
pub type Omaha6 = Omaha<6, 11>;

impl<const HOLE: usize, const N: usize> Omaha<HOLE, N> {
    const SHAPE: () = assert!(HOLE >= 2 && HOLE + 5 == N, "N is HOLE + 5");

    /// A hand of these hole and board cards.
    ///
    /// # Errors
    /// [`HandError::WrongPart`] if either part has the wrong number of
    /// cards, [`HandError::Duplicate`] if a card repeats.
    pub fn new(hole: &[Card], board: &[Card]) -> Result<Self, HandError> {
        let () = Self::SHAPE;
        if hole.len() != HOLE {
            return Err(HandError::WrongPart {
                part: Part::Hole,
                count: hole.len(),
                expected: HOLE,
            });
        }
        if board.len() != 5 {
            return Err(HandError::WrongPart {
                part: Part::Board,
                count: board.len(),
                expected: 5,
            });
        }
        let mut cards = [hole[0]; N];
        for (slot, &card) in cards.iter_mut().zip(hole.iter().chain(board)) {
            *slot = card;
        }
        Hand::new(cards).map(Omaha)
    }

    /// The hole cards.
    pub fn hole(&self) -> &[Card] {
        &self.0.as_cards()[..HOLE]
    }

    /// The board.
    pub fn board(&self) -> &[Card] {
        &self.0.as_cards()[HOLE..]
    }

    /// The cards, hole cards first, as a [`Hand<N>`](Hand).
    pub const fn hand(&self) -> Hand<N> {
        self.0
    }
}

impl<const HOLE: usize, const N: usize> FromStr for Omaha<HOLE, N> {
    type Err = HandError;

    /// Parses `"As Ad Ks Kd | Qs Js Ts 2c 3h"` (hole cards, a `|`, the
    /// board) or the `N` cards with the hole cards first; each card as
    /// [`Hand`] takes them. A part with the wrong number of cards is named.
    fn from_str(s: &str) -> Result<Self, HandError> {
        let mut cards = [Card::from_index(0).expect("0 is a card"); N];
        let (count, bar) = parse_parts(s, &mut cards)?;
        match bar {
            Some(hole) if hole != HOLE => Err(HandError::WrongPart {
                part: Part::Hole,
                count: hole,
                expected: HOLE,
            }),
            Some(_) if count != N => Err(HandError::WrongPart {
                part: Part::Board,
                count: count - HOLE,
                expected: 5,
            }),
            None if count != N => Err(HandError::WrongCount {
                count,
                expected: HandSize::HoleAndBoard(HOLE),
            }),
            _ => Omaha::new(&cards[..HOLE], &cards[HOLE..]),
        }
    }
}

impl<const HOLE: usize, const N: usize> Display for Omaha<HOLE, N> {
    /// The hole cards, ` | `, the board.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, card) in self.0.as_cards().iter().enumerate() {
            match i {
                0 => {}
                i if i == HOLE => f.write_str(" | ")?,
                _ => f.write_str(" ")?,
            }
            Display::fmt(card, f)?;
        }
        Ok(())
    }
}

/// A board standing for its class of boards up to suit renaming: a part
/// of the enumeration of a hole-and-board game ([`Game::parts`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Board {
    /// The board's cards, in increasing index order.
    pub cards: [Card; 5],
    /// How many boards its class holds (1 to 24).
    pub class_size: u8,
}

/// A card with its suit renamed by `perm` (suit `s` becomes `perm[s]`).
fn renamed(card: Card, perm: [u8; 4]) -> Card {
    let i = card.index();
    Card::from_index(i / 4 * 4 + perm[usize::from(i % 4)]).expect("a card's suit renamed is a card")
}

/// The 24 renamings of the four suits.
const PERMUTATIONS: [[u8; 4]; 24] = {
    let mut out = [[0u8; 4]; 24];
    let mut n = 0;
    let mut a = 0;
    while a < 4 {
        let mut b = 0;
        while b < 4 {
            let mut c = 0;
            while c < 4 {
                let d = 6 - a - b - c;
                if a != b && a != c && b != c && d < 4 && d != a && d != b && d != c {
                    out[n] = [a as u8, b as u8, c as u8, d as u8];
                    n += 1;
                }
                c += 1;
            }
            b += 1;
        }
        a += 1;
    }
    out
};

/// `board` as a part if it is its class's representative (the class's
/// smallest card set, read as bits), with the class's size.
fn representative(board: Hand) -> Option<Board> {
    let mask = board.mask();
    let mut images = [0u64; 24];
    for (image, perm) in images.iter_mut().zip(PERMUTATIONS) {
        *image = board
            .cards()
            .iter()
            .fold(0, |m, &c| m | 1 << renamed(c, perm).index());
        if *image < mask {
            return None;
        }
    }
    images.sort_unstable();
    let distinct = 1 + images.windows(2).filter(|w| w[0] != w[1]).count();
    Some(Board {
        cards: board.cards(),
        class_size: distinct as u8,
    })
}

/// The cards of the standard deck not on a board of five.
const OFF_BOARD: usize = Card::COUNT - 5;

/// The `K`-card combinations of the cards not on `board` (47 of them), in
/// lexicographic order, each as `K` cards.
#[derive(Clone, Debug)]
struct Holes<const K: usize> {
    deck: [Card; OFF_BOARD],
    /// The places in `deck` of the next combination's cards.
    next: [usize; K],
    /// Its cards: only those whose places moved are read again, most
    /// often the last one alone (the check of every PLO6 hand deals
    /// 1.4e12 of them).
    cards: [Card; K],
    done: bool,
}

impl<const K: usize> Holes<K> {
    fn new(board: [Card; 5]) -> Self {
        let mut deck = [board[0]; OFF_BOARD];
        for (slot, card) in deck
            .iter_mut()
            .zip(Card::all().filter(|c| !board.contains(c)))
        {
            *slot = card;
        }
        let next = core::array::from_fn(|i| i);
        Holes {
            cards: core::array::from_fn(|i| deck[next[i]]),
            deck,
            next,
            done: false,
        }
    }
}

impl<const K: usize> Holes<K> {
    /// Moves to the lexicographic successor of the hole at `next` (as
    /// `next_combination`), reading again only the cards whose places
    /// moved; false when it was the last.
    #[inline]
    fn step(&mut self) -> bool {
        let n = self.deck.len();
        let mut i = K;
        loop {
            if i == 0 {
                return false;
            }
            i -= 1;
            if self.next[i] < n - K + i {
                break;
            }
        }
        self.next[i] += 1;
        self.cards[i] = self.deck[self.next[i]];
        for j in i + 1..K {
            self.next[j] = self.next[j - 1] + 1;
            self.cards[j] = self.deck[self.next[j]];
        }
        true
    }
}

impl<const K: usize> Iterator for Holes<K> {
    type Item = [Card; K];

    #[inline]
    fn next(&mut self) -> Option<[Card; K]> {
        if self.done {
            return None;
        }
        let out = self.cards;
        self.done = !self.step();
        Some(out)
    }

    /// The same walk for a loop that takes every hole (`for_each`, `fold`):
    /// the holes that differ from the one before in their last card alone
    /// come from a loop of their own, which keeps the hole in registers.
    /// Through `next`, each 6-card hole went back and forth through memory,
    /// a third of the time of the check of every PLO6 hand.
    #[inline]
    fn fold<B, F: FnMut(B, [Card; K]) -> B>(mut self, init: B, mut f: F) -> B {
        const { assert!(K > 0, "a hole holds a card") };
        let mut acc = init;
        if self.done {
            return acc;
        }
        loop {
            let mut cards = self.cards;
            for &card in &self.deck[self.next[K - 1]..] {
                cards[K - 1] = card;
                acc = f(acc, cards);
            }
            // On from the run's last hole, whose last place is the deck's.
            self.next[K - 1] = self.deck.len() - 1;
            if !self.step() {
                return acc;
            }
        }
    }
}

/// Implements [`Game`] for Omaha with `$hole` hole cards.
macro_rules! omaha {
    ($hole:literal, $n:literal, $id:literal, $title:literal, $word:literal, $fives:expr,
        $hands:expr, $classes:expr) => {
        impl Game for Omaha<$hole, $n> {
            const ID: &'static str = $id;
            const INPUT: &'static str = $id;
            const TITLE: &'static str = $title;
            const WORD: &'static str = $word;
            const COUNT: usize = $n;
            const HOLE: usize = $hole;
            const BOARD: usize = $n - $hole;
            const HANDS: u64 =
                (choose(Self::RULES.cards(), 5) * choose(Self::RULES.cards() - 5, $hole)) as u64;
            const FIVES: &'static [[usize; 5]] = &$fives;
            const CATEGORY_HANDS: [u64; 10] = $hands;
            const CATEGORY_CLASSES: [u16; 10] = $classes;

            type Rules = Standard;
            type Part = Board;
            type High = Self;

            #[inline(always)]
            fn high(&self) -> Self {
                *self
            }

            #[inline(always)]
            fn card_slice(&self) -> &[Card] {
                self.0.as_cards()
            }
            fn from_cards(cards: &[Card]) -> Result<Self, HandError> {
                if cards.len() != $n {
                    return Err(HandError::WrongCount {
                        count: cards.len(),
                        expected: HandSize::HoleAndBoard($hole),
                    });
                }
                Omaha::new(&cards[..$hole], &cards[$hole..])
            }
            #[inline(always)]
            fn from_dealt(cards: &[Card]) -> Self {
                let cards: [Card; $n] = cards.try_into().expect(concat!($n, " dealt cards"));
                Omaha(Hand::from_distinct(cards))
            }
            fn parts() -> impl Iterator<Item = Board> + Clone + Send {
                crate::all_hands().filter_map(representative)
            }
            fn part_len(_: Board) -> usize {
                choose(OFF_BOARD, $hole)
            }
            fn part_weight(board: Board) -> u64 {
                u64::from(board.class_size)
            }
            fn part_hands(board: Board) -> impl Iterator<Item = Self> + Send {
                Holes::<$hole>::new(board.cards).map(move |hole| {
                    let mut cards = [hole[0]; $n];
                    cards[..$hole].copy_from_slice(&hole);
                    cards[$hole..].copy_from_slice(&board.cards);
                    // The holes are drawn from the cards not on the board.
                    Omaha(Hand::from_distinct(cards))
                })
            }
        }
    };
}

// Omaha: 463,563,500,400 hands (C(52, 5) boards x C(47, 4) holes). No
// table is published, so this one is the lab's, from `cargo xtask diff
// --game omaha`: the reference's class of each of 23,982,779,535 hands
// (one per class of boards up to suit renaming, with every hole), each
// weighted by its class's size. Checked a second way by the tests: on a
// seeded slice of board classes, every board of each class with every hole
// (each hand once) gives the weighted figures, and the royal flushes,
// 4 suits x C(5, 2) hole pairs x C(47, 2) x C(45, 2), are counted without
// enumerating hands. 6,025 classes occur.
omaha!(
    4,
    9,
    "omaha",
    "Omaha, four hole cards",
    "Omaha",
    OMAHA_FIVES,
    [
        13_851_662_832,
        122_655_542_152,
        170_775_844_104,
        40_712_657_408,
        52_289_648_688,
        31_216_782_384,
        29_424_798_576,
        2_225_270_496,
        368_486_160,
        42_807_600,
    ],
    [379, 2_336, 856, 845, 10, 1_277, 156, 156, 9, 1]
);
// Five-card Omaha: 3,986,646,103,440 hands (C(52, 5) boards x C(47, 5)
// holes); the lab's own figures, from `cargo xtask diff --game omaha5`
// (206,251,904,001 hands, one per class up to suit renaming, weighted;
// 1,788 s on 2 cores), checked as Omaha's are. 5,937 classes occur.
omaha!(
    5,
    10,
    "omaha5",
    "Omaha, five hole cards",
    "five-card Omaha",
    OMAHA5_FIVES,
    [
        31_049_187_840,
        664_484_779_176,
        1_499_524_587_864,
        385_060_493_256,
        607_873_573_392,
        382_907_839_304,
        381_206_810_304,
        28_693_457_712,
        5_231_798_992,
        613_575_600,
    ],
    [291, 2_336, 856, 845, 10, 1_277, 156, 156, 9, 1]
);
// Six-card Omaha (PLO6): 27,906,522,724,080 hands (C(52, 5) boards x
// C(47, 6) holes); the lab's own figures, from `cargo xtask diff --game
// omaha6 --only reference --every` (the reference's classes of
// 1,443,763,328,007 hands, one per class of boards up to suit renaming
// with every hole, weighted; 5,033 s on 2 cores), checked as Omaha's are.
// 5,161 classes occur.
omaha!(
    6,
    11,
    "omaha6",
    "Omaha, six hole cards",
    "six-card Omaha",
    OMAHA6_FIVES,
    [
        38_174_766_864,
        2_732_058_622_880,
        9_715_612_522_632,
        2_866_323_292_504,
        5_186_224_176_912,
        3_422_889_095_600,
        3_603_370_797_936,
        281_016_707_376,
        54_410_197_576,
        6_442_543_800,
    ],
    [181, 1_812, 779, 780, 10, 1_277, 156, 156, 9, 1]
);

/// Defines a Hi-Lo game: a hand of its high game `$high`, worth that
/// game's high and a low by `$low` ([`Value::HighLow`]). The hands, their
/// enumeration and the high tables are the high game's; the id, the title
/// and the value are the Hi-Lo game's own.
macro_rules! hi_lo {
    ($(#[$doc:meta])* $ty:ident, $high:ty, $id:literal, $title:literal, $word:literal,
        board: $board:expr, $low:expr, $qualifying:expr) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        #[repr(transparent)]
        pub struct $ty($high);

        impl From<$high> for $ty {
            fn from(hand: $high) -> Self {
                $ty(hand)
            }
        }

        impl FromStr for $ty {
            type Err = HandError;

            /// Parses the hand as its high game's.
            fn from_str(s: &str) -> Result<Self, HandError> {
                s.parse().map($ty)
            }
        }

        impl Display for $ty {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                Display::fmt(&self.0, f)
            }
        }

        impl Game for $ty {
            const ID: &'static str = $id;
            const INPUT: &'static str = $id;
            const TITLE: &'static str = $title;
            const WORD: &'static str = $word;
            const COUNT: usize = <$high as Game>::COUNT;
            const HOLE: usize = <$high as Game>::HOLE;
            const BOARD: usize = $board;
            const HANDS: u64 = <$high as Game>::HANDS;
            const FIVES: &'static [[usize; 5]] = <$high as Game>::FIVES;
            const CATEGORY_HANDS: [u64; 10] = <$high as Game>::CATEGORY_HANDS;
            const CATEGORY_CLASSES: [u16; 10] = <$high as Game>::CATEGORY_CLASSES;
            // Its hands are written as the high game's: asked for by id.
            const BY_COUNT: bool = false;
            const VALUE: Value = Value::HighLow {
                low: $low,
                qualifying: $qualifying,
            };

            type Rules = <$high as Game>::Rules;
            type Part = <$high as Game>::Part;
            type High = $high;

            #[inline(always)]
            fn high(&self) -> $high {
                self.0
            }
            #[inline(always)]
            fn card_slice(&self) -> &[Card] {
                self.0.card_slice()
            }
            fn from_cards(cards: &[Card]) -> Result<Self, HandError> {
                <$high as Game>::from_cards(cards).map($ty)
            }
            #[inline(always)]
            fn from_dealt(cards: &[Card]) -> Self {
                $ty(<$high as Game>::from_dealt(cards))
            }
            fn parts() -> impl Iterator<Item = Self::Part> + Clone + Send {
                <$high as Game>::parts()
            }
            fn part_len(part: Self::Part) -> usize {
                <$high as Game>::part_len(part)
            }
            fn part_weight(part: Self::Part) -> u64 {
                <$high as Game>::part_weight(part)
            }
            fn part_hands(part: Self::Part) -> impl Iterator<Item = Self> + Send {
                <$high as Game>::part_hands(part).map($ty)
            }
        }

        const _: () = assert!(!<$ty as Game>::VALUE.is_ranked());
    };
}

hi_lo!(
    /// Omaha Hi-Lo, eight or better: an Omaha hand ([`Omaha4`]) worth its
    /// Omaha high and its best eight-or-better low, two hole cards and
    /// three board cards for each ([`crate::low`]).
    ///
    /// ```
    /// use handeval_core::{Game, Omaha4, Omaha8};
    ///
    /// let hand: Omaha8 = "Ah 2d Kc Ks | 3c 4h 8s 9d 9h".parse().unwrap();
    /// let high: Omaha4 = hand.high();
    /// assert_eq!(high.to_string(), hand.to_string());
    /// assert_eq!(<Omaha8 as Game>::HANDS, <Omaha4 as Game>::HANDS);
    /// ```
    Omaha8,
    Omaha4,
    "omaha8",
    "Omaha Hi-Lo, eight or better",
    "Omaha Hi-Lo",
    board: 5,
    crate::low::EIGHT_OR_BETTER,
    crate::low::OMAHA_QUALIFYING
);

hi_lo!(
    /// Big O: five-card Omaha Hi-Lo, eight or better. A five-card Omaha
    /// hand ([`Omaha5`]) worth its high and its best eight-or-better low,
    /// two hole cards and three board cards for each, as in [`Omaha8`].
    ///
    /// ```
    /// use handeval_core::{BigO, Game};
    ///
    /// let hand: BigO = "Ah 2d 3c Ks Kd | 4c 5h 9s 9d Th".parse().unwrap();
    /// assert_eq!(hand.high().hole().len(), 5);
    /// ```
    BigO,
    Omaha5,
    "bigo",
    "Big O: five-card Omaha Hi-Lo, eight or better",
    "Big O",
    board: 5,
    crate::low::EIGHT_OR_BETTER,
    crate::low::BIG_O_QUALIFYING
);

hi_lo!(
    /// Seven-card stud Hi-Lo, eight or better: seven cards ([`Hand<7>`]),
    /// worth their best five as a high and their best eight-or-better low
    /// of any five ([`crate::low`]). Stud has no board: the hands are
    /// Hold'em's seven-card hands, and the low is the five lowest distinct
    /// ranks from the ace to the eight, if the seven hold five.
    ///
    /// ```
    /// use handeval_core::{Game, Hand7, Stud8};
    ///
    /// let hand: Stud8 = "Ah 2d 3c Ks Kd 8h 8s".parse().unwrap();
    /// let high: Hand7 = hand.high();
    /// assert_eq!(high.to_string(), hand.to_string());
    /// assert_eq!(<Stud8 as Game>::HOLE, 0);
    /// ```
    Stud8,
    Hand<7>,
    "stud8",
    "Seven-card stud Hi-Lo, eight or better",
    "stud Hi-Lo",
    // Each player's seven are their own: no board.
    board: 0,
    crate::low::EIGHT_OR_BETTER,
    crate::low::STUD_QUALIFYING
);

/// Whether `G` and `H` are the same game, known when the code is compiled
/// (their ids, compared in a `const` context).
///
/// Code generic over a visited game that does something for one game only
/// tests it as `if const { same_game::<G, H>() }`: the compiler then never
/// instantiates the branch for the other games. A test at run time (a
/// `TypeId` or an id compared in the body) would compile the branch, often a
/// whole equity count or check, for every game an evaluator could be
/// visited with, and throw it away; that was most of the workspace's build.
///
/// ```
/// use handeval_core::{Hand6, Hand7, same_game};
/// assert!(same_game::<Hand7, Hand7>());
/// assert!(!same_game::<Hand6, Hand7>());
/// ```
pub const fn same_game<G: Game, H: Game>() -> bool {
    same_str(G::ID, H::ID)
}

/// Two strings equal, in a `const` context (`==` on `str` is not `const`).
pub(crate) const fn same_str(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

/// Something to do with every game, generically: see [`visit_games`].
pub trait GameVisitor {
    /// Called once per game worth its high alone ([`Value::High`]).
    fn game<G: Game>(&mut self);
    /// Called once per Hi-Lo game ([`Value::HighLow`]): a game whose high
    /// half is its [`Game::High`]'s, visited by [`GameVisitor::game`]. By
    /// default passed over, as the tools of highs do; the tools of what a
    /// hand is worth (`diff`, `eval`, `equity`, the listings) take it.
    fn hi_lo<G: Game>(&mut self) {}
    /// Called once per badugi game ([`Value::Badugi`]): a game worth no
    /// best five, whose evaluators are badugi evaluators
    /// ([`crate::badugi::BadugiEvaluator`]). By default passed over, as
    /// the tools of fives do; the tools of what a hand is worth take it.
    fn badugi<G: Game>(&mut self) {}
}

/// The one list of games, as tokens, for code that needs an item per game
/// (a module, a table row) and cannot get one from [`visit_games`], which
/// this list writes too: `for_each_game!(m)` calls the macro `m` once with
/// every entry, in the order the tools show the games. Each entry is
///
/// ```text
/// /// What the game is (its doc comment).
/// kind id: Type = "a hand of it in card notation";
/// ```
///
/// where `id` is the game's [`Game::ID`] and `kind` what a program may ask
/// of its hands, each asserted below against the type's definition when
/// this crate compiles:
///
/// - `standard`: worth its high on Hold'em's scale of 7,462 classes, with
///   no hole cards (five, six and seven cards);
/// - `hole`: the same scale, of hole cards and a board (Omaha's games),
///   so a showdown of fixed hands can be counted over the boards;
/// - `scaled`: worth its class on a scale of its own (short deck's, a
///   lowball game's), 1 the best hand;
/// - `hi_lo`: worth a high and a low (its [`Value::HighLow`]), visited by
///   [`GameVisitor::hi_lo`];
/// - `badugi`: worth the most cards of distinct ranks and suits
///   ([`Value::Badugi`]), no five, visited by [`GameVisitor::badugi`].
///
/// The `handeval` crate's modules and the Python package's games are
/// written from it, so a game added here is reachable from both.
///
/// ```
/// macro_rules! ids {
///     ($($(#[$doc:meta])* $kind:ident $id:ident: $game:ty = $example:literal;)*) => {
///         [$(stringify!($id)),*]
///     };
/// }
/// let ids = handeval_core::for_each_game!(ids);
/// assert_eq!(ids.to_vec(), handeval_core::game_ids().collect::<Vec<_>>());
/// ```
#[macro_export]
macro_rules! for_each_game {
    ($callback:ident) => {
        $callback! {
            /// Five-card hands.
            standard five: $crate::Hand = "As Ks Qs Js Ts";
            /// Six-card hands: the best five of six.
            standard six: $crate::Hand6 = "As Ks Qs Js Ts 2c";
            /// Seven-card hands (Hold'em's two hole and five board cards):
            /// the best five of seven.
            standard seven: $crate::Hand7 = "As Ks Qs Js Ts 2c 2d";
            /// Omaha: four hole cards then five board cards; the best five
            /// of exactly two hole and three board cards.
            hole omaha: $crate::Omaha4 = "As Ad Ks Kd | Qs Js Ts 2c 3h";
            /// Five-card Omaha (PLO5): five hole cards then five board cards.
            hole omaha5: $crate::Omaha5 = "As Ad Ks Kd 9c | Qs Js Ts 2c 3h";
            /// Six-card Omaha (PLO6): six hole cards then five board cards.
            hole omaha6: $crate::Omaha6 = "As Ad Ks Kd 9c 8c | Qs Js Ts 2c 3h";
            /// Short deck's five-card hands (36 cards, 6 to ace; a flush
            /// above a full house, A-6-7-8-9 the lowest straight).
            scaled short5: $crate::Short5 = "As Ks Qs Js Ts";
            /// Short deck Hold'em's seven-card hands: the best five of seven.
            scaled short7: $crate::Short7 = "As Ks Qs Js Ts 6c 6d";
            /// Short deck's five-card hands where three of a kind ranks
            /// above the straight (Triton's rules among others).
            scaled short5t: $crate::ShortTrips5 = "9c 9d 9h Ks 6d";
            /// Short deck Hold'em's seven-card hands where three of a kind
            /// ranks above the straight.
            scaled short7t: $crate::ShortTrips7 = "9c 9d 9h 6s 7d 8c Tc";
            /// Ace-to-five lowball's five-card hands (razz's rules): the
            /// lowest hand wins, the ace low, straights and flushes ignored.
            scaled ace5: $crate::AceFive5 = "As 2s 3s 4s 5s";
            /// Deuce-to-seven lowball's five-card hands (2-7 single and
            /// triple draw): the lowest hand wins, the ace high, straights
            /// and flushes count against the hand, so A-2-3-4-5 is ace-high.
            scaled deuce7: $crate::DeuceSeven5 = "7c 5d 4h 3s 2c";
            /// Razz's seven-card hands: the best ace-to-five low of the
            /// seven, with no qualifier.
            scaled razz: $crate::Razz = "As 2s 3s 4s 5s Kd Kh";
            /// Omaha Hi-Lo, eight or better: Omaha's hands, each worth its
            /// Omaha high and its best eight-or-better low.
            hi_lo omaha8: $crate::Omaha8 = "Ah 2d Kc Ks | 3c 4h 8s 9d 9h";
            /// Big O, five-card Omaha Hi-Lo: five-card Omaha's hands, each
            /// worth its high and its best eight-or-better low.
            hi_lo bigo: $crate::BigO = "Ah 2d Kc Ks 7h | 3c 4h 8s 9d 9h";
            /// Seven-card stud Hi-Lo, eight or better: seven cards, each
            /// hand worth its best five as a high and its best
            /// eight-or-better low of any five.
            hi_lo stud8: $crate::Stud8 = "Ah 2d 3c Ks Kd 8h 5s";
            /// Badugi: four cards, worth the most of them that hold no
            /// rank and no suit twice, the lowest of those.
            badugi badugi: $crate::Badugi = "Ac 2d 3h 4s";
        }
    };
}

/// Writes [`visit_games`] from [`for_each_game!`]'s entries, and asserts
/// each entry's id and kind against its type's definition.
macro_rules! visit_the_list {
    ($($(#[$doc:meta])* $kind:ident $id:ident: $game:ty = $example:literal;)*) => {
        /// The one list of games ([`for_each_game!`]): calls
        /// `visitor.game::<G>()` for each game worth its class alone and
        /// `visitor.hi_lo::<G>()` for each Hi-Lo game and
        /// `visitor.badugi::<G>()` for each badugi game, in the order the
        /// tools show them.
        pub fn visit_games(visitor: &mut impl GameVisitor) {
            $(visit_the_list!(@visit $kind, visitor, $game);)*
        }

        /// Whether `H` is the high game of a Hi-Lo game of the list (whose
        /// hands that game deals, [`Game::High`]), in a `const` context:
        /// code that walks every game's evaluators tests it when compiled,
        /// so that it makes a Hi-Lo count only for those games'.
        ///
        /// ```
        /// use handeval_core::{Hand, Hand7, Omaha4, Omaha6, splits_a_hi_lo_game};
        /// // Omaha Hi-Lo's and stud Hi-Lo's highs; no PLO6 Hi-Lo is dealt.
        /// assert!(splits_a_hi_lo_game::<Omaha4>() && splits_a_hi_lo_game::<Hand7>());
        /// assert!(!splits_a_hi_lo_game::<Omaha6>() && !splits_a_hi_lo_game::<Hand>());
        /// ```
        pub const fn splits_a_hi_lo_game<H: Game>() -> bool {
            false $(|| visit_the_list!(@high_of $kind, H, $game))*
        }
        $(
            const _: () = assert!(
                same_str(<$game as Game>::ID, stringify!($id)),
                concat!("the list's entry ", stringify!($id), " is not its type's id"),
            );
            const _: () = assert!(
                visit_the_list!(@is $kind, $game),
                concat!("the list's entry ", stringify!($id), " is not of its kind"),
            );
        )*
    };
    (@high_of hi_lo, $high:ident, $game:ty) => {
        same_game::<$high, <$game as Game>::High>()
    };
    (@high_of $kind:ident, $high:ident, $game:ty) => {
        false
    };
    (@visit hi_lo, $visitor:ident, $game:ty) => {
        $visitor.hi_lo::<$game>()
    };
    (@visit badugi, $visitor:ident, $game:ty) => {
        $visitor.badugi::<$game>()
    };
    (@visit $kind:ident, $visitor:ident, $game:ty) => {
        $visitor.game::<$game>()
    };
    (@is standard, $game:ty) => {
        <$game as Game>::RULES.is(&crate::rules::STANDARD)
            && matches!(<$game as Game>::VALUE, Value::High)
            && <$game as Game>::HOLE == 0
    };
    (@is hole, $game:ty) => {
        <$game as Game>::RULES.is(&crate::rules::STANDARD)
            && matches!(<$game as Game>::VALUE, Value::High)
            && <$game as Game>::HOLE > 0
    };
    (@is scaled, $game:ty) => {
        <$game as Game>::VALUE.is_ranked()
            && !(<$game as Game>::RULES.is(&crate::rules::STANDARD)
                && matches!(<$game as Game>::VALUE, Value::High))
    };
    (@is hi_lo, $game:ty) => {
        <$game as Game>::VALUE.is_hi_lo()
    };
    (@is badugi, $game:ty) => {
        <$game as Game>::VALUE.is_badugi() && <$game as Game>::FIVES.is_empty()
    };
}

crate::for_each_game!(visit_the_list);

/// The ids of the games, in [`visit_games`] order.
pub fn game_ids() -> impl Iterator<Item = &'static str> {
    struct Ids([&'static str; 24], usize);
    impl GameVisitor for Ids {
        fn game<G: Game>(&mut self) {
            self.0[self.1] = G::ID;
            self.1 += 1;
        }
        fn hi_lo<G: Game>(&mut self) {
            self.game::<G>();
        }
        fn badugi<G: Game>(&mut self) {
            self.game::<G>();
        }
    }
    let mut ids = Ids([""; 24], 0);
    visit_games(&mut ids);
    let n = ids.1;
    ids.0.into_iter().take(n)
}

/// What a game is, for tools that handle games one at a time by value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct GameInfo {
    /// [`Game::ID`].
    pub id: &'static str,
    /// [`Game::INPUT`].
    pub input: &'static str,
    /// [`Game::TITLE`].
    pub title: &'static str,
    /// [`Game::WORD`].
    pub word: &'static str,
    /// [`Game::COUNT`].
    pub count: usize,
    /// [`Game::HOLE`].
    pub hole: usize,
    /// [`Game::BOARD`].
    pub board: usize,
    /// [`Game::HANDS`].
    pub hands: u64,
    /// How many fives a hand may use.
    pub fives: usize,
    /// The positions of the first of them ([`Game::FIVES`]`[0]`).
    pub first_five: [usize; 5],
    /// How many five-card classes occur as a best five ([`Game::classes`]);
    /// a badugi game's own classes, where no five plays.
    pub classes: u32,
    /// Whether a line of the game's number of cards is read as its hand
    /// ([`Game::takes`]); a short-deck hand is asked for by its game.
    pub told_by_count: bool,
    /// The lowest rank of its deck ([`Game::RULES`]).
    pub lowest: Rank,
    /// What a hand is worth ([`Game::VALUE`]).
    pub value: Value,
    /// The id of [`Game::High`]: the game whose evaluators value the
    /// hands' highs (its own id for a game worth its high alone).
    pub high: &'static str,
}

impl GameInfo {
    /// What `G` is.
    pub const fn of<G: Game>() -> GameInfo {
        GameInfo {
            id: G::ID,
            input: G::INPUT,
            title: G::TITLE,
            word: G::WORD,
            count: G::COUNT,
            hole: G::HOLE,
            board: G::BOARD,
            hands: G::HANDS,
            fives: G::FIVES.len(),
            first_five: if G::FIVES.is_empty() {
                [0; 5]
            } else {
                G::FIVES[0]
            },
            // No five plays in a badugi game: the value's own classes.
            classes: if let Value::Badugi { classes } = G::VALUE {
                classes as u32
            } else {
                let mut sum = 0;
                let mut i = 0;
                while i < 10 {
                    sum += G::CATEGORY_CLASSES[i] as u32;
                    i += 1;
                }
                sum
            },
            told_by_count: G::BY_COUNT,
            lowest: G::RULES.lowest,
            value: G::VALUE,
            high: <G::High as Game>::ID,
        }
    }
}

impl Display for GameInfo {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id)
    }
}

const _: () = assert!(<Hand<5> as Game>::HANDS as usize == crate::HAND_COUNT);
const _: () = assert!(HAND7_COUNT == 133_784_560);
const _: () = assert!(<Hand<6> as Game>::HANDS == 20_358_520);
const _: () = assert!(<Omaha4 as Game>::HANDS == 463_563_500_400);
const _: () = assert!(<Omaha5 as Game>::HANDS == 3_986_646_103_440);
const _: () = assert!(<Omaha6 as Game>::HANDS == 27_906_522_724_080);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::HandClass;
    use std::string::ToString;
    use std::vec::Vec;

    fn hand7(s: &str) -> Hand<7> {
        s.parse().unwrap()
    }

    /// Every game, for checks written once.
    struct Each<F>(F);
    impl<F: FnMut(GameInfo)> GameVisitor for Each<F> {
        fn game<G: Game>(&mut self) {
            (self.0)(GameInfo::of::<G>());
        }
    }

    /// The Hi-Lo games, each game worth its high alone asserted so.
    struct HiLo(Vec<GameInfo>);
    impl GameVisitor for HiLo {
        fn game<G: Game>(&mut self) {
            assert!(G::VALUE.is_ranked(), "{}", G::ID);
        }
        fn hi_lo<G: Game>(&mut self) {
            self.0.push(GameInfo::of::<G>());
        }
    }

    #[test]
    fn the_list_of_games_has_each_id_once() {
        let mut ids = Vec::new();
        visit_games(&mut Each(|g: GameInfo| ids.push(g.id)));
        assert_eq!(
            ids,
            [
                "five", "six", "seven", "omaha", "omaha5", "omaha6", "short5", "short7", "short5t",
                "short7t", "ace5", "deuce7", "razz"
            ]
        );
        // The Hi-Lo games follow, on the same list: their high halves are
        // games above, each worth its high alone.
        let mut hi_lo = HiLo(Vec::new());
        visit_games(&mut hi_lo);
        let found: Vec<(&str, &str)> = hi_lo.0.iter().map(|g| (g.id, g.high)).collect();
        assert_eq!(
            found,
            [("omaha8", "omaha"), ("bigo", "omaha5"), ("stud8", "seven")]
        );
        // Stud's seven cards are each player's own: no board.
        let boards: Vec<usize> = hi_lo.0.iter().map(|g| g.board).collect();
        assert_eq!(boards, [5, 5, 0]);
        assert!(
            hi_lo
                .0
                .iter()
                .all(|g| g.value.low().is_some() && !g.told_by_count)
        );
        assert!(
            game_ids().eq(ids
                .iter()
                .copied()
                .chain(["omaha8", "bigo", "stud8", "badugi"]))
        );
        // Words, spaces, hyphens and apostrophes only: the listings print a
        // game's word, and CI's checks find it there by pattern.
        let mut words = Vec::new();
        visit_games(&mut Each(|g: GameInfo| words.push(g.word)));
        for word in words {
            assert!(
                word.chars()
                    .all(|c| c.is_ascii_alphanumeric() || " -'".contains(c)),
                "{word}"
            );
        }
    }

    #[test]
    fn omaha_royal_flushes_are_counted_without_enumerating_hands() {
        // A royal flush takes two hole cards and three of the board, so
        // the hole holds exactly two of its five cards: which two, any
        // other hole cards of the 47 left, any two other board cards of
        // what is left; in each of four suits (no hand holds two).
        fn royal<const HOLE: usize, const N: usize>() -> u64
        where
            Omaha<HOLE, N>: Game,
        {
            let others = HOLE - 2;
            let royal = 4 * choose(5, 2) * choose(47, others) * choose(47 - others, 2);
            assert_eq!(
                royal as u64,
                <Omaha<HOLE, N> as Game>::hands_in(Category::RoyalFlush)
            );
            royal as u64
        }
        assert_eq!(royal::<4, 9>(), 42_807_600);
        assert_eq!(royal::<5, 10>(), 613_575_600);
        assert_eq!(royal::<6, 11>(), 6_442_543_800);
        // Short deck, seven cards: a royal flush and any two of the 31
        // other cards.
        assert_eq!(
            <Short7 as Game>::hands_in(Category::RoyalFlush),
            4 * choose(31, 2) as u64
        );
    }

    #[test]
    fn every_games_table_adds_up() {
        struct Check;
        impl GameVisitor for Check {
            fn game<G: Game>(&mut self) {
                let hands: u64 = G::CATEGORY_HANDS.iter().sum();
                assert_eq!(hands, G::HANDS, "{}", G::WORD);
                assert!(G::classes() <= u32::from(HandClass::COUNT));
                for c in Category::ALL {
                    // No more classes than its rules' fives have.
                    assert!(
                        G::classes_in(c) <= G::RULES.classes_in(c),
                        "{} {c}",
                        G::WORD
                    );
                    // A category occurs in hands exactly when its classes do.
                    assert_eq!(G::hands_in(c) > 0, G::classes_in(c) > 0, "{} {c}", G::WORD);
                }
                let weighted: u64 = G::parts()
                    .map(|p| G::part_len(p) as u64 * G::part_weight(p))
                    .sum();
                assert_eq!(weighted, G::HANDS, "{}", G::WORD);
            }
        }
        visit_games(&mut Check);
        for (fives, count) in [(FIVE_OF_SIX.len(), 6), (FIVE_OF_SEVEN.len(), 7)] {
            assert_eq!(fives, choose(count, 5));
        }
        assert_eq!(
            <Hand as Game>::classes(),
            u32::from(crate::rules::STANDARD.classes())
        );
        assert_eq!(<Hand<6> as Game>::classes(), 6_075);
        assert_eq!(<Hand<7> as Game>::classes(), 4_824);
        assert_eq!(<Omaha4 as Game>::classes(), 6_025);
        assert_eq!(<Omaha5 as Game>::classes(), 5_937);
        assert_eq!(<Omaha6 as Game>::classes(), 5_161);
        assert_eq!(<Short5 as Game>::classes(), 1_404);
        assert_eq!(<Short7 as Game>::classes(), 752);
        for c in Category::ALL {
            assert_eq!(<Hand as Game>::hands_in(c), u64::from(c.hand_count()));
            assert_eq!(<Hand as Game>::classes_in(c), c.class_count());
        }
    }

    #[test]
    fn parses_like_five_and_names_the_count() {
        let h = hand7("As Ks Qs Js Ts 2c 3d");
        assert_eq!(h.to_string(), "As Ks Qs Js Ts 2c 3d");
        assert_eq!(hand7("asksqsjsts2c3d"), h);
        // A `|` only sets the hole cards apart in Hold'em.
        assert_eq!(hand7("As Ks | Qs Js Ts 2c 3d"), h);
        let err = |s: &str| s.parse::<Hand<7>>().unwrap_err();
        assert_eq!(
            err("As Ks Qs Js Ts"),
            HandError::WrongCount {
                count: 5,
                expected: HandSize::Exactly(7)
            }
        );
        assert_eq!(
            err("As Ks Qs Js Ts 2c").to_string(),
            "6 cards: a seven-card hand has exactly 7"
        );
        assert_eq!(err("As Ks Qs Js Ts 2c Ks").to_string(), "duplicate card Ks");
        assert_eq!(
            err("As Ks Qs Js Ts 2c 3x").to_string(),
            "bad suit 'x' at column 20 (expected one of c, d, h, s)"
        );
        assert!(err("As | Ks | Qs Js Ts 2c 3d").to_string().contains("'|'"));
        let six: Hand<6> = "As Ks Qs Js Ts 2c".parse().unwrap();
        assert_eq!(<Hand<6> as Game>::from_cards(&six.cards()), Ok(six));
        assert_eq!(
            <Hand<6> as Game>::from_cards(&six.cards()[..5]),
            Err(HandError::WrongCount {
                count: 5,
                expected: HandSize::Exactly(6)
            })
        );
    }

    #[test]
    fn omaha_parses_hole_and_board_and_names_the_part() {
        let h: Omaha4 = "As Ad Ks Kd | Qs Js Ts 2c 3h".parse().unwrap();
        assert_eq!(h.to_string(), "As Ad Ks Kd | Qs Js Ts 2c 3h");
        assert_eq!("AsAdKsKdQsJsTs2c3h".parse::<Omaha4>(), Ok(h));
        assert_eq!(h.hole().len(), 4);
        assert_eq!(h.board()[0].to_string(), "Qs");
        let err = |s: &str| s.parse::<Omaha4>().unwrap_err().to_string();
        assert_eq!(
            err("As Ad Ks | Qs Js Ts 2c 3h"),
            "hole: 3 cards, where the hand has 4 hole cards"
        );
        assert_eq!(
            err("As Ad Ks Kd | Qs Js Ts 2c"),
            "board: 4 cards, where the hand has 5 board cards"
        );
        assert_eq!(err("As Ad Ks Kd | Qs Js Ts 2c As"), "duplicate card As");
        assert!(
            err("As Ad Ks Kd Qs Js Ts 2c")
                .starts_with("8 cards: a hand of this game has 4 hole cards")
        );
        assert!(err("As Ad Ks Kd | Qs Jx Ts 2c 3h").contains("bad suit 'x' at column 19"));
        assert!(<Omaha4 as Game>::takes(9, Some(4)));
        assert!(!<Omaha4 as Game>::takes(9, Some(3)));
        assert!(<Omaha5 as Game>::takes(10, None));
        assert!(<Hand<7> as Game>::takes(7, Some(2)));
    }

    #[test]
    fn omaha_fives_take_two_hole_cards_and_three_of_the_board() {
        fn check(fives: &[[usize; 5]], hole: usize) {
            assert_eq!(fives.len(), choose(hole, 2) * 10);
            for f in fives {
                assert_eq!(f.iter().filter(|&&i| i < hole).count(), 2);
                assert!(f.iter().all(|&i| i < hole + 5));
                assert!(f.windows(2).all(|w| w[0] < w[1]));
            }
            assert!(fives.windows(2).all(|w| w[0] < w[1]));
        }
        check(&OMAHA_FIVES, 4);
        check(&OMAHA5_FIVES, 5);
        check(&OMAHA6_FIVES, 6);
        assert_eq!(OMAHA_FIVES[0], [0, 1, 4, 5, 6]);
        assert_eq!(OMAHA_FIVES[59], [2, 3, 6, 7, 8]);
    }

    #[test]
    fn holes_deal_every_combination_of_the_cards_off_the_board_in_order() {
        fn check<const K: usize>(board: [Card; 5]) {
            let deck: Vec<Card> = Card::all().filter(|c| !board.contains(c)).collect();
            let mut at: Vec<usize> = (0..K).collect();
            let mut holes = Holes::<K>::new(board);
            loop {
                let want: Vec<Card> = at.iter().map(|&i| deck[i]).collect();
                assert_eq!(holes.next().map(|h| h.to_vec()), Some(want));
                if !crate::next_combination(&mut at, deck.len()) {
                    break;
                }
            }
            assert_eq!(holes.next(), None);
            // The loop that takes every hole (fold) walks the same holes,
            // from the start and from any place the steps left it at.
            let stepped: Vec<[Card; K]> = Holes::<K>::new(board).collect();
            for taken in [0, 1, 41, 42, 43, stepped.len() - 1, stepped.len()] {
                let mut holes = Holes::<K>::new(board);
                holes.by_ref().take(taken).for_each(drop);
                let end = holes.fold(taken, |at, hole| {
                    assert_eq!(hole, stepped[at], "{K} cards, hole {at}, after {taken}");
                    at + 1
                });
                assert_eq!(end, stepped.len(), "{K} cards, after {taken}");
            }
        }
        let board = crate::parse_cards("2c 9d Th Ks As").unwrap();
        let board: [Card; 5] = board.try_into().unwrap();
        check::<1>(board);
        check::<2>(board);
        check::<4>(board);
        check::<6>(board);
    }

    #[test]
    fn boards_up_to_suit_renaming_weigh_every_board_once() {
        let (mut classes, mut boards) = (0u64, 0u64);
        for board in <Omaha4 as Game>::parts() {
            classes += 1;
            boards += <Omaha4 as Game>::part_weight(board);
        }
        assert_eq!(classes, 134_459);
        assert_eq!(boards, choose(Card::COUNT, 5) as u64);
        let weights: u64 = <Omaha4 as Game>::parts()
            .map(|b| <Omaha4 as Game>::part_weight(b) * <Omaha4 as Game>::part_len(b) as u64)
            .sum();
        assert_eq!(weights, <Omaha4 as Game>::HANDS);
        let first = <Omaha4 as Game>::parts().next().unwrap();
        let hands: Vec<Omaha4> = <Omaha4 as Game>::part_hands(first).collect();
        assert_eq!(hands.len(), 178_365);
        assert_eq!(hands[0].to_string(), "3d 3h 3s 4c | 2c 2d 2h 2s 3c");
        assert!(hands.iter().all(|h| h.board() == first.cards));
    }

    #[test]
    fn the_fives_are_every_five_once_in_order() {
        fn check<H: Game>(hand: &H) {
            let mask = hand
                .card_slice()
                .iter()
                .fold(0u64, |m, c| m | 1 << c.index());
            let mut masks: Vec<u64> = hand.fives().map(|f| f.mask()).collect();
            assert!(masks.iter().all(|m| m.count_ones() == 5 && m & !mask == 0));
            masks.sort_unstable();
            masks.dedup();
            assert_eq!(masks.len(), H::FIVES.len());
            assert!(H::FIVES.iter().all(|p| p.windows(2).all(|w| w[0] < w[1])));
        }
        let h = hand7("2c 3d 4h 5s 6c 7d 8h");
        check(&h);
        check(&"2c 3d 4h 5s 6c 7d".parse::<Hand<6>>().unwrap());
        check(&"2c 3d 4h 5s 6c".parse::<Hand>().unwrap());
        check(&"2c 3d 4h 5s | 6c 7d 8h 9s Tc".parse::<Omaha4>().unwrap());
        assert_eq!(FIVE_OF_SEVEN[0], [0, 1, 2, 3, 4]);
        assert_eq!(FIVE_OF_SEVEN[20], [2, 3, 4, 5, 6]);
        assert_eq!(FIVE_OF_SIX[5], [1, 2, 3, 4, 5]);
        let listed: Vec<Hand> = h.fives().to_vec();
        assert_eq!(listed, Game::fives(&h).collect::<Vec<_>>());
    }

    #[test]
    fn runs_by_two_lowest_cards_tile_every_holdem_size_in_order() {
        // Every run has C(51 - second, N - 2) hands, and the runs laid end
        // to end are all hands: checked on the counts and the runs' first hands.
        fn check<const N: usize>()
        where
            Hand<N>: Game<Part = Run>,
        {
            let mut total = 0;
            let mut all = AllHands::<N>::every();
            for run in <Hand<N> as Game>::parts() {
                let len = <Hand<N> as Game>::part_len(run);
                assert_eq!(len, choose(51 - usize::from(run.1.index()), N - 2));
                let mut hands = <Hand<N> as Game>::part_hands(run);
                if let Some(first) = hands.next() {
                    assert_eq!(all.next(), Some(first));
                    if len > 1 {
                        all.nth(len - 2);
                    }
                }
                total += len;
            }
            assert_eq!(total as u64, <Hand<N> as Game>::HANDS);
            assert_eq!(all.next(), None);
        }
        check::<5>();
        check::<6>();
        check::<7>();
    }

    #[test]
    fn all_hands7_starts_and_ends_where_documented() {
        let mut all = all_hands7();
        assert_eq!(all.len(), HAND7_COUNT);
        assert_eq!(all.next(), Some(hand7("2c 2d 2h 2s 3c 3d 3h")));
        let card = |i: u8| Card::from_index(i).unwrap();
        let last = AllHands::<7>::starting(card(45), card(46)).last();
        assert_eq!(last, Some(hand7("Kd Kh Ks Ac Ad Ah As")));
        // Jumps land where a walk would, without walking.
        assert_eq!(all_hands7().nth(HAND7_COUNT - 1), last);
        assert_eq!(all_hands7().nth(HAND7_COUNT), None);
        let mut middle = all_hands7();
        assert!(middle.nth(HAND7_COUNT / 2).is_some());
        assert_eq!(middle.len(), HAND7_COUNT - HAND7_COUNT / 2 - 1);
        let mut run = AllHands::<7>::starting(card(0), card(18));
        let jumped = run.nth(3);
        let mut walked = AllHands::<7>::starting(card(0), card(18));
        walked.next();
        walked.next();
        walked.next();
        assert_eq!(jumped, walked.next());
        assert_eq!(run.len(), walked.len());
        assert_eq!(
            AllHands::<6>::every().last().map(|h| h.to_string()),
            Some("Kh Ks Ac Ad Ah As".to_string())
        );
        assert_eq!(AllHands::<7>::starting(card(5), card(5)).len(), 0);
    }
}
