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
        for (j, c) in hands.hand(i).iter().enumerate() {
            if j > 0 {
                text.push(' ');
            }
            write!(text, "{c}").expect("writing to a string");
        }
        text.push('\n');
    }
    record(out, "hands", text.as_bytes());
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
    fn requests_are_length_prefixed_records_ended_by_an_end_record() {
        let text = String::from_utf8(check("py/null", Model::Call, &hands())).unwrap();
        assert!(text.starts_with("protocol:1:2\ntask:5:check\nengine:7:py/null\ngame:4:five\n"));
        assert!(text.ends_with("hands:27:51 47 43 39 35\n0 4 8 12 16\n\nend:0:\n"));
        let load = String::from_utf8(load("py/null", Model::Batch, &hands(), 1)).unwrap();
        assert!(load.contains("task:4:load\n") && load.contains("block:1:1\n"));
        let turn = String::from_utf8(turn(3, 8, true)).unwrap();
        assert_eq!(
            turn,
            "protocol:1:2\ntask:4:turn\nblock:1:3\npasses:1:8\nwarm:1:1\nend:0:\n"
        );
    }

    #[test]
    fn a_request_reads_back_as_it_was_written() {
        let bytes = [check("abi/x", Model::Batch, &hands()), turn(1, 2, true)].concat();
        let mut input = std::io::BufReader::new(bytes.as_slice());
        let first = read_request(&mut input).unwrap().unwrap();
        assert_eq!(first["task"], "check");
        assert_eq!(first["hands"], "51 47 43 39 35\n0 4 8 12 16\n");
        let second = read_request(&mut input).unwrap().unwrap();
        assert_eq!(
            (second["task"].as_str(), second["passes"].as_str()),
            ("turn", "2")
        );
        assert_eq!(read_request(&mut input), Ok(None));
        let cut = &bytes[..bytes.len() - 3];
        assert!(read_request(&mut std::io::BufReader::new(&cut[cut.len() - 20..])).is_err());
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
    fn a_turn_must_count_its_block_and_end() {
        let lines = |t: &str| t.lines().map(str::to_string).collect::<Vec<_>>();
        let ok = parse_turn(&lines("10,2\n11,2\nend,2"), 2, 2).unwrap();
        assert_eq!(ok.len(), 2);
        let short = parse_turn(&lines("10,2\n11,1\nend,2"), 2, 2).unwrap_err();
        assert!(short.contains("holds 2"), "{short}");
        assert!(parse_turn(&lines("10,2\nend,1"), 2, 2).is_err());
        assert!(
            parse_turn(&lines("0,2\nend,1"), 1, 2)
                .unwrap_err()
                .contains("0 ns")
        );
        assert!(
            parse_turn(&lines("ten,2"), 1, 2)
                .unwrap_err()
                .contains("line 1")
        );
        assert!(
            parse_turn(&lines("10,2"), 1, 2)
                .unwrap_err()
                .contains("no end line")
        );
        assert_eq!(parse_loaded(&lines("end,5"), 5), Ok(()));
        assert!(parse_loaded(&lines("end,4"), 5).is_err());
        assert!(
            parse_loaded(&lines("error,oops"), 5)
                .unwrap_err()
                .contains("oops")
        );
    }
}
