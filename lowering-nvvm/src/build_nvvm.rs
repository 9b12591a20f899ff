//! The NVVM ops of the lowering, each made by its ODS-generated C++ builder
//! (cpp/NvvmOpBuilders.cpp) with typed attributes, before the op being lowered (see
//! [`crate::build`]). The instruction
//! parameters come as the algebra's types (`MatrixForm`, `Elem`, `MmaKind`, `TmemShape`),
//! numbered here as the tables of the C++ file list them.

use layout_algebra::hw::{Elem, MatrixForm, MmaKind, TmemShape};
use mlir_sys::*;

use melior::ir::attribute::DenseI32ArrayAttribute;
use melior::ir::operation::OperationBuilder;
use melior::ir::r#type::Type;
use melior::ir::{Identifier, TypeLike, ValueLike};

use crate::build::{Builder, Val};

/// The null value: an absent optional operand of a C++ builder.
const NO_VALUE: MlirValue = MlirValue {
    ptr: std::ptr::null(),
};

/// The special registers (`LayoutNvvmSpecialRegister` in cpp/NvvmOpBuilders.cpp).
#[repr(u32)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum SpecialRegister {
    LaneId = 0,
    ThreadIdX = 1,
    ClusterRank = 2,
}

/// The operand-free synchronization ops (`LayoutNvvmSync` in cpp/NvvmOpBuilders.cpp).
#[repr(u32)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sync {
    /// `nvvm.wgmma.fence.aligned`
    WgmmaFence = 0,
    /// `nvvm.wgmma.commit.group.sync.aligned`
    WgmmaCommitGroup = 1,
    /// `nvvm.wgmma.wait.group.sync.aligned 0`
    WgmmaWaitGroup0 = 2,
    /// `nvvm.barrier0`
    Barrier0 = 3,
    /// `nvvm.cp.async.bulk.commit.group`
    BulkCommitGroup = 4,
    /// `nvvm.cp.async.bulk.wait_group 0 {read}`
    BulkWaitGroupRead0 = 5,
    /// `nvvm.fence.proxy {kind = async.shared, space = cta}`
    FenceProxyAsyncSharedCta = 6,
    /// `nvvm.tcgen05.wait <load>`
    Tcgen05WaitLoad = 7,
    /// `nvvm.tcgen05.wait <store>`
    Tcgen05WaitStore = 8,
}

extern "C" {
    fn layout_nvvm_build_special_register(
        rewriter: MlirRewriterBase,
        loc: MlirLocation,
        kind: SpecialRegister,
    ) -> MlirValue;
    fn layout_nvvm_build_sync(rewriter: MlirRewriterBase, loc: MlirLocation, kind: Sync) -> bool;
    fn layout_nvvm_build_warp_sync(rewriter: MlirRewriterBase, loc: MlirLocation, mask: MlirValue);
    fn layout_nvvm_build_shfl(
        rewriter: MlirRewriterBase,
        loc: MlirLocation,
        butterfly: bool,
        mask: MlirValue,
        value: MlirValue,
        lane: MlirValue,
        clamp: MlirValue,
    ) -> MlirValue;
    fn layout_nvvm_build_ldmatrix(
        rewriter: MlirRewriterBase,
        loc: MlirLocation,
        result_ty: MlirType,
        ptr: MlirValue,
        num: u32,
        trans: bool,
        rows: i32,
        cols: i32,
        elt: u32,
    ) -> MlirValue;
    fn layout_nvvm_build_stmatrix(
        rewriter: MlirRewriterBase,
        loc: MlirLocation,
        ptr: MlirValue,
        sources: *const MlirValue,
        n: usize,
        trans: bool,
        rows: i32,
        cols: i32,
        elt: u32,
    ) -> bool;
    fn layout_nvvm_build_wgmma_mma_async(
        rewriter: MlirRewriterBase,
        loc: MlirLocation,
        acc: MlirValue,
        desc_a: MlirValue,
        desc_b: MlirValue,
        n: i32,
        k: i32,
        type_a: u32,
        type_b: u32,
        col_a: bool,
        col_b: bool,
    ) -> MlirValue;
    fn layout_nvvm_build_mbarrier_arrive_expect_tx(
        rewriter: MlirRewriterBase,
        loc: MlirLocation,
        mbar: MlirValue,
        bytes: MlirValue,
    );
    fn layout_nvvm_build_tma_load(
        rewriter: MlirRewriterBase,
        loc: MlirLocation,
        dst: MlirValue,
        map: MlirValue,
        coordinates: *const MlirValue,
        n: usize,
        mbar: MlirValue,
        multicast_mask: MlirValue,
    );
    fn layout_nvvm_build_tma_store(
        rewriter: MlirRewriterBase,
        loc: MlirLocation,
        map: MlirValue,
        src: MlirValue,
        coordinates: *const MlirValue,
        n: usize,
    );
    fn layout_nvvm_build_tcgen05_mma(
        rewriter: MlirRewriterBase,
        loc: MlirLocation,
        kind: u32,
        cta2: bool,
        d: MlirValue,
        a: MlirValue,
        b: MlirValue,
        idesc: MlirValue,
        enable_input_d: MlirValue,
    ) -> bool;
    fn layout_nvvm_build_tcgen05_ld(
        rewriter: MlirRewriterBase,
        loc: MlirLocation,
        result_ty: MlirType,
        shape: u32,
        address: MlirValue,
        offset: MlirValue,
    ) -> MlirValue;
    fn layout_nvvm_build_tcgen05_st(
        rewriter: MlirRewriterBase,
        loc: MlirLocation,
        shape: u32,
        address: MlirValue,
        value: MlirValue,
        offset: MlirValue,
    ) -> bool;
    fn layout_nvvm_build_mma_sync(
        rewriter: MlirRewriterBase,
        loc: MlirLocation,
        result_ty: MlirType,
        a: *const MlirValue,
        n_a: usize,
        b: *const MlirValue,
        n_b: usize,
        c: *const MlirValue,
        n_c: usize,
        bf16: bool,
    ) -> MlirValue;
    fn layout_nvvm_build_cp_async(
        rewriter: MlirRewriterBase,
        loc: MlirLocation,
        dst: MlirValue,
        src: MlirValue,
        size: i32,
        cg: bool,
        src_bytes: MlirValue,
    );
    fn layout_nvvm_build_convert_f32x2_to_f8x2(
        rewriter: MlirRewriterBase,
        loc: MlirLocation,
        hi: MlirValue,
        lo: MlirValue,
        e5m2: bool,
    ) -> MlirValue;
    fn layout_nvvm_build_tcgen05_cp(
        rewriter: MlirRewriterBase,
        loc: MlirLocation,
        taddr: MlirValue,
        desc: MlirValue,
    );
}

/// ldmatrix/stmatrix element type of a form (the index into `matrixElts`).
fn matrix_elt(form: MatrixForm) -> u32 {
    match form {
        MatrixForm::M8n8B16 => 0,
        MatrixForm::M16n16B8 | MatrixForm::M16n8B8 => 1,
        MatrixForm::M8n16B6 => 2,
    }
}

/// The wgmma operand type of an element type (the index into `wgmmaTypes`).
fn wgmma_type(e: Elem) -> Result<u32, String> {
    Ok(match e {
        Elem::F16 => 0,
        Elem::Bf16 => 1,
        Elem::Tf32 => 2,
        Elem::E4m3 => 3,
        Elem::E5m2 => 4,
        Elem::S8 => 5,
        Elem::U8 => 6,
        Elem::B1 => 7,
        Elem::F32 => 8,
        Elem::E2m1 | Elem::E2m3 | Elem::E3m2 | Elem::E2m1Unpacksmem | Elem::Ue8m0 | Elem::Ue4m3 => {
            return Err(format!("internal: no wgmma type {}", e.name()))
        }
    })
}

/// The tcgen05.mma kind (the index into `tcgen05Kinds`); the block-scaled kinds have no entry
/// (layout.tcgen05_mma has no scale-factor operands): an error naming the kind.
fn tcgen05_kind(k: MmaKind) -> Result<u32, String> {
    match k {
        MmaKind::F16 => Ok(0),
        MmaKind::Tf32 => Ok(1),
        MmaKind::F8f6f4 => Ok(2),
        MmaKind::I8 => Ok(3),
        MmaKind::Mxf8f6f4 | MmaKind::Mxf4 | MmaKind::Mxf4nvf4 => Err(format!(
            "tcgen05.mma {} is block-scaled: layout.tcgen05_mma has no scale-factor operands to lower it with",
            k.qualifier()
        )),
    }
}

/// The tcgen05.ld/st shape (the index into `tmemShapes`).
fn tmem_shape(s: TmemShape) -> u32 {
    match s {
        TmemShape::S32x32b => 0,
        TmemShape::S16x64b => 1,
        TmemShape::S16x128b => 2,
        TmemShape::S16x256b => 3,
        TmemShape::S16x32bx2 => 4,
    }
}

impl<'c> Builder<'c> {
    /// The location of the ops made, as the C++ builders take it.
    fn loc(&self) -> MlirLocation {
        self.location().to_raw()
    }

    /// `nvvm.read.ptx.sreg.laneid : i32`.
    pub fn lane_id(&self) -> Val<'c> {
        self.special_register(SpecialRegister::LaneId)
    }

    /// `nvvm.read.ptx.sreg.tid.x : i32`.
    pub fn thread_id_x(&self) -> Val<'c> {
        self.special_register(SpecialRegister::ThreadIdX)
    }

    /// `nvvm.read.ptx.sreg.cluster.ctarank : i32`: the CTA's rank in its cluster.
    pub fn cluster_rank(&self) -> Val<'c> {
        self.special_register(SpecialRegister::ClusterRank)
    }

    /// The special register `kind` as an i32.
    fn special_register(&self, kind: SpecialRegister) -> Val<'c> {
        // SAFETY: the rewriter handle is the pattern's (`PatternRewriter`'s invariant), its
        // insertion point just set; the location is a melior handle of the context, alive for
        // 'c; the C++ builder creates its op there and returns its one result (every
        // `SpecialRegister` is one it lists), alive for 'c as well.
        unsafe {
            Val::from_raw(layout_nvvm_build_special_register(
                self.insertion(),
                self.loc(),
                kind,
            ))
        }
    }

    /// The synchronization op `kind`.
    pub fn sync(&self, kind: Sync) {
        // SAFETY: the rewriter handle is the pattern's (`PatternRewriter`'s invariant), its
        // insertion point just set; the location, types and values are melior handles of the
        // context, alive for 'c, and slices are passed with their lengths; the C++ builder
        // creates its op there.
        let built = unsafe { layout_nvvm_build_sync(self.insertion(), self.loc(), kind) };
        debug_assert!(built);
    }

    /// `nvvm.bar.warp.sync mask`.
    pub fn warp_sync(&self, mask: Val<'c>) {
        // SAFETY: the rewriter handle is the pattern's (`PatternRewriter`'s invariant), its
        // insertion point just set; the location, types and values are melior handles of the
        // context, alive for 'c, and slices are passed with their lengths; the C++ builder
        // creates its op there.
        unsafe { layout_nvvm_build_warp_sync(self.insertion(), self.loc(), mask.to_raw()) }
    }

    /// `nvvm.shfl.sync idx mask, value, lane, clamp` (of the value's type).
    pub fn shfl_idx(
        &self,
        mask: Val<'c>,
        value: Val<'c>,
        lane: Val<'c>,
        clamp: Val<'c>,
    ) -> Val<'c> {
        self.shfl(false, mask, value, lane, clamp)
    }

    /// `nvvm.shfl.sync bfly mask, value, lane_mask, clamp` (of the value's type): the value of
    /// lane `lane ^ lane_mask`.
    pub fn shfl_bfly(
        &self,
        mask: Val<'c>,
        value: Val<'c>,
        lane_mask: Val<'c>,
        clamp: Val<'c>,
    ) -> Val<'c> {
        self.shfl(true, mask, value, lane_mask, clamp)
    }

    /// `nvvm.shfl.sync idx` or, when `butterfly`, `bfly`.
    fn shfl(
        &self,
        butterfly: bool,
        mask: Val<'c>,
        value: Val<'c>,
        lane: Val<'c>,
        clamp: Val<'c>,
    ) -> Val<'c> {
        // SAFETY: the rewriter handle is the pattern's (`PatternRewriter`'s invariant), its
        // insertion point just set; the location, types and values are melior handles of the
        // context, alive for 'c; the C++ builder creates its op there and returns its one result,
        // alive for 'c as well.
        unsafe {
            Val::from_raw(layout_nvvm_build_shfl(
                self.insertion(),
                self.loc(),
                butterfly,
                mask.to_raw(),
                value.to_raw(),
                lane.to_raw(),
                clamp.to_raw(),
            ))
        }
    }

    /// `nvvm.barrier id = id number_of_threads = threads`: the `threads` threads meet at
    /// barrier `id` (an op without enum attributes, so melior's `OperationBuilder` makes it).
    pub fn barrier_threads(&self, id: Val<'c>, threads: Val<'c>) {
        let segments = DenseI32ArrayAttribute::new(self.context(), &[1, 1, 0]);
        self.insert(
            OperationBuilder::new("nvvm.barrier", self.location())
                .add_operands(&[id, threads])
                .add_attributes(&[(
                    Identifier::new(self.context(), "operandSegmentSizes"),
                    segments.into(),
                )])
                .build()
                .expect("nvvm.barrier of an id and a thread count"),
        );
    }

    /// `nvvm.ldmatrix ptr` of `num` matrices of `form` (transposed when `trans`: layout col),
    /// its registers as `result_ty` (i32, or a struct of them).
    pub fn ldmatrix(
        &self,
        ptr: Val<'c>,
        num: u32,
        trans: bool,
        form: MatrixForm,
        result_ty: Type<'c>,
    ) -> Val<'c> {
        let (rows, cols) = form.dims();
        // SAFETY: the rewriter handle is the pattern's (`PatternRewriter`'s invariant), its
        // insertion point just set; the location, types and values are melior handles of the
        // context, alive for 'c; the C++ builder creates its op there and returns its one result,
        // alive for 'c as well.
        unsafe {
            Val::from_raw(layout_nvvm_build_ldmatrix(
                self.insertion(),
                self.loc(),
                result_ty.to_raw(),
                ptr.to_raw(),
                num,
                trans,
                rows as i32,
                cols as i32,
                matrix_elt(form),
            ))
        }
    }

    /// `nvvm.stmatrix ptr, sources` of matrices of `form` (transposed when `trans`).
    pub fn stmatrix(&self, ptr: Val<'c>, sources: &[Val<'c>], trans: bool, form: MatrixForm) {
        let (rows, cols) = form.dims();
        // SAFETY: the rewriter handle is the pattern's (`PatternRewriter`'s invariant), its
        // insertion point just set; the location, types and values are melior handles of the
        // context, alive for 'c, and slices are passed with their lengths; the C++ builder
        // creates its op there.
        let built = unsafe {
            layout_nvvm_build_stmatrix(
                self.insertion(),
                self.loc(),
                ptr.to_raw(),
                sources.as_ptr() as *const MlirValue,
                sources.len(),
                trans,
                rows as i32,
                cols as i32,
                matrix_elt(form),
            )
        };
        debug_assert!(built);
    }

    /// `nvvm.wgmma.mma_async` m64 `n` `k` of the shared-memory descriptors `desc_a`, `desc_b`
    /// (element types `elem_a`, `elem_b`; layout col when `col_a`/`col_b`, else row) into the
    /// f32 accumulator `acc`, scales one; the new accumulator.
    #[allow(clippy::too_many_arguments)]
    pub fn wgmma_mma_async(
        &self,
        acc: Val<'c>,
        desc_a: Val<'c>,
        desc_b: Val<'c>,
        (n, k): (i64, i64),
        (elem_a, elem_b): (Elem, Elem),
        col_a: bool,
        col_b: bool,
    ) -> Result<Val<'c>, String> {
        let (ta, tb) = (wgmma_type(elem_a)?, wgmma_type(elem_b)?);
        // SAFETY: the rewriter handle is the pattern's (`PatternRewriter`'s invariant), its
        // insertion point just set; the location, types and values are melior handles of the
        // context, alive for 'c; the C++ builder creates its op there and returns its one result,
        // alive for 'c as well.
        Ok(unsafe {
            Val::from_raw(layout_nvvm_build_wgmma_mma_async(
                self.insertion(),
                self.loc(),
                acc.to_raw(),
                desc_a.to_raw(),
                desc_b.to_raw(),
                n as i32,
                k as i32,
                ta,
                tb,
                col_a,
                col_b,
            ))
        })
    }

    /// `nvvm.mbarrier.arrive.expect_tx mbar, bytes`.
    pub fn mbarrier_arrive_expect_tx(&self, mbar: Val<'c>, bytes: Val<'c>) {
        // SAFETY: the rewriter handle is the pattern's (`PatternRewriter`'s invariant), its
        // insertion point just set; the location, types and values are melior handles of the
        // context, alive for 'c, and slices are passed with their lengths; the C++ builder
        // creates its op there.
        unsafe {
            layout_nvvm_build_mbarrier_arrive_expect_tx(
                self.insertion(),
                self.loc(),
                mbar.to_raw(),
                bytes.to_raw(),
            )
        }
    }

    /// The TMA tile load `nvvm.cp.async.bulk.tensor.shared.cluster.global dst, map,
    /// box[coordinates], mbar`, to the CTAs of the i16 `multicast_mask` when given.
    pub fn tma_load(
        &self,
        dst: Val<'c>,
        map: Val<'c>,
        coordinates: &[Val<'c>],
        mbar: Val<'c>,
        multicast_mask: Option<Val<'c>>,
    ) {
        // SAFETY: the rewriter handle is the pattern's (`PatternRewriter`'s invariant), its
        // insertion point just set; the location, types and values are melior handles of the
        // context, alive for 'c, and slices are passed with their lengths; the C++ builder
        // creates its op there.
        unsafe {
            layout_nvvm_build_tma_load(
                self.insertion(),
                self.loc(),
                dst.to_raw(),
                map.to_raw(),
                coordinates.as_ptr() as *const MlirValue,
                coordinates.len(),
                mbar.to_raw(),
                multicast_mask.map_or(NO_VALUE, |v| v.to_raw()),
            )
        }
    }

    /// The TMA tile store `nvvm.cp.async.bulk.tensor.global.shared.cta map, src,
    /// box[coordinates]`.
    pub fn tma_store(&self, map: Val<'c>, src: Val<'c>, coordinates: &[Val<'c>]) {
        // SAFETY: the rewriter handle is the pattern's (`PatternRewriter`'s invariant), its
        // insertion point just set; the location, types and values are melior handles of the
        // context, alive for 'c, and slices are passed with their lengths; the C++ builder
        // creates its op there.
        unsafe {
            layout_nvvm_build_tma_store(
                self.insertion(),
                self.loc(),
                map.to_raw(),
                src.to_raw(),
                coordinates.as_ptr() as *const MlirValue,
                coordinates.len(),
            )
        }
    }

    /// `nvvm.tcgen05.mma d, a, b, idesc, enable_input_d` of `kind` (cta_group 2 when `cta2`,
    /// else 1).
    #[allow(clippy::too_many_arguments)]
    pub fn tcgen05_mma(
        &self,
        kind: MmaKind,
        cta2: bool,
        d: Val<'c>,
        a: Val<'c>,
        b: Val<'c>,
        idesc: Val<'c>,
        enable_input_d: Val<'c>,
    ) -> Result<(), String> {
        let kind = tcgen05_kind(kind)?;
        // SAFETY: the rewriter handle is the pattern's (`PatternRewriter`'s invariant), its
        // insertion point just set; the location, types and values are melior handles of the
        // context, alive for 'c, and slices are passed with their lengths; the C++ builder
        // creates its op there.
        let built = unsafe {
            layout_nvvm_build_tcgen05_mma(
                self.insertion(),
                self.loc(),
                kind,
                cta2,
                d.to_raw(),
                a.to_raw(),
                b.to_raw(),
                idesc.to_raw(),
                enable_input_d.to_raw(),
            )
        };
        debug_assert!(built);
        Ok(())
    }

    /// `nvvm.tcgen05.ld address[, offset] {shape}`, its registers as `result_ty`.
    pub fn tcgen05_ld(
        &self,
        result_ty: Type<'c>,
        shape: TmemShape,
        address: Val<'c>,
        offset: Option<Val<'c>>,
    ) -> Val<'c> {
        // SAFETY: the rewriter handle is the pattern's (`PatternRewriter`'s invariant), its
        // insertion point just set; the location, types and values are melior handles of the
        // context, alive for 'c; the C++ builder creates its op there and returns its one result,
        // alive for 'c as well.
        unsafe {
            Val::from_raw(layout_nvvm_build_tcgen05_ld(
                self.insertion(),
                self.loc(),
                result_ty.to_raw(),
                tmem_shape(shape),
                address.to_raw(),
                offset.map_or(NO_VALUE, |v| v.to_raw()),
            ))
        }
    }

    /// `nvvm.tcgen05.st address, value[, offset] {shape}`.
    pub fn tcgen05_st(
        &self,
        shape: TmemShape,
        address: Val<'c>,
        value: Val<'c>,
        offset: Option<Val<'c>>,
    ) {
        // SAFETY: the rewriter handle is the pattern's (`PatternRewriter`'s invariant), its
        // insertion point just set; the location, types and values are melior handles of the
        // context, alive for 'c, and slices are passed with their lengths; the C++ builder
        // creates its op there.
        let built = unsafe {
            layout_nvvm_build_tcgen05_st(
                self.insertion(),
                self.loc(),
                tmem_shape(shape),
                address.to_raw(),
                value.to_raw(),
                offset.map_or(NO_VALUE, |v| v.to_raw()),
            )
        };
        debug_assert!(built);
    }

    /// `nvvm.tcgen05.cp taddr, desc` (shape 128x256b).
    pub fn tcgen05_cp(&self, taddr: Val<'c>, desc: Val<'c>) {
        // SAFETY: the rewriter handle is the pattern's (`PatternRewriter`'s invariant), its
        // insertion point just set; the location, types and values are melior handles of the
        // context, alive for 'c, and slices are passed with their lengths; the C++ builder
        // creates its op there.
        unsafe {
            layout_nvvm_build_tcgen05_cp(
                self.insertion(),
                self.loc(),
                taddr.to_raw(),
                desc.to_raw(),
            )
        }
    }

    /// `nvvm.mma.sync` m16n8k16 (A row-major, B column-major) of the A registers `a`, B
    /// registers `b` and accumulator `c`, both multiplicands f16 (bf16 when `bf16`); its
    /// result, of type `result` (the struct of the four f32 of D).
    pub fn mma_sync_m16n8k16(
        &self,
        result: Type<'c>,
        a: &[Val<'c>],
        b: &[Val<'c>],
        c: &[Val<'c>],
        bf16: bool,
    ) -> Val<'c> {
        // SAFETY: the rewriter handle is the pattern's (`PatternRewriter`'s invariant), its
        // insertion point just set; the location, types and values are melior handles of the
        // context, alive for 'c, and slices are passed with their lengths; the C++ builder
        // creates its op there and returns its one result, alive for 'c as well.
        unsafe {
            Val::from_raw(layout_nvvm_build_mma_sync(
                self.insertion(),
                self.loc(),
                result.to_raw(),
                a.as_ptr() as *const MlirValue,
                a.len(),
                b.as_ptr() as *const MlirValue,
                b.len(),
                c.as_ptr() as *const MlirValue,
                c.len(),
                bf16,
            ))
        }
    }

    /// `nvvm.cp.async.shared.global dst, src` of `size` bytes (cache `cg` when `cg`, else
    /// `ca`), reading only `src_bytes` of them (the rest zero-filled) when given.
    pub fn cp_async(
        &self,
        dst: Val<'c>,
        src: Val<'c>,
        size: i32,
        cg: bool,
        src_bytes: Option<Val<'c>>,
    ) {
        // SAFETY: the rewriter handle is the pattern's (`PatternRewriter`'s invariant), its
        // insertion point just set; the location and values are melior handles of the context,
        // alive for 'c (or the null value for no `src_bytes`); the C++ builder creates its op
        // there.
        unsafe {
            layout_nvvm_build_cp_async(
                self.insertion(),
                self.loc(),
                dst.to_raw(),
                src.to_raw(),
                size,
                cg,
                src_bytes.map_or(NO_VALUE, |v| v.to_raw()),
            )
        }
    }

    /// `nvvm.convert.f32x2.to.f8x2 hi, lo` (`cvt.rn.satfinite.{e4m3,e5m2}x2.f32`): the two
    /// f32 as f8E4M3FN (f8E5M2 when `e5m2`) bytes of an i16, `lo` in the low byte.
    pub fn convert_f32x2_to_f8x2(&self, hi: Val<'c>, lo: Val<'c>, e5m2: bool) -> Val<'c> {
        // SAFETY: the rewriter handle is the pattern's (`PatternRewriter`'s invariant), its
        // insertion point just set; the location and values are melior handles of the context,
        // alive for 'c; the C++ builder creates its op there and returns its one result, alive
        // for 'c as well.
        unsafe {
            Val::from_raw(layout_nvvm_build_convert_f32x2_to_f8x2(
                self.insertion(),
                self.loc(),
                hi.to_raw(),
                lo.to_raw(),
                e5m2,
            ))
        }
    }
}
