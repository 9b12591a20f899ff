//! The contracts of docs/algebra.md ("Contracts") on random layouts, injective and not, at the
//! overflow boundary and at the nesting limit, through `ops::call` (the entry point of the
//! CLI, the batch and the dialect):
//!
//! - left_inverse is CuTe's quasi-inverse: a result satisfies L(R(L(i))) == L(i) (and
//!   R(L(i)) == i for an injective L) and equals CuTe's construction; an error comes only
//!   where CuTe's construction fails or its result breaks the condition (or past the
//!   documented evaluation limit);
//! - complement(A, M): R ordered, (A, R) injective, cosize((A, R)) >= M, and CuTe's answer
//!   whenever CuTe's answer satisfies that; an error only where CuTe's construction fails;
//! - no result has a size or cosize past i64, and every result re-parses;
//! - logical_divide and logical_product satisfy their stated post-conditions, also when the
//!   tiler does not divide.
//!
//! And the contract of the crate's structure (`module_layers`): the module graph of
//! algebra/src has no cycle, and every module uses only its own or lower layers (lib.rs).

use std::collections::HashSet;

use layout_algebra::ops::call;
use layout_algebra::text::{parse, print, print_layout};
use layout_algebra::{Func, Layout, Value};
use proptest::prelude::*;

mod module_graph;

fn lay(l: &Layout) -> Value {
    Value::Func(Func::Layout(l.clone()))
}

fn as_layout(v: &Value) -> Layout {
    match v {
        Value::Func(Func::Layout(l)) => l.clone(),
        other => panic!("not a layout: {other:?}"),
    }
}

/// Flat layouts with small extents and strides from a set with many coincidences, so that
/// overlapping (non-injective), interleaved and stride-0 modes are common.
fn small_layout() -> impl Strategy<Value = Layout> {
    let leaf = (
        prop::sample::select(vec![1i64, 2, 2, 3, 4, 5, 8]),
        prop::sample::select(vec![0i64, 1, 1, 2, 2, 3, 4, 4, 6, 8, 12, 16, 24, 32]),
    );
    prop::collection::vec(leaf, 1..=4).prop_map(|v| {
        let (s, d): (Vec<_>, Vec<_>) = v.into_iter().unzip();
        Layout::flat(&s, &d)
    })
}

/// Flat (extent, stride) pairs of `coalesce(l)`.
fn coalesced(l: &Layout) -> Vec<(i64, i64)> {
    let c = as_layout(&call("coalesce", &[lay(l)]).unwrap());
    c.int_leaves("test").unwrap()
}

fn flat_layout(modes: &[(i64, i64)]) -> Layout {
    let (s, d): (Vec<i64>, Vec<i64>) = modes.iter().copied().unzip();
    Layout::flat(&s, &d)
}

fn is_injective(l: &Layout) -> bool {
    let t = l.table(1 << 20).unwrap();
    t.iter().collect::<HashSet<_>>().len() == t.len()
}

/// CuTe's left_inverse construction (include/cute/layout.hpp), independently of the crate:
/// None where CuTe's divisibility condition fails.
fn cute_left_inverse(l: &Layout) -> Option<Layout> {
    let modes = coalesced(l);
    let mut pre = vec![1i64];
    for &(s, _) in &modes {
        pre.push(pre.last().unwrap() * s);
    }
    // CuTe's detail::SortByKey: an exchange sort (not stable).
    let mut order: Vec<usize> = (0..modes.len()).collect();
    for i in 0..order.len() {
        for j in i + 1..order.len() {
            if modes[order[j]].1 < modes[order[i]].1 {
                order.swap(i, j);
            }
        }
    }
    let (mut shapes, mut strides, mut size) = (vec![], vec![0i64], 1i64);
    for &i in &order {
        let d = modes[i].1;
        if d == 0 {
            continue;
        }
        if d % size != 0 {
            return None;
        }
        shapes.push(d / size);
        strides.push(pre[i]);
        size = d;
    }
    shapes.push(modes[*order.last().unwrap()].0);
    let r = flat_layout(&shapes.into_iter().zip(strides).collect::<Vec<_>>());
    Some(as_layout(&call("coalesce", &[lay(&r)]).unwrap()))
}

/// The quasi-inverse condition; Err(i) is a witness.
fn quasi_inverse(l: &Layout, r: &Layout) -> Result<(), i64> {
    for i in 0..l.size().unwrap() {
        let li = l.eval(i).unwrap();
        if l.eval(r.eval(li).unwrap()).unwrap() != li {
            return Err(i);
        }
    }
    Ok(())
}

/// CuTe's complement construction on filter(A) with a shape cotarget (an integer cotarget is
/// a shape of one mode): the gaps between the sorted strides, then the rest extent, the
/// product of CuTe's ceil_div of the shape by the span (folded left to right). None where
/// CuTe static_asserts (a stride inside the span below it).
fn cute_complement_shape(a: &Layout, shape: &[i64]) -> Option<Layout> {
    let f = as_layout(&call("filter", &[lay(a)]).unwrap());
    let mut modes = f.int_leaves("test").unwrap();
    if modes.len() == 1 && modes[0].1 == 0 {
        let m: i64 = shape.iter().product();
        return Some(as_layout(
            &call("coalesce", &[lay(&Layout::leaf(m, 1))]).unwrap(),
        ));
    }
    modes.sort_by_key(|m| m.1);
    let mut out = vec![];
    let mut span = 1i64;
    for &(s, d) in &modes {
        if d / span == 0 {
            return None;
        }
        out.push((d / span, span));
        span = d * s;
    }
    let (mut rest, mut b) = (1i64, span);
    for &x in shape {
        rest *= (x + b - 1) / b;
        b = (b + x - 1) / x;
    }
    out.push((rest, span));
    Some(as_layout(
        &call("coalesce", &[lay(&flat_layout(&out))]).unwrap(),
    ))
}

/// CuTe's complement with an integer cotarget.
fn cute_complement(a: &Layout, m: i64) -> Option<Layout> {
    cute_complement_shape(a, &[m])
}

/// The complement contract: R ordered, (filter(A), R) injective (CuTe's complement ignores
/// stride-0 modes), cosize((A, R)) >= m.
fn complement_contract(a: &Layout, r: &Layout, m: i64) -> Result<(), String> {
    let a = &as_layout(&call("filter", &[lay(a)]).unwrap());
    let rt = r.table(1 << 20).unwrap();
    if let Some(i) = (1..rt.len()).find(|&i| rt[i] <= rt[i - 1]) {
        return Err(format!("R not ordered at {i}"));
    }
    let ar = Layout::from_modes(vec![a.clone(), r.clone()]);
    if !is_injective(&ar) {
        return Err("(A,R) not injective".into());
    }
    let c = ar.cosize().unwrap();
    if c < m {
        return Err(format!("cosize((A,R)) = {c} < {m}"));
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1500, ..ProptestConfig::default() })]

    /// Every left inverse is a quasi-inverse (a true left inverse for an injective L) and is
    /// CuTe's; every refusal is where CuTe fails or breaks the condition.
    #[test]
    fn left_inverse_is_cutes_quasi_inverse(l in small_layout()) {
        let cute = cute_left_inverse(&l);
        match call("left_inverse", &[lay(&l)]) {
            Ok(v) => {
                let r = as_layout(&v);
                prop_assert_eq!(quasi_inverse(&l, &r), Ok(()), "L = {}, R = {}", print_layout(&l), print(&v));
                if is_injective(&l) {
                    for i in 0..l.size().unwrap() {
                        prop_assert_eq!(r.eval(l.eval(i).unwrap()).unwrap(), i);
                    }
                }
                prop_assert_eq!(Some(r), cute);
            }
            Err(e) => {
                let e = e.to_string();
                match cute {
                    None => prop_assert!(e.contains("divisibility"), "{}", e),
                    Some(r) => {
                        let witness = quasi_inverse(&l, &r);
                        prop_assert!(witness.is_err(), "refused a valid quasi-inverse: {}", e);
                        prop_assert!(e.contains("L(R(L(i))) == L(i) fails at i = "), "{}", e);
                    }
                }
            }
        }
    }

    /// complement(A, M) meets its contract, equals CuTe's answer when that meets it, and is
    /// refused only where CuTe's construction fails (or A has a negative stride).
    #[test]
    fn complement_meets_its_contract(a in small_layout(), m in 1i64..300) {
        let cute = cute_complement(&a, m);
        match call("complement", &[lay(&a), Value::int(m)]) {
            Ok(v) => {
                let r = as_layout(&v);
                prop_assert_eq!(complement_contract(&a, &r, m), Ok(()), "A = {}, R = {}", print_layout(&a), print(&v));
                let cute = cute.expect("CuTe's construction succeeds");
                if complement_contract(&a, &cute, m).is_ok() {
                    prop_assert_eq!(r, cute);
                } else {
                    // Only the rest extent differs: CuTe's falls short of M.
                    prop_assert!(r.size().unwrap() > cute.size().unwrap());
                }
            }
            Err(e) => prop_assert!(cute.is_none(), "refused although CuTe answers: {}", e),
        }
    }

    /// logical_divide(A, T) = A o (T, C), C = complement(T, size(A)), also when size(T) does
    /// not divide size(A): mode 0 has size(T) points, R(i) = A((T, C)(i)) everywhere (A read
    /// past its domain along its last mode), (T, C) is injective with cosize >= size(A), and
    /// when T complements exactly, size(R) = round_up(size(A), size of T's span) >= size(A).
    #[test]
    fn logical_divide_post_conditions(a in small_layout(), t in small_layout()) {
        let n = a.size().unwrap();
        let shape = as_layout(&call("coalesce", &[lay(&a)]).unwrap()).shape.values("t").unwrap();
        let cute = cute_complement_shape(&t, &shape).and_then(|c| {
            call("composition", &[lay(&a), lay(&Layout::from_modes(vec![t.clone(), c]))]).ok()
        });
        let Ok(v) = call("logical_divide", &[lay(&a), lay(&t)]) else { return Ok(()) };
        let r = as_layout(&v);
        if let Some(cute) = cute {
            prop_assert_eq!(&v, &cute, "A = {}, T = {}", print_layout(&a), print_layout(&t));
        }
        // CuTe's cotarget is shape(coalesce(A)): the rest is the product of the mode-by-mode
        // ceil_div of that shape by the span.
        let shape = as_layout(&call("coalesce", &[lay(&a)]).unwrap()).shape.values("t").unwrap();
        let c = cute_complement_shape(&t, &shape).expect("CuTe's complement of the tiler");
        let tc = Layout::from_modes(vec![t.clone(), c.clone()]);
        prop_assert_eq!(r.mode(0).unwrap().size().unwrap(), t.size().unwrap());
        prop_assert_eq!(r.size().unwrap(), tc.size().unwrap());
        for i in 0..r.size().unwrap() {
            prop_assert_eq!(r.eval(i).unwrap(), a.eval(tc.eval(i).unwrap()).unwrap());
        }
        // Ordered and injective with T (the cotarget is reached only in the exact case below).
        prop_assert_eq!(complement_contract(&t, &c, 1), Ok(()), "T = {}, C = {}", print_layout(&t), print_layout(&c));
        // The exact case: (T, C) is a bijection onto [0, size(R)) covering A's domain.
        let image: HashSet<i64> = tc.table(1 << 20).unwrap().into_iter().collect();
        if (0..tc.size().unwrap()).all(|x| image.contains(&x)) {
            // size(R) = span(T)·ceil_div(shape(coalesce(A)), span(T)) (CuTe's fold), with
            // span(T) = s·d of filter(T)'s largest stride: round_up(size(A), span(T)) when A
            // coalesces to one mode.
            let f = as_layout(&call("filter", &[lay(&t)]).unwrap());
            let span = f.int_leaves("test").unwrap().iter().map(|&(s, d)| s * d).max().unwrap();
            if span > 0 {
                let (mut rest, mut b) = (1i64, span);
                for &x in &shape {
                    rest *= (x + b - 1) / b;
                    b = (b + x - 1) / x;
                }
                prop_assert_eq!(r.size().unwrap(), span * rest);
                if shape.len() == 1 {
                    prop_assert_eq!(r.size().unwrap(), (n + span - 1) / span * span);
                }
            }
            prop_assert!(r.size().unwrap() >= n);
        }
    }

    /// logical_product(A, B) = (A, C o B), C = complement(A, size(A)·cosize(B)): size(A)·size(B)
    /// points, mode 0 is A, mode 1 is C o B, and for an injective A the copies of A at the
    /// offsets of B never meet A except at B's zero.
    #[test]
    fn logical_product_post_conditions(a in small_layout(), b in small_layout()) {
        let target = a.size().unwrap() * b.cosize().unwrap();
        let cute = cute_complement(&a, target).and_then(|c| {
            let rest = call("composition", &[lay(&c), lay(&b)]).ok()?;
            Some(Layout::from_modes(vec![a.clone(), as_layout(&rest)]))
        });
        let got = call("logical_product", &[lay(&a), lay(&b)]);
        if let (Some(cute), Ok(v)) = (&cute, &got) {
            prop_assert_eq!(v, &lay(cute), "A = {}, B = {}", print_layout(&a), print_layout(&b));
        }
        let Ok(v) = got else { return Ok(()) };
        let r = as_layout(&v);
        prop_assert_eq!(r.size().unwrap(), a.size().unwrap() * b.size().unwrap());
        prop_assert_eq!(r.mode(0).unwrap(), a.clone());
        let c = cute_complement(&a, target).expect("CuTe's complement");
        let m1 = r.mode(1).unwrap();
        for j in 0..b.size().unwrap() {
            prop_assert_eq!(m1.eval(j).unwrap(), c.eval(b.eval(j).unwrap()).unwrap());
        }
        if is_injective(&a) && is_injective(&b) {
            prop_assert!(is_injective(&r), "A = {}, B = {}, R = {}", print_layout(&a), print_layout(&b), print(&v));
        }
    }
}

/// Layouts at the i64 boundary: extents and strides near 2^31, 2^62, 2^63-1.
fn big_layout() -> impl Strategy<Value = Layout> {
    let big = prop::sample::select(vec![
        1i64,
        2,
        3,
        7,
        1 << 31,
        (1 << 31) + 1,
        1 << 61,
        1 << 62,
        i64::MAX / 3,
        i64::MAX / 2,
        i64::MAX - 1,
        i64::MAX,
    ]);
    prop::collection::vec((big.clone(), big), 1..=3).prop_map(|v| {
        let (s, d): (Vec<_>, Vec<_>) = v.into_iter().unzip();
        Layout::flat(&s, &d)
    })
}

fn fits(x: i128) -> bool {
    x <= i64::MAX as i128
}

/// size and cosize of a layout, exactly (i128), from its leaves.
fn wide_size_cosize(l: &Layout) -> (i128, i128) {
    let leaves = l.int_leaves("test").unwrap();
    let size = leaves.iter().fold(Some(1i128), |a, &(s, _)| {
        a.and_then(|a| a.checked_mul(s as i128))
    });
    let cosize = leaves.iter().fold(Some(1i128), |a, &(s, d)| {
        a.and_then(|a| a.checked_add((s as i128 - 1).checked_mul((d as i128).abs())?))
    });
    (size.unwrap_or(i128::MAX), cosize.unwrap_or(i128::MAX))
}

const BINARY_OPS: &[&str] = &[
    "logical_divide",
    "zipped_divide",
    "logical_product",
    "blocked_product",
    "raked_product",
    "composition",
    "complement",
    "append",
];

proptest! {
    #![proptest_config(ProptestConfig { cases: 1500, ..ProptestConfig::default() })]

    /// No result has a size or cosize past i64, and every result re-parses to itself.
    #[test]
    fn results_stay_within_i64_and_reparse(
        a in big_layout(),
        b in prop_oneof![big_layout(), small_layout()],
        k in 0usize..BINARY_OPS.len(),
    ) {
        let op = BINARY_OPS[k];
        let arg1 = if op == "complement" {
            Value::int(b.size().unwrap_or(1).max(1))
        } else {
            lay(&b)
        };
        if let Ok(v) = call(op, &[lay(&a), arg1]) {
            let text = print(&v);
            let back = parse(&text).map(|p| print(&p));
            prop_assert_eq!(back.as_deref(), Ok(text.as_str()));
            let r = as_layout(&v);
            let (size, cosize) = wide_size_cosize(&r);
            prop_assert!(fits(size) && fits(cosize), "{op}: {text} size {size} cosize {cosize}");
        }
        for op in ["left_inverse", "right_inverse", "coalesce", "filter"] {
            if let Ok(v) = call(op, &[lay(&a)]) {
                let (size, cosize) = wide_size_cosize(&as_layout(&v));
                prop_assert!(fits(size) && fits(cosize), "{op}: {}", print(&v));
            }
        }
    }

    /// Deep nesting: divides and products of layouts nested up to the parser's limit return
    /// results that re-parse, or an error that names the limit.
    #[test]
    fn deep_results_reparse_or_name_the_limit(depth in 55usize..=64, k in 0usize..5) {
        let op = ["logical_divide", "logical_product", "zipped_divide", "tiled_product", "composition"][k];
        let nest = |x: &str| format!("{}{x}{}", "(".repeat(depth), ")".repeat(depth));
        let deep = parse(&format!("{}:{}", nest("4"), nest("1"))).unwrap();
        let flat = parse("(4,2):(1,4)").unwrap();
        for args in [[flat.clone(), deep.clone()], [deep.clone(), flat.clone()]] {
            match call(op, &args) {
                Ok(v) => {
                    let text = print(&v);
                    let back = parse(&text).map(|p| print(&p));
            prop_assert_eq!(back.as_deref(), Ok(text.as_str()));
                }
                Err(e) => prop_assert!(!e.to_string().is_empty()),
            }
        }
    }
}

fn run(op: &str, args: &[&str]) -> Result<String, String> {
    let vals: Vec<Value> = args.iter().map(|a| parse(a).unwrap()).collect();
    call(op, &vals)
        .map(|v| print(&v))
        .map_err(|e| e.to_string())
}

/// The named cases of issue 16.
#[test]
fn named_cases() {
    let answers: &[(&str, &[&str], &str)] = &[
        // The rest reaches the cotarget: cosize(((2,3),2):((4,1),8)) = 15 >= 8 (C++: 1:0).
        ("complement", &["(2,3):(4,1)", "8"], "2:8"),
        // CuTe's answer where it meets the contract.
        ("complement", &["(2,3):(4,1)", "7"], "1:0"),
        ("complement", &["(2,3):(4,1)", "(3,5)"], "2:8"),
        ("complement", &["4:2", "24"], "(2,3):(1,8)"),
        // left_inverse of non-injective layouts: C++'s answer where it is a quasi-inverse.
        ("left_inverse", &["(2,2):(1,1)"], "2:2"),
        ("left_inverse", &["(4,2):(1,0)"], "4:1"),
        ("left_inverse", &["(3,2):(1,2)"], "(2,2):(1,3)"),
        // Equal strides in CuTe's exchange-sort order (C++ prints _2:_2).
        ("right_inverse", &["(2,2,2):(1,1,0)"], "2:2"),
        // A non-dividing tiler: the tiles cover round_up(6, 4) = 8 points; the last two read
        // A past its domain.
        ("logical_divide", &["6:1", "4:1"], "(4,2):(1,4)"),
        ("logical_divide", &["(6,2):(1,6)", "4:1"], "(4,3):(1,4)"),
    ];
    for (op, args, want) in answers {
        assert_eq!(run(op, args).as_deref(), Ok(*want), "{op}{args:?}");
    }
    let refusals: &[(&str, &[&str], &str)] = &[
        // No R makes (A, R) injective for a non-injective A.
        (
            "complement",
            &["(2,2):(1,1)", "8"],
            "not injective, so no R makes (A, R) injective",
        ),
        // Size 2^63.
        (
            "logical_divide",
            &["9223372036854775807:1", "2:1"],
            "size 9223372036854775808",
        ),
        // C++ answers (2,2):(2,1), which breaks the quasi-inverse condition.
        (
            "left_inverse",
            &["(2,3):(2,1)"],
            "L(R(L(i))) == L(i) fails at i = 5 (L(i) = 4, R(L(i)) = 2, L(R(L(i))) = 1)",
        ),
        // C++ answers ((2,3),2):((32,4),24): the copy at 24 meets A at 32.
        (
            "logical_product",
            &["(2,3):(32,4)", "2:8"],
            "R(1, 0) = R(4, 1) = 32",
        ),
    ];
    for (op, args, want) in refusals {
        let e = run(op, args).unwrap_err();
        assert!(e.contains(want), "{op}{args:?}: {e}");
    }
}

/// Past the evaluation limit, a left inverse that cannot be proven from the strides is refused
/// with the limit named; one that can is answered at any size.
#[test]
fn left_inverse_limits() {
    let li = |t: &str| run("left_inverse", &[t]);
    // (3,2,2^20):(1,2,4): not injective (1·2 = 2·1); the carries stay below each radix or
    // reach L's last mode, which absorbs them: proven, at 3·2^21 points.
    assert_eq!(
        li("(3,2,1048576):(1,2,4)").as_deref(),
        Ok("(2,2097152):(1,3)")
    );
    // (2,3,2^20):(2,1,8): a carry makes the digit of mode 0 reach 2: no proof, and past the
    // evaluation limit.
    let e = li("(2,3,1048576):(2,1,8)").unwrap_err().to_string();
    assert!(e.contains("limited to 1048576 points"), "{e}");
    // An injective layout of 2^40 points: proven.
    assert_eq!(
        li("(1048576,1048576):(1048576,1)").as_deref(),
        Ok("(1048576,1048576):(1048576,1)")
    );
}

/// The contract of the crate's own structure: the module graph of algebra/src has no cycle,
/// and every module uses only modules of its own layer or of a lower one, the layers being
/// those listed in the crate doc of algebra/src/lib.rs ("Layers").
///
/// The graph is read from the source text by tests/module_graph (the parser that
/// workspace_modules.rs runs on every crate of the workspace; its doc says what a use is),
/// here with the test modules counted as part of their file: a test of a lower layer may not
/// use a higher one either.
mod module_layers {
    use super::module_graph::{self, show, Crate, ModPath};
    use std::collections::BTreeMap;
    use std::path::{Path, PathBuf};

    fn src_dir() -> PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
    }

    /// The crate's module graph, its test modules included (file names relative to src/).
    fn graph() -> Crate {
        module_graph::read_crate(&src_dir().join("lib.rs"), &src_dir(), true)
    }

    /// The layers of lib.rs's crate doc: the numbered items under "# Layers", lowest first;
    /// each names its modules in backticks (`ops::coalesce`, `hw::*` for every module below
    /// `hw`, `crate` for lib.rs); an item may wrap onto indented lines.
    fn layers() -> Vec<(String, Vec<String>)> {
        let lib = std::fs::read_to_string(src_dir().join("lib.rs")).unwrap();
        let mut out: Vec<(String, Vec<String>)> = Vec::new();
        let mut in_layers = false;
        for line in lib.lines() {
            let Some(doc) = line.strip_prefix("//!") else {
                break;
            };
            let doc = doc.strip_prefix(' ').unwrap_or(doc);
            if doc.starts_with('#') {
                in_layers = doc.trim_start_matches('#').trim() == "Layers";
                continue;
            }
            if !in_layers {
                continue;
            }
            let item = doc
                .split_once(". ")
                .filter(|(n, _)| !n.is_empty() && n.chars().all(|c| c.is_ascii_digit()));
            let text = match item {
                Some((_, rest)) => {
                    let name = rest.split(':').next().unwrap().trim().to_string();
                    out.push((name, Vec::new()));
                    rest.split_once(':').map_or("", |x| x.1)
                }
                None if doc.starts_with("  ") && !out.is_empty() => doc,
                None => continue,
            };
            let layer = &mut out.last_mut().unwrap().1;
            layer.extend(text.split('`').skip(1).step_by(2).map(str::to_string));
        }
        out
    }

    /// The layer of every module file (an exact name wins over a `::*` pattern).
    fn layer_of(files: &BTreeMap<ModPath, String>) -> Result<BTreeMap<ModPath, usize>, String> {
        let layers = layers();
        if layers.len() < 2 {
            return Err("lib.rs lists no layers under \"# Layers\"".into());
        }
        let mut out = BTreeMap::new();
        let mut problems = Vec::new();
        for m in files.keys() {
            let name = show(m);
            let exact: Vec<usize> = (0..layers.len())
                .filter(|&k| layers[k].1.contains(&name))
                .collect();
            let pattern: Vec<usize> = (0..layers.len())
                .filter(|&k| {
                    layers[k].1.iter().any(|x| {
                        x.strip_suffix("::*")
                            .is_some_and(|p| name.starts_with(&format!("{p}::")))
                    })
                })
                .collect();
            match (exact.as_slice(), pattern.as_slice()) {
                ([k], _) | ([], [k]) => {
                    out.insert(m.clone(), *k);
                }
                ([], []) => problems.push(format!("{} ({name}) is in no layer", files[m])),
                _ => problems.push(format!("{} ({name}) is in several layers", files[m])),
            }
        }
        for (name, mods) in &layers {
            for x in mods {
                let known = files.keys().any(|m| {
                    show(m) == *x
                        || x.strip_suffix("::*")
                            .is_some_and(|p| show(m).starts_with(&format!("{p}::")))
                });
                if !known {
                    problems.push(format!("layer {name:?} names `{x}`, which is no module"));
                }
            }
        }
        if problems.is_empty() {
            Ok(out)
        } else {
            Err(problems.join("\n"))
        }
    }

    #[test]
    fn module_graph_has_no_cycle() {
        let found = module_graph::describe_cycles(&graph());
        assert!(
            found.is_empty(),
            "the module graph of algebra/src has cycles:\n{}",
            found.join("\n")
        );
    }

    #[test]
    fn modules_use_only_their_own_or_lower_layers() {
        let Crate { files, graph: g } = graph();
        let layer = layer_of(&files).unwrap_or_else(|e| panic!("{e}"));
        let names = layers();
        let mut bad = Vec::new();
        for (from, deps) in &g {
            for (to, (line, path)) in deps {
                if layer[to] > layer[from] {
                    bad.push(format!(
                        "  {}:{line} ({}, layer {:?}) uses {path} ({}, layer {:?})",
                        files[from],
                        show(from),
                        names[layer[from]].0,
                        show(to),
                        names[layer[to]].0
                    ));
                }
            }
        }
        assert!(
            bad.is_empty(),
            "modules use higher layers:\n{}",
            bad.join("\n")
        );
    }
}

/// The i64 bounds on every result of `ops::call` (algebra/src/ops/contract_bounds.rs).
mod result_bounds {
    use layout_algebra::ops::call;
    use layout_algebra::text::parse;

    fn run(op: &str, args: &[&str]) -> Result<String, String> {
        let vals: Vec<_> = args.iter().map(|a| parse(a).unwrap()).collect();
        call(op, &vals)
            .map(|v| layout_algebra::text::print(&v))
            .map_err(|e| e.to_string())
    }

    /// The operations that read their own argument texts (linear, hardware, LEGO) are held to
    /// the same result contracts through `call_text_at` as through `call` (issue 29: `layout
    /// batch` answered `wgmma_k_block` with a layout of cosize past i64 that `print` refuses).
    #[test]
    fn text_calls_meet_the_result_contracts_of_value_calls() {
        let args = [
            "f16",
            "(64,16):(130000000000000000,-130000000000000000)",
            "0",
        ];
        let by_value = layout_algebra::ops::call(
            "wgmma_k_block",
            &args
                .iter()
                .map(|a| layout_algebra::ops::parse_arg(a).unwrap())
                .collect::<Vec<_>>(),
        )
        .unwrap_err();
        let (by_text, arg) = layout_algebra::ops::call_text_at("wgmma_k_block", &args).unwrap_err();
        assert_eq!(by_text, by_value);
        assert_eq!(arg, None);
        assert!(
            by_text.to_string().starts_with(
                "wgmma_k_block: the result (64,16):(130000000000000000,-130000000000000000) has cosize 10140000000000000001"
            ),
            "{by_text}"
        );
    }

    #[test]
    fn a_divide_whose_size_reaches_2_pow_63_is_refused() {
        let e = run("logical_divide", &["9223372036854775807:1", "2:1"]).unwrap_err();
        assert!(e.contains("size 9223372036854775808"), "{e}");
        assert!(e.contains("logical_divide"), "{e}");
        let e = run("logical_divide", &["9223372036854775807:1", "3:1"]).unwrap_err();
        assert!(e.contains("size 9223372036854775809"), "{e}");
        let r = run("logical_divide", &["4611686018427387904:1", "2:1"]).unwrap();
        assert_eq!(r, "(2,2305843009213693952):(1,2)");
    }

    #[test]
    fn cosize_is_checked_per_basis_direction() {
        // size 6 fits; the cosize along @1 is 3·2^62 + 1 > 2^63-1, along @0 it is small.
        let e = run(
            "print",
            &["(2,3,2):(4611686018427387904@1,4611686018427387904@1,1@0)"],
        )
        .unwrap_err();
        assert!(
            e.contains("cosize 13835058055282163713 along the basis direction @1"),
            "{e}"
        );
        let e = run(
            "print",
            &["(2,2):(4611686018427387904,4611686018427387904)"],
        )
        .unwrap_err();
        assert!(e.contains("cosize 9223372036854775809"), "{e}");
        // The outer layout of a composed layout is checked too.
        let e = run(
            "print",
            &["(2,2):(4611686018427387904,4611686018427387904) o 0 o 4:1"],
        )
        .unwrap_err();
        assert!(e.contains("cosize"), "{e}");
        assert!(run("print", &["(2,2):(4611686018427387903,1)"]).is_ok());
    }
}

/// Every result of `ops::call` re-parses (algebra/src/ops/printable.rs).
mod printable_results {
    use layout_algebra::ops::call;
    use layout_algebra::text::{parse, print, MAX_DEPTH};

    /// Found by the fuzzer after the basis and tiler merges: joining two layouts whose basis
    /// paths disagree on their depth, and selecting no item of a tiler, gave results the
    /// parser refuses. Both are errors now.
    #[test]
    fn joined_basis_paths_and_empty_tilers_are_refused() {
        let a = parse("(2,3):(1@0,1@1)").unwrap();
        let b = parse("(4):(1@0@0)").unwrap();
        for op in ["append", "prepend"] {
            let e = call(op, &[a.clone(), b.clone()]).unwrap_err().to_string();
            assert!(e.contains("do not agree on their depth"), "{op}: {e}");
        }
        let e = call("select", &[parse("[_]").unwrap()])
            .unwrap_err()
            .to_string();
        assert!(e.contains("an empty tiler"), "{e}");
        // Agreeing paths still join, and the result re-parses.
        let ok = call("append", &[a, parse("(4):(1@2)").unwrap()]).unwrap();
        assert_eq!(parse(&print(&ok)).unwrap(), ok);
    }

    fn nest(d: usize, inner: &str) -> String {
        format!("{}{inner}{}", "(".repeat(d), ")".repeat(d))
    }

    /// A product or divide with a tiler at the nesting limit adds a level: refused with the
    /// limit named, while one level less gives a result that re-parses.
    #[test]
    fn results_never_nest_past_the_parser_limit() {
        for op in [
            "logical_product",
            "zipped_divide",
            "logical_divide",
            "tiled_divide",
            "zipped_product",
        ] {
            let deep = format!("{}:{}", nest(MAX_DEPTH, "2"), nest(MAX_DEPTH, "1"));
            let args = [parse("(2,2):(1,2)").unwrap(), parse(&deep).unwrap()];
            match call(op, &args) {
                Ok(v) => {
                    let t = print(&v);
                    assert_eq!(
                        parse(&t).map(|b| print(&b)).as_deref(),
                        Ok(t.as_str()),
                        "{op}"
                    );
                }
                Err(e) => assert!(e.to_string().contains("limit of 64 levels"), "{op}: {e}"),
            }
        }
        let r = call(
            "logical_product",
            &[
                parse("(2,2):(1,2)").unwrap(),
                parse(&format!(
                    "{}:{}",
                    nest(MAX_DEPTH, "2"),
                    nest(MAX_DEPTH, "1")
                ))
                .unwrap(),
            ],
        );
        assert!(r.is_err(), "{r:?}");
    }

    /// Two arguments within the leaf limit can make a result past it: refused, never printed.
    #[test]
    fn results_never_have_more_leaves_than_the_parser_reads() {
        let wide = |n: usize| {
            parse(&format!(
                "({}):({})",
                vec!["1"; n].join(","),
                vec!["1"; n].join(",")
            ))
            .unwrap()
        };
        let e = call("append", &[wide(1500), wide(1500)]).unwrap_err();
        assert!(
            e.to_string().contains("past the limit of 4096 leaves"),
            "{e}"
        );
        let r = call("append", &[wide(1000), wide(1000)]).unwrap();
        assert_eq!(parse(&print(&r)).unwrap(), r);
    }
}
