//! The integration tests: one crate, one module per concern.

mod util;

mod bad_input;
mod blank;
mod obstacle;
mod properties;
mod samples;
