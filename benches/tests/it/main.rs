//! The benchmark library's own tests: one binary beside the library, not a
//! second build of it with `cfg(test)` (which compiled the whole library
//! again, 46 s of a clean test build's CPU), a module per library module.

mod badugi;
mod blocks;
mod contention;
mod encoded;
mod hands;
mod lows;
mod patterns;
mod plan;
mod rounds;
