//! A small op builder over the MLIR C API: generic ops with attributes and types given as
//! text (parsed in the op's context), inserted before the op being lowered through the
//! rewriter of the conversion pattern that lowers it (cpp/HardwareOpLowering.cpp), so that
//! MLIR's dialect conversion sees every op created and every op replaced.

use mlir_sys::*;

fn sref(s: &str) -> MlirStringRef {
    MlirStringRef {
        data: s.as_ptr() as *const _,
        length: s.len(),
    }
}

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

    pub fn ty(&self, text: &str) -> Result<MlirType, String> {
        let t = unsafe { mlirTypeParseGet(self.ctx, sref(text)) };
        if t.ptr.is_null() {
            return Err(format!("internal: cannot parse type {text}"));
        }
        Ok(t)
    }

    pub fn attr(&self, text: &str) -> Result<MlirAttribute, String> {
        let a = unsafe { mlirAttributeParseGet(self.ctx, sref(text)) };
        if a.ptr.is_null() {
            return Err(format!("internal: cannot parse attribute {text}"));
        }
        Ok(a)
    }

    /// Build `name(operands) {attrs} : results` (`regions` empty regions) before `at`.
    pub fn op_regions(
        &self,
        name: &str,
        operands: &[MlirValue],
        attrs: &[(&str, String)],
        results: &[&str],
        regions: usize,
    ) -> Result<MlirOperation, String> {
        let types = results
            .iter()
            .map(|t| self.ty(t))
            .collect::<Result<Vec<_>, _>>()?;
        let mut named = Vec::new();
        for (k, v) in attrs {
            let id = unsafe { mlirIdentifierGet(self.ctx, sref(k)) };
            named.push(unsafe { mlirNamedAttributeGet(id, self.attr(v)?) });
        }
        unsafe {
            let mut st = mlirOperationStateGet(sref(name), self.loc);
            mlirOperationStateAddOperands(&mut st, operands.len() as isize, operands.as_ptr());
            mlirOperationStateAddResults(&mut st, types.len() as isize, types.as_ptr());
            mlirOperationStateAddAttributes(&mut st, named.len() as isize, named.as_ptr());
            let regs: Vec<MlirRegion> = (0..regions).map(|_| mlirRegionCreate()).collect();
            if !regs.is_empty() {
                mlirOperationStateAddOwnedRegions(&mut st, regs.len() as isize, regs.as_ptr());
            }
            let op = mlirOperationCreate(&mut st);
            if op.ptr.is_null() {
                return Err(format!("internal: cannot create {name}"));
            }
            if self.at.ptr.is_null() {
                mlirRewriterBaseSetInsertionPointToEnd(self.rewriter, self.block);
            } else {
                mlirRewriterBaseSetInsertionPointBefore(self.rewriter, self.at);
            }
            mlirRewriterBaseInsert(self.rewriter, op);
            Ok(op)
        }
    }

    pub fn op(
        &self,
        name: &str,
        operands: &[MlirValue],
        attrs: &[(&str, String)],
        results: &[&str],
    ) -> Result<MlirOperation, String> {
        self.op_regions(name, operands, attrs, results, 0)
    }

    /// The single result of a new op.
    pub fn val(
        &self,
        name: &str,
        operands: &[MlirValue],
        attrs: &[(&str, String)],
        result: &str,
    ) -> Result<MlirValue, String> {
        let op = self.op(name, operands, attrs, &[result])?;
        Ok(unsafe { mlirOperationGetResult(op, 0) })
    }

    pub fn const_int(&self, v: i64, ty: &str) -> Result<MlirValue, String> {
        self.val(
            "llvm.mlir.constant",
            &[],
            &[("value", format!("{v} : {ty}"))],
            ty,
        )
    }

    pub fn binop(
        &self,
        name: &str,
        a: MlirValue,
        b: MlirValue,
        ty: &str,
    ) -> Result<MlirValue, String> {
        self.val(name, &[a, b], &[], ty)
    }

    /// `base + bytes` on a pointer (getelementptr i8).
    pub fn byte_offset(
        &self,
        base: MlirValue,
        off: MlirValue,
        ptr_ty: &str,
        off_ty: &str,
    ) -> Result<MlirValue, String> {
        let _ = off_ty;
        self.val(
            "llvm.getelementptr",
            &[base, off],
            &[
                ("rawConstantIndices", "array<i32: -2147483648>".into()),
                ("elem_type", "i8".into()),
            ],
            ptr_ty,
        )
    }

    /// `values[idx]` for an i32 `idx` below `values.len()`: a constant `vector<N x i32>` and
    /// `llvm.extractelement`.
    pub fn table_lookup(&self, values: &[i64], idx: MlirValue) -> Result<MlirValue, String> {
        let list = values
            .iter()
            .map(|x| x.to_string())
            .collect::<Vec<_>>()
            .join(", ");
        let ty = format!("vector<{}xi32>", values.len());
        let table = self.val(
            "llvm.mlir.constant",
            &[],
            &[("value", format!("dense<[{list}]> : {ty}"))],
            &ty,
        )?;
        self.val("llvm.extractelement", &[table, idx], &[], "i32")
    }

    pub fn const_byte_offset(
        &self,
        base: MlirValue,
        off: i64,
        ptr_ty: &str,
    ) -> Result<MlirValue, String> {
        if off == 0 {
            return Ok(base);
        }
        self.val(
            "llvm.getelementptr",
            &[base],
            &[
                ("rawConstantIndices", format!("array<i32: {off}>")),
                ("elem_type", "i8".into()),
            ],
            ptr_ty,
        )
    }
}
