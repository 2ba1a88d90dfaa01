//! Half-board join counter for N-Queens on boards with blocked cells.
//!
//! The board is cut into a top half (rows `0..h`, `h = n / 2`) and a bottom
//! half (the last `h` rows). For odd `n` the middle row is a *pivot*: every
//! free cell of it is tried as its own sub-problem, and its queen simply
//! blocks one column and two diagonals for both halves.
//!
//! A solution is a top placement using an `h`-set `S` of columns plus a
//! bottom placement using the remaining available columns, such that no
//! diagonal is used twice. Rows and columns are then automatically right, so
//! the count is `sum over S of #{(t, b) : diagonals(t) & diagonals(b) == 0}`.
//! Each half is itself a join of two *quarters* (left / right columns):
//! every quarter placement is enumerated once and bucketed by (columns,
//! rows), so the placements of a half with column set `S` are the
//! compatible pairs of two buckets with complementary row sets.
//!
//! The folder is the join, in the order a count runs, and its price, a
//! floor above it:
//! - [`quarters`]: the quarter placements and their bucket tables;
//! - [`column_sets`]: the tasks (column sets per pivot), cut down by the
//!   board's symmetries;
//! - [`layout`]: the layout (a join's work laid out): tasks, parts that
//!   bound the memory, work units;
//! - [`ranked`]: past exact planning (n > 24), units named by a pivot and
//!   a range of column-set ranks, each building its own tables;
//! - [`images`]: a near-blank board's blocked cells under the symmetries,
//!   for a count of it on the blank board's join (a *credited* join);
//! - [`matching`]: **the hot loop**, one column set's joins, bucket by
//!   bucket of its sieved bottoms, 64 bottoms per AND + popcount;
//! - [`sieve`]: bottoms sorted into buckets by a few overlap diagonals, so
//!   that a top visits only the buckets it can fit;
//! - [`transpose`]: the 64 x 64 bit transpose the kernel stores bottoms with;
//! - [`tally`]: what a join did, its work counted and where its time went;
//! - [`prepared`]: a prepared join (a layout or ranked units) and its units,
//!   one part's tables at a time;
//! - [`recount`]: a unit counted again by the definition (plain halves,
//!   orbits found again), for the spot check of a campaign's records;
//! - [`price`]: what a join will take in time and memory, and the choices
//!   made by it: the cost model, the sampled pricing, a board laid out
//!   ([`layout::Layout`]'s `new`) and ranked units planned
//!   ([`ranked::Ranked`]'s `new`) by their prices, a shard's units priced
//!   on their own. It reads the rooms above; none of them reads it.
//!
//! The count of solutions unique up to the 8 board symmetries is not
//! produced here (the orbits above are of column sets, not solutions):
//! [`crate::engine::counter`] adds it by Burnside's lemma.
//!
//! # Constraints
//! * `1 <= n <= 28`: planned exactly up to `MAX_N` (24), as ranked units
//!   beyond ([`ranked`]).
//! * `free[r]` bit `c` set means cell (r, c) is free; bits `>= n` are ignored.
//! * Memory: one part's quarter tables (16 bytes per placement plus
//!   `4 x 2^(n/2 + n/2)` bucket starts) plus per-thread scratch, estimated
//!   before any large allocation ([`PreparedJoin::peak_bytes`]).
//!
//! # Complexity
//! Let `T_S`, `B_S` be the numbers of top / bottom placements for column set
//! `S`, `W_S = B_S / 64`. Time is about `sum_S T_S * W_S` AND+popcount word
//! operations plus the building costs listed in [`matching`], over the
//! canonical column sets only (about 1/4 of them for blank odd boards,
//! 1/4..1/8 for blank even boards).

pub mod column_sets;
pub mod images;
pub mod layout;
pub mod matching;
pub mod prepared;
pub mod price;
pub mod quarters;
pub mod ranked;
pub mod recount;
pub mod sieve;
pub mod tally;
pub mod transpose;

pub use layout::{MinN, MAX_N};
pub use matching::Isa;
pub use prepared::PreparedJoin;
