//! Where layout-opt's driver cuts a module's text for the parallel parse
//! (`src/top_level_split.rs`). A module of lit.rs (the crate's one test binary: each links all
//! of MLIR), kept in a folder so that cargo does not build it as a test binary of its own.

use layout_opt::top_level_split::{
    cut_after, dotted_prefixes, keeps_whole, scan_piece, shrinking_cuts, shrinking_target,
    PieceScan,
};

const TWO_FUNCS: &str = "func.func @a() {\n  return\n}\nfunc.func @b() {\n  return\n}\n";

#[test]
fn cuts_between_top_level_ops_only() {
    let b = TWO_FUNCS.find("func.func @b").unwrap();
    // The first piece's target (4 of 10 shares) is before @b, the second's past it.
    assert_eq!(shrinking_cuts(TWO_FUNCS.as_bytes(), 4), vec![b]);
    // The first cut at or after the offset asked for, and only that.
    assert_eq!(cut_after(TWO_FUNCS.as_bytes(), 0), Some(b));
    assert_eq!(cut_after(TWO_FUNCS.as_bytes(), b), Some(b));
    assert_eq!(cut_after(TWO_FUNCS.as_bytes(), b + 1), None);
    // Closers of nested regions are indented: no cut inside the module op.
    let nested = "module {\n  func.func @a() {\n  }\nfunc.func @b() {\n  }\n}\n";
    assert!(shrinking_cuts(nested.as_bytes(), 4).is_empty());
}

#[test]
fn no_cut_after_an_op_without_region_or_before_a_continuation() {
    let text = "memref.global @g : memref<2xf32>\nfunc.func @a() {\n}\n";
    assert!(shrinking_cuts(text.as_bytes(), 2).is_empty());
    let text = "func.func @a() {\n}\n-> i32\n";
    assert!(shrinking_cuts(text.as_bytes(), 2).is_empty());
    // A generic op starts with its quoted name.
    let text = "func.func @a() {\n}\n\"x.y\"() : () -> ()\n";
    assert_eq!(
        shrinking_cuts(text.as_bytes(), 4),
        vec![text.find('"').unwrap()]
    );
}

#[test]
fn aliases_and_resources_keep_the_text_whole() {
    for text in [
        format!("#m = affine_map<(d0) -> (d0)>\n{TWO_FUNCS}"),
        format!("{TWO_FUNCS}!t = i32\n"),
        format!("{TWO_FUNCS}\n#loc = loc(unknown)\n"),
        format!("{TWO_FUNCS}{{-#\n#-}}\n"),
    ] {
        assert!(keeps_whole(text.as_bytes()), "{text}");
        // Whichever piece holds it says so.
        let cuts = shrinking_cuts(text.as_bytes(), 4);
        let mut bounds = vec![0];
        bounds.extend(&cuts);
        bounds.push(text.len());
        assert!(
            bounds
                .windows(2)
                .any(|w| scan_piece(&text.as_bytes()[w[0]..w[1]]).0.keeps_whole),
            "{text}"
        );
    }
    assert!(!keeps_whole(TWO_FUNCS.as_bytes()));
}

#[test]
fn shrinking_cuts_are_increasing_and_follow_the_targets() {
    let text: String = (0..200)
        .map(|i| format!("func.func @f{i:03}() {{\n}}\n"))
        .collect();
    // Shares 4, 3, 2, 1 of 10.
    assert_eq!(
        (0..=4)
            .map(|k| shrinking_target(1000, 4, k))
            .collect::<Vec<_>>(),
        [0, 400, 700, 900, 1000]
    );
    let cuts = shrinking_cuts(text.as_bytes(), 4);
    assert_eq!(cuts.len(), 3);
    assert!(cuts.windows(2).all(|w| w[0] < w[1]));
    for (k, &c) in cuts.iter().enumerate() {
        let target = shrinking_target(text.len(), 4, k + 1);
        assert!(c >= target && c - target <= 24, "cut {c} far from {target}");
        assert!(text[c..].starts_with("func.func"));
    }
    // More parts than places: every place once, in order.
    assert_eq!(shrinking_cuts(TWO_FUNCS.as_bytes(), 8).len(), 1);
    assert!(shrinking_cuts(TWO_FUNCS.as_bytes(), 1).is_empty());
}

#[test]
fn a_piece_scan_counts_lines_and_names() {
    let (scan, names) = scan_piece(TWO_FUNCS.as_bytes());
    assert_eq!(
        scan,
        PieceScan {
            lines: 6,
            keeps_whole: false
        }
    );
    assert_eq!(names, [b"func".as_slice()]);
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
