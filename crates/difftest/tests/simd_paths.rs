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
use handeval_core::{
    BestFive, Cards, Category, CpuPath, Evaluator, Family, Hand, Hand7, Role, Whole,
};
use handeval_difftest::cards::{SAMPLE_SEED, hand_at, sample};
use handeval_difftest::hands;
use handeval_lanes::{Kernel, Lanes};
use handeval_registry::{Size, Visit, visit};

/// How many seven-card hands each path runs on: a seeded sample (the odd
/// 23 leave a partial last vector on both vector paths; the
/// `exhaustive7_*` tests hold the first path to the reference on all).
const SEVENS: usize = (1 << 21) + 23;

/// One run of one evaluator: its name, the path it took, its values.
struct Run {
    cards: usize,
    name: &'static str,
    path: CpuPath,
    values: Box<dyn Any>,
}

/// Runs every SIMD evaluator of one size (and the deliberately broken one) over `hands`.
struct RunAll<'a, H>(Vec<Run>, &'a [H]);

impl<H: Cards> Visit<H> for RunAll<'_, H> {
    fn visit<E: BestFive<H>>(&mut self) {
        if E::ROLE != Role::Simd {
            return;
        }
        let hands = self.1;
        let mut values = vec![E::strength(&hands[0]); hands.len()];
        E::strengths(hands, &mut values);
        let mut categories = vec![Category::HighCard; hands.len()];
        E::categories(hands, &mut categories);
        let values = (values, categories);
        self.0.push(Run {
            cards: H::COUNT,
            name: E::NAME,
            path: E::cpu_path(),
            values: Box::new(values),
        });
    }
}

/// Every size's runs, five cards over all hands, seven over the sample.
fn run_all(sevens: &[Hand7]) -> Vec<Run> {
    fn of<H: Size>(hands: &[H], broken: impl FnOnce(&mut RunAll<'_, H>)) -> Vec<Run> {
        let mut runs = RunAll(Vec::new(), hands);
        visit::<H>(&mut runs);
        broken(&mut runs);
        runs.0
    }
    let mut runs = of::<Hand>(hands(), |r| r.visit::<Whole<BrokenOnAvx2>>());
    runs.extend(of::<Hand7>(sevens, |r| r.visit::<BrokenOnAvx2>()));
    runs
}

/// Compares two runs of the same evaluators; the names of those that differ.
struct Differ<'a, H> {
    first: &'a [Run],
    second: &'a [Run],
    hands: &'a [H],
    differing: Vec<&'static str>,
}

impl<H: Cards> Visit<H> for Differ<'_, H> {
    fn visit<E: BestFive<H>>(&mut self) {
        type Values<S> = (Vec<S>, Vec<Category>);
        let find = |runs: &[Run]| -> Option<Values<E::Strength>> {
            let run = runs
                .iter()
                .find(|r| r.cards == H::COUNT && r.name == E::NAME)?;
            run.values.downcast_ref::<Values<E::Strength>>().cloned()
        };
        if let (Some(a), Some(b)) = (find(self.first), find(self.second))
            && a != b
        {
            // Each hand's value and category, side by side.
            let pairs = |v: &Values<E::Strength>| -> Vec<(E::Strength, Category)> {
                v.0.iter().copied().zip(v.1.iter().copied()).collect()
            };
            let (a, b) = (pairs(&a), pairs(&b));
            let first = a.iter().zip(&b).position(|(x, y)| x != y).unwrap_or(0);
            let intended = if E::NAME == <BrokenOnAvx2 as Evaluator>::NAME {
                " (as intended: its AVX2 kernel is broken)"
            } else {
                ""
            };
            println!(
                "{}: {} of {} hands differ, first {} ({:?} then {:?}){intended}",
                E::NAME,
                a.iter().zip(&b).filter(|(x, y)| x != y).count(),
                a.len(),
                self.hands[first],
                a[first],
                b[first]
            );
            self.differing.push(E::NAME);
        }
    }
}

/// The evaluators (of every size, each name once per size) whose values differ between two runs.
fn differing(first: &[Run], second: &[Run], sevens: &[Hand7]) -> Vec<&'static str> {
    fn of<H: Size>(
        first: &[Run],
        second: &[Run],
        hands: &[H],
        broken: impl FnOnce(&mut Differ<'_, H>),
    ) -> Vec<&'static str> {
        let mut differ = Differ {
            first,
            second,
            hands,
            differing: Vec::new(),
        };
        visit::<H>(&mut differ);
        broken(&mut differ);
        differ.differing
    }
    let mut names = of::<Hand>(first, second, hands(), |d| d.visit::<Whole<BrokenOnAvx2>>());
    names.extend(of::<Hand7>(first, second, sevens, |d| {
        d.visit::<BrokenOnAvx2>();
    }));
    names
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
    let sevens: Vec<Hand7> = sample::<Hand7>(SAMPLE_SEED, SEVENS)
        .into_iter()
        .map(hand_at)
        .collect();
    let report = |label: &str, runs: &[Run]| {
        for run in runs {
            println!(
                "{label}: {} ({} cards) ran {}",
                run.name, run.cards, run.path
            );
        }
    };
    let native = run_all(&sevens);
    report("as this CPU is", &native);
    pretend_absent(Feature::Avx512);
    let avx2 = run_all(&sevens);
    report("AVX-512 pretended absent", &avx2);
    pretend_absent(Feature::Avx2);
    assert!(!has(Feature::Avx2) && !has(Feature::Avx512));
    let portable = run_all(&sevens);
    report("AVX2 pretended absent", &portable);

    let sevens_simd = native.iter().filter(|r| r.cards == 7).count();
    assert!(native.len() > 2, "the registry has SIMD evaluators");
    assert!(
        portable.iter().all(|r| !r.path.active),
        "the portable path ran"
    );
    assert!(
        sevens_simd > 1,
        "the registry has seven-card SIMD evaluators"
    );
    // The portable kernels are the yardstick. The broken evaluator's AVX2
    // kernels (five and seven cards) are wrong, so each must be flagged
    // exactly in the runs that took it.
    for (label, runs) in [("as this CPU is", &native), ("AVX-512 absent", &avx2)] {
        let took_avx2 = runs.iter().any(|r| {
            r.name == <BrokenOnAvx2 as Evaluator>::NAME
                && r.path.active
                && r.path.features == "avx2"
        });
        let expected: &[&str] = if took_avx2 {
            &[
                <BrokenOnAvx2 as Evaluator>::NAME,
                <BrokenOnAvx2 as Evaluator>::NAME,
            ]
        } else {
            &[]
        };
        assert_eq!(
            differing(&portable, runs, &sevens),
            expected,
            "{label}, against the portable path"
        );
    }
}

/// A SIMD evaluator of five and of seven cards whose AVX2 kernels (16
/// lanes) are off by one in one bit: the comparison above must catch both.
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

impl Kernel<7> for Broken {
    #[inline(always)]
    fn run<L: Lanes>(l: L, cards: [L::V; 7]) -> (L::V, L::V) {
        let [a, b, c, d, e, f, g] = l.rank_bits(cards);
        let ranks = l.or(l.or(l.or(a, b), l.or(c, d)), l.or(l.or(e, f), g));
        let wrong = l.splat(u16::from(L::LANES == 16));
        (wrong, ranks)
    }
}

handeval_lanes::simd_paths!(mod paths: Broken);
handeval_lanes::simd_paths!(mod paths7: Broken, Hand7);

impl Evaluator for BrokenOnAvx2 {
    const NAME: &'static str = "broken/avx2";
    const SUMMARY: &'static str = "rank set only, and wrong on AVX2";
    const FAMILY: Family = Family {
        name: "broken",
        title: "deliberately broken evaluators",
    };
    const ROLE: Role = Role::Simd;
    handeval_lanes::simd_evaluator!(
        BrokenOnAvx2: Evaluator,
        values(avx512: paths::avx512, avx2: paths::avx2, portable: paths::portable),
        categories(from_values: high_card)
    );
}

impl BestFive<Hand7> for BrokenOnAvx2 {
    const NAME: &'static str = "broken/avx2";
    const SUMMARY: &'static str = "rank set only, and wrong on AVX2";
    const FAMILY: Family = <Self as Evaluator>::FAMILY;
    const ROLE: Role = Role::Simd;
    type Five = BrokenOnAvx2;
    handeval_lanes::simd_evaluator!(
        BrokenOnAvx2: BestFive<Hand7>,
        values(avx512: paths7::avx512, avx2: paths7::avx2, portable: paths7::portable),
        categories(from_values: high_card)
    );
}

fn high_card(_: u32) -> Category {
    Category::HighCard
}
