//! The crate's own tests: one binary beside the library, not a second
//! build of it with `cfg(test)` (which compiled the whole library again),
//! a module per library module.

mod showdown;
mod top;
