//! Builds the lab's two C files against its C ABI (`abi/example.c`, the
//! test evaluator, and `abi/null.c`, the C floor) into shared libraries in
//! `OUT_DIR`, with the C compiler the `cc` crate finds for the target, and
//! the example again once for each way the tests break a user's library
//! (a crash, a hang, a static buffer, a wrong wheel, the first version of
//! the ABI); and tells the crate where they are, and where the packages are
//! installed.

use std::path::{Path, PathBuf};
use std::process::Command;

fn main() {
    let out = PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
    let compiler = cc::Build::new().opt_level(2).get_compiler();
    for (name, source, define, var) in [
        ("example", "example", "", "HANDEVAL_ENGINE_EXAMPLE"),
        ("null", "null", "", "HANDEVAL_ENGINE_NULL"),
        ("crash", "example", "CRASH", "HANDEVAL_ENGINE_TEST_CRASH"),
        ("hang", "example", "HANG", "HANDEVAL_ENGINE_TEST_HANG"),
        ("racy", "example", "RACY", "HANDEVAL_ENGINE_TEST_RACY"),
        (
            "nowheel",
            "example",
            "NO_WHEEL",
            "HANDEVAL_ENGINE_TEST_NO_WHEEL",
        ),
        ("abi1", "example", "ABI_1", "HANDEVAL_ENGINE_TEST_ABI_1"),
    ] {
        let source = format!("abi/{source}.c");
        println!("cargo::rerun-if-changed={source}");
        let library = out.join(format!("libhandeval_engine_{name}.so"));
        let define = if define.is_empty() {
            String::new()
        } else {
            format!("-DHANDEVAL_TEST_{define}")
        };
        let status = Command::new(compiler.path())
            .args(compiler.args())
            .args(["-shared", "-fPIC", "-std=c99", "-Wall", "-Werror", "-o"])
            .arg(&library)
            .args((!define.is_empty()).then_some(&define))
            .arg(&source)
            .status()
            .unwrap_or_else(|e| {
                panic!(
                    "could not run the C compiler {}: {e}",
                    compiler.path().display()
                )
            });
        assert!(status.success(), "the C compiler failed on {source}");
        println!("cargo::rustc-env={var}={}", library.display());
    }
    println!("cargo::rerun-if-changed=abi/handeval_engine.h");
    // Where `cargo xtask engines install` puts the packages: beside the
    // profile folders of this build directory, as the table cache does.
    let dir = out
        .ancestors()
        .find(|a| a.file_name().is_some_and(|n| n == "build"))
        .and_then(Path::parent)
        .and_then(Path::parent)
        .map_or_else(|| out.clone(), Path::to_path_buf)
        .join("handeval-engines");
    let dir = dir.to_str().expect("a build directory whose path is UTF-8");
    println!("cargo::rustc-env=HANDEVAL_ENGINES_DIR={dir}");
}
