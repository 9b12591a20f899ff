//! Runtime leaves against CuTe C++ (tests/data/oracle/cute_cpp_dynamic.jsonl, written by
//! bench/cute_cpp/gen_dynamic.py from CUTLASS 4.2 compiled on the host with `int` leaves):
//! the structure of each result (which leaves are static: C++ prints `_N` for them) and, for
//! three value sets per case, the values `bind` gives.
//!
//! Checked exactly: where we answer, the structure is C++'s; where `bind` answers for a
//! value set C++ answers, it is C++'s layout as a function (same shape, same offsets; the
//! stride of an extent-1 leaf may differ). Where C++'s answer breaks the operation's contract
//! (bench/cute_cpp/compare_dynamic.py lists those), `bind` must refuse: those value sets are
//! named below. Refusals elsewhere are counted and bounded (a regression guard, not a goal).

use layout_algebra::ops::{bind::bind, call};
use layout_algebra::text::{parse_numbered, print};
use serde_json::Value as Json;

/// C++'s printed text with every runtime leaf (a plain number) as `?` and `_N` as `N`.
fn structure(cpp: &str) -> String {
    let b = cpp.as_bytes();
    let mut out = String::with_capacity(cpp.len());
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        let starts_number =
            c.is_ascii_digit() || (c == b'-' && b.get(i + 1).is_some_and(u8::is_ascii_digit));
        if starts_number {
            let marked = i > 0 && b[i - 1] == b'_';
            let mut j = i + 1;
            while j < b.len() && b[j].is_ascii_digit() {
                j += 1;
            }
            if marked {
                out.pop();
                out.push_str(&cpp[i..j]);
            } else {
                out.push('?');
            }
            i = j;
        } else {
            out.push(c as char);
            i += 1;
        }
    }
    out
}

fn strip_marks(s: &str) -> String {
    s.replace('_', "")
}

fn same_function(ours: &str, cpp: &str) -> bool {
    if ours == cpp {
        return true;
    }
    let table = |t: &str| -> Option<(String, Vec<i64>)> {
        let f = layout_algebra::text::parse_func(t).ok()?;
        let shape = match &f {
            layout_algebra::Func::Layout(l) => layout_algebra::text::print_int_tuple(&l.shape),
            _ => return None,
        };
        Some((shape, f.table(1 << 20).ok()?))
    };
    matches!((table(ours), table(cpp)), (Some(a), Some(b)) if a == b)
}

#[test]
fn runtime_leaves_match_cute_cpp() {
    let path = super::oracle_dir().join("cute_cpp_dynamic.jsonl");
    let text = std::fs::read_to_string(&path).expect("cute_cpp_dynamic.jsonl");
    let (mut structures, mut values, mut refused_structure, mut refused_values) = (0, 0, 0, 0);
    let mut wrong = Vec::new();
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let r: Json = serde_json::from_str(line).unwrap();
        let op = r["op"].as_str().unwrap();
        let args: Vec<&str> = r["args"]
            .as_array()
            .unwrap()
            .iter()
            .map(|a| a.as_str().unwrap())
            .collect();
        let cpp: Vec<&str> = r["cpp"]
            .as_array()
            .unwrap()
            .iter()
            .map(|a| a.as_str().unwrap())
            .collect();
        let answered: Vec<&str> = cpp
            .iter()
            .copied()
            .filter(|c| !c.starts_with("C++"))
            .collect();
        let mut n = 0u32;
        let parsed: Vec<_> = args
            .iter()
            .map(|a| parse_numbered(a, &mut n).unwrap())
            .collect();
        let ours = call(op, &parsed);
        let Some(first) = answered.first() else {
            continue;
        };
        let v = match ours {
            Ok(v) => v,
            Err(_) => {
                refused_structure += 1;
                continue;
            }
        };
        structures += 1;
        let s = print(&v);
        if s != structure(first) && !same_structure_up_to_unit_strides(&s, &structure(first)) {
            wrong.push(format!("{}: structure {s}, C++ {}", r["expr"], first));
        }
        for (vals, c) in r["values"].as_array().unwrap().iter().zip(&cpp) {
            if c.starts_with("C++") {
                continue;
            }
            let vals: Vec<i64> = vals
                .as_array()
                .unwrap()
                .iter()
                .map(|x| x.as_i64().unwrap())
                .collect();
            match bind(&v, Some(n), &vals) {
                Ok(b) => {
                    values += 1;
                    let b = print(&b);
                    if !same_function(&b, &strip_marks(c)) {
                        wrong.push(format!("{} at {vals:?}: {b}, C++ {c}", r["expr"]));
                    }
                }
                Err(_) => refused_values += 1,
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "{} disagreements:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
    eprintln!(
        "runtime leaves vs CuTe C++: {structures} structures agree ({refused_structure} refused), {values} value sets agree ({refused_values} refused)"
    );
    assert!(
        structures >= 420 && values >= 1130,
        "fewer agreements than before: {structures} structures, {values} value sets"
    );
}

/// Two structures that differ only where a leaf of extent 1 has a static stride in one and a
/// runtime stride in the other (the stride of an extent-1 leaf is never read).
fn same_structure_up_to_unit_strides(a: &str, b: &str) -> bool {
    let (Ok(x), Ok(y)) = (
        layout_algebra::text::parse_layout(a),
        layout_algebra::text::parse_layout(b),
    ) else {
        return false;
    };
    if x.shape != y.shape {
        return false;
    }
    x.leaf_modes()
        .iter()
        .zip(y.leaf_modes())
        .all(|((s, d), (_, e))| {
            s.is_const(1)
                || d.coef.is_static() == e.coef.is_static() && (!d.coef.is_static() || *d == e)
        })
}

// Worked cases (C++'s answers from the same host-side build).

/// op(args...) with the runtime leaves numbered across the arguments, bound to `values`.
fn run(op: &str, args: &[&str], values: &[i64]) -> (String, Result<String, String>) {
    let mut n = 0u32;
    let vals: Vec<_> = args
        .iter()
        .map(|a| parse_numbered(a, &mut n).unwrap())
        .collect();
    let r = call(op, &vals).unwrap();
    let b = bind(&r, Some(n), values)
        .map(|v| print(&v))
        .map_err(|e| e.to_string());
    (print(&r), b)
}

#[test]
fn zipped_divide_of_a_runtime_matrix() {
    // CuTe C++ (CUTLASS 4.2): ((_128,_64),(4,5)):((512,_1),(65536,_64)) at m,n,ld = 500,300,512.
    let (s, b) = run(
        "zipped_divide",
        &["(?,?):(?,1)", "(128,64)"],
        &[500, 300, 512],
    );
    assert_eq!(s, "((128,64),(?,?)):((?,1),(?,64))");
    assert_eq!(b.unwrap(), "((128,64),(4,5)):((512,1),(65536,64))");
}

#[test]
fn coalesce_keeps_a_runtime_mode_unmerged() {
    let (s, b) = run("coalesce", &["(128,?):(1,128)"], &[64]);
    assert_eq!(s, "(128,?):(1,128)");
    assert_eq!(b.unwrap(), "(128,64):(1,128)");
}

#[test]
fn product_with_a_runtime_stride_is_checked() {
    // C++ gives (1000,(3,1)):(3,(_1,3000)), of size 3000 instead of 4000.
    let (s, b) = run("logical_product", &["?:?", "4:1"], &[1000, 3]);
    assert_eq!(s, "(?,(?,?)):(?,(1,?))");
    let e = b.unwrap_err();
    assert!(e.contains("shape divisibility condition"), "{e}");
    let (_, ok) = run("logical_product", &["?:?", "4:1"], &[1000, 1]);
    assert_eq!(ok.unwrap(), "(1000,(1,4)):(1,(1,1000))");
}

#[test]
fn composition_breaking_its_contract_is_refused() {
    // C++ at 48: ((32,1),(2,2)):((_1,48),(_32,48)), with R(64) = 48 but A(B(64)) = 64.
    let (s, b) = run(
        "composition",
        &["(?,128):(1,?)", "(32,4):(1,32)"],
        &[48, 48],
    );
    assert_eq!(s, "((?,?),(?,?)):((1,?),(32,?))");
    assert!(b.unwrap_err().contains("R(c) != A(B(c))"));
    let (_, ok) = run(
        "composition",
        &["(?,128):(1,?)", "(32,4):(1,32)"],
        &[128, 128],
    );
    assert_eq!(ok.unwrap(), "((32,1),(4,1)):((1,128),(32,128))");
}

#[test]
fn wrong_number_of_values() {
    let (_, b) = run("coalesce", &["(?,?):(1,?)"], &[4]);
    assert!(b.unwrap_err().contains("3 runtime leaves"));
}
