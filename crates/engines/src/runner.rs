//! Running a package engine's runner: for a check, one process per
//! request, its answer read whole; for a timing, a [`Session`]: one
//! process for the whole workload, asked for one turn at a time. Either
//! is stopped when it overruns its time: nothing waits forever.

use std::io::{BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::time::{Duration, Instant};

use crate::install::Place;
use crate::protocol::{self, Sample};
use crate::{Engine, Error, Evaluate, Hands, Kind, Language, Model};
use handeval_core::Card;

/// The runner programs, beside this crate's sources.
pub fn runners_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("runners")
}

/// How to start a runner: the program, its arguments and environment.
#[derive(Clone, Debug)]
pub struct Launch {
    /// The program.
    pub program: PathBuf,
    /// Its arguments.
    pub args: Vec<String>,
    /// Variables added to its environment.
    pub env: Vec<(String, String)>,
}

impl Launch {
    /// How `engine`'s runner starts with the packages installed in `place`.
    ///
    /// # Errors
    /// When the engine is not a package engine.
    pub fn of(engine: &Engine, place: &Place) -> Result<Launch, Error> {
        if engine.kind != Kind::Package {
            return Err(Error::new(
                engine.name,
                "has no runner: it is called in-process",
            ));
        }
        let dir = runners_dir();
        Ok(match engine.language {
            Language::Python => Launch {
                program: place.python(),
                args: vec![dir.join("python/runner.py").display().to_string()],
                env: vec![("PYTHONDONTWRITEBYTECODE".into(), "1".into())],
            },
            Language::JavaScript => Launch {
                program: PathBuf::from("node"),
                args: vec![dir.join("node/runner.js").display().to_string()],
                env: vec![(
                    "NODE_PATH".into(),
                    place.node_modules().display().to_string(),
                )],
            },
            Language::C | Language::Rust => {
                return Err(Error::new(
                    engine.name,
                    "is called in-process: it has no runner",
                ));
            }
        })
    }
}

/// Starts `launch` with `extra` arguments added and its three standard
/// streams piped to the lab.
fn spawn(name: &str, launch: &Launch, extra: &[&str]) -> Result<Child, Error> {
    Command::new(&launch.program)
        .args(&launch.args)
        .args(extra)
        .envs(launch.env.iter().map(|(k, v)| (k, v)))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| {
            Error::new(
                name,
                format!("could not start {}: {e}", launch.program.display()),
            )
        })
}

/// Runs `launch` with `input` on its standard input and `args` added,
/// returning its standard output; stops it after `timeout`.
///
/// # Errors
/// It could not start, it overran, it exited with a failure, or it wrote
/// what is not UTF-8; each names the engine and quotes the end of what it
/// wrote on standard error.
///
/// # Panics
/// Never: the three pipes are asked for when the process is made.
pub fn run(
    name: &str,
    launch: &Launch,
    extra: &[&str],
    input: Vec<u8>,
    timeout: Duration,
) -> Result<String, Error> {
    let mut child = spawn(name, launch, extra)?;
    let mut stdin = child.stdin.take().expect("piped");
    let mut stdout = child.stdout.take().expect("piped");
    let mut stderr = child.stderr.take().expect("piped");
    // Written and read on threads of their own: a runner that answers
    // before it has read everything must not deadlock the lab.
    let writer = std::thread::spawn(move || {
        // A runner that exits early closes the pipe: its answer says why.
        let _ = stdin.write_all(&input);
    });
    let reader = std::thread::spawn(move || {
        let mut out = Vec::new();
        stdout.read_to_end(&mut out).map(|_| out)
    });
    let errors = std::thread::spawn(move || {
        let mut out = Vec::new();
        let _ = stderr.read_to_end(&mut out);
        out
    });
    let started = Instant::now();
    let status = loop {
        match child.try_wait() {
            Ok(Some(status)) => break status,
            Ok(None) if started.elapsed() > timeout => {
                let _ = child.kill();
                let _ = child.wait();
                return Err(Error::new(
                    name,
                    format!("no answer within {:.1} s: stopped", timeout.as_secs_f64()),
                ));
            }
            Ok(None) => std::thread::sleep(Duration::from_millis(5)),
            Err(e) => return Err(Error::new(name, format!("could not wait for it: {e}"))),
        }
    };
    let _ = writer.join();
    let out = reader
        .join()
        .map_err(|_| Error::new(name, "the reader thread failed"))?
        .map_err(|e| Error::new(name, format!("reading its answer: {e}")))?;
    let err = errors.join().unwrap_or_default();
    let err = String::from_utf8_lossy(&err);
    let tail: Vec<&str> = err.lines().rev().take(3).collect();
    let tail = tail.into_iter().rev().collect::<Vec<_>>().join(" / ");
    if !status.success() {
        // A runner says what failed on an `error,` line of its answer.
        let said = String::from_utf8_lossy(&out)
            .lines()
            .find_map(|l| l.strip_prefix("error,").map(str::to_string));
        let why = said.or((!tail.is_empty()).then_some(tail));
        return Err(Error::new(
            name,
            format!(
                "the runner failed ({status}){}",
                why.map(|w| format!(": {w}")).unwrap_or_default()
            ),
        ));
    }
    String::from_utf8(out).map_err(|_| Error::new(name, "the answer is not UTF-8"))
}

/// A package engine behind its runner.
pub struct Runner {
    /// The engine.
    pub engine: &'static Engine,
    /// How its runner starts.
    pub launch: Launch,
    /// The model its values are asked for in.
    pub model: Model,
    /// Overrides [`Engine::timeout`] (the tests' short limits).
    pub timeout: Option<Duration>,
}

impl Runner {
    /// `engine`'s runner in `model`, with the packages of `place`.
    ///
    /// # Errors
    /// When the engine is not a package engine.
    pub fn new(engine: &'static Engine, place: &Place, model: Model) -> Result<Runner, Error> {
        Ok(Runner {
            engine,
            launch: Launch::of(engine, place)?,
            model,
            timeout: None,
        })
    }

    fn timeout(&self, hands: usize) -> Duration {
        self.timeout.unwrap_or_else(|| self.engine.timeout(hands))
    }

    /// The installed package's version, as the runner reads it.
    ///
    /// # Errors
    /// When the runner fails or answers nothing.
    pub fn version(&self) -> Result<String, Error> {
        let out = run(
            self.engine.name,
            &self.launch,
            &["--version", self.engine.name],
            Vec::new(),
            self.timeout(0),
        )?;
        let version = out.trim();
        if version.is_empty() || version.contains('\n') {
            return Err(Error::new(
                self.engine.name,
                format!("no version in {out:?}"),
            ));
        }
        Ok(version.to_string())
    }
}

impl Evaluate for Runner {
    fn values(&self, hands: &Hands) -> Result<Vec<i64>, Error> {
        let out = run(
            self.engine.name,
            &self.launch,
            &[],
            protocol::check(self.engine.name, self.model, hands),
            self.timeout(hands.len()),
        )?;
        protocol::parse_values(&out, hands.len()).map_err(|e| Error::new(self.engine.name, e))
    }
}

/// A runner that stays up for a whole workload: loaded once with the
/// workload's hands, then asked for one turn at a time, so that its turns
/// take their places in the lab's interleaved rounds. Every answer has a
/// deadline; a runner that overruns it, dies or breaks the protocol is
/// stopped and the error names the engine. Dropping the session ends the
/// runner.
pub struct Session {
    /// The engine.
    pub engine: &'static Engine,
    child: Child,
    requests: Option<Sender<Vec<u8>>>,
    lines: Receiver<String>,
    errors: Receiver<String>,
    /// Hands in each loaded block.
    blocks: Vec<usize>,
    /// Overrides [`Engine::timeout`] (the tests' short deadlines).
    timeout: Option<Duration>,
}

impl Session {
    /// Starts `engine`'s runner with the packages of `place`.
    ///
    /// # Errors
    /// An engine with no runner, or a runner that does not start.
    pub fn start(engine: &'static Engine, place: &Place) -> Result<Session, Error> {
        Session::with(engine, &Launch::of(engine, place)?, None)
    }

    /// `engine`'s session started by `launch`, each answer's deadline
    /// `timeout` where given (else the engine's own).
    ///
    /// # Errors
    /// A runner that does not start.
    ///
    /// # Panics
    /// Never: the three pipes are asked for when the process is made.
    pub fn with(
        engine: &'static Engine,
        launch: &Launch,
        timeout: Option<Duration>,
    ) -> Result<Session, Error> {
        let mut child = spawn(engine.name, launch, &[])?;
        let (mut stdin, stdout, stderr) = (
            child.stdin.take().expect("piped"),
            child.stdout.take().expect("piped"),
            child.stderr.take().expect("piped"),
        );
        // The request is written on a thread of its own, so that a runner
        // that stops reading cannot hold the lab: the deadline on its
        // answer still runs.
        let (requests, to_write) = mpsc::channel::<Vec<u8>>();
        std::thread::spawn(move || {
            for bytes in to_write {
                if stdin
                    .write_all(&bytes)
                    .and_then(|()| stdin.flush())
                    .is_err()
                {
                    break;
                }
            }
        });
        let (send, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if send.send(line).is_err() {
                    break;
                }
            }
        });
        let (send, errors) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stderr).lines().map_while(Result::ok) {
                if send.send(line).is_err() {
                    break;
                }
            }
        });
        Ok(Session {
            engine,
            child,
            requests: Some(requests),
            lines,
            errors,
            blocks: Vec::new(),
            timeout,
        })
    }

    /// The last lines the runner wrote on its standard error.
    fn stderr_tail(&self) -> String {
        let lines: Vec<String> = self.errors.try_iter().collect();
        let tail: Vec<&str> = lines.iter().rev().take(3).map(String::as_str).collect();
        tail.into_iter().rev().collect::<Vec<_>>().join(" / ")
    }

    /// Sends `request` and reads its answer up to and including the line
    /// `end,N` or `error,...`, within `timeout`.
    fn ask(&mut self, request: Vec<u8>, timeout: Duration) -> Result<Vec<String>, Error> {
        let name = self.engine.name;
        let sent = self
            .requests
            .as_ref()
            .is_some_and(|r| r.send(request).is_ok());
        if !sent {
            return Err(Error::new(name, "the runner has stopped"));
        }
        let deadline = Instant::now() + timeout;
        let mut answer = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) => {
                    let last = line.starts_with("end,") || line.starts_with("error,");
                    answer.push(line);
                    if last {
                        return Ok(answer);
                    }
                }
                Err(RecvTimeoutError::Timeout) => {
                    self.stop();
                    return Err(Error::new(
                        name,
                        format!("no answer within {:.1} s: stopped", timeout.as_secs_f64()),
                    ));
                }
                Err(RecvTimeoutError::Disconnected) => {
                    let status = self.stop();
                    let tail = self.stderr_tail();
                    return Err(Error::new(
                        name,
                        format!(
                            "the runner ended ({status}) after {} lines of its answer{}",
                            answer.len(),
                            if tail.is_empty() {
                                String::new()
                            } else {
                                format!(": {tail}")
                            }
                        ),
                    ));
                }
            }
        }
    }

    /// Ends the runner, if it still runs, and says how it ended.
    fn stop(&mut self) -> String {
        self.requests = None;
        let _ = self.child.kill();
        self.child
            .wait()
            .map_or_else(|e| e.to_string(), |s| s.to_string())
    }

    /// Loads `hands`, cut into consecutive blocks of `block` hands, in
    /// `model`: the runner turns them into the package's own
    /// representation before any turn.
    ///
    /// # Errors
    /// A failed runner or a wrong answer, naming the engine.
    pub fn load(&mut self, model: Model, hands: &Hands, block: usize) -> Result<(), Error> {
        let block = block.max(1);
        let request = protocol::load(self.engine.name, model, hands, block);
        let timeout = self
            .timeout
            .unwrap_or_else(|| self.engine.timeout(hands.len()));
        let lines = self.ask(request, timeout)?;
        protocol::parse_loaded(&lines, hands.len()).map_err(|e| Error::new(self.engine.name, e))?;
        self.blocks = (0..hands.len())
            .step_by(block)
            .map(|start| block.min(hands.len() - start))
            .collect();
        Ok(())
    }

    /// Hands in loaded block `block`, if there is one.
    pub fn block_hands(&self, block: usize) -> Option<usize> {
        self.blocks.get(block).copied()
    }

    /// One turn over loaded block `block`: an untimed pass where `warm`,
    /// then `passes` passes, each timed by the runner in its own language.
    ///
    /// # Errors
    /// A block not loaded, a failed runner or a wrong answer.
    pub fn turn(&mut self, block: usize, passes: usize, warm: bool) -> Result<Vec<Sample>, Error> {
        let name = self.engine.name;
        let hands = self
            .block_hands(block)
            .ok_or_else(|| Error::new(name, format!("block {block} was not loaded")))?;
        let timeout = self
            .timeout
            .unwrap_or_else(|| self.engine.timeout(hands * (passes + 1)));
        let lines = self.ask(protocol::turn(block, passes, warm), timeout)?;
        protocol::parse_turn(&lines, passes, hands).map_err(|e| Error::new(name, e))
    }

    /// The engine's own calculator ([`crate::Counts::FixedHands`])
    /// counting `players`' fixed hands of `game` over every board that
    /// completes `board` (no card of `dead`): an untimed count first where
    /// `warm`, then `passes` counts, each timed by the runner in its own
    /// language. `boards` is the deals a count makes: its deadline is the
    /// engine's for a hand of each player on each board, every count.
    ///
    /// # Errors
    /// A failed runner or a wrong answer, naming the engine.
    pub fn equity(
        &mut self,
        game: &str,
        players: &[Vec<Card>],
        (board, dead): (&[Card], &[Card]),
        boards: u64,
        (passes, warm): (usize, bool),
    ) -> Result<protocol::Counted, Error> {
        let name = self.engine.name;
        // The protocol's cards: their indices, as `Hands::of` writes them.
        let indices = |cards: &[Card]| cards.iter().map(|c| c.index()).collect::<Vec<u8>>();
        let players: Vec<Vec<u8>> = players.iter().map(|p| indices(p)).collect();
        let cards = (indices(board), indices(dead));
        let hands = usize::try_from(boards).unwrap_or(usize::MAX);
        let timeout = self.timeout.unwrap_or_else(|| {
            self.engine
                .timeout(hands.saturating_mul(players.len() * (passes + usize::from(warm))))
        });
        let request = protocol::equity(name, game, &players, (&cards.0, &cards.1), passes, warm);
        let lines = self.ask(request, timeout)?;
        let counted = protocol::parse_equity(&lines, passes, players.len())
            .map_err(|e| Error::new(name, e))?;
        if counted.games() != boards {
            return Err(Error::new(
                name,
                format!(
                    "counted {} boards, where {boards} complete the board",
                    counted.games()
                ),
            ));
        }
        Ok(counted)
    }
}

impl Drop for Session {
    fn drop(&mut self) {
        self.stop();
    }
}
