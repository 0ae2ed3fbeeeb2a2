//! Ranges as equity users type them.
//!
//! One syntax, the one OMPEval, `PokerStove`, Equilab and `pokers` share,
//! with both ways of weighting:
//!
//! | written | means |
//! |---|---|
//! | `QQ` | the six combos of a pair |
//! | `QQ+` | the pair and every higher one (QQ, KK, AA) |
//! | `JJ-88` | the pairs from one to the other, both included |
//! | `AKs`, `AKo`, `AK` | suited (4 combos), offsuit (12), both (16) |
//! | `A2s+`, `KTo+` | the kicker up to one below the first rank (A2s to AKs) |
//! | `T9s-65s`, `A5o-A2o` | a span keeping the gap (T9s, 98s, 87s, 76s, 65s) or the first rank |
//! | `AhKh` | one exact combo (cards as every command reads them) |
//! | `random` | every combo of two cards (1,326) |
//! | `QQ@50` | a weight in percent, for one item |
//! | `0.5(QQ, AKs)` | a weight as a fraction, for a group of items |
//!
//! Items are separated by commas; spaces and case do not matter. A combo
//! named twice keeps its first mention (OMPEval's `CardRange` keeps each
//! combo once; with weights, the first is the one written where the reader
//! looks first), so `AA@50, QQ+` holds aces at half weight.
//!
//! What a weight means: a range's combos are dealt in proportion to their
//! weights. Combos that collide with the board, the dead cards or another
//! player's hand cannot be dealt and are left out, and the rest keep their
//! proportions: the probability of a deal of hands is the product of their
//! weights over the sum of that product across every deal without a
//! collision, as OMPEval and `pokers` enumerate (OMPEval with weights all
//! one). [`Range::without`] removes the combos a set of known cards rules
//! out.
//!
//! Errors say where (the column of the character, from 1) and why:
//!
//! ```
//! use handeval_equity::range::Range;
//! let err = "QQ+, AKx".parse::<Range>().unwrap_err();
//! assert_eq!(err.to_string(), "column 8: `x` after AK: expected s, o, +, -, @, a comma or the end");
//! ```

use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::fmt;
use core::str::FromStr;

use handeval_core::{Card, Rank, Suit};

/// Two hole cards and how much of the range they are.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Combo {
    /// The cards, the higher index first.
    pub cards: [Card; 2],
    /// Above 0, at most 1.
    pub weight: f64,
}

impl Combo {
    /// The two cards as bits `1 << index`.
    #[must_use]
    pub fn mask(&self) -> u64 {
        (1u64 << self.cards[0].index()) | (1u64 << self.cards[1].index())
    }
}

impl fmt::Display for Combo {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.cards[0], self.cards[1])
    }
}

/// A range: combos, each once, in the order they were first named.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Range {
    combos: Vec<Combo>,
    /// Each combo's place in `combos` plus one, by [`slot`]; 0 for none.
    at: Vec<u16>,
}

/// A combo's slot among the 52 x 52 ordered pairs of cards.
fn slot(a: Card, b: Card) -> usize {
    let (hi, lo) = ordered(a, b);
    usize::from(hi.index()) * Card::COUNT + usize::from(lo.index())
}

/// The two cards, the higher index first.
fn ordered(a: Card, b: Card) -> (Card, Card) {
    if a.index() > b.index() {
        (a, b)
    } else {
        (b, a)
    }
}

impl Range {
    /// An empty range.
    #[must_use]
    pub fn new() -> Self {
        Range {
            combos: Vec::new(),
            at: alloc::vec![0; Card::COUNT * Card::COUNT],
        }
    }

    /// Every combo of two cards, at weight one.
    #[must_use]
    pub fn random() -> Self {
        let mut range = Range::new();
        for a in Card::all() {
            for b in Card::all().filter(|b| b.index() < a.index()) {
                range.add(a, b, 1.0);
            }
        }
        range
    }

    /// Adds a combo unless it is there already (the first mention keeps
    /// its weight); two equal cards are no combo.
    fn add(&mut self, a: Card, b: Card, weight: f64) {
        if a == b {
            return;
        }
        let s = slot(a, b);
        if self.at[s] == 0 {
            let (hi, lo) = ordered(a, b);
            self.combos.push(Combo {
                cards: [hi, lo],
                weight,
            });
            self.at[s] = u16::try_from(self.combos.len()).expect("at most 1,326 combos");
        }
    }

    /// The combos, in the order they were first named.
    #[must_use]
    pub fn combos(&self) -> &[Combo] {
        &self.combos
    }

    /// The combo of these two cards, if the range holds it.
    #[must_use]
    pub fn get(&self, a: Card, b: Card) -> Option<&Combo> {
        self.place(a, b).and_then(|i| self.combos.get(i))
    }

    /// The place of the combo of these two cards in [`Range::combos`], if
    /// the range holds it.
    #[must_use]
    pub fn place(&self, a: Card, b: Card) -> Option<usize> {
        match self.at.get(slot(a, b)) {
            Some(&i) if i > 0 => Some(usize::from(i) - 1),
            _ => None,
        }
    }

    /// The sum of the weights: the number of combos when all weigh one.
    #[must_use]
    pub fn weight_total(&self) -> f64 {
        self.combos.iter().map(|c| c.weight).sum()
    }

    /// The range without the combos that hold a card of `known` (bits
    /// `1 << index`: the board and the dead cards).
    #[must_use]
    pub fn without(&self, known: u64) -> Range {
        let mut out = Range::new();
        for c in self.combos.iter().filter(|c| c.mask() & known == 0) {
            out.add(c.cards[0], c.cards[1], c.weight);
        }
        out
    }

    /// Whether the range holds no combo.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.combos.is_empty()
    }
}

/// Why a text is not a range: where, and what was wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RangeError {
    /// The column (a character position, from 1) the error points at; one
    /// past the end when the text ended too soon.
    pub column: usize,
    /// What was wrong there.
    pub message: String,
}

impl fmt::Display for RangeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "column {}: {}", self.column, self.message)
    }
}

impl core::error::Error for RangeError {}

/// The text's characters without spaces, each with its column.
struct Cursor {
    chars: Vec<(usize, char)>,
    at: usize,
    end: usize,
}

impl Cursor {
    fn new(text: &str) -> Self {
        let chars: Vec<(usize, char)> = text
            .chars()
            .enumerate()
            .filter(|(_, c)| !c.is_whitespace())
            .map(|(i, c)| (i + 1, c.to_ascii_lowercase()))
            .collect();
        Cursor {
            chars,
            at: 0,
            end: text.chars().count() + 1,
        }
    }

    fn peek(&self) -> Option<char> {
        self.chars.get(self.at).map(|&(_, c)| c)
    }

    fn column(&self) -> usize {
        self.chars.get(self.at).map_or(self.end, |&(col, _)| col)
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.peek();
        self.at += 1;
        c
    }

    fn eat(&mut self, c: char) -> bool {
        if self.peek() == Some(c) {
            self.at += 1;
            true
        } else {
            false
        }
    }

    fn error<T>(&self, message: impl Into<String>) -> Result<T, RangeError> {
        Err(RangeError {
            column: self.column(),
            message: message.into(),
        })
    }

    /// `found` for a message: the character at the cursor, or the end.
    fn found(&self) -> String {
        self.peek()
            .map_or_else(|| "the end".to_string(), |c| alloc::format!("`{c}`"))
    }

    /// A number: digits with at most one point.
    fn number(&mut self) -> Option<(f64, usize)> {
        let column = self.column();
        let start = self.at;
        while matches!(self.peek(), Some(c) if c.is_ascii_digit() || c == '.') {
            self.at += 1;
        }
        let text: String = self.chars[start..self.at].iter().map(|&(_, c)| c).collect();
        text.parse().ok().map(|n| (n, column))
    }
}

/// A rank's character (`2`-`9`, `t`, `j`, `q`, `k`, `a`).
fn rank_of(c: char) -> Option<Rank> {
    Rank::from_char(c)
}

/// How the two ranks' suits go together.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Suits {
    Suited,
    Offsuit,
    Both,
}

/// A hand of ranks: `AKs`, `QQ`, `T9`.
#[derive(Clone, Copy)]
struct Shape {
    high: u8,
    low: u8,
    suits: Suits,
}

impl Shape {
    fn name(self) -> String {
        let r = |i: u8| Rank::from_index(i).expect("a rank").to_char();
        let s = match (self.high == self.low, self.suits) {
            (true, _) | (false, Suits::Both) => "",
            (false, Suits::Suited) => "s",
            (false, Suits::Offsuit) => "o",
        };
        alloc::format!("{}{}{s}", r(self.high), r(self.low))
    }

    /// Adds the shape's combos at `weight`.
    fn add_to(self, range: &mut Range, weight: f64) {
        let card = |rank: u8, suit: u8| {
            Card::new(
                Rank::from_index(rank).expect("a rank"),
                Suit::from_index(suit).expect("a suit"),
            )
        };
        for a in 0..4 {
            for b in 0..4 {
                let suited = a == b;
                let keep = match self.suits {
                    Suits::Suited => suited,
                    Suits::Offsuit => !suited,
                    Suits::Both => true,
                };
                if keep && (self.high != self.low || a < b) {
                    range.add(card(self.high, a), card(self.low, b), weight);
                }
            }
        }
    }
}

impl FromStr for Range {
    type Err = RangeError;

    fn from_str(text: &str) -> Result<Range, RangeError> {
        let mut cursor = Cursor::new(text);
        let mut range = Range::new();
        if cursor.peek().is_none() {
            return cursor.error("an empty range: name hands such as `QQ+, AKs` or `random`");
        }
        items(&mut cursor, &mut range, 1.0, false)?;
        match cursor.peek() {
            None => Ok(range),
            Some(')') => cursor.error("`)` closes no group"),
            Some(_) => cursor.error(alloc::format!(
                "{} where an item ends: expected a comma",
                cursor.found()
            )),
        }
    }
}

/// Items separated by commas, up to the end or a `)`.
fn items(
    cursor: &mut Cursor,
    range: &mut Range,
    weight: f64,
    grouped: bool,
) -> Result<(), RangeError> {
    loop {
        item(cursor, range, weight, grouped)?;
        if !cursor.eat(',') {
            return Ok(());
        }
    }
}

/// One item: a weighted group, or a hand with an optional `@` weight.
fn item(
    cursor: &mut Cursor,
    range: &mut Range,
    weight: f64,
    grouped: bool,
) -> Result<(), RangeError> {
    // A number then `(`: a group's fraction. (A rank digit then a rank is a hand.)
    let start = cursor.at;
    if let Some((fraction, column)) = cursor.number()
        && cursor.peek() == Some('(')
    {
        if grouped {
            return Err(RangeError {
                column,
                message: "a weighted group inside another: weight each group once".into(),
            });
        }
        if !(fraction > 0.0 && fraction <= 1.0) {
            return Err(RangeError {
                column,
                message: alloc::format!(
                    "a group's weight is a fraction above 0 and at most 1, not {fraction}"
                ),
            });
        }
        cursor.bump();
        items(cursor, range, weight * fraction, true)?;
        if !cursor.eat(')') {
            return cursor.error(alloc::format!(
                "{} where the group should close with `)`",
                cursor.found()
            ));
        }
        return Ok(());
    }
    cursor.at = start;
    let mut pending = Range::new();
    hand(cursor, &mut pending)?;
    let mut w = weight;
    if cursor.eat('@') {
        let column = cursor.column();
        let Some((percent, _)) = cursor.number() else {
            return cursor.error(alloc::format!(
                "{} after `@`: expected a weight in percent, such as `@50`",
                cursor.found()
            ));
        };
        if !(percent > 0.0 && percent <= 100.0) {
            return Err(RangeError {
                column,
                message: alloc::format!(
                    "a weight in percent is above 0 and at most 100, not {percent}"
                ),
            });
        }
        w *= percent / 100.0;
    }
    for c in pending.combos() {
        range.add(c.cards[0], c.cards[1], w);
    }
    Ok(())
}

/// The card `text` starts with, and its length in characters: a rank
/// (`10` too, as every command reads cards) and a suit.
fn card_at(text: &str) -> Option<(Card, usize)> {
    let len = if text.starts_with("10") { 3 } else { 2 };
    let card: String = text.chars().take(len).collect();
    let suit = card.chars().last().and_then(Suit::from_char)?;
    let rank = if len == 3 {
        Rank::Ten
    } else {
        card.chars().next().and_then(rank_of)?
    };
    Some((Card::new(rank, suit), len))
}

/// A hand: `random`, an exact combo, or a shape with `+` or a span.
fn hand(cursor: &mut Cursor, range: &mut Range) -> Result<(), RangeError> {
    let column = cursor.column();
    let rest: String = cursor.chars[cursor.at..].iter().map(|&(_, c)| c).collect();
    if rest.starts_with("random") {
        cursor.at += "random".len();
        for c in Range::random().combos() {
            range.add(c.cards[0], c.cards[1], 1.0);
        }
        return Ok(());
    }
    // Two cards with suits: an exact combo.
    if let Some((a, one)) = card_at(&rest)
        && let Some((b, two)) = card_at(&rest[one..])
    {
        if a == b {
            return Err(RangeError {
                column,
                message: alloc::format!("{a}{b}: the same card twice"),
            });
        }
        cursor.at += one + two;
        range.add(a, b, 1.0);
        return Ok(());
    }
    let first = shape(cursor)?;
    if cursor.eat('+') {
        plus(first, range);
        return Ok(());
    }
    if cursor.eat('-') {
        let second_column = cursor.column();
        let second = shape(cursor)?;
        return span(first, second, range, second_column);
    }
    first.add_to(range, 1.0);
    Ok(())
}

/// Two ranks and an optional `s` or `o`.
fn shape(cursor: &mut Cursor) -> Result<Shape, RangeError> {
    let mut ranks = [0u8; 2];
    for (i, r) in ranks.iter_mut().enumerate() {
        let Some(rank) = cursor.peek().and_then(rank_of) else {
            let what = if i == 0 { "a hand" } else { "its second rank" };
            return cursor.error(alloc::format!(
                "{} where {what} should be: expected a rank (2-9, T, J, Q, K, A){}",
                cursor.found(),
                if i == 0 {
                    ", `random` or two cards such as `AhKh`"
                } else {
                    ""
                }
            ));
        };
        cursor.bump();
        *r = rank.index();
    }
    let (high, low) = (ranks[0].max(ranks[1]), ranks[0].min(ranks[1]));
    let suits = match cursor.peek() {
        Some('s' | 'o') if high == low => {
            return cursor.error("a pair is neither suited nor offsuit");
        }
        Some('s') => {
            cursor.bump();
            Suits::Suited
        }
        Some('o') => {
            cursor.bump();
            Suits::Offsuit
        }
        _ => Suits::Both,
    };
    let shape = Shape { high, low, suits };
    match cursor.peek() {
        None | Some(',' | ')' | '+' | '-' | '@') => Ok(shape),
        Some(_) => cursor.error(alloc::format!(
            "{} after {}: expected s, o, +, -, @, a comma or the end",
            cursor.found(),
            shape.name()
        )),
    }
}

/// `QQ+` (every higher pair) or `A2s+` (every higher kicker).
fn plus(first: Shape, range: &mut Range) {
    if first.high == first.low {
        for r in first.high..13 {
            Shape {
                high: r,
                low: r,
                ..first
            }
            .add_to(range, 1.0);
        }
    } else {
        for low in first.low..first.high {
            Shape { low, ..first }.add_to(range, 1.0);
        }
    }
}

/// `JJ-88`, `T9s-65s` (the gap kept) or `A5s-A2s` (the first rank kept).
fn span(a: Shape, b: Shape, range: &mut Range, column: usize) -> Result<(), RangeError> {
    let error = |message: String| Err(RangeError { column, message });
    if a.suits != b.suits {
        return error(alloc::format!(
            "{} and {} differ in suits: a span keeps them",
            a.name(),
            b.name()
        ));
    }
    let (top, bottom) = if (a.high, a.low) >= (b.high, b.low) {
        (a, b)
    } else {
        (b, a)
    };
    if top.high == top.low && bottom.high == bottom.low {
        for r in bottom.high..=top.high {
            Shape {
                high: r,
                low: r,
                ..top
            }
            .add_to(range, 1.0);
        }
    } else if top.high == top.low || bottom.high == bottom.low {
        return error(alloc::format!(
            "{} and {}: a span is of pairs or of two-rank hands, not both",
            a.name(),
            b.name()
        ));
    } else if top.high == bottom.high {
        for low in bottom.low..=top.low {
            Shape { low, ..top }.add_to(range, 1.0);
        }
    } else if top.high - top.low == bottom.high - bottom.low {
        for step in 0..=(top.high - bottom.high) {
            Shape {
                high: bottom.high + step,
                low: bottom.low + step,
                ..top
            }
            .add_to(range, 1.0);
        }
    } else {
        return error(alloc::format!(
            "{} and {}: a span keeps either the first rank (A5s-A2s) or the gap between the ranks (T9s-65s)",
            a.name(),
            b.name()
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::vec;

    fn combos(text: &str) -> Vec<String> {
        let range: Range = text.parse().unwrap_or_else(|e| panic!("{text}: {e}"));
        range.combos().iter().map(ToString::to_string).collect()
    }

    fn count(text: &str) -> usize {
        combos(text).len()
    }

    fn error(text: &str) -> String {
        text.parse::<Range>().unwrap_err().to_string()
    }

    #[test]
    fn each_form_holds_the_combos_the_tools_give() {
        assert_eq!(count("QQ"), 6);
        assert_eq!(count("QQ+"), 18);
        assert_eq!(count("22+"), 78);
        assert_eq!(count("JJ-88"), 24);
        assert_eq!(count("88-JJ"), 24);
        assert_eq!(count("AKs"), 4);
        assert_eq!(count("AKo"), 12);
        assert_eq!(count("AK"), 16);
        assert_eq!(count("KA"), 16);
        assert_eq!(count("A2s+"), 48);
        assert_eq!(count("KTo+"), 36);
        assert_eq!(count("T9s-65s"), 20);
        assert_eq!(count("65s-T9s"), 20);
        assert_eq!(count("A5o-A2o"), 48);
        assert_eq!(count("AhKh"), 1);
        assert_eq!(count("random"), 1326);
        assert_eq!(count("RANDOM"), 1326);
        // The three-way case of the issue.
        assert_eq!(count("TT+,AQs+,AQo+"), 30 + 8 + 24);
        assert_eq!(
            count("22+,A2s+,KTs+,QJs,ATo+,KJo+"),
            78 + 48 + 12 + 4 + 48 + 24
        );
        assert_eq!(combos("AhKh"), vec!["AhKh"]);
        assert_eq!(combos("KhAh"), vec!["AhKh"]);
        assert_eq!(combos("10h10s"), vec!["TsTh"]);
        assert_eq!(combos("AKs"), vec!["AcKc", "AdKd", "AhKh", "AsKs"]);
    }

    #[test]
    fn spaces_case_and_repeats() {
        assert_eq!(combos(" q q + , a k S "), combos("QQ+,AKs"));
        // Each combo once, at its first weight.
        let range: Range = "AA@50, QQ+".parse().unwrap();
        assert_eq!(range.combos().len(), 18);
        assert!((range.weight_total() - (3.0 + 12.0)).abs() < 1e-12);
    }

    #[test]
    fn weights_in_percent_and_as_fractions_of_groups() {
        let r: Range = "QQ@50".parse().unwrap();
        assert!(r.combos().iter().all(|c| (c.weight - 0.5).abs() < 1e-12));
        let r: Range = "0.25(QQ, AKs), JJ".parse().unwrap();
        assert!((r.weight_total() - (10.0 * 0.25 + 6.0)).abs() < 1e-12);
        let r: Range = "0.5(QQ@50)".parse().unwrap();
        assert!((r.weight_total() - 6.0 * 0.25).abs() < 1e-12);
    }

    #[test]
    fn known_cards_remove_combos() {
        let r: Range = "AA, AKs".parse().unwrap();
        let ace_of_spades = 1u64 << "As".parse::<Card>().unwrap().index();
        let left = r.without(ace_of_spades);
        assert_eq!(left.combos().len(), 3 + 3);
        assert!(left.combos().iter().all(|c| c.mask() & ace_of_spades == 0));
    }

    #[test]
    fn no_text_panics() {
        // Every string of up to four characters over the syntax's alphabet
        // parses or is refused; none panics or loops.
        let alphabet: Vec<char> = "aK2T9soh+-@,()0.5 r".chars().collect();
        let mut texts = vec![String::new()];
        for _ in 0..4 {
            let longer: Vec<String> = texts
                .iter()
                .flat_map(|t| alphabet.iter().map(move |c| alloc::format!("{t}{c}")))
                .collect();
            for t in &longer {
                if let Err(e) = t.parse::<Range>() {
                    assert!(
                        e.column >= 1 && e.column <= t.chars().count() + 1,
                        "{t:?}: {e}"
                    );
                }
            }
            texts = longer;
        }
    }

    #[test]
    fn errors_say_where_and_why() {
        assert_eq!(
            error(""),
            "column 1: an empty range: name hands such as `QQ+, AKs` or `random`"
        );
        assert_eq!(
            error("QQ+, AKx"),
            "column 8: `x` after AK: expected s, o, +, -, @, a comma or the end"
        );
        assert_eq!(
            error("QQs"),
            "column 3: a pair is neither suited nor offsuit"
        );
        assert_eq!(
            error("Q"),
            "column 2: the end where its second rank should be: expected a rank (2-9, T, J, Q, K, A)"
        );
        assert_eq!(
            error("QQ@0"),
            "column 4: a weight in percent is above 0 and at most 100, not 0"
        );
        assert_eq!(
            error("QQ@150"),
            "column 4: a weight in percent is above 0 and at most 100, not 150"
        );
        assert_eq!(
            error("QQ@"),
            "column 4: the end after `@`: expected a weight in percent, such as `@50`"
        );
        assert_eq!(
            error("2(QQ)"),
            "column 1: a group's weight is a fraction above 0 and at most 1, not 2"
        );
        assert_eq!(
            error("0.5(QQ"),
            "column 7: the end where the group should close with `)`"
        );
        assert_eq!(
            error("0.5(0.5(QQ))"),
            "column 5: a weighted group inside another: weight each group once"
        );
        assert_eq!(error("QQ)"), "column 3: `)` closes no group");
        assert_eq!(
            error("T9s-65o"),
            "column 5: T9s and 65o differ in suits: a span keeps them"
        );
        assert_eq!(
            error("T9s-64s"),
            "column 5: T9s and 64s: a span keeps either the first rank (A5s-A2s) or the gap between the ranks (T9s-65s)"
        );
        assert_eq!(
            error("QQ-AK"),
            "column 4: QQ and AK: a span is of pairs or of two-rank hands, not both"
        );
        assert_eq!(error("AhAh"), "column 1: AhAh: the same card twice");
        assert_eq!(
            error("QQ JJ"),
            "column 4: `j` after QQ: expected s, o, +, -, @, a comma or the end"
        );
        assert_eq!(
            error("QQ+JJ"),
            "column 4: `j` where an item ends: expected a comma"
        );
        assert_eq!(
            error("xx"),
            "column 1: `x` where a hand should be: expected a rank (2-9, T, J, Q, K, A), `random` or two cards such as `AhKh`"
        );
    }
}
