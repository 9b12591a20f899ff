//! The 104 swizzled layouts of the pycute seed-1 corpus (tests/data/oracle, copied from shared/oracle): the `swizzle`
//! operation against pycute's swizzle tables, and the operations on composed layouts checked
//! against their definitions by evaluation (every answer satisfies its post-condition; every
//! refusal is an error with a reason, never a panic). `composed_ops`: the named cases of the
//! operations on swizzles and composed layouts (ops/composed.rs).

use layout_algebra::ops::call;
use layout_algebra::text::{parse, parse_func, print};
use layout_algebra::{Func, Value};
use serde_json::Value as Json;

fn oracle_dir() -> std::path::PathBuf {
    let here = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    match std::env::var("ORACLE_DIR") {
        Ok(d) => d.into(),
        Err(_) => here.join("../tests/data/oracle"),
    }
}

fn run(op: &str, args: &[&str]) -> Result<Value, String> {
    let vals: Vec<Value> = args.iter().map(|a| parse(a).unwrap()).collect();
    call(op, &vals).map_err(|e| e.to_string())
}

fn func(v: &Value) -> Func {
    match v {
        Value::Func(f) => f.clone(),
        other => panic!("expected a layout function, got {}", print(other)),
    }
}

#[derive(Default)]
struct Count {
    ok: usize,
    refused: usize,
}

#[test]
fn swizzled_layouts_of_the_corpus() {
    let text =
        std::fs::read_to_string(oracle_dir().join("cute_pycute_seed1.jsonl")).expect("oracle file");
    let mut counts: std::collections::BTreeMap<&str, Count> = Default::default();
    let mut n_cases = 0;
    for line in text.lines().skip(1) {
        let case: Json = serde_json::from_str(line).unwrap();
        let Some(sw) = case.get("swizzle") else {
            continue;
        };
        n_cases += 1;
        let a = case["A"].as_str().unwrap();
        let f = parse_func(a).unwrap();
        let Func::Composed(c) = &f else {
            panic!("{a} is not a composed layout")
        };
        let sw_text = format!("Sw<{},{},{}>", sw["bits"], sw["base"], sw["shift"]);
        assert_eq!(layout_algebra::text::print_func(&c.outer), sw_text);

        // The swizzle itself, against pycute's table.
        for (i, want) in case["ops"]["swizzle_eval"]
            .as_array()
            .unwrap()
            .iter()
            .enumerate()
        {
            let got = run("swizzle", &[&sw_text, &i.to_string()]).unwrap();
            assert_eq!(print(&got), want.to_string(), "{sw_text}({i})");
        }
        let n = f.size().unwrap();
        assert_eq!(n, case["ops"]["size"].as_i64().unwrap(), "size of {a}");
        let table = f.table(1 << 20).unwrap();

        // Inverses (offset 0 only): R is a right inverse, resp. a left inverse, by evaluation.
        for op in ["right_inverse", "left_inverse"] {
            let e = counts.entry(op).or_default();
            match run(op, &[a]) {
                Ok(r) => {
                    let r = func(&r);
                    if op == "right_inverse" {
                        for i in 0..r.size().unwrap() {
                            assert_eq!(f.apply(r.apply(i).unwrap()).unwrap(), i, "{op}({a})");
                        }
                    } else {
                        for i in 0..n {
                            assert_eq!(r.apply(table[i as usize]).unwrap(), i, "{op}({a})");
                        }
                    }
                    e.ok += 1;
                }
                Err(msg) => {
                    assert!(msg.contains(op), "{op}({a}): {msg}");
                    assert!(c.offset != 0 || msg.contains("swizzle"), "{op}({a}): {msg}");
                    e.refused += 1;
                }
            }
        }

        // Slices: R(j) + ptr = f(c) with the `_` filled by j, where ptr is the part of the
        // offset CuTe hands to the pointer (0 when R keeps the whole offset): so
        // R(j) - R(0) = f(c_j) - f(c_0).
        let inner = c.inner.as_layout().unwrap();
        let (m0, m1) = (
            inner.mode(0).unwrap().size().unwrap(),
            inner.mode(1).unwrap().size().unwrap(),
        );
        let r = func(&run("slice", &["(1,_)", a]).unwrap());
        let ptr = table[1] - r.apply(0).unwrap();
        for j in 0..m1 {
            assert_eq!(
                r.apply(j).unwrap() + ptr,
                table[(1 + m0 * j) as usize],
                "slice (1,_) of {a}"
            );
        }
        let r = func(&run("slice", &["(_,1)", a]).unwrap());
        let ptr = table[m0 as usize] - r.apply(0).unwrap();
        for i in 0..m0 {
            assert_eq!(
                r.apply(i).unwrap() + ptr,
                table[(i + m0) as usize],
                "slice (_,1) of {a}"
            );
        }
        counts.entry("slice").or_default().ok += 2;

        // A divide only reorders the domain: the same offsets, the same size.
        let r = func(&run("logical_divide", &[a, "[2,4]"]).unwrap());
        let mut x = r.table(1 << 20).unwrap();
        let mut y = table.clone();
        x.sort();
        y.sort();
        assert_eq!(x, y, "logical_divide({a}, [2,4])");
        counts.entry("logical_divide").or_default().ok += 1;

        // Composition with a tiler on the right: R(c) = f(B(c)).
        let half = (n / 2).to_string();
        let r = func(&run("composition", &[a, &half]).unwrap());
        for i in 0..n / 2 {
            assert_eq!(
                r.apply(i).unwrap(),
                table[i as usize],
                "composition({a}, {half})"
            );
        }
        counts.entry("composition").or_default().ok += 1;

        // A layout after the swizzled layout: transfer the swizzle, or refuse with the reason.
        let cos = (f.cosize().unwrap() as u64).next_power_of_two() as i64;
        let l2 = format!("(2,{}):({},1)", cos / 2, cos / 2);
        let e = counts.entry("composition(L, Sw o L)").or_default();
        match run("composition", &[&l2, a]) {
            Ok(r) => {
                let (r, l2f) = (func(&r), parse_func(&l2).unwrap());
                for i in 0..n {
                    assert_eq!(
                        r.apply(i).unwrap(),
                        l2f.apply(table[i as usize]).unwrap(),
                        "composition({l2}, {a})"
                    );
                }
                e.ok += 1;
            }
            Err(msg) => {
                assert!(msg.starts_with("composition"), "{msg}");
                e.refused += 1;
            }
        }

        // tile_to_shape keeps the swizzle and covers the target.
        let target = format!("({},{})", m0 * 2, m1 * 3);
        let r = func(&run("tile_to_shape", &[a, &target]).unwrap());
        assert_eq!(r.size().unwrap(), 6 * n, "tile_to_shape({a}, {target})");
        counts.entry("tile_to_shape").or_default().ok += 1;

        // upcast by 2 (refused when it would cut through the swizzle or the offset).
        let e = counts.entry("upcast").or_default();
        match run("upcast", &[a, "2"]) {
            Ok(_) => e.ok += 1,
            Err(msg) => {
                assert!(msg.contains("upcast"), "{msg}");
                e.refused += 1;
            }
        }
    }
    assert_eq!(n_cases, 104);
    for (op, c) in &counts {
        eprintln!("{op:24} ok {:4} refused {:4}", c.ok, c.refused);
    }
    assert!(counts["right_inverse"].ok > 0 && counts["left_inverse"].ok > 0);
}

/// The operations on swizzles and composed layouts through `ops::call` (algebra/src/ops/composed.rs).
mod composed_ops {
    use layout_algebra::ops::call;
    use layout_algebra::ops::composed::make_swizzle;
    use layout_algebra::text::{parse, parse_func, print};
    use layout_algebra::{Swizzle, Value};

    fn run(op: &str, args: &[&str]) -> std::result::Result<String, String> {
        let vals: Vec<Value> = args.iter().map(|a| parse(a).unwrap()).collect();
        call(op, &vals)
            .map(|v| print(&v))
            .map_err(|e| e.to_string())
    }

    fn table(f: &str) -> Vec<i64> {
        parse_func(f).unwrap().table(1 << 20).unwrap()
    }

    #[test]
    fn make_swizzle_from_masks() {
        assert_eq!(
            make_swizzle(0b1000, 0b0100).unwrap(),
            Some(Swizzle::new(1, 2, 1).unwrap())
        );
        assert_eq!(
            make_swizzle(0b1100_0000, 0b0000_0110).unwrap(),
            Some(Swizzle::new(2, 1, 5).unwrap())
        );
        assert_eq!(make_swizzle(0, 0).unwrap(), None);
        assert!(make_swizzle(0b1010, 0b0101).is_err()); // not contiguous
        assert!(make_swizzle(0b1000, 0b0110).is_err()); // counts differ
        assert!(make_swizzle(0b1100, 0b0110).is_err()); // overlapping
        assert!(make_swizzle(-8, 4).is_err());
    }

    #[test]
    fn layout_after_swizzled_layout_transfers_the_swizzle() {
        let a = "(8,8):(8,1)";
        let b = "Sw<2,0,-3> o 0 o (8,8):(8,1)";
        let r = run("composition", &[a, b]).unwrap();
        assert_eq!(r, "Sw<2,0,3> o 0 o (8,8):(1,8)");
        // Post-condition by evaluation.
        let (fa, fb, fr) = (
            parse_func(a).unwrap(),
            parse_func(b).unwrap(),
            parse_func(&r).unwrap(),
        );
        for c in 0..64 {
            assert_eq!(
                fr.apply(c).unwrap(),
                fa.apply(fb.apply(c).unwrap()).unwrap()
            );
        }
    }

    #[test]
    fn composed_after_composed_nests() {
        let r = run(
            "composition",
            &[
                "Sw<2,0,3> o 0 o (8,8):(8,1)",
                "Sw<2,0,-3> o 0 o (8,8):(8,1)",
            ],
        )
        .unwrap();
        assert_eq!(r, "Sw<2,0,3> o 0 o Sw<2,0,3> o 0 o (8,8):(1,8)");
    }

    #[test]
    fn swizzle_then_layout_and_composed_with_tilers() {
        assert_eq!(
            run("composition", &["Sw<3,4,3>", "(8,64):(64,1)"]).unwrap(),
            "Sw<3,4,3> o 0 o (8,64):(64,1)"
        );
        assert_eq!(run("composition", &["Sw<0,4,3>", "8:1"]).unwrap(), "8:1");
        assert_eq!(
            run("composition", &["Sw<3,4,3> o 0 o (8,64):(64,1)", "8:8"]).unwrap(),
            "Sw<3,4,3> o 0 o 8:1"
        );
        assert_eq!(
            run("composition", &["Sw<1,0,1> o 4 o 16:1", "[8]"]).unwrap(),
            "Sw<1,0,1> o 4 o (8):(1)"
        );
        // The transfer is impossible when L does not map the swizzle's bits to bits.
        let e = run("composition", &["(3,8):(8,1)", "Sw<1,0,2> o 0 o 8:1"]).unwrap_err();
        assert!(
            e.contains("not those of a swizzle") || e.contains("no representation"),
            "{e}"
        );
        // The masks map onto a swizzle's masks, but the bit pairs cross (bits 0 and 1 swapped):
        // CuTe's mask transfer returns Sw<2,0,2> o 0 o L, which is wrong at c = 4.
        let e = run(
            "composition",
            &["(2,2,2,2):(2,1,4,8)", "Sw<2,0,2> o 0 o 16:1"],
        )
        .unwrap_err();
        assert!(e.contains("at c = 4") && e.contains("paired bits"), "{e}");
        // A nonzero offset on the right is refused (CuTe requires 0).
        assert!(run("composition", &["8:1", "Sw<1,0,1> o 2 o 4:1"])
            .unwrap_err()
            .contains("offset 2"));
    }

    #[test]
    fn swizzle_swizzle() {
        assert_eq!(
            run("composition", &["Sw<1,0,2>", "Sw<1,0,2>"]).unwrap(),
            "Sw<0,0,0>"
        );
        assert_eq!(
            run("composition", &["Sw<1,1,2>", "Sw<1,0,2>"]).unwrap(),
            "Sw<2,0,2>"
        );
        assert!(run("composition", &["Sw<1,0,2>", "Sw<1,0,3>"]).is_err());
    }

    #[test]
    fn inverses_of_swizzled_layouts() {
        let cases = [
            (
                "right_inverse",
                "Sw<1,0,2> o 0 o (4,4):(1,4)",
                "Sw<1,0,2> o 0 o 16:1",
            ),
            (
                "right_inverse",
                "Sw<1,0,2> o 0 o (4,4):(4,1)",
                "Sw<1,0,-2> o 0 o (4,4):(4,1)",
            ),
            (
                "right_inverse",
                "Sw<1,0,1> o 0 o (4,4):(8,1)",
                "Sw<1,2,1> o 0 o 4:4",
            ),
            (
                "left_inverse",
                "Sw<1,0,2> o 0 o (4,4):(1,4)",
                "Sw<1,0,2> o 0 o 16:1",
            ),
            (
                "left_inverse",
                "Sw<1,0,2> o 0 o (4,4):(4,1)",
                "Sw<1,0,-2> o 0 o (4,4):(4,1)",
            ),
            (
                "left_inverse",
                "Sw<1,0,1> o 0 o (4,4):(8,1)",
                "Sw<1,2,1> o 0 o (8,4):(4,1)",
            ),
        ];
        for (op, f, want) in cases {
            let r = run(op, &[f]).unwrap();
            assert_eq!(r, want, "{op}({f})");
            let (ff, fr) = (parse_func(f).unwrap(), parse_func(&r).unwrap());
            if op == "right_inverse" {
                for i in 0..fr.size().unwrap() {
                    assert_eq!(ff.apply(fr.apply(i).unwrap()).unwrap(), i);
                }
            } else {
                for i in 0..ff.size().unwrap() {
                    assert_eq!(fr.apply(ff.apply(i).unwrap()).unwrap(), i);
                }
            }
        }
        // The 128B swizzle atom of 16-bit elements.
        let f = "Sw<3,3,3> o 0 o (8,64):(64,1)";
        let r = run("right_inverse", &[f]).unwrap();
        assert_eq!(r, "Sw<3,0,-6> o 0 o (64,8):(8,1)");
        let (ff, fr) = (parse_func(f).unwrap(), parse_func(&r).unwrap());
        assert_eq!(fr.size().unwrap(), 512);
        for i in 0..512 {
            assert_eq!(ff.apply(fr.apply(i).unwrap()).unwrap(), i);
        }
        // Sw<3,4,3> reads bit 9, outside the 512 offsets of the inner layout: its masks map to
        // no swizzle of the inverse, and the transfer is refused with the reason.
        let e = run("right_inverse", &["Sw<3,4,3> o 0 o (8,64):(64,1)"]).unwrap_err();
        assert!(e.contains("not those of a swizzle"), "{e}");
        assert!(run("right_inverse", &["Sw<1,0,1> o 4 o 4:1"])
            .unwrap_err()
            .contains("offset 4"));
        // Not injective: no left inverse.
        assert!(run("left_inverse", &["Sw<1,0,1> o 0 o (2,2):(1,0)"]).is_err());
    }

    #[test]
    fn domain_operations_keep_the_swizzle() {
        let f = "Sw<3,4,3> o 0 o (8,64):(64,1)";
        let r = run("logical_divide", &[f, "[4,16]"]).unwrap();
        assert_eq!(r, "Sw<3,4,3> o 0 o ((4,2),(16,4)):((64,256),(1,16))");
        assert_eq!(
            run("tiled_divide", &[f, "[4,16]"]).unwrap(),
            "Sw<3,4,3> o 0 o ((4,16),2,4):((64,1),256,16)"
        );
        // The function is unchanged up to the reordering of the domain.
        let mut a = table(f);
        let mut b = table(&r);
        a.sort();
        b.sort();
        assert_eq!(a, b);
        assert_eq!(run("shape", &[f]).unwrap(), "(8,64)");
        assert_eq!(run("rank", &[f]).unwrap(), "2");
        assert_eq!(run("size", &[f]).unwrap(), "512");
        assert_eq!(
            run("coalesce", &["Sw<1,0,1> o 0 o (2,4):(1,2)"]).unwrap(),
            "Sw<1,0,1> o 0 o 8:1"
        );
    }

    #[test]
    fn slicing_a_swizzled_layout_as_cute() {
        // CuTe C++ decays the slice to a plain layout when the sliced part misses the
        // swizzle's paired bits (ops/swizzle_slice.rs); the rest of the offset goes to the
        // pointer: R(j) + Sw(off') = f(c_j).
        let f = "Sw<3,4,3> o 0 o (8,64):(64,1)";
        let r = run("slice", &["(3,_)", f]).unwrap();
        assert_eq!(r, "((16,2,2)):((1,-16,32))");
        let (ff, fr) = (parse_func(f).unwrap(), parse_func(&r).unwrap());
        for j in 0..64 {
            assert_eq!(fr.apply(j).unwrap() + 208, ff.apply(3 + 8 * j).unwrap());
        }
        assert_eq!(run("slice", &["(_,5)", f]).unwrap(), "((2,4)):((64,144))");
        assert_eq!(
            run("slice", &["(_,5)", "Sw<3,3,3> o 0 o (8,64):(64,1)"]).unwrap(),
            "(8):(72)"
        );
        assert_eq!(
            run("slice", &["(_,2)", "Sw<2,0,-3> o 0 o (8,8):(8,1)"]).unwrap(),
            "((2,2,2)):((8,-16,32))"
        );
        // The sliced part reaches a read bit and its written bit: it stays swizzled.
        assert_eq!(
            run("slice", &["(3,_)", "Sw<1,0,1> o 0 o (4,4):(4,1)"]).unwrap(),
            "Sw<1,0,1> o 0 o (4):(1)"
        );
        // An offset that carries into the fixed part's bits: CuTe XORs them (off ^ L(c)) and
        // returns ((16,2,2)):((1,-16,32)), which is not the slice (at j = 0 it gives 144 past
        // the pointer, the slice 256); the exact form is kept.
        let f = "Sw<3,3,3> o 64 o (8,64):(64,1)";
        let r = run("slice", &["(3,_)", f]).unwrap();
        assert_eq!(r, "Sw<3,3,3> o 256 o (64):(1)");
        let (ff, fr) = (parse_func(f).unwrap(), parse_func(&r).unwrap());
        for j in 0..64 {
            assert_eq!(fr.apply(j).unwrap(), ff.apply(3 + 8 * j).unwrap());
        }
        // All `_` keeps the layout; no `_` selects nothing (C++ does not compile it).
        assert_eq!(run("slice", &["_", f]).unwrap(), f);
        assert!(run("slice", &["(3,5)", f]).unwrap_err().contains("no '_'"));
    }

    #[test]
    fn coordinates_and_filter_of_composed_layouts() {
        let f = "Sw<3,3,3> o 64 o (8,64):(64,1)";
        let ff = parse_func(f).unwrap();
        assert_eq!(
            run("crd2idx", &["(3,5)", f]).unwrap(),
            ff.apply(3 + 8 * 5).unwrap().to_string()
        );
        assert_eq!(
            run("crd2idx", &["43", f]).unwrap(),
            ff.apply(43).unwrap().to_string()
        );
        assert!(run("crd2idx", &["(8,0)", f])
            .unwrap_err()
            .contains("outside"));
        assert!(run("crd2idx", &["(1,1)", "Sw<1,0,1>"]).is_err());
        assert_eq!(
            run("filter", &["Sw<1,0,1> o 0 o (2,3,2):(1,0,2)"]).unwrap(),
            "Sw<1,0,1> o 0 o 4:1"
        );
    }

    #[test]
    fn swizzle_op() {
        assert_eq!(run("swizzle", &["Sw<3,4,3>", "1234"]).unwrap(), "1218");
        assert_eq!(1234 ^ ((1234 & (7 << 7)) >> 3), 1218);
        assert_eq!(run("swizzle", &["Sw<2,0,-3>", "3"]).unwrap(), "27");
        assert!(run("swizzle", &["Sw<3,4,3>", "-1"]).is_err());
        assert_eq!(
            run("eval", &["Sw<2,2,3> o 64 o (8,16):(1,8)"]).unwrap()[..20].to_string(),
            "[72,73,74,75,76,77,7"
        );
    }
}
