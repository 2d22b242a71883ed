//! The integration tests of the `kinrow` binary, one test binary with a
//! module per subject, as in every crate of the workspace.

mod brain;
mod cli;
mod cluster;
mod common;
mod games;
mod guards;
mod pictures;
mod provers;
mod serve;
mod threads;
mod tripped;
mod tripped_again;
mod verdicts;
