//! Gaussian elimination over F2 on packed bit vectors (one `u64` per matrix column).
//!
//! Columns are inserted in order; a column that is independent of the earlier ones is a
//! *pivot* column (these are exactly the pivot columns of the reduced row echelon form, so
//! the free variables are the same as Triton's). Each stored vector remembers which original
//! columns it is the XOR of, so a vector in the span is expressed in pivot columns uniquely.

/// An echelon basis keyed by leading (highest) bit, with the combination of original columns
/// each stored vector equals.
#[derive(Clone)]
pub struct Echelon {
    vec: [u64; 64],
    combo: [u64; 64],
    /// Bit set of the inserted columns that were pivots.
    pub pivots: u64,
    present: u64,
}

impl Default for Echelon {
    fn default() -> Self {
        Echelon {
            vec: [0; 64],
            combo: [0; 64],
            pivots: 0,
            present: 0,
        }
    }
}

impl Echelon {
    pub fn new() -> Echelon {
        Echelon::default()
    }

    /// Reduce `v`; returns (residue, combination of original columns XORed into it).
    #[inline]
    fn reduce(&self, mut v: u64) -> (u64, u64) {
        let mut c = 0u64;
        while v != 0 {
            let top = 63 - v.leading_zeros();
            if self.present & (1u64 << top) == 0 {
                break;
            }
            v ^= self.vec[top as usize];
            c ^= self.combo[top as usize];
        }
        (v, c)
    }

    /// Insert column number `col` (< 64) with value `v`; true when it is a pivot.
    pub fn insert(&mut self, col: u32, v: u64) -> bool {
        let (r, c) = self.reduce(v);
        if r == 0 {
            return false;
        }
        let top = (63 - r.leading_zeros()) as usize;
        self.vec[top] = r;
        self.combo[top] = c ^ (1u64 << col);
        self.present |= 1u64 << top;
        self.pivots |= 1u64 << col;
        true
    }

    /// The combination of pivot columns whose XOR is `v`, or `None` when `v` is not in the
    /// span of the inserted columns.
    pub fn solve(&self, v: u64) -> Option<u64> {
        // Non-pivot columns are never stored, so every combination is over pivot columns.
        let (r, c) = self.reduce(v);
        (r == 0).then_some(c)
    }

    pub fn rank(&self) -> u32 {
        self.present.count_ones()
    }
}

/// Rank of a set of packed vectors.
pub fn rank(cols: impl Iterator<Item = u64>) -> u32 {
    let mut basis = [0u64; 64];
    let mut present = 0u64;
    let mut r = 0;
    for mut v in cols {
        while v != 0 {
            let top = 63 - v.leading_zeros();
            if present & (1u64 << top) == 0 {
                basis[top as usize] = v;
                present |= 1u64 << top;
                r += 1;
                break;
            }
            v ^= basis[top as usize];
        }
    }
    r
}

/// Whether `v` lies in the span of `gens`.
pub fn in_span(gens: &[u64], v: u64) -> bool {
    let mut e = Echelon::new();
    for (i, &g) in gens.iter().enumerate() {
        e.insert(i as u32 % 64, g);
    }
    e.solve(v).is_some()
}

/// The vectors of `gens` that are independent of the ones before them: a basis of
/// `span(gens)`, in order.
pub fn basis_of(gens: &[u64]) -> Vec<u64> {
    let mut e = Echelon::new();
    let mut out = Vec::new();
    for &g in gens {
        if e.insert(out.len() as u32 % 64, g) {
            out.push(g);
        }
    }
    out
}

/// A basis of `span(a) ∩ span(b)`.
///
/// With `A`, `B` bases of the two spans, every `b_j` that depends on `A ∪ {b_0..b_{j-1}}`
/// gives one relation `b_j + sum(b_i) = sum(a_i)`, whose `A` part lies in both spans; these
/// parts are independent (each relation has its own last `b`), and there are
/// `|A| + |B| - dim(A + B) = dim(A ∩ B)` of them.
pub fn intersection(a: &[u64], b: &[u64]) -> Vec<u64> {
    let a = basis_of(a);
    let b = basis_of(b);
    let mut e = Echelon::new();
    for (i, &x) in a.iter().enumerate() {
        e.insert(i as u32, x);
    }
    let mut out = Vec::new();
    for (j, &y) in b.iter().enumerate() {
        match e.solve(y) {
            Some(combo) => {
                let part = (0..a.len())
                    .filter(|&i| combo >> i & 1 == 1)
                    .fold(0u64, |acc, i| acc ^ a[i]);
                out.push(part);
            }
            None => {
                e.insert((a.len() + j) as u32, y);
            }
        }
    }
    out
}
