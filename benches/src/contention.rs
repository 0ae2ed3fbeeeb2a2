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
//! let antagonist = handeval_benches::contention::Antagonist::start_with(1 << 20);
//! // ... time something beside it ...
//! std::thread::sleep(std::time::Duration::from_millis(10));
//! let moved = antagonist.stop();
//! assert!(moved.lines > 0);
//! ```

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
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

/// A running antagonist; [`Antagonist::stop`] ends it.
pub struct Antagonist {
    stop: Arc<AtomicBool>,
    thread: JoinHandle<u64>,
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
    /// Starts the antagonist of every contended workload ([`BUFFER_BYTES`]).
    pub fn start() -> Antagonist {
        Antagonist::start_with(BUFFER_BYTES)
    }

    /// Starts an antagonist over a buffer of `bytes` (at least one line),
    /// returning once it streams: its buffer allocated and touched.
    ///
    /// # Panics
    /// If the antagonist's thread died before it started.
    pub fn start_with(bytes: usize) -> Antagonist {
        let stop = Arc::new(AtomicBool::new(false));
        let flag = Arc::clone(&stop);
        let lines = (bytes / 64).max(1);
        let (ready, streaming) = std::sync::mpsc::channel();
        let thread = std::thread::spawn(move || {
            // Allocated and first touched on the antagonist's own thread,
            // before the timing starts.
            let mut buffer = vec![Line([1; 8]); lines];
            let _ = ready.send(());
            let mut done = 0u64;
            // The lines in a seeded pseudo-random order (xorshift): the
            // addresses do not depend on the data, so many misses are in
            // flight at once, and no prefetcher can follow them.
            let mask = lines.next_power_of_two() - 1;
            let mut x = 0x9E37_79B9_7F4A_7C15_u64;
            while !flag.load(Ordering::Relaxed) {
                for _ in 0..4096 {
                    x ^= x << 13;
                    x ^= x >> 7;
                    x ^= x << 17;
                    let i = (x as usize & mask) % lines;
                    let line = &mut buffer[i];
                    line.0[0] = line.0[0].wrapping_add(line.0[7] | 1);
                }
                done += 4096;
            }
            std::hint::black_box(&buffer);
            done
        });
        streaming.recv().expect("the antagonist started");
        Antagonist {
            stop,
            thread,
            started: Instant::now(),
        }
    }

    /// Stops the antagonist and says what it did.
    ///
    /// # Panics
    /// If the antagonist's thread panicked (it only loops over its buffer).
    pub fn stop(self) -> Moved {
        self.stop.store(true, Ordering::Relaxed);
        let lines = self.thread.join().expect("the antagonist panicked");
        Moved {
            lines,
            elapsed: self.started.elapsed(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn what_it_reached_reads_back_as_written() {
        let path =
            std::env::temp_dir().join(format!("handeval-antagonist-{}.csv", std::process::id()));
        let reached = [Reached {
            workload: crate::Workload::headline_of::<handeval_core::Hand7>()
                .under(crate::Load::Contended),
            gb_per_s: 3.75,
            seconds: 12.5,
        }];
        write(&path, &reached).unwrap();
        assert_eq!(read(&path).unwrap(), reached);
        std::fs::write(
            &path,
            "workload,gb_per_s,seconds\nstrength/shuffled/hand7,fast,1\n",
        )
        .unwrap();
        assert!(read(&path).unwrap_err().contains("line 2"));
        std::fs::remove_file(&path).unwrap();
    }

    #[test]
    fn an_antagonist_moves_lines_until_stopped() {
        let a = Antagonist::start_with(1 << 16);
        std::thread::sleep(Duration::from_millis(20));
        let moved = a.stop();
        // 1,024 lines a pass: it went round many times in 20 ms.
        assert!(moved.lines > 1024, "{moved:?}");
        assert!(moved.gb_per_s() > 0.0);
    }
}
