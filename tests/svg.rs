//! `nqueens show --svg`: the picture is well-formed XML whose queens and
//! blocked cells are the text output's, at any size up to 64; a real
//! browser draws it (queens, blocked cells and squares where the SVG says);
//! a small one is kept as a snapshot.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use nqueens::base::board::Board;

use crate::png;
use crate::show::parse_listing;
use crate::util::{self, Rng};
use crate::xml::{self, Element};

/// A fresh folder for one test's files.
fn scratch(name: &str) -> PathBuf {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("nqueens-svg-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// One board of a picture, as the SVG places it.
#[derive(Debug)]
struct Drawn {
    case: u64,
    /// Its rank among the case's solutions; none for a bare board.
    solution: Option<usize>,
    n: usize,
    /// The queens' columns, row by row.
    queens: Vec<usize>,
    /// Where its top-left corner is, and pixels per cell.
    x: f64,
    y: f64,
    cell: f64,
    /// Its caption (the text just before it).
    caption: String,
}

/// The boards of picture `root`, in document order. Each queen must be
/// a unit circle centred in a cell, one per row.
fn boards(root: &Element) -> Vec<Drawn> {
    let mut found = Vec::new();
    let mut caption = String::new();
    for element in root.descendants() {
        if element.attribute("class") == Some("caption") {
            caption = element.text();
        }
        if element.attribute("class") != Some("board") {
            continue;
        }
        let number = |name: &str| element.attribute(name).map(|v| v.parse::<u64>().unwrap());
        let n = number("data-n").unwrap() as usize;
        let transform = element.attribute("transform").unwrap();
        let values: Vec<f64> = transform
            .split(|c: char| !(c.is_ascii_digit() || c == '.'))
            .filter(|s| !s.is_empty())
            .map(|s| s.parse().unwrap())
            .collect();
        assert!(
            transform.starts_with("translate(") && values.len() == 3,
            "{transform}"
        );
        let mut queens = vec![usize::MAX; n];
        for circle in element.descendants() {
            if circle.attribute("class") != Some("queen") {
                continue;
            }
            assert_eq!(circle.name, "circle");
            let at = |name: &str| circle.attribute(name).unwrap().parse::<f64>().unwrap();
            let (cx, cy) = (at("cx"), at("cy"));
            let (col, row) = (cx.floor() as usize, cy.floor() as usize);
            assert!(
                cx - col as f64 == 0.5 && cy - row as f64 == 0.5,
                "{cx} {cy}"
            );
            assert!(row < n && col < n, "{cx} {cy}");
            assert_eq!(queens[row], usize::MAX, "two queens on row {row}");
            queens[row] = col;
        }
        if queens.contains(&usize::MAX) {
            assert!(
                queens.iter().all(|&c| c == usize::MAX),
                "rows without queens"
            );
            queens.clear();
        }
        found.push(Drawn {
            case: number("data-case").unwrap(),
            solution: number("data-solution").map(|s| s as usize),
            n,
            queens,
            x: values[0],
            y: values[1],
            cell: values[2],
            caption: caption.clone(),
        });
    }
    found
}

/// The blocked cells of case `case` in picture `root`, as `(row, col)`:
/// the unit squares of its `blocked-k` path (none without it).
fn blocked(root: &Element, case: u64) -> Vec<(usize, usize)> {
    let id = format!("blocked-{case}");
    let Some(path) = root
        .descendants()
        .into_iter()
        .find(|e| e.attribute("id") == Some(&id))
    else {
        return Vec::new();
    };
    let d = path.attribute("d").unwrap();
    let squares: Vec<&str> = d.split_terminator('z').collect();
    squares
        .iter()
        .map(|square| {
            let corner = square.strip_prefix('M').unwrap();
            let corner = corner.strip_suffix("h1v1h-1").unwrap();
            let (col, row) = corner.split_once(' ').unwrap();
            (row.parse().unwrap(), col.parse().unwrap())
        })
        .collect()
}

/// The blocked cells of `board`, as `(row, col)`, row by row.
fn blocked_cells(board: &Board) -> Vec<(usize, usize)> {
    let n = board.n();
    (0..n)
        .flat_map(|r| (0..n).map(move |c| (r, c)))
        .filter(|&(r, c)| !board.is_free(r, c))
        .collect()
}

/// Runs `nqueens ARGS --svg FILE` on `stdin` in `dir`: the run, and the
/// picture's root element (which must be well-formed).
fn run_with_svg(dir: &Path, args: &[&str], stdin: &[u8]) -> (util::Run, Element, String) {
    let file = dir.join("picture.svg");
    let mut args = args.to_vec();
    let path = file.to_str().unwrap();
    args.extend(["--svg", path]);
    let run = util::run(&args, stdin);
    assert_eq!(run.status, 0, "{}", run.stderr);
    let svg = std::fs::read_to_string(&file).unwrap();
    let root = xml::parse(&svg).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(root.name, "svg");
    assert_eq!(root.attribute("xmlns"), Some("http://www.w3.org/2000/svg"));
    (run, root, svg)
}

/// Checks that every board of `drawn` lies inside picture `root`.
fn inside(root: &Element, drawn: &[Drawn]) {
    let size = |name: &str| root.attribute(name).unwrap().parse::<f64>().unwrap();
    let (width, height) = (size("width"), size("height"));
    for board in drawn {
        let side = board.n as f64 * board.cell;
        assert!(
            board.x + side <= width && board.y + side <= height,
            "{board:?}"
        );
    }
}

#[test]
fn svg_pictures_are_well_formed_and_show_the_listed_solutions_and_blocked_cells() {
    let mut rng = Rng::new(34);
    let boards_in: Vec<Board> = (0..40)
        .map(|_| {
            let n = rng.between(1, 9);
            let percent = rng.below(35);
            util::random_board(&mut rng, n, percent)
        })
        .collect();
    let mut input: String = boards_in.iter().map(util::case_text).collect();
    input.push_str("0\n");
    let dir = scratch("listing");
    let args = ["show", "--solutions", "3", "--total"];
    let (run, root, _) = run_with_svg(&dir, &args, input.as_bytes());
    let cases = parse_listing(&run.stdout);
    assert_eq!(cases.len(), boards_in.len());
    let drawn = boards(&root);
    inside(&root, &drawn);
    let headings: Vec<String> = root
        .descendants()
        .into_iter()
        .filter(|e| e.attribute("class") == Some("heading"))
        .map(|e| e.text())
        .collect();
    for (k, (board, (total, solutions))) in (1..).zip(boards_in.iter().zip(&cases)) {
        let mine: Vec<&Drawn> = drawn.iter().filter(|d| d.case == k).collect();
        assert!(mine.iter().all(|d| d.n == board.n()));
        assert_eq!(blocked(&root, k), blocked_cells(board), "case {k}");
        if solutions.is_empty() {
            assert_eq!(mine.len(), 1, "case {k}: one bare board");
            assert_eq!(mine[0].solution, None);
            assert!(mine[0].queens.is_empty());
            assert_eq!(mine[0].caption, format!("Case {k}: no solutions"));
            continue;
        }
        let queens: Vec<Vec<usize>> = mine.iter().map(|d| d.queens.clone()).collect();
        assert_eq!(&queens, solutions, "case {k}");
        for (i, d) in (1..).zip(&mine) {
            assert_eq!(d.solution, Some(i));
            assert_eq!(d.caption, format!("Case {k}, solution {i}"));
        }
        let total = match total {
            1 => "1 solution".to_string(),
            t => format!("{t} solutions"),
        };
        assert!(
            headings.contains(&format!("Case {k}: {total}")),
            "{headings:?}"
        );
    }
}

/// The drawings of `show` (ASCII) as column vectors, in order.
fn drawn_in_text(text: &str) -> Vec<Vec<usize>> {
    let mut solutions: Vec<Vec<usize>> = Vec::new();
    for line in text.lines() {
        if line.starts_with("Case ") {
            solutions.push(Vec::new());
        } else if !line.is_empty() {
            solutions.last_mut().unwrap().push(line.find('Q').unwrap());
        }
    }
    solutions
}

#[test]
fn svg_pictures_of_64_x_64_boards_show_the_drawn_solutions_at_10_pixels_a_cell() {
    let dir = scratch("big");
    let (run, root, svg) = run_with_svg(&dir, &["show", "--n", "64", "--limit", "3"], b"");
    let drawn = boards(&root);
    inside(&root, &drawn);
    let text = drawn_in_text(&run.stdout);
    assert_eq!(text.len(), 3);
    assert_eq!(
        drawn.iter().map(|d| d.queens.clone()).collect::<Vec<_>>(),
        text
    );
    assert!(drawn.iter().all(|d| d.n == 64 && d.cell == 10.0));
    assert!(svg.contains(">Case 1: solutions not in lexicographic order</text>"));
    // Shared parts are drawn once: the picture stays small.
    assert!(svg.len() < 60_000, "{} bytes", svg.len());

    let mut rng = Rng::new(64);
    let mut board = Board::blank(64);
    for _ in 0..64 {
        board.set_free(rng.below(64) as usize, rng.below(64) as usize, false);
    }
    let input = format!("{}0\n", util::case_text(&board));
    let (run, root, _) = run_with_svg(&dir, &["show", "--solutions", "2"], input.as_bytes());
    let listed = &parse_listing(&run.stdout)[0].1;
    let queens: Vec<Vec<usize>> = boards(&root).into_iter().map(|d| d.queens).collect();
    assert_eq!(&queens, listed);
    assert_eq!(blocked(&root, 1), blocked_cells(&board));
}

#[test]
fn svg_to_stdout_replaces_the_text_and_a_bad_path_fails_before_the_search() {
    let dir = scratch("stdout");
    let input = b"4\n.*..\n....\n....\n....\n0\n";
    let (_, _, in_file) = run_with_svg(&dir, &["show", "--limit", "2"], input);
    let on_stdout = util::run(&["show", "--limit", "2", "--svg", "-"], input);
    assert_eq!(on_stdout.status, 0, "{}", on_stdout.stderr);
    assert_eq!(on_stdout.stdout, in_file);

    let missing = dir.join("no-such-folder").join("x.svg");
    let args = ["show", "--n", "8", "--svg", missing.to_str().unwrap()];
    let run = util::run(&args, b"");
    assert_eq!(run.status, 2);
    assert!(run.stdout.is_empty(), "{}", run.stdout);
    let message = format!("nqueens: cannot create '{}': ", missing.display());
    assert!(run.stderr.starts_with(&message), "{}", run.stderr);
    assert_eq!(run.stderr.lines().count(), 1, "{}", run.stderr);

    // Malformed input: the picture still shows the cases before it.
    let file = dir.join("partial.svg");
    let args = ["show", "--svg", file.to_str().unwrap()];
    let run = util::run(&args, b"4\n....\n....\n....\n....\n3\n..\n");
    assert_eq!(run.status, 2);
    let root = xml::parse(&std::fs::read_to_string(&file).unwrap()).unwrap();
    let drawn = boards(&root);
    assert_eq!(drawn.len(), 1);
    assert_eq!(drawn[0].queens, [1, 3, 0, 2]);
}

#[test]
fn svg_snapshot_of_a_small_picture() {
    let input = b"4\n.*..\n....\n....\n....\n3\n...\n...\n...\n0\n";
    let run = util::run(&["show", "--limit", "2", "--total", "--svg", "-"], input);
    assert_eq!(run.status, 0, "{}", run.stderr);
    xml::parse(&run.stdout).unwrap();
    insta::assert_snapshot!(run.stdout);
}

/// The colours the picture's parts are painted in, as RGB.
const QUEEN: [u8; 3] = [0xc6, 0x28, 0x28];
const BLOCKED: [u8; 3] = [0x4d, 0x4d, 0x4d];
const LIGHT: [u8; 3] = [0xf3, 0xe9, 0xd2];
const DARK: [u8; 3] = [0xd9, 0xc3, 0x9a];

/// Whether two colours are within `by` of each other in every channel.
fn near(a: [u8; 3], b: [u8; 3], by: u8) -> bool {
    a.iter().zip(b).all(|(x, y)| x.abs_diff(y) <= by)
}

/// Draws `svg` in headless Chromium at `width x height` (one pixel a
/// pixel): the screenshot, decoded.
fn screenshot(dir: &Path, svg: &Path, width: usize, height: usize) -> png::Image {
    let shot = dir.join("shot.png");
    let log = std::fs::File::create(dir.join("chromium.log")).unwrap();
    let mut child = Command::new("chromium")
        .args([
            "--headless",
            // CI runs as root, where Chromium's sandbox refuses to start.
            "--no-sandbox",
            "--disable-gpu",
            "--hide-scrollbars",
            "--no-first-run",
            "--force-device-scale-factor=1",
            &format!("--user-data-dir={}", dir.join("profile").display()),
            &format!("--window-size={width},{height}"),
            &format!("--screenshot={}", shot.display()),
            &format!("file://{}", svg.display()),
        ])
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(log)
        .spawn()
        .expect("chromium starts");
    let started = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        // A guard against a browser that hangs, not a bound on its speed
        // (a screenshot takes seconds; five minutes is beyond any load).
        if started.elapsed() > Duration::from_secs(300) {
            let _ = child.kill();
            let _ = child.wait();
            panic!("chromium took over 300 s");
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    let log = std::fs::read_to_string(dir.join("chromium.log")).unwrap_or_default();
    assert!(
        status.success() && shot.exists(),
        "chromium: {status}\n{log}"
    );
    png::decode(&std::fs::read(&shot).unwrap()).unwrap_or_else(|e| panic!("{e}"))
}

/// A real browser draws the picture: at the centre of every cell of every
/// board, the queen's red, the blocked grey, or the light or dark square
/// where the SVG says. A blank (or wrongly placed) picture fails.
#[test]
fn svg_pictures_render_in_a_headless_browser() {
    if !util::have_tool("chromium", "chromium") {
        return;
    }
    let mut rng = Rng::new(11195);
    let mut small = Board::blank(8);
    small.set_free(0, 0, false);
    small.set_free(3, 5, false);
    let mut big = Board::blank(64);
    for _ in 0..16 {
        big.set_free(rng.below(64) as usize, rng.below(64) as usize, false);
    }
    let input: String = [&small, &Board::blank(3), &big]
        .into_iter()
        .map(util::case_text)
        .chain(["0\n".to_string()])
        .collect();
    let dir = scratch("browser");
    let (_, root, _) = run_with_svg(&dir, &["show", "--limit", "2"], input.as_bytes());
    let size = |name: &str| root.attribute(name).unwrap().parse::<usize>().unwrap();
    let (width, height) = (size("width"), size("height"));
    let image = screenshot(&dir, &dir.join("picture.svg"), width, height);
    assert_eq!((image.width, image.height), (width, height));
    let drawn = boards(&root);
    assert_eq!(drawn.len(), 5, "2 + 1 bare + 2 boards");
    let cases = [small, Board::blank(3), big];
    for board in &drawn {
        let on = &cases[board.case as usize - 1];
        for row in 0..board.n {
            for col in 0..board.n {
                let x = (board.x + (col as f64 + 0.5) * board.cell) as usize;
                let y = (board.y + (row as f64 + 0.5) * board.cell) as usize;
                let pixel = image.at(x, y);
                let (what, ok) = if board.queens.get(row) == Some(&col) {
                    ("a queen", near(pixel, QUEEN, 24))
                } else if !on.is_free(row, col) {
                    ("blocked", near(pixel, BLOCKED, 24))
                } else if (row + col) % 2 == 0 {
                    ("light", near(pixel, LIGHT, 24))
                } else {
                    ("dark", near(pixel, DARK, 24))
                };
                assert!(
                    ok,
                    "case {}, board {:?}, cell ({row}, {col}) should be {what}: pixel {pixel:?} at ({x}, {y})",
                    board.case, board.solution
                );
            }
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}
