//! The library's own tests, a module per library module: here, not in a
//! `cfg(test)` build of the library, which compiled the whole library again.

mod check;
mod install;
mod known;
mod protocol;
