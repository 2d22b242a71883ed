//! The threat-space provers: PNS (`vct`, [`Vct::prover`]) and df-pn
//! (`vct-dfpn`, [`Vct::dfpn`]) given the attacker's threat space
//! ([`Space::Threats`], whose game [`crate::space::threats`] writes down)
//! instead of the whole game. They prove wins fast; where the threat
//! space holds no win they answer [`crate::Verdict::NoThreatWin`], a
//! definite answer about that smaller game, not the game's no-win.
//!
//! ```
//! use kinrow_board::{Attack, Board, Candidates, Game, Rule};
//! use kinrow_prover::{Limits, PnsConfig, Problem, Prover, Verdict, Vct};
//!
//! // Tic-tac-toe is a draw: the threat space finds no win, and says only
//! // that it found none in the threat space.
//! let board = Board::new(Game::new(3, 3, 3, Rule::Freestyle).unwrap());
//! let problem = Problem { board, candidates: Candidates::All, attack: Attack::Any, depth: None };
//! let mut vct = Vct::prover(PnsConfig::default());
//! assert_eq!(vct.name(), "vct");
//! assert_eq!(vct.prove(&problem, &Limits::default()).verdict, Verdict::NoThreatWin);
//! ```

use crate::dfpn::{Dfpn, DfpnConfig};
use crate::pns::{Pns, PnsConfig};
use crate::space::{Space, ThreatLimit};

/// PNS's name in the threat space, in reports and on the command line.
pub(crate) const NAME: &str = crate::pns::THREATS_NAME;

/// df-pn's name in the threat space, in reports and on the command line.
pub(crate) const DFPN_NAME: &str = crate::dfpn::THREATS_NAME;

/// The threat-space provers.
#[derive(Clone, Copy, Debug)]
pub struct Vct;

impl Vct {
    /// The threat space searched by PNS (`vct`), with PNS's other settings
    /// from `config`, a threat any VCF within the plies left
    /// ([`Vct::prover_within`] with [`ThreatLimit::NONE`]; `auto` and the
    /// registry, and so the command line and Python, call that one with
    /// the position's limit).
    #[must_use]
    pub fn prover(config: PnsConfig) -> Pns {
        Vct::prover_within(config, ThreatLimit::NONE)
    }

    /// [`Vct::prover`] with threats of at most `limit`.
    #[must_use]
    pub fn prover_within(config: PnsConfig, limit: ThreatLimit) -> Pns {
        Pns::new(PnsConfig {
            space: Space::Threats(limit),
            ..config
        })
    }

    /// The threat space searched by df-pn (`vct-dfpn`), with df-pn's other
    /// settings from `config`: in a fixed table, and on several threads
    /// where `config` asks for them.
    #[must_use]
    pub fn dfpn(config: DfpnConfig) -> Dfpn {
        Vct::dfpn_within(config, ThreatLimit::NONE)
    }

    /// [`Vct::dfpn`] with threats of at most `limit`.
    #[must_use]
    pub fn dfpn_within(config: DfpnConfig, limit: ThreatLimit) -> Dfpn {
        Dfpn::new(DfpnConfig {
            space: Space::Threats(limit),
            ..config
        })
    }
}
