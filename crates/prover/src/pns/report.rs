//! What a finished search reports: the principal variation, every winning
//! first move, and a view of the arena for tests.

use super::arena::{Arena, Node, NodeId};
use super::search::child_depth;
use crate::kit::symmetry::{depth_salt, Symmetries};
use crate::kit::ProofNumber;
use crate::outcome::Verdict;
use crate::prover::Settled;
use crate::rules::line_end::{finish_and_leaf, finish_or_leaf};
use crate::rules::{depth_after, NodeRules};
use kinrow_board::{Bitboard, Board, Cell, SearchBoard};
use std::sync::Arc;

/// One node of the last search, as seen from its root (for tests and
/// debugging).
#[derive(Clone, Debug)]
pub struct NodeView {
    pub id: NodeId,
    /// The position as first reached from the root: one member of the
    /// node's symmetry class.
    pub board: Board,
    pub proof: ProofNumber,
    pub disproof: ProofNumber,
    /// Number of distinct parents (0 for the root).
    pub parents: usize,
    /// Number of children (0 for a leaf).
    pub children: usize,
}

/// The arena of a finished search with what is needed to read it.
#[derive(Debug)]
pub(crate) struct Finished {
    pub(crate) arena: Arena,
    pub(crate) sym: Arc<Symmetries>,
    pub(crate) rules: NodeRules,
    pub(crate) board: SearchBoard,
    pub(crate) depth: u32,
    pub(crate) root: Option<NodeId>,
}

impl Settled for Finished {
    /// Pn 0 a win, dn 0 a no-win.
    fn settled(&self, board: &Board) -> Option<Verdict> {
        let node = self.node_of(board)?;
        if node.pn.is_zero() {
            Some(Verdict::Win)
        } else if node.dn.is_zero() {
            Some(Verdict::NoWin)
        } else {
            None
        }
    }

    /// A node with children: a leaf the rules or a zone settled has none.
    fn expanded(&self, board: &Board) -> bool {
        self.node_of(board).is_some_and(|n| !n.is_leaf())
    }
}

impl Finished {
    /// The node filed under `board`'s key (canonical, its depth mixed in,
    /// as the search filed it); none above the root (fewer stones), which
    /// the search never reached.
    fn node_of(&self, board: &Board) -> Option<&Node> {
        if board.stone_count() < self.board.stone_count() {
            return None;
        }
        let board = SearchBoard::from(board.clone());
        let key = self.sym.keys(board.board()).canonical().0 ^ depth_salt(self.depth_at(&board));
        Some(self.arena.node(self.arena.find(key)?))
    }

    /// The remaining depth at `board`, a position below the root.
    fn depth_at(&self, board: &SearchBoard) -> u32 {
        depth_after(self.depth, board.stone_count() - self.board.stone_count())
    }

    /// The root's numbers, if the root was created.
    pub(crate) fn root_numbers(&self) -> Option<(ProofNumber, ProofNumber)> {
        self.root.map(|r| {
            let n = self.arena.node(r);
            (n.pn, n.dn)
        })
    }

    /// The attacker's line from a proved root: at OR nodes the proved child
    /// with the shortest proof, at AND nodes the reply with the longest,
    /// ending with the attacker's winning stone. Empty if the root is not
    /// proved.
    pub(crate) fn principal_variation(&self) -> Vec<Cell> {
        let mut pv = Vec::new();
        let Some(mut id) = self.root else {
            return pv;
        };
        let mut board = self.board.clone();
        let area = board.game().geometry().area() as usize;
        while pv.len() <= area {
            let node = *self.arena.node(id);
            if !node.pn.is_zero() {
                break;
            }
            let depth = self.depth_at(&board);
            if node.is_leaf() {
                if node.is_and() {
                    finish_and_leaf(&self.rules, &mut board, depth, &mut pv);
                } else {
                    finish_or_leaf(&self.rules, &mut board, depth, &mut pv);
                }
                break;
            }
            let and = node.is_and();
            let mut best: Option<(usize, u16)> = None;
            for i in node.children() {
                let c = self.arena.node(self.arena.edge_child(i));
                if !c.pn.is_zero() {
                    continue;
                }
                let len = c.proof_len();
                let better = match best {
                    None => true,
                    Some((_, l)) => (and && len > l) || (!and && len < l),
                };
                if better {
                    best = Some((i, len));
                }
            }
            let Some((i, _)) = best else {
                break;
            };
            let (child, canonical) = self.arena.edge(i);
            let frame = self.sym.keys(board.board()).canonical().1;
            let cell = self.sym.to_actual(frame, canonical);
            board.play(cell);
            pv.push(cell);
            id = child;
        }
        pv
    }

    /// The root's winning first moves: `immediate` and the moves of `rest`
    /// whose child is proved, sorted; `None` while some child of `rest` is
    /// unsettled.
    pub(crate) fn winning_moves(&self, immediate: Bitboard, rest: Bitboard) -> Option<Vec<Cell>> {
        let keys = self.sym.keys(self.board.board());
        let me = self.board.to_move();
        let salt = depth_salt(child_depth(self.depth));
        let mut moves: Vec<Cell> = immediate.iter().map(Cell::from_index).collect();
        for a in rest.iter() {
            let cell = Cell::from_index(a);
            let mut k = keys;
            self.sym.play(&mut k, me, cell);
            let node = self.arena.node(self.arena.find(k.canonical().0 ^ salt)?);
            if node.pn.is_zero() {
                moves.push(cell);
            } else if !node.dn.is_zero() {
                return None;
            }
        }
        moves.sort_unstable();
        Some(moves)
    }

    /// Every node reachable from the root, once each.
    pub(crate) fn nodes(&self) -> Vec<NodeView> {
        let mut out = Vec::new();
        let Some(root) = self.root else {
            return out;
        };
        let mut seen = vec![false; self.arena.node_count() + 1];
        let mut stack = vec![(root, self.board.board().clone())];
        while let Some((id, board)) = stack.pop() {
            if std::mem::replace(&mut seen[id.index()], true) {
                continue;
            }
            let node = *self.arena.node(id);
            let frame = self.sym.keys(&board).canonical().1;
            for i in node.children() {
                let (child, canonical) = self.arena.edge(i);
                if !seen[child.index()] {
                    let mut b = board.clone();
                    b.play(self.sym.to_actual(frame, canonical));
                    stack.push((child, b));
                }
            }
            out.push(NodeView {
                id,
                board,
                proof: node.pn,
                disproof: node.dn,
                parents: self.arena.parents(id).count(),
                children: node.child_count(),
            });
        }
        out
    }
}
