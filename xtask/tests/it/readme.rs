//! The README's examples, run: every `$ cargo xtask eval` and `$ cargo
//! xtask equity` line of its code blocks runs, and where the README shows
//! what it prints, prints exactly that (issue 49, item 15: at 43f40fc the
//! Omaha example showed three rows of the five the command prints).

use std::fs;
use std::path::Path;
use std::process::Command;

/// One `$` line of a README code block and what the README shows after it.
struct Example {
    command: String,
    shown: String,
}

/// The examples of the commands `wanted` in `readme`'s code blocks.
fn examples(readme: &str, wanted: &[&str]) -> Vec<Example> {
    let mut out: Vec<Example> = Vec::new();
    let mut in_block = false;
    let mut current: Option<Example> = None;
    for line in readme.lines() {
        if line.starts_with("```") {
            in_block = !in_block;
            out.extend(current.take());
            continue;
        }
        if !in_block {
            continue;
        }
        if let Some(command) = line.strip_prefix("$ ") {
            out.extend(current.take());
            if wanted.iter().any(|w| command.contains(w)) {
                current = Some(Example {
                    command: command.to_string(),
                    shown: String::new(),
                });
            }
        } else if let Some(example) = &mut current {
            example.shown.push_str(line);
            example.shown.push('\n');
        }
    }
    for e in &mut out {
        e.shown = format!("{}\n", e.shown.trim_end());
        if e.shown == "\n" {
            e.shown.clear();
        }
    }
    out
}

#[test]
fn the_readme_examples_print_what_the_readme_shows() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let readme = fs::read_to_string(root.join("README.md")).unwrap();
    let found = examples(&readme, &["cargo xtask eval", "cargo xtask equity"]);
    assert!(found.len() >= 8, "{} examples", found.len());
    // `cargo xtask` is this binary; the examples run in a scratch folder
    // holding the file one of them reads.
    let dir = std::env::temp_dir().join(format!("handeval-readme-{}", std::process::id()));
    fs::create_dir_all(&dir).unwrap();
    let shim = dir.join("cargo");
    fs::write(
        &shim,
        format!(
            "#!/bin/sh\nshift\nexec '{}' \"$@\"\n",
            env!("CARGO_BIN_EXE_xtask")
        ),
    )
    .unwrap();
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        fs::set_permissions(&shim, fs::Permissions::from_mode(0o755)).unwrap();
    }
    fs::write(dir.join("hands.txt"), "As Ks Qs Js Ts\n7c 5d 4h 3s 2c\n").unwrap();
    let path = format!(
        "{}:{}",
        dir.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let mut shown = 0;
    for example in &found {
        let out = Command::new("sh")
            .args(["-c", &example.command])
            .env("PATH", &path)
            .current_dir(&dir)
            .output()
            .unwrap();
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert!(
            out.status.success(),
            "{}\n{}",
            example.command,
            String::from_utf8_lossy(&out.stderr)
        );
        if !example.shown.is_empty() {
            shown += 1;
            assert_eq!(stdout, example.shown, "{}", example.command);
        }
    }
    assert!(shown >= 4, "{shown} examples show their output");
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_stale_example_is_caught() {
    // The check above, on an example whose output is one row short.
    let readme = "```sh\n$ cargo xtask eval --csv \"As Ks Qs Js Ts\" --only reference,pokers\nhand,evaluator,category,class\nAs Ks Qs Js Ts,reference,royal_flush,1\n```\n";
    let found = examples(readme, &["cargo xtask eval"]);
    assert_eq!(found.len(), 1);
    let out = Command::new(env!("CARGO_BIN_EXE_xtask"))
        .args([
            "eval",
            "--csv",
            "As Ks Qs Js Ts",
            "--only",
            "reference,pokers",
        ])
        .output()
        .unwrap();
    assert_ne!(String::from_utf8_lossy(&out.stdout), found[0].shown);
}
