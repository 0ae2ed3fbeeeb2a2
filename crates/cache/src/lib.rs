//! Tables the lab generates, kept once per build directory.
//!
//! Some evaluators' tables take a second or more to generate (PHEvaluator's
//! Omaha tables, 27 MB; the 2+2 state table, 130 MB). Each process that
//! needs one would pay that again: every test binary, every `eval`, every
//! benchmark process counted under callgrind, where a second becomes a
//! minute. So a generated table is written to a file in the build directory
//! (`target/handeval-tables/`, shared by its profiles) and the next process
//! reads it, after three checks that it is the table the running code would
//! generate:
//!
//! 1. **Its recipe.** The file's name and header carry a fingerprint of
//!    everything that decides its contents: the evaluator passes the source
//!    of its generator (and of any table the generator reads) through
//!    [`fingerprint`] at compile time, so an edited generator never reads
//!    an old file.
//! 2. **Its bytes.** The header holds each table's length and a checksum of
//!    the data: a file cut short or damaged is not read.
//! 3. **Its entries.** The evaluator's own check recomputes a seeded sample
//!    of entries the slow, direct way and compares them.
//!
//! What the checks promise, and what they do not: they catch a stale
//! generator (1), a damaged file (2) and a generator changed without its
//! fingerprint (3). They do not catch a file edited on purpose: whoever
//! edits an entry can recompute the checksum, and one wrong entry among 32
//! million passes a sample of thousands. A file that passes is trusted, as
//! any file in the build directory is; recomputing every entry would cost
//! what generating them costs. What checks the table a run actually uses,
//! entry by entry as hands reach them, is the differential check over every
//! hand (`cargo xtask diff`, and the first step of `cargo xtask bench`).
//!
//! Anything that fails is said in [`Origin`], and the table is generated
//! again and the file replaced; a failure that costs every later process
//! the generation too (a folder that cannot be written) or a file that was
//! refused is said once on standard error ([`Origin::warning`]). A file is
//! written beside its final name and renamed into place, so a reader never
//! sees half of one, and two processes generating at once both succeed.
//! When the folder cannot be written the table is kept in memory.
//!
//! The build directory's own folder keeps one file per table, the newest
//! generator's: the others' fingerprints are never read again by this
//! checkout. A folder `HANDEVAL_TABLE_CACHE` names may be shared by several
//! checkouts, each with its own generators, so nothing is removed from it
//! (at 43f40fc two checkouts sharing one deleted each other's tables on
//! every save); clearing it is its owner's to do.
//!
//! `HANDEVAL_TABLE_CACHE` at run time names another folder, or turns the
//! cache off to generate every time (as a measurement of the generation
//! does): `off`, `false`, `no` or `0`, in any case ([`disables`]; a folder
//! of one of those names is `./off`).
//!
//! ```
//! use handeval_cache::{Folder, Origin, Recipe, fingerprint};
//!
//! let dir = std::env::temp_dir().join(format!("handeval-cache-doc-{}", std::process::id()));
//! let recipe = Recipe {
//!     name: "squares",
//!     fingerprint: fingerprint(&[b"squares of 0..1000, v1"]),
//!     lens: [1000],
//! };
//! let make = || [(0..1000u32).map(|i| i * i).collect::<Vec<u32>>()];
//! let check = |t: &[Vec<u32>; 1]| match t[0][999] {
//!     998_001 => Ok(()),
//!     other => Err(format!("entry 999 is {other}")),
//! };
//! let (first, origin) = recipe.load_or_make_in(Folder::Own(&dir), make, check);
//! assert!(matches!(origin, Origin::Generated { saved: Ok(_), .. }));
//! let (second, origin) = recipe.load_or_make_in(Folder::Own(&dir), make, check);
//! assert!(matches!(origin, Origin::Loaded { .. }));
//! assert_eq!(first, second);
//! # std::fs::remove_dir_all(&dir).unwrap();
//! ```

use std::fmt;
use std::fs;
use std::io::{Read as _, Write as _};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// The folder this build directory keeps its tables in, named by the build
/// script: `handeval-tables` beside the profile folders.
pub const DIR: &str = env!("HANDEVAL_TABLE_DIR");

/// The environment variable that names another folder, or `off`.
pub const ENV: &str = "HANDEVAL_TABLE_CACHE";

/// Whether a value of [`ENV`] turns the cache off: `off`, `false`, `no` or
/// `0`, in any case, as such switches are usually spelled (at 43f40fc only
/// `off` did, and `OFF` wrote a 130 MB table into a folder `OFF/`).
pub fn disables(value: &std::ffi::OsStr) -> bool {
    value.to_str().is_some_and(|v| {
        ["off", "false", "no", "0"]
            .iter()
            .any(|off| v.trim().eq_ignore_ascii_case(off))
    })
}

/// Where a table set is kept.
#[derive(Clone, Copy, Debug)]
pub enum Folder<'a> {
    /// A folder of this checkout's own (its build directory's): saving a
    /// table removes the files of its recipe's other fingerprints.
    Own(&'a Path),
    /// A folder that may be shared by checkouts ([`ENV`]): nothing in it
    /// is removed.
    Shared(&'a Path),
    /// No folder: the tables are generated every time.
    Off,
}

/// What a file starts with.
const MAGIC: &[u8; 16] = b"handeval table\n\0";

/// The element type of a cached table: an unsigned integer, stored little
/// endian (read and written in place on little-endian machines).
pub trait Element: bytemuck::Pod {
    /// Its size in bytes.
    const BYTES: usize;
    /// Converts between this machine's order and little endian (either way).
    #[must_use]
    fn swap_le(self) -> Self;
}

macro_rules! element {
    ($($t:ty),*) => {$(
        impl Element for $t {
            const BYTES: usize = core::mem::size_of::<$t>();
            fn swap_le(self) -> Self {
                self.to_le()
            }
        }
    )*};
}
element!(u8, u16, u32, u64);

/// The checksum of a stream of bytes, fed in pieces: eight bytes at a time,
/// multiply and rotate, the last few one by one, then the length.
struct Checksum {
    h: u64,
    pending: [u8; 8],
    held: usize,
    len: u64,
}

impl Checksum {
    fn new() -> Self {
        Checksum {
            h: 0x243f_6a88_85a3_08d3,
            pending: [0; 8],
            held: 0,
            len: 0,
        }
    }

    fn word(&mut self, w: u64) {
        self.h = (self.h ^ w)
            .wrapping_mul(0x9e37_79b9_7f4a_7c15)
            .rotate_left(29);
    }

    fn update(&mut self, mut bytes: &[u8]) {
        self.len += bytes.len() as u64;
        if self.held > 0 {
            let take = (8 - self.held).min(bytes.len());
            self.pending[self.held..self.held + take].copy_from_slice(&bytes[..take]);
            self.held += take;
            bytes = &bytes[take..];
            if self.held < 8 {
                return;
            }
            self.word(u64::from_le_bytes(self.pending));
            self.held = 0;
        }
        let mut words = bytes.chunks_exact(8);
        for w in &mut words {
            self.word(u64::from_le_bytes(w.try_into().expect("eight bytes")));
        }
        let rest = words.remainder();
        self.pending[..rest.len()].copy_from_slice(rest);
        self.held = rest.len();
    }

    fn finish(mut self) -> u64 {
        for i in 0..self.held {
            self.h = (self.h ^ u64::from(self.pending[i])).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        }
        self.h ^ self.len
    }
}

/// The tables' checksum, over their little-endian bytes in turn.
fn checksum_of<T: Element>(tables: &[Vec<T>]) -> u64 {
    let mut sum = Checksum::new();
    for table in tables {
        if cfg!(target_endian = "little") {
            sum.update(bytemuck::cast_slice(table));
        } else {
            let le: Vec<T> = table.iter().map(|x| x.swap_le()).collect();
            sum.update(bytemuck::cast_slice(&le));
        }
    }
    sum.finish()
}

/// FNV-1a over `parts` in turn: the fingerprint of a generator's sources,
/// computed at compile time from `include_bytes!`.
#[must_use]
pub const fn fingerprint(parts: &[&[u8]]) -> u64 {
    let mut h = 0xcbf2_9ce4_8422_2325u64;
    let mut p = 0;
    while p < parts.len() {
        let part = parts[p];
        let mut i = 0;
        while i < part.len() {
            h ^= part[i] as u64;
            h = h.wrapping_mul(0x0100_0000_01b3);
            i += 1;
        }
        // Parts ["ab", "c"] and ["a", "bc"] differ.
        h ^= 0xff;
        h = h.wrapping_mul(0x0100_0000_01b3);
        p += 1;
    }
    h
}

/// `SplitMix64` from a fixed seed: the same sequence every time, for the
/// entry checks' samples of slots and hands.
#[derive(Clone, Debug)]
pub struct Sample(u64);

impl Sample {
    /// The sequence from `seed`.
    #[must_use]
    pub const fn new(seed: u64) -> Self {
        Sample(seed)
    }

    /// The next number below `bound` (which must not be 0).
    pub fn below(&mut self, bound: usize) -> usize {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        ((z ^ (z >> 31)) % bound as u64) as usize
    }
}

/// Why a file was not read.
enum Unread {
    /// There is none.
    Absent(String),
    /// There is one, and it is not this recipe's tables.
    Refused(String),
}

/// What decides a cached table set: its name, the fingerprint of its
/// generator, the length of each of its `N` tables.
#[derive(Clone, Copy, Debug)]
pub struct Recipe<const N: usize> {
    /// The file's name, before the fingerprint: `perfhash-omaha`.
    pub name: &'static str,
    /// See [`fingerprint`].
    pub fingerprint: u64,
    /// Each table's number of elements.
    pub lens: [usize; N],
}

/// Where a table set came from, for the evaluator to report.
#[derive(Clone, Debug)]
pub enum Origin {
    /// Read from the file at `path`, which passed the checks.
    Loaded {
        /// The file.
        path: PathBuf,
        /// Reading and checking it.
        took: Duration,
        /// Generating it, in the process that saved it.
        generated_in: Duration,
    },
    /// Generated in this process.
    Generated {
        /// Generating it (not saving it).
        took: Duration,
        /// Why no file was read: none yet, caching off, or the check that
        /// failed.
        why: String,
        /// Whether a file was there and refused (damaged, of another
        /// recipe, failing the entry check, not a regular file).
        refused: bool,
        /// The file it was saved to, or why it was not.
        saved: Result<PathBuf, String>,
    },
}

impl Origin {
    /// Whether the tables were generated in this process.
    #[must_use]
    pub fn generated(&self) -> bool {
        matches!(self, Origin::Generated { .. })
    }

    /// The line a user should see on standard error about these tables
    /// (`name`), if any: a file refused and replaced, or tables that could
    /// not be saved, so that every process will generate them again. At
    /// 43f40fc both were silent, and a read-only cache cost every run the
    /// generation without a word.
    #[must_use]
    pub fn warning(&self, name: &str) -> Option<String> {
        let Origin::Generated {
            took,
            why,
            refused,
            saved,
        } = self
        else {
            return None;
        };
        let took = took.as_secs_f64();
        match saved {
            Err(e) if !why.starts_with(ENV) => Some(format!(
                "handeval: the {name} tables, generated in {took:.1} s, could not be saved ({e}): every process will generate them again ({ENV} names another folder)"
            )),
            Ok(path) if *refused => Some(format!(
                "handeval: the {name} tables were generated again in {took:.1} s and saved to {}: {why}",
                path.display()
            )),
            _ => None,
        }
    }

    /// How long generating the tables took: here, or in the process that
    /// saved the file read.
    #[must_use]
    pub fn generation(&self) -> Duration {
        match self {
            Origin::Loaded { generated_in, .. } => *generated_in,
            Origin::Generated { took, .. } => *took,
        }
    }
}

impl fmt::Display for Origin {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Origin::Loaded {
                path,
                took,
                generated_in,
            } => write!(
                f,
                "read and checked in {:.2} s from {} (generated in {:.2} s)",
                took.as_secs_f64(),
                path.display(),
                generated_in.as_secs_f64()
            ),
            Origin::Generated {
                took, why, saved, ..
            } => {
                write!(f, "generated in {:.2} s ({why}); ", took.as_secs_f64())?;
                match saved {
                    Ok(path) => write!(f, "saved to {}", path.display()),
                    Err(e) => write!(f, "not saved: {e}"),
                }
            }
        }
    }
}

impl<const N: usize> Recipe<N> {
    /// The tables: read from this build directory's folder (or the one
    /// [`ENV`] names) if a file there passes the checks, otherwise made by
    /// `make` and saved. `check` recomputes a sample of entries the direct
    /// way; a file whose entries it refuses is generated again. What a
    /// user should know ([`Origin::warning`]) is said on standard error.
    pub fn load_or_make<T: Element>(
        &self,
        make: impl FnOnce() -> [Vec<T>; N],
        check: impl FnOnce(&[Vec<T>; N]) -> Result<(), String>,
    ) -> ([Vec<T>; N], Origin) {
        let named = std::env::var_os(ENV);
        let folder = match &named {
            Some(v) if disables(v) => Folder::Off,
            Some(v) if !v.is_empty() => Folder::Shared(Path::new(v)),
            _ => Folder::Own(Path::new(DIR)),
        };
        let (tables, origin) = self.load_or_make_in(folder, make, check);
        if let Some(warning) = origin.warning(self.name) {
            eprintln!("{warning}");
        }
        (tables, origin)
    }

    /// What a run records of these tables (`bytes` of them in all, which
    /// may count more than the cached tables), given where they came from.
    #[must_use]
    pub fn record(&self, origin: &Origin, bytes: usize) -> handeval_core::Generated {
        handeval_core::Generated {
            name: self.name,
            bytes,
            generation: origin.generation(),
            cached: !origin.generated(),
        }
    }

    /// [`Recipe::load_or_make`] with the folder given, saying nothing.
    pub fn load_or_make_in<T: Element>(
        &self,
        folder: Folder<'_>,
        make: impl FnOnce() -> [Vec<T>; N],
        check: impl FnOnce(&[Vec<T>; N]) -> Result<(), String>,
    ) -> ([Vec<T>; N], Origin) {
        let (dir, own) = match folder {
            Folder::Own(dir) => (dir, true),
            Folder::Shared(dir) => (dir, false),
            Folder::Off => {
                let off = format!("{ENV}=off");
                return self.generate(make, off.clone(), false, |_, _| Err(off));
            }
        };
        let path = dir.join(self.file_name());
        let started = Instant::now();
        let mut refused = true;
        let why = match self.read::<T>(&path) {
            Ok((tables, generated_in)) => match check(&tables) {
                Ok(()) => {
                    return (
                        tables,
                        Origin::Loaded {
                            path,
                            took: started.elapsed(),
                            generated_in,
                        },
                    );
                }
                Err(e) => format!("{} failed the entry check: {e}", path.display()),
            },
            Err(Unread::Absent(e)) => {
                refused = false;
                e
            }
            Err(Unread::Refused(e)) => e,
        };
        self.generate(make, why, refused, |tables, took| {
            self.save(dir, own, &path, tables, took)
        })
    }

    fn generate<T: Element>(
        &self,
        make: impl FnOnce() -> [Vec<T>; N],
        why: String,
        refused: bool,
        save: impl FnOnce(&[Vec<T>; N], Duration) -> Result<PathBuf, String>,
    ) -> ([Vec<T>; N], Origin) {
        let started = Instant::now();
        let tables = make();
        let took = started.elapsed();
        let lens = tables.each_ref().map(Vec::len);
        assert_eq!(
            lens, self.lens,
            "{}: the generator made tables of other lengths than its recipe says",
            self.name
        );
        let saved = save(&tables, took);
        (
            tables,
            Origin::Generated {
                took,
                why,
                refused,
                saved,
            },
        )
    }

    fn file_name(&self) -> String {
        format!("{}-{:016x}.bin", self.name, self.fingerprint)
    }

    /// The header, without the generation time that follows it.
    fn header(&self, element: usize, sum: u64) -> Vec<u8> {
        let mut h = MAGIC.to_vec();
        h.extend_from_slice(&self.fingerprint.to_le_bytes());
        h.extend_from_slice(&(element as u32).to_le_bytes());
        h.extend_from_slice(&(N as u32).to_le_bytes());
        for &len in &self.lens {
            h.extend_from_slice(&(len as u64).to_le_bytes());
        }
        h.extend_from_slice(&sum.to_le_bytes());
        h
    }

    /// Reads the file at `path` if its header is this recipe's and its data
    /// its checksum's.
    fn read<T: Element>(&self, path: &Path) -> Result<([Vec<T>; N], Duration), Unread> {
        // Opening a FIFO or a device for reading would wait for a writer
        // forever (at 43f40fc every process needing the table hung on a
        // FIFO named like it): only a regular file is read.
        match fs::metadata(path) {
            Ok(m) if !m.is_file() => {
                return Err(Unread::Refused(format!(
                    "{} is not a regular file",
                    path.display()
                )));
            }
            _ => {}
        }
        let mut file = match fs::File::open(path) {
            Ok(f) => f,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                return Err(Unread::Absent(format!("no {} yet", path.display())));
            }
            Err(e) => return Err(Unread::Refused(format!("reading {}: {e}", path.display()))),
        };
        self.read_from(path, &mut file).map_err(Unread::Refused)
    }

    /// Reads an open file as [`Recipe::read`] does.
    fn read_from<T: Element>(
        &self,
        path: &Path,
        file: &mut fs::File,
    ) -> Result<([Vec<T>; N], Duration), String> {
        let reading = |e: std::io::Error| format!("reading {}: {e}", path.display());
        let head = self.header(T::BYTES, 0).len();
        let data_len = self.lens.iter().sum::<usize>() * T::BYTES;
        let size = file.metadata().map_err(reading)?.len();
        if size != (head + 8 + data_len) as u64 {
            return Err(format!(
                "{} has {size} bytes, not {}",
                path.display(),
                head + 8 + data_len
            ));
        }
        let mut header = vec![0u8; head];
        let mut nanos = [0u8; 8];
        file.read_exact(&mut header).map_err(reading)?;
        file.read_exact(&mut nanos).map_err(reading)?;
        // Straight into the tables' own memory: no copy, no conversion on
        // a little-endian machine.
        let mut tables = self.lens.map(|len| vec![T::zeroed(); len]);
        for table in &mut tables {
            file.read_exact(bytemuck::cast_slice_mut(table))
                .map_err(reading)?;
        }
        if header != self.header(T::BYTES, checksum_of(&tables)) {
            return Err(format!(
                "{}'s header or checksum is not this recipe's",
                path.display()
            ));
        }
        if cfg!(target_endian = "big") {
            for x in tables.iter_mut().flatten() {
                *x = x.swap_le();
            }
        }
        Ok((tables, Duration::from_nanos(u64::from_le_bytes(nanos))))
    }

    /// Writes the tables beside `path` and renames them into place; in a
    /// folder of this checkout's `own`, removes this recipe's files of other
    /// fingerprints.
    fn save<T: Element>(
        &self,
        dir: &Path,
        own: bool,
        path: &Path,
        tables: &[Vec<T>; N],
        took: Duration,
    ) -> Result<PathBuf, String> {
        let tmp = dir.join(format!(
            "{}.{}.{:?}.tmp",
            self.file_name(),
            std::process::id(),
            std::thread::current().id()
        ));
        let write = || -> std::io::Result<()> {
            fs::create_dir_all(dir)?;
            let mut f = fs::File::create(&tmp)?;
            f.write_all(&self.header(T::BYTES, checksum_of(tables)))?;
            let nanos = u64::try_from(took.as_nanos()).unwrap_or(u64::MAX);
            f.write_all(&nanos.to_le_bytes())?;
            for table in tables {
                if cfg!(target_endian = "little") {
                    f.write_all(bytemuck::cast_slice(table))?;
                } else {
                    let le: Vec<T> = table.iter().map(|x| x.swap_le()).collect();
                    f.write_all(bytemuck::cast_slice(&le))?;
                }
            }
            f.sync_all()?;
            fs::rename(&tmp, path)
        };
        if let Err(e) = write() {
            let _ = fs::remove_file(&tmp);
            return Err(format!("writing {}: {e}", path.display()));
        }
        // Older fingerprints of this recipe are never read again by this
        // checkout; in a shared folder, another checkout may read them.
        if !own {
            return Ok(path.to_path_buf());
        }
        if let Ok(entries) = fs::read_dir(dir) {
            let prefix = format!("{}-", self.name);
            for entry in entries.flatten() {
                let name = entry.file_name();
                let name = name.to_string_lossy();
                // Exactly the names `file_name` gives: never anyone else's.
                let stale = name
                    .strip_prefix(&prefix)
                    .and_then(|rest| rest.strip_suffix(".bin"))
                    .is_some_and(|hex| {
                        hex.len() == 16 && hex.bytes().all(|b| b.is_ascii_hexdigit())
                    });
                if stale && entry.path() != path {
                    let _ = fs::remove_file(entry.path());
                }
            }
        }
        Ok(path.to_path_buf())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A fresh folder under the system's temporary folder.
    fn folder(name: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("handeval-cache-test-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        dir
    }

    const RECIPE: Recipe<2> = Recipe {
        name: "test",
        fingerprint: fingerprint(&[b"test tables v1"]),
        lens: [300, 7],
    };

    fn make() -> [Vec<u16>; 2] {
        [(0..300).map(|i| i * 7).collect(), (0..7).collect()]
    }

    fn check(t: &[Vec<u16>; 2]) -> Result<(), String> {
        if t[0][299] == 2093 && t[1][6] == 6 {
            Ok(())
        } else {
            Err("wrong entries".into())
        }
    }

    #[test]
    fn a_fifo_named_like_the_table_is_not_read() {
        let dir = folder("fifo");
        let (_, origin) = RECIPE.load_or_make_in(Folder::Own(&dir), make, check);
        let Origin::Generated { saved, .. } = origin else {
            panic!("the first call generates")
        };
        let path = saved.unwrap();
        fs::remove_file(&path).unwrap();
        let made = std::process::Command::new("mkfifo")
            .arg(&path)
            .status()
            .unwrap();
        assert!(made.success());
        // On a thread, so that a read that waits for a writer fails the
        // test rather than hanging it.
        let (tx, rx) = std::sync::mpsc::channel();
        let d = dir.clone();
        std::thread::spawn(move || {
            let _ = tx.send(RECIPE.load_or_make_in(Folder::Own(&d), make, check).1);
        });
        let origin = rx
            .recv_timeout(Duration::from_secs(20))
            .expect("loading hung on a FIFO named like the table");
        let Origin::Generated { why, .. } = origin else {
            panic!("a FIFO is no table")
        };
        assert!(why.contains("not a regular file"), "{why}");
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_saved_table_is_read_back_the_same() {
        let dir = folder("roundtrip");
        let (made, origin) = RECIPE.load_or_make_in(Folder::Own(&dir), make, check);
        let Origin::Generated { why, saved, .. } = origin else {
            panic!("the first call generates")
        };
        assert!(why.starts_with("no "), "{why}");
        let path = saved.unwrap();
        let (read, origin) = RECIPE.load_or_make_in(Folder::Own(&dir), || unreachable!(), check);
        assert!(matches!(origin, Origin::Loaded { path: ref p, .. } if *p == path));
        assert_eq!(made, read);
        // Nothing left beside it.
        assert_eq!(fs::read_dir(&dir).unwrap().count(), 1);
        fs::remove_dir_all(&dir).unwrap();
    }

    /// Damages the saved file with `damage` and says why the next call
    /// generated the tables again (it must).
    fn regenerated_after(name: &str, damage: impl FnOnce(&Path)) -> String {
        let dir = folder(name);
        let (_, origin) = RECIPE.load_or_make_in(Folder::Own(&dir), make, check);
        let Origin::Generated {
            saved: Ok(path), ..
        } = origin
        else {
            panic!("saved")
        };
        damage(&path);
        let (tables, origin) = RECIPE.load_or_make_in(Folder::Own(&dir), make, check);
        assert_eq!(tables, make());
        let Origin::Generated { why, saved, .. } = origin else {
            panic!("a damaged file was read: {origin}")
        };
        assert_eq!(saved.unwrap(), path);
        // The replacement is read.
        let (_, origin) = RECIPE.load_or_make_in(Folder::Own(&dir), make, check);
        assert!(!origin.generated(), "{origin}");
        fs::remove_dir_all(&dir).unwrap();
        why
    }

    #[test]
    fn a_damaged_file_is_generated_again() {
        let flip_last = |p: &Path| {
            let mut b = fs::read(p).unwrap();
            *b.last_mut().unwrap() ^= 1;
            fs::write(p, b).unwrap();
        };
        let why = regenerated_after("flip", flip_last);
        assert!(why.contains("checksum"), "{why}");
        let cut = |p: &Path| {
            let b = fs::read(p).unwrap();
            fs::write(p, &b[..b.len() - 2]).unwrap();
        };
        let why = regenerated_after("cut", cut);
        assert!(why.contains("bytes, not"), "{why}");
    }

    #[test]
    fn a_file_whose_entries_fail_the_check_is_generated_again() {
        // A file with a valid header and checksum but wrong entries: what a
        // generator changed without its fingerprint would leave.
        let dir = folder("entries");
        let wrong = || [vec![0u16; 300], vec![0u16; 7]];
        let (_, origin) = RECIPE.load_or_make_in(Folder::Own(&dir), wrong, |_| Ok(()));
        assert!(origin.generated());
        let (tables, origin) = RECIPE.load_or_make_in(Folder::Own(&dir), make, check);
        assert_eq!(tables, make());
        let Origin::Generated { why, .. } = origin else {
            panic!("wrong entries were read")
        };
        assert!(why.contains("entry check: wrong entries"), "{why}");
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn another_fingerprint_reads_nothing_and_replaces_the_old_file() {
        let dir = folder("fingerprint");
        let (_, old) = RECIPE.load_or_make_in(Folder::Own(&dir), make, check);
        let new = Recipe {
            fingerprint: fingerprint(&[b"test tables v2"]),
            ..RECIPE
        };
        let (_, origin) = new.load_or_make_in(Folder::Own(&dir), make, check);
        assert!(origin.generated(), "{origin}");
        let Origin::Generated { saved: Ok(old), .. } = old else {
            panic!()
        };
        assert!(!old.exists(), "the old fingerprint's file is removed");
        assert_eq!(fs::read_dir(&dir).unwrap().count(), 1);
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_shared_folder_keeps_every_fingerprint() {
        // Two checkouts with different generators sharing one folder: at
        // 43f40fc each save removed the other's file, so they took turns
        // generating 130 MB (issue 49, item 14).
        let dir = folder("shared");
        let other = Recipe {
            fingerprint: fingerprint(&[b"test tables v2"]),
            ..RECIPE
        };
        for _ in 0..2 {
            for recipe in [RECIPE, other] {
                let _ = recipe.load_or_make_in(Folder::Shared(&dir), make, check);
            }
        }
        assert_eq!(fs::read_dir(&dir).unwrap().count(), 2);
        for recipe in [RECIPE, other] {
            let (_, origin) = recipe.load_or_make_in(Folder::Shared(&dir), make, check);
            assert!(!origin.generated(), "{origin}");
        }
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn what_costs_every_later_process_is_said_and_the_usual_is_not() {
        // Issue 49, item 13: at 43f40fc none of these was said.
        let dir = folder("warnings");
        let (_, first) = RECIPE.load_or_make_in(Folder::Own(&dir), make, check);
        assert_eq!(first.warning("test"), None, "the first generation is usual");
        let (_, read) = RECIPE.load_or_make_in(Folder::Own(&dir), make, check);
        assert_eq!(read.warning("test"), None);
        let (_, off) = RECIPE.load_or_make_in(Folder::Off, make, check);
        assert_eq!(off.warning("test"), None, "asked for");
        // A damaged file, replaced.
        let Origin::Generated {
            saved: Ok(path), ..
        } = first
        else {
            panic!()
        };
        let mut bytes = fs::read(&path).unwrap();
        *bytes.last_mut().unwrap() ^= 1;
        fs::write(&path, bytes).unwrap();
        let (_, replaced) = RECIPE.load_or_make_in(Folder::Own(&dir), make, check);
        let said = replaced.warning("test").expect("a refused file is said");
        assert!(
            said.contains("generated again") && said.contains("checksum"),
            "{said}"
        );
        fs::remove_dir_all(&dir).unwrap();
        // A folder that cannot be written: every process pays again.
        fs::write(&dir, b"in the way").unwrap();
        let (_, unsaved) = RECIPE.load_or_make_in(Folder::Own(&dir), make, check);
        let said = unsaved.warning("test").expect("an unsaved table is said");
        assert!(
            said.contains("could not be saved") && said.contains(ENV),
            "{said}"
        );
        assert_eq!(said.lines().count(), 1);
        fs::remove_file(&dir).unwrap();
    }

    #[test]
    fn an_edited_file_with_its_checksum_recomputed_is_trusted_as_documented() {
        // Issue 49, item 6: the checks catch damage and stale generators,
        // not edits; the crate's documentation says so (at 43f40fc the
        // README said files were read "only after checks that they are what
        // the code would generate"). This pins the documented promise: an
        // entry the sample does not reach, edited and resealed, is read.
        let dir = folder("edited");
        let (_, origin) = RECIPE.load_or_make_in(Folder::Own(&dir), make, check);
        let Origin::Generated {
            saved: Ok(path), ..
        } = origin
        else {
            panic!()
        };
        let mut tables = make();
        tables[0][5] = 9999;
        let bytes = fs::read(&path).unwrap();
        let head = RECIPE.header(2, 0).len();
        let mut edited = RECIPE.header(2, checksum_of(&tables));
        edited.extend_from_slice(&bytes[head..head + 8]);
        for t in &tables {
            edited.extend_from_slice(bytemuck::cast_slice(t));
        }
        fs::write(&path, edited).unwrap();
        let (read, origin) = RECIPE.load_or_make_in(Folder::Own(&dir), make, check);
        assert!(!origin.generated(), "{origin}");
        assert_eq!(read[0][5], 9999);
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn the_usual_spellings_of_off_turn_the_cache_off_and_a_path_does_not() {
        for v in ["off", "OFF", "Off", "false", "FALSE", "no", "0", " off "] {
            assert!(disables(std::ffi::OsStr::new(v)), "{v:?}");
        }
        for v in ["./off", "offline", "/tmp/cache", "results/tables", ""] {
            assert!(!disables(std::ffi::OsStr::new(v)), "{v:?}");
        }
    }

    #[test]
    fn an_unwritable_folder_keeps_the_tables_in_memory_and_says_why() {
        let dir = folder("unwritable");
        // A file where the folder should be.
        fs::write(&dir, b"in the way").unwrap();
        let (tables, origin) = RECIPE.load_or_make_in(Folder::Own(&dir), make, check);
        assert_eq!(tables, make());
        let Origin::Generated { saved: Err(e), .. } = &origin else {
            panic!("{origin}")
        };
        assert!(e.starts_with("writing "), "{e}");
        fs::remove_file(&dir).unwrap();
        let (_, origin) = RECIPE.load_or_make_in(Folder::Off, make, check);
        assert!(
            origin
                .to_string()
                .contains("not saved: HANDEVAL_TABLE_CACHE=off"),
            "{origin}"
        );
    }

    #[test]
    fn the_checksum_does_not_depend_on_how_the_bytes_are_split() {
        let bytes: Vec<u8> = (0..1000u32).map(|i| (i * 37 % 251) as u8).collect();
        let whole = {
            let mut c = Checksum::new();
            c.update(&bytes);
            c.finish()
        };
        for cuts in [[3, 500], [8, 16], [0, 999], [7, 9]] {
            let mut c = Checksum::new();
            c.update(&bytes[..cuts[0]]);
            c.update(&bytes[cuts[0]..cuts[1]]);
            c.update(&bytes[cuts[1]..]);
            assert_eq!(c.finish(), whole, "{cuts:?}");
        }
        let mut flipped = bytes.clone();
        flipped[999] ^= 1;
        let mut c = Checksum::new();
        c.update(&flipped);
        assert_ne!(c.finish(), whole);
    }

    #[test]
    fn fingerprints_separate_parts() {
        assert_ne!(fingerprint(&[b"ab", b"c"]), fingerprint(&[b"a", b"bc"]));
        assert_ne!(fingerprint(&[b"ab"]), fingerprint(&[b"ab", b""]));
    }
}
