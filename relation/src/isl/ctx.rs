//! The ISL context: `isl_ctx` with `ISL_ON_ERROR_CONTINUE` (a failing call returns NULL or -1
//! and records the error, which [`Ctx::error`] turns into an [`Error`]) and a bound on the
//! number of operations ISL may perform, so that no request runs unbounded.

use std::ffi::{CStr, CString};
use std::os::raw::c_ulong;
use std::ptr::NonNull;

use layout_algebra::{Error, Result};

use super::ffi;

/// Operations ISL may perform in one context before it gives up (`isl_ctx_set_max_operations`;
/// an ISL "operation" is a unit of its internal work, mostly simplex pivots).
pub const DEFAULT_MAX_OPERATIONS: u64 = 20_000_000;

/// An owned `isl_ctx`. Not `Send`: ISL contexts are single-threaded.
pub struct Ctx {
    raw: NonNull<ffi::isl_ctx>,
    max_operations: u64,
}

impl Ctx {
    /// A context that reports errors instead of aborting and stops after `max_operations`.
    pub fn new(max_operations: u64) -> Result<Ctx> {
        // SAFETY: isl_ctx_alloc has no preconditions; NULL means out of memory.
        let raw = NonNull::new(unsafe { ffi::isl_ctx_alloc() })
            .ok_or_else(|| Error::algebra("ISL: could not allocate a context"))?;
        // SAFETY: raw is a live context owned by us.
        unsafe {
            ffi::isl_options_set_on_error(raw.as_ptr(), ffi::ISL_ON_ERROR_CONTINUE);
            ffi::isl_ctx_set_max_operations(
                raw.as_ptr(),
                max_operations.min(c_ulong::MAX as u64) as c_ulong,
            );
        }
        Ok(Ctx {
            raw,
            max_operations,
        })
    }

    pub(super) fn ptr(&self) -> *mut ffi::isl_ctx {
        self.raw.as_ptr()
    }

    /// The error ISL recorded for the failed call `what` (and clear it).
    pub(super) fn error(&self, what: &str) -> Error {
        // SAFETY: the context is live; the message is a static or context-owned C string that
        // we copy before resetting the error.
        unsafe {
            let code = ffi::isl_ctx_last_error(self.ptr());
            let msg = ffi::isl_ctx_last_error_msg(self.ptr());
            let msg = if msg.is_null() {
                String::from("unknown error")
            } else {
                CStr::from_ptr(msg).to_string_lossy().into_owned()
            };
            ffi::isl_ctx_reset_error(self.ptr());
            if code == ffi::ISL_ERROR_QUOTA {
                // Give the next request of this context its full budget again.
                ffi::isl_ctx_reset_operations(self.ptr());
                Error::algebra(format!(
                    "ISL gave up on {what} after {} operations (the bound on the work of one request)",
                    self.max_operations
                ))
            } else if code == ffi::ISL_ERROR_NONE {
                Error::algebra(format!("ISL failed in {what}"))
            } else {
                Error::algebra(format!("ISL failed in {what}: {msg}"))
            }
        }
    }

    /// A non-NULL result, or the recorded error.
    pub(super) fn check<T>(&self, p: *mut T, what: &str) -> Result<NonNull<T>> {
        NonNull::new(p).ok_or_else(|| self.error(what))
    }

    /// An `isl_bool` result, or the recorded error.
    pub(super) fn truth(&self, b: ffi::isl_bool, what: &str) -> Result<bool> {
        match b {
            0 => Ok(false),
            1 => Ok(true),
            _ => Err(self.error(what)),
        }
    }

    /// A C string for ISL's parsers (text with a NUL byte is an error, not a truncation).
    pub(super) fn c_text(text: &str) -> Result<CString> {
        CString::new(text)
            .map_err(|e| Error::parse(e.nul_position(), "ISL text contains a NUL byte"))
    }

    /// Take ownership of a string ISL printed (and free it).
    pub(super) fn take_string(&self, p: *mut std::os::raw::c_char, what: &str) -> Result<String> {
        let p = self.check(p, what)?;
        // SAFETY: p is a NUL-terminated string allocated by ISL with malloc; we copy it and
        // free it exactly once.
        unsafe {
            let s = CStr::from_ptr(p.as_ptr()).to_string_lossy().into_owned();
            ffi::free(p.as_ptr().cast());
            Ok(s)
        }
    }
}

impl Drop for Ctx {
    fn drop(&mut self) {
        // SAFETY: every object of this context borrows it, so all are gone by now.
        unsafe { ffi::isl_ctx_free(self.raw.as_ptr()) }
    }
}
