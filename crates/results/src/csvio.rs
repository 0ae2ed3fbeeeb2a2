//! The one way a run's CSV files are written and read back: every file of
//! rows written whole into a scratch file and renamed into place (nothing
//! half-written is left under a run's name), and read strictly, each bad
//! line named.

use std::path::Path;

use anyhow::{Context, Result, bail};
use serde::Serialize;
use serde::de::DeserializeOwned;

/// Writes `rows` under their header into `path`, by way of a scratch file
/// beside it renamed into place.
///
/// # Errors
/// A file that cannot be written, naming it.
pub fn write<T: Serialize>(path: &Path, rows: &[T]) -> Result<()> {
    let scratch = path.with_extension("csv.tmp");
    let written = (|| -> Result<()> {
        let mut w = csv::Writer::from_path(&scratch)?;
        for r in rows {
            w.serialize(r)?;
        }
        w.flush()?;
        Ok(())
    })();
    if let Err(e) = written {
        let _ = std::fs::remove_file(&scratch);
        return Err(e.context(format!("writing {}", path.display())));
    }
    std::fs::rename(&scratch, path).with_context(|| format!("writing {}", path.display()))
}

/// Reads the rows of `path` (none when `optional` and the file is absent),
/// each checked by `valid`; a line that is not a row, or fails the check,
/// is an error naming the file and the line. A file cut inside its last
/// line (no final newline) is refused: its last figure may have lost
/// digits and still parse.
///
/// # Errors
/// As above.
pub fn read<T: DeserializeOwned>(
    path: &Path,
    optional: bool,
    valid: impl Fn(&T) -> Result<()>,
) -> Result<Vec<T>> {
    if optional && !path.exists() {
        return Ok(Vec::new());
    }
    let text = std::fs::read(path).with_context(|| format!("reading {}", path.display()))?;
    if !text.is_empty() && !text.ends_with(b"\n") {
        bail!(
            "{}: cut short: its last line has no end, so its last figure may have lost digits",
            path.display()
        );
    }
    let mut r = csv::Reader::from_reader(text.as_slice());
    r.deserialize()
        .enumerate()
        .map(|(i, row)| {
            // Line 1 is the header.
            let line = i + 2;
            let row: T = row.with_context(|| format!("{}: line {line}", path.display()))?;
            valid(&row).with_context(|| format!("{}: line {line}", path.display()))?;
            Ok(row)
        })
        .collect()
}
