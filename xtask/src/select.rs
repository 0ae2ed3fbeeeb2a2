//! What a task works on: the game, and the evaluators chosen by name.

use anyhow::{Result, bail};
use handeval_benches::Workload;
use handeval_core::GameInfo;
use handeval_registry::{About, abouts_in, games};

/// The game `--game` names by its id ([`handeval_core::Game::ID`]; `cargo
/// xtask list --games` lists them), for clap.
///
/// # Errors
/// Naming the registered games.
pub fn parse_game(id: &str) -> Result<GameInfo, String> {
    handeval_registry::game(id.trim()).ok_or_else(|| {
        let ids: Vec<&str> = games().iter().map(|g| g.id).collect();
        format!("unknown game {id:?} (expected one of {})", ids.join(", "))
    })
}

/// The game `bench --game` names: any game of the one list, a Hi-Lo game
/// too (its workload is its low half, `low/shuffled/omaha8`).
///
/// # Errors
/// Naming the games.
pub fn parse_timed_game(id: &str) -> Result<GameInfo, String> {
    let all = handeval_results::workload::games();
    all.iter()
        .copied()
        .find(|g| g.id == id.trim())
        .ok_or_else(|| {
            let ids: Vec<&str> = all.iter().map(|g| g.id).collect();
            format!("unknown game {id:?} (expected one of {})", ids.join(", "))
        })
}

/// The ids `--game` takes, for help texts.
pub fn game_ids() -> String {
    games().iter().map(|g| g.id).collect::<Vec<_>>().join(", ")
}

/// What the registered evaluators of `game` are (with the floor first
/// when `floor`), in registry order.
pub fn abouts(game: GameInfo, floor: bool) -> Vec<About> {
    abouts_in(game, floor)
}

/// The names that the pieces of `only` select (all of `names` when there
/// are none), in `names`' order, by the rule `bench --filter` uses
/// ([`matches`](fn@matches)): whole `/`-separated segments (`pext` is
/// the family, `deadhorse/simd` one evaluator) or a glob (`*simd`). Pieces
/// are trimmed and empty ones skipped (`--only "a, b,"` is `a` and `b`), but
/// an `--only` of empty pieces alone (`''`, `,`) is an error, not "all".
///
/// A piece that selects nothing is an error that says why: the names
/// `left_out` gives with a reason (a published listing under `--timed`,
/// the floor without `--floor`), else every other game whose evaluators it
/// names (with its `--game`), else the registered names.
pub fn select_names(
    names: Vec<&'static str>,
    only: &[String],
    kind: &str,
    left_out: &[(&str, &str)],
) -> Result<Vec<&'static str>> {
    let pieces: Vec<&str> = only
        .iter()
        .map(|o| o.trim())
        .filter(|o| !o.is_empty())
        .collect();
    if !only.is_empty() && pieces.is_empty() {
        bail!(
            "--only {:?} names no {kind}: give names (comma-separated), or leave --only out for all",
            only.join(",")
        );
    }
    let picks = |piece: &str, name: &str| matches(piece, name);
    if let Some(&unknown) = pieces.iter().find(|p| !names.iter().any(|n| picks(p, n))) {
        let why: Vec<String> = left_out
            .iter()
            .filter(|(name, _)| picks(unknown, name))
            .map(|(name, why)| format!("{name} is {why}"))
            .collect();
        if !why.is_empty() {
            bail!("{unknown:?} names no {kind} here: {}", why.join("; "));
        }
        let elsewhere: Vec<String> = games()
            .into_iter()
            .filter_map(|game| {
                let named: Vec<&str> = abouts(game, false)
                    .iter()
                    .map(|a| a.meta.name)
                    .filter(|n| picks(unknown, n) && !names.contains(n))
                    .collect();
                (!named.is_empty()).then(|| format!("`--game {}` ({})", game.id, named.join(", ")))
            })
            .collect();
        if !elsewhere.is_empty() {
            bail!(
                "{unknown:?} names no {kind}; it names evaluators of {} (registered here: {})",
                elsewhere.join(", "),
                names.join(", ")
            );
        }
        bail!(
            "unknown {kind} {unknown:?}; registered: {}",
            names.join(", ")
        );
    }
    Ok(names
        .into_iter()
        .filter(|n| pieces.is_empty() || pieces.iter().any(|p| picks(p, n)))
        .collect())
}

/// Whether `filter` (comma-separated pieces; empty = all) selects the
/// benchmark `workload/evaluator`: whether any piece [matches](fn@matches) its id.
pub fn selected_by(filter: &str, workload: Workload, evaluator: &str) -> bool {
    let id = format!("{workload}/{evaluator}");
    let mut pieces = filter
        .split(',')
        .map(str::trim)
        .filter(|p| !p.is_empty())
        .peekable();
    pieces.peek().is_none() || pieces.any(|p| matches(p, &id))
}

/// Whether one piece of a `--filter` or `--only` list selects `id` (a
/// `workload/evaluator` id, or an evaluator's name).
///
/// A piece with `*` (any run of characters, `/` included) or `?` (one
/// character) is a glob matched against the whole id: `*simd` is every
/// SIMD variant, `*/hand7/*` every seven-card benchmark, `*/omaha/*`
/// every Omaha one. Any other piece
/// matches whole `/`-separated segments, in a row, anywhere in the id:
/// `pext` is the family, `strength/shuffled` two segments of a workload,
/// `strength/shuffled/hand/pokers` one benchmark. So `hand` never selects
/// `hand7`, nor `simd` `seven-simd`.
pub fn matches(piece: &str, id: &str) -> bool {
    if piece.contains(['*', '?']) {
        return glob(piece.as_bytes(), id.as_bytes());
    }
    let want: Vec<&str> = piece.split('/').collect();
    let have: Vec<&str> = id.split('/').collect();
    have.windows(want.len()).any(|w| w == want.as_slice())
}

/// `*` and `?` matching over bytes, iteratively with one backtrack point.
fn glob(pattern: &[u8], text: &[u8]) -> bool {
    let (mut p, mut t) = (0, 0);
    let mut star: Option<(usize, usize)> = None;
    while t < text.len() {
        match pattern.get(p) {
            Some(b'*') => {
                star = Some((p, t));
                p += 1;
            }
            Some(&c) if c == b'?' || c == text[t] => {
                p += 1;
                t += 1;
            }
            _ => match star {
                Some((sp, st)) => {
                    p = sp + 1;
                    t = st + 1;
                    star = Some((sp, st + 1));
                }
                None => return false,
            },
        }
    }
    pattern[p..].iter().all(|&c| c == b'*')
}

/// Whether the benchmarks time the evaluator `a` on `workload`: every
/// timed evaluator on a stream of hands; on a contended workload (the
/// rounds' alone) the evaluators the rounds time; on an access pattern
/// those that take part in it
/// ([`handeval_benches::patterns::takes_part`]). A best of a hole game's
/// fives is timed on the game's headline workload alone
/// ([`best_of_hole_fives_on_headline_only`]).
pub fn timed_on(workload: handeval_benches::Workload, a: &handeval_registry::About) -> bool {
    if workload.order.is_pattern() {
        return handeval_benches::patterns::takes_part(
            workload.order,
            a.meta.role,
            a.best_of_fives,
            (a.incremental.is_some(), a.calculator.is_some()),
        );
    }
    if best_of_hole_fives_on_headline_only(workload, a.best_of_fives) {
        return false;
    }
    workload.by_criterion() || handeval_benches::rounds::in_rounds(a.meta.role, workload.game())
}

/// Whether an evaluator that takes the best of a hand's fives
/// (`best_of_fives`, declared by its type) is left out of `workload`: a
/// workload of a game with hole cards other than its headline (its
/// category, and its contended twin). Such an evaluator is its five-card
/// variant's own batch loop over 60 to 150 fives a hand (microseconds):
/// the headline times that cost, and the game's other workloads vary what
/// is asked of its direct kernels and baselines. Timed there too, the
/// adapters took 270 s of the Zen 4's 1,274 s of rounds over streams of
/// hands (`results/2026-12-01-01718f2`), more than every Hold'em workload
/// together.
pub fn best_of_hole_fives_on_headline_only(
    workload: handeval_benches::Workload,
    best_of_fives: bool,
) -> bool {
    let game = workload.game();
    best_of_fives && game.hole > 0 && workload != handeval_benches::Workload::headline(game)
}
