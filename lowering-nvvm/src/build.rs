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

use mlir_sys::*;

/// The null value: an absent optional operand of a builder.
pub(crate) const NO_VALUE: MlirValue = MlirValue {
    ptr: std::ptr::null(),
};

/// The null type: no result type.
pub(crate) const NO_TYPE: MlirType = MlirType {
    ptr: std::ptr::null(),
};

/// Inserts new ops before `at` (at the end of `block` when `at` is null), at `at`'s location,
/// through `rewriter`.
pub struct Builder {
    pub ctx: MlirContext,
    pub loc: MlirLocation,
    pub block: MlirBlock,
    pub at: MlirOperation,
    pub rewriter: MlirRewriterBase,
}

impl Builder {
    pub fn before(at: MlirOperation, rewriter: MlirRewriterBase) -> Builder {
        unsafe {
            Builder {
                ctx: mlirOperationGetContext(at),
                loc: mlirOperationGetLocation(at),
                block: mlirOperationGetBlock(at),
                at,
                rewriter,
            }
        }
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
    pub fn replace(&self, op: MlirOperation, values: &[MlirValue]) {
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
