//! The tests of `xtask::report::readme`.

use std::fs;
use xtask::report::readme::*;

#[test]
fn splicing_replaces_only_between_the_markers_and_refuses_disorder() {
    let m = ("<!-- a -->", "<!-- b -->");
    let text = "top\n<!-- a -->\nold\n<!-- b -->\nbottom\n";
    assert_eq!(
        splice(text, m, "new\n").unwrap(),
        "top\n<!-- a -->\nnew\n<!-- b -->\nbottom\n"
    );
    assert!(splice("<!-- b -->\n<!-- a -->\n", m, "x\n").is_err());
    assert!(splice("<!-- a -->\n", m, "x\n").is_err());
    assert!(splice("<!-- a --><!-- a --><!-- b -->", m, "x\n").is_err());
}

#[test]
fn the_readme_lists_every_registered_evaluator_as_registered() {
    let readme = fs::read_to_string(xtask::workspace::root().join(EVALUATORS_FILE)).unwrap();
    let expected = splice(&readme, EVALUATORS, &every_games_table()).unwrap();
    assert!(
        readme == expected,
        "{EVALUATORS_FILE}'s evaluator table is stale: run `cargo xtask list --readme`"
    );
}
