//! What a result was measured on: `machine.txt`, as a struct.
//!
//! The file is `key: value` lines, for people and for `cargo xtask report`,
//! which reads it back with [`Machine::parse`]. Older files lack some keys;
//! those read as empty (or `None`), never as an error.

use std::fmt::Write as _;
use std::fs;
use std::path::Path;
use std::process::Command;

use anyhow::{Context, Result, bail};
use handeval_registry::About;

/// Runs a command and returns its trimmed standard output, if it ran.
pub fn output(program: &str, args: &[&str]) -> Option<String> {
    let out = Command::new(program).args(args).output().ok()?;
    out.status
        .success()
        .then(|| String::from_utf8_lossy(&out.stdout).trim().to_string())
}

/// The `measurement` of runs that time warm blocks (see `handeval_benches::rounds::Timed`).
pub const WARM_BLOCKS: &str =
    "warm blocks: one untimed pass over a block, then timed passes over it";

/// Everything `machine.txt` records about a run.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Machine {
    /// The exact command that made the run.
    pub command: String,
    /// When it started, UTC, RFC 3339.
    pub date: String,
    /// `git describe --always --dirty`.
    pub git: String,
    /// The full commit hash.
    pub commit: String,
    /// The CPU's model name.
    pub cpu: String,
    /// Vendor, family, model and stepping.
    pub cpu_id: String,
    /// Logical cores available to the run.
    pub cores: String,
    /// Whether the CPU has BMI2.
    pub bmi2: String,
    /// Whether PEXT is fast on this CPU.
    pub pext: String,
    /// The CPU's feature flags, as the kernel lists them.
    pub flags: String,
    /// The vector extensions the SIMD evaluators use, as the kernel lists
    /// them (empty in runs older than the SIMD evaluators).
    pub vectors: String,
    /// The widest SIMD path the run allowed (`--simd`), and why.
    pub simd: String,
    /// Distribution and kernel.
    pub os: String,
    /// `rustc -V`.
    pub rustc: String,
    /// The cargo profile the benchmarks were built with.
    pub profile: String,
    /// Where the target CPU came from.
    pub target_cpu: String,
    /// Which code path each evaluator that dispatches on CPU features took.
    pub dispatch: String,
    /// The shuffle and sample seed.
    pub seed: String,
    /// `full`, `quick` or `smoke`.
    pub mode: String,
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
    /// Hands per six- or seven-card workload (absent in older runs, which
    /// all timed [`handeval_benches::cards::HANDS`]).
    pub larger_hands: Option<usize>,
    /// The other lines of `rustc -Vv` (`binary`, `commit-hash`, `LLVM version`, ...).
    pub rustc_details: Vec<(String, String)>,
}

impl Machine {
    /// The `key: value` pairs of `machine.txt`, in file order.
    fn fields(&self) -> Vec<(&'static str, String)> {
        let mut v = vec![
            ("command", self.command.clone()),
            ("date", self.date.clone()),
            ("git", self.git.clone()),
            ("commit", self.commit.clone()),
            ("cpu", self.cpu.clone()),
            ("cpu id", self.cpu_id.clone()),
            ("cores", self.cores.clone()),
            ("bmi2", self.bmi2.clone()),
            ("pext", self.pext.clone()),
            ("flags", self.flags.clone()),
        ];
        if !self.vectors.is_empty() {
            v.push(("vectors", self.vectors.clone()));
            v.push(("simd", self.simd.clone()));
        }
        v.extend([
            ("os", self.os.clone()),
            ("rustc", self.rustc.clone()),
            ("profile", self.profile.clone()),
            ("target-cpu", self.target_cpu.clone()),
            ("dispatch", self.dispatch.clone()),
            ("seed", self.seed.clone()),
            ("mode", self.mode.clone()),
            ("instruction counts", self.instruction_counts.clone()),
        ]);
        if let Some(n) = self.block_hands {
            v.push(("block hands", n.to_string()));
        }
        if !self.measurement.is_empty() {
            v.push(("measurement", self.measurement.clone()));
        }
        if let Some(n) = self.sample_hands {
            v.push(("sample hands", n.to_string()));
        }
        if !self.split_floor.is_empty() {
            v.push(("split floor", self.split_floor.clone()));
        }
        if !self.icount_path.is_empty() {
            v.push(("icount path", self.icount_path.clone()));
        }
        if let Some(n) = self.larger_hands {
            v.push(("six- and seven-card hands", n.to_string()));
        }
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
    /// later ones (`cpu id`, `vectors`, `simd`, `dispatch`, `block hands`,
    /// `measurement`, `sample hands`) may be missing from older files.
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
    /// key twice, every [required](Self::REQUIRED) key present, numbers
    /// that parse, and a final newline, so that a damaged or truncated file
    /// is refused instead of rendered into a report that misstates its run.
    ///
    /// # Errors
    /// Naming the line and what is wrong with it.
    pub fn parse(text: &str) -> Result<Machine> {
        if !text.is_empty() && !text.ends_with('\n') {
            bail!("cut short: its last line has no end");
        }
        let mut m = Machine::default();
        let mut seen: Vec<String> = Vec::new();
        for (i, line) in text.lines().enumerate() {
            let n = i + 1;
            if line.trim().is_empty() {
                continue;
            }
            let Some((key, value)) = line.split_once(':') else {
                bail!("line {n}: not `key: value`: {line:?}");
            };
            let (key, value) = (key.trim(), value.trim().to_string());
            if seen.iter().any(|k| k == key) {
                bail!("line {n}: `{key}` twice");
            }
            seen.push(key.to_string());
            let number = |value: &str| -> Result<usize> {
                value
                    .parse()
                    .with_context(|| format!("line {n}: `{key}` is not a number: {value:?}"))
            };
            match key {
                "command" => m.command = value,
                "date" => m.date = value,
                "git" => m.git = value,
                "commit" => m.commit = value,
                "cpu" => m.cpu = value,
                "cpu id" => m.cpu_id = value,
                "cores" => m.cores = value,
                "bmi2" => m.bmi2 = value,
                "pext" => m.pext = value,
                "flags" => m.flags = value,
                "vectors" => m.vectors = value,
                "simd" => m.simd = value,
                "os" => m.os = value,
                "rustc" => m.rustc = value,
                "profile" => m.profile = value,
                "target-cpu" => m.target_cpu = value,
                "dispatch" => m.dispatch = value,
                "seed" => m.seed = value,
                "mode" => m.mode = value,
                "instruction counts" => m.instruction_counts = value,
                "block hands" => m.block_hands = Some(number(&value)?),
                "measurement" => m.measurement = value,
                "sample hands" => m.sample_hands = Some(number(&value)?),
                "six- and seven-card hands" => m.larger_hands = Some(number(&value)?),
                "icount path" => m.icount_path = value,
                "split floor" => m.split_floor = value,
                other => match other.strip_prefix("rustc ") {
                    Some(detail) => m.rustc_details.push((detail.to_string(), value)),
                    None => bail!("line {n}: unknown key `{other}`"),
                },
            }
        }
        let missing: Vec<&str> = Self::REQUIRED
            .into_iter()
            .filter(|k| !seen.iter().any(|s| s == k))
            .collect();
        if !missing.is_empty() {
            bail!("no {} (damaged or cut short?)", missing.join(", "));
        }
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

fn cpuinfo_field(cpuinfo: &str, key: &str) -> Option<String> {
    cpuinfo
        .lines()
        .find(|l| l.split(':').next().is_some_and(|k| k.trim() == key))
        .and_then(|l| l.split_once(':'))
        .map(|(_, v)| v.trim().to_string())
}

/// Whether PEXT is fast on this CPU: Intel since Haswell (every BMI2 part)
/// and AMD since Zen 3 (family 19h); microcoded on Zen 1 and Zen 2 (family 17h).
pub fn pext_speed(vendor: &str, family: Option<u32>, bmi2: bool) -> &'static str {
    match (bmi2, vendor, family) {
        (false, _, _) => "absent (no BMI2): evaluators built on PEXT fall back to software",
        (true, "GenuineIntel", _) => "fast (Intel with BMI2: about 3 cycles)",
        (true, "AuthenticAMD", Some(f)) if f >= 0x19 => "fast (AMD Zen 3 or later: about 3 cycles)",
        (true, "AuthenticAMD", Some(0x17)) => {
            "SLOW (AMD Zen 1/Zen 2: microcoded, tens to hundreds of cycles)"
        }
        _ => "unknown for this CPU",
    }
}

/// The `dispatch` line: each evaluator that picks its loops at run time, and the path it took.
pub fn dispatch_summary(abouts: &[About]) -> String {
    let chosen: Vec<String> = abouts
        .iter()
        .filter(|a| !a.cpu_path.features.is_empty())
        .map(|a| format!("{} {}", a.name, a.cpu_path))
        .collect();
    if chosen.is_empty() {
        "no evaluator dispatches on CPU features".to_string()
    } else {
        chosen.join("; ")
    }
}

/// Where the benchmarks' target CPU comes from: the flags cargo passes to
/// rustc, from whichever of its environment variables is set.
fn target_cpu() -> String {
    for var in [
        "CARGO_ENCODED_RUSTFLAGS",
        "RUSTFLAGS",
        "CARGO_BUILD_RUSTFLAGS",
    ] {
        if let Ok(flags) = std::env::var(var)
            && flags.contains("target-cpu")
        {
            return format!("from {var}: {}", flags.replace('\x1f', " "));
        }
    }
    "default (x86-64 baseline; CPU features are chosen at run time, see dispatch)".into()
}

/// The vector extensions the SIMD kernels choose between, as `/proc/cpuinfo` lists them.
fn vectors(flags: &str) -> String {
    let has = |f: &str| flags.split_whitespace().any(|x| x == f);
    let avx512 = ["avx512f", "avx512bw", "avx512vbmi", "avx512_bitalg"];
    let present: Vec<&str> = avx512.into_iter().filter(|f| has(f)).collect();
    let avx512 = if present.len() == avx512.len() {
        "AVX-512 F, BW, VBMI, BITALG: present".to_string()
    } else if present.is_empty() {
        "AVX-512: absent".to_string()
    } else {
        format!(
            "AVX-512: only {} (the kernels need F, BW, VBMI and BITALG)",
            present.join(", ")
        )
    };
    let avx2 = if has("avx2") { "present" } else { "absent" };
    format!("{avx512}; AVX2: {avx2}")
}

/// Describes this machine for a run made by `command`, whose SIMD
/// evaluators were allowed paths up to `simd`.
pub fn describe(
    command: &str,
    mode: &str,
    seed: u64,
    instruction_counts: String,
    simd: handeval_benches::SimdLimit,
    profile: &str,
) -> Machine {
    let cpuinfo = fs::read_to_string("/proc/cpuinfo").unwrap_or_default();
    let vendor = cpuinfo_field(&cpuinfo, "vendor_id").unwrap_or_default();
    let family = cpuinfo_field(&cpuinfo, "cpu family").and_then(|f| f.parse().ok());
    let flags = cpuinfo_field(&cpuinfo, "flags").unwrap_or_default();
    let bmi2 = flags.split_whitespace().any(|f| f == "bmi2");
    let os = fs::read_to_string("/etc/os-release")
        .ok()
        .and_then(|t| {
            t.lines().find_map(|l| {
                l.strip_prefix("PRETTY_NAME=")
                    .map(|v| v.trim_matches('"').to_string())
            })
        })
        .unwrap_or_else(|| std::env::consts::OS.to_string());
    let kernel = output("uname", &["-srm"]).unwrap_or_default();
    let rustc = output("rustc", &["-Vv"]).unwrap_or_else(|| "unknown".into());
    let unknown = || "unknown".to_string();
    Machine {
        command: command.into(),
        date: jiff::Timestamp::now()
            .strftime("%Y-%m-%dT%H:%M:%SZ")
            .to_string(),
        git: output("git", &["describe", "--always", "--dirty"]).unwrap_or_else(unknown),
        commit: output("git", &["rev-parse", "HEAD"]).unwrap_or_else(unknown),
        cpu: cpuinfo_field(&cpuinfo, "model name").unwrap_or_else(unknown),
        cpu_id: format!(
            "vendor {vendor}, family {}, model {}, stepping {}",
            family.map_or("?".into(), |f: u32| format!("{f:#x}")),
            cpuinfo_field(&cpuinfo, "model").unwrap_or_default(),
            cpuinfo_field(&cpuinfo, "stepping").unwrap_or_default()
        ),
        cores: std::thread::available_parallelism()
            .map_or(0, usize::from)
            .to_string(),
        bmi2: if bmi2 { "present" } else { "absent" }.into(),
        pext: pext_speed(&vendor, family, bmi2).into(),
        vectors: vectors(&flags),
        simd: match simd {
            handeval_benches::SimdLimit::Avx512 => {
                "up to avx512: each SIMD evaluator ran the widest path this CPU has (see dispatch)"
                    .into()
            }
            limit => format!(
                "up to {0}, limited by --simd {0}: wider paths were pretended absent (see dispatch)",
                limit.id()
            ),
        },
        flags,
        os: format!("{os}; {kernel}"),
        rustc: rustc.lines().next().unwrap_or("unknown").to_string(),
        profile: if profile == "bench" {
            "bench (opt-level 3, lto = \"fat\", codegen-units = 1)".into()
        } else {
            format!("{profile} (not the benchmark profile: timings not comparable with cited runs)")
        },
        target_cpu: target_cpu(),
        dispatch: dispatch_summary(&handeval_registry::abouts_with_floor()),
        seed: seed.to_string(),
        mode: mode.into(),
        instruction_counts,
        block_hands: Some(handeval_benches::BLOCK),
        measurement: WARM_BLOCKS.into(),
        sample_hands: Some(handeval_benches::SAMPLE),
        larger_hands: Some(handeval_benches::cards::hands_in(mode)),
        icount_path: String::new(),
        split_floor: String::new(),
        rustc_details: rustc
            .lines()
            .skip(1)
            .filter_map(|l| l.split_once(": "))
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn vector_extensions_from_the_kernel_flags() {
        let all = "fpu avx2 bmi2 avx512f avx512bw avx512vbmi avx512_bitalg";
        assert_eq!(
            vectors(all),
            "AVX-512 F, BW, VBMI, BITALG: present; AVX2: present"
        );
        assert_eq!(
            vectors("avx2 avx512f avx512bw"),
            "AVX-512: only avx512f, avx512bw (the kernels need F, BW, VBMI and BITALG); AVX2: present"
        );
        assert_eq!(vectors("sse2"), "AVX-512: absent; AVX2: absent");
    }

    #[test]
    fn pext_speed_by_cpu() {
        assert!(pext_speed("AuthenticAMD", Some(0x19), true).starts_with("fast"));
        assert!(pext_speed("AuthenticAMD", Some(0x17), true).starts_with("SLOW"));
        assert!(pext_speed("GenuineIntel", Some(6), true).starts_with("fast"));
        assert!(pext_speed("GenuineIntel", Some(6), false).starts_with("absent"));
    }

    #[test]
    fn machine_text_round_trips() {
        let m = describe(
            "cargo xtask bench",
            "smoke",
            7,
            "not measured".into(),
            handeval_benches::SimdLimit::Avx2,
            "dev",
        );
        assert!(m.simd.contains("--simd avx2"), "{}", m.simd);
        assert!(
            m.profile.starts_with("dev (not the benchmark profile"),
            "{}",
            m.profile
        );
        assert_eq!(Machine::parse(&m.to_text()).unwrap(), m);
        assert_eq!(m.seed, "7");
        assert!(m.date.ends_with('Z') && m.date.len() == 20, "{}", m.date);
    }

    #[test]
    fn the_dispatch_line_names_every_evaluator_that_dispatches() {
        let abouts = handeval_registry::abouts_with_floor();
        let line = dispatch_summary(&abouts);
        for a in abouts.iter().filter(|a| !a.cpu_path.features.is_empty()) {
            assert!(line.contains(a.name), "{line}");
        }
    }

    #[test]
    fn every_committed_machine_file_reads() {
        let results = crate::workspace::root().join("results");
        let mut read = 0;
        for dir in fs::read_dir(results).unwrap().flatten() {
            if dir.path().join("machine.txt").exists() {
                Machine::read(&dir.path()).unwrap();
                read += 1;
            }
        }
        assert!(read >= 2);
    }

    /// The oldest committed file's keys: what a file must have.
    const OLDEST: &str = "command: cargo xtask bench\ndate: 2026-11-21T07:44:41Z\ngit: 6ce637e\n\
        cpu: AMD EPYC\ncores: 2\nrustc: rustc 1.95.0\nprofile: bench\ntarget-cpu: default\n\
        seed: 3\nmode: full\ninstruction counts: callgrind\nrustc release: 1.95.0\n";

    #[test]
    fn an_older_machine_file_reads_with_what_it_has() {
        let m = Machine::parse(OLDEST).unwrap();
        assert_eq!(m.cpu, "AMD EPYC");
        assert_eq!(m.seed, "3");
        assert_eq!(m.block_hands, None);
        assert_eq!(m.rustc_details, [("release".into(), "1.95.0".into())]);
    }

    #[test]
    fn a_damaged_machine_file_is_refused() {
        let m = describe(
            "cargo xtask bench",
            "full",
            7,
            "not measured".into(),
            handeval_benches::SimdLimit::Avx512,
            "bench",
        );
        let text = m.to_text();
        // Cut anywhere, it is refused: the required keys run to the end.
        for cut in [100, text.len() / 2, text.len() - 2] {
            let err = Machine::parse(&text[..cut]).unwrap_err().to_string();
            assert!(
                err.contains("cut short") || err.contains("no "),
                "cut at {cut}: {err}"
            );
        }
        for (damage, says) in [
            (text.replacen("seed: 7", "seed: 7\nseed: 8", 1), "twice"),
            (text.replacen("mode: full\n", "", 1), "no mode"),
            (
                text.replacen("block hands: ", "block hands: x", 1),
                "not a number",
            ),
            (text.replacen("cores:", "coars:", 1), "unknown key `coars`"),
            (format!("{text}nonsense\n"), "not `key: value`"),
            (
                text.replacen("block hands: 64974\n", "", 1),
                "without the `block hands`",
            ),
        ] {
            let err = Machine::parse(&damage).unwrap_err().to_string();
            assert!(err.contains(says), "{says}: {err}");
        }
        assert_eq!(Machine::parse(&text).unwrap(), m);
    }
}
