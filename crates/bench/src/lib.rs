//! Criterion benches live in the root `benches/` folder; this crate only hosts them.
