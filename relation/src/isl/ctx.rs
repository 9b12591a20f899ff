//! The ISL context: `isl_ctx` with `ISL_ON_ERROR_CONTINUE` (a failing call returns NULL or -1
//! and records the error, which [`Ctx::error`] turns into an [`Error`]) and a [`Budget`]: a
//! bound on the number of operations ISL may perform and on the wall time, so that no request
//! runs unbounded.
//!
//! Why both, and how they are enforced. ISL 0.25 counts an "operation" in
//! `isl_ctx_next_operation`, which it calls on every simplex pivot (`isl_tab_pivot`) and every
//! allocation through its own allocator; past `isl_ctx_set_max_operations` that call fails
//! with `isl_error_quota`, and so does every later one (the count is not reset), so the error
//! propagates out. But an operation has no bounded cost: the tableau's coefficients are GMP
//! integers that grow with every pivot of a problem with many divisions (the layouts' floors
//! and mods, a swizzle's bits), and each pivot then costs ever more (the stacks of the slow
//! requests sit in GMP multiplications and gcds under `isl_tab_pivot`). The 20 million
//! operations of the old bound were not reached in minutes (`gaps(Sw<4,5,-4>)` ran past 300 s,
//! pivoting inside `isl_map_lexopt`). So:
//!
//! - a deadline: a watchdog thread (one for the process) calls `isl_ctx_abort` on a context
//!   whose deadline has passed. ISL polls that flag in the same `isl_ctx_next_operation`, at
//!   every pivot and allocation, so the running call fails within one pivot
//!   (`isl_error_abort`), as does every later one;
//! - after EVERY ISL call of the wrappers ([`Ctx::settle`]): the recorded error (a quota or
//!   abort error that ISL swallowed while still returning a value counts), and the deadline;
//!   before every call ([`Ctx::enter`]): a context whose budget is exhausted starts no more work.
//!
//! An exhausted budget is an error that says which bound was reached and, when the context
//! is labelled ([`Ctx::set_label`]), for which request.

use std::cell::{Cell, RefCell};
use std::ffi::{CStr, CString};
use std::os::raw::c_ulong;
use std::ptr::NonNull;
use std::sync::{Condvar, Mutex, OnceLock};
use std::time::{Duration, Instant};

use layout_algebra::{Error, Result};

use super::ffi;

/// Operations ISL may perform in one context before it gives up (`isl_ctx_set_max_operations`;
/// an ISL "operation" is a simplex pivot or an allocation).
pub const DEFAULT_MAX_OPERATIONS: u64 = 20_000_000;

/// Wall time of one request of the relation operations (`layout eval`, `layout batch`,
/// [`crate::ops`]): [`Budget::DEFAULT`]. The slowest request of the test suite takes about 7 s
/// on two busy cores.
pub const DEFAULT_TIME_LIMIT: Duration = Duration::from_secs(20);

/// The work one context may do: ISL operations and wall time (None: unbounded).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Budget {
    pub operations: u64,
    pub time: Option<Duration>,
}

impl Budget {
    /// [`DEFAULT_MAX_OPERATIONS`] and [`DEFAULT_TIME_LIMIT`]: one request.
    pub const DEFAULT: Budget = Budget {
        operations: DEFAULT_MAX_OPERATIONS,
        time: Some(DEFAULT_TIME_LIMIT),
    };
    /// `20000000 ISL operations and 20 s`.
    pub fn describe(&self) -> String {
        match self.time {
            Some(t) => format!(
                "{} ISL operations and {}",
                self.operations,
                show_duration(t)
            ),
            None => format!("{} ISL operations", self.operations),
        }
    }
}

fn show_duration(t: Duration) -> String {
    if t.subsec_nanos() == 0 {
        format!("{} s", t.as_secs())
    } else if t < Duration::from_secs(1) {
        format!("{} ms", t.as_millis())
    } else {
        format!("{:.3} s", t.as_secs_f64())
    }
}

/// Which bound of the budget was reached.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Exhausted {
    Operations,
    Time,
}

/// An owned `isl_ctx`. Not `Send`: ISL contexts are single-threaded (the watchdog only sets
/// its abort flag).
pub struct Ctx {
    raw: NonNull<ffi::isl_ctx>,
    budget: Budget,
    deadline: Option<Instant>,
    /// The id of this context's entry in the watchdog (when it has a deadline).
    watch: Option<u64>,
    exhausted: Cell<Option<Exhausted>>,
    label: RefCell<Option<String>>,
}

impl Ctx {
    /// A context that reports errors instead of aborting and stops after `max_operations`
    /// (counted over the context's life until a question runs out: that question fails and
    /// the count starts again), with no time bound: for a context that serves many questions
    /// (a pass over a module). One question or request should rather run in a
    /// context of its own with [`Ctx::with_budget`]`(`[`Budget::DEFAULT`]`)`, whose time bound
    /// also stops the operations that cost milliseconds each.
    pub fn new(max_operations: u64) -> Result<Ctx> {
        Ctx::with_budget(Budget {
            operations: max_operations,
            time: None,
        })
    }

    /// A context with the given budget; the time runs from now.
    pub fn with_budget(budget: Budget) -> Result<Ctx> {
        // SAFETY: isl_ctx_alloc has no preconditions; NULL means out of memory.
        let raw = NonNull::new(unsafe { ffi::isl_ctx_alloc() })
            .ok_or_else(|| Error::algebra("ISL: could not allocate a context"))?;
        // SAFETY: raw is a live context owned by us.
        unsafe {
            ffi::isl_options_set_on_error(raw.as_ptr(), ffi::ISL_ON_ERROR_CONTINUE);
            // 0 would mean "unbounded" to ISL; a budget of 0 operations allows none.
            ffi::isl_ctx_set_max_operations(
                raw.as_ptr(),
                c_ulong::try_from(budget.operations.max(1)).unwrap_or(c_ulong::MAX),
            );
        }
        let deadline = budget.time.map(|t| Instant::now() + t);
        let watch = deadline.map(|d| watchdog::watch(raw.as_ptr(), d));
        Ok(Ctx {
            raw,
            budget,
            deadline,
            watch,
            exhausted: Cell::new(None),
            label: RefCell::new(None),
        })
    }

    /// The budget of this context.
    pub fn budget(&self) -> Budget {
        self.budget
    }

    /// Name the request this context serves (e.g. `gaps(Sw<4,5,-4>)`), for budget errors.
    pub fn set_label(&self, label: impl Into<String>) {
        *self.label.borrow_mut() = Some(label.into());
    }

    /// Which bound was reached, once one has been (the context then does no more work; a
    /// context of [`Ctx::new`] records no operation bound: see there).
    pub fn exhausted(&self) -> Option<Exhausted> {
        self.exhausted.get()
    }

    pub(super) fn ptr(&self) -> *mut ffi::isl_ctx {
        self.raw.as_ptr()
    }

    /// The error of an exhausted budget, for the call `what`.
    fn budget_error(&self, which: Exhausted, what: &str) -> Error {
        if which == Exhausted::Operations && self.budget.time.is_none() {
            // A context of many questions (Ctx::new): the question that ran out fails, the
            // next one gets the full count again (as before the time bound existed).
            // SAFETY: the context is live.
            unsafe { ffi::isl_ctx_reset_operations(self.ptr()) };
        } else {
            self.exhausted.set(Some(which));
        }
        let request = match &*self.label.borrow() {
            Some(l) => format!(" in the request {l}"),
            None => String::new(),
        };
        let bound = match which {
            Exhausted::Operations => {
                format!(
                    "operation budget of {} ISL operations",
                    self.budget.operations
                )
            }
            Exhausted::Time => match self.budget.time {
                Some(t) => format!("time budget of {}", show_duration(t)),
                None => "time budget".into(),
            },
        };
        Error::algebra(format!(
            "ISL gave up on {what}{request}: the {bound} was exhausted (budget: {})",
            self.budget.describe()
        ))
    }

    fn past_deadline(&self) -> bool {
        self.deadline.is_some_and(|d| Instant::now() >= d)
    }

    /// Before an ISL call: an error when the budget is already exhausted (no more work starts).
    pub(super) fn enter(&self, what: &str) -> Result<()> {
        if let Some(which) = self.exhausted.get() {
            return Err(self.budget_error(which, what));
        }
        if self.past_deadline() {
            return Err(self.budget_error(Exhausted::Time, what));
        }
        Ok(())
    }

    /// After an ISL call that returned a value: an error when ISL recorded one anyway (a
    /// quota or abort that it swallowed) or when the deadline has passed.
    pub(super) fn settle(&self, what: &str) -> Result<()> {
        // SAFETY: the context is live.
        let code = unsafe { ffi::isl_ctx_last_error(self.ptr()) };
        if code != ffi::ISL_ERROR_NONE {
            return Err(self.error(what));
        }
        if self.past_deadline() {
            return Err(self.budget_error(Exhausted::Time, what));
        }
        Ok(())
    }

    /// The error ISL recorded for the failed call `what` (and clear it).
    pub(super) fn error(&self, what: &str) -> Error {
        // SAFETY: the context is live; the message is a static or context-owned C string that
        // we copy before resetting the error.
        let (code, msg) = unsafe {
            let code = ffi::isl_ctx_last_error(self.ptr());
            let msg = ffi::isl_ctx_last_error_msg(self.ptr());
            let msg = if msg.is_null() {
                String::from("unknown error")
            } else {
                CStr::from_ptr(msg).to_string_lossy().into_owned()
            };
            ffi::isl_ctx_reset_error(self.ptr());
            (code, msg)
        };
        if code == ffi::ISL_ERROR_QUOTA {
            self.budget_error(Exhausted::Operations, what)
        } else if code == ffi::ISL_ERROR_ABORT || self.past_deadline() {
            // Only the watchdog aborts a context.
            self.budget_error(Exhausted::Time, what)
        } else if let Some(which) = self.exhausted.get() {
            self.budget_error(which, what)
        } else if code == ffi::ISL_ERROR_NONE {
            Error::algebra(format!("ISL failed in {what}"))
        } else {
            Error::algebra(format!("ISL failed in {what}: {msg}"))
        }
    }

    /// A non-NULL result, or the recorded error.
    pub(super) fn check<T>(&self, p: *mut T, what: &str) -> Result<NonNull<T>> {
        NonNull::new(p).ok_or_else(|| self.error(what))
    }

    /// An `isl_bool` result, or the recorded error (also after a value: see [`Ctx::settle`]).
    pub(super) fn truth(&self, b: ffi::isl_bool, what: &str) -> Result<bool> {
        let b = match b {
            0 => false,
            1 => true,
            _ => return Err(self.error(what)),
        };
        self.settle(what)?;
        Ok(b)
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
        let s = unsafe {
            let s = CStr::from_ptr(p.as_ptr()).to_string_lossy().into_owned();
            ffi::free(p.as_ptr().cast());
            s
        };
        self.settle(what)?;
        Ok(s)
    }
}

impl Drop for Ctx {
    fn drop(&mut self) {
        // The watchdog forgets the context before it is freed (it aborts under the same lock).
        if let Some(id) = self.watch {
            watchdog::unwatch(id);
        }
        // SAFETY: every object of this context borrows it, so all are gone by now.
        unsafe { ffi::isl_ctx_free(self.raw.as_ptr()) }
    }
}

/// One thread for the process that aborts contexts past their deadline.
mod watchdog {
    use super::*;

    /// A context pointer the watchdog may hand to `isl_ctx_abort` (which only sets a flag that
    /// ISL polls; the context's owner removes the entry, under the lock, before freeing it).
    struct Entry {
        id: u64,
        deadline: Instant,
        ctx: *mut ffi::isl_ctx,
    }
    // SAFETY: the pointer is only used for isl_ctx_abort while the entry is registered, i.e.
    // while the context is alive (see Ctx::drop).
    unsafe impl Send for Entry {}

    struct State {
        next_id: u64,
        entries: Vec<Entry>,
        started: bool,
    }

    struct Watchdog {
        state: Mutex<State>,
        wake: Condvar,
    }

    fn get() -> &'static Watchdog {
        static W: OnceLock<Watchdog> = OnceLock::new();
        W.get_or_init(|| Watchdog {
            state: Mutex::new(State {
                next_id: 0,
                entries: Vec::new(),
                started: false,
            }),
            wake: Condvar::new(),
        })
    }

    fn run(w: &'static Watchdog) {
        let mut g = w.state.lock().unwrap_or_else(|e| e.into_inner());
        loop {
            let now = Instant::now();
            g.entries.retain(|e| {
                if e.deadline <= now {
                    // SAFETY: the context is alive while registered (we hold the lock that
                    // its Drop takes to unregister it). isl_ctx_abort only sets `abort`, an
                    // int that the owner's thread reads in isl_ctx_next_operation.
                    unsafe { ffi::isl_ctx_abort(e.ctx) };
                    false
                } else {
                    true
                }
            });
            g = match g.entries.iter().map(|e| e.deadline).min() {
                None => w.wake.wait(g).unwrap_or_else(|e| e.into_inner()),
                Some(d) => {
                    w.wake
                        .wait_timeout(g, d.saturating_duration_since(now))
                        .unwrap_or_else(|e| e.into_inner())
                        .0
                }
            };
        }
    }

    pub(super) fn watch(ctx: *mut ffi::isl_ctx, deadline: Instant) -> u64 {
        let w = get();
        let mut g = w.state.lock().unwrap_or_else(|e| e.into_inner());
        if !g.started {
            // Without a thread the deadline is still checked after every call.
            let ok = std::thread::Builder::new()
                .name("isl-watchdog".into())
                .spawn(move || run(w))
                .is_ok();
            g.started = ok;
        }
        let id = g.next_id;
        g.next_id += 1;
        g.entries.push(Entry { id, deadline, ctx });
        drop(g);
        w.wake.notify_one();
        id
    }

    pub(super) fn unwatch(id: u64) {
        let mut g = get().state.lock().unwrap_or_else(|e| e.into_inner());
        g.entries.retain(|e| e.id != id);
    }
}
