//! The tests of `handeval_results::check`.

use handeval_results::check::*;

#[test]
fn counts_that_do_not_fit_are_refused_and_a_tables_entries_are_its_own() {
    let mut c = CheckRow::new("py/x/call", "five");
    c.evaluated = 10;
    c.hands = 10;
    assert!(validate(&c).is_ok());
    c.hands = 5;
    assert!(validate(&c).is_err());
    // A table walked by 156,742,040 hands, compared entry by entry.
    c.coverage = "every entry".to_string();
    c.evaluated = 156_742_040;
    c.hands = 32_487_781;
    assert!(validate(&c).is_ok());
    c.disagreements = c.hands + 1;
    assert!(validate(&c).is_err());
    c.disagreements = 0;
    c.seconds = f64::NAN;
    assert!(validate(&c).is_err());
}
