//! `cargo xtask engines` as a user meets it: the list, a library of their
//! own built against the lab's C ABI, and the mistakes they can make.

use std::process::Command;

fn xtask() -> Command {
    Command::new(env!("CARGO_BIN_EXE_xtask"))
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[test]
fn the_list_names_every_engine_with_its_pinned_package() {
    // Installed or not: a folder with nothing installed lists them all.
    let empty = std::env::temp_dir().join(format!("handeval-engines-empty-{}", std::process::id()));
    let out = xtask()
        .arg("engines")
        .env("HANDEVAL_ENGINES", &empty)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", text(&out.stderr));
    let listed = text(&out.stdout);
    for e in handeval_engines::ENGINES {
        let line = listed
            .lines()
            .find(|l| l.split_whitespace().next() == Some(e.name))
            .unwrap_or_else(|| panic!("{} not listed:\n{listed}", e.name));
        assert!(line.contains(e.package.version), "{line}");
    }
    assert!(
        listed.contains("PyPI eval7==0.1.11") && listed.contains("npm pokersolver@2.1.4"),
        "{listed}"
    );
}

#[test]
fn a_users_library_is_checked_through_the_c_abi() {
    let library =
        handeval_engines::native::lab_library(handeval_engines::AbiLibrary::Example).unwrap();
    let out = check_at(&library, "five,omaha", "3000");
    let csv = text(&out.stdout);
    assert!(out.status.success(), "{}{csv}", text(&out.stderr));
    let rows: Vec<&str> = csv.lines().skip(1).collect();
    assert_eq!(rows.len(), 2, "{csv}");
    let header: Vec<&str> = csv.lines().next().unwrap().split(',').collect();
    let at = |name: &str| header.iter().position(|h| *h == name).unwrap();
    for row in rows {
        // The one checks record: the engine in its model.
        assert!(
            row.starts_with("abi/handeval_engine_example/batch,baseline,C,"),
            "{row}"
        );
        // Hands, disagreements: three thousand and the pitfalls, none wrong.
        let cells: Vec<&str> = row.split(',').collect();
        assert!(cells[at("hands")].parse::<u64>().unwrap() >= 3_000, "{row}");
        assert_eq!(cells[at("disagreements")], "0", "{row}");
    }
}

#[test]
fn unknown_engines_games_and_libraries_are_refused_by_name() {
    for (args, says) in [
        (
            &["engines", "check", "--only", "py/nosuch"][..],
            "no engine py/nosuch",
        ),
        (&["engines", "check", "--game", "nine"][..], "no game nine"),
        (
            &["engines", "check", "--library", "/nonexistent/libx.so"][..],
            "--library /nonexistent/libx.so: no such file",
        ),
    ] {
        let out = xtask().args(args).output().unwrap();
        let err = text(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{args:?}: {err}");
        assert!(err.contains(says), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{err}");
    }
}

/// Engines are timed by `bench`, in the lab's interleaved rounds: there is
/// no timer of their own (issue 65), and asking for one is a usage error.
#[test]
fn engines_have_no_timer_of_their_own() {
    let out = xtask().args(["engines", "time"]).output().unwrap();
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("unrecognized subcommand 'time'"), "{err}");
}

#[test]
fn a_library_of_another_kind_is_an_error_not_a_crash() {
    // Not a shared library at all: the loader's refusal, with the engine named.
    let bogus = std::env::temp_dir().join(format!("handeval-bogus-{}.so", std::process::id()));
    std::fs::write(&bogus, b"not a library").unwrap();
    let out = xtask()
        .args([
            "engines",
            "check",
            "--game",
            "five",
            "--hands",
            "100",
            "--budget",
            "0",
            "--library",
        ])
        .arg(&bogus)
        .output()
        .unwrap();
    let _ = std::fs::remove_file(&bogus);
    let all = text(&out.stdout) + &text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{all}");
    assert!(all.contains("handeval-bogus"), "{all}");
    // Issue 66, item 16: the loader's own reason, not "dlopen failed".
    assert!(
        all.contains("dlopen failed: ") && all.contains("file too short"),
        "{all}"
    );
    assert!(!all.contains("panicked"), "{all}");
}

/// A check's CSV rows, by column name.
fn rows(csv: &str) -> Vec<std::collections::HashMap<String, String>> {
    csv::Reader::from_reader(csv.as_bytes())
        .deserialize()
        .map(Result::unwrap)
        .collect()
}

/// `engines check --library` of `library` on `games`, a sample of `hands`
/// and no check of every hand, as CSV.
fn check_at(library: &std::path::Path, games: &str, hands: &str) -> std::process::Output {
    xtask()
        .args([
            "engines",
            "check",
            "--game",
            games,
            "--hands",
            hands,
            "--budget",
            "0",
            "--csv",
            // A hanging library's deadline: the default's ten seconds
            // would be all of a test's time.
            "--timeout",
            "2",
            "--library",
        ])
        .arg(library)
        .output()
        .unwrap()
}

/// A broken user library, checked on `games` with a small sample: its
/// rows, the error stream and the exit status.
fn check_library(
    which: &str,
    games: &str,
) -> (
    Vec<std::collections::HashMap<String, String>>,
    String,
    Option<i32>,
) {
    let library = handeval_engines::native::test_library(which).unwrap();
    let out = check_at(&library, games, "2000");
    (
        rows(&text(&out.stdout)),
        text(&out.stderr),
        out.status.code(),
    )
}

/// Issue 66, items 2 and 3: a library that dies or never returns on one
/// hand is that engine's failure, reported, the other game's rows kept,
/// the lab exiting 1; at 425044b the lab died with it (SIGSEGV, nothing
/// printed) or waited forever.
#[test]
fn a_library_that_crashes_or_hangs_is_its_failure_not_the_labs() {
    for (which, says) in [("crash", "signal: 11"), ("hang", "no answer within")] {
        let started = std::time::Instant::now();
        let (rows, err, code) = check_library(which, "five,seven");
        assert_eq!(code, Some(1), "{which}: {err}{rows:?}");
        assert!(!err.contains("panicked"), "{which}: {err}");
        let five = rows.iter().find(|r| r["game"] == "five").unwrap();
        assert!(five["error"].contains(says), "{which}: {five:?}");
        // The other game, checked in full: its row kept, nothing wrong.
        let seven = rows.iter().find(|r| r["game"] == "seven").unwrap();
        assert_eq!(seven["error"], "", "{which}: {seven:?}");
        assert_eq!(seven["disagreements"], "0", "{which}: {seven:?}");
        assert!(
            started.elapsed() < std::time::Duration::from_secs(60),
            "{which}"
        );
    }
}

/// A deadline that is no number of seconds, or none a check could keep,
/// is refused before anything runs.
#[test]
fn a_timeout_out_of_range_is_refused() {
    for bad in ["0", "1e20", "NaN", "-1", "soon"] {
        let out = xtask()
            .args(["engines", "check", "--only", "c/example"])
            .arg(format!("--timeout={bad}"))
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{bad}");
        let err = text(&out.stderr);
        assert!(
            err.contains("--timeout") && !err.contains("panicked"),
            "{err}"
        );
    }
}

/// Issue 66, item 6: a library working through one static buffer, which
/// two threads calling it at once corrupt, is right: its process calls it
/// from one thread, as the header promises.
#[test]
fn a_library_with_static_scratch_data_is_called_from_one_thread() {
    let (rows, err, code) = check_library("racy", "five");
    assert_eq!(code, Some(0), "{err}{rows:?}");
    assert_eq!(rows[0]["disagreements"], "0", "{rows:?}");
}

/// Issue 66, item 4: a library wrong on every game (the wheel no straight)
/// is reported, and the check exits 1.
#[test]
fn a_library_that_disagrees_fails_the_check() {
    let (rows, err, code) = check_library("nowheel", "five,seven");
    assert_eq!(code, Some(1), "{err}{rows:?}");
    assert_eq!(rows.len(), 2);
    for row in rows {
        assert!(row["disagreements"].parse::<u64>().unwrap() > 0, "{row:?}");
    }
}

/// Issue 66, item 5: a library of the ABI's first version declares no
/// games; a short-deck hand, shaped as Hold'em's, never reaches it.
#[test]
fn short_deck_never_reaches_a_library_that_cannot_tell_it_from_holdem() {
    let (rows, err, code) = check_library("abi1", "short5");
    assert_eq!(code, Some(1), "{rows:?}");
    assert!(err.contains("it does not evaluate short5"), "{err}");
    let (rows, err, code) = check_library("abi1", "five");
    assert_eq!(code, Some(0), "{err}{rows:?}");
}
