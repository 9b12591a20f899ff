//! A counting global allocator (installed by the `layout-fuzz` binary): the live bytes, the
//! peak since the last reset, and a hard cap. Past the cap an allocation fails (the process
//! aborts), after the hook given with the cap (the driver's `save_current`) has saved the
//! current input.

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Mutex;

static LIVE: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);
static CAP: AtomicUsize = AtomicUsize::new(usize::MAX);
static OVER: AtomicBool = AtomicBool::new(false);
/// Called with (kind, message) at the first refusal.
static ON_REFUSAL: Mutex<Option<fn(&str, &str)>> = Mutex::new(None);

pub struct Counting;

/// Start a new measurement: the peak becomes the current live size.
pub fn reset_peak() {
    PEAK.store(LIVE.load(Ordering::Relaxed), Ordering::Relaxed);
}
pub fn live() -> usize {
    LIVE.load(Ordering::Relaxed)
}
pub fn peak() -> usize {
    PEAK.load(Ordering::Relaxed)
}
/// Refuse allocations that would take the live size past `bytes`; the first refusal calls
/// `on_refusal` (kind, message) first.
pub fn set_cap(bytes: usize, on_refusal: fn(&str, &str)) {
    *ON_REFUSAL.lock().unwrap_or_else(|e| e.into_inner()) = Some(on_refusal);
    CAP.store(bytes, Ordering::Relaxed);
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let now = LIVE.fetch_add(layout.size(), Ordering::Relaxed) + layout.size();
        if now > CAP.load(Ordering::Relaxed) && !OVER.swap(true, Ordering::Relaxed) {
            // First refusal: save the input (allocations made while saving pass), then fail.
            let hook = *ON_REFUSAL.lock().unwrap_or_else(|e| e.into_inner());
            if let Some(hook) = hook {
                hook("oom", &format!("allocation past the cap: {now} bytes live"));
            }
            LIVE.fetch_sub(layout.size(), Ordering::Relaxed);
            return std::ptr::null_mut();
        }
        PEAK.fetch_max(now, Ordering::Relaxed);
        let p = System.alloc(layout);
        if p.is_null() {
            LIVE.fetch_sub(layout.size(), Ordering::Relaxed);
        }
        p
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        LIVE.fetch_sub(layout.size(), Ordering::Relaxed);
        System.dealloc(ptr, layout)
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let new = Layout::from_size_align_unchecked(new_size, layout.align());
        let p = self.alloc(new);
        if !p.is_null() {
            std::ptr::copy_nonoverlapping(ptr, p, layout.size().min(new_size));
            self.dealloc(ptr, layout);
        }
        p
    }
}
