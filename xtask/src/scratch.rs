//! What a benchmark run leaves behind, and what it must not: its scratch
//! folder, its child processes, the lock that keeps runs apart, and the
//! publication of its results.
//!
//! A run works in a scratch folder of its own, created exclusively under a
//! name no other run can have chosen, so nothing left by an interrupted run
//! is ever read as this run's. Children (cargo, the benchmark binaries,
//! valgrind) run in a process group of their own. On an error the scratch
//! folder is removed as the run unwinds; on SIGINT, SIGTERM or SIGHUP a
//! handler kills every child process group and removes the folder before
//! the process exits. Results appear under their final name in one rename,
//! so a reader never sees half of them.

use std::fs::{self, File, TryLockError};
use std::io::{BufRead, BufReader};
use std::os::unix::process::CommandExt as _;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitStatus};
use std::sync::{Mutex, PoisonError};
use std::time::{SystemTime, UNIX_EPOCH};

use anyhow::{Context, Result, bail};

/// What the interrupt handler must clean up.
struct Pending {
    /// The scratch folder, while the run owns one.
    scratch: Option<PathBuf>,
    /// A final folder created empty, between its creation and the rename into it.
    publishing: Option<PathBuf>,
    /// Process groups of running children.
    children: Vec<u32>,
}

static PENDING: Mutex<Pending> = Mutex::new(Pending {
    scratch: None,
    publishing: None,
    children: Vec::new(),
});

fn pending() -> std::sync::MutexGuard<'static, Pending> {
    PENDING.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Installs the handler for SIGINT, SIGTERM and SIGHUP: kill the children's
/// process groups, remove the scratch folder, exit with status 130.
pub fn on_interrupt_clean_up() -> Result<()> {
    ctrlc::set_handler(|| {
        let pending = pending();
        for &group in &pending.children {
            kill_group(group);
        }
        if let Some(dir) = &pending.scratch {
            let _ = fs::remove_dir_all(dir);
        }
        if let Some(dir) = &pending.publishing {
            // Only if still empty: after the rename it holds a whole run.
            let _ = fs::remove_dir(dir);
        }
        let _ = crate::console::errln_raw(
            "interrupted: stopped the benchmarks and removed the scratch folder",
        );
        std::process::exit(130);
    })
    .context("installing the interrupt handler")
}

/// Sends SIGKILL to process group `group`: children must not outlive the run.
fn kill_group(group: u32) {
    let _ = Command::new("kill")
        .args(["-KILL", "--", &format!("-{group}")])
        .status();
}

/// A child in a process group of its own, killed with its group if the run is interrupted.
pub struct Guarded {
    child: Child,
}

impl Guarded {
    /// Spawns `command` in a new process group.
    pub fn spawn(mut command: Command, what: &str) -> Result<Guarded> {
        command.process_group(0);
        let child = command.spawn().with_context(|| format!("running {what}"))?;
        pending().children.push(child.id());
        // Said so that a user (or a test) can see what an interrupt must stop.
        let _ = crate::console::errln_raw(&format!("[{what}: process group {}]", child.id()));
        Ok(Guarded { child })
    }

    /// The child's standard output, if it was piped.
    pub fn stdout_lines(
        &mut self,
    ) -> Option<impl Iterator<Item = std::io::Result<String>> + Send + use<>> {
        self.child
            .stdout
            .take()
            .map(|out| BufReader::new(out).lines())
    }

    /// Waits for the child to end.
    pub fn wait(mut self) -> Result<ExitStatus> {
        let status = self.child.wait().context("waiting for a child process")?;
        let id = self.child.id();
        pending().children.retain(|&c| c != id);
        Ok(status)
    }
}

impl Drop for Guarded {
    /// On an early return (an error while the child runs), the child goes too.
    fn drop(&mut self) {
        let id = self.child.id();
        let mut pending = pending();
        if pending.children.contains(&id) {
            kill_group(id);
            let _ = self.child.wait();
            pending.children.retain(|&c| c != id);
        }
    }
}

/// A scratch folder, created exclusively, removed unless published.
pub struct Scratch {
    path: PathBuf,
    published: bool,
}

impl Scratch {
    /// A new folder `.tmp-<pid>-<nanoseconds>` in `root`, which must exist.
    pub fn create(root: &Path) -> Result<Scratch> {
        for attempt in 0u32.. {
            let nanos = SystemTime::now()
                .duration_since(UNIX_EPOCH)
                .map_or(0, |d| d.as_nanos());
            let path = root.join(format!(".tmp-{}-{nanos}-{attempt}", std::process::id()));
            match fs::create_dir(&path) {
                Ok(()) => {
                    pending().scratch = Some(path.clone());
                    return Ok(Scratch {
                        path,
                        published: false,
                    });
                }
                Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists && attempt < 100 => {}
                Err(e) => {
                    return Err(e).with_context(|| {
                        format!("creating a scratch folder in {}", root.display())
                    });
                }
            }
        }
        unreachable!("the loop returns")
    }

    /// The folder.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Moves the folder to `root/base`, or `root/base-2`, `-3`... if taken,
    /// in one rename into a freshly created empty folder, and returns where.
    pub fn publish(mut self, root: &Path, base: &str) -> Result<PathBuf> {
        for n in 1u32.. {
            let name = if n == 1 {
                base.to_string()
            } else {
                format!("{base}-{n}")
            };
            let dest = root.join(name);
            match fs::create_dir(&dest) {
                Ok(()) => {
                    pending().publishing = Some(dest.clone());
                    // Renaming a folder onto an empty one replaces it atomically.
                    let moved = fs::rename(&self.path, &dest)
                        .with_context(|| format!("moving results to {}", dest.display()));
                    let mut p = pending();
                    p.publishing = None;
                    if moved.is_err() {
                        let _ = fs::remove_dir(&dest);
                    } else {
                        p.scratch = None;
                        self.published = true;
                    }
                    return moved.map(|()| dest);
                }
                Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {}
                Err(e) => {
                    return Err(e).with_context(|| format!("creating {}", dest.display()));
                }
            }
        }
        unreachable!("the loop returns")
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        if !self.published {
            let _ = fs::remove_dir_all(&self.path);
            pending().scratch = None;
        }
    }
}

/// Holds the workspace's benchmark lock: two runs at once would share
/// `target/gungraun` and each other's CPU, and skew each other's timings.
pub fn lock(target: &Path) -> Result<File> {
    fs::create_dir_all(target).with_context(|| format!("creating {}", target.display()))?;
    let path = target.join("handeval-bench.lock");
    let file = File::create(&path).with_context(|| format!("creating {}", path.display()))?;
    match file.try_lock() {
        Ok(()) => Ok(file),
        Err(TryLockError::WouldBlock) => bail!(
            "another `cargo xtask bench` is running in this workspace (it holds {}); \
             two runs at once would skew each other's timings",
            path.display()
        ),
        Err(TryLockError::Error(e)) => {
            Err(e).with_context(|| format!("locking {}", path.display()))
        }
    }
}
