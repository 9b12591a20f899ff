//! The op builder of the lowering: where new ops go (before the op being lowered), the types
//! they are made with (melior's typed constructors), and the replacement of the lowered op.
//! The ops themselves are made in [`crate::build_llvm`] (LLVM dialect, melior's
//! `OperationBuilder` with typed attributes, inserted through [`Builder::insert`]) and
//! [`crate::build_nvvm`] (NVVM, the ops' ODS-generated C++ builders of cpp/NvvmOpBuilders.cpp,
//! which take NVVM enum attributes that have no C API). Every op goes through the rewriter of
//! the conversion pattern that lowers the op (cpp/HardwareOpLowering.cpp), so that MLIR's
//! dialect conversion sees every op created and every op replaced.
//!
//! One lifetime `'c` covers the context, the op being lowered, its operands and the ops made:
//! all of them live for the pattern's call of `layout_nvvm_lower_op` (src/pass.rs), which is
//! where the handles coming from C++ are wrapped.

use melior::ir::block::BlockLike;
use melior::ir::operation::{Operation, OperationBuilder, OperationLike, OperationRef};
use melior::ir::r#type::{IntegerType, Type};
use melior::ir::{BlockRef, Location, Value};
use melior::{Context, RewriterBase};
use mlir_sys::MlirRewriterBase;

/// A value of the lowering: an operand of the op being lowered or a result of an op made for
/// it, all alive for the pattern's call (see the module note).
pub type Val<'c> = Value<'c, 'c>;

/// Where new ops go: before an op, or at the end of a block.
#[derive(Clone, Copy)]
enum At<'c> {
    Before(OperationRef<'c, 'c>),
    End(BlockRef<'c, 'c>),
}

/// Inserts new ops before an op (or at the end of an empty block), at an op's location,
/// through the pattern's rewriter.
pub struct Builder<'c> {
    ctx: &'c Context,
    loc: Location<'c>,
    at: At<'c>,
    rewriter: PatternRewriter<'c>,
}

/// The rewriter of a conversion pattern, as melior's typed handle and as the raw handle the
/// C++ NVVM builders take (melior's `RewriterBase` does not give its handle back).
///
/// Invariant (why the fields are private): `raw` is the handle `typed` was made from.
#[derive(Clone, Copy)]
pub struct PatternRewriter<'c> {
    typed: &'c RewriterBase<'c, 'c>,
    raw: MlirRewriterBase,
}

impl<'c> PatternRewriter<'c> {
    /// The rewriter `typed`, whose handle is `raw`.
    ///
    /// # Safety
    /// `typed` was made from `raw` (`RewriterBase::from_raw(raw)`).
    pub(crate) unsafe fn new(typed: &'c RewriterBase<'c, 'c>, raw: MlirRewriterBase) -> Self {
        PatternRewriter { typed, raw }
    }
}

impl<'c> Builder<'c> {
    /// Insert before `at`, at its location, through `rewriter` (the pattern's); `ctx` is the
    /// context of `at`.
    pub fn before(
        ctx: &'c Context,
        at: OperationRef<'c, 'c>,
        rewriter: PatternRewriter<'c>,
    ) -> Builder<'c> {
        Builder {
            ctx,
            loc: at.location(),
            at: At::Before(at),
            rewriter,
        }
    }

    /// Insert at the start of `block` (at its end when empty), at `loc_of`'s location.
    pub fn at_start(
        ctx: &'c Context,
        loc_of: OperationRef<'c, 'c>,
        block: BlockRef<'c, 'c>,
        rewriter: PatternRewriter<'c>,
    ) -> Builder<'c> {
        Builder {
            ctx,
            loc: loc_of.location(),
            at: block.first_operation().map_or(At::End(block), At::Before),
            rewriter,
        }
    }

    /// The context of the ops made.
    pub fn context(&self) -> &'c Context {
        self.ctx
    }

    /// The location of the ops made.
    pub fn location(&self) -> Location<'c> {
        self.loc
    }

    /// The rewriter new ops go through.
    pub(crate) fn rewriter(&self) -> PatternRewriter<'c> {
        self.rewriter
    }

    /// Sets the rewriter's insertion point to where this builder's ops go (another builder
    /// on the same rewriter may have moved it).
    fn set_insertion_point(&self) {
        match self.at {
            At::Before(op) => self.rewriter.typed.set_insertion_point_before(op),
            At::End(block) => self.rewriter.typed.set_insertion_point_to_end(block),
        }
    }

    /// Inserts `op` where this builder's ops go, through the rewriter (which tells the
    /// conversion driver); the op inserted.
    pub(crate) fn insert(&self, op: Operation<'c>) -> OperationRef<'c, 'c> {
        self.set_insertion_point();
        self.rewriter.typed.insert(op)
    }

    /// Inserts the one-result op `op` (see [`Builder::insert`]); its result.
    pub(crate) fn insert_one(&self, op: Operation<'c>) -> Val<'c> {
        let op = self.insert(op);
        op.result(0)
            .expect("the ops of build_llvm that give a value have one result")
            .into()
    }

    /// The raw rewriter, its insertion point set to where this builder's ops go: for the
    /// C++ NVVM builders, which create their op there.
    pub(crate) fn insertion(&self) -> MlirRewriterBase {
        self.set_insertion_point();
        self.rewriter.raw
    }

    /// Replace every use of `op`'s results by `values` and erase `op` (through the rewriter).
    pub fn replace(&self, op: OperationRef<'c, 'c>, values: &[Val<'c>]) {
        if values.is_empty() {
            self.rewriter.typed.erase_op(op);
        } else {
            self.rewriter.typed.replace_op_with_values(op, values);
        }
    }

    /// `builtin.unrealized_conversion_cast v : ty`: a value held as another type until a later
    /// conversion folds the cast (a register tensor as the LLVM values of its registers).
    pub fn unrealized_cast(&self, v: Val<'c>, ty: Type<'c>) -> Val<'c> {
        self.insert_one(
            OperationBuilder::new("builtin.unrealized_conversion_cast", self.loc)
                .add_operands(&[v])
                .add_results(&[ty])
                .build()
                .expect("an unrealized_conversion_cast of one value"),
        )
    }

    /// The signless integer type of `bits` bits (`i1`, `i32`, ...).
    pub fn int(&self, bits: u32) -> Type<'c> {
        IntegerType::new(self.ctx, bits).into()
    }

    pub fn i1(&self) -> Type<'c> {
        self.int(1)
    }

    pub fn i32(&self) -> Type<'c> {
        self.int(32)
    }

    pub fn i64(&self) -> Type<'c> {
        self.int(64)
    }

    pub fn f32(&self) -> Type<'c> {
        Type::float32(self.ctx)
    }

    /// `!llvm.ptr<space>` (`!llvm.ptr` for 0).
    pub fn ptr(&self, space: u32) -> Type<'c> {
        melior::dialect::llvm::r#type::pointer(self.ctx, space)
    }

    /// `vector<n x elem>`.
    pub fn vector(&self, n: usize, elem: Type<'c>) -> Type<'c> {
        Type::vector(&[n as u64], elem)
    }

    /// The literal (unnamed, unpacked) `!llvm.struct<(fields)>`.
    pub fn structure(&self, fields: &[Type<'c>]) -> Type<'c> {
        melior::dialect::llvm::r#type::r#struct(self.ctx, fields, false)
    }

    /// `!llvm.func<result (args)>` (not variadic).
    pub fn function(&self, result: Type<'c>, args: &[Type<'c>]) -> Type<'c> {
        melior::dialect::llvm::r#type::function(result, args, false)
    }

    /// The element type named `name`: `f16`, `bf16`, `f32`, `f64` or a signless `iN`.
    pub fn element(&self, name: &str) -> Result<Type<'c>, String> {
        Ok(match name {
            "f16" => Type::float16(self.ctx),
            "bf16" => Type::bfloat16(self.ctx),
            "f32" => Type::float32(self.ctx),
            "f64" => Type::float64(self.ctx),
            _ => match name.strip_prefix('i').and_then(|b| b.parse::<u32>().ok()) {
                Some(bits) if bits > 0 => self.int(bits),
                _ => return Err(format!("internal: no element type {name}")),
            },
        })
    }
}
