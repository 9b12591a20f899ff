//! Mode manipulation: select, take, group_modes, flatten, append, prepend, get.
//! These change the coordinate structure, never the function on linear indices except
//! where modes are dropped (select/take).

use crate::error::{Error, Result};
use crate::layout::Layout;

fn modes_of(l: &Layout) -> Vec<Layout> {
    if l.shape.is_leaf() {
        vec![l.clone()]
    } else {
        l.modes()
    }
}

fn check_index(op: &str, i: i64, r: usize) -> Result<usize> {
    if i < 0 || i as usize >= r {
        return Err(Error::algebra(format!(
            "{op}: mode {i} is out of range for rank {r}"
        )));
    }
    Ok(i as usize)
}

/// The modes at the given indices, in that order.
pub fn select(l: &Layout, idx: &[i64]) -> Result<Layout> {
    let m = modes_of(l);
    let out = idx
        .iter()
        .map(|&i| Ok(m[check_index("select", i, m.len())?].clone()))
        .collect::<Result<Vec<_>>>()?;
    Ok(Layout::from_modes(out))
}

/// Modes [b, e).
pub fn take(l: &Layout, b: i64, e: i64) -> Result<Layout> {
    let m = modes_of(l);
    if !(0 <= b && b < e && e as usize <= m.len()) {
        return Err(Error::algebra(format!(
            "take: range [{b},{e}) is empty or outside rank {}",
            m.len()
        )));
    }
    Ok(Layout::from_modes(m[b as usize..e as usize].to_vec()))
}

/// Group modes [b, e) into one mode; an empty range (b == e) groups nothing and returns the
/// modes unchanged (CuTe's group<B,E>: `(4,8):(8,1)` stays, an integral `8:1` becomes `(8):(1)`).
pub fn group_modes(l: &Layout, b: i64, e: i64) -> Result<Layout> {
    let m = modes_of(l);
    if !(0 <= b && b <= e && e as usize <= m.len()) {
        return Err(Error::algebra(format!(
            "group_modes: range [{b},{e}) is outside rank {}",
            m.len()
        )));
    }
    let (b, e) = (b as usize, e as usize);
    let mut out = m[..b].to_vec();
    if b < e {
        out.push(Layout::from_modes(m[b..e].to_vec()));
    }
    out.extend_from_slice(&m[e..]);
    Ok(Layout::from_modes(out))
}

pub fn append(l: &Layout, x: &Layout) -> Layout {
    let mut m = modes_of(l);
    m.push(x.clone());
    Layout::from_modes(m)
}

pub fn prepend(l: &Layout, x: &Layout) -> Layout {
    let mut m = vec![x.clone()];
    m.extend(modes_of(l));
    Layout::from_modes(m)
}

/// The sub-layout at a mode path.
pub fn get(l: &Layout, path: &[i64]) -> Result<Layout> {
    let mut cur = l.clone();
    for &i in path {
        let r = if cur.shape.is_leaf() { 1 } else { cur.rank() };
        let i = check_index("get", i, r)?;
        cur = if cur.shape.is_leaf() {
            cur
        } else {
            cur.mode(i)?
        };
    }
    Ok(cur)
}
