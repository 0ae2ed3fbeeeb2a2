//! Where the workspace is, so that every task works from any folder.

use std::path::{Path, PathBuf};

/// The workspace root: the folder above this crate's.
pub fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("xtask lives in a folder of the workspace")
}

/// `path` as written relative to the workspace root when it lies inside it,
/// so that links written into the README do not hold this machine's paths.
pub fn relative(path: &Path) -> PathBuf {
    let absolute = std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf());
    let root = std::fs::canonicalize(root()).unwrap_or_else(|_| root().to_path_buf());
    absolute
        .strip_prefix(&root)
        .map_or_else(|_| path.to_path_buf(), Path::to_path_buf)
}
