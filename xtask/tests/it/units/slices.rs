//! The tests of `xtask::slices`.

use xtask::slices::*;

/// Issue 66, item 8: at 425044b a saved slice edited to another commit
/// was merged, verdict and all.
#[test]
fn a_slice_of_another_commit_is_never_merged() {
    let root = tempfile::tempdir().unwrap();
    let one = Slice { k: 1, of: 2 };
    let first = check::<handeval_core::Hand>(&[], one, root.path(), &|_| {}).unwrap();
    let path = first.folder.join(file_name(1, 2));
    let text = std::fs::read_to_string(&path).unwrap();
    let saved: Saved = serde_json::from_str(&text).unwrap();
    let edited = text.replacen(
        &format!("\"git\": \"{}\"", saved.git),
        "\"git\": \"0000000\"",
        1,
    );
    assert_ne!(edited, text);
    std::fs::write(&path, edited).unwrap();
    let two = Slice { k: 2, of: 2 };
    let err = match check::<handeval_core::Hand>(&[], two, root.path(), &|_| {}) {
        Ok(_) => panic!("merged a slice of another commit"),
        Err(e) => format!("{e:#}"),
    };
    assert!(
        err.contains("was found at 0000000") && err.contains("never merged"),
        "{err}"
    );
}

#[test]
fn a_slice_is_k_of_n_from_one() {
    assert_eq!(parse_slice("2/4"), Ok(Slice { k: 2, of: 4 }));
    assert_eq!(parse_slice(" 1 / 1 "), Ok(Slice { k: 1, of: 1 }));
    for bad in ["0/4", "5/4", "2", "a/4", "2/", "/4", "-1/4"] {
        assert!(parse_slice(bad).is_err(), "{bad}");
    }
}
