//! The tests of `handeval_benches::contention`.

use handeval_benches::contention::*;
use std::time::Duration;

#[test]
fn what_it_reached_reads_back_as_written() {
    let path = std::env::temp_dir().join(format!("handeval-antagonist-{}.csv", std::process::id()));
    let reached = [Reached {
        workload: handeval_benches::Workload::headline_of::<handeval_core::Hand7>()
            .under(handeval_benches::Load::Contended),
        gb_per_s: 3.75,
        seconds: 12.5,
    }];
    write(&path, &reached).unwrap();
    assert_eq!(read(&path).unwrap(), reached);
    std::fs::write(
        &path,
        "workload,gb_per_s,seconds\nstrength/shuffled/hand7,fast,1\n",
    )
    .unwrap();
    assert!(read(&path).unwrap_err().contains("line 2"));
    std::fs::remove_file(&path).unwrap();
}

#[test]
fn an_antagonist_moves_lines_while_streaming_and_none_while_paused() {
    let a = Antagonist::ready_with(1 << 16);
    for _ in 0..2 {
        let moved = a.stream();
        std::thread::sleep(Duration::from_millis(20));
        let moved = moved.stop();
        // 1,024 lines a pass: it went round many times in 20 ms.
        assert!(moved.lines > 1024, "{moved:?}");
        assert!(moved.gb_per_s() > 0.0);
        // Paused: the count stands still.
        let before = a.lines_so_far();
        std::thread::sleep(Duration::from_millis(10));
        assert_eq!(a.lines_so_far(), before);
    }
    drop(a);
}
