//! Bijective (LEGO) layouts: the paper's worked examples, random chains against an independent
//! model written from the paper's definitions, the simplifier's rules checked exhaustively on
//! small domains, simplified index math equal to the unsimplified one on whole domains, code
//! generation compiled and run (C with cc, Triton's text as Python, MLIR folded by mlir-opt),
//! conversion to and from CuTe, and errors.

use std::collections::BTreeMap;
use std::process::Command;

use layout_algebra::bijective::codegen::{codegen, Lang};
use layout_algebra::bijective::cute::{from_cute, to_cute};
use layout_algebra::bijective::equal::{equal, Equality, Operand};
use layout_algebra::bijective::expr::Expr;
use layout_algebra::bijective::index_math::IndexMath;
use layout_algebra::bijective::range::Ranges;
use layout_algebra::bijective::simplify::{simplify, Simplifier};
use layout_algebra::bijective::verify::{for_each_index, table};
use layout_algebra::bijective::{parse_chain, parse_expr, print_chain, Chain};
use layout_algebra::ops;
use proptest::prelude::*;

// ---------------------------------------------------------------- the paper's examples

/// The anti-diagonal permutation of an n x n tile (the paper's Fig. 8) in the GenP syntax:
/// `f` as in the paper; `finv` finds the anti-diagonal with comparisons instead of a square
/// root (`a = 1 + #{k in 2..n : x >= k(k-1)/2}`).
fn antidiag(n: i64) -> String {
    let s = n * (n + 1) / 2;
    let count: Vec<String> = (2..=n)
        .map(|k| format!("(x >= {})", k * (k - 1) / 2))
        .collect();
    let (nn, last, m, n2) = (n * n, n * n - 1, n - 1, 2 * n);
    format!(
        "GenP([{n}, {n}], (i, j) -> let a = i + j + 1; select(a <= {n}, i + a*(a-1)/2, \
         {nn} - {n} + i - ({n2} - a)*({n2} - a - 1)/2), \
         (x0) -> let x = select(x0 < {s}, x0, {last} - x0); let a = 1 + {}; \
         let i = x - a*(a-1)/2; let j = a - i - 1; \
         [select(x0 < {s}, i, {m} - i), select(x0 < {s}, j, {m} - j)])",
        count.join(" + ")
    )
}

fn fig9() -> Chain {
    parse_chain(&format!(
        "OrderBy(RegP([2,2],[2,1]), {}).OrderBy(RegP([2,3,2,3],[1,3,2,4])).GroupBy([6,6])",
        antidiag(3)
    ))
    .unwrap()
}

#[test]
fn fig9_element_4_2_goes_to_23_then_15_and_back() {
    let o2 = parse_chain("OrderBy(RegP([2,3,2,3],[1,3,2,4])).GroupBy([6,6])").unwrap();
    assert_eq!(o2.apply(&[4, 2]).unwrap(), 23);
    let c = fig9();
    assert_eq!(c.apply(&[4, 2]).unwrap(), 15);
    assert_eq!(c.inv(15).unwrap(), vec![4, 2]);
    // Every element, both ways.
    let t = table(&c).unwrap();
    let mut seen = [false; 36];
    for (r, &y) in t.iter().enumerate() {
        seen[y as usize] = true;
        assert_eq!(c.inv(y).unwrap(), vec![r as i64 / 6, r as i64 % 6]);
    }
    assert!(seen.iter().all(|&b| b));
}

#[test]
fn antidiag_matches_the_papers_python_definition() {
    // Fig. 8's antidiag/antidiaginv, transcribed (with the square root), for n = 2..7.
    fn model(n: i64, i: i64, j: i64) -> i64 {
        let a = i + j + 1;
        if a <= n {
            i + a * (a - 1) / 2
        } else {
            let a = 2 * n - a;
            n * n - n + i - a * (a - 1) / 2
        }
    }
    fn model_inv(n: i64, x0: i64) -> (i64, i64) {
        let s = n * (n + 1) / 2;
        let x = if x0 < s { x0 } else { n * n - 1 - x0 };
        let mut a = ((2 * x) as f64).sqrt().floor() as i64;
        a += (x >= a * (a + 1) / 2) as i64;
        let i = x - a * (a - 1) / 2;
        let j = a - i - 1;
        if x0 < s {
            (i, j)
        } else {
            (n - 1 - i, n - 1 - j)
        }
    }
    for n in 2..=7 {
        let c = parse_chain(&format!("OrderBy({}).GroupBy([{n},{n}])", antidiag(n))).unwrap();
        for i in 0..n {
            for j in 0..n {
                let y = c.apply(&[i, j]).unwrap();
                assert_eq!(y, model(n, i, j), "n={n} ({i},{j})");
                assert_eq!(model_inv(n, y), (i, j));
                assert_eq!(c.inv(y).unwrap(), vec![i, j]);
            }
        }
    }
}

#[test]
fn eq7_is_grapheness_eq8_as_a_cute_layout() {
    // The paper writes GroupBy first; both spellings are the same chain.
    let a = parse_chain("GroupBy([2,2,2,2,2]).OrderBy(RegP([2,2,2,2,2],[5,2,4,3,1]))").unwrap();
    let b = parse_chain("OrderBy(RegP([2,2,2,2,2],[5,2,4,3,1])).GroupBy([2,2,2,2,2])").unwrap();
    assert_eq!(a, b);
    // Graphene's D = (2,2):(1,8) . (2,(2,2)):(2,(4,16)): its leaf strides in order.
    let l = to_cute(&a).unwrap();
    assert_eq!(
        layout_algebra::text::print(&layout_algebra::Value::layout(l.clone())),
        "(2,2,2,2,2):(1,8,2,4,16)"
    );
    assert_eq!(
        equal(&Operand::Chain(a.clone()), &Operand::Cute(l)).unwrap(),
        Equality::Equal
    );
    // Fig. 10: as a 4 x 8 matrix stored column-major, (r, c) -> r + 4c; eq. 7's element
    // order is a permutation of it, not the same layout.
    let colmajor = parse_chain("OrderBy(Col([4,8])).GroupBy([4,8])").unwrap();
    assert_eq!(colmajor.apply(&[1, 2]).unwrap(), 9);
}

#[test]
fn sugar_row_col_tileby() {
    let row = parse_chain("OrderBy(Row([3,4])).GroupBy([3,4])").unwrap();
    let col = parse_chain("OrderBy(Col([3,4])).GroupBy([3,4])").unwrap();
    for i in 0..3 {
        for j in 0..4 {
            assert_eq!(row.apply(&[i, j]).unwrap(), i * 4 + j);
            assert_eq!(col.apply(&[i, j]).unwrap(), j * 3 + i);
        }
    }
    // TileBy_{2x2}([2,3],[4,5]): logical (block row, block col, row, col), physical the
    // row-major (2*4) x (3*5) matrix.
    let t = parse_chain("TileBy([2,3],[4,5])").unwrap();
    assert_eq!(
        print_chain(&t),
        "OrderBy(RegP([2, 3, 4, 5], [1, 3, 2, 4])).GroupBy([2, 3], [4, 5])"
    );
    for_each_index(&[2, 3, 4, 5], |i| {
        let (br, bc, r, c) = (i[0], i[1], i[2], i[3]);
        assert_eq!(t.apply(i).unwrap(), (br * 4 + r) * 15 + bc * 5 + c);
        Ok(())
    })
    .unwrap();
    // sigma_{d x q} of the paper: TileBy_{3x2} uses [1,3,5,2,4,6].
    let t = parse_chain("TileBy([1,1],[1,1],[1,1])").unwrap();
    assert!(print_chain(&t).contains("[1, 3, 5, 2, 4, 6]"));
    let t = parse_chain("TileBy([1,1,1],[1,1,1])").unwrap();
    assert!(print_chain(&t).contains("[1, 4, 2, 5, 3, 6]"));
}

// ---------------------------------------------------------------- independent model

/// A piece of the model: dims and the two functions as plain Rust.
struct MPiece {
    dims: Vec<i64>,
    text: String,
    f: Box<dyn Fn(&[i64]) -> i64>,
    finv: Box<dyn Fn(i64) -> Vec<i64>>,
}

struct Model {
    orders: Vec<Vec<MPiece>>,
    groups: Vec<Vec<i64>>,
}

fn b_flat(i: &[i64], n: &[i64]) -> i64 {
    i.iter().zip(n).fold(0, |acc, (&x, &m)| acc * m + x)
}
fn b_unflat(mut x: i64, n: &[i64]) -> Vec<i64> {
    let mut out = vec![0; n.len()];
    for k in (0..n.len()).rev() {
        out[k] = x % n[k];
        x /= n[k];
    }
    out
}

impl Model {
    fn odims(o: &[MPiece]) -> Vec<i64> {
        o.iter().flat_map(|p| p.dims.clone()).collect()
    }
    fn order_apply(o: &[MPiece], i: &[i64]) -> i64 {
        let mut acc = 0;
        let mut at = 0;
        for p in o {
            let d = p.dims.len();
            acc = acc * p.dims.iter().product::<i64>() + (p.f)(&i[at..at + d]);
            at += d;
        }
        acc
    }
    fn order_inv(o: &[MPiece], mut x: i64) -> Vec<i64> {
        let mut parts = Vec::new();
        for p in o.iter().rev() {
            let size: i64 = p.dims.iter().product();
            parts.push((p.finv)(x % size));
            x /= size;
        }
        parts.reverse();
        parts.concat()
    }
    fn apply(&self, i: &[i64]) -> i64 {
        let g: Vec<i64> = self.groups.concat();
        let mut x = b_flat(i, &g);
        for o in self.orders.iter().rev() {
            x = Self::order_apply(o, &b_unflat(x, &Self::odims(o)));
        }
        x
    }
    fn inv(&self, mut x: i64) -> Vec<i64> {
        for o in &self.orders {
            x = b_flat(&Self::order_inv(o, x), &Self::odims(o));
        }
        b_unflat(x, &self.groups.concat())
    }
    fn text(&self) -> String {
        let mut s = String::new();
        for o in &self.orders {
            let ps: Vec<&str> = o.iter().map(|p| p.text.as_str()).collect();
            s.push_str(&format!("OrderBy({}).", ps.join(", ")));
        }
        let gs: Vec<String> = self.groups.iter().map(|g| format!("{g:?}")).collect();
        s.push_str(&format!("GroupBy({})", gs.join(", ")));
        s
    }
}

/// xorshift64*, for reproducible random structures from a proptest seed.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    fn shuffle<T>(&mut self, v: &mut [T]) {
        for k in (1..v.len()).rev() {
            let j = self.below(k + 1);
            v.swap(k, j);
        }
    }
}

/// Random grouping of the prime factors into dims.
fn dims_of(rng: &mut Rng, primes: &[i64]) -> Vec<i64> {
    let mut p = primes.to_vec();
    rng.shuffle(&mut p);
    let mut dims = Vec::new();
    let mut cur = 1;
    for (k, x) in p.iter().enumerate() {
        cur *= x;
        if k + 1 == p.len() || rng.below(2) == 0 {
            dims.push(cur);
            cur = 1;
        }
    }
    dims
}

fn modinv(a: i64, n: i64) -> Option<i64> {
    (1..=n).find(|&b| (a * b) % n == 1 % n)
}

fn gcd(a: i64, b: i64) -> i64 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

/// A random piece over `dims`: a RegP with a random permutation, or a GenP from a catalog.
fn random_piece(rng: &mut Rng, dims: Vec<i64>) -> MPiece {
    let d = dims.len();
    let genp = rng.below(3) == 0;
    if genp && d == 1 {
        let n = dims[0];
        let mut a = 1 + rng.below(n as usize) as i64;
        while gcd(a, n) != 1 {
            a = 1 + rng.below(n as usize) as i64;
        }
        let b = rng.below(n as usize) as i64;
        let ai = modinv(a, n).unwrap();
        return MPiece {
            text: format!(
                "GenP([{n}], (i) -> (({a})*i + {b}) % {n}, (x) -> [({ai}) * (x - {b}) % {n}])"
            ),
            dims,
            f: Box::new(move |i| (a * i[0] + b) % n),
            finv: Box::new(move |x| vec![(ai * (x - b)).rem_euclid(n)]),
        };
    }
    if genp && d == 2 && dims[0] == dims[1] && (dims[0] == 3 || dims[0] == 4 || dims[0] == 2) {
        let n = dims[0];
        return MPiece {
            text: antidiag(n),
            dims,
            f: Box::new(move |i| {
                let a = i[0] + i[1] + 1;
                if a <= n {
                    i[0] + a * (a - 1) / 2
                } else {
                    let a = 2 * n - a;
                    n * n - n + i[0] - a * (a - 1) / 2
                }
            }),
            finv: Box::new(move |x0| {
                let s = n * (n + 1) / 2;
                let x = if x0 < s { x0 } else { n * n - 1 - x0 };
                let a = (1..=n).filter(|k| x >= k * (k - 1) / 2).count() as i64;
                let i = x - a * (a - 1) / 2;
                let j = a - i - 1;
                if x0 < s {
                    vec![i, j]
                } else {
                    vec![n - 1 - i, n - 1 - j]
                }
            }),
        };
    }
    if genp && d == 2 {
        // Transposition written as a GenP: (i, j) -> j*p + i.
        let (p, q) = (dims[0], dims[1]);
        return MPiece {
            text: format!("GenP([{p}, {q}], (i, j) -> j*{p} + i, (x) -> [x % {p}, x / {p}])"),
            dims,
            f: Box::new(move |i| i[1] * p + i[0]),
            finv: Box::new(move |x| vec![x % p, x / p]),
        };
    }
    let mut sigma: Vec<usize> = (0..d).collect();
    rng.shuffle(&mut sigma);
    let one: Vec<usize> = sigma.iter().map(|s| s + 1).collect();
    let pd: Vec<i64> = sigma.iter().map(|&k| dims[k]).collect();
    let (s1, s2, pd2) = (sigma.clone(), sigma.clone(), pd.clone());
    MPiece {
        text: format!("RegP({dims:?}, {one:?})"),
        dims,
        f: Box::new(move |i| {
            let pi: Vec<i64> = s1.iter().map(|&k| i[k]).collect();
            b_flat(&pi, &pd)
        }),
        finv: Box::new(move |x| {
            let digits = b_unflat(x, &pd2);
            let mut out = vec![0; s2.len()];
            for (pos, &k) in s2.iter().enumerate() {
                out[k] = digits[pos];
            }
            out
        }),
    }
}

fn random_model(seed: u64, allow_genp: bool) -> Model {
    let mut rng = Rng(seed | 1);
    let pool = [2i64, 2, 2, 3, 3, 2, 5];
    let take = 1 + rng.below(5);
    let mut primes: Vec<i64> = pool.to_vec();
    rng.shuffle(&mut primes);
    primes.truncate(take);
    let groups_dims = dims_of(&mut rng, &primes);
    // Split the GroupBy dims into 1 or 2 tiles.
    let cut = rng.below(groups_dims.len()) + 1;
    let mut groups = vec![groups_dims[..cut].to_vec()];
    if cut < groups_dims.len() {
        groups.push(groups_dims[cut..].to_vec());
    }
    let mut orders = Vec::new();
    for _ in 0..1 + rng.below(3) {
        let dims = dims_of(&mut rng, &primes);
        // Split into pieces of 1..3 dims.
        let mut pieces = Vec::new();
        let mut at = 0;
        while at < dims.len() {
            let w = (1 + rng.below(3)).min(dims.len() - at);
            let mut p = random_piece(&mut rng, dims[at..at + w].to_vec());
            if !allow_genp && p.text.starts_with("GenP") {
                let mut r2 = Rng(rng.next() | 1);
                p = loop {
                    let q = random_piece(&mut r2, dims[at..at + w].to_vec());
                    if q.text.starts_with("RegP") {
                        break q;
                    }
                };
            }
            pieces.push(p);
            at += w;
        }
        orders.push(pieces);
    }
    Model { orders, groups }
}

fn check_against_model(m: &Model) {
    let text = m.text();
    let c = parse_chain(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
    // Print/parse round trip.
    assert_eq!(parse_chain(&print_chain(&c)).unwrap(), c, "{text}");
    let dims = c.dims();
    let n: i64 = dims.iter().product();
    let mut seen = vec![false; n as usize];
    for_each_index(&dims, |i| {
        let y = c.apply(i).unwrap();
        assert_eq!(y, m.apply(i), "{text} at {i:?}");
        assert!(!seen[y as usize]);
        seen[y as usize] = true;
        assert_eq!(c.inv(y).unwrap(), i, "{text} inv {y}");
        assert_eq!(m.inv(y), i);
        Ok(())
    })
    .unwrap();
}

#[test]
fn random_chains_against_the_model_fixed_seeds() {
    for seed in 1..300u64 {
        check_against_model(&random_model(seed * 0x9e37_79b9, true));
    }
}

/// Simplified apply and inv equal the unsimplified ones and the chain, at every point.
fn check_simplified(c: &Chain) {
    let m = IndexMath::of(c).unwrap();
    let text = print_chain(c);
    let dims = c.dims();
    for_each_index(&dims, |i| {
        let env: BTreeMap<String, i64> = m.params.iter().cloned().zip(i.iter().copied()).collect();
        let want = c.apply(i).unwrap();
        assert_eq!(m.apply_raw.eval(&env).unwrap(), want, "{text} raw at {i:?}");
        assert_eq!(
            m.apply.eval(&env).unwrap(),
            want,
            "{text} simplified {} at {i:?}",
            m.apply
        );
        Ok(())
    })
    .unwrap();
    for x in 0..c.size().unwrap() {
        let env: BTreeMap<String, i64> = [("x".to_string(), x)].into();
        let want = c.inv(x).unwrap();
        let raw: Vec<i64> = m.inv_raw.iter().map(|e| e.eval(&env).unwrap()).collect();
        let simp: Vec<i64> = m.inv.iter().map(|e| e.eval(&env).unwrap()).collect();
        assert_eq!(raw, want, "{text} raw inv at {x}");
        assert_eq!(simp, want, "{text} simplified inv at {x}");
    }
    let (a, ar, i, ir) = m.op_counts();
    assert!(
        a <= ar && i <= ir,
        "{text}: the simplifier added operations"
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn random_chains_agree_with_the_model(seed in any::<u64>()) {
        check_against_model(&random_model(seed, true));
    }

    #[test]
    fn simplified_index_math_equals_unsimplified_on_the_whole_domain(seed in any::<u64>()) {
        check_simplified(&random_model(seed, true).text().parse_chain());
    }

    #[test]
    fn strided_chains_convert_to_cute_and_back(seed in any::<u64>()) {
        let c = random_model(seed, false).text().parse_chain();
        // A RegP-only chain whose GroupBy reshape is a refinement is strided; others may not
        // be: then the error must be the not-strided one, and the table must show it.
        match to_cute(&c) {
            Ok(l) => {
                prop_assert_eq!(equal(&Operand::Chain(c.clone()), &Operand::Cute(l.clone())).unwrap(), Equality::Equal);
                let back = from_cute(&l).unwrap();
                prop_assert_eq!(equal(&Operand::Chain(c.clone()), &Operand::Chain(back)).unwrap(), Equality::Equal);
            }
            Err(e) => prop_assert!(e.to_string().contains("not strided"), "{}", e),
        }
    }
}

trait ParseChain {
    fn parse_chain(&self) -> Chain;
}
impl ParseChain for String {
    fn parse_chain(&self) -> Chain {
        parse_chain(self).unwrap_or_else(|e| panic!("{self}: {e}"))
    }
}

#[test]
fn fig9_simplified_index_math_is_equal_and_smaller() {
    check_simplified(&fig9());
    let o2 = parse_chain("OrderBy(RegP([2,3,2,3],[1,3,2,4])).GroupBy([6,6])").unwrap();
    let m = IndexMath::of(&o2).unwrap();
    assert_eq!(
        m.apply.to_string(),
        "18 * (i0 / 3) + 9 * (i1 / 3) + 3 * (i0 % 3) + i1 % 3"
    );
    assert_eq!(m.inv[0].to_string(), "3 * (x / 18) + x / 3 % 3");
    assert_eq!(m.inv[1].to_string(), "x % 3 + 3 * (x / 9 % 2)");
}

// ---------------------------------------------------------------- rules, exhaustively

/// Every assignment of the variables in `r`.
fn assignments(r: &Ranges) -> Vec<BTreeMap<String, i64>> {
    let mut out = vec![BTreeMap::new()];
    for (name, &(lo, hi)) in r {
        let mut next = Vec::new();
        for a in &out {
            for v in lo..=hi {
                let mut b = a.clone();
                b.insert(name.clone(), v);
                next.push(b);
            }
        }
        out = next;
    }
    out
}

fn same_on(a: &Expr, b: &Expr, r: &Ranges) -> bool {
    assignments(r)
        .iter()
        .all(|env| a.eval(env).unwrap() == b.eval(env).unwrap())
}

fn ranges(v: &[(&str, i64, i64)]) -> Ranges {
    v.iter()
        .map(|&(n, lo, hi)| (n.to_string(), (lo, hi)))
        .collect()
}

/// One rule: for every instance (an expression text and ranges), the rule applies (so a
/// missing rule fails the test) and its result equals the input at every point.
fn rule_holds(
    name: &str,
    instances: &[(String, Ranges)],
    rule: impl Fn(&Simplifier, &Expr) -> Option<Expr>,
) {
    let mut fired = 0;
    for (text, r) in instances {
        let e = parse_expr(text).unwrap();
        let s = Simplifier { ranges: r };
        if let Some(out) = rule(&s, &e) {
            fired += 1;
            assert!(same_on(&e, &out, r), "{name}: {text} -> {out} differs");
        }
    }
    assert_eq!(
        fired,
        instances.len(),
        "{name} did not apply to every instance"
    );
}

fn div_of(e: &Expr) -> (Expr, i64) {
    match e {
        Expr::Div(a, d) | Expr::Mod(a, d) => ((**a).clone(), *d),
        other => panic!("not a division: {other}"),
    }
}

/// Integer windows [lo, hi] of the variables, small and including negatives.
fn windows() -> Vec<(i64, i64)> {
    vec![(-7, 5), (0, 11), (-12, -1), (3, 9)]
}

#[test]
fn rule_r1_mod_split_and_r5_div_split() {
    let mut inst = Vec::new();
    for d in 2..=6 {
        for k in [-2, 1, 3] {
            for (lo, hi) in windows() {
                inst.push((
                    format!("({}*q + r + {}) % {d}", k * d, 2 * d + 1),
                    ranges(&[("q", lo, hi), ("r", lo, hi)]),
                ));
            }
        }
    }
    rule_holds("R1 mod_split", &inst, |s, e| {
        let (a, d) = div_of(e);
        s.mod_split(&a, d)
    });
    let div_inst: Vec<(String, Ranges)> = inst
        .iter()
        .map(|(t, r)| (t.replace('%', "/"), r.clone()))
        .collect();
    rule_holds("R5 div_split", &div_inst, |s, e| {
        let (a, d) = div_of(e);
        s.div_split(&a, d)
    });
    // The paper's form: (d*q + r)/d = q when 0 <= r < d.
    let r = ranges(&[("q", -5, 5), ("r", 0, 5)]);
    assert_eq!(
        simplify(&parse_expr("(6*q + r) / 6").unwrap(), &r).to_string(),
        "q"
    );
    assert_eq!(
        simplify(&parse_expr("(6*q + r) % 6").unwrap(), &r).to_string(),
        "r"
    );
}

#[test]
fn rule_r2_recombine_div_mod_and_r9_recombine_mod() {
    for a in 2..=6 {
        for c in [1, 2, -3] {
            for (lo, hi) in windows() {
                let r = ranges(&[("x", lo * 3, hi * 3)]);
                let e = parse_expr(&format!("{}*(x/{a}) + {c}*(x%{a})", c * a)).unwrap();
                let out = simplify(&e, &r);
                assert!(same_on(&e, &out, &r));
                assert_eq!(
                    out,
                    simplify(&parse_expr(&format!("{c}*x")).unwrap(), &r),
                    "{e}"
                );
                for b in 2..=4 {
                    let e =
                        parse_expr(&format!("{}*((x/{a}) % {b}) + {c}*(x%{a})", c * a)).unwrap();
                    let out = simplify(&e, &r);
                    assert!(same_on(&e, &out, &r), "{e} -> {out}");
                    let want = simplify(&parse_expr(&format!("{c}*(x % {})", a * b)).unwrap(), &r);
                    assert_eq!(out, want, "{e}");
                }
            }
        }
    }
}

#[test]
fn rules_r3_r4_small_dividends() {
    let mut inst = Vec::new();
    for d in 2..=7 {
        for k in -2..=2 {
            // x in [k*d, k*d + d - 1], shifted windows inside it.
            inst.push((format!("x / {d}"), ranges(&[("x", k * d, k * d + d - 1)])));
            inst.push((
                format!("(x + 1) / {d}"),
                ranges(&[("x", k * d - 1, k * d + d - 2)]),
            ));
        }
    }
    rule_holds("R3 div_small", &inst, |s, e| {
        let (a, d) = div_of(e);
        s.div_small(&a, d)
    });
    let inst: Vec<(String, Ranges)> = inst
        .iter()
        .map(|(t, r)| (t.replace('/', "%"), r.clone()))
        .collect();
    rule_holds("R4 mod_small", &inst, |s, e| {
        let (a, d) = div_of(e);
        s.mod_small(&a, d)
    });
    // Not applicable across a period boundary.
    let r = ranges(&[("x", 0, 6)]);
    let s = Simplifier { ranges: &r };
    assert!(s.div_small(&parse_expr("x").unwrap(), 6).is_none());
    assert!(s.mod_small(&parse_expr("x").unwrap(), 6).is_none());
}

#[test]
fn rules_r6_to_r8_nested_division_and_modulo() {
    let mut div_div = Vec::new();
    let mut div_mod = Vec::new();
    let mut mod_mod = Vec::new();
    for a in 1..=4 {
        for b in 2..=4 {
            let r = ranges(&[("x", -40, 40)]);
            div_div.push((format!("(x / {a}) / {b}"), r.clone()));
            div_mod.push((format!("(x % {}) / {a}", a * b), r.clone()));
            mod_mod.push((format!("(x % {}) % {a}", a * b), r.clone()));
        }
    }
    rule_holds("R6 div_div", &div_div, |s, e| {
        let (a, d) = div_of(e);
        s.div_div(&a, d)
    });
    rule_holds("R7 div_of_mod", &div_mod, |s, e| {
        let (a, d) = div_of(e);
        s.div_of_mod(&a, d)
    });
    rule_holds("R8 mod_mod", &mod_mod, |s, e| {
        let (a, d) = div_of(e);
        s.mod_mod(&a, d)
    });
}

#[test]
fn rules_r10_to_r13_gcd_and_tiled() {
    let mut gcd_div = Vec::new();
    let mut tiled = Vec::new();
    for g in 2..=4 {
        for k in 2..=4 {
            let r = ranges(&[("y", -9, 9), ("z", -3, 3)]);
            gcd_div.push((
                format!("({g}*y + {}*z + {g}) / {}", 2 * g, g * k),
                r.clone(),
            ));
        }
    }
    for k in 2..=4 {
        for m in 2..=4 {
            let r = ranges(&[("h", -6, 6), ("r", 0, k - 1)]);
            tiled.push((format!("({k}*h + r) / {}", k * m), r));
        }
    }
    rule_holds("R10 div_gcd", &gcd_div, |s, e| {
        let (a, d) = div_of(e);
        s.div_gcd(&a, d)
    });
    let gcd_mod: Vec<(String, Ranges)> = gcd_div
        .iter()
        .map(|(t, r)| (t.replace('/', "%"), r.clone()))
        .collect();
    rule_holds("R11 mod_gcd", &gcd_mod, |s, e| {
        let (a, d) = div_of(e);
        s.mod_gcd(&a, d)
    });
    rule_holds("R12 div_tiled", &tiled, |s, e| {
        let (a, d) = div_of(e);
        s.div_tiled(&a, d)
    });
    let tiled_mod: Vec<(String, Ranges)> = tiled
        .iter()
        .map(|(t, r)| (t.replace('/', "%"), r.clone()))
        .collect();
    rule_holds("R13 mod_tiled", &tiled_mod, |s, e| {
        let (a, d) = div_of(e);
        s.mod_tiled(&a, d)
    });
    // Side condition: r may reach k, the rule must not fire.
    let r = ranges(&[("h", 0, 6), ("r", 0, 2)]);
    let s = Simplifier { ranges: &r };
    assert!(s.div_tiled(&parse_expr("2*h + r").unwrap(), 4).is_none());
}

#[test]
fn rules_r14_r15_r18_comparisons_and_selects() {
    let r = ranges(&[("x", 0, 5), ("y", 3, 7)]);
    for (text, want) in [
        ("x < 6", "1"),
        ("x >= 6", "0"),
        ("y > x - 3", "1"),
        ("select(x <= 5, y, x)", "y"),
        ("select(x < 3, y, y)", "y"),
        (
            "select(x < 3, select(x < 3, x, y), select(x < 3, y, 2))",
            "select(x < 3, x, 2)",
        ),
    ] {
        let e = parse_expr(text).unwrap();
        let out = simplify(&e, &r);
        assert_eq!(out.to_string(), want, "{text}");
        assert!(same_on(&e, &out, &r));
    }
    // Undecided comparisons stay.
    let e = parse_expr("x < 3").unwrap();
    assert_eq!(simplify(&e, &r), e);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Random quasi-affine expressions: simplified equals original at every point.
    #[test]
    fn simplify_preserves_random_expressions(
        seed in any::<u64>(),
        lo in -6i64..3, w in 0i64..9,
    ) {
        let mut rng = Rng(seed | 1);
        fn gen(rng: &mut Rng, depth: u32) -> Expr {
            if depth == 0 || rng.below(4) == 0 {
                return match rng.below(3) {
                    0 => Expr::Const(rng.below(9) as i64 - 3),
                    1 => Expr::var("x"),
                    _ => Expr::var("y"),
                };
            }
            let d = 1 + rng.below(6) as i64;
            match rng.below(7) {
                0 | 1 => Expr::Add(vec![gen(rng, depth - 1), gen(rng, depth - 1)]),
                2 => Expr::Mul(vec![Expr::Const(rng.below(7) as i64 - 3), gen(rng, depth - 1)]),
                3 => Expr::div(gen(rng, depth - 1), d).unwrap(),
                4 => Expr::rem(gen(rng, depth - 1), d).unwrap(),
                5 => Expr::Mul(vec![gen(rng, depth - 1), gen(rng, depth - 1)]),
                _ => Expr::select(
                    Expr::cmp(layout_algebra::bijective::CmpOp::Lt, gen(rng, depth - 1), gen(rng, depth - 1)),
                    gen(rng, depth - 1),
                    gen(rng, depth - 1),
                ),
            }
        }
        let e = gen(&mut rng, 5);
        let r = ranges(&[("x", lo, lo + w), ("y", 0, w)]);
        let out = simplify(&e, &r);
        prop_assert!(same_on(&e, &out, &r), "{} -> {}", e, out);
        prop_assert!(out.op_count() <= e.op_count());
        // The printed form re-parses to an equal function.
        let back = parse_expr(&out.to_string()).unwrap();
        prop_assert!(same_on(&out, &back, &r), "{} reparsed as {}", out, back);
    }
}

// ---------------------------------------------------------------- code generation

fn tool_ok(name: &str) -> bool {
    Command::new(name).arg("--version").output().is_ok()
}

#[test]
fn c_codegen_compiles_and_runs_over_the_domain() {
    assert!(tool_ok("cc"), "cc is needed (scripts/setup.sh installs it)");
    let dir = std::env::temp_dir().join(format!("lego_c_{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let chains = vec![
        fig9(),
        parse_chain("GroupBy([2,2,2,2,2]).OrderBy(RegP([2,2,2,2,2],[5,2,4,3,1]))").unwrap(),
        parse_chain("TileBy([2,3],[4,5])").unwrap(),
        parse_chain(&format!("OrderBy({}).GroupBy([4,4])", antidiag(4))).unwrap(),
        parse_chain(
            "OrderBy(GenP([7], (i) -> (3*i + 5) % 7, (x) -> [5 * (x - 5) % 7])).GroupBy([7])",
        )
        .unwrap(),
    ];
    for (k, c) in chains.iter().enumerate() {
        let src = codegen(c, Lang::C, "L").unwrap();
        let d = c.dims();
        let n = c.size().unwrap();
        let idx: Vec<String> = (0..d.len()).map(|j| format!("i{j}")).collect();
        let mut main = String::from("#include <stdio.h>\nint main(void) {\n");
        main.push_str(&format!("  int64_t idx[{}];\n", d.len()));
        main.push_str(&format!(
            "  for (int64_t r = 0; r < {n}; ++r) {{\n    int64_t t = r;\n"
        ));
        for j in (0..d.len()).rev() {
            main.push_str(&format!("    idx[{j}] = t % {}; t /= {};\n", d[j], d[j]));
        }
        let args: Vec<String> = (0..d.len()).map(|j| format!("idx[{j}]")).collect();
        main.push_str(&format!(
            "    printf(\"%lld\\n\", (long long)L_apply({}));\n  }}\n",
            args.join(", ")
        ));
        main.push_str(&format!(
            "  for (int64_t x = 0; x < {n}; ++x) {{\n    int64_t {};\n",
            idx.join(", ")
        ));
        let outs: Vec<String> = idx.iter().map(|v| format!("&{v}")).collect();
        main.push_str(&format!("    L_inv(x, {});\n", outs.join(", ")));
        for v in &idx {
            main.push_str(&format!("    printf(\"%lld \", (long long){v});\n"));
        }
        main.push_str("    printf(\"\\n\");\n  }\n  return 0;\n}\n");
        let file = dir.join(format!("l{k}.c"));
        std::fs::write(&file, format!("{src}\n{main}")).unwrap();
        let exe = dir.join(format!("l{k}"));
        let cc = Command::new("cc")
            .args(["-std=c99", "-Wall", "-Werror", "-O1", "-o"])
            .arg(&exe)
            .arg(&file)
            .output()
            .unwrap();
        assert!(
            cc.status.success(),
            "cc failed:\n{}\n{src}",
            String::from_utf8_lossy(&cc.stderr)
        );
        let run = Command::new(&exe).output().unwrap();
        assert!(run.status.success());
        let out = String::from_utf8(run.stdout).unwrap();
        let mut lines = out.lines();
        let t = table(c).unwrap();
        for &y in &t {
            assert_eq!(
                lines.next().unwrap().parse::<i64>().unwrap(),
                y,
                "{}",
                print_chain(c)
            );
        }
        for x in 0..n {
            let got: Vec<i64> = lines
                .next()
                .unwrap()
                .split_whitespace()
                .map(|s| s.parse().unwrap())
                .collect();
            assert_eq!(got, c.inv(x).unwrap());
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn triton_codegen_runs_as_python_over_the_domain() {
    if !tool_ok("python3") {
        panic!("python3 is needed to run the Triton text");
    }
    let c = fig9();
    let src = codegen(&c, Lang::Triton, "L").unwrap();
    let t = table(&c).unwrap();
    let prog = format!(
        "class triton:\n    jit = staticmethod(lambda f: f)\n\
         class tl:\n    where = staticmethod(lambda c, a, b: a if c else b)\n\
         {src}\n\
         out = [L_apply(r // 6, r % 6) for r in range(36)]\n\
         assert out == {t:?}, out\n\
         for x in range(36):\n    i = L_inv(x)\n    assert out[i[0] * 6 + i[1]] == x, (x, i)\n\
         print('ok')\n"
    );
    let run = Command::new("python3")
        .arg("-c")
        .arg(&prog)
        .output()
        .unwrap();
    assert!(
        run.status.success() && String::from_utf8_lossy(&run.stdout).trim() == "ok",
        "{}\n{prog}",
        String::from_utf8_lossy(&run.stderr)
    );
}

/// MLIR's own folders evaluate the generated functions: each call with constant arguments,
/// inlined and canonicalized, must become the algebra's constant.
#[test]
fn mlir_codegen_folds_to_the_algebras_values() {
    let opt = "/usr/lib/llvm-22/bin/mlir-opt";
    assert!(std::path::Path::new(opt).exists(), "mlir-opt-22 is needed");
    for c in [fig9(), parse_chain("TileBy([2,2],[3,2])").unwrap()] {
        let src = codegen(&c, Lang::Mlir, "L").unwrap();
        let d = c.dims();
        let n = c.size().unwrap();
        let mut m = src.clone();
        let mut expect = Vec::new();
        for_each_index(&d, |i| {
            let k = expect.len();
            let mut body = String::new();
            let mut args = Vec::new();
            for (j, v) in i.iter().enumerate() {
                body.push_str(&format!("  %a{j} = arith.constant {v} : index\n"));
                args.push(format!("%a{j}"));
            }
            let tys = vec!["index"; i.len()].join(", ");
            m.push_str(&format!(
                "func.func @t{k}() -> index {{\n{body}  %r = func.call @L_apply({}) : ({tys}) -> index\n  return %r : index\n}}\n",
                args.join(", ")
            ));
            expect.push(c.apply(i).unwrap());
            Ok(())
        })
        .unwrap();
        for x in 0..n {
            let tys = vec!["index"; d.len()].join(", ");
            let rs: Vec<String> = (0..d.len()).map(|j| format!("%r#{j}")).collect();
            m.push_str(&format!(
                "func.func @u{x}() -> ({tys}) {{\n  %x = arith.constant {x} : index\n  %r:{} = func.call @L_inv(%x) : (index) -> ({tys})\n  return {} : {tys}\n}}\n",
                d.len(),
                rs.join(", ")
            ));
        }
        let file = std::env::temp_dir().join(format!("lego_mlir_{}.mlir", std::process::id()));
        std::fs::write(&file, &m).unwrap();
        let out = Command::new(opt)
            .arg("--inline")
            .arg("--canonicalize")
            .arg(&file)
            .output()
            .unwrap();
        let _ = std::fs::remove_file(&file);
        assert!(
            out.status.success(),
            "{}\n{m}",
            String::from_utf8_lossy(&out.stderr)
        );
        let text = String::from_utf8(out.stdout).unwrap();
        // Each @tK returns one constant: read it.
        for (k, want) in expect.iter().enumerate() {
            let f = text
                .split(&format!("func.func @t{k}()"))
                .nth(1)
                .unwrap()
                .split("func.func")
                .next()
                .unwrap();
            assert!(
                f.contains(&format!("arith.constant {want} : index")) && !f.contains("call"),
                "@t{k}: expected {want}:\n{f}"
            );
        }
        for x in 0..n {
            let f = text
                .split(&format!("func.func @u{x}()"))
                .nth(1)
                .unwrap()
                .split("func.func")
                .next()
                .unwrap();
            for v in c.inv(x).unwrap() {
                assert!(
                    f.contains(&format!("arith.constant {v} : index")),
                    "@u{x}:\n{f}"
                );
            }
            assert!(!f.contains("call"));
        }
    }
}

// ---------------------------------------------------------------- CuTe and equality

#[test]
fn cute_round_trips() {
    for text in [
        "(4,8):(8,1)",
        "(4,8):(1,4)",
        "((2,2),(2,4)):((1,16),(2,4))",
        "8:1",
        "(2,(3,4)):(12,(1,3))",
        "((2,3),1,5):((15,5),0,1)",
    ] {
        let l = match layout_algebra::text::parse(text).unwrap() {
            layout_algebra::Value::Func(layout_algebra::Func::Layout(l)) => l,
            other => panic!("{other:?}"),
        };
        let c = from_cute(&l).unwrap();
        assert_eq!(
            equal(&Operand::Chain(c.clone()), &Operand::Cute(l.clone())).unwrap(),
            Equality::Equal,
            "{text}"
        );
        let back = to_cute(&c).unwrap();
        assert_eq!(
            equal(&Operand::Cute(back), &Operand::Cute(l)).unwrap(),
            Equality::Equal,
            "{text}"
        );
    }
    // Not a bijection onto [0, size): errors that name the leaf.
    for (text, msg) in [
        ("(4,8):(8,2)", "compact stride"),
        ("(4,8):(0,1)", "positive strides"),
        ("(4,8):(1,1)", "compact stride"),
    ] {
        let l = match layout_algebra::text::parse(text).unwrap() {
            layout_algebra::Value::Func(layout_algebra::Func::Layout(l)) => l,
            other => panic!("{other:?}"),
        };
        let e = from_cute(&l).unwrap_err().to_string();
        assert!(e.contains(msg), "{text}: {e}");
    }
    // The anti-diagonal is not strided.
    let e = to_cute(&fig9()).unwrap_err().to_string();
    assert!(e.contains("not strided"), "{e}");
}

#[test]
fn equal_reports_witnesses_and_domains() {
    let a = Operand::Chain(parse_chain("OrderBy(Row([4,8])).GroupBy([4,8])").unwrap());
    let b = Operand::Chain(parse_chain("OrderBy(Col([4,8])).GroupBy([4,8])").unwrap());
    assert_eq!(
        equal(&a, &b).unwrap(),
        Equality::Differ {
            at: vec![0, 1],
            left: 1,
            right: 4
        }
    );
    let c = Operand::Chain(parse_chain("GroupBy([32])").unwrap());
    assert_eq!(
        equal(&a, &c).unwrap(),
        Equality::Domains(vec![4, 8], vec![32])
    );
    // A linear layout: the identity over 32 lanes is GroupBy([32]).
    let lin = layout_algebra::linear::parse_linear(
        "{\"in_dims\": [{\"name\": \"lane\", \"size\": 32, \"bases\": [[1],[2],[4],[8],[16]]}], \"out_dims\": [{\"name\": \"offset\", \"size\": 32}]}",
    )
    .unwrap();
    assert_eq!(equal(&c, &Operand::Linear(lin)).unwrap(), Equality::Equal);
    // A bit-swapped linear layout differs from the identity at lane 1.
    let swapped = layout_algebra::linear::parse_linear(
        "{\"in_dims\": [{\"name\": \"lane\", \"size\": 32, \"bases\": [[2],[1],[4],[8],[16]]}], \"out_dims\": [{\"name\": \"offset\", \"size\": 32}]}",
    )
    .unwrap();
    assert_eq!(
        equal(&c, &Operand::Linear(swapped)).unwrap(),
        Equality::Differ {
            at: vec![1],
            left: 1,
            right: 2
        }
    );
}

// ---------------------------------------------------------------- errors

#[test]
fn genp_with_a_wrong_inverse_is_an_error_with_a_witness() {
    let e = parse_chain("OrderBy(GenP([4], (i) -> 3 - i, (x) -> [x])).GroupBy([4])")
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("finv is not the inverse") && e.contains("f[0] = 3"),
        "{e}"
    );
    let e = parse_chain("OrderBy(GenP([4], (i) -> i + 1, (x) -> [x - 1])).GroupBy([4])")
        .unwrap_err()
        .to_string();
    assert!(e.contains("maps [3] to 4, outside [0, 4)"), "{e}");
    let e = parse_chain("OrderBy(GenP([2,2], (i,j) -> i, (x) -> [x, 0])).GroupBy([4])")
        .unwrap_err()
        .to_string();
    assert!(e.contains("finv is not the inverse"), "{e}");
}

#[test]
fn malformed_layouts_get_precise_errors() {
    for (text, offset, msg) in [
        (
            "OrderBy(RegP([2,3],[1,1])).GroupBy([6])",
            19,
            "not a permutation",
        ),
        ("OrderBy(RegP([2,3],[1])).GroupBy([6])", 19, "has 1 entries"),
        ("OrderBy(RegP([2,0],[1,2])).GroupBy([6])", 16, "must be > 0"),
        ("OrderBy(Foo([2])).GroupBy([2])", 8, "expected RegP"),
        ("GroupBy([2]).GroupBy([2])", 13, "last stage"),
        (
            "OrderBy(GenP([4], (i) -> i / j, (x) -> [x])).GroupBy([4])",
            29,
            "unknown name 'j'",
        ),
        (
            "OrderBy(GenP([4], (i) -> i % 0, (x) -> [x])).GroupBy([4])",
            29,
            "must be a constant > 0",
        ),
        (
            "OrderBy(GenP([4], (i) -> k, (x) -> [x])).GroupBy([4])",
            25,
            "unknown name 'k'",
        ),
        (
            "OrderBy(GenP([4], (i, j) -> i, (x) -> [x])).GroupBy([4])",
            18,
            "one parameter per tile dim",
        ),
        ("GroupBy([99999999999999999999])", 9, "does not fit"),
    ] {
        match parse_chain(text) {
            Err(layout_algebra::Error::Parse { offset: o, message }) => {
                assert_eq!(o, offset, "{text}: {message}");
                assert!(message.contains(msg), "{text}: {message}");
            }
            other => panic!("{text}: {other:?}"),
        }
    }
    // Whole-chain conditions.
    let e = parse_chain("OrderBy(RegP([2,3],[2,1])).GroupBy([4])")
        .unwrap_err()
        .to_string();
    assert!(e.contains("OrderBy 1 of the chain has 6 elements"), "{e}");
    let e = parse_chain("GroupBy([4294967296, 4294967296])")
        .unwrap_err()
        .to_string();
    assert!(e.contains("overflow"), "{e}");
    // Out-of-domain evaluation.
    let c = parse_chain("GroupBy([2,3])").unwrap();
    assert!(c
        .apply(&[2, 0])
        .unwrap_err()
        .to_string()
        .contains("outside [0, 2)"));
    assert!(c.inv(6).unwrap_err().to_string().contains("outside [0, 6)"));
    // Nested lets that would explode are refused.
    let mut t = String::from("OrderBy(GenP([2], (i) -> let a0 = i + i;");
    for k in 1..40 {
        t.push_str(&format!(" let a{k} = a{} + a{};", k - 1, k - 1));
    }
    t.push_str(" a39 - a39 + i, (x) -> [x])).GroupBy([2])");
    assert!(parse_chain(&t)
        .unwrap_err()
        .to_string()
        .contains("larger than"));
}

// ---------------------------------------------------------------- batch operations

fn call(op: &str, args: &[&str]) -> String {
    match ops::call_text_at(op, args) {
        Ok(v) => match v {
            layout_algebra::Value::Json(j) => j,
            other => layout_algebra::text::print(&other),
        },
        Err((e, _)) => format!("error: {e}"),
    }
}

#[test]
fn batch_operations() {
    let l = print_chain(&fig9());
    assert_eq!(call("lego_apply", &[&l, "4", "2"]), "15");
    assert_eq!(call("lego_apply", &[&l, "(4, 2)"]), "15");
    assert_eq!(call("lego_inv", &[&l, "15"]), "[4,2]");
    assert_eq!(call("lego_simplify", &["(6*q + r) / 6", "r:6"]), "\"q\"");
    assert_eq!(
        call("lego_simplify", &["x / 4 / 8", "x:0..1000"]),
        "\"x / 32\""
    );
    assert_eq!(
        call(
            "lego_to_cute",
            &["OrderBy(RegP([2,3,2,3],[1,3,2,4])).GroupBy([6,6])"]
        ),
        "((3,2),(3,2)):((3,18),(1,9))"
    );
    assert_eq!(
        call("lego_from_cute", &["(4,8):(8,1)"]),
        "\"OrderBy(RegP([4, 8], [1, 2])).GroupBy([4, 8])\""
    );
    // A layout without modes has no chain (the fuzzer found `GroupBy([])`, which no parser reads).
    assert!(call("lego_from_cute", &["():()"]).contains("the layout has no mode"));
    assert_eq!(
        call(
            "lego_equal",
            &["OrderBy(Col([4,8])).GroupBy([4,8])", "(4,8):(1,4)"]
        ),
        "{\"equal\":true}"
    );
    assert!(call("lego_codegen", &[&l, "c"]).contains("L_apply") == false);
    assert!(call("lego_codegen", &[&l, "c"]).contains("lego_apply"));
    assert!(call("lego_codegen", &[&l, "fortran"]).contains("unknown codegen language"));
    assert!(call("lego_apply", &[&l, "6", "0"]).contains("outside [0, 6)"));
    assert!(call("lego_simplify", &["x +", "x:4"]).starts_with("error: parse error"));
    let t = call("lego_table", &["OrderBy(Col([2,3])).GroupBy([2,3])"]);
    assert_eq!(t, "[0,2,4,1,3,5]");
    assert!(ops::all_op_names().contains(&"lego_codegen"));
}

#[test]
fn lego_simplify_without_parameters_needs_constant_divisors() {
    // Outside a GenP every name is a free variable; a divisor must still be a constant.
    let e = parse_expr("x / y").unwrap_err();
    assert_eq!(e.offset(), Some(4));
    assert!(e.to_string().contains("constant divisor"), "{e}");
}

#[test]
fn resource_limits_are_errors() {
    // A deep let chain: the depth bound, not a stack overflow.
    let mut t = String::from("OrderBy(GenP([2], (i) -> let a0 = i;");
    for k in 1..300 {
        t.push_str(&format!(" let a{k} = a{} + 0;", k - 1));
    }
    t.push_str(" a299, (x) -> [x])).GroupBy([2])");
    let e = parse_chain(&t).unwrap_err().to_string();
    assert!(e.contains("nested deeper than 256"), "{e}");
    // Too many stages.
    let t = format!("{}GroupBy([2])", "OrderBy(Row([2])).".repeat(65));
    assert!(parse_chain(&t)
        .unwrap_err()
        .to_string()
        .contains("more than 64 OrderBy"));
    // A GenP too large to check.
    let e = parse_chain("OrderBy(GenP([8192, 1024], (i, j) -> i * 1024 + j, (x) -> [x / 1024, x % 1024])).GroupBy([8388608])")
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("more than the exhaustive bijectivity check handles"),
        "{e}"
    );
    // Tables and conversions of large layouts are refused, not attempted.
    let c = parse_chain("GroupBy([4096, 4096])").unwrap();
    assert!(table(&c).unwrap_err().to_string().contains("table limit"));
    assert!(to_cute(&c).is_err());
    // The index math of a large static layout is fine (symbolic).
    let m = IndexMath::of(
        &parse_chain("OrderBy(RegP([4096, 4096], [2, 1])).GroupBy([4096, 4096])").unwrap(),
    )
    .unwrap();
    assert_eq!(m.apply.to_string(), "i0 + 4096 * i1");
}
