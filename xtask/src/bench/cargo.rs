//! What `bench` asks of cargo: building and running the benchmarks, the
//! split floor example, and installing `gungraun-runner`.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use anyhow::{Context, Result, bail};
use handeval_benches::plan::PLAN_VAR;
use serde::Deserialize;

use crate::machine::output;
use crate::scratch::Guarded;
use crate::workspace;

/// The benchmark targets are selected by name across the workspace rather
/// than with `-p handeval-benches`, so that cargo resolves the dependencies'
/// features for the whole workspace, as `cargo test --workspace` does: with
/// `--profile dev` the benchmarks then reuse the test build's libraries
/// instead of rebuilding them with another feature set.
const BENCHES: [&str; 2] = ["bench", "--workspace"];

fn cargo_command() -> Command {
    let mut command = Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".into()));
    command.current_dir(workspace::root());
    command
}

/// Runs cargo with `args` and `envs`, passing its output through, in a
/// process group that an interrupt kills.
fn cargo(args: &[&str], envs: &[(&str, &std::ffi::OsStr)]) -> Result<()> {
    let mut command = cargo_command();
    command.args(args).envs(envs.iter().copied());
    let what = format!("cargo {}", args.join(" "));
    let status = Guarded::spawn(&command, &what, Stdio::inherit())?.wait()?;
    if !status.success() {
        bail!("{what} failed ({status})");
    }
    Ok(())
}

/// How the benchmarks are built: the cargo profile, and whether the
/// instruction-count benchmark is built (and with which valgrind it runs).
#[derive(Clone, Copy)]
pub struct Build<'a> {
    /// `--profile`.
    pub profile: &'a str,
    /// The valgrind the instruction counts will use, if they are built.
    pub icount: Option<&'a str>,
}

impl Build<'_> {
    /// `cargo bench --workspace` with `extra` arguments, this build's
    /// profile and features.
    fn args<'b>(&'b self, extra: &[&'b str]) -> Vec<&'b str> {
        let mut args = BENCHES.to_vec();
        args.extend_from_slice(extra);
        args.extend_from_slice(&["--profile", self.profile]);
        args
    }

    /// Builds the benchmarks.
    pub fn build(&self) -> Result<()> {
        let mut extra = vec!["--no-run", "--bench", "wall"];
        if self.icount.is_some() {
            extra.extend_from_slice(&["--bench", "icount"]);
        }
        cargo(&self.args(&extra), &[])
    }

    /// Runs the criterion benchmarks (built by [`Build::build`]) on the
    /// plan at `plan`, with criterion's files under `criterion_home`.
    pub fn wall_time(&self, plan: &Path, criterion_home: &Path) -> Result<()> {
        cargo(
            &self.args(&["--bench", "wall"]),
            &[
                (PLAN_VAR, plan.as_os_str()),
                ("CRITERION_HOME", criterion_home.as_os_str()),
            ],
        )
    }

    /// The path of the built `icount` benchmark binary, from cargo's JSON messages.
    pub fn icount_executable(&self) -> Result<PathBuf> {
        #[derive(Deserialize)]
        struct Message {
            reason: String,
            target: Option<Target>,
            executable: Option<PathBuf>,
        }
        #[derive(Deserialize)]
        struct Target {
            name: String,
        }
        let out = cargo_command()
            .args(self.args(&["--no-run", "--message-format=json", "--bench", "icount"]))
            .stderr(Stdio::inherit())
            .output()
            .context("running cargo bench --no-run")?;
        if !out.status.success() {
            bail!("building the gungraun benchmarks failed ({})", out.status);
        }
        for line in String::from_utf8_lossy(&out.stdout).lines() {
            let Ok(message) = serde_json::from_str::<Message>(line) else {
                continue;
            };
            if message.reason == "compiler-artifact"
                && message.target.is_some_and(|t| t.name == "icount")
                && let Some(exe) = message.executable
            {
                return Ok(exe);
            }
        }
        bail!("cargo built no `icount` benchmark binary")
    }

    /// The SIMD kernels' floor on each path this CPU has, from the
    /// `split_floor` example built with the run's profile: what a SIMD
    /// evaluator's time is to be read against, recorded per machine.
    pub fn split_floor(&self) -> Result<String> {
        let mut command = cargo_command();
        command.args([
            "run",
            "--quiet",
            "--profile",
            self.profile,
            "-p",
            "handeval-lanes",
            "--example",
            "split_floor",
        ]);
        let mut child = Guarded::spawn(&command, "the split floor", Stdio::piped())?;
        let lines = child
            .stdout_lines()
            .context("piped stdout")?
            .collect::<std::io::Result<Vec<String>>>()
            .context("reading the split floor")?;
        if !child.wait()?.success() {
            bail!("the split floor example failed");
        }
        let floor = lines
            .iter()
            .map(|l| l.trim())
            .collect::<Vec<_>>()
            .join("; ");
        errln!("split floor: {floor}")?;
        Ok(floor)
    }
}

/// The version of package `name` that `Cargo.lock` resolves, from `cargo metadata`.
pub fn locked_version(name: &str) -> Result<String> {
    #[derive(Deserialize)]
    struct Metadata {
        packages: Vec<Package>,
    }
    #[derive(Deserialize)]
    struct Package {
        name: String,
        version: String,
    }
    let out = cargo_command()
        .args(["metadata", "--format-version", "1", "--locked"])
        .stderr(Stdio::inherit())
        .output()
        .context("running cargo metadata")?;
    if !out.status.success() {
        bail!("cargo metadata failed ({})", out.status);
    }
    let metadata: Metadata =
        serde_json::from_slice(&out.stdout).context("reading cargo metadata's JSON")?;
    metadata
        .packages
        .into_iter()
        .find(|p| p.name == name)
        .map(|p| p.version)
        .with_context(|| format!("{name} is not in Cargo.lock"))
}

/// Makes sure `gungraun-runner` is installed at gungraun's locked version.
pub fn ensure_runner() -> Result<()> {
    let version = locked_version("gungraun")?;
    let installed = output("gungraun-runner", &["--version"]).unwrap_or_default();
    // `gungraun-runner 0.20.0`: the version is the last word.
    if installed.rsplit(' ').next() == Some(version.as_str()) {
        errln!("gungraun-runner {version} is installed")?;
        return Ok(());
    }
    errln!("installing gungraun-runner {version} (found: {installed:?})")?;
    // Unoptimised and without debug info: the runner only starts valgrind
    // and reads its output files (the counts do not depend on it), and so
    // built it installs in half the time of a release build (about 60 s
    // against 125 s on 2 cores), which is most of a fresh machine's wait.
    cargo(
        &[
            "install",
            "gungraun-runner",
            "--version",
            &version,
            "--locked",
            "--debug",
        ],
        &[("CARGO_PROFILE_DEV_DEBUG", std::ffi::OsStr::new("0"))],
    )
}
