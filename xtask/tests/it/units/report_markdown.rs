//! The tests of `xtask::report::markdown`.

use handeval_benches::Workload;
use xtask::machine::Machine;
use xtask::report::format::{speed_words, thousands};
use xtask::report::markdown::*;

/// Issue 34, item 8: the citation said `results/NAME/` wherever the
/// run went (`--results-dir 'scratch/with space/deep'` included).
#[test]
fn the_citation_names_where_the_data_is() {
    let root = xtask::workspace::root();
    assert_eq!(
        data_location(
            &root.join("results/2026-11-23-15de287"),
            "2026-11-23-15de287"
        ),
        "`results/2026-11-23-15de287/` of the handeval repository"
    );
    assert_eq!(
        data_location(&root.join("scratch/with space/deep/r"), "r"),
        "`scratch/with space/deep/r/` of the handeval repository"
    );
    assert_eq!(
        data_location(std::path::Path::new("/nowhere/handeval-copy/r"), "r"),
        "the folder `r/`, outside the handeval repository"
    );
}

#[test]
fn numbers_read_as_people_write_them() {
    assert_eq!(thousands(64_974), "64,974");
    assert_eq!(thousands(2_598_960), "2,598,960");
    assert_eq!(thousands(999), "999");
    assert_eq!(speed_words(5.18, 6.06), "1.17x faster");
    assert_eq!(speed_words(6.06, 5.18), "1.17x slower");
}

#[test]
fn simd_paths_and_the_path_instructions_were_counted_on() {
    assert_eq!(
        vector_path("avx512f,avx512bw,avx512vbmi,avx512bitalg"),
        "AVX-512"
    );
    assert_eq!(vector_path("avx2"), "AVX2");
    assert_eq!(vector_path("portable (no avx2)"), "portable");
    let mut m = Machine {
        vectors: "AVX-512 F, BW, VBMI, BITALG: present; AVX2: present".into(),
        simd: Some(handeval_benches::SimdLimit::Avx512),
        ..Machine::default()
    };
    assert_eq!(counted_path(&m), "AVX2");
    m.simd = Some(handeval_benches::SimdLimit::Portable);
    assert_eq!(counted_path(&m), "portable");
    m.simd = None;
    m.vectors = "AVX-512: absent; AVX2: absent".into();
    assert_eq!(counted_path(&m), "portable");
    // Runs without SIMD rows get no such section.
    assert!(vectors_section(&[], &m, Workload::HEADLINE).is_none());
}
