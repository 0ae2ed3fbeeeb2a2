//! `cargo xtask`: the lab's commands. Run `cargo xtask --help`.

fn main() -> std::process::ExitCode {
    xtask::run()
}
