//! Owned `isl_map`: integer relations (layout mappings, compositions, inverses).

use std::ptr::NonNull;

use layout_algebra::Result;

use super::ctx::Ctx;
use super::ffi;
use super::set::Set;

/// An owned `isl_map` of the context `'c`.
pub struct Map<'c> {
    ctx: &'c Ctx,
    raw: NonNull<ffi::isl_map>,
}

/// ISL functions that consume one or two maps and return a map.
type MapOp1 = unsafe extern "C" fn(*mut ffi::isl_map) -> *mut ffi::isl_map;
type MapOp2 = unsafe extern "C" fn(*mut ffi::isl_map, *mut ffi::isl_map) -> *mut ffi::isl_map;

impl<'c> Map<'c> {
    /// Parse ISL map notation, e.g. `{ [c] -> [o] : o = 2c and 0 <= c < 8 }`.
    pub fn parse(ctx: &'c Ctx, text: &str) -> Result<Map<'c>> {
        let c = Ctx::c_text(text)?;
        let what = "reading the relation";
        ctx.enter(what)?;
        // SAFETY: ctx is live, c is NUL-terminated and outlives the call.
        let raw = unsafe { ffi::isl_map_read_from_str(ctx.ptr(), c.as_ptr()) };
        Map::wrap(
            ctx,
            raw,
            "reading the relation (ISL map notation with quasi-affine constraints, e.g. { [c] -> [o] : o = 2c + (c mod 4) and 0 <= c < 8 }; no product of variables)",
        )
    }
    /// Own the result of an ISL call: an error when it is NULL, or when ISL recorded an error
    /// or the deadline passed during the call (the map is freed then).
    pub(super) fn wrap(ctx: &'c Ctx, raw: *mut ffi::isl_map, what: &str) -> Result<Map<'c>> {
        let m = Map {
            ctx,
            raw: ctx.check(raw, what)?,
        };
        ctx.settle(what)?;
        Ok(m)
    }
    pub(super) fn into_raw(self) -> *mut ffi::isl_map {
        let p = self.raw.as_ptr();
        std::mem::forget(self);
        p
    }
    fn op1(self, f: MapOp1, what: &str) -> Result<Map<'c>> {
        let ctx = self.ctx;
        ctx.enter(what)?;
        // SAFETY: the map is owned and consumed by f (isl_take).
        Map::wrap(ctx, unsafe { f(self.into_raw()) }, what)
    }
    fn op2(self, other: Map<'c>, f: MapOp2, what: &str) -> Result<Map<'c>> {
        let ctx = self.ctx;
        ctx.enter(what)?;
        // SAFETY: both maps are owned and consumed by f (isl_take).
        Map::wrap(ctx, unsafe { f(self.into_raw(), other.into_raw()) }, what)
    }
    pub fn ctx(&self) -> &'c Ctx {
        self.ctx
    }
    /// Number of input dimensions.
    pub fn in_dim(&self) -> Result<usize> {
        self.dim(ffi::ISL_DIM_IN)
    }
    /// Number of parameters.
    pub fn param_dim(&self) -> Result<usize> {
        self.dim(ffi::ISL_DIM_PARAM)
    }
    /// Number of output dimensions.
    pub fn out_dim(&self) -> Result<usize> {
        self.dim(ffi::ISL_DIM_OUT)
    }
    fn dim(&self, ty: i32) -> Result<usize> {
        let what = "counting map dimensions";
        self.ctx.enter(what)?;
        // SAFETY: kept.
        let n = unsafe { ffi::isl_map_dim(self.raw.as_ptr(), ty) };
        let n = usize::try_from(n).map_err(|_| self.ctx.error(what))?;
        self.ctx.settle(what)?;
        Ok(n)
    }
    /// `{ a -> c : exists b : a -> b in self, b -> c in next }` (self first, then next).
    pub fn apply_range(self, next: Map<'c>) -> Result<Map<'c>> {
        self.op2(next, ffi::isl_map_apply_range, "composing relations")
    }
    pub fn intersect(self, other: Map<'c>) -> Result<Map<'c>> {
        self.op2(other, ffi::isl_map_intersect, "intersecting relations")
    }
    pub fn subtract(self, other: Map<'c>) -> Result<Map<'c>> {
        self.op2(other, ffi::isl_map_subtract, "subtracting relations")
    }
    pub fn union(self, other: Map<'c>) -> Result<Map<'c>> {
        self.op2(other, ffi::isl_map_union, "the union of relations")
    }
    pub fn reverse(self) -> Result<Map<'c>> {
        self.op1(ffi::isl_map_reverse, "reversing a relation")
    }
    pub fn coalesce(self) -> Result<Map<'c>> {
        self.op1(ffi::isl_map_coalesce, "simplifying a relation")
    }
    /// `{ a -> [b -> c] : a -> b in self, a -> c in other }`.
    pub fn range_product(self, other: Map<'c>) -> Result<Map<'c>> {
        self.op2(
            other,
            ffi::isl_map_range_product,
            "the range product of relations",
        )
    }
    pub fn intersect_range(self, ran: Set<'c>) -> Result<Map<'c>> {
        let ctx = self.ctx;
        ctx.enter("restricting a range")?;
        // SAFETY: both consumed.
        Map::wrap(
            ctx,
            unsafe { ffi::isl_map_intersect_range(self.into_raw(), ran.into_raw()) },
            "restricting a range",
        )
    }
    pub fn intersect_domain(self, dom: Set<'c>) -> Result<Map<'c>> {
        let ctx = self.ctx;
        ctx.enter("restricting a domain")?;
        // SAFETY: both consumed.
        Map::wrap(
            ctx,
            unsafe { ffi::isl_map_intersect_domain(self.into_raw(), dom.into_raw()) },
            "restricting a domain",
        )
    }
    pub fn domain(&self) -> Result<Set<'c>> {
        self.ctx.enter("the domain of a relation")?;
        // SAFETY: a copy is consumed.
        Set::wrap(
            self.ctx,
            unsafe { ffi::isl_map_domain(self.clone().into_raw()) },
            "the domain of a relation",
        )
    }
    pub fn range(&self) -> Result<Set<'c>> {
        self.ctx.enter("the range of a relation")?;
        // SAFETY: a copy is consumed.
        Set::wrap(
            self.ctx,
            unsafe { ffi::isl_map_range(self.clone().into_raw()) },
            "the range of a relation",
        )
    }
    /// The set `{ [[a] -> [b]] : a -> b in self }`.
    pub fn wrapped(&self) -> Result<Set<'c>> {
        self.ctx.enter("wrapping a relation")?;
        // SAFETY: a copy is consumed.
        Set::wrap(
            self.ctx,
            unsafe { ffi::isl_map_wrap(self.clone().into_raw()) },
            "wrapping a relation",
        )
    }
    pub fn is_equal(&self, other: &Map<'c>) -> Result<bool> {
        self.ctx.enter("a relation equality test")?;
        // SAFETY: both kept.
        let b = unsafe { ffi::isl_map_is_equal(self.raw.as_ptr(), other.raw.as_ptr()) };
        self.ctx.truth(b, "a relation equality test")
    }
    pub fn is_empty(&self) -> Result<bool> {
        self.ctx.enter("an emptiness test")?;
        // SAFETY: kept.
        let b = unsafe { ffi::isl_map_is_empty(self.raw.as_ptr()) };
        self.ctx.truth(b, "an emptiness test")
    }
    pub fn is_injective(&self) -> Result<bool> {
        self.ctx.enter("an injectivity test")?;
        // SAFETY: kept.
        let b = unsafe { ffi::isl_map_is_injective(self.raw.as_ptr()) };
        self.ctx.truth(b, "an injectivity test")
    }
    pub fn is_single_valued(&self) -> Result<bool> {
        self.ctx.enter("a single-valuedness test")?;
        // SAFETY: kept.
        let b = unsafe { ffi::isl_map_is_single_valued(self.raw.as_ptr()) };
        self.ctx.truth(b, "a single-valuedness test")
    }
    /// ISL notation.
    pub fn to_text(&self) -> Result<String> {
        self.ctx.enter("printing a relation")?;
        // SAFETY: kept; the string is taken and freed.
        self.ctx.take_string(
            unsafe { ffi::isl_map_to_str(self.raw.as_ptr()) },
            "printing a relation",
        )
    }
}

impl Clone for Map<'_> {
    fn clone(&self) -> Self {
        // SAFETY: isl_map_copy increments a reference count; it fails only on a NULL input.
        let raw = unsafe { ffi::isl_map_copy(self.raw.as_ptr()) };
        Map {
            ctx: self.ctx,
            raw: NonNull::new(raw).expect("isl_map_copy of a live map"),
        }
    }
}

impl Drop for Map<'_> {
    fn drop(&mut self) {
        // SAFETY: owned, freed once.
        unsafe { ffi::isl_map_free(self.raw.as_ptr()) };
    }
}

/// The operations of a set that take or give a map: here, so that set.rs needs no map.
impl<'c> Set<'c> {
    /// The image of the set under `map`.
    pub fn apply(self, map: Map<'c>) -> Result<Set<'c>> {
        let ctx = self.ctx;
        ctx.enter("the image of a set")?;
        // SAFETY: both consumed.
        Set::wrap(
            ctx,
            unsafe { ffi::isl_set_apply(self.into_raw(), map.into_raw()) },
            "the image of a set",
        )
    }
    /// The map of a wrapped set `{ [[a] -> [b]] }`.
    pub fn unwrap_map(self) -> Result<Map<'c>> {
        let ctx = self.ctx;
        ctx.enter("unwrapping a set")?;
        // SAFETY: consumed.
        Map::wrap(
            ctx,
            unsafe { ffi::isl_set_unwrap(self.into_raw()) },
            "unwrapping a set",
        )
    }
}
