//! Tiled MMAs: the partition of a tensor (or layout) among the threads of MMA atoms tiled over
//! a grid of atoms (CuTe's `make_tiled_mma(atom, thr_layout, permutation)` and
//! `TiledMMA::thrfrg_A/B/C`, mma_atom.hpp).
//!
//! An atom computes an (AM x AN) tile of one operand (A: M x K, B: N x K, C: M x N) with its
//! threads; its TV layout `atom_tv : (thr_v, val) -> index in the (AM, AN) tile` says which
//! element each thread holds in which register. The tiled MMA repeats the atom over a grid of
//! (TM x TN) atoms (for C: the atom layout's M and N extents; for A: M and K; for B: N and K),
//! so for a tensor L, first reordered by the permutation tile P = [P_M, P_N] when one is given
//! (L := logical_divide(L, P): the atoms then tile P_M's image of the rows, e.g. P_N =
//! (8,2,2):(1,16,8) puts the two N atoms of a warp on adjacent columns; CuTe's default `_`
//! keeps L's order):
//!
//!   c  = zipped_divide(L, [AM:1, AN:1])            ((AM, AN), (RestM, RestN))
//!   tv = c o [atom_tv, _]                          ((ThrV, FrgV), (RestM, RestN))
//!   thrfrg(L) = zipped_divide(tv, [_, [TM:1, TN:1]])   (an extent 1 as 1:0, CuTe's make_layout(_1))
//!             = ((ThrV, (ThrM, ThrN)), (FrgV, (RestM', RestN')))
//!
//! thrfrg(L)((v, (m, n)), (f, (i, j))) is the element of L that register f of lane v of atom
//! (m, n) holds in the atom tile (m + TM i, n + TN j). Thread t of the tiled MMA, at
//! coordinate (v, m, n, k) of the thread layout (32 lanes, then the atom grid), holds
//! mode 0 fixed at its (v, (m, n)) (`partition_C`; `partition_A` uses (m, k), `partition_B`
//! (n, k)).
//!
//! Conditions: atom_tv and the tile extents are static; L has at least two modes.

use crate::error::{Error, Result};
use crate::func::Func;
use crate::layout::Layout;
use crate::ops::composition::compose_tiler;
use crate::ops::divide::{logical_divide, zipped_divide};
use crate::text::print_layout;
use crate::value::Value;

/// The by-mode tiler (make_layout(e_0), make_layout(e_1)): compact, so an extent of 1 has
/// stride 0 (as CuTe's make_layout(_1) = _1:_0).
fn tile_of(extents: [i64; 2]) -> Value {
    Value::Tiler(
        extents
            .iter()
            .map(|&e| Value::Func(Func::Layout(Layout::leaf(e, if e == 1 { 0 } else { 1 }))))
            .collect(),
    )
}

/// CuTe's TiledMMA::thrfrg_X for an atom with TV layout `atom_tv` over an `atom_tile` tile,
/// repeated over a `thr_tile` grid of atoms, after the permutation tile `perm` (two modes, a
/// layout or `_` each) when given (module comment).
pub fn thrfrg(
    l: &Layout,
    atom_tv: &Layout,
    atom_tile: [i64; 2],
    thr_tile: [i64; 2],
    perm: Option<&Value>,
    op: &str,
) -> Result<Layout> {
    if atom_tv.has_runtime_leaf() {
        return Err(Error::algebra(format!(
            "{op}: the atom's TV layout {} must be static",
            print_layout(atom_tv)
        )));
    }
    if atom_tile.iter().chain(&thr_tile).any(|&e| e < 1) {
        return Err(Error::algebra(format!(
            "{op}: the atom tile {atom_tile:?} and the atom grid {thr_tile:?} must be positive extents"
        )));
    }
    let tile = atom_tile[0]
        .checked_mul(atom_tile[1])
        .ok_or_else(|| Error::algebra(format!("{op}: the atom tile overflows i64")))?;
    if atom_tv.cosize()? > tile || atom_tv.size()? != tile {
        return Err(Error::algebra(format!(
            "{op}: the atom's TV layout {} must map its {} (thread, value) pairs onto the {}x{} atom tile",
            print_layout(atom_tv),
            atom_tv.size()?,
            atom_tile[0],
            atom_tile[1]
        )));
    }
    if l.shape.is_leaf() || l.rank() < 2 {
        return Err(Error::algebra(format!(
            "{op}: the layout {} must have at least two modes (the operand's rows and columns)",
            print_layout(l)
        )));
    }
    let permuted;
    let l = match perm {
        None => l,
        Some(p) => {
            match p {
                Value::Tiler(modes) if modes.len() == 2 => {}
                _ => {
                    return Err(Error::algebra(format!(
                        "{op}: the permutation must be a tile of two modes [P_M, P_N] (a layout or _ each)"
                    )))
                }
            }
            permuted = logical_divide(l, p)?;
            &permuted
        }
    };
    let c = zipped_divide(l, &tile_of(atom_tile))?;
    let tv = compose_tiler(
        &c,
        &Value::Tiler(vec![Value::Func(Func::Layout(atom_tv.clone())), Value::All]),
    )?;
    zipped_divide(&tv, &Value::Tiler(vec![Value::All, tile_of(thr_tile)]))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::parse_layout;

    fn l(s: &str) -> Layout {
        parse_layout(s).unwrap()
    }

    const C: &str = "((4,8),(2,2)):((32,1),(16,8))";
    const A: &str = "((4,8),(2,2,2)):((32,1),(16,8,128))";
    const B: &str = "((4,8),(2,2)):((16,1),(8,64))";

    /// CuTe C++ (CUTLASS 4.x, mma_atom.hpp's thrfrg lines compiled on the host) printed these
    /// for SM80_16x8x16_F32F16F16F32_TN tiled (2,2,1) (C, and A and B along M/N) and (1,4,1).
    #[test]
    fn matches_cute() {
        let cases = [
            (
                "(64,64):(64,1)",
                C,
                [16, 8],
                [2, 2],
                "(((4,8),(2,2)),((2,2),(2,4))):(((2,64),(1024,8)),((1,512),(2048,16)))",
            ),
            (
                "(64,32):(32,1)",
                A,
                [16, 16],
                [2, 1],
                "(((4,8),(2,1)),((2,2,2),(2,2))):(((2,32),(512,0)),((1,256,8),(1024,16)))",
            ),
            (
                "(64,32):(32,1)",
                B,
                [8, 16],
                [2, 1],
                "(((4,8),(2,1)),((2,2),(4,2))):(((2,32),(256,0)),((1,8),(512,16)))",
            ),
            (
                "(32,32):(1,32)",
                C,
                [16, 8],
                [1, 4],
                "(((4,8),(1,4)),((2,2),(2,1))):(((64,1),(0,256)),((32,8),(16,0)))",
            ),
        ];
        for (t, tv, at, tt, want) in cases {
            let r = thrfrg(&l(t), &l(tv), at, tt, None, "thrfrg").unwrap();
            assert_eq!(print_layout(&r), want, "{t}");
        }
    }

    /// CuTe C++ (CUTLASS 4.x: logical_divide by the permutation tile, then the thrfrg lines of
    /// mma_atom.hpp, compiled on the host) for SM80_16x8x16 tiled (2,2,1) with permutations:
    /// C with N permuted (8,2,2):(1,16,8), C of a column-major tensor with M permuted
    /// (2,16):(16,1), A with M permuted (16,2):(2,1).
    #[test]
    fn permutations_match_cute() {
        let tile = |m: &str, n: &str| {
            let mode = |s: &str| {
                if s == "_" {
                    Value::All
                } else {
                    Value::Func(Func::Layout(l(s)))
                }
            };
            Value::Tiler(vec![mode(m), mode(n)])
        };
        let cases = [
            (
                "(64,64):(64,1)",
                C,
                [16, 8],
                [2, 2],
                tile("32:1", "(8,2,2):(1,16,8)"),
                "(((4,8),(2,2)),((2,2),(2,(2,2)))):(((2,64),(1024,16)),((1,512),(2048,(8,32))))",
            ),
            (
                "(64,32):(1,64)",
                C,
                [16, 8],
                [2, 2],
                tile("(2,16):(16,1)", "16:1"),
                "(((4,(2,4)),(2,2)),((2,2),(2,2))):(((128,(16,1)),(8,512)),((64,4),(32,1024)))",
            ),
            (
                "(64,32):(32,1)",
                A,
                [16, 16],
                [2, 1],
                tile("(16,2):(2,1)", "16:1"),
                "(((4,8),(2,1)),((2,2,2),(2,2))):(((2,64),(32,0)),((1,512,8),(1024,16)))",
            ),
        ];
        for (t, tv, at, tt, perm, want) in cases {
            let r = thrfrg(&l(t), &l(tv), at, tt, Some(&perm), "thrfrg").unwrap();
            assert_eq!(print_layout(&r), want, "{t}");
        }
        // `_` keeps the order: the same as no permutation.
        let plain = thrfrg(&l("(64,64):(64,1)"), &l(C), [16, 8], [2, 2], None, "thrfrg").unwrap();
        let kept = thrfrg(
            &l("(64,64):(64,1)"),
            &l(C),
            [16, 8],
            [2, 2],
            Some(&tile("_", "_")),
            "thrfrg",
        )
        .unwrap();
        assert_eq!(print_layout(&kept), print_layout(&plain));
        let e = thrfrg(
            &l("(64,64):(64,1)"),
            &l(C),
            [16, 8],
            [2, 2],
            Some(&Value::All),
            "thrfrg",
        )
        .unwrap_err()
        .to_string();
        assert!(e.contains("a tile of two modes"), "{e}");
    }

    /// Every element of the tensor is held by exactly one (thread, register) of C's partition.
    #[test]
    fn partition_of_c_covers_once() {
        let r = thrfrg(&l("(64,64):(64,1)"), &l(C), [16, 8], [2, 2], None, "thrfrg").unwrap();
        let mut seen = vec![0u32; 64 * 64];
        for i in 0..r.size().unwrap() {
            seen[r.eval(i).unwrap() as usize] += 1;
        }
        assert!(seen.iter().all(|&n| n == 1));
    }

    #[test]
    fn errors_name_the_condition() {
        let e = thrfrg(&l("64:1"), &l(C), [16, 8], [2, 2], None, "thrfrg")
            .unwrap_err()
            .to_string();
        assert!(e.contains("at least two modes"), "{e}");
        let e = thrfrg(
            &l("(64,64):(64,1)"),
            &l(C),
            [16, 16],
            [2, 2],
            None,
            "thrfrg",
        )
        .unwrap_err()
        .to_string();
        assert!(e.contains("onto the 16x16 atom tile"), "{e}");
    }
}
