//! What a result was measured on: `machine.txt`.

use std::fs;
use std::process::Command;

/// Runs a command and returns its trimmed standard output, if it ran.
pub fn output(program: &str, args: &[&str]) -> Option<String> {
    let out = Command::new(program).args(args).output().ok()?;
    out.status
        .success()
        .then(|| String::from_utf8_lossy(&out.stdout).trim().to_string())
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
        (false, _, _) => "absent (no BMI2): pext/bmi2 falls back to software",
        (true, "GenuineIntel", _) => "fast (Intel with BMI2: about 3 cycles)",
        (true, "AuthenticAMD", Some(f)) if f >= 0x19 => "fast (AMD Zen 3 or later: about 3 cycles)",
        (true, "AuthenticAMD", Some(0x17)) => {
            "SLOW (AMD Zen 1/Zen 2: microcoded, tens to hundreds of cycles)"
        }
        _ => "unknown for this CPU",
    }
}

/// Everything `machine.txt` records, as `key: value` pairs.
pub fn describe(
    command: &str,
    mode: &str,
    seed: u64,
    valgrind: Option<&str>,
) -> Vec<(String, String)> {
    let cpuinfo = fs::read_to_string("/proc/cpuinfo").unwrap_or_default();
    let vendor = cpuinfo_field(&cpuinfo, "vendor_id").unwrap_or_default();
    let family = cpuinfo_field(&cpuinfo, "cpu family").and_then(|f| f.parse().ok());
    let flags = cpuinfo_field(&cpuinfo, "flags").unwrap_or_default();
    let bmi2 = flags.split_whitespace().any(|f| f == "bmi2");
    let cores = std::thread::available_parallelism().map_or(0, usize::from);
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
    let rustflags = std::env::var("RUSTFLAGS").unwrap_or_default();
    let target_cpu = if rustflags.contains("target-cpu") {
        format!("from RUSTFLAGS: {rustflags}")
    } else {
        "default (x86-64 baseline); deadhorse/tuned and pext/bmi2 select popcnt/BMI2 loops at run time".into()
    };
    let now = output("date", &["-u", "+%Y-%m-%dT%H:%M:%SZ"]).unwrap_or_else(|| "unknown".into());
    let mut v: Vec<(String, String)> = vec![
        ("command".into(), command.into()),
        ("date".into(), now),
        (
            "git".into(),
            output("git", &["describe", "--always", "--dirty"]).unwrap_or_else(|| "unknown".into()),
        ),
        (
            "commit".into(),
            output("git", &["rev-parse", "HEAD"]).unwrap_or_else(|| "unknown".into()),
        ),
        (
            "cpu".into(),
            cpuinfo_field(&cpuinfo, "model name").unwrap_or_else(|| "unknown".into()),
        ),
        (
            "cpu id".into(),
            format!(
                "vendor {vendor}, family {}, model {}, stepping {}",
                family.map_or("?".into(), |f: u32| format!("{f:#x}")),
                cpuinfo_field(&cpuinfo, "model").unwrap_or_default(),
                cpuinfo_field(&cpuinfo, "stepping").unwrap_or_default()
            ),
        ),
        ("cores".into(), cores.to_string()),
        (
            "bmi2".into(),
            if bmi2 {
                "present".into()
            } else {
                "absent".into()
            },
        ),
        ("pext".into(), pext_speed(&vendor, family, bmi2).into()),
        ("flags".into(), flags),
        ("os".into(), format!("{os}; {kernel}")),
        (
            "rustc".into(),
            rustc.lines().next().unwrap_or("unknown").to_string(),
        ),
        (
            "profile".into(),
            "bench (opt-level 3, lto = \"fat\", codegen-units = 1)".into(),
        ),
        ("target-cpu".into(), target_cpu),
        ("seed".into(), seed.to_string()),
        ("mode".into(), mode.into()),
        (
            "instruction counts".into(),
            valgrind.map_or_else(
                || "not measured: valgrind not found".to_string(),
                |v| format!("callgrind ({v}) via gungraun, over 10,000 sampled hands"),
            ),
        ),
    ];
    for line in rustc.lines().skip(1) {
        if let Some((k, val)) = line.split_once(": ") {
            v.push((format!("rustc {k}"), val.to_string()));
        }
    }
    v
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pext_speed_by_cpu() {
        assert!(pext_speed("AuthenticAMD", Some(0x19), true).starts_with("fast"));
        assert!(pext_speed("AuthenticAMD", Some(0x17), true).starts_with("SLOW"));
        assert!(pext_speed("GenuineIntel", Some(6), true).starts_with("fast"));
        assert!(pext_speed("GenuineIntel", Some(6), false).starts_with("absent"));
    }
}
