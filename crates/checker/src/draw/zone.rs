//! Sets of cells, and the (node, position) pairs checked with the zone
//! the checker computed for each (what a zone is and why the rules of
//! [`super`] give one: the module docs there).

use std::collections::HashMap;

/// Words of a set of cells: a board has at most 26 x 26 = 676 cells.
const WORDS: usize = 11;

/// A set of cells, one bit per cell index (`y * width + x`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Cells([u64; WORDS]);

impl Cells {
    /// Every cell of a board of `n` cells.
    pub(super) fn all(n: usize) -> Cells {
        let mut c = Cells::default();
        for i in 0..n {
            c.add(i);
        }
        c
    }

    pub(super) fn has(&self, i: usize) -> bool {
        self.0[i / 64] >> (i % 64) & 1 == 1
    }

    pub(super) fn add(&mut self, i: usize) {
        self.0[i / 64] |= 1 << (i % 64);
    }

    pub(super) fn remove(&mut self, i: usize) {
        self.0[i / 64] &= !(1 << (i % 64));
    }

    /// Adds every cell of `other`.
    pub(super) fn add_all(&mut self, other: &Cells) {
        for (a, b) in self.0.iter_mut().zip(other.0) {
            *a |= b;
        }
    }

    pub(super) fn count(&self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }

    /// Whether `self` and `other` hold the same cells of `zone`.
    fn agree_on(&self, other: &[u64], zone: &[u64]) -> bool {
        self.0
            .iter()
            .zip(other)
            .zip(zone)
            .all(|((a, b), z)| (a ^ b) & z == 0)
    }
}

/// One (node, position) pair checked: the position's stones (attacker to
/// move) and the zone the checker computed for the node's strategy there.
struct Instance {
    node: u32,
    defender: Box<[u64]>,
    attacker: Box<[u64]>,
    /// The number of the attacker's stones.
    attackers: u32,
    zone: Box<[u64]>,
    /// The longest line of play from it, in plies.
    height: u32,
}

/// The (node, position) pairs checked. A new position reaching a node is
/// looked up among the node's pairs with the same defender stones; it is
/// served by a pair when it has as many attacker stones and the same ones
/// on that pair's zone (a *variant*, compared stone by stone: a hash of
/// the stones only chooses the bucket).
pub(super) struct Kept {
    buckets: HashMap<u64, Vec<Instance>>,
    /// Words of a board's set of cells.
    words: usize,
}

impl Kept {
    pub(super) fn new(cells: usize) -> Kept {
        Kept {
            buckets: HashMap::new(),
            words: cells.div_ceil(64),
        }
    }

    /// The bytes one kept pair takes at most, its map slot, boxes and
    /// growth included, for a board of `cells` cells.
    pub(super) fn bytes_each(cells: usize) -> usize {
        let boxes = 3 * (16 + 16 + cells.div_ceil(64) * 8);
        2 * 72 + boxes + 64
    }

    fn bucket(&self, node: u32, defender: &Cells) -> u64 {
        let mut h = u64::from(node).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        for &w in &defender.0[..self.words] {
            h = (h ^ w).wrapping_mul(0x9E37_79B9_7F4A_7C15).rotate_left(29);
        }
        h
    }

    /// The zone and height of a checked pair of `node` of which the
    /// position (`attacker`, `defender`) is a variant.
    pub(super) fn find(
        &self,
        node: u32,
        attacker: &Cells,
        defender: &Cells,
    ) -> Option<(Cells, u32)> {
        let n = self.words;
        let count = attacker.count();
        let bucket = self.buckets.get(&self.bucket(node, defender))?;
        let found = bucket.iter().find(|i| {
            i.node == node
                && i.attackers == count
                && *i.defender == defender.0[..n]
                && attacker.agree_on(&i.attacker, &i.zone)
        })?;
        let mut zone = Cells::default();
        zone.0[..n].copy_from_slice(&found.zone);
        Some((zone, found.height))
    }

    /// Keeps `node` checked at (`attacker`, `defender`) with `zone`.
    pub(super) fn keep(
        &mut self,
        node: u32,
        attacker: &Cells,
        defender: &Cells,
        zone: &Cells,
        height: u32,
    ) {
        let n = self.words;
        let bucket = self.bucket(node, defender);
        self.buckets.entry(bucket).or_default().push(Instance {
            node,
            defender: defender.0[..n].into(),
            attacker: attacker.0[..n].into(),
            attackers: attacker.count(),
            zone: zone.0[..n].into(),
            height,
        });
    }
}
