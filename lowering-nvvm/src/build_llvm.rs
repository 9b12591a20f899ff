//! The LLVM-dialect ops of the lowering, each made by its typed C++ builder
//! (cpp/LlvmOpBuilders.cpp) before the op being lowered (see [`crate::build`], whose safety
//! note the `unsafe` blocks here rest on). Attributes are typed values (`IntegerAttr`, dense
//! `vector<N x i32>`), made by the MLIR C API.

use mlir_sys::*;

use crate::build::{Builder, NO_TYPE, NO_VALUE};

/// The binary integer ops (numbered as `LayoutNvvmBinary` in cpp/LlvmOpBuilders.cpp).
#[repr(u32)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Binary {
    Add = 0,
    Mul = 1,
    UDiv = 2,
    URem = 3,
    And = 4,
    Or = 5,
    Xor = 6,
    Shl = 7,
    LShr = 8,
}

/// The casts (numbered as `LayoutNvvmCast` in cpp/LlvmOpBuilders.cpp).
#[repr(u32)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cast {
    ZExt = 0,
    Trunc = 1,
    Bitcast = 2,
    FPTrunc = 3,
    PtrToInt = 4,
    IntToPtr = 5,
    AddrSpaceCast = 6,
}

/// The integer comparisons (numbered as `LayoutNvvmPredicate` in cpp/LlvmOpBuilders.cpp).
#[repr(u32)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Predicate {
    Eq = 0,
    Ne = 1,
    Ult = 2,
}

extern "C" {
    fn layout_nvvm_build_constant(
        rewriter: MlirRewriterBase,
        loc: MlirLocation,
        value: MlirAttribute,
    ) -> MlirValue;
    fn layout_nvvm_build_poison(
        rewriter: MlirRewriterBase,
        loc: MlirLocation,
        ty: MlirType,
    ) -> MlirValue;
    fn layout_nvvm_build_binary(
        rewriter: MlirRewriterBase,
        loc: MlirLocation,
        kind: Binary,
        lhs: MlirValue,
        rhs: MlirValue,
    ) -> MlirValue;
    fn layout_nvvm_build_cast(
        rewriter: MlirRewriterBase,
        loc: MlirLocation,
        kind: Cast,
        value: MlirValue,
        ty: MlirType,
    ) -> MlirValue;
    fn layout_nvvm_build_icmp(
        rewriter: MlirRewriterBase,
        loc: MlirLocation,
        predicate: Predicate,
        lhs: MlirValue,
        rhs: MlirValue,
    ) -> MlirValue;
    fn layout_nvvm_build_select(
        rewriter: MlirRewriterBase,
        loc: MlirLocation,
        condition: MlirValue,
        on_true: MlirValue,
        on_false: MlirValue,
    ) -> MlirValue;
    fn layout_nvvm_build_extract_element(
        rewriter: MlirRewriterBase,
        loc: MlirLocation,
        vector: MlirValue,
        position: MlirValue,
    ) -> MlirValue;
    fn layout_nvvm_build_insert_element(
        rewriter: MlirRewriterBase,
        loc: MlirLocation,
        vector: MlirValue,
        value: MlirValue,
        position: MlirValue,
    ) -> MlirValue;
    fn layout_nvvm_build_extract_value(
        rewriter: MlirRewriterBase,
        loc: MlirLocation,
        container: MlirValue,
        position: i64,
    ) -> MlirValue;
    fn layout_nvvm_build_insert_value(
        rewriter: MlirRewriterBase,
        loc: MlirLocation,
        container: MlirValue,
        value: MlirValue,
        position: i64,
    ) -> MlirValue;
    fn layout_nvvm_build_gep(
        rewriter: MlirRewriterBase,
        loc: MlirLocation,
        result_ty: MlirType,
        elem_ty: MlirType,
        base: MlirValue,
        dynamic_index: MlirValue,
        constant_index: i32,
    ) -> MlirValue;
    fn layout_nvvm_build_load(
        rewriter: MlirRewriterBase,
        loc: MlirLocation,
        ty: MlirType,
        address: MlirValue,
        alignment: u32,
    ) -> MlirValue;
    fn layout_nvvm_build_store(
        rewriter: MlirRewriterBase,
        loc: MlirLocation,
        value: MlirValue,
        address: MlirValue,
        alignment: u32,
    );
    fn layout_nvvm_build_alloca(
        rewriter: MlirRewriterBase,
        loc: MlirLocation,
        result_ty: MlirType,
        elem_ty: MlirType,
        count: MlirValue,
    ) -> MlirValue;
    fn layout_nvvm_build_inline_asm(
        rewriter: MlirRewriterBase,
        loc: MlirLocation,
        result_ty: MlirType,
        operands: *const MlirValue,
        n: usize,
        asm: MlirStringRef,
        constraints: MlirStringRef,
        side_effects: bool,
    ) -> MlirValue;
    fn layout_nvvm_build_call(
        rewriter: MlirRewriterBase,
        loc: MlirLocation,
        result_ty: MlirType,
        callee: MlirStringRef,
        args: *const MlirValue,
        n: usize,
    ) -> MlirValue;
    fn layout_nvvm_build_func_declaration(
        rewriter: MlirRewriterBase,
        loc: MlirLocation,
        name: MlirStringRef,
        function_ty: MlirType,
    ) -> MlirOperation;
}

fn sref(s: &str) -> MlirStringRef {
    MlirStringRef {
        data: s.as_ptr() as *const _,
        length: s.len(),
    }
}

impl Builder {
    /// `llvm.mlir.constant(value)` of a typed attribute (its type is the result's).
    pub fn constant(&self, value: MlirAttribute) -> MlirValue {
        unsafe { layout_nvvm_build_constant(self.insertion(), self.loc, value) }
    }

    /// `llvm.mlir.constant(v : ty)` of the integer type `ty`.
    pub fn const_int(&self, v: i64, ty: MlirType) -> MlirValue {
        self.constant(unsafe { mlirIntegerAttrGet(ty, v) })
    }

    /// The i32 constant `v`.
    pub fn c32(&self, v: i64) -> MlirValue {
        self.const_int(v, self.i32())
    }

    /// The i64 constant `v`.
    pub fn c64(&self, v: i64) -> MlirValue {
        self.const_int(v, self.i64())
    }

    /// `llvm.mlir.constant(true) : i1`.
    pub fn const_true(&self) -> MlirValue {
        self.const_int(1, self.i1())
    }

    /// `llvm.mlir.poison : ty`.
    pub fn poison(&self, ty: MlirType) -> MlirValue {
        unsafe { layout_nvvm_build_poison(self.insertion(), self.loc, ty) }
    }

    /// The binary integer op `kind` of `a` and `b` (of their type, no overflow flags).
    pub fn binary(&self, kind: Binary, a: MlirValue, b: MlirValue) -> MlirValue {
        unsafe { layout_nvvm_build_binary(self.insertion(), self.loc, kind, a, b) }
    }

    /// `llvm.add a, b`.
    pub fn add(&self, a: MlirValue, b: MlirValue) -> MlirValue {
        self.binary(Binary::Add, a, b)
    }

    /// `llvm.mul a, b`.
    pub fn mul(&self, a: MlirValue, b: MlirValue) -> MlirValue {
        self.binary(Binary::Mul, a, b)
    }

    /// `llvm.udiv a, b`.
    pub fn udiv(&self, a: MlirValue, b: MlirValue) -> MlirValue {
        self.binary(Binary::UDiv, a, b)
    }

    /// `llvm.urem a, b`.
    pub fn urem(&self, a: MlirValue, b: MlirValue) -> MlirValue {
        self.binary(Binary::URem, a, b)
    }

    /// `llvm.and a, b`.
    pub fn and(&self, a: MlirValue, b: MlirValue) -> MlirValue {
        self.binary(Binary::And, a, b)
    }

    /// `llvm.or a, b`.
    pub fn or(&self, a: MlirValue, b: MlirValue) -> MlirValue {
        self.binary(Binary::Or, a, b)
    }

    /// `llvm.xor a, b`.
    pub fn xor(&self, a: MlirValue, b: MlirValue) -> MlirValue {
        self.binary(Binary::Xor, a, b)
    }

    /// `llvm.shl a, b`.
    pub fn shl(&self, a: MlirValue, b: MlirValue) -> MlirValue {
        self.binary(Binary::Shl, a, b)
    }

    /// `llvm.lshr a, b`.
    pub fn lshr(&self, a: MlirValue, b: MlirValue) -> MlirValue {
        self.binary(Binary::LShr, a, b)
    }

    /// The cast `kind` of `v` to `ty`.
    pub fn cast(&self, kind: Cast, v: MlirValue, ty: MlirType) -> MlirValue {
        unsafe { layout_nvvm_build_cast(self.insertion(), self.loc, kind, v, ty) }
    }

    /// `llvm.zext v : ty`.
    pub fn zext(&self, v: MlirValue, ty: MlirType) -> MlirValue {
        self.cast(Cast::ZExt, v, ty)
    }

    /// `llvm.trunc v : ty`.
    pub fn trunc(&self, v: MlirValue, ty: MlirType) -> MlirValue {
        self.cast(Cast::Trunc, v, ty)
    }

    /// `llvm.bitcast v : ty`.
    pub fn bitcast(&self, v: MlirValue, ty: MlirType) -> MlirValue {
        self.cast(Cast::Bitcast, v, ty)
    }

    /// `llvm.fptrunc v : ty`.
    pub fn fptrunc(&self, v: MlirValue, ty: MlirType) -> MlirValue {
        self.cast(Cast::FPTrunc, v, ty)
    }

    /// `llvm.ptrtoint v : i64`.
    pub fn ptrtoint(&self, v: MlirValue) -> MlirValue {
        self.cast(Cast::PtrToInt, v, self.i64())
    }

    /// `llvm.inttoptr v : ty`.
    pub fn inttoptr(&self, v: MlirValue, ty: MlirType) -> MlirValue {
        self.cast(Cast::IntToPtr, v, ty)
    }

    /// `llvm.addrspacecast v : ty`.
    pub fn addrspacecast(&self, v: MlirValue, ty: MlirType) -> MlirValue {
        self.cast(Cast::AddrSpaceCast, v, ty)
    }

    /// `llvm.icmp <predicate> a, b : i1`.
    pub fn icmp(&self, predicate: Predicate, a: MlirValue, b: MlirValue) -> MlirValue {
        unsafe { layout_nvvm_build_icmp(self.insertion(), self.loc, predicate, a, b) }
    }

    /// `llvm.select condition, on_true, on_false`.
    pub fn select(
        &self,
        condition: MlirValue,
        on_true: MlirValue,
        on_false: MlirValue,
    ) -> MlirValue {
        unsafe {
            layout_nvvm_build_select(self.insertion(), self.loc, condition, on_true, on_false)
        }
    }

    /// `llvm.extractelement vector[position]`.
    pub fn extract_element(&self, vector: MlirValue, position: MlirValue) -> MlirValue {
        unsafe { layout_nvvm_build_extract_element(self.insertion(), self.loc, vector, position) }
    }

    /// `llvm.insertelement value, vector[position]`.
    pub fn insert_element(
        &self,
        vector: MlirValue,
        value: MlirValue,
        position: MlirValue,
    ) -> MlirValue {
        unsafe {
            layout_nvvm_build_insert_element(self.insertion(), self.loc, vector, value, position)
        }
    }

    /// `llvm.extractvalue container[position]` (a struct field).
    pub fn extract_value(&self, container: MlirValue, position: usize) -> MlirValue {
        unsafe {
            layout_nvvm_build_extract_value(self.insertion(), self.loc, container, position as i64)
        }
    }

    /// `llvm.insertvalue value, container[position]` (a struct field).
    pub fn insert_value(
        &self,
        container: MlirValue,
        value: MlirValue,
        position: usize,
    ) -> MlirValue {
        unsafe {
            layout_nvvm_build_insert_value(
                self.insertion(),
                self.loc,
                container,
                value,
                position as i64,
            )
        }
    }

    /// `llvm.getelementptr base[index]` over `elem` elements, the pointer of type `ptr_ty`:
    /// a dynamic index when `dynamic` is given, else the constant `constant`.
    fn gep(
        &self,
        ptr_ty: MlirType,
        elem: MlirType,
        base: MlirValue,
        dynamic: Option<MlirValue>,
        constant: i32,
    ) -> MlirValue {
        unsafe {
            layout_nvvm_build_gep(
                self.insertion(),
                self.loc,
                ptr_ty,
                elem,
                base,
                dynamic.unwrap_or(NO_VALUE),
                constant,
            )
        }
    }

    /// `base + off` bytes on a pointer of type `ptr_ty` (getelementptr i8 by a value).
    pub fn byte_offset(&self, base: MlirValue, off: MlirValue, ptr_ty: MlirType) -> MlirValue {
        self.gep(ptr_ty, self.int(8), base, Some(off), 0)
    }

    /// `base + off` bytes on a pointer of type `ptr_ty` (getelementptr i8 by a constant;
    /// `base` itself for 0).
    pub fn const_byte_offset(&self, base: MlirValue, off: i64, ptr_ty: MlirType) -> MlirValue {
        if off == 0 {
            return base;
        }
        self.gep(ptr_ty, self.int(8), base, None, off as i32)
    }

    /// Element `index` of an array of `elem` at `base` (getelementptr by a constant), a
    /// `!llvm.ptr`.
    pub fn element_ptr(&self, base: MlirValue, elem: MlirType, index: usize) -> MlirValue {
        self.gep(self.ptr(0), elem, base, None, index as i32)
    }

    /// `values[idx]` for an i32 `idx` below `values.len()`: a constant `vector<N x i32>` and
    /// `llvm.extractelement`.
    pub fn table_lookup(&self, values: &[i64], idx: MlirValue) -> Result<MlirValue, String> {
        let words = values
            .iter()
            .map(|&v| i32::try_from(v).map_err(|_| format!("internal: {v} is not an i32")))
            .collect::<Result<Vec<i32>, String>>()?;
        let ty = self.vector(words.len(), self.i32());
        let table = self.constant(unsafe {
            mlirDenseElementsAttrInt32Get(ty, words.len() as isize, words.as_ptr())
        });
        Ok(self.extract_element(table, idx))
    }

    /// `llvm.load address : ty`, `alignment` bytes aligned (unknown when 0).
    pub fn load(&self, ty: MlirType, address: MlirValue, alignment: u32) -> MlirValue {
        unsafe { layout_nvvm_build_load(self.insertion(), self.loc, ty, address, alignment) }
    }

    /// `llvm.store value, address`, `alignment` bytes aligned (unknown when 0).
    pub fn store(&self, value: MlirValue, address: MlirValue, alignment: u32) {
        unsafe { layout_nvvm_build_store(self.insertion(), self.loc, value, address, alignment) }
    }

    /// `llvm.alloca count x elem`, a `!llvm.ptr`.
    pub fn alloca(&self, elem: MlirType, count: MlirValue) -> MlirValue {
        unsafe { layout_nvvm_build_alloca(self.insertion(), self.loc, self.ptr(0), elem, count) }
    }

    /// `llvm.inline_asm has_side_effects asm, constraints` over `operands`, of type `result`
    /// (null: no result).
    fn asm(
        &self,
        result: MlirType,
        operands: &[MlirValue],
        asm: &str,
        constraints: &str,
    ) -> MlirValue {
        unsafe {
            layout_nvvm_build_inline_asm(
                self.insertion(),
                self.loc,
                result,
                operands.as_ptr(),
                operands.len(),
                sref(asm),
                sref(constraints),
                true,
            )
        }
    }

    /// `llvm.inline_asm has_side_effects asm, constraints` over `operands`, without result.
    pub fn inline_asm(&self, operands: &[MlirValue], asm: &str, constraints: &str) {
        self.asm(NO_TYPE, operands, asm, constraints);
    }

    /// `llvm.inline_asm has_side_effects asm, constraints` over `operands`: its result, of
    /// type `result`.
    pub fn inline_asm_value(
        &self,
        result: MlirType,
        operands: &[MlirValue],
        asm: &str,
        constraints: &str,
    ) -> MlirValue {
        self.asm(result, operands, asm, constraints)
    }

    /// `llvm.call @callee(args) : result`.
    pub fn call(&self, result: MlirType, callee: &str, args: &[MlirValue]) -> MlirValue {
        unsafe {
            layout_nvvm_build_call(
                self.insertion(),
                self.loc,
                result,
                sref(callee),
                args.as_ptr(),
                args.len(),
            )
        }
    }

    /// The external declaration `llvm.func @name` of the `!llvm.func` type `function_ty`.
    pub fn func_declaration(&self, name: &str, function_ty: MlirType) -> MlirOperation {
        unsafe {
            layout_nvvm_build_func_declaration(self.insertion(), self.loc, sref(name), function_ty)
        }
    }
}
