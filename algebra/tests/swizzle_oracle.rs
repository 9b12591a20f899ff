//! The 104 swizzled layouts of the pycute seed-1 corpus (tests/data/oracle, copied from shared/oracle): the `swizzle`
//! operation against pycute's swizzle tables, and the operations on composed layouts checked
//! against their definitions by evaluation (every answer satisfies its post-condition; every
//! refusal is an error with a reason, never a panic).

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
