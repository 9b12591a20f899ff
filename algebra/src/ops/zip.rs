//! Rearranging the rank-2 results of divides and products:
//! zip2_by gathers ((a0,b0),(a1,b1),rest...) into ((a0,a1),(b0,b1,rest...)) along a tiler;
//! unpack_modes spreads a mode's sub-modes into the parent.

use crate::error::{Error, Result};
use crate::layout::Layout;
use crate::value::Value;

/// Split `l` following the tiler `guide`: returns (first parts, second parts).
fn zip2(l: Layout, guide: &Value) -> Result<(Vec<Layout>, Vec<Layout>)> {
    match guide {
        Value::Tiler(items) => {
            if l.shape.is_leaf() || items.len() > l.rank() {
                return Err(Error::algebra(
                    "zip2_by: the layout has fewer modes than the tiler",
                ));
            }
            let (mut a, mut b) = (Vec::new(), Vec::new());
            let mut modes = l.into_modes().into_iter();
            for g in items {
                let m = modes.next().expect("checked: the layout has enough modes");
                let (x, y) = zip2(m, g)?;
                a.push(Layout::from_modes_unwrapped_keep(x));
                b.push(Layout::from_modes_unwrapped_keep(y));
            }
            b.extend(modes);
            Ok((a, b))
        }
        // A `_` tile keeps the whole mode in the rest: (1:0, mode).
        Value::All => Ok((vec![Layout::trivial()], vec![l])),
        _ => {
            if l.shape.is_leaf() || l.rank() != 2 {
                return Err(Error::algebra(
                    "zip2_by: expected a rank-2 mode (tile, rest)",
                ));
            }
            let mut m = l.into_modes();
            let rest = m.pop().expect("rank 2");
            Ok((m, vec![rest]))
        }
    }
}

/// ((tile modes), (rest modes)) of a logical divide/product result along the tiler.
pub fn tile_unzip(l: Layout, tiler: &Value) -> Result<Layout> {
    match tiler {
        Value::Tiler(_) => {
            let (a, b) = zip2(l, tiler)?;
            Ok(Layout::from_modes(vec![
                Layout::from_modes(a),
                Layout::from_modes(b),
            ]))
        }
        _ => Ok(l),
    }
}

/// The modes of a mode: a tuple's children, or the leaf itself.
pub fn sub_modes(l: Layout) -> Vec<Layout> {
    l.into_modes()
}

/// (m0, m1...) -> (m0, sub_modes(m1)...): CuTe's result(_, repeat<R1>(_)).
pub fn unpack_second(l: Layout) -> Result<Layout> {
    let [m0, m1] = rank2(l)?;
    let mut out = vec![m0];
    out.extend(sub_modes(m1));
    Ok(Layout::from_modes(out))
}

/// The two modes of a rank-2 (tile, rest) layout.
fn rank2(l: Layout) -> Result<[Layout; 2]> {
    if l.shape.is_leaf() {
        return Err(Error::algebra("expected a rank-2 (tile, rest) layout"));
    }
    <[Layout; 2]>::try_from(l.into_modes())
        .map_err(|_| Error::algebra("expected a rank-2 (tile, rest) layout"))
}

/// (m0, m1) -> (sub_modes(m0)..., sub_modes(m1)...).
pub fn unpack_both(l: Layout) -> Result<Layout> {
    let [m0, m1] = rank2(l)?;
    let mut out = sub_modes(m0);
    out.extend(sub_modes(m1));
    Ok(Layout::from_modes(out))
}
