//! Tilers as CuTe reads them (issue 16): integer tuples are by-mode, blocked/raked products and
//! tile_to_shape are not coalesced, and the mode operations follow CuTe C++.
//!
//! - `cpp_tiler_cases`: every line of tests/data/oracle/cute_cpp_tiler_cases.jsonl (printed by
//!   CuTe C++ from algebra/tests/cute/tiler_cases.cpp) gives the same text.
//! - properties: a tuple tiler equals the `[...]` tiler for every divide, product, composition
//!   and ceil_div; the blocked/raked products are logical_product regrouped mode by mode
//!   (checked pointwise); every result re-parses to itself.
//! - `tile_to_shape_cases`, `tiler_mode_ops`: named cases of tile_to_shape and of get, select
//!   and flatten on by-mode tilers.

use layout_algebra::ops::call;
use layout_algebra::text::{parse, print};
use layout_algebra::{IntTuple, Layout, Tree, Value};
use proptest::prelude::*;

fn run(op: &str, args: &[&str]) -> Result<String, String> {
    let vals: Vec<Value> = args
        .iter()
        .map(|a| parse(a).unwrap_or_else(|e| panic!("{a}: {e}")))
        .collect();
    call(op, &vals)
        .map(|v| print(&v))
        .map_err(|e| e.to_string())
}

/// CuTe's print form without the static marks: `_8` -> `8`, `_-16` -> `-16` (a lone `_` stays).
fn strip_marks(s: &str) -> String {
    let b = s.as_bytes();
    let mut out = String::with_capacity(s.len());
    for (i, &c) in b.iter().enumerate() {
        let next = b.get(i + 1).copied();
        if c == b'_' && matches!(next, Some(b'0'..=b'9') | Some(b'-')) {
            continue;
        }
        out.push(c as char);
    }
    out
}

#[test]
fn cpp_tiler_cases() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../tests/data/oracle/cute_cpp_tiler_cases.jsonl");
    let text = std::fs::read_to_string(path).expect("the C++ case file");
    let mut n = 0;
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let case: serde_json::Value = serde_json::from_str(line).unwrap();
        let op = case["op"].as_str().unwrap();
        let args: Vec<&str> = case["args"]
            .as_array()
            .unwrap()
            .iter()
            .map(|a| a.as_str().unwrap())
            .collect();
        let want = strip_marks(case["result"].as_str().unwrap());
        let got = run(op, &args).unwrap_or_else(|e| panic!("{op}({args:?}): {e}"));
        // The same text, or (size-1 leaves whose stride C++ sets otherwise) the same shape
        // and the same function.
        let same = got == want
            || (run("shape", &[&got]) == run("shape", &[&want])
                && run("eval", &[&got]) == run("eval", &[&want]));
        assert!(same, "{op}({}) = {got}, C++ {want}", args.join(", "));
        // Every result re-parses to itself.
        assert_eq!(run("print", &[&got]).unwrap(), got);
        n += 1;
    }
    assert!(n >= 50, "only {n} cases");
}

#[test]
fn tiler_errors_name_the_mode() {
    // More tiler modes than layout modes (C++: static_assert).
    let e = run("logical_divide", &["24:1", "(4,6)"]).unwrap_err();
    assert!(e.contains("2 modes") && e.contains("rank 1"), "{e}");
    assert!(run("composition", &["(20):(2)", "(5,4)"]).is_err());
    // A layout tiler of rank 2 is one layout, not by-mode.
    assert_eq!(
        run("logical_divide", &["24:1", "(4,6):(1,4)"]).unwrap(),
        "((4,6),1):((1,4),0)"
    );
    // `_` on a mode that is not rank 2 (C++: zip2_by's static_assert).
    let e = run("zipped_divide", &["(8,8):(1,8)", "[2:1,_]"]).unwrap_err();
    assert!(e.contains("mode 1 = 8:8") && e.contains("rank-2"), "{e}");
    let e = run("tiled_divide", &["(8,8):(1,8)", "_"]).unwrap();
    assert_eq!(e, "(8,8):(1,8)"); // a rank-2 layout is its own (tile, rest)
    assert!(run("zipped_divide", &["(2,2,2):(1,2,4)", "_"]).is_err());
    // Non-positive tile sizes.
    assert!(run("logical_divide", &["(8,8):(8,1)", "(2,0)"])
        .unwrap_err()
        .contains("not positive"));
    assert!(run("ceil_div", &["(8,8)", "[2:1,_]"]).is_err());
}

/// complement reads a layout cotarget as its shape (C++: `shape(cotarget)`), and
/// tile_to_shape's order must be a permutation of the target's modes (CuTe IR's rule; C++
/// static_asserts a target the block does not divide).
#[test]
fn complement_layout_cotarget_and_tile_order() {
    assert_eq!(run("complement", &["3:2", "6:1"]).unwrap(), "2:1");
    // select on a stride descriptor (CuTe IR's select of a stride tuple).
    assert_eq!(
        run("select", &["((1@0@0,1@1@0),1@1)", "1", "0"]).unwrap(),
        "(1@1,(1@0@0,1@1@0))"
    );
    assert_eq!(
        run("complement", &["(3,(5,2)):(1,(3,15))", "(6,20):(1,6)"]).unwrap(),
        run("complement", &["(3,(5,2)):(1,(3,15))", "(6,20)"]).unwrap()
    );
    assert_eq!(
        run(
            "tile_to_shape",
            &["(128,128):(128,1)", "(1024,512)", "(1,0)"]
        )
        .unwrap(),
        "((128,8),(128,4)):((128,65536),(1,16384))"
    );
    for (order, why) in [
        ("(0,5)", "5 is out of range"),
        ("(1,2)", "2 is out of range"),
        ("(0,0)", "0 appears twice"),
        ("(?,?)", "a dynamic entry"),
        ("(0,1,2)", "3 entries for 2 modes"),
    ] {
        let e = run("tile_to_shape", &["(128,128):(128,1)", "(1024,512)", order]).unwrap_err();
        assert!(
            e.contains("must be a permutation of 0..1") && e.contains(why),
            "{order}: {e}"
        );
    }
    let e = run("tile_to_shape", &["(3,3):(1,3)", "(5,8)"]).unwrap_err();
    assert!(e.contains("does not divide the target size 5"), "{e}");
}

#[test]
fn pycute_rank1_tuples_and_tiler_modes() {
    assert_eq!(run("print", &["(8,):(1,)"]).unwrap(), "(8):(1)");
    assert_eq!(
        run("logical_divide", &["(8,):(1,)", "(2,)"]).unwrap(),
        "((2,4)):((1,2))"
    );
    // Only a rank-1 tuple takes a trailing comma (Python's one-tuple).
    assert!(parse("(8,4,):(1,8)").is_err());
    assert!(parse("(,)").is_err());
    assert_eq!(run("get", &["[(4,8):(1,4),_]", "1"]).unwrap(), "_");
    assert_eq!(
        run("flatten", &["[[(8):(1),(4):(1)],_,(2):(1)]"]).unwrap(),
        "[(8):(1),(4):(1),_,(2):(1)]"
    );
    assert_eq!(run("select", &["[2,4:2,_]", "1"]).unwrap(), "[4:2]");
    // get/select on an integer tuple answer tuples (CuTe's get/select on a shape).
    assert_eq!(run("get", &["(3,(4,5))", "1"]).unwrap(), "(4,5)");
    assert_eq!(run("get", &["(4,2)", "0", "0"]).unwrap(), "4");
    assert!(run("get", &["(4,2)", "2"])
        .unwrap_err()
        .contains("out of range"));
    assert_eq!(run("select", &["(4,8,2)", "2", "0"]).unwrap(), "(2,4)");
}

const TILER_OPS: &[&str] = &[
    "logical_divide",
    "zipped_divide",
    "tiled_divide",
    "flat_divide",
    "logical_product",
    "zipped_product",
    "tiled_product",
    "flat_product",
    "composition",
];

/// A small static layout of rank 1-3 (depth <= 2) with strides that are often compact.
fn layout() -> impl Strategy<Value = Layout> {
    let mode = prop_oneof![
        (1i64..=8).prop_map(|s| vec![s]),
        prop::collection::vec(1i64..=4, 2..=2),
    ];
    (
        prop::collection::vec(mode, 1..=3),
        any::<bool>(),
        0u64..1000,
    )
        .prop_map(|(modes, compact, seed)| {
            let mut stride = 1i64;
            let mut k = seed;
            let mut shape_modes = Vec::new();
            let mut stride_modes = Vec::new();
            for m in &modes {
                let (mut ss, mut ds) = (Vec::new(), Vec::new());
                for &s in m {
                    let d = if compact || k % 3 != 0 {
                        stride
                    } else {
                        (k % 5) as i64
                    };
                    k /= 3;
                    ss.push(IntTuple::lit(s));
                    ds.push(d);
                    stride *= s;
                }
                if ss.len() == 1 {
                    shape_modes.push(ss.pop().unwrap());
                    stride_modes.push(ds[0]);
                } else {
                    shape_modes.push(Tree::Node(ss));
                    stride_modes.push(-1 - ds.len() as i64); // marks a nested mode
                    stride_modes.extend(ds);
                }
            }
            // Rebuild the stride tree congruent to the shape.
            let mut it = stride_modes.into_iter();
            let strides: Vec<_> = shape_modes
                .iter()
                .map(|m| match m {
                    Tree::Leaf(_) => layout_algebra::StrideTuple::int(it.next().unwrap()),
                    Tree::Node(v) => {
                        let _marker = it.next();
                        Tree::Node(
                            v.iter()
                                .map(|_| layout_algebra::StrideTuple::int(it.next().unwrap()))
                                .collect(),
                        )
                    }
                })
                .collect();
            Layout::new(Tree::Node(shape_modes), Tree::Node(strides)).unwrap()
        })
}

/// The same integer tiler written as a tuple and as a by-mode tiler (nested modes included).
fn tiler_for(a: &Layout, picks: &[(bool, i64)]) -> (String, String) {
    let modes = a.modes();
    let k = 1 + (picks[0].1 as usize) % modes.len();
    let mut tuple = Vec::new();
    let mut bymode = Vec::new();
    for (i, m) in modes.iter().take(k).enumerate() {
        let (nested, v) = picks[i % picks.len()];
        match (&m.shape, nested) {
            (Tree::Node(sub), true) => {
                let items: Vec<String> = sub
                    .iter()
                    .enumerate()
                    .map(|(j, _)| (1 + (v + j as i64) % 3).to_string())
                    .collect();
                tuple.push(format!("({})", items.join(",")));
                bymode.push(format!("[{}]", items.join(",")));
            }
            _ => {
                let t = (1 + v % 4).to_string();
                tuple.push(t.clone());
                bymode.push(t);
            }
        }
    }
    (
        format!("({})", tuple.join(",")),
        format!("[{}]", bymode.join(",")),
    )
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 192, .. ProptestConfig::default() })]

    #[test]
    fn tuple_tiler_equals_bymode_tiler(
        a in layout(),
        picks in prop::collection::vec((any::<bool>(), 0i64..12), 3),
    ) {
        let text = print(&Value::layout(a.clone()));
        let (tuple, bymode) = tiler_for(&a, &picks);
        for op in TILER_OPS {
            let x = run(op, &[&text, &tuple]);
            let y = run(op, &[&text, &bymode]);
            prop_assert_eq!(&x, &y, "{}({}, {} | {})", op, text, tuple, bymode);
            if let Ok(r) = &x {
                prop_assert_eq!(run("print", &[r]).unwrap(), r.clone());
                if op.ends_with("divide") {
                    // CuTe: a tile that does not divide its mode makes the result larger.
                    let size = |l: &str| run("size", &[l]).unwrap().parse::<i64>().unwrap();
                    prop_assert!(size(r) >= size(&text), "{}({}, {}) = {}", op, text, tuple, r);
                }
            }
        }
        let shape = run("shape", &[&text]).unwrap();
        prop_assert_eq!(run("ceil_div", &[&shape, &tuple]), run("ceil_div", &[&shape, &bymode]));
    }

    #[test]
    fn blocked_and_raked_products_regroup_the_logical_product(
        a in layout(),
        b in layout(),
    ) {
        let (ta, tb) = (print(&Value::layout(a.clone())), print(&Value::layout(b.clone())));
        let r = a.rank().max(b.rank());
        let pad = |l: &Layout| {
            let mut m = l.modes();
            while m.len() < r {
                m.push(Layout::new(IntTuple::lit(1), layout_algebra::StrideTuple::int(0)).unwrap());
            }
            let (s, d): (Vec<_>, Vec<_>) = m.into_iter().map(|x| (x.shape, x.stride)).unzip();
            Layout::new(Tree::Node(s), Tree::Node(d)).unwrap()
        };
        let (pa, pb) = (pad(&a), pad(&b));
        let p = run(
            "logical_product",
            &[&print(&Value::layout(pa.clone())), &print(&Value::layout(pb.clone()))],
        );
        for raked in [false, true] {
            let op = if raked { "raked_product" } else { "blocked_product" };
            let got = run(op, &[&ta, &tb]);
            let (Ok(p), Ok(got)) = (&p, &got) else {
                prop_assert_eq!(p.is_err(), got.is_err(), "{}({}, {})", op, ta, tb);
                continue;
            };
            prop_assert_eq!(run("print", &[got]).unwrap(), got.clone());
            let rl = layout_algebra::text::parse_layout(got).unwrap();
            let pl = layout_algebra::text::parse_layout(p).unwrap();
            prop_assert_eq!(rl.rank(), r);
            let sizes_a: Vec<i64> = pa.modes().iter().map(|m| m.size().unwrap()).collect();
            let sizes_b: Vec<i64> = pb.modes().iter().map(|m| m.size().unwrap()).collect();
            for i in 0..r {
                prop_assert_eq!(rl.mode(i).unwrap().size().unwrap(), sizes_a[i] * sizes_b[i]);
            }
            prop_assert_eq!(rl.size().unwrap(), pl.size().unwrap());
            // Pointwise: R((a_i, b_i)_i) (or (b_i, a_i) raked) = P((a_i)_i, (b_i)_i).
            let n = pl.size().unwrap();
            prop_assume!(n <= 1 << 12);
            for k in 0..n {
                let (mut ka, mut kb) = (k % pa.size().unwrap(), k / pa.size().unwrap());
                let (mut rc, mut ac, mut bc) = (Vec::new(), Vec::new(), Vec::new());
                for i in 0..r {
                    let (x, y) = (ka % sizes_a[i], kb % sizes_b[i]);
                    ka /= sizes_a[i];
                    kb /= sizes_b[i];
                    ac.push(IntTuple::lit(x));
                    bc.push(IntTuple::lit(y));
                    let pair = if raked { vec![IntTuple::lit(y), IntTuple::lit(x)] } else { vec![IntTuple::lit(x), IntTuple::lit(y)] };
                    rc.push(Tree::Node(pair));
                }
                let pcrd = Tree::Node(vec![Tree::Node(ac), Tree::Node(bc)]);
                prop_assert_eq!(
                    rl.eval_crd(&Tree::Node(rc)).unwrap(),
                    pl.eval_crd(&pcrd).unwrap(),
                    "{}({}, {}) = {} at index {}", op, ta, tb, got, k
                );
            }
        }
    }
}

/// tile_to_shape through `ops::call` (algebra/src/ops/tile_to_shape.rs).
mod tile_to_shape_cases {
    use layout_algebra::text::{parse, print};

    fn tts(l: &str, s: &str, o: Option<&str>) -> std::result::Result<String, String> {
        let mut args = vec![parse(l).unwrap(), parse(s).unwrap()];
        if let Some(o) = o {
            args.push(parse(o).unwrap());
        }
        layout_algebra::ops::call("tile_to_shape", &args)
            .map(|x| print(&x))
            .map_err(|e| e.to_string())
    }

    #[test]
    fn tiles() {
        // A 8x8 row-major atom over 32x32: column-major tiles of atoms.
        assert_eq!(
            tts("(8,8):(8,1)", "(32,32)", None).unwrap(),
            "((8,4),(8,4)):((8,64),(1,256))"
        );
        // Tiles along mode 1 first.
        assert_eq!(
            tts("(8,8):(8,1)", "(32,32)", Some("(1,0)")).unwrap(),
            "((8,4),(8,4)):((8,256),(1,64))"
        );
        // CuTe C++ (CUTLASS >= v3.8, no coalesce).
        assert_eq!(
            tts("(128,128):(128,1)", "(1024,512)", None).unwrap(),
            "((128,8),(128,4)):((128,16384),(1,131072))"
        );
        assert_eq!(
            tts("Sw<3,3,3> o 0 o (8,64):(64,1)", "(64,128)", None),
            tts("(8,64):(64,1)", "(64,128)", None).map(|x| format!("Sw<3,3,3> o 0 o {x}"))
        );
        // Every mode is (block, tiles), size-1 modes included (CuTe C++ prints the same).
        assert_eq!(
            tts("(4,2):(1,4)", "(8,4)", None).unwrap(),
            "((4,2),(2,2)):((1,8),(4,16))"
        );
        assert_eq!(
            tts("4:1", "(8,3)", None).unwrap(),
            "((4,2),(1,3)):((1,4),(0,8))"
        );
        assert_eq!(
            tts("(2,2):(1,2)", "(2,2)", None).unwrap(),
            "((2,1),(2,1)):((1,0),(2,0))"
        );
    }

    #[test]
    fn refusals() {
        assert!(tts("(3,2):(1,3)", "(8,4)", None)
            .unwrap_err()
            .contains("does not divide"));
        assert!(tts("(2,2,2):(1,2,4)", "(8,4)", None)
            .unwrap_err()
            .contains("rank"));
        assert!(tts("(2,2):(1,2)", "(8,4)", Some("(0,0)")).is_err());
    }
}

/// The mode operations on by-mode tilers through `ops::call` (algebra/src/ops/tiler.rs).
mod tiler_mode_ops {
    use layout_algebra::text::{parse, print};
    use layout_algebra::Value;

    #[test]
    fn tiler_modes() {
        let run = |op: &str, args: &[&str]| {
            let v: Vec<Value> = args.iter().map(|a| parse(a).unwrap()).collect();
            layout_algebra::ops::call(op, &v)
                .map(|x| print(&x))
                .map_err(|e| e.to_string())
        };
        let t = "[2:1,[4:2,_],8]";
        assert_eq!(run("get", &[t, "0"]).unwrap(), "2:1");
        assert_eq!(run("get", &[t, "1"]).unwrap(), "[4:2,_]");
        assert_eq!(run("get", &[t, "1", "1"]).unwrap(), "_");
        assert_eq!(run("get", &[t]).unwrap(), t);
        assert!(run("get", &[t, "3"]).unwrap_err().contains("out of range"));
        assert!(run("get", &[t, "0", "0"]).unwrap_err().contains("no modes"));
        assert_eq!(run("select", &[t, "2", "0"]).unwrap(), "[8,2:1]");
        assert!(run("select", &[t, "-1"]).is_err());
        assert_eq!(run("flatten", &[t]).unwrap(), "[2:1,4:2,_,8]");
        assert_eq!(run("flatten", &["[[[2]],[3,4:1]]"]).unwrap(), "[2,3,4:1]");
    }
}
