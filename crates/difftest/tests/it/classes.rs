//! Every registered five-card evaluator that reads classes off its values
//! ([`Evaluator::class_of`]) reads the right class on every hand: what a
//! program that asks for classes gets (the `handeval` crate's ranks).

use handeval_core::Evaluator;
use handeval_difftest::{hands, read_off_differences};
use handeval_registry::{Visitor, visit_all};

#[derive(Default)]
struct ReadOff {
    checked: Vec<&'static str>,
    wrong: Vec<String>,
}

impl Visitor for ReadOff {
    fn visit<E: Evaluator>(&mut self) {
        // An evaluator whose scale has no read-off has nothing to check here.
        if let Some(wrong) = read_off_differences::<E>() {
            self.checked.push(E::META.name);
            if let Some(&first) = wrong.first() {
                self.wrong.push(format!(
                    "{}: {} hands, the first {}",
                    E::META.name,
                    wrong.len(),
                    hands()[first]
                ));
            }
        }
    }
}

#[test]
fn every_class_read_off_a_value_is_that_values_class() {
    let mut read_off = ReadOff::default();
    visit_all(&mut read_off);
    assert!(
        read_off.checked.contains(&"deadhorse/tuned"),
        "{:?}",
        read_off.checked
    );
    assert!(read_off.wrong.is_empty(), "{:#?}", read_off.wrong);
}
