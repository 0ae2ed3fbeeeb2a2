//! A user's library in a process of its own: `cargo xtask engines
//! serve-library PATH` loads it there and answers the runner protocol's
//! checks on standard input and output (`PROTOCOL.md`), one request at a
//! time, on one thread.
//!
//! Why a process: the lab cannot vouch for a user's library. Loaded into
//! the lab's own process, a library that crashed on one hand took the lab
//! down with every row it had checked, one that looped forever held it
//! forever, and one with static scratch data raced on the lab's worker
//! threads (issue 66, items 2, 3, 6). In a process of its own, a crash or
//! a hang is that process's end, which the lab reads as the engine's
//! failure on the request (its deadline stops a hang), and the lab goes on
//! with the other games; the process answers one request at a time, so
//! the header's promise (one thread, no reentrancy needed) holds. The
//! protocol is the runners' own, so the lab reaches a library exactly as
//! it reaches a Python or JavaScript package.

use std::io::{BufRead, Write};
use std::path::Path;

use crate::native::Native;
use crate::{
    AbiLibrary, Better, Engine, Error, Evaluate, Hands, Kind, Language, Model, Package, Registry,
    Role,
};

/// The engine line of a user's library at `path`: `abi/<its stem>`, the
/// games it declares filled in once it is opened.
pub fn user_engine(path: &Path, games: &'static [&'static str]) -> &'static Engine {
    let stem = path
        .file_stem()
        .and_then(|s| s.to_str())
        .unwrap_or("library")
        .trim_start_matches("lib");
    Box::leak(Box::new(Engine {
        name: Box::leak(format!("abi/{stem}").into_boxed_str()),
        language: Language::C,
        kind: Kind::Abi(AbiLibrary::User),
        package: Package {
            registry: Registry::Lab,
            name: Box::leak(path.display().to_string().into_boxed_str()),
            version: "",
        },
        role: Role::Baseline,
        games,
        better: Better::Higher,
        models: &[Model::Batch],
        // A tenth of a millisecond a hand, ten times over, and ten seconds
        // to start: a hang is stopped within seconds of its request.
        slowest_us: 10,
        summary: "a library built against the lab's C ABI, in a process of its own",
        calculator: None,
        tables: &[],
        known: None,
    }))
}

/// Opens the library at `path` in this process (which exists for it).
///
/// # Errors
/// A library that does not load, lacks a symbol or declares another ABI.
#[allow(unsafe_code)]
pub fn open(path: &Path) -> Result<Native, Error> {
    let engine = user_engine(path, &[]);
    // SAFETY: this process exists to run this library, which the lab
    // cannot vouch for: whatever its initialisers or functions do stays in
    // this process, whose answers the lab reads only through the protocol
    // and whose crash or hang it reports as the engine's failure.
    unsafe { Native::open(engine, path) }
}

/// What `serve-library PATH --describe` prints: the games the library
/// evaluates, one line, `games five,six,seven`.
///
/// # Errors
/// See [`open`].
pub fn describe(path: &Path) -> Result<String, Error> {
    let native = open(path)?;
    Ok(format!(
        "games {}",
        native.games().unwrap_or_default().join(",")
    ))
}

/// Answers `input`'s requests on `output` with the library at `path`,
/// one at a time, until the input ends: a `check`'s values, or an
/// `error,` line for anything else (and the serving stops).
///
/// # Errors
/// The library does not load, a request breaks the protocol or asks what
/// the library does not do, or `output` cannot be written: each written
/// as an `error,` line first where it can be.
pub fn serve(path: &Path, input: &mut impl BufRead, output: &mut impl Write) -> Result<(), Error> {
    let fail = |output: &mut dyn Write, e: Error| {
        let _ = writeln!(output, "error,{}", e.what.replace('\n', " "));
        let _ = output.flush();
        Err(e)
    };
    let native = match open(path) {
        Ok(n) => n,
        Err(e) => return fail(output, e),
    };
    let name = native.engine.name;
    loop {
        let fields = match crate::protocol::read_request(input) {
            Ok(Some(f)) => f,
            Ok(None) => return Ok(()),
            Err(e) => return fail(output, Error::new(name, e)),
        };
        let answer = check(&native, &fields);
        match answer {
            Ok(values) => {
                let mut text = String::with_capacity(values.len() * 12 + 16);
                for v in &values {
                    text.push_str(&v.to_string());
                    text.push('\n');
                }
                text.push_str("end,");
                text.push_str(&values.len().to_string());
                text.push('\n');
                if let Err(e) = output
                    .write_all(text.as_bytes())
                    .and_then(|()| output.flush())
                {
                    return Err(Error::new(name, format!("writing an answer: {e}")));
                }
            }
            Err(e) => return fail(output, e),
        }
    }
}

/// One `check` request's values.
fn check(
    native: &Native,
    fields: &std::collections::HashMap<String, String>,
) -> Result<Vec<i64>, Error> {
    let name = native.engine.name;
    let field = |key: &str| {
        fields
            .get(key)
            .ok_or_else(|| Error::new(name, format!("the request has no {key}")))
    };
    if field("protocol")? != &crate::protocol::VERSION.to_string() {
        return Err(Error::new(name, "another protocol version"));
    }
    if field("task")? != "check" {
        return Err(Error::new(
            name,
            format!(
                "unsupported: a library serves checks, not {}",
                field("task")?
            ),
        ));
    }
    let number = |key: &str| -> Result<usize, Error> {
        field(key)?
            .parse()
            .map_err(|_| Error::new(name, format!("{key} is no number")))
    };
    let asked = field("game")?;
    let game = handeval_results::workload::games()
        .into_iter()
        .find(|g| g.id == asked.as_str())
        .ok_or_else(|| Error::new(name, "no such game"))?;
    let (cards, hole, count) = (number("cards")?, number("hole")?, number("count")?);
    let mut flat = Vec::with_capacity(cards * count);
    for word in field("hands")?.split_ascii_whitespace() {
        let card: u8 = word
            .parse()
            .map_err(|_| Error::new(name, format!("a card {word:?}")))?;
        flat.push(card);
    }
    if flat.len() != cards * count {
        return Err(Error::new(
            name,
            "the hands are not count hands of cards cards",
        ));
    }
    native.values(&Hands {
        game: game.id,
        cards,
        hole,
        flat,
    })
}
