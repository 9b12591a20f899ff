//! Where layout-opt's driver cuts a module's text for the parallel parse
//! (`src/top_level_split.rs`). A module of lit.rs (the crate's one test binary: each links all
//! of MLIR), kept in a folder so that cargo does not build it as a test binary of its own.

use layout_opt::top_level_split::{admissible_cuts, balanced_cuts, dotted_prefixes};

const TWO_FUNCS: &str = "func.func @a() {\n  return\n}\nfunc.func @b() {\n  return\n}\n";

#[test]
fn cuts_between_top_level_ops_only() {
    let cuts = admissible_cuts(TWO_FUNCS.as_bytes()).unwrap();
    assert_eq!(cuts, vec![TWO_FUNCS.find("func.func @b").unwrap()]);
    // Inside a region (depth 1) nothing is a cut, even after a `}` of a nested region.
    let nested = "module {\n  func.func @a() {\n  }\nfunc.func @b() {\n  }\n}\n";
    assert_eq!(
        admissible_cuts(nested.as_bytes()).unwrap(),
        Vec::<usize>::new()
    );
}

#[test]
fn strings_and_comments_do_not_count() {
    let text = "func.func @a() attributes {s = \"}{\\\"\"} {\n}\n// }\n\"x.y\"() : () -> ()\n";
    let cuts = admissible_cuts(text.as_bytes()).unwrap();
    assert_eq!(cuts, vec![text.find("// }").unwrap() + 5]);
    // A `}` inside a comment does not close anything, so the op after it is no cut.
    let text = "x.y {\n// }\n}\nx.z\n";
    assert_eq!(
        admissible_cuts(text.as_bytes()).unwrap(),
        vec![text.find("x.z").unwrap()]
    );
}

#[test]
fn no_cut_after_an_op_without_closing_brace() {
    let text = "memref.global @g : memref<2xf32>\nfunc.func @a() {\n}\n";
    assert_eq!(
        admissible_cuts(text.as_bytes()).unwrap(),
        Vec::<usize>::new()
    );
    // A continuation in column 0 that is not an op name is no cut either.
    let text = "func.func @a() {\n}\n-> i32\n";
    assert_eq!(
        admissible_cuts(text.as_bytes()).unwrap(),
        Vec::<usize>::new()
    );
}

#[test]
fn aliases_resources_and_stray_brackets_keep_the_text_whole() {
    assert_eq!(
        admissible_cuts(format!("#m = affine_map<(d0) -> (d0)>\n{TWO_FUNCS}").as_bytes()),
        None
    );
    assert_eq!(
        admissible_cuts(format!("!t = i32\n{TWO_FUNCS}").as_bytes()),
        None
    );
    assert_eq!(
        admissible_cuts(format!("{TWO_FUNCS}{{-#\n#-}}\n").as_bytes()),
        None
    );
    assert_eq!(admissible_cuts(b"}\nfunc.func @a() {\n}\n"), None);
    assert!(balanced_cuts(format!("!t = i32\n{TWO_FUNCS}").as_bytes(), 4).is_empty());
}

#[test]
fn dotted_prefixes_name_the_dialects_once() {
    let text = b"func.func @a() -> !layout.layout<4:1> {\n  %0 = layout.const #layout.layout<4:1>\n  \"arith.addi\" x.y.z 2.5 a$b.c\n}";
    let names: Vec<&str> = dotted_prefixes(text)
        .iter()
        .map(|n| std::str::from_utf8(n).unwrap())
        .collect();
    assert_eq!(names, ["func", "layout", "arith", "x", "a$b"]);
}

#[test]
fn balanced_cuts_are_increasing_and_near_the_targets() {
    let text: String = (0..100)
        .map(|i| format!("func.func @f{i}() {{\n}}\n"))
        .collect();
    let cuts = balanced_cuts(text.as_bytes(), 4);
    assert_eq!(cuts.len(), 3);
    assert!(cuts.windows(2).all(|w| w[0] < w[1]));
    for (k, &c) in cuts.iter().enumerate() {
        let target = text.len() * (k + 1) / 4;
        assert!(c.abs_diff(target) <= 24, "cut {c} far from {target}");
        assert!(text[c..].starts_with("func.func"));
    }
    // More parts than cuts: every cut once.
    assert_eq!(balanced_cuts(TWO_FUNCS.as_bytes(), 8).len(), 1);
    assert!(balanced_cuts(TWO_FUNCS.as_bytes(), 1).is_empty());
}
