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
    let out = xtask()
        .args([
            "engines",
            "check",
            "--game",
            "five,omaha",
            "--hands",
            "3000",
            "--budget",
            "0",
            "--csv",
            "--library",
        ])
        .arg(&library)
        .output()
        .unwrap();
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
    assert!(all.contains("engine abi/handeval-bogus"), "{all}");
    assert!(!all.contains("panicked"), "{all}");
}
