//! Hold'em equity of ranges, exact or estimated, counted with the
//! seven-card evaluator the registry recommends on this CPU.
//!
//! Ranges are written as equity tools take them (`"QQ+, AKs, 0.5(JJ,
//! AQo)"`, or one hand, `"AsKs"`); the board has 0, 3, 4 or 5 cards; dead
//! cards are out of every deal.
//!
//! ```
//! // Aces against kings before the flop, over all 1,712,304 boards.
//! let equity = handeval::equity::exact(&["AsAh", "KsKh"], "", "")?;
//! assert_eq!(equity.games, 1_712_304);
//! assert!(0.81 < equity.equity[0] && equity.equity[0] < 0.83);
//! assert!((equity.equity[0] + equity.equity[1] - 1.0).abs() < 1e-12);
//! # Ok::<(), handeval::Error>(())
//! ```
//!
//! Omaha's fixed hands: [`crate::omaha::equity`] and its siblings.

pub use handeval_equity::exact::{Equity, EquityError, Matchup, Method};
pub use handeval_equity::monte_carlo::Estimate;
pub use handeval_equity::range::Range;
pub use handeval_equity::showdown::Tally;

use handeval_core::{GameInfo, Hand7};

use crate::Error;

/// The seven-card evaluator equity counts with here.
fn evaluator() -> &'static str {
    handeval_registry::recommended(GameInfo::of::<Hand7>())
}

/// The exact equity of `ranges` (two to six players) on `board`, with
/// `dead` cards out: every deal of one combo per player, every board.
///
/// # Errors
/// [`Error::Equity`] naming the range, board or dead cards that do not
/// parse, a card used twice, or a matchup no deal satisfies.
///
/// # Panics
/// Never: the recommended evaluator is one of the game's.
pub fn exact(ranges: &[&str], board: &str, dead: &str) -> Result<Equity, Error> {
    let matchup = Matchup::new(ranges, board, dead)?;
    let equity = handeval_registry::range_equity(evaluator(), &matchup, &mut |_, _| {})
        .expect("the recommended evaluator values seven-card hands")?;
    Ok(equity)
}

/// A Monte Carlo estimate of `ranges`' equities on `board`, dealt from
/// `seed`, played until every player's standard error is at most `stderr`.
///
/// # Errors
/// As [`exact`].
///
/// # Panics
/// Never, as [`exact`].
pub fn estimate(
    ranges: &[&str],
    board: &str,
    dead: &str,
    seed: u64,
    stderr: f64,
) -> Result<Estimate, Error> {
    let matchup = Matchup::new(ranges, board, dead)?;
    let estimate =
        handeval_registry::range_estimate(evaluator(), &matchup, seed, stderr, &mut |_| true)
            .expect("the recommended evaluator values seven-card hands")?;
    Ok(estimate)
}

/// The showdown of fixed hands of `G` on `board` over every board.
pub(crate) fn fixed<G: handeval_core::Game>(
    hands: &[&str],
    board: &str,
    dead: &str,
) -> Result<Tally, Error> {
    let game = GameInfo::of::<G>();
    let tally = handeval_registry::fixed_equity(
        handeval_registry::recommended(game),
        game,
        hands,
        board,
        dead,
        false,
    )
    .expect("the recommended evaluator values the game's hands")?;
    Ok(tally)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bad_input_is_an_error_naming_it() {
        assert!(matches!(
            exact(&["AsAh", "ZZ"], "", ""),
            Err(Error::Equity(EquityError::Range { player: 2, .. }))
        ));
        assert!(matches!(
            exact(&["AsAh", "AsKh"], "", ""),
            Err(Error::Equity(_))
        ));
        assert!(matches!(
            estimate(&["AsAh"], "", "", 1, 0.01),
            Err(Error::Equity(EquityError::Players(1)))
        ));
    }

    #[test]
    fn an_estimate_comes_near_the_exact_count() {
        let exact = exact(&["AsAh", "KsKh"], "2c 7d 9h", "").unwrap();
        let estimate = estimate(&["AsAh", "KsKh"], "2c 7d 9h", "", 7, 0.005).unwrap();
        assert!(estimate.reached);
        assert!((estimate.equity[0] - exact.equity[0]).abs() < 5.0 * estimate.stderr[0]);
    }
}
