//! This machine, described for a run's record: the CPU from
//! `/proc/cpuinfo`, the OS, the compiler, and the paths the dispatching
//! evaluators take here.

use std::fs;
use std::process::Command;

use handeval_benches::Plan;
use handeval_registry::About;

use super::{CommandLine, CpuId, Machine, TURNS, pieces};

/// Runs a command and returns its trimmed standard output, if it ran.
pub fn output(program: &str, args: &[&str]) -> Option<String> {
    let out = Command::new(program).args(args).output().ok()?;
    out.status
        .success()
        .then(|| String::from_utf8_lossy(&out.stdout).trim().to_string())
}

/// This CPU in a line, as `/proc/cpuinfo` names it: `AMD EPYC (family 26,
/// model 2)`.
pub fn cpu_line() -> String {
    let cpuinfo = fs::read_to_string("/proc/cpuinfo").unwrap_or_default();
    let field = |key: &str| cpuinfo_field(&cpuinfo, key).unwrap_or_else(|| "unknown".into());
    format!(
        "{} (family {}, model {})",
        field("model name"),
        field("cpu family"),
        field("model")
    )
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

/// The `dispatch` line: each evaluator of every game that picks its loops
/// at run time, and the path it took.
pub fn dispatch_summary() -> String {
    dispatch_of(&handeval_registry::abouts_of_every_game())
}

/// The `dispatch` line of these evaluators, each name once.
pub fn dispatch_of(abouts: &[About]) -> String {
    let mut chosen: Vec<String> = Vec::new();
    let mut named: Vec<&str> = Vec::new();
    for a in abouts.iter().filter(|a| !a.cpu_path.features.is_empty()) {
        if !named.contains(&a.meta.name) {
            named.push(a.meta.name);
            chosen.push(format!("{} {}", a.meta.name, a.cpu_path));
        }
    }
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
pub fn vectors(flags: &[String]) -> String {
    let has = |f: &str| flags.iter().any(|x| x == f);
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

/// What the command line asked for that the plan does not carry.
pub struct Requested {
    /// `--filter`, as given.
    pub filter: String,
    /// `--game`, its id.
    pub game: Option<String>,
    /// `--profile`.
    pub profile: String,
}

/// The distribution and kernel.
fn os() -> String {
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
    format!("{os}; {kernel}")
}

/// This machine's CPU as CPUID names it, where `/proc/cpuinfo` says.
pub fn cpu_id() -> Option<CpuId> {
    let cpuinfo = fs::read_to_string("/proc/cpuinfo").unwrap_or_default();
    let field = |key: &str| cpuinfo_field(&cpuinfo, key);
    let vendor = field("vendor_id").unwrap_or_default();
    let number = |key: &str| field(key).and_then(|v| v.parse::<u32>().ok());
    match (number("cpu family"), number("model"), number("stepping")) {
        (Some(family), Some(model), Some(stepping)) if !vendor.is_empty() => Some(CpuId {
            vendor,
            family,
            model,
            stepping,
        }),
        _ => None,
    }
}

/// Describes this machine for a run made by `command` on `plan`.
pub fn describe(
    command: &CommandLine,
    plan: &Plan,
    requested: &Requested,
    instruction_counts: String,
) -> Machine {
    let cpuinfo = fs::read_to_string("/proc/cpuinfo").unwrap_or_default();
    let field = |key: &str| cpuinfo_field(&cpuinfo, key);
    let vendor = field("vendor_id").unwrap_or_default();
    let family: Option<u32> = field("cpu family").and_then(|f| f.parse().ok());
    let flags: Vec<String> = field("flags")
        .unwrap_or_default()
        .split(' ')
        .filter(|f| !f.is_empty())
        .map(String::from)
        .collect();
    let bmi2 = flags.iter().any(|f| f == "bmi2");
    let rustc = output("rustc", &["-Vv"]).unwrap_or_else(|| "unknown".into());
    let unknown = || "unknown".to_string();
    Machine {
        command: command.clone(),
        // To the second, as the file records it.
        date: jiff::Timestamp::from_second(jiff::Timestamp::now().as_second())
            .unwrap_or(jiff::Timestamp::UNIX_EPOCH),
        git: output("git", &["describe", "--always", "--dirty"]).unwrap_or_else(unknown),
        commit: output("git", &["rev-parse", "HEAD"]).unwrap_or_else(unknown),
        cpu: field("model name").unwrap_or_else(unknown),
        cpu_id: cpu_id(),
        cores: std::thread::available_parallelism()
            .map_or(0, usize::from)
            .to_string(),
        bmi2: if bmi2 { "present" } else { "absent" }.into(),
        pext: pext_speed(&vendor, family, bmi2).into(),
        vectors: vectors(&flags),
        simd: Some(plan.simd),
        filter: pieces(&requested.filter),
        game: requested.game.clone(),
        flags,
        os: os(),
        rustc: rustc.lines().next().unwrap_or("unknown").to_string(),
        profile: if requested.profile == "bench" {
            "bench (opt-level 3, lto = \"fat\", codegen-units = 1)".into()
        } else {
            format!(
                "{} (not the benchmark profile: timings not comparable with cited runs)",
                requested.profile
            )
        },
        target_cpu: target_cpu(),
        dispatch: dispatch_summary(),
        seed: plan.seed,
        mode: plan.mode,
        instruction_counts,
        block_hands: Some(
            plan.mode
                .block_of(handeval_core::GameInfo::of::<handeval_core::Hand>()),
        ),
        measurement: TURNS.into(),
        sample_hands: Some(plan.mode.sample()),
        hands_per_workload: Some(plan.mode.hands()),
        icount_path: String::new(),
        split_floor: String::new(),
        generated_tables: String::new(),
        contention: String::new(),
        engines: String::new(),
        rustc_details: rustc
            .lines()
            .skip(1)
            .filter_map(|l| l.split_once(": "))
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect(),
    }
}
