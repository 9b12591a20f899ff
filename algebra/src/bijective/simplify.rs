//! The simplifier of index expressions: the rules of the LEGO paper's Table 1 and the ones its
//! derivations need, each in its own function, each applied only when its side condition is
//! established (by the divisor being a constant > 0, and by [`range`] for bounds).
//!
//! Every rule is an identity over the integers under its side condition, with `/` and `%` the
//! floor division and modulo by a constant `d > 0`. Proofs: each identity is proven in its doc
//! comment, and `algebra/tests/bijective.rs` checks every rule exhaustively on small domains
//! (all instances with small constants and variable ranges) and, by proptest, that the
//! simplified apply/inv of random chains equal the unsimplified ones at every point of the
//! domain.
//!
//! Rules (Table 1 of the paper is R1-R5):
//! - R1 `mod_split`:   `(d*q + r) % d = r % d`
//! - R2 `recombine_div_mod`: `c*a*(x/a) + c*(x%a) = c*x`
//! - R3 `div_small`:   `x / d = k` when `k*d <= x < (k+1)*d` (the paper: 0 when `0 <= x < d`)
//! - R4 `mod_small`:   `x % d = x - k*d` when `k*d <= x < (k+1)*d` (the paper: x when `0 <= x < d`)
//! - R5 `div_split`:   `(d*q + r) / d = q + r/d` (the paper: q when `0 <= r < d`, via R3)
//! - R6 `div_div`:     `(x / a) / b = x / (a*b)`
//! - R7 `div_of_mod`:  `(x % (d*m)) / d = (x / d) % m`
//! - R8 `mod_mod`:     `(x % (d*m)) % d = x % d`
//! - R9 `recombine_mod`: `c*a*((x/a) % b) + c*(x%a) = c*(x % (a*b))`
//! - R10 `div_gcd`:    `(g*y) / (g*k) = y / k`
//! - R11 `mod_gcd`:    `(g*y) % (g*k) = g*(y % k)`
//! - R12 `div_tiled`:  `(k*h + r) / (k*m) = h / m` when `0 <= r < k`
//! - R13 `mod_tiled`:  `(k*h + r) % (k*m) = k*(h % m) + r` when `0 <= r < k`
//! - R14 `cmp_decide`, R15 `select_decide`: comparisons and selects decided by ranges
//! - R16 `point`:      an expression whose range is one value `k` is `k`
//! - R17 linear normal form: sums collect like terms, constants distribute over sums.
//! - R18 `assume`:     inside `select(c, a, b)`, `select(c, x, y)` is `x` in `a`, `y` in `b`

use std::collections::BTreeMap;

use super::expr::Expr;
use super::range::{decide, range, Ranges};

/// A linear combination `sum(coef * atom) + c` (atoms: not constants, not sums).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Lin {
    pub terms: BTreeMap<Expr, i64>,
    pub c: i64,
}

impl Lin {
    fn constant(c: i64) -> Lin {
        Lin {
            terms: BTreeMap::new(),
            c,
        }
    }
    /// `self += k * o`; `None` on overflow.
    fn add_scaled(&mut self, o: &Lin, k: i64) -> Option<()> {
        self.c = self.c.checked_add(o.c.checked_mul(k)?)?;
        for (a, &v) in &o.terms {
            let e = self.terms.entry(a.clone()).or_insert(0);
            *e = e.checked_add(v.checked_mul(k)?)?;
            if *e == 0 {
                self.terms.remove(a);
            }
        }
        Some(())
    }
    fn scaled(&self, k: i64) -> Option<Lin> {
        let mut l = Lin::default();
        l.add_scaled(self, k)?;
        Some(l)
    }
    /// The coefficient of every term and the constant are multiples of `k`.
    fn gcd(&self) -> i64 {
        self.terms
            .values()
            .fold(self.c.abs(), |g, &v| gcd(g, v.abs()))
    }
}

pub fn gcd(a: i64, b: i64) -> i64 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

/// The linear form of `e` (`None` on overflow).
pub fn lin(e: &Expr) -> Option<Lin> {
    match e {
        Expr::Const(k) => Some(Lin::constant(*k)),
        Expr::Add(ts) => {
            let mut l = Lin::default();
            for t in ts {
                l.add_scaled(&lin(t)?, 1)?;
            }
            Some(l)
        }
        Expr::Mul(fs) if matches!(fs.first(), Some(Expr::Const(_))) => {
            let Expr::Const(k) = fs[0] else { return None };
            let rest = match fs.len() {
                1 => return Some(Lin::constant(k)),
                2 => fs[1].clone(),
                _ => Expr::Mul(fs[1..].to_vec()),
            };
            lin(&rest)?.scaled(k)
        }
        other => {
            let mut l = Lin::default();
            l.terms.insert(other.clone(), 1);
            Some(l)
        }
    }
}

/// The expression of a linear form: terms in canonical order, then the constant.
pub fn unlin(l: &Lin) -> Expr {
    let mut ts: Vec<Expr> = Vec::with_capacity(l.terms.len() + 1);
    for (a, &k) in &l.terms {
        ts.push(match k {
            1 => a.clone(),
            -1 => Expr::neg(a.clone()),
            _ => match a {
                Expr::Mul(fs) => {
                    let mut v = vec![Expr::Const(k)];
                    v.extend(fs.iter().cloned());
                    Expr::Mul(v)
                }
                _ => Expr::mul(Expr::Const(k), a.clone()),
            },
        });
    }
    if l.c != 0 || ts.is_empty() {
        ts.push(Expr::Const(l.c));
    }
    if ts.len() == 1 {
        ts.pop().unwrap_or(Expr::Const(0))
    } else {
        Expr::Add(ts)
    }
}

/// The simplifier: the variable ranges its side conditions are decided under.
pub struct Simplifier<'r> {
    pub ranges: &'r Ranges,
}

/// Simplify `e` under `ranges`; never returns an expression with more operations than `e`.
pub fn simplify(e: &Expr, ranges: &Ranges) -> Expr {
    let s = Simplifier { ranges };
    let mut cur = e.clone();
    for _ in 0..8 {
        let next = s.expr(&cur);
        if next == cur {
            break;
        }
        cur = next;
    }
    if cur.op_count() <= e.op_count() {
        cur
    } else {
        e.clone()
    }
}

impl Simplifier<'_> {
    fn range(&self, e: &Expr) -> Option<(i64, i64)> {
        range(e, self.ranges)
    }

    /// One bottom-up pass.
    pub fn expr(&self, e: &Expr) -> Expr {
        let out = match e {
            Expr::Const(_) | Expr::Var(_) => e.clone(),
            Expr::Add(ts) => {
                let ts: Vec<Expr> = ts.iter().map(|t| self.expr(t)).collect();
                self.sum(&Expr::Add(ts))
            }
            Expr::Mul(fs) => self.product(fs.iter().map(|f| self.expr(f)).collect()),
            Expr::Div(a, d) => self.div(&self.expr(a), *d),
            Expr::Mod(a, d) => self.rem(&self.expr(a), *d),
            Expr::Cmp(op, a, b) => {
                let c = Expr::cmp(*op, self.expr(a), self.expr(b));
                self.cmp_decide(&c).unwrap_or(c)
            }
            Expr::Select(c, a, b) => {
                let c = self.expr(c);
                let (a, b) = (
                    assume(&self.expr(a), &c, true),
                    assume(&self.expr(b), &c, false),
                );
                let s = Expr::select(c, a, b);
                self.select_decide(&s).unwrap_or(s)
            }
        };
        self.point(&out).unwrap_or(out)
    }

    /// R16 `point`: an expression whose range is the single value `k` equals `k` (ranges are
    /// sound, so every value of the expression lies in `[k, k]`).
    pub fn point(&self, e: &Expr) -> Option<Expr> {
        if matches!(e, Expr::Const(_)) {
            return None;
        }
        match self.range(e) {
            Some((lo, hi)) if lo == hi => Some(Expr::Const(lo)),
            _ => None,
        }
    }

    /// R17 and the recombinations R2, R9 on a sum.
    fn sum(&self, e: &Expr) -> Expr {
        let Some(mut l) = lin(e) else {
            return e.clone();
        };
        // Each step removes a modulo atom; the bound guards against atoms that reappear.
        for _ in 0..64 {
            match self
                .recombine_div_mod(&l)
                .or_else(|| self.recombine_mod(&l))
            {
                Some(next) => l = next,
                None => break,
            }
        }
        unlin(&l)
    }

    /// R2 `recombine_div_mod` (Table 1, row 2): `c*a*(x/a) + c*(x%a) = c*x` for `a > 0`.
    /// Proof: `x % a = x - a*(x/a)` by definition of the floor modulo.
    /// Here `x/a` is matched as its simplified form (its linear terms, all present with
    /// `c*a` times their coefficients).
    pub fn recombine_div_mod(&self, l: &Lin) -> Option<Lin> {
        for (atom, &c) in &l.terms {
            let Expr::Mod(x, a) = atom else { continue };
            let q = lin(&self.div(x, *a))?.scaled(c.checked_mul(*a)?)?;
            if contains(l, &q) {
                let mut out = l.clone();
                out.add_scaled(&q, -1)?;
                let mut m = Lin::default();
                m.terms.insert(atom.clone(), 1);
                out.add_scaled(&m, -c)?;
                out.add_scaled(&lin(x)?, c)?;
                return Some(out);
            }
        }
        None
    }

    /// R9 `recombine_mod`: `c*a*((x/a) % b) + c*(x%a) = c*(x % (a*b))` for `a, b > 0`.
    /// Proof: with `x = a*b*Q + a*R + s`, `0 <= s < a`, `0 <= R < b`: `x % a = s`,
    /// `(x/a) % b = (b*Q + R) % b = R`, and `x % (a*b) = a*R + s`.
    pub fn recombine_mod(&self, l: &Lin) -> Option<Lin> {
        for (atom, &c) in &l.terms {
            let Expr::Mod(x, a) = atom else { continue };
            let hi = self.div(x, *a);
            let want = c.checked_mul(*a)?;
            for (other, &k) in &l.terms {
                let Expr::Mod(y, b) = other else { continue };
                if k != want || **y != hi {
                    continue;
                }
                let ab = a.checked_mul(*b)?;
                let mut out = l.clone();
                let mut rm = Lin::default();
                rm.terms.insert(atom.clone(), c);
                rm.terms.insert(other.clone(), k);
                out.add_scaled(&rm, -1)?;
                out.add_scaled(&lin(&self.rem(x, ab))?, c)?;
                return Some(out);
            }
        }
        None
    }

    /// Products: constants multiplied out (R16 for a zero factor), a constant times a sum
    /// distributed (R17), factors in canonical order.
    fn product(&self, fs: Vec<Expr>) -> Expr {
        let mut k: i64 = 1;
        let mut rest = Vec::new();
        for f in fs {
            match f {
                Expr::Const(c) => match k.checked_mul(c) {
                    Some(v) => k = v,
                    None => return Expr::Mul(vec![Expr::Const(k), Expr::Const(c)]),
                },
                Expr::Mul(inner) => rest.extend(inner),
                other => rest.push(other),
            }
        }
        // Constants hidden in flattened inner products.
        let mut again = Vec::new();
        for f in rest {
            match f {
                Expr::Const(c) => match k.checked_mul(c) {
                    Some(v) => k = v,
                    None => again.push(Expr::Const(c)),
                },
                other => again.push(other),
            }
        }
        let mut rest = again;
        if k == 0 {
            return Expr::Const(0);
        }
        rest.sort();
        match rest.len() {
            0 => Expr::Const(k),
            1 if matches!(rest[0], Expr::Add(_)) => match lin(&rest[0]).and_then(|l| l.scaled(k)) {
                Some(l) => self.sum(&unlin(&l)),
                None => Expr::Mul(vec![Expr::Const(k), rest.remove(0)]),
            },
            1 if k == 1 => rest.remove(0),
            _ if k == 1 => Expr::Mul(rest),
            _ => {
                let mut v = vec![Expr::Const(k)];
                v.extend(rest);
                Expr::Mul(v)
            }
        }
    }

    /// `a / d` for `d > 0`, simplified.
    pub fn div(&self, a: &Expr, d: i64) -> Expr {
        if d == 1 {
            return a.clone();
        }
        let attempt = self
            .div_div(a, d)
            .or_else(|| self.div_of_mod(a, d))
            .or_else(|| self.div_split(a, d))
            .or_else(|| self.div_gcd(a, d))
            .or_else(|| self.div_tiled(a, d))
            .or_else(|| self.div_small(a, d));
        attempt.unwrap_or_else(|| Expr::Div(Box::new(a.clone()), d))
    }

    /// R6 `div_div`: `(x / a) / b = x / (a*b)` for `a, b > 0`.
    /// Proof: with `x = a*b*Q + a*R + s`, `0 <= R < b`, `0 <= s < a`: `x/a = b*Q + R`, whose
    /// floor division by b is `Q`, and `x / (a*b) = Q` since `0 <= a*R + s < a*b`.
    pub fn div_div(&self, a: &Expr, d: i64) -> Option<Expr> {
        let Expr::Div(x, a1) = a else { return None };
        Some(self.div(x, a1.checked_mul(d)?))
    }

    /// R7 `div_of_mod`: `(x % (d*m)) / d = (x / d) % m` for `d, m > 0`.
    /// Proof: `x % (d*m) = x - d*m*(x/(d*m))`; dividing by d (an exact multiple of d is
    /// subtracted) gives `x/d - m*((x/d)/m)` (R6), which is `(x/d) % m`.
    pub fn div_of_mod(&self, a: &Expr, d: i64) -> Option<Expr> {
        let Expr::Mod(x, dm) = a else { return None };
        if dm % d != 0 {
            return None;
        }
        Some(self.rem(&self.div(x, d), dm / d))
    }

    /// R5 `div_split` (Table 1, row 5, generalized): `(d*q + r) / d = q + r/d` for `d > 0`.
    /// Proof: `d*q` is an exact multiple of d; floor division commutes with adding an
    /// integer: `floor((d*q + r)/d) = q + floor(r/d)`. With `0 <= r < d`, R3 makes `r/d` 0,
    /// which is the paper's form `(d*q + r)/d = q`.
    pub fn div_split(&self, a: &Expr, d: i64) -> Option<Expr> {
        let l = lin(a)?;
        let (q, r) = split_multiples(&l, d)?;
        if q.terms.is_empty() && q.c == 0 {
            return None;
        }
        let mut out = divide_exact(&q, d)?;
        let rest = self.div(&unlin(&r), d);
        out.add_scaled(&lin(&rest)?, 1)?;
        Some(self.sum(&unlin(&out)))
    }

    /// R10 `div_gcd`: `(g*y) / (g*k) = y / k` for `g, k > 0`.
    /// Proof: `floor(g*y / (g*k)) = floor(y / k)`: the same rational number.
    pub fn div_gcd(&self, a: &Expr, d: i64) -> Option<Expr> {
        let l = lin(a)?;
        let g = gcd(l.gcd(), d);
        if g <= 1 {
            return None;
        }
        let y = divide_exact(&l, g)?;
        Some(self.div(&unlin(&y), d / g))
    }

    /// R12 `div_tiled`: `(k*h + r) / (k*m) = h / m` when `0 <= r < k` (`k, m > 0`).
    /// Proof: `(k*h + r)/(k*m) = ((k*h + r)/k)/m` (R6) and `(k*h + r)/k = h + r/k = h` (R5,
    /// R3).
    pub fn div_tiled(&self, a: &Expr, d: i64) -> Option<Expr> {
        let (k, h, _) = self.tiled(a, d)?;
        Some(self.div(&unlin(&h), d / k))
    }

    /// The split `a = k*h + r` with `k` a proper divisor of `d` dividing some coefficient,
    /// `h` non-empty and `0 <= r < k` (the largest such `k`): the side condition of R12, R13.
    fn tiled(&self, a: &Expr, d: i64) -> Option<(i64, Lin, Lin)> {
        let l = lin(a)?;
        for k in candidate_tiles(&l, d) {
            let (h, r) = split_multiples(&l, k)?;
            if h.terms.is_empty() {
                continue;
            }
            let (lo, hi) = self.range(&unlin(&r))?;
            if lo >= 0 && hi < k {
                return Some((k, divide_exact(&h, k)?, r));
            }
        }
        None
    }

    /// R3 `div_small` (Table 1, row 3, generalized): `x / d = k` when `k*d <= x < (k+1)*d`.
    /// Proof: the definition of floor division. The side condition is the range of x.
    pub fn div_small(&self, a: &Expr, d: i64) -> Option<Expr> {
        let (lo, hi) = self.range(a)?;
        let k = lo.div_euclid(d);
        (hi.div_euclid(d) == k).then_some(Expr::Const(k))
    }

    /// `a % d` for `d > 0`, simplified.
    pub fn rem(&self, a: &Expr, d: i64) -> Expr {
        if d == 1 {
            return Expr::Const(0);
        }
        let attempt = self
            .mod_small(a, d)
            .or_else(|| self.mod_mod(a, d))
            .or_else(|| self.mod_split(a, d))
            .or_else(|| self.mod_gcd(a, d))
            .or_else(|| self.mod_tiled(a, d));
        attempt.unwrap_or_else(|| Expr::Mod(Box::new(a.clone()), d))
    }

    /// R4 `mod_small` (Table 1, row 4, generalized): `x % d = x - k*d` when
    /// `k*d <= x < (k+1)*d`. Proof: then `x / d = k` (R3) and `x % d = x - d*(x/d)`.
    pub fn mod_small(&self, a: &Expr, d: i64) -> Option<Expr> {
        let (lo, hi) = self.range(a)?;
        let k = lo.div_euclid(d);
        if hi.div_euclid(d) != k {
            return None;
        }
        let mut l = lin(a)?;
        l.c = l.c.checked_sub(k.checked_mul(d)?)?;
        Some(unlin(&l))
    }

    /// R8 `mod_mod`: `(x % (d*m)) % d = x % d` for `d, m > 0`.
    /// Proof: `x % (d*m) = x - d*(m*(x/(d*m)))` differs from x by a multiple of d (R1).
    pub fn mod_mod(&self, a: &Expr, d: i64) -> Option<Expr> {
        let Expr::Mod(x, dm) = a else { return None };
        (dm % d == 0).then(|| self.rem(x, d))
    }

    /// R1 `mod_split` (Table 1, row 1): `(d*q + r) % d = r % d` for `d > 0`: terms whose
    /// coefficient is a multiple of d are dropped, the constant is reduced modulo d.
    /// Proof: `(x + d*q) % d = x + d*q - d*((x + d*q)/d) = x + d*q - d*(q + x/d) = x % d` (R5).
    pub fn mod_split(&self, a: &Expr, d: i64) -> Option<Expr> {
        let l = lin(a)?;
        let (q, mut r) = split_multiples(&l, d)?;
        let reduced = r.c.rem_euclid(d);
        if q.terms.is_empty() && reduced == r.c {
            return None;
        }
        r.c = reduced;
        Some(self.rem(&unlin(&r), d))
    }

    /// R11 `mod_gcd`: `(g*y) % (g*k) = g*(y % k)` for `g, k > 0`.
    /// Proof: `g*y - g*k*((g*y)/(g*k)) = g*(y - k*(y/k))` by R10.
    pub fn mod_gcd(&self, a: &Expr, d: i64) -> Option<Expr> {
        let l = lin(a)?;
        let g = gcd(l.gcd(), d);
        if g <= 1 {
            return None;
        }
        let y = divide_exact(&l, g)?;
        Some(self.product(vec![Expr::Const(g), self.rem(&unlin(&y), d / g)]))
    }

    /// R13 `mod_tiled`: `(k*h + r) % (k*m) = k*(h % m) + r` when `0 <= r < k` (`k, m > 0`).
    /// Proof: write `h = m*Q + (h % m)`; then `k*h + r = k*m*Q + (k*(h % m) + r)` and
    /// `0 <= k*(h % m) + r <= k*(m-1) + k-1 < k*m`, so the latter is the remainder.
    pub fn mod_tiled(&self, a: &Expr, d: i64) -> Option<Expr> {
        let (k, h, r) = self.tiled(a, d)?;
        let hm = self.rem(&unlin(&h), d / k);
        let mut out = lin(&hm)?.scaled(k)?;
        out.add_scaled(&r, 1)?;
        Some(self.sum(&unlin(&out)))
    }

    /// R14 `cmp_decide`: a comparison the ranges decide is 1 or 0.
    /// Proof: `a < b` for every value when `max(a) < min(b)`, and so on (see `range::decide`).
    pub fn cmp_decide(&self, e: &Expr) -> Option<Expr> {
        let Expr::Cmp(op, a, b) = e else { return None };
        decide(*op, self.range(a), self.range(b)).map(|t| Expr::Const(t as i64))
    }

    /// R15 `select_decide`: `select(c, a, b)` is `a` when `c != 0` on the whole range of c, `b`
    /// when `c == 0` there, and `a` when both branches are the same expression.
    pub fn select_decide(&self, e: &Expr) -> Option<Expr> {
        let Expr::Select(c, a, b) = e else {
            return None;
        };
        if a == b {
            return Some((**a).clone());
        }
        match self.range(c)? {
            (0, 0) => Some((**b).clone()),
            (lo, hi) if lo > 0 || hi < 0 => Some((**a).clone()),
            _ => None,
        }
    }
}

/// Split `l` into the terms (and the part of the constant) that are multiples of `d`, and
/// the rest: `l = q + r` with every coefficient of q a multiple of d and `0 <= r.c < d`.
fn split_multiples(l: &Lin, d: i64) -> Option<(Lin, Lin)> {
    let mut q = Lin::default();
    let mut r = Lin::default();
    for (a, &k) in &l.terms {
        if k % d == 0 {
            q.terms.insert(a.clone(), k);
        } else {
            r.terms.insert(a.clone(), k);
        }
    }
    r.c = l.c.rem_euclid(d);
    q.c = l.c.checked_sub(r.c)?;
    Some((q, r))
}

/// `l / g` for a `g` dividing every coefficient and the constant.
fn divide_exact(l: &Lin, g: i64) -> Option<Lin> {
    Some(Lin {
        terms: l.terms.iter().map(|(a, &k)| (a.clone(), k / g)).collect(),
        c: l.c / g,
    })
}

/// Divisors k of d (1 < k < d) that divide some coefficient of `l`, largest first.
fn candidate_tiles(l: &Lin, d: i64) -> Vec<i64> {
    let mut ks: Vec<i64> = l
        .terms
        .values()
        .map(|&v| gcd(v.abs(), d))
        .filter(|&k| k > 1 && k < d)
        .collect();
    ks.sort_unstable_by(|a, b| b.cmp(a));
    ks.dedup();
    ks
}

/// Every term of `sub` appears in `l` with the same coefficient (constants need not match:
/// the recombinations subtract `sub` from `l` exactly, whatever the constants are).
fn contains(l: &Lin, sub: &Lin) -> bool {
    !sub.terms.is_empty() && sub.terms.iter().all(|(a, k)| l.terms.get(a) == Some(k))
}

/// R18 `assume`: within a branch of `select(c, a, b)` the condition's truth is known: every
/// `select(c, x, y)` inside `a` is `x` (there `c != 0`), inside `b` it is `y` (there `c == 0`).
pub fn assume(e: &Expr, cond: &Expr, truth: bool) -> Expr {
    let go = |x: &Expr| assume(x, cond, truth);
    match e {
        Expr::Select(c, a, b) if **c == *cond => go(if truth { a } else { b }),
        Expr::Const(_) | Expr::Var(_) => e.clone(),
        Expr::Add(v) => Expr::Add(v.iter().map(go).collect()),
        Expr::Mul(v) => Expr::Mul(v.iter().map(go).collect()),
        Expr::Div(a, d) => Expr::Div(Box::new(go(a)), *d),
        Expr::Mod(a, d) => Expr::Mod(Box::new(go(a)), *d),
        Expr::Cmp(op, a, b) => Expr::cmp(*op, go(a), go(b)),
        Expr::Select(c, a, b) => Expr::select(go(c), go(a), go(b)),
    }
}
