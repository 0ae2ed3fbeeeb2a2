//! What the brute forces of the equity tests share: the walk over every
//! board, written once and apart from the library's.

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
