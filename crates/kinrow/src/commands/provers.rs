//! `kinrow provers`: the registry of provers
//! ([`kinrow_prover::registry::PROVERS`]) as a table, as the Markdown
//! table docs/commands.md carries (a test keeps them equal), or as JSON.

use crate::cli::{ProversArgs, ProversFormat};
use crate::error::CliError;
use kinrow_prover::registry::{NoWins, PROVERS};

/// What a prover's no-wins hold for, in words.
fn no_wins(n: NoWins) -> &'static str {
    match n {
        NoWins::Game => "the game asked",
        NoWins::ThreatSpace => "the threat space (no-threat-win)",
        NoWins::GameOrThreatSpace => "the game asked, or the threat space (no-threat-win)",
        NoWins::Never => "none: wins or unknown",
    }
}

/// The registry as a Markdown table.
pub fn markdown() -> String {
    let mut out = String::from(
        "| prover | what it is | good for | threads | its no-wins hold for |\n| --- | --- | --- | --- | --- |\n",
    );
    for e in &PROVERS {
        out.push_str(&format!(
            "| `{}` | {} | {} | {} | {} |\n",
            e.name,
            e.about,
            e.good_for,
            if e.parallel { "several" } else { "one" },
            no_wins(e.no_wins)
        ));
    }
    out
}

pub fn run(args: &ProversArgs) -> Result<u8, CliError> {
    let text = match args.format {
        ProversFormat::Markdown => markdown(),
        ProversFormat::Json => PROVERS
            .iter()
            .map(|e| {
                serde_json::json!({
                    "name": e.name,
                    "about": e.about,
                    "good_for": e.good_for,
                    "parallel": e.parallel,
                    "no_wins": no_wins(e.no_wins),
                })
                .to_string()
                    + "\n"
            })
            .collect(),
        ProversFormat::Table => PROVERS
            .iter()
            .map(|e| {
                format!(
                    "{:<11} {}\n{:<11} good for: {}; {}; no-wins: {}\n",
                    e.name,
                    e.about,
                    "",
                    e.good_for,
                    if e.parallel {
                        "several threads"
                    } else {
                        "one thread"
                    },
                    no_wins(e.no_wins)
                )
            })
            .collect(),
    };
    crate::output::print(&text)?;
    Ok(0)
}
