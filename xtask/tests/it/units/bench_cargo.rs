//! The tests of `xtask::bench::cargo`.

use xtask::bench::cargo::*;

#[test]
fn the_lockfile_pins_gungraun() {
    assert_eq!(locked_version("gungraun").unwrap(), "0.20.0");
}
