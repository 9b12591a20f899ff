//! The worked examples of "Modeling Layout Abstractions Using Integer Set Relations" (Tables 1
//! and 2, Sections 3-5), through the public operations, compared by ISL equality with the
//! paper's own relations. Where the paper is wrong, the test says so and checks CuTe.

use layout_relation::ops::{call_text, Answer};

fn run(op: &str, args: &[&str]) -> String {
    match call_text(op, args).expect("a relation op") {
        Ok(Answer::Text(t)) | Ok(Answer::Json(t)) => t,
        Err((e, _)) => panic!("{op}{args:?}: {e}"),
    }
}

fn equal(a: &str, b: &str) -> String {
    run("equal", &[a, b])
}

fn assert_equal(a: &str, b: &str) {
    assert_eq!(equal(a, b), r#"{"equal":true}"#, "{a} vs {b}");
}

#[test]
fn table2_layout_mapping_of_a_cute_layout() {
    let paper = "{ [c] -> [7 + 2c + 6*floor(c/8) + 7*floor((-1 - c)/4)] : 0 <= c <= 15 }";
    assert_equal("(4,2,2):(2,1,8)", paper);
    // Hierarchical: the mapping of the flattening (Section 3.5).
    assert_equal("(4,(2,2)):(2,(1,8))", paper);
    // Its index mapping over the natural coordinate (4,4) is quasi-affine (Section 3.5):
    // linearized colexicographically, it is the layout mapping.
    assert_eq!(
        run(
            "equal",
            &[
                "(4,(2,2)):(2,(1,8))",
                "{ [c] -> [o] : exists (c0, c1 : c = c0 + 4c1 and 0 <= c0 < 4 and 0 <= c1 < 4 and o = -3 + 2c0 + 4c1 + 3*((1 + c1) mod 2)) }",
            ]
        ),
        r#"{"equal":true}"#
    );
    // And strictly affine over its leaves.
    assert_eq!(
        run(
            "equal",
            &[
                "(4,(2,2)):(2,(1,8))",
                "{ [c0, c1, c2] -> [2c0 + c1 + 8c2] : 0 <= c0 <= 3 and 0 <= c1 <= 1 and 0 <= c2 <= 1 }",
                "coord"
            ]
        ),
        r#"{"equal":true}"#
    );
}

#[test]
fn table2_inverses() {
    // inverse((4,2,2):(2,1,8)) = (2,4,2):(4,1,8) (Section 3.7.3).
    let paper = "{ [c] -> [-3c + 4*floor(c/8) + 7*floor((1 + c)/2)] : 0 <= c <= 15 }";
    assert_equal(&run("relation_inverse", &["(4,2,2):(2,1,8)"]), paper);
    assert_eq!(run("from_relation", &[paper]), "(2,4,2):(4,1,8)");
    // left_inverse((4,2,2):(4,2,32)) = (2,2,4,2,2):(16,4,1,32,8).
    let left = "{ [c] -> [2c - 7*floor(c/4) + 28*floor(c/16) - 56*floor(c/32) + 14*(c mod 2)] : 0 <= c <= 63 }";
    assert_eq!(run("from_relation", &[left]), "(2,2,4,2,2):(16,4,1,32,8)");
    // right_inverse((4,8,2):(8,1,33)) = (8,4):(4,1).
    let right = "{ [c] -> [31 + 4c + 31*floor((-1 - c)/8)] : 0 <= c <= 31 }";
    assert_eq!(run("from_relation", &[right]), "(8,4):(4,1)");
}

#[test]
fn table2_compositions() {
    let cases = [
        (
            "(2,2):(80,1)",
            "{ [c] -> [-79c + 159*floor((1 + c)/2)] : 0 <= c <= 3 }",
        ),
        (
            "(2,3):(9,5)",
            "{ [c] -> [-4c + 13*floor((1 + c)/2)] : 0 <= c <= 5 }",
        ),
        ("3:9", "{ [c] -> [9c] : 0 <= c <= 2 }"),
        (
            "(4,2,2):(2,1,8)",
            "{ [c] -> [7 + 2c + 6*floor(c/8) + 7*floor((-1 - c)/4)] : 0 <= c <= 15 }",
        ),
    ];
    for (layout, paper) in cases {
        assert_equal(layout, paper);
        assert_eq!(run("from_relation", &[paper]), layout);
    }
    // Relation composition (apply_range) agrees where B stays in A's domain.
    assert_equal(
        &run("relation_compose", &["(4,6,8,10):(2,3,5,7)", "6:12"]),
        "(2,3):(9,5)",
    );
    assert_equal(
        &run("relation_compose", &["(4,2,8):(3,12,97)", "3:3"]),
        "3:9",
    );
    // ((4,2),(2,4)):((2,16),(1,8)) o ((4,8),2):((16,1),8): the paper prints the result with
    // unbalanced parentheses, "(4,(4,2)),2):((8,(2,16)),1)"; its relation is that of
    // ((4,(4,2)),2):((8,(2,16)),1).
    let paper = "{ [c] -> [30 + 8c + 8*floor(c/16) - 31*floor(c/32) + 30*floor((-1 - c)/4)] : 0 <= c <= 63 }";
    assert_equal("((4,(4,2)),2):((8,(2,16)),1)", paper);
    assert_equal(
        &run(
            "relation_compose",
            &["((4,2),(2,4)):((2,16),(1,8))", "((4,8),2):((16,1),8)"],
        ),
        paper,
    );
    // CuTe's promotion: (2,1):(1,80) o (2,2):(2,1) reads A past its size at coordinates 1, 3.
    assert_equal(
        &run("relation_compose", &["(2,1):(1,80)", "(2,2):(2,1)"]),
        "{ [c] -> [floor(c/2)] : c mod 2 = 0 and 0 <= c <= 2 }",
    );
    assert_equal_sets(
        &run("out_of_domain", &["(2,1):(1,80)", "(2,2):(2,1)"]),
        "{ [1]; [3] }",
    );
}

fn assert_equal_sets(a: &str, b: &str) {
    let ctx = layout_relation::Ctx::new(1_000_000).unwrap();
    let (sa, sb) = (
        layout_relation::Set::parse(&ctx, a).unwrap(),
        layout_relation::Set::parse(&ctx, b).unwrap(),
    );
    assert!(sa.is_equal(&sb).unwrap(), "{a} vs {b}");
}

#[test]
fn table2_complements_fill_the_gaps() {
    let cases = [
        (
            "(2,2):(1,5)",
            "20",
            "(2,3):(2,9)",
            "{ [c] -> [2c + 5*floor(c/2)] : 0 <= c <= 5 }",
        ),
        ("(4,2):(1,16)", "32", "4:4", "{ [c] -> [4c] : 0 <= c <= 3 }"),
        (
            "(2,2):(2,10)",
            "20",
            "(2,2,2):(1,4,18)",
            "{ [c] -> [-1 + 2c + 10*floor(c/4) + ((1 + c) mod 2)] : 0 <= c <= 7 }",
        ),
        (
            "(2,2):(1,4)",
            "20",
            "(2,3):(2,8)",
            "{ [c] -> [-2 + 4c + 2*((1 + c) mod 2)] : 0 <= c <= 5 }",
        ),
    ];
    for (h, d, want, paper) in cases {
        let got = run("complement_fill", &[h, d]);
        assert_eq!(got, want, "complement_fill({h}, {d})");
        assert_equal(&got, paper);
    }
}

#[test]
fn complement_fill_on_bitmaps_equals_the_isl_form() {
    // The op computes images as bitmaps where they fit; ISL gives the same complements.
    let ctx = layout_relation::Ctx::new(layout_relation::isl::DEFAULT_MAX_OPERATIONS).unwrap();
    let mut seed = 0x5DEE_CE66_D1CE_4E5Bu64;
    let mut below = |n: u64| {
        seed ^= seed >> 12;
        seed ^= seed << 25;
        seed ^= seed >> 27;
        (seed.wrapping_mul(0x2545_F491_4F6C_DD1D) % n) as i64
    };
    let mut cases: Vec<(layout_algebra::Layout, i64)> = Vec::new();
    for (h, d) in [
        ("(2,2):(1,5)", 20),
        ("(4,2):(1,16)", 32),
        ("(2,2):(2,10)", 20),
        ("(2,2):(1,4)", 20),
        ("(2,4):(5,3)", 7),
    ] {
        cases.push((layout_algebra::text::parse_layout(h).unwrap(), d));
    }
    for _ in 0..40 {
        let n = 1 + below(3) as usize;
        let shapes: Vec<i64> = (0..n).map(|_| 1 + below(4)).collect();
        let strides: Vec<i64> = (0..n).map(|_| below(12)).collect();
        let d = 1 + below(40);
        cases.push((layout_algebra::Layout::flat(&shapes, &strides), d));
    }
    for (h, d) in cases {
        let fast = layout_relation::complement_fill::complement_fill(&ctx, &h, d);
        let isl = layout_relation::complement_fill::complement_fill_isl(&ctx, &h, d);
        let show = |r: &layout_algebra::Result<layout_algebra::Layout>| match r {
            Ok(l) => layout_algebra::text::print_layout(l),
            Err(e) => format!("error: {e}"),
        };
        assert_eq!(
            show(&fast),
            show(&isl),
            "complement_fill({}, {d})",
            layout_algebra::text::print_layout(&h)
        );
    }
}

#[test]
fn swizzles_section4() {
    // Equation 15 and Table 2: Sw<1,2,1> and Sw<1,2,-1> over [0, 16).
    assert_equal(
        "Sw<1,2,1>",
        "{ [c] -> [c - (c mod 8) + ((c + 4*floor(c/8)) mod 8)] : 0 <= c <= 15 }",
    );
    assert_equal(
        "Sw<1,2,-1>",
        "{ [c] -> [-7 + 2*(c mod 8) + ((7 + c - 2*(c mod 4)) mod 16)] : 0 <= c <= 15 }",
    );
    // A swizzle is an involution (Section 4.3).
    assert_equal(&run("relation_inverse", &["Sw<1,2,1>"]), "Sw<1,2,1>");
}

const SWIZZLED: &str = r#"{"in_dims": [{"name": "c0", "bases": [[1, 1], [2, 2]]}, {"name": "c1", "bases": [[0, 1], [0, 2]]}], "out_dims": [{"name": "i0", "size": 4}, {"name": "i1", "size": 4}]}"#;

#[test]
fn table1_linear_layouts() {
    // swizzled: LinearLayout(crd=(4,4), idx=(4,4), vals=[(1,1),(2,2),(0,1),(0,2)]).
    let table1 = "{ [c0, c1] -> [c0, 1 - (c0 mod 2) - ((1 + c0 + c1) mod 2) + ((1 + c0 + 3c1 - ((1 + c1) mod 2)) mod 4)] : 0 <= c0 <= 3 and 0 <= c1 <= 3 }";
    let eq25 = "{ [c0, c1] -> [c0, 3 + (c0 mod 2) - ((1 + c0 + c1) mod 2) - ((3 + c0 + 3c1 - ((1 + c1) mod 2)) mod 4)] : 0 <= c0 <= 3 and 0 <= c1 <= 3 }";
    for paper in [table1, eq25] {
        assert_eq!(
            run("equal", &[SWIZZLED, paper, "coord"]),
            r#"{"equal":true}"#
        );
    }
    // Section 5.3: "equivalent to the CuTe swizzle H_{2,0,-2}": over the flat coordinate and
    // offset, exactly CuTe's Sw<2,0,-2>.
    assert_equal(SWIZZLED, "Sw<2,0,-2>");
    // 1d_transpose: LinearLayout(crd=16, idx=16, vals=[4,8,1,2]).
    let t = r#"{"in_dims": [{"name": "c", "bases": [[4], [8], [1], [2]]}], "out_dims": [{"name": "i", "size": 16}]}"#;
    assert_equal(
        t,
        "{ [c] -> [15 + 4c + 15*floor((-1 - c)/4)] : 0 <= c <= 15 }",
    );
    assert_eq!(
        run("from_relation", &[&run("relation", &[t])]),
        "(4,4):(4,1)"
    );
    // zeros and 2d_broadcast.
    let z = r#"{"in_dims": [{"name": "c", "bases": [[0], [0], [0]]}], "out_dims": [{"name": "i", "size": 8}]}"#;
    assert_equal(z, "{ [c] -> [0] : 0 <= c <= 7 }");
    assert_equal(z, "8:0");
    let b = r#"{"in_dims": [{"name": "c0", "bases": [[1], [2]]}, {"name": "c1", "bases": [[0], [0]]}], "out_dims": [{"name": "i", "size": 4}]}"#;
    assert_eq!(
        run(
            "equal",
            &[b, "{ [c0, c1] -> [c0] : 0 <= c0, c1 <= 3 }", "coord"]
        ),
        r#"{"equal":true}"#
    );
}
