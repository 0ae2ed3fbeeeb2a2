//! Running a package engine's runner: one process per request, its answer
//! read whole, stopped when it overruns its time.

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::install::Place;
use crate::protocol::{self, Request, Sample, Task};
use crate::{Engine, Error, Evaluate, Hands, Kind, Language, Model};

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
            Language::C => return Err(Error::new(engine.name, "C engines have no runner")),
        })
    }
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
    let mut child = Command::new(&launch.program)
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
        })?;
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

    /// Times `samples` passes over each block of `block` hands of `hands`.
    ///
    /// # Errors
    /// A failed runner, a malformed answer or a wrong count, naming the engine.
    pub fn time(&self, hands: &Hands, block: usize, samples: usize) -> Result<Vec<Sample>, Error> {
        let request = Request {
            engine: self.engine.name,
            model: self.model,
            task: Task::Time { block, samples },
            hands,
        };
        let blocks: Vec<usize> = (0..hands.len())
            .step_by(block.max(1))
            .map(|start| block.min(hands.len() - start))
            .collect();
        let out = run(
            self.engine.name,
            &self.launch,
            &[],
            request.encode(),
            self.timeout(hands.len() * (samples + 1)),
        )?;
        protocol::parse_samples(&out, &blocks, samples).map_err(|e| Error::new(self.engine.name, e))
    }
}

impl Evaluate for Runner {
    fn values(&self, hands: &Hands) -> Result<Vec<i64>, Error> {
        let request = Request {
            engine: self.engine.name,
            model: self.model,
            task: Task::Check,
            hands,
        };
        let out = run(
            self.engine.name,
            &self.launch,
            &[],
            request.encode(),
            self.timeout(hands.len()),
        )?;
        protocol::parse_values(&out, hands.len()).map_err(|e| Error::new(self.engine.name, e))
    }
}
