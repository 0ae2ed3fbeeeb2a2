//! The protocol between the lab and a runner (`PROTOCOL.md`): requests of
//! length-prefixed records on the runner's standard input, each ended by
//! an `end` record, and an answer of lines on its standard output for
//! each, ended by `end,N`.
//!
//! A record is `key:length:value\n`, the length the value's bytes in
//! decimal, so a value may hold anything, newlines included (rebar's
//! format). A runner answers requests in order until its input ends: a
//! check is one request to a runner of its own; a timing loads the
//! workload's hands once, then asks for one turn at a time, so that the
//! runner's turns interleave with every other contender's in the lab's
//! rounds.

use std::fmt::Write as _;

use crate::{Hands, Model};

/// The protocol's version, every request's first record.
pub const VERSION: u32 = 2;

fn record(out: &mut Vec<u8>, key: &str, value: &[u8]) {
    out.extend_from_slice(key.as_bytes());
    out.push(b':');
    out.extend_from_slice(value.len().to_string().as_bytes());
    out.push(b':');
    out.extend_from_slice(value);
    out.push(b'\n');
}

/// The records every request of hands starts with.
fn head(out: &mut Vec<u8>, engine: &str, model: Model, task: &str, hands: &Hands) {
    record(out, "protocol", VERSION.to_string().as_bytes());
    record(out, "task", task.as_bytes());
    record(out, "engine", engine.as_bytes());
    record(out, "game", hands.game.as_bytes());
    record(out, "cards", hands.cards.to_string().as_bytes());
    record(out, "hole", hands.hole.to_string().as_bytes());
    record(out, "model", model.id().as_bytes());
}

/// The hands as records: their count, then one hand a line, its cards as
/// decimal indices between spaces.
fn hands_records(out: &mut Vec<u8>, hands: &Hands) {
    record(out, "count", hands.len().to_string().as_bytes());
    let mut text = String::with_capacity(hands.flat.len() * 3);
    for i in 0..hands.len() {
        write_cards(&mut text, hands.hand(i));
        text.push('\n');
    }
    record(out, "hands", text.as_bytes());
}

/// Cards as the protocol writes them: decimal indices between spaces.
fn write_cards(text: &mut String, cards: &[u8]) {
    for (j, c) in cards.iter().enumerate() {
        if j > 0 {
            text.push(' ');
        }
        write!(text, "{c}").expect("writing to a string");
    }
}

/// A `check`: the engine's value of each hand, in order.
pub fn check(engine: &str, model: Model, hands: &Hands) -> Vec<u8> {
    let mut out = Vec::with_capacity(hands.flat.len() * 3 + 256);
    head(&mut out, engine, model, "check", hands);
    hands_records(&mut out, hands);
    record(&mut out, "end", b"");
    out
}

/// A `load`: the hands a timing passes over, cut into consecutive blocks
/// of `block` hands, each turned into the package's own representation
/// before anything is timed.
pub fn load(engine: &str, model: Model, hands: &Hands, block: usize) -> Vec<u8> {
    let mut out = Vec::with_capacity(hands.flat.len() * 3 + 256);
    head(&mut out, engine, model, "load", hands);
    record(&mut out, "block", block.to_string().as_bytes());
    hands_records(&mut out, hands);
    record(&mut out, "end", b"");
    out
}

/// A `turn` over loaded block `block`: one untimed pass first where
/// `warm`, then `passes` passes, each timed on its own.
pub fn turn(block: usize, passes: usize, warm: bool) -> Vec<u8> {
    let mut out = Vec::with_capacity(96);
    record(&mut out, "protocol", VERSION.to_string().as_bytes());
    record(&mut out, "task", b"turn");
    record(&mut out, "block", block.to_string().as_bytes());
    record(&mut out, "passes", passes.to_string().as_bytes());
    record(&mut out, "warm", if warm { b"1" } else { b"0" });
    record(&mut out, "end", b"");
    out
}

/// One timed pass.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sample {
    /// Its duration, measured by the runner in its own language.
    pub nanos: u64,
    /// Hands it evaluated.
    pub count: usize,
}

/// The `end,N` line, if `line` is one.
fn end_of(line: &str) -> Option<&str> {
    line.strip_prefix("end,")
}

/// Reads the answer to a `check`: exactly one integer per hand, then
/// `end,N` with N the hands.
///
/// # Errors
/// The first line that breaks the protocol, by number, or a wrong count.
pub fn parse_values(answer: &str, hands: usize) -> Result<Vec<i64>, String> {
    let mut values = Vec::with_capacity(hands);
    let mut ended = false;
    for (n, line) in answer.lines().enumerate() {
        if ended {
            return Err(format!("line {}: {line:?} after the end", n + 1));
        }
        if let Some(count) = end_of(line) {
            let count: usize = count
                .parse()
                .map_err(|_| format!("line {}: {line:?} is no end,N", n + 1))?;
            if count != values.len() || count != hands {
                return Err(format!(
                    "answered {} values and said {count}, for {hands} hands",
                    values.len()
                ));
            }
            ended = true;
            continue;
        }
        if let Some(message) = line.strip_prefix("error,") {
            return Err(format!("the runner says: {message}"));
        }
        let value: i64 = line.parse().map_err(|_| {
            format!(
                "line {}: {:?} is no integer value",
                n + 1,
                truncate(line, 60)
            )
        })?;
        values.push(value);
    }
    if !ended {
        return Err(format!(
            "the answer stopped after {} of {hands} values, with no end line",
            values.len()
        ));
    }
    Ok(values)
}

/// Reads the answer to a `load` of `hands` hands: `end,N` with N the hands.
///
/// # Errors
/// An error line, or another count.
pub fn parse_loaded(lines: &[String], hands: usize) -> Result<(), String> {
    match lines {
        [end] if end_of(end) == Some(&hands.to_string()) => Ok(()),
        [.., last] if last.starts_with("error,") => Err(format!(
            "the runner says: {}",
            last.trim_start_matches("error,")
        )),
        _ => Err(format!(
            "the load of {hands} hands answered {:?}",
            lines.iter().map(|l| truncate(l, 60)).collect::<Vec<_>>()
        )),
    }
}

/// Reads the answer to a `turn` of `passes` passes over a block of
/// `hands` hands: a line `nanoseconds,count` per pass, every count the
/// block's, no duration of 0, then `end,N` with N the passes (rebar's
/// rule: a sample whose count differs is refused).
///
/// # Errors
/// The first line that breaks the protocol.
pub fn parse_turn(lines: &[String], passes: usize, hands: usize) -> Result<Vec<Sample>, String> {
    let mut out = Vec::with_capacity(passes);
    for (n, line) in lines.iter().enumerate() {
        if let Some(message) = line.strip_prefix("error,") {
            return Err(format!("the runner says: {message}"));
        }
        if let Some(count) = end_of(line) {
            if n + 1 != lines.len()
                || count.parse::<usize>().ok() != Some(passes)
                || out.len() != passes
            {
                return Err(format!(
                    "answered {} samples and said {count:?}, for {passes}",
                    out.len()
                ));
            }
            return Ok(out);
        }
        let bad = || {
            format!(
                "line {}: {:?} is no nanoseconds,count",
                n + 1,
                truncate(line, 60)
            )
        };
        let (nanos, count) = line.split_once(',').ok_or_else(bad)?;
        let nanos: u64 = nanos.parse().map_err(|_| bad())?;
        let count: usize = count.parse().map_err(|_| bad())?;
        if count != hands {
            return Err(format!(
                "line {}: a pass over {count} hands, where the block holds {hands}",
                n + 1
            ));
        }
        if nanos == 0 {
            return Err(format!("line {}: a pass of 0 ns", n + 1));
        }
        out.push(Sample { nanos, count });
    }
    Err(format!(
        "the answer stopped after {} of {passes} samples, with no end line",
        out.len()
    ))
}

/// An `equity`: the engine's own calculator counting `players`' fixed
/// hands of `game` over every board that completes `board` (no card of
/// `dead`), one untimed count first where `warm`, then `passes` counts,
/// each timed on its own.
pub fn equity(
    engine: &str,
    game: &str,
    players: &[Vec<u8>],
    (board, dead): (&[u8], &[u8]),
    passes: usize,
    warm: bool,
) -> Vec<u8> {
    let mut out = Vec::with_capacity(256);
    record(&mut out, "protocol", VERSION.to_string().as_bytes());
    record(&mut out, "task", b"equity");
    record(&mut out, "engine", engine.as_bytes());
    record(&mut out, "game", game.as_bytes());
    let mut lines = String::new();
    for p in players {
        write_cards(&mut lines, p);
        lines.push('\n');
    }
    record(&mut out, "players", lines.as_bytes());
    for (key, cards) in [("board", board), ("dead", dead)] {
        let mut line = String::new();
        write_cards(&mut line, cards);
        record(&mut out, key, line.as_bytes());
    }
    record(&mut out, "passes", passes.to_string().as_bytes());
    record(&mut out, "warm", if warm { b"1" } else { b"0" });
    record(&mut out, "end", b"");
    out
}

/// What an engine's calculator counted ([`parse_equity`]).
#[derive(Clone, Debug, PartialEq)]
pub struct Counted {
    /// Each timed count: its duration and the boards (games) it dealt.
    pub samples: Vec<Sample>,
    /// Boards each player won alone.
    pub wins: Vec<u64>,
    /// Boards each player shared the best hand on.
    pub ties: Vec<u64>,
}

impl Counted {
    /// Boards the counts cover.
    pub fn games(&self) -> u64 {
        self.samples.first().map_or(0, |s| s.count as u64)
    }

    /// Held to the lab's count: the same boards, and each player's wins
    /// and ties the same, count for count.
    ///
    /// # Errors
    /// What differs, with both counts.
    pub fn held_to(&self, boards: u64, wins: &[u64], ties: &[u64]) -> Result<(), String> {
        if self.games() != boards || self.wins != wins || self.ties != ties {
            return Err(format!(
                "counted {} boards, wins {:?} and ties {:?}, where the lab counted {boards}, {wins:?} and {ties:?}",
                self.games(),
                self.wins,
                self.ties
            ));
        }
        Ok(())
    }
}

/// Reads the answer to an `equity` of `passes` counts for `players`
/// players: a line `nanoseconds,games` per count (every count the same
/// games, no duration of 0), a line `player,WINS,TIES` per player, then
/// `end,N` with N the counts.
///
/// # Errors
/// The first line that breaks the protocol.
pub fn parse_equity(lines: &[String], passes: usize, players: usize) -> Result<Counted, String> {
    let mut counted = Counted {
        samples: Vec::with_capacity(passes),
        wins: Vec::with_capacity(players),
        ties: Vec::with_capacity(players),
    };
    for (n, line) in lines.iter().enumerate() {
        if let Some(message) = line.strip_prefix("error,") {
            return Err(format!("the runner says: {message}"));
        }
        let bad = |what: &str| format!("line {}: {:?} is no {what}", n + 1, truncate(line, 60));
        if let Some(count) = end_of(line) {
            if n + 1 != lines.len()
                || count.parse::<usize>().ok() != Some(passes)
                || counted.samples.len() != passes
                || counted.wins.len() != players
            {
                return Err(format!(
                    "answered {} counts and {} players and said {count:?}, for {passes} and {players}",
                    counted.samples.len(),
                    counted.wins.len()
                ));
            }
            return Ok(counted);
        }
        if let Some(rest) = line.strip_prefix("player,") {
            let (wins, ties) = rest
                .split_once(',')
                .ok_or_else(|| bad("player,WINS,TIES"))?;
            counted
                .wins
                .push(wins.parse().map_err(|_| bad("player,WINS,TIES"))?);
            counted
                .ties
                .push(ties.parse().map_err(|_| bad("player,WINS,TIES"))?);
            continue;
        }
        let (nanos, games) = line
            .split_once(',')
            .ok_or_else(|| bad("nanoseconds,games"))?;
        let nanos: u64 = nanos.parse().map_err(|_| bad("nanoseconds,games"))?;
        let count: usize = games.parse().map_err(|_| bad("nanoseconds,games"))?;
        if nanos == 0 {
            return Err(format!("line {}: a count of 0 ns", n + 1));
        }
        if counted.samples.first().is_some_and(|s| s.count != count) {
            return Err(format!(
                "line {}: a count of {count} boards, where the first counted {}",
                n + 1,
                counted.samples[0].count
            ));
        }
        counted.samples.push(Sample { nanos, count });
    }
    Err(format!(
        "the answer stopped after {} of {passes} counts, with no end line",
        counted.samples.len()
    ))
}

/// The next request's records, by key, up to its `end` record; `None` when
/// the input ends before another request (what a runner reads: the lab's
/// own, for a library it serves in a process of its own).
///
/// # Errors
/// A record that is not `key:length:value\n`, or input ending inside one.
pub fn read_request(
    input: &mut impl std::io::BufRead,
) -> Result<Option<std::collections::HashMap<String, String>>, String> {
    let mut fields = std::collections::HashMap::new();
    loop {
        let mut key = Vec::new();
        let n = input
            .read_until(b':', &mut key)
            .map_err(|e| format!("reading a request: {e}"))?;
        if n == 0 {
            return if fields.is_empty() {
                Ok(None)
            } else {
                Err("the input ended inside a request".to_string())
            };
        }
        if key.pop() != Some(b':') {
            return Err("the input ended inside a record's key".to_string());
        }
        let mut length = Vec::new();
        input
            .read_until(b':', &mut length)
            .map_err(|e| format!("reading a request: {e}"))?;
        if length.pop() != Some(b':') {
            return Err("a record without its length".to_string());
        }
        let length: usize = std::str::from_utf8(&length)
            .ok()
            .and_then(|l| l.parse().ok())
            .ok_or_else(|| "a record's length is no number".to_string())?;
        let mut value = vec![0u8; length + 1];
        input
            .read_exact(&mut value)
            .map_err(|e| format!("a record cut short: {e}"))?;
        if value.pop() != Some(b'\n') {
            return Err("a record not ended by a newline".to_string());
        }
        let key = String::from_utf8(key).map_err(|_| "a key that is not UTF-8".to_string())?;
        if key == "end" {
            return Ok(Some(fields));
        }
        let value = String::from_utf8(value).map_err(|_| format!("record {key}: not UTF-8"))?;
        fields.insert(key, value);
    }
}

fn truncate(s: &str, n: usize) -> &str {
    match s.char_indices().nth(n) {
        Some((i, _)) => &s[..i],
        None => s,
    }
}
