//! How the report, the machines table and the commands write numbers:
//! shared by every module that renders, so that none of them imports
//! another for it.

/// A number of nanoseconds, to two decimals below 100.
pub fn fmt_ns(ns: f64) -> String {
    if ns >= 100.0 {
        format!("{ns:.0}")
    } else {
        format!("{ns:.2}")
    }
}

pub fn fmt_opt(v: Option<f64>, digits: usize) -> String {
    v.map_or_else(|| "-".to_string(), |v| format!("{v:.digits$}"))
}

pub fn human_bytes(b: usize) -> String {
    match b {
        0 => "0".to_string(),
        b if b < 1024 => format!("{b} B"),
        b => format!("{:.0} KiB", b as f64 / 1024.0),
    }
}

/// `64974` as `64,974`.
pub fn thousands(n: usize) -> String {
    thousands_u64(n as u64)
}

/// `463563500400` as `463,563,500,400`.
pub fn thousands_u64(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// `1 board`, `1,712,304 boards`: a count with thousands separators and
/// its noun, plural unless the count is one.
pub fn counted(n: u64, noun: &str) -> String {
    format!(
        "{} {noun}{}",
        thousands_u64(n),
        if n == 1 { "" } else { "s" }
    )
}

/// A ratio to a baseline with two significant digits (`0.0096x`,
/// `0.28x`, `1.3x`, `12x`): the same rounding for every size.
pub fn ratio_words(ratio: f64) -> String {
    if !(ratio.is_finite() && ratio > 0.0) {
        return "-".to_string();
    }
    let digits = (1 - ratio.log10().floor() as i32).max(0) as usize;
    format!("{ratio:.digits$}x")
}

/// `a` against `b` in words: `2.63x faster` or `1.21x slower`.
pub fn speed_words(a_ns: f64, b_ns: f64) -> String {
    if a_ns <= b_ns {
        format!("{:.2}x faster", b_ns / a_ns)
    } else {
        format!("{:.2}x slower", a_ns / b_ns)
    }
}
