//! The big single boards that the quotes bench prices and the submit
//! bench's `boards` group times against a plain C search (issue 41): one
//! list, so that both tables speak of the same boards.

#![allow(dead_code)]

use std::time::Duration;

use nqueens::base::board::Board;
use nqueens::base::rng::Rng;
use nqueens::tools::generate::{clustered_board, random_board};

/// How a board's cells are blocked.
#[derive(Clone, Copy)]
pub enum Kind {
    /// Each cell with probability `percent`%.
    Random,
    /// In square clumps, about `percent`% in all (of side up to 3 past
    /// n = 30: bigger clumps there leave boards that die at once or never
    /// end).
    Clustered,
    /// Exactly this many cells, each anywhere (not a percentage).
    Cells,
}

/// One board: `(n, kind, percent blocked or cells, seed)`.
pub type Recipe = (usize, Kind, usize, u64);

/// Sides 15..47 from 3% to 85% blocked, each solved in about a tenth of a
/// second to half a minute by the planner's choice on the development
/// machine.
pub const BOARDS: [Recipe; 24] = [
    (15, Kind::Random, 3, 1),
    (15, Kind::Clustered, 20, 2),
    (16, Kind::Random, 5, 3),
    (16, Kind::Clustered, 12, 4),
    (17, Kind::Random, 3, 5),
    (17, Kind::Random, 20, 6),
    (18, Kind::Clustered, 25, 7),
    (19, Kind::Random, 35, 8),
    (20, Kind::Random, 45, 9),
    (22, Kind::Clustered, 40, 10),
    (24, Kind::Random, 57, 11),
    (26, Kind::Clustered, 50, 12),
    (28, Kind::Random, 66, 13),
    (30, Kind::Random, 70, 14),
    (32, Kind::Clustered, 66, 104),
    (34, Kind::Random, 74, 16),
    (36, Kind::Clustered, 74, 115),
    (38, Kind::Random, 80, 18),
    (40, Kind::Random, 80, 19),
    (42, Kind::Clustered, 78, 125),
    (44, Kind::Random, 82, 21),
    (45, Kind::Clustered, 80, 22),
    (47, Kind::Random, 83, 23),
    (47, Kind::Clustered, 82, 144),
];

/// The sparse single boards of issue 41, item 1 (n = 15..17, a few
/// blocked cells; [`BOARDS`] holds three more: n = 15 random 3%, 16 random
/// 5%, 17 random 3%), where the target is 10x a plain C search.
pub const SPARSE: [Recipe; 4] = [
    (15, Kind::Cells, 2, 201),
    (16, Kind::Cells, 3, 202),
    (17, Kind::Cells, 2, 203),
    (17, Kind::Cells, 5, 204),
];

/// The board of `recipe` and its label (`n=17 random 3% (9)`: the
/// blocked cells in brackets).
pub fn board((n, kind, amount, seed): Recipe) -> (String, Board) {
    let mut rng = Rng::new(0x9_0075 ^ seed);
    // Boards with an empty line are answered without a search: drawn again.
    loop {
        let (board, label) = match kind {
            Kind::Random => (
                random_board(&mut rng, n, amount as u64),
                format!("random {amount}%"),
            ),
            Kind::Clustered => (
                clustered_board(&mut rng, n, amount, if n > 30 { 3 } else { 1 + n / 6 }),
                format!("clustered {amount}%"),
            ),
            Kind::Cells => {
                let mut board = Board::blank(n);
                while board.obstacles() < amount {
                    board.set_free(rng.between(0, n - 1), rng.between(0, n - 1), false);
                }
                (board, "cells".to_string())
            }
        };
        if !nqueens::engine::ordering::has_empty_line(&board) {
            return (format!("n={n} {label} ({})", board.obstacles()), board);
        }
    }
}

/// The CPU time this process has used so far, all threads (not its
/// children); zero where the system does not say.
pub fn cpu_time() -> Duration {
    nqueens::engine::cpu::process().unwrap_or_default()
}
