//! Progress of a long count on stderr: share done, time elapsed, time left.
//!
//! The work reports how far it got through a shared counter of cost units;
//! a watcher thread redraws one status line about once a second and clears
//! it at the end, so stdout (the results) never sees any of it. When stderr
//! is not a terminal (a log file under `--progress`), it writes a plain line
//! every [`LOG_EVERY`] instead, with no control characters.
//!
//!
//! Its rooms:
//! - `lines`: the status line's text: the share done, the time elapsed,
//!   the time left (from the estimate, or as measured);
//! - `watcher`: the thread that shows it while the work runs, paced per
//!   subject, and the one line of a slow step with no progress of its own.
//!
//! # Complexity
//! One wake-up every [`TICK`] while the work runs.

mod lines;
mod watcher;

pub use crate::plan::estimate::{about, human, DAY, LONG};
pub use lines::{status, status_estimated, time_left, TimeLeft, MEASURED_SHARE};
pub use watcher::{
    say_if_slow, watch, watch_estimated, watch_with, Pacer, Progress, LOG_EVERY, QUIET_FOR, REDRAW,
    TICK,
};
