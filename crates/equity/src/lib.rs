//! Equity as users run it.
//!
//! This crate is where the lab's equity work moves to (issue 50): ranges in
//! the syntax equity tools take ([`range`]), and their exact equity against
//! each other ([`exact`]). It depends on the core crate alone and is `no_std` with `alloc`.
//!
//! ```
//! use handeval_equity::range::Range;
//! let range: Range = "QQ+, AKs, 0.5(JJ, AQo)".parse().unwrap();
//! // 18 pairs, 4 suited AK, 6 JJ and 12 AQo at half weight.
//! assert_eq!(range.combos().len(), 18 + 4 + 6 + 12);
//! assert!((range.weight_total() - (22.0 + 9.0)).abs() < 1e-12);
//! ```

#![no_std]

extern crate alloc;
#[cfg(test)]
extern crate std;

pub mod boards;
pub mod exact;
pub mod monte_carlo;
pub mod omaha;
pub mod range;
