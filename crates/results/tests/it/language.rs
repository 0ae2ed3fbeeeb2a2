//! The tests of `handeval_results::language`.

use handeval_results::language::*;

#[test]
fn names_round_trip_and_only_rust_and_c_are_in_process() {
    for l in Language::ALL {
        assert_eq!(l.name().parse(), Ok(l));
    }
    assert!("Go".parse::<Language>().is_err());
    let in_process: Vec<Language> = Language::ALL
        .into_iter()
        .filter(|l| l.in_process())
        .collect();
    assert_eq!(in_process, [Language::Rust, Language::C]);
}
