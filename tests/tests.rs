//! The integration tests: one crate, one module per concern.

mod child;
mod one_node_slurm;
mod png;
mod processes;
mod util;
mod xml;

mod bad_input;
mod big_boards;
mod blank;
mod bundle;
mod bundle_big;
mod bundle_python;
mod campaign;
mod count;
mod counter;
mod docs_tree;
mod errors;
mod fresh_machine;
mod half_board;
mod memory;
mod mutation;
mod obstacle;
mod properties;
mod quotes;
mod readme;
mod reliability;
mod resume;
mod samples;
mod show;
mod split;
mod streaming;
mod stress;
mod svg;
mod test_cmd;
mod threads;
