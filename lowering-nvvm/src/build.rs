//! The op builder of the lowering: where new ops go (before the op being lowered), the types
//! they are made with (typed constructors of the MLIR C API), and the replacement of the
//! lowered op. The ops themselves are made by typed builders: the LLVM-dialect ones in
//! [`crate::build_llvm`], the NVVM ones in [`crate::build_nvvm`], each a call of the op's
//! ODS-generated C++ builder (cpp/LlvmOpBuilders.cpp, cpp/NvvmOpBuilders.cpp) through the
//! rewriter of the conversion pattern that lowers the op (cpp/HardwareOpLowering.cpp), so that
//! MLIR's dialect conversion sees every op created and every op replaced.
//!
//! # Safety
//! Every handle a `Builder` holds (context, location, block, anchor op, rewriter) is live for
//! as long as the pattern that made it runs, and every value passed to its methods is a live
//! value of that context; the `unsafe` blocks of the builder files rest on that.

use melior::ir::block::BlockLike;
use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::BlockRef;
use mlir_sys::*;

/// The null value: an absent optional operand of a builder.
pub(crate) const NO_VALUE: MlirValue = MlirValue {
    ptr: std::ptr::null(),
};

/// The null type: no result type.
pub(crate) const NO_TYPE: MlirType = MlirType {
    ptr: std::ptr::null(),
};

/// The context of `op` (melior's `ContextRef` does not give its handle).
fn context_of(op: OperationRef<'_, '_>) -> MlirContext {
    // SAFETY: `op` is a live op (melior's `OperationRef`); its context outlives it.
    unsafe { mlirOperationGetContext(op.to_raw()) }
}

/// Inserts new ops before `at` (at the end of `block` when `at` is null), at `at`'s location,
/// through `rewriter`.
///
/// The fields are the handles of typed melior values the constructors take (so live for as
/// long as the op and block they came from); they are private to the crate's builder files.
pub struct Builder {
    pub(crate) ctx: MlirContext,
    pub(crate) loc: MlirLocation,
    block: MlirBlock,
    at: MlirOperation,
    rewriter: MlirRewriterBase,
}

impl Builder {
    /// Insert before `at`, at its location, through `rewriter` (the pattern's).
    pub fn before(at: OperationRef<'_, '_>, rewriter: MlirRewriterBase) -> Builder {
        Builder {
            ctx: context_of(at),
            loc: at.location().to_raw(),
            block: at.block().map_or(
                MlirBlock {
                    ptr: std::ptr::null_mut(),
                },
                |b| b.to_raw(),
            ),
            at: at.to_raw(),
            rewriter,
        }
    }

    /// Insert at the start of `block` (at its end when empty), at `loc_of`'s location.
    pub fn at_start(
        loc_of: OperationRef<'_, '_>,
        block: BlockRef<'_, '_>,
        rewriter: MlirRewriterBase,
    ) -> Builder {
        Builder {
            ctx: context_of(loc_of),
            loc: loc_of.location().to_raw(),
            block: block.to_raw(),
            at: block.first_operation().map_or(
                MlirOperation {
                    ptr: std::ptr::null_mut(),
                },
                |o| o.to_raw(),
            ),
            rewriter,
        }
    }

    /// The rewriter new ops go through.
    pub(crate) fn rewriter(&self) -> MlirRewriterBase {
        self.rewriter
    }

    /// The rewriter, its insertion point set before `at` (at the end of `block` when `at` is
    /// null): where the next op goes.
    pub(crate) fn insertion(&self) -> MlirRewriterBase {
        unsafe {
            if self.at.ptr.is_null() {
                mlirRewriterBaseSetInsertionPointToEnd(self.rewriter, self.block);
            } else {
                mlirRewriterBaseSetInsertionPointBefore(self.rewriter, self.at);
            }
        }
        self.rewriter
    }

    /// Replace every use of `op`'s results by `values` and erase `op` (through the rewriter).
    pub fn replace(&self, op: OperationRef<'_, '_>, values: &[MlirValue]) {
        let op = op.to_raw();
        unsafe {
            if values.is_empty() {
                mlirRewriterBaseEraseOp(self.rewriter, op);
            } else {
                mlirRewriterBaseReplaceOpWithValues(
                    self.rewriter,
                    op,
                    values.len() as isize,
                    values.as_ptr(),
                );
            }
        }
    }

    /// The signless integer type of `bits` bits (`i1`, `i32`, ...).
    pub fn int(&self, bits: u32) -> MlirType {
        unsafe { mlirIntegerTypeGet(self.ctx, bits) }
    }

    pub fn i1(&self) -> MlirType {
        self.int(1)
    }

    pub fn i32(&self) -> MlirType {
        self.int(32)
    }

    pub fn i64(&self) -> MlirType {
        self.int(64)
    }

    pub fn f32(&self) -> MlirType {
        unsafe { mlirF32TypeGet(self.ctx) }
    }

    /// `!llvm.ptr<space>` (`!llvm.ptr` for 0).
    pub fn ptr(&self, space: u32) -> MlirType {
        unsafe { mlirLLVMPointerTypeGet(self.ctx, space) }
    }

    /// `vector<n x elem>`.
    pub fn vector(&self, n: usize, elem: MlirType) -> MlirType {
        let shape = [n as i64];
        unsafe { mlirVectorTypeGet(1, shape.as_ptr(), elem) }
    }

    /// The literal (unnamed, unpacked) `!llvm.struct<(fields)>`.
    pub fn structure(&self, fields: &[MlirType]) -> MlirType {
        unsafe {
            mlirLLVMStructTypeLiteralGet(self.ctx, fields.len() as isize, fields.as_ptr(), false)
        }
    }

    /// `!llvm.func<result (args)>` (not variadic).
    pub fn function(&self, result: MlirType, args: &[MlirType]) -> MlirType {
        unsafe { mlirLLVMFunctionTypeGet(result, args.len() as isize, args.as_ptr(), false) }
    }

    /// The element type named `name`: `f16`, `bf16`, `f32`, `f64` or a signless `iN`.
    pub fn element(&self, name: &str) -> Result<MlirType, String> {
        let t = unsafe {
            match name {
                "f16" => mlirF16TypeGet(self.ctx),
                "bf16" => mlirBF16TypeGet(self.ctx),
                "f32" => mlirF32TypeGet(self.ctx),
                "f64" => mlirF64TypeGet(self.ctx),
                _ => match name.strip_prefix('i').and_then(|b| b.parse::<u32>().ok()) {
                    Some(bits) if bits > 0 => mlirIntegerTypeGet(self.ctx, bits),
                    _ => return Err(format!("internal: no element type {name}")),
                },
            }
        };
        Ok(t)
    }
}
