//! Run-time CPU feature checks for evaluators built on one instruction.
//!
//! `std::is_x86_feature_detected!` is not available to `no_std` crates, so
//! this asks CPUID directly (safe in `core::arch` since Rust 1.87) and caches the
//! answer: the check runs once, not per hand. The evaluator crates' tests
//! compare it with `is_x86_feature_detected!`.

use core::sync::atomic::{AtomicU8, Ordering};

/// A CPU feature an evaluator may dispatch on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Feature {
    /// `popcnt` (CPUID 1, ECX bit 23).
    Popcnt,
    /// BMI2, which provides `pext` (CPUID 7.0, EBX bit 8).
    Bmi2,
}

const UNKNOWN: u8 = 0;
const ABSENT: u8 = 1;
const PRESENT: u8 = 2;

static POPCNT: AtomicU8 = AtomicU8::new(UNKNOWN);
static BMI2: AtomicU8 = AtomicU8::new(UNKNOWN);

/// Whether this CPU has `feature`. Cached after the first call.
#[inline]
pub fn has(feature: Feature) -> bool {
    let cache = match feature {
        Feature::Popcnt => &POPCNT,
        Feature::Bmi2 => &BMI2,
    };
    match cache.load(Ordering::Relaxed) {
        UNKNOWN => {
            let present = detect(feature);
            cache.store(if present { PRESENT } else { ABSENT }, Ordering::Relaxed);
            present
        }
        state => state == PRESENT,
    }
}

/// Makes [`has`] answer `false` for `feature` from now on, in this process.
///
/// For tests of fallback paths on machines that do have the feature: run
/// them in a test binary of their own, since the setting is process-wide.
pub fn pretend_absent(feature: Feature) {
    match feature {
        Feature::Popcnt => POPCNT.store(ABSENT, Ordering::Relaxed),
        Feature::Bmi2 => BMI2.store(ABSENT, Ordering::Relaxed),
    }
}

#[cfg(target_arch = "x86_64")]
fn detect(feature: Feature) -> bool {
    use core::arch::x86_64::{__cpuid, __cpuid_count, __get_cpuid_max};
    let (max_leaf, _) = __get_cpuid_max(0);
    match feature {
        Feature::Popcnt => max_leaf >= 1 && __cpuid(1).ecx & (1 << 23) != 0,
        Feature::Bmi2 => max_leaf >= 7 && __cpuid_count(7, 0).ebx & (1 << 8) != 0,
    }
}

#[cfg(not(target_arch = "x86_64"))]
fn detect(_: Feature) -> bool {
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    #[cfg(target_arch = "x86_64")]
    fn agrees_with_std_detection() {
        assert_eq!(
            has(Feature::Popcnt),
            std::is_x86_feature_detected!("popcnt")
        );
        assert_eq!(has(Feature::Bmi2), std::is_x86_feature_detected!("bmi2"));
        // Cached answers are the same.
        assert_eq!(has(Feature::Bmi2), std::is_x86_feature_detected!("bmi2"));
    }
}
