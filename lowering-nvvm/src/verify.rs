//! `layout_nvvm_verify`: the hardware rules behind the C++ verifiers of the NVGPU ops
//! (cpp/LayoutNvgpuOps.cpp). Text in, a message or null out; never panics across the boundary.

use std::ffi::{c_char, CString};
use std::panic::{catch_unwind, AssertUnwindSafe};

use layout_algebra::hw::MatrixOp;

use crate::derive::{self, Attrs};
use layout_dialect::CuteRef;

#[repr(C)]
#[derive(Clone, Copy)]
pub struct LayoutNvStr {
    pub data: *const u8,
    pub len: usize,
}

unsafe fn text(s: LayoutNvStr) -> String {
    if s.len == 0 || s.data.is_null() {
        return String::new();
    }
    String::from_utf8_lossy(std::slice::from_raw_parts(s.data, s.len)).into_owned()
}

/// The checks of one op; the numbers the C++ verifier compares operand/result types with:
/// ldmatrix/stmatrix [registers per thread (= matrices for m8n8)]; wgmma [accumulator count];
/// fragment_store [registers per thread]; convert [source and destination registers per
/// thread, shared bytes]; tma_load/tma_store [rank];
/// tma_desc [rank, dynamic operand count]; tmem_load/tmem_store [registers per thread, the
/// shape's position in `hw::ALL_TMEM_SHAPES`, `.num`, the threads of the block that must run
/// it: 32 x (its highest warp + 1)].
pub fn check(op: &str, a: &Attrs) -> Result<Vec<i64>, String> {
    match op {
        "layout.ldmatrix" => Ok(vec![derive::matrix(MatrixOp::Ld, a)?.regs()]),
        "layout.stmatrix" => Ok(vec![derive::matrix(MatrixOp::St, a)?.regs()]),
        "layout.lane_offset" => Ok(vec![derive::matrix(derive::matrix_instr(a)?, a)?.regs()]),
        "layout.wgmma_desc" => {
            derive::wgmma_desc(a, a.contains_key("%k"))?;
            Ok(vec![])
        }
        "layout.wgmma" => Ok(vec![derive::wgmma(a)?.n / 2]),
        "layout.fragment_store" => Ok(vec![derive::fragment_store(a)?.values.len() as i64]),
        "layout.tma_desc" => {
            let t = derive::tma(a)?;
            Ok(vec![t.rank() as i64, derive::tma_dynamic_count(&t) as i64])
        }
        "layout.umma_desc" => {
            derive::smem_desc(derive::DescKind::Umma, a, a.contains_key("%k"))?;
            Ok(vec![])
        }
        "layout.tcgen05_mma" => {
            derive::tcgen05_mma(a)?;
            Ok(vec![])
        }
        "layout.tmem_load" | "layout.tmem_store" => {
            let c = derive::tmem_copy(a)?;
            let shape = layout_algebra::hw::tmem::ALL_TMEM_SHAPES
                .iter()
                .position(|&s| s == c.shape)
                .unwrap_or(0) as i64;
            // The threads that run it: every warp of the fragment (warp ids from 0).
            let warps = c.warps.iter().map(|w| w.0).max().unwrap_or(0) + 1;
            Ok(vec![c.regs, shape, c.num, 32 * warps])
        }
        "layout.tcgen05_cp" => {
            derive::tcgen05_cp(a)?;
            Ok(vec![])
        }
        "layout.convert" => {
            let p = derive::convert(a)?;
            let smem = p.shared.as_ref().map_or(0, |s| s.smem_bytes(p.elem_bits));
            Ok(vec![1i64 << p.src.reg.len(), 1i64 << p.dst.reg.len(), smem])
        }
        "layout.tma_load" | "layout.tma_store" => {
            derive::tma_multicast(a)?;
            let t = derive::tma(a)?;
            Ok(vec![t.rank() as i64])
        }
        _ => Err(format!("unknown op {op}")),
    }
}

/// # Safety
/// `keys`/`values`/`layouts` point to `n` entries each: a parameter's name, its text (strings
/// and integers) and, for a layout, the value its attribute or operand type holds (a handle
/// of the dialect's storage, see `layout_dialect_ffi::stored`; null for the others); `info`
/// points to `ninfo` writable integers.
#[no_mangle]
pub unsafe extern "C" fn layout_nvvm_verify(
    op: LayoutNvStr,
    keys: *const LayoutNvStr,
    values: *const LayoutNvStr,
    layouts: *const *const std::ffi::c_void,
    n: usize,
    info: *mut i64,
    ninfo: usize,
) -> *mut c_char {
    let r = catch_unwind(AssertUnwindSafe(|| {
        let op = text(op);
        let mut a = Attrs::new();
        for i in 0..n {
            let layout = *layouts.add(i);
            if layout.is_null() {
                a.insert(text(*keys.add(i)), text(*values.add(i)));
            } else if let Ok(l) = layout_dialect::ffi::stored::linear_value(layout.cast()) {
                a.insert_linear(text(*keys.add(i)), l);
            } else {
                let value = CuteRef::new(layout.cast()).map_err(|e| e.to_string());
                a.insert_layout(text(*keys.add(i)), value);
            }
        }
        check(&op, &a)
    }));
    let msg = match r {
        Ok(Ok(v)) => {
            for (i, x) in v.iter().enumerate().take(ninfo) {
                *info.add(i) = *x;
            }
            return std::ptr::null_mut();
        }
        Ok(Err(m)) => m,
        Err(_) => "internal error (panic) in the hardware checks".to_string(),
    };
    CString::new(msg.replace('\0', " ")).unwrap().into_raw()
}

/// # Safety
/// `m` comes from [`layout_nvvm_verify`] (or is null).
#[no_mangle]
pub unsafe extern "C" fn layout_nvvm_free(m: *mut c_char) {
    if !m.is_null() {
        drop(CString::from_raw(m));
    }
}
