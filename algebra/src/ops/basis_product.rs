//! logical_product for a layout L with scaled-basis strides and an integer B (the
//! scaled-basis extension of the product, which needs composition):
//! logical_product(L, B) = (L, complement(L) o B); the copies of L step along the last basis
//! coordinate's rest, past L's extent there.

use crate::error::{Error, Result};
use crate::int;
use crate::layout::Layout;
use crate::ops::basis::{complement, coprofile, project};
use crate::ops::composition::{compose, reads_past_domain};
use crate::text::print_layout;

/// logical_product(L, B) = (L, complement(L) o B) for a scaled-basis L and an integer B.
/// When B reads complement(L) past its size (composition extends the last mode), the copies
/// of L at the distinct points of B are checked to be disjoint; CuTe IR returns overlapping
/// copies there (`logical_product((2):(5@0), (2,3):(1,2))`), which we refuse.
pub fn logical_product(l: &Layout, b: &Layout) -> Result<Layout> {
    let c = complement(l).map_err(|e| Error::algebra(format!("logical_product: {e}")))?;
    let rest = compose(&c, b).map_err(|e| Error::algebra(format!("logical_product: {e}")))?;
    if reads_past_domain(&c, b)?.is_some() {
        check_copies_disjoint(l, b, &rest)?;
    }
    Ok(Layout::from_modes(vec![l.clone(), rest]))
}

/// Most points (size(L)·size(B)) of a product checked for disjoint copies.
const COPIES_LIMIT: i64 = 1 << 20;

/// The copies L + rest(j), one per distinct value B(j), must not meet.
fn check_copies_disjoint(l: &Layout, b: &Layout, rest: &Layout) -> Result<()> {
    let (na, nb) = (l.size()?, b.size()?);
    let cp = coprofile(l, "logical_product")?;
    // Each point is a vector of one coordinate per mode of the coprofile.
    let dim = cp.leaves().len().max(1) as i64;
    if int::mul(na, nb)? > COPIES_LIMIT || int::mul(int::mul(na, nb)?, dim)? > COPIES_LIMIT * 2 {
        return Err(Error::algebra(format!(
            "logical_product: B = {} reads past complement({}) and the product ({} points of {dim} coordinates) is too large to check for overlapping copies (limit {COPIES_LIMIT} points, {} coordinates)",
            print_layout(b),
            print_layout(l),
            int::mul(na, nb)?,
            COPIES_LIMIT * 2
        )));
    }
    let buckets: Vec<Layout> = cp.leaves().iter().map(|p| project(l, p)).collect();
    let rests: Vec<Layout> = cp.leaves().iter().map(|p| project(rest, p)).collect();
    let vector =
        |ls: &[Layout], i: i64| -> Result<Vec<i64>> { ls.iter().map(|x| x.eval(i)).collect() };
    let image: std::collections::HashSet<Vec<i64>> = (0..na)
        .map(|i| vector(&buckets, i))
        .collect::<Result<_>>()?;
    // Every point of every copy, flat (`dim` coordinates per point, the copies in order of
    // their first j): a sort finds the repeated points with 8·dim + 4 bytes per point (a set
    // of the points took about 90 bytes per point, 87 MB at the limit).
    let dim = buckets.len().max(1);
    let mut copies: Vec<i64> = Vec::new();
    let mut flat: Vec<i64> = Vec::new();
    let mut seen_b = std::collections::HashSet::new();
    for j in 0..nb {
        if !seen_b.insert(b.eval(j)?) {
            continue;
        }
        copies.push(j);
        let off = vector(&rests, j)?;
        for v in &image {
            for (x, y) in v.iter().zip(&off) {
                flat.push(int::add(*x, *y)?);
            }
            if buckets.is_empty() {
                // No coordinates: every point is the same empty vector; one 0 stands for it.
                flat.push(0);
            }
        }
    }
    let point = |r: usize| &flat[r * dim..(r + 1) * dim];
    let rows = flat.len() / dim;
    let mut order: Vec<u32> = (0..rows as u32).collect();
    order.sort_unstable_by(|&x, &y| point(x as usize).cmp(point(y as usize)).then(x.cmp(&y)));
    // A point met before (an equal point of a lower row): the first such row in the order of
    // the copies names the copy that overlaps an earlier one.
    let first_repeat = order
        .windows(2)
        .filter(|w| point(w[0] as usize) == point(w[1] as usize))
        .map(|w| w[1] as usize)
        .min();
    if let Some(row) = first_repeat {
        let j = copies[row / image.len()];
        return Err(Error::algebra(format!(
            "logical_product: the copy of {} at B({j}) = {} overlaps another copy: B reads complement(L) past its size, and the extension along its last mode lands on L's own points",
            print_layout(l),
            b.eval(j)?
        )));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::check_copies_disjoint;
    use crate::text::parse_layout;

    fn check(l: &str, b: &str, rest: &str) -> Result<(), String> {
        let p = |t: &str| parse_layout(t).unwrap();
        check_copies_disjoint(&p(l), &p(b), &p(rest)).map_err(|e| e.to_string())
    }

    #[test]
    fn copies_that_meet_name_the_first_copy_that_overlaps() {
        // L = {0, 1} along @0; copy j sits at j@0: copy 1 = {1, 2} meets copy 0 at 1.
        let err = check("2:1@0", "4:1", "4:1@0").unwrap_err();
        assert!(
            err.contains("the copy of 2:1@0 at B(1) = 1 overlaps another copy"),
            "{err}"
        );
        // Copies at 0, 3, 6, 9 of {0, 1, 2, 3}: copy 1 = {3..6} meets copy 0 at 3.
        let err = check("4:1@0", "4:1", "4:3@0").unwrap_err();
        assert!(err.contains("at B(1) = 1"), "{err}");
        // Two coordinates: copies apart along @1 never meet; along @0 by 1 they do (copy 2
        // is the first to meet an earlier one when the first step is along @1).
        assert!(check("(2,2):(1@0,1@1)", "4:1", "4:2@1").is_ok());
        let err = check("(2,2):(1@0,1@1)", "(2,2):(1,2)", "(2,2):(2@1,1@0)").unwrap_err();
        assert!(err.contains("at B(2) = 2"), "{err}");
    }

    #[test]
    fn disjoint_copies_and_repeated_values_of_b_pass() {
        assert!(check("2:1@0", "4:1", "4:2@0").is_ok());
        // B(0) = B(1): one copy per distinct value of B.
        assert!(check("2:1@0", "(2,2):(0,1)", "(2,2):(0,2@0)").is_ok());
    }
}
