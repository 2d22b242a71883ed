//! `kinrow brain`: a scripted manager through every command of the
//! protocol, and whole games between two brains through a referee.

mod games;
mod process;
mod protocol;
mod referee;
