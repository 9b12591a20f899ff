//! A tile in global memory as the register-tensor lowerings address it (`layout.global_load`,
//! `layout.global_store` and the source of `layout.async_copy`):
//!
//! - the op's remapped operands come cut as the op's own operand groups (base, strides,
//!   bounds, ...);
//! - an access's coordinates are the thread's coordinates (i32) XOR the access's constant
//!   ones, widened to i64;
//! - the element at `c` lies row-major in its last dimension, at
//!   `base + (sum over d < n-1 of c_d * stride_d + c_{n-1})` elements;
//! - a partial tile (`bounds`, one i64 per dimension) holds the elements with `c_d < b_d` for
//!   every dimension d; a bound that is a constant no smaller than the tile's extent never fails
//!   and is not tested. The tile is whole when every tested bound is at least its extent.

use layout_dialect::ir::operand_group;
use layout_dialect::op_access::constant_int;
use melior::dialect::arith::CmpiPredicate;
use melior::ir::operation::OperationRef;
use melior::ir::r#type::Type;

use crate::build::{Builder, Val};
use crate::build_arith::{arith, const_i32, const_of, Arith};

/// The remapped operands `operands` of `op`, cut as the op's own first `count` operand groups
/// are.
pub(crate) fn remapped_groups<'o, 'c>(
    op: OperationRef<'c, 'c>,
    operands: &'o [Val<'c>],
    count: usize,
) -> Result<Vec<&'o [Val<'c>]>, String> {
    let mut groups = Vec::with_capacity(count);
    let mut at = 0;
    for g in 0..count {
        let n = operand_group(op, g)?.len();
        groups.push(
            operands
                .get(at..at + n)
                .ok_or("internal: too few operands")?,
        );
        at += n;
    }
    Ok(groups)
}

/// The coordinates (i64) of one access: the thread's XOR the access's `coord`.
pub(crate) fn access_coordinates<'c>(
    b: &Builder<'c>,
    thread: &[Val<'c>],
    coord: &[i64],
) -> Vec<Val<'c>> {
    thread
        .iter()
        .enumerate()
        .map(|(d, &t)| {
            let x = coord.get(d).copied().unwrap_or(0);
            let c = if x != 0 {
                let cx = const_i32(b, x);
                arith(b, Arith::XOrI, t, cx)
            } else {
                t
            };
            b.insert_one(melior::dialect::arith::extsi(c, b.i64(), b.location()))
        })
        .collect()
}

/// The address of the element at `c`: `base + (sum over d < n-1 of c_d * stride_d + c_{n-1})`
/// elements of `elem`.
pub(crate) fn element_address<'c>(
    b: &Builder<'c>,
    base: Val<'c>,
    elem: Type<'c>,
    strides: &[Val<'c>],
    c: &[Val<'c>],
) -> Val<'c> {
    let mut offset: Option<Val<'c>> = None;
    for (d, &cd) in c.iter().enumerate() {
        let term = match strides.get(d) {
            Some(&s) if d + 1 < c.len() => arith(b, Arith::MulI, cd, s),
            _ => cd,
        };
        offset = Some(match offset {
            Some(o) => arith(b, Arith::AddI, o, term),
            None => term,
        });
    }
    match offset {
        Some(o) => b.element_address(base, elem, o),
        None => base,
    }
}

/// The bounds of a partial tile (the module note): each bound and whether it is tested.
pub(crate) struct TileBounds<'c> {
    bounds: Vec<Val<'c>>,
    tested: Vec<bool>,
}

impl<'c> TileBounds<'c> {
    /// The bounds `bounds` (none, or one per dimension) of a tile of extents `shape`.
    pub(crate) fn new(bounds: &[Val<'c>], shape: &[i64]) -> TileBounds<'c> {
        let tested = bounds
            .iter()
            .zip(shape)
            .map(|(&v, &extent)| constant_int(v).is_none_or(|c| c < extent))
            .collect();
        TileBounds {
            bounds: bounds.to_vec(),
            tested,
        }
    }

    /// Whether any bound is tested (else every element is inside).
    pub(crate) fn any(&self) -> bool {
        self.tested.contains(&true)
    }

    /// The last bound when it is tested.
    pub(crate) fn last_tested(&self) -> Option<Val<'c>> {
        match (self.tested.last(), self.bounds.last()) {
            (Some(true), Some(&bound)) => Some(bound),
            _ => None,
        }
    }

    /// Whether every coordinate of `c` but the last is inside its tested bound (`None`: none
    /// is tested).
    pub(crate) fn row_inside(&self, b: &Builder<'c>, c: &[Val<'c>]) -> Option<Val<'c>> {
        let mut inside: Option<Val<'c>> = None;
        let rows = self.bounds.len().saturating_sub(1);
        for ((&bound, &tested), &cd) in self.bounds.iter().zip(&self.tested).zip(c).take(rows) {
            if !tested {
                continue;
            }
            let t = cmp(b, CmpiPredicate::Slt, cd, bound);
            inside = Some(match inside {
                Some(i) => arith(b, Arith::AndI, i, t),
                None => t,
            });
        }
        inside
    }

    /// Per element k of an access of `vector` elements starting at `c`: whether it is inside
    /// (a `vector<vector x i1>`, true where nothing is tested).
    pub(crate) fn mask(&self, b: &Builder<'c>, c: &[Val<'c>], vector: usize) -> Val<'c> {
        let row = self.row_inside(b, c);
        let i1 = b.i1();
        let mut m = b.undef(b.vector(vector, i1));
        for k in 0..vector {
            let mut inside = row;
            if let (Some(bound), Some(&last)) = (self.last_tested(), c.last()) {
                let at = if k != 0 {
                    let ck = const_of(b, k as i64, b.i64());
                    arith(b, Arith::AddI, last, ck)
                } else {
                    last
                };
                let t = cmp(b, CmpiPredicate::Slt, at, bound);
                inside = Some(match inside {
                    Some(i) => arith(b, Arith::AndI, i, t),
                    None => t,
                });
            }
            let inside = inside.unwrap_or_else(|| const_of(b, 1, i1));
            let at = const_i32(b, k as i64);
            m = b.insert_element(m, inside, at);
        }
        m
    }

    /// Whether the whole tile of extents `shape` is inside: every tested bound at least its
    /// extent (`None`: none is tested).
    pub(crate) fn whole_tile(&self, b: &Builder<'c>, shape: &[i64]) -> Option<Val<'c>> {
        let mut whole: Option<Val<'c>> = None;
        for ((&bound, &tested), &extent) in self.bounds.iter().zip(&self.tested).zip(shape) {
            if !tested {
                continue;
            }
            let ce = const_of(b, extent, b.i64());
            let t = cmp(b, CmpiPredicate::Sge, bound, ce);
            whole = Some(match whole {
                Some(w) => arith(b, Arith::AndI, w, t),
                None => t,
            });
        }
        whole
    }
}

/// `arith.cmpi predicate, x, y`.
fn cmp<'c>(b: &Builder<'c>, predicate: CmpiPredicate, x: Val<'c>, y: Val<'c>) -> Val<'c> {
    b.insert_one(melior::dialect::arith::cmpi(
        b.context(),
        predicate,
        x,
        y,
        b.location(),
    ))
}
