//! Class numbers from any evaluator's own strength values.

use std::any::{Any, TypeId};
use std::sync::{Arc, Mutex, OnceLock, PoisonError};

use handeval_core::{Evaluator, all_hands};

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
        let mut v: Vec<S> = values.into_iter().collect();
        v.sort_unstable_by(|a, b| b.cmp(a));
        v.dedup();
        Ranking { strongest_first: v }
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
        let hands: Vec<F::Encoded> = all_hands()
            .filter(|h| h.mask() & !deck == 0)
            .map(|h| F::encode(&h))
            .collect();
        let mut values = vec![F::strength(hands[0]); hands.len()];
        F::strengths(&hands, &mut values);
        Arc::new(Ranking::from_values(values))
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
}
