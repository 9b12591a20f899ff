//! Tiled copies: the thread-value (TV) layout of a copy performed by a set of threads, and
//! the partition of a tensor among them (CuTe's `make_tiled_copy` and `TiledCopy::tidfrg_S/D`,
//! copy_atom.hpp, for a copy atom of V consecutive values performed by one thread: CuTe's
//! `UniversalCopy`, `SM80_CP_ASYNC_CACHE*` and every other single-thread atom).
//!
//! Given a thread layout `thr : (m,n) -> thr_idx` and a value layout `val : (m,n) -> val_idx`
//! (each a map from coordinates of its own block to an index), the tile of the copy is
//!
//!   layout_mn = raked_product(thr, val)            (M,N) -> (thr_idx, val_idx) as one index
//!   tiler     = product_each(shape(layout_mn))      the (M,N) extents of the tile
//!   layout_tv = right_inverse(layout_mn) o (size(thr), size(val)):(1, size(thr))
//!                                                   (thr_idx, val_idx) -> index in the tile
//!
//! `layout_tv` is a bijection onto [0, size(thr) size(val)) exactly when layout_mn is one
//! (every tile element is copied by exactly one (thread, value)); otherwise `right_inverse`
//! covers fewer indices and CuTe's `with_shape` reads past it: an error here.
//!
//! The partition of a tensor (or layout) L of rank >= rank(tiler) for an atom of V values:
//!
//!   atom_tv   = zipped_divide(layout_tv, (1, V))    ((atom_thr, atom_val), (thr, rest_val))
//!   thrval2mn = coalesce(zip(atom_tv), (1,(1,1)))   ((atom_thr, thr), (atom_val, rest_val))
//!   tv        = zipped_divide(L, tiler) o [thrval2mn, _]
//!   tidfrg(L) = (thr, (atom_val, rest_val), (RestM, RestN, ...))      = tv((_,_), _)
//!
//! so tidfrg(L)(t, v, r) = L(tile element layout_tv(t, v) of the tile at rest coordinate r).
//! (The atom's own source/destination layouts are the identity (1,V):(0,1) for a
//! single-thread atom, so CuTe's `right_inverse(ref) o src` leaves the atom mode as it is.)
//! Thread t's partition (`partition_S/D`) is tidfrg(L) with mode 0 fixed at t: the V values
//! of each atom are mode 1's first V elements, one vector of the copy when L places them
//! contiguously. A swizzled or offset L (`Sw o off o L'`) is partitioned through L'.
//!
//! Conditions (CuTe's static asserts, here errors): size(val) is a multiple of V; L has at
//! least rank(tiler) modes.

use crate::error::{Error, Result};
use crate::func::Func;
use crate::layout::Layout;
use crate::ops::coalesce::coalesce_profile;
use crate::ops::composition::{compose, compose_tiler};
use crate::ops::divide::zipped_divide;
use crate::ops::inverse::right_inverse;
use crate::ops::product::raked_product;
use crate::text::print_layout;
use crate::tuple::{IntTuple, Tree};
use crate::value::Value;

/// A tiled copy of single-thread atoms: its TV layout and its tiler (module comment).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TiledCopy {
    /// (thr_idx, val_idx) -> index in the (M,N) tile.
    pub layout_tv: Layout,
    /// The tile's extents, one per mode of layout_mn.
    pub tiler: Vec<i64>,
}

fn static_size(l: &Layout, what: &str, op: &str) -> Result<i64> {
    if l.has_runtime_leaf() {
        return Err(Error::algebra(format!(
            "{op}: the {what} layout {} must be static",
            print_layout(l)
        )));
    }
    l.size()
}

/// CuTe's make_tiled_copy(atom, thr, val): the TV layout and the tiler (module comment).
pub fn make_tiled_copy(thr: &Layout, val: &Layout, op: &str) -> Result<TiledCopy> {
    let threads = static_size(thr, "thread", op)?;
    let values = static_size(val, "value", op)?;
    let layout_mn = raked_product(thr, &Value::Func(Func::Layout(val.clone())))?;
    let inverse = right_inverse(&layout_mn)?;
    let tile = threads
        .checked_mul(values)
        .ok_or_else(|| Error::algebra(format!("{op}: {threads} x {values} overflows i64")))?;
    if inverse.size()? != tile {
        return Err(Error::algebra(format!(
            "{op}: raked_product(thr, val) = {} is not a bijection onto its tile: its right inverse covers {} of the {tile} (thread, value) pairs (each tile element must be copied by exactly one thread and value)",
            print_layout(&layout_mn),
            inverse.size()?
        )));
    }
    let tv_shape = Layout::flat(&[threads, values], &[1, threads]);
    let layout_tv = compose(&inverse, &tv_shape)?;
    let tiler = layout_mn
        .modes()
        .iter()
        .map(Layout::size)
        .collect::<Result<Vec<i64>>>()?;
    Ok(TiledCopy { layout_tv, tiler })
}

fn tuple_of(xs: &[i64]) -> Value {
    Value::Tuple(Tree::Node(xs.iter().map(|&x| IntTuple::lit(x)).collect()))
}

/// ((a, b), (c, d)) -> ((a, c), (b, d)): CuTe's zip of a rank-2 layout of rank-2 modes.
fn zip2(l: Layout, op: &str) -> Result<Layout> {
    let err = || {
        Error::algebra(format!(
            "{op}: internal: expected ((atom_thr, atom_val), (thr, rest_val)), found {}",
            print_layout(&l)
        ))
    };
    let modes = l.clone().into_modes();
    let [x, y] = <[Layout; 2]>::try_from(modes).map_err(|_| err())?;
    let [a, b] = <[Layout; 2]>::try_from(x.into_modes()).map_err(|_| err())?;
    let [c, d] = <[Layout; 2]>::try_from(y.into_modes()).map_err(|_| err())?;
    Ok(Layout::from_modes(vec![
        Layout::from_modes(vec![a, c]),
        Layout::from_modes(vec![b, d]),
    ]))
}

/// CuTe's TiledCopy::tidfrg_S(L) (= tidfrg_D for single-thread atoms) for the tiled copy of
/// `thr`, `val` with atoms of `vector` values: (thr, (atom_val, rest_val), (RestM, ...)).
pub fn tidfrg(l: &Layout, thr: &Layout, val: &Layout, vector: i64, op: &str) -> Result<Layout> {
    let tc = make_tiled_copy(thr, val, op)?;
    let values = val.size()?;
    if vector < 1 || values % vector != 0 {
        return Err(Error::algebra(format!(
            "{op}: the value layout {} holds {values} values per thread, not a multiple of the atom's {vector}",
            print_layout(val)
        )));
    }
    if l.rank() < tc.tiler.len() || l.shape.is_leaf() && tc.tiler.len() > 1 {
        return Err(Error::algebra(format!(
            "{op}: the layout {} has fewer modes than the copy's tile ({} modes)",
            print_layout(l),
            tc.tiler.len()
        )));
    }
    let atom_tv = zipped_divide(&tc.layout_tv, &tuple_of(&[1, vector]))?;
    let profile = Tree::Node(vec![
        IntTuple::lit(1),
        Tree::Node(vec![IntTuple::lit(1), IntTuple::lit(1)]),
    ]);
    let thrval2mn = coalesce_profile(&zip2(atom_tv, op)?, &profile)?;
    let tiled = zipped_divide(l, &tuple_of(&tc.tiler))?;
    let tv = compose_tiler(
        &tiled,
        &Value::Tiler(vec![Value::Func(Func::Layout(thrval2mn)), Value::All]),
    )?;
    let [frg, rest] = <[Layout; 2]>::try_from(tv.into_modes())
        .map_err(|_| Error::algebra(format!("{op}: internal: expected (tile, rest)")))?;
    let [t, v] = <[Layout; 2]>::try_from(frg.into_modes())
        .map_err(|_| Error::algebra(format!("{op}: internal: expected (thr, val)")))?;
    Ok(Layout::from_modes(vec![t, v, rest]))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::parse_layout;

    fn l(s: &str) -> Layout {
        parse_layout(s).unwrap()
    }

    fn check(thr: &str, val: &str, v: i64, t: &str, tv: &str, tiler: &[i64], frg: &str) {
        let tc = make_tiled_copy(&l(thr), &l(val), "tidfrg").unwrap();
        assert_eq!(print_layout(&tc.layout_tv), tv);
        assert_eq!(tc.tiler, tiler);
        let r = tidfrg(&l(t), &l(thr), &l(val), v, "tidfrg").unwrap();
        assert_eq!(print_layout(&r), frg);
    }

    /// CuTe C++ (CUTLASS 4.x, copy_atom.hpp's lines compiled on the host) printed these for
    /// Copy_Atom<UniversalCopy<uintN_t>, half_t> (V = N/16).
    #[test]
    fn matches_cute() {
        check(
            "(32,8):(8,1)",
            "(1,8)",
            8,
            "(128,64):(64,1)",
            "((8,32),8):((256,1),32)",
            &[32, 64],
            "((8,32),(8,1),(4,1)):((8,64),(1,0),(2048,0))",
        );
        check(
            "(16,8)",
            "(4,1)",
            1,
            "(128,32)",
            "(128,4):(4,1)",
            &[64, 8],
            "((16,8),(1,4),(2,4)):((4,128),(0,1),(64,1024))",
        );
        check(
            "(16,8):(8,1)",
            "(1,4)",
            2,
            "(64,64):(64,1)",
            "((8,16),4):((64,1),16)",
            &[16, 32],
            "((8,16),(2,2),(4,2)):((4,64),(1,2),(1024,32))",
        );
        check(
            "(32,8):(8,1)",
            "(1,8)",
            4,
            "(128,64):(64,1)",
            "((8,32),8):((256,1),32)",
            &[32, 64],
            "((8,32),(4,2),(4,1)):((8,64),(1,4),(2048,0))",
        );
    }

    /// Every (thread, value) of the tile reads the element CuTe's definition names: tidfrg(L)
    /// (t, v, r) = L(the tile at r, element layout_tv(t, v)), and the tile is covered once.
    #[test]
    fn partition_covers_the_tile_once() {
        let (thr, val) = (l("(16,8):(8,1)"), l("(1,4)"));
        let t = l("(64,64):(64,1)");
        let r = tidfrg(&t, &thr, &val, 2, "tidfrg").unwrap();
        let mut seen = vec![0u32; 64 * 64];
        for i in 0..r.size().unwrap() {
            let off = r.eval(i).unwrap();
            seen[off as usize] += 1;
        }
        assert!(seen.iter().all(|&n| n == 1));
    }

    /// The definition, by evaluation, over thread and value layouts of every order and tiles
    /// of several layouts: R(t, v, r) = zipped_divide(L, tile)(layout_tv(t, v), r), i.e. with
    /// one-dimensional indices R(t + T (v + V r)) = D(layout_tv(t + T v) + S r), T threads, V
    /// values per thread, S the tile's size.
    #[test]
    fn partition_by_definition() {
        let threads = [
            "(4,2):(1,4)",
            "(4,2):(2,1)",
            "(2,4):(4,1)",
            "(8,1):(1,0)",
            "(2,2):(1,2)",
        ];
        let values = [
            "(1,4):(0,1)",
            "(2,2):(1,2)",
            "(2,2):(2,1)",
            "(4,1):(1,0)",
            "(1,2):(0,1)",
        ];
        let tensors = [
            "(16,16):(16,1)",
            "(16,16):(1,16)",
            "(32,8):(1,32)",
            "(16,32):(40,1)",
        ];
        for thr in threads {
            for val in values {
                for t in tensors {
                    let (thr, val, t) = (l(thr), l(val), l(t));
                    let tc = make_tiled_copy(&thr, &val, "tidfrg").unwrap();
                    let (nt, nv) = (thr.size().unwrap(), val.size().unwrap());
                    let v = if nv % 2 == 0 { 2 } else { 1 };
                    let r = tidfrg(&t, &thr, &val, v, "tidfrg").unwrap();
                    let d = zipped_divide(&t, &tuple_of(&tc.tiler)).unwrap();
                    let tile: i64 = tc.tiler.iter().product();
                    let rests = d.size().unwrap() / tile;
                    for ri in 0..rests {
                        for vi in 0..nv {
                            for ti in 0..nt {
                                let e = tc.layout_tv.eval(ti + nt * vi).unwrap();
                                assert_eq!(
                                    r.eval(ti + nt * (vi + nv * ri)).unwrap(),
                                    d.eval(e + tile * ri).unwrap(),
                                    "thr {thr:?} val {val:?} L {t:?} at ({ti}, {vi}, {ri})"
                                );
                            }
                        }
                    }
                }
            }
        }
    }

    /// Fixing the thread of a partition of a 128B-swizzled tile is a translation (the thread
    /// owns offset bits 3..11 before and after the swizzle, the values bits 0..3 and 11..).
    /// With (16,8) threads of 4-value atoms, the rest owns bit 5 (stride 32), which the
    /// swizzle also writes from the thread's bit 8: Sw(a) ^ Sw(x) is not Sw(a) + Sw(x), refused.
    #[test]
    fn swizzled_partitions_translate() {
        use crate::text::parse_func;
        let tile = parse_func("Sw<3,3,3> o 0 o (128,64):(64,1)").unwrap();
        let Func::Composed(c) = &tile else { panic!() };
        let Func::Layout(inner) = &c.inner else {
            panic!()
        };
        let r = tidfrg(inner, &l("(32,8):(8,1)"), &l("(1,8)"), 8, "tidfrg").unwrap();
        let f = Func::composed(c.outer.clone(), 0, Func::Layout(r));
        f.check_mode_translates(0).unwrap();
        // By evaluation: f(t, i) = f(t, 0) + f(0, i) for every thread and value index.
        let Func::Composed(fc) = &f else { panic!() };
        let Func::Layout(rl) = &fc.inner else {
            panic!()
        };
        let rest = Layout::from_modes(rl.modes()[1..].to_vec());
        let thr = rl.mode(0).unwrap();
        let Func::Swizzle(sw) = &c.outer else {
            panic!()
        };
        let g = |x: i64| sw.apply(x);
        for t in 0..256 {
            for i in 0..rest.size().unwrap() {
                assert_eq!(
                    g(thr.eval(t).unwrap() + rest.eval(i).unwrap()),
                    g(thr.eval(t).unwrap()) + g(rest.eval(i).unwrap())
                );
            }
        }
        let r = tidfrg(inner, &l("(16,8):(8,1)"), &l("(1,4)"), 4, "tidfrg").unwrap();
        let f = Func::composed(c.outer.clone(), 0, Func::Layout(r));
        assert!(f.check_mode_translates(0).is_err());
    }

    #[test]
    fn errors_name_the_condition() {
        let e = tidfrg(
            &l("(64,64):(64,1)"),
            &l("(16,8):(8,1)"),
            &l("(1,6)"),
            4,
            "tidfrg",
        )
        .unwrap_err()
        .to_string();
        assert!(e.contains("not a multiple of the atom's 4"), "{e}");
        let e = make_tiled_copy(&l("(4,2):(1,0)"), &l("(1,4)"), "tidfrg")
            .unwrap_err()
            .to_string();
        assert!(e.contains("not a bijection"), "{e}");
        let e = tidfrg(&l("64:1"), &l("(16,8):(8,1)"), &l("(1,4)"), 4, "tidfrg")
            .unwrap_err()
            .to_string();
        assert!(e.contains("fewer modes"), "{e}");
    }
}
