//! Class numbers from any evaluator's own strength values.

use std::any::{Any, TypeId};
use std::sync::{Arc, Mutex, OnceLock, PoisonError};

use handeval_core::{Evaluator, all_hands};

use crate::{KeySet, Strength};

/// Values ranked a chunk at a time: see [`Ranking::absorb`].
const CHUNK: usize = 1 << 16;

/// Distinct strength values, strongest first: the map from a native strength
/// to its class number (1 = strongest). Ranking every hand's strength this way
/// gives a correct evaluator exactly the conventional classes 1..=7462, and an
/// evaluator that orders hands wrongly wrong ones, since nothing here borrows
/// another evaluator's answer. The reference numbers its own classes with it,
/// and so do the CLI and the differential checker for every other evaluator.
#[derive(Clone, Debug)]
pub struct Ranking<S> {
    strongest_first: Vec<S>,
}

impl<S: Ord + Copy> Ranking<S> {
    /// Ranks the distinct values among `values`.
    pub fn from_values(values: impl IntoIterator<Item = S>) -> Self {
        let mut ranking = Ranking {
            strongest_first: Vec::new(),
        };
        let mut chunk = Vec::with_capacity(CHUNK);
        for value in values {
            chunk.push(value);
            if chunk.len() == CHUNK {
                ranking.absorb(&mut chunk);
            }
        }
        ranking.absorb(&mut chunk);
        ranking
    }

    /// Adds the distinct values of `chunk` (left empty) to the ranking.
    ///
    /// Why in chunks: a correct five-card evaluator has 7,462 values over
    /// 2,598,960 hands, so sorting a chunk that fits the second-level cache
    /// and merging its few distinct values into the ranking is several
    /// times quicker than sorting every hand's value at once, and every
    /// tool that reads classes (`eval`, `diff`, the checks) ranks a scale
    /// per evaluator. A wrong evaluator with millions of values costs at
    /// most a merge per chunk, about forty over the five-card hands.
    fn absorb(&mut self, chunk: &mut Vec<S>) {
        chunk.sort_unstable_by(|a, b| b.cmp(a));
        chunk.dedup();
        let ranked = &self.strongest_first;
        let mut merged = Vec::with_capacity(ranked.len() + chunk.len());
        let (mut i, mut j) = (0, 0);
        while i < ranked.len() && j < chunk.len() {
            match ranked[i].cmp(&chunk[j]) {
                core::cmp::Ordering::Greater => {
                    merged.push(ranked[i]);
                    i += 1;
                }
                core::cmp::Ordering::Less => {
                    merged.push(chunk[j]);
                    j += 1;
                }
                core::cmp::Ordering::Equal => {
                    merged.push(ranked[i]);
                    i += 1;
                    j += 1;
                }
            }
        }
        merged.extend_from_slice(&ranked[i..]);
        merged.extend_from_slice(&chunk[j..]);
        self.strongest_first = merged;
        chunk.clear();
    }

    /// How many distinct values there are (7,462 for a correct evaluator).
    pub fn len(&self) -> usize {
        self.strongest_first.len()
    }

    /// Whether no values were ranked.
    pub fn is_empty(&self) -> bool {
        self.strongest_first.is_empty()
    }

    /// The distinct values, strongest first.
    pub fn values(&self) -> &[S] {
        &self.strongest_first
    }

    /// The class of `strength`: 1 for the strongest value, 2 for the next, ...
    /// `None` if the value was never seen.
    pub fn class(&self, strength: S) -> Option<u32> {
        self.strongest_first
            .binary_search_by(|probe| strength.cmp(probe))
            .ok()
            .map(|i| i as u32 + 1)
    }
}

/// The ranking of `F`'s values over all five-card hands of its deck
/// ([`Evaluator::RULES`]): the scale its
/// classes, and those of every seven-card evaluator whose values are on it,
/// are read on. Made once per evaluator type per process and shared (the
/// checks and benchmarks of several seven-card evaluators read one scale).
/// Threads asking for different scales rank them at the same time; a thread
/// asking for a scale another is ranking waits for it instead of ranking it
/// again.
///
/// # Panics
///
/// Never: each evaluator type's cell holds that type's ranking.
pub fn scale<F: Evaluator>() -> Arc<Ranking<F::Strength>> {
    type Cell = Arc<OnceLock<Arc<dyn Any + Send + Sync>>>;
    static CACHE: Mutex<Vec<(TypeId, Cell)>> = Mutex::new(Vec::new());
    let cell: Cell = {
        let mut cache = CACHE.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some((_, cell)) = cache.iter().find(|(id, _)| *id == TypeId::of::<F>()) {
            Arc::clone(cell)
        } else {
            let cell = Cell::default();
            cache.push((TypeId::of::<F>(), Arc::clone(&cell)));
            cell
        }
    };
    // Ranked outside the cache's lock: only callers of this one scale wait.
    let any = cell.get_or_init(|| {
        let deck = F::RULES.deck();
        // A chunk of hands at a time, valued in one batch call: the scale
        // needs each hand's value once, never all of them at once.
        let mut ranking = Ranking {
            strongest_first: Vec::new(),
        };
        // The reference's own strengths (every rule set's `Naive`) are
        // hashed instead: a whole strength compares field by field, and
        // the reference's scale is made by every process that checks a
        // hand, so its seven thousand distinct values are found without
        // sorting millions.
        let mut strengths: KeySet<Strength> = KeySet::default();
        let mut hands: Vec<F::Encoded> = Vec::with_capacity(CHUNK);
        let mut values: Vec<F::Strength> = Vec::with_capacity(CHUNK);
        let mut rank = |hands: &mut Vec<F::Encoded>, values: &mut Vec<F::Strength>| {
            let Some(&first) = hands.first() else {
                return;
            };
            values.clear();
            values.resize(hands.len(), F::strength(first));
            F::strengths(hands, values);
            if let Some(reference) = (values as &mut dyn Any).downcast_mut::<Vec<Strength>>() {
                strengths.extend(reference.iter().copied());
            } else {
                ranking.absorb(values);
            }
            hands.clear();
        };
        for hand in all_hands().filter(|h| h.mask() & !deck == 0) {
            hands.push(F::encode(&hand));
            if hands.len() == CHUNK {
                rank(&mut hands, &mut values);
            }
        }
        rank(&mut hands, &mut values);
        let made: Arc<dyn Any + Send + Sync> = if strengths.is_empty() {
            Arc::new(ranking)
        } else {
            Arc::new(Ranking::from_values(strengths))
        };
        made
    });
    Arc::clone(any)
        .downcast()
        .expect("one ranking type per evaluator type")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranking_numbers_distinct_values_strongest_first() {
        let r = Ranking::from_values([5, 9, 5, 1, 9, 7]);
        assert_eq!(r.len(), 4);
        assert_eq!(r.values(), [9, 7, 5, 1]);
        assert_eq!(r.class(9), Some(1));
        assert_eq!(r.class(7), Some(2));
        assert_eq!(r.class(5), Some(3));
        assert_eq!(r.class(1), Some(4));
        assert_eq!(r.class(6), None);
    }

    #[test]
    fn chunks_rank_as_one_sort_would() {
        // Over three chunks, with few distinct values and with a value in
        // every chunk, then with nearly every value distinct.
        for modulus in [97_u64, 1 << 40] {
            let values: Vec<u64> = (0..3 * CHUNK as u64 + 5)
                .map(|i| i.wrapping_mul(0x9E37_79B9_7F4A_7C15) % modulus)
                .collect();
            let mut expected = values.clone();
            expected.sort_unstable_by(|a, b| b.cmp(a));
            expected.dedup();
            let r = Ranking::from_values(values);
            assert_eq!(r.values(), expected);
        }
    }
}
