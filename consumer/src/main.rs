//! Values every seven-card hand with the `handeval` crate and prints how
//! many fall in each category, and how long it took.

use std::time::Instant;

use handeval::Category;

fn main() -> Result<(), handeval::Error> {
    let start = Instant::now();
    let mut counts = [0u64; 10];
    let mut hands = 0u64;
    handeval_consumer::every_seven_card_hand(|batch, ranks| {
        hands += batch.len() as u64;
        for rank in ranks {
            counts[rank.category().index()] += 1;
        }
    })?;
    let seconds = start.elapsed().as_secs_f64();
    for category in Category::ALL {
        println!("{:>16} {:>11}", category.name(), counts[category.index()]);
    }
    println!(
        "{hands} hands with {} in {seconds:.2} s ({:.2} ns a hand, one thread)",
        handeval::seven::evaluator(),
        seconds * 1e9 / hands as f64
    );
    Ok(())
}
