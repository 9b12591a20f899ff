//===- IndexOpBuilders.cpp - the arith ops of the index lowering, typed ---===//
//
// The Rust pass (src/emit.rs) emits millions of small `index` ops on a large
// module. MLIR's C API creates an op from its name and a list of named
// attributes: it looks the name up, and Operation::create uniques the
// attributes as a dictionary before it moves the inherent ones (`value`,
// `overflowFlags`) into the op's properties. The typed builders of the arith
// ops, called here, name the op by its class and write the properties
// directly. The ops are the same: the same name, operands, result type and
// properties, so the same text and the same generic form.
//
// Each function returns a detached op (no block), which the caller inserts,
// or a null op for a request it does not build (a name not listed below, or
// overflow flags on an op that has none); the Rust emitter only asks for what
// is listed, and checks.
//
//===----------------------------------------------------------------------===//

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Support.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/IR/Builders.h"
#include "llvm/ADT/StringSwitch.h"

using namespace mlir;

namespace {

enum class Kind {
  Unknown, AddI, SubI, MulI, ShLI, ShRUI, DivUI, RemUI, AndI, OrI, XOrI,
  DivSI, RemSI, FloorDivSI, MaxSI, MinSI
};

/// `Op(lhs, rhs)` with the overflow flags `flags` (the result has the
/// operands' type).
template <typename Op>
Operation *flagged(OpBuilder &b, Location loc, Value lhs, Value rhs,
                   arith::IntegerOverflowFlags flags) {
  return Op::create(b, loc, lhs.getType(), lhs, rhs, flags).getOperation();
}

/// `Op(lhs, rhs)` (the result has the operands' type: `index`, or `i1` for
/// `ori` of two conditions).
template <typename Op>
Operation *plain(OpBuilder &b, Location loc, Value lhs, Value rhs) {
  return Op::create(b, loc, lhs.getType(), lhs, rhs).getOperation();
}

} // namespace

/// The binary op `name` (`arith.addi`, ...) of `lhs` and `rhs` (of one type,
/// `index` or `i1`), with the overflow flags nsw/nuw where the op has them;
/// null for other names.
extern "C" MlirOperation layout_lowering_build_index_op(MlirStringRef name,
                                                        MlirLocation location,
                                                        MlirValue lhs,
                                                        MlirValue rhs,
                                                        bool nsw, bool nuw) {
  Kind kind = llvm::StringSwitch<Kind>(unwrap(name))
                  .Case("arith.addi", Kind::AddI)
                  .Case("arith.subi", Kind::SubI)
                  .Case("arith.muli", Kind::MulI)
                  .Case("arith.shli", Kind::ShLI)
                  .Case("arith.shrui", Kind::ShRUI)
                  .Case("arith.divui", Kind::DivUI)
                  .Case("arith.remui", Kind::RemUI)
                  .Case("arith.andi", Kind::AndI)
                  .Case("arith.ori", Kind::OrI)
                  .Case("arith.xori", Kind::XOrI)
                  .Case("arith.divsi", Kind::DivSI)
                  .Case("arith.remsi", Kind::RemSI)
                  .Case("arith.floordivsi", Kind::FloorDivSI)
                  .Case("arith.maxsi", Kind::MaxSI)
                  .Case("arith.minsi", Kind::MinSI)
                  .Default(Kind::Unknown);
  bool hasFlagsField = kind == Kind::AddI || kind == Kind::SubI ||
                       kind == Kind::MulI || kind == Kind::ShLI;
  if (kind == Kind::Unknown || ((nsw || nuw) && !hasFlagsField))
    return wrap(static_cast<Operation *>(nullptr));
  Location loc = unwrap(location);
  OpBuilder b(loc.getContext());
  Value l = unwrap(lhs), r = unwrap(rhs);
  auto flags = arith::IntegerOverflowFlags::none;
  if (nsw)
    flags = flags | arith::IntegerOverflowFlags::nsw;
  if (nuw)
    flags = flags | arith::IntegerOverflowFlags::nuw;
  switch (kind) {
  case Kind::AddI: return wrap(flagged<arith::AddIOp>(b, loc, l, r, flags));
  case Kind::SubI: return wrap(flagged<arith::SubIOp>(b, loc, l, r, flags));
  case Kind::MulI: return wrap(flagged<arith::MulIOp>(b, loc, l, r, flags));
  case Kind::ShLI: return wrap(flagged<arith::ShLIOp>(b, loc, l, r, flags));
  case Kind::ShRUI: return wrap(plain<arith::ShRUIOp>(b, loc, l, r));
  case Kind::DivUI: return wrap(plain<arith::DivUIOp>(b, loc, l, r));
  case Kind::RemUI: return wrap(plain<arith::RemUIOp>(b, loc, l, r));
  case Kind::AndI: return wrap(plain<arith::AndIOp>(b, loc, l, r));
  case Kind::OrI: return wrap(plain<arith::OrIOp>(b, loc, l, r));
  case Kind::XOrI: return wrap(plain<arith::XOrIOp>(b, loc, l, r));
  case Kind::DivSI: return wrap(plain<arith::DivSIOp>(b, loc, l, r));
  case Kind::RemSI: return wrap(plain<arith::RemSIOp>(b, loc, l, r));
  case Kind::FloorDivSI: return wrap(plain<arith::FloorDivSIOp>(b, loc, l, r));
  case Kind::MaxSI: return wrap(plain<arith::MaxSIOp>(b, loc, l, r));
  case Kind::MinSI: return wrap(plain<arith::MinSIOp>(b, loc, l, r));
  case Kind::Unknown: break;
  }
  return wrap(static_cast<Operation *>(nullptr));
}

/// `arith.constant value : index`, detached.
extern "C" MlirOperation layout_lowering_build_index_constant(MlirLocation location,
                                                              int64_t value) {
  Location loc = unwrap(location);
  OpBuilder b(loc.getContext());
  return wrap(arith::ConstantIndexOp::create(b, loc, value).getOperation());
}

/// `arith.cmpi <predicate>, lhs, rhs : index` (the predicate as
/// arith::CmpIPredicate numbers it: eq 0, ne 1, slt 2, sle 3, sgt 4, sge 5,
/// ult 6, ule 7, ugt 8, uge 9), detached; null for another number.
extern "C" MlirOperation layout_lowering_build_cmpi(MlirLocation location, int64_t predicate,
                                                   MlirValue lhs, MlirValue rhs) {
  std::optional<arith::CmpIPredicate> p =
      arith::symbolizeCmpIPredicate(static_cast<uint64_t>(predicate));
  if (predicate < 0 || !p)
    return wrap(static_cast<Operation *>(nullptr));
  Location loc = unwrap(location);
  OpBuilder b(loc.getContext());
  return wrap(arith::CmpIOp::create(b, loc, *p, unwrap(lhs), unwrap(rhs)).getOperation());
}

/// `arith.select cond, a, b`, detached.
extern "C" MlirOperation layout_lowering_build_select(MlirLocation location, MlirValue cond,
                                                     MlirValue a, MlirValue b) {
  Location loc = unwrap(location);
  OpBuilder builder(loc.getContext());
  return wrap(
      arith::SelectOp::create(builder, loc, unwrap(cond), unwrap(a), unwrap(b)).getOperation());
}

/// `arith.index_castui v : iN to index`, detached.
extern "C" MlirOperation layout_lowering_build_index_castui(MlirLocation location,
                                                           MlirValue v) {
  Location loc = unwrap(location);
  OpBuilder b(loc.getContext());
  return wrap(arith::IndexCastUIOp::create(b, loc, b.getIndexType(), unwrap(v)).getOperation());
}

/// `cf.assert cond, "message"`, detached.
extern "C" MlirOperation layout_lowering_build_assert(MlirLocation location, MlirValue cond,
                                                     MlirStringRef message) {
  Location loc = unwrap(location);
  OpBuilder b(loc.getContext());
  return wrap(cf::AssertOp::create(b, loc, unwrap(cond), unwrap(message)).getOperation());
}
