//! Board benches: the hot operations of a search on fixed 15x15 freestyle
//! positions with 10 to 40 stones, and the bit-level building blocks done
//! through `bitvec`'s API against the same done on the raw words.
//!
//! `cargo bench -p kinrow-bench --bench board`
//!
//! Targets (one thread, per operation):
//! - `place_win_remove`: place a stone, test for a win through it, remove
//!   it, key updated both ways: 10 ns or less;
//! - `candidates_near1`: 30 ns or less;
//! - `winning_cells`: one side, 100 ns or less;
//! - `fours_all`: the `fours` filter over every empty cell: 1 us or less.
//!
//! Renju: `forbidden_points`, all of Black's forbidden points of a board
//! (one call), and `is_forbidden`, one cell (each `near 1` candidate in
//! turn), on the same positions under `rule renju` and on one crowded
//! position with forbidden points of every kind (`crowded`).
//!
//! For comparison, not targets: `search_place_win_remove`, the same loop on
//! a `SearchBoard` (the provers' board, which keeps line words up to date),
//! and `made_win_count` on both boards over the `near 1` candidates.
//!
//! Times are the CPU time of the bench thread (see [`CpuTime`]), so that
//! other work on a shared machine does not count; set
//! `KINROW_BENCH_CLOCK=wall` for criterion's usual wall-clock time.

use criterion::measurement::{Measurement, ValueFormatter};
use criterion::{black_box, criterion_main, BenchmarkGroup, BenchmarkId, Criterion, Throughput};
use kinrow_board::{Board, Candidates, Cell, Game, Player, Rule, SearchBoard};
use std::time::{Duration, Instant};

/// CPU time of the calling thread in nanoseconds, as the kernel reports it
/// in `/proc/thread-self/schedstat`. The kernel brings that figure up to
/// date only at a scheduler tick or a switch, so each reading first yields
/// the processor (`sched_yield` brings it up to date); the few microseconds
/// this costs per sample are a constant that criterion's slope fit over
/// samples of growing length discards. Falls back to wall-clock time where
/// that file does not exist.
struct CpuTime {
    wall: bool,
    origin: Instant,
}

impl CpuTime {
    fn new() -> CpuTime {
        let wall = std::env::var("KINROW_BENCH_CLOCK").is_ok_and(|v| v == "wall")
            || Self::schedstat().is_none();
        CpuTime {
            wall,
            origin: Instant::now(),
        }
    }

    fn schedstat() -> Option<u64> {
        let s = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
        s.split_whitespace().next()?.parse().ok()
    }

    fn now(&self) -> u64 {
        if self.wall {
            self.origin.elapsed().as_nanos() as u64
        } else {
            std::thread::yield_now();
            Self::schedstat().unwrap_or(0)
        }
    }
}

impl Measurement for CpuTime {
    type Intermediate = u64;
    type Value = u64;
    fn start(&self) -> u64 {
        self.now()
    }
    fn end(&self, start: u64) -> u64 {
        self.now().saturating_sub(start)
    }
    fn add(&self, a: &u64, b: &u64) -> u64 {
        a + b
    }
    fn zero(&self) -> u64 {
        0
    }
    fn to_f64(&self, v: &u64) -> f64 {
        *v as f64
    }
    fn formatter(&self) -> &dyn ValueFormatter {
        &Nanoseconds
    }
}

/// Formats nanoseconds as criterion does for wall-clock time.
struct Nanoseconds;

impl ValueFormatter for Nanoseconds {
    fn scale_values(&self, typical: f64, values: &mut [f64]) -> &'static str {
        let (div, unit) = match typical {
            t if t < 1e3 => (1.0, "ns"),
            t if t < 1e6 => (1e3, "µs"),
            t if t < 1e9 => (1e6, "ms"),
            _ => (1e9, "s"),
        };
        values.iter_mut().for_each(|v| *v /= div);
        unit
    }

    fn scale_throughputs(&self, _: f64, t: &Throughput, values: &mut [f64]) -> &'static str {
        let n = match *t {
            Throughput::Bytes(n) | Throughput::BytesDecimal(n) | Throughput::Elements(n) => n,
        };
        values.iter_mut().for_each(|v| *v = n as f64 * 1e9 / *v);
        "elem/s"
    }

    fn scale_for_machines(&self, _: &mut [f64]) -> &'static str {
        "ns"
    }
}

type Group<'a> = BenchmarkGroup<'a, CpuTime>;
type C = Criterion<CpuTime>;

/// Fixed positions, x first and alternating: stones played near earlier
/// ones by a seeded random walk that avoids completing a five. In the
/// 30-stone one `o` has a winning cell (x to move).
const POSITIONS: [&str; 4] = [
    "h8 g7 g9 f8 f10 f11 f9 e7 f7 h6",
    "h8 i9 g7 i7 i6 f6 g5 g6 j8 e6 h7 h6 d6 i10 f4 j10 k9 h4 i5 h10",
    "h8 g8 i8 g9 j7 h9 i9 j8 k6 f8 i7 k5 k7 g10 f11 f9 f12 e8 g13 g12 \
     d9 k9 c8 j9 j4 b9 l6 c9 h13 c10",
    "h8 i7 j6 k6 i5 g8 h6 j5 h4 g4 l5 i4 i3 i6 m6 m7 l4 f4 j3 n8 \
     j4 m3 o7 j7 o9 m4 f5 e3 e4 e2 k2 n6 j8 n10 d2 l6 e6 m11 c3 g6",
];

fn position(moves: &str, rule: Rule) -> Board {
    let mut board = Board::new(Game::new(15, 15, 5, rule).expect("15x15, k = 5"));
    let g = *board.game().geometry();
    for name in moves.split_whitespace() {
        board.play(g.parse_cell(name).expect("a cell of 15x15"));
    }
    board
}

fn boards(rule: Rule) -> Vec<(u32, Board)> {
    POSITIONS
        .iter()
        .map(|m| {
            let b = position(m, rule);
            (b.stone_count(), b)
        })
        .collect()
}

/// Place, win test and remove, for the side to move, on every empty cell
/// (`all`) or every `near 1` candidate (`near1`, the cells a search plays,
/// where the win test has more to look at) in turn, one cell per iteration.
fn place_win_remove(c: &mut C) {
    for (label, cands) in [("all", Candidates::All), ("near1", Candidates::Near(1))] {
        let mut group = c.benchmark_group(format!("place_win_remove/{label}"));
        place_win_remove_on(&mut group, cands, |b| b);
        group.finish();
    }
}

/// [`place_win_remove`] on a [`SearchBoard`].
fn search_place_win_remove(c: &mut C) {
    for (label, cands) in [("all", Candidates::All), ("near1", Candidates::Near(1))] {
        let mut group = c.benchmark_group(format!("search_place_win_remove/{label}"));
        place_win_remove_on(&mut group, cands, SearchBoard::from);
        group.finish();
    }
}

/// The two boards' place, win test and remove, for one generic loop.
trait PlaceWinRemove {
    fn place(&mut self, c: Cell, p: Player);
    fn wins_at(&self, c: Cell) -> bool;
    fn remove(&mut self, c: Cell, p: Player);
}

macro_rules! place_win_remove_for {
    ($t:ty) => {
        impl PlaceWinRemove for $t {
            #[inline(always)]
            fn place(&mut self, c: Cell, p: Player) {
                <$t>::place(self, c, p);
            }
            #[inline(always)]
            fn wins_at(&self, c: Cell) -> bool {
                <$t>::wins_at(self, c)
            }
            #[inline(always)]
            fn remove(&mut self, c: Cell, p: Player) {
                <$t>::remove(self, c, p);
            }
        }
    };
}
place_win_remove_for!(Board);
place_win_remove_for!(SearchBoard);

fn place_win_remove_on<B: PlaceWinRemove>(
    group: &mut Group<'_>,
    cands: Candidates,
    make: impl Fn(Board) -> B,
) {
    for (n, board) in boards(Rule::Freestyle) {
        let cells = cells_of(&board, cands);
        let p = board.to_move();
        let mut board = make(board);
        group.bench_function(BenchmarkId::from_parameter(n), |b| {
            let mut i = 0;
            b.iter(|| {
                let c = cells[i];
                i = if i + 1 == cells.len() { 0 } else { i + 1 };
                board.place(c, p);
                let win = board.wins_at(black_box(c));
                board.remove(c, p);
                win
            });
        });
    }
}

/// The cells a stone of the side to move would make winning, counted, on
/// each `near 1` candidate in turn: by walks on a [`Board`] and by bit scans
/// of line words on a [`SearchBoard`].
fn made_win_count(c: &mut C) {
    let mut group = c.benchmark_group("made_win_count/board");
    made_win_count_on(&mut group, |b| b, Board::made_win_count);
    group.finish();
    let mut group = c.benchmark_group("made_win_count/search");
    made_win_count_on(&mut group, SearchBoard::from, SearchBoard::made_win_count);
    group.finish();
}

fn made_win_count_on<B>(
    group: &mut Group<'_>,
    make: impl Fn(Board) -> B,
    count: impl Fn(&B, Player, Cell) -> u32,
) {
    for (n, board) in boards(Rule::Freestyle) {
        let cells = cells_of(&board, Candidates::Near(1));
        let p = board.to_move();
        let board = make(board);
        group.bench_function(BenchmarkId::from_parameter(n), |b| {
            let mut i = 0;
            b.iter(|| {
                let c = black_box(cells[i]);
                i = if i + 1 == cells.len() { 0 } else { i + 1 };
                count(&board, p, c)
            });
        });
    }
}

fn cells_of(board: &Board, cands: Candidates) -> Vec<Cell> {
    board
        .candidates(cands)
        .iter()
        .map(Cell::from_index)
        .collect()
}

fn candidates_near1(c: &mut C) {
    let mut group = c.benchmark_group("candidates_near1");
    for (n, board) in boards(Rule::Freestyle) {
        group.bench_function(BenchmarkId::from_parameter(n), |b| {
            b.iter(|| black_box(&board).candidates(Candidates::Near(1)));
        });
    }
    group.finish();
}

fn winning_cells(c: &mut C) {
    for rule in [Rule::Freestyle, Rule::Exact] {
        let mut group = c.benchmark_group(format!("winning_cells/{rule}"));
        for (n, board) in boards(rule) {
            let p = board.to_move();
            group.bench_function(BenchmarkId::from_parameter(n), |b| {
                b.iter(|| black_box(&board).winning_cells(p));
            });
        }
        group.finish();
    }
}

/// A crowded renju position (x to move) with a double-three, a
/// double-four, an overline point and a four-three among its cells.
const CROWDED: (&str, &str) = (
    "f8 g8 h6 h7 e5 f5 g5 i4 j3 k2 c8 e8 d10 d11 d12 j9 k10 l11 m3 m4 m5 m7 m8",
    "e6 i9 d9 d13 c7 j10 l10 k11 i11 j12 n4 l6 g10 h11 f11 e13 c12 b8 h3 g4 o3 l7 l5",
);

fn renju_boards() -> Vec<(String, Board)> {
    let mut out: Vec<(String, Board)> = boards(Rule::Renju)
        .into_iter()
        .map(|(n, b)| (n.to_string(), b))
        .collect();
    let mut b = Board::new(Game::new(15, 15, 5, Rule::Renju).expect("15x15, k = 5"));
    let g = *b.game().geometry();
    for (names, p) in [(CROWDED.0, Player::X), (CROWDED.1, Player::O)] {
        for name in names.split_whitespace() {
            b.place(g.parse_cell(name).expect("a cell of 15x15"), p);
        }
    }
    assert!(b.forbidden_points().count() >= 3);
    out.push(("crowded".to_string(), b));
    out
}

fn forbidden(c: &mut C) {
    let mut group = c.benchmark_group("forbidden_points");
    for (n, board) in renju_boards() {
        group.bench_function(BenchmarkId::from_parameter(n), |b| {
            b.iter(|| black_box(&board).forbidden_points());
        });
    }
    group.finish();
    let mut group = c.benchmark_group("is_forbidden");
    for (n, board) in renju_boards() {
        let cells = cells_of(&board, Candidates::Near(1));
        group.bench_function(BenchmarkId::from_parameter(n), |b| {
            let mut i = 0;
            b.iter(|| {
                let c = black_box(cells[i]);
                i = if i + 1 == cells.len() { 0 } else { i + 1 };
                board.is_forbidden(c)
            });
        });
    }
    group.finish();
}

fn fours_all(c: &mut C) {
    for rule in [Rule::Freestyle, Rule::Exact] {
        let mut group = c.benchmark_group(format!("fours_all/{rule}"));
        for (n, board) in boards(rule) {
            let p = board.to_move();
            let all = board.candidates(Candidates::All);
            group.bench_function(BenchmarkId::from_parameter(n), |b| {
                b.iter(|| black_box(&board).fours(p, black_box(&all)));
            });
        }
        group.finish();
    }
}

/// The building blocks, on the stones of the 40-stone position: each done
/// through `bitvec`'s API (`bitvec`) and on the raw words (`words`).
fn bits(c: &mut C) {
    let board = position(POSITIONS[3], Rule::Freestyle);
    let a = board.occupied();
    let b2 = *board.stones(board.to_move());
    let stride = board.game().geometry().stride() as usize;
    let probes: Vec<usize> = (0..240).collect();

    let mut group = c.benchmark_group("bits/shift_up_stride");
    group.bench_function("bitvec", |b| {
        b.iter(|| {
            let mut r = *black_box(&a);
            r.as_mut_bitslice().shift_end(stride);
            r
        });
    });
    group.bench_function("words", |b| {
        b.iter(|| black_box(&a).shl(stride as u32));
    });
    // The same by multiplication (how the line code shifts by a distance
    // known only at run time), and with the distance a compile-time
    // constant (16 on 15x15).
    group.bench_function("words_mul", |b| {
        let m = u128::from(black_box(1u64 << stride));
        b.iter(|| {
            let w = black_box(&a).words();
            let mut r = [0u64; kinrow_board::bitboard::WORDS];
            let mut carry = 0;
            for (r, &w) in r.iter_mut().zip(w) {
                let p = u128::from(w) * m;
                *r = p as u64 | carry;
                carry = (p >> 64) as u64;
            }
            r
        });
    });
    group.bench_function("words_const", |b| {
        b.iter(|| black_box(&a).shl(16));
    });
    group.finish();

    let mut group = c.benchmark_group("bits/and");
    group.bench_function("bitvec", |b| {
        b.iter(|| {
            let mut r = *black_box(&a);
            *r.as_mut_bitslice() &= black_box(&b2).as_bitslice();
            r
        });
    });
    group.bench_function("words", |b| {
        b.iter(|| *black_box(&a) & *black_box(&b2));
    });
    group.finish();

    let mut group = c.benchmark_group("bits/iterate_sum");
    group.bench_function("bitvec", |b| {
        b.iter(|| black_box(&a).as_bitslice().iter_ones().sum::<usize>());
    });
    group.bench_function("words", |b| {
        b.iter(|| black_box(&a).iter().sum::<usize>());
    });
    group.finish();

    let mut group = c.benchmark_group("bits/count");
    group.bench_function("bitvec", |b| {
        b.iter(|| black_box(&a).as_bitslice().count_ones());
    });
    group.bench_function("words", |b| {
        b.iter(|| black_box(&a).count());
    });
    group.finish();

    // 240 single-bit tests (every bit a 15x15 board uses) per iteration:
    // `bitvec`'s checked `get` against the word test `Bitboard::contains`.
    let mut group = c.benchmark_group("bits/test_240");
    group.bench_function("bitvec", |b| {
        b.iter(|| {
            let s = black_box(&a).as_bitslice();
            probes
                .iter()
                .filter(|&&i| s.get(i).is_some_and(|b| *b))
                .count()
        });
    });
    group.bench_function("words", |b| {
        b.iter(|| {
            let s = black_box(&a);
            probes.iter().filter(|&&i| s.contains(i)).count()
        });
    });
    group.finish();

    // Set and clear one bit (a place and a remove), 240 bits per iteration.
    let mut group = c.benchmark_group("bits/set_clear_240");
    group.bench_function("bitvec", |b| {
        let mut r = a;
        b.iter(|| {
            let s = r.as_mut_bitslice();
            for &i in &probes {
                s.set(i, true);
                s.set(black_box(i), false);
            }
        });
    });
    group.bench_function("words", |b| {
        let mut w = *a.words();
        b.iter(|| {
            for &i in &probes {
                w[i / 64] |= 1 << (i % 64);
                let i = black_box(i);
                w[i / 64] &= !(1 << (i % 64));
            }
        });
    });
    group.finish();
}

fn benches() {
    let mut c = Criterion::default()
        .with_measurement(CpuTime::new())
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2))
        .sample_size(50)
        .configure_from_args();
    place_win_remove(&mut c);
    search_place_win_remove(&mut c);
    made_win_count(&mut c);
    candidates_near1(&mut c);
    winning_cells(&mut c);
    fours_all(&mut c);
    forbidden(&mut c);
    bits(&mut c);
}
criterion_main!(benches);
