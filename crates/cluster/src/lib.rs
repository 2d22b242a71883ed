//! Job-level proof search: one proof on many processes or machines.
//!
//! A master runs proof-number search over the top of the proof tree
//! ([`tree`]); each open leaf becomes a *job*, a whole `kinrow solve` run of
//! that position with a budget, which writes its answer (`--json`) and, for
//! a win, its certificate (`--proof`) into the work directory
//! ([`workdir`]). A job's win enters the tree only once the independent
//! checker accepts its certificate; a job that runs out of budget has its
//! leaf expanded one level, and the children become jobs; jobs a sibling's
//! answer makes useless are cancelled. For a win the master joins the top
//! tree and the jobs' certificates into one certificate of the root
//! ([`merge`]) and checks it. Jobs run on an [`Executor`]: [`Local`] worker
//! processes, or [`slurm::Slurm`].
//!
//! This is the job-level idea of Wu et al. (IEEE TCIAIG 2013). The library
//! prints nothing: progress goes back through [`master::Event`]s.

pub mod executor;
pub mod master;
pub mod merge;
pub mod policy;
pub mod protocol;
pub mod slurm;
pub mod tree;
pub mod workdir;

pub use executor::{Executor, Local};
pub use master::{run, ClusterError, Config, Event, Report, Snapshot, Spent};
pub use policy::Policy;
pub use protocol::{JobBudget, JobReport, JobRequest, JobVerdict};
pub use workdir::Answer;
