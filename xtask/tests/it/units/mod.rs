//! The library's own tests, a module per library module: here, not in a
//! `cfg(test)` build of the library, which compiled the whole library again.

mod bench;
mod bench_cargo;
mod bench_counts;
mod bench_plan;
mod bench_record;
mod compare;
mod engines;
mod equity;
mod machine;
mod machine_probe;
mod machines;
mod report_answer;
mod report_format;
mod report_markdown;
mod report_readme;
mod report_schema;
mod report_schema_estimator;
mod select;
mod slices;
mod top;
