//! Shared helper of the tests on the bundled suites.

use kinrow_format::{parse_positions, Position};

/// Every position of the `.pos` files in `positions/<folder>`, files in
/// name order, each named by its file's stem when it has no `[name]`.
pub fn suite(folder: &str) -> Vec<Position> {
    let dir = format!("{}/../../positions/{folder}", env!("CARGO_MANIFEST_DIR"));
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "pos"))
        .collect();
    files.sort();
    files
        .iter()
        .flat_map(|p| {
            let name = p.file_stem().unwrap().to_string_lossy().into_owned();
            parse_positions(&std::fs::read_to_string(p).unwrap(), &name).unwrap()
        })
        .collect()
}
