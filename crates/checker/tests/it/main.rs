//! The integration tests of kinrow-checker, one binary with a module per
//! subject (ripgrep's layout). Run one module with
//! `cargo test -p kinrow-checker --test it broken::`.

mod broken;
mod common;
mod draw;
mod draw_zones;
mod files;
mod puzzles;
mod random;
mod renju;
mod threats;
