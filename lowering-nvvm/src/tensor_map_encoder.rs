//! The host function that encodes a kernel's TMA tensor maps, derived from the kernel
//! (`layout.tensor_map_encoder = @name` on a `gpu.func`; run first by `--layout-lower-tensors`).
//!
//! A kernel that copies through TMA reads each tensor map from an argument; the host must fill
//! those maps (cuTensorMapEncodeTiled) with the global tensor's extents and strides and the box
//! of the kernel's copies. Everything the encoding needs is already stated by the kernel, so the
//! function is derived rather than written:
//!
//! ```text
//! func.func @name(%map_1: !llvm.ptr, %data_1: !llvm.ptr, ...,   a pair per map
//!                 %s_1: T_1, ...) -> i32                        the kernel's integer and
//!                                                               index arguments, in order
//! ```
//!
//! - A map is a kernel argument of which `layout.make_tensor` makes a `tma` tensor (at most one
//!   such tensor per argument); the pairs come in the order of those arguments.
//! - The map's layout L (the make_tensor's layout operand) is recomputed on the host: its
//!   backward slice in the kernel, which may hold only pure, region-free ops of the `arith` and
//!   `layout` dialects and reach only the kernel's integer and index arguments, is cloned in
//!   order, the kernel's arguments replaced by the host function's. A value cloned for one map
//!   is reused by the next.
//! - The box is the shared tile of the kernel's `layout.tma_copy`s of the map's tensor (found
//!   through `layout.local_tile`s): the layout of the copy's shared operand, or for a load with
//!   `multicast = n` the slice one CTA loads (mode 0 cut in n, the tile of
//!   `layout_algebra::ops::multicast_slice`). Every copy of one map must move the same tile.
//! - Each map's status is `layout.encode_tensor_map %map, make_tensor(%data, L) {smem = box}`
//!   on the global tensor of the map's element type and layout. When the kernel asks
//!   `layout.tma_encodable` of the map's tensor it uses the map only when that holds, so the
//!   host encodes it under the same predicate (`scf.if`, status 0 otherwise).
//! - The function returns the statuses or-ed together (0: every map the kernel may use was
//!   encoded). It is put just before the kernel's `gpu.module`, and the attribute is removed.
//!
//! Every refusal is an error at the op that breaks a rule, naming the kernel argument.

use std::collections::{HashMap, HashSet};
use std::panic::AssertUnwindSafe;

use layout_algebra::ops::multicast_slice::{multicast_slice, MulticastError};
use layout_algebra::Error;
use layout_dialect::ffi::Stored;
use layout_dialect::ir::{is_pure, nested_ops, uses};
use layout_dialect::memory_tensor::{memory_tensor, memory_tensor_type, MemorySpace};
use layout_dialect::op_diagnostics::{emit_op_error_noted, op_name};
use melior::dialect::llvm;
use melior::ir::attribute::{
    FlatSymbolRefAttribute, IntegerAttribute, StringAttribute, TypeAttribute,
};
use melior::ir::block::{BlockArgument, BlockLike};
use melior::ir::operation::{
    OperationBuilder, OperationLike, OperationMutLike, OperationRef, OperationResult, WalkOrder,
};
use melior::ir::r#type::{FunctionType, IntegerType};
use melior::ir::{
    Attribute, Block, BlockRef, Identifier, Location, Operation, Region, RegionLike, Type,
    TypeLike, Value, ValueLike,
};
use melior::Context;
use mlir_sys::MlirOperation;

/// The attribute on a kernel that names the host function to derive.
const ENCODER_ATTR: &str = "layout.tensor_map_encoder";

/// An error was emitted at the op that broke a rule; the derivation stops.
struct Reported;

/// The key of a value in the maps below (its handle).
fn key(v: Value<'_, '_>) -> usize {
    v.to_raw().ptr as usize
}

/// Emit `message` at `op` and stop.
fn refuse<T>(op: &OperationRef<'_, '_>, message: &str) -> Result<T, Reported> {
    emit_op_error_noted(op, message, None);
    Err(Reported)
}

/// One tensor map of the kernel: its argument (number and value), the make_tensor of its tma
/// tensor, the box (shared tile of one TMA copy) and whether the kernel asks
/// `layout.tma_encodable` of it.
struct KernelMap<'c, 'a> {
    number: usize,
    arg: Value<'c, 'a>,
    make: OperationRef<'c, 'a>,
    tile: Type<'c>,
    optional: bool,
}

/// The message of a multicast slice the algebra refuses (what the dialect's C++ shows of it).
fn multicast_message(shared: Type<'_>, e: MulticastError) -> String {
    match e {
        MulticastError::NoRank => format!("the shared tile '{shared}' has no rank"),
        MulticastError::NotStatic(m) => {
            format!("the shared tile '{shared}' has no static extent in mode {m}")
        }
        MulticastError::NotMultiple(_) => String::new(),
        MulticastError::Algebra(e) | MulticastError::NotTranslation(e) => match e {
            Error::Parse { message, .. } => message,
            e => e.to_string(),
        },
    }
}

/// The shared tile one CTA's TMA of `copy` moves: the shared operand's layout, mode 0 cut in
/// `multicast` slices.
fn box_of<'c>(ctx: &'c Context, copy: OperationRef<'c, '_>) -> Result<Type<'c>, Reported> {
    let mut operands = copy.operands();
    let (Some(src), Some(dst)) = (operands.next(), operands.next()) else {
        return refuse(&copy, "internal: a tma_copy without source and destination");
    };
    let load = memory_tensor(src.r#type()).is_some_and(|t| t.space == MemorySpace::Tma);
    let Some(shared) = memory_tensor(if load { dst } else { src }.r#type()) else {
        return refuse(
            &copy,
            "internal: a tma_copy of a value that is not a tensor",
        );
    };
    let layout = shared.layout;
    let Some(n) = copy
        .attribute("multicast")
        .ok()
        .and_then(|a| IntegerAttribute::try_from(a).ok())
    else {
        return Ok(layout);
    };
    // The slice one CTA loads (the same layout at every cluster rank); a panic of the algebra
    // is an internal error at the copy, as the dialect's C API reports it.
    let sliced = std::panic::catch_unwind(AssertUnwindSafe(|| {
        match layout_dialect::type_value(layout) {
            Some(Ok(value)) => multicast_slice(&value, n.value()),
            _ => Err(MulticastError::NoRank),
        }
    }));
    let Ok(sliced) = sliced else {
        return refuse(&copy, "internal error: the layout algebra panicked");
    };
    match sliced {
        Ok(plan) => Ok(layout_dialect::value_type(
            ctx,
            Stored::Cute(plan.tile.tile),
        )),
        Err(e) => refuse(&copy, &multicast_message(layout, e)),
    }
}

/// The tma make_tensors of `arg` (one per use, in the order of its use list).
fn tma_makes<'c, 'a>(arg: Value<'c, 'a>) -> Vec<OperationRef<'c, 'a>> {
    uses(arg)
        .into_iter()
        .map(|(user, _)| user)
        .filter(|user| {
            op_name(user) == "layout.make_tensor"
                && user
                    .results()
                    .next()
                    .and_then(|r| memory_tensor(r.r#type()))
                    .is_some_and(|t| t.space == MemorySpace::Tma)
        })
        .collect()
}

/// The maps of the kernel whose entry block arguments are `args`, in their order, with their
/// boxes.
fn kernel_maps<'c, 'a>(
    ctx: &'c Context,
    args: &[Value<'c, 'a>],
) -> Result<Vec<KernelMap<'c, 'a>>, Reported> {
    let mut maps = Vec::new();
    for (number, &arg) in args.iter().enumerate() {
        let makes = tma_makes(arg);
        let Some(&make) = makes.first() else {
            continue;
        };
        if let Some(second) = makes.get(1) {
            return refuse(
                second,
                &format!(
                    "makes a second tma tensor of kernel argument {number}: {ENCODER_ATTR} \
                     derives one tensor map per argument"
                ),
            );
        }
        let Some(tensor) = make.results().next() else {
            return refuse(&make, "internal: a make_tensor without result");
        };
        let mut optional = false;
        let mut first: Option<(OperationRef<'c, 'a>, Type<'c>)> = None;
        // The copies and tma_encodable queries of the tensor, through local_tile.
        let mut work: Vec<Value<'c, 'a>> = vec![tensor.into()];
        while let Some(t) = work.pop() {
            for (user, _) in uses(t) {
                match op_name(&user).as_str() {
                    "layout.local_tile" => work.extend(user.results().next().map(Value::from)),
                    "layout.tma_encodable" => optional = true,
                    "layout.tma_copy" => {
                        let tile = box_of(ctx, user)?;
                        match first {
                            None => first = Some((user, tile)),
                            Some((other, agreed)) if tile != agreed => {
                                emit_op_error_noted(
                                    &user,
                                    &format!(
                                        "moves the shared tile '{tile}' through the tensor map \
                                         of kernel argument {number}, another copy the tile \
                                         '{agreed}': one map has one box, so its copies must \
                                         agree"
                                    ),
                                    Some((other.location(), "the other copy")),
                                );
                                return Err(Reported);
                            }
                            Some(_) => {}
                        }
                    }
                    _ => {}
                }
            }
        }
        let Some((_, tile)) = first else {
            return refuse(
                &make,
                &format!(
                    "makes a tma tensor of kernel argument {number} that no layout.tma_copy \
                     reads or writes: {ENCODER_ATTR} has no box to encode its map with"
                ),
            );
        };
        maps.push(KernelMap {
            number,
            arg,
            make,
            tile,
            optional,
        });
    }
    Ok(maps)
}

/// Whether `op` may be cloned into a host function: pure, without regions, of the arith or
/// layout dialect.
fn host_computable(op: OperationRef<'_, '_>) -> bool {
    let name = op_name(&op);
    let namespace = name.split('.').next().unwrap_or("");
    (namespace == "arith" || namespace == "layout") && op.region_count() == 0 && is_pure(op)
}

/// The ops of the kernel the host function clones, in the order it clones them.
struct Slices<'c, 'a> {
    /// The values the host function has (the kernel's size arguments and the results of the
    /// ops in `order`).
    known: HashSet<usize>,
    order: Vec<OperationRef<'c, 'a>>,
}

impl<'c, 'a> Slices<'c, 'a> {
    /// Appends the computation of `v` (a value of the kernel) that is not known yet to the
    /// ops to clone, operands before users; an error at `at` (the map's make_tensor) names
    /// the first op or argument the host cannot compute.
    fn add(
        &mut self,
        v: Value<'c, 'a>,
        at: OperationRef<'c, 'a>,
        argument: usize,
    ) -> Result<(), Reported> {
        if self.known.contains(&key(v)) {
            return Ok(());
        }
        if let Ok(arg) = BlockArgument::try_from(v) {
            let in_kernel = arg
                .owner()
                .parent_operation()
                .is_some_and(|p| op_name(&p) == "gpu.func");
            return refuse(
                &at,
                &if !in_kernel {
                    format!(
                        "computes the layout of the tensor map of kernel argument {argument} \
                         from an argument of a block inside the kernel (a loop's induction \
                         variable, say): the derived host function computes it from the \
                         kernel's arguments"
                    )
                } else {
                    format!(
                        "computes the layout of the tensor map of kernel argument {argument} \
                         from kernel argument {} of type '{}': the derived host function takes \
                         the kernel's integer and index arguments only",
                        arg.argument_number(),
                        arg.r#type()
                    )
                },
            );
        }
        let Ok(result) = OperationResult::try_from(v) else {
            return refuse(
                &at,
                "internal: a value that is neither an argument nor a result",
            );
        };
        let def = result.owner();
        if !host_computable(def) {
            emit_op_error_noted(
                &at,
                &format!(
                    "computes the layout of the tensor map of kernel argument {argument} with \
                     '{}', which the host cannot compute (only pure arith and layout ops \
                     without regions are cloned into the derived host function)",
                    op_name(&def)
                ),
                Some((def.location(), "computed here")),
            );
            return Err(Reported);
        }
        for operand in def.operands() {
            self.add(operand, at, argument)?;
        }
        self.known.extend(def.results().map(|r| key(r.into())));
        self.order.push(def);
        Ok(())
    }
}

/// The first block of the first region of `op`.
fn entry_block<'c, 'a>(op: OperationRef<'c, 'a>) -> Option<BlockRef<'c, 'a>> {
    op.regions().next().and_then(|r| r.first_block())
}

/// The arguments of `block`, in order.
fn block_arguments<'c, 'a>(block: BlockRef<'c, 'a>) -> Vec<Value<'c, 'a>> {
    (0..block.argument_count())
        .filter_map(|i| block.argument(i).ok().map(Value::from))
        .collect()
}

/// Makes the ops of a host function: at the kernel's location, an internal error at the kernel
/// if MLIR refuses to create one.
struct Host<'c, 'k> {
    ctx: &'c Context,
    kernel: OperationRef<'c, 'k>,
    loc: Location<'c>,
}

impl<'c> Host<'c, '_> {
    /// The op `name` with `operands`, `results`, `attributes` and `regions`, as its C++
    /// builder makes it.
    fn op(
        &self,
        name: &str,
        operands: &[Value<'c, '_>],
        results: &[Type<'c>],
        attributes: &[(&str, Attribute<'c>)],
        regions: Vec<Region<'c>>,
    ) -> Result<Operation<'c>, Reported> {
        let attributes: Vec<(Identifier<'c>, Attribute<'c>)> = attributes
            .iter()
            .map(|(n, a)| (Identifier::new(self.ctx, n), *a))
            .collect();
        OperationBuilder::new(name, self.loc)
            .add_operands(operands)
            .add_results(results)
            .add_attributes(&attributes)
            .add_regions_vec(regions)
            .build()
            .or_else(|e| {
                refuse(
                    &self.kernel,
                    &format!("internal: cannot create {name}: {e}"),
                )
            })
    }

    /// `arith.constant 0 : i32`.
    fn zero(&self) -> Result<Operation<'c>, Reported> {
        let i32_type: Type<'c> = IntegerType::new(self.ctx, 32).into();
        let zero = IntegerAttribute::new(i32_type, 0).into();
        self.op(
            "arith.constant",
            &[],
            &[i32_type],
            &[("value", zero)],
            vec![],
        )
    }
}

/// The host function `symbol` of `kernel`, put before the
/// kernel's gpu.module `gpu_module`; `module` is the module that holds it.
fn derive_encoder<'c, 'a>(
    ctx: &'c Context,
    kernel: OperationRef<'c, 'a>,
    symbol: FlatSymbolRefAttribute<'c>,
    module: OperationRef<'c, 'a>,
    gpu_module: OperationRef<'c, 'a>,
) -> Result<(), Reported> {
    let name = symbol.value();
    let taken = entry_block(module).is_some_and(|b| {
        let mut op = b.first_operation();
        while let Some(o) = op {
            let symbol = o
                .attribute("sym_name")
                .ok()
                .and_then(|a| StringAttribute::try_from(a).ok());
            if symbol.is_some_and(|s| s.value() == name) {
                return true;
            }
            op = o.next_in_block();
        }
        false
    });
    if taken {
        return refuse(
            &kernel,
            &format!(
                "asks for the host function {} with {ENCODER_ATTR}, but the module already \
                 has a symbol of that name",
                Attribute::from(symbol)
            ),
        );
    }
    let Some(kernel_block) = entry_block(kernel) else {
        return refuse(&kernel, "internal: a kernel without body");
    };
    let args = block_arguments(kernel_block);
    let maps = kernel_maps(ctx, &args)?;
    if maps.is_empty() {
        return refuse(
            &kernel,
            &format!(
                "asks for a host function with {ENCODER_ATTR} but makes no tma tensor of an \
                 argument"
            ),
        );
    }
    let ptr = llvm::r#type::pointer(ctx, 0);
    let i32_type: Type<'c> = IntegerType::new(ctx, 32).into();
    let i1_type: Type<'c> = IntegerType::new(ctx, 1).into();
    let mut inputs = Vec::new();
    for map in &maps {
        if !map.arg.r#type().is_llvm_pointer_type() {
            return refuse(
                &kernel,
                &format!(
                    "kernel argument {} holds a tensor map, an !llvm.ptr, found '{}'",
                    map.number,
                    map.arg.r#type()
                ),
            );
        }
        inputs.extend([ptr, ptr]);
    }
    let sizes: Vec<Value<'c, 'a>> = args
        .iter()
        .copied()
        .filter(|a| a.r#type().is_integer() || a.r#type().is_index())
        .collect();
    inputs.extend(sizes.iter().map(|s| s.r#type()));

    // The ops each map's layout needs, checked before anything is created.
    let mut slices = Slices {
        known: sizes.iter().map(|&s| key(s)).collect(),
        order: Vec::new(),
    };
    let mut ends = Vec::new();
    let mut layouts = Vec::new();
    for map in &maps {
        let Some(layout) = map.make.operands().nth(1) else {
            return refuse(&map.make, "internal: a make_tensor without layout");
        };
        slices.add(layout, map.make, map.number)?;
        ends.push(slices.order.len());
        layouts.push(layout);
    }

    let loc = kernel.location();
    let host = Host { ctx, kernel, loc };
    let entry = Block::new(&inputs.iter().map(|&t| (t, loc)).collect::<Vec<_>>());
    let body_region = Region::new();
    body_region.append_block(entry);
    let function_type = FunctionType::new(ctx, &inputs, &[i32_type]);
    let function = host.op(
        "func.func",
        &[],
        &[],
        &[
            ("sym_name", StringAttribute::new(ctx, name).into()),
            (
                "function_type",
                TypeAttribute::new(function_type.into()).into(),
            ),
        ],
        vec![body_region],
    )?;
    let Some(gpu_block) = gpu_module.block() else {
        return refuse(&kernel, "internal: a gpu.module outside a block");
    };
    let function = gpu_block.insert_operation_before(gpu_module, function);
    let Some(body) = entry_block(function) else {
        return refuse(&kernel, "internal: a host function without body");
    };
    let host_args = block_arguments(body);
    let mut mapping: HashMap<usize, Value<'c, 'a>> = sizes
        .iter()
        .zip(host_args.get(2 * maps.len()..).unwrap_or(&[]))
        .map(|(&s, &h)| (key(s), h))
        .collect();
    let first_result = |op: OperationRef<'c, 'a>| -> Result<Value<'c, 'a>, Reported> {
        match op.results().next() {
            Some(r) => Ok(r.into()),
            None => refuse(&kernel, "internal: a created op without result"),
        }
    };
    let append = |op: Operation<'c>| body.append_operation(op);
    let mut status = first_result(append(host.zero()?))?;
    let mut start = 0;
    for (i, map) in maps.iter().enumerate() {
        for &def in &slices.order[start..ends[i]] {
            // SAFETY: `def` is a live op of the kernel (an `OperationRef` into the IR this
            // pass edits); the reference is used only for the clone, made while it lives.
            let mut copy = unsafe { def.to_ref() }.clone();
            for (n, operand) in def.operands().enumerate() {
                if let Some(&mapped) = mapping.get(&key(operand)) {
                    copy.set_operand(n, mapped);
                }
            }
            let copy = body.append_operation(copy);
            for (old, new) in def.results().zip(copy.results()) {
                mapping.insert(key(old.into()), new.into());
            }
        }
        start = ends[i];
        let Some(&layout) = mapping.get(&key(layouts[i])) else {
            return refuse(&map.make, "internal: the layout was not cloned");
        };
        let Some(kernel_type) = map
            .make
            .results()
            .next()
            .and_then(|r| memory_tensor(r.r#type()))
        else {
            return refuse(&map.make, "internal: a make_tensor of no tensor");
        };
        let Some(global) = memory_tensor_type(
            ctx,
            kernel_type.element,
            MemorySpace::Global,
            kernel_type.layout,
        ) else {
            return refuse(
                &map.make,
                "internal: a tensor layout that is not a layout type",
            );
        };
        let Some(smem) = layout_dialect::type_attr(map.tile) else {
            return refuse(&map.make, "internal: a box that is not a layout type");
        };
        let (Some(&map_ptr), Some(&data)) = (host_args.get(2 * i), host_args.get(2 * i + 1)) else {
            return refuse(
                &kernel,
                "internal: a host function without its map arguments",
            );
        };
        let tensor = first_result(append(host.op(
            "layout.make_tensor",
            &[data, layout],
            &[global],
            &[],
            vec![],
        )?))?;
        let encode = || {
            host.op(
                "layout.encode_tensor_map",
                &[map_ptr, tensor],
                &[i32_type],
                &[("smem", smem)],
                vec![],
            )
        };
        let yield_in = |block: &Block<'c>, op: Operation<'c>| -> Result<(), Reported> {
            let value = match block.append_operation(op).results().next() {
                Some(r) => r.into(),
                None => return refuse(&kernel, "internal: a created op without result"),
            };
            block.append_operation(host.op("scf.yield", &[value], &[], &[], vec![])?);
            Ok(())
        };
        let s = if map.optional {
            let ok = first_result(append(host.op(
                "layout.tma_encodable",
                &[tensor],
                &[i1_type],
                &[],
                vec![],
            )?))?;
            let then_block = Block::new(&[]);
            yield_in(&then_block, encode()?)?;
            let else_block = Block::new(&[]);
            yield_in(&else_block, host.zero()?)?;
            let (then_region, else_region) = (Region::new(), Region::new());
            then_region.append_block(then_block);
            else_region.append_block(else_block);
            first_result(append(host.op(
                "scf.if",
                &[ok],
                &[i32_type],
                &[],
                vec![then_region, else_region],
            )?))?
        } else {
            first_result(append(encode()?))?
        };
        status = first_result(append(host.op(
            "arith.ori",
            &[status, s],
            &[i32_type],
            &[],
            vec![],
        )?))?;
    }
    append(host.op("func.return", &[status], &[], &[], vec![])?);
    Ok(())
}

/// The nearest op around `op` named `wanted`.
fn ancestor<'c, 'a>(mut op: OperationRef<'c, 'a>, wanted: &str) -> Option<OperationRef<'c, 'a>> {
    while let Some(p) = op.parent_operation() {
        if op_name(&p) == wanted {
            return Some(p);
        }
        op = p;
    }
    None
}

/// Derives the host function of every kernel under `root` that asks for one, in the order of
/// MLIR's walk, and removes the attribute; false (with the error emitted) at the first refusal.
fn derive_tensor_map_encoders<'c>(ctx: &'c Context, root: OperationRef<'c, '_>) -> bool {
    let kernels: Vec<_> = nested_ops(root, WalkOrder::PostOrder)
        .into_iter()
        .filter(|op| op_name(op) == "gpu.func" && op.attribute(ENCODER_ATTR).is_ok())
        .collect();
    for kernel in kernels {
        let Ok(attr) = kernel.attribute(ENCODER_ATTR) else {
            continue;
        };
        let Ok(name) = FlatSymbolRefAttribute::try_from(attr) else {
            emit_op_error_noted(
                &kernel,
                &format!(
                    "{ENCODER_ATTR} names the host function to derive: a symbol (@name), found \
                     {attr}"
                ),
                None,
            );
            return false;
        };
        let gpu_module = ancestor(kernel, "gpu.module");
        let module = gpu_module.and_then(|g| ancestor(g, "builtin.module"));
        let (Some(gpu_module), Some(module)) = (gpu_module, module) else {
            emit_op_error_noted(
                &kernel,
                &format!(
                    "{ENCODER_ATTR} puts the host function beside the kernel's gpu.module, in \
                     the module that holds it: the kernel has none"
                ),
                None,
            );
            return false;
        };
        if derive_encoder(ctx, kernel, name, module, gpu_module).is_err() {
            return false;
        }
        let _ = layout_dialect::ir::op_mut(kernel).remove_attribute(ENCODER_ATTR);
    }
    true
}

/// `deriveTensorMapEncoders` for `--layout-lower-tensors` (cpp/MemoryTensors.cpp): the host
/// functions the kernels under `root` ask for; false when one is refused (the error emitted).
///
/// # Safety
/// `root` is a live op that stays alive, and is edited by nothing else, during the call.
#[no_mangle]
pub unsafe extern "C" fn layout_nvvm_derive_tensor_map_encoders(root: MlirOperation) -> bool {
    // SAFETY: `root` is live for this call (the caller's contract); the typed handles made
    // here are bound to it: `'c` is a borrow of the local `context` (melior's
    // `ContextRef::to_ref` points into the context `root` belongs to, which outlives the call).
    let context;
    let root = OperationRef::from_raw(root);
    context = root.context();
    let ctx = context.to_ref();
    derive_tensor_map_encoders(ctx, root)
}
