//! The planner: judge mode's [`Solver`], the cheapest exact method per case
//! and per batch.
//!
//! Every method gives the exact count; they differ only in cost, and which
//! is cheapest depends on the board and on the batch around it. The planner
//! does only this, per batch:
//! 1. deduplicates: boards equal up to rotation and reflection are solved
//!    once, and a board with a row or column without free cells has no
//!    solution;
//! 2. collects quotes from every method of the
//!    [`crate::plan::method::registry`] (or takes the forced
//!    one), after letting methods make shared investments such as an index;
//! 3. runs the chosen methods' work units on the threads (big searches
//!    split so that threads can share them);
//! 4. combines the units' results into answers, in order, and explains.
//!
//! Costs are estimated in nanoseconds (see [`crate::plan::prices`]); they only
//! steer the choice. Boards too small to plan get a quick quote, so
//! planning never costs more than a small fraction of the work. Answers are
//! sums of unit results in a fixed order, so they never depend on the
//! thread count.
//!
//! # Constraints
//! Boards up to 64 x 64; each method states its own limits.
//!
//! # Complexity
//! Planning a board is `O(n^2)` transforms plus a few hundred estimator
//! probes; the rest is the chosen method's cost.
//!
//! # Rooms
//! Each room holds a part of it, and none imports this file:
//! - `method_choice`: [`MethodChoice`], what `--method` asks for;
//! - `state`: [`Planner`] itself, what it holds and how it is set up;
//! - `decision`: how one case is answered;
//! - `choice`: every case's decision, and `--estimate`'s;
//! - `run`: a batch solved ([`Solver`]), its units on the threads;
//! - `report`: the results summed, answers streamed in order, `--explain`;
//! - `progress`: the long case posted for a watcher thread.
//!
//! [`Solver`]: crate::base::uva11195::Solver

mod choice;
mod decision;
mod method_choice;
mod progress;
mod report;
mod run;
mod state;

pub use method_choice::{MethodChoice, Registered};
pub use progress::{CaseProgress, ProgressBoard, PROGRESS_NS};
pub use state::Planner;

#[cfg(test)]
mod tests {
    use super::progress::lock;
    use super::*;
    use crate::base::board::Board;
    use crate::base::uva11195::{PlainSolver, Solver};

    fn boards(seed: u64, count: usize, max_n: usize) -> Vec<Board> {
        let mut rng = crate::base::rng::Rng::new(seed);
        (0..count)
            .map(|_| {
                let n = rng.between(1, max_n);
                let percent = rng.below(61);
                rng.board(n, percent)
            })
            .collect()
    }

    #[test]
    fn every_method_agrees_with_the_plain_search() {
        let boards = boards(7, 300, 9);
        let expected = PlainSolver.solve_all(&boards).unwrap();
        for method in MethodChoice::all() {
            for threads in [1, 3] {
                let got = Planner::new(method, threads).solve_all(&boards).unwrap();
                assert_eq!(got, expected, "{method:?} on {threads} threads");
            }
        }
    }

    #[test]
    fn explaining_changes_no_answer() {
        // With --explain, lane groups keep to one case (so that each case
        // gets its time): another grouping than without, same answers.
        let boards = boards(13, 200, 11);
        let expected = PlainSolver.solve_all(&boards).unwrap();
        for method in MethodChoice::all() {
            for threads in [1, 3] {
                let mut planner =
                    Planner::new(method, threads).explain_to(Box::new(std::io::sink()));
                let got = planner.solve_all(&boards).unwrap();
                assert_eq!(got, expected, "{method:?} on {threads} threads");
            }
        }
    }

    /// Every case with work is posted for progress, whatever its quote:
    /// the watcher reports the one that runs long (issue 38: a case quoted
    /// at 2988 ms, under the 3 s that got progress, ran 44 s without any).
    #[test]
    fn a_case_quoted_short_is_posted_for_progress_too() {
        let board: ProgressBoard = Default::default();
        let mut planner = Planner::new(MethodChoice::Auto, 1).progress_to(board.clone());
        let mut seen = Vec::new();
        let mut blocked = Board::blank(8);
        blocked.set_free(0, 0, false);
        planner
            .solve(&[blocked, Board::blank(9)], &mut |counts| {
                seen.push((counts.to_vec(), lock(&board).clone()));
                Ok(())
            })
            .unwrap();
        let (counts, posted) = &seen[0];
        assert_eq!(counts[0], 88);
        let posted = posted.as_ref().expect("a case posted while the batch runs");
        assert_eq!((posted.case, posted.n), (1, 8));
        assert!(posted.estimate < PROGRESS_NS, "{posted:?}");
        assert!(posted.units > 0, "{posted:?}");
        assert!(lock(&board).is_none(), "cleared at the batch's end");
    }

    #[test]
    fn names_round_trip() {
        for method in MethodChoice::all() {
            assert_eq!(MethodChoice::parse(method.name()), Some(method));
            assert!(MethodChoice::names().contains(method.name()));
        }
    }
}
