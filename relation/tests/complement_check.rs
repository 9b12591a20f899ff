//! complement's contract through ISL: CuTe's unit cases, random layouts (the verdict agrees
//! with evaluating the post-conditions), and wrong complements caught with real witnesses.

use layout_algebra::ops::complement::complement;
use layout_algebra::ops::filter::filter;
use layout_algebra::{text, IntTuple, Layout, Value};
use layout_relation::complement_check::{contract_failure, ComplementFailure};
use layout_relation::ops::{call_text, Answer};
use layout_relation::Ctx;

const CASES: &str = include_str!("../../tests/data/oracle/cute_cpp_unit_cases.jsonl");

fn run(args: &[&str]) -> serde_json::Value {
    match call_text("complement_check", args).expect("a relation op") {
        Ok(Answer::Json(t)) => serde_json::from_str(&t).unwrap(),
        other => panic!("{args:?}: {other:?}"),
    }
}

fn layout(t: &str) -> Layout {
    match text::parse(t).unwrap() {
        Value::Func(layout_algebra::Func::Layout(l)) => l,
        other => panic!("{t}: {other:?}"),
    }
}

fn tuple(t: &str) -> IntTuple {
    match text::parse(t).unwrap() {
        Value::Tuple(x) => x,
        other => panic!("{t}: {other:?}"),
    }
}

/// The post-conditions by evaluation: None when they hold, else the condition's name.
fn by_evaluation(a: &Layout, m: i64, r: &Layout) -> Option<&'static str> {
    let fa = filter(a).unwrap();
    let (sa, sr) = (fa.size().unwrap(), r.size().unwrap());
    let mut seen = std::collections::HashSet::new();
    for j in 0..sr {
        for i in 0..sa {
            if !seen.insert(fa.eval(i).unwrap() + r.eval(j).unwrap()) {
                return Some("injective");
            }
        }
    }
    if (1..sr).any(|i| r.eval(i).unwrap() <= r.eval(i - 1).unwrap()) {
        return Some("ordered");
    }
    let top = (0..sa)
        .flat_map(|i| (0..sr).map(move |j| (i, j)))
        .map(|(i, j)| fa.eval(i).unwrap() + r.eval(j).unwrap())
        .max()
        .unwrap();
    if top + 1 < m {
        return Some("size");
    }
    None
}

#[test]
fn cute_unit_cases_satisfy_the_contract() {
    let mut n = 0;
    for line in CASES
        .lines()
        .filter(|l| l.contains("\"op\":\"complement\""))
    {
        let row: serde_json::Value = serde_json::from_str(line).unwrap();
        let (a, m) = (
            row["A"].as_str().unwrap(),
            row["cotarget"].as_str().unwrap(),
        );
        let v = run(&[a, m]);
        assert_eq!(v["holds"], true, "complement({a}, {m}): {v}");
        // The algebra's complement is CuTe's result.
        let got = layout(v["complement"].as_str().unwrap());
        let want = layout(row["result"].as_str().unwrap());
        let size = want.size().unwrap();
        assert_eq!(got.size().unwrap(), size, "{line}: {v}");
        for i in 0..size {
            assert_eq!(got.eval(i).unwrap(), want.eval(i).unwrap(), "{line}: {v}");
        }
        assert_eq!(
            by_evaluation(&layout(a), tuple(m).product().unwrap(), &got),
            None
        );
        n += 1;
    }
    assert!(n >= 60, "only {n} complement rows");
}

struct Rng(u64);
impl Rng {
    fn below(&mut self, n: u64) -> i64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n) as i64
    }
}

#[test]
fn random_layouts_agree_with_evaluation() {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let (mut checked, mut refused) = (0, 0);
    for _ in 0..150 {
        let rank = 1 + rng.below(3) as usize;
        let shape: Vec<String> = (0..rank).map(|_| (1 + rng.below(4)).to_string()).collect();
        let stride: Vec<String> = (0..rank).map(|_| rng.below(13).to_string()).collect();
        let a = format!("({}):({})", shape.join(","), stride.join(","));
        let m = (1 + rng.below(200)).to_string();
        match call_text("complement_check", &[a.as_str(), m.as_str()]).unwrap() {
            Ok(Answer::Json(t)) => {
                let v: serde_json::Value = serde_json::from_str(&t).unwrap();
                let r = layout(v["complement"].as_str().unwrap());
                let eval = by_evaluation(&layout(&a), m.parse().unwrap(), &r);
                assert_eq!(v["holds"], eval.is_none(), "complement({a}, {m}): {v}");
                if let Some(c) = eval {
                    assert_eq!(v["condition"], c, "complement({a}, {m}): {v}");
                }
                checked += 1;
            }
            Ok(other) => panic!("{other:?}"),
            Err((e, _)) => {
                // The algebra refuses A without a complement; then so does the op.
                assert!(complement(&layout(&a), &tuple(&m)).is_err(), "{a} {m}: {e}");
                refused += 1;
            }
        }
    }
    assert!(checked > 50, "{checked} checked, {refused} refused");
}

#[test]
fn wrong_complements_are_caught_with_witnesses() {
    let ctx = Ctx::new(layout_relation::isl::DEFAULT_MAX_OPERATIONS).unwrap();
    let a = layout("(4,2):(1,16)");
    let m = tuple("64");
    // The algebra's complement holds.
    let r = complement(&a, &m).unwrap();
    assert_eq!(contract_failure(&ctx, &a, &m, &r).unwrap(), None);
    // Overlapping: R = 4:2 meets A's offsets.
    let bad = layout("4:2");
    match contract_failure(&ctx, &a, &m, &bad).unwrap() {
        Some(ComplementFailure::NotInjective {
            first,
            second,
            offset,
        }) => {
            assert_ne!(first, second);
            for p in [&first, &second] {
                assert_eq!(a.eval(p[0]).unwrap() + bad.eval(p[1]).unwrap(), offset);
            }
        }
        other => panic!("{other:?}"),
    }
    // Not ordered: (2,2):(32,4) goes 0, 32, 4.
    let bad = layout("(2,2):(32,4)");
    match contract_failure(&ctx, &a, &m, &bad).unwrap() {
        Some(ComplementFailure::NotOrdered { at, before, here }) => {
            assert_eq!((at, before, here), (2, 32, 4));
        }
        other => panic!("{other:?}"),
    }
    // Too small: ordered and disjoint, but (A, 2:4) reaches 3 + 16 + 4 = 23 at most.
    let bad = layout("2:4");
    match contract_failure(&ctx, &a, &m, &bad).unwrap() {
        Some(ComplementFailure::TooSmall { cosize, cotarget }) => {
            assert_eq!((cosize, cotarget), (24, 64))
        }
        other => panic!("{other:?}"),
    }
}
