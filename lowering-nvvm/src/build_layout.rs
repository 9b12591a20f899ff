//! The `layout`-dialect ops the memory-tensor lowerings create, each made by melior's
//! `OperationBuilder` with typed attributes the way its ODS-generated C++ builder makes it, and
//! inserted through the lowering's [`Builder`]:
//!
//! - `layout.shape_leaf` / `layout.stride_leaf %l modes [path] : index`, the extent or stride of
//!   one leaf of a layout value;
//! - `layout.tma_desc %map, %global dims(...)` (no layout operands), the host op that encodes a
//!   tensor map, with its `elem`, `gmem` and `smem` attributes;
//! - `layout.const #value` and `layout.make_tensor %ptr, %layout`;
//! - the algebra ops of the memory-tensor resolution (`layout.get`, `layout.select`,
//!   `layout.group_modes` with their mode indices; `layout.zipped_divide`, `layout.tidfrg`,
//!   `layout.thrfrg`, `layout.slice`) of the type the algebra infers, and the index ops
//!   `layout.size` and `layout.crd2idx`;
//! - the memory accesses the resolution rewrites (`layout.async_copy`, `layout.global_load`,
//!   `layout.global_store`, `layout.shared_load`, `layout.shared_store`), with their operand
//!   segments;
//! - `layout.convert %src smem(%buffer) thread(%tid)`, the plan of a register conversion;
//! - `layout.local_tile %t[%c...] {tile}`, a tile of a tensor in memory;
//! - `layout.wgmma_desc base(%ptr)` and `layout.wgmma` (no layout operands), the WGMMA of
//!   `layout.mma_async`;
//! - `layout.tmem_load` / `layout.tmem_store %taddr` (no layout operands), the tcgen05.ld/st of
//!   `layout.tensor_memory_load` / `store`.
//!
//! An op MLIR refuses to create is an internal error, returned as text.

use melior::ir::attribute::{
    Attribute, DenseI32ArrayAttribute, DenseI64ArrayAttribute, IntegerAttribute, TypeAttribute,
};
use melior::ir::operation::{OperationBuilder, OperationRef};
use melior::ir::r#type::Type;
use melior::ir::{Identifier, Operation};

use crate::build::{Builder, Val};
use crate::convert_buffer::Conversion;

/// Which leaf of a layout `layout.shape_leaf` or `layout.stride_leaf` reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Leaf {
    /// Its extent (`layout.shape_leaf`).
    Extent,
    /// Its stride (`layout.stride_leaf`).
    Stride,
}

/// The op `name` of `operands` with `attributes` and results of the types `results`,
/// inserted.
pub(crate) fn op_of<'c>(
    b: &Builder<'c>,
    name: &str,
    operands: &[Val<'c>],
    attributes: &[(&str, Attribute<'c>)],
    results: &[Type<'c>],
) -> Result<OperationRef<'c, 'c>, String> {
    let attributes: Vec<(Identifier<'c>, Attribute<'c>)> = attributes
        .iter()
        .map(|(n, a)| (Identifier::new(b.context(), n), *a))
        .collect();
    let op: Operation<'c> = OperationBuilder::new(name, b.location())
        .add_operands(operands)
        .add_attributes(&attributes)
        .add_results(results)
        .build()
        .map_err(|e| format!("internal: cannot create {name}: {e}"))?;
    Ok(b.insert(op))
}

/// The op `name` of `operands` with `attributes` and one result of type `ty`, inserted; its
/// result.
fn one_result<'c>(
    b: &Builder<'c>,
    name: &str,
    operands: &[Val<'c>],
    attributes: &[(&str, Attribute<'c>)],
    ty: Type<'c>,
) -> Result<Val<'c>, String> {
    let op = op_of(b, name, operands, attributes, &[ty])?;
    let result = op
        .result(0)
        .map_err(|_| format!("internal: {name} has no result"))?;
    Ok(result.into())
}

/// The algebra op `name` (`layout.zipped_divide`, `layout.tidfrg`, ...) of `operands`, of the
/// type `ty` the algebra infers for it.
pub(crate) fn algebra_op<'c>(
    b: &Builder<'c>,
    name: &str,
    operands: &[Val<'c>],
    ty: Type<'c>,
) -> Result<Val<'c>, String> {
    one_result(b, name, operands, &[], ty)
}

/// The algebra op `name` with mode indices (`layout.get`, `layout.select`,
/// `layout.group_modes`) `%a modes [indices]`, of the type `ty` the algebra infers for it.
pub(crate) fn indexed_op<'c>(
    b: &Builder<'c>,
    name: &str,
    a: Val<'c>,
    indices: &[i64],
    ty: Type<'c>,
) -> Result<Val<'c>, String> {
    let indices = DenseI64ArrayAttribute::new(b.context(), indices).into();
    one_result(b, name, &[a], &[("indices", indices)], ty)
}

/// `layout.size %l : index`.
pub(crate) fn size<'c>(b: &Builder<'c>, l: Val<'c>) -> Result<Val<'c>, String> {
    one_result(b, "layout.size", &[l], &[], Type::index(b.context()))
}

/// `layout.crd2idx %l[coord] : index`.
pub(crate) fn crd2idx<'c>(
    b: &Builder<'c>,
    l: Val<'c>,
    coord: &[Val<'c>],
) -> Result<Val<'c>, String> {
    let mut operands = vec![l];
    operands.extend_from_slice(coord);
    one_result(
        b,
        "layout.crd2idx",
        &operands,
        &[],
        Type::index(b.context()),
    )
}

/// The `operandSegmentSizes` attribute of operand groups of the sizes `sizes`.
pub(crate) fn segments<'c>(b: &Builder<'c>, sizes: &[usize]) -> Result<Attribute<'c>, String> {
    let sizes = sizes
        .iter()
        .map(|&n| i32::try_from(n).map_err(|_| "internal: too many operands".to_string()))
        .collect::<Result<Vec<i32>, String>>()?;
    Ok(DenseI32ArrayAttribute::new(b.context(), &sizes).into())
}

/// The `i64` attribute `v`.
fn int64<'c>(b: &Builder<'c>, v: i64) -> Attribute<'c> {
    IntegerAttribute::new(b.i64(), v).into()
}

/// `layout.shape_leaf` or `layout.stride_leaf` (`which`) `%layout modes [path] : index`.
pub(crate) fn leaf<'c>(
    b: &Builder<'c>,
    which: Leaf,
    layout: Val<'c>,
    path: &[i64],
) -> Result<Val<'c>, String> {
    let name = match which {
        Leaf::Extent => "layout.shape_leaf",
        Leaf::Stride => "layout.stride_leaf",
    };
    let path = DenseI64ArrayAttribute::new(b.context(), path).into();
    one_result(
        b,
        name,
        &[layout],
        &[("path", path)],
        Type::index(b.context()),
    )
}

/// `layout.tma_desc %map, %global dims(dynamic) {elem, gmem, smem} : i32`, without layout
/// operands.
pub(crate) fn tma_desc<'c>(
    b: &Builder<'c>,
    map: Val<'c>,
    global: Val<'c>,
    dynamic: &[Val<'c>],
    elem: Attribute<'c>,
    gmem: Attribute<'c>,
    smem: Attribute<'c>,
) -> Result<Val<'c>, String> {
    let segments = segments(b, &[1, 1, dynamic.len(), 0, 0])?;
    let mut operands = vec![map, global];
    operands.extend_from_slice(dynamic);
    one_result(
        b,
        "layout.tma_desc",
        &operands,
        &[
            ("elem", elem),
            ("gmem", gmem),
            ("smem", smem),
            ("operandSegmentSizes", segments),
        ],
        b.i32(),
    )
}

/// `layout.const value` of the layout-dialect type `ty` (the type `value` infers: the same
/// text and kind).
pub(crate) fn constant<'c>(
    b: &Builder<'c>,
    value: Attribute<'c>,
    ty: Type<'c>,
) -> Result<Val<'c>, String> {
    one_result(b, "layout.const", &[], &[("value", value)], ty)
}

/// `layout.make_tensor %ptr, %layout` of the tensor type `ty`.
pub(crate) fn make_tensor<'c>(
    b: &Builder<'c>,
    ptr: Val<'c>,
    layout: Val<'c>,
    ty: Type<'c>,
) -> Result<Val<'c>, String> {
    one_result(b, "layout.make_tensor", &[ptr, layout], &[], ty)
}

/// `layout.convert %src smem(%buffer) thread(%thread) {elem, from, to, smemBudget, sm}` of type
/// `ty`: the registers of `src` converted as `conversion` says at the target `sm` (no `smem`
/// operand without a buffer).
pub(crate) fn convert<'c>(
    b: &Builder<'c>,
    src: Val<'c>,
    buffer: Option<Val<'c>>,
    thread: Val<'c>,
    conversion: &Conversion<'c>,
    sm: i64,
    ty: Type<'c>,
) -> Result<Val<'c>, String> {
    let operands: Vec<Val<'c>> = std::iter::once(src)
        .chain(buffer)
        .chain(std::iter::once(thread))
        .collect();
    one_result(
        b,
        "layout.convert",
        &operands,
        &[
            ("elem", TypeAttribute::new(conversion.elem).into()),
            ("from", conversion.from),
            ("to", conversion.to),
            ("smemBudget", int64(b, conversion.budget)),
            ("sm", int64(b, sm)),
        ],
        ty,
    )
}

/// `layout.local_tile %tensor[coords] {tile}` of the tile's tensor type `ty`.
pub(crate) fn local_tile<'c>(
    b: &Builder<'c>,
    tensor: Val<'c>,
    coords: &[Val<'c>],
    tile: Attribute<'c>,
    ty: Type<'c>,
) -> Result<Val<'c>, String> {
    let mut operands = vec![tensor];
    operands.extend_from_slice(coords);
    one_result(b, "layout.local_tile", &operands, &[("tile", tile)], ty)
}

/// The shared-tile descriptor ops, which take the same operands and attributes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum SharedTileDesc {
    /// `layout.wgmma_desc`: a WGMMA matrix descriptor.
    Wgmma,
    /// `layout.umma_desc`: a UMMA (tcgen05) shared-memory descriptor.
    Umma,
}

/// `layout.wgmma_desc` / `layout.umma_desc` (`op`) `base(%base) {elem, major, tile, k,
/// address = 0} : i64`: the descriptor of block `k` of the shared tile `tile` at `base`, with
/// its `elem` and `major` (no `k` or layout operand).
pub(crate) fn shared_tile_desc<'c>(
    b: &Builder<'c>,
    op: SharedTileDesc,
    base: Val<'c>,
    [elem, major, tile]: [Attribute<'c>; 3],
    k: i64,
) -> Result<Val<'c>, String> {
    let name = match op {
        SharedTileDesc::Wgmma => "layout.wgmma_desc",
        SharedTileDesc::Umma => "layout.umma_desc",
    };
    let attributes = [
        ("elem", elem),
        ("major", major),
        ("tile", tile),
        ("k", int64(b, k)),
        ("address", int64(b, 0)),
        ("operandSegmentSizes", segments(b, &[1, 0, 0])?),
    ];
    one_result(b, name, &[base], &attributes, b.i64())
}

/// The UMMA of `layout.tcgen05_mma`: A's and B's element types and majors (D is f32), its
/// `m`, `n` and `ctaGroup`.
pub(crate) struct UmmaParams<'c> {
    pub elem: Attribute<'c>,
    pub major_a: Attribute<'c>,
    pub major_b: Attribute<'c>,
    pub m: i64,
    pub n: i64,
    pub cta_group: i64,
}

/// `layout.tcgen05_mma %tmem, %descA, %descB, %accumulate {elemA, elemB, elemD = f32, m, n,
/// majorA, majorB, ctaGroup}`.
pub(crate) fn tcgen05_mma<'c>(
    b: &Builder<'c>,
    operands: [Val<'c>; 4],
    p: &UmmaParams<'c>,
) -> Result<(), String> {
    let attributes = [
        ("elemA", p.elem),
        ("elemB", p.elem),
        ("elemD", TypeAttribute::new(b.f32()).into()),
        ("m", int64(b, p.m)),
        ("n", int64(b, p.n)),
        ("majorA", p.major_a),
        ("majorB", p.major_b),
        ("ctaGroup", int64(b, p.cta_group)),
    ];
    op_of(b, "layout.tcgen05_mma", &operands, &attributes, &[]).map(|_| ())
}

/// The attributes of a `layout.tma_load` or `layout.tma_store`: the element type, the global
/// tensor's layout and the shared tile's (as `gmem` and `smem`), and for a load its `multicast`.
pub(crate) struct TmaParams<'c> {
    pub elem: Attribute<'c>,
    pub gmem: Attribute<'c>,
    pub smem: Attribute<'c>,
    pub multicast: Option<i64>,
}

/// `layout.tma_load %dst, %map, %mbar[coords] {elem, gmem, smem, multicast}` (no layout
/// operands).
pub(crate) fn tma_load<'c>(
    b: &Builder<'c>,
    [dst, map, mbar]: [Val<'c>; 3],
    coords: &[Val<'c>],
    p: &TmaParams<'c>,
) -> Result<(), String> {
    let mut operands = vec![dst, map, mbar];
    operands.extend_from_slice(coords);
    let mut attributes = vec![
        ("elem", p.elem),
        ("gmem", p.gmem),
        ("smem", p.smem),
        (
            "operandSegmentSizes",
            segments(b, &[1, 1, 1, coords.len(), 0, 0])?,
        ),
    ];
    if let Some(n) = p.multicast {
        attributes.push(("multicast", int64(b, n)));
    }
    op_of(b, "layout.tma_load", &operands, &attributes, &[]).map(|_| ())
}

/// `layout.tma_store %map, %src[coords] {elem, gmem, smem}` (no layout operands).
pub(crate) fn tma_store<'c>(
    b: &Builder<'c>,
    [map, src]: [Val<'c>; 2],
    coords: &[Val<'c>],
    p: &TmaParams<'c>,
) -> Result<(), String> {
    let mut operands = vec![map, src];
    operands.extend_from_slice(coords);
    let attributes = [
        ("elem", p.elem),
        ("gmem", p.gmem),
        ("smem", p.smem),
        (
            "operandSegmentSizes",
            segments(b, &[1, 1, coords.len(), 0, 0])?,
        ),
    ];
    op_of(b, "layout.tma_store", &operands, &attributes, &[]).map(|_| ())
}

/// The element types and majors of the operands of a `layout.wgmma` (`elemA`, `majorA`,
/// `elemB`, `majorB`, `elemD`).
pub(crate) struct WgmmaParams<'c> {
    pub elem_a: Attribute<'c>,
    pub major_a: Attribute<'c>,
    pub elem_b: Attribute<'c>,
    pub major_b: Attribute<'c>,
    pub elem_d: Attribute<'c>,
}

/// `layout.wgmma %a, %descB, %acc {n, elemA, majorA, elemB, majorB, elemD, async}` of the
/// accumulator type `ty`.
pub(crate) fn wgmma_async<'c>(
    b: &Builder<'c>,
    a: Val<'c>,
    desc_b: Val<'c>,
    acc: Val<'c>,
    n: i64,
    p: &WgmmaParams<'c>,
    ty: Type<'c>,
) -> Result<Val<'c>, String> {
    let attributes = [
        ("n", int64(b, n)),
        ("elemA", p.elem_a),
        ("majorA", p.major_a),
        ("elemB", p.elem_b),
        ("majorB", p.major_b),
        ("elemD", p.elem_d),
        ("async", Attribute::unit(b.context())),
    ];
    one_result(b, "layout.wgmma", &[a, desc_b, acc], &attributes, ty)
}

/// `layout.tmem_load %taddr {tmem, fragment, warp = 0}` of the registers' type `ty` (no layout
/// operands).
pub(crate) fn tmem_load<'c>(
    b: &Builder<'c>,
    taddr: Val<'c>,
    tmem: Attribute<'c>,
    fragment: Attribute<'c>,
    ty: Type<'c>,
) -> Result<Val<'c>, String> {
    let attributes = [
        ("tmem", tmem),
        ("fragment", fragment),
        ("warp", int64(b, 0)),
        ("operandSegmentSizes", segments(b, &[1, 0, 0])?),
    ];
    one_result(b, "layout.tmem_load", &[taddr], &attributes, ty)
}

/// `layout.tmem_store %taddr, %values {tmem, fragment, warp = 0}` (no layout operands).
pub(crate) fn tmem_store<'c>(
    b: &Builder<'c>,
    taddr: Val<'c>,
    values: Val<'c>,
    tmem: Attribute<'c>,
    fragment: Attribute<'c>,
) -> Result<(), String> {
    let attributes = [
        ("tmem", tmem),
        ("fragment", fragment),
        ("warp", int64(b, 0)),
        ("operandSegmentSizes", segments(b, &[1, 1, 0, 0])?),
    ];
    op_of(b, "layout.tmem_store", &[taddr, values], &attributes, &[])?;
    Ok(())
}
