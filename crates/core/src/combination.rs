//! The one stepper through combinations: every loop in the lab that deals
//! `k` of `n` things in lexicographic order (the fives of a hand, every
//! hand of a deck, the boards still to come, an Omaha hand's subsets)
//! steps with [`next_combination`].

/// Steps `at`, increasing places among `0..n`, to the next combination of
/// `at.len()` of them in lexicographic order: the rightmost place that can
/// still move (place `i` may reach `n - at.len() + i`) moves up one, and
/// the places after it follow on from it. Returns `false`, leaving `at` as
/// it was, when `at` was the last combination (or there is none: more
/// places than `n`, or no place at all).
///
/// Stepping a tail of `at` alone (`&mut at[1..]`) runs through the
/// combinations that keep the first place, as a loop split by its first
/// card does.
///
/// ```
/// use handeval_core::next_combination;
///
/// // The ten ways to choose three of five, from [0, 1, 2] to [2, 3, 4].
/// let mut at = [0, 1, 2];
/// let mut seen = vec![at];
/// while next_combination(&mut at, 5) {
///     seen.push(at);
/// }
/// assert_eq!(seen.len(), 10);
/// assert_eq!(seen[1], [0, 1, 3]);
/// assert_eq!(seen[3], [0, 2, 3]);
/// assert_eq!(at, [2, 3, 4]);
/// ```
#[inline]
pub const fn next_combination(at: &mut [usize], n: usize) -> bool {
    let k = at.len();
    if k > n {
        return false;
    }
    let mut i = k;
    while i > 0 {
        i -= 1;
        if at[i] < n - k + i {
            at[i] += 1;
            let mut j = i + 1;
            while j < k {
                at[j] = at[j - 1] + 1;
                j += 1;
            }
            return true;
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `n` choose `k` by counting the stepper's combinations from the
    /// first, each checked to be increasing and after the one before.
    fn count(n: usize, k: usize) -> usize {
        let mut at: std::vec::Vec<usize> = (0..k).collect();
        if k > n {
            assert!(!next_combination(&mut at, n));
            return 0;
        }
        let mut seen = 1;
        let mut before = at.clone();
        while next_combination(&mut at, n) {
            assert!(at.windows(2).all(|w| w[0] < w[1]), "{at:?}");
            assert!(at.iter().all(|&p| p < n), "{at:?}");
            assert!(before < at, "{before:?} then {at:?}");
            before.clone_from(&at);
            seen += 1;
        }
        // The last stays put.
        assert_eq!(at, before);
        seen
    }

    #[test]
    fn every_combination_once_in_lexicographic_order() {
        for n in 0..=12 {
            for k in 0..=n + 1 {
                let expected = if k > n {
                    0
                } else {
                    (0..k).fold(1, |c, i| c * (n - i) / (i + 1))
                };
                assert_eq!(count(n, k), expected, "{n} choose {k}");
            }
        }
        assert_eq!(count(crate::Card::COUNT, 5), 2_598_960);
    }

    #[test]
    fn a_tail_steps_through_the_combinations_that_keep_the_first_place() {
        // Three of seven starting at place 2: the pairs of places 3 to 6.
        let mut at = [2, 3, 4];
        let mut n = 1;
        while next_combination(&mut at[1..], 7) {
            assert_eq!(at[0], 2);
            n += 1;
        }
        assert_eq!((n, at), (6, [2, 5, 6]));
    }
}
