//! `cargo xtask` as its users run it: the real binary, real files, real
//! signals.
//!
//! One test binary, a module per theme. Cargo runs test binaries one after
//! another and the tests inside one in parallel: as separate binaries these
//! waited for each other, most of that time on child processes that sleep
//! or wait for a signal, while a core stood idle (about 55 s of CI's test
//! step, and a link of each binary). The library's own tests, a module per
//! library module, are `units`.

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
mod units;

/// Every test that starts `cargo xtask bench`, one after another in one
/// test: the workspace lets one bench run at a time (a second is refused,
/// which `interrupt` checks on purpose). As tests of their own they took a
/// lock, and a test waiting for it held one of the harness's threads (one
/// per core, two on the lab's machines) idle while the other ran the
/// chain: the rest of the binary's tests stood still behind them. One
/// test holds one thread, for the chain's length, beside all the others;
/// its name sorts first, so the chain starts at once.
#[test]
fn bench_runs_one_at_a_time() {
    interrupt::interrupted_raced_or_stale_runs_leave_nothing_and_read_nothing_stale();
    bench_runs::seven_card_runs_report_seven_cards_only();
    misleading::bad_bench_arguments_are_refused_before_anything_is_created();
    cli::a_negative_seed_is_refused_as_a_seed();
}
