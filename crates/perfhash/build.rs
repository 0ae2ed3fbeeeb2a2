//! Generates the perfect-hash evaluator's tables from the lab's reference
//! evaluator, so that no table is checked in: `tables.rs` in `OUT_DIR`.
//!
//! 1. Rank keys: the smallest increasing numbers such that every multiset
//!    of up to five ranks (each at most four times) has its own key sum,
//!    found greedily.
//! 2. Values: every distinct five-card strength (6,175 rank multisets
//!    without a flush, 1,287 flushes) from the reference, sorted; a hand's
//!    value is `category << 12 | n`, where `n` counts up from 1 for the
//!    weakest hand of its category. Categories are contiguous in the order,
//!    so the values order hands as the reference does, and the category is
//!    the top four bits.
//! 3. A row-displacement perfect hash of the 6,175 key sums: the key's high
//!    bits pick a row, each row gets an offset that lands its entries on
//!    free slots, and the table is the slots.

use std::fmt::Write as _;
use std::path::PathBuf;

use handeval_core::{Card, Category, Evaluator, Hand, Rank, Suit};
use handeval_reference::Reference;

/// Low bits of a key sum that index within a row.
const ROW_SHIFT: u32 = 8;

fn main() {
    println!("cargo::rerun-if-changed=build.rs");
    let keys = rank_keys();
    let multisets = multisets(&keys);
    let flushes: Vec<[u8; 5]> = (0u16..1 << 13)
        .filter(|m| m.count_ones() == 5)
        .map(|m| {
            let ranks: Vec<u8> = (0..13).filter(|r| m & 1 << r != 0).collect();
            ranks.try_into().expect("five ranks")
        })
        .collect();

    // Every distinct strength, weakest first.
    let strength = |ranks: [u8; 5], flush: bool| {
        let cards = core::array::from_fn(|i| {
            let rank = Rank::from_index(ranks[i]).expect("rank");
            // A rank appears at most four times, so suits by position within
            // the sorted multiset are distinct; two suits guarantee no flush.
            let suit = if flush { 3 } else { (i % 4) as u8 };
            Card::new(rank, Suit::from_index(suit).expect("suit"))
        });
        let hand = Hand::new(cards).expect("a valid hand");
        let encoded = Reference::encode(&hand);
        (Reference::strength(encoded), Reference::category(encoded))
    };
    let mut all: Vec<_> = multisets
        .iter()
        .map(|&(r, _)| strength(r, false))
        .chain(flushes.iter().map(|&r| strength(r, true)))
        .collect();
    all.sort();
    all.dedup();
    assert!(
        all.windows(2).all(|w| w[0].1 <= w[1].1),
        "categories are contiguous"
    );
    assert_eq!(all.len(), 7462, "distinct five-card strengths");
    let value = |(s, category): (_, Category)| {
        let position = all.partition_point(|(x, _)| *x < s);
        let first_of_category = all.partition_point(|(_, c)| *c < category);
        (category.index() as u16) << 12 | (position - first_of_category + 1) as u16
    };

    let mut flush_table = vec![0u16; 1 << 13];
    for &r in &flushes {
        let mask: usize = r.iter().map(|&x| 1 << x).sum();
        flush_table[mask] = value(strength(r, true));
    }

    let (offsets, slots) = perfect_hash(&multisets.iter().map(|&(_, k)| k).collect::<Vec<_>>());
    let mut lookup = vec![0u16; slots.len()];
    for (&(ranks, key), _) in multisets.iter().zip(0..) {
        let slot = key.wrapping_add(offsets[(key >> ROW_SHIFT) as usize]) as usize;
        assert_eq!(slots[slot], Some(key));
        lookup[slot] = value(strength(ranks, false));
    }

    let mut out = String::new();
    writeln!(
        out,
        "/// Row shift of the perfect hash.\npub const ROW_SHIFT: u32 = {ROW_SHIFT};"
    )
    .unwrap();
    array(
        &mut out,
        "RANK_KEYS",
        "u32",
        "Key of each rank, 2 first.",
        &keys,
    );
    array(
        &mut out,
        "OFFSETS",
        "u32",
        "Row offsets of the perfect hash (wrapping).",
        &offsets,
    );
    // One spare entry, so that a 4-byte gather of the last `u16` stays inside.
    lookup.push(0);
    array(
        &mut out,
        "LOOKUP",
        "u16",
        "Value by perfect hash of the rank key sum (plus one spare entry).",
        &lookup,
    );
    flush_table.push(0);
    array(
        &mut out,
        "FLUSH",
        "u16",
        "Value of a flush by its 13-bit rank mask (plus one spare entry).",
        &flush_table,
    );
    let path = PathBuf::from(std::env::var_os("OUT_DIR").expect("OUT_DIR")).join("tables.rs");
    std::fs::write(path, out).expect("write tables.rs");
}

fn array<T: std::fmt::Display>(out: &mut String, name: &str, ty: &str, doc: &str, values: &[T]) {
    writeln!(
        out,
        "#[doc = {doc:?}]\npub static {name}: [{ty}; {}] = [",
        values.len()
    )
    .unwrap();
    for chunk in values.chunks(16) {
        let line: Vec<String> = chunk.iter().map(ToString::to_string).collect();
        writeln!(out, "    {},", line.join(", ")).unwrap();
    }
    writeln!(out, "];").unwrap();
}

/// Greedy rank keys: each the smallest above the last that keeps the sums
/// of all multisets of up to five cards (at most four of a rank) distinct.
fn rank_keys() -> Vec<u32> {
    let mut keys: Vec<u32> = Vec::new();
    // sums[m]: key sums of the m-card multisets over the ranks so far.
    let mut sums: Vec<Vec<u32>> = vec![vec![0], vec![], vec![], vec![], vec![], vec![]];
    let mut seen = Seen::default();
    for _rank in 0..13 {
        let mut candidate = keys.last().map_or(0, |k| k + 1);
        while !keeps_sums_distinct(&sums, candidate, &mut seen) {
            candidate += 1;
        }
        for size in (1..sums.len()).rev() {
            let grown: Vec<u32> = (1..=size.min(4))
                .flat_map(|copies| {
                    sums[size - copies]
                        .iter()
                        .map(move |&s| s + copies as u32 * candidate)
                })
                .collect();
            sums[size].extend(grown);
        }
        keys.push(candidate);
    }
    keys
}

/// Whether a rank of key `k` joining keeps the sums of same-size multisets
/// distinct. Tens of thousands of candidates are tried, each against
/// thousands of sums, so the test marks sums in a stamped array rather than
/// hashing them: this runs in the build script, unoptimised.
fn keeps_sums_distinct(sums: &[Vec<u32>], k: u32, seen: &mut Seen) -> bool {
    for size in 0..sums.len() {
        seen.clear();
        for copies in 0..=size.min(4) {
            for &s in &sums[size - copies] {
                if !seen.insert(s + copies as u32 * k) {
                    return false;
                }
            }
        }
    }
    true
}

/// A set of small numbers that clears in constant time: a number is in the
/// set when its slot holds the current stamp.
#[derive(Default)]
struct Seen {
    slots: Vec<u32>,
    stamp: u32,
}

impl Seen {
    fn clear(&mut self) {
        self.stamp += 1;
    }

    /// Adds `x`; false if it was already there.
    fn insert(&mut self, x: u32) -> bool {
        let x = x as usize;
        if x >= self.slots.len() {
            self.slots.resize(x + 1, 0);
        }
        let fresh = self.slots[x] != self.stamp;
        self.slots[x] = self.stamp;
        fresh
    }
}

/// Every five-card rank multiset (at most four of a rank) with its key sum.
fn multisets(keys: &[u32]) -> Vec<([u8; 5], u32)> {
    let mut out = Vec::new();
    for a in 0..13u8 {
        for b in a..13 {
            for c in b..13 {
                for d in c..13 {
                    for e in d..13 {
                        if a == e {
                            continue;
                        }
                        let ranks = [a, b, c, d, e];
                        out.push((ranks, ranks.iter().map(|&r| keys[r as usize]).sum()));
                    }
                }
            }
        }
    }
    assert_eq!(out.len(), 6175, "five-card rank multisets");
    out
}

/// Row displacement: rows (`key >> ROW_SHIFT`) are placed fullest first, each
/// at the lowest offset where all its entries land on free slots.
fn perfect_hash(keys: &[u32]) -> (Vec<u32>, Vec<Option<u32>>) {
    let rows = (keys.iter().max().expect("keys") >> ROW_SHIFT) as usize + 1;
    let mut by_row: Vec<Vec<u32>> = vec![Vec::new(); rows];
    for &k in keys {
        by_row[(k >> ROW_SHIFT) as usize].push(k);
    }
    let mut order: Vec<usize> = (0..rows).collect();
    order.sort_by_key(|&r| std::cmp::Reverse(by_row[r].len()));
    let mut slots: Vec<Option<u32>> = Vec::new();
    let mut offsets = vec![0u32; rows];
    for row in order {
        let entries = &by_row[row];
        if entries.is_empty() {
            continue;
        }
        let cols: Vec<usize> = entries
            .iter()
            .map(|&k| (k & ((1 << ROW_SHIFT) - 1)) as usize)
            .collect();
        // Past the end every slot is free, so the search ends there at the latest.
        let base = (0..=slots.len())
            .find(|&base| {
                cols.iter()
                    .all(|&c| slots.get(base + c).is_none_or(Option::is_none))
            })
            .expect("a free place");
        for (&c, &k) in cols.iter().zip(entries) {
            if slots.len() <= base + c {
                slots.resize(base + c + 1, None);
            }
            slots[base + c] = Some(k);
        }
        // slot = key + offset = (row << ROW_SHIFT) + col + offset = base + col.
        offsets[row] = (base as u32).wrapping_sub((row as u32) << ROW_SHIFT);
    }
    (offsets, slots)
}
