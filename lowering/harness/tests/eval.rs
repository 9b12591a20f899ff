//! Proof by evaluation: for a corpus of layouts (the 2000 layouts of the oracle seed-1 corpus,
//! swizzled and composed layouts, dynamic variants whose `?` leaves are bound at run time, and
//! large layouts that are sampled), functions applying `layout.crd2idx` (linear index and one
//! coordinate per mode, and on `layout.get` of a mode), `layout.idx2crd` and `layout.size` are lowered by `lower-to-index`
//! (layout-lower-to-index, canonicalize, cse), converted to the LLVM dialect by the upstream
//! passes (convert-arith-to-llvm, convert-func-to-llvm, reconcile-unrealized-casts),
//! JIT-compiled with MLIR's execution engine and compared with the algebra (`Func::apply`,
//! `Layout::eval_crd`, `idx2crd`) on every point of the domain (up to 2^16 points; first, last
//! and random points above). The lowered static linear-index functions are also held to the
//! op bound of the op-count report.

use layout_algebra::tuple::{idx2crd, IntTuple, Tree};
use layout_algebra::Func;
use layout_lowering_harness::harness::{self, Case, Query, Rng, ARITY};

/// Functions per module (one JIT compilation each).
const CHUNK: usize = 2500;

struct Job {
    case: usize,
    query: Query,
    /// Check the op bound (static linear-index functions).
    bound: bool,
}

fn corpus() -> Vec<Case> {
    let mut cases = Vec::new();
    let oracle = harness::oracle_layouts(&harness::oracle_path()).expect("oracle corpus");
    assert!(
        oracle.len() >= 2000,
        "oracle corpus has {} layouts",
        oracle.len()
    );
    for (label, text) in &oracle {
        cases.push(Case::fixed(label.clone(), text).expect("oracle layout parses"));
    }
    let extra = [
        // swizzles on contiguous offsets and composed with layouts
        "Sw<3,4,3> o 0 o 4096:1",
        "Sw<2,0,-2> o 0 o 4096:1",
        "Sw<1,5,2> o 0 o 4096:1",
        "Sw<3,4,3> o 0 o (8,64):(64,1)",
        "Sw<3,4,3> o 64 o (8,64):(64,1)",
        "Sw<2,4,3> o 0 o (8,32):(32,1)",
        "Sw<3,3,3> o 0 o ((8,8),(8,8)):((8,512),(1,64))",
        "Sw<2,1,-3> o 5 o (16,16):(1,16)",
        "Sw<3,4,3> o 0 o ((8,2),(4,16)):((64,4096),(1,8192))",
        // layout outer: in the outer domain, and past it (the last mode absorbs)
        "(4,8):(8,1) o 3 o (8):(2)",
        "(4,8):(8,1) o 30 o (8):(2)",
        "(3,5):(5,1) o 2 o (2,2):(1,4)",
        "(3,(2,5)):(1,(30,3)) o 0 o (6,5):(5,1)",
        // large domains (sampled)
        "(256,512):(512,1)",
        "((16,16),(32,16)):((1,512),(16,8192))",
        "(3,1000,50):(50000,1,1000)",
        "Sw<3,4,3> o 0 o (256,256):(256,1)",
        "(8,64):(1,8)",
        "(8,64):(64,1)",
        "(2,4,2):(0,2,0)",
        "(12,(4,3)):(1,(12,48))",
        // negative strides
        "(4,8):(-1,4)",
        "(3,(4,5)):(-20,(5,-1))",
        "Sw<2,2,3> o 200 o (8,16):(-16,1)",
    ];
    for (i, t) in extra.iter().enumerate() {
        cases.push(Case::fixed(format!("extra#{i}"), t).expect("extra layout parses"));
    }
    // The bit-field corpus (issue 15): stride-0 and identity modes between power-of-two fields,
    // moved fields, runs broken by other extents; also with runtime leaves below.
    for (label, t) in layout_lowering_harness::bitfield_corpus::layouts() {
        cases.push(Case::fixed(label, &t).expect("bit-field layout parses"));
    }
    // Dynamic variants: three per oracle layout (strides, shapes, a random subset of leaves).
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let n_static = cases.len();
    for i in 0..n_static {
        let c = cases[i].clone();
        let (outer, inner) = match &c.func {
            Func::Layout(l) => (None, l.clone()),
            Func::Composed(k) => match &k.inner {
                Func::Layout(l) => (Some((k.outer.clone(), k.offset)), l.clone()),
                _ => continue,
            },
            Func::Swizzle(_) => continue,
        };
        let n = inner.shape.leaf_count();
        let variants: [(Vec<bool>, Vec<bool>); 3] = [
            (vec![false; n], vec![true; n]),
            (vec![true; n], vec![false; n]),
            (
                (0..n).map(|_| rng.below(2) == 1).collect(),
                (0..n).map(|_| rng.below(2) == 1).collect(),
            ),
        ];
        for (v, (ds, dd)) in variants.iter().enumerate() {
            let (t, leaves) = harness::dynamic_variant(&inner, ds, dd);
            if leaves.is_empty() || leaves.len() + inner.rank() > ARITY {
                continue;
            }
            let text = match &outer {
                None => t,
                Some((o, off)) => format!("{} o {off} o {t}", layout_algebra::text::print_func(o)),
            };
            cases.push(Case {
                label: format!("dyn{v}({})", c.label),
                text,
                leaves,
                func: c.func.clone(),
            });
        }
    }
    cases
}

fn jobs(cases: &[Case]) -> Vec<Job> {
    let mut out = Vec::new();
    for (i, c) in cases.iter().enumerate() {
        out.push(Job {
            case: i,
            query: Query::Linear,
            bound: c.leaves.is_empty(),
        });
        let Ok(dl) = c.func.domain_layout() else {
            continue;
        };
        // Per-mode coordinates: static layouts and the random dynamic variant; idx2crd: static
        // layouts and the variant with dynamic extents (the others repeat the same math).
        let variant = c.label.get(..4).unwrap_or("");
        if dl.rank() >= 2
            && dl.rank() + c.leaves.len() <= ARITY
            && matches!(variant, "orac" | "extr" | "dyn2")
        {
            out.push(Job {
                case: i,
                query: Query::PerMode,
                bound: false,
            });
        }
        // Hierarchical coordinates (one per leaf): layouts with a nested mode, static and the
        // random dynamic variant.
        if harness::leaf_count(c) > dl.rank()
            && harness::leaf_count(c) + c.leaves.len() <= ARITY
            && matches!(variant, "orac" | "extr" | "dyn2")
        {
            out.push(Job {
                case: i,
                query: Query::PerLeaf,
                bound: false,
            });
        }
        // layout.get of each mode of a plain random dynamic variant (runtime leaves traced
        // through the algebra op).
        if variant == "dyn2" && matches!(c.func, Func::Layout(_)) && dl.rank() >= 2 {
            for k in 0..dl.rank() {
                out.push(Job {
                    case: i,
                    query: Query::Mode(k),
                    bound: false,
                });
            }
        }
        if matches!(variant, "dyn1" | "dyn2") {
            out.push(Job {
                case: i,
                query: Query::Size,
                bound: false,
            });
        }
        if matches!(c.func, Func::Layout(_)) && matches!(variant, "orac" | "extr" | "dyn1") {
            for k in 0..harness::leaf_count(c) {
                out.push(Job {
                    case: i,
                    query: Query::Coord(k),
                    bound: false,
                });
            }
        }
    }
    out
}

#[test]
fn lowered_index_math_equals_the_algebra() {
    let cases = corpus();
    let jobs = jobs(&cases);
    let ctx = harness::context();
    let mut rng = Rng(12345);
    let mut failures: Vec<String> = Vec::new();
    let mut points = 0u64;
    let mut functions = 0usize;
    let mut bound_checked = 0usize;
    let (mut sampled, mut exhaustive) = (0usize, 0usize);
    let (mut t_lower, mut t_jit, mut t_eval) = (0f64, 0f64, 0f64);
    for chunk in jobs.chunks(CHUNK) {
        let t0 = std::time::Instant::now();
        let names: Vec<String> = (0..chunk.len())
            .map(|j| format!("f{}", functions + j))
            .collect();
        let funcs: Vec<String> = chunk
            .iter()
            .zip(&names)
            .map(|(j, n)| harness::func_ir(n, &cases[j.case], j.query))
            .collect();
        let mut m = harness::module(&ctx, &funcs).expect("test module parses");
        harness::lower(&ctx, &mut m).expect("lower-to-index");
        let counts = harness::op_counts(&m);
        for (j, n) in chunk.iter().zip(&names) {
            let (ops, _, other) = counts[n];
            if other != 0 {
                failures.push(format!(
                    "{} {:?}: {other} non-arith ops left:\n{}",
                    cases[j.case].label,
                    j.query,
                    harness::func_text(&m, n)
                ));
            }
            if j.bound {
                let (_, bound) = harness::op_bound(&cases[j.case].func).expect("bound");
                bound_checked += 1;
                if ops > bound {
                    failures.push(format!(
                        "{}: {ops} ops > bound {bound}",
                        cases[j.case].label
                    ));
                }
            }
        }
        let t1 = std::time::Instant::now();
        harness::to_llvm(&ctx, &mut m).expect("conversion to LLVM");
        let jit = harness::Jit::new(&m);
        let t2 = std::time::Instant::now();
        t_lower += (t1 - t0).as_secs_f64();
        t_jit += (t2 - t1).as_secs_f64();
        // The jobs of one case are contiguous: evaluate the algebra once per point and case.
        let mut k = 0;
        while k < chunk.len() && failures.len() <= 20 {
            let ci = chunk[k].case;
            let mut end = k;
            while end < chunk.len() && chunk[end].case == ci {
                end += 1;
            }
            let c = &cases[ci];
            let size = harness::domain_size(&c.func);
            if size > harness::EXHAUSTIVE_LIMIT {
                sampled += end - k;
            } else {
                exhaustive += end - k;
            }
            let table = match &c.func {
                Func::Layout(l) if size <= harness::EXHAUSTIVE_LIMIT => {
                    l.table(harness::EXHAUSTIVE_LIMIT).ok()
                }
                _ => None,
            };
            // Per-mode coordinates: idx2crd over the top-level mode sizes; the expected offset
            // is L(i), since crd2idx(idx2crd(i, modes)) = L(i) (CuTe's definition).
            let mode_sizes = c.func.domain_layout().ok().map(|l| {
                Tree::Node(
                    l.modes()
                        .iter()
                        .map(|m| IntTuple::lit(m.size().unwrap_or(0)))
                        .collect::<Vec<_>>(),
                )
            });
            let compiled: Vec<harness::Compiled> = names[k..end]
                .iter()
                .map(|n| jit.get(n).expect("JIT symbol"))
                .collect();
            'points: for i in harness::points(size, &mut rng) {
                let mut coords: Option<Vec<i64>> = None;
                for ((j, n), fun) in chunk[k..end].iter().zip(&names[k..end]).zip(&compiled) {
                    if j.query == Query::Size && i != 0 {
                        continue;
                    }
                    if let Query::Mode(q) = j.query {
                        let mode_size = c
                            .func
                            .domain_layout()
                            .ok()
                            .and_then(|l| l.mode(q).ok())
                            .and_then(|m| m.size().ok());
                        if mode_size.is_none_or(|n| i >= n) {
                            continue;
                        }
                    }
                    let reference = match (j.query, &table) {
                        (Query::Linear, Some(t)) => Ok((vec![i], t[i as usize])),
                        (Query::Coord(q), _) => {
                            if coords.is_none() {
                                coords = Some(harness::coordinates(&c.func, i).unwrap_or_default());
                            }
                            coords
                                .as_ref()
                                .and_then(|v| v.get(q).copied())
                                .map(|x| (vec![i], x))
                                .ok_or_else(|| "idx2crd failed".to_string())
                        }
                        (Query::PerLeaf, t) => {
                            if coords.is_none() {
                                coords = Some(harness::coordinates(&c.func, i).unwrap_or_default());
                            }
                            match (coords.clone(), t) {
                                (Some(args), Some(t)) => Ok((args, t[i as usize])),
                                _ => harness::reference(&c.func, Query::PerLeaf, i),
                            }
                        }
                        (Query::PerMode, t) => match &mode_sizes {
                            Some(ms) => idx2crd(i, ms)
                                .and_then(|crd| crd.values("coordinate"))
                                .map_err(|e| e.to_string())
                                .and_then(|args| {
                                    let expect = match t {
                                        Some(t) => t[i as usize],
                                        None => c.func.apply(i).map_err(|e| e.to_string())?,
                                    };
                                    Ok((args, expect))
                                }),
                            None => Err("no domain layout".to_string()),
                        },
                        (q, _) => harness::reference(&c.func, q, i),
                    };
                    let (mut args, expect) = match reference {
                        Ok(r) => r,
                        Err(e) => {
                            failures.push(format!(
                                "{} {:?} at {i}: the algebra fails: {e}",
                                c.label, j.query
                            ));
                            break 'points;
                        }
                    };
                    args.extend_from_slice(&c.leaves);
                    let got = fun.call(&args);
                    points += 1;
                    if got != expect {
                        failures.push(format!(
                            "{} ({}) {:?} at {i} (args {args:?}): lowered {got}, algebra {expect}\n{}",
                            c.label, c.text, j.query, harness::func_text(&m, n)
                        ));
                        break 'points;
                    }
                }
            }
            k = end;
        }
        t_eval += t2.elapsed().as_secs_f64();
        functions += chunk.len();
        if failures.len() > 20 {
            break;
        }
    }
    let per_leaf = jobs.iter().filter(|j| j.query == Query::PerLeaf).count();
    println!("hierarchical coordinates (one index per leaf): {per_leaf} functions");
    println!("time: build+lower {t_lower:.1} s, LLVM conversion+JIT {t_jit:.1} s, evaluation {t_eval:.1} s");
    let dynamic = cases.iter().filter(|c| !c.leaves.is_empty()).count();
    let swizzled = cases.iter().filter(|c| c.text.contains("Sw<")).count();
    println!(
        "lowering evaluation: {} layouts ({} static, {} dynamic, {} swizzled), {} functions \
         ({} exhaustive, {} sampled), {} points checked; {} static linear functions within the op bound",
        cases.len(),
        cases.len() - dynamic,
        dynamic,
        swizzled,
        functions,
        exhaustive,
        sampled,
        points,
        bound_checked
    );
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// Every linear layout in a JSON value (objects with `in_dims`), depth first.
fn linear_layouts_in(
    v: &layout_algebra::linear::json::Json,
    out: &mut Vec<layout_algebra::linear::LinearLayout>,
) {
    use layout_algebra::linear::json::{layout_from_json, Json};
    match v {
        Json::Obj(fields) => {
            if v.get("in_dims").is_some() && v.get("out_dims").is_some() {
                if let Ok(l) = layout_from_json(v) {
                    out.push(l);
                    return;
                }
            }
            for (_, x) in fields {
                linear_layouts_in(x, out);
            }
        }
        Json::Arr(xs) => xs.iter().for_each(|x| linear_layouts_in(x, out)),
        _ => {}
    }
}

/// Linear-layout application (layout_lowering::linear: and/shift/mul/xor index math) on the
/// layouts of the Triton reference cases, JIT-compiled and compared with the algebra's
/// `apply_packed` on every input point (at most 2^16 points per layout; in dims beyond the
/// harness arity are skipped): the direct index math, `layout.linear_apply` with the layout
/// as an attribute, and with the layout as an SSA value (`layout.const`, type
/// `!layout.linear<...>`), both lowered by lower-to-index.
/// Runtime leaves through algebra ops (runtime_leaves.rs): dynamic variants of oracle
/// layouts (leaves made `?` at random) go through an algebra op in the IR; `layout.crd2idx`
/// (a linear index), `layout.size` and `layout.cosize` of the result are lowered, JIT-compiled
/// and evaluated with the variant's values, and must equal the algebra's result for the same
/// values (`bind`: the layout CuTe C++ computes with `int` leaves). Value sets that break a
/// recorded condition (bind refuses) are not run: the lowering asserts the condition
/// (`cf.assert`, which aborts the process).
#[test]
fn runtime_leaves_through_algebra_ops_equal_bind() {
    use layout_algebra::ops::bind::bind;
    use layout_algebra::{text, Value};
    // (op, second operand: attribute and type), applied to every variant.
    let ops: [(&str, Option<(&str, &str)>); 14] = [
        ("coalesce", None),
        ("filter_zeros", None),
        ("complement", None),
        ("right_inverse", None),
        ("left_inverse", None),
        (
            "logical_divide",
            Some(("#layout.layout<2:1>", "!layout.layout<2:1>")),
        ),
        (
            "logical_divide",
            Some(("#layout.layout<(2,2):(1,4)>", "!layout.layout<(2,2):(1,4)>")),
        ),
        (
            "zipped_divide",
            Some(("#layout.tiler<[2:1,2:1]>", "!layout.tiler<[2:1,2:1]>")),
        ),
        (
            "tiled_divide",
            Some(("#layout.tiler<[4:1]>", "!layout.tiler<[4:1]>")),
        ),
        (
            "composition",
            Some(("#layout.layout<(2,4):(4,1)>", "!layout.layout<(2,4):(4,1)>")),
        ),
        (
            "composition",
            Some(("#layout.layout<(4,2):(1,4)>", "!layout.layout<(4,2):(1,4)>")),
        ),
        (
            "logical_product",
            Some(("#layout.layout<(2,2):(1,2)>", "!layout.layout<(2,2):(1,2)>")),
        ),
        (
            "blocked_product",
            Some(("#layout.layout<(2,3):(1,2)>", "!layout.layout<(2,3):(1,2)>")),
        ),
        (
            "raked_product",
            Some(("#layout.layout<(2,2):(2,1)>", "!layout.layout<(2,2):(2,1)>")),
        ),
    ];
    let oracle = harness::oracle_layouts(&harness::oracle_path()).expect("oracle corpus");
    let mut rng = Rng(777);
    // (function name, query, bound result, values)
    struct Run {
        name: String,
        query: &'static str,
        expect: Func,
        values: Vec<i64>,
    }
    let mut funcs = Vec::new();
    let mut runs: Vec<Run> = Vec::new();
    let mut per_op = std::collections::BTreeMap::<&str, usize>::new();
    for (_, t) in oracle.iter().take(130) {
        let Ok(Func::Layout(l)) = harness::parse_func(t) else {
            continue;
        };
        if l.size().is_ok_and(|n| n > 4096) || l.stride.leaves().iter().any(|d| !d.basis.is_empty())
        {
            continue;
        }
        let n = l.shape.leaf_count();
        let dyn_shape: Vec<bool> = (0..n).map(|_| rng.below(3) == 0).collect();
        let dyn_stride: Vec<bool> = (0..n).map(|_| rng.below(3) == 0).collect();
        let (dtext, values) = harness::dynamic_variant(&l, &dyn_shape, &dyn_stride);
        if values.is_empty() || values.len() + 1 > ARITY {
            continue;
        }
        let mut vars = 0u32;
        let Ok(dv) = text::parse_numbered(&dtext, &mut vars) else {
            continue;
        };
        for (op, second) in &ops {
            let mut args = vec![dv.clone()];
            if let Some((attr, _)) = second {
                let body = &attr[attr.find('<').unwrap() + 1..attr.len() - 1];
                args.push(text::parse(body).expect("operand parses"));
            }
            let Ok(result) = layout_algebra::ops::call(op, &args) else {
                continue;
            };
            let Value::Func(Func::Layout(rl)) = &result else {
                continue;
            };
            // A query whose runtime expression the algebra refuses (past its node bound) is
            // not lowered either: the op stays, as the pass documents.
            let queries: Vec<&'static str> = [
                ("crd2idx", true),
                ("size", rl.size_int().is_ok()),
                ("cosize", rl.cosize_int().is_ok()),
            ]
            .into_iter()
            .filter(|q| q.1)
            .map(|q| q.0)
            .collect();
            let Ok(Value::Func(expect)) = bind(&result, Some(vars), &values) else {
                continue;
            };
            if expect.size().is_err() || expect.size().is_ok_and(|n| n > 1 << 14) {
                continue;
            }
            *per_op.entry(op).or_default() += 1;
            let ty = harness::type_of(&dtext);
            let rty = harness::type_of(&text::print(&result));
            let leaves: Vec<String> = (0..values.len()).map(|j| format!("%a{}", j + 1)).collect();
            let (second_def, operands, types) = match second {
                Some((attr, bty)) => (
                    format!("%b = layout.const {attr}\n    "),
                    "%l, %b".to_string(),
                    format!("{ty}, {bty}"),
                ),
                None => (String::new(), "%l".to_string(), ty.clone()),
            };
            for query in queries.iter().copied() {
                let name = format!("r{}", runs.len());
                let q = match query {
                    "crd2idx" => format!("%r = layout.crd2idx %z[%a0] : {rty}"),
                    other => format!("%r = layout.{other} %z : {rty}"),
                };
                let args: Vec<String> = (0..ARITY).map(|i| format!("%a{i}: index")).collect();
                funcs.push(format!(
                    "  func.func @{name}({}) -> index {{\n    %l = layout.make {} : {ty}\n    {second_def}%z = layout.{op} {operands} : {types}\n    {q}\n    return %r : index\n  }}\n",
                    args.join(", "),
                    leaves.join(", ")
                ));
                runs.push(Run {
                    name,
                    query,
                    expect: expect.clone(),
                    values: values.clone(),
                });
            }
        }
    }
    assert!(
        runs.len() >= 1500,
        "only {} functions: {per_op:?}",
        runs.len()
    );
    for op in [
        "coalesce",
        "complement",
        "logical_divide",
        "zipped_divide",
        "composition",
        "logical_product",
        "blocked_product",
    ] {
        assert!(per_op.get(op).is_some_and(|&n| n >= 10), "{op}: {per_op:?}");
    }
    let ctx = harness::context();
    let t0 = std::time::Instant::now();
    let mut m = harness::module(&ctx, &funcs).expect("test module parses");
    harness::lower(&ctx, &mut m).expect("lower-to-index");
    let t1 = std::time::Instant::now();
    let counts = harness::op_counts(&m);
    let left: Vec<String> = runs
        .iter()
        .filter(|r| counts[&r.name].2 != 0)
        .take(5)
        .map(|r| harness::func_text(&m, &r.name))
        .collect();
    assert!(
        left.is_empty(),
        "ops left after lowering:\n{}",
        left.join("\n")
    );
    harness::to_llvm(&ctx, &mut m).expect("conversion to LLVM");
    let jit = harness::Jit::new(&m);
    let t2 = std::time::Instant::now();
    let mut failures = Vec::new();
    let mut points = 0usize;
    for r in &runs {
        let f = jit.get(&r.name).expect("JIT symbol");
        let size = r.expect.size().expect("size");
        let mut check = |i: i64, want: i64| {
            let mut args = vec![i];
            args.extend(&r.values);
            let got = f.call(&args);
            points += 1;
            if got != want && failures.len() < 20 {
                failures.push(format!(
                    "{} {} at {i} with {:?}: lowered {got}, bound {} gives {want}\n{}",
                    r.name,
                    r.query,
                    r.values,
                    text::print_func(&r.expect),
                    &funcs[runs.iter().position(|x| x.name == r.name).unwrap()]
                ));
            }
        };
        match r.query {
            "size" => check(0, size),
            "cosize" => {
                let Func::Layout(l) = &r.expect else {
                    unreachable!()
                };
                check(0, l.cosize().expect("cosize"));
            }
            _ => {
                for i in 0..size {
                    check(i, r.expect.apply(i).expect("apply"));
                }
            }
        }
    }
    eprintln!(
        "runtime leaves: {} functions, {points} points; per op {per_op:?}; lower {:.1} s, JIT {:.1} s, run {:.1} s",
        runs.len(),
        (t1 - t0).as_secs_f64(),
        (t2 - t1).as_secs_f64(),
        t2.elapsed().as_secs_f64()
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn linear_apply_equals_the_algebra() {
    use layout_algebra::linear::json::parse_json;
    let path = harness::oracle_path()
        .parent()
        .expect("oracle directory")
        .join("triton_linear_layout_cases.json");
    let text = std::fs::read_to_string(&path).expect("triton linear layout cases");
    let json = parse_json(&text).expect("cases parse");
    let mut layouts = Vec::new();
    linear_layouts_in(&json, &mut layouts);
    layouts
        .retain(|l| l.ins().len() <= ARITY && l.total_in_bits() <= 16 && l.total_out_bits() < 62);
    assert!(layouts.len() >= 40, "only {} linear layouts", layouts.len());
    let funcs: Vec<String> = layouts
        .iter()
        .enumerate()
        .map(|(n, l)| layout_lowering_harness::linear_apply::apply_func_ir(&format!("lin{n}"), l))
        .collect();
    // The same layouts through the op: `layout.linear_apply` lowered by lower-to-index.
    let op_funcs: Vec<String> = layouts
        .iter()
        .enumerate()
        .map(|(n, l)| {
            let args: Vec<String> = (0..ARITY).map(|i| format!("%a{i}: index")).collect();
            let xs: Vec<String> = (0..l.ins().len()).map(|i| format!("%a{i}")).collect();
            format!(
                "  func.func @linop{n}({}) -> index {{\n    %r = layout.linear_apply #layout.linear<{}>[{}]\n    return %r : index\n  }}\n",
                args.join(", "),
                layout_algebra::linear::json::layout_to_json(l),
                xs.join(", ")
            )
        })
        .collect();
    // And with the layout as an SSA value: `layout.const #layout.linear<...>` applied by
    // `layout.linear_apply %l[...] : !layout.linear<...>`.
    let value_funcs: Vec<String> = layouts
        .iter()
        .enumerate()
        .map(|(n, l)| {
            let args: Vec<String> = (0..ARITY).map(|i| format!("%a{i}: index")).collect();
            let xs: Vec<String> = (0..l.ins().len()).map(|i| format!("%a{i}")).collect();
            let text = layout_algebra::linear::json::layout_to_json(l);
            format!(
                "  func.func @linval{n}({}) -> index {{\n    %l = layout.const #layout.linear<{text}>\n    %r = layout.linear_apply %l[{}] : !layout.linear<{text}>\n    return %r : index\n  }}\n",
                args.join(", "),
                xs.join(", ")
            )
        })
        .collect();
    let all: Vec<String> = funcs
        .iter()
        .chain(op_funcs.iter())
        .chain(value_funcs.iter())
        .cloned()
        .collect();
    let ctx = harness::context();
    let mut m = harness::module(&ctx, &all).expect("linear module parses");
    harness::lower(&ctx, &mut m).expect("lower-to-index");
    harness::to_llvm(&ctx, &mut m).expect("conversion to LLVM");
    let jit = harness::Jit::new(&m);
    let mut points = 0usize;
    for (n, l) in layouts.iter().enumerate() {
        let f = jit.get(&format!("lin{n}")).expect("compiled");
        let g = jit.get(&format!("linop{n}")).expect("compiled");
        let h = jit.get(&format!("linval{n}")).expect("compiled");
        let sizes: Vec<i64> = (0..l.ins().len()).map(|i| l.in_size(i)).collect();
        let total: i64 = sizes.iter().product();
        for p in 0..total {
            let mut rest = p;
            let xs: Vec<i64> = sizes
                .iter()
                .map(|&s| {
                    let x = rest % s;
                    rest /= s;
                    x
                })
                .collect();
            let want = l.apply_packed(&xs) as i64;
            let got = f.call(&xs);
            assert_eq!(
                got,
                want,
                "linear layout #{n} {} at {xs:?}:\n{}",
                layout_algebra::linear::json::layout_to_json(l),
                funcs[n]
            );
            assert_eq!(
                g.call(&xs),
                want,
                "layout.linear_apply of linear layout #{n} {} at {xs:?}",
                layout_algebra::linear::json::layout_to_json(l)
            );
            assert_eq!(
                h.call(&xs),
                want,
                "layout.linear_apply of the SSA value of linear layout #{n} {} at {xs:?}",
                layout_algebra::linear::json::layout_to_json(l)
            );
            points += 1;
        }
    }
    eprintln!("linear: {} layouts, {points} points", layouts.len());
}

/// Bijective (LEGO) layouts: `layout.apply` and `layout.inv` lowered by lower-to-index (the
/// simplified index math, and with `unsimplified` the raw one), JIT-compiled and compared with
/// the algebra at every point of the domain; the simplified form never has more arith ops.
#[test]
fn bijective_apply_and_inv_equal_the_algebra() {
    use layout_algebra::bijective::{parse_chain, print_chain};
    let anti = |n: i64| {
        let s = n * (n + 1) / 2;
        let count: Vec<String> = (2..=n)
            .map(|k| format!("(x >= {})", k * (k - 1) / 2))
            .collect();
        format!(
            "GenP([{n}, {n}], (i, j) -> let a = i + j + 1; select(a <= {n}, i + a*(a-1)/2, \
             {} - {n} + i - ({} - a)*({} - a - 1)/2), (x0) -> let x = select(x0 < {s}, x0, {} - x0); \
             let a = 1 + {}; let i = x - a*(a-1)/2; let j = a - i - 1; \
             [select(x0 < {s}, i, {} - i), select(x0 < {s}, j, {} - j)])",
            n * n,
            2 * n,
            2 * n,
            n * n - 1,
            count.join(" + "),
            n - 1,
            n - 1
        )
    };
    let texts = vec![
        format!(
            "OrderBy(RegP([2,2],[2,1]), {}).OrderBy(RegP([2,3,2,3],[1,3,2,4])).GroupBy([6,6])",
            anti(3)
        ),
        "GroupBy([2,2,2,2,2]).OrderBy(RegP([2,2,2,2,2],[5,2,4,3,1]))".to_string(),
        "TileBy([2,3],[4,5])".to_string(),
        "OrderBy(Col([3,4,5])).OrderBy(RegP([6,10],[2,1])).GroupBy([4,15])".to_string(),
        format!("OrderBy({}).GroupBy([5,5])", anti(5)),
        "OrderBy(GenP([7], (i) -> (3*i + 5) % 7, (x) -> [5 * (x - 5) % 7]), Row([2,3])).GroupBy([42])"
            .to_string(),
    ];
    let chains: Vec<_> = texts
        .iter()
        .map(|t| parse_chain(t).expect("chain parses"))
        .collect();
    let mut funcs = Vec::new();
    for (n, c) in chains.iter().enumerate() {
        let attr = format!("#layout.bijective<\"{}\">", print_chain(c));
        let d = c.dims().len();
        let args: Vec<String> = (0..ARITY).map(|i| format!("%a{i}: index")).collect();
        let xs: Vec<String> = (0..d).map(|i| format!("%a{i}")).collect();
        for (tag, extra) in [("s", ""), ("u", " {unsimplified}")] {
            funcs.push(format!(
                "  func.func @apply_{tag}{n}({}) -> index {{\n    %r = layout.apply {attr}[{}]{extra}\n    return %r : index\n  }}\n",
                args.join(", "),
                xs.join(", ")
            ));
            let tys = vec!["index"; d].join(", ");
            let all: Vec<String> = (0..d).map(|k| format!("%r#{k}")).collect();
            funcs.push(format!(
                "  func.func @inv_all_{tag}{n}(%x: index) -> ({tys}) {{\n    %r:{d} = layout.inv {attr}[%x]{extra} -> {tys}\n    return {} : {tys}\n  }}\n",
                all.join(", ")
            ));
            for k in 0..d {
                funcs.push(format!(
                    "  func.func @inv_{tag}{n}_{k}({}) -> index {{\n    %r:{d} = layout.inv {attr}[%a0]{extra} -> {tys}\n    return %r#{k} : index\n  }}\n",
                    args.join(", ")
                ));
            }
        }
    }
    let ctx = harness::context();
    let mut m = harness::module(&ctx, &funcs).expect("bijective module parses");
    harness::lower(&ctx, &mut m).expect("lower-to-index");
    let counts = harness::op_counts(&m);
    for n in 0..chains.len() {
        let (s, u) = (
            counts[&format!("apply_s{n}")].0,
            counts[&format!("apply_u{n}")].0,
        );
        assert!(
            s <= u,
            "{}: simplified apply has {s} arith ops, unsimplified {u}",
            texts[n]
        );
        assert_eq!(counts[&format!("apply_s{n}")].2, 0, "layout ops left");
        let (s, u) = (
            counts[&format!("inv_all_s{n}")].0,
            counts[&format!("inv_all_u{n}")].0,
        );
        assert!(
            s <= u,
            "{}: simplified inv has {s} arith ops, unsimplified {u}",
            texts[n]
        );
    }
    harness::to_llvm(&ctx, &mut m).expect("conversion to LLVM");
    let jit = harness::Jit::new(&m);
    let mut points = 0i64;
    for (n, c) in chains.iter().enumerate() {
        let dims = c.dims();
        let size = c.size().unwrap();
        for tag in ["s", "u"] {
            let f = jit.get(&format!("apply_{tag}{n}")).expect("compiled");
            for r in 0..size {
                let mut rest = r;
                let mut idx = vec![0i64; dims.len()];
                for k in (0..dims.len()).rev() {
                    idx[k] = rest % dims[k];
                    rest /= dims[k];
                }
                assert_eq!(
                    f.call(&idx),
                    c.apply(&idx).unwrap(),
                    "{} apply {idx:?}",
                    texts[n]
                );
                points += 1;
            }
            for k in 0..dims.len() {
                let g = jit.get(&format!("inv_{tag}{n}_{k}")).expect("compiled");
                for x in 0..size {
                    assert_eq!(
                        g.call(&[x]),
                        c.inv(x).unwrap()[k],
                        "{} inv {x} [{k}]",
                        texts[n]
                    );
                }
            }
        }
    }
    let expected: i64 = chains.iter().map(|c| 2 * c.size().unwrap()).sum();
    assert_eq!(points, expected, "every point of every domain, both forms");
}

/// One function applying `layout.crd2idx` to the static layout `text` in several coordinate
/// patterns: two linear indices, one coordinate per mode (distinct arguments, one argument
/// repeated, a constant first coordinate, and the first result as first coordinate). Rank 1
/// layouts get the linear patterns only.
fn template_patterns_ir(name: &str, text: &str, rank: usize) -> String {
    let ty = harness::type_of(text);
    let mut body = vec![
        format!("%l = layout.const #{}", &ty[1..]),
        format!("%r0 = layout.crd2idx %l[%a0] : {ty}"),
        format!("%r1 = layout.crd2idx %l[%a1] : {ty}"),
    ];
    let mut results = vec!["%r0", "%r1"];
    if rank >= 2 {
        let distinct: Vec<String> = (0..rank).map(|i| format!("%a{i}")).collect();
        let repeated = vec!["%a0"; rank].join(", ");
        let mut constant = distinct.clone();
        constant[0] = "%c1".to_string();
        let mut chained = distinct.clone();
        chained[0] = "%r0".to_string();
        body.push("%c1 = arith.constant 1 : index".to_string());
        for (r, cs) in [
            ("%r2", distinct.join(", ")),
            ("%r3", repeated),
            ("%r4", constant.join(", ")),
            ("%r5", chained.join(", ")),
        ] {
            body.push(format!("{r} = layout.crd2idx %l[{cs}] : {ty}"));
            results.push(r);
        }
    }
    let args: Vec<String> = (0..rank.max(2)).map(|i| format!("%a{i}: index")).collect();
    format!(
        "  func.func @{name}({}) -> ({}) {{\n    {}\n    return {} : {}\n  }}\n",
        args.join(", "),
        vec!["index"; results.len()].join(", "),
        body.join("\n    "),
        results.join(", "),
        vec!["index"; results.len()].join(", ")
    )
}

/// The templates of the lowering (template.rs) emit what lowering every op from its layout
/// emits: the same module lowered with and without them prints the same. The module holds
/// each layout twice (in two functions) with several coordinate patterns, so templates are
/// recorded and replayed across functions and within one; and a function where a coordinate
/// is a value the template itself computes again (`@collide`). Each op is lowered with its own
/// values (no value of another op is reused), so no replay is ever undone.
#[test]
fn templates_replay_what_lowering_emits() {
    use layout_lowering::pass::{lower_under_with, Memo};
    use melior::ir::operation::OperationLike;
    let oracle = harness::oracle_layouts(&harness::oracle_path()).expect("oracle corpus");
    let mut funcs = vec![
        "  func.func @record(%p: index, %q: index) -> index {\n    \
         %l2 = layout.const #layout.layout<(8,8):(1,4)>\n    \
         %b = layout.crd2idx %l2[%p, %q] : !layout.layout<(8,8):(1,4)>\n    \
         return %b : index\n  }\n"
            .to_string(),
        "  func.func @collide(%x: index) -> index {\n    \
         %l1 = layout.const #layout.layout<(8):(4)>\n    \
         %a = layout.crd2idx %l1[%x] : !layout.layout<(8):(4)>\n    \
         %l2 = layout.const #layout.layout<(8,8):(1,4)>\n    \
         %b = layout.crd2idx %l2[%a, %x] : !layout.layout<(8,8):(1,4)>\n    \
         return %b : index\n  }\n"
            .to_string(),
    ];
    let extra = [
        "(4,2,8):(1,0,8)",
        "Sw<3,4,3> o 0 o (8,64):(64,1)",
        "(4,8):(8,1) o 30 o (8):(2)",
    ];
    let texts = oracle
        .iter()
        .take(400)
        .map(|(_, t)| t.as_str())
        .chain(extra);
    for (i, text) in texts.enumerate() {
        let case = Case::fixed(format!("t{i}"), text).expect("layout parses");
        let rank = harness::coordinate_count(&case, Query::PerMode);
        for copy in 0..2 {
            funcs.push(template_patterns_ir(&format!("t{i}_{copy}"), text, rank));
        }
    }
    let ctx = harness::context();
    let mut printed = Vec::new();
    let mut counts = Vec::new();
    for mut memo in [Memo::default(), Memo::without_templates()] {
        let m = harness::module(&ctx, &funcs).expect("module parses");
        assert!(
            lower_under_with(m.as_operation().to_raw(), &mut memo),
            "lowering failed"
        );
        assert!(m.as_operation().verify(), "the lowered module verifies");
        printed.push(m.as_operation().to_string());
        counts.push(memo.template_counts());
    }
    let (with, without) = (counts[0], counts[1]);
    assert_eq!(without, Default::default(), "no template without templates");
    assert!(with.recorded >= 400, "templates recorded: {with:?}");
    assert!(
        with.replayed >= with.recorded,
        "every layout's second function replays: {with:?}"
    );
    assert_eq!(
        with.undone, 0,
        "a replay differs from its recording: {with:?}"
    );
    if printed[0] != printed[1] {
        let (a, b) = (printed[0].lines(), printed[1].lines());
        let first = a
            .zip(b)
            .enumerate()
            .find(|(_, (x, y))| x != y)
            .map(|(n, (x, y))| {
                format!("line {n}:\n  with templates:    {x}\n  without templates: {y}")
            });
        panic!(
            "the lowering with templates differs from the lowering without: {}",
            first.unwrap_or_else(|| "in length".to_string())
        );
    }
}
