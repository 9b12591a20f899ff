//! Lists of case ids kept beside the differential corpora: the cases that agreed with the
//! reference when the list was written, each of which must keep agreeing.

use std::collections::BTreeSet;
use std::path::Path;

/// The ids of a list file: one per line; blank lines and `#` comments are skipped.
pub fn read(path: &Path) -> BTreeSet<String> {
    std::fs::read_to_string(path)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(String::from)
        .collect()
}

/// When the environment variable `var` names a file, writes `ids` there under `header` (the
/// way a list is regenerated after the reference or the algebra changes on purpose).
pub fn write_if_asked(var: &str, header: &str, ids: &[String]) {
    if let Ok(path) = std::env::var(var) {
        let mut text = String::from(header);
        for id in ids {
            text.push_str(id);
            text.push('\n');
        }
        std::fs::write(&path, text).unwrap_or_else(|e| panic!("{path}: {e}"));
    }
}

/// Fails, naming up to 20 of them, when ids of `listed` are missing from `now`.
pub fn assert_kept(what: &str, listed: &BTreeSet<String>, now: &[String]) {
    let now: BTreeSet<&String> = now.iter().collect();
    let lost: Vec<&String> = listed.iter().filter(|id| !now.contains(id)).collect();
    assert!(
        lost.is_empty(),
        "{} {what} no longer agree: {:?}",
        lost.len(),
        &lost[..lost.len().min(20)]
    );
}
