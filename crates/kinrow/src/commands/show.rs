//! `kinrow show`: the picture and rules of each position.

use crate::cli::ShowArgs;
use crate::error::CliError;
use crate::{input, render};

pub fn run(args: &ShowArgs) -> Result<u8, CliError> {
    let loaded = input::load(&args.files)?;
    let mut out = String::new();
    for l in &loaded {
        let p = &l.position;
        out.push_str(&format!(
            "[{}]  ({})\n{}\n",
            p.name,
            l.path.display(),
            render::rules(p)
        ));
        out.push_str(&render::picture(&p.board, &[]));
        if let Some(e) = &p.expect {
            out.push_str(&format!("expect {}\n", crate::commands::expect_str(e)));
        }
        if !p.solution.is_empty() {
            out.push_str(&format!(
                "solution {}\n",
                render::moves(&p.board, &p.solution)
            ));
        }
        for s in &p.sources {
            out.push_str(&format!("source {s}\n"));
        }
        if let Some(reason) = &p.slow {
            out.push_str(&format!("slow {reason}\n"));
        }
        out.push('\n');
    }
    print!("{out}");
    Ok(0)
}
