//! The protocol between the master and its jobs, as types on both sides.
//!
//! A job is asked with a [`JobRequest`]: the position file, where its
//! certificate goes, its budget and whether it should hand back the
//! numbers its search left below its root. [`JobRequest::args`] is the
//! worker's command line, a `kinrow solve` of that file; nothing else in
//! the master builds one.
//!
//! A job answers with a [`JobReport`]: the JSON object `kinrow solve
//! --json` prints. The binary serialises its object *from* this type (the
//! other fields of that object, the claim, the line and so on, are added
//! beside it), and the master parses a job's standard output back *into*
//! it with [`JobReport::read`], so a field renamed on one side fails to
//! compile or fails a test, not a run. The verdict is an enum
//! ([`JobVerdict`]) that includes the threat space's `no-threat-win`;
//! proof numbers are [`ProofNumber`]s, infinity written `"inf"` as `solve
//! --json` has always written it ([`number`]).
//!
//! Why here: the cluster crate is the one library that reads the report,
//! and it sits below the binary (`kinrow` depends on `kinrow-cluster`,
//! never the other way), so both use one definition without a cycle. The
//! format crate, the other candidate, sits below the prover and could not
//! name its `Verdict` or `ProofNumber`.
//!
//! ```
//! use kinrow_cluster::protocol::{JobReport, JobVerdict};
//! let line = r#"{"result":"unknown","nodes":5,"seconds":0.1,"claim":"...","first_plies":[{"line":["b2"],"proof":3,"disproof":"inf"}]}"#;
//! let r: JobReport = serde_json::from_str(line).unwrap();
//! assert_eq!(r.result, JobVerdict::Unknown);
//! assert!(r.first_plies.unwrap()[0].disproof.is_infinite());
//! ```

use crate::workdir::Answer;
use kinrow_prover::{Exhausted, ProofNumber, Verdict};
use serde::{Deserialize, Serialize};
use std::ffi::OsString;
use std::path::{Path, PathBuf};

/// What every run of a job is given; kept in the state, so that a resumed
/// run is asked with the same budget.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct JobBudget {
    /// Seconds of each run (`--time`).
    pub time: Option<f64>,
    /// Nodes of each run (`--max-nodes`).
    pub max_nodes: Option<u64>,
    /// Search memory of each run in bytes (`--memory`).
    pub memory: Option<u64>,
    /// The prover's name (`--prover`).
    pub prover: Option<String>,
}

impl JobBudget {
    /// This budget with its nodes and its time multiplied by `2^doublings`
    /// (the memory as it is: a longer search of one thread needs no more
    /// table to keep going, only more time).
    #[must_use]
    pub fn doubled(&self, doublings: u32) -> JobBudget {
        let scale = 1u64 << doublings.min(32);
        JobBudget {
            time: self.time.map(|t| t * scale as f64),
            max_nodes: self.max_nodes.map(|n| n.saturating_mul(scale)),
            memory: self.memory,
            prover: self.prover.clone(),
        }
    }
}

/// One run of one job: what the worker is asked.
#[derive(Clone, Debug, PartialEq)]
pub struct JobRequest {
    /// The job's position file (every setting of the game written out).
    pub position: PathBuf,
    /// Where a win's certificate goes.
    pub proof: PathBuf,
    /// This run's budget (doubled already, where the policy said so).
    pub budget: JobBudget,
    /// Ask for the numbers the search left one and two plies below the
    /// job's root when it comes back unknown (`--first-plies`).
    pub first_plies: bool,
    /// Threads of the run (`--threads`): 1, or more where the executor
    /// had cores no other run could take ([`crate::policy::threads_of_runs`]).
    pub threads: usize,
}

impl JobRequest {
    /// The worker's command line, after the program: a whole `kinrow
    /// solve` of the position on its threads, its answer as one JSON line,
    /// a win's certificate written, a no-win's not (the root's certificate
    /// joins wins only, and a draw certificate can take longer than the
    /// search), and an unknown exiting 0 like an answer.
    #[must_use]
    pub fn args(&self) -> Vec<OsString> {
        let mut a: Vec<OsString> = vec![
            "solve".into(),
            self.position.clone().into(),
            "--json".into(),
        ];
        a.extend(["--proof".into(), self.proof.clone().into()]);
        a.extend(["--no-draw-proof", "--force", "--allow-unknown"].map(OsString::from));
        if self.first_plies {
            a.push("--first-plies".into());
        }
        // Always said: `solve` alone would give df-pn every core it may
        // use, and the executor counts the run's threads as its slots.
        a.extend(["--threads".into(), self.threads.max(1).to_string().into()]);
        let b = &self.budget;
        if let Some(t) = b.time {
            a.extend(["--time".into(), t.to_string().into()]);
        }
        if let Some(n) = b.max_nodes {
            a.extend(["--max-nodes".into(), n.to_string().into()]);
        }
        if let Some(m) = b.memory {
            a.extend(["--memory".into(), m.to_string().into()]);
        }
        if let Some(p) = &b.prover {
            a.extend(["--prover".into(), p.into()]);
        }
        a
    }
}

/// A job's verdict as `solve --json` writes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum JobVerdict {
    Win,
    NoWin,
    /// The threat space has no win: no value of the game (a quiet move
    /// may still win), so for the master the leaf is still open.
    NoThreatWin,
    Unknown,
}

impl From<Verdict> for JobVerdict {
    fn from(v: Verdict) -> JobVerdict {
        match v {
            Verdict::Win => JobVerdict::Win,
            Verdict::NoWin => JobVerdict::NoWin,
            Verdict::NoThreatWin => JobVerdict::NoThreatWin,
            Verdict::Unknown => JobVerdict::Unknown,
        }
    }
}

impl JobVerdict {
    /// What it says of the game the top tree plays: `no-threat-win` is
    /// no value of it, so it is open, as an unknown is.
    #[must_use]
    pub const fn answer(self) -> Answer {
        match self {
            JobVerdict::Win => Answer::Win,
            JobVerdict::NoWin => Answer::NoWin,
            JobVerdict::NoThreatWin | JobVerdict::Unknown => Answer::Unknown,
        }
    }
}

/// The budget that ended an unknown search, as `solve --json` writes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum JobExhausted {
    Nodes,
    Time,
    Memory,
    Stopped,
}

impl From<Exhausted> for JobExhausted {
    fn from(e: Exhausted) -> JobExhausted {
        match e {
            Exhausted::Nodes => JobExhausted::Nodes,
            Exhausted::Time => JobExhausted::Time,
            Exhausted::Memory => JobExhausted::Memory,
            Exhausted::Stopped => JobExhausted::Stopped,
        }
    }
}

/// The numbers a search left for one position one move (a `line` of one
/// cell) or a move and a reply (two) below its root; cells named on the
/// root's board.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlyReport {
    pub line: Vec<String>,
    #[serde(with = "number")]
    pub proof: ProofNumber,
    #[serde(with = "number")]
    pub disproof: ProofNumber,
}

/// What a job answers: the fields of `kinrow solve --json` that the
/// master reads. The binary's object has these and more; the master
/// ignores the others.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct JobReport {
    pub result: JobVerdict,
    /// Nodes the search visited.
    pub nodes: u64,
    /// Seconds of the search (not the certificate's writing).
    pub seconds: f64,
    /// For an unknown, the budget that ran out (`null` otherwise: the
    /// field is always written).
    #[serde(default)]
    pub exhausted: Option<JobExhausted>,
    /// With `--first-plies`, for an unknown. They only steer, so an entry
    /// that is not a [`PlyReport`] is left out when read, rather than
    /// failing the whole report (`lenient`).
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "lenient"
    )]
    pub first_plies: Option<Vec<PlyReport>>,
}

/// Why a run's report cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum ReportError {
    #[error("{0}: no result file")]
    Missing(String),
    /// There, but not text (not UTF-8) or not readable.
    #[error("{path}: an unreadable result: {source}")]
    Unreadable {
        path: String,
        source: std::io::Error,
    },
    #[error("{0}: an empty result")]
    Empty(String),
    #[error("{path}: a malformed result: {lines} lines, not one")]
    Lines { path: String, lines: usize },
    /// Not JSON, or JSON but not a report: serde says what it expected
    /// (``missing field `nodes` ``, ``invalid type: string "many",
    /// expected u64``); `field` names the field whose value it refused,
    /// where serde's words do not.
    #[error("{path}: a malformed result{}: {source}", field_words(.field.as_deref()))]
    Json {
        path: String,
        field: Option<String>,
        source: serde_json::Error,
    },
}

fn field_words(field: Option<&str>) -> String {
    field.map_or_else(String::new, |f| format!(" (its field `{f}`)"))
}

impl JobReport {
    /// The report in `path`: exactly one non-empty line, one JSON object.
    /// The error names the file.
    pub fn read(path: &Path) -> Result<JobReport, ReportError> {
        let name = path.display().to_string();
        let text = std::fs::read_to_string(path).map_err(|source| match source.kind() {
            std::io::ErrorKind::NotFound => ReportError::Missing(name.clone()),
            _ => ReportError::Unreadable {
                path: name.clone(),
                source,
            },
        })?;
        JobReport::parse(&text).map_err(|e| e.at(name))
    }

    /// [`JobReport::read`] of a text; errors name no file (`""`).
    pub fn parse(text: &str) -> Result<JobReport, ReportError> {
        let lines: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
        match lines[..] {
            [] => Err(ReportError::Empty(String::new())),
            [line] => serde_json::from_str(line).map_err(|source| ReportError::Json {
                path: String::new(),
                field: refused_field(line, &source),
                source,
            }),
            _ => Err(ReportError::Lines {
                path: String::new(),
                lines: lines.len(),
            }),
        }
    }
}

impl ReportError {
    fn at(self, name: String) -> ReportError {
        match self {
            ReportError::Missing(_) => ReportError::Missing(name),
            ReportError::Unreadable { source, .. } => {
                ReportError::Unreadable { path: name, source }
            }
            ReportError::Empty(_) => ReportError::Empty(name),
            ReportError::Lines { lines, .. } => ReportError::Lines { path: name, lines },
            ReportError::Json { field, source, .. } => ReportError::Json {
                path: name,
                field,
                source,
            },
        }
    }
}

/// The key of the value that serde refused in `line`, a JSON object on
/// one line: a data error other than a missing field (whose words name
/// it) is reported at the end of the refused value, so the key is the
/// last one before that column. `None` where there is none to name.
fn refused_field(line: &str, e: &serde_json::Error) -> Option<String> {
    if e.classify() != serde_json::error::Category::Data
        || e.to_string().starts_with("missing field")
    {
        return None;
    }
    let before = line.get(..e.column().min(line.len()))?;
    let colon = before.rfind("\":")?;
    let open = before[..colon].rfind('"')?;
    Some(before[open + 1..colon].to_string())
}

/// Reads `first_plies` keeping the entries that are [`PlyReport`]s; a
/// value that is no list reads as none.
fn lenient<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<Vec<PlyReport>>, D::Error> {
    let v = Option::<serde_json::Value>::deserialize(d)?;
    Ok(match v {
        Some(serde_json::Value::Array(items)) => Some(
            items
                .into_iter()
                .filter_map(|i| serde_json::from_value(i).ok())
                .collect(),
        ),
        _ => None,
    })
}

/// A [`ProofNumber`] in JSON: an integer, or `"inf"` for infinity (how
/// `solve --json` has written it since `--first-plies` came).
pub mod number {
    use kinrow_prover::ProofNumber;
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(n: &ProofNumber, s: S) -> Result<S::Ok, S::Error> {
        if n.is_infinite() {
            s.serialize_str("inf")
        } else {
            s.serialize_u32(n.get())
        }
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<ProofNumber, D::Error> {
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum Wire {
            Finite(u32),
            Word(String),
        }
        match Wire::deserialize(d)? {
            // u32::MAX is infinity's bit pattern, never a finite number.
            Wire::Finite(n) if n < u32::MAX => Ok(ProofNumber::finite(n)),
            Wire::Word(w) if w == "inf" => Ok(ProofNumber::INFINITY),
            _ => Err(serde::de::Error::custom(
                "a proof number: an integer below 2^32 - 1, or \"inf\"",
            )),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ply(line: &[&str], proof: ProofNumber, disproof: ProofNumber) -> PlyReport {
        PlyReport {
            line: line.iter().map(|s| (*s).to_string()).collect(),
            proof,
            disproof,
        }
    }

    #[test]
    fn a_report_round_trips_with_infinity_written_inf() {
        let r = JobReport {
            result: JobVerdict::NoThreatWin,
            nodes: 12,
            seconds: 0.5,
            exhausted: Some(JobExhausted::Memory),
            first_plies: Some(vec![
                ply(&["a1"], ProofNumber::finite(7), ProofNumber::INFINITY),
                ply(&["a1", "b2"], ProofNumber::ZERO, ProofNumber::MAX_FINITE),
            ]),
        };
        let text = serde_json::to_string(&r).unwrap();
        assert!(text.contains(r#""result":"no-threat-win""#), "{text}");
        assert!(text.contains(r#""disproof":"inf""#), "{text}");
        assert_eq!(JobReport::parse(&text).unwrap(), r);
        // Without first plies the field is not written at all.
        let bare = JobReport {
            first_plies: None,
            ..r
        };
        assert!(!serde_json::to_string(&bare)
            .unwrap()
            .contains("first_plies"));
    }

    #[test]
    fn no_threat_win_is_open_for_the_master() {
        assert_eq!(JobVerdict::NoThreatWin.answer(), Answer::Unknown);
        assert_eq!(JobVerdict::Unknown.answer(), Answer::Unknown);
        assert_eq!(JobVerdict::Win.answer(), Answer::Win);
        assert_eq!(JobVerdict::NoWin.answer(), Answer::NoWin);
        for v in [
            Verdict::Win,
            Verdict::NoWin,
            Verdict::NoThreatWin,
            Verdict::Unknown,
        ] {
            // The binary writes `Verdict::as_str`; the enum reads it.
            let text = format!(r#"{{"result":"{}","nodes":0,"seconds":0}}"#, v.as_str());
            assert_eq!(JobReport::parse(&text).unwrap().result, JobVerdict::from(v));
        }
    }

    #[test]
    fn exhausted_reads_as_the_binary_writes_it() {
        use Exhausted::*;
        for e in [Nodes, Time, Memory, Stopped] {
            let text = format!(
                r#"{{"result":"unknown","nodes":0,"seconds":0,"exhausted":"{}"}}"#,
                e.as_str()
            );
            let r = JobReport::parse(&text).unwrap();
            assert_eq!(r.exhausted, Some(JobExhausted::from(e)));
        }
    }

    #[test]
    fn a_malformed_report_is_an_error_naming_the_file() {
        let t = tempfile::tempdir().unwrap();
        let cases = [
            ("missing", None),
            ("empty", Some("\n  \n")),
            ("two", Some("{}\n{}\n")),
            ("word", Some(r#"{"result":"maybe","nodes":0,"seconds":0}"#)),
            ("text", Some("not json")),
            ("no-nodes", Some(r#"{"result":"win","seconds":0}"#)),
            (
                "typed",
                Some(r#"{"result":"win","nodes":"many","seconds":0}"#),
            ),
            ("array", Some(r#"[1, 2]"#)),
        ];
        for (name, text) in cases {
            let path = t.path().join(format!("{name}.json"));
            if let Some(text) = text {
                std::fs::write(&path, text).unwrap();
            }
            let e = JobReport::read(&path).unwrap_err();
            match (name, &e) {
                ("missing", ReportError::Missing(_))
                | ("empty", ReportError::Empty(_))
                | ("two", ReportError::Lines { lines: 2, .. })
                | ("text" | "array", ReportError::Json { .. }) => {}
                // JSON, but not a report: serde's data errors say what
                // was expected, and the field is named.
                ("word", ReportError::Json { field: Some(f), .. }) if f == "result" => {}
                ("typed", ReportError::Json { field: Some(f), .. }) if f == "nodes" => {}
                (
                    "no-nodes",
                    ReportError::Json {
                        source,
                        field: None,
                        ..
                    },
                ) if source.classify() == serde_json::error::Category::Data => {}
                _ => panic!("{name}: {e:?}"),
            }
            assert!(e.to_string().contains(&path.display().to_string()), "{e}");
        }
        // Bytes that are no text: unreadable, not "no result file".
        let path = t.path().join("bytes.json");
        std::fs::write(&path, [b'{', 0xff, 0xfe, b'}']).unwrap();
        let e = JobReport::read(&path).unwrap_err();
        assert!(matches!(e, ReportError::Unreadable { .. }), "{e:?}");
        assert!(e.to_string().contains(&path.display().to_string()), "{e}");
    }

    #[test]
    fn first_plies_that_are_not_ply_reports_are_left_out() {
        let text = r#"{"result":"unknown","nodes":1,"seconds":0,"first_plies":[7,{"line":["a1"],"proof":"x","disproof":1},{"line":["a1"],"proof":4294967295,"disproof":1},{"line":["b1"],"proof":2,"disproof":"inf"}]}"#;
        let r = JobReport::parse(text).unwrap();
        assert_eq!(
            r.first_plies.unwrap(),
            vec![ply(&["b1"], ProofNumber::finite(2), ProofNumber::INFINITY)]
        );
        let r = JobReport::parse(r#"{"result":"unknown","nodes":1,"seconds":0,"first_plies":3}"#)
            .unwrap();
        assert_eq!(r.first_plies, None);
    }

    #[test]
    fn a_request_asks_one_thread_and_its_doubled_budget() {
        let budget = JobBudget {
            time: Some(1.5),
            max_nodes: Some(1000),
            memory: Some(1 << 20),
            prover: Some("dfpn".into()),
        };
        let r = JobRequest {
            position: "jobs/3.pos".into(),
            proof: "jobs/3.r2.proof".into(),
            budget: budget.doubled(2),
            first_plies: true,
            threads: 1,
        };
        let args: Vec<String> = r
            .args()
            .iter()
            .map(|a| a.to_string_lossy().into_owned())
            .collect();
        let text = args.join(" ");
        assert_eq!(args[..3], ["solve", "jobs/3.pos", "--json"]);
        for part in [
            "--proof jobs/3.r2.proof",
            "--threads 1",
            "--time 6",
            "--max-nodes 4000",
            "--memory 1048576",
            "--prover dfpn",
            "--first-plies",
            "--no-draw-proof",
            "--allow-unknown",
        ] {
            assert!(text.contains(part), "{part} in {text}");
        }
        let plain = JobRequest {
            first_plies: false,
            budget: JobBudget {
                time: None,
                max_nodes: None,
                memory: None,
                prover: None,
            },
            ..r
        };
        let text: Vec<OsString> = plain.args();
        assert!(!text.iter().any(|a| a == "--first-plies" || a == "--time"));
        let wide = JobRequest {
            threads: 2,
            ..plain
        }
        .args();
        let at = wide.iter().position(|a| a == "--threads").unwrap();
        assert_eq!(
            wide[at + 1],
            "2",
            "a run given two cores asks for two threads"
        );
    }
}
