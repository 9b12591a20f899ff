//! Views of a tensor in memory: the same bytes at the same address through another layout
//! function (CuTe's `select<I...>(tensor)`, `group_modes<B, E>(tensor)` and
//! `recast<NewT>(tensor)`). A view moves no data and computes nothing at run time beyond the
//! index math its new layout already needs.
//!
//! A tensor is a pointer `p` and a layout function `F` from coordinates to element offsets
//! (`F = L`, or `F = Sw o o o L` for a swizzled shared tile). With `L`'s top-level modes
//! `L_0, ..., L_{n-1}`:
//!
//! - **select** `modes = [m_0, ..., m_{k-1}]` (distinct modes): `F' = Sw o o o (L_{m_0}, ...,
//!   L_{m_{k-1}})`. A permutation of all modes is a permute (a transpose of the tensor's
//!   modes); a subset is the tensor at coordinate 0 of the modes left out (CuTe's `select`);
//! - **group** `[b, e)`: `F' = Sw o o o (L_0, ..., (L_b, ..., L_{e-1}), ..., L_{n-1})`: one mode
//!   whose coordinate is the colexicographic coordinate of the grouped ones (CuTe's
//!   `group_modes`);
//! - **recast** from `old` to `new` bits per element: the layout of the same bytes in elements
//!   of the new width (`recast_layout`: `upcast` by `new / old` when the new elements are
//!   wider, `downcast` by `old / new` when narrower). The bytes allow it when the function's
//!   contiguous mode holds whole new elements at aligned offsets; the algebra's `upcast` /
//!   `downcast` name the mode and stride that do not.
//!
//! The swizzle and offset of a composed function act on offsets, which select and group do not
//! change, so those views keep them and act on the inner layout; a recast rescales the whole
//! function (`recast`). A bare swizzle has no modes to view.

use crate::error::{Error, Result};
use crate::func::{Composed, Func};
use crate::layout::Layout;
use crate::ops::modes::{group_modes, select};
use crate::ops::recast::recast;

/// Which view of a tensor (module doc).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TensorView {
    /// The modes, in the view's order (distinct).
    Select(Vec<i64>),
    /// The modes `[begin, end)` grouped into one.
    Group(i64, i64),
    /// The bytes as elements of `new` bits instead of `old` bits.
    Recast { old: i64, new: i64 },
}

/// The layout function of the view `view` of a tensor laid out by `f`.
pub fn view_layout(f: &Func, view: &TensorView) -> Result<Func> {
    match view {
        TensorView::Recast { old, new } => recast(f, *old, *new),
        TensorView::Select(modes) => {
            let rank = inner_rank(f)?;
            let mut seen = vec![false; rank];
            for &m in modes {
                if m < 0 || m as usize >= rank || seen[m as usize] {
                    return Err(Error::algebra(format!(
                        "select_tensor: modes [{}] must be distinct modes of the rank-{rank} layout {}",
                        modes.iter().map(|m| m.to_string()).collect::<Vec<_>>().join(", "),
                        crate::text::print_func(f)
                    )));
                }
                seen[m as usize] = true;
            }
            if modes.is_empty() {
                return Err(Error::algebra(
                    "select_tensor: a view keeps at least one mode".to_string(),
                ));
            }
            map_inner(f, &|l| select(l, modes))
        }
        TensorView::Group(b, e) => {
            let rank = inner_rank(f)? as i64;
            if !(0 <= *b && b < e && *e <= rank) {
                return Err(Error::algebra(format!(
                    "group_tensor: [{b}, {e}) must be a nonempty range of the modes [0, {rank}) of {}",
                    crate::text::print_func(f)
                )));
            }
            map_inner(f, &|l| group_modes(l, *b, *e))
        }
    }
}

/// The rank of the layout that select and group act on (the innermost layout).
fn inner_rank(f: &Func) -> Result<usize> {
    match f {
        Func::Layout(l) => Ok(l.rank()),
        Func::Composed(c) => inner_rank(&c.inner),
        Func::Swizzle(_) => Err(Error::algebra(format!(
            "a view of the tensor: its layout {} is a bare swizzle, which has no modes",
            crate::text::print_func(f)
        ))),
    }
}

/// `f` with its innermost layout replaced by `g` of it (the swizzle and offset kept).
fn map_inner(f: &Func, g: &dyn Fn(&Layout) -> Result<Layout>) -> Result<Func> {
    match f {
        Func::Layout(l) => Ok(Func::Layout(g(l)?)),
        Func::Composed(c) => Ok(Func::Composed(Box::new(Composed {
            outer: c.outer.clone(),
            offset: c.offset,
            inner: map_inner(&c.inner, g)?,
        }))),
        Func::Swizzle(_) => inner_rank(f).map(|_| f.clone()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::{parse_func, print_func};

    fn view(text: &str, v: TensorView) -> String {
        print_func(&view_layout(&parse_func(text).unwrap(), &v).unwrap())
    }
    fn err(text: &str, v: TensorView) -> String {
        view_layout(&parse_func(text).unwrap(), &v)
            .unwrap_err()
            .to_string()
    }

    #[test]
    fn select_permutes_and_drops_modes() {
        assert_eq!(
            view("(4,8):(8,1)", TensorView::Select(vec![1, 0])),
            "(8,4):(1,8)"
        );
        assert_eq!(
            view("(4,8,2):(8,1,32)", TensorView::Select(vec![2, 0])),
            "(2,4):(32,8)"
        );
        // The swizzle and offset stay: the view reads the same bytes.
        assert_eq!(
            view(
                "Sw<3,3,3> o 0 o (64,64,2):(64,1,4096)",
                TensorView::Select(vec![1, 0, 2])
            ),
            "Sw<3,3,3> o 0 o (64,64,2):(1,64,4096)"
        );
        // Runtime leaves travel along.
        assert_eq!(
            view("(?,?):(?,1)", TensorView::Select(vec![1, 0])),
            "(?,?):(1,?)"
        );
    }

    #[test]
    fn group_nests_modes() {
        assert_eq!(
            view("(4,8,2):(8,1,32)", TensorView::Group(0, 2)),
            "((4,8),2):((8,1),32)"
        );
        assert_eq!(
            view(
                "Sw<2,4,3> o 0 o (8,16,4):(16,1,128)",
                TensorView::Group(1, 3)
            ),
            "Sw<2,4,3> o 0 o (8,(16,4)):(16,(1,128))"
        );
    }

    #[test]
    fn recast_reads_the_same_bytes() {
        // f16 pairs as 32-bit words: the contiguous mode halves.
        assert_eq!(
            view("(8,16):(16,1)", TensorView::Recast { old: 16, new: 32 }),
            "(8,8):(8,1)"
        );
        // ... and back.
        assert_eq!(
            view("(8,8):(8,1)", TensorView::Recast { old: 32, new: 16 }),
            "(8,16):(16,1)"
        );
        // Each element of the view is the bytes of the source: element (i, j) of the f32 view
        // starts at byte 4 (8 i + j), the f16 element (i, 2 j)'s byte 2 (16 i + 2 j).
        let f = view_layout(
            &parse_func("(8,16):(16,1)").unwrap(),
            &TensorView::Recast { old: 16, new: 32 },
        )
        .unwrap();
        let g = parse_func("(8,16):(16,1)").unwrap();
        for i in 0..8 {
            for j in 0..8 {
                // Colexicographic indices: (i, j) of (8, 8) is i + 8 j; (i, 2 j) of (8, 16) is
                // i + 16 j.
                let w = f.apply(i + 8 * j).unwrap();
                assert_eq!(4 * w, 2 * g.apply(i + 16 * j).unwrap());
            }
        }
    }

    #[test]
    fn errors_name_the_rule() {
        let e = err("(4,8):(8,1)", TensorView::Select(vec![0, 0]));
        assert!(
            e.contains("modes [0, 0] must be distinct modes of the rank-2 layout (4,8):(8,1)"),
            "{e}"
        );
        let e = err("(4,8):(8,1)", TensorView::Select(vec![2]));
        assert!(e.contains("distinct modes of the rank-2"), "{e}");
        let e = err("(4,8):(8,1)", TensorView::Group(1, 1));
        assert!(
            e.contains("[1, 1) must be a nonempty range of the modes [0, 2)"),
            "{e}"
        );
        // 3 f16 per row of a 32-bit view: the bytes do not make whole words.
        let e = err("(8,3):(3,1)", TensorView::Recast { old: 16, new: 32 });
        assert!(e.contains("upcast"), "{e}");
        let e = err("(8,8):(8,1)", TensorView::Recast { old: 16, new: 24 });
        assert!(e.contains("integral ratios"), "{e}");
    }
}
