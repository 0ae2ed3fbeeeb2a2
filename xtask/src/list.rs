//! `cargo xtask list`: the registered evaluators, and what each declares it is.

use std::io::{self, Write};
use std::process::ExitCode;

use anyhow::{Context, Result};
use handeval_registry::About;

use handeval_benches::Workload;
use handeval_core::{Card, GameInfo, Rank, Suit};

use crate::report::format::thousands_u64;
use crate::report::readme::{self, EVALUATORS};
use std::fmt::Write as _;

use crate::diff::Checked;
use crate::select::abouts;
use crate::workspace;

#[derive(clap::Args)]
#[expect(
    clippy::struct_excessive_bools,
    reason = "five independent command-line switches, as clap reads them"
)]
pub struct Args {
    /// Include the harness floor.
    #[arg(long)]
    floor: bool,
    /// Only the evaluators benchmarks time (published listings are checked, never timed).
    #[arg(long)]
    timed: bool,
    /// How to print the list.
    #[arg(long, value_enum, default_value_t = Format::Table)]
    format: Format,
    /// The game whose evaluators to list, by its id (`--games` lists them);
    /// five-card hands by default. A Hi-Lo game's are its low evaluators
    /// (its high half is its high game's: `--game omaha` for `omaha8`).
    #[arg(long, default_value = "five", value_parser = crate::diff::parse_checked)]
    game: Checked,
    /// List the games instead: id, title, hands, fives per hand.
    #[arg(long, conflicts_with_all = ["floor", "timed", "game", "only", "workload"])]
    games: bool,
    /// Only these (comma-separated) names, families (`pext`) or globs
    /// (`*simd`), as `bench --filter` and `eval --only` select.
    #[arg(long, value_delimiter = ',')]
    only: Vec<String>,
    /// Only the evaluators `bench` times on this workload of the game
    /// (an id `list --games` gives): a contended workload leaves out what
    /// the rounds do not time, an access pattern what does not take part.
    #[arg(long)]
    workload: Option<Workload>,
    /// List the Hi-Lo games instead: each game's id, the game whose high
    /// half it plays, its count of hands with a qualifying low, and its low
    /// evaluators (`--format names`: the ids alone).
    #[arg(long, conflicts_with_all = ["floor", "timed", "game", "only", "games", "workload"])]
    hi_lo: bool,
    /// Write the tables of evaluators of every game into README.md
    /// instead of printing one.
    #[arg(long, conflicts_with_all = ["format", "floor", "timed", "game", "only", "games", "workload"])]
    readme: bool,
}

/// The forms `cargo xtask list` prints.
#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum Format {
    /// The markdown table the README shows.
    Table,
    /// The names alone, one per line.
    Names,
    /// CSV: name, family, role, the variant it was derived from, whether
    /// it is the best of the hand's fives by that variant, whether its
    /// every-hand check stands on its parts (`stands_on_its_parts`), table
    /// bytes, the CPU code path it takes here, summary.
    Csv,
}

pub fn run(args: &Args) -> Result<ExitCode> {
    if args.readme {
        let path = workspace::root().join(readme::EVALUATORS_FILE);
        readme::update(&path, EVALUATORS, &readme::every_games_table())?;
        outln!("updated the tables of evaluators in {}", path.display())?;
        return Ok(ExitCode::SUCCESS);
    }
    if args.games {
        return write(&games_text(args.format)?);
    }
    if args.hi_lo {
        return write(&crate::low::list_text(args.format == Format::Names));
    }
    // A Hi-Lo game's evaluators are its low ones (its high half's are its
    // high game's), listed as any game's but in a table of their own.
    let (game, low) = match args.game {
        Checked::Game(game) | Checked::Badugi(game) => (game, false),
        Checked::Low(game) => (game, true),
    };
    let every = abouts(game, true);
    let floor = |a: &About| a.meta.role == handeval_core::Role::Floor;
    if let Some(w) = args.workload
        && w.game() != game
    {
        anyhow::bail!("--workload {w} is not a workload of --game {}", game.id);
    }
    let on_workload = |a: &About| args.workload.is_none_or(|w| crate::select::timed_on(w, a));
    let kept = |a: &About| {
        (args.floor || !floor(a)) && (!args.timed || a.meta.role.is_timed()) && on_workload(a)
    };
    let left_out: Vec<(&str, &str)> = every
        .iter()
        .filter(|a| !kept(a))
        .map(|a| {
            let why = if floor(a) && !args.floor {
                "the harness floor, listed with --floor"
            } else if !on_workload(a) {
                "not timed on --workload"
            } else {
                "a published listing: checked, never timed (drop --timed)"
            };
            (a.meta.name, why)
        })
        .collect();
    let chosen = crate::select::select_names(
        every
            .iter()
            .filter(|a| kept(a))
            .map(|a| a.meta.name)
            .collect(),
        &args.only,
        &format!("{} evaluator", game.word),
        &left_out,
    )?;
    // `chosen` holds only names `kept` keeps.
    let list: Vec<About> = every
        .into_iter()
        .filter(|a| chosen.contains(&a.meta.name))
        .collect();
    // Written whole, once: an error says which stream failed.
    let text = match args.format {
        Format::Names => list.iter().flat_map(|a| [a.meta.name, "\n"]).collect(),
        Format::Csv => evaluators_csv(&list)?,
        Format::Table if low => {
            let high = crate::low::high_game(game).id;
            format!(
                "{} ({}): the low evaluators; the high half is `{high}`'s (`list --game {high}`)\n\n{}",
                game.id,
                game.title,
                crate::low::lows_table(&list)
            )
        }
        Format::Table => readme::evaluators_table(&list),
    };
    write(&text)
}

/// The evaluators as CSV (`list --format csv`).
fn evaluators_csv(list: &[About]) -> Result<String> {
    let mut w = csv::Writer::from_writer(Vec::new());
    w.write_record([
        "name",
        "family",
        "role",
        "derived_from",
        "best_of_fives",
        "by_parts",
        "table_bytes",
        "cpu_path",
        "summary",
    ])?;
    for a in list {
        w.write_record([
            a.meta.name,
            a.meta.family.name,
            a.meta.role.id(),
            a.meta.derived_from.unwrap_or_default(),
            if a.best_of_fives { "true" } else { "false" },
            if handeval_registry::stands_on_its_parts(a.game, a.meta.name) {
                "true"
            } else {
                "false"
            },
            &a.meta.table_bytes.to_string(),
            &a.cpu_path.to_string(),
            a.meta.summary,
        ])?;
    }
    Ok(String::from_utf8(w.into_inner()?)?)
}

/// The games, in the chosen form. The CSV form is what scripts (CI) read
/// every game from: its id, words, counts, classes, evaluators, workloads
/// (the counted ones apart) and a royal flush written as its lines are.
fn games_text(format: Format) -> Result<String> {
    // The one list of games: those worth their high, then the Hi-Lo games
    // (whose high half is one of the first, and whose low is theirs).
    let mut games = handeval_registry::games();
    games.extend(crate::low::games());
    games.extend(crate::badugi::games());
    // A Hi-Lo game's evaluators: its high game's, and its low ones.
    let evaluators = |g: GameInfo| -> usize {
        if g.value.is_hi_lo() {
            abouts(crate::low::high_game(g), false).len() + abouts(g, false).len()
        } else {
            abouts(g, false).len()
        }
    };
    // A Hi-Lo game's workload is its low (its high game times its highs).
    let workloads_of = Workload::of;
    Ok(match format {
        Format::Names => games.iter().flat_map(|g| [g.id, "\n"]).collect(),
        Format::Csv => {
            let mut w = csv::Writer::from_writer(Vec::new());
            w.write_record([
                "id",
                "title",
                "word",
                "cards",
                "hole",
                "hands",
                "fives",
                "classes",
                "evaluators",
                "workloads",
                "counted",
                "royal_flush",
                "value",
                "high",
                "board",
            ])?;
            for g in &games {
                let workloads = workloads_of(*g);
                let ids = |counted: bool| -> String {
                    workloads
                        .iter()
                        .filter(|w| !counted || w.is_counted())
                        .map(|w| w.id())
                        .collect::<Vec<_>>()
                        .join(" ")
                };
                w.write_record([
                    g.id,
                    g.title,
                    g.word,
                    &g.count.to_string(),
                    &g.hole.to_string(),
                    &g.hands.to_string(),
                    &g.fives.to_string(),
                    &g.classes.to_string(),
                    &evaluators(*g).to_string(),
                    &ids(false),
                    &ids(true),
                    &royal_flush(*g),
                    g.value.id(),
                    g.high,
                    &g.board.to_string(),
                ])?;
            }
            String::from_utf8(w.into_inner()?)?
        }
        Format::Table => {
            let mut s = String::from(
                "| game | what it is | cards | hole | board | hands | fives | evaluators |\n|---|---|---:|---:|---:|---:|---:|---:|\n",
            );
            for g in &games {
                let _ = writeln!(
                    s,
                    "| `{}` | {} | {} | {} | {} | {} | {} | {} |",
                    g.id,
                    g.title,
                    g.count,
                    g.hole,
                    g.board,
                    thousands_u64(g.hands),
                    g.fives,
                    evaluators(*g)
                );
            }
            s
        }
    })
}

/// A royal flush of `game` as a line of `eval` writes it: the spade royal
/// at the positions of the game's first allowed five, the other cards
/// low and of mixed suits (`As Ks 2c 3d | Qs Js Ts 4h 5c` for Omaha).
fn royal_flush(game: GameInfo) -> String {
    let royal = ["As", "Ks", "Qs", "Js", "Ts"];
    // The deck's lowest ranks, up one a card, clubs, diamonds, hearts.
    let mut others = (0u8..).map(|k| {
        let rank = Rank::from_index(game.lowest.index() + k).expect("a low rank");
        Card::new(rank, Suit::ALL[usize::from(k % 3)]).to_string()
    });
    let mut royal_cards = royal.iter();
    let cards: Vec<String> = (0..game.count)
        .map(|i| {
            if game.first_five.contains(&i) {
                (*royal_cards.next().expect("five positions")).to_string()
            } else {
                others.next().expect("a card")
            }
        })
        .collect();
    if game.hole == 0 {
        cards.join(" ")
    } else {
        format!(
            "{} | {}",
            cards[..game.hole].join(" "),
            cards[game.hole..].join(" ")
        )
    }
}

/// Writes `text` to standard output, whole.
fn write(text: &str) -> Result<ExitCode> {
    let mut stdout = io::stdout().lock();
    stdout
        .write_all(text.as_bytes())
        .and_then(|()| stdout.flush())
        .context("writing to standard output")?;
    Ok(ExitCode::SUCCESS)
}
