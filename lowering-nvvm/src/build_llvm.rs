//! The LLVM-dialect ops of the lowering, each made by melior's `OperationBuilder` with typed
//! attributes (`IntegerAttribute`, `DenseI32ArrayAttribute`, `TypeAttribute`, ...) the way the
//! op's ODS-generated C++ builder makes it, and inserted before the op being lowered through
//! [`Builder::insert`] (the pattern's rewriter). Attributes the C++ builders leave unset, or
//! set to their default (`ordering = not_atomic`, `tail_call_kind = none`, `CConv = ccc`,
//! overflow flags none), are left unset here: an absent default-valued attribute reads as its
//! default.

use melior::ir::attribute::AttributeLike;
use melior::ir::attribute::{
    Attribute, DenseElementsAttribute, DenseI32ArrayAttribute, DenseI64ArrayAttribute,
    FlatSymbolRefAttribute, IntegerAttribute, StringAttribute, TypeAttribute,
};
use melior::ir::operation::{Operation, OperationBuilder, OperationRef};
use melior::ir::r#type::{IntegerType, Type};
use melior::ir::{Identifier, Location, TypeLike, ValueLike};
use melior::Context;
use mlir_sys::{mlirLLVMStructTypeGetElementType, mlirLLVMStructTypeGetNumElementTypes};

use crate::build::{Builder, Val};

/// The binary integer ops.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Binary {
    Add,
    Mul,
    UDiv,
    URem,
    And,
    Or,
    Xor,
    Shl,
    LShr,
}

/// The casts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cast {
    ZExt,
    Trunc,
    Bitcast,
    FPTrunc,
    PtrToInt,
    IntToPtr,
    AddrSpaceCast,
}

/// The integer comparisons.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Predicate {
    Eq,
    Ne,
    Ult,
}

/// The field types of an LLVM struct type (literal or identified; none for an opaque one);
/// `None` for another type.
pub(crate) fn struct_body(ty: Type<'_>) -> Option<Vec<Type<'_>>> {
    if !ty.is_llvm_struct_type() {
        return None;
    }
    // SAFETY: `ty` is a live type (melior's `Type`), checked above to be an LLVM struct type;
    // each position read is below its field count, and the field types belong to the same
    // context as `ty`.
    unsafe {
        let n = mlirLLVMStructTypeGetNumElementTypes(ty.to_raw());
        Some(
            (0..n)
                .map(|i| Type::from_raw(mlirLLVMStructTypeGetElementType(ty.to_raw(), i)))
                .collect(),
        )
    }
}

/// The type of field `position` of the LLVM struct type `ty`; `None` for another type or a
/// position past its fields.
fn struct_field(ty: Type<'_>, position: usize) -> Option<Type<'_>> {
    struct_body(ty)?.get(position).copied()
}

impl Binary {
    /// The op's name.
    fn name(self) -> &'static str {
        match self {
            Binary::Add => "llvm.add",
            Binary::Mul => "llvm.mul",
            Binary::UDiv => "llvm.udiv",
            Binary::URem => "llvm.urem",
            Binary::And => "llvm.and",
            Binary::Or => "llvm.or",
            Binary::Xor => "llvm.xor",
            Binary::Shl => "llvm.shl",
            Binary::LShr => "llvm.lshr",
        }
    }
}

impl Cast {
    /// The op's name.
    fn name(self) -> &'static str {
        match self {
            Cast::ZExt => "llvm.zext",
            Cast::Trunc => "llvm.trunc",
            Cast::Bitcast => "llvm.bitcast",
            Cast::FPTrunc => "llvm.fptrunc",
            Cast::PtrToInt => "llvm.ptrtoint",
            Cast::IntToPtr => "llvm.inttoptr",
            Cast::AddrSpaceCast => "llvm.addrspacecast",
        }
    }
}

impl Predicate {
    /// The value of LLVM's `ICmpPredicate` (the i64 `predicate` attribute of `llvm.icmp`).
    fn value(self) -> i64 {
        match self {
            Predicate::Eq => 0,
            Predicate::Ne => 1,
            Predicate::Ult => 6,
        }
    }
}

impl<'c> Builder<'c> {
    /// The identifier `name` of the context.
    fn id(&self, name: &str) -> Identifier<'c> {
        Identifier::new(self.context(), name)
    }

    /// `llvm.mlir.constant(value)` of a typed attribute (its type is the result's).
    pub fn constant(&self, value: Attribute<'c>) -> Val<'c> {
        self.insert_one(
            OperationBuilder::new("llvm.mlir.constant", self.location())
                .add_attributes(&[(self.id("value"), value)])
                .add_results(&[value.r#type()])
                .build()
                .expect("llvm.mlir.constant of a typed attribute"),
        )
    }

    /// `llvm.mlir.constant(v : ty)` of the integer type `ty`.
    pub fn const_int(&self, v: i64, ty: Type<'c>) -> Val<'c> {
        self.constant(IntegerAttribute::new(ty, v).into())
    }

    /// The i32 constant `v`.
    pub fn c32(&self, v: i64) -> Val<'c> {
        self.const_int(v, self.i32())
    }

    /// The i64 constant `v`.
    pub fn c64(&self, v: i64) -> Val<'c> {
        self.const_int(v, self.i64())
    }

    /// `llvm.mlir.constant(true) : i1`.
    pub fn const_true(&self) -> Val<'c> {
        self.const_int(1, self.i1())
    }

    /// `llvm.mlir.undef : ty`.
    pub fn undef(&self, ty: Type<'c>) -> Val<'c> {
        self.insert_one(melior::dialect::llvm::undef(ty, self.location()))
    }

    /// `llvm.mlir.poison : ty`.
    pub fn poison(&self, ty: Type<'c>) -> Val<'c> {
        self.insert_one(melior::dialect::llvm::poison(ty, self.location()))
    }

    /// The op `name` of `operands`, its one result of the type the op infers.
    fn inferred(&self, name: &str, operands: &[Val<'c>]) -> Val<'c> {
        self.insert_one(
            OperationBuilder::new(name, self.location())
                .add_operands(operands)
                .enable_result_type_inference()
                .build()
                .expect("an LLVM op that infers its result type"),
        )
    }

    /// The op `name` of `operands` with the attributes `attributes`, its one result of type
    /// `ty`.
    fn typed(
        &self,
        name: &str,
        operands: &[Val<'c>],
        attributes: &[(Identifier<'c>, Attribute<'c>)],
        ty: Type<'c>,
    ) -> Val<'c> {
        self.insert_one(
            OperationBuilder::new(name, self.location())
                .add_operands(operands)
                .add_attributes(attributes)
                .add_results(&[ty])
                .build()
                .expect("an LLVM op of one result"),
        )
    }

    /// The two-operand op `name` (an LLVM op or intrinsic whose operands and result share one
    /// type, e.g. `llvm.fadd`, `llvm.intr.maxnum`) of `a` and `b`, no flags.
    pub fn same_type_op(&self, name: &str, a: Val<'c>, b: Val<'c>) -> Val<'c> {
        self.typed(name, &[a, b], &[], a.r#type())
    }

    /// The binary integer op `kind` of `a` and `b` (of their type, no overflow flags).
    pub fn binary(&self, kind: Binary, a: Val<'c>, b: Val<'c>) -> Val<'c> {
        self.inferred(kind.name(), &[a, b])
    }

    /// `llvm.add a, b`.
    pub fn add(&self, a: Val<'c>, b: Val<'c>) -> Val<'c> {
        self.binary(Binary::Add, a, b)
    }

    /// `llvm.mul a, b`.
    pub fn mul(&self, a: Val<'c>, b: Val<'c>) -> Val<'c> {
        self.binary(Binary::Mul, a, b)
    }

    /// `llvm.udiv a, b`.
    pub fn udiv(&self, a: Val<'c>, b: Val<'c>) -> Val<'c> {
        self.binary(Binary::UDiv, a, b)
    }

    /// `llvm.urem a, b`.
    pub fn urem(&self, a: Val<'c>, b: Val<'c>) -> Val<'c> {
        self.binary(Binary::URem, a, b)
    }

    /// `llvm.and a, b`.
    pub fn and(&self, a: Val<'c>, b: Val<'c>) -> Val<'c> {
        self.binary(Binary::And, a, b)
    }

    /// `llvm.or a, b`.
    pub fn or(&self, a: Val<'c>, b: Val<'c>) -> Val<'c> {
        self.binary(Binary::Or, a, b)
    }

    /// `llvm.xor a, b`.
    pub fn xor(&self, a: Val<'c>, b: Val<'c>) -> Val<'c> {
        self.binary(Binary::Xor, a, b)
    }

    /// `llvm.shl a, b`.
    pub fn shl(&self, a: Val<'c>, b: Val<'c>) -> Val<'c> {
        self.binary(Binary::Shl, a, b)
    }

    /// `llvm.lshr a, b`.
    pub fn lshr(&self, a: Val<'c>, b: Val<'c>) -> Val<'c> {
        self.binary(Binary::LShr, a, b)
    }

    /// The cast `kind` of `v` to `ty`.
    pub fn cast(&self, kind: Cast, v: Val<'c>, ty: Type<'c>) -> Val<'c> {
        self.typed(kind.name(), &[v], &[], ty)
    }

    /// `llvm.zext v : ty`.
    pub fn zext(&self, v: Val<'c>, ty: Type<'c>) -> Val<'c> {
        self.cast(Cast::ZExt, v, ty)
    }

    /// `llvm.trunc v : ty`.
    pub fn trunc(&self, v: Val<'c>, ty: Type<'c>) -> Val<'c> {
        self.cast(Cast::Trunc, v, ty)
    }

    /// `llvm.bitcast v : ty`.
    pub fn bitcast(&self, v: Val<'c>, ty: Type<'c>) -> Val<'c> {
        self.cast(Cast::Bitcast, v, ty)
    }

    /// `llvm.fptrunc v : ty`.
    pub fn fptrunc(&self, v: Val<'c>, ty: Type<'c>) -> Val<'c> {
        self.cast(Cast::FPTrunc, v, ty)
    }

    /// `llvm.ptrtoint v : i64`.
    pub fn ptrtoint(&self, v: Val<'c>) -> Val<'c> {
        self.cast(Cast::PtrToInt, v, self.i64())
    }

    /// `llvm.inttoptr v : ty`.
    pub fn inttoptr(&self, v: Val<'c>, ty: Type<'c>) -> Val<'c> {
        self.cast(Cast::IntToPtr, v, ty)
    }

    /// `llvm.addrspacecast v : ty`.
    pub fn addrspacecast(&self, v: Val<'c>, ty: Type<'c>) -> Val<'c> {
        self.cast(Cast::AddrSpaceCast, v, ty)
    }

    /// `llvm.icmp <predicate> a, b : i1`.
    pub fn icmp(&self, predicate: Predicate, a: Val<'c>, b: Val<'c>) -> Val<'c> {
        let p = IntegerAttribute::new(self.i64(), predicate.value());
        self.insert_one(
            OperationBuilder::new("llvm.icmp", self.location())
                .add_operands(&[a, b])
                .add_attributes(&[(self.id("predicate"), p.into())])
                .enable_result_type_inference()
                .build()
                .expect("llvm.icmp of two integers"),
        )
    }

    /// `llvm.select condition, on_true, on_false`.
    pub fn select(&self, condition: Val<'c>, on_true: Val<'c>, on_false: Val<'c>) -> Val<'c> {
        self.inferred("llvm.select", &[condition, on_true, on_false])
    }

    /// `llvm.extractelement vector[position]`.
    pub fn extract_element(&self, vector: Val<'c>, position: Val<'c>) -> Val<'c> {
        self.inferred("llvm.extractelement", &[vector, position])
    }

    /// `llvm.insertelement value, vector[position]`.
    pub fn insert_element(&self, vector: Val<'c>, value: Val<'c>, position: Val<'c>) -> Val<'c> {
        self.inferred("llvm.insertelement", &[vector, value, position])
    }

    /// `llvm.extractvalue container[position]` (a struct field, whose type is the result's).
    /// An error, naming the type, when `container` is not an LLVM struct with a field
    /// `position`.
    pub fn extract_value(&self, container: Val<'c>, position: usize) -> Result<Val<'c>, String> {
        let ty = container.r#type();
        let field = struct_field(ty, position).ok_or_else(|| {
            format!("internal: llvm.extractvalue of field {position} of {ty}, which is not an LLVM struct with that field")
        })?;
        Ok(self.insert_one(melior::dialect::llvm::extract_value(
            self.context(),
            container,
            DenseI64ArrayAttribute::new(self.context(), &[position as i64]),
            field,
            self.location(),
        )))
    }

    /// `llvm.insertvalue value, container[position]` (a struct field).
    pub fn insert_value(&self, container: Val<'c>, value: Val<'c>, position: usize) -> Val<'c> {
        self.insert_one(melior::dialect::llvm::insert_value(
            self.context(),
            container,
            DenseI64ArrayAttribute::new(self.context(), &[position as i64]),
            value,
            self.location(),
        ))
    }

    /// `llvm.getelementptr base[index]` over `elem` elements, the pointer of type `ptr_ty`:
    /// a dynamic index when `dynamic` is given, else the constant `constant` (the raw constant
    /// indices of a dynamic index are `i32::MIN`, as `GEPArg` makes them).
    fn gep(
        &self,
        ptr_ty: Type<'c>,
        elem: Type<'c>,
        base: Val<'c>,
        dynamic: Option<Val<'c>>,
        constant: i32,
    ) -> Val<'c> {
        let op = match dynamic {
            Some(index) => melior::dialect::llvm::get_element_ptr_dynamic(
                self.context(),
                base,
                &[index],
                elem,
                ptr_ty,
                self.location(),
            ),
            None => melior::dialect::llvm::get_element_ptr(
                self.context(),
                base,
                DenseI32ArrayAttribute::new(self.context(), &[constant]),
                elem,
                ptr_ty,
                self.location(),
            ),
        };
        self.insert_one(op)
    }

    /// `base + off` bytes on a pointer of type `ptr_ty` (getelementptr i8 by a value).
    pub fn byte_offset(&self, base: Val<'c>, off: Val<'c>, ptr_ty: Type<'c>) -> Val<'c> {
        self.gep(ptr_ty, self.int(8), base, Some(off), 0)
    }

    /// `base + off` bytes on a pointer of type `ptr_ty` (getelementptr i8 by a constant;
    /// `base` itself for 0).
    pub fn const_byte_offset(&self, base: Val<'c>, off: i64, ptr_ty: Type<'c>) -> Val<'c> {
        if off == 0 {
            return base;
        }
        self.gep(ptr_ty, self.int(8), base, None, off as i32)
    }

    /// `base + off` bytes on a pointer of type `ptr_ty` (getelementptr i8 by a constant), an
    /// op also for 0.
    pub fn const_byte_gep(&self, base: Val<'c>, off: i32, ptr_ty: Type<'c>) -> Val<'c> {
        self.gep(ptr_ty, self.int(8), base, None, off)
    }

    /// Element `index` of an array of `elem` at `base` (getelementptr by a constant), a
    /// `!llvm.ptr`.
    pub fn element_ptr(&self, base: Val<'c>, elem: Type<'c>, index: usize) -> Val<'c> {
        self.gep(self.ptr(0), elem, base, None, index as i32)
    }

    /// `values[idx]` for an i32 `idx` below `values.len()`: a constant `vector<N x i32>` and
    /// `llvm.extractelement`.
    pub fn table_lookup(&self, values: &[i64], idx: Val<'c>) -> Result<Val<'c>, String> {
        let words = values
            .iter()
            .map(|&v| {
                i32::try_from(v)
                    .map(|w| IntegerAttribute::new(self.i32(), w as i64).into())
                    .map_err(|_| format!("internal: {v} is not an i32"))
            })
            .collect::<Result<Vec<Attribute<'c>>, String>>()?;
        let ty = self.vector(words.len(), self.i32());
        let table = DenseElementsAttribute::new(ty, &words)
            .map_err(|e| format!("internal: the table {values:?}: {e}"))?;
        let table = self.constant(table.into());
        Ok(self.extract_element(table, idx))
    }

    /// The `alignment` attribute of `alignment` bytes: none when 0 (unknown).
    fn alignment(&self, alignment: u32) -> Vec<(Identifier<'c>, Attribute<'c>)> {
        if alignment == 0 {
            return Vec::new();
        }
        let a = IntegerAttribute::new(self.i64(), alignment as i64);
        vec![(self.id("alignment"), a.into())]
    }

    /// `llvm.load address : ty`, `alignment` bytes aligned (unknown when 0).
    pub fn load(&self, ty: Type<'c>, address: Val<'c>, alignment: u32) -> Val<'c> {
        self.typed("llvm.load", &[address], &self.alignment(alignment), ty)
    }

    /// `llvm.store value, address`, `alignment` bytes aligned (unknown when 0).
    pub fn store(&self, value: Val<'c>, address: Val<'c>, alignment: u32) {
        self.insert(
            OperationBuilder::new("llvm.store", self.location())
                .add_operands(&[value, address])
                .add_attributes(&self.alignment(alignment))
                .build()
                .expect("llvm.store of a value to a pointer"),
        );
    }

    /// The i32 `alignment` attribute of the masked memory intrinsics.
    fn masked_alignment(&self, alignment: u32) -> [(Identifier<'c>, Attribute<'c>); 1] {
        let a = IntegerAttribute::new(self.i32(), alignment as i64);
        [(self.id("alignment"), a.into())]
    }

    /// `llvm.intr.masked.load address, mask, pass_thru : ty`: the elements of the vector type
    /// `ty` whose `mask` bit is set read at `address` (`alignment` bytes aligned), the others
    /// `pass_thru`'s.
    pub fn masked_load(
        &self,
        ty: Type<'c>,
        address: Val<'c>,
        mask: Val<'c>,
        pass_thru: Val<'c>,
        alignment: u32,
    ) -> Val<'c> {
        self.typed(
            "llvm.intr.masked.load",
            &[address, mask, pass_thru],
            &self.masked_alignment(alignment),
            ty,
        )
    }

    /// `llvm.intr.masked.store value, address, mask`: the elements of the vector `value`
    /// whose `mask` bit is set written at `address` (`alignment` bytes aligned).
    pub fn masked_store(&self, value: Val<'c>, address: Val<'c>, mask: Val<'c>, alignment: u32) {
        self.insert(
            OperationBuilder::new("llvm.intr.masked.store", self.location())
                .add_operands(&[value, address, mask])
                .add_attributes(&self.masked_alignment(alignment))
                .build()
                .expect("llvm.intr.masked.store of a vector to a pointer"),
        );
    }

    /// `llvm.getelementptr base[index]` over `elem` elements (a dynamic index), a pointer of
    /// `base`'s type.
    pub fn element_address(&self, base: Val<'c>, elem: Type<'c>, index: Val<'c>) -> Val<'c> {
        self.gep(base.r#type(), elem, base, Some(index), 0)
    }

    /// `llvm.getelementptr base[index]` over `elem` elements (a constant index), a pointer of
    /// `base`'s type.
    pub fn const_element_address(&self, base: Val<'c>, elem: Type<'c>, index: i32) -> Val<'c> {
        self.gep(base.r#type(), elem, base, None, index)
    }

    /// `llvm.mlir.addressof @name : ptr_ty`.
    pub fn address_of(&self, name: &str, ptr_ty: Type<'c>) -> Val<'c> {
        let symbol = FlatSymbolRefAttribute::new(self.context(), name);
        self.typed(
            "llvm.mlir.addressof",
            &[],
            &[(self.id("global_name"), symbol.into())],
            ptr_ty,
        )
    }

    /// The internal global `llvm.mlir.global internal @name() {addr_space, alignment} : ty`
    /// without initializer (`ty` an array; shared memory for `addr_space` 3), inserted.
    pub fn internal_global(&self, name: &str, ty: Type<'c>, alignment: i64, addr_space: i64) {
        self.insert(internal_global(
            self.context(),
            self.location(),
            name,
            ty,
            alignment,
            addr_space,
        ));
    }

    /// `llvm.alloca count x elem`, a `!llvm.ptr`.
    pub fn alloca(&self, elem: Type<'c>, count: Val<'c>) -> Val<'c> {
        let elem_type = (self.id("elem_type"), TypeAttribute::new(elem).into());
        self.typed("llvm.alloca", &[count], &[elem_type], self.ptr(0))
    }

    /// `llvm.inline_asm has_side_effects asm, constraints` over `operands`, of type `result`
    /// (none: no result); the op.
    fn asm(
        &self,
        result: Option<Type<'c>>,
        operands: &[Val<'c>],
        asm: &str,
        constraints: &str,
    ) -> OperationRef<'c, 'c> {
        let ctx = self.context();
        self.insert(
            OperationBuilder::new("llvm.inline_asm", self.location())
                .add_operands(operands)
                .add_attributes(&[
                    (self.id("asm_string"), StringAttribute::new(ctx, asm).into()),
                    (
                        self.id("constraints"),
                        StringAttribute::new(ctx, constraints).into(),
                    ),
                    (self.id("has_side_effects"), Attribute::unit(ctx)),
                ])
                .add_results(result.as_slice())
                .build()
                .expect("llvm.inline_asm"),
        )
    }

    /// `llvm.inline_asm has_side_effects asm, constraints` over `operands`, without result.
    pub fn inline_asm(&self, operands: &[Val<'c>], asm: &str, constraints: &str) {
        self.asm(None, operands, asm, constraints);
    }

    /// `llvm.inline_asm has_side_effects asm, constraints` over `operands`: its result, of
    /// type `result`.
    pub fn inline_asm_value(
        &self,
        result: Type<'c>,
        operands: &[Val<'c>],
        asm: &str,
        constraints: &str,
    ) -> Val<'c> {
        self.asm(Some(result), operands, asm, constraints)
            .result(0)
            .expect("an inline asm of one result")
            .into()
    }

    /// `llvm.call @callee(args) : result` (no operand bundles).
    pub fn call(&self, result: Type<'c>, callee: &str, args: &[Val<'c>]) -> Val<'c> {
        let ctx = self.context();
        let segments = DenseI32ArrayAttribute::new(ctx, &[args.len() as i32, 0]);
        let attributes = [
            (
                self.id("callee"),
                FlatSymbolRefAttribute::new(ctx, callee).into(),
            ),
            (self.id("operandSegmentSizes"), segments.into()),
            (
                self.id("op_bundle_sizes"),
                DenseI32ArrayAttribute::new(ctx, &[]).into(),
            ),
        ];
        self.typed("llvm.call", args, &attributes, result)
    }

    /// `llvm.call_intrinsic "name"(args) : result` (no operand bundles).
    pub fn call_intrinsic(&self, result: Type<'c>, name: &str, args: &[Val<'c>]) -> Val<'c> {
        let ctx = self.context();
        let segments = DenseI32ArrayAttribute::new(ctx, &[args.len() as i32, 0]);
        let attributes = [
            (self.id("intrin"), StringAttribute::new(ctx, name).into()),
            (self.id("operandSegmentSizes"), segments.into()),
            (
                self.id("op_bundle_sizes"),
                DenseI32ArrayAttribute::new(ctx, &[]).into(),
            ),
        ];
        self.typed("llvm.call_intrinsic", args, &attributes, result)
    }

    /// The external declaration `llvm.func @name` of the `!llvm.func` type `function_ty`,
    /// with its one empty region.
    pub fn func_declaration(&self, name: &str, function_ty: Type<'c>) -> OperationRef<'c, 'c> {
        use melior::dialect::llvm::attributes::{linkage, Linkage};
        let ctx = self.context();
        self.insert(melior::dialect::llvm::func(
            ctx,
            StringAttribute::new(ctx, name),
            TypeAttribute::new(function_ty),
            melior::ir::Region::new(),
            &[(self.id("linkage"), linkage(ctx, Linkage::External))],
            self.location(),
        ))
    }
}

/// The internal global `llvm.mlir.global internal @name() {addr_space, alignment} : ty` at
/// `loc`, without initializer (`ty` an array; shared memory for `addr_space` 3), not inserted:
/// what `LLVM::GlobalOp::create` makes with these arguments.
pub(crate) fn internal_global<'c>(
    ctx: &'c Context,
    loc: Location<'c>,
    name: &str,
    ty: Type<'c>,
    alignment: i64,
    addr_space: i64,
) -> Operation<'c> {
    use melior::dialect::llvm::attributes::{linkage, Linkage};
    let id = |n: &str| Identifier::new(ctx, n);
    OperationBuilder::new("llvm.mlir.global", loc)
        .add_attributes(&[
            (id("sym_name"), StringAttribute::new(ctx, name).into()),
            (id("global_type"), TypeAttribute::new(ty).into()),
            (
                id("alignment"),
                IntegerAttribute::new(IntegerType::new(ctx, 64).into(), alignment).into(),
            ),
            (id("linkage"), linkage(ctx, Linkage::Internal)),
            (
                id("addr_space"),
                IntegerAttribute::new(IntegerType::new(ctx, 32).into(), addr_space).into(),
            ),
        ])
        .add_regions([melior::ir::Region::new()])
        .build()
        .expect("llvm.mlir.global of a type")
}
