//! An engine checked against the reference on its own scale (see the crate
//! docs): over every hand of a game, part by part with the reference's
//! classes of each part, or on a seeded sample and every pitfall hand.

use std::collections::HashMap;
use std::fmt;
use std::hash::{BuildHasherDefault, Hasher};

use handeval_core::{Card, Game};
use handeval_difftest::cards::{self, PartAt};
use rayon::prelude::*;

use crate::{Better, Error, Evaluate, Hands};

/// A multiply-and-rotate hasher for the (value, class) pairs: a check adds
/// one pair a hand, 133 million for seven cards.
#[derive(Default)]
struct Mix(u64);

impl Hasher for Mix {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }
    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(5) ^ n).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
    fn write_i64(&mut self, n: i64) {
        self.write_u64(n as u64);
    }
    fn write_u16(&mut self, n: u16) {
        self.write_u64(u64::from(n));
    }
}

/// What the hands of one (value, class) pair add up to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Pair {
    /// The hands they stand for.
    weight: u64,
    /// The first hand's place among the hands checked.
    first: u64,
}

/// The (engine value, reference class) pairs of the hands seen so far.
#[derive(Clone, Debug, Default)]
pub struct Tally {
    pairs: HashMap<(i64, u16), Pair, BuildHasherDefault<Mix>>,
    evaluated: u64,
}

impl Tally {
    /// Adds hands whose engine values are `values` and reference classes
    /// `classes`, the first at place `start`, each standing for `weight`.
    ///
    /// # Panics
    /// If the two differ in length.
    pub fn add(&mut self, values: &[i64], classes: &[u16], start: u64, weight: u64) {
        assert_eq!(values.len(), classes.len(), "one class per value");
        // The hands of a class almost always share one value: each class
        // keeps the pair it saw last and its count, and the map is touched
        // only when a class's value changes (and once a class at the end).
        let top = classes.iter().copied().max().map_or(0, usize::from);
        let mut last: Vec<Option<(i64, Pair)>> = vec![None; top + 1];
        for (i, (&v, &c)) in values.iter().zip(classes).enumerate() {
            let slot = &mut last[usize::from(c)];
            match slot {
                Some((value, pair)) if *value == v => pair.weight += weight,
                _ => {
                    if let Some((value, pair)) = slot.take() {
                        self.enter(value, c, pair);
                    }
                    *slot = Some((
                        v,
                        Pair {
                            weight,
                            first: start + i as u64,
                        },
                    ));
                }
            }
        }
        for (c, slot) in last.into_iter().enumerate() {
            if let Some((value, pair)) = slot {
                self.enter(value, c as u16, pair);
            }
        }
        self.evaluated += values.len() as u64;
    }

    fn enter(&mut self, value: i64, class: u16, pair: Pair) {
        self.pairs
            .entry((value, class))
            .and_modify(|p| {
                p.weight += pair.weight;
                p.first = p.first.min(pair.first);
            })
            .or_insert(pair);
    }

    /// Both tallies in one.
    #[must_use]
    pub fn merge(mut self, other: Tally) -> Tally {
        for ((value, class), pair) in other.pairs {
            self.enter(value, class, pair);
        }
        self.evaluated += other.evaluated;
        self
    }

    /// The verdict: which pairs the engine's scale holds (see the crate
    /// docs) and how many hands fall outside them.
    pub fn verdict(&self, better: Better) -> Verdict {
        // Each value's class and each class's value, by the most hands
        // (ties to the stronger class, then to the first value seen).
        let mut class_of: HashMap<i64, (u64, u16)> = HashMap::new();
        let mut value_of: HashMap<u16, (u64, u64, i64)> = HashMap::new();
        for (&(v, c), p) in &self.pairs {
            let e = class_of.entry(v).or_insert((p.weight, c));
            if (p.weight, std::cmp::Reverse(c)) > (e.0, std::cmp::Reverse(e.1)) {
                *e = (p.weight, c);
            }
            let e = value_of.entry(c).or_insert((p.weight, p.first, v));
            if (p.weight, std::cmp::Reverse(p.first)) > (e.0, std::cmp::Reverse(e.1)) {
                *e = (p.weight, p.first, v);
            }
        }
        let mut chosen: Vec<(i64, u16)> = class_of
            .iter()
            .filter(|&(&v, &(_, c))| value_of.get(&c).is_some_and(|&(_, _, w)| w == v))
            .map(|(&v, &(_, c))| (v, c))
            .collect();
        // Strongest value first.
        chosen.sort_unstable_by_key(|&(v, _)| match better {
            Better::Higher => std::cmp::Reverse(v),
            Better::Lower => std::cmp::Reverse(-v),
        });
        let classes: Vec<u16> = chosen.iter().map(|&(_, c)| c).collect();
        let weights: Vec<u64> = chosen.iter().map(|k| self.pairs[k].weight).collect();
        let ordered = heaviest_increasing(&classes, &weights);
        let kept: std::collections::HashSet<(i64, u16)> =
            ordered.iter().map(|&i| chosen[i]).collect();
        let mut hands = 0;
        let mut disagreements = 0;
        let mut wrong: Vec<(u64, i64, u16)> = Vec::new();
        for (&(v, c), p) in &self.pairs {
            hands += p.weight;
            if !kept.contains(&(v, c)) {
                disagreements += p.weight;
                wrong.push((p.first, v, c));
            }
        }
        wrong.sort_unstable();
        let examples = wrong
            .iter()
            .take(SHOWN)
            .map(|&(index, value, class)| {
                let misordered = class_of
                    .get(&value)
                    .is_some_and(|&(_, c)| value_of.get(&c).is_some_and(|&(_, _, w)| w == value));
                Disagreement {
                    index,
                    value,
                    class,
                    value_stands_for: class_of.get(&value).map(|&(_, c)| c),
                    misordered,
                    contradicts: misordered
                        .then(|| contradicted(&chosen, &kept, (value, class)))
                        .flatten(),
                }
            })
            .collect();
        Verdict {
            evaluated: self.evaluated,
            hands,
            disagreements,
            classes: kept.len(),
            values: class_of.len(),
            examples,
        }
    }
}

/// How many disagreeing hands a verdict spells out.
const SHOWN: usize = 5;

/// The kept pair nearest `pair` in the engine's order (`chosen`, strongest
/// value first) that the reference orders the other way: why `pair` is
/// out of order, and whether the engine ranks it above that pair.
fn contradicted(
    chosen: &[(i64, u16)],
    kept: &std::collections::HashSet<(i64, u16)>,
    pair: (i64, u16),
) -> Option<(i64, u16, bool)> {
    let at = chosen.iter().position(|&p| p == pair)?;
    chosen
        .iter()
        .enumerate()
        .filter(|(_, p)| kept.contains(p))
        // Ranked stronger by the engine (earlier) yet a weaker class (a
        // higher number), or weaker yet a stronger class.
        .filter(|&(i, &(_, c))| (i < at) == (c > pair.1))
        .min_by_key(|&(i, _)| i.abs_diff(at))
        .map(|(i, &(v, c))| (v, c, i > at))
}

/// The indices of the heaviest strictly increasing run (not necessarily
/// contiguous) of `classes`, weighed by `weights`, in order: the order that
/// declares the fewest hands wrong. A Fenwick tree of the best run ending
/// below each class, `n log n`.
pub fn heaviest_increasing(classes: &[u16], weights: &[u64]) -> Vec<usize> {
    let top = classes.iter().copied().max().map_or(0, usize::from) + 1;
    // tree[i]: the best (weight, index) of runs ending at a class in i's range.
    let mut tree: Vec<(u64, usize)> = vec![(0, usize::MAX); top + 1];
    let mut before = vec![usize::MAX; classes.len()];
    let mut best = (0u64, usize::MAX);
    for (i, (&c, &w)) in classes.iter().zip(weights).enumerate() {
        // The best run ending at a class below c.
        let mut below = (0u64, usize::MAX);
        let mut k = usize::from(c);
        while k > 0 {
            if tree[k].0 > below.0 {
                below = tree[k];
            }
            k &= k - 1;
        }
        before[i] = below.1;
        let here = (below.0 + w, i);
        if here.0 > best.0 {
            best = here;
        }
        let mut k = usize::from(c) + 1;
        while k <= top {
            if here.0 > tree[k].0 {
                tree[k] = here;
            }
            k += k & k.wrapping_neg();
        }
    }
    let mut run = Vec::new();
    let mut i = best.1;
    while i != usize::MAX {
        run.push(i);
        i = before[i];
    }
    run.reverse();
    run
}

/// One disagreeing (value, class) pair, by its first hand.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Disagreement {
    /// The first hand's place among the hands checked.
    pub index: u64,
    /// The engine's value of it.
    pub value: i64,
    /// The reference's class of it.
    pub class: u16,
    /// The class the engine's value stands for (most of its hands').
    pub value_stands_for: Option<u16>,
    /// Whether the value's pair is on the scale but out of order (rather
    /// than a value shared with another class, or a class split).
    pub misordered: bool,
    /// For a pair out of order, the nearest pair on the scale it is
    /// ordered against: its value, its class, and whether the engine ranks
    /// this hand above it (where the reference ranks it below).
    pub contradicts: Option<(i64, u16, bool)>,
}

/// An engine's verdict over the hands it was checked on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Verdict {
    /// Hands evaluated.
    pub evaluated: u64,
    /// Hands they stand for (Omaha's enumeration weighs each hand).
    pub hands: u64,
    /// Hands (by weight) the engine's values order unlike the reference.
    pub disagreements: u64,
    /// Classes on the engine's scale, in order.
    pub classes: usize,
    /// Distinct values it gave.
    pub values: usize,
    /// The first disagreeing pairs.
    pub examples: Vec<Disagreement>,
}

/// A check of one engine on one game, and the hands it names.
#[derive(Clone, Debug)]
pub struct Checked {
    /// The verdict.
    pub verdict: Verdict,
    /// Over every hand (else a seeded sample and the pitfalls).
    pub every: bool,
    /// The first disagreeing hands, spelled out.
    pub examples: Vec<String>,
}

impl fmt::Display for Checked {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let v = &self.verdict;
        write!(
            f,
            "{} hands{}, {} disagreeing, {} classes in order",
            v.hands,
            if self.every {
                " (every hand)"
            } else {
                " (seeded sample and pitfalls)"
            },
            v.disagreements,
            v.classes
        )?;
        for e in &self.examples {
            write!(f, "\n  {e}")?;
        }
        Ok(())
    }
}

/// How a check's report spells a disagreement `d` on `hand`: its cards
/// (the hole cards apart), the value the engine gave, what it stands for
/// and why it is wrong.
pub fn spell<G: Game>(hand: &G, d: &Disagreement) -> String {
    let cards: Vec<String> = hand.card_slice().iter().map(Card::to_string).collect();
    let (hole, board) = cards.split_at(G::HOLE);
    let text = if G::HOLE == 0 {
        board.join(" ")
    } else {
        format!("{} | {}", hole.join(" "), board.join(" "))
    };
    let stands = d
        .value_stands_for
        .map_or_else(|| "nothing".to_string(), |c| format!("class {c}"));
    // Issue 66, item 11: a value out of order stands for the hand's own
    // class, so the reason is the pair it is ordered against.
    let order = match d.contradicts {
        Some((value, class, above)) => format!(
            ", out of order: the engine ranks it {} value {value} (class {class}), which the reference ranks {} it",
            if above { "above" } else { "below" },
            if above { "above" } else { "below" }
        ),
        None if d.misordered => ", out of order".to_string(),
        None => String::new(),
    };
    format!(
        "{text}: value {} (standing for {stands}{order}), the reference's class {}",
        d.value, d.class
    )
}

/// An engine held to its port ([`crate::Known`]): answers its values as
/// long as each is its port's, and fails naming the first hand that is
/// not. Checked so, a wrong engine's disagreements with the reference are
/// exactly its port's, counted by the same verdict as every engine's.
pub struct HeldToPort<'a> {
    /// The engine.
    pub engine: &'a (dyn Evaluate + Sync),
    /// Its name, for the error.
    pub name: &'a str,
    /// The port it is held to.
    pub known: crate::Known,
}

impl Evaluate for HeldToPort<'_> {
    fn values(&self, hands: &Hands) -> Result<Vec<i64>, Error> {
        let values = self.engine.values(hands)?;
        if values.len() != hands.len() {
            return Err(Error::new(
                self.name,
                format!("{} values for {} hands", values.len(), hands.len()),
            ));
        }
        let port = self.known.port;
        let mut unlike = (0..hands.len()).filter(|&i| values[i] != port(hands.hand(i)));
        if let Some(first) = unlike.next() {
            let cards: Vec<String> = hands
                .hand(first)
                .iter()
                .map(|&c| Card::from_index(c).map_or_else(|| format!("#{c}"), |c| c.to_string()))
                .collect();
            return Err(Error::new(
                self.name,
                format!(
                    "{} of {} hands valued unlike its port ({}), whose known errors it is held to: {} is {}, the port's {}",
                    1 + unlike.count(),
                    hands.len(),
                    self.known.name,
                    cards.join(" "),
                    values[first],
                    port(hands.hand(first))
                ),
            ));
        }
        Ok(values)
    }
}

/// Checks `engine` over every hand of `G`, part by part (Omaha: up to
/// suit renaming, weighted), `threads` parts at a time; `progress` is told
/// the hands done.
///
/// # Errors
/// The engine's first failure.
pub fn every<G: Game>(
    engine: &(dyn Evaluate + Sync),
    better: Better,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<Checked, Error> {
    on_parts(engine, better, cards::parts::<G>(), 1, progress)
}

/// [`every`], the parts gathered into requests of at least `request`
/// hands each: a runner is a process a request, and starting an
/// interpreter for each of five-card Hold'em's parts would cost more than
/// evaluating them.
///
/// # Errors
/// The engine's first failure.
pub fn every_in_requests<G: Game>(
    engine: &(dyn Evaluate + Sync),
    better: Better,
    request: usize,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<Checked, Error> {
    on_parts(engine, better, cards::parts::<G>(), request, progress)
}

/// How long [`every`] would take, from the time over a few parts spread
/// over the enumeration (about `share` of its hands, at least one part).
///
/// # Errors
/// The engine's first failure.
pub fn foresee_every<G: Game>(
    engine: &(dyn Evaluate + Sync),
    better: Better,
    share: f64,
) -> Result<std::time::Duration, Error> {
    let parts = cards::parts::<G>();
    let take = ((parts.len() as f64 * share).ceil() as usize).clamp(1, parts.len());
    let step = parts.len() / take;
    let chosen: Vec<PartAt<G>> = parts
        .iter()
        .step_by(step.max(1))
        .take(take)
        .copied()
        .collect();
    let hands: u64 = chosen.iter().map(|p| p.len as u64).sum();
    // What is built once (the reference's classes of every seven-card
    // hand, seconds; an engine's tables) is paid by one part untimed:
    // timed, it was scaled with the parts as if paid for each, and
    // PHEvaluator's seven cards, 5 s over every hand, were foreseen at
    // 133 s.
    on_parts(engine, better, &chosen[..1], 1, &|_| {})?;
    let started = std::time::Instant::now();
    on_parts(engine, better, &chosen, 1, &|_| {})?;
    let took = started.elapsed().as_secs_f64();
    let all = cards::enumerated::<G>() as f64;
    Ok(std::time::Duration::from_secs_f64(
        took * all / hands.max(1) as f64,
    ))
}

fn on_parts<G: Game>(
    engine: &(dyn Evaluate + Sync),
    better: Better,
    parts: &[PartAt<G>],
    request: usize,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<Checked, Error> {
    // Consecutive parts, gathered until a group holds `request` hands.
    let mut groups: Vec<&[PartAt<G>]> = Vec::new();
    let (mut from, mut held) = (0, 0);
    for (i, part) in parts.iter().enumerate() {
        held += part.len;
        if held >= request || i + 1 == parts.len() {
            groups.push(&parts[from..=i]);
            (from, held) = (i + 1, 0);
        }
    }
    let kept = cards::classes_for(parts);
    let done = std::sync::atomic::AtomicU64::new(0);
    let tally = groups
        .par_iter()
        .map(|group: &&[PartAt<G>]| {
            let mut hands = Vec::new();
            let mut classes = Vec::new();
            for part in *group {
                hands.extend(part.hands());
                classes.extend(cards::part_classes(part, kept));
            }
            let values = engine.values(&Hands::of(&hands))?;
            let mut t = Tally::default();
            let mut at = 0;
            for part in *group {
                let end = at + part.len;
                t.add(&values[at..end], &classes[at..end], part.start, part.weight);
                at = end;
            }
            let now = done.fetch_add(at as u64, std::sync::atomic::Ordering::Relaxed);
            progress(now + at as u64);
            Ok(t)
        })
        .try_reduce(Tally::default, |a, b| Ok(a.merge(b)))?;
    let verdict = tally.verdict(better);
    let examples = verdict
        .examples
        .iter()
        .map(|d| spell(&cards::hand_at::<G>(d.index), d))
        .collect();
    Ok(Checked {
        verdict,
        every: true,
        examples,
    })
}

/// The hands of a sample check: `n` seeded hands and every pitfall hand of `G`.
pub fn sample_hands<G: Game>(seed: u64, n: usize) -> Vec<G> {
    let mut hands = cards::random_hands::<G>(seed, n);
    hands.extend(handeval_difftest::pitfalls::hands::<G>());
    hands
}

/// Checks `engine` on `hands` (see [`sample_hands`]), `chunk` hands a
/// request, two requests at a time (a runner is one process a request).
///
/// # Errors
/// The engine's first failure.
pub fn on_hands<G: Game>(
    engine: &(dyn Evaluate + Sync),
    better: Better,
    hands: &[G],
    chunk: usize,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<Checked, Error> {
    on_classified(
        engine,
        better,
        hands,
        &cards::table_classes(hands),
        chunk,
        progress,
    )
}

/// The class of a hand with no qualifying low in [`low_classes`]: one
/// below the worst low (eight-or-better's 56th).
pub const NO_LOW_CLASS: u16 = handeval_core::low::Low::CLASSES as u16 + 1;

/// The reference's class of each hand's low, for Hi-Lo game `G`: its best
/// qualifying low's (1, the wheel, to 56), or [`NO_LOW_CLASS`] for none,
/// which every low beats. An engine of a Hi-Lo game values the low half,
/// and is held to these as an engine of a high game is to the high
/// classes: a scale of its own, in the reference's order.
pub fn low_classes<G: Game>(hands: &[G]) -> Vec<u16> {
    use handeval_core::low::LowEvaluator;
    hands
        .par_iter()
        .map(|h| {
            <handeval_reference::LowReference as LowEvaluator<G>>::low(&h.high())
                .class()
                .map_or(NO_LOW_CLASS, u16::from)
        })
        .collect()
}

/// The reference's class of each hand of badugi game `G`: 1 (A-2-3-4 of
/// four suits) to 1,092. An engine of a badugi game is held to these as an
/// engine of a high game is to the high classes.
pub fn badugi_classes<G: Game>(hands: &[G]) -> Vec<u16> {
    use handeval_core::badugi::BadugiEvaluator;
    hands
        .par_iter()
        .map(|h| {
            <handeval_reference::lowball::BadugiReference as BadugiEvaluator<G>>::class(h).get()
        })
        .collect()
}

/// Checks `engine` on `hands` against their reference classes `classes`:
/// the high classes [`on_hands`] reads, or a Hi-Lo game's lows
/// ([`low_classes`]).
///
/// # Errors
/// The engine's first failure.
///
/// # Panics
/// If `classes` is not one class a hand.
pub fn on_classified<G: Game>(
    engine: &(dyn Evaluate + Sync),
    better: Better,
    hands: &[G],
    classes: &[u16],
    chunk: usize,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<Checked, Error> {
    assert_eq!(classes.len(), hands.len(), "one class a hand");
    let done = std::sync::atomic::AtomicU64::new(0);
    let tally = hands
        .par_chunks(chunk.max(1))
        .zip(classes.par_chunks(chunk.max(1)))
        .enumerate()
        .map(|(i, (h, c))| {
            let values = engine.values(&Hands::of(h))?;
            let mut t = Tally::default();
            t.add(&values, c, (i * chunk) as u64, 1);
            let now = done.fetch_add(h.len() as u64, std::sync::atomic::Ordering::Relaxed);
            progress(now + h.len() as u64);
            Ok(t)
        })
        .try_reduce(Tally::default, |a, b| Ok(a.merge(b)))?;
    let verdict = tally.verdict(better);
    let examples = verdict
        .examples
        .iter()
        .map(|d| spell(&hands[d.index as usize], d))
        .collect();
    Ok(Checked {
        verdict,
        every: false,
        examples,
    })
}
