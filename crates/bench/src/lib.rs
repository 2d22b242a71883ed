//! Criterion benches live in the root `benches/` folder; this crate only
//! hosts them, with the baselines they compare against.

pub mod textbook;
