//! The tests of `xtask::report::format`.

use xtask::report::format::*;

#[test]
fn ratios_keep_two_significant_digits() {
    // At 43f40fc `machines` printed 0.0096 and 0.0149 both as "0.01x".
    assert_eq!(ratio_words(0.0096), "0.0096x");
    assert_eq!(ratio_words(0.0149), "0.015x");
    assert_eq!(ratio_words(0.264), "0.26x");
    assert_eq!(ratio_words(1.0), "1.0x");
    assert_eq!(ratio_words(16.59), "17x");
    assert_eq!(ratio_words(f64::NAN), "-");
}
