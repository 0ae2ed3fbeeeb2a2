//! Contention as a workload: the same turns, timed while an antagonist on
//! the other core streams through memory.
//!
//! The lab's machines are shared, and some have a contended state in which
//! table lookups slow 1.4-1.55x and vector arithmetic about 1.1x (the Zen 3
//! runs): a neighbour competing for the shared cache and the memory
//! controller. A user's evaluator meets that state in production, and it
//! treats evaluators with tables and without them very differently. So
//! rather than hope to avoid it, the lab makes it on purpose, at a fixed
//! and recorded intensity ([`SETTING`]), and times each game's headline
//! workload once more beside it ([`crate::Load::Contended`]).
//!
//! The antagonist is one thread that reads and writes 64-byte lines of a
//! [`BUFFER_BYTES`] buffer (more than any last-level cache of the lab's
//! CPUs: nearly every access misses and evicts a line another core may
//! want) in a pseudo-random order, for as long as the contended rounds
//! last. A sequential stream was tried first: at 27.6 GB/s on the Intel
//! Xeon it slowed nothing, not even the 2+2 table, as the prefetchers
//! served it without disturbing the other core. It reports how many bytes a second it
//! moved, so that a run records what intensity it actually met.
//!
//! # Example
//!
//! ```
//! let antagonist = handeval_benches::contention::Antagonist::ready_with(1 << 20);
//! let streaming = antagonist.stream();
//! // ... time something beside it ...
//! std::thread::sleep(std::time::Duration::from_millis(10));
//! let moved = streaming.stop();
//! assert!(moved.lines > 0);
//! ```

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU8, AtomicU64, Ordering};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// The antagonist's buffer: 2 GiB, beyond the last-level cache of every
/// CPU the lab runs on (the Intel Xeon's reports 480 MiB).
pub const BUFFER_BYTES: usize = 2 << 30;

/// What `machine.txt` records of the antagonist.
pub const SETTING: &str = "one thread beside the timed one, reading and writing 64-byte lines of \
     a 2 GiB buffer in a seeded pseudo-random order (xorshift64), without pause, for the length \
     of the contended rounds";

/// The file, beside the run's `rounds.csv`, in which the wall-time binary
/// says what the antagonist did during each contended workload's rounds
/// ([`Reached`], one line each), read back into `machine.txt`.
pub const FILE: &str = "antagonist.csv";

/// What the antagonist reached during one contended workload's rounds: a
/// line of [`FILE`], written and read by the csv crate ([`write`](fn@write), [`read`](fn@read)).
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Reached {
    /// The contended workload.
    pub workload: crate::Workload,
    /// Bytes read and written a second, in GB.
    pub gb_per_s: f64,
    /// How long the antagonist ran.
    pub seconds: f64,
}

/// Writes `reached` to `path` as [`FILE`]'s CSV.
///
/// # Errors
/// When the file cannot be written.
pub fn write(path: &std::path::Path, reached: &[Reached]) -> Result<(), String> {
    let fail = |e: csv::Error| format!("writing {}: {e}", path.display());
    let mut w = csv::Writer::from_path(path).map_err(fail)?;
    for r in reached {
        w.serialize(r).map_err(fail)?;
    }
    w.flush()
        .map_err(|e| format!("writing {}: {e}", path.display()))
}

/// Reads [`FILE`]'s CSV from `path`.
///
/// # Errors
/// When the file does not read, or a line is not a [`Reached`] (named).
pub fn read(path: &std::path::Path) -> Result<Vec<Reached>, String> {
    let mut r =
        csv::Reader::from_path(path).map_err(|e| format!("reading {}: {e}", path.display()))?;
    r.deserialize()
        .enumerate()
        .map(|(i, line)| line.map_err(|e| format!("{}: line {}: {e}", path.display(), i + 2)))
        .collect()
}

/// One 64-byte line, so that each step of the antagonist touches a new one.
#[derive(Clone, Copy)]
#[repr(align(64))]
struct Line([u64; 8]);

/// The antagonist's thread, paused between contended workloads: its
/// buffer is allocated and touched once a run ([`Antagonist::ready`]),
/// where making it afresh for each contended workload took 1.5 to 4.5 s
/// each time on the Zen 3 (ten workloads, half a smoke run's rounds).
/// [`Antagonist::stream`] sets it going; dropping it ends its thread.
pub struct Antagonist {
    shared: Arc<Shared>,
    thread: Option<JoinHandle<()>>,
}

impl Antagonist {
    /// Lines the antagonist has read and written since it was made (in
    /// steps of 4,096): standing still while it is paused.
    pub fn lines_so_far(&self) -> u64 {
        self.shared.lines.load(Ordering::Relaxed)
    }
}

/// What the timed thread and the antagonist share.
struct Shared {
    /// [`PAUSED`], [`STREAMING`] or [`QUIT`].
    state: AtomicU8,
    /// Whether the antagonist has seen [`PAUSED`] and stopped touching
    /// its buffer: a pause returns only then.
    idle: AtomicBool,
    /// Lines read and written so far, in steps of 4,096.
    lines: AtomicU64,
}

const PAUSED: u8 = 0;
const STREAMING: u8 = 1;
const QUIT: u8 = 2;

/// A streaming antagonist; [`Streaming::stop`] pauses it and says what it
/// did (dropping it pauses it too).
pub struct Streaming<'a> {
    antagonist: &'a Antagonist,
    lines_before: u64,
    started: Instant,
}

/// What an antagonist did while it ran.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Moved {
    /// 64-byte lines read and written.
    pub lines: u64,
    /// How long it ran.
    pub elapsed: Duration,
}

impl Moved {
    /// Bytes read and written a second, in GB (10^9).
    pub fn gb_per_s(&self) -> f64 {
        (self.lines * 64 * 2) as f64 / self.elapsed.as_secs_f64().max(1e-9) / 1e9
    }
}

impl Antagonist {
    /// The antagonist of every contended workload ([`BUFFER_BYTES`]), paused.
    pub fn ready() -> Antagonist {
        Antagonist::ready_with(BUFFER_BYTES)
    }

    /// An antagonist over a buffer of `bytes` (at least one line),
    /// returning once its buffer is allocated and touched, paused.
    ///
    /// # Panics
    /// If the antagonist's thread died before it was ready.
    pub fn ready_with(bytes: usize) -> Antagonist {
        let shared = Arc::new(Shared {
            state: AtomicU8::new(PAUSED),
            idle: AtomicBool::new(true),
            lines: AtomicU64::new(0),
        });
        let theirs = Arc::clone(&shared);
        let lines = (bytes / 64).max(1);
        let (ready, allocated) = std::sync::mpsc::channel();
        let thread = std::thread::spawn(move || {
            // Allocated and first touched on the antagonist's own thread,
            // before any timing starts.
            let mut buffer = vec![Line([1; 8]); lines];
            let _ = ready.send(());
            // The lines in a seeded pseudo-random order (xorshift): the
            // addresses do not depend on the data, so many misses are in
            // flight at once, and no prefetcher can follow them.
            let mask = lines.next_power_of_two() - 1;
            let mut x = 0x9E37_79B9_7F4A_7C15_u64;
            loop {
                match theirs.state.load(Ordering::Acquire) {
                    QUIT => break,
                    PAUSED => {
                        theirs.idle.store(true, Ordering::Release);
                        // Woken by `stream` or the drop (or spuriously:
                        // the state is read again).
                        std::thread::park();
                    }
                    _ => {
                        for _ in 0..4096 {
                            x ^= x << 13;
                            x ^= x >> 7;
                            x ^= x << 17;
                            let i = (x as usize & mask) % lines;
                            let line = &mut buffer[i];
                            line.0[0] = line.0[0].wrapping_add(line.0[7] | 1);
                        }
                        theirs.lines.fetch_add(4096, Ordering::Relaxed);
                    }
                }
            }
            std::hint::black_box(&buffer);
        });
        allocated.recv().expect("the antagonist started");
        Antagonist {
            shared,
            thread: Some(thread),
        }
    }

    /// Sets the antagonist streaming until the returned guard is stopped
    /// or dropped.
    pub fn stream(&self) -> Streaming<'_> {
        let lines_before = self.shared.lines.load(Ordering::Relaxed);
        // Not idle until it has paused again.
        self.shared.idle.store(false, Ordering::Release);
        self.shared.state.store(STREAMING, Ordering::Release);
        if let Some(t) = &self.thread {
            t.thread().unpark();
        }
        Streaming {
            antagonist: self,
            lines_before,
            started: Instant::now(),
        }
    }

    /// Pauses the antagonist, returning once it no longer touches its
    /// buffer (it checks every 4,096 lines: microseconds).
    fn pause(&self) {
        self.shared.state.store(PAUSED, Ordering::Release);
        while !self.shared.idle.load(Ordering::Acquire) {
            if self.thread.as_ref().is_none_or(JoinHandle::is_finished) {
                return;
            }
            std::hint::spin_loop();
        }
    }
}

impl Streaming<'_> {
    /// Pauses the antagonist and says what it did since it was set going.
    pub fn stop(self) -> Moved {
        self.antagonist.pause();
        let elapsed = self.started.elapsed();
        let lines = self.antagonist.shared.lines.load(Ordering::Relaxed) - self.lines_before;
        Moved { lines, elapsed }
    }
}

impl Drop for Streaming<'_> {
    fn drop(&mut self) {
        self.antagonist.pause();
    }
}

impl Drop for Antagonist {
    fn drop(&mut self) {
        self.shared.state.store(QUIT, Ordering::Release);
        if let Some(t) = self.thread.take() {
            t.thread().unpark();
            // It only loops over its buffer: a panic there is not the
            // timed code's, and the run's figures are already taken.
            let _ = t.join();
        }
    }
}
