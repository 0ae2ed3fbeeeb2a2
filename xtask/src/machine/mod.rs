//! What a run was measured on and how: `machine.txt`, as a typed record.
//!
//! The file is `key: value` lines, for people; [`Machine::parse`] reads it
//! back into typed fields (the CPU's vendor, family and model, the
//! command's words, the date, the mode, the SIMD limit, the filter as a
//! list, the hand size), and [`Machine::to_text`] writes them, so the two
//! cannot drift apart. Every tool reads these fields, never the prose.
//! Older files lack some keys: those that can be derived (the filter and
//! hand size from the command line) are derived here, once; the others
//! read as empty, never as an error.

pub mod probe;

use std::fmt::{self, Write as _};
use std::fs;
use std::path::Path;
use std::str::FromStr;

use anyhow::{Context, Result, bail};
use handeval_benches::{Mode, SimdLimit};

pub use probe::{describe, output};

/// The `measurement` of runs whose two timers time turns (see
/// `handeval_benches::rounds`): the published figure is the fastest turn.
pub const TURNS: &str = "turns: one untimed pass over a block (none before a pass of a second or more, which warms itself), then passes timed one by one; a turn is its fastest pass; published: the fastest turn over the interleaved rounds (undisturbed), their median beside it, criterion timing the same turns beside them";

/// What runs before 2026-11-27 wrote for [`TURNS`]: the same turns, each
/// after an untimed pass, described when the median turn was published
/// (they are read with the newest estimator, as every run is).
const TURNS_BEFORE: &str = "turns: one untimed pass over a block, then passes timed one by one; a turn is its fastest pass; published: the median turn over the interleaved rounds, criterion timing the same turns beside it";

/// Whether a run's `measurement` says it timed turns.
pub fn timed_turns(measurement: &str) -> bool {
    measurement == TURNS || measurement == TURNS_BEFORE
}

/// The CPU, as CPUID names it: what tells two kinds of core apart.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CpuId {
    /// `AuthenticAMD`, `GenuineIntel`, ...
    pub vendor: String,
    /// The family (`0x19` is AMD Zen 3 and Zen 4).
    pub family: u32,
    /// The model within the family.
    pub model: u32,
    /// The stepping, which does not change the core.
    pub stepping: u32,
}

impl CpuId {
    /// Vendor, family and model, e.g. `AMD family 0x19 model 17`: the key
    /// runs are grouped by.
    pub fn key(&self) -> String {
        let vendor = match self.vendor.as_str() {
            "AuthenticAMD" => "AMD",
            "GenuineIntel" => "Intel",
            other => other,
        };
        format!("{vendor} family {:#x} model {}", self.family, self.model)
    }
}

impl fmt::Display for CpuId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "vendor {}, family {:#x}, model {}, stepping {}",
            self.vendor, self.family, self.model, self.stepping
        )
    }
}

impl FromStr for CpuId {
    type Err = String;
    /// `vendor AuthenticAMD, family 0x1a, model 2, stepping 1`.
    fn from_str(s: &str) -> Result<CpuId, String> {
        let bad = || format!("not `vendor V, family 0xF, model M, stepping S`: {s:?}");
        let fields: Vec<&str> = s.split(", ").collect();
        let [vendor, family, model, stepping] = fields[..] else {
            return Err(bad());
        };
        let number = |field: &str, key: &str| -> Result<u32, String> {
            let value = field.strip_prefix(key).ok_or_else(bad)?;
            match value.strip_prefix("0x") {
                Some(hex) => u32::from_str_radix(hex, 16),
                None => value.parse(),
            }
            .map_err(|_| bad())
        };
        let vendor = vendor.strip_prefix("vendor ").ok_or_else(bad)?;
        if vendor.is_empty() {
            return Err(bad());
        }
        Ok(CpuId {
            vendor: vendor.to_string(),
            family: number(family, "family ")?,
            model: number(model, "model ")?,
            stepping: number(stepping, "stepping ")?,
        })
    }
}

/// The command that made a run, word by word, written so that a shell
/// reads it back to the same words (quoted where a word needs it).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CommandLine(pub Vec<String>);

impl CommandLine {
    /// The value of option `--name` (`--name value` or `--name=value`),
    /// each time it is given.
    pub fn values(&self, name: &str) -> Vec<&str> {
        let long = format!("--{name}");
        let mut values = Vec::new();
        let mut words = self.0.iter();
        while let Some(word) = words.next() {
            if *word == long {
                values.extend(words.next().map(String::as_str));
            } else if let Some(v) = word.strip_prefix(&format!("{long}=")) {
                values.push(v);
            }
        }
        values
    }
}

impl fmt::Display for CommandLine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // `cargo xtask` is the program: one word as people type it.
        let quoted: Vec<String> = self
            .0
            .iter()
            .map(|w| {
                if w == "cargo xtask" {
                    w.clone()
                } else {
                    quote(w)
                }
            })
            .collect();
        f.write_str(&quoted.join(" "))
    }
}

/// `word` as a POSIX shell reads it back: as it is where every character
/// is one a shell takes literally, else in single quotes.
fn quote(word: &str) -> String {
    let literal = |c: char| c.is_ascii_alphanumeric() || "-_./,:=@%+".contains(c);
    if !word.is_empty() && word.chars().all(literal) {
        word.to_string()
    } else {
        format!("'{}'", word.replace('\'', "'\\''"))
    }
}

impl FromStr for CommandLine {
    type Err = String;
    fn from_str(s: &str) -> Result<CommandLine, String> {
        let words = shlex::split(s).ok_or_else(|| format!("unbalanced quotes: {s:?}"))?;
        let mut words = words.into_iter().peekable();
        let mut out = Vec::new();
        if let Some(first) = words.next() {
            if first == "cargo" && words.peek().is_some_and(|w| w == "xtask") {
                words.next();
                out.push("cargo xtask".to_string());
            } else {
                out.push(first);
            }
        }
        out.extend(words);
        Ok(CommandLine(out))
    }
}

/// A run's SIMD limit as `machine.txt`'s `simd` line says it.
fn simd_line(limit: SimdLimit) -> String {
    match limit {
        SimdLimit::Avx512 => {
            "up to avx512: each SIMD evaluator ran the widest path this CPU has (see dispatch)"
                .into()
        }
        limit => format!(
            "up to {0}, limited by --simd {0}: wider paths were pretended absent (see dispatch)",
            limit.id()
        ),
    }
}

/// Reads a `simd` line written by [`simd_line`].
fn parse_simd_line(line: &str) -> Result<SimdLimit, String> {
    [SimdLimit::Avx512, SimdLimit::Avx2, SimdLimit::Portable]
        .into_iter()
        .find(|&l| simd_line(l) == line)
        .ok_or_else(|| format!("not a SIMD limit this lab writes: {line:?}"))
}

/// Everything `machine.txt` records about a run.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Machine {
    /// The exact command that made the run.
    pub command: CommandLine,
    /// When it started, UTC.
    pub date: jiff::Timestamp,
    /// `git describe --always --dirty`.
    pub git: String,
    /// The full commit hash.
    pub commit: String,
    /// The CPU's model name.
    pub cpu: String,
    /// Vendor, family, model and stepping (absent in the oldest runs).
    pub cpu_id: Option<CpuId>,
    /// Logical cores available to the run.
    pub cores: String,
    /// Whether the CPU has BMI2.
    pub bmi2: String,
    /// Whether PEXT is fast on this CPU.
    pub pext: String,
    /// The CPU's feature flags, as the kernel lists them.
    pub flags: Vec<String>,
    /// The vector extensions the SIMD evaluators use, as the kernel lists
    /// them (empty in runs older than the SIMD evaluators).
    pub vectors: String,
    /// The widest SIMD path the run allowed (`--simd`; `None` in runs
    /// older than the SIMD evaluators).
    pub simd: Option<SimdLimit>,
    /// The `--filter` pieces (empty: everything).
    pub filter: Vec<String>,
    /// The one game the run timed (`--game`, or in older runs `--cards`,
    /// read as its game), or `None` for all.
    pub game: Option<String>,
    /// Distribution and kernel.
    pub os: String,
    /// `rustc -V`.
    pub rustc: String,
    /// The cargo profile the benchmarks were built with, with what it means.
    pub profile: String,
    /// Where the target CPU came from.
    pub target_cpu: String,
    /// Which code path each evaluator that dispatches on CPU features took.
    pub dispatch: String,
    /// The shuffle and sample seed.
    pub seed: u64,
    /// How long it measured.
    pub mode: Mode,
    /// How instructions were counted, or why not.
    pub instruction_counts: String,
    /// Hands per timed block.
    pub block_hands: Option<usize>,
    /// How each measurement treats its block (empty in older runs, which
    /// timed one cold pass per block, walking through all hands).
    pub measurement: String,
    /// Hands in the instruction-count sample.
    pub sample_hands: Option<usize>,
    /// The SIMD path the instruction counts ran (`AVX2` or `portable`:
    /// valgrind cannot run AVX-512 and hides it), absent in older runs and
    /// in runs without counts.
    pub icount_path: String,
    /// The SIMD kernels' floor on each path this CPU has (load, split and
    /// store, no evaluation), from the `split_floor` example built with the
    /// run's profile; absent in older runs.
    pub split_floor: String,
    /// The tables the run's evaluators generated at run time, with their
    /// bytes and generation times; absent in older runs and runs without
    /// such evaluators.
    pub generated_tables: String,
    /// The antagonist of the contended workloads: its setting, and the
    /// intensity it reached in each workload's rounds; absent in older
    /// runs and runs without contended workloads.
    pub contention: String,
    /// The engines the run checked and timed (`cargo xtask engines`): each
    /// package's version as installed, and the interpreters'; absent in
    /// older runs and runs without engines.
    pub engines: String,
    /// Hands per workload (absent in older runs, which all timed
    /// [`handeval_benches::hands::HANDS`]; runs before games were a
    /// definition gave it for six and seven cards, five always having all).
    pub hands_per_workload: Option<usize>,
    /// The other lines of `rustc -Vv` (`binary`, `commit-hash`, `LLVM version`, ...).
    pub rustc_details: Vec<(String, String)>,
}

impl Machine {
    /// The engines the `engines` line lists as present (`py/eval7 0.1.11`,
    /// `c/null (built with the lab)`), by name: each must be in the run's
    /// record. One listed as `not installed` or `not run` is not.
    pub fn engines_listed(&self) -> Vec<String> {
        self.engines
            .split("; ")
            .filter(|w| !w.contains("not installed") && !w.contains("not run"))
            .filter_map(|w| w.split(' ').next())
            .filter(|name| !name.is_empty())
            .map(str::to_string)
            .collect()
    }

    /// The cargo profile's name, e.g. `bench`.
    pub fn profile_name(&self) -> &str {
        self.profile.split(' ').next().unwrap_or_default()
    }

    /// The date as `machine.txt` writes it: `2026-11-21T07:44:41Z`.
    pub fn date_text(&self) -> String {
        self.date.strftime("%Y-%m-%dT%H:%M:%SZ").to_string()
    }

    /// The `simd` line, as written (empty in runs without one).
    pub fn simd_text(&self) -> String {
        self.simd.map(simd_line).unwrap_or_default()
    }

    /// Whether the run measured everything, unlimited, as cited runs do:
    /// full mode, the benchmark profile, no filter, every hand size, no
    /// SIMD limit.
    pub fn is_full(&self) -> bool {
        self.limits().is_empty()
    }

    /// What keeps the run from being full, each as the reader would put
    /// it; none for a full run. A filter of `*` alone and `--simd avx512`
    /// (the widest path, which a run takes anyway where the CPU has it)
    /// limit nothing.
    pub fn limits(&self) -> Vec<String> {
        let mut limits = Vec::new();
        if self.mode != Mode::Full {
            limits.push(format!("mode {}", self.mode.id()));
        }
        if self.profile_name() != "bench" {
            limits.push(format!("profile {}", self.profile_name()));
        }
        if !self.filter.iter().all(|p| p == "*") {
            limits.push(format!("filter {}", self.filter.join(",")));
        }
        if let Some(game) = &self.game {
            limits.push(format!("game {game} only"));
        }
        if let Some(simd) = self.simd.filter(|&l| l != SimdLimit::Avx512) {
            limits.push(format!("--simd {}", simd.id()));
        }
        limits
    }

    /// The `key: value` pairs of `machine.txt`, in file order.
    fn fields(&self) -> Vec<(&'static str, String)> {
        let mut v = vec![
            ("command", self.command.to_string()),
            ("date", self.date_text()),
            ("git", self.git.clone()),
            ("commit", self.commit.clone()),
            ("cpu", self.cpu.clone()),
        ];
        if let Some(id) = &self.cpu_id {
            v.push(("cpu id", id.to_string()));
        }
        v.extend([
            ("cores", self.cores.clone()),
            ("bmi2", self.bmi2.clone()),
            ("pext", self.pext.clone()),
            ("flags", self.flags.join(" ")),
        ]);
        if !self.vectors.is_empty() {
            v.push(("vectors", self.vectors.clone()));
        }
        if self.simd.is_some() {
            v.push(("simd", self.simd_text()));
        }
        v.extend([
            ("os", self.os.clone()),
            ("rustc", self.rustc.clone()),
            ("profile", self.profile.clone()),
            ("target-cpu", self.target_cpu.clone()),
            ("dispatch", self.dispatch.clone()),
            ("seed", self.seed.to_string()),
            ("mode", self.mode.id().to_string()),
            ("filter", self.filter.join(",")),
            (
                "game",
                self.game.clone().unwrap_or_else(|| "all".to_string()),
            ),
            ("instruction counts", self.instruction_counts.clone()),
        ]);
        let optional = [
            ("block hands", self.block_hands.map(|n| n.to_string())),
            ("measurement", Some(self.measurement.clone())),
            ("sample hands", self.sample_hands.map(|n| n.to_string())),
            ("split floor", Some(self.split_floor.clone())),
            ("icount path", Some(self.icount_path.clone())),
            ("generated tables", Some(self.generated_tables.clone())),
            ("contention", Some(self.contention.clone())),
            ("engines", Some(self.engines.clone())),
            (
                "hands per workload",
                self.hands_per_workload.map(|n| n.to_string()),
            ),
        ];
        v.extend(
            optional
                .into_iter()
                .filter_map(|(k, value)| value.filter(|s| !s.is_empty()).map(|s| (k, s))),
        );
        v
    }

    /// `machine.txt`'s text.
    pub fn to_text(&self) -> String {
        let mut text = String::new();
        for (k, v) in self.fields() {
            let _ = writeln!(text, "{k}: {v}");
        }
        for (k, v) in &self.rustc_details {
            let _ = writeln!(text, "rustc {k}: {v}");
        }
        text
    }

    /// The keys every `machine.txt` has had since the first committed run;
    /// later ones may be missing from older files.
    const REQUIRED: [&str; 11] = [
        "command",
        "date",
        "git",
        "cpu",
        "cores",
        "rustc",
        "profile",
        "target-cpu",
        "seed",
        "mode",
        "instruction counts",
    ];

    /// Reads `machine.txt`, strictly: every line a known `key: value`, no
    /// key twice, every [required](Self::REQUIRED) key present, every typed
    /// value well formed, and a final newline, so that a damaged or
    /// truncated file is refused instead of rendered into a report that
    /// misstates its run.
    ///
    /// # Errors
    /// Naming the line and what is wrong with it.
    pub fn parse(text: &str) -> Result<Machine> {
        if !text.is_empty() && !text.ends_with('\n') {
            bail!("cut short: its last line has no end");
        }
        let mut pairs: Vec<(usize, &str, &str)> = Vec::new();
        for (i, line) in text.lines().enumerate() {
            if line.trim().is_empty() {
                continue;
            }
            let Some((key, value)) = line.split_once(':') else {
                bail!("line {}: not `key: value`: {line:?}", i + 1);
            };
            let key = key.trim();
            if !KNOWN.contains(&key) && !key.starts_with("rustc ") {
                bail!("line {}: unknown key `{key}`", i + 1);
            }
            if pairs.iter().any(|(_, k, _)| *k == key) {
                bail!("line {}: `{key}` twice", i + 1);
            }
            pairs.push((i + 1, key, value.trim()));
        }
        let missing: Vec<&str> = Self::REQUIRED
            .into_iter()
            .filter(|k| !pairs.iter().any(|(_, s, _)| s == k))
            .collect();
        if !missing.is_empty() {
            bail!("no {} (damaged or cut short?)", missing.join(", "));
        }
        let m = Fields(pairs).machine()?;
        if !m.measurement.is_empty() && m.block_hands.is_none() {
            bail!("a `measurement` without the `block hands` it measures");
        }
        Ok(m)
    }

    /// Reads `dir/machine.txt` ([`Machine::parse`]).
    pub fn read(dir: &Path) -> Result<Machine> {
        let path = dir.join("machine.txt");
        let text =
            fs::read_to_string(&path).with_context(|| format!("reading {}", path.display()))?;
        Machine::parse(&text).with_context(|| format!("{} is not a machine file", path.display()))
    }

    /// The compiler's version alone, e.g. `rustc 1.95.0`.
    pub fn rustc_version(&self) -> &str {
        self.rustc.split(" (").next().unwrap_or("rustc")
    }
}

/// A `machine.txt`'s lines, each with its number, checked for duplicates.
struct Fields<'a>(Vec<(usize, &'a str, &'a str)>);

impl Fields<'_> {
    /// The value of `key`, if the file has it.
    fn get(&self, key: &str) -> Option<(usize, &str)> {
        self.0
            .iter()
            .find(|(_, k, _)| *k == key)
            .map(|&(n, _, v)| (n, v))
    }

    fn text(&self, key: &str) -> String {
        self.get(key)
            .map(|(_, v)| v.to_string())
            .unwrap_or_default()
    }

    /// The value of `key` read by `parse`, if present.
    fn typed<T>(
        &self,
        key: &str,
        parse: impl FnOnce(&str) -> Result<T, String>,
    ) -> Result<Option<T>> {
        self.get(key)
            .map(|(n, v)| parse(v).map_err(|e| anyhow::anyhow!("line {n}: `{key}`: {e}")))
            .transpose()
    }

    fn number(&self, key: &str) -> Result<Option<usize>> {
        self.typed(key, |v| {
            v.parse().map_err(|_| format!("is not a number: {v:?}"))
        })
    }

    fn machine(&self) -> Result<Machine> {
        let command: CommandLine = self.typed("command", str::parse)?.unwrap_or_default();
        // Older files name the filter and the hand size only in the command.
        let filter = match self.get("filter") {
            Some((_, v)) => pieces(v),
            None => command
                .values("filter")
                .into_iter()
                .flat_map(pieces)
                .collect(),
        };
        // Older files name a hand size (`cards: 7`), read as its game.
        let game = match (self.get("game"), self.get("cards")) {
            (Some((_, "all")), _) | (None, Some((_, "all"))) => None,
            (Some((_, id)), _) => Some(id.to_string()),
            (None, Some(_)) => self.typed("cards", |v| {
                v.parse::<usize>()
                    .ok()
                    .and_then(holdem_of)
                    .ok_or_else(|| format!("is no hand size: {v:?}"))
            })?,
            (None, None) => command
                .values("game")
                .last()
                .map(ToString::to_string)
                .or_else(|| {
                    command
                        .values("cards")
                        .last()
                        .and_then(|c| c.parse().ok())
                        .and_then(holdem_of)
                }),
        };
        Ok(Machine {
            date: self
                .typed("date", |v| {
                    v.parse::<jiff::Timestamp>().map_err(|e| e.to_string())
                })?
                .context("no date")?,
            cpu_id: self.typed("cpu id", str::parse)?,
            simd: self.typed("simd", parse_simd_line)?,
            mode: self.typed("mode", str::parse)?.unwrap_or_default(),
            seed: self
                .typed("seed", |v| {
                    v.parse::<u64>()
                        .map_err(|_| format!("is not a seed: {v:?}"))
                })?
                .unwrap_or_default(),
            flags: self
                .text("flags")
                .split(' ')
                .filter(|f| !f.is_empty())
                .map(String::from)
                .collect(),
            block_hands: self.number("block hands")?,
            sample_hands: self.number("sample hands")?,
            hands_per_workload: match self.number("hands per workload")? {
                Some(n) => Some(n),
                None => self.number("six- and seven-card hands")?,
            },
            command,
            filter,
            game,
            git: self.text("git"),
            commit: self.text("commit"),
            cpu: self.text("cpu"),
            cores: self.text("cores"),
            bmi2: self.text("bmi2"),
            pext: self.text("pext"),
            vectors: self.text("vectors"),
            os: self.text("os"),
            rustc: self.text("rustc"),
            profile: self.text("profile"),
            target_cpu: self.text("target-cpu"),
            dispatch: self.text("dispatch"),
            instruction_counts: self.text("instruction counts"),
            measurement: self.text("measurement"),
            icount_path: self.text("icount path"),
            split_floor: self.text("split floor"),
            generated_tables: self.text("generated tables"),
            contention: self.text("contention"),
            engines: self.text("engines"),
            rustc_details: self
                .0
                .iter()
                .filter_map(|(_, k, v)| {
                    k.strip_prefix("rustc ")
                        .map(|d| (d.to_string(), v.to_string()))
                })
                .collect(),
        })
    }
}

/// The keys a `machine.txt` may have, besides `rustc <detail>` lines.
const KNOWN: [&str; 33] = [
    "generated tables",
    "contention",
    "engines",
    "command",
    "date",
    "git",
    "commit",
    "cpu",
    "cpu id",
    "cores",
    "bmi2",
    "pext",
    "flags",
    "vectors",
    "simd",
    "os",
    "rustc",
    "profile",
    "target-cpu",
    "dispatch",
    "seed",
    "mode",
    "filter",
    "game",
    "cards",
    "instruction counts",
    "block hands",
    "measurement",
    "sample hands",
    "hands per workload",
    "six- and seven-card hands",
    "icount path",
    "split floor",
];

/// The id of the Hold'em game of `cards` cards: what an older run's
/// `--cards` named.
fn holdem_of(cards: usize) -> Option<String> {
    handeval_registry::games()
        .into_iter()
        .find(|g| g.hole == 0 && g.count == cards)
        .map(|g| g.id.to_string())
}

/// A filter's pieces: comma-separated, trimmed, empty ones skipped.
pub fn pieces(filter: &str) -> Vec<String> {
    filter
        .split(',')
        .map(str::trim)
        .filter(|p| !p.is_empty())
        .map(String::from)
        .collect()
}
