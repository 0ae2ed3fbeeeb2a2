//! What a benchmark run leaves behind, and what it must not: its scratch
//! folder, its child processes, the lock that keeps runs apart, and the
//! publication of its results.
//!
//! A run works in a scratch folder of its own, created exclusively under a
//! name no other run can have chosen, so nothing left by an interrupted run
//! is ever read as this run's. Children (cargo, the benchmark binaries,
//! valgrind) run in a process group of their own. On an error the scratch
//! folder is removed as the run unwinds; on SIGINT, SIGTERM or SIGHUP a
//! waiting thread kills every child process group and removes the folder before
//! the process exits. Results appear under their final name in one rename,
//! so a reader never sees half of them.

use std::fs::{self, File, TryLockError};
use std::io::{BufRead, BufReader};
use std::os::unix::process::CommandExt as _;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitCode, ExitStatus, Stdio};
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
    /// The folders this run created to hold the results folder, deepest
    /// first (the results folder itself, then its parents it made).
    created_root: Vec<PathBuf>,
}

static PENDING: Mutex<Pending> = Mutex::new(Pending {
    scratch: None,
    publishing: None,
    children: Vec::new(),
    created_root: Vec::new(),
});

fn pending() -> std::sync::MutexGuard<'static, Pending> {
    PENDING.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Installs the handler for SIGINT, SIGTERM and SIGHUP: kill the children's
/// process groups, remove the scratch folder, exit with status 128 + the
/// signal's number (130 for SIGINT, 143 for SIGTERM), as a shell reports a
/// process the signal ended.
///
/// The signals are blocked in this thread and in every thread started
/// after it, and one thread waits for them (`sigwait`): the clean-up runs
/// as ordinary code, not in a signal handler. Children start with an empty
/// mask (the standard library resets it when it spawns a process).
pub fn on_interrupt_clean_up() -> Result<()> {
    use nix::sys::signal::{SigSet, Signal};
    let signals: SigSet = [Signal::SIGINT, Signal::SIGTERM, Signal::SIGHUP]
        .into_iter()
        .collect();
    signals
        .thread_block()
        .context("blocking SIGINT, SIGTERM and SIGHUP")?;
    std::thread::Builder::new()
        .name("interrupt".into())
        .spawn(move || {
            let Ok(signal) = signals.wait() else {
                return;
            };
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
            remove_while_empty(&pending.created_root);
            let _ = crate::console::errln_raw(&format!(
                "interrupted ({signal}): stopped the benchmarks and removed the scratch folder"
            ));
            std::process::exit(128 + signal as i32);
        })
        .context("starting the interrupt thread")?;
    Ok(())
}

/// `xtask __watch OWNER PROGRAM ARGS...`: runs the program in this
/// process's group and passes its exit status on, or, if process `OWNER`
/// (the run that started it) ends first, kills the whole group, this
/// watcher included. A child cannot be told to die with its parent without
/// `unsafe` code between fork and exec; a watcher in its group can.
pub fn watch(owner: u32, program: &std::ffi::OsStr, args: &[std::ffi::OsString]) -> ExitCode {
    use std::os::unix::process::ExitStatusExt as _;
    let mut child = match Command::new(program).args(args).spawn() {
        Ok(child) => child,
        Err(e) => {
            let _ = crate::console::errln_raw(&format!(
                "error: running {}: {e}",
                program.to_string_lossy()
            ));
            return ExitCode::from(127);
        }
    };
    loop {
        match child.try_wait() {
            Ok(Some(status)) => {
                let code = status
                    .code()
                    .or_else(|| status.signal().map(|s| 128 + s))
                    .unwrap_or(1);
                return ExitCode::from(u8::try_from(code).unwrap_or(1));
            }
            Ok(None) => {}
            Err(_) => return ExitCode::FAILURE,
        }
        if !alive(owner) {
            kill_group(std::process::id());
            return ExitCode::FAILURE;
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
}

/// Whether process `pid` still runs (a zombie has ended: it only waits to be reaped).
fn alive(pid: u32) -> bool {
    std::fs::read_to_string(format!("/proc/{pid}/stat")).is_ok_and(|stat| {
        // pid (comm) state ...: the state follows the closing parenthesis.
        stat.rsplit_once(')')
            .and_then(|(_, rest)| rest.trim_start().split(' ').next())
            .is_some_and(|state| !matches!(state, "Z" | "X"))
    })
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
    /// Spawns `command` in a new process group, under a watcher (this
    /// program's hidden `__watch` task, see [`watch`]) that ends the group
    /// if this process ends without doing so itself (SIGKILL, the
    /// out-of-memory killer). `stdout` is where the command's output goes.
    pub fn spawn(command: &Command, what: &str, stdout: Stdio) -> Result<Guarded> {
        let exe = std::env::current_exe().context("finding this program, to watch children")?;
        let mut watched = Command::new(exe);
        watched
            .arg("__watch")
            .arg(std::process::id().to_string())
            .arg(command.get_program())
            .args(command.get_args())
            .stdout(stdout)
            .process_group(0);
        if let Some(dir) = command.get_current_dir() {
            watched.current_dir(dir);
        }
        for (key, value) in command.get_envs() {
            match value {
                Some(value) => watched.env(key, value),
                None => watched.env_remove(key),
            };
        }
        let child = watched.spawn().with_context(|| format!("running {what}"))?;
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
    /// A new folder `.tmp-<pid>-<nanoseconds>` in `root`, which must exist,
    /// after removing the scratch folders of runs that no longer run (a run
    /// killed by SIGKILL cannot remove its own). A folder whose process
    /// still runs is left alone: it may be that run's.
    pub fn create(root: &Path) -> Result<Scratch> {
        sweep_dead(root);
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

/// Takes the one-run lock: an exclusive `flock` on the workspace folder
/// itself, held until the returned handle is dropped (or the process ends,
/// however it ends). On the workspace, not the target folder, so that a
/// run with another `CARGO_TARGET_DIR` is refused too; on the folder, not a
/// file in it, so that nothing is left behind.
pub fn lock(workspace: &Path) -> Result<File> {
    let dir = File::open(workspace).with_context(|| format!("opening {}", workspace.display()))?;
    match dir.try_lock() {
        Ok(()) => Ok(dir),
        Err(TryLockError::WouldBlock) => bail!(
            "another `cargo xtask bench` is running in this workspace (it holds a lock on {}); \
             two runs at once would skew each other's timings",
            workspace.display()
        ),
        Err(TryLockError::Error(e)) => {
            Err(e).with_context(|| format!("locking {}", workspace.display()))
        }
    }
}

/// Removes the `.tmp-<pid>-...` folders in `root` whose process has ended.
fn sweep_dead(root: &Path) {
    let Ok(entries) = fs::read_dir(root) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name();
        let Some(pid) = name
            .to_str()
            .and_then(|n| n.strip_prefix(".tmp-"))
            .and_then(|rest| rest.split('-').next())
            .and_then(|pid| pid.parse::<u32>().ok())
        else {
            continue;
        };
        if !alive(pid) && entry.path().is_dir() {
            let _ = crate::console::errln_raw(&format!(
                "removing {}: the run that made it (process {pid}) has ended",
                entry.path().display()
            ));
            let _ = fs::remove_dir_all(entry.path());
        }
    }
}

/// A results folder this run created: removed again if the run ends
/// without publishing into it (an error, a refusal, an interrupt), so that
/// a failed run leaves no empty folder behind.
pub struct CreatedRoot(Vec<PathBuf>);

impl CreatedRoot {
    /// Creates `root` (and its parents) if missing; the guard removes each
    /// folder it created again, deepest first, while it is empty, when
    /// dropped or interrupted: a run that stops early leaves no folder
    /// behind, not even a parent of the one asked for.
    pub fn create(root: &Path) -> Result<Option<CreatedRoot>> {
        if root.is_dir() {
            return Ok(None);
        }
        let missing: Vec<PathBuf> = root
            .ancestors()
            .take_while(|a| !a.as_os_str().is_empty() && !a.exists())
            .map(Path::to_path_buf)
            .collect();
        // Known before the folders exist, so that an interrupt while they
        // are made removes those already made.
        pending().created_root.clone_from(&missing);
        if let Err(e) = fs::create_dir_all(root) {
            remove_while_empty(&missing);
            pending().created_root.clear();
            return Err(e).with_context(|| format!("creating {}", root.display()));
        }
        Ok(Some(CreatedRoot(missing)))
    }
}

/// Removes `dirs` in order (deepest first), stopping at the first that is
/// not empty: after a publish the results folder holds the run.
fn remove_while_empty(dirs: &[PathBuf]) {
    for dir in dirs {
        if fs::remove_dir(dir).is_err() {
            break;
        }
    }
}

impl Drop for CreatedRoot {
    fn drop(&mut self) {
        pending().created_root.clear();
        remove_while_empty(&self.0);
    }
}
