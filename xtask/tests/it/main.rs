//! `cargo xtask` as its users run it: the real binary, real files, real
//! signals.
//!
//! One test binary, a module per theme. Cargo runs test binaries one after
//! another and the tests inside one in parallel: as separate binaries these
//! waited for each other, most of that time on child processes that sleep
//! or wait for a signal, while a core stood idle (about 55 s of CI's test
//! step, and a link of each binary).

mod bench_runs;
mod cli;
mod damaged;
mod diff;
mod engines;
mod eval;
mod golden;
mod hilo;
mod interrupt;
mod misleading;
mod readme;
mod report;

use std::sync::{Mutex, MutexGuard, PoisonError};

/// Held by every test that starts `cargo xtask bench`: the workspace lets
/// one bench run at a time (a second is refused, which `interrupt` checks
/// on purpose), and the tests here run in parallel.
fn bench_lock() -> MutexGuard<'static, ()> {
    static LOCK: Mutex<()> = Mutex::new(());
    // A failed test that held it changes nothing the next one relies on.
    LOCK.lock().unwrap_or_else(PoisonError::into_inner)
}
