//! The tests of `handeval_benches::badugi`.

use handeval_benches::Workload;
use handeval_benches::badugi::*;
use handeval_core::Badugi;
use handeval_core::badugi::BadugiClass;

/// A badugi evaluator that plays a four-card hand of a repeated suit
/// is refused before it is timed; the registry's own pass.
#[test]
fn a_wrong_badugi_evaluator_is_refused_and_the_registrys_pass() {
    fn wrong(hands: &[Badugi], out: &mut [BadugiClass]) {
        handeval_core::batch(hands, out, |h| {
            let ranks = h
                .hand()
                .cards()
                .iter()
                .fold(0u16, |m, c| m | handeval_core::badugi::rank_bit(c.rank()));
            BadugiClass::of_ranks(ranks)
                .unwrap_or_else(|| (handeval_registry::badugis::<Badugi>()[0].class)(&h))
        });
    }
    let workload = Workload::of(handeval_core::GameInfo::of::<Badugi>())[0];
    let hands = handeval_benches::hands::shuffled::<Badugi>(3, 20_000);
    let want = reference_classes::<Badugi>(&hands).unwrap();
    for about in handeval_registry::badugis::<Badugi>() {
        PreparedBadugi::new(about, &hands, 1_000)
            .check(workload, &want)
            .unwrap();
    }
    let mut broken = handeval_registry::badugis::<Badugi>()[0];
    broken.classes = wrong;
    let refused = PreparedBadugi::new(broken, &hands, 1_000).check(workload, &want);
    assert!(refused.is_err_and(|e| e.contains("the reference says")));
}
