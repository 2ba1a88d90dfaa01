//! Fuzzes the planner against the plain kernel: any bytes become a small
//! batch of boards, answered by the planner with `auto` and with every
//! method forced, on 1 and 2 threads.
//!
//! The bytes are read as a list of board recipes (see [`Recipe`]): boards
//! of random density, near-blank boards with chosen blocked cells, repeats
//! and symmetric images of earlier boards, boards equal to their own image,
//! and dense big boards; so that every method of the registry gets chosen
//! by `auto` (an index once a size repeats) and every forced method meets
//! boards it does and does not apply to.
//!
//! Invariants checked on every input:
//! - every answer, by every method on every thread count, equals the
//!   kernel's count (`Problem::count`), which equals an independent search
//!   written here;
//! - `--explain` gives one line per case, in order; a forced method either
//!   answers a case itself or says why not (`plain (REASON)`), exactly as
//!   the method's own `applies` says; `auto` names a registered method, a
//!   repeat of an earlier case that is an image of this one, or a board
//!   with an empty line (answered 0);
//! - the estimate (`--estimate`) names the same method as the run, for
//!   every case;
//! - a search split for the threads (`Work::split_into`, into a number of
//!   parts from the input's hash), kernel or most-constrained, adds up to
//!   the same count (the planner splits only searches bigger than these
//!   boards', so the split is checked on its own).
//!
//! Work per input is bounded: boards up to n = 11 (and dense ones from
//! n = 25) whose search trees, in each of the 8 orientations, stay under
//! [`NODES`], and forced inclusion-exclusion only on batches with few terms
//! ([`TERMS`]). One input in [`BIG_ONE_IN`] (by a hash of its bytes, so
//! that the fuzzer's mutations do not keep it) also gets a near-blank board
//! of side 15 or 16 (see [`big_board`]), answered by `auto` and the methods
//! made for such boards (half-board, credited-join, scan,
//! inclusion-exclusion): tens of seconds of work.

#![no_main]

use std::io::Write;
use std::sync::{Arc, Mutex};

use libfuzzer_sys::fuzz_target;
use nqueens::base::board::{full_row, Board, Symmetry};
use nqueens::base::problem::Problem;
use nqueens::base::rng::Rng;
use nqueens::base::uva11195::Solver;
use nqueens::engine::budget::Budget;
use nqueens::engine::inclusion;
use nqueens::engine::most_constrained;
use nqueens::plan::method::{registry, Case, Shared};
use nqueens::plan::planner::{MethodChoice, Planner};
use nqueens::plan::work::Work;

/// The most boards of a batch.
const MAX_BOARDS: usize = 10;
/// The largest side of a board that is not dense and big.
const SMALL_N: usize = 11;
/// Dense big boards from this side: above every method's limit on
/// blocked boards (inclusion-exclusion: 18; the half-board engine: 24),
/// so that only the searches apply.
const DENSE_FROM: usize = 25;
/// The most nodes of a board's search tree, in each orientation, for the
/// board to be kept (the blank 10 x 10 board is about 35 000).
const NODES: u64 = 60_000;
/// The most nodes of all the batch's boards, over their 8 orientations.
const BATCH_NODES: u64 = 800_000;
/// Forced inclusion-exclusion runs only on batches with at most this many
/// terms (one search each) in all, a term of a board from n = 15 counting
/// 64; boards past its own limit of 4096 terms, which it answers by the
/// plain search, count none.
const TERMS: usize = 256;
/// One input in this many gets a near-blank 15 x 15 or 16 x 16 board.
const BIG_ONE_IN: u64 = 1 << 16;

/// Reads the input's bytes one at a time; zeros once they run out.
struct Bytes<'a> {
    data: &'a [u8],
    at: usize,
}

impl Bytes<'_> {
    fn next(&mut self) -> u8 {
        let byte = self.data.get(self.at).copied().unwrap_or(0);
        self.at += 1;
        byte
    }

    fn left(&self) -> bool {
        self.at < self.data.len()
    }

    fn u64(&mut self) -> u64 {
        (0..8).fold(0, |acc, _| acc << 8 | u64::from(self.next()))
    }
}

/// How a board is made, by the low 3 bits of its first byte.
#[derive(Clone, Copy, Debug)]
enum Recipe {
    /// Side, then a blocked share (of 256) and a seed: random cells.
    Random,
    /// Side, a count, then one byte per blocked cell (near-blank boards).
    Cells,
    /// An earlier board again, seen through one of the 8 symmetries.
    Image,
    /// A random board (as `Random`) made equal to its image under a
    /// symmetry: the union of its blocked cells over that symmetry's powers.
    Symmetric,
    /// A side from [`DENSE_FROM`] and a seed: about 70% blocked.
    Dense,
    /// A side up to 8 and one byte per row: its free cells.
    Rows,
}

fn recipe(byte: u8) -> Recipe {
    match byte & 7 {
        0 | 6 => Recipe::Random,
        1 | 7 => Recipe::Cells,
        2 => Recipe::Image,
        3 => Recipe::Symmetric,
        4 => Recipe::Dense,
        _ => Recipe::Rows,
    }
}

fn side(byte: u8) -> usize {
    usize::from(byte) % SMALL_N + 1
}

fn random_board(n: usize, blocked: u8, seed: u64) -> Board {
    let mut rng = Rng::new(seed);
    let mut board = Board::blank(n);
    for row in 0..n {
        for col in 0..n {
            if rng.below(256) < u64::from(blocked) {
                board.set_free(row, col, false);
            }
        }
    }
    board
}

fn symmetric(board: &Board, symmetry: Symmetry) -> Board {
    let mut rows = board.rows().to_vec();
    let mut image = board.clone();
    for _ in 0..3 {
        image = image.transformed(symmetry);
        for (row, mask) in rows.iter_mut().zip(image.rows()) {
            *row &= mask;
        }
    }
    let board = Board::from_free_rows(rows);
    debug_assert_eq!(board.transformed(symmetry), board);
    board
}

fn make(bytes: &mut Bytes, kind: Recipe, earlier: &[Board]) -> Option<Board> {
    Some(match kind {
        Recipe::Random => random_board(side(bytes.next()), bytes.next(), bytes.u64()),
        Recipe::Cells => {
            let n = side(bytes.next());
            let mut board = Board::blank(n);
            for _ in 0..bytes.next() % 8 {
                let cell = usize::from(bytes.next()) % (n * n);
                board.set_free(cell / n, cell % n, false);
            }
            board
        }
        Recipe::Image => {
            let which = usize::from(bytes.next());
            let symmetry = Symmetry::ALL[usize::from(bytes.next()) % 8];
            let board = earlier.get(which % earlier.len().max(1))?;
            board.transformed(symmetry)
        }
        Recipe::Symmetric => {
            let board = random_board(side(bytes.next()), bytes.next() / 2, bytes.u64());
            symmetric(&board, Symmetry::ALL[usize::from(bytes.next()) % 8])
        }
        Recipe::Dense => {
            let n = DENSE_FROM + usize::from(bytes.next()) % (65 - DENSE_FROM);
            random_board(n, 160 + bytes.next() / 4, bytes.u64())
        }
        Recipe::Rows => {
            let n = usize::from(bytes.next()) % 8 + 1;
            Board::from_free_rows((0..n).map(|_| u64::from(bytes.next())).collect())
        }
    })
}

/// The number of solutions of `board` and the nodes visited, by a plain
/// search written here (independent of the kernel), or `None` past `limit`
/// nodes.
fn search(board: &Board, limit: u64) -> Option<(u128, u64)> {
    fn go(
        rows: &[u64],
        full: u64,
        (cols, left, right): (u64, u64, u64),
        nodes: &mut u64,
        limit: u64,
    ) -> Option<u128> {
        *nodes += 1;
        if *nodes > limit {
            return None;
        }
        let Some((&row, rest)) = rows.split_first() else {
            return Some(1);
        };
        let mut total = 0;
        let mut free = row & !(cols | left | right) & full;
        while free != 0 {
            let bit = free & free.wrapping_neg();
            free ^= bit;
            let next = (cols | bit, (left | bit) << 1, (right | bit) >> 1);
            total += go(rest, full, next, nodes, limit)?;
        }
        Some(total)
    }
    let mut nodes = 0;
    let count = go(
        board.rows(),
        full_row(board.n()),
        (0, 0, 0),
        &mut nodes,
        limit,
    )?;
    Some((count, nodes))
}

/// The count of `board` and the nodes of its search in its 8 orientations,
/// if each stays within [`NODES`] (and they all give the same count).
fn cost(board: &Board) -> Option<(u128, u64)> {
    let mut total = 0;
    let mut count = None;
    for symmetry in Symmetry::ALL {
        let (c, nodes) = search(&board.transformed(symmetry), NODES)?;
        assert_eq!(*count.get_or_insert(c), c, "{symmetry:?}\n{board}");
        total += nodes;
    }
    Some((count?, total))
}

/// FNV-1a of the input: decides, unlike any byte, a property its mutations
/// do not keep.
fn hash(data: &[u8]) -> u64 {
    data.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// A near-blank board of side 15 or 16 from the bits of `hash` above those
/// that chose it: at 15, 1 to 3 blocked cells; at 16, a top row with 2 or
/// 3 free cells (so that the kernel's tree is a fifth of the blank one's)
/// and maybe one more blocked cell. Either way at most n blocked cells, so
/// that the half-board method applies.
fn big_board(hash: u64) -> Board {
    let mut bits = hash / BIG_ONE_IN;
    let mut take = |width: u32| {
        let value = bits & ((1 << width) - 1);
        bits >>= width;
        value as usize
    };
    let n = 15 + take(1);
    let mut board = Board::blank(n);
    let mut block = |cell: usize| board.set_free(cell / n % n, cell % n, false);
    if n == 15 {
        for _ in 0..1 + take(2) % 3 {
            block(take(8) * 7);
        }
    } else {
        let keep: Vec<usize> = (0..2 + take(1)).map(|_| take(4)).collect();
        (0..n)
            .filter(|col| !keep.contains(col))
            .for_each(&mut block);
        if take(1) == 1 {
            block(take(8) + n);
        }
    }
    board
}

/// Where `--explain` writes, kept for reading back.
#[derive(Clone, Default)]
struct Lines(Arc<Mutex<Vec<u8>>>);

impl Write for Lines {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl Lines {
    fn text(&self) -> String {
        String::from_utf8(self.0.lock().unwrap().clone()).expect("explain writes UTF-8")
    }
}

/// The method each case's `--explain` line names (with its note), in
/// order; checks the lines' numbers and the other lines.
fn labels(text: &str, boards: &[Board], method: MethodChoice) -> Vec<String> {
    let mut labels = Vec::new();
    for line in text.lines() {
        let Some(rest) = line.strip_prefix("case ") else {
            assert!(
                method == MethodChoice::Auto && line.starts_with("index n="),
                "{method:?}: {line}"
            );
            continue;
        };
        let k = labels.len();
        let board = &boards[k];
        let head = format!(
            "{}: n={} obstacles={} method=",
            k + 1,
            board.n(),
            board.obstacles()
        );
        let label = rest.strip_prefix(&head).unwrap_or_else(|| panic!("{line}"));
        let end = label.find(" est=").unwrap_or_else(|| panic!("{line}"));
        labels.push(label[..end].to_string());
    }
    assert_eq!(labels.len(), boards.len(), "{method:?}:\n{text}");
    labels
}

fn has_empty_line(board: &Board) -> bool {
    let columns = board.rows().iter().fold(0, |acc, &row| acc | row);
    board.rows().contains(&0) || columns != full_row(board.n())
}

/// Checks the labels of a run with `method` against the methods' own word.
fn check_labels(labels: &[String], boards: &[Board], method: MethodChoice) {
    let names: Vec<&str> = registry().iter().map(|m| m.about().name).collect();
    let MethodChoice::Forced(forced) = method else {
        for (k, label) in labels.iter().enumerate() {
            if let Some(first) = label.strip_prefix("repeat of case ") {
                let first: usize = first.parse().unwrap();
                assert!(first <= k, "case {} repeats case {first}", k + 1);
                let image = |s: Symmetry| boards[first - 1].transformed(s) == boards[k];
                assert!(Symmetry::ALL.into_iter().any(image), "case {}", k + 1);
            } else if label.starts_with("none ") {
                assert!(has_empty_line(&boards[k]), "{label}\n{}", boards[k]);
            } else {
                let name = label.split(" (").next().unwrap();
                assert!(names.contains(&name), "case {}: {label}", k + 1);
            }
        }
        return;
    };
    let name = forced.name();
    let mut fresh = registry()
        .into_iter()
        .find(|m| m.about().name == name)
        .unwrap();
    let mut shared = Shared::new(Budget::default(), speed());
    for (k, (label, board)) in labels.iter().zip(boards).enumerate() {
        let own = label == name || label.starts_with(&format!("{name} ("));
        if name == "index" {
            // Forced, an index is built for every size it can be: the
            // method's word depends on that, so only its limit is checked.
            assert_eq!(own, board.n() <= 15, "case {}: {label}", k + 1);
            if !own {
                assert_eq!(label, "plain (no index above n = 15)");
            }
            continue;
        }
        match fresh.applies(Case { index: k, board }, &mut shared) {
            Ok(()) => assert!(own, "case {}: {name} applies, ran {label}", k + 1),
            Err(why) => {
                assert!(!why.is_empty() && !why.contains('\n'));
                assert_eq!(*label, format!("plain ({why})"), "case {}", k + 1);
            }
        }
    }
}

/// Solves `boards` with `method` on `threads` threads, in batches of the
/// sizes `cuts` gives (one planner, so that what it keeps between batches
/// is used), and checks what it explains; returns the answers.
fn solve(method: MethodChoice, threads: usize, boards: &[Board], cuts: &[usize]) -> Vec<u128> {
    let lines = Lines::default();
    let mut planner = Planner::within(method, Budget::default().on_threads(threads), speed())
        .explain_to(Box::new(lines.clone()));
    let mut answers = Vec::new();
    let mut rest = boards;
    for &cut in cuts {
        let (batch, after) = rest.split_at(cut.min(rest.len()));
        rest = after;
        if !batch.is_empty() {
            answers.extend(planner.solve_all(batch).expect("the planner answers"));
        }
    }
    if !rest.is_empty() {
        answers.extend(planner.solve_all(rest).expect("the planner answers"));
    }
    assert_eq!(planner.cases_done(), boards.len());
    let labels = labels(&lines.text(), boards, method);
    check_labels(&labels, boards, method);
    // The estimate names the same methods as the run (an index aside: it is
    // built only when the run decides to).
    let big = boards
        .iter()
        .any(|board| board.n() >= 15 && board.n() < DENSE_FROM);
    if threads == 1 && method.name() != "index" && !big {
        let mut estimator = Planner::within(method, Budget::default().on_threads(1), speed());
        let estimates = estimator.estimate(boards).expect("the planner estimates");
        assert_eq!(estimates.len(), boards.len());
        if let MethodChoice::Forced(forced) = method {
            let name = forced.name();
            for (k, ((said, _), ran)) in estimates.iter().zip(&labels).enumerate() {
                let name_of = |label: &str| label.starts_with(name);
                assert_eq!(
                    name_of(said),
                    name_of(ran),
                    "case {}: {said} / {ran}",
                    k + 1
                );
            }
        }
    }
    answers
}

fuzz_target!(|data: &[u8]| {
    let mut bytes = Bytes { data, at: 0 };
    let cuts: Vec<usize> = (0..2).map(|_| usize::from(bytes.next() % 8)).collect();
    let mut boards: Vec<Board> = Vec::new();
    // The independent search's count of each board, but the big one.
    let mut counts: Vec<u128> = Vec::new();
    let mut spent = 0;
    while bytes.left() && boards.len() < MAX_BOARDS {
        let kind = recipe(bytes.next());
        let Some(board) = make(&mut bytes, kind, &boards) else {
            continue;
        };
        let Some((count, nodes)) = cost(&board) else {
            continue;
        };
        if spent + nodes > BATCH_NODES {
            continue;
        }
        spent += nodes;
        boards.push(board);
        counts.push(count);
    }
    let hash = hash(data);
    let big = hash % BIG_ONE_IN == 0;
    if big {
        boards.push(big_board(hash));
    }
    if boards.is_empty() {
        return;
    }
    let expected: Vec<u128> = boards.iter().map(|b| Problem::new(b).count()).collect();
    for ((board, &mine), &kernel) in boards.iter().zip(&counts).zip(&expected) {
        assert_eq!(kernel, mine, "the kernel against a plain search:\n{board}");
    }
    let wanted = 1 + (hash >> 20) as usize % 300;
    for (board, &want) in boards.iter().zip(&expected) {
        if board.n() >= 15 && board.n() < DENSE_FROM {
            continue;
        }
        let parts = Work::Count(Problem::new(board)).split_into(wanted);
        let sum: u128 = (parts.iter())
            .map(|part| match part {
                Work::Count(problem) => problem.count(),
                _ => panic!("a kernel search split into {part:?}"),
            })
            .sum();
        assert_eq!(
            sum,
            want,
            "{} parts of the kernel search of\n{board}",
            parts.len()
        );
        let parts = Work::CountMostConstrained(board.clone()).split_into(wanted);
        let sum: u128 = (parts.iter())
            .map(|part| match part {
                Work::CountMostConstrained(board) => most_constrained::count(board),
                _ => panic!("a most-constrained search split into {part:?}"),
            })
            .sum();
        assert_eq!(
            sum,
            want,
            "{} parts of the most-constrained search of\n{board}",
            parts.len()
        );
    }
    // A term of the big board is a search of about 1/n of its blank tree;
    // a dense board has no terms (no inclusion-exclusion above n = 18).
    let terms: usize = (boards.iter())
        .map(|board| match inclusion::terms(board, 4096) {
            _ if board.n() >= DENSE_FROM => 0,
            Some(terms) if board.n() >= 15 => terms.len() * 64,
            Some(terms) => terms.len(),
            None => 0,
        })
        .sum();
    for method in MethodChoice::all() {
        if method.name() == "inclusion-exclusion" && terms > TERMS {
            continue;
        }
        // On the big board only `auto` and the methods made for such boards
        // run: the searches cost what the kernel's own count does, and the
        // index of side 15 is seconds to build (its limit is checked on the
        // small and dense boards).
        let for_big = [
            "auto",
            "half-board",
            "credited-join",
            "inclusion-exclusion",
            "scan",
        ];
        if big && !for_big.contains(&method.name()) {
            continue;
        }
        for threads in [1, 2] {
            let got = solve(method, threads, &boards, &cuts);
            for (k, (got, want)) in got.iter().zip(&expected).enumerate() {
                assert_eq!(
                    got,
                    want,
                    "{method:?} on {threads} threads, case {}:\n{}",
                    k + 1,
                    boards[k]
                );
            }
        }
    }
});

/// This machine's speed, probed once per fuzzing process and shared by
/// every planner and check in it, as a run shares its one speed (two
/// probes differ in their last bits, and a method's word may hang on a
/// price).
fn speed() -> nqueens::plan::calibration::Speed {
    static SPEED: std::sync::OnceLock<nqueens::plan::calibration::Speed> =
        std::sync::OnceLock::new();
    SPEED
        .get_or_init(nqueens::plan::calibration::Speed::measured)
        .clone()
}
