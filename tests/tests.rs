//! The integration tests: one crate, one module per concern.

mod util;

mod bad_input;
mod blank;
mod bundle;
mod properties;
mod samples;
mod show;
mod stress;
