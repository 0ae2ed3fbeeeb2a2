//! The tests of `handeval_benches::lows`.

use handeval_benches::Workload;
use handeval_benches::lows::*;
use handeval_core::Game;
use handeval_core::low::Low;
use handeval_core::{Omaha8, Stud8};

/// A low evaluator that counts an eight out of eight-or-better is
/// refused before it is timed; the registry's own pass.
#[test]
fn a_wrong_low_is_refused_and_the_registrys_pass() {
    fn wrong_lows<G: Game>(hands: &[G::High], out: &mut [Low]) {
        handeval_core::batch(hands, out, |h| {
            let low = (handeval_registry::lows::<G>()[0].low)(&h);
            // An eight-high low counted as none.
            if low.mask() & 0x80 != 0 {
                Low::NONE
            } else {
                low
            }
        });
    }
    fn check<G: Game>() {
        let workload = Workload::of(handeval_core::GameInfo::of::<G>())[0];
        let hands = handeval_benches::hands::shuffled::<G::High>(3, 20_000);
        let want = reference_lows::<G>(&hands).unwrap();
        for about in handeval_registry::lows::<G>() {
            let prepared = PreparedLows::new(about, &hands, 1_000);
            prepared.check(workload, &want).unwrap();
        }
        let mut wrong = handeval_registry::lows::<G>()[0];
        wrong.lows = wrong_lows::<G>;
        let refused = PreparedLows::new(wrong, &hands, 1_000).check(workload, &want);
        assert!(refused.is_err_and(|e| e.contains("has the low")));
    }
    check::<Omaha8>();
    check::<Stud8>();
}
