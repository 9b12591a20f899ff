//! Rearranging the rank-2 results of divides and products:
//! zip2_by gathers ((a0,b0),(a1,b1),rest...) into ((a0,a1),(b0,b1,rest...)) along a tiler;
//! unpack_modes spreads a mode's sub-modes into the parent.

use crate::error::{Error, Result};
use crate::layout::Layout;
use crate::value::Value;

/// Split `l` following the tiler `guide`: returns (first parts, second parts).
fn zip2(l: &Layout, guide: &Value) -> Result<(Vec<Layout>, Vec<Layout>)> {
    match guide {
        Value::Tiler(items) => {
            let modes = l.modes();
            if l.shape.is_leaf() || items.len() > modes.len() {
                return Err(Error::algebra(
                    "zip2_by: the layout has fewer modes than the tiler",
                ));
            }
            let (mut a, mut b) = (Vec::new(), Vec::new());
            for (m, g) in modes.iter().zip(items) {
                let (x, y) = zip2(m, g)?;
                a.push(Layout::from_modes_unwrapped_keep(x));
                b.push(Layout::from_modes_unwrapped_keep(y));
            }
            b.extend(modes[items.len()..].iter().cloned());
            Ok((a, b))
        }
        // A `_` tile keeps the whole mode in the rest: (1:0, mode).
        Value::All => Ok((vec![Layout::trivial()], vec![l.clone()])),
        _ => {
            if l.shape.is_leaf() || l.rank() != 2 {
                return Err(Error::algebra(
                    "zip2_by: expected a rank-2 mode (tile, rest)",
                ));
            }
            let m = l.modes();
            Ok((vec![m[0].clone()], vec![m[1].clone()]))
        }
    }
}

/// ((tile modes), (rest modes)) of a logical divide/product result along the tiler.
pub fn tile_unzip(l: &Layout, tiler: &Value) -> Result<Layout> {
    match tiler {
        Value::Tiler(_) => {
            let (a, b) = zip2(l, tiler)?;
            Ok(Layout::from_modes(vec![
                Layout::from_modes(a),
                Layout::from_modes(b),
            ]))
        }
        _ => Ok(l.clone()),
    }
}

/// The modes of a mode: a tuple's children, or the leaf itself.
pub fn sub_modes(l: &Layout) -> Vec<Layout> {
    if l.shape.is_leaf() {
        vec![l.clone()]
    } else {
        l.modes()
    }
}

/// (m0, m1...) -> (m0, sub_modes(m1)...): CuTe's result(_, repeat<R1>(_)).
pub fn unpack_second(l: &Layout) -> Result<Layout> {
    let m = l.modes();
    if l.shape.is_leaf() || m.len() != 2 {
        return Err(Error::algebra("expected a rank-2 (tile, rest) layout"));
    }
    let mut out = vec![m[0].clone()];
    out.extend(sub_modes(&m[1]));
    Ok(Layout::from_modes(out))
}

/// (m0, m1) -> (sub_modes(m0)..., sub_modes(m1)...).
pub fn unpack_both(l: &Layout) -> Result<Layout> {
    let m = l.modes();
    if l.shape.is_leaf() || m.len() != 2 {
        return Err(Error::algebra("expected a rank-2 (tile, rest) layout"));
    }
    let mut out = sub_modes(&m[0]);
    out.extend(sub_modes(&m[1]));
    Ok(Layout::from_modes(out))
}
