//! A user's program: every seven-card hand valued through the `handeval`
//! crate alone, a batch at a time, as its README shows.

use handeval::{Rank, seven};

/// Hands valued per call.
pub const BATCH: usize = 1 << 16;

/// Calls `each(hands, ranks)` for every seven-card hand, in batches of up
/// to [`BATCH`], in lexicographic order of the card numbers.
///
/// # Errors
/// As [`seven::strengths`]; never, as every dealt hand is seven distinct
/// cards.
pub fn every_seven_card_hand(
    mut each: impl FnMut(&[[u8; 7]], &[Rank]),
) -> Result<(), handeval::Error> {
    let mut hands: Vec<[u8; 7]> = Vec::with_capacity(BATCH);
    let mut ranks = vec![Rank::WORST; BATCH];
    let mut flush = |hands: &mut Vec<[u8; 7]>| -> Result<(), handeval::Error> {
        let ranks = &mut ranks[..hands.len()];
        seven::strengths(hands, ranks)?;
        each(hands, ranks);
        hands.clear();
        Ok(())
    };
    let mut hand = [0u8, 1, 2, 3, 4, 5, 6];
    loop {
        hands.push(hand);
        if hands.len() == BATCH {
            flush(&mut hands)?;
        }
        // The next seven-card set: raise the last card that can rise and
        // put the ones after it just above it.
        let Some(i) = (0..7).rev().find(|&i| usize::from(hand[i]) < 52 - 7 + i) else {
            break;
        };
        hand[i] += 1;
        for j in i + 1..7 {
            hand[j] = hand[j - 1] + 1;
        }
    }
    flush(&mut hands)
}
