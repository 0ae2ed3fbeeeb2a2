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
/// The same for the seven-card hash, whose key sums spread wider.
const ROW_SHIFT7: u32 = 12;

/// OMPEval's rank keys (Henri Ahola, `HandEvaluator.h`, `RANKS`), 2 first:
/// the sums of any multiset of seven ranks (at most four of a rank) are
/// distinct, which [`multisets7`] checks, and stay below 2^25.
const KEYS7: [u32; 13] = [
    0x2000, 0x8001, 0x11000, 0x3a000, 0x91000, 0x176005, 0x366000, 0x41a013, 0x47802e, 0x479068,
    0x48c0e4, 0x48f211, 0x494493,
];

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
    let classes = usize::from(handeval_core::rules::STANDARD.classes());
    assert_eq!(all.len(), classes, "distinct five-card strengths");
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

    let (offsets, slots) = perfect_hash(
        &multisets.iter().map(|&(_, k)| k).collect::<Vec<_>>(),
        ROW_SHIFT,
    );
    let mut lookup = vec![0u16; slots.len()];
    let mut by_multiset = std::collections::HashMap::new();
    for &(ranks, key) in &multisets {
        let slot = key.wrapping_add(offsets[(key >> ROW_SHIFT) as usize]) as usize;
        assert_eq!(slots[slot], Some(key));
        lookup[slot] = value(strength(ranks, false));
        by_multiset.insert(ranks, lookup[slot]);
    }

    let (offsets7, lookup7, flush7) = seven_tables(&by_multiset, &flush_table);

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
    let offsets = padded(offsets);
    assert_eq!(offsets.len(), 1 << (19 - ROW_SHIFT), "keys below 2^19");
    array(
        &mut out,
        "OFFSETS",
        "u32",
        "Row offsets of the perfect hash (wrapping), padded to a power of two.",
        &offsets,
    );
    // One spare entry, so that a 4-byte gather of the last `u16` stays inside.
    lookup.push(0);
    let lookup = padded(lookup);
    array(
        &mut out,
        "LOOKUP",
        "u16",
        "Value by perfect hash of the rank key sum (at least one spare entry; padded to a power of two).",
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
    write_seven(&mut out, &offsets7, lookup7, flush7);
    write_digest(&mut out);
    let path = PathBuf::from(std::env::var_os("OUT_DIR").expect("OUT_DIR")).join("tables.rs");
    std::fs::write(path, out).expect("write tables.rs");
}

/// Appends FNV-1a of everything written so far, which Omaha's cached
/// tables (made from these values) are fingerprinted with.
fn write_digest(out: &mut String) {
    let digest = out.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    });
    writeln!(
        out,
        "/// FNV-1a of the tables above, for caches of tables made from them.\n#[cfg_attr(not(feature = \"std\"), allow(dead_code))]\npub const DIGEST: u64 = {digest:#018x};"
    )
    .expect("write to a String");
}

/// The seven-card tables: the perfect hash's offsets and slots over the
/// seven-card rank key sums, each slot the best of its 21 fives'
/// values (`by_multiset`), and the flush table over five to seven ranks,
/// each mask the best of its five-rank subsets (`flush`).
fn seven_tables(
    by_multiset: &std::collections::HashMap<[u8; 5], u16>,
    flush: &[u16],
) -> (Vec<u32>, Vec<u16>, Vec<u16>) {
    let sevens = multisets7();
    let best_five = |ranks: [u8; 7]| {
        FIVE_OF_SEVEN
            .iter()
            .map(|p| by_multiset[&p.map(|i| ranks[i])])
            .max()
            .expect("21 fives")
    };
    let (offsets7, slots7) = perfect_hash(
        &sevens.iter().map(|&(_, k)| k).collect::<Vec<_>>(),
        ROW_SHIFT7,
    );
    let mut lookup7 = vec![0u16; slots7.len()];
    for &(ranks, key) in &sevens {
        let slot = key.wrapping_add(offsets7[(key >> ROW_SHIFT7) as usize]) as usize;
        assert_eq!(slots7[slot], Some(key));
        lookup7[slot] = best_five(ranks);
    }
    let flush7 = (0usize..1 << 13)
        .map(|mask| {
            if mask.count_ones() < 5 {
                return 0;
            }
            // The submasks of `mask`, walked by `(sub - 1) & mask`.
            let submasks =
                std::iter::successors(Some(mask), |&sub| (sub != 0).then(|| (sub - 1) & mask));
            submasks
                .filter(|sub| sub.count_ones() == 5)
                .map(|sub| flush[sub])
                .max()
                .expect("a five of the flush")
        })
        .collect();
    (offsets7, lookup7, flush7)
}

/// Writes the seven-card tables.
fn write_seven(out: &mut String, offsets7: &[u32], mut lookup7: Vec<u16>, mut flush7: Vec<u16>) {
    writeln!(
        out,
        "/// Row shift of the seven-card perfect hash.\npub const ROW_SHIFT7: u32 = {ROW_SHIFT7};"
    )
    .unwrap();
    array(
        out,
        "RANK_KEYS7",
        "u32",
        "Seven-card key of each rank, 2 first (OMPEval's).",
        &KEYS7,
    );
    let offsets7 = padded(offsets7.to_vec());
    assert_eq!(
        offsets7.len(),
        1 << (25 - ROW_SHIFT7),
        "rank keys are below 2^25"
    );
    array(
        out,
        "OFFSETS7",
        "u32",
        "Row offsets of the seven-card perfect hash (wrapping), padded to a power of two.",
        &offsets7,
    );
    lookup7.push(0);
    let lookup7 = padded(lookup7);
    array(
        out,
        "LOOKUP7",
        "u16",
        "Value of the best five by perfect hash of the seven-card rank key sum (at least one spare entry; padded to a power of two).",
        &lookup7,
    );
    flush7.push(0);
    array(
        out,
        "FLUSH7",
        "u16",
        "Value of the best five of a flush of five to seven cards by its 13-bit rank mask (plus one spare entry).",
        &flush7,
    );
}

/// `table` padded with zeros to a power of two, so that a mask (one AND)
/// bounds an index where a clamp took a compare and a move; the padding is
/// never read by a hand, and costs no cache.
fn padded<T: Copy + Default>(mut table: Vec<T>) -> Vec<T> {
    table.resize(table.len().next_power_of_two(), T::default());
    table
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

/// The positions of the 21 five-card hands among seven cards.
const FIVE_OF_SEVEN: [[usize; 5]; 21] = {
    let mut out = [[0; 5]; 21];
    let mut n = 0;
    let mut skip_a = 0;
    while skip_a < 7 {
        let mut skip_b = skip_a + 1;
        while skip_b < 7 {
            let mut five = [0; 5];
            let (mut i, mut j) = (0, 0);
            while i < 7 {
                if i != skip_a && i != skip_b {
                    five[j] = i;
                    j += 1;
                }
                i += 1;
            }
            out[n] = five;
            n += 1;
            skip_b += 1;
        }
        skip_a += 1;
    }
    out
};

/// Every seven-card rank multiset (at most four of a rank), sorted, with its
/// key sum by [`KEYS7`]; asserts that the sums are distinct.
fn multisets7() -> Vec<([u8; 7], u32)> {
    fn fill(at: usize, from: u8, ranks: &mut [u8; 7], out: &mut Vec<([u8; 7], u32)>) {
        if at == 7 {
            out.push((*ranks, ranks.iter().map(|&r| KEYS7[r as usize]).sum()));
            return;
        }
        for r in from..13 {
            // At most four of a rank: the fifth copy would sit four places back.
            if at >= 4 && ranks[at - 4] == r {
                continue;
            }
            ranks[at] = r;
            fill(at + 1, r, ranks, out);
        }
    }
    let mut out = Vec::new();
    fill(0, 0, &mut [0; 7], &mut out);
    assert_eq!(out.len(), 49_205, "seven-card rank multisets");
    let mut sums: Vec<u32> = out.iter().map(|&(_, k)| k).collect();
    sums.sort_unstable();
    assert!(
        sums.windows(2).all(|w| w[0] < w[1]),
        "seven-card key sums are distinct"
    );
    assert!(sums.last().is_some_and(|&k| k < 1 << 25));
    out
}

/// Row displacement: rows (`key >> shift`) are placed fullest first, each
/// at the lowest offset where all its entries land on free slots.
fn perfect_hash(keys: &[u32], shift: u32) -> (Vec<u32>, Vec<Option<u32>>) {
    let rows = (keys.iter().max().expect("keys") >> shift) as usize + 1;
    let mut by_row: Vec<Vec<u32>> = vec![Vec::new(); rows];
    for &k in keys {
        by_row[(k >> shift) as usize].push(k);
    }
    let mut order: Vec<usize> = (0..rows).collect();
    order.sort_by_key(|&r| std::cmp::Reverse(by_row[r].len()));
    let mut slots: Vec<Option<u32>> = Vec::new();
    let mut offsets = vec![0u32; rows];
    let mut first_free = 0;
    for row in order {
        let entries = &by_row[row];
        if entries.is_empty() {
            continue;
        }
        let cols: Vec<usize> = entries
            .iter()
            .map(|&k| (k & ((1 << shift) - 1)) as usize)
            .collect();
        // Every slot below `first_free` is taken, so the lowest column
        // cannot land below it; past the end every slot is free, so the
        // search ends there at the latest.
        while slots.get(first_free).is_some_and(Option::is_some) {
            first_free += 1;
        }
        let lowest = *cols.iter().min().expect("a column");
        let base = (first_free.saturating_sub(lowest)..=slots.len())
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
        offsets[row] = (base as u32).wrapping_sub((row as u32) << shift);
    }
    (offsets, slots)
}
