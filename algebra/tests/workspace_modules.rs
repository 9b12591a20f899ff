//! No crate of the workspace has a module cycle (README.md, "Module graphs").
//!
//! Every member of the workspace (the root Cargo.toml) is read from its source text, each of
//! its targets on its own: the library (src/lib.rs), the binaries (src/main.rs, src/bin/*.rs,
//! src/bin/*/main.rs). A module depends on another module of the same crate when its code
//! names an item path into it (`use crate::b::{..}`, `crate::b::f`, `super::x`, `self::x`, a
//! child module `b::f`), a re-export being followed to the module that defines the item; a
//! module file's inline modules count as the file; `#[cfg(test)]` items (a `mod tests`, a
//! test helper) do not count. A parent that only declares its children (`mod b;`) and
//! re-exports from them (a facade) depends on them, and none of them on it; a child that uses
//! an item defined in its parent's file does depend on the parent. The test fails naming every
//! cycle: the modules on it and, for each step, the file, line and path of a use that makes it
//! (the parser: tests/module_graph/mod.rs, shared with `module_layers` in contracts.rs).
//!
//! `cargo test -p layout-algebra --test workspace_modules`

mod module_graph;

use std::path::{Path, PathBuf};

fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .to_path_buf()
}

/// The `members` of the root Cargo.toml.
fn members(root: &Path) -> Vec<String> {
    let manifest = std::fs::read_to_string(root.join("Cargo.toml")).unwrap();
    let start = manifest
        .find("members")
        .expect("Cargo.toml names no members");
    let list = &manifest[start..];
    let list = &list[list.find('[').unwrap() + 1..list.find(']').unwrap()];
    list.split('"')
        .skip(1)
        .step_by(2)
        .map(str::to_string)
        .collect()
}

/// The root files of a member's targets.
fn targets(member: &Path) -> Vec<PathBuf> {
    let src = member.join("src");
    let mut out: Vec<PathBuf> = ["lib.rs", "main.rs"]
        .iter()
        .map(|f| src.join(f))
        .filter(|p| p.exists())
        .collect();
    if let Ok(bins) = std::fs::read_dir(src.join("bin")) {
        let mut bins: Vec<PathBuf> = bins
            .map(|e| e.unwrap().path())
            .filter_map(|p| {
                if p.is_dir() {
                    Some(p.join("main.rs")).filter(|m| m.exists())
                } else {
                    (p.extension().is_some_and(|e| e == "rs")).then_some(p)
                }
            })
            .collect();
        bins.sort();
        out.extend(bins);
    }
    out
}

#[test]
fn no_crate_has_a_module_cycle() {
    let root = workspace_root();
    let members = members(&root);
    assert!(members.len() > 5, "members of Cargo.toml: {members:?}");
    let mut found = Vec::new();
    let mut modules = 0;
    for member in &members {
        let targets = targets(&root.join(member));
        assert!(
            !targets.is_empty(),
            "{member}: no src/lib.rs, src/main.rs or src/bin"
        );
        for target in targets {
            let c = module_graph::read_crate(&target, &root, false);
            modules += c.files.len();
            for cycle in module_graph::describe_cycles(&c) {
                found.push(format!("{} ({member}): {cycle}", c.files[&Vec::new()]));
            }
        }
    }
    assert!(modules > 100, "only {modules} modules read");
    assert!(
        found.is_empty(),
        "module cycles (README.md, \"Module graphs\"):\n{}",
        found.join("\n")
    );
}

/// The parser finds a cycle through a crate root's own item and follows a root re-export to
/// the module that defines the item.
#[test]
fn a_cycle_through_the_crate_root_is_found_and_a_re_export_is_not_one() {
    let dir = std::env::temp_dir().join(format!("module-graph-{}", std::process::id()));
    let src = dir.join("src");
    std::fs::create_dir_all(src.join("b")).unwrap();
    let write = |f: &str, text: &str| std::fs::write(src.join(f), text).unwrap();
    write(
        "lib.rs",
        "mod a;\nmod b;\npub use a::Thing;\npub struct Options;\npub fn run() { b::go() }\n",
    );
    write("a.rs", "pub struct Thing;\n");
    write(
        "b/mod.rs",
        "mod c;\npub fn go() { c::f(); let _ = crate::Thing; }\n#[cfg(test)]\nmod tests { use crate::Options; }\n",
    );
    write("b/c.rs", "use super::super::Options;\npub fn f() {}\n");
    let c = module_graph::read_crate(&src.join("lib.rs"), &dir, false);
    let text = module_graph::describe_cycles(&c).join("\n");
    let _ = std::fs::remove_dir_all(&dir);
    let b = |m: &[&str]| m.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    assert!(
        c.graph[&b(&["b"])].contains_key(&b(&["a"])),
        "{:?}",
        c.graph
    );
    assert!(!c.graph[&b(&["b"])].contains_key(&b(&[])), "{:?}", c.graph);
    assert_eq!(
        text,
        "cycle crate -> b -> b::c -> crate:\n  \
         src/lib.rs:5 uses b::go (b)\n  \
         src/b/mod.rs:2 uses c::f (b::c)\n  \
         src/b/c.rs:1 uses super::super::Options (crate)"
    );
}
