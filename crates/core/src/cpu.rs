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
    /// AVX2 (CPUID 7.0, EBX bit 5), with the operating system saving the
    /// 256-bit registers (XCR0 bits 1 and 2).
    Avx2,
    /// The AVX-512 subsets the SIMD kernels use: F (foundation), BW (16-bit
    /// lanes), VBMI (byte permutes) and BITALG (16-bit popcount), with the
    /// operating system saving the 512-bit and mask registers (XCR0 bits 1,
    /// 2, 5, 6, 7). AMD Zen 4 and 5 and Intel since Ice Lake have all four;
    /// Skylake-X has F and BW only, and runs the AVX2 kernels.
    Avx512,
}

const UNKNOWN: u8 = 0;
const ABSENT: u8 = 1;
const PRESENT: u8 = 2;

static POPCNT: AtomicU8 = AtomicU8::new(UNKNOWN);
static BMI2: AtomicU8 = AtomicU8::new(UNKNOWN);
static AVX2: AtomicU8 = AtomicU8::new(UNKNOWN);
static AVX512_SUBSETS: AtomicU8 = AtomicU8::new(UNKNOWN);

fn cache(feature: Feature) -> &'static AtomicU8 {
    match feature {
        Feature::Popcnt => &POPCNT,
        Feature::Bmi2 => &BMI2,
        Feature::Avx2 => &AVX2,
        Feature::Avx512 => &AVX512_SUBSETS,
    }
}

/// Whether this CPU has `feature`. Cached after the first call.
#[inline]
pub fn has(feature: Feature) -> bool {
    let cache = cache(feature);
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
///
/// Pretending AVX2 absent also pretends AVX-512 absent, as no CPU has the
/// one without the other and the kernels are chosen widest first.
pub fn pretend_absent(feature: Feature) {
    cache(feature).store(ABSENT, Ordering::Relaxed);
    if feature == Feature::Avx2 {
        cache(Feature::Avx512).store(ABSENT, Ordering::Relaxed);
    }
}

#[cfg(target_arch = "x86_64")]
fn detect(feature: Feature) -> bool {
    use core::arch::x86_64::{__cpuid, __cpuid_count, __get_cpuid_max};
    let (max_leaf, _) = __get_cpuid_max(0);
    if max_leaf < 7 {
        return feature == Feature::Popcnt && max_leaf >= 1 && __cpuid(1).ecx & (1 << 23) != 0;
    }
    let leaf1 = __cpuid(1);
    let leaf7 = __cpuid_count(7, 0);
    match feature {
        Feature::Popcnt => leaf1.ecx & (1 << 23) != 0,
        Feature::Bmi2 => leaf7.ebx & (1 << 8) != 0,
        Feature::Avx2 => leaf7.ebx & (1 << 5) != 0 && os_saves(leaf1.ecx, 0b110),
        Feature::Avx512 => {
            let subsets = leaf7.ebx & (1 << 16) != 0 // F
                && leaf7.ebx & (1 << 30) != 0 // BW
                && leaf7.ecx & (1 << 1) != 0 // VBMI
                && leaf7.ecx & (1 << 12) != 0; // BITALG
            subsets && os_saves(leaf1.ecx, 0b1110_0110)
        }
    }
}

/// Whether the operating system saves the register state bits `xcr0_bits`
/// (SSE, AVX, and for AVX-512 the opmask and upper ZMM state) on a context
/// switch: without that, the instructions fault even where CPUID lists them.
#[cfg(target_arch = "x86_64")]
fn os_saves(leaf1_ecx: u32, xcr0_bits: u64) -> bool {
    // CPUID 1, ECX bit 27: the OS has enabled XSAVE, so XGETBV exists.
    if leaf1_ecx & (1 << 27) == 0 {
        return false;
    }
    #[allow(unsafe_code)]
    // SAFETY: `_xgetbv` needs the XSAVE feature, which the OSXSAVE bit just
    // checked implies (it is set only when the CPU has XSAVE and the OS
    // turned it on); register 0 (XCR0) always exists then.
    let xcr0 = unsafe { core::arch::x86_64::_xgetbv(0) };
    xcr0 & xcr0_bits == xcr0_bits
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
        assert_eq!(has(Feature::Avx2), std::is_x86_feature_detected!("avx2"));
        let avx512 = std::is_x86_feature_detected!("avx512f")
            && std::is_x86_feature_detected!("avx512bw")
            && std::is_x86_feature_detected!("avx512vbmi")
            && std::is_x86_feature_detected!("avx512bitalg");
        assert_eq!(has(Feature::Avx512), avx512);
        // Cached answers are the same.
        assert_eq!(has(Feature::Bmi2), std::is_x86_feature_detected!("bmi2"));
        assert_eq!(has(Feature::Avx512), avx512);
    }
}
