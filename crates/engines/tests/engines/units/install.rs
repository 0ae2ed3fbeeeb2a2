//! The tests of `handeval_engines::install`.

use handeval_engines::install::*;
use handeval_engines::{ENGINES, Registry};
use std::fs;

#[test]
fn a_package_json_version() {
    let json =
        "{\n  \"name\": \"phe\",\n  \"version\" : \"0.6.0\",\n  \"x\": {\"version\": \"9\"}}";
    assert_eq!(version_in_package_json(json).as_deref(), Some("0.6.0"));
    assert_eq!(version_in_package_json("{}"), None);
}

#[test]
fn the_local_package_is_pinned_at_its_own_version() {
    let manifest = fs::read_to_string(local_source().join("Cargo.toml")).unwrap();
    let version = manifest
        .lines()
        .find_map(|l| l.strip_prefix("version = "))
        .map(|v| v.trim_matches('"'));
    assert_eq!(version, Some(handeval_engines::LOCAL_VERSION));
    assert!(
        ENGINES
            .iter()
            .filter(|e| e.package.registry == Registry::Local)
            .all(|e| e.package.version == handeval_engines::LOCAL_VERSION
                && e.language == handeval_engines::Language::Python)
    );
}

#[test]
fn every_package_is_pinned_once() {
    let py = pins(Registry::PyPI);
    assert_eq!(py.len(), 7, "{py:?}");
    assert!(py.contains(&"eval7==0.1.11".to_string()));
    assert_eq!(pins(Registry::Npm).len(), 5);
    // Each source-only package is one of the PyPI pins, by its name.
    for name in handeval_engines::SOURCE_ONLY {
        assert!(
            ENGINES
                .iter()
                .any(|e| e.package.registry == Registry::PyPI && e.package.name == *name),
            "{name} is no PyPI engine's package"
        );
    }
}
