//! Running independent puzzles on a thread pool.
//!
//! Why not `par_iter`: rayon splits a slice adaptively, and a thread that
//! pops its own half back without it having been stolen runs that part as
//! one sequential chunk that no other thread can take from. On
//! `positions/renju-puzzles positions/bench` with two threads, one thread
//! ran puzzles 22 to 44 (2.3 s of the 4.1 s of work, two of the three
//! largest puzzles among them) as one such chunk while the other thread, its
//! own half done, sat idle. Puzzle times differ by four orders of magnitude, so
//! the runner hands puzzles out one at a time instead, the presumably
//! largest first: a large puzzle started last would keep one thread busy
//! after the others have finished.

use rayon::ThreadPool;
use std::sync::atomic::{AtomicUsize, Ordering};

/// `f` applied to every item, on `pool`'s threads; the results in item
/// order.
///
/// Items start in decreasing order of `size` (an estimate of their cost;
/// equal sizes in item order), each on the first thread that is free: a
/// shared counter hands out the next one (greedy list scheduling, largest
/// first). No thread is idle while an item waits, so the run ends at most
/// one item's time after the work could have been shared out evenly, and
/// much closer when the estimate is good. Every item runs exactly once. A
/// panic in `f` is passed on once every thread has stopped.
pub fn map_largest_first<T, R, F, S>(pool: &ThreadPool, items: &[T], size: S, f: F) -> Vec<R>
where
    T: Sync,
    R: Send,
    F: Fn(&T) -> R + Sync,
    S: Fn(&T) -> u64,
{
    let mut order: Vec<usize> = (0..items.len()).collect();
    order.sort_by_key(|&i| std::cmp::Reverse(size(&items[i]))); // stable
    let next = AtomicUsize::new(0);
    let per_thread = pool.broadcast(|_| {
        let mut done = Vec::new();
        // Relaxed is enough: the counter only has to give each index once.
        loop {
            let Some(&i) = order.get(next.fetch_add(1, Ordering::Relaxed)) else {
                return done;
            };
            done.push((i, f(&items[i])));
        }
    });
    let mut all: Vec<(usize, R)> = per_thread.into_iter().flatten().collect();
    all.sort_unstable_by_key(|&(i, _)| i);
    debug_assert!(all.iter().enumerate().all(|(k, &(i, _))| k == i));
    all.into_iter().map(|(_, r)| r).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Mutex;

    fn pool(threads: usize) -> ThreadPool {
        rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .expect("pool")
    }

    #[test]
    fn results_come_back_in_item_order() {
        let items: Vec<u64> = (0..200).collect();
        for threads in [1, 2, 5] {
            let out = map_largest_first(&pool(threads), &items, |&x| x % 7, |&x| x * x);
            assert_eq!(out, items.iter().map(|x| x * x).collect::<Vec<_>>());
        }
    }

    #[test]
    fn every_item_runs_exactly_once() {
        let items: Vec<usize> = (0..500).collect();
        let seen = Mutex::new(Vec::new());
        map_largest_first(
            &pool(3),
            &items,
            |_| 0,
            |&x| {
                seen.lock().expect("lock").push(x);
            },
        );
        let mut seen = seen.into_inner().expect("lock");
        seen.sort_unstable();
        assert_eq!(seen, items);
    }

    #[test]
    fn one_thread_starts_the_largest_first_and_equal_sizes_in_order() {
        let sizes = [3u64, 9, 3, 0, 9, 5];
        let started = Mutex::new(Vec::new());
        let out = map_largest_first(
            &pool(1),
            &sizes,
            |&s| s,
            |&s| {
                started.lock().expect("lock").push(s);
                s
            },
        );
        assert_eq!(out, sizes);
        assert_eq!(started.into_inner().expect("lock"), [9, 9, 5, 3, 3, 0]);
        let items: Vec<usize> = (0..20).collect();
        let started = Mutex::new(Vec::new());
        map_largest_first(
            &pool(1),
            &items,
            |_| 1,
            |&x| {
                started.lock().expect("lock").push(x);
            },
        );
        assert_eq!(started.into_inner().expect("lock"), items);
    }

    #[test]
    fn a_free_thread_runs_all_the_rest_while_another_is_busy() {
        // Item 0 waits until every other item has run, so the second thread
        // must run them all meanwhile. Under `par_iter` item 1 sat in the
        // first thread's sequential chunk, behind item 0.
        let items: Vec<usize> = (0..10).collect();
        let others_done = AtomicUsize::new(0);
        let out = map_largest_first(
            &pool(2),
            &items,
            |_| 0,
            |&x| {
                if x > 0 {
                    others_done.fetch_add(1, Ordering::SeqCst);
                    return true;
                }
                let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
                while std::time::Instant::now() < deadline {
                    if others_done.load(Ordering::SeqCst) == items.len() - 1 {
                        return true;
                    }
                    std::thread::sleep(std::time::Duration::from_millis(1));
                }
                false
            },
        );
        assert_eq!(out, vec![true; 10]);
    }

    #[test]
    fn no_items_no_results() {
        let out = map_largest_first(&pool(2), &[] as &[u8], |_| 0, |&x| x);
        assert!(out.is_empty());
    }
}
