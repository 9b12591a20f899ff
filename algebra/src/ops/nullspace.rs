//! nullspace(L): the kernel of L. With flatten(L) = (s_i:d_i) and the column-major strides
//! p_i of the flat shape, R = (s_k...):(p_k...) over the modes k with d_k = 0 (1:0 when there is
//! none; a single mode is unwrapped), as in CuTe.
//! Post-conditions: L(R(i)) = 0 for every i < size(R), R is injective, and
//! size(R) = size(L) / size(filter(L)).

use crate::error::{Error, Result};
use crate::layout::{compact_strides, Layout};
use crate::ops::filter::filter;
use crate::tuple::Tree;

/// Largest domain checked point by point.
const CHECK_ALL: i64 = 1 << 16;

pub fn nullspace(l: &Layout) -> Result<Layout> {
    let flat = l.flatten();
    let shapes = flat.shape.leaves();
    let strides = flat.stride.leaves();
    let rstride = compact_strides(
        &Tree::Node(shapes.iter().map(|s| Tree::Leaf(s.clone())).collect()),
        1,
    )?
    .leaves();
    let keep: Vec<usize> = (0..shapes.len())
        .filter(|&i| strides[i].is_zero())
        .collect();
    if keep.is_empty() {
        return Ok(Layout::trivial());
    }
    let modes: Vec<Layout> = keep
        .iter()
        .map(|&i| {
            Layout::raw(
                Tree::Leaf(shapes[i].clone()),
                Tree::Leaf(rstride[i].clone()),
            )
        })
        .collect();
    let r = Layout::from_modes_unwrapped(modes);
    check(l, &r)?;
    Ok(r)
}

fn check(l: &Layout, r: &Layout) -> Result<()> {
    if !l.is_static() || l.stride.has_basis() {
        return Ok(()); // checked by construction (a stride-0 mode contributes nothing)
    }
    let (n, nr) = (l.size()?, r.size()?);
    let nf = filter(l)?.size()?;
    if nf == 0 || n % nf != 0 || n / nf != nr {
        return Err(Error::algebra(format!(
            "nullspace: internal check failed: size(R) = {nr}, size(L)/size(filter(L)) = {n}/{nf}"
        )));
    }
    if nr <= CHECK_ALL {
        let mut seen = std::collections::HashSet::new();
        for i in 0..nr {
            let x = r.eval(i)?;
            if l.eval(x)? != 0 || !seen.insert(x) {
                return Err(Error::algebra(format!(
                    "nullspace: internal check failed at i = {i}: R(i) = {x}, L(R(i)) = {}",
                    l.eval(x)?
                )));
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::{parse_layout, print_layout};

    fn ns(s: &str) -> String {
        print_layout(&nullspace(&parse_layout(s).unwrap()).unwrap())
    }

    #[test]
    fn cute_cases() {
        assert_eq!(ns("(2,2,2):(0,0,0)"), "(2,2,2):(1,2,4)");
        assert_eq!(ns("(7,5,16):(0,0,0)"), "(7,5,16):(1,7,35)");
        assert_eq!(ns("(2,2,2):(1,0,2)"), "2:2");
        assert_eq!(ns("(7,5,16):(3,1,0)"), "16:35");
        assert_eq!(ns("(4,8):(1,4)"), "1:0");
    }

    #[test]
    fn nested_and_dynamic() {
        // Nested modes are flattened first.
        assert_eq!(ns("((2,3),4):((0,1),0)"), "(2,4):(1,6)");
        // After a dynamic extent the column-major strides are dynamic.
        assert_eq!(ns("(?,4):(1,0)"), "4:?");
    }

    #[test]
    fn post_conditions_on_a_sweep() {
        for s in [
            "(2,3,4):(0,2,0)",
            "(3,(2,2)):(1,(0,0))",
            "(5,1,3):(0,0,7)",
            "8:0",
        ] {
            let l = parse_layout(s).unwrap();
            let r = nullspace(&l).unwrap();
            let nf = filter(&l).unwrap().size().unwrap();
            assert_eq!(r.size().unwrap(), l.size().unwrap() / nf, "{s}");
            for i in 0..r.size().unwrap() {
                assert_eq!(l.eval(r.eval(i).unwrap()).unwrap(), 0, "{s} at {i}");
            }
        }
    }
}
