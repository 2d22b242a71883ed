//! `kinrow serve`: the board in the browser ([`crate::serve`]). Turns the
//! flags into the server's settings, binds, says where, and serves.

use crate::cli::ServeArgs;
use crate::error::CliError;
use crate::serve::{self, Config};
use std::net::{SocketAddr, TcpListener};
use std::time::Duration;

/// The search memory of all searches at once when `--memory` is not
/// given: 2 GiB, at most the library's default (half the memory
/// available).
const DEFAULT_MEMORY: u64 = 2 << 30;

pub fn run(args: &ServeArgs) -> Result<u8, CliError> {
    let searches = usize::from(args.searches);
    let memory = args
        .memory
        .unwrap_or_else(|| DEFAULT_MEMORY.min(kinrow_prover::default_memory()));
    let config = Config {
        bind: SocketAddr::new(args.bind, args.port),
        max_time: Duration::from_secs_f64(args.max_time),
        max_threads: args
            .max_threads
            .map_or_else(crate::settings::cores, usize::from)
            .max(1),
        searches,
        queue: usize::from(args.queue),
        memory_per_search: (memory / searches as u64).max(1),
    };
    let listener = TcpListener::bind(config.bind)
        .map_err(|e| CliError::input(format!("--bind {} --port {}: {e}", args.bind, args.port)))?;
    let bound = listener
        .local_addr()
        .map_err(|e| CliError::failed(format!("serve: {e}")))?;
    let url = match bound {
        SocketAddr::V6(a) => format!("http://[{}]:{}/", a.ip(), a.port()),
        SocketAddr::V4(a) => format!("http://{a}/"),
    };
    // The first line of standard output is the address (tests and scripts
    // read it when they ask for port 0); notes go to stderr.
    println!("kinrow: serving on {url}");
    if !bound.ip().is_loopback() {
        eprintln!(
            "kinrow: note: listening on {}, not a loopback address: other machines can ask for searches",
            bound.ip()
        );
    }
    eprintln!(
        "kinrow: each search at most {} s, {} thread{}, {} of memory; {} at once, {} waiting at most; Ctrl-C stops",
        args.max_time,
        config.max_threads,
        if config.max_threads == 1 { "" } else { "s" },
        crate::render::bytes(config.memory_per_search),
        config.searches,
        config.queue
    );
    if args.open {
        open(&url);
    }
    serve::serve(config, listener).map_err(|e| CliError::failed(format!("serve: {e}")))?;
    Ok(0)
}

/// Opens `url` in the desktop's browser; says so on stderr when it cannot.
fn open(url: &str) {
    let opener = if cfg!(target_os = "macos") {
        "open"
    } else {
        "xdg-open"
    };
    if let Err(e) = std::process::Command::new(opener).arg(url).spawn() {
        eprintln!("kinrow: --open: `{opener} {url}` failed: {e}; open the address yourself");
    }
}
