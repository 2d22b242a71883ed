//! The integration tests of kinrow-board, one binary with a module per
//! subject, as in every crate of the workspace.

mod reference;
