//! The tests of `xtask::report::schema`.

use handeval_core::Evaluator;
use handeval_core::Role;
use handeval_results::Workload;
use xtask::report::schema::*;

const HEADER: &str = "evaluator,workload,kind,order,input,median_ns,ci_low_ns,ci_high_ns,mhands_per_s,instructions,instructions_minus_floor,ratio_to_fastest,ratio_to_pokers,table_bytes,note,summary\n";

#[test]
fn an_older_file_reads_and_gets_roles_from_the_registry() {
    let floor = handeval_registry::Null::META.name;
    let reference = handeval_registry::Reference::META.name;
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("results.csv"),
        format!(
            "{HEADER}{floor},strength/shuffled/encoded,strength,shuffled,encoded,1,1,1,1000,17,0,1,1,0,,x\n\
             {reference},strength/shuffled/encoded,strength,shuffled,encoded,4,3,5,250,800,783,1,1,0,,y\n"
        ),
    )
    .unwrap();
    let rows = handeval_results::read(dir.path(), &[], &describer())
        .unwrap()
        .rows;
    assert_eq!(rows[0].role, Some(Role::Floor));
    assert_eq!(rows[1].role, Some(Role::Reference));
    assert_eq!(rows[1].instructions_minus_floor, Some(783.0));
    // The floor is not a contender: the fastest is the reference itself.
    assert!((rows[1].ratio_to_fastest - 1.0).abs() < 1e-12);
    assert!((rows[0].ratio_to_fastest - 0.25).abs() < 1e-12);
    assert_eq!(rows[0].workload, Workload::HEADLINE);
}
