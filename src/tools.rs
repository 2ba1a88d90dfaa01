//! The commands and workflow tools around the engines.
//!
//! - [`judge_mode`], [`files`]: judge mode over several input files, errors
//!   naming the file;
//! - [`count`], [`shard`], [`merge`], [`checkpoint`], [`saved_layout`],
//!   [`seal`], [`progress`]: blank-board counts, their cluster shards and
//!   `merge`, checkpoints to resume a count, saved layouts (`--plan`) the shards of one
//!   count share, the CRC-32 they seal their lines with, progress on
//!   stderr; [`campaign`]: a campaign's records read together, for
//!   `merge` and `merge --status`;
//! - [`estimate_line`]: an estimate as `--estimate` and the notes before
//!   long work print it;
//! - [`generate`], [`stress`], [`shrink`], [`child`]: random inputs,
//!   stress-testing another solution (run in its own process group, under a
//!   time limit), shrinking a failure to a minimal input;
//! - [`test`]: running another solution on stored inputs, verdict per file;
//! - [`failure`]: why a run of another solution failed (`stress`, `test`);
//! - [`show`]: drawing and listing solutions;
//! - [`bundle`]: one-file submissions made of [`crate::base`];
//! - [`settings`]: what a run uses (memory, threads, progress, the
//!   machine), resolved once by the command line and handed to each
//!   command.

pub mod bundle;
pub mod campaign;
pub mod checkpoint;
pub mod child;
pub mod count;
pub mod estimate_line;
pub mod failure;
pub mod files;
pub mod generate;
pub mod judge_mode;
pub mod merge;
pub mod progress;
pub mod saved_layout;
pub mod seal;
pub mod settings;
pub mod shard;
pub mod show;
pub mod shrink;
pub mod stress;
pub mod test;
