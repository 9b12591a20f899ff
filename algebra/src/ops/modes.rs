//! Mode manipulation: select, take, group_modes, flatten, append, prepend, get (get and select
//! also on integer tuples, whose results are tuples, as CuTe's get/select on a shape).
//! These change the coordinate structure, never the function on linear indices except
//! where modes are dropped (select/take).

use crate::error::{Error, Result};
use crate::layout::Layout;
use crate::tuple::{IntTuple, Tree};

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

/// The sub-tuple of an integer tuple at a mode path (CuTe's get<i, j, ...> on a shape: an
/// integer is its own mode 0).
pub fn get_tuple(t: &IntTuple, path: &[i64]) -> Result<IntTuple> {
    let mut cur = t;
    for &i in path {
        cur = match cur {
            Tree::Leaf(_) => {
                check_index("get", i, 1)?;
                cur
            }
            Tree::Node(v) => &v[check_index("get", i, v.len())?],
        };
    }
    Ok(cur.clone())
}

/// The modes i, j, ... of an integer or stride tuple, in that order (CuTe's select<i, j, ...>).
pub fn select_tuple<T: Clone>(t: &Tree<T>, idx: &[i64]) -> Result<Tree<T>> {
    let modes = match t {
        Tree::Leaf(_) => vec![t.clone()],
        Tree::Node(v) => v.clone(),
    };
    idx.iter()
        .map(|&i| Ok(modes[check_index("select", i, modes.len())?].clone()))
        .collect::<Result<Vec<_>>>()
        .map(Tree::Node)
}
