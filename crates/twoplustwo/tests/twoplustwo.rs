//! The 2+2 state table: its size, its generation, its cache.

use handeval_core::{BestFive, Evaluator, Hand, Hand6, Hand7};
use handeval_twoplustwo::{ENTRIES, Five, Seven, Six, TABLE_BYTES, generate, table};

#[test]
fn the_table_is_what_the_generator_makes_and_rayws_size() {
    let shared = table();
    // RayW's HandRanks.dat: 32,487,834 entries.
    assert_eq!(shared.entries.len(), 32_487_834);
    assert_eq!(ENTRIES, 32_487_834);
    if shared.origin.generated() {
        // Made by `generate` in this process: nothing to compare.
        println!("twoplustwo: {TABLE_BYTES} bytes, {}", shared.origin);
        return;
    }
    // Read from the cache: it must be, entry for entry, what the generator
    // makes now.
    let started = std::time::Instant::now();
    let entries = generate();
    println!(
        "twoplustwo: {TABLE_BYTES} bytes generated in {:.2} s; the shared table {}",
        started.elapsed().as_secs_f64(),
        shared.origin
    );
    assert!(shared.entries == entries, "the cached table differs");
}

#[test]
fn five_six_and_seven_cards_agree_on_a_hand_that_grows() {
    // Adding a card never makes a hand worse; adding one that joins nothing
    // of the best five leaves the value as it was.
    let five: Hand = "Ah Kh Qh Jh 9h".parse().unwrap();
    let six: Hand6 = "Ah Kh Qh Jh 9h 2c".parse().unwrap();
    let seven: Hand7 = "Ah Kh Qh Jh 9h 2c Th".parse().unwrap();
    let v5 = Five::strength(Five::encode(&five));
    assert_eq!(Six::strength(&six), v5);
    assert!(Seven::strength(&seven) > v5);
    assert_eq!(Seven::category(&seven), handeval_core::Category::RoyalFlush);
}
