//! RayW's 2+2 table as a package ships it (`poker-evaluator`'s
//! `data/HandRanks.dat`), compared entry for entry with the table the lab
//! generates (`handeval-twoplustwo`).
//!
//! The two number their states differently (RayW's sorted in one list, the
//! lab's by size) and value hands on different category scales (RayW's high
//! card is 1, the lab's 0), so "the same entry" is found by walking both:
//! every hand of five, six and seven cards, card by card, through both
//! tables at once. Each row reached in one must always be reached with the
//! same row of the other (the states correspond one to one), and each value
//! reached in one with the same value of the other, the pairs ordered alike
//! (the scales correspond one to one, in order). Every entry a hand reads is
//! compared; the entries no hand reads (a card already dealt) are not.

use std::fmt;
use std::path::Path;

use handeval_twoplustwo::{ENTRIES, ROW, START};

/// What the comparison found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Comparison {
    /// Entries of RayW's table read by some hand and compared.
    pub entries_compared: u64,
    /// Rows matched one to one.
    pub rows_matched: u64,
    /// Hands walked (five, six and seven cards).
    pub hands: u64,
    /// Entries whose counterpart in the lab's table differs: a row reached
    /// with two rows of the other, or a value with two values.
    pub differing_entries: u64,
    /// Entries of a card already in the hand (RayW's lead to its empty
    /// hand's row, the lab's to its sink): compared as such.
    pub impossible: u64,
    /// Value pairs out of order (RayW's value higher, the lab's lower).
    pub misordered_values: u64,
    /// The first differences, spelled out.
    pub examples: Vec<String>,
}

impl fmt::Display for Comparison {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} entries of RayW's table compared with the lab's, walking {} hands ({} rows matched one to one, {} entries of a card already dealt): {} differ, {} values out of order",
            self.entries_compared,
            self.hands,
            self.rows_matched,
            self.impossible,
            self.differing_entries,
            self.misordered_values
        )
    }
}

/// Reads a `HandRanks.dat`: little-endian 32-bit entries.
///
/// # Errors
/// A file that cannot be read or is not the table's size.
pub fn read(path: &Path) -> Result<Vec<u32>, String> {
    let bytes = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
    if bytes.len() != ENTRIES * 4 {
        return Err(format!(
            "{}: {} bytes, where RayW's table has {} ({} entries)",
            path.display(),
            bytes.len(),
            ENTRIES * 4,
            ENTRIES
        ));
    }
    Ok(bytes
        .chunks_exact(4)
        .map(|b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
        .collect())
}

struct Walk<'a> {
    rayw: &'a [u32],
    lab: &'a [u32],
    // Row of RayW -> row of the lab's, and back (u32::MAX: not yet seen).
    to_lab: Vec<u32>,
    to_rayw: Vec<u32>,
    // Cards dealt to reach each of RayW's rows.
    depth: Vec<u8>,
    // RayW's value (category << 12 | rank, below 2^16) -> the lab's.
    values: Vec<u32>,
    compared: Vec<u64>,
    out: Comparison,
}

impl Walk<'_> {
    fn mark(&mut self, entry: usize) {
        let (word, bit) = (entry / 64, entry % 64);
        if self.compared[word] & (1 << bit) == 0 {
            self.compared[word] |= 1 << bit;
            self.out.entries_compared += 1;
        }
    }

    fn differ(&mut self, what: String) {
        self.out.differing_entries += 1;
        if self.out.examples.len() < 5 {
            self.out.examples.push(what);
        }
    }

    /// The rows (offsets) each table reached after the same card.
    fn rows(&mut self, r: u32, l: u32, entry: usize, depth: usize) {
        let (ri, li) = (r as usize / ROW, l as usize / ROW);
        let (Some(&to_l), Some(&to_r)) = (self.to_lab.get(ri), self.to_rayw.get(li)) else {
            self.differ(format!("entry {entry}: a row past the end"));
            return;
        };
        match (to_l, to_r) {
            (u32::MAX, u32::MAX) => {
                self.to_lab[ri] = li as u32;
                self.to_rayw[li] = ri as u32;
                self.depth[ri] = depth as u8;
                self.out.rows_matched += 1;
            }
            (a, b) if a == li as u32 && b == ri as u32 => {}
            _ => self.differ(format!(
                "entry {entry}: RayW's row {ri} met with the lab's {li}, which were matched to others"
            )),
        }
    }

    fn value(&mut self, r: u32, l: u32, entry: usize) {
        match self.values.get(r as usize).copied() {
            None => self.differ(format!("entry {entry}: RayW's value {r:#x} is past 2^16")),
            Some(u32::MAX) => self.values[r as usize] = l,
            Some(seen) if seen == l => {}
            Some(seen) => self.differ(format!(
                "entry {entry}: RayW's value {r:#x} met with the lab's {l:#x} and {seen:#x}"
            )),
        }
    }

    fn walk(&mut self, depth: usize, first: usize, r: usize, l: usize) {
        for card in first..=handeval_core::Card::COUNT {
            let entry = r + card;
            self.mark(entry);
            let (rn, ln) = (self.rayw[entry], self.lab[l + card]);
            if depth == 7 {
                self.out.hands += 1;
                self.value(rn, ln, entry);
                continue;
            }
            self.rows(rn, ln, entry, depth);
            let (rn, ln) = (rn as usize, ln as usize);
            if rn + ROW > self.rayw.len() || ln + ROW > self.lab.len() {
                continue;
            }
            if depth >= 5 {
                // Entry 0 of a five- or six-card state: the hand's value.
                self.mark(rn);
                self.out.hands += 1;
                self.value(self.rayw[rn], self.lab[ln], rn);
            }
            self.walk(depth + 1, card + 1, rn, ln);
        }
    }
}

/// Compares `rayw` (a `HandRanks.dat` read by [`read`]) with the lab's
/// generated table, walking every hand of five, six and seven cards.
pub fn compare(rayw: &[u32]) -> Comparison {
    let lab = &handeval_twoplustwo::table().entries;
    let rows = ENTRIES / ROW;
    let mut w = Walk {
        rayw,
        lab,
        to_lab: vec![u32::MAX; rows],
        to_rayw: vec![u32::MAX; rows],
        depth: vec![0; rows],
        values: vec![u32::MAX; 1 << 16],
        compared: vec![0; ENTRIES.div_ceil(64)],
        out: Comparison::default(),
    };
    w.rows(START as u32, START as u32, 0, 0);
    w.walk(1, 1, START, START);
    // Then every entry of every matched row, whatever order of cards
    // reaches it: the walk read only the entries of cards dealt in rising
    // order. A card already in the hand leads to RayW's empty hand's row
    // and to the lab's sink (entry 0): each table's own convention.
    for ri in 0..rows {
        let li = w.to_lab[ri];
        if li == u32::MAX {
            continue;
        }
        let (r, l) = (ri * ROW, li as usize * ROW);
        let depth = w.depth[ri];
        // Entry 0: a five- or six-card state's value, else nothing (0).
        w.mark(r);
        if depth >= 5 {
            w.value(rayw[r], lab[l], r);
        } else if rayw[r] != lab[l] {
            w.differ(format!(
                "entry {r}: {} where the lab's row {li} has {}",
                rayw[r], lab[l]
            ));
        }
        for card in 1..ROW {
            let entry = r + card;
            let (rv, lv) = (rayw[entry], lab[l + card]);
            w.mark(entry);
            if depth == 6 {
                if lv == 0 {
                    w.out.impossible += 1;
                } else {
                    w.value(rv, lv, entry);
                }
            } else if lv == 0 {
                w.out.impossible += 1;
                if rv as usize != START {
                    w.differ(format!(
                        "entry {entry}: an impossible card leads the lab to its sink and RayW to {rv}, not its empty hand's row"
                    ));
                }
            } else {
                w.rows(rv, lv, entry, usize::from(depth) + 1);
            }
        }
    }
    // The value pairs, by RayW's value: the lab's must rise with them.
    let mut last: Option<u32> = None;
    let pairs: Vec<(u32, u32)> = w
        .values
        .iter()
        .enumerate()
        .filter(|&(_, &l)| l != u32::MAX)
        .map(|(r, &l)| (r as u32, l))
        .collect();
    for (r, l) in pairs {
        if last.is_some_and(|prev| l <= prev) {
            w.out.misordered_values += 1;
            if w.out.examples.len() < 5 {
                w.out.examples.push(format!(
                    "RayW's value {r:#x} is the lab's {l:#x}, not above the one before"
                ));
            }
        }
        last = Some(l);
    }
    w.out
}
