//! LEGO chains as relations, checked against the algebra's evaluation: the relation of a
//! random chain equals its table at every point, the chain is bijective by ISL, and equality
//! verdicts and witnesses against CuTe and linear layouts agree with evaluation.

use layout_algebra::bijective::{cute::flat_layout, cute::to_cute, parse_chain, Chain, Expr};
use layout_algebra::text;
use layout_relation::ops::{call_text, Answer};
use layout_relation::props::{equal, Equality};
use layout_relation::{AnyLayout, Ctx, Map, Space};

/// xorshift64*, reproducible.
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
            v.swap(k, self.below(k + 1));
        }
    }
}

/// Group a shuffled multiset of primes into dims.
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

fn gcd(a: i64, b: i64) -> i64 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

/// A random piece over `dims`: RegP with a random permutation, or a GenP (affine modulo,
/// transposition; a GenP that multiplies variables has no relation, see below).
fn piece(rng: &mut Rng, dims: &[i64], genp: bool) -> String {
    let d = dims.len();
    if genp && rng.below(2) == 0 {
        if d == 1 {
            let n = dims[0];
            let mut a = 1 + rng.below(n as usize) as i64;
            while gcd(a, n) != 1 {
                a = 1 + rng.below(n as usize) as i64;
            }
            let b = rng.below(n as usize) as i64;
            let ai = (1..=n).find(|&x| (a * x) % n == 1 % n).unwrap();
            return format!(
                "GenP([{n}], (i) -> ({a}*i + {b}) % {n}, (x) -> [{ai} * (x - {b}) % {n}])"
            );
        }
        if d == 2 {
            let (p, q) = (dims[0], dims[1]);
            return format!("GenP([{p}, {q}], (i, j) -> j*{p} + i, (x) -> [x % {p}, x / {p}])");
        }
    }
    let mut sigma: Vec<usize> = (1..=d).collect();
    rng.shuffle(&mut sigma);
    format!("RegP({dims:?}, {sigma:?})")
}

/// A random chain text (1 to 3 OrderBy stages over the same primes, one or two GroupBy tiles).
fn random_chain(seed: u64, genp: bool) -> String {
    let mut rng = Rng(seed | 1);
    let mut primes = vec![2i64, 2, 2, 3, 3, 2, 5];
    rng.shuffle(&mut primes);
    primes.truncate(1 + rng.below(5));
    let mut out = Vec::new();
    for _ in 0..1 + rng.below(3) {
        let dims = dims_of(&mut rng, &primes);
        let mut pieces = Vec::new();
        let mut at = 0;
        while at < dims.len() {
            let w = (1 + rng.below(3)).min(dims.len() - at);
            pieces.push(piece(&mut rng, &dims[at..at + w], genp));
            at += w;
        }
        out.push(format!("OrderBy({})", pieces.join(", ")));
    }
    let g = dims_of(&mut rng, &primes);
    let cut = 1 + rng.below(g.len());
    let tiles = if cut < g.len() {
        format!("{:?}, {:?}", &g[..cut], &g[cut..])
    } else {
        format!("{:?}", g)
    };
    format!("{}.GroupBy({tiles})", out.join("."))
}

/// The logical index of flat coordinate `c` (colexicographic over the dims).
fn unflat(mut c: i64, dims: &[i64]) -> Vec<i64> {
    dims.iter()
        .map(|&n| {
            let v = c % n;
            c /= n;
            v
        })
        .collect()
}

/// The chain's table over the flat coordinate.
fn table(c: &Chain) -> Vec<i64> {
    let dims = c.dims();
    (0..c.size().unwrap())
        .map(|x| c.apply(&unflat(x, &dims)).unwrap())
        .collect()
}

fn table_map<'c>(ctx: &'c Ctx, t: &[i64]) -> Map<'c> {
    let pieces: Vec<String> = t
        .iter()
        .enumerate()
        .map(|(c, o)| format!("[{c}] -> [{o}]"))
        .collect();
    Map::parse(ctx, &format!("{{ {} }}", pieces.join("; "))).unwrap()
}

fn run(op: &str, args: &[&str]) -> serde_json::Value {
    match call_text(op, args).expect("a relation op") {
        Ok(Answer::Json(t)) => serde_json::from_str(&t).unwrap(),
        Ok(Answer::Text(t)) => serde_json::Value::String(t),
        Err((e, _)) => panic!("{op}{args:?}: {e}"),
    }
}

fn ctx() -> Ctx {
    Ctx::new(layout_relation::isl::DEFAULT_MAX_OPERATIONS).unwrap()
}

#[test]
fn random_chains_match_the_algebra_at_every_point_and_are_bijective() {
    let ctx = ctx();
    let mut with_genp = 0;
    for seed in 0..120u64 {
        let t = random_chain(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15), seed % 2 == 0);
        let c = parse_chain(&t).unwrap();
        with_genp += c.has_genp() as usize;
        let l = AnyLayout::parse(&t).unwrap();
        let tab = table(&c);
        let rel = l.relation(&ctx, Space::Flat).unwrap();
        let dom = l.domain(&ctx, Space::Flat).unwrap();
        let tm = table_map(&ctx, &tab);
        assert_eq!(
            equal(&rel, &dom, &tm, &tm.domain().unwrap(), true).unwrap(),
            Equality::Equal,
            "relation of {t} differs from its table"
        );
        // The coordinate space: one input per logical dim, the same offsets.
        let dims = c.dims();
        let crel = l.relation(&ctx, Space::Coord).unwrap();
        assert_eq!(crel.in_dim().unwrap(), dims.len(), "{t}");
        for (x, &o) in tab.iter().enumerate().step_by(7) {
            let at = unflat(x as i64, &dims);
            let got = layout_relation::props::image_point(&crel, &at).unwrap();
            assert_eq!(got, vec![o], "{t} at {at:?}");
        }
        let b = run("is_bijective", &[&t]);
        assert_eq!(b["holds"], true, "{t}: {b}");
        let b = run("lego_is_bijective", &[&t]);
        assert_eq!(b["holds"], true, "{t}: {b}");
    }
    assert!(with_genp > 10, "too few chains with GenP: {with_genp}");
}

/// A CuTe layout with the chain's dims as top-level modes and random strides.
fn random_cute(rng: &mut Rng, dims: &[i64]) -> String {
    let strides: Vec<i64> = dims.iter().map(|_| rng.below(9) as i64).collect();
    text::print_layout(&flat_layout(dims, &strides).unwrap())
}

#[test]
fn equality_against_cute_layouts_agrees_with_evaluation() {
    let mut rng = Rng(0x1234_5678_9abc_def1);
    let (mut equal_seen, mut unequal_seen) = (0, 0);
    for seed in 0..80u64 {
        let t = random_chain(seed.wrapping_mul(0x2545_f491) + 7, seed % 3 == 0);
        let c = parse_chain(&t).unwrap();
        let dims = c.dims();
        let tab = table(&c);
        // Against its own CuTe form when strided (equal), and a random one (usually not).
        let mut others = vec![random_cute(&mut rng, &dims)];
        if let Ok(l) = to_cute(&c) {
            if l.modes().len() == dims.len() {
                others.push(text::print_layout(&l));
            }
        }
        for cute in others {
            let lay = match AnyLayout::parse(&cute).unwrap() {
                AnyLayout::Func(layout_algebra::Func::Layout(l)) => l,
                other => panic!("{other:?}"),
            };
            let ctab: Vec<i64> = (0..tab.len() as i64)
                .map(|x| lay.eval(x).unwrap())
                .collect();
            for space in ["flat", "modes"] {
                let v = run("equal", &[&t, &cute, space]);
                let same = tab == ctab;
                assert_eq!(v["equal"], same, "{t} vs {cute} ({space}): {v}");
                if same {
                    equal_seen += 1;
                    continue;
                }
                unequal_seen += 1;
                // The witness is a coordinate where the two differ, with their offsets.
                let x = match space {
                    "flat" => v["witness"].as_i64().unwrap(),
                    _ => {
                        let w: Vec<i64> = match &v["witness"] {
                            serde_json::Value::Array(a) => {
                                a.iter().map(|e| e.as_i64().unwrap()).collect()
                            }
                            e => vec![e.as_i64().unwrap()],
                        };
                        w.iter()
                            .zip(&dims)
                            .rev()
                            .fold(0, |acc, (&i, &n)| acc * n + i)
                    }
                } as usize;
                assert_ne!(tab[x], ctab[x], "{t} vs {cute}: {v}");
                assert_eq!(v["left"], tab[x], "{t} vs {cute}: {v}");
                assert_eq!(v["right"], ctab[x], "{t} vs {cute}: {v}");
            }
        }
    }
    assert!(
        equal_seen > 10 && unequal_seen > 10,
        "{equal_seen} {unequal_seen}"
    );
}

#[test]
fn equality_against_linear_layouts_agrees_with_evaluation() {
    // a + 4b over in dims a (4) and b (2): the chain that takes the second dim as the major one.
    let ll = layout_algebra::linear::LinearLayout::new(
        vec![
            ("a".to_string(), vec![vec![1], vec![2]]),
            ("b".to_string(), vec![vec![4]]),
        ],
        vec![("o".to_string(), 8)],
    )
    .unwrap();
    let lin_text = layout_algebra::linear::json::layout_to_json(&ll);
    let same = "OrderBy(RegP([4, 2], [2, 1])).GroupBy([4, 2])";
    for space in ["flat", "coord"] {
        let v = run("equal", &[same, &lin_text, space]);
        assert_eq!(v["equal"], true, "{space}: {v}");
    }
    // Row-major instead: i0*2 + i1 differs from i0 + 4*i1 first (lexicographically) at
    // (0, 1): 1 against 4; in the flat space (colexicographic, c = i0 + 4*i1) at some c.
    let other = "OrderBy(RegP([4, 2], [1, 2])).GroupBy([4, 2])";
    let v = run("equal", &[other, &lin_text, "coord"]);
    assert_eq!(v["equal"], false, "{v}");
    assert_eq!(v["witness"], serde_json::json!([0, 1]), "{v}");
    assert_eq!(
        (v["left"].clone(), v["right"].clone()),
        (1.into(), 4.into())
    );
    let v = run("equal", &[other, &lin_text]);
    let x = v["witness"].as_i64().unwrap();
    let (left, right) = (2 * (x % 4) + x / 4, x);
    assert_ne!(left, right, "{v}");
    assert_eq!(
        (v["left"].clone(), v["right"].clone()),
        (left.into(), right.into())
    );
}

#[test]
fn a_product_of_variables_is_refused_with_its_reason() {
    let e = Expr::mul(Expr::var("i0"), Expr::var("i1"));
    let err = layout_relation::bijective::offset_constraint(&e, &|x| Some(x.to_string()))
        .unwrap_err()
        .to_string();
    assert!(err.contains("product of variables"), "{err}");
    // A product with a constant factor is affine.
    let e = Expr::Mul(vec![Expr::Const(3), Expr::var("i0"), Expr::Const(2)]);
    let ok = layout_relation::bijective::offset_constraint(&e, &|x| Some(x.to_string())).unwrap();
    let ctx = ctx();
    let m = Map::parse(&ctx, &format!("{{ [i0] -> [o] : {ok} }}")).unwrap();
    assert_eq!(
        layout_relation::props::image_point(&m, &[5]).unwrap(),
        vec![30]
    );
}

#[test]
fn a_genp_that_multiplies_variables_is_refused() {
    // f(i, j) = 2i + (i + j - 2ij) over [2, 2] (0, 1, 3, 2): a bijection the algebra accepts,
    // whose product i*j has no quasi-affine relation (the LEGO paper's anti-diagonal, Fig. 8,
    // computes a*(a-1)/2 the same way).
    let t = "OrderBy(GenP([2, 2], (i, j) -> 2*i + i + j - 2*i*j, (x) -> [x / 2, (x / 2 + x % 2) % 2])).GroupBy([2, 2])";
    parse_chain(t).unwrap();
    for op in ["relation", "is_bijective", "lego_is_bijective"] {
        let Some(Err((e, _))) = call_text(op, &[t]) else {
            panic!("{op} accepted a product of variables")
        };
        let msg = e.to_string();
        assert!(
            msg.contains("multiplies two non-constant factors"),
            "{op}: {msg}"
        );
    }
}

#[test]
fn selects_and_comparisons_become_pieces() {
    // A GenP written with select and comparisons: reverse the lower half, keep the upper.
    let t = "OrderBy(GenP([8], (i) -> select(i < 4, 3 - i, i), (x) -> [select(x < 4, 3 - x, x)])).GroupBy([8])";
    let c = parse_chain(t).unwrap();
    let ctx = ctx();
    let l = AnyLayout::parse(t).unwrap();
    let rel = l.relation(&ctx, Space::Flat).unwrap();
    let tm = table_map(&ctx, &table(&c));
    assert_eq!(
        equal(
            &rel,
            &l.domain(&ctx, Space::Flat).unwrap(),
            &tm,
            &tm.domain().unwrap(),
            true
        )
        .unwrap(),
        Equality::Equal
    );
    assert_eq!(run("is_bijective", &[t])["holds"], true);
    let v = run("equal", &[t, "8:1"]);
    assert_eq!(v["equal"], false, "{v}");
    let x = v["witness"].as_i64().unwrap();
    let at = c.apply(&[x]).unwrap();
    assert_ne!(at, x, "{v}");
    assert_eq!(
        (v["left"].clone(), v["right"].clone()),
        (at.into(), x.into())
    );
}

fn modinv(a: i64, n: i64) -> i64 {
    // Extended Euclid (a and n coprime).
    let (mut r0, mut r1, mut s0, mut s1) = (a, n, 1i64, 0i64);
    while r1 != 0 {
        let q = r0 / r1;
        (r0, r1) = (r1, r0 - q * r1);
        (s0, s1) = (s1, s0 - q * s1);
    }
    s0.rem_euclid(n)
}

#[test]
fn lego_is_bijective_proves_tiles_past_the_exhaustive_limit() {
    // 2^24 elements, past the algebra's 2^22: the algebra refuses, ISL proves.
    let t = "OrderBy(GenP([4096, 4096], (i, j) -> j*4096 + i, (x) -> [x % 4096, x / 4096])).GroupBy([4096, 4096])";
    let err = parse_chain(t).unwrap_err().to_string();
    assert!(err.contains("exhaustive"), "{err}");
    let v = run("lego_is_bijective", &[t]);
    assert_eq!(v["holds"], true, "{v}");
    let n = 1i64 << 23;
    let ai = modinv(3, n);
    let good = format!("OrderBy(RegP([2, {n}], [2, 1]), GenP([2], (i) -> 1 - i, (x) -> [1 - x])).OrderBy(GenP([{}], (i) -> (3*i + 5) % {}, (x) -> [{ai} * (x - 5) % {}])).GroupBy([{n}, 4])", 4 * n, 4 * n, 4 * n);
    // 3 is invertible mod 2^25 too, but ai is the inverse mod 2^23 only: finv is wrong.
    let v = run("lego_is_bijective", &[&good]);
    assert_eq!(v["holds"], false, "{v}");
    assert_eq!(v["kind"], "wrong_inverse", "{v}");
    assert_eq!(v["piece"], "OrderBy 2 piece 1", "{v}");
    let big = 4 * n;
    let x = v["witness"][0].as_i64().unwrap();
    let f = |i: i64| (3 * i + 5).rem_euclid(big);
    let finv = |x: i64| ((ai as i128 * (x - 5) as i128).rem_euclid(big as i128)) as i64;
    assert_eq!(v["finv"], finv(x), "{v}");
    let inverse = v["inverse"].as_i64().unwrap();
    assert_eq!(f(inverse), x, "{v}");
    assert_ne!(finv(x), inverse, "{v}");
    // With the right inverse it holds.
    let ai4 = modinv(3, big);
    let fixed = good.replace(&format!("{ai} *"), &format!("{ai4} *"));
    let v = run("lego_is_bijective", &[&fixed]);
    assert_eq!(v["holds"], true, "{fixed}: {v}");
}

#[test]
fn lego_is_bijective_gives_collisions_and_agrees_with_the_exhaustive_check() {
    // Large: f = 2i mod N is not injective.
    let n = 1i64 << 23;
    let t = format!("OrderBy(GenP([{n}], (i) -> 2*i % {n}, (x) -> [x / 2])).GroupBy([{n}])");
    let v = run("lego_is_bijective", &[&t]);
    assert_eq!(
        (v["holds"].clone(), v["kind"].clone()),
        (false.into(), "collision".into()),
        "{v}"
    );
    let (a, b) = (
        v["witness"][0].as_i64().unwrap(),
        v["witness"][1].as_i64().unwrap(),
    );
    assert!(a != b && (0..n).contains(&a) && (0..n).contains(&b), "{v}");
    assert_eq!((2 * a) % n, (2 * b) % n, "{v}");
    assert_eq!(v["offset"], (2 * a) % n, "{v}");
    // Small: random affine GenPs, the verdict equals the algebra's exhaustive one.
    let mut rng = Rng(0xfeed_beef_1234_5677);
    let (mut yes, mut no) = (0, 0);
    for _ in 0..60 {
        let n = 2 + rng.below(30) as i64;
        let mut a = rng.below(n as usize) as i64;
        if rng.below(3) > 0 {
            while gcd(a, n) != 1 {
                a = 1 + rng.below(n as usize - 1) as i64;
            }
        }
        let b = rng.below(n as usize) as i64;
        let ai = if gcd(a, n) == 1 && rng.below(3) > 0 {
            modinv(a, n)
        } else {
            rng.below(n as usize) as i64
        };
        let shift = (rng.below(3) == 0) as i64;
        let t = format!(
            "OrderBy(GenP([{n}], (i) -> ({a}*i + {b}) % {n}, (x) -> [({ai} * (x - {b}) + {shift}) % {n}])).GroupBy([{n}])"
        );
        let exhaustive = parse_chain(&t).is_ok();
        let v = run("lego_is_bijective", &[&t]);
        assert_eq!(v["holds"], exhaustive, "{t}: {v}");
        if exhaustive {
            yes += 1;
        } else {
            no += 1;
            let kind = v["kind"].as_str().unwrap();
            assert!(["collision", "wrong_inverse"].contains(&kind), "{t}: {v}");
        }
    }
    assert!(yes > 3 && no > 3, "{yes} {no}");
}
