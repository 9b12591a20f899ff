//! Owned `isl_set`: integer sets (domains, images, gaps, witnesses).

use std::ptr::NonNull;

use layout_algebra::{Error, Result};

use super::ctx::Ctx;
use super::ffi;

/// An owned `isl_set` of the context `'c`.
pub struct Set<'c> {
    pub(super) ctx: &'c Ctx,
    pub(super) raw: NonNull<ffi::isl_set>,
}

/// ISL functions that consume one or two sets and return a set.
type SetOp1 = unsafe extern "C" fn(*mut ffi::isl_set) -> *mut ffi::isl_set;
type SetOp2 = unsafe extern "C" fn(*mut ffi::isl_set, *mut ffi::isl_set) -> *mut ffi::isl_set;

impl<'c> Set<'c> {
    fn op1(self, f: SetOp1, what: &str) -> Result<Set<'c>> {
        let ctx = self.ctx;
        ctx.enter(what)?;
        // SAFETY: the set is owned and consumed by f (isl_take).
        Set::wrap(ctx, unsafe { f(self.into_raw()) }, what)
    }
    fn op2(self, other: Set<'c>, f: SetOp2, what: &str) -> Result<Set<'c>> {
        let ctx = self.ctx;
        ctx.enter(what)?;
        // SAFETY: both sets are owned and consumed by f (isl_take).
        Set::wrap(ctx, unsafe { f(self.into_raw(), other.into_raw()) }, what)
    }
    /// Parse ISL set notation, e.g. `{ [c] : 0 <= c < 16 }`.
    pub fn parse(ctx: &'c Ctx, text: &str) -> Result<Set<'c>> {
        let c = Ctx::c_text(text)?;
        ctx.enter("reading the set")?;
        // SAFETY: ctx is live, c is NUL-terminated and outlives the call.
        let raw = unsafe { ffi::isl_set_read_from_str(ctx.ptr(), c.as_ptr()) };
        Set::wrap(ctx, raw, "reading the set")
    }
    /// Own the result of an ISL call: an error when it is NULL, or when ISL recorded an error
    /// or the deadline passed during the call (the set is freed then).
    pub(super) fn wrap(ctx: &'c Ctx, raw: *mut ffi::isl_set, what: &str) -> Result<Set<'c>> {
        let s = Set {
            ctx,
            raw: ctx.check(raw, what)?,
        };
        ctx.settle(what)?;
        Ok(s)
    }
    /// Give up ownership (for an `__isl_take` argument).
    pub(super) fn into_raw(self) -> *mut ffi::isl_set {
        let p = self.raw.as_ptr();
        std::mem::forget(self);
        p
    }
    pub fn ctx(&self) -> &'c Ctx {
        self.ctx
    }
    /// Number of set dimensions.
    pub fn dim(&self) -> Result<usize> {
        let what = "counting set dimensions";
        self.ctx.enter(what)?;
        // SAFETY: self is live (isl_keep).
        let n = unsafe { ffi::isl_set_dim(self.raw.as_ptr(), ffi::ISL_DIM_SET) };
        let n = usize::try_from(n).map_err(|_| self.ctx.error(what))?;
        self.ctx.settle(what)?;
        Ok(n)
    }
    pub fn subtract(self, other: Set<'c>) -> Result<Set<'c>> {
        self.op2(other, ffi::isl_set_subtract, "set difference")
    }
    pub fn intersect(self, other: Set<'c>) -> Result<Set<'c>> {
        self.op2(other, ffi::isl_set_intersect, "set intersection")
    }
    pub fn union(self, other: Set<'c>) -> Result<Set<'c>> {
        self.op2(other, ffi::isl_set_union, "set union")
    }
    pub fn coalesce(self) -> Result<Set<'c>> {
        self.op1(ffi::isl_set_coalesce, "simplifying a set")
    }
    pub fn lexmin(self) -> Result<Set<'c>> {
        self.op1(ffi::isl_set_lexmin, "the lexicographic minimum")
    }
    pub fn lexmax(self) -> Result<Set<'c>> {
        self.op1(ffi::isl_set_lexmax, "the lexicographic maximum")
    }
    pub fn is_empty(&self) -> Result<bool> {
        self.ctx.enter("an emptiness test")?;
        // SAFETY: kept.
        let b = unsafe { ffi::isl_set_is_empty(self.raw.as_ptr()) };
        self.ctx.truth(b, "an emptiness test")
    }
    pub fn is_equal(&self, other: &Set<'c>) -> Result<bool> {
        self.ctx.enter("a set equality test")?;
        // SAFETY: both kept.
        let b = unsafe { ffi::isl_set_is_equal(self.raw.as_ptr(), other.raw.as_ptr()) };
        self.ctx.truth(b, "a set equality test")
    }
    pub fn is_subset(&self, other: &Set<'c>) -> Result<bool> {
        self.ctx.enter("a subset test")?;
        // SAFETY: both kept.
        let b = unsafe { ffi::isl_set_is_subset(self.raw.as_ptr(), other.raw.as_ptr()) };
        self.ctx.truth(b, "a subset test")
    }
    /// The lexicographically smallest point, or None for an empty set. Coordinates must fit
    /// an i64 (else an overflow error); an unbounded set is an error.
    pub fn lexmin_point(&self) -> Result<Option<Vec<i64>>> {
        self.clone().lexmin()?.point()
    }
    /// The lexicographically largest point (see [`Set::lexmin_point`]).
    pub fn lexmax_point(&self) -> Result<Option<Vec<i64>>> {
        self.clone().lexmax()?.point()
    }
    /// Some point of the set (ISL's sample: one integer feasibility problem, much cheaper than
    /// a lexicographic minimum), or None when empty.
    pub fn any_point(&self) -> Result<Option<Vec<i64>>> {
        self.clone().point()
    }
    fn point(self) -> Result<Option<Vec<i64>>> {
        let n = self.dim()?;
        let ctx = self.ctx;
        ctx.enter("sampling a point")?;
        // SAFETY: consumed; the point is freed below.
        let p = ctx.check(
            unsafe { ffi::isl_set_sample_point(self.into_raw()) },
            "sampling a point",
        )?;
        let out = (|| {
            ctx.settle("sampling a point")?;
            // SAFETY: p is live until freed below.
            if ctx.truth(unsafe { ffi::isl_point_is_void(p.as_ptr()) }, "a point")? {
                return Ok(None);
            }
            let mut xs = Vec::with_capacity(n);
            for i in 0..n {
                ctx.enter("reading a point")?;
                // SAFETY: p is live, i < dim.
                let v = ctx.check(
                    unsafe {
                        ffi::isl_point_get_coordinate_val(p.as_ptr(), ffi::ISL_DIM_SET, i as i32)
                    },
                    "reading a point",
                )?;
                // SAFETY: v is owned; printed, then freed.
                let text = ctx
                    .settle("reading a point")
                    .and_then(|_| ctx.enter("printing a value"))
                    .and_then(|_| {
                        ctx.take_string(unsafe { ffi::isl_val_to_str(v.as_ptr()) }, "a value")
                    });
                unsafe { ffi::isl_val_free(v.as_ptr()) };
                let text = text?;
                let x = text.parse::<i64>().map_err(|_| {
                    Error::overflow(format!("the point coordinate {text} does not fit an i64"))
                })?;
                xs.push(x);
            }
            Ok(Some(xs))
        })();
        // SAFETY: p is owned and freed once.
        unsafe { ffi::isl_point_free(p.as_ptr()) };
        out
    }
    /// ISL notation.
    pub fn to_text(&self) -> Result<String> {
        self.ctx.enter("printing a set")?;
        // SAFETY: kept; the string is taken and freed.
        self.ctx.take_string(
            unsafe { ffi::isl_set_to_str(self.raw.as_ptr()) },
            "printing a set",
        )
    }
}

impl Clone for Set<'_> {
    fn clone(&self) -> Self {
        // SAFETY: isl_set_copy increments a reference count; it fails only on a NULL input.
        let raw = unsafe { ffi::isl_set_copy(self.raw.as_ptr()) };
        Set {
            ctx: self.ctx,
            raw: NonNull::new(raw).expect("isl_set_copy of a live set"),
        }
    }
}

impl Drop for Set<'_> {
    fn drop(&mut self) {
        // SAFETY: owned, freed once.
        unsafe { ffi::isl_set_free(self.raw.as_ptr()) };
    }
}
