//! The 2+2 state table: its size, its generation, its cache.

use handeval_core::{BestFive, Evaluator, Hand, Hand6, Hand7};
use handeval_twoplustwo::{ENTRIES, Five, Seven, Six, TABLE_BYTES, table};

/// The cache holds what the generator makes, on every machine (see the
/// perfhash test of the same kind: at 425044b this returned without
/// comparing on every cold cache).
#[test]
fn the_table_is_what_the_generator_makes_and_rayws_size() {
    let shared = table();
    // RayW's HandRanks.dat: 32,487,834 entries.
    assert_eq!(shared.entries.len(), 32_487_834);
    assert_eq!(ENTRIES, 32_487_834);
    let fresh = tempfile::tempdir().unwrap();
    let started = std::time::Instant::now();
    let (made, read, from_file) = handeval_twoplustwo::through_cache(fresh.path());
    assert!(
        from_file,
        "the table was not read back from the fresh cache"
    );
    assert!(
        made == read,
        "the table read back differs from the one saved"
    );
    assert!(
        shared.entries == made,
        "the table this process uses ({}) differs from the generator's",
        shared.origin
    );
    println!(
        "twoplustwo: {TABLE_BYTES} bytes generated, saved and read back in {:.2} s, equal to the generator's and to the shared table ({})",
        started.elapsed().as_secs_f64(),
        shared.origin
    );
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
