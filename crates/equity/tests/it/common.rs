//! What the brute forces of the equity tests share: the walks over every
//! board and every subset, written once and apart from the library's.

use handeval_core::Card;
use handeval_core::next_combination as next;

/// Calls `f` with every full board: `board` so far and each set of the
/// cards it still needs from `rest`, in lexicographic order.
pub fn each_full_board(board: &[Card], rest: &[Card], mut f: impl FnMut(&[Card])) {
    let need = 5 - board.len();
    let mut pick: Vec<usize> = (0..need).collect();
    let mut full: Vec<Card> = Vec::with_capacity(5);
    loop {
        full.clear();
        full.extend_from_slice(board);
        full.extend(pick.iter().map(|&i| rest[i]));
        f(&full);
        if need == 0 || !next(&mut pick, rest.len()) {
            break;
        }
    }
}

/// Calls `visit` with every set of `k` of `cards`, in lexicographic order
/// of their places.
pub fn for_each_subset(cards: &[Card], k: usize, visit: &mut dyn FnMut(&[Card])) {
    fn go(
        cards: &[Card],
        k: usize,
        at: usize,
        out: &mut Vec<Card>,
        visit: &mut dyn FnMut(&[Card]),
    ) {
        if out.len() == k {
            visit(out);
        } else {
            for i in at..cards.len() {
                if cards.len() - i < k - out.len() {
                    break;
                }
                out.push(cards[i]);
                go(cards, k, i + 1, out, visit);
                out.pop();
            }
        }
    }
    go(cards, k, 0, &mut Vec::new(), visit);
}
