//! Independent work units on several threads, results in unit order.
//!
//! Workers take the next unit from one atomic counter, so a slow unit never
//! leaves the other threads idle behind a fixed split; results are put back
//! in unit order, so output never depends on the thread count. A worker that
//! panics is reported as an [`Error::Worker`], never as a silently short
//! result.
//!
//! # Complexity
//! One atomic increment per unit on top of the work itself.

use std::panic::{self, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::thread;

use crate::base::error::{Error, Result};

/// `work(0..units)` on `threads` threads; `result[i] = work(i)`.
///
/// ```
/// let squares = nqueens::engine::parallel::map(5, 3, |i| i * i).unwrap();
/// assert_eq!(squares, [0, 1, 4, 9, 16]);
/// ```
pub fn map<T, F>(units: usize, threads: usize, work: F) -> Result<Vec<T>>
where
    T: Send,
    F: Fn(usize) -> T + Sync,
{
    deal(units, threads, |ids| {
        ids.map(|unit| (unit, work(unit))).collect()
    })
}

/// Units `0..units` dealt to `threads` workers, for work that takes several
/// units at once (the kernel's interleaved lanes): each worker gets an
/// iterator that hands out the next unit from the shared counter, and
/// returns `(unit, result)` pairs in any order. `result[i]` is unit `i`'s.
///
/// A unit a worker drew but did not return, or returned twice, is an
/// [`Error::Worker`].
///
/// ```
/// let doubled = nqueens::engine::parallel::deal(6, 2, |ids| ids.map(|i| (i, 2 * i)).collect()).unwrap();
/// assert_eq!(doubled, [0, 2, 4, 6, 8, 10]);
/// ```
pub fn deal<T, F>(units: usize, threads: usize, work: F) -> Result<Vec<T>>
where
    T: Send,
    F: Fn(&mut dyn Iterator<Item = usize>) -> Vec<(usize, T)> + Sync,
{
    let threads = threads.min(units).max(1);
    let next = AtomicUsize::new(0);
    let worker = || {
        let mut ids = std::iter::from_fn(|| {
            let unit = next.fetch_add(1, Ordering::Relaxed);
            (unit < units).then_some(unit)
        });
        work(&mut ids)
    };
    let mut slots: Vec<Option<T>> = (0..units).map(|_| None).collect();
    let mut doubled = false;
    let mut fill = |done: Vec<(usize, T)>| {
        for (unit, value) in done {
            doubled |= slots[unit].replace(value).is_some();
        }
    };
    if threads == 1 {
        match panic::catch_unwind(AssertUnwindSafe(worker)) {
            Ok(done) => fill(done),
            Err(panic) => return Err(Error::Worker(panic_message(&*panic))),
        }
    } else {
        let outcome = thread::scope(|scope| {
            // This thread is one of the workers: it is awake already, and
            // one thread fewer to start.
            let helpers: Vec<_> = (1..threads).map(|_| scope.spawn(worker)).collect();
            let mut failed = None;
            let mine = panic::catch_unwind(AssertUnwindSafe(worker));
            for outcome in std::iter::once(mine).chain(helpers.into_iter().map(|h| h.join())) {
                match outcome {
                    Ok(done) => fill(done),
                    Err(panic) => failed = Some(panic_message(&*panic)),
                }
            }
            failed
        });
        if let Some(message) = outcome {
            return Err(Error::Worker(message));
        }
    }
    if doubled {
        return Err(Error::Worker("a work unit was returned twice".into()));
    }
    slots
        .into_iter()
        .map(|slot| slot.ok_or_else(|| Error::Worker("a work unit was lost".into())))
        .collect()
}

/// What a streaming worker sends back.
enum Message<T> {
    /// A unit's result.
    Done(usize, T),
    /// The worker panicked.
    Failed(String),
}

/// Units `0..units` dealt to `threads` new worker threads as [`deal`] deals
/// them, results streamed back: each worker calls `done(unit, result)` as
/// each unit finishes, and the calling thread (no worker: it waits for
/// results) hands them to `received` in bursts, every result that arrived
/// since the last burst, in arrival order. So the caller can act on early
/// units (answer a case, say) while later ones still run.
///
/// When `received` fails, no more units are dealt, the running ones finish,
/// and that error is returned. A panicking worker, or a unit never
/// reported or reported twice, is an [`Error::Worker`].
///
/// ```
/// let mut sum = 0;
/// nqueens::engine::parallel::stream(
///     5,
///     2,
///     |ids, done| ids.for_each(|i| done(i, i * i)),
///     |burst| {
///         sum += burst.iter().map(|&(_, v)| v).sum::<usize>();
///         Ok(())
///     },
/// )
/// .unwrap();
/// assert_eq!(sum, 30);
/// ```
pub fn stream<T, F, R>(units: usize, threads: usize, work: F, mut received: R) -> Result<()>
where
    T: Send,
    F: Fn(&mut dyn Iterator<Item = usize>, &mut dyn FnMut(usize, T)) + Sync,
    R: FnMut(Vec<(usize, T)>) -> Result<()>,
{
    if units == 0 {
        return Ok(());
    }
    let threads = threads.min(units).max(1);
    if threads == 1 {
        return stream_here(units, work, received);
    }
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let (send, receive) = mpsc::channel::<Message<T>>();
    let (next, stop, work) = (&next, &stop, &work);
    thread::scope(|scope| {
        for _ in 0..threads {
            let send = send.clone();
            scope.spawn(move || {
                let mut ids = std::iter::from_fn(|| {
                    if stop.load(Ordering::Relaxed) {
                        return None;
                    }
                    let unit = next.fetch_add(1, Ordering::Relaxed);
                    (unit < units).then_some(unit)
                });
                let mut done = |unit, value| {
                    // The receiver outlives the workers (same scope).
                    let _ = send.send(Message::Done(unit, value));
                };
                let outcome = panic::catch_unwind(AssertUnwindSafe(|| work(&mut ids, &mut done)));
                if let Err(panic) = outcome {
                    stop.store(true, Ordering::Relaxed);
                    let _ = send.send(Message::Failed(panic_message(&*panic)));
                }
            });
        }
        drop(send);
        let mut seen = vec![false; units];
        let mut failure: Option<Error> = None;
        // Ends when every worker has ended (and dropped its sender).
        while let Ok(first) = receive.recv() {
            let mut burst = Vec::new();
            for message in std::iter::once(first).chain(receive.try_iter()) {
                match message {
                    Message::Done(unit, value) => {
                        if std::mem::replace(&mut seen[unit], true) {
                            failure.get_or_insert(Error::Worker(
                                "a work unit was returned twice".into(),
                            ));
                        }
                        burst.push((unit, value));
                    }
                    Message::Failed(message) => {
                        failure.get_or_insert(Error::Worker(message));
                    }
                }
            }
            if failure.is_none() {
                if let Err(e) = received(burst) {
                    failure = Some(e);
                }
            }
            if failure.is_some() {
                stop.store(true, Ordering::Relaxed);
            }
        }
        match failure {
            Some(e) => Err(e),
            None if seen.iter().all(|&s| s) => Ok(()),
            None => Err(Error::Worker("a work unit was lost".into())),
        }
    })
}

/// [`stream`] on one thread, this one: each result handed to `received`
/// as its unit finishes, a burst of one. Why not a worker: with one, this
/// thread would sleep until each result and be woken for it, a hand-off
/// per unit (n = 15 with a few blocked cells: 501 units in 0.1 s, the
/// hand-offs 4-7% of the process's CPU).
fn stream_here<T, F, R>(units: usize, work: F, mut received: R) -> Result<()>
where
    F: Fn(&mut dyn Iterator<Item = usize>, &mut dyn FnMut(usize, T)),
    R: FnMut(Vec<(usize, T)>) -> Result<()>,
{
    let stop = std::cell::Cell::new(false);
    let mut next = 0;
    let mut ids = std::iter::from_fn(|| {
        if stop.get() || next >= units {
            return None;
        }
        next += 1;
        Some(next - 1)
    });
    let mut seen = vec![false; units];
    let mut failure: Option<Error> = None;
    let mut done = |unit: usize, value: T| {
        if failure.is_some() {
            return;
        }
        if std::mem::replace(&mut seen[unit], true) {
            failure = Some(Error::Worker("a work unit was returned twice".into()));
        } else if let Err(e) = received(vec![(unit, value)]) {
            failure = Some(e);
        }
        stop.set(failure.is_some());
    };
    let outcome = panic::catch_unwind(AssertUnwindSafe(|| work(&mut ids, &mut done)));
    if let Err(panic) = outcome {
        return Err(Error::Worker(panic_message(&*panic)));
    }
    match failure {
        Some(e) => Err(e),
        None if seen.iter().all(|&s| s) => Ok(()),
        None => Err(Error::Worker("a work unit was lost".into())),
    }
}

fn panic_message(panic: &(dyn std::any::Any + Send)) -> String {
    let text = panic
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| panic.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "unknown cause".into());
    format!("a worker thread failed: {text}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_keep_unit_order_for_any_thread_count() {
        for threads in [1, 2, 3, 16] {
            let out = map(100, threads, |i| i * 3).unwrap();
            assert_eq!(out, (0..100).map(|i| i * 3).collect::<Vec<_>>());
        }
    }

    #[test]
    fn a_panicking_worker_is_an_error() {
        let result = map(10, 2, |i| {
            if i == 7 {
                panic!("unit seven");
            }
            i
        });
        match result {
            Err(Error::Worker(message)) => assert!(message.contains("unit seven"), "{message}"),
            other => panic!("expected a worker error, got {other:?}"),
        }
    }

    #[test]
    fn a_unit_drawn_but_not_returned_is_an_error() {
        let result = deal(10, 2, |ids| {
            ids.filter(|&i| i != 4).map(|i| (i, i)).collect()
        });
        assert!(matches!(result, Err(Error::Worker(_))), "{result:?}");
    }

    #[test]
    fn a_unit_returned_twice_is_an_error() {
        let result = deal(10, 2, |ids| ids.flat_map(|i| [(i, i), (i, i)]).collect());
        assert!(matches!(result, Err(Error::Worker(_))), "{result:?}");
    }

    #[test]
    fn streamed_results_arrive_once_each_and_failures_stop_the_dealing() {
        for threads in [1, 2, 3] {
            let mut got = Vec::new();
            stream(
                50,
                threads,
                |ids, done| ids.for_each(|i| done(i, i)),
                |burst| {
                    got.extend(burst);
                    Ok(())
                },
            )
            .unwrap();
            got.sort_unstable();
            assert_eq!(got, (0..50).map(|i| (i, i)).collect::<Vec<_>>());
        }
        // On one thread the units run on this one (`stream_here`): the
        // same failures, the same errors.
        for threads in [1, 2] {
            let panicked = stream(
                10,
                threads,
                |ids, done| {
                    ids.for_each(|i| {
                        assert!(i != 3, "unit three");
                        done(i, i)
                    })
                },
                |_| Ok(()),
            );
            assert!(matches!(panicked, Err(Error::Worker(m)) if m.contains("unit three")));
            let lost = stream(
                10,
                threads,
                |ids, done| ids.filter(|&i| i != 4).for_each(|i| done(i, i)),
                |_| Ok(()),
            );
            assert!(matches!(lost, Err(Error::Worker(_))), "{lost:?}");
            let twice = stream(
                10,
                threads,
                |ids, done| ids.for_each(|i| done(i.min(8), i)),
                |_| Ok(()),
            );
            assert!(matches!(twice, Err(Error::Worker(_))), "{twice:?}");
            let mut bursts = 0;
            let drawn = AtomicUsize::new(0);
            let refused = stream(
                1000,
                threads,
                |ids, done| {
                    ids.for_each(|i| {
                        drawn.fetch_add(1, Ordering::Relaxed);
                        done(i, i)
                    })
                },
                |_| {
                    bursts += 1;
                    Err(Error::Limit("the receiver gives up".into()))
                },
            );
            assert!(matches!(refused, Err(Error::Limit(_))), "{refused:?}");
            assert_eq!(bursts, 1, "no burst after a failed one");
            if threads == 1 {
                assert_eq!(drawn.into_inner(), 1, "no unit dealt after a failed burst");
            }
        }
    }

    #[test]
    fn a_panic_on_the_calling_thread_is_an_error_too() {
        // Every unit panics, so whichever worker is the calling thread does.
        for threads in [1, 2, 3] {
            let result = map(6, threads, |_| -> usize { panic!("every unit") });
            assert!(matches!(result, Err(Error::Worker(_))), "{threads} threads");
        }
    }
}
