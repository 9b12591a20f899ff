//! Rearranging the rank-2 results of divides and products:
//! zip2_by gathers ((a0,b0),(a1,b1),rest...) into ((a0,a1),(b0,b1,rest...)) along a tiler
//! (CuTe's zip2_by, tuple_algorithms.hpp): at a by-mode item (a tiler `[..]` or an integer
//! tuple) it recurses and gathers the parts into tuples, rank-1 ones included (`[[128],[128]]`
//! gives the modes `((128),(128))`); at any other item (a layout, an integer or `_`) the mode
//! must already be a rank-2 (tile, rest) pair and is split as it is. A `_` item leaves its mode
//! undivided, so that mode must have rank 2 itself: it splits into its mode 0 (tile) and mode 1
//! (rest), as in CuTe; any other rank is an error (CuTe's static_assert).
//! unpack_modes spreads a mode's sub-modes into the parent.

use crate::error::{Error, Result};
use crate::layout::Layout;
use crate::ops::tiler::by_mode_form;
use crate::text::print_layout;
use crate::value::Value;

/// Split `l` following the tiler `guide` (in by-mode form): returns (tile part, rest part).
/// `path` names the mode for diagnostics.
fn zip2(l: Layout, guide: &Value, path: &mut Vec<usize>) -> Result<(Layout, Layout)> {
    match guide {
        Value::Tiler(items) => {
            let rank = if l.shape.is_leaf() { 1 } else { l.rank() };
            if items.len() > rank {
                return Err(Error::algebra(format!(
                    "zip2_by: the tiler has {} modes but mode {} = {} has rank {rank}",
                    items.len(),
                    mode_name(path),
                    print_layout(&l)
                )));
            }
            let (mut a, mut b) = (Vec::new(), Vec::new());
            let mut modes = l.into_modes().into_iter();
            for (i, g) in items.iter().enumerate() {
                let m = modes.next().expect("checked: the layout has enough modes");
                path.push(i);
                let (x, y) = zip2(m, g, path)?;
                path.pop();
                a.push(x);
                b.push(y);
            }
            b.extend(modes);
            Ok((Layout::from_modes(a), Layout::from_modes(b)))
        }
        _ => {
            if l.shape.is_leaf() || l.rank() != 2 {
                let why = if matches!(guide, Value::All) {
                    "the tiler item '_' leaves it undivided, so it must be a rank-2 (tile, rest) mode itself"
                } else {
                    "expected a rank-2 (tile, rest) mode"
                };
                return Err(Error::algebra(format!(
                    "zip2_by: mode {} = {}: {why}, found rank {}",
                    mode_name(path),
                    print_layout(&l),
                    if l.shape.is_leaf() { 1 } else { l.rank() }
                )));
            }
            let mut m = l.into_modes();
            let rest = m.pop().expect("rank 2");
            let tile = m.pop().expect("rank 2");
            Ok((tile, rest))
        }
    }
}

fn mode_name(path: &[usize]) -> String {
    if path.is_empty() {
        "(the whole layout)".to_string()
    } else {
        crate::ops::tiler::mode_path(path)
    }
}

/// ((tile modes), (rest modes)) of a logical divide/product result along the tiler (CuTe's
/// tile_unzip); for a layout, integer or `_` tiler the result is already (tile, rest).
pub fn tile_unzip(l: Layout, tiler: &Value, op: &str) -> Result<Layout> {
    let (tile, rest) = zip2(l, by_mode_form(tiler).as_ref(), &mut Vec::new())
        .map_err(|e| Error::algebra(format!("{op}: {e}")))?;
    Ok(Layout::from_modes(vec![tile, rest]))
}

/// The modes a mode unpacks into: CuTe's result(repeat<R>(_)) splices the R sub-modes of a
/// mode of rank R >= 2, and for R = 1 (repeat<1>(_) is `_`) keeps the mode as it is, a rank-1
/// tuple included (`tiled_divide(2:1, (8))` = `((8),(1)):((1),(0))`).
pub fn sub_modes(l: Layout) -> Vec<Layout> {
    if l.shape.is_leaf() || l.rank() == 1 {
        vec![l]
    } else {
        l.into_modes()
    }
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
