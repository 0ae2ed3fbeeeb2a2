//! The tests of `xtask::machine`.

use handeval_benches::{Mode, SimdLimit};
use probe::describe;
use std::fs;
use xtask::machine::*;

fn now() -> Machine {
    describe(
        &CommandLine(vec!["cargo xtask".into(), "bench".into()]),
        &handeval_benches::Plan {
            seed: 7,
            simd: SimdLimit::Avx2,
            mode: Mode::Smoke,
            timed: vec![],
            counted: vec![],
            rounds_out: "r".into(),
            engines: None,
        },
        &probe::Requested {
            filter: "pext, pokers".into(),
            game: Some("five".into()),
            profile: "dev".into(),
        },
        "not measured".into(),
    )
}

#[test]
fn machine_text_round_trips() {
    let m = now();
    assert_eq!(m.simd, Some(SimdLimit::Avx2));
    assert!(m.simd_text().contains("--simd avx2"), "{}", m.simd_text());
    assert!(
        m.profile.starts_with("dev (not the benchmark profile"),
        "{}",
        m.profile
    );
    assert_eq!(m.filter, ["pext", "pokers"]);
    assert_eq!(Machine::parse(&m.to_text()).unwrap(), m);
    // Every optional line it writes, it reads back.
    let mut full = m.clone();
    full.contention = "an antagonist; reached: w 1.0 GB/s over 2 s".into();
    full.split_floor = "AVX2: 0.2 ns/hand".into();
    full.generated_tables = "t 1 bytes".into();
    full.engines = "py/eval7 0.1.11; Python CPython 3.11.7".into();
    assert_eq!(Machine::parse(&full.to_text()).unwrap(), full);
    assert_eq!(m.seed, 7);
    assert!(!m.is_full());
    assert!(m.to_text().contains("\nfilter: pext,pokers\n"));
}

#[test]
fn cpu_ids_and_command_lines_round_trip() {
    let id: CpuId = "vendor AuthenticAMD, family 0x1a, model 2, stepping 1"
        .parse()
        .unwrap();
    assert_eq!(id.family, 0x1a);
    assert_eq!(id.key(), "AMD family 0x1a model 2");
    assert_eq!(
        id.to_string(),
        "vendor AuthenticAMD, family 0x1a, model 2, stepping 1"
    );
    for bad in [
        "",
        "vendor , family 0x1a, model 2, stepping 1",
        "vendor X, family zz, model 2, stepping 1",
    ] {
        assert!(bad.parse::<CpuId>().is_err(), "{bad}");
    }
    let words = [
        "cargo xtask",
        "bench",
        "--filter",
        "*",
        "--results-dir",
        "scratch/it's here",
        "--seed",
        "",
    ];
    let line = CommandLine(words.map(String::from).to_vec());
    assert_eq!(
        line.to_string(),
        r"cargo xtask bench --filter '*' --results-dir 'scratch/it'\''s here' --seed ''"
    );
    assert_eq!(line.to_string().parse::<CommandLine>().unwrap(), line);
    assert_eq!(line.values("filter"), ["*"]);
}

#[test]
fn every_committed_machine_file_reads() {
    let results = xtask::workspace::root().join("results");
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
const OLDEST: &str = "command: cargo xtask bench --cards 7\ndate: 2026-11-21T07:44:41Z\ngit: 6ce637e\n\
    cpu: AMD EPYC\ncores: 2\nrustc: rustc 1.95.0\nprofile: bench\ntarget-cpu: default\n\
    seed: 3\nmode: full\ninstruction counts: callgrind\nrustc release: 1.95.0\n";

#[test]
fn an_older_machine_file_reads_with_what_it_has() {
    let m = Machine::parse(OLDEST).unwrap();
    assert_eq!(m.cpu, "AMD EPYC");
    assert_eq!(m.seed, 3);
    assert_eq!(m.block_hands, None);
    assert_eq!(m.game.as_deref(), Some("seven"));
    assert!(m.filter.is_empty());
    assert_eq!(m.rustc_details, [("release".into(), "1.95.0".into())]);
}

#[test]
fn a_damaged_machine_file_is_refused() {
    let m = now();
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
        (text.replacen("mode: smoke\n", "", 1), "no mode"),
        (
            text.replacen("mode: smoke", "mode: fast", 1),
            "unknown mode",
        ),
        (text.replacen("seed: 7", "seed: x", 1), "not a seed"),
        (text.replacen("date: 20", "date: yesterday 20", 1), "`date`"),
        (
            text.replacen("cpu id: vendor", "cpu id: vendr", 1),
            "`cpu id`",
        ),
        (
            text.replacen("simd: up to avx2", "simd: up to avx3", 1),
            "`simd`",
        ),
        (
            text.replacen("block hands: ", "block hands: x", 1),
            "not a number",
        ),
        (text.replacen("cores:", "coars:", 1), "unknown key `coars`"),
        (format!("{text}nonsense\n"), "not `key: value`"),
        (
            text.replacen(&format!("block hands: {}\n", m.block_hands.unwrap()), "", 1),
            "without the `block hands`",
        ),
    ] {
        let err = format!("{:#}", Machine::parse(&damage).unwrap_err());
        assert!(err.contains(says), "{says}: {err}");
    }
    assert_eq!(Machine::parse(&text).unwrap(), m);
}
