//! Writing to standard output and standard error without panicking.
//!
//! `println!` and `eprintln!` panic when the stream is closed or the disk is
//! full. The tasks write through these macros instead, which return the
//! error so that `main` can report it in one line and exit non-zero.

/// `writeln!` to standard output, returning an `anyhow::Result`.
macro_rules! outln {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        use anyhow::Context as _;
        writeln!(std::io::stdout().lock(), $($arg)*).context("writing to standard output")
    }};
}

/// `writeln!` to standard error, returning an `anyhow::Result`.
macro_rules! errln {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        use anyhow::Context as _;
        writeln!(std::io::stderr().lock(), $($arg)*).context("writing to standard error")
    }};
}

/// One line to standard error from a signal handler's thread, errors ignored
/// by the caller: there is no one left to report them to.
pub fn errln_raw(line: &str) -> std::io::Result<()> {
    use std::io::Write as _;
    writeln!(std::io::stderr().lock(), "{line}")
}
