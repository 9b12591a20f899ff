//! The raw C interface of the system ISL (`libisl-dev`, `-lisl`), declared by hand: only the
//! functions this crate calls. Ownership follows ISL's annotations: `__isl_take` arguments are
//! consumed, `__isl_keep` arguments are borrowed, `__isl_give` results are owned by the caller.
//! Nothing outside `isl/` calls these; the safe wrappers in `ctx.rs`, `map.rs` and `set.rs` do.

#![allow(non_camel_case_types)]

use std::os::raw::{c_char, c_int, c_ulong, c_void};

#[repr(C)]
pub struct isl_ctx {
    _p: [u8; 0],
}
#[repr(C)]
pub struct isl_map {
    _p: [u8; 0],
}
#[repr(C)]
pub struct isl_set {
    _p: [u8; 0],
}
#[repr(C)]
pub struct isl_point {
    _p: [u8; 0],
}
#[repr(C)]
pub struct isl_val {
    _p: [u8; 0],
}

/// `isl_bool`: -1 error, 0 false, 1 true.
pub type isl_bool = c_int;
/// `isl_size`: -1 on error.
pub type isl_size = c_int;

/// `enum isl_dim_type` values used here.
pub const ISL_DIM_PARAM: c_int = 1;
pub const ISL_DIM_IN: c_int = 2;
pub const ISL_DIM_OUT: c_int = 3;
pub const ISL_DIM_SET: c_int = 3;

/// `ISL_ON_ERROR_CONTINUE` (options.h): errors return NULL / -1 and set the last error.
pub const ISL_ON_ERROR_CONTINUE: c_int = 1;

/// `enum isl_error` values used here.
pub const ISL_ERROR_NONE: c_int = 0;
pub const ISL_ERROR_ABORT: c_int = 1;
pub const ISL_ERROR_QUOTA: c_int = 6;

#[link(name = "isl")]
extern "C" {
    pub fn isl_ctx_alloc() -> *mut isl_ctx;
    pub fn isl_ctx_free(ctx: *mut isl_ctx);
    pub fn isl_options_set_on_error(ctx: *mut isl_ctx, val: c_int) -> c_int;
    pub fn isl_ctx_set_max_operations(ctx: *mut isl_ctx, max: c_ulong);
    pub fn isl_ctx_reset_operations(ctx: *mut isl_ctx);
    pub fn isl_ctx_abort(ctx: *mut isl_ctx);
    pub fn isl_ctx_last_error(ctx: *mut isl_ctx) -> c_int;
    pub fn isl_ctx_last_error_msg(ctx: *mut isl_ctx) -> *const c_char;
    pub fn isl_ctx_reset_error(ctx: *mut isl_ctx);

    pub fn isl_map_read_from_str(ctx: *mut isl_ctx, s: *const c_char) -> *mut isl_map;
    pub fn isl_map_copy(m: *mut isl_map) -> *mut isl_map;
    pub fn isl_map_free(m: *mut isl_map) -> *mut isl_map;
    pub fn isl_map_to_str(m: *mut isl_map) -> *mut c_char;
    pub fn isl_map_dim(m: *mut isl_map, ty: c_int) -> isl_size;
    pub fn isl_map_apply_range(a: *mut isl_map, b: *mut isl_map) -> *mut isl_map;
    pub fn isl_map_reverse(m: *mut isl_map) -> *mut isl_map;
    pub fn isl_map_domain(m: *mut isl_map) -> *mut isl_set;
    pub fn isl_map_range(m: *mut isl_map) -> *mut isl_set;
    pub fn isl_map_intersect(a: *mut isl_map, b: *mut isl_map) -> *mut isl_map;
    pub fn isl_map_intersect_domain(m: *mut isl_map, s: *mut isl_set) -> *mut isl_map;
    pub fn isl_map_subtract(a: *mut isl_map, b: *mut isl_map) -> *mut isl_map;
    pub fn isl_map_union(a: *mut isl_map, b: *mut isl_map) -> *mut isl_map;
    pub fn isl_map_coalesce(m: *mut isl_map) -> *mut isl_map;
    pub fn isl_map_range_product(a: *mut isl_map, b: *mut isl_map) -> *mut isl_map;
    pub fn isl_map_intersect_range(m: *mut isl_map, s: *mut isl_set) -> *mut isl_map;
    pub fn isl_map_wrap(m: *mut isl_map) -> *mut isl_set;
    pub fn isl_map_is_equal(a: *mut isl_map, b: *mut isl_map) -> isl_bool;
    pub fn isl_map_is_empty(m: *mut isl_map) -> isl_bool;
    pub fn isl_map_is_injective(m: *mut isl_map) -> isl_bool;
    pub fn isl_map_is_single_valued(m: *mut isl_map) -> isl_bool;

    pub fn isl_set_read_from_str(ctx: *mut isl_ctx, s: *const c_char) -> *mut isl_set;
    pub fn isl_set_copy(s: *mut isl_set) -> *mut isl_set;
    pub fn isl_set_free(s: *mut isl_set) -> *mut isl_set;
    pub fn isl_set_to_str(s: *mut isl_set) -> *mut c_char;
    pub fn isl_set_dim(s: *mut isl_set, ty: c_int) -> isl_size;
    pub fn isl_set_subtract(a: *mut isl_set, b: *mut isl_set) -> *mut isl_set;
    pub fn isl_set_intersect(a: *mut isl_set, b: *mut isl_set) -> *mut isl_set;
    pub fn isl_set_union(a: *mut isl_set, b: *mut isl_set) -> *mut isl_set;
    pub fn isl_set_coalesce(s: *mut isl_set) -> *mut isl_set;
    pub fn isl_set_lexmin(s: *mut isl_set) -> *mut isl_set;
    pub fn isl_set_lexmax(s: *mut isl_set) -> *mut isl_set;
    pub fn isl_set_is_empty(s: *mut isl_set) -> isl_bool;
    pub fn isl_set_is_equal(a: *mut isl_set, b: *mut isl_set) -> isl_bool;
    pub fn isl_set_is_subset(a: *mut isl_set, b: *mut isl_set) -> isl_bool;
    pub fn isl_set_sample_point(s: *mut isl_set) -> *mut isl_point;
    pub fn isl_set_apply(s: *mut isl_set, m: *mut isl_map) -> *mut isl_set;
    pub fn isl_set_unwrap(s: *mut isl_set) -> *mut isl_map;

    pub fn isl_point_free(p: *mut isl_point) -> *mut isl_point;
    pub fn isl_point_is_void(p: *mut isl_point) -> isl_bool;
    pub fn isl_point_get_coordinate_val(p: *mut isl_point, ty: c_int, pos: c_int) -> *mut isl_val;

    pub fn isl_val_free(v: *mut isl_val) -> *mut isl_val;
    pub fn isl_val_to_str(v: *mut isl_val) -> *mut c_char;
}

extern "C" {
    /// The C library's `free`, for the strings ISL's printers return (`__isl_give char *`).
    pub fn free(p: *mut c_void);
}
