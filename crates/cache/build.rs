//! Names the folder the cached tables go in: `handeval-tables` beside the
//! profile folders of this build directory (`target/handeval-tables`), so
//! that every profile and every crate of one build directory share them.

use std::path::{Path, PathBuf};

fn main() {
    println!("cargo::rerun-if-changed=build.rs");
    let out = PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
    // OUT_DIR is `<target>[/<triple>]/<profile>/build/<package>-<hash>/out`.
    let dir = out
        .ancestors()
        .find(|a| a.file_name().is_some_and(|n| n == "build"))
        .and_then(Path::parent)
        .and_then(Path::parent)
        .map_or_else(|| out.clone(), Path::to_path_buf)
        .join("handeval-tables");
    let dir = dir.to_str().expect("a build directory whose path is UTF-8");
    println!("cargo::rustc-env=HANDEVAL_TABLE_DIR={dir}");
}
