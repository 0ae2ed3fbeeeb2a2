//! Benchmarks of every registered evaluator. The criterion and gungraun
//! harnesses arrive with the benchmark issue; this crate already shares the
//! one evaluator registry so that nothing can be timed without being listed.

/// The evaluators the benchmarks will time: the shared registry's list.
pub fn evaluator_names() -> Vec<&'static str> {
    handeval_registry::names()
}
