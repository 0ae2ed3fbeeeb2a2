//! Every SIMD evaluator's three paths (AVX-512, AVX2, portable) give the same
//! value on every hand, whatever this CPU has.
//!
//! The paths are chosen at run time, so this binary runs the evaluators once
//! with the CPU as it is, then again with AVX-512 pretended absent (the AVX2
//! kernels), then with AVX2 pretended absent too (the portable kernels), and
//! compares the values hand by hand. Pretending is process-wide and one-way,
//! hence one test in a binary of its own, in that order. The output says
//! which paths ran; the `exhaustive_*` tests hold the first run to the
//! reference, so all three are right.
//!
//! It runs under libtest-mimic, which does not capture output, so `cargo
//! test` shows the paths that ran on this machine.

use std::any::Any;

use handeval_core::cpu::{Feature, has, pretend_absent};
use handeval_core::{Category, CpuPath, Evaluator, Family, Role};
use handeval_difftest::hands;
use handeval_lanes::{Kernel, Lanes};
use handeval_registry::{Visitor, visit_all};

/// One run of one evaluator: its name, the path it took, its values.
struct Run {
    name: &'static str,
    path: CpuPath,
    values: Box<dyn Any>,
}

/// Runs every SIMD evaluator (and the deliberately broken one) over all hands.
struct RunAll(Vec<Run>);

impl Visitor for RunAll {
    fn visit<E: Evaluator>(&mut self) {
        if E::ROLE != Role::Simd {
            return;
        }
        let hands = hands();
        let mut values = vec![E::strength(E::encode(&hands[0])); hands.len()];
        E::strengths_of_hands(hands, &mut values);
        self.0.push(Run {
            name: E::NAME,
            path: E::cpu_path(),
            values: Box::new(values),
        });
    }
}

fn run_all() -> Vec<Run> {
    let mut runs = RunAll(Vec::new());
    visit_all(&mut runs);
    runs.visit::<BrokenOnAvx2>();
    runs.0
}

/// Compares two runs of the same evaluators; the names of those that differ.
struct Differ<'a> {
    first: &'a [Run],
    second: &'a [Run],
    differing: Vec<&'static str>,
}

impl Visitor for Differ<'_> {
    fn visit<E: Evaluator>(&mut self) {
        let find = |runs: &[Run]| -> Option<Vec<E::Strength>> {
            let run = runs.iter().find(|r| r.name == E::NAME)?;
            run.values.downcast_ref::<Vec<E::Strength>>().cloned()
        };
        if let (Some(a), Some(b)) = (find(self.first), find(self.second))
            && a != b
        {
            let first = a.iter().zip(&b).position(|(x, y)| x != y).unwrap_or(0);
            let intended = if E::NAME == BrokenOnAvx2::NAME {
                " (as intended: its AVX2 kernel is broken)"
            } else {
                ""
            };
            println!(
                "{}: {} of {} hands differ, first {} ({:?} then {:?}){intended}",
                E::NAME,
                a.iter().zip(&b).filter(|(x, y)| x != y).count(),
                a.len(),
                hands()[first],
                a[first],
                b[first]
            );
            self.differing.push(E::NAME);
        }
    }
}

fn differing(first: &[Run], second: &[Run]) -> Vec<&'static str> {
    let mut differ = Differ {
        first,
        second,
        differing: Vec::new(),
    };
    visit_all(&mut differ);
    differ.visit::<BrokenOnAvx2>();
    differ.differing
}

fn main() {
    let args = libtest_mimic::Arguments::from_args();
    let trial = libtest_mimic::Trial::test("every_path_gives_the_same_values", || {
        std::panic::catch_unwind(every_path_gives_the_same_values).map_err(|e| {
            let message = e
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| e.downcast_ref::<&str>().map(ToString::to_string))
                .unwrap_or_default();
            libtest_mimic::Failed::from(message)
        })
    });
    libtest_mimic::run(&args, vec![trial]).exit();
}

fn every_path_gives_the_same_values() {
    let report = |label: &str, runs: &[Run]| {
        for run in runs {
            println!("{label}: {} ran {}", run.name, run.path);
        }
    };
    let native = run_all();
    report("as this CPU is", &native);
    pretend_absent(Feature::Avx512);
    let avx2 = run_all();
    report("AVX-512 pretended absent", &avx2);
    pretend_absent(Feature::Avx2);
    assert!(!has(Feature::Avx2) && !has(Feature::Avx512));
    let portable = run_all();
    report("AVX2 pretended absent", &portable);

    assert!(native.len() > 1, "the registry has SIMD evaluators");
    assert!(
        portable.iter().all(|r| !r.path.active),
        "the portable path ran"
    );
    // The portable kernels are the yardstick. The broken evaluator's AVX2
    // kernel is wrong, so it must be flagged exactly in the runs that took it.
    for (label, runs) in [("as this CPU is", &native), ("AVX-512 absent", &avx2)] {
        let took_avx2 = runs
            .iter()
            .any(|r| r.name == BrokenOnAvx2::NAME && r.path.active && r.path.features == "avx2");
        let expected: &[&str] = if took_avx2 {
            &[BrokenOnAvx2::NAME]
        } else {
            &[]
        };
        assert_eq!(
            differing(&portable, runs),
            expected,
            "{label}, against the portable path"
        );
    }
}

/// A SIMD evaluator whose AVX2 kernel (16 lanes) is off by one in one bit:
/// the comparison above must catch it.
struct BrokenOnAvx2;

struct Broken;

impl Kernel for Broken {
    #[inline(always)]
    fn run<L: Lanes>(l: L, cards: [L::V; 5]) -> (L::V, L::V) {
        let [a, b, c, d, e] = cards.map(|c| l.rank_bit(c));
        let ranks = l.or(l.or(l.or(a, b), l.or(c, d)), e);
        let wrong = l.splat(u16::from(L::LANES == 16));
        (wrong, ranks)
    }
}

handeval_lanes::simd_paths!(mod paths: Broken);

impl Evaluator for BrokenOnAvx2 {
    const NAME: &'static str = "broken/avx2";
    const SUMMARY: &'static str = "rank set only, and wrong on AVX2";
    const FAMILY: Family = Family {
        name: "broken",
        title: "deliberately broken evaluators",
    };
    const ROLE: Role = Role::Simd;
    handeval_lanes::simd_evaluator!(BrokenOnAvx2, paths, high_card);
}

fn high_card(_: u32) -> Category {
    Category::HighCard
}
