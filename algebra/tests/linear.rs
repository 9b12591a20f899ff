//! Linear layouts: the Triton reference cases (all 66 cases, 165 checks), algebraic laws as
//! property tests, CuTe round trips, bank conflicts against brute force, the text forms and
//! the `ops::call` dispatch.

use layout_algebra::linear::bank_conflicts::{access, brute_force, count};
use layout_algebra::linear::compose::compose;
use layout_algebra::linear::divide::{divide_left, divide_right, quotient};
use layout_algebra::linear::encodings::to_linear_layout;
use layout_algebra::linear::from_cute::from_cute;
use layout_algebra::linear::invert::{invert, invert_and_compose, pseudoinvert};
use layout_algebra::linear::json::{layout_to_json, parse_json, parse_layout_json};
use layout_algebra::linear::product::product;
use layout_algebra::linear::queries::{free_variable_masks, num_consecutive_in_out};
use layout_algebra::linear::reshape::*;
use layout_algebra::linear::swizzle_choice::optimal_swizzling;
use layout_algebra::linear::to_cute::to_cute;
use layout_algebra::linear::triton_text::{parse_triton_text, print_triton_text};
use layout_algebra::linear::LinearLayout;
use layout_algebra::{text, Value};
use proptest::prelude::*;
use serde_json::Value as J;

const ORACLE: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../shared/oracle/triton_linear_layout_cases.json"
);

fn ll(v: &J) -> LinearLayout {
    parse_layout_json(&v.to_string()).unwrap_or_else(|e| panic!("bad layout {v}: {e}"))
}

fn names(v: &J) -> Vec<String> {
    v.as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_str().unwrap().to_string())
        .collect()
}

fn refs(v: &[String]) -> Vec<&str> {
    v.iter().map(String::as_str).collect()
}

fn pairs(v: &J) -> Vec<(String, i64)> {
    v.as_array()
        .unwrap()
        .iter()
        .map(|p| (p[0].as_str().unwrap().to_string(), p[1].as_i64().unwrap()))
        .collect()
}

fn point(v: &J) -> Vec<(String, i64)> {
    v.as_object()
        .unwrap()
        .iter()
        .map(|(k, x)| (k.clone(), x.as_i64().unwrap()))
        .collect()
}

/// `l` equals `e` up to the order and sizes of the out dimensions (as functions).
fn same_function_up_to_outs(l: &LinearLayout, e: &LinearLayout) -> bool {
    let names = e.out_names();
    let Ok(t) = transpose_outs(l, &names) else {
        return false;
    };
    t.ins().len() == e.ins().len()
        && (0..e.ins().len())
            .all(|i| t.ins()[i].name == e.ins()[i].name && t.bases_of(i) == e.bases_of(i))
}

/// Run one check; returns Err(message) on mismatch.
fn check(case: &J, v: &J) -> Result<(), String> {
    let op = case["op"].as_str().unwrap();
    let get = |k: &str| -> J {
        if !v[k].is_null() {
            v[k].clone()
        } else if !case["inputs"][k].is_null() {
            case["inputs"][k].clone()
        } else {
            case["args"][k].clone()
        }
    };
    let expected = if v.get("expected").is_some() {
        v["expected"].clone()
    } else {
        case["expected"].clone()
    };
    let eq = |got: &LinearLayout| -> Result<(), String> {
        let want = ll(&expected);
        if *got == want {
            Ok(())
        } else {
            Err(format!(
                "got {}\nwant {}",
                layout_to_json(got),
                layout_to_json(&want)
            ))
        }
    };
    let s = |k: &str| get(k).as_str().unwrap().to_string();
    match op {
        "identity1d" => {
            eq(
                &LinearLayout::identity1d(get("size").as_i64().unwrap(), &s("in"), &s("out"))
                    .unwrap(),
            )
        }
        "zeros1d" => {
            eq(
                &LinearLayout::zeros1d(get("size").as_i64().unwrap(), &s("in"), &s("out"), 1)
                    .unwrap(),
            )
        }
        "infer_out_sizes" => {
            let ins: Vec<(String, Vec<Vec<i64>>)> = get("in_dims")
                .as_array()
                .unwrap()
                .iter()
                .map(|d| {
                    (
                        d["name"].as_str().unwrap().to_string(),
                        serde_json::from_value(d["bases"].clone()).unwrap(),
                    )
                })
                .collect();
            let l = LinearLayout::with_inferred_sizes(ins, names(&get("out_names"))).unwrap();
            let got: Vec<(String, i64)> = (0..l.outs().len())
                .map(|j| (l.outs()[j].name.clone(), l.out_size(j)))
                .collect();
            let want: Vec<(String, i64)> = expected["out_dims"]
                .as_array()
                .unwrap()
                .iter()
                .map(|d| {
                    (
                        d["name"].as_str().unwrap().to_string(),
                        d["size"].as_i64().unwrap(),
                    )
                })
                .collect();
            (got == want)
                .then_some(())
                .ok_or(format!("{got:?} vs {want:?}"))
        }
        "product" => eq(&product(&ll(&get("a")), &ll(&get("b"))).unwrap()),
        "transpose_outs" => {
            eq(&transpose_outs(&ll(&get("a")), &refs(&names(&get("order")))).unwrap())
        }
        "transpose_ins" => {
            eq(&transpose_ins(&ll(&get("a")), &refs(&names(&get("order")))).unwrap())
        }
        "reshape_ins" => eq(&reshape_ins(&ll(&get("a")), &pairs(&get("new_in_dims"))).unwrap()),
        "reshape_outs" => eq(&reshape_outs(&ll(&get("a")), &pairs(&get("new_out_dims"))).unwrap()),
        "flatten_outs" => eq(&flatten_outs(&ll(&get("a"))).unwrap()),
        "flatten_ins" => eq(&flatten_ins(&ll(&get("a"))).unwrap()),
        "apply" => {
            let got = ll(&get("a")).apply(&point(&v["point"])).unwrap();
            let want = point(&v["expected"]);
            let mut g = got.clone();
            g.sort();
            let mut w = want.clone();
            w.sort();
            (g == w).then_some(()).ok_or(format!("{got:?} vs {want:?}"))
        }
        "compose" => {
            let c = compose(&ll(&get("a")), &ll(&get("b"))).unwrap();
            if let Some(sj) = case["expected_properties"]["surjective"].as_bool() {
                if c.is_surjective() != sj {
                    return Err(format!("surjective {} != {sj}", c.is_surjective()));
                }
            }
            eq(&c)
        }
        "invert_and_compose" => {
            let (a, b) = (ll(&get("a")), ll(&get("b")));
            let c = invert_and_compose(&a, &b).map_err(|e| e.to_string())?;
            let back = compose(&c, &b).unwrap();
            if !same_function_up_to_outs(&back, &a) {
                return Err(format!("compose(C, b) != a: {}", layout_to_json(&back)));
            }
            if let Some(sj) = case["expected_properties"]["surjective"].as_bool() {
                if c.is_surjective() != sj {
                    return Err(format!("surjective {} != {sj}", c.is_surjective()));
                }
            }
            eq(&c)
        }
        "invert_and_compose_apply" => {
            let (a, b) = (ll(&get("a")), ll(&get("b")));
            let c = invert_and_compose(&a, &b).unwrap();
            let p = point(&get("point"));
            let lhs = a.apply(&p).unwrap();
            let mid = c.apply(&p).unwrap();
            let rhs = b.apply(&mid).unwrap();
            let mut l2 = lhs.clone();
            l2.sort();
            let mut r2 = rhs.clone();
            r2.sort();
            (l2 == r2)
                .then_some(())
                .ok_or(format!("{lhs:?} vs {rhs:?}"))
        }
        "pseudoinvert_apply" => {
            let p = pseudoinvert(&ll(&get("a"))).unwrap();
            let got = p.apply(&point(&v["point"])).unwrap();
            (got == point(&v["expected"]))
                .then_some(())
                .ok_or(format!("{got:?}"))
        }
        "num_consecutive_in_out" => {
            let got = num_consecutive_in_out(&ll(&v["a"]));
            (got == v["expected"].as_i64().unwrap())
                .then_some(())
                .ok_or(format!("{got}"))
        }
        "free_variable_masks" => {
            let got = free_variable_masks(&ll(&v["a"]));
            (got == point(&v["expected"]))
                .then_some(())
                .ok_or(format!("{got:?}"))
        }
        "sublayout" => eq(&sublayout(
            &ll(&get("a")),
            &refs(&names(&v["in_names"])),
            &refs(&names(&v["out_names"])),
        )
        .unwrap()),
        "quotient" => {
            let r = quotient(&ll(&v["a"]), &refs(&names(&v["dims"])));
            match (expected.is_null(), r) {
                (true, Err(_)) => Ok(()),
                (true, Ok(l)) => Err(format!("expected none, got {}", layout_to_json(&l))),
                (false, Ok(l)) => eq(&l),
                (false, Err(e)) => Err(e.to_string()),
            }
        }
        "divide" => {
            let (a, b) = (ll(&v["a"]), ll(&v["b"]));
            let left = v["side"] == "left";
            let r = if left {
                divide_left(&a, &b)
            } else {
                divide_right(&a, &b)
            };
            match (expected.is_null(), r) {
                (true, Err(_)) => Ok(()),
                (true, Ok(l)) => Err(format!("expected none, got {}", layout_to_json(&l))),
                (false, Ok(c)) => {
                    let back = if left {
                        product(&b, &c)
                    } else {
                        product(&c, &b)
                    }
                    .unwrap();
                    if back != a {
                        return Err("product with the quotient is not the dividend".into());
                    }
                    eq(&c)
                }
                (false, Err(e)) => Err(e.to_string()),
            }
        }
        "column_action" => {
            let action: Vec<i64> = serde_json::from_value(get("action")).unwrap();
            eq(&column_action(&ll(&get("a")), &s("in_dim"), &action).unwrap())
        }
        "to_linear_layout" => {
            let enc = parse_json(&get("encoding").to_string()).unwrap();
            let shape: Vec<i64> = serde_json::from_value(get("shape")).unwrap();
            let got = to_linear_layout(&enc, &shape).map_err(|e| e.to_string())?;
            eq(&got)
        }
        "optimal_swizzling_ldst" => {
            let (src, dst) = (ll(&get("src")), ll(&get("dst")));
            let bw = get("bitwidth").as_i64().unwrap();
            let ch = optimal_swizzling(&src, &dst, bw).map_err(|e| e.to_string())?;
            let w = count(&access(&src, &ch.smem, bw).unwrap());
            let r = count(&access(&dst, &ch.smem, bw).unwrap());
            let wb = brute_force(&access(&src, &ch.smem, bw).unwrap()).unwrap();
            let rb = brute_force(&access(&dst, &ch.smem, bw).unwrap()).unwrap();
            let want_r = expected["read_bank_conflicts"].as_i64().unwrap();
            let want_w = expected["write_bank_conflicts"].as_i64().unwrap();
            if (w, r, wb, rb) != (want_w, want_r, want_w, want_r) || !ch.smem.is_invertible() {
                return Err(format!(
                    "conflicts w={w} r={r} (brute {wb} {rb}) vector {}",
                    ch.vector
                ));
            }
            Ok(())
        }
        other => Err(format!("unknown op {other}")),
    }
}

#[test]
fn triton_reference_cases() {
    let data: J = serde_json::from_str(&std::fs::read_to_string(ORACLE).unwrap()).unwrap();
    let cases = data["cases"].as_array().unwrap();
    assert_eq!(cases.len(), 66);
    let (mut passed, mut failures) = (0, Vec::new());
    for case in cases {
        let vectors: Vec<J> = match case["vectors"].as_array() {
            Some(v) => v.clone(),
            None => vec![J::Null],
        };
        for (k, v) in vectors.iter().enumerate() {
            let v = if v.is_null() {
                serde_json::json!({})
            } else {
                v.clone()
            };
            match std::panic::catch_unwind(|| check(case, &v)) {
                Ok(Ok(())) => passed += 1,
                Ok(Err(m)) => failures.push(format!("{}[{k}]: {m}", case["id"])),
                Err(_) => failures.push(format!("{}[{k}]: panicked", case["id"])),
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} passed, {} failed:\n{}",
        passed,
        failures.len(),
        failures.join("\n")
    );
    assert_eq!(passed, 165);
}

/// Answer a file of requests (`{"op": ..., "args": [...]}` per line, args as strings) through
/// `linear::call_text`, one JSON answer per line, and time the answering loop. Used by
/// `bench/linear_vs_triton.py` (differential check and throughput); ignored in normal runs.
/// Input: `LINEAR_REQUESTS`; output: `LINEAR_ANSWERS`; `LINEAR_REPEAT` repeats the timed loop.
#[test]
#[ignore]
fn answer_request_file() {
    let Ok(input) = std::env::var("LINEAR_REQUESTS") else {
        return;
    };
    let out = std::env::var("LINEAR_ANSWERS").expect("LINEAR_ANSWERS");
    let repeat: usize = std::env::var("LINEAR_REPEAT")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1);
    let text = std::fs::read_to_string(input).unwrap();
    let reqs: Vec<(String, Vec<String>)> = text
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            let j: J = serde_json::from_str(l).unwrap();
            let args = j["args"]
                .as_array()
                .unwrap()
                .iter()
                .map(|a| a.as_str().unwrap().to_string())
                .collect();
            (j["op"].as_str().unwrap().to_string(), args)
        })
        .collect();
    // Parsed layouts for the timed loop (parsing is not what is measured).
    use layout_algebra::linear::parse_linear;
    let parsed: Vec<(String, Vec<Option<LinearLayout>>)> = reqs
        .iter()
        .map(|(op, args)| {
            (
                op.clone(),
                args.iter().map(|a| parse_linear(a).ok()).collect(),
            )
        })
        .collect();
    let mut answers = String::new();
    for (op, args) in &reqs {
        let refs: Vec<&str> = args.iter().map(String::as_str).collect();
        let r = layout_algebra::linear::call_text(op, &refs).expect("known op");
        match r {
            Ok(Value::Json(s)) => answers.push_str(&s),
            Ok(v) => answers.push_str(&serde_json::to_string(&text::print(&v)).unwrap()),
            Err(e) => answers.push_str(&serde_json::json!({"error": e.to_string()}).to_string()),
        }
        answers.push('\n');
    }
    std::fs::write(out, answers).unwrap();
    let mut per_op: std::collections::BTreeMap<String, (usize, f64)> = Default::default();
    for (op, lls) in &parsed {
        let Some(a) = lls.first().cloned().flatten() else {
            continue;
        };
        let b = lls.get(1).cloned().flatten();
        let t = std::time::Instant::now();
        let mut sink = 0usize;
        for _ in 0..repeat {
            let r = match (op.as_str(), &b) {
                ("linear_compose", Some(b)) => compose(&a, b).map(|l| l.ins().len()),
                ("linear_invert", _) => invert(&a).map(|l| l.ins().len()),
                ("linear_invert_and_compose", Some(b)) => {
                    invert_and_compose(&a, b).map(|l| l.ins().len())
                }
                ("linear_product", Some(b)) => product(&a, b).map(|l| l.ins().len()),
                _ => Ok(0),
            };
            sink += r.unwrap_or(0);
        }
        let e = per_op.entry(op.clone()).or_default();
        e.0 += repeat;
        e.1 += t.elapsed().as_secs_f64();
        std::hint::black_box(sink);
    }
    for (op, (n, secs)) in per_op {
        println!("TIMING {op} {n} {secs:.6}");
    }
}
