//! Criterion benches live in the root `benches/` folder; this crate only
//! hosts them. The baseline they compare against, the textbook AND-OR
//! recursion, is `kinrow_reference::textbook`, which the tests share.
