//! The tests of `xtask::machine::probe`.

use xtask::machine::probe::*;

#[test]
fn vector_extensions_from_the_kernel_flags() {
    let flags = |s: &str| s.split(' ').map(String::from).collect::<Vec<_>>();
    let all = flags("fpu avx2 bmi2 avx512f avx512bw avx512vbmi avx512_bitalg");
    assert_eq!(
        vectors(&all),
        "AVX-512 F, BW, VBMI, BITALG: present; AVX2: present"
    );
    assert_eq!(
        vectors(&flags("avx2 avx512f avx512bw")),
        "AVX-512: only avx512f, avx512bw (the kernels need F, BW, VBMI and BITALG); AVX2: present"
    );
    assert_eq!(vectors(&flags("sse2")), "AVX-512: absent; AVX2: absent");
}

#[test]
fn pext_speed_by_cpu() {
    assert!(pext_speed("AuthenticAMD", Some(0x19), true).starts_with("fast"));
    assert!(pext_speed("AuthenticAMD", Some(0x17), true).starts_with("SLOW"));
    assert!(pext_speed("GenuineIntel", Some(6), true).starts_with("fast"));
    assert!(pext_speed("GenuineIntel", Some(6), false).starts_with("absent"));
}

#[test]
fn the_dispatch_line_names_every_evaluator_that_dispatches() {
    // Of every game: at 43f40fc the line named only the five-card
    // evaluators, and an Omaha run's kernels were missing (issue 49,
    // item 18).
    let abouts = handeval_registry::abouts_of_every_game();
    let line = dispatch_summary();
    let mut games = Vec::new();
    for a in abouts.iter().filter(|a| !a.cpu_path.features.is_empty()) {
        assert!(
            line.contains(&format!("{} {}", a.meta.name, a.cpu_path)),
            "{line}"
        );
        if !games.contains(&a.game) {
            games.push(a.game);
        }
    }
    assert!(line.contains("deadhorse/omaha-simd"), "{line}");
    assert!(games.len() > 1, "{line}");
    assert_eq!(dispatch_of(&[]), "no evaluator dispatches on CPU features");
}
