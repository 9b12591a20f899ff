//===- NvvmOpBuilders.cpp - the NVVM ops of the NVVM lowering, typed -------===//
//
// The Rust lowering of the hardware ops (src/pass.rs, convert.rs,
// fragment_store.rs, tcgen05.rs) creates its NVVM ops through the functions
// below, each of which calls the op's ODS-generated builder with typed
// attributes (NVVM::MMALayout, NVVM::LdStMatrixShapeAttr, NVVM::WGMMATypes,
// ...). The LLVM-dialect ops are made on the Rust side (src/build_llvm.rs,
// melior's OperationBuilder).
//
// Every function creates its op through `rewriter`, the conversion pattern's
// rewriter (cpp/HardwareOpLowering.cpp), at the insertion point the caller
// set (src/build.rs sets it before each call). The enums the Rust side passes
// are numbered here (and in src/build_nvvm.rs) as the tables below list them,
// not as NVVM numbers its own: a value past the end of a table builds nothing
// and returns null (false for ops without results).
//
//===----------------------------------------------------------------------===//

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Rewrite.h"
#include "mlir/CAPI/Support.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/IR/PatternMatch.h"

using namespace mlir;

namespace {

/// The special registers (src/build_nvvm.rs `SpecialRegister`).
enum LayoutNvvmSpecialRegister : uint32_t { LaneId = 0, ThreadIdX = 1, ClusterRank = 2 };

/// The operand-free synchronization ops (src/build_nvvm.rs `Sync`).
enum LayoutNvvmSync : uint32_t {
  WgmmaFence = 0,
  WgmmaCommitGroup = 1,
  WgmmaWaitGroup0 = 2,
  Barrier0 = 3,
  BulkCommitGroup = 4,
  BulkWaitGroupRead0 = 5,
  FenceProxyAsyncSharedCta = 6,
  Tcgen05WaitLoad = 7,
  Tcgen05WaitStore = 8,
};

/// ldmatrix/stmatrix element types (src/build_nvvm.rs `MatrixElt`).
const NVVM::LdStMatrixEltType matrixElts[] = {
    NVVM::LdStMatrixEltType::B16,
    NVVM::LdStMatrixEltType::B8,
    NVVM::LdStMatrixEltType::B8X16_B6X16_P32,
};

/// wgmma operand types (src/build_nvvm.rs `WgmmaType`).
const NVVM::WGMMATypes wgmmaTypes[] = {
    NVVM::WGMMATypes::f16,  NVVM::WGMMATypes::bf16, NVVM::WGMMATypes::tf32,
    NVVM::WGMMATypes::e4m3, NVVM::WGMMATypes::e5m2, NVVM::WGMMATypes::s8,
    NVVM::WGMMATypes::u8,   NVVM::WGMMATypes::b1,   NVVM::WGMMATypes::f32,
};

/// tcgen05.mma kinds (src/build_nvvm.rs `Tcgen05Kind`).
const NVVM::Tcgen05MMAKind tcgen05Kinds[] = {
    NVVM::Tcgen05MMAKind::F16,
    NVVM::Tcgen05MMAKind::TF32,
    NVVM::Tcgen05MMAKind::F8F6F4,
    NVVM::Tcgen05MMAKind::I8,
};

/// tcgen05.ld/st shapes (src/build_nvvm.rs `TmemShape`).
const NVVM::Tcgen05LdStShape tmemShapes[] = {
    NVVM::Tcgen05LdStShape::SHAPE_32X32B,  NVVM::Tcgen05LdStShape::SHAPE_16X64B,
    NVVM::Tcgen05LdStShape::SHAPE_16X128B, NVVM::Tcgen05LdStShape::SHAPE_16X256B,
    NVVM::Tcgen05LdStShape::SHAPE_16X32BX2,
};

template <typename T, size_t N>
bool inTable(const T (&)[N], uint32_t i) {
  return i < N;
}

RewriterBase &rewriterOf(MlirRewriterBase rewriter) { return *unwrap(rewriter); }

MlirValue result(Operation *op) { return wrap(op->getResult(0)); }

SmallVector<Value> valuesOf(const MlirValue *values, size_t n) {
  SmallVector<Value> out;
  for (size_t i = 0; i < n; ++i)
    out.push_back(unwrap(values[i]));
  return out;
}

NVVM::MMALayout layoutOf(bool col) { return col ? NVVM::MMALayout::col : NVVM::MMALayout::row; }

} // namespace

/// The special register `kind` (`nvvm.read.ptx.sreg.laneid`, `.tid.x`) as an
/// i32; null for a kind not listed.
extern "C" MlirValue layout_nvvm_build_special_register(MlirRewriterBase rewriter,
                                                        MlirLocation loc, uint32_t kind) {
  RewriterBase &b = rewriterOf(rewriter);
  Location l = unwrap(loc);
  switch (kind) {
  case LaneId: return result(NVVM::LaneIdOp::create(b, l, b.getI32Type()).getOperation());
  case ThreadIdX:
    return result(NVVM::ThreadIdXOp::create(b, l, b.getI32Type()).getOperation());
  case ClusterRank:
    return result(NVVM::ClusterId::create(b, l, b.getI32Type()).getOperation());
  }
  return wrap(Value());
}

/// The synchronization op `kind` (wgmma fence/commit/wait 0, barrier0, bulk
/// commit/wait_group 0 read, fence.proxy async.shared::cta, tcgen05.wait
/// load/store); false for a kind not listed.
extern "C" bool layout_nvvm_build_sync(MlirRewriterBase rewriter, MlirLocation loc,
                                       uint32_t kind) {
  RewriterBase &b = rewriterOf(rewriter);
  Location l = unwrap(loc);
  switch (kind) {
  case WgmmaFence: NVVM::WgmmaFenceAlignedOp::create(b, l); return true;
  case WgmmaCommitGroup: NVVM::WgmmaGroupSyncAlignedOp::create(b, l); return true;
  case WgmmaWaitGroup0: NVVM::WgmmaWaitGroupSyncOp::create(b, l, /*group=*/uint64_t(0)); return true;
  case Barrier0: NVVM::Barrier0Op::create(b, l); return true;
  case BulkCommitGroup: NVVM::CpAsyncBulkCommitGroupOp::create(b, l); return true;
  case BulkWaitGroupRead0:
    NVVM::CpAsyncBulkWaitGroupOp::create(b, l, /*group=*/uint32_t(0), /*read=*/b.getUnitAttr());
    return true;
  case FenceProxyAsyncSharedCta:
    NVVM::FenceProxyOp::create(
        b, l, NVVM::ProxyKind::async_shared,
        NVVM::SharedSpaceAttr::get(b.getContext(), NVVM::SharedSpace::shared_cta));
    return true;
  case Tcgen05WaitLoad: NVVM::Tcgen05WaitOp::create(b, l, NVVM::Tcgen05WaitKind::LOAD); return true;
  case Tcgen05WaitStore:
    NVVM::Tcgen05WaitOp::create(b, l, NVVM::Tcgen05WaitKind::STORE);
    return true;
  }
  return false;
}

/// `nvvm.bar.warp.sync mask`.
extern "C" void layout_nvvm_build_warp_sync(MlirRewriterBase rewriter, MlirLocation loc,
                                            MlirValue mask) {
  NVVM::SyncWarpOp::create(rewriterOf(rewriter), unwrap(loc), unwrap(mask));
}

/// `nvvm.shfl.sync idx|bfly mask, value, lane, clamp` (bfly when `butterfly`;
/// `lane` is then the lane mask), of the value's type.
extern "C" MlirValue layout_nvvm_build_shfl(MlirRewriterBase rewriter, MlirLocation loc,
                                            bool butterfly, MlirValue mask, MlirValue value,
                                            MlirValue lane, MlirValue clamp) {
  Value v = unwrap(value);
  return result(NVVM::ShflOp::create(rewriterOf(rewriter), unwrap(loc), v.getType(),
                                     unwrap(mask), v, unwrap(lane), unwrap(clamp),
                                     butterfly ? NVVM::ShflKind::bfly : NVVM::ShflKind::idx,
                                     /*return_value_and_is_valid=*/UnitAttr())
                    .getOperation());
}

/// `nvvm.ldmatrix ptr {num, layout = row|col (trans), shape = m rows n cols,
/// eltType = elt} : resultType`; null for an element type not listed.
extern "C" MlirValue layout_nvvm_build_ldmatrix(MlirRewriterBase rewriter, MlirLocation loc,
                                                MlirType resultType, MlirValue ptr,
                                                uint32_t num, bool trans, int32_t rows,
                                                int32_t cols, uint32_t elt) {
  if (!inTable(matrixElts, elt))
    return wrap(Value());
  RewriterBase &b = rewriterOf(rewriter);
  return result(NVVM::LdMatrixOp::create(
                    b, unwrap(loc), unwrap(resultType), unwrap(ptr), num, layoutOf(trans),
                    NVVM::LdStMatrixShapeAttr::get(b.getContext(), rows, cols),
                    matrixElts[elt])
                    .getOperation());
}

/// `nvvm.stmatrix ptr, sources {layout = row|col (trans), shape = m rows n
/// cols, eltType = elt}` of the `n` values at `sources`; false for an
/// element type not listed.
extern "C" bool layout_nvvm_build_stmatrix(MlirRewriterBase rewriter, MlirLocation loc,
                                           MlirValue ptr, const MlirValue *sources, size_t n,
                                           bool trans, int32_t rows, int32_t cols,
                                           uint32_t elt) {
  if (!inTable(matrixElts, elt))
    return false;
  RewriterBase &b = rewriterOf(rewriter);
  NVVM::StMatrixOp::create(b, unwrap(loc), unwrap(ptr), valuesOf(sources, n), layoutOf(trans),
                           NVVM::LdStMatrixShapeAttr::get(b.getContext(), rows, cols),
                           matrixElts[elt]);
  return true;
}

/// `nvvm.wgmma.mma_async` of the shared-memory descriptors `descA`, `descB`
/// into the accumulator `acc` (its type is the result's): shape m64 n k,
/// f32 accumulation, scales one, layouts row (or col when `colA`/`colB`);
/// null for an operand type not listed.
extern "C" MlirValue layout_nvvm_build_wgmma_mma_async(MlirRewriterBase rewriter,
                                                       MlirLocation loc, MlirValue acc,
                                                       MlirValue descA, MlirValue descB,
                                                       int32_t n, int32_t k, uint32_t typeA,
                                                       uint32_t typeB, bool colA, bool colB) {
  if (!inTable(wgmmaTypes, typeA) || !inTable(wgmmaTypes, typeB))
    return wrap(Value());
  RewriterBase &b = rewriterOf(rewriter);
  Value d = unwrap(acc);
  return result(NVVM::WgmmaMmaAsyncOp::create(
                    b, unwrap(loc), d.getType(), d, unwrap(descA), unwrap(descB),
                    NVVM::MMAShapeAttr::get(b.getContext(), 64, n, k), wgmmaTypes[typeA],
                    wgmmaTypes[typeB], NVVM::WGMMATypes::f32, NVVM::WGMMAScaleOut::one,
                    NVVM::WGMMAScaleIn::one, NVVM::WGMMAScaleIn::one, layoutOf(colA),
                    layoutOf(colB), /*satfinite=*/NVVM::MMAIntOverflowAttr())
                    .getOperation());
}

/// `nvvm.mbarrier.arrive.expect_tx mbar, bytes` (scope cta, not relaxed, no
/// result).
extern "C" void layout_nvvm_build_mbarrier_arrive_expect_tx(MlirRewriterBase rewriter,
                                                            MlirLocation loc, MlirValue mbar,
                                                            MlirValue bytes) {
  NVVM::MBarrierArriveExpectTxOp::create(rewriterOf(rewriter), unwrap(loc), /*res=*/Type(),
                                         unwrap(mbar), unwrap(bytes), NVVM::MemScopeKind::CTA,
                                         /*relaxed=*/false, /*predicate=*/Value());
}

/// The TMA load of one tile mode box: `nvvm.cp.async.bulk.tensor.shared.cluster.global
/// dst, map, box[coordinates], mbar` over the `n` values at `coordinates`; with an i16
/// `multicastMask` (null: none) `.multicast::cluster` to the CTAs of the mask.
extern "C" void layout_nvvm_build_tma_load(MlirRewriterBase rewriter, MlirLocation loc,
                                           MlirValue dst, MlirValue map,
                                           const MlirValue *coordinates, size_t n,
                                           MlirValue mbar, MlirValue multicastMask) {
  NVVM::CpAsyncBulkTensorGlobalToSharedClusterOp::create(
      rewriterOf(rewriter), unwrap(loc), unwrap(dst), unwrap(map), valuesOf(coordinates, n),
      unwrap(mbar), /*im2colOffsets=*/ValueRange(),
      /*multicastMask=*/mlirValueIsNull(multicastMask) ? Value() : unwrap(multicastMask),
      /*l2CacheHint=*/Value(), NVVM::TMALoadMode::TILE, /*isCTAOnly=*/false,
      /*group=*/NVVM::CTAGroupKindAttr(), /*predicate=*/Value());
}

/// The TMA store of one tile mode box: `nvvm.cp.async.bulk.tensor.global.shared.cta
/// map, src, box[coordinates]` over the `n` values at `coordinates`.
extern "C" void layout_nvvm_build_tma_store(MlirRewriterBase rewriter, MlirLocation loc,
                                            MlirValue map, MlirValue src,
                                            const MlirValue *coordinates, size_t n) {
  NVVM::CpAsyncBulkTensorSharedCTAToGlobalOp::create(
      rewriterOf(rewriter), unwrap(loc), unwrap(map), unwrap(src), valuesOf(coordinates, n),
      /*l2CacheHint=*/Value(), NVVM::TMAStoreMode::TILE, /*predicate=*/Value());
}

/// `nvvm.tcgen05.mma d, a, b, idesc, enableInputD {kind, ctaGroup = cta_1 or
/// cta_2, collectorOp = discard}`; false for a kind not listed.
extern "C" bool layout_nvvm_build_tcgen05_mma(MlirRewriterBase rewriter, MlirLocation loc,
                                              uint32_t kind, bool cta2, MlirValue d,
                                              MlirValue a, MlirValue b, MlirValue idesc,
                                              MlirValue enableInputD) {
  if (!inTable(tcgen05Kinds, kind))
    return false;
  NVVM::Tcgen05MMAOp::create(
      rewriterOf(rewriter), unwrap(loc), tcgen05Kinds[kind],
      cta2 ? NVVM::CTAGroupKind::CTA_2 : NVVM::CTAGroupKind::CTA_1,
      NVVM::Tcgen05MMACollectorOp::DISCARD, /*aShift=*/false, unwrap(d), unwrap(a), unwrap(b),
      unwrap(idesc), unwrap(enableInputD), /*scaleInputD=*/Value(),
      /*disableOutputLane=*/Value());
  return true;
}

/// `nvvm.tcgen05.ld address[, offset] {shape} : resultType` (offset only when
/// not null); null for a shape not listed.
extern "C" MlirValue layout_nvvm_build_tcgen05_ld(MlirRewriterBase rewriter, MlirLocation loc,
                                                  MlirType resultType, uint32_t shape,
                                                  MlirValue address, MlirValue offset) {
  if (!inTable(tmemShapes, shape))
    return wrap(Value());
  return result(NVVM::Tcgen05LdOp::create(rewriterOf(rewriter), unwrap(loc),
                                          unwrap(resultType), /*pack=*/false,
                                          tmemShapes[shape], unwrap(address), unwrap(offset))
                    .getOperation());
}

/// `nvvm.tcgen05.st address, value[, offset] {shape}` (offset only when not
/// null); false for a shape not listed.
extern "C" bool layout_nvvm_build_tcgen05_st(MlirRewriterBase rewriter, MlirLocation loc,
                                             uint32_t shape, MlirValue address,
                                             MlirValue value, MlirValue offset) {
  if (!inTable(tmemShapes, shape))
    return false;
  NVVM::Tcgen05StOp::create(rewriterOf(rewriter), unwrap(loc), /*unpack=*/false,
                            tmemShapes[shape], unwrap(address), unwrap(value), unwrap(offset));
  return true;
}

/// `nvvm.tcgen05.cp taddr, desc {shape = 128x256b, group = cta_1, multicast =
/// none}`.
extern "C" void layout_nvvm_build_tcgen05_cp(MlirRewriterBase rewriter, MlirLocation loc,
                                             MlirValue taddr, MlirValue desc) {
  NVVM::Tcgen05CpOp::create(rewriterOf(rewriter), unwrap(loc),
                            NVVM::Tcgen05CpShape::SHAPE_128x256b, NVVM::CTAGroupKind::CTA_1,
                            NVVM::Tcgen05CpMulticast::NONE, /*srcFormat=*/nullptr,
                            unwrap(taddr), unwrap(desc));
}

/// `nvvm.mma.sync A[a] B[b] C[c] {shape = m16n8k16, layoutA = row, layoutB =
/// col}` of the `nA`, `nB`, `nC` values at `a`, `b`, `c`, both multiplicands
/// f16 (bf16 when `bf16`), its result of type `resultType`.
extern "C" MlirValue layout_nvvm_build_mma_sync(MlirRewriterBase rewriter, MlirLocation loc,
                                                MlirType resultType, const MlirValue *a,
                                                size_t nA, const MlirValue *b, size_t nB,
                                                const MlirValue *c, size_t nC, bool bf16) {
  NVVM::MMATypes type = bf16 ? NVVM::MMATypes::bf16 : NVVM::MMATypes::f16;
  return result(NVVM::MmaOp::create(
                    rewriterOf(rewriter), unwrap(loc), unwrap(resultType), valuesOf(a, nA),
                    valuesOf(b, nB), valuesOf(c, nC), {16, 8, 16}, std::nullopt, std::nullopt,
                    std::array<NVVM::MMATypes, 2>{type, type},
                    std::array<NVVM::MMALayout, 2>{NVVM::MMALayout::row, NVVM::MMALayout::col})
                    .getOperation());
}

/// `nvvm.cp.async.shared.global dst, src, size, cache = cg (when `cg`) or ca`,
/// reading only `srcBytes` bytes (zero-filling the rest) unless it is null.
extern "C" void layout_nvvm_build_cp_async(MlirRewriterBase rewriter, MlirLocation loc,
                                           MlirValue dst, MlirValue src, int32_t size,
                                           bool cg, MlirValue srcBytes) {
  NVVM::CpAsyncOp::create(rewriterOf(rewriter), unwrap(loc), unwrap(dst), unwrap(src), size,
                          cg ? NVVM::LoadCacheModifierKind::CG : NVVM::LoadCacheModifierKind::CA,
                          mlirValueIsNull(srcBytes) ? Value() : unwrap(srcBytes));
}

/// `nvvm.convert.f32x2.to.f8x2 hi, lo {rnd = rn, sat = satfinite} -> i16` to
/// f8E4M3FN (E5M2 when `e5m2`): `lo` in the low byte.
extern "C" MlirValue layout_nvvm_build_convert_f32x2_to_f8x2(MlirRewriterBase rewriter,
                                                             MlirLocation loc, MlirValue hi,
                                                             MlirValue lo, bool e5m2) {
  RewriterBase &b = rewriterOf(rewriter);
  Type f8 = e5m2 ? Type(b.getType<Float8E5M2Type>()) : Type(b.getType<Float8E4M3FNType>());
  return result(NVVM::ConvertF32x2ToF8x2Op::create(
                    b, unwrap(loc), b.getI16Type(), unwrap(hi), unwrap(lo),
                    NVVM::FPRoundingMode::RN, NVVM::SaturationMode::SATFINITE,
                    /*relu=*/false, f8)
                    .getOperation());
}
