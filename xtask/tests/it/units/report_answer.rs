//! The tests of `xtask::report::answer`.

use handeval_core::Role;
use xtask::report::answer::*;
use xtask::report::format::ratio_words;

/// The answer's line of `title` among `lines`: its six cells.
fn line_of<'a>(lines: &[&'a str], title: &str) -> Option<Vec<&'a str>> {
    lines
        .iter()
        .find(|l| l.starts_with(&format!("| {title} |")))
        .map(|l| l.split('|').map(str::trim).skip(1).take(6).collect())
}

/// Issue 65: a report answers first. For every game a committed run
/// timed, its first 40 lines say the lab's fastest, the strongest
/// outside evaluator called in-process, their ratio, and the fastest
/// Python and JavaScript entries.
#[test]
fn every_report_answers_every_game_in_its_first_40_lines() {
    let results = xtask::workspace::root().join("results");
    let mut runs: Vec<_> = std::fs::read_dir(&results)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.join("results.csv").is_file())
        .collect();
    runs.sort();
    let mut answered = 0;
    for dir in runs {
        let run = xtask::report::load(&dir).unwrap();
        let text = xtask::report::markdown::render(&run, "run", "here");
        let first: Vec<&str> = text.lines().take(40).collect();
        for w in headlines(&run.rows) {
            let cells = line_of(&first, &title_of(w)).unwrap_or_else(|| {
                panic!(
                    "{}: {} is not answered in the first 40 lines",
                    dir.display(),
                    w
                )
            });
            assert_eq!(cells.len(), 6, "{}: {cells:?}", dir.display());
            let lab = fastest(&run.rows, w, |r| r.role.is_some_and(Role::is_lab_variant));
            if let (Some(lab), Some(outside)) = (lab, strongest_outside(&run.rows, w)) {
                assert!(
                    cells[1].starts_with(&format!("`{}`", lab.evaluator)),
                    "{cells:?}"
                );
                assert!(
                    cells[2].starts_with(&format!("`{}`", outside.evaluator)),
                    "{cells:?}"
                );
                assert_eq!(cells[3], ratio_words(lab.ns / outside.ns), "{cells:?}");
            }
            answered += 1;
        }
    }
    assert!(answered > 20, "{answered} games answered");
}
