//! Random test inputs, seeded: what `nqueens gen` prints and what
//! `nqueens stress` feeds to the solution under test.
//!
//! A seed fully decides an input: the same seed and options give the same
//! bytes on every machine and every run (the generator is SplitMix64, plain
//! integer arithmetic). `stress` round `r` of base seed `S` uses seed
//! `S + r` (wrapping), so any round can be printed again with `gen`.
//!
//! # Sizes
//! The defaults cover each problem's real range: UVa 11195 boards up to
//! n = 14, checker N in `6..=13` (P1219's limits). A board's side is the
//! smaller of two uniform draws from the `--n` range, so small boards are
//! common (quick to run and to shrink) and the largest still come up: with
//! `1..=14`, one case in 8 has n >= 10 and one in 200 has n = 14.
//!
//! # Constraints
//! Board sides are within `1..=64`, densities within `0..=100` percent.

use std::ops::RangeInclusive;

use crate::base::board::Board;
use crate::base::checker;
use crate::base::error::Result;
use crate::base::rng::Rng;
use crate::base::target::Target;
use crate::engine::constellations::ConstellationEngine;
use crate::tools::judge_mode::Answerer;

/// What to generate.
///
/// Invariant (checked by the command line): `n` within `1..=64`, `density`
/// within `0..=100`, `cases >= 1`.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct GenOptions {
    /// Which problem's input format.
    pub problem: Target,
    /// The seed; `None` picks one from the clock.
    pub seed: Option<u64>,
    /// Cases per input (judge inputs only).
    pub cases: usize,
    /// Board sides (for checker inputs: the values of N).
    pub n: RangeInclusive<usize>,
    /// Percent of cells blocked, drawn per case from this range.
    pub density: RangeInclusive<usize>,
}

impl GenOptions {
    /// The defaults for `problem`: the problem's real range of sizes.
    pub fn defaults(problem: Target) -> GenOptions {
        GenOptions {
            problem,
            seed: None,
            cases: 4,
            n: match problem {
                Target::Uva11195 => 1..=14,
                Target::Checker => 6..=13,
            },
            density: 0..=40,
        }
    }

    /// The options as `gen` arguments (without the seed), to reproduce a run.
    ///
    /// ```
    /// use nqueens::{base::target::Target, tools::generate::GenOptions};
    /// let args = GenOptions::defaults(Target::Uva11195).to_args();
    /// assert_eq!(args, "--cases 4 --n 1..=14 --density 0..=40");
    /// ```
    pub fn to_args(&self) -> String {
        let range = |r: &RangeInclusive<usize>| format!("{}..={}", r.start(), r.end());
        match self.problem {
            Target::Uva11195 => format!(
                "--cases {} --n {} --density {}",
                self.cases,
                range(&self.n),
                range(&self.density)
            ),
            Target::Checker => format!("--problem checker --n {}", range(&self.n)),
        }
    }
}

/// A seed from the clock, for runs without `--seed`.
pub fn clock_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos() as u64)
        .unwrap_or(0)
}

/// One input of either problem.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum TestInput {
    /// UVa 11195 cases (judge mode's input).
    Uva11195(Vec<Board>),
    /// A checker-mode board side (USACO 1.5.4 / P1219).
    Checker(usize),
}

impl TestInput {
    /// A random input for `options`, decided by `seed` alone.
    pub fn random(options: &GenOptions, seed: u64) -> TestInput {
        let mut rng = Rng::new(seed);
        match options.problem {
            Target::Checker => TestInput::Checker(rng.in_range(&options.n)),
            Target::Uva11195 => TestInput::Uva11195(
                (0..options.cases)
                    .map(|_| random_case(&mut rng, options))
                    .collect(),
            ),
        }
    }

    /// The input as the judge gives it: cases then `0`, or `N`.
    ///
    /// ```
    /// use nqueens::{base::board::Board, tools::generate::TestInput};
    /// let input = TestInput::Uva11195(vec![Board::blank(2)]);
    /// assert_eq!(input.text(), "2\n..\n..\n0\n");
    /// assert_eq!(TestInput::Checker(6).text(), "6\n");
    /// ```
    pub fn text(&self) -> String {
        match self {
            TestInput::Checker(n) => format!("{n}\n"),
            TestInput::Uva11195(boards) => {
                let mut text = String::new();
                for board in boards {
                    text.push_str(&format!("{}\n{board}", board.n()));
                }
                text.push_str("0\n");
                text
            }
        }
    }

    /// The correct output, computed as judge mode and checker mode do (the
    /// planner, the constellation engine) on the answerer's threads.
    pub fn expected(&self, answerer: &mut Answerer) -> Result<String> {
        match self {
            TestInput::Uva11195(_) => answerer.answers(self.text().as_bytes()),
            &TestInput::Checker(n) => {
                let mut out = Vec::new();
                let threads = answerer.threads();
                checker::run(
                    n,
                    |n| {
                        Ok(ConstellationEngine::on_threads(n, threads)?
                            .counts(threads, false)?
                            .total)
                    },
                    &mut out,
                )?;
                Ok(String::from_utf8_lossy(&out).into_owned())
            }
        }
    }

    /// A short description of the input's size, for reports.
    pub fn describe(&self) -> String {
        match self {
            TestInput::Checker(n) => format!("N = {n}"),
            TestInput::Uva11195(boards) => {
                let sides: Vec<String> = boards.iter().map(|b| b.n().to_string()).collect();
                let plural = if boards.len() == 1 { "" } else { "s" };
                format!("{} case{plural}, n = {}", boards.len(), sides.join(", "))
            }
        }
    }
}

/// A random board: side from `options.n` (the smaller of two draws, so
/// skewed small), then each cell blocked with a probability drawn from
/// `options.density`.
fn random_case(rng: &mut Rng, options: &GenOptions) -> Board {
    let n = rng.in_range(&options.n).min(rng.in_range(&options.n));
    let percent = rng.in_range(&options.density) as u64;
    random_board(rng, n, percent)
}

/// A random `n x n` board, each cell blocked with probability `percent`/100.
///
/// ```
/// let mut rng = nqueens::base::rng::Rng::new(1);
/// let board = nqueens::tools::generate::random_board(&mut rng, 8, 0);
/// assert_eq!(board.obstacles(), 0);
/// ```
pub fn random_board(rng: &mut Rng, n: usize, percent: u64) -> Board {
    rng.board(n, percent)
}

/// A random `n x n` board whose blocked cells come in square clumps of side
/// 1 to `max_side` (obstacles in real inputs are often walls and blocks, not
/// scattered cells), until at least `percent`% of it is blocked.
///
/// ```
/// let mut rng = nqueens::base::rng::Rng::new(1);
/// let board = nqueens::tools::generate::clustered_board(&mut rng, 8, 25, 3);
/// assert!(board.obstacles() * 100 >= 8 * 8 * 25);
/// ```
pub fn clustered_board(rng: &mut Rng, n: usize, percent: usize, max_side: usize) -> Board {
    let mut board = Board::blank(n);
    while board.obstacles() * 100 < n * n * percent {
        let (row, col) = (rng.between(0, n - 1), rng.between(0, n - 1));
        let side = rng.between(1, max_side.max(1));
        for r in row..(row + side).min(n) {
            for c in col..(col + side).min(n) {
                board.set_free(r, c, false);
            }
        }
    }
    board
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_same_seed_gives_the_same_input() {
        let options = GenOptions::defaults(Target::Uva11195);
        assert_eq!(
            TestInput::random(&options, 5).text(),
            TestInput::random(&options, 5).text()
        );
        assert_ne!(
            TestInput::random(&options, 5).text(),
            TestInput::random(&options, 6).text()
        );
    }

    #[test]
    fn inputs_respect_the_options() {
        let options = GenOptions {
            cases: 7,
            n: 3..=5,
            density: 100..=100,
            ..GenOptions::defaults(Target::Uva11195)
        };
        let TestInput::Uva11195(boards) = TestInput::random(&options, 1) else {
            panic!("a judge input")
        };
        assert_eq!(boards.len(), 7);
        for board in boards {
            assert!((3..=5).contains(&board.n()));
            assert_eq!(board.obstacles(), board.n() * board.n());
        }
        let checker = GenOptions {
            n: 6..=6,
            ..GenOptions::defaults(Target::Checker)
        };
        assert_eq!(TestInput::random(&checker, 9), TestInput::Checker(6));
    }

    #[test]
    fn default_sides_are_mostly_small_yet_reach_14() {
        let options = GenOptions::defaults(Target::Uva11195);
        let mut sides = [0usize; 15];
        for seed in 0..1000 {
            let TestInput::Uva11195(boards) = TestInput::random(&options, seed) else {
                panic!("a judge input")
            };
            for board in boards {
                sides[board.n()] += 1;
            }
        }
        let large: usize = sides[10..].iter().sum();
        let small: usize = sides[..=7].iter().sum();
        assert!(sides[14] > 0, "{sides:?}");
        assert!(large > 4000 / 12 && small > 4000 / 2, "{sides:?}");
    }

    #[test]
    fn expected_answers_come_from_the_engine() {
        let input = TestInput::Uva11195(vec![Board::blank(4), Board::blank(1)]);
        let mut answerer = Answerer::new(
            crate::engine::budget::Budget::default().on_threads(2),
            crate::tools::progress::Progress::Off,
            crate::plan::calibration::Speed::measured(),
        );
        assert_eq!(
            input.expected(&mut answerer).unwrap(),
            "Case 1: 2\nCase 2: 1\n"
        );
        assert_eq!(
            TestInput::Checker(4).expected(&mut answerer).unwrap(),
            "2 4 1 3\n3 1 4 2\n2\n"
        );
    }
}
