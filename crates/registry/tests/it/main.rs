//! The crate's own tests: one binary beside the library, not a second
//! build of it with `cfg(test)` (which compiled the whole list again):
//! the list's own tests (`top`) and the showdown counts through it.

mod showdown;
mod top;
