//! A one-node Slurm of a test's own: `munged`, `slurmctld` and `slurmd`
//! started as children in a fresh folder (munge key, state, spool, logs,
//! and the counting guide's `slurm.conf` pointed at them), on free ports, and
//! stopped when the [`Cluster`] is dropped, also when the test fails.
//!
//! Every process it starts carries `SLURM_CONF=<its slurm.conf>` in its
//! environment, and Slurm hands that on to the tasks it runs: so the
//! processes of one cluster are found through `/proc`, daemons and tasks
//! alike, however they were forked. Two test runs at once each have their
//! own folder and ports; a cluster left behind by a killed run (its test
//! process gone) is stopped and removed by the next one that starts.

use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::thread;
use std::time::{Duration, Instant};

use crate::processes;

/// The folders of test clusters are `<temp>/nqueens-slurm-<pid>-<k>`.
const PREFIX: &str = "nqueens-slurm-";

/// How long the daemons may take to come up: a guard against a cluster
/// that never starts, not a bound on speed (they are up in seconds on a
/// quiet machine; five minutes is beyond what any load makes of that).
const START_LIMIT: Duration = Duration::from_secs(300);

/// A running one-node cluster; dropping it stops every process it started.
pub struct Cluster {
    dir: PathBuf,
    conf: PathBuf,
    daemons: Vec<Child>,
}

impl Cluster {
    /// Brings up a cluster and waits until its node is idle.
    ///
    /// # Errors
    /// What this machine lacks to run one (it must be root: `slurmd`
    /// starts each task as the user who submitted it). A daemon that fails
    /// to come up is a panic, with its log.
    pub fn start() -> Result<Cluster, String> {
        if !is_root() {
            return Err(
                "the test's own one-node Slurm must run as root (slurmd starts \
                 each task as the user who submitted it, and the test runs its \
                 daemons as SlurmUser=root): run the tests as root, as CI does, or \
                 try the recipe of docs/COUNTING.md against a Slurm set up by hand"
                    .into(),
            );
        }
        stop_abandoned();
        static NEXT: AtomicUsize = AtomicUsize::new(0);
        let me = std::process::id();
        let dir = std::env::temp_dir().join(format!(
            "{PREFIX}{me}-{}",
            NEXT.fetch_add(1, Ordering::Relaxed)
        ));
        let _ = std::fs::remove_dir_all(&dir);
        for sub in ["state", "spool", "log", "work"] {
            std::fs::create_dir_all(dir.join(sub)).unwrap();
        }
        // munged refuses a socket in a folder others cannot enter.
        set_mode(&dir, 0o755);
        let owner = processes::start_time(me).expect("this process is in /proc");
        std::fs::write(dir.join("owner"), format!("{me} {owner}\n")).unwrap();
        let key = dir.join("munge.key");
        std::fs::write(&key, random_bytes(1024)).unwrap();
        set_mode(&key, 0o600);
        let conf = dir.join("slurm.conf");
        std::fs::write(&conf, slurm_conf(&dir)).unwrap();
        let mut cluster = Cluster {
            dir,
            conf,
            daemons: Vec::new(),
        };
        cluster.start_daemons();
        Ok(cluster)
    }

    /// The folder for the jobs' files (the submission's working folder).
    pub fn work(&self) -> PathBuf {
        self.dir.join("work")
    }

    /// `program` set up to talk to this cluster (its `slurm.conf` in the
    /// environment), with the `nqueens` under test first on the `PATH`
    /// (the tasks inherit both) and the daemons' `/usr/sbin` last, run in
    /// [`Cluster::work`].
    pub fn command(&self, program: &str) -> Command {
        let bin = Path::new(env!("CARGO_BIN_EXE_nqueens")).parent().unwrap();
        let path = format!(
            "{}:{}:/usr/sbin",
            bin.display(),
            std::env::var("PATH").unwrap_or_default()
        );
        let mut command = Command::new(program);
        crate::util::test_env(&mut command)
            .env("SLURM_CONF", &self.conf)
            .env("PATH", path)
            .current_dir(self.work());
        command
    }

    /// Runs a Slurm command (`squeue`, `scontrol`, ...) and returns its
    /// stdout; a failure fails the test, with the daemons' logs.
    pub fn query(&self, program: &str, args: &[&str]) -> String {
        let output = self
            .command(program)
            .args(args)
            .stdin(Stdio::null())
            .output()
            .unwrap_or_else(|e| panic!("{program} does not start: {e}"));
        assert!(
            output.status.success(),
            "{program} {args:?}: {}\n{}",
            String::from_utf8_lossy(&output.stderr),
            self.logs()
        );
        String::from_utf8_lossy(&output.stdout).into_owned()
    }

    /// Waits until no job is queued or running, failing after `limit`. A
    /// requeued task is held back for its begin time (2 minutes on
    /// Slurm 22.05), and on a busy machine the hold can land after any
    /// earlier release: every task still held is let go at each look, as
    /// if that time had passed (no wait on the clock).
    pub fn wait_until_idle(&self, limit: Duration) {
        let start = Instant::now();
        loop {
            let queued = self.query("squeue", &["-h", "-o", "%i %r"]);
            if queued.trim().is_empty() {
                return;
            }
            for line in queued.lines().filter(|l| l.contains("BeginTime")) {
                if let Some(task) = line.split_whitespace().next() {
                    // It may have started meanwhile: a refusal is fine.
                    let _ = self
                        .command("scontrol")
                        .args(["update", &format!("JobId={task}"), "StartTime=now"])
                        .status();
                }
            }
            assert!(
                start.elapsed() < limit,
                "tasks still queued after {limit:?}:\n{}{}",
                self.query("squeue", &[]),
                self.logs()
            );
            thread::sleep(Duration::from_millis(200));
        }
    }

    /// The last lines of each daemon's log, for a failure message.
    pub fn logs(&self) -> String {
        let mut text = String::new();
        let Ok(entries) = std::fs::read_dir(self.dir.join("log")) else {
            return text;
        };
        for entry in entries.flatten() {
            let log = std::fs::read_to_string(entry.path()).unwrap_or_default();
            let lines: Vec<&str> = log.lines().collect();
            let tail = lines[lines.len().saturating_sub(15)..].join("\n");
            text += &format!("--- {}\n{tail}\n", entry.path().display());
        }
        text
    }

    fn start_daemons(&mut self) {
        let socket = self.dir.join("munge.socket");
        let log = self.dir.join("log");
        let arg = |name: &str, path: PathBuf| format!("--{name}={}", path.display());
        // -F: in the foreground, our child; -f: as root, which munged
        // otherwise refuses (the packaged service runs as user munge).
        self.spawn(
            "munged",
            &[
                "-F".into(),
                "-f".into(),
                arg("socket", socket.clone()),
                arg("key-file", self.dir.join("munge.key")),
                arg("log-file", log.join("munged.log")),
                arg("pid-file", self.dir.join("munged.pid")),
                arg("seed-file", self.dir.join("munged.seed")),
            ],
        );
        self.wait_for("munged's socket", |_| socket.exists());
        self.spawn("slurmctld", &["-D".into()]);
        self.spawn("slurmd", &["-D".into()]);
        self.wait_for("the node to be idle", |cluster| {
            let state = cluster
                .command("sinfo")
                .args(["-h", "-o", "%T"])
                .stderr(Stdio::null())
                .output();
            state.is_ok_and(|o| String::from_utf8_lossy(&o.stdout).trim() == "idle")
        });
    }

    /// Starts a daemon in the foreground, its output to `log/NAME.out`.
    fn spawn(&mut self, program: &str, args: &[String]) {
        let out = std::fs::File::create(self.dir.join("log").join(format!("{program}.out")))
            .expect("the log folder is writable");
        let child = self
            .command(program)
            .args(args)
            .stdin(Stdio::null())
            .stdout(out.try_clone().unwrap())
            .stderr(out)
            .spawn()
            .unwrap_or_else(|e| panic!("{program} does not start: {e}"));
        self.daemons.push(child);
    }

    fn wait_for(&mut self, what: &str, ready: impl Fn(&Cluster) -> bool) {
        let start = Instant::now();
        while !ready(self) {
            for child in &mut self.daemons {
                if let Ok(Some(status)) = child.try_wait() {
                    panic!("a daemon ended ({status}) before {what}:\n{}", self.logs());
                }
            }
            assert!(
                start.elapsed() < START_LIMIT,
                "no {what} after {START_LIMIT:?}:\n{}",
                self.logs()
            );
            thread::sleep(Duration::from_millis(50));
        }
    }
}

impl Drop for Cluster {
    fn drop(&mut self) {
        // The daemons first, so that no new task starts; then whatever
        // they left running (slurmstepd, the tasks, slurmscriptd).
        for child in &mut self.daemons {
            let _ = child.kill();
        }
        for child in &mut self.daemons {
            let _ = child.wait();
        }
        stop_tagged(|conf| conf == self.conf.as_path());
        if thread::panicking() {
            eprintln!(
                "the test's Slurm is stopped; its logs and files are in {}",
                self.dir.display()
            );
        } else {
            let _ = std::fs::remove_dir_all(&self.dir);
        }
    }
}

/// The counting guide's `slurm.conf` (the here-document of "Trying the
/// Slurm recipe by hand on one machine" in `docs/COUNTING.md`), with this
/// machine's name and CPUs, its folders moved into `dir`, then what a
/// cluster of a test's own needs besides: free ports, its own munge
/// socket, pid and log files.
fn slurm_conf(dir: &Path) -> String {
    let guide = include_str!("../docs/COUNTING.md");
    let recipe: Vec<&str> = guide
        .lines()
        .map(str::trim)
        .skip_while(|l| !l.starts_with("cat > /etc/slurm/slurm.conf <<EOF"))
        .skip(1)
        .take_while(|l| *l != "EOF")
        .collect();
    assert!(
        recipe.iter().any(|l| l.starts_with("NodeName=")),
        "docs/COUNTING.md has no slurm.conf here-document"
    );
    let host = std::fs::read_to_string("/proc/sys/kernel/hostname").unwrap();
    let host = host.trim().split('.').next().unwrap().to_string();
    let cpus = thread::available_parallelism().map_or(1, |n| n.get());
    let at = |sub: &str| dir.join(sub).display().to_string();
    let mut conf: String = recipe
        .iter()
        .map(|line| {
            let line = line
                .replace("$(hostname -s)", &host)
                .replace("$(nproc)", &cpus.to_string())
                .replace("/var/spool/slurmctld", &at("state"))
                .replace("/var/spool/slurmd", &at("spool"));
            assert!(!line.contains('$'), "a shell expansion left: {line}");
            line + "\n"
        })
        .collect();
    let [controller, node] = free_ports();
    conf += &format!(
        "SlurmctldPort={controller}\n\
         SlurmdPort={node}\n\
         AuthInfo=socket={}\n\
         SlurmctldPidFile={}\n\
         SlurmdPidFile={}\n\
         SlurmctldLogFile={}\n\
         SlurmdLogFile={}\n",
        at("munge.socket"),
        at("slurmctld.pid"),
        at("slurmd.pid"),
        at("log/slurmctld.log"),
        at("log/slurmd.log"),
    );
    conf
}

/// Two TCP ports nothing listens on now (the daemons bind them a moment
/// later: another program taking one in between fails the start loudly).
fn free_ports() -> [u16; 2] {
    let bind = || TcpListener::bind("0.0.0.0:0").expect("a free port");
    let (a, b) = (bind(), bind());
    [
        a.local_addr().unwrap().port(),
        b.local_addr().unwrap().port(),
    ]
}

/// Stops the processes of clusters whose test process is gone (killed
/// before its `Cluster` was dropped) and removes their folders.
fn stop_abandoned() {
    let temp = std::env::temp_dir();
    let abandoned = |dir: &Path| dir.starts_with(&temp) && !owner_alive(dir);
    stop_tagged(|conf| {
        conf.parent().is_some_and(|dir| {
            dir.file_name()
                .and_then(|name| name.to_str())
                .is_some_and(|name| name.starts_with(PREFIX))
                && abandoned(dir)
        })
    });
    let Ok(entries) = std::fs::read_dir(&temp) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name();
        if name.to_str().is_some_and(|n| n.starts_with(PREFIX)) && abandoned(&entry.path()) {
            let _ = std::fs::remove_dir_all(entry.path());
        }
    }
}

/// Whether the test process that made the cluster folder `dir` still runs.
fn owner_alive(dir: &Path) -> bool {
    let owner = std::fs::read_to_string(dir.join("owner")).unwrap_or_default();
    let mut words = owner.split_whitespace().map(|w| w.parse::<u64>().ok());
    match (words.next().flatten(), words.next().flatten()) {
        (Some(pid), Some(started)) => {
            processes::start_time(pid as u32).is_some_and(|now| now == started)
        }
        // Being made right now (no owner written yet), or made by hand:
        // left alone for a minute.
        _ => std::fs::metadata(dir)
            .and_then(|m| m.modified())
            .is_ok_and(|t| {
                t.elapsed()
                    .map_or(true, |age| age < Duration::from_secs(60))
            }),
    }
}

/// SIGKILLs every process whose `SLURM_CONF` satisfies `ours`, again
/// until none is left (a daemon may fork while it is being killed).
fn stop_tagged(ours: impl Fn(&Path) -> bool) {
    for _ in 0..50 {
        let pids: Vec<u32> = processes::all()
            .iter()
            .filter(|p| p.var("SLURM_CONF").is_some_and(|c| ours(Path::new(c))))
            .map(|p| p.pid)
            .collect();
        if pids.is_empty() {
            return;
        }
        processes::kill(&pids);
        thread::sleep(Duration::from_millis(100));
    }
}

fn is_root() -> bool {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix("Uid:"))
        .and_then(|ids| ids.split_whitespace().next())
        == Some("0")
}

fn set_mode(path: &Path, mode: u32) {
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode)).unwrap();
}

fn random_bytes(count: usize) -> Vec<u8> {
    use std::io::Read;
    let mut bytes = vec![0; count];
    std::fs::File::open("/dev/urandom")
        .and_then(|mut f| f.read_exact(&mut bytes))
        .expect("/dev/urandom is readable");
    bytes
}
