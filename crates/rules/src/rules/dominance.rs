//! Vertex domination: a move of the side to move whose live windows all
//! hold another of its moves is never better than that move, so it need
//! not be tried (Hsu, Ko, Chen, Wei, Hsueh, Wu, "On solving the 7,7,5-game
//! and the 8,8,5-game", TCS 815, 2020, among the reductions of the
//! branching factor).
//!
//! # The relation
//!
//! Let P be a position with E empty cells and side M to move, O the other
//! side. M has ⌈E/2⌉ stones left before the board is full, O ⌊E/2⌋. A
//! window (k cells in a line) is *live for a side* in P when it holds no
//! stone of the other side and at most as many empty cells as that side
//! has stones left. For an empty cell a let I(a) be the cells every window
//! through a that is live for either side holds (all cells when there is
//! none). For empty cells a ≠ b, *a ≤ b* when b ∈ I(a): every window
//! through a that either side could still fill holds b. The relation is
//! reflexive and transitive (a window through a holding b is a window
//! through b, live for the same side, so it holds I(b)).
//!
//! # Why b is at least as good as a for M (freestyle)
//!
//! Let φ swap a and b. Take a strategy S of M from P+a (M's stone on a).
//! From P+b, M plays S on the *imagined* board φ(real board): each real
//! move c of O is read as φ(c), and each move x that S gives is played as
//! φ(x). The imagined board is P+a with the moves so read (φ(P+b) = P+a,
//! since a and b are empty in P), so every move is legal on the real board
//! when its image is on the imagined one, and both games last the same
//! plies and fill the board at the same ply. Write M_R, O_R for the real
//! stones and M_I = φ(M_R), O_I = φ(O_R) for the imagined ones; b ∈ M_R
//! throughout. For a window W:
//!
//! - M fills W on the imagined board (W ⊆ M_I) ⇒ M fills W on the real
//!   one. If W holds neither a nor b, φ(W) = W. If it holds a, it was live
//!   for M in P+a (it got filled from there; M's stones left in P+a and
//!   the empty cells of W are both one fewer than in P), so it holds b too
//!   (a ≤ b), and φ(W) = W. If it holds b but not a, W \ {b} ⊆ M_R and
//!   b ∈ M_R.
//! - O fills W on the real board ⇒ O fills it on the imagined one, no
//!   later: W cannot hold b (M's); if it holds a, it was live for O in P
//!   (free of M's stones, its empty cells filled by O's ⌊E/2⌋ stones at
//!   most... the real game from P+b leaves O ⌈(E−1)/2⌉ = ⌊E/2⌋), so it
//!   holds b: impossible; so it holds neither and φ(W) = W.
//!
//! A line of k or more (freestyle) holds a window of k. So whenever S has
//! M complete a line before O does (or O's line before M's, when M is the
//! defender and S keeps the attacker from completing one), the real game
//! has M's line no later, and O's no sooner. With the roles of the two
//! games: if M (the attacker) wins from P+a, it wins from P+b within as
//! many plies; if M (the defender) holds from P+a, the real attacker's
//! lines are among the imagined ones, so it holds from P+b. Either way a
//! need not be searched once b is.
//!
//! Which moves to keep: a is dropped when some other move b has a ≤ b and
//! either not b ≤ a, or b ≤ a and b comes first (bit index). For a dropped
//! a, a move above it that nothing above dominates strictly, the first of
//! its class, is kept, and by transitivity dominates a. The moves searched
//! may be any subset the rules kept (every move they cut loses, or wins,
//! for the side to move whatever domination says); b is taken among them.
//!
//! # Where it holds
//!
//! Both sides may play any empty cell (`candidates all`), the attacker's
//! moves are not filtered (`attack any`), no forbidden points, and the
//! freestyle rule: under the exact rule a stone on b may make an overline
//! of a window that a stone on a would have completed exactly (b on its
//! flank), which the relation does not see. A horizon changes nothing (the
//! two games last the same plies). Boards of at most 128 bitboard bits
//! (masks are `u128`); elsewhere every move is kept.
//!
//! # Which side (PNS only)
//!
//! [`Dominance`] says which side's moves are cut; only PNS cuts any
//! (`PnsConfig::dominance` in `kinrow-prover`, the defender's replies by
//! default).
//! A defender's node is refuted by one reply, whose zone is its own, so a
//! reply cut costs no zone. An attacker's node whose moves are cut is no
//! longer one whose moves are every empty cell, so its zone is the whole
//! board ([`super::zone::attacker_node_base`]; a zone argument would need
//! the relation to hold in every variant, which it need not: a variant's
//! attacker stones outside the zone change which windows are live). On
//! 7x7 k=5 that lost more nodes than the cut saved (PNS, one thread: 3.22
//! M nodes with both sides cut, 2.97 M with the replies only, against
//! 3.16 M without; with the attacker's moves created lazily 1.64 M, 1.50
//! M and 1.78 M).

use crate::kit::windows::{for_each_window, mask, Masks};
use kinrow_board::bitboard::WORDS;
use kinrow_board::{Bitboard, Game, Rule, SearchBoard};

/// Which side's moves domination cuts (a switch of the provers that use
/// it, `PnsConfig::dominance` in `kinrow-prover`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Dominance {
    /// The attacker's moves.
    pub moves: bool,
    /// The defender's replies.
    pub replies: bool,
}

impl Dominance {
    /// No cut.
    pub const OFF: Dominance = Dominance {
        moves: false,
        replies: false,
    };
    /// The defender's replies only.
    pub const REPLIES: Dominance = Dominance {
        moves: false,
        replies: true,
    };
    /// Both sides' moves.
    pub const BOTH: Dominance = Dominance {
        moves: true,
        replies: true,
    };
}

/// Whether domination may cut the moves of `game` (see the module docs;
/// the caller checks `candidates all` and `attack any`).
#[must_use]
pub fn applies(game: &Game) -> bool {
    game.rule() == Rule::Freestyle
        && game.k() >= 2
        && mask(game.geometry().cells().words()).is_some()
}

/// The cells I(a) of the module docs for every empty cell a of `board`
/// (indexed by bit index; the whole board where no live window runs
/// through a), with the side to move as M.
fn intersections(board: &SearchBoard, m: &Masks) -> [u128; 128] {
    let e = m.empty.count_ones();
    // `att` is the side to move here.
    let (mine, theirs) = (e.div_ceil(2), e / 2);
    let mut inter = [u128::MAX; 128];
    for_each_window(board.game(), m.cells, |w, _| {
        let empty = (w & m.empty).count_ones();
        let live_mine = w & m.def == 0 && empty <= mine;
        let live_theirs = w & m.att == 0 && empty <= theirs;
        if !(live_mine || live_theirs) {
            return;
        }
        let mut cells = w & m.empty;
        while cells != 0 {
            let c = cells.trailing_zeros() as usize;
            cells &= cells - 1;
            inter[c] &= w;
        }
    });
    inter
}

/// The moves of `moves` (empty cells, for the side to move of `board`)
/// that domination keeps (module docs). The caller checks [`applies`].
#[must_use]
pub fn undominated(board: &SearchBoard, moves: &Bitboard) -> Bitboard {
    let (Some(m), Some(set)) = (Masks::of(board, board.to_move()), mask(moves.words())) else {
        return *moves;
    };
    let inter = intersections(board, &m);
    let kept = keep(&inter, set);
    if kept == set {
        return *moves;
    }
    let mut words = [0u64; WORDS];
    words[0] = kept as u64;
    words[1] = (kept >> 64) as u64;
    Bitboard::from_words(words)
}

/// The moves of `set` kept, given I(a) for each.
fn keep(inter: &[u128; 128], set: u128) -> u128 {
    let mut kept = set;
    let mut rest = set;
    while rest != 0 {
        let a = rest.trailing_zeros() as usize;
        rest &= rest - 1;
        let mut above = inter[a] & set & !(1u128 << a);
        while above != 0 {
            let b = above.trailing_zeros() as usize;
            above &= above - 1;
            let equivalent = inter[b] >> a & 1 == 1;
            if !equivalent || b < a {
                kept &= !(1u128 << a);
                break;
            }
        }
    }
    kept
}
