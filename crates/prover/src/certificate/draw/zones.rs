//! The zones of the written nodes ([`crate::rules::zone`] has what a zone
//! claims and why the rules below give one): they let a node answer every
//! attacker move outside an entry's zone by that entry (the first such
//! entry as the default, `*`; the others copied move by move).
//!
//! The writer's strategy is what the zones speak of, so each is built from
//! the entries as written: a node that holds statically, the cells its
//! pairs and potential use ([`crate::rules::pairing::hold_pairs`]); an entry
//! whose reply leads to a node, that node's zone and the reply's cell; an
//! entry whose reply ends the game, the zone of that no-win
//! ([`zone::defender_no_win`]) and the reply's cell (empty in every variant,
//! so the same reply is played there); a move that fills the board, none
//! (the full board is its only variant); an answered node, the union of
//! its entries' zones, and nothing more (below). A default entry's zone
//! holds every explicit entry's move, and the node's zone holds the
//! default's, so every variant that reaches the node finds the explicit
//! moves empty and the default's reply too.
//!
//! Why an answered node needs no base zone, unlike a prover's attacker
//! node (`zone::attacker_base`, reduction 4's block): the writer cuts
//! no attacker move, so its node is the full-width case of
//! [`crate::rules::zone`]'s rule for an attacker's node, Z = ∪ Zm over
//! every empty cell m. In a Z-variant R' of the node's position R, a move
//! m' inside Z is an empty cell of R, answered there by the entry of a
//! move e (m' itself, or a move whose zone Ze leaves out both: the
//! default or a copied entry), and R'+m' is a Ze-variant of R+e, as R'
//! agrees with R on Z, which holds Ze; a move outside Z is answered by
//! the default, whose move d lies outside its zone Zd (that is how it
//! became the default), so R'+m' is a Zd-variant of R+d; and where no
//! entry's move lies outside its zone there is no default, Z holds every
//! empty cell of R, and R' is R. Adding reduction 4's block (or, facing
//! two winning cells, the whole board) only made zones larger: in the
//! first 100 K nodes of 7x7 k=5's certificate the written nodes' zones
//! averaged 41 cells against 15 for PNS's zones of the same positions,
//! and few moves found an entry or a variant to share. Without it (and
//! with the copies and the defender's line first, in `writer.rs`), 20
//! against 19.
//!
//! Zones also share nodes beyond transpositions: a new position that is,
//! under some symmetry of the board, a variant of a written node's
//! position for that node's zone (the same defender stones, as many
//! attacker stones, the same ones on the zone) refers to that node, whose
//! strategy holds there too.
//!
//! None of this is trusted: the checker replays every position reached,
//! so a wrong zone gives a certificate that fails, never a wrong proof.
//! Zones are masks of at most 128 bitboard bits; on larger boards every
//! zone is the whole board and no node has a default.

use crate::kit::symmetry::Symmetries;
use crate::kit::windows::mask;
use crate::rules::zone;
use ahash::AHashMap;
use kinrow_board::{Board, Cell, Game, SearchBoard};

/// The zone of a node not yet written out, which matches no position: no
/// zone is every bit (a board's cells never fill its bitboard's 128 bits,
/// the padding after each row being no cell).
const PENDING: u128 = u128::MAX;

/// Each node's zone, as written.
pub(super) struct Zones {
    /// Whether zones apply (the board fits in 128 bits).
    pub(super) on: bool,
    /// The whole board.
    pub(super) full: u128,
    /// Each node's attacker stones and zone as written (its own frame);
    /// the zone [`PENDING`] until the node is done.
    written: Vec<(u128, u128)>,
    /// The nodes by their defender stones and number of attacker stones.
    by_defender: AHashMap<(u128, u32), Vec<u32>>,
}

impl Zones {
    pub(super) fn new(game: &Game) -> Zones {
        let cells = mask(game.geometry().cells().words());
        Zones {
            on: cells.is_some(),
            full: cells.unwrap_or(u128::MAX),
            written: Vec::new(),
            by_defender: AHashMap::new(),
        }
    }

    /// The attacker's stones of `board` (attacker to move), its number of
    /// them and the defender's, as masks.
    fn stones(board: &Board) -> Option<(u128, u32, u128)> {
        let attacker = mask(board.stones(board.to_move()).words())?;
        let defender = mask(board.stones(board.to_move().other()).words())?;
        Some((attacker, attacker.count_ones(), defender))
    }

    /// Notes node `id`, just created for `board`, as pending.
    pub(super) fn note(&mut self, id: u32, board: &Board) {
        let Some((attacker, count, defender)) = Self::stones(board).filter(|_| self.on) else {
            return;
        };
        debug_assert_eq!(self.written.len(), id as usize);
        self.written.push((attacker, PENDING));
        self.by_defender
            .entry((defender, count))
            .or_default()
            .push(id);
    }

    /// Node `id` is done, with `zone` in the frame it was written in.
    pub(super) fn done(&mut self, id: u32, zone: u128) {
        if let Some(w) = self.written.get_mut(id as usize) {
            w.1 = zone;
        }
    }

    /// A done node such that `board`, mapped by a symmetry of the board,
    /// is a variant of its position for its zone: the node, the symmetry
    /// (its element number in `sym`, the identity tried first) and the
    /// node's zone mapped back onto `board` (a zone of `board` too: being
    /// variants is an equivalence, and a symmetry maps zones to zones).
    pub(super) fn variant_of(&self, board: &Board, sym: &Symmetries) -> Option<(u32, u8, u128)> {
        let (attacker, count, defender) = Self::stones(board).filter(|_| self.on)?;
        let elements = board.game().geometry().symmetry_count() as u8;
        (0..elements).find_map(|e| {
            let image = sym.remap(defender, 0, e);
            let ids = self.by_defender.get(&(image, count))?;
            let attacker = sym.remap(attacker, 0, e);
            ids.iter().find_map(|&id| {
                let (a, zone) = self.written[id as usize];
                (zone != PENDING && (a ^ attacker) & zone == 0)
                    .then(|| (id, e, sym.remap(zone, e, 0)))
            })
        })
    }

    /// The zone of node `id`, written in frame `written`, for a position of
    /// frame `frame` that reaches it (the same canonical position), in
    /// that position's real frame: through the canonical frame, which both
    /// map to.
    pub(super) fn real(&self, id: u32, written: u8, frame: u8, sym: &Symmetries) -> u128 {
        if !self.on {
            return self.full;
        }
        let canonical = sym.remap(self.written[id as usize].1, 0, written);
        sym.remap(canonical, frame, 0)
    }

    /// The zone of `board` (defender to move) where the reply `r` ends the
    /// game: the defender's line through `r`, or the last empty cell.
    pub(super) fn over(&self, board: &Board, r: Cell) -> u128 {
        if self.on {
            zone::defender_no_win(&SearchBoard::from(board.clone())).0 | 1u128 << r.index()
        } else {
            self.full
        }
    }

    /// `zone` with the reply `r` added.
    pub(super) fn with(&self, zone: u128, r: Cell) -> u128 {
        if self.on {
            zone | 1u128 << r.index()
        } else {
            self.full
        }
    }
}
