//! The kernel's tests: counts against the published ones, enumeration,
//! advances over skipped rows, stopping, and lanes in lock step.

use super::*;

fn blank(n: usize) -> Vec<Row> {
    vec![
        Row {
            free: crate::base::board::full_row(n),
            advance: 1
        };
        n
    ]
}

#[test]
fn counts_small_blank_boards() {
    let expected = crate::base::published::totals::<10>();
    for (i, &want) in expected.iter().enumerate() {
        assert_eq!(
            count(&blank(i + 1), Attacks::default()),
            want,
            "n = {}",
            i + 1
        );
    }
}

#[test]
fn enumeration_agrees_with_counting_and_is_lexicographic() {
    for n in 1..=8 {
        let mut seen: Vec<Vec<u32>> = Vec::new();
        for_each_solution(&blank(n), Attacks::default(), |queens| {
            seen.push(queens.iter().map(|q| q.trailing_zeros()).collect());
            ControlFlow::Continue(())
        });
        assert_eq!(seen.len() as u128, count(&blank(n), Attacks::default()));
        assert!(seen.windows(2).all(|w| w[0] < w[1]), "n = {n}");
    }
}

#[test]
fn the_last_rows_advance_is_ignored() {
    // `Row::advance` is unused on the last row, whatever its value.
    let mut rows = blank(6);
    rows[5].advance = 1000;
    assert_eq!(count(&rows, Attacks::default()), 4);
}

#[test]
fn search_each_takes_no_problem_or_one() {
    let mut seen = Vec::new();
    search_each(std::iter::empty::<((), Vec<Row>, Counter)>(), |(), c| {
        seen.push(c.total)
    });
    assert!(seen.is_empty());
    search_each([(7, blank(8), Counter::default())], |tag, c| {
        seen.push(tag * 1000 + c.total)
    });
    assert_eq!(seen, [7092]);
    search_each([(0, Vec::new(), Counter::default())], |_, c| {
        seen.push(c.total)
    });
    assert_eq!(seen, [7092, 1]);
}

#[test]
fn a_skipped_row_is_bridged_by_advance() {
    // 4x4 with a queen pre-placed at row 1, column 3: fold its attacks into
    // rows 0, 2, 3 by hand and drop row 1 from the list.
    let rows = [
        Row {
            free: 0b1111 & !0b1000 & !0b0100,
            advance: 2,
        }, // row 0
        Row {
            free: 0b1111 & !0b1000 & !0b0100,
            advance: 1,
        }, // row 2
        Row {
            free: 0b1111 & !0b1000 & !0b0010,
            advance: 1,
        }, // row 3
    ];
    // The 4x4 solutions are 2 4 1 3 and 3 1 4 2; only the first has a
    // queen on (row 1, column 3).
    assert_eq!(count(&rows, Attacks::default()), 1);
}

#[test]
fn leaves_can_stop_the_search() {
    struct StopAfter(u32);
    impl Leaves for StopAfter {
        fn leaf(&mut self, _: &[u64]) -> ControlFlow<()> {
            self.0 += 1;
            if self.0 >= 3 {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        }
    }
    let mut stop = StopAfter(0);
    assert!(search(&blank(8), Attacks::default(), &mut stop).is_break());
    assert_eq!(stop.0, 3, "the search ends at the leaf that asked");
}

/// Random row lists: lengths 0..=9, sparse and wide masks, advances
/// above 1.
fn random_problems(count: usize) -> Vec<Vec<Row>> {
    let mut rng = crate::base::rng::Rng::new(0x1a_e5);
    (0..count)
        .map(|_| {
            let len = rng.below(10) as usize;
            (0..len)
                .map(|_| Row {
                    free: rng.next_u64() & rng.next_u64() & 0x3ff | rng.below(2) << 2,
                    advance: 1 + rng.below(3) as u32,
                })
                .collect()
        })
        .collect()
}

#[test]
fn lanes_in_lock_step_find_what_one_search_finds() {
    // Each problem's solutions, recorded by leaves that read the queens,
    // must be exactly those of a search on its own, whatever lane it ran
    // in and whenever the lanes around it finished.
    struct Record(Vec<Vec<u64>>);
    impl Leaves for Record {
        fn leaf(&mut self, queens: &[u64]) -> ControlFlow<()> {
            self.0.push(queens.to_vec());
            ControlFlow::Continue(())
        }
    }
    let problems = random_problems(500);
    let mut found = vec![None; problems.len()];
    let work = problems
        .iter()
        .enumerate()
        .map(|(i, rows)| (i, rows.clone(), Record(Vec::new())));
    search_each(work, |i, record| found[i] = Some(record.0));
    for (rows, found) in problems.iter().zip(found) {
        let mut alone = Record(Vec::new());
        let _ = search(rows, Attacks::default(), &mut alone);
        assert_eq!(found, Some(alone.0), "{rows:?}");
    }
    let mut counts = vec![0; problems.len()];
    let work = problems
        .iter()
        .enumerate()
        .map(|(i, rows)| (i, rows.clone(), Counter::default()));
    search_each(work, |i, counter| counts[i] = u128::from(counter.total));
    for (rows, got) in problems.iter().zip(counts) {
        assert_eq!(got, count(rows, Attacks::default()), "{rows:?}");
    }
}

#[test]
fn a_lane_that_stops_ends_its_own_problem_only() {
    struct FirstOnly(u32);
    impl Leaves for FirstOnly {
        fn leaf(&mut self, _: &[u64]) -> ControlFlow<()> {
            self.0 += 1;
            ControlFlow::Break(())
        }
    }
    let work = (0..20).map(|i| (i, blank(4 + i % 6), FirstOnly(0)));
    let mut seen = Vec::new();
    search_each(work, |i, leaves| seen.push((i, leaves.0)));
    seen.sort();
    let expected: Vec<(usize, u32)> = (0..20).map(|i| (i, 1)).collect();
    assert_eq!(seen, expected);
}
