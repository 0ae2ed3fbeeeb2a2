//! Every registered evaluator against the reference, the table, and each
//! other, over all 2,598,960 hands.

use handeval_core::Evaluator;
use handeval_difftest::{Check, Evaluation, evaluate, pairwise};
use handeval_reference::Reference;
use handeval_registry::{Visitor, visit_all};

struct CheckAll {
    reference: Evaluation,
    evaluations: Vec<Evaluation>,
    checks: Vec<Check>,
}

impl Visitor for CheckAll {
    fn visit<E: Evaluator>(&mut self) {
        let evaluation = evaluate::<E>();
        self.checks
            .push(Check::against_reference::<E>(&evaluation, &self.reference));
        self.evaluations.push(evaluation);
    }
}

#[test]
fn every_evaluator_matches_the_reference_and_every_other_on_every_hand() {
    let mut all = CheckAll {
        reference: evaluate::<Reference>(),
        evaluations: Vec::new(),
        checks: Vec::new(),
    };
    visit_all(&mut all);
    assert_eq!(all.checks.len(), handeval_registry::names().len());

    let failures: Vec<String> = all
        .checks
        .iter()
        .filter(|c| !c.passed())
        .map(ToString::to_string)
        .collect();
    assert!(failures.is_empty(), "{}", failures.join("\n"));

    let matrix = pairwise(&all.evaluations);
    for (i, row) in matrix.iter().enumerate() {
        for (j, &d) in row.iter().enumerate() {
            assert_eq!(
                d, 0,
                "{} and {} disagree on {d} hands",
                all.evaluations[i].name, all.evaluations[j].name
            );
        }
    }
}
