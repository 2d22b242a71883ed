//! Seeds: the numbers a job's search left, given to the top tree's
//! leaves to steer proof-number search (never to settle a node).

use super::{canonical_key, Basis, Game, Tree, TreeError, Value, INFINITE, MOST_SEED};
use crate::protocol::PlyReport;
use kinrow_board::Board;
use kinrow_prover::ProofNumber;

impl Tree {
    /// Seeds the open leaves two plies below `node`, just expanded after
    /// its job answered unknown, with the numbers that job's search left
    /// (`plies`): a leaf the search reached gets its own numbers; the
    /// leaves below an attacker move whose own numbers alone the search
    /// left (it never expanded that move) share them, each the move's
    /// disproof number and an equal part of its proof number, so that
    /// their sum is the move's. A leaf seeded already (a transposition)
    /// keeps its seed. The first numbers a job left are then the top
    /// tree's own, and the master sends out next the leaves that search
    /// was heading for, deepening the line the job found most promising
    /// rather than widening over moves it had found poor: job-level
    /// search in the spirit of Wu et al., whose jobs' numbers initialise
    /// the new nodes. Steering only: a seed is never 0 nor infinite, so a
    /// value comes from a job's answer or the rules alone, as before.
    ///
    /// A reply the search never reached, beside siblings it did, is one
    /// it did not rank among the first (df-pn creates a defender's
    /// replies lazily, best ranked first): its disproof number is raised
    /// to the largest of its seeded siblings', so that the master tries
    /// the replies the job found best before it. At 1 it would be the
    /// most promising refutation of all: on 8x8 k=5 the master sent out
    /// o's corner replies first, which no job settled.
    pub fn seed(&mut self, game: &Game, node: usize, plies: &[PlyReport]) -> Result<(), TreeError> {
        let board = self.board(game, node)?;
        let left = self.nodes[node].plies;
        let after = |n: u32| left.map(|p| p.saturating_sub(n));
        for f in plies.iter().filter(|f| f.line.len() == 2) {
            if let Some(leaf) = self.reached(game, &board, &f.line, (true, after(2))) {
                self.give(leaf, wide(f.proof), wide(f.disproof));
            }
        }
        self.defer_unseeded_replies(node);
        for f in plies.iter().filter(|f| f.line.len() == 1) {
            let Some(and) = self.reached(game, &board, &f.line, (false, after(1))) else {
                continue;
            };
            let Basis::Expanded(edges) = &self.nodes[and].basis else {
                continue;
            };
            // Counted per edge, as the sum of the AND node counts them.
            let bare: Vec<usize> = edges
                .iter()
                .map(|e| e.child)
                .filter(|&c| self.nodes[c].basis == Basis::Leaf && self.nodes[c].seed.is_none())
                .collect();
            let share = wide(f.proof) / bare.len().max(1) as u64;
            for leaf in bare {
                self.give(leaf, share, wide(f.disproof));
            }
        }
        Ok(())
    }

    /// Below each attacker move of `node` with a seeded reply, the open
    /// unseeded replies take the largest disproof number among the
    /// seeded ones (and proof number 1: a reply the search passed over
    /// is taken to be easy to beat).
    fn defer_unseeded_replies(&mut self, node: usize) {
        let Basis::Expanded(moves) = &self.nodes[node].basis else {
            return;
        };
        let ands: Vec<usize> = moves.iter().map(|e| e.child).collect();
        for and in ands {
            let Basis::Expanded(replies) = &self.nodes[and].basis else {
                continue;
            };
            let leaves: Vec<usize> = replies.iter().map(|e| e.child).collect();
            let most = leaves
                .iter()
                .filter_map(|&c| self.nodes[c].seed)
                .map(|(_, d)| d)
                .max();
            if let Some(d) = most {
                for leaf in leaves {
                    self.give(leaf, 1, d);
                }
            }
        }
    }

    /// The node reached from `board` by `line` (cell names), of the kind
    /// and plies `id` gives, if the tree holds it.
    fn reached(
        &self,
        game: &Game,
        board: &Board,
        line: &[String],
        (or, plies): (bool, Option<u32>),
    ) -> Option<usize> {
        let mut b = board.clone();
        let g = *b.game().geometry();
        for name in line {
            let c = g.parse_cell(name).filter(|c| b.stone_at(*c).is_none())?;
            b.play(c);
        }
        let key = canonical_key(&b, game.symmetry);
        self.find(game, &b, (key, or, plies)).map(|(n, _)| n)
    }

    /// Gives the open leaf `node`, whose job came back unknown and will be
    /// asked again, the numbers that job's search left for its root: the
    /// least proof number and the sum of the disproof numbers of the
    /// attacker's moves it reports (`plies`' one-cell lines), or, without
    /// them, twice its numbers so far. The search found the leaf harder
    /// than its first numbers said; proof-number search then weighs it
    /// against the other leaves on that search's own scale, and comes back
    /// to it (with a larger budget) only when it is the most-proving again.
    /// Steering only, as [`Tree::seed`]: never 0 nor infinite.
    pub fn reseed(&mut self, node: usize, plies: &[PlyReport]) {
        let moves = plies.iter().filter(|f| f.line.len() == 1);
        let proof = moves.clone().map(|f| wide(f.proof)).min();
        let disproof = moves.map(|f| wide(f.disproof)).fold(0, u64::saturating_add);
        let n = &mut self.nodes[node];
        if n.basis != Basis::Leaf || n.value != Value::Open {
            return;
        }
        let (p, d) = match proof {
            Some(p) => (p, disproof),
            None => {
                let (p, d) = n.seed.unwrap_or((1, 1));
                (p.saturating_mul(2), d.saturating_mul(2))
            }
        };
        n.seed = Some((p.clamp(1, MOST_SEED), d.clamp(1, MOST_SEED)));
    }

    /// Seeds `leaf` if it is an open leaf not seeded yet.
    fn give(&mut self, leaf: usize, proof: u64, disproof: u64) {
        let n = &mut self.nodes[leaf];
        if n.basis == Basis::Leaf && n.value == Value::Open && n.seed.is_none() {
            n.seed = Some((proof.clamp(1, MOST_SEED), disproof.clamp(1, MOST_SEED)));
        }
    }
}

/// A job's proof number on the top tree's scale: [`INFINITE`] for
/// infinity.
fn wide(n: ProofNumber) -> u64 {
    if n.is_infinite() {
        INFINITE
    } else {
        u64::from(n.get())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use kinrow_board::{Attack, Candidates, Game as Rules, Rule};

    /// Tic-tac-toe, its root expanded (as after a job's unknown).
    fn expanded() -> (Game, Tree) {
        let game = Game {
            root: Board::new(Rules::new(3, 3, 3, Rule::Freestyle).unwrap()),
            candidates: Candidates::All,
            attack: Attack::Any,
            depth: None,
            symmetry: true,
        };
        let mut tree = Tree::new(&game);
        tree.expand(&game, 0).unwrap();
        (game, tree)
    }

    fn ply(line: &[&str], proof: u64, disproof: u64) -> PlyReport {
        let number = |n: u64| {
            if n == INFINITE {
                ProofNumber::INFINITY
            } else {
                ProofNumber::finite(n as u32)
            }
        };
        PlyReport {
            line: line.iter().map(|s| (*s).to_string()).collect(),
            proof: number(proof),
            disproof: number(disproof),
        }
    }

    /// The OR node after `line` from the root.
    fn leaf(game: &Game, tree: &Tree, line: &[&str]) -> usize {
        let line: Vec<String> = line.iter().map(|s| (*s).to_string()).collect();
        tree.reached(game, &game.root, &line, (true, None)).unwrap()
    }

    #[test]
    fn seeds_steer_the_choice_and_never_settle_a_leaf() {
        let (game, mut tree) = expanded();
        // Below the centre b2: c3 all but proved (and its mirror image a1
        // with it: the first seed stays), a2 close. Below the edge b1: b2
        // infinite. The corner a1 known only by its own numbers.
        // Malformed lines left out.
        let plies = [
            ply(&["b2", "c3"], 0, INFINITE),
            ply(&["b2", "a1"], 5, 5),
            ply(&["b2", "a2"], 1, 2),
            ply(&["b1", "b2"], INFINITE, 0),
            ply(&["a1"], 70, 3),
            ply(&["z9", "a1"], 1, 1),
            ply(&["b2", "b2"], 1, 1),
        ];
        tree.seed(&game, 0, &plies).unwrap();
        tree.refresh(&|_| false);
        let c3 = leaf(&game, &tree, &["b2", "c3"]);
        assert_eq!(c3, leaf(&game, &tree, &["b2", "a1"]));
        assert_eq!(tree.nodes[c3].seed, Some((1, MOST_SEED)));
        let b1b2 = leaf(&game, &tree, &["b1", "b2"]);
        assert_eq!(tree.nodes[b1b2].seed, Some((MOST_SEED, 1)));
        // Seeds are numbers only: every leaf is still open.
        assert!(tree.nodes.iter().all(|n| n.value == Value::Open));
        // The corner's 8 replies (edges to 5 nodes up to symmetry) share
        // its 70.
        let corner = leaf(&game, &tree, &["a1", "b2"]);
        assert_eq!(tree.nodes[corner].seed, Some((70 / 8, 3)));
        // Proof-number search over the seeds: the centre (proof number 8,
        // its 8 replies' edges to two leaves seeded 1), then its reply of
        // least disproof number.
        assert_eq!(tree.numbers(0).proof, 8);
        assert_eq!(tree.select(), Some(leaf(&game, &tree, &["b2", "a2"])));
    }

    #[test]
    fn replies_the_job_never_reached_come_after_those_it_did() {
        let (game, mut tree) = expanded();
        // Below the corner a1 the job reached two replies, b2 and c3,
        // both hard to refute; not a2, a3 and b3 (nor their mirror images
        // across the diagonal, b1, c1 and c2).
        let plies = [ply(&["a1", "b2"], 2, 40), ply(&["a1", "c3"], 3, 9)];
        tree.seed(&game, 0, &plies).unwrap();
        let a2 = leaf(&game, &tree, &["a1", "a2"]);
        assert_eq!(tree.nodes[a2].seed, Some((1, 40)));
        assert_eq!(
            tree.nodes[leaf(&game, &tree, &["a1", "c3"])].seed,
            Some((3, 9))
        );
        // Below the other first moves, where no reply was reached,
        // nothing changes.
        assert_eq!(tree.nodes[leaf(&game, &tree, &["b2", "a1"])].seed, None);
        // Refuting a1, proof-number search tries c3 first.
        let a1 = tree.reached(&game, &game.root, &["a1".to_string()], (false, None));
        tree.refresh(&|_| false);
        assert_eq!(tree.numbers(a1.unwrap()).disproof, 9);
    }

    #[test]
    fn a_continued_leaf_takes_its_jobs_numbers_and_stays_open() {
        let (game, mut tree) = expanded();
        let n = leaf(&game, &tree, &["a1", "b2"]);
        // No first plies: twice its numbers so far.
        tree.reseed(n, &[]);
        assert_eq!(tree.nodes[n].seed, Some((2, 2)));
        // The least proof number of its moves, the sum of their disproof
        // numbers (infinite kept below infinity); replies' lines ignored.
        let plies = [
            ply(&["c3"], 9, 4),
            ply(&["c2"], 5, INFINITE),
            ply(&["c3", "c2"], 1, 1),
        ];
        tree.reseed(n, &plies);
        assert_eq!(tree.nodes[n].seed, Some((5, MOST_SEED)));
        // Never 0: the value comes from a job's answer, not from a seed.
        tree.reseed(n, &[ply(&["c3"], 0, 0)]);
        assert_eq!(tree.nodes[n].seed, Some((1, 1)));
        tree.refresh(&|_| false);
        assert_eq!(tree.nodes[n].value, Value::Open);
    }
}
