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
    "/../tests/data/oracle/triton_linear_layout_cases.json"
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

// ---------------------------------------------------------------------------------------
// Random layouts for the laws.

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: u64) -> u64 {
        if n == 0 {
            0
        } else {
            self.next() % n
        }
    }
    fn chance(&mut self, p: f64) -> bool {
        (self.next() % 1000) as f64 / 1000.0 < p
    }
}

const INS: [&str; 4] = ["register", "lane", "warp", "block"];
const OUTS: [&str; 3] = ["dim0", "dim1", "dim2"];

fn rand_outs(r: &mut Rng) -> Vec<(String, i64)> {
    let k = 1 + r.below(3) as usize;
    (0..k)
        .map(|j| (OUTS[j].to_string(), 1i64 << r.below(5)))
        .collect()
}

fn rand_vec(r: &mut Rng, outs: &[(String, i64)]) -> Vec<i64> {
    outs.iter()
        .map(|(_, s)| {
            let bits = s.trailing_zeros() as u64;
            if bits == 0 {
                0
            } else if r.chance(0.6) {
                if r.chance(0.2) {
                    0
                } else {
                    1 << r.below(bits)
                }
            } else {
                r.below(*s as u64) as i64
            }
        })
        .collect()
}

fn rand_layout_with(r: &mut Rng, ins: &[(String, usize)], outs: &[(String, i64)]) -> LinearLayout {
    let ins = ins
        .iter()
        .map(|(n, k)| (n.clone(), (0..*k).map(|_| rand_vec(r, outs)).collect()))
        .collect();
    LinearLayout::new(ins, outs.to_vec()).unwrap()
}

fn rand_ins(r: &mut Rng) -> Vec<(String, usize)> {
    let k = 1 + r.below(4) as usize;
    (0..k)
        .map(|i| (INS[i].to_string(), r.below(5) as usize))
        .collect()
}

fn rand_layout(r: &mut Rng) -> LinearLayout {
    let outs = rand_outs(r);
    let ins = rand_ins(r);
    rand_layout_with(r, &ins, &outs)
}

/// A random bijection onto `outs` (columns: a shuffled unit basis mixed by XORs).
fn rand_invertible(r: &mut Rng, outs: &[(String, i64)], in_names: &[&str]) -> LinearLayout {
    let n: u32 = outs.iter().map(|(_, s)| s.trailing_zeros()).sum();
    let mut cols: Vec<u64> = (0..n).map(|i| 1u64 << i).collect();
    for i in (1..cols.len()).rev() {
        let j = r.below(i as u64 + 1) as usize;
        cols.swap(i, j);
    }
    for _ in 0..(2 * n) {
        if n >= 2 {
            let i = r.below(n as u64) as usize;
            let j = r.below(n as u64) as usize;
            if i != j {
                cols[i] ^= cols[j];
            }
        }
    }
    let unpack = |mut x: u64| -> Vec<i64> {
        outs.iter()
            .map(|(_, s)| {
                let b = s.trailing_zeros();
                let v = (x & ((1u64 << b) - 1)) as i64;
                x >>= b;
                v
            })
            .collect()
    };
    let mut ins = Vec::new();
    let mut at = 0usize;
    for (i, name) in in_names.iter().enumerate() {
        let take = if i + 1 == in_names.len() {
            cols.len() - at
        } else {
            r.below((cols.len() - at) as u64 + 1) as usize
        };
        ins.push((
            name.to_string(),
            cols[at..at + take].iter().map(|&c| unpack(c)).collect(),
        ));
        at += take;
    }
    LinearLayout::new(ins, outs.to_vec()).unwrap()
}

/// Every point of the in space (small layouts only), as (name, value) lists.
fn all_points(l: &LinearLayout) -> Vec<Vec<(String, i64)>> {
    let bits = l.total_in_bits().min(12);
    (0..1i64 << bits)
        .map(|mut x| {
            l.ins()
                .iter()
                .map(|d| {
                    let k = d.bases.len();
                    let v = x & ((1 << k) - 1);
                    x >>= k;
                    (d.name.clone(), v)
                })
                .collect()
        })
        .collect()
}

fn sorted(mut v: Vec<(String, i64)>) -> Vec<(String, i64)> {
    v.sort();
    v
}

/// Apply by brute force: XOR of the unpacked bases of the set bits, per out dimension.
fn apply_slow(l: &LinearLayout, p: &[(String, i64)]) -> Vec<(String, i64)> {
    let mut acc = vec![0i64; l.outs().len()];
    for (i, d) in l.ins().iter().enumerate() {
        let v = p.iter().find(|(n, _)| *n == d.name).unwrap().1;
        for (k, b) in l.bases_of(i).iter().enumerate() {
            if v >> k & 1 == 1 {
                for (a, x) in acc.iter_mut().zip(b) {
                    *a ^= x;
                }
            }
        }
    }
    l.outs().iter().map(|d| d.name.clone()).zip(acc).collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn apply_is_xor_of_bases(seed in 1u64..u64::MAX) {
        let mut r = Rng(seed);
        let l = rand_layout(&mut r);
        for p in all_points(&l).into_iter().take(64) {
            prop_assert_eq!(l.apply(&p).unwrap(), apply_slow(&l, &p));
        }
    }

    #[test]
    fn compose_is_associative_and_applies_in_sequence(seed in 1u64..u64::MAX) {
        let mut r = Rng(seed);
        let a = rand_layout(&mut r);
        let mid: Vec<(String, usize)> = a.outs().iter().map(|d| (d.name.clone(), d.log2 as usize + r.below(2) as usize)).collect();
        let outs_b = rand_outs(&mut r);
        let b = rand_layout_with(&mut r, &mid, &outs_b);
        let c_ins: Vec<(String, usize)> = b.outs().iter().map(|d| (d.name.clone(), d.log2 as usize)).collect();
        let c = rand_layout_with(&mut r, &c_ins, &[("x".to_string(), 8), ("y".to_string(), 4)]);
        let ab = compose(&a, &b).unwrap();
        let left = compose(&ab, &c).unwrap();
        let right = compose(&a, &compose(&b, &c).unwrap()).unwrap();
        prop_assert_eq!(&left, &right);
        for p in all_points(&a).into_iter().take(32) {
            let via = b.apply(&a.apply(&p).unwrap()).unwrap();
            prop_assert_eq!(ab.apply(&p).unwrap(), via);
        }
    }

    #[test]
    fn invert_is_a_two_sided_inverse(seed in 1u64..u64::MAX) {
        let mut r = Rng(seed);
        let outs = rand_outs(&mut r);
        let l = rand_invertible(&mut r, &outs, &["register", "lane", "warp"]);
        prop_assert!(l.is_invertible());
        let inv = invert(&l).unwrap();
        // inv(l(x)) = x for all x, and l(inv(y)) = y for all y.
        for p in all_points(&l).into_iter().take(128) {
            prop_assert_eq!(sorted(inv.apply(&l.apply(&p).unwrap()).unwrap()), sorted(p.clone()));
        }
        for q in all_points(&inv).into_iter().take(128) {
            prop_assert_eq!(sorted(l.apply(&inv.apply(&q).unwrap()).unwrap()), sorted(q.clone()));
        }
        prop_assert_eq!(&invert(&inv).unwrap(), &l);
    }

    #[test]
    fn invert_and_compose_satisfies_its_contract(seed in 1u64..u64::MAX) {
        let mut r = Rng(seed);
        let outs = rand_outs(&mut r);
        // outer: surjective (an invertible map with extra random bits), this: anything.
        let inv = rand_invertible(&mut r, &outs, &["register", "lane"]);
        let nw = r.below(3) as usize;
        let extra = rand_layout_with(&mut r, &[("warp".to_string(), nw)], &outs);
        let outer = layout_algebra::linear::product::concat_ins(&inv, &extra).unwrap();
        let this_ins = rand_ins(&mut r);
        let this = rand_layout_with(&mut r, &this_ins, &outs);
        let c = invert_and_compose(&this, &outer).unwrap();
        for p in all_points(&this).into_iter().take(64) {
            let lhs = this.apply(&p).unwrap();
            let rhs = outer.apply(&c.apply(&p).unwrap()).unwrap();
            prop_assert_eq!(sorted(lhs), sorted(rhs));
        }
        // pseudoinvert is a right inverse of a surjective layout.
        let pinv = pseudoinvert(&outer).unwrap();
        for q in all_points(&pinv).into_iter().take(64) {
            prop_assert_eq!(sorted(outer.apply(&pinv.apply(&q).unwrap()).unwrap()), sorted(q.clone()));
        }
    }

    #[test]
    fn product_sizes_and_values(seed in 1u64..u64::MAX) {
        let mut r = Rng(seed);
        let a = rand_layout(&mut r);
        let b = rand_layout(&mut r);
        let p = product(&a, &b).unwrap();
        for d in p.ins() {
            let na = a.in_index(&d.name).map_or(0, |i| a.in_log2(i));
            let nb = b.in_index(&d.name).map_or(0, |i| b.in_log2(i));
            prop_assert_eq!(d.bases.len() as u32, na + nb);
        }
        for d in p.outs() {
            let na = a.out_index(&d.name).map_or(0, |j| a.outs()[j].log2);
            let nb = b.out_index(&d.name).map_or(0, |j| b.outs()[j].log2);
            prop_assert_eq!(d.log2, na + nb);
        }
        prop_assert_eq!(p.is_surjective(), a.is_surjective() && b.is_surjective());
        // Dividing the product by either factor gives the other back.
        prop_assert_eq!(&divide_left(&p, &a).unwrap(), &with_all_dims(&b, &p));
        prop_assert_eq!(&divide_right(&p, &b).unwrap(), &with_all_dims(&a, &p));
    }

    #[test]
    fn reshape_flatten_transpose_keep_the_function(seed in 1u64..u64::MAX) {
        let mut r = Rng(seed);
        let l = rand_layout(&mut r);
        let f = flatten_outs(&flatten_ins(&l).unwrap()).unwrap();
        prop_assert_eq!(f.columns().collect::<Vec<_>>(), l.columns().collect::<Vec<_>>());
        let back = reshape_outs(&f, &l.outs().iter().map(|d| (d.name.clone(), 1i64 << d.log2)).collect::<Vec<_>>()).unwrap();
        let back = reshape_ins(&back, &l.ins().iter().map(|d| (d.name.clone(), 1i64 << d.bases.len())).collect::<Vec<_>>()).unwrap();
        prop_assert_eq!(&back, &l);
        let mut names = l.out_names();
        names.reverse();
        let t = transpose_outs(&l, &names).unwrap();
        for p in all_points(&l).into_iter().take(32) {
            prop_assert_eq!(sorted(t.apply(&p).unwrap()), sorted(l.apply(&p).unwrap()));
        }
        prop_assert_eq!(&transpose_outs(&t, &l.out_names()).unwrap(), &l);
    }

    #[test]
    fn text_forms_round_trip(seed in 1u64..u64::MAX) {
        let mut r = Rng(seed);
        let l = rand_layout(&mut r);
        prop_assert_eq!(&parse_layout_json(&layout_to_json(&l)).unwrap(), &l);
        // The Triton form infers out sizes: round trip on the size-inferred layout.
        let inferred = LinearLayout::with_inferred_sizes(
            (0..l.ins().len()).map(|i| (l.ins()[i].name.clone(), l.bases_of(i))).collect(),
            l.out_names().iter().map(|s| s.to_string()).collect(),
        ).unwrap();
        if inferred.total_in_bits() > 0 {
            let text = print_triton_text(&inferred).unwrap();
            prop_assert_eq!(&parse_triton_text(&text).unwrap(), &inferred);
        } else {
            prop_assert!(print_triton_text(&inferred).is_err());
        }
    }

    #[test]
    fn cute_linear_cute_round_trip(seed in 1u64..u64::MAX) {
        let mut r = Rng(seed);
        let f = rand_cute(&mut r);
        let size = f.size().unwrap();
        let l = from_cute(&f, &["x"], "offset").unwrap();
        let g = to_cute(&l).unwrap();
        for x in 0..size {
            let lin = l.apply(&[("x".to_string(), x)]).unwrap()[0].1;
            prop_assert_eq!(lin, f.apply(x).unwrap(), "from_cute({}) at {}", text::print(&Value::Func(f.clone())), x);
            prop_assert_eq!(g.apply(x).unwrap(), f.apply(x).unwrap(), "to_cute gave {}", text::print(&Value::Func(g.clone())));
        }
        // Per-mode in dimensions convert too and give the same function.
        let names: Vec<String> = layout_algebra::linear::from_cute::default_in_names(&f).unwrap();
        let lm = from_cute(&f, &names.iter().map(String::as_str).collect::<Vec<_>>(), "offset").unwrap();
        prop_assert_eq!(lm.columns().collect::<Vec<_>>(), l.columns().collect::<Vec<_>>());
    }

    #[test]
    fn bank_conflict_count_matches_brute_force(seed in 1u64..u64::MAX) {
        let mut r = Rng(seed);
        let outs: Vec<(String, i64)> = vec![("dim0".into(), 1 << (2 + r.below(4))), ("dim1".into(), 1 << (2 + r.below(4)))];
        let smem = rand_invertible(&mut r, &outs, &["offset"]);
        let n: u32 = outs.iter().map(|(_, s)| s.trailing_zeros()).sum();
        let lanes = 5.min(n as usize);
        let regs = r.below((n as usize - lanes) as u64 + 1) as usize;
        let reg = rand_layout_with(&mut r, &[("register".into(), regs), ("lane".into(), lanes)], &outs);
        let bw = [8, 16, 32, 64, 128][r.below(5) as usize];
        let acc = access(&reg, &smem, bw).unwrap();
        prop_assert_eq!(count(&acc), brute_force(&acc).unwrap());
    }

    #[test]
    fn chosen_swizzle_is_conflict_free(seed in 1u64..u64::MAX) {
        let mut r = Rng(seed);
        let outs: Vec<(String, i64)> = vec![("dim0".into(), 1 << (3 + r.below(3))), ("dim1".into(), 1 << (3 + r.below(3)))];
        let src = rand_invertible(&mut r, &outs, &["register", "lane", "warp"]);
        let dst = rand_invertible(&mut r, &outs, &["register", "lane", "warp"]);
        let src = fix_lanes(&src);
        let dst = fix_lanes(&dst);
        let bw = [8, 16, 32, 64][r.below(4) as usize];
        let ch = optimal_swizzling(&src, &dst, bw).unwrap();
        prop_assert!(ch.smem.is_invertible());
        if (ch.write_conflicts, ch.read_conflicts) != (0, 0) {
            eprintln!("src {}\ndst {}\nsmem {}\nbw {bw} vec {}", layout_to_json(&src), layout_to_json(&dst), layout_to_json(&ch.smem), ch.vector);
        }
        prop_assert_eq!((ch.write_conflicts, ch.read_conflicts), (0, 0));
        prop_assert_eq!(brute_force(&access(&src, &ch.smem, bw).unwrap()).unwrap(), 0);
        prop_assert_eq!(brute_force(&access(&dst, &ch.smem, bw).unwrap()).unwrap(), 0);
    }
}

/// `l` with the in and out dimensions of `like` it lacks added (size 1), in `like`'s order:
/// the shape `divide_*` returns.
fn with_all_dims(l: &LinearLayout, like: &LinearLayout) -> LinearLayout {
    let ins = like
        .ins()
        .iter()
        .map(|d| match l.in_index(&d.name) {
            Some(i) => (d.name.clone(), l.bases_of(i)),
            None => (d.name.clone(), vec![]),
        })
        .collect::<Vec<_>>();
    let outs: Vec<(String, i64)> = like
        .outs()
        .iter()
        .map(|d| {
            (
                d.name.clone(),
                l.out_index(&d.name).map_or(1, |j| l.out_size(j)),
            )
        })
        .collect();
    // Re-express l's bases over like's out dims.
    let ins = ins
        .into_iter()
        .map(|(n, bases)| {
            let bases = bases
                .into_iter()
                .map(|b| {
                    like.outs()
                        .iter()
                        .map(|d| l.out_index(&d.name).map_or(0, |j| b[j]))
                        .collect()
                })
                .collect();
            (n, bases)
        })
        .collect();
    LinearLayout::new(ins, outs).unwrap()
}

/// Make the lane dimension exactly 5 bits (move bits from/to registers), like a real warp.
fn fix_lanes(l: &LinearLayout) -> LinearLayout {
    let cols: Vec<Vec<i64>> = (0..l.ins().len()).flat_map(|i| l.bases_of(i)).collect();
    let n = cols.len();
    let lanes = 5.min(n);
    let warps = (n - lanes).min(1);
    let regs = n - lanes - warps;
    let ins = vec![
        ("register".to_string(), cols[..regs].to_vec()),
        ("lane".to_string(), cols[regs..regs + lanes].to_vec()),
        ("warp".to_string(), cols[regs + lanes..].to_vec()),
    ];
    LinearLayout::new(
        ins,
        l.outs()
            .iter()
            .map(|d| (d.name.clone(), 1i64 << d.log2))
            .collect(),
    )
    .unwrap()
}

/// A random power-of-two CuTe layout with distinct power-of-two (or zero) strides, sometimes
/// swizzled: coordinate bits get distinct offset bits; runs of consecutive offset bits form
/// one mode.
fn rand_cute(r: &mut Rng) -> layout_algebra::Func {
    let nbits = 1 + r.below(10) as u32;
    let mut pos: Vec<u32> = (0..nbits + r.below(3) as u32).collect();
    for i in (1..pos.len()).rev() {
        let j = r.below(i as u64 + 1) as usize;
        pos.swap(i, j);
    }
    let mut modes: Vec<(i64, i64)> = Vec::new();
    let mut t = 0usize;
    while t < nbits as usize {
        if r.chance(0.1) {
            modes.push((2, 0));
            t += 1;
            continue;
        }
        let start = pos[t];
        let mut k = 1;
        while t + k < nbits as usize && pos[t + k] == start + k as u32 && r.chance(0.7) {
            k += 1;
        }
        modes.push((1i64 << k, 1i64 << start));
        t += k;
    }
    let shape: Vec<String> = modes.iter().map(|m| m.0.to_string()).collect();
    let stride: Vec<String> = modes.iter().map(|m| m.1.to_string()).collect();
    let lay = format!("({}):({})", shape.join(","), stride.join(","));
    let cosize_bits =
        64 - (modes.iter().map(|m| (m.0 - 1) * m.1).sum::<i64>() as u64).leading_zeros() as i64;
    let b = 1 + r.below(3) as i64;
    let s = b + r.below(3) as i64;
    let m = r.below(3) as i64;
    let sign = if r.chance(0.25) { -1 } else { 1 };
    let text = if r.chance(0.6) && b + m + s <= cosize_bits {
        format!("Sw<{b},{m},{}> o 0 o {lay}", sign * s)
    } else {
        lay
    };
    match text::parse(&text).unwrap() {
        Value::Func(f) => f,
        v => panic!("{v:?}"),
    }
}

fn err_of<T: std::fmt::Debug>(r: layout_algebra::Result<T>) -> String {
    r.unwrap_err().to_string()
}

fn lj(s: &str) -> LinearLayout {
    layout_algebra::linear::parse_linear(s).unwrap()
}

#[test]
fn errors_name_the_failed_condition() {
    let e = err_of(LinearLayout::new(
        vec![("in".into(), vec![vec![1]])],
        vec![("out".into(), 3)],
    ));
    assert!(
        e.contains("out dimension 'out' has size 3, which is not a power of two"),
        "{e}"
    );
    let e = err_of(LinearLayout::new(
        vec![("in".into(), vec![vec![4]])],
        vec![("out".into(), 4)],
    ));
    assert!(
        e.contains("component 4 for out dimension 'out', outside [0, 4)"),
        "{e}"
    );
    let e = err_of(LinearLayout::new(
        vec![("a".into(), vec![]), ("a".into(), vec![])],
        vec![],
    ));
    assert!(e.contains("in dimension 'a' appears twice"), "{e}");

    let sq =
        lj(r#"{"in_dims":[{"name":"i","bases":[[1],[1]]}],"out_dims":[{"name":"o","size":4}]}"#);
    let e = err_of(invert(&sq));
    assert!(e.contains("rank 1 < 2"), "{e}");
    let wide = lj(
        r#"{"in_dims":[{"name":"i","bases":[[1],[2],[0]]}],"out_dims":[{"name":"o","size":4}]}"#,
    );
    assert!(err_of(invert(&wide)).contains("3 input bits and 2 output bits"));

    let a =
        lj(r#"{"in_dims":[{"name":"i","bases":[[1],[2]]}],"out_dims":[{"name":"x","size":4}]}"#);
    let b =
        lj(r#"{"in_dims":[{"name":"y","bases":[[1],[2]]}],"out_dims":[{"name":"o","size":4}]}"#);
    assert!(err_of(compose(&a, &b)).contains("are not the in dimensions of the second [y]"));
    let small =
        lj(r#"{"in_dims":[{"name":"x","bases":[[1]]}],"out_dims":[{"name":"o","size":2}]}"#);
    assert!(
        err_of(compose(&a, &small)).contains("larger than the second layout's in dimension 'x'")
    );

    // invert_and_compose: the outer layout does not reach the image.
    let outer =
        lj(r#"{"in_dims":[{"name":"j","bases":[[1],[0]]}],"out_dims":[{"name":"x","size":4}]}"#);
    let e = err_of(invert_and_compose(&a, &outer));
    assert!(
        e.contains("image [2] of bit 1 of in dimension 'i' is not reached"),
        "{e}"
    );
    assert!(err_of(pseudoinvert(&outer)).contains("not reached"));

    // Divisions without a quotient.
    let e = err_of(divide_left(
        &a,
        &lj(r#"{"in_dims":[{"name":"i","bases":[[2]]}],"out_dims":[{"name":"x","size":4}]}"#),
    ));
    assert!(e.starts_with("divide_left: no such layout"), "{e}");

    // More than 64 bits.
    let big = LinearLayout::identity1d(1 << 40, "i", "o").unwrap();
    let big2 = LinearLayout::identity1d(1 << 30, "j", "p").unwrap();
    assert!(err_of(product(&big, &big2)).contains("at most 64 are supported"));

    // Apply out of range, unknown dims.
    assert!(err_of(a.apply(&[("i".into(), 4)])).contains("outside [0, 4)"));
    assert!(err_of(a.apply(&[("k".into(), 0)])).contains("'k' is not an in dimension"));

    // CuTe layouts that are not linear.
    let cute = |s: &str| match text::parse(s).unwrap() {
        Value::Func(f) => f,
        v => panic!("{v:?}"),
    };
    let e = err_of(from_cute(&cute("(4,2):(1,3)"), &["x"], "o"));
    assert!(
        e.contains("stride 3, which is neither 0 nor a power of two"),
        "{e}"
    );
    let e = err_of(from_cute(&cute("(3,2):(1,4)"), &["x"], "o"));
    assert!(e.contains("size 3, which is not a power of two"), "{e}");
    let e = err_of(from_cute(&cute("(2,2):(1,1)"), &["x"], "o"));
    assert!(e.contains("both reach offset 1"), "{e}");
    let e = err_of(from_cute(&cute("Sw<1,0,1> o 4 o (4):(1)"), &["x"], "o"));
    assert!(e.contains("adds the offset 4"), "{e}");
    let e = err_of(from_cute(&cute("(4,?):(1,4)"), &["x"], "o"));
    assert!(e.contains("dynamic"), "{e}");

    // A linear layout with no CuTe form.
    let e = err_of(to_cute(&lj("#ttg.linear<{register = [[3], [5], [6]]}>")));
    assert!(
        e.contains("no swizzle Sw<B,M,S> separates the images"),
        "{e}"
    );

    // Text errors carry byte offsets.
    let e =
        layout_algebra::linear::parse_linear("#ttg.linear<{register = [[0, 1]], lane = [[1]]}>")
            .unwrap_err();
    assert_eq!(e.offset(), Some(41), "{e}");
    let e = layout_algebra::linear::parse_linear(r#"{"in_dims": [}"#).unwrap_err();
    assert_eq!(e.offset(), Some(13), "{e}");
    assert!(layout_algebra::linear::parse_linear("8:1").is_err());

    // Bank conflicts: bitwidth and dimensions.
    let r = lj("#ttg.linear<{register = [[1]], lane = [[2], [4], [8], [16], [32]]}>");
    let s =
        lj("#ttg.shared_linear<{offset = [[1], [2], [4], [8], [16], [32], [64]]}, alignment = 16>");
    assert!(err_of(access(&r, &s, 12)).contains("bitwidth 12"));
    assert!(err_of(access(&s, &s, 16)).contains("no 'register' in dimension"));
}

#[test]
fn dispatch_by_name() {
    use layout_algebra::linear::{call_text, call_text_at};
    use layout_algebra::ops;
    let names = ops::all_op_names();
    for op in layout_algebra::linear::OP_NAMES {
        assert!(names.contains(op), "{op}");
    }
    let run = |op: &str, args: &[&str]| -> String {
        match call_text(op, args).unwrap() {
            Ok(v) => text::print(&v),
            Err(e) => format!("error: {e}"),
        }
    };
    let a = r#"{"in_dims":[{"name":"in1","size":4,"bases":[[1,1],[0,1]]},{"name":"in2","size":4,"bases":[[1,0],[1,2]]}],"out_dims":[{"name":"out1","size":2},{"name":"out2","size":4}]}"#;
    let b = r#"{"in_dims":[{"name":"out1","size":4,"bases":[[2,2],[1,0]]},{"name":"out2","size":4,"bases":[[1,1],[2,1]]}],"out_dims":[{"name":"out3","size":4},{"name":"out4","size":4}]}"#;
    assert_eq!(
        run("linear_compose", &[a, b]),
        r#"{"in_dims":[{"name":"in1","size":4,"bases":[[3,3],[1,1]]},{"name":"in2","size":4,"bases":[[2,2],[0,3]]}],"out_dims":[{"name":"out3","size":4},{"name":"out4","size":4}]}"#
    );
    // Through ops::call with raw text carried as Value::Json.
    let v = ops::call("linear_is_surjective", &[Value::Json(a.to_string())]).unwrap();
    assert_eq!(text::print(&v), "true");
    // Triton's text form in and out.
    let t = "#ttg.linear<{register = [[0, 1], [8, 0]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [], block = []}>";
    assert_eq!(run("linear_to_triton", &[t]), format!("{:?}", t));
    assert_eq!(
        run(
            "linear_apply",
            &[t, r#"{"register":3,"lane":5,"warp":0,"block":0}"#]
        ),
        r#"{"dim0":9,"dim1":3}"#
    );
    // MMA v2 accumulator: registers [0,1], [8,0] over dim0 x dim1 = 16 x 8, read row-major
    // (dim1 fastest): flat 1 and 64, lanes from 2: each thread holds column pairs.
    assert_eq!(run("linear_vector_width", &[t]), "2");
    // Issue 32: sizePerThread [1, 8] with order [1, 0] is 8 consecutive elements of a row
    // (registers [0,1], [0,2], [0,4]; flat 1, 2, 4; lanes and warps from 8), in every text
    // form that carries its shape.
    let blocked = "#ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>";
    let typed = format!("tensor<16x64xf16, {blocked}>");
    assert_eq!(run("linear_vector_width", &[&typed]), "8");
    let via_encoding = run("linear_encoding", &[blocked, "[16,64]"]);
    assert_eq!(run("linear_vector_width", &[&via_encoding]), "8");
    assert_eq!(run("linear_print", &[&typed]), via_encoding);
    let v = ops::call("linear_vector_width", &[Value::Json(typed.clone())]).unwrap();
    assert_eq!(text::print(&v), "8");
    // Alone, an encoding has no shape: the error says how to give one.
    let e = run("linear_vector_width", &[blocked]);
    assert!(
        e.contains("#ttg.blocked is an encoding, whose layout depends on the tensor shape"),
        "{e}"
    );
    assert_eq!(run("linear_rank", &[t]), "7");
    assert_eq!(
        run("linear_free_variable_masks", &[t]),
        r#"{"register":0,"lane":0,"warp":0,"block":0}"#
    );
    // CuTe <-> linear.
    let l = run("linear_from_cute", &["Sw<3,4,3> o 0 o (8,64):(64,1)"]);
    assert!(
        l.starts_with(r#"{"in_dims":[{"name":"dim0","size":8,"bases":[[64],[144],[288]]}"#),
        "{l}"
    );
    assert_eq!(
        run("linear_to_cute", &[&l]),
        "Sw<3,4,3> o 0 o (8,64):(64,1)"
    );
    assert_eq!(run("linear_to_cute", &["(4,8):(8,1)"]), "(4,8):(8,1)");
    // Encodings, analyses.
    let enc = r#"{"kind":"nvidia_mma","version":[2,0],"instr_shape":[16,8],"warps_per_cta":[1,1]}"#;
    let mma = run("linear_encoding", &[enc, "[16,16]"]);
    assert_eq!(
        run("linear_to_triton", &[&mma]),
        format!("{:?}", t.replace("[8, 0]]", "[8, 0], [0, 8]]"))
    );
    let smem = run(
        "linear_encoding",
        &[
            r#"{"kind":"nvmma_shared","swizzle_bytes":32,"element_bitwidth":16,"transposed":false}"#,
            "[16,16]",
        ],
    );
    assert_eq!(run("linear_bank_conflicts", &[&mma, &smem, "16"]), "0");
    let plain = run(
        "linear_encoding",
        &[
            r#"{"kind":"nvmma_shared","swizzle_bytes":0,"element_bitwidth":16,"transposed":false}"#,
            "[16,16]",
        ],
    );
    assert_eq!(run("linear_bank_conflicts", &[&mma, &plain, "16"]), "1");
    let detail = run("linear_smem_access", &[&mma, &plain, "16"]);
    assert!(
        detail.starts_with(
            r#"{"vector":2,"bytes":4,"lanes_per_phase":32,"conflicts":1,"wavefronts_per_phase":2"#
        ),
        "{detail}"
    );
    let sw = run("linear_optimal_swizzling", &[&mma, &mma, "16"]);
    assert!(
        sw.ends_with(r#""vector":8,"write_conflicts":0,"read_conflicts":0}"#),
        "{sw}"
    );
    // Errors name the argument.
    let r = call_text_at("linear_compose", &[a, "{\"in_dims\": [}"]).unwrap();
    let (e, at) = r.unwrap_err();
    assert_eq!((e.offset(), at), (Some(13), Some(1)));
    assert!(run("linear_compose", &[a]).contains("expected 2 arguments, got 1"));
    assert!(call_text("composition", &["8:1", "2:1"]).is_none());
}

#[test]
fn cute_shared_layouts_in_the_bank_model() {
    use layout_algebra::linear::{call_text, call_text_at};
    let run = |op: &str, args: &[&str]| -> String {
        match call_text(op, args).unwrap() {
            Ok(v) => text::print(&v),
            Err(e) => format!("error: {e}"),
        }
    };
    let _ = call_text_at;
    let mma = run(
        "linear_encoding",
        &[
            r#"{"kind":"nvidia_mma","version":[2,0],"instr_shape":[16,8],"warps_per_cta":[1,1]}"#,
            "[16,16]",
        ],
    );
    // A CuTe shared layout (coordinates -> offset): row-major 16x16 f16 has 2-way conflicts.
    assert_eq!(
        run("linear_bank_conflicts", &[&mma, "(16,16):(16,1)", "16"]),
        "1"
    );
    // The swizzle chosen for (mma, mma), as a CuTe layout, is conflict-free.
    let ch = run("linear_optimal_swizzling", &[&mma, &mma, "16"]);
    let j = parse_json(&ch).unwrap();
    let smem = layout_to_json(
        &layout_algebra::linear::json::layout_from_json(j.get("smem").unwrap()).unwrap(),
    );
    let coords_to_offset = run("linear_invert", &[&smem]);
    let cute = run("linear_to_cute", &[&coords_to_offset]);
    assert_eq!(
        run("linear_bank_conflicts", &[&mma, &cute, "16"]),
        "0",
        "{cute}"
    );
    assert_eq!(run("linear_bank_conflicts", &[&mma, &smem, "16"]), "0");
    eprintln!("chosen swizzle as CuTe: {cute}");
}

/// Bad input never panics: every operation on arguments drawn from valid, mutated and hostile
/// texts returns a value or an error.
#[test]
fn no_operation_panics_on_bad_input() {
    let big_dim = format!(
        r#"{{"in_dims":[{{"name":"r","bases":[{}]}}],"out_dims":[{{"name":"o","size":1}}]}}"#,
        vec!["[0]"; 64].join(",")
    );
    let wide_out = r#"{"in_dims":[{"name":"r","bases":[[4611686018427387903]]}],"out_dims":[{"name":"o","size":4611686018427387904}]}"#;
    let pool: Vec<String> = vec![
        r#"{"in_dims":[{"name":"register","bases":[[1,0],[0,1]]},{"name":"lane","bases":[[2,0],[0,2],[0,0],[4,4],[1,1]]}],"out_dims":[{"name":"dim0","size":8},{"name":"dim1","size":8}]}"#.into(),
        r#"{"in_dims":[{"name":"offset","bases":[[1],[2],[4],[8],[16],[32]]}],"out_dims":[{"name":"dim0","size":64}]}"#.into(),
        "#ttg.linear<{register = [[0, 1], [8, 0]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [], block = []}>".into(),
        "#ttg.linear<{}>".into(),
        "{}".into(),
        big_dim,
        wide_out.into(),
        r#"{"in_dims":[{"name":"a","bases":[[-1]]}],"out_dims":[{"name":"o","size":2}]}"#.into(),
        r#"{"in_dims":[{"name":"a","bases":[[1]]}],"out_dims":[{"name":"o","size":-2}]}"#.into(),
        r#"{"in_dims":[{"name":"a","size":3,"bases":[[1]]}],"out_dims":["o"]}"#.into(),
        "Sw<3,4,3> o 0 o (8,64):(64,1)".into(),
        "(4611686018427387904,2):(1,4611686018427387904)".into(),
        "(2,2):(1,1)".into(),
        "Sw<2,0,-2>".into(),
        "register".into(),
        r#"["register","lane"]"#.into(),
        r#"[["x",4611686018427387904],["y",4]]"#.into(),
        r#"{"register":9223372036854775807,"lane":-1}"#.into(),
        r#"{"kind":"blocked","size_per_thread":[1],"threads_per_warp":[4611686018427387904],"warps_per_cta":[1],"order":[0]}"#.into(),
        r#"{"kind":"slice","dim":5,"parent":{"kind":"nvidia_mma","version":[3,0],"instr_shape":[16,0,8],"warps_per_cta":[1,1]}}"#.into(),
        r#"{"kind":"nvmma_shared","swizzle_bytes":128,"element_bitwidth":1,"transposed":true,"fp4_padded":true}"#.into(),
        r#"{"kind":"tensor_memory","block_m":64,"block_n":4611686018427387904}"#.into(),
        "[16,16]".into(),
        "[4611686018427387904, 2]".into(),
        "[0,1,1]".into(),
        "0".into(),
        "-1".into(),
        "3".into(),
        "64".into(),
        "1024".into(),
        "4611686018427387904".into(),
        "".into(),
        "[".into(),
        "{\"in_dims\": [".into(),
        "#ttg.linear<{register = [[0, 1]], lane = [[1]]}".into(),
    ];
    let mut r = Rng(0x9e3779b97f4a7c15);
    let mut runs = 0;
    for op in layout_algebra::linear::OP_NAMES {
        for _ in 0..2000 {
            let n = r.below(4) as usize;
            let args: Vec<String> = (0..n)
                .map(|_| {
                    let s = &pool[r.below(pool.len() as u64) as usize];
                    if r.chance(0.2) && !s.is_empty() {
                        // Truncate at a character boundary.
                        let mut cut = r.below(s.len() as u64) as usize;
                        while !s.is_char_boundary(cut) {
                            cut -= 1;
                        }
                        s[..cut].to_string()
                    } else {
                        s.clone()
                    }
                })
                .collect();
            let refs: Vec<&str> = args.iter().map(String::as_str).collect();
            let res = std::panic::catch_unwind(|| layout_algebra::linear::call_text_at(op, &refs));
            assert!(res.is_ok(), "{op}({args:?}) panicked");
            runs += 1;
        }
    }
    assert_eq!(runs, 2000 * layout_algebra::linear::OP_NAMES.len());
}

#[test]
fn cute_swizzle_for_a_register_and_shared_pair() {
    use layout_algebra::linear::call_text;
    let run = |op: &str, args: &[&str]| -> String {
        match call_text(op, args).unwrap() {
            Ok(v) => text::print(&v),
            Err(e) => format!("error: {e}"),
        }
    };
    // A 64x64 f16 tile, row-major (CuTe's direction), read by an MMA v2 layout with 4 warps.
    let mma = run(
        "linear_encoding",
        &[
            r#"{"kind":"nvidia_mma","version":[2,0],"instr_shape":[16,8],"warps_per_cta":[2,2]}"#,
            "[64,64]",
        ],
    );
    assert_eq!(
        run("linear_bank_conflicts", &[&mma, "(64,64):(64,1)", "16"]),
        "7"
    );
    let ch = run("linear_choose_swizzle", &[&mma, "(64,64):(64,1)", "16"]);
    let j = parse_json(&ch).unwrap();
    assert_eq!(j.get("conflicts").unwrap().as_int(), Some(0), "{ch}");
    let smem = layout_to_json(
        &layout_algebra::linear::json::layout_from_json(j.get("smem").unwrap()).unwrap(),
    );
    assert_eq!(run("linear_bank_conflicts", &[&mma, &smem, "16"]), "0");
    let sw = j.get("swizzle").unwrap().as_str().unwrap().to_string();
    // The swizzled CuTe layout is the plain one under the chosen swizzle.
    assert_eq!(
        run("linear_to_cute", &[&smem]),
        format!("{sw} o 0 o (64,64):(64,1)")
    );
    let acc = access(&lj(&mma), &lj(&smem), 16).unwrap();
    assert_eq!(brute_force(&acc).unwrap(), 0);
    // Triton's direction (offset -> tensor) gives the same choice.
    let inv = run(
        "linear_invert",
        &[&run("linear_from_cute", &["(64,64):(64,1)"])],
    );
    let j2 = parse_json(&run("linear_choose_swizzle", &[&mma, &inv, "16"])).unwrap();
    assert_eq!(j2.get("swizzle").unwrap().as_str(), Some(sw.as_str()));
    let smem2 = layout_to_json(
        &layout_algebra::linear::json::layout_from_json(j2.get("smem").unwrap()).unwrap(),
    );
    assert_eq!(run("linear_bank_conflicts", &[&mma, &smem2, "16"]), "0");
    eprintln!("chosen: {sw}, vector {:?}", j.get("vector"));
}

/// Issue 10: bad input to the linear operations is an error, never a panic, and inputs past
/// the documented limits are refused quickly.
mod robustness {
    use layout_algebra::linear::call_text;
    use layout_algebra::linear::json::{layout_to_json, parse_layout_json, MAX_JSON_VALUES};
    use layout_algebra::linear::layout::LinearLayout;

    fn err(op: &str, args: &[&str]) -> String {
        match std::panic::catch_unwind(|| call_text(op, args).unwrap()) {
            Ok(Ok(v)) => panic!("{op}{args:?} accepted: {}", layout_algebra::text::print(&v)),
            Ok(Err(e)) => e.to_string(),
            Err(_) => panic!("{op}{args:?} panicked"),
        }
    }

    #[test]
    fn encodings_with_empty_or_short_lists_are_errors() {
        let blocked = |spt: &str, tpw: &str, wpc: &str, order: &str| {
            format!(
                r#"{{"kind":"blocked","size_per_thread":{spt},"threads_per_warp":{tpw},"warps_per_cta":{wpc},"order":{order}}}"#
            )
        };
        let e = err(
            "linear_encoding",
            &[&blocked("[1,1]", "[4,8]", "[]", "[1,0]"), "[16,16]"],
        );
        assert!(
            e.contains("'warps_per_cta' has 0 entries, but the encoding has rank 2"),
            "{e}"
        );
        let e = err(
            "linear_encoding",
            &[&blocked("[1,1]", "[32]", "[1,1]", "[1,0]"), "[16,16]"],
        );
        assert!(e.contains("'threads_per_warp' has 1 entries"), "{e}");
        let e = err("linear_encoding", &[&blocked("[]", "[]", "[]", "[]"), "[]"]);
        assert!(e.contains("rank 0"), "{e}");
        let e = err(
            "linear_encoding",
            &[
                r#"{"kind":"swizzled_shared","vec":1,"per_phase":1,"max_phase":1,"order":[]}"#,
                "[]",
            ],
        );
        assert!(e.contains("rank >= 1"), "{e}");
        let e = err(
            "linear_encoding",
            &[
                r#"{"kind":"nvmma_shared","swizzle_bytes":128,"element_bitwidth":16}"#,
                "[]",
            ],
        );
        assert!(e.contains("rank >= 1"), "{e}");
        let dot = format!(
            r#"{{"kind":"dot_operand","op_idx":0,"k_width":2,"parent":{}}}"#,
            blocked("[1,1]", "[4,8]", "[4]", "[1,0]")
        );
        let e = err("linear_encoding", &[&dot, "[16,16]"]);
        assert!(e.contains("'warps_per_cta' has 1 entries"), "{e}");
        let e = err(
            "linear_encoding",
            &[
                r#"{"kind":"swizzled_shared","vec":4611686018427387904,"per_phase":1,"max_phase":8,"order":[1,0]}"#,
                "[16,16]",
            ],
        );
        assert!(e.contains("integer overflow"), "{e}");
        // Fuzzer finding: a huge kWidth of a Hopper dot operand overflowed 4 * kWidth.
        let mma = r#"{"kind":"nvidia_mma","version":[3,0],"instr_shape":[16,64,16],"warps_per_cta":[4,1]}"#;
        let dot = format!(
            r#"{{"kind":"dot_operand","op_idx":0,"k_width":4611686018427387904,"parent":{mma}}}"#
        );
        let e = err("linear_encoding", &[&dot, "[64,64]"]);
        assert!(
            e.contains("k_width 4611686018427387904 is past 2^30"),
            "{e}"
        );
    }

    /// Fuzzer finding: an empty dimension name made a layout that does not re-parse.
    #[test]
    fn one_dimensional_constructors_refuse_empty_names() {
        for (op, args) in [
            ("linear_strided", vec!["4", "1", "out", "\"\""]),
            ("linear_identity", vec!["4", "\"\"", "out"]),
            ("linear_zeros", vec!["4", "in", "\"\""]),
        ] {
            let e = err(op, &args);
            assert!(e.contains("empty name"), "{op}: {e}");
        }
    }

    /// Names with control characters print as `\u00XX` escapes, which parse back.
    #[test]
    fn json_unicode_escapes_round_trip() {
        let l = parse_layout_json(
            "{\"in_dims\":[{\"name\":\"re\\u0000g\\ud83d\\ude00\",\"bases\":[[1]]}],\"out_dims\":[{\"name\":\"o\",\"size\":2}]}",
        )
        .unwrap();
        assert_eq!(l.ins()[0].name, "re\u{0}g\u{1f600}");
        let j = layout_to_json(&l);
        let back: LinearLayout = parse_layout_json(&j).unwrap();
        assert_eq!(back, l);
        assert!(parse_layout_json(
            "{\"in_dims\":[{\"name\":\"\\ud83d\",\"bases\":[]}],\"out_dims\":[]}"
        )
        .is_err());
    }

    /// Row 8 and 9 of issue 10: 100k leaves or 100k input dimensions are refused with the
    /// limit named (these took 12 s each, quadratic).
    #[test]
    fn inputs_past_the_limits_are_refused() {
        let n = 100_000;
        let l = format!("({}):({})", vec!["2"; n].join(","), vec!["0"; n].join(","));
        let e = err("linear_from_cute", &[&l]);
        assert!(e.contains("4096 leaves"), "{e}");
        let l = format!(
            "({}):({})",
            vec!["2"; 65].join(","),
            vec!["0"; 65].join(",")
        );
        let e = err("linear_from_cute", &[&l]);
        assert!(e.contains("more than 64 coordinate bits"), "{e}");
        let dims: Vec<String> = (0..n)
            .map(|i| format!(r#"{{"name":"d{i}","bases":[]}}"#))
            .collect();
        let big = format!(
            r#"{{"in_dims":[{}],"out_dims":[{{"name":"o","size":2}}]}}"#,
            dims.join(",")
        );
        let e = err("linear_rank", &[&big]);
        assert!(
            e.contains(&format!("more than {MAX_JSON_VALUES} JSON values")),
            "{e}"
        );
        let tb = vec!["[0]"; n].join(", ");
        let e = err(
            "linear_rank",
            &[&format!("#ttg.linear<{{register = [{tb}]}}>")],
        );
        assert!(e.contains("JSON values"), "{e}");
        // Within the limits: 4000 input dimensions of size 1 are fine (and fast).
        let dims: Vec<String> = (0..4000)
            .map(|i| format!(r#"{{"name":"d{i}","bases":[]}}"#))
            .collect();
        let ok = format!(
            r#"{{"in_dims":[{}],"out_dims":[{{"name":"o","size":2}}]}}"#,
            dims.join(",")
        );
        assert!(call_text("linear_rank", &[&ok]).unwrap().is_ok());
    }
}

// ---------------------------------------------------------------------------------------
// Layout conversions: convert_plan's paths, its shared-memory plans against their
// certificate, and the checker against wrong plans.

mod conversions {
    use super::Rng;
    use layout_algebra::linear::convert_certificate::verify;
    use layout_algebra::linear::convert_plan::{convert_plan, plan_to_json, Path};
    use layout_algebra::linear::convert_shared::AccessKind;
    use layout_algebra::linear::distributed::{combine, Distributed};
    use layout_algebra::linear::json::parse_layout_json;
    use layout_algebra::linear::text_forms::parse_linear;
    use layout_algebra::linear::LinearLayout;
    use serde_json::Value as J;

    fn blocked(shape: &str, spt: &str, tpw: &str, wpc: &str, order: &str) -> LinearLayout {
        parse_linear(&format!(
            "tensor<{shape}, #ttg.blocked<{{sizePerThread = [{spt}], threadsPerWarp = [{tpw}], warpsPerCTA = [{wpc}], order = [{order}]}}>>"
        ))
        .unwrap()
    }

    fn mma(shape: &str, version: u32, instr: &str) -> LinearLayout {
        parse_linear(&format!(
            "tensor<{shape}, #ttg.nvidia_mma<{{versionMajor = {version}, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [{instr}]}}>>"
        ))
        .unwrap()
    }

    /// (name, count, wavefronts) of each instruction.
    fn summary(
        src: &LinearLayout,
        dst: &LinearLayout,
        bits: i64,
    ) -> (String, Vec<(String, i64, i64)>, i64, i64) {
        let p = convert_plan(src, dst, bits, 232_448).unwrap();
        let ins = p
            .instructions
            .iter()
            .map(|i| (i.name.clone(), i.count, i.wavefronts))
            .collect();
        (p.path.name().to_string(), ins, p.cost, p.lower_bound)
    }

    fn ins(v: &[(&str, i64, i64)]) -> Vec<(String, i64, i64)> {
        v.iter().map(|(n, c, w)| (n.to_string(), *c, *w)).collect()
    }

    /// FlashAttention 3's fp8 P: the m64nNk32 accumulator rounded to 8 bits goes to WGMMA's 8-bit
    /// A fragment (Triton's dot_op of the v3 parent, kWidth 4) by shuffles of whole words: the
    /// register indices are relabeled so that rows g and g + 8 of two columns (one sender's
    /// registers) form a word; 32 bytes per thread take 8 shuffles, the bound.
    #[test]
    fn the_fp8_accumulator_reaches_the_wgmma_a_fragment_by_word_shuffles() {
        use layout_algebra::linear::convert_shuffle::relabeled;
        use layout_algebra::linear::distributed::{combine, Distributed};
        let parse = |t: &str| layout_algebra::linear::parse_linear(t).unwrap();
        let mma = "#ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 32]}>";
        let acc = parse(&format!("tensor<64x64xf8E4M3FN, {mma}>"));
        let a = parse(&format!(
            "tensor<64x64xf8E4M3FN, #ttg.dot_op<{{opIdx = 0, parent = {mma}, kWidth = 4}}>>"
        ));
        let p = convert_plan(&acc, &a, 8, 232_448).unwrap();
        assert_eq!(p.path.name(), "shuffle");
        let sp = p.shuffle.as_ref().unwrap();
        assert_eq!((sp.pack, sp.shuffles, p.lower_bound), (2, 8, 8));
        assert_ne!(sp.dst_order, (0..5).collect::<Vec<_>>());
        // Every element arrives where the fragment wants it (relabeled indices).
        let s = Distributed::from_layout(&acc, "source").unwrap();
        let d = Distributed::from_layout(&a, "destination").unwrap();
        for w in 0..4u64 {
            for r in &sp.rounds {
                for l in 0..32u64 {
                    let from = r.lane_const ^ combine(&sp.f, l);
                    let reg = r.reg_const ^ combine(&sp.h, from);
                    for q in 0..4u64 {
                        assert_eq!(
                            s.thread_base(from, w)
                                ^ combine(&s.reg, relabeled(&sp.src_order, reg | q)),
                            d.thread_base(l, w)
                                ^ combine(
                                    &d.reg,
                                    relabeled(&sp.dst_order, (r.k ^ combine(&sp.m, l)) | q)
                                )
                        );
                    }
                }
            }
        }
        // 16-bit data needs no move at all (FlashAttention 3's f16 P).
        let acc16 = parse(&format!("tensor<64x64xf16, {mma}>"));
        let a16 = parse(&format!(
            "tensor<64x64xf16, #ttg.dot_op<{{opIdx = 0, parent = {mma}, kWidth = 2}}>>"
        ));
        assert_eq!(
            convert_plan(&acc16, &a16, 16, 232_448).unwrap().path.name(),
            "registers"
        );
    }

    /// The target decides which matrix instructions a plan may use: no stmatrix before sm_90,
    /// no ldmatrix before sm_75; the plans stay certified and as cheap as the bound allows.
    #[test]
    fn older_targets_plan_without_the_matrix_instructions_they_lack() {
        use layout_algebra::linear::convert_plan::convert_plan_for;
        let acc = mma("64x64xf16", 2, "16, 8");
        let rows = blocked("64x64xf16", "1, 8", "8, 4", "4, 1", "1, 0");
        let names = |sm: i64| -> Vec<String> {
            let p = convert_plan_for(&acc, &rows, 16, 232_448, sm).unwrap();
            assert!(p.certificate.is_some());
            assert!(p.cost >= p.lower_bound);
            p.instructions.iter().map(|i| i.name.clone()).collect()
        };
        assert!(names(90).iter().any(|n| n.starts_with("stmatrix")));
        assert!(names(80).iter().all(|n| !n.starts_with("stmatrix")));
        // Rows to the accumulator: sm_80 loads with ldmatrix, sm_70 with ld.shared.
        let back = |sm: i64| -> Vec<String> {
            let p = convert_plan_for(&rows, &acc, 16, 232_448, sm).unwrap();
            p.instructions.iter().map(|i| i.name.clone()).collect()
        };
        assert!(
            back(80).iter().any(|n| n.starts_with("ldmatrix")),
            "{:?}",
            back(80)
        );
        assert!(
            back(70).iter().all(|n| !n.contains("matrix")),
            "{:?}",
            back(70)
        );
        let e = convert_plan_for(&acc, &rows, 16, 232_448, 60)
            .unwrap_err()
            .to_string();
        assert!(e.contains("the target must be an SM number from 70"), "{e}");
    }

    #[test]
    fn worked_conversions() {
        // An mma.sync accumulator of f16 to a blocked layout of 8-element rows: stmatrix.x4
        // (each 8x8 matrix of the accumulator is a row-major b16 matrix) and 16-byte loads,
        // both at the bound: 8 KiB over 4 warps is 16 wavefronts per warp and side.
        let acc = mma("64x64xf16", 2, "16, 8");
        let rows8 = blocked("64x64xf16", "1, 8", "8, 4", "4, 1", "1, 0");
        assert_eq!(
            summary(&acc, &rows8, 16),
            (
                "shared".into(),
                ins(&[
                    ("stmatrix.sync.aligned.m8n8.x4.shared.b16", 4, 4),
                    ("bar.sync", 1, 0),
                    ("ld.shared.v4.b32", 4, 4)
                ]),
                32,
                32
            )
        );
        // A blocked layout whose threads hold ldmatrix's fragment: ldmatrix on the read side.
        let pairs = blocked("64x64xf16", "1, 2", "8, 4", "4, 1", "1, 0");
        assert_eq!(
            summary(&acc, &pairs, 16).1[2],
            ("ldmatrix.sync.aligned.m8n8.x4.shared.b16".into(), 4, 4)
        );
        // A transpose of 16-bit rows: stmatrix.trans writes columns as rows.
        let cols8 = blocked("64x64xf16", "8, 1", "4, 8", "1, 4", "0, 1");
        assert_eq!(
            summary(&rows8, &cols8, 16).1[0],
            (
                "stmatrix.sync.aligned.m8n8.x4.trans.shared.b16".into(),
                4,
                4
            )
        );
        // A WGMMA accumulator of f32 (128x256, 4 warps) to 4-element rows: 16-byte stores of
        // two column pairs of two rows, conflict-free; within a 64 KiB budget, two tiles.
        let wg = mma("128x256xf32", 3, "16, 256, 16");
        let rows4 = blocked("128x256xf32", "1, 4", "1, 32", "4, 1", "1, 0");
        let (_, i, cost, lb) = summary(&wg, &rows4, 32);
        assert_eq!(
            (i[0].clone(), i[2].clone(), cost, lb),
            (
                ("st.shared.v4.b32".into(), 64, 4),
                ("ld.shared.v4.b32".into(), 64, 4),
                512,
                512
            )
        );
        let tiled = convert_plan(&wg, &rows4, 32, 65_536).unwrap();
        let sh = tiled.shared.as_ref().unwrap();
        assert_eq!(
            (
                sh.tiles(),
                sh.smem_bytes(32),
                tiled.cost,
                tiled.instructions[1].count
            ),
            (2, 65_536, 512, 3)
        );
        // The same layout: registers only.
        let same = convert_plan(&acc, &acc, 16, 232_448).unwrap();
        assert_eq!(
            (same.path, same.instructions.len(), same.register_map.len()),
            (Path::Registers, 0, 5)
        );
        // Pairs to quads of a row within one warp: shuffles, 32 words a lane lacks.
        let p2 = blocked("16x64xf16", "1, 2", "1, 32", "1, 1", "1, 0");
        let p4 = blocked("16x64xf16", "1, 4", "1, 32", "1, 1", "1, 0");
        assert_eq!(
            summary(&p2, &p4, 16),
            (
                "shuffle".into(),
                ins(&[("shfl.sync.idx.b32", 32, 0)]),
                32,
                32
            )
        );
        // A receiver whose element's source register depends on its lane: selects on both
        // sides (Triton's within-warp transfer: 32 shuffles, 64 selects).
        let t84 = blocked("32x32xf32", "1, 1", "8, 4", "1, 1", "1, 0");
        let t48 = blocked("32x32xf32", "1, 1", "4, 8", "1, 1", "1, 0");
        assert_eq!(
            summary(&t84, &t48, 32),
            (
                "shuffle".into(),
                ins(&[("shfl.sync.idx.b32", 32, 0), ("selp.b32", 64, 0)]),
                32,
                32
            )
        );
        // A transpose inside a warp would need 15 selects a word: shared memory is cheaper.
        let r4 = blocked("32x32xf32", "1, 4", "4, 8", "1, 1", "1, 0");
        let c4 = blocked("32x32xf32", "4, 1", "8, 4", "1, 1", "0, 1");
        assert_eq!(summary(&r4, &c4, 32).0, "shared");
    }

    #[test]
    fn bad_input_is_refused_precisely() {
        let a = blocked("64x64xf16", "1, 8", "8, 4", "4, 1", "1, 0");
        let msg = |src: &LinearLayout, dst: &LinearLayout, bits: i64, budget: i64| {
            convert_plan(src, dst, bits, budget)
                .unwrap_err()
                .to_string()
        };
        assert!(msg(&a, &a, 12, 1000).contains("element bits must be 8, 16, 32 or 64, got 12"));
        assert!(msg(&a, &a, 16, 0).contains("budget must be positive, got 0"));
        let b = blocked("64x32xf16", "1, 8", "8, 4", "4, 1", "1, 0");
        assert!(msg(&a, &b, 16, 1 << 20)
            .contains("differ in size: [dim0=64, dim1=64] vs [dim0=64, dim1=32]"));
        let c = blocked("64x64xf16", "1, 8", "8, 4", "8, 1", "1, 0");
        assert!(msg(&a, &c, 16, 1 << 20).contains("source has 4 warps and destination 8"));
        let t = blocked("64x64xf16", "8, 1", "4, 8", "1, 4", "0, 1");
        assert!(msg(&a, &t, 16, 1024).contains("needs 8192 bytes of shared memory, more than the budget of 1024; tiling it needs 3 register bits common to both layouts (and independent of their lanes and warps), and they have 2"));
        let lanes16 = LinearLayout::new(
            vec![
                ("register".into(), vec![vec![1]]),
                ("lane".into(), (1..5).map(|k| vec![1 << k]).collect()),
            ],
            vec![("dim0".into(), 32)],
        )
        .unwrap();
        assert!(msg(&lanes16, &lanes16, 16, 1024).contains("has 16 lanes; a warp has 32"));
        let partial = LinearLayout::new(
            vec![
                ("register".into(), vec![vec![0]]),
                ("lane".into(), (0..5).map(|k| vec![1 << k]).collect()),
            ],
            vec![("dim0".into(), 64)],
        )
        .unwrap();
        assert!(
            msg(&partial, &partial, 16, 1024).contains("reaches 2^5 of the tensor's 2^6 elements")
        );
    }

    /// A register layout of one CTA: a random basis of the tensor (unit vectors, sometimes
    /// mixed by XORs) cut into registers, 5 lanes and `warps` warp bits; with `broadcast`, a
    /// lane or register bit selects nothing (the element it held moves to a new register).
    fn random_layout(
        r: &mut Rng,
        outs: &[(String, i64)],
        warps: usize,
        broadcast: bool,
    ) -> LinearLayout {
        let n: u32 = outs.iter().map(|(_, s)| s.trailing_zeros()).sum();
        let mut cols: Vec<u64> = (0..n).map(|i| 1u64 << i).collect();
        for i in (1..cols.len()).rev() {
            let j = r.below(i as u64 + 1) as usize;
            cols.swap(i, j);
        }
        if r.chance(0.3) {
            for _ in 0..n {
                let (i, j) = (r.below(n as u64) as usize, r.below(n as u64) as usize);
                if i != j {
                    cols[i] ^= cols[j];
                }
            }
        }
        let nreg = n as usize - 5 - warps;
        let mut reg: Vec<u64> = cols[..nreg].to_vec();
        let mut lane: Vec<u64> = cols[nreg..nreg + 5].to_vec();
        let warp: Vec<u64> = cols[nreg + 5..].to_vec();
        if broadcast {
            let k = r.below(5) as usize;
            reg.push(lane[k]);
            lane[k] = 0;
        }
        let unpack = |mut x: u64| -> Vec<i64> {
            outs.iter()
                .map(|(_, s)| {
                    let b = s.trailing_zeros();
                    let v = (x & ((1u64 << b) - 1)) as i64;
                    x >>= b;
                    v
                })
                .collect()
        };
        let dim = |v: &[u64]| v.iter().map(|&c| unpack(c)).collect::<Vec<_>>();
        LinearLayout::new(
            vec![
                ("register".into(), dim(&reg)),
                ("lane".into(), dim(&lane)),
                ("warp".into(), dim(&warp)),
            ],
            outs.to_vec(),
        )
        .unwrap()
    }

    #[test]
    fn random_conversions_are_certified_and_at_least_their_bound() {
        let mut r = Rng(0x2545_f491_4f6c_dd1d);
        let (mut shared, mut at_bound, mut caught, mut mutated) = (0, 0, 0, 0);
        let mut shuffles = 0;
        let mut paths = std::collections::BTreeMap::new();
        for _ in 0..160 {
            let bits = [8i64, 16, 32, 64][r.below(4) as usize];
            let (a, b) = (3 + r.below(4), 3 + r.below(4));
            let outs = vec![
                ("dim0".to_string(), 1i64 << a),
                ("dim1".to_string(), 1i64 << b),
            ];
            let warps = r.below(3.min(a + b - 5) + 1) as usize;
            let bc = r.chance(0.2);
            let src = random_layout(&mut r, &outs, warps, bc);
            let dst = if r.chance(0.15) {
                src.clone()
            } else {
                let bc = r.chance(0.2);
                random_layout(&mut r, &outs, warps, bc)
            };
            let budget = if r.chance(0.3) {
                1i64 << (6 + r.below(6))
            } else {
                232_448
            };
            let plan = match convert_plan(&src, &dst, bits, budget) {
                Ok(p) => p,
                Err(e) => {
                    assert!(
                        budget < 232_448 && e.to_string().contains("more than the budget"),
                        "{e}\n{}\n{}\nbits {bits} budget {budget}",
                        layout_algebra::linear::json::layout_to_json(&src),
                        layout_algebra::linear::json::layout_to_json(&dst)
                    );
                    continue;
                }
            };
            *paths.entry(plan.path.name()).or_insert(0) += 1;
            assert!(plan.cost >= plan.lower_bound, "{}", plan_to_json(&plan));
            let s = Distributed::from_layout(&src, "source").unwrap();
            let d = Distributed::from_layout(&dst, "destination").unwrap();
            match plan.path {
                Path::Registers => {
                    // Every destination register is the named source register of the same thread.
                    for w in 0..s.warps() as u64 {
                        for t in 0..32 {
                            for rr in 0..1u64 << d.reg.len() {
                                let from: u64 = (0..d.reg.len())
                                    .filter(|j| rr >> j & 1 == 1)
                                    .fold(0, |acc, j| acc ^ plan.register_map[j]);
                                assert_eq!(
                                    d.thread_base(t, w) ^ combine(&d.reg, rr),
                                    s.thread_base(t, w) ^ combine(&s.reg, from)
                                );
                            }
                        }
                    }
                }
                Path::Shuffle => {
                    // Every round gives every lane, in register k ^ M(l) (+ its pack offset),
                    // the element the destination layout puts there.
                    let sp = plan.shuffle.as_ref().unwrap();
                    let x = |v: &[u64], i: u64| combine(v, i);
                    for w in 0..s.warps() as u64 {
                        for r in &sp.rounds {
                            for l in 0..32u64 {
                                let from = r.lane_const ^ x(&sp.f, l);
                                let reg = r.reg_const ^ x(&sp.h, from);
                                for q in 0..1u64 << sp.pack {
                                    // Register indices as the plan relabels them.
                                    let (sr, dr) = (
                                        sp.src_register(reg | q),
                                        sp.dst_register((r.k ^ x(&sp.m, l)) | q),
                                    );
                                    assert_eq!(
                                        s.thread_base(from, w) ^ x(&s.reg, sr),
                                        d.thread_base(l, w) ^ x(&d.reg, dr)
                                    );
                                }
                            }
                        }
                    }
                    shuffles += 1;
                }
                Path::Shared => {
                    shared += 1;
                    let sh = plan.shared.clone().unwrap();
                    let n = (a + b) as u32;
                    assert!(sh.smem_bytes(bits as u32) <= budget);
                    if let Err(e) = verify(&s, &d, bits as u32, n, &sh) {
                        panic!("{e}\n{s:?}\n{d:?}\nbits {bits}\n{sh:?}");
                    }
                    assert_eq!(
                        verify(&s, &d, bits as u32, n, &sh).unwrap(),
                        plan.certificate.unwrap()
                    );
                    assert!(sh.instructions() >= sh.instruction_bound());
                    if plan.cost == plan.lower_bound {
                        at_bound += 1;
                    } else {
                        eprintln!(
                            "gap bits {bits}: {}",
                            plan_to_json(&plan).split(",\"smem\"").next().unwrap()
                        );
                    }
                    // The answer re-parses: its smem layout is the plan's.
                    let j: J = serde_json::from_str(&plan_to_json(&plan)).unwrap();
                    assert_eq!(parse_layout_json(&j["smem"].to_string()).unwrap(), sh.smem);
                    // A wrong wavefront claim is caught.
                    let mut lie = sh.clone();
                    lie.read_wavefronts += 1;
                    assert!(verify(&s, &d, bits as u32, n, &lie).is_err());
                    // Moving the lowest offset bit breaks a vector or matrix row.
                    let chained = !matches!(sh.write.kind, AccessKind::Vector { a: 0 });
                    let bases = &sh.smem.ins()[0].bases;
                    if chained && bases.len() >= 2 {
                        mutated += 1;
                        let mut m = sh.clone();
                        let json = serde_json::to_string(&serde_json::json!({
                            "in_dims": [{"name": "offset", "size": 1i64 << bases.len(), "bases":
                                (0..bases.len()).map(|k| {
                                    let v = if k == 0 { bases[0] ^ bases[bases.len() - 1] } else { bases[k] };
                                    vec![(v & ((1 << a) - 1)) as i64, (v >> a) as i64]
                                }).collect::<Vec<_>>()}],
                            "out_dims": [{"name": "dim0", "size": 1i64 << a}, {"name": "dim1", "size": 1i64 << b}]
                        }))
                        .unwrap();
                        m.smem = parse_layout_json(&json).unwrap();
                        if verify(&s, &d, bits as u32, n, &m).is_err() {
                            caught += 1;
                        }
                    }
                }
            }
        }
        assert!(shared >= 60 && paths.contains_key("registers"), "{paths:?}");
        assert_eq!(caught, mutated, "every moved vector or row is caught");
        eprintln!("{paths:?}, {shuffles} shuffle plans checked");
        // Random layouts often cannot share a vector between the two sides (the bounds are
        // per side), so only a part reaches them; Triton's layouts do (worked_conversions).
        assert!(
            mutated >= 30 && at_bound * 3 >= shared,
            "{at_bound} of {shared} at the bound"
        );
    }
}

// ---------------------------------------------------------------------------------------
// Layout assignment (linear::layout_assignment): the branch and bound against exhaustive
// enumeration, and worked cases.

mod assignment {
    use super::Rng;
    use layout_algebra::linear::layout_assignment::*;
    /// Every complete assignment, the cheapest (None when none is feasible).
    fn brute_force(p: &Problem, oracle: &mut dyn ConvertCost) -> Option<Cost> {
        let n = p.candidates.len();
        let mut idx = vec![0usize; n];
        let mut best: Option<Cost> = None;
        loop {
            let layouts: Vec<usize> = (0..n).map(|i| p.candidates[i][idx[i]]).collect();
            if let Some(c) = total_cost(p, &layouts, oracle) {
                best = Some(best.map_or(c, |b| b.min(c)));
            }
            let mut i = 0;
            loop {
                if i == n {
                    return best;
                }
                idx[i] += 1;
                if idx[i] < p.candidates[i].len() {
                    break;
                }
                idx[i] = 0;
                i += 1;
            }
        }
    }

    fn table(seed: u64, classes: usize, layouts: usize, impossible: bool) -> Vec<Option<u64>> {
        let mut r = Rng(seed | 1);
        (0..classes * layouts * layouts)
            .map(|k| {
                let (from, to) = ((k / layouts) % layouts, k % layouts);
                if from == to {
                    Some(0)
                } else if impossible && r.below(10) == 0 {
                    None
                } else {
                    Some(r.below(40))
                }
            })
            .collect()
    }

    fn random_problem(r: &mut Rng, layouts: usize) -> Problem {
        let vars = 1 + r.below(7) as usize;
        let candidates = (0..vars)
            .map(|_| {
                let mut c: Vec<usize> = (0..layouts).filter(|_| r.below(3) != 0).collect();
                if c.is_empty() {
                    c.push(r.below(layouts as u64) as usize);
                }
                c
            })
            .collect();
        let slot = |r: &mut Rng| {
            if r.below(3) == 0 {
                Slot::Fixed(r.below(layouts as u64) as usize)
            } else {
                Slot::Var(r.below(vars as u64) as usize)
            }
        };
        let values = (0..1 + r.below(9))
            .map(|_| ValueSlots {
                def: slot(r),
                uses: (0..1 + r.below(3)).map(|_| slot(r)).collect(),
                class: r.below(2) as usize,
                weight: Weight {
                    factor: 1 + r.below(3),
                    degree: r.below(2) as usize,
                },
            })
            .collect();
        Problem { candidates, values }
    }

    #[test]
    fn matches_exhaustive_search_on_random_problems() {
        let mut r = Rng(0x9e37_79b9_7f4a_7c15);
        let mut feasible = 0;
        for case in 0..600 {
            let layouts = 2 + r.below(4) as usize;
            let p = random_problem(&mut r, layouts);
            let t = table(r.next(), 2, layouts, case % 3 == 0);
            let mut oracle = |k: usize, a: usize, b: usize| {
                t[(k * layouts + a) * layouts + b].ok_or_else(|| format!("{a}->{b} impossible"))
            };
            let expected = brute_force(&p, &mut oracle);
            match assign_layouts(&p, &mut oracle) {
                Ok(got) => {
                    feasible += 1;
                    assert!(got.optimal, "case {case}");
                    assert_eq!(Some(got.cost), expected, "case {case}: {p:?}");
                    assert_eq!(got.lower_bound, got.cost);
                    // The reported layouts are candidates and cost what is reported.
                    for (x, &l) in got.layouts.iter().enumerate() {
                        assert!(p.candidates[x].contains(&l));
                    }
                    assert_eq!(total_cost(&p, &got.layouts, &mut oracle), Some(got.cost));
                    // Deterministic.
                    assert_eq!(assign_layouts(&p, &mut oracle), Ok(got));
                }
                Err(AssignError::Infeasible(m)) => {
                    assert_eq!(expected, None, "case {case}");
                    assert!(m.contains("impossible"), "{m}");
                }
                Err(e) => panic!("case {case}: {e}"),
            }
        }
        assert!(feasible > 400, "{feasible}");
    }

    /// A chain `anchor A -> x0 -> x1 -> ... -> anchor B`: one convert anywhere on it.
    #[test]
    fn a_chain_between_two_anchors_converts_once_at_the_narrowest_value() {
        // Classes: 0 = 16-bit (cost 4), 1 = 32-bit (cost 8).
        let mut oracle =
            |k: usize, _: usize, _: usize| Ok::<u64, String>(if k == 0 { 4 } else { 8 });
        let chain = |def, use_, class| ValueSlots {
            def,
            uses: vec![use_],
            class,
            weight: Weight::ONCE,
        };
        // load (A, f16) -> extf x0 (f32) -> mulf x1 (f32) -> truncf x2 (f16) -> mma (B)
        let p = Problem {
            candidates: vec![vec![0, 1]; 3],
            values: vec![
                chain(Slot::Fixed(0), Slot::Var(0), 0),
                chain(Slot::Var(0), Slot::Var(1), 1),
                chain(Slot::Var(1), Slot::Var(2), 1),
                chain(Slot::Var(2), Slot::Fixed(1), 0),
            ],
        };
        let a = assign_layouts(&p, &mut oracle).unwrap();
        assert_eq!(a.cost, Cost([4, 0, 0, 0]));
        assert!(a.optimal);
        // Converting at a 16-bit value: either before the extf or after the truncf.
        assert!(
            a.layouts == vec![1, 1, 1] || a.layouts == vec![0, 0, 0],
            "{a:?}"
        );
    }

    #[test]
    fn a_convert_in_an_unknown_loop_outweighs_any_number_outside() {
        let mut oracle = |_: usize, a: usize, b: usize| {
            Ok::<u64, String>(if (a, b) == (0, 1) { 1000 } else { 1 })
        };
        // x0 is loop-carried: its init (fixed 0) outside, its update inside the loop needs 1.
        let p = Problem {
            candidates: vec![vec![0, 1]],
            values: vec![
                ValueSlots {
                    def: Slot::Fixed(0),
                    uses: vec![Slot::Var(0)],
                    class: 0,
                    weight: Weight::ONCE,
                },
                ValueSlots {
                    def: Slot::Fixed(1),
                    uses: vec![Slot::Var(0)],
                    class: 0,
                    weight: Weight {
                        factor: 1,
                        degree: 1,
                    },
                },
            ],
        };
        let a = assign_layouts(&p, &mut oracle).unwrap();
        assert_eq!(a.layouts, vec![1]);
        assert_eq!(a.cost, Cost([1000, 0, 0, 0]));
        assert_eq!(a.cost.to_string(), "1000");
        assert_eq!(Cost([3, 2, 0, 1]).to_string(), "1*N^3 + 2*N + 3");
        assert!(Cost([0, 1, 0, 0]) > Cost([u64::MAX, 0, 0, 0]));
    }

    #[test]
    fn a_large_component_stops_with_a_proven_gap() {
        // 40 variables with 4 candidates each in a ring of disagreeing anchors.
        let layouts = 4;
        let t = table(77, 1, layouts, false);
        let mut oracle =
            |_: usize, a: usize, b: usize| Ok::<u64, String>(1 + t[a * layouts + b].unwrap());
        let vars = 40;
        let mut values = Vec::new();
        for i in 0..vars {
            values.push(ValueSlots {
                def: Slot::Var(i),
                uses: vec![
                    Slot::Var((i + 1) % vars),
                    Slot::Var((i + 7) % vars),
                    Slot::Fixed(i % layouts),
                ],
                class: 0,
                weight: Weight::ONCE,
            });
        }
        let p = Problem {
            candidates: vec![(0..layouts).collect(); vars],
            values,
        };
        let a = assign_layouts(&p, &mut oracle).unwrap();
        assert!(a.lower_bound <= a.cost);
        assert_eq!(total_cost(&p, &a.layouts, &mut oracle), Some(a.cost));
        if !a.optimal {
            assert_eq!(a.nodes, MAX_NODES);
        }
    }

    #[test]
    fn malformed_problems_are_refused() {
        let mut oracle = |_: usize, _: usize, _: usize| Ok::<u64, String>(1);
        let p = Problem {
            candidates: vec![vec![]],
            values: vec![],
        };
        assert_eq!(
            assign_layouts(&p, &mut oracle).unwrap_err().to_string(),
            "layout assignment: variable 0 has no candidate layout"
        );
    }

    /// Each variable's candidates are the layouts of its component in order of appearance;
    /// a variable alone keeps its input layout.
    #[test]
    fn candidates_are_the_layouts_of_the_component() {
        let v = |def, uses: Vec<Slot>| ValueSlots {
            def,
            uses,
            class: 0,
            weight: Weight::ONCE,
        };
        let values = vec![
            v(Slot::Fixed(4), vec![Slot::Var(0)]),
            v(Slot::Var(0), vec![Slot::Var(1), Slot::Fixed(2)]),
            v(Slot::Fixed(7), vec![Slot::Var(2)]),
        ];
        let c = component_candidates(4, &values, &[5, 6, 8, 9]);
        assert_eq!(
            c,
            vec![vec![4, 5, 6, 2], vec![4, 5, 6, 2], vec![7, 8], vec![9]]
        );
    }
}

/// `thread_value`: a register tensor's encoding as CuTe's ((lane, warp), register) -> tile
/// index fragment; TV(t, r) is the colexicographic index of the element the encoding gives
/// register r of thread t = lane + 32 warp, for every (t, r).
#[test]
fn thread_value_is_the_fragment_of_a_register_tensor() {
    use layout_algebra::linear::to_cute::thread_value;
    use layout_algebra::tuple::IntTuple;
    // Thread t holds row t, register j column j (a blocked 128x128 tensor, 4 warps): tcgen05.ld
    // 32x32b's fragment.
    let rows = lj("#ttg.linear<{register = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [0, 32], [0, 64]], lane = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0]], warp = [[32, 0], [64, 0]], block = []}>");
    // mma.sync's accumulator, 4 warps along M of a 64x64 tile.
    let mma = lj("#ttg.linear<{register = [[0, 1], [8, 0], [0, 8], [0, 16], [0, 32]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [[16, 0], [32, 0]], block = []}>");
    for (l, want) in [
        (&rows, "((32,4),128):((1,32),128)"),
        (&mma, "(((4,8),4),(2,2,8)):(((128,1),16),(64,8,512))"),
    ] {
        let tv = thread_value(l).unwrap();
        assert_eq!(text::print(&Value::Func(tv.clone().into())), want);
        let regs = l.in_size(l.in_index("register").unwrap());
        let warps = l.in_size(l.in_index("warp").unwrap());
        for t in 0..32 * warps {
            for r in 0..regs {
                let at = l
                    .apply(&[
                        ("register".to_string(), r),
                        ("lane".to_string(), t % 32),
                        ("warp".to_string(), t / 32),
                        ("block".to_string(), 0),
                    ])
                    .unwrap();
                let colex = at[0].1 + l.out_size(0) * at[1].1;
                let crd = IntTuple::tuple(vec![IntTuple::lit(t), IntTuple::lit(r)]);
                assert_eq!(tv.eval_crd(&crd).unwrap(), colex, "thread {t} register {r}");
            }
        }
    }
    // One warp: the thread mode is the lane mode alone.
    let warp =
        lj("#ttg.linear<{register = [[0, 1]], lane = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0]]}>");
    let tv = thread_value(&warp).unwrap();
    assert_eq!(text::print(&Value::Func(tv.into())), "(32,2):(1,32)");
    // Errors: a block that selects elements, an in dimension of no register tensor, a swizzle.
    let e = err_of(thread_value(&lj(
        "#ttg.linear<{register = [[1]], lane = [[2], [4], [8], [16], [32]], block = [[64]]}>",
    )));
    assert!(e.contains("'block' selects elements"), "{e}");
    let e = err_of(thread_value(&lj("#ttg.linear<{offset = [[1], [2]]}>")));
    assert!(e.contains("'offset' is not an in dimension"), "{e}");
    let e = err_of(thread_value(&lj(
        "#ttg.linear<{register = [[1], [3]], lane = [[4], [8], [16], [32], [64]]}>",
    )));
    assert!(e.contains("swizzled distribution"), "{e}");
}
