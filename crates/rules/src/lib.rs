//! The game a kinrow prover searches, written once below the searches:
//! what a node is and what the rules say there, for every prover alike.
//!
//! - [`outcome`]: what every prover is asked and answers: the question
//!   ([`Problem`](outcome::Problem)), the budgets asked
//!   ([`Limits`](outcome::Limits)), the answer ([`Outcome`](outcome::Outcome),
//!   [`Verdict`](outcome::Verdict), [`Stats`](outcome::Stats)).
//! - [`rules`]: the terminal rules and the sound reductions every win
//!   prover shares ([`NodeRules`](rules::NodeRules)), argued beside their
//!   code; the one node evaluation (`rules::ruling`) that AND-OR, PNS and
//!   df-pn call with the extras each declares; the last plies' shortcuts,
//!   static draws (pairing), disproof zones, renju's passes and the test
//!   switches.
//! - [`kit`]: building blocks of proof-number searches:
//!   [`ProofNumber`](kit::ProofNumber), keys shared by a position's mirror
//!   images, the search cursor, the shape heuristic, the defender's reply
//!   order.
//! - [`vcf`]: the VCF search and the zone of a threat (reduction 6),
//!   which cuts the defender's replies.
//! - [`space`]: the game a proof-number search searches, as a value
//!   ([`Space`](space::Space)): the whole game or the attacker's threat space.
//!
//! The searches themselves (AND-OR, PNS, df-pn, the value searches,
//! db-search), the provers built from them and the certificate writer
//! live above, in `kinrow-prover`, which re-exports these modules under
//! the same names. Nothing here knows them: a search is given what it
//! needs as values ([`rules::ruling::Extras`], [`space::Space`]). The
//! independent certificate checker (`kinrow-checker`) depends on none of
//! this crate, by design: it judges the provers' answers with rules of its
//! own.
//!
//! ```
//! use kinrow_board::{Attack, Board, Candidates, Game, Rule, SearchBoard};
//! use kinrow_rules::rules::{NodeRules, OrNode};
//!
//! // Four in a row on 9x9: X has an open three, X to move.
//! let mut board = Board::new(Game::new(9, 9, 4, Rule::Freestyle).unwrap());
//! for cell in ["d5", "a1", "e5", "a9", "f5", "i1"] {
//!     board.play(board.game().geometry().parse_cell(cell).unwrap());
//! }
//! let rules = NodeRules::new(Candidates::All, Attack::Any);
//! let node = rules.attacker_node(&SearchBoard::from(board), 1);
//! assert!(matches!(node, OrNode::Win(_)));
//! ```

pub mod kit;
pub mod outcome;
pub mod rules;
pub mod space;
pub mod vcf;
