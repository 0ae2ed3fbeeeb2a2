//! The protocol between the lab and a runner (`PROTOCOL.md`): a request of
//! length-prefixed records on the runner's standard input, an answer of
//! lines on its standard output.
//!
//! A record is `key:length:value\n`, the length the value's bytes in
//! decimal, so a value may hold anything, newlines included (rebar's
//! format). The answer to a `check` is one value per hand and `end,N`; to a
//! `time`, one `nanoseconds,count` line per sample and `end,N`.

use std::fmt::Write as _;

use crate::{Hands, Model};

/// The protocol's version, the request's first record.
pub const VERSION: u32 = 1;

/// What a request asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Task {
    /// One value per hand, for the check.
    Check,
    /// `samples` timed passes over each block of `block` hands.
    Time {
        /// Hands per block.
        block: usize,
        /// Timed passes per block.
        samples: usize,
    },
}

/// One request to a runner.
#[derive(Clone, Debug)]
pub struct Request<'a> {
    /// The engine's name (the runner's key for its package).
    pub engine: &'a str,
    /// The model.
    pub model: Model,
    /// What to do.
    pub task: Task,
    /// The hands.
    pub hands: &'a Hands,
}

fn record(out: &mut Vec<u8>, key: &str, value: &[u8]) {
    out.extend_from_slice(key.as_bytes());
    out.push(b':');
    out.extend_from_slice(value.len().to_string().as_bytes());
    out.push(b':');
    out.extend_from_slice(value);
    out.push(b'\n');
}

impl Request<'_> {
    /// The request's bytes.
    pub fn encode(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(self.hands.flat.len() * 3 + 256);
        record(&mut out, "protocol", VERSION.to_string().as_bytes());
        record(&mut out, "engine", self.engine.as_bytes());
        record(&mut out, "game", self.hands.game.as_bytes());
        record(&mut out, "cards", self.hands.cards.to_string().as_bytes());
        record(&mut out, "hole", self.hands.hole.to_string().as_bytes());
        record(&mut out, "model", self.model.id().as_bytes());
        match self.task {
            Task::Check => record(&mut out, "task", b"check"),
            Task::Time { block, samples } => {
                record(&mut out, "task", b"time");
                record(&mut out, "block", block.to_string().as_bytes());
                record(&mut out, "samples", samples.to_string().as_bytes());
            }
        }
        record(&mut out, "count", self.hands.len().to_string().as_bytes());
        // One hand a line, its cards as decimal indices between spaces.
        let mut text = String::with_capacity(self.hands.flat.len() * 3);
        for i in 0..self.hands.len() {
            for (j, c) in self.hands.hand(i).iter().enumerate() {
                if j > 0 {
                    text.push(' ');
                }
                write!(text, "{c}").expect("writing to a string");
            }
            text.push('\n');
        }
        record(&mut out, "hands", text.as_bytes());
        out
    }
}

/// One timed sample: a pass over a block.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sample {
    /// The block it passed over (from 0).
    pub block: usize,
    /// Its duration, measured by the runner in its own language.
    pub nanos: u64,
    /// Hands it evaluated.
    pub count: usize,
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
        if let Some(count) = line.strip_prefix("end,") {
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

/// Reads the answer to a `time`: `samples` lines `nanoseconds,count` for
/// each block in order, every count the block's hands, then `end,N` with N
/// the samples.
///
/// # Errors
/// The first line that breaks the protocol, or a sample whose count is not
/// its block's (rebar's rule: a run whose count differs is refused).
pub fn parse_samples(
    answer: &str,
    blocks: &[usize],
    samples: usize,
) -> Result<Vec<Sample>, String> {
    let expected = blocks.len() * samples;
    let mut out = Vec::with_capacity(expected);
    let mut ended = false;
    for (n, line) in answer.lines().enumerate() {
        if ended {
            return Err(format!("line {}: {line:?} after the end", n + 1));
        }
        if let Some(message) = line.strip_prefix("error,") {
            return Err(format!("the runner says: {message}"));
        }
        if let Some(count) = line.strip_prefix("end,") {
            if count.parse::<usize>().ok() != Some(out.len()) || out.len() != expected {
                return Err(format!(
                    "answered {} samples and said {count:?}, for {expected}",
                    out.len()
                ));
            }
            ended = true;
            continue;
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
        let block = out.len() / samples.max(1);
        let Some(&want) = blocks.get(block) else {
            return Err(format!("line {}: more samples than {expected}", n + 1));
        };
        if count != want {
            return Err(format!(
                "line {}: sample of {count} hands, where block {block} holds {want}",
                n + 1
            ));
        }
        if nanos == 0 {
            return Err(format!("line {}: a sample of 0 ns", n + 1));
        }
        out.push(Sample {
            block,
            nanos,
            count,
        });
    }
    if !ended {
        return Err(format!(
            "the answer stopped after {} of {expected} samples, with no end line",
            out.len()
        ));
    }
    Ok(out)
}

fn truncate(s: &str, n: usize) -> &str {
    match s.char_indices().nth(n) {
        Some((i, _)) => &s[..i],
        None => s,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hands() -> Hands {
        Hands {
            game: "five",
            cards: 5,
            hole: 0,
            flat: vec![51, 47, 43, 39, 35, 0, 4, 8, 12, 16],
        }
    }

    #[test]
    fn a_request_is_length_prefixed_records() {
        let h = hands();
        let bytes = Request {
            engine: "py/null",
            model: Model::Call,
            task: Task::Check,
            hands: &h,
        }
        .encode();
        let text = String::from_utf8(bytes).unwrap();
        assert!(text.starts_with("protocol:1:1\nengine:7:py/null\ngame:4:five\n"));
        assert!(text.ends_with("hands:27:51 47 43 39 35\n0 4 8 12 16\n\n"));
    }

    #[test]
    fn values_need_one_per_hand_and_the_end() {
        assert_eq!(parse_values("3\n-1\nend,2\n", 2), Ok(vec![3, -1]));
        assert!(
            parse_values("3\nend,1\n", 2)
                .unwrap_err()
                .contains("for 2 hands")
        );
        assert!(
            parse_values("3\n4\n", 2)
                .unwrap_err()
                .contains("no end line")
        );
        assert!(
            parse_values("3\nx\nend,2\n", 2)
                .unwrap_err()
                .contains("line 2")
        );
        assert!(
            parse_values("error,no such game\n", 2)
                .unwrap_err()
                .contains("no such game")
        );
        assert!(
            parse_values("1\n2\nend,2\n3\n", 2)
                .unwrap_err()
                .contains("after the end")
        );
    }

    #[test]
    fn samples_must_count_their_block() {
        let ok = parse_samples("10,2\n11,2\n12,3\n13,3\nend,4\n", &[2, 3], 2).unwrap();
        assert_eq!(ok.len(), 4);
        assert_eq!(ok[2].block, 1);
        let short = parse_samples("10,2\n11,1\n", &[2], 2).unwrap_err();
        assert!(short.contains("holds 2"), "{short}");
        assert!(parse_samples("10,2\nend,1\n", &[2], 2).is_err());
        assert!(
            parse_samples("ten,2\n", &[2], 1)
                .unwrap_err()
                .contains("line 1")
        );
    }
}
