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
use std::sync::{Mutex, PoisonError};

use handeval_core::badugi::{BadugiClass, BadugiEvaluator};
use handeval_core::cpu::{Feature, has, pretend_absent};
use handeval_core::low::{Low, LowEvaluator};
use handeval_core::{
    BestFive, Category, CpuPath, Evaluator, Family, Game, GameVisitor, Hand, Hand7, Omaha4, Role,
    Whole, visit_games,
};
use handeval_difftest::cards::{SAMPLE_SEED, random_hands};
use handeval_lanes::{Kernel, Lanes};
use handeval_registry::{Visit, VisitBadugi, VisitLow, walk, walk_badugis, walk_lows};

/// Games of at most this many hands run every hand on each path; larger
/// ones a seeded sample of [`SAMPLED`] deals.
const EVERY: u64 = 1 << 22;

/// How many hands of a larger game each path runs on: the odd 23 leave a
/// partial last vector on both vector paths (the `exhaustive_*` and
/// `sampled_*` tests hold the first path to the reference).
const SAMPLED: usize = (1 << 20) + 23;

/// Each game's hands, by the game's id.
struct Hands(Vec<(&'static str, Box<dyn Any + Send + Sync>)>);

impl Hands {
    /// Every game's: every hand of the smaller games, a seeded sample of
    /// the others.
    fn new() -> Hands {
        struct Deal(Vec<(&'static str, Box<dyn Any + Send + Sync>)>);
        impl GameVisitor for Deal {
            fn game<G: Game>(&mut self) {
                let hands: Vec<G> = if G::HANDS <= EVERY {
                    G::parts().flat_map(G::part_hands).collect()
                } else {
                    random_hands::<G>(SAMPLE_SEED, SAMPLED)
                };
                self.0.push((G::ID, Box::new(hands)));
            }
            fn badugi<G: Game>(&mut self) {
                self.game::<G>();
            }
        }
        let mut deal = Deal(Vec::new());
        visit_games(&mut deal);
        Hands(deal.0)
    }

    /// Game `G`'s hands.
    fn of<G: Game>(&self) -> &[G] {
        self.0
            .iter()
            .find(|(id, _)| *id == G::ID)
            .and_then(|(_, hands)| hands.downcast_ref::<Vec<G>>())
            .expect("every game is dealt")
    }
}

/// One run of one evaluator: its game, name, the path it took, its values.
struct Run {
    game: &'static str,
    name: &'static str,
    path: CpuPath,
    values: Box<dyn Any + Send + Sync>,
}

/// Runs every SIMD evaluator of every game (and the deliberately broken
/// ones) over the game's hands, each evaluator a task of `scope`: the
/// paths one at a time, the evaluators on a path on every core.
struct RunAll<'a, 's> {
    scope: &'a rayon::Scope<'s>,
    hands: &'s Hands,
    runs: &'s Mutex<Vec<Run>>,
}

impl RunAll<'_, '_> {
    fn keep(runs: &Mutex<Vec<Run>>, run: Run) {
        runs.lock()
            .unwrap_or_else(PoisonError::into_inner)
            .push(run);
    }
}

impl Visit for RunAll<'_, '_> {
    fn visit<G: Game, E: BestFive<G>>(&mut self) {
        // Only the SIMD evaluators have paths to force.
        if E::META.role == Role::Simd {
            let (hands, runs) = (self.hands, self.runs);
            self.scope
                .spawn(move |_| Self::keep(runs, run_paths::<G, E>(hands)));
        }
    }
}

fn run_paths<G: Game, E: BestFive<G>>(hands: &Hands) -> Run {
    let hands = hands.of::<G>();
    let mut values = vec![E::strength(&hands[0]); hands.len()];
    E::strengths(hands, &mut values);
    // On this path, the kernel reading rows of card numbers gives what
    // it gives on hands, and the values' classes read off sixteen or
    // eight at a time are each value's own.
    let rows: Vec<u8> = hands
        .iter()
        .flat_map(|h| h.card_slice().iter().map(|c| c.index()))
        .collect();
    let mut from_rows = values.clone();
    if E::strengths_of_rows(&rows, &mut from_rows) {
        let differ = values
            .iter()
            .zip(&from_rows)
            .filter(|(a, b)| a != b)
            .count();
        assert_eq!(
            differ,
            0,
            "{} ({}): rows and hands differ",
            E::META.name,
            G::ID
        );
    }
    let mut classes = vec![0u16; values.len()];
    if <E::Five as Evaluator>::classes_of(&values, &mut classes) {
        let differ = values
            .iter()
            .zip(&classes)
            .filter(|&(&v, &c)| <E::Five as Evaluator>::class_of(v) != Some(c))
            .count();
        assert_eq!(
            differ,
            0,
            "{} ({}): classes read off together and one by one differ",
            E::META.name,
            G::ID
        );
    }
    let mut categories = vec![Category::HighCard; hands.len()];
    E::categories(hands, &mut categories);
    Run {
        game: G::ID,
        name: E::META.name,
        path: E::cpu_path(),
        values: Box::new((values, categories)),
    }
}

impl VisitLow for RunAll<'_, '_> {
    fn visit_low<G: Game, E: LowEvaluator<G>>(&mut self) {
        // Only the SIMD evaluators have paths to force.
        if E::META.role == Role::Simd {
            let (hands, runs) = (self.hands, self.runs);
            self.scope.spawn(move |_| {
                let hands = hands.of::<G::High>();
                let mut lows = vec![Low::NONE; hands.len()];
                E::lows(hands, &mut lows);
                Self::keep(
                    runs,
                    Run {
                        game: G::ID,
                        name: E::META.name,
                        path: E::cpu_path(),
                        values: Box::new(lows),
                    },
                );
            });
        }
    }
}

impl VisitBadugi for RunAll<'_, '_> {
    fn visit_badugi<G: Game, E: BadugiEvaluator<G>>(&mut self) {
        if E::META.role == Role::Simd {
            let (hands, runs) = (self.hands, self.runs);
            self.scope.spawn(move |_| {
                let hands = hands.of::<G>();
                let mut classes = vec![BadugiClass::new(1).expect("class 1"); hands.len()];
                E::classes(hands, &mut classes);
                Self::keep(
                    runs,
                    Run {
                        game: G::ID,
                        name: E::META.name,
                        path: E::cpu_path(),
                        values: Box::new(classes),
                    },
                );
            });
        }
    }
}

impl VisitBadugi for Differ<'_> {
    fn visit_badugi<G: Game, E: BadugiEvaluator<G>>(&mut self) {
        let find = |runs: &[Run]| -> Option<Vec<BadugiClass>> {
            let run = runs
                .iter()
                .find(|r| r.game == G::ID && r.name == E::META.name)?;
            run.values.downcast_ref::<Vec<BadugiClass>>().cloned()
        };
        if let (Some(a), Some(b)) = (find(self.first), find(self.second))
            && a != b
        {
            let first = a.iter().zip(&b).position(|(x, y)| x != y).unwrap_or(0);
            println!(
                "{} ({}): {} of {} hands differ, first {} ({} then {})",
                E::META.name,
                G::ID,
                a.iter().zip(&b).filter(|(x, y)| x != y).count(),
                a.len(),
                self.hands.of::<G>()[first],
                a[first],
                b[first]
            );
            self.differing.push(E::META.name);
        }
    }
}

/// Visits the deliberately broken SIMD evaluators, of five and of seven
/// cards and of Omaha.
fn broken(v: &mut impl Visit) {
    v.visit::<Hand, Whole<BrokenOnAvx2>>();
    v.visit::<Hand7, BrokenOnAvx2>();
    v.visit::<Omaha4, BrokenOnAvx2>();
}

/// Every game's runs.
fn run_all(hands: &Hands) -> Vec<Run> {
    let runs = Mutex::new(Vec::new());
    rayon::scope(|scope| {
        let mut all = RunAll {
            scope,
            hands,
            runs: &runs,
        };
        walk(&mut all);
        walk_lows(&mut all);
        walk_badugis(&mut all);
        broken(&mut all);
    });
    let mut runs = runs.into_inner().unwrap_or_else(PoisonError::into_inner);
    // One order, whichever task ended first.
    runs.sort_by_key(|r| (r.game, r.name));
    runs
}

/// Compares two runs of the same evaluators; the names of those that differ.
struct Differ<'a> {
    first: &'a [Run],
    second: &'a [Run],
    hands: &'a Hands,
    differing: Vec<&'static str>,
}

impl Visit for Differ<'_> {
    fn visit<G: Game, E: BestFive<G>>(&mut self) {
        type Values<S> = (Vec<S>, Vec<Category>);
        let find = |runs: &[Run]| -> Option<Values<E::Strength>> {
            let run = runs
                .iter()
                .find(|r| r.game == G::ID && r.name == E::META.name)?;
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
            let intended = if E::META.name == <BrokenOnAvx2 as Evaluator>::META.name {
                " (as intended: its AVX2 kernel is broken)"
            } else {
                ""
            };
            println!(
                "{} ({}): {} of {} hands differ, first {} ({:?} then {:?}){intended}",
                E::META.name,
                G::ID,
                a.iter().zip(&b).filter(|(x, y)| x != y).count(),
                a.len(),
                self.hands.of::<G>()[first],
                a[first],
                b[first]
            );
            self.differing.push(E::META.name);
        }
    }
}

impl VisitLow for Differ<'_> {
    fn visit_low<G: Game, E: LowEvaluator<G>>(&mut self) {
        let find = |runs: &[Run]| -> Option<Vec<Low>> {
            let run = runs
                .iter()
                .find(|r| r.game == G::ID && r.name == E::META.name)?;
            run.values.downcast_ref::<Vec<Low>>().cloned()
        };
        if let (Some(a), Some(b)) = (find(self.first), find(self.second))
            && a != b
        {
            let first = a.iter().zip(&b).position(|(x, y)| x != y).unwrap_or(0);
            println!(
                "{} ({}): {} of {} hands differ, first {} ({} then {})",
                E::META.name,
                G::ID,
                a.iter().zip(&b).filter(|(x, y)| x != y).count(),
                a.len(),
                self.hands.of::<G::High>()[first],
                a[first],
                b[first]
            );
            self.differing.push(E::META.name);
        }
    }
}

/// The evaluators (each name once per game) whose values differ between two runs.
fn differing(first: &[Run], second: &[Run], hands: &Hands) -> Vec<&'static str> {
    let mut differ = Differ {
        first,
        second,
        hands,
        differing: Vec::new(),
    };
    walk(&mut differ);
    walk_lows(&mut differ);
    walk_badugis(&mut differ);
    broken(&mut differ);
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
    let hands = Hands::new();
    let report = |label: &str, runs: &[Run]| {
        for run in runs {
            println!("{label}: {} ({}) ran {}", run.name, run.game, run.path);
        }
    };
    let native = run_all(&hands);
    report("as this CPU is", &native);
    // Without AVX-512 (the Zen 3), pretending it absent changes no path:
    // the run as the CPU is was the AVX2 run, and a second would only
    // repeat it on the slowest CPU the suite's budget is held on.
    let had_avx512 = has(Feature::Avx512);
    pretend_absent(Feature::Avx512);
    let again;
    let avx2: &[Run] = if had_avx512 {
        again = run_all(&hands);
        report("AVX-512 pretended absent", &again);
        &again
    } else {
        println!("AVX-512 pretended absent: the run above (this CPU has no AVX-512)");
        &native
    };
    pretend_absent(Feature::Avx2);
    assert!(!has(Feature::Avx2) && !has(Feature::Avx512));
    let portable = run_all(&hands);
    report("AVX2 pretended absent", &portable);

    assert!(native.len() > 2, "the registry has SIMD evaluators");
    assert!(
        portable.iter().all(|r| !r.path.active),
        "the portable path ran"
    );
    for game in ["seven", "omaha"] {
        assert!(
            native.iter().filter(|r| r.game == game).count() > 1,
            "the registry has {game} SIMD evaluators"
        );
    }
    assert!(
        native.iter().any(|r| r.game == "omaha8"),
        "the registry has a SIMD evaluator of Omaha Hi-Lo's low"
    );
    // The portable kernels are the yardstick. The broken evaluator's AVX2
    // kernels (five and seven cards, Omaha) are wrong, so each must be
    // flagged exactly in the runs that took it.
    for (label, runs) in [("as this CPU is", &native[..]), ("AVX-512 absent", avx2)] {
        let took_avx2 = runs.iter().any(|r| {
            r.name == <BrokenOnAvx2 as Evaluator>::META.name
                && r.path.active
                && r.path.features == "avx2"
        });
        let expected: &[&str] = if took_avx2 {
            &[
                <BrokenOnAvx2 as Evaluator>::META.name,
                <BrokenOnAvx2 as Evaluator>::META.name,
                <BrokenOnAvx2 as Evaluator>::META.name,
            ]
        } else {
            &[]
        };
        assert_eq!(
            differing(&portable, runs, &hands),
            expected,
            "{label}, against the portable path"
        );
    }
}

/// A SIMD evaluator of five and of seven cards and of Omaha whose AVX2
/// kernels (16 lanes) are off by one in one bit: the comparison above must
/// catch all three.
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

impl Kernel<9> for Broken {
    #[inline(always)]
    fn run<L: Lanes>(l: L, cards: [L::V; 9]) -> (L::V, L::V) {
        let mut ranks = l.splat(0);
        for bit in l.rank_bits(cards) {
            ranks = l.or(ranks, bit);
        }
        let wrong = l.splat(u16::from(L::LANES == 16));
        (wrong, ranks)
    }
}

handeval_lanes::simd_paths!(mod paths: Broken);
handeval_lanes::simd_paths!(mod paths7: Broken, Hand7);
handeval_lanes::simd_paths!(mod omaha: Broken, Omaha4, records);

impl Evaluator for BrokenOnAvx2 {
    const META: handeval_core::Meta = handeval_core::Meta {
        name: "broken/avx2",
        summary: "rank set only, and wrong on AVX2",
        family: Family {
            name: "broken",
            title: "deliberately broken evaluators",
        },
        role: Role::Simd,
        derived_from: None,
        table_bytes: 0,
        card_table_bytes: 0,
    };
    handeval_lanes::simd_evaluator!(
        BrokenOnAvx2: Evaluator,
        values(avx512: paths::avx512, avx2: paths::avx2, portable: paths::portable),
        categories(from_values: high_card)
    );
}

impl BestFive<Hand7> for BrokenOnAvx2 {
    const META: handeval_core::Meta = <Self as Evaluator>::META;
    type Five = BrokenOnAvx2;
    handeval_lanes::simd_evaluator!(
        BrokenOnAvx2: BestFive<Hand7>,
        values(avx512: paths7::avx512, avx2: paths7::avx2, portable: paths7::portable),
        categories(from_values: high_card)
    );
}

impl BestFive<Omaha4> for BrokenOnAvx2 {
    const META: handeval_core::Meta = <Self as Evaluator>::META;
    type Five = BrokenOnAvx2;
    handeval_lanes::simd_evaluator!(
        BrokenOnAvx2: BestFive<Omaha4>,
        values(avx512: omaha::avx512, avx2: omaha::avx2, portable: omaha::portable),
        categories(from_values: high_card)
    );
}

fn high_card(_: u32) -> Category {
    Category::HighCard
}
