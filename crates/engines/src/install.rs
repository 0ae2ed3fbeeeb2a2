//! Where the package engines are installed (the build directory), how, and
//! which versions are there.
//!
//! Python packages go into a virtual environment of their own, npm packages
//! into a `node_modules` of their own, both under one directory of the
//! build directory (`target/engines`), so that nothing is installed for the
//! user's Python or Node.js. Each is made beside its final place and moved
//! there only once every package installed: an interrupted install leaves
//! the previous one, never half of a new one.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

use crate::{ENGINES, Engine, Error, Kind, Registry};

/// The directory engines are installed in.
#[derive(Clone, Debug)]
pub struct Place {
    /// `target/engines`, usually.
    pub root: PathBuf,
}

impl Place {
    /// The build directory's place, `target/handeval-engines`, or the
    /// folder `HANDEVAL_ENGINES` names.
    pub fn of_build() -> Place {
        match std::env::var_os("HANDEVAL_ENGINES") {
            Some(dir) if !dir.is_empty() => Place::new(dir),
            _ => Place::new(env!("HANDEVAL_ENGINES_DIR")),
        }
    }

    /// The place under `root`.
    pub fn new(root: impl Into<PathBuf>) -> Place {
        Place { root: root.into() }
    }

    /// The virtual environment.
    pub fn venv(&self) -> PathBuf {
        self.root.join("venv")
    }

    /// The virtual environment of the source builds ([`Registry::PyPISource`]).
    pub fn source_venv(&self) -> PathBuf {
        self.root.join("venv-source")
    }

    /// Its interpreter.
    pub fn python(&self) -> PathBuf {
        self.venv().join("bin").join("python")
    }

    /// The file that says which CPU the source builds were made for, and
    /// with which flags and compiler: a build tuned with `-march=native`
    /// runs only where it was built, so another CPU rebuilds it.
    pub fn source_stamp(&self) -> PathBuf {
        self.source_venv().join("built-for.txt")
    }

    /// Where the lab's own Python package is built: cargo's build
    /// directory for it, kept between installs.
    pub fn local_build(&self) -> PathBuf {
        self.root.join("python-build")
    }

    /// The npm packages' directory.
    pub fn node(&self) -> PathBuf {
        self.root.join("node")
    }

    /// Their `node_modules`.
    pub fn node_modules(&self) -> PathBuf {
        self.node().join("node_modules")
    }

    /// The virtual environment's `site-packages`, if it has one.
    pub fn site_packages(&self) -> Option<PathBuf> {
        site_packages_of(&self.venv())
    }

    /// The `site-packages` `engine`'s package is installed in.
    pub fn site_packages_of(&self, engine: &Engine) -> Option<PathBuf> {
        match engine.package.registry {
            Registry::PyPISource => site_packages_of(&self.source_venv()),
            _ => self.site_packages(),
        }
    }
}

/// A virtual environment's `site-packages`, if it has one.
fn site_packages_of(venv: &Path) -> Option<PathBuf> {
    fs::read_dir(venv.join("lib"))
        .ok()?
        .filter_map(Result::ok)
        .map(|e| e.path().join("site-packages"))
        .find(|p| p.is_dir())
}

impl Place {
    /// The version of `engine`'s package installed here, or `None`.
    pub fn installed(&self, engine: &Engine) -> Option<String> {
        let name = engine.package.name;
        match engine.package.registry {
            // The lab's C files, or a user's library by its path.
            Registry::Lab if name.starts_with("abi/") => Some(String::from("built with the lab")),
            Registry::Lab => Some(name.to_string()),
            Registry::PyPI if name.is_empty() => self.python().is_file().then(String::new),
            Registry::Npm if name.is_empty() => self.node_modules().is_dir().then(String::new),
            Registry::PyPISource if !self.source_built_here() => None,
            Registry::PyPI | Registry::Local | Registry::PyPISource => {
                // pip writes `<name>-<version>.dist-info`, the name normalised
                // with underscores.
                let want = name.replace('-', "_").to_lowercase();
                fs::read_dir(self.site_packages_of(engine)?)
                    .ok()?
                    .filter_map(Result::ok)
                    .filter_map(|e| e.file_name().into_string().ok())
                    .filter_map(|f| f.strip_suffix(".dist-info").map(str::to_string))
                    .find_map(|stem| {
                        let (n, v) = stem.rsplit_once('-')?;
                        (n.to_lowercase() == want).then(|| v.to_string())
                    })
            }
            Registry::Npm => {
                let json =
                    fs::read_to_string(self.node_modules().join(name).join("package.json")).ok()?;
                version_in_package_json(&json)
            }
        }
    }

    /// Whether `engine` can run from here: its package at its pinned version.
    pub fn ready(&self, engine: &Engine) -> bool {
        match engine.package.registry {
            Registry::Lab => true,
            _ if engine.package.name.is_empty() => self.installed(engine).is_some(),
            _ => self.installed(engine).as_deref() == Some(engine.package.version),
        }
    }

    /// The library a native engine's functions are in.
    ///
    /// # Errors
    /// When its package is not installed at its version, or holds no such file.
    pub fn library(&self, engine: &Engine) -> Result<PathBuf, Error> {
        let Kind::Native(symbols) = engine.kind else {
            return Err(Error::new(engine.name, "is not a native engine"));
        };
        if !self.ready(engine) {
            return Err(Error::new(
                engine.name,
                format!(
                    "{} {} is not installed in {}: run `cargo xtask engines install`",
                    engine.package.name,
                    engine.package.version,
                    self.root.display()
                ),
            ));
        }
        let site = self.site_packages_of(engine).ok_or_else(|| {
            Error::new(engine.name, "the virtual environment has no site-packages")
        })?;
        let (dir, prefix) = match symbols {
            crate::Symbols::PhEvaluator => (site.join("phevaluator"), "_pheval."),
            crate::Symbols::PokerfastOmp => {
                (site.join("pokerfast").join("_native"), "pokerfast_omp.")
            }
        };
        fs::read_dir(&dir)
            .map_err(|e| Error::new(engine.name, format!("{}: {e}", dir.display())))?
            .filter_map(Result::ok)
            .map(|e| e.path())
            .find(|p| {
                p.file_name().and_then(|f| f.to_str()).is_some_and(|f| {
                    f.starts_with(prefix)
                        && Path::new(f)
                            .extension()
                            .is_some_and(|x| x.eq_ignore_ascii_case("so"))
                })
            })
            .ok_or_else(|| Error::new(engine.name, format!("no {prefix}*.so in {}", dir.display())))
    }

    /// Whether the source builds were made for this CPU, with today's
    /// flags and compiler (see [`Place::source_stamp`]).
    pub fn source_built_here(&self) -> bool {
        fs::read_to_string(self.source_stamp()).is_ok_and(|s| s == source_stamp_text())
    }

    /// What the source builds are, for `machine.txt`: the flags, the
    /// compiler, and the CPU they were tuned for.
    pub fn source_build(&self) -> Option<String> {
        self.source_built_here().then(source_stamp_text)
    }

    /// RayW's table as `poker-evaluator` ships it.
    pub fn hand_ranks(&self) -> PathBuf {
        self.node_modules()
            .join("poker-evaluator")
            .join("data")
            .join("HandRanks.dat")
    }
}

/// The `"version"` of a `package.json`: the first such key, which npm
/// writes at the top level.
pub fn version_in_package_json(json: &str) -> Option<String> {
    let at = json.find("\"version\"")?;
    let rest = json[at + "\"version\"".len()..]
        .trim_start()
        .strip_prefix(':')?;
    let rest = rest.trim_start().strip_prefix('"')?;
    Some(rest[..rest.find('"')?].to_string())
}

/// The pinned packages of a registry, `name==version` (PyPI) or
/// `name@version` (npm), each once.
pub fn pins(registry: Registry) -> Vec<String> {
    let mut pins: Vec<String> = ENGINES
        .iter()
        .filter(|e| e.package.registry == registry && !e.package.name.is_empty())
        .map(|e| match registry {
            Registry::PyPI | Registry::PyPISource => {
                format!("{}=={}", e.package.name, e.package.version)
            }
            _ => format!("{}@{}", e.package.name, e.package.version),
        })
        .collect();
    pins.sort();
    pins.dedup();
    pins
}

fn command(program: impl AsRef<std::ffi::OsStr>, args: &[&str], dir: &Path) -> Result<(), Error> {
    let program = program.as_ref();
    let mut command = Command::new(program);
    command.args(args).current_dir(dir);
    run(
        command,
        &format!("{} {}", program.to_string_lossy(), args.join(" ")),
    )
}

/// Runs `command`, an error naming it as `what` unless it succeeds.
fn run(mut command: Command, what: &str) -> Result<(), Error> {
    let status = command
        .status()
        .map_err(|e| Error::new("install", format!("could not run {what}: {e}")))?;
    if status.success() {
        Ok(())
    } else {
        Err(Error::new("install", format!("{what} failed ({status})")))
    }
}

/// The folder the lab's own Python package ([`Registry::Local`]) is built
/// from: this repository's `python/`.
pub fn local_source() -> PathBuf {
    let crates = Path::new(env!("CARGO_MANIFEST_DIR"));
    // `crates/engines` is two folders below the repository's root.
    crates
        .parent()
        .and_then(Path::parent)
        .unwrap_or(crates)
        .join("python")
}

/// What the source builds were made with and for: the flags, the C and
/// C++ compilers' versions, and the CPU (`/proc/cpuinfo`'s vendor,
/// family, model and flags, which `-march=native` reads).
fn source_stamp_text() -> String {
    let version = |program: &str| {
        Command::new(program)
            .arg("--version")
            .output()
            .ok()
            .and_then(|o| String::from_utf8(o.stdout).ok())
            .and_then(|t| t.lines().next().map(str::to_string))
            .unwrap_or_else(|| format!("{program}: not found"))
    };
    let cpuinfo = fs::read_to_string("/proc/cpuinfo").unwrap_or_default();
    let field = |key: &str| {
        cpuinfo
            .lines()
            .find(|l| l.split(':').next().is_some_and(|k| k.trim() == key))
            .and_then(|l| l.split_once(':'))
            .map_or("", |(_, v)| v.trim())
            .to_string()
    };
    let flags = field("flags");
    let digest = flags.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3)
    });
    format!(
        "CFLAGS=CXXFLAGS={flags}; {cc}; {cxx}; for {vendor} family {family} model {model} ({n} CPU flags, digest {digest:016x})",
        flags = crate::SOURCE_FLAGS,
        cc = version("cc"),
        cxx = version("c++"),
        vendor = field("vendor_id"),
        family = field("cpu family"),
        model = field("model"),
        n = flags.split_whitespace().count(),
    )
}

/// Builds the source distributions ([`Registry::PyPISource`]) into their
/// own virtual environment with pip and [`crate::SOURCE_FLAGS`], unless
/// they were built for this CPU already: `python` makes the environment.
///
/// # Errors
/// A tool that is missing or fails, naming the command.
pub fn install_sources(place: &Place, python: &str) -> Result<(), Error> {
    let pins = pins(Registry::PyPISource);
    if pins.is_empty() || place.source_built_here() {
        return Ok(());
    }
    let partial = fresh_venv(place, python, "venv-source.partial")?;
    let names: Vec<&str> = pins.iter().filter_map(|p| p.split("==").next()).collect();
    let mut pip = Command::new(partial.join("bin").join("python"));
    pip.args([
        "-m",
        "pip",
        "install",
        "--quiet",
        "--disable-pip-version-check",
        "--no-input",
        "--no-cache-dir",
        "--no-binary",
    ])
    .arg(names.join(","))
    .args(&pins)
    .env("CFLAGS", crate::SOURCE_FLAGS)
    .env("CXXFLAGS", crate::SOURCE_FLAGS)
    .current_dir(&place.root);
    run(
        pip,
        &format!(
            "pip install --no-binary {} {} (CFLAGS=CXXFLAGS={})",
            names.join(","),
            pins.join(" "),
            crate::SOURCE_FLAGS
        ),
    )?;
    fs::write(partial.join("built-for.txt"), source_stamp_text())
        .map_err(|e| Error::new("install", format!("{}: {e}", partial.display())))?;
    replace(&partial, &place.source_venv())
}

/// A new virtual environment `name` under `place`, made by `python`
/// (any left by an interrupted install removed first): it is moved into
/// its final place only once everything installed into it.
fn fresh_venv(place: &Place, python: &str, name: &str) -> Result<PathBuf, Error> {
    fs::create_dir_all(&place.root)
        .map_err(|e| Error::new("install", format!("{}: {e}", place.root.display())))?;
    let partial = place.root.join(name);
    let _ = fs::remove_dir_all(&partial);
    command(
        python,
        &["-m", "venv", &partial.display().to_string()],
        &place.root,
    )?;
    Ok(partial)
}

/// Installs every pinned package into `place`: a fresh virtual environment
/// by `python3 -m venv` and pip, a fresh `node_modules` by npm, each moved
/// into place only once complete. `python` is the interpreter to make the
/// environment with.
///
/// # Errors
/// A tool that is missing or fails, naming the command.
pub fn install(place: &Place, python: &str) -> Result<(), Error> {
    // The source builds compile C and C++ one file at a time, while the
    // rest waits on the network or on cargo's last crate: side by side
    // they take the longer one's time, not the sum (on a two-core Zen 3,
    // about 70 s of a 200 s install). Each writes its own folder.
    let (sources, rest) = std::thread::scope(|scope| {
        let sources = scope.spawn(|| install_sources(place, python));
        let rest = install_packages(place, python);
        let sources = sources
            .join()
            .unwrap_or_else(|_| Err(Error::new("install", "the source builds' thread panicked")));
        (sources, rest)
    });
    match (rest, sources) {
        (Err(rest), Err(sources)) => Err(Error::new("install", format!("{rest}; and {sources}"))),
        (rest, sources) => rest.and(sources),
    }
}

/// The pinned PyPI binaries and the lab's own package into one virtual
/// environment, then the npm packages: [`install`] without the source
/// builds.
fn install_packages(place: &Place, python: &str) -> Result<(), Error> {
    let partial = fresh_venv(place, python, "venv.partial")?;
    let pip = partial.join("bin").join("python");
    let mut args = vec![
        "-m",
        "pip",
        "install",
        "--quiet",
        "--disable-pip-version-check",
        "--no-input",
        "--only-binary",
        ":all:",
    ];
    // pip's own build of the packages that publish nothing else: a name
    // in `--no-binary` after `--only-binary :all:` is excluded from it.
    let source_only = crate::SOURCE_ONLY.join(",");
    if !source_only.is_empty() {
        args.extend(["--no-binary", &source_only]);
    }
    let python_pins = pins(Registry::PyPI);
    args.extend(python_pins.iter().map(String::as_str));
    command(&pip, &args, &place.root)?;
    install_local(place, &pip)?;
    replace(&partial, &place.venv())?;

    let partial = place.root.join("node.partial");
    let _ = fs::remove_dir_all(&partial);
    fs::create_dir_all(&partial)
        .map_err(|e| Error::new("install", format!("{}: {e}", partial.display())))?;
    fs::write(
        partial.join("package.json"),
        "{\"name\": \"handeval-engines\", \"private\": true}\n",
    )
    .map_err(|e| Error::new("install", format!("{}: {e}", partial.display())))?;
    let mut args = vec![
        "install",
        "--silent",
        "--no-audit",
        "--no-fund",
        "--save-exact",
        "--ignore-scripts",
    ];
    let npm_pins = pins(Registry::Npm);
    args.extend(npm_pins.iter().map(String::as_str));
    command("npm", &args, &partial)?;
    replace(&partial, &place.node())
}

/// Builds the lab's own Python package ([`Registry::Local`]) from this
/// checkout's `python/` and installs it with the interpreter `python` (a
/// virtual environment's). Its build needs maturin (a wheel, fetched by
/// pip) and the Rust toolchain; its crates are built in
/// [`Place::local_build`], kept between installs, so a package whose
/// sources did not change is rebuilt in seconds. A full run rebuilds it
/// each time: the version it records (the package's) does not tell one
/// build of the checkout from another, the run's commit does.
///
/// # Errors
/// pip failing, naming the command.
pub fn install_local(place: &Place, python: &Path) -> Result<(), Error> {
    if !ENGINES
        .iter()
        .any(|e| e.package.registry == Registry::Local)
    {
        return Ok(());
    }
    let source = local_source();
    let mut pip = Command::new(python);
    pip.args([
        "-m",
        "pip",
        "install",
        "--quiet",
        "--disable-pip-version-check",
    ])
    .args(["--no-input", "--prefer-binary"])
    .arg(&source)
    .env("CARGO_TARGET_DIR", place.local_build())
    .env("MATURIN_PEP517_ARGS", "--locked")
    .current_dir(&place.root);
    run(pip, &format!("pip install {}", source.display()))
}

fn replace(from: &Path, to: &Path) -> Result<(), Error> {
    let _ = fs::remove_dir_all(to);
    fs::rename(from, to).map_err(|e| {
        Error::new(
            "install",
            format!("{} to {}: {e}", from.display(), to.display()),
        )
    })
}

/// Every engine's installed version in `place` (`None`: not installed).
pub fn versions(place: &Place) -> Vec<(&'static Engine, Option<String>)> {
    ENGINES.iter().map(|e| (e, place.installed(e))).collect()
}
