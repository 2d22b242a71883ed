//! The checker's zones: a draw certificate's node reached at a variant of
//! a position where it was checked is taken as checked there. A zone the
//! checker computed too small would accept a strategy that fails at some
//! position it reaches; so certificates broken at random are checked both
//! ways, with the zones (`check`) and replayed at every position reached
//! (`check_replaying`), and the two must give the same verdict, down to
//! the flaw found first (the walk visits in the same order, and skips
//! only what holds).

use crate::common::setup;
use kinrow_board::{Attack, Candidates};
use kinrow_checker::{check, check_replaying};
use kinrow_prover::certificate::draw::{write_draw_certificate, DrawOptions};
use kinrow_prover::{Limits, Pns, PnsConfig, Problem};
use kinrow_reference::sweep::sweep;
use kinrow_reference::{random_small_position, Rng, O, X};

/// The whole game of a random small position, x or o to move attacking,
/// and its draw certificate's text when it has one.
fn certificate(seed: u64) -> Option<(Problem, String)> {
    let mut rng = Rng(seed);
    let (nb, to_move) = random_small_position(&mut rng, 4, 11);
    if nb.has_line(X) || nb.has_line(O) {
        return None;
    }
    let p = Problem {
        board: kinrow_reference::adapt::to_board(&nb, to_move),
        candidates: Candidates::All,
        attack: Attack::Any,
        depth: None,
    };
    let mut pns = Pns::new(PnsConfig::default());
    let cert = write_draw_certificate(&p, &mut pns, &Limits::default(), &DrawOptions::default());
    Some((p, cert.ok()?.to_text()))
}

/// The entries of a node line (`ID` then entries by commas), or `None`
/// for a `hold` node.
fn entries(line: &str) -> Option<(&str, Vec<String>)> {
    let (id, rest) = line.split_once(' ').unwrap_or((line, ""));
    if rest.starts_with("hold") || rest.is_empty() {
        return None;
    }
    Some((id, rest.split(", ").map(str::to_owned).collect()))
}

/// `line` broken at random, or `None` where the way drawn does not apply:
/// an entry dropped (its move then falls to the default, whose zone must
/// leave it out), an explicit entry swapped with the default, a reference
/// sent to another node or under another symmetry, a pair dropped.
fn broken(line: &str, nodes: usize, rng: &mut Rng) -> Option<String> {
    let pairs: Vec<usize> = line.match_indices(':').map(|(i, _)| i).collect();
    let Some((id, mut parts)) = entries(line) else {
        // A `hold` node: drop a pair.
        let &at = pairs.get(rng.range(0, pairs.len().saturating_sub(1)))?;
        let start = line[..at].rfind(' ')?;
        let end = line[at..].find(' ').map_or(line.len(), |e| at + e);
        return Some(format!("{}{}", &line[..start], &line[end..]));
    };
    let i = rng.range(0, parts.len() - 1);
    let words: Vec<String> = parts[i].split(' ').map(str::to_owned).collect();
    match rng.range(0, 3) {
        0 if words[0] != "*" && parts.len() > 1 => {
            parts.remove(i);
        }
        1 => {
            let d = parts.iter().position(|p| p.starts_with("* "))?;
            let own = parts[i].split_once(' ')?;
            let default = parts[d].split_once(' ')?;
            if d == i {
                return None;
            }
            (parts[i], parts[d]) = (format!("{} {}", own.0, default.1), format!("* {}", own.1));
        }
        2 if words.len() == 3 && words[2] != "-" => {
            let (_, sym) = words[2].split_once('/').unwrap_or(("", ""));
            let to = rng.range(0, nodes - 1);
            let sym = if sym.is_empty() {
                String::new()
            } else {
                format!("/{sym}")
            };
            parts[i] = format!("{} {} {to}{sym}", words[0], words[1]);
        }
        3 if words.len() == 3 && words[2] != "-" => {
            let (to, _) = words[2].split_once('/').unwrap_or((&words[2], ""));
            let sym = ["", "/x", "/y", "/xy", "/t", "/tx", "/ty", "/txy"][rng.range(0, 7)];
            parts[i] = format!("{} {} {to}{sym}", words[0], words[1]);
        }
        _ => return None,
    }
    Some(format!("{id} {}", parts.join(", ")))
}

/// How the broken certificates fared, each checked both ways.
#[derive(Debug, Default)]
struct Tally {
    /// Valid both ways.
    valid: u32,
    /// Of them, with fewer positions checked with the zones.
    served: u32,
    /// The same flaw found both ways.
    flawed: u32,
}

/// Checks `count` certificates broken from `text` (written for `p`) both
/// ways: the same verdict, the same first flaw.
fn compare_broken(p: &Problem, text: &str, count: u32, rng: &mut Rng, tally: &mut Tally) {
    let setup = setup(p);
    let lines: Vec<&str> = text.lines().collect();
    let first = lines.iter().position(|l| *l == "draw").unwrap() + 1;
    let nodes = lines.len() - first - 1;
    for _ in 0..count {
        let at = rng.range(first, first + nodes - 1);
        let Some(line) = broken(lines[at], nodes, rng) else {
            continue;
        };
        let mut mutant: Vec<&str> = lines.clone();
        mutant[at] = &line;
        let mutant = mutant.join("\n") + "\n";
        let zones = check(&setup, &mutant);
        let replay = check_replaying(&setup, &mutant);
        match (&zones, &replay) {
            (Ok(z), Ok(r)) => {
                assert!(z.positions <= r.positions);
                tally.served += u32::from(z.positions < r.positions);
                tally.valid += 1;
            }
            (Err(z), Err(r)) => {
                assert_eq!(
                    (z.kind, z.line, &z.path),
                    (r.kind, r.line, &r.path),
                    "{z} / {r}\n{mutant}"
                );
                tally.flawed += 1;
            }
            _ => panic!("zones {zones:?}, replay {replay:?}\n{mutant}"),
        }
    }
}

#[test]
fn the_zones_give_the_verdict_of_the_full_replay() {
    let mut tally = Tally::default();
    for seed in 0..u64::from(sweep(300)) {
        if let Some((p, text)) = certificate(seed) {
            compare_broken(&p, &text, 12, &mut Rng(seed ^ 0x5eed), &mut tally);
        }
    }
    assert!(
        tally.valid >= sweep(200) && tally.served >= sweep(20) && tally.flawed >= sweep(60),
        "{tally:?}"
    );
}

#[test]
fn the_zones_give_the_verdict_of_the_full_replay_on_5x5() {
    // 5x5 k=4 from the empty board: 1,625 nodes, checked at 1,998
    // positions with the zones and at 10,229 replayed.
    let mut board = kinrow_board::Board::new(
        kinrow_board::Game::new(5, 5, 4, kinrow_board::Rule::Freestyle).unwrap(),
    );
    board.set_to_move(kinrow_board::Player::X);
    let p = Problem {
        board,
        candidates: Candidates::All,
        attack: Attack::Any,
        depth: None,
    };
    let mut pns = Pns::new(PnsConfig::default());
    let cert = write_draw_certificate(&p, &mut pns, &Limits::default(), &DrawOptions::default());
    let mut tally = Tally::default();
    compare_broken(
        &p,
        &cert.unwrap().to_text(),
        sweep(400),
        &mut Rng(5),
        &mut tally,
    );
    assert!(
        tally.valid >= sweep(100) && tally.served >= sweep(100) && tally.flawed >= sweep(50),
        "{tally:?}"
    );
}
