//! A builder of ISL map text for the decoders: named input and output variables, existential
//! helper variables and a conjunction of affine constraints, printed as
//! `{ [ins] -> [outs] : <bounds> and exists (<vars> : <constraints>) }`.
//!
//! The decoders describe the hardware's address computation with it: a quotient and a
//! remainder become `x = d*q + r and 0 <= r < d` (exact integer division, no `floor` of a
//! product), a table lookup becomes a disjunction of `index = i and value = table[i]`.

/// Constraints over named variables, turned into one ISL map.
#[derive(Debug, Default, Clone)]
pub struct Constraints {
    exists: Vec<String>,
    conj: Vec<String>,
    fresh: usize,
}

impl Constraints {
    pub fn new() -> Constraints {
        Constraints::default()
    }
    /// A new existential variable named after `hint`.
    pub fn var(&mut self, hint: &str) -> String {
        self.fresh += 1;
        let v = format!("{hint}{}", self.fresh);
        self.exists.push(v.clone());
        v
    }
    /// Add one constraint (ISL syntax).
    pub fn push(&mut self, c: impl Into<String>) {
        self.conj.push(c.into());
    }
    /// `0 <= v < n`.
    pub fn range(&mut self, v: &str, n: i64) {
        self.push(format!("0 <= {v} < {n}"));
    }
    /// Quotient and remainder of the affine expression `e` by `d > 0`: `e = d*q + r`,
    /// `0 <= r < d`.
    pub fn divmod(&mut self, e: &str, d: i64, hint: &str) -> (String, String) {
        let q = self.var(&format!("{hint}q"));
        let r = self.var(&format!("{hint}r"));
        self.push(format!("{e} = {d}*{q} + {r}"));
        self.range(&r, d);
        (q, r)
    }
    /// A new variable equal to `table[index]` (index in `[0, table.len())`).
    pub fn lookup(&mut self, index: &str, table: &[i64], hint: &str) -> String {
        let v = self.var(hint);
        let alts: Vec<String> = table
            .iter()
            .enumerate()
            .map(|(i, t)| format!("({index} = {i} and {v} = {t})"))
            .collect();
        self.push(format!("({})", alts.join(" or ")));
        v
    }
    /// The map `{ [ins] -> [outs] : bounds and exists (...) }`.
    pub fn map(&self, ins: &[String], outs: &[String], bounds: &[String]) -> String {
        let mut all: Vec<String> = bounds.to_vec();
        if !self.conj.is_empty() {
            let body = self.conj.join(" and ");
            if self.exists.is_empty() {
                all.push(body);
            } else {
                all.push(format!("exists ({} : {body})", self.exists.join(", ")));
            }
        }
        let cond = if all.is_empty() {
            String::new()
        } else {
            format!(" : {}", all.join(" and "))
        };
        format!("{{ [{}] -> [{}]{cond} }}", ins.join(", "), outs.join(", "))
    }
}

/// `0 <= v < n` for each variable.
pub fn box_bounds(vars: &[String], extents: &[i64]) -> Vec<String> {
    vars.iter()
        .zip(extents)
        .map(|(v, n)| format!("0 <= {v} < {n}"))
        .collect()
}

/// Names `p0, p1, ...`.
pub fn names(prefix: &str, n: usize) -> Vec<String> {
    (0..n).map(|i| format!("{prefix}{i}")).collect()
}
