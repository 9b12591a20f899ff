//===- LayoutNvgpuOps.cpp - verifiers and registration of the NVGPU ops ---===//
//
// Thin: each verifier hands the op's attributes and layout operands (the
// canonical text of each layout) to the Rust
// function layout_nvvm_verify (src/verify.rs), which runs the hardware rules
// of layout_algebra::hw and returns the numbers the operand/result types must
// agree with. No layout math here.
//
//===----------------------------------------------------------------------===//

#include "Layout/LayoutDialect.h"
#include "LayoutNvvm.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMTypes.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Support.h"
#include "mlir/IR/OperationSupport.h"
#include "llvm/ADT/TypeSwitch.h"
#include "mlir/Target/LLVMIR/Dialect/All.h"
#include "mlir/Target/LLVM/NVVM/Target.h"

#define GET_OP_CLASSES
#include "LayoutNvgpuOps.h.inc"

extern "C" {
typedef struct {
  const char *data;
  size_t len;
} LayoutNvStr;
/// Null when the op is legal; else a message (free with layout_nvvm_free).
char *layout_nvvm_verify(LayoutNvStr op, const LayoutNvStr *keys,
                         const LayoutNvStr *values, const LayoutHandle *layouts,
                         size_t n, int64_t *info, size_t ninfo);
void layout_nvvm_free(char *message);
}

using namespace mlir;
using namespace mlir::layout;

namespace {
LayoutNvStr str(StringRef s) { return LayoutNvStr{s.data(), s.size()}; }

/// The layout parameters of an op (attribute names) with the optional
/// operand that may give each instead of the attribute.
SmallVector<std::pair<StringRef, Value>, 2> layoutParams(Operation *op);

/// An op's parameters for the Rust checks: name, text (strings, integers) and,
/// for a layout, the value its attribute or operand type holds.
struct Params {
  std::vector<std::string> keys, values;
  std::vector<LayoutHandle> layouts;
  void add(StringRef key, std::string value, LayoutHandle layout = nullptr) {
    keys.push_back(key.str());
    values.push_back(std::move(value));
    layouts.push_back(layout);
  }
};

/// The Rust checks of the op named `name` on `params`: null, or the message
/// (freed by layout_nvvm_free); fills `info`.
char *runChecks(StringRef name, const Params &params, int64_t *info, size_t ninfo) {
  std::vector<LayoutNvStr> k, v;
  for (size_t i = 0; i < params.keys.size(); ++i) {
    k.push_back(str(params.keys[i]));
    v.push_back(str(params.values[i]));
  }
  return layout_nvvm_verify(str(name), k.data(), v.data(), params.layouts.data(), k.size(),
                            info, ninfo);
}

/// Each layout parameter comes from its attribute or from its operand (a
/// static layout-dialect value), not both: the error otherwise. Adds the
/// parameters given as operands to `params` (the value their type holds).
LogicalResult collectLayoutOperands(Operation *op, Params &params) {
  for (auto [key, operand] : layoutParams(op)) {
    bool attr = static_cast<bool>(op->getAttr(key));
    if (attr && operand)
      return op->emitOpError()
             << "takes the layout '" << key
             << "' as an attribute or as an operand, not both";
    if (!attr && !operand)
      return op->emitOpError()
             << "requires the layout '" << key << "': an attribute " << key
             << " = #layout.layout<...> or an operand " << key
             << "(%l : !layout.layout<...>)";
    if (!operand)
      continue;
    auto type = dyn_cast<ValueType>(operand.getType());
    if (!type || !type.isStatic())
      return op->emitOpError()
             << "the layout operand '" << key << "' must be a static layout, found "
             << operand.getType()
             << " (a layout with runtime leaves has no hardware parameters to derive)";
    params.add(key, type.getText().str(), type.getValueHandle());
  }
  return success();
}

/// Run the Rust checks on the op's attributes and layout operands; fills `info`.
LogicalResult rustVerify(Operation *op, int64_t *info, size_t ninfo,
                         bool dynamicK = false) {
  Params params;
  if (dynamicK)
    params.add("%k", "1");
  if (failed(collectLayoutOperands(op, params)))
    return failure();
  for (NamedAttribute a : op->getAttrDictionary()) {
    if (auto s = dyn_cast<StringAttr>(a.getValue()))
      params.add(a.getName(), s.getValue().str());
    else if (auto t = dyn_cast<TypeAttr>(a.getValue())) {
      StringRef elem = hardwareElementName(t.getValue());
      if (elem.empty())
        return op->emitOpError()
               << "'" << a.getName().getValue() << "' must be one of the element types "
               << hardwareElementTypes() << "; found " << typeText(t.getValue());
      params.add(a.getName(), elem.str());
    } else if (auto m = dyn_cast<MajorAttr>(a.getValue()))
      params.add(a.getName(), stringifyMajor(m.getValue()).str());
    else if (auto l = dyn_cast<ValueAttr>(a.getValue()))
      params.add(a.getName(), l.getText().str(), l.getValueHandle());
    else if (auto i = dyn_cast<IntegerAttr>(a.getValue()))
      params.add(a.getName(), std::to_string(i.getInt()));
    else if (isa<UnitAttr>(a.getValue()))
      params.add(a.getName(), "true");
  }
  char *msg = runChecks(op->getName().getStringRef(), params, info, ninfo);
  if (!msg)
    return success();
  InFlightDiagnostic d = op->emitOpError() << msg;
  layout_nvvm_free(msg);
  return d;
}

LogicalResult expectPtr(Operation *op, Type t, unsigned space, StringRef what) {
  auto p = dyn_cast<LLVM::LLVMPointerType>(t);
  if (p && p.getAddressSpace() == space)
    return success();
  return op->emitOpError() << what << " must be !llvm.ptr" << (space ? "<" + std::to_string(space) + ">" : std::string())
                           << " (" << (space == 3 ? "shared memory" : "generic") << "), found " << t;
}

/// `n` i32 registers: i32 for one, else !llvm.struct<(i32, ...)>.
LogicalResult expectRegs(Operation *op, Type t, int64_t n, StringRef what,
                         StringRef why = "") {
  if (n == 1 && t.isInteger(32))
    return success();
  if (auto s = dyn_cast<LLVM::LLVMStructType>(t)) {
    auto body = s.getBody();
    if (n > 1 && (int64_t)body.size() == n &&
        llvm::all_of(body, [](Type e) { return e.isInteger(32); }))
      return success();
  }
  return op->emitOpError() << what << " must be "
                           << (n == 1 ? std::string("i32")
                                      : "!llvm.struct of " + std::to_string(n) + " i32")
                           << " (" << (why.empty() ? "the derived form has " + std::to_string(n) + (n == 1 ? " matrix" : " matrices") : why.str())
                           << "), found " << t;
}
} // namespace

FailureOr<TmemCopyForm> mlir::layout::tmemCopyForm(ValueAttr tmem, ValueAttr fragment,
                                                  std::string &why) {
  Params params;
  params.add("tmem", tmem.getText().str(), tmem.getValueHandle());
  params.add("fragment", fragment.getText().str(), fragment.getValueHandle());
  int64_t info[3] = {0, 0, 0};
  char *msg = runChecks("layout.tmem_load", params, info, 3);
  if (msg) {
    why = msg;
    layout_nvvm_free(msg);
    return failure();
  }
  static const char *const shapes[] = {"32x32b", "16x64b", "16x128b", "16x256b", "16x32bx2"};
  if (info[1] < 0 || info[1] >= 5) {
    why = "unknown tcgen05 shape";
    return failure();
  }
  return TmemCopyForm{info[0], shapes[info[1]], info[2]};
}

LogicalResult LdmatrixOp::verify() {
  int64_t info[2] = {0, 0};
  if (failed(expectPtr(*this, getBase().getType(), 3, "the base")) ||
      failed(rustVerify(*this, info, 2)))
    return failure();
  return expectRegs(*this, getResult().getType(), info[0], "the result");
}

LogicalResult StmatrixOp::verify() {
  int64_t info[2] = {0, 0};
  if (failed(expectPtr(*this, getBase().getType(), 3, "the base")) ||
      failed(rustVerify(*this, info, 2)))
    return failure();
  if ((int64_t)getValues().size() != info[0])
    return emitOpError() << "takes one i32 per matrix: the derived form has " << info[0]
                         << " matrices, found " << getValues().size() << " values";
  return success();
}

LogicalResult LaneOffsetOp::verify() {
  int64_t info[2] = {0, 0};
  return rustVerify(*this, info, 2);
}

LogicalResult WgmmaDescOp::verify() {
  int64_t info[2] = {0, 0};
  if (getBase() && failed(expectPtr(*this, getBase().getType(), 3, "the base")))
    return failure();
  return rustVerify(*this, info, 2, (bool)getKIndex());
}

LogicalResult WgmmaOp::verify() {
  int64_t info[2] = {0, 0};
  if (failed(rustVerify(*this, info, 2)))
    return failure();
  Type a = getA().getType();
  if (!a.isInteger(64)) {
    if (failed(expectRegs(*this, a, 4, "A from registers",
                          "the m64 x 32-byte A fragment of one warp")))
      return failure();
    if (getMajorA() != Major::K)
      return emitOpError() << "A from registers is K-major (the register fragment has no "
                              "transpose), found majorA = "
                           << getMajorAAttr();
  }
  Type acc = getAcc().getType();
  auto s = dyn_cast<LLVM::LLVMStructType>(acc);
  bool ok = s && (int64_t)s.getBody().size() == info[0] &&
            llvm::all_of(s.getBody(), [](Type e) { return e.isF32(); });
  if (!ok)
    return emitOpError() << "the accumulator of m64n" << getN() << " with f32 D is "
                         << info[0] << " f32 per thread (!llvm.struct of " << info[0]
                         << " f32), found " << acc;
  if (getResult().getType() != acc)
    return emitOpError() << "result type must equal the accumulator type " << acc;
  return success();
}

LogicalResult FragmentStoreOp::verify() {
  int64_t info[2] = {0, 0};
  if (failed(rustVerify(*this, info, 2)))
    return failure();
  auto p = dyn_cast<LLVM::LLVMPointerType>(getBase().getType());
  if (!p || (p.getAddressSpace() != 0 && p.getAddressSpace() != 1))
    return emitOpError() << "the base must be !llvm.ptr or !llvm.ptr<1> (global memory), found "
                         << getBase().getType();
  Type acc = getAcc().getType();
  auto s = dyn_cast<LLVM::LLVMStructType>(acc);
  bool ok = s && (int64_t)s.getBody().size() == info[0] &&
            llvm::all_of(s.getBody(), [](Type e) { return e.isF32(); });
  if (!ok)
    return emitOpError() << "the fragment has " << info[0]
                         << " registers per thread: the values must be !llvm.struct of "
                         << info[0] << " f32, found " << acc;
  return success();
}

/// `n` values of the element type `elem` as !llvm.struct<(elem, ...)>.
static LogicalResult expectElems(Operation *op, Type t, int64_t n, Type elem,
                                 StringRef what) {
  auto s = dyn_cast<LLVM::LLVMStructType>(t);
  bool ok = s && (int64_t)s.getBody().size() == n &&
            llvm::all_of(s.getBody(), [&](Type e) { return e == elem; });
  if (ok)
    return success();
  return op->emitOpError() << what << " must be !llvm.struct of " << n << " " << typeText(elem)
                           << " (one field per register of the layout), found " << t;
}

LogicalResult ConvertOp::verify() {
  int64_t info[3] = {0, 0, 0};
  if (failed(rustVerify(*this, info, 3)))
    return failure();
  if (failed(expectElems(*this, getSrc().getType(), info[0], getElem(), "the source")) ||
      failed(expectElems(*this, getResult().getType(), info[1], getElem(), "the result")))
    return failure();
  if (info[2] > 0 && !getSmem())
    return emitOpError() << "the conversion goes through shared memory (" << info[2]
                         << " bytes): give the buffer as smem(%buf : !llvm.ptr<3>)";
  if (getSmem() && failed(expectPtr(*this, getSmem().getType(), 3, "the shared buffer")))
    return failure();
  return success();
}

LogicalResult TmaDescOp::verify() {
  int64_t info[2] = {0, 0};
  if (failed(expectPtr(*this, getTensorMap().getType(), 0, "the tensor map")) ||
      failed(expectPtr(*this, getGlobal().getType(), 0, "the global address")) ||
      failed(rustVerify(*this, info, 2)))
    return failure();
  if ((int64_t)getDynamic().size() != info[1])
    return emitOpError() << "needs one i64 operand per dynamic globalDim/globalStrides entry: "
                         << info[1] << " expected, found " << getDynamic().size();
  return success();
}

LogicalResult TmaLoadOp::verify() {
  int64_t info[2] = {0, 0};
  if (failed(expectPtr(*this, getDst().getType(), 3, "the destination")) ||
      failed(expectPtr(*this, getTensorMap().getType(), 0, "the tensor map")) ||
      failed(expectPtr(*this, getMbar().getType(), 3, "the mbarrier")) ||
      failed(rustVerify(*this, info, 2)))
    return failure();
  if ((int64_t)getCoords().size() != info[0])
    return emitOpError() << "takes one i32 coordinate per TMA dimension: rank " << info[0]
                         << ", found " << getCoords().size();
  return success();
}

LogicalResult TmaStoreOp::verify() {
  int64_t info[2] = {0, 0};
  if (failed(expectPtr(*this, getTensorMap().getType(), 0, "the tensor map")) ||
      failed(expectPtr(*this, getSrc().getType(), 3, "the source")) ||
      failed(rustVerify(*this, info, 2)))
    return failure();
  if ((int64_t)getCoords().size() != info[0])
    return emitOpError() << "takes one i32 coordinate per TMA dimension: rank " << info[0]
                         << ", found " << getCoords().size();
  return success();
}

LogicalResult UmmaDescOp::verify() {
  int64_t info[2] = {0, 0};
  if (getBase() && failed(expectPtr(*this, getBase().getType(), 3, "the base")))
    return failure();
  return rustVerify(*this, info, 2, (bool)getKIndex());
}

LogicalResult Tcgen05MmaOp::verify() {
  int64_t info[2] = {0, 0};
  return rustVerify(*this, info, 2);
}

/// `n` i32 registers of tcgen05.ld/st: i32 for one, else vector<n x i32>.
static LogicalResult expectTmemRegs(Operation *op, Type t, int64_t n, StringRef what) {
  if (n == 1 && t.isInteger(32))
    return success();
  auto v = dyn_cast<VectorType>(t);
  if (n > 1 && v && v.getRank() == 1 && v.getNumElements() == n &&
      v.getElementType().isInteger(32))
    return success();
  return op->emitOpError() << what << " must be "
                           << (n == 1 ? std::string("i32")
                                      : "vector<" + std::to_string(n) + "xi32>")
                           << " (the derived tcgen05 shape moves " << n
                           << " 32-bit registers per thread), found " << t;
}

LogicalResult TmemLoadOp::verify() {
  int64_t info[2] = {0, 0};
  if (failed(rustVerify(*this, info, 2)))
    return failure();
  return expectTmemRegs(*this, getResult().getType(), info[0], "the result");
}

LogicalResult TmemStoreOp::verify() {
  int64_t info[2] = {0, 0};
  if (failed(rustVerify(*this, info, 2)))
    return failure();
  return expectTmemRegs(*this, getValues().getType(), info[0], "the stored values");
}

LogicalResult Tcgen05CpOp::verify() {
  int64_t info[2] = {0, 0};
  if (failed(expectPtr(*this, getBase().getType(), 3, "the shared-memory source")))
    return failure();
  return rustVerify(*this, info, 2);
}

#define GET_OP_CLASSES
#include "LayoutNvgpuOps.cpp.inc"

namespace {
SmallVector<std::pair<StringRef, Value>, 2> layoutParams(Operation *op) {
  using Params = SmallVector<std::pair<StringRef, Value>, 2>;
  return llvm::TypeSwitch<Operation *, Params>(op)
      .Case<FragmentStoreOp>([](auto o) {
        return Params{{"fragment", o.getFragmentLayout()}};
      })
      .Case<LdmatrixOp, StmatrixOp, LaneOffsetOp>([](auto o) {
        return Params{{"smem", o.getSmemLayout()},
                      {"fragment", o.getFragmentLayout()}};
      })
      .Case<TmaDescOp, TmaLoadOp, TmaStoreOp>([](auto o) {
        return Params{{"gmem", o.getGmemLayout()}, {"smem", o.getSmemLayout()}};
      })
      .Case<WgmmaDescOp, UmmaDescOp, Tcgen05CpOp>(
          [](auto o) { return Params{{"tile", o.getTileLayout()}}; })
      .Case<TmemLoadOp, TmemStoreOp>([](auto o) {
        return Params{{"tmem", o.getTmemLayout()},
                      {"fragment", o.getFragmentLayout()}};
      })
      .Default([](Operation *) { return Params{}; });
}
} // namespace

/// The layout parameter `key` of a hardware op: its attribute, or the
/// attribute of the layout its operand's type holds; null when it has neither
/// (the lowering reads every layout through this).
/// The algebra's name of an element-type or enum attribute of a hardware op
/// (`f16`, `e4m3`, `K`, ...); empty for any other attribute.
extern "C" MlirStringRef mlirLayoutNvParamName(MlirAttribute attr) {
  Attribute a = unwrap(attr);
  StringRef name;
  if (auto t = dyn_cast<TypeAttr>(a))
    name = hardwareElementName(t.getValue());
  else if (auto m = dyn_cast<MajorAttr>(a))
    name = stringifyMajor(m.getValue());
  return wrap(name);
}

extern "C" MlirAttribute mlirLayoutNvLayoutParam(MlirOperation op,
                                                 MlirStringRef key) {
  Operation *o = unwrap(op);
  StringRef k = unwrap(key);
  if (Attribute a = o->getAttr(k))
    return wrap(a);
  for (auto [name, operand] : layoutParams(o))
    if (name == k && operand)
      if (auto type = dyn_cast<ValueType>(operand.getType()))
        return wrap(Attribute(type.getValueAttr()));
  return wrap(Attribute());
}

void mlir::layout::registerNvgpuOps(DialectRegistry &registry) {
  registry.addExtension(+[](MLIRContext *ctx, LayoutDialect *dialect) {
    RegisteredOperationName::insert<LdmatrixOp>(*dialect);
    RegisteredOperationName::insert<StmatrixOp>(*dialect);
    RegisteredOperationName::insert<LaneOffsetOp>(*dialect);
    RegisteredOperationName::insert<WgmmaDescOp>(*dialect);
    RegisteredOperationName::insert<WgmmaOp>(*dialect);
    RegisteredOperationName::insert<FragmentStoreOp>(*dialect);
    RegisteredOperationName::insert<ConvertOp>(*dialect);
    RegisteredOperationName::insert<TmaDescOp>(*dialect);
    RegisteredOperationName::insert<TmaLoadOp>(*dialect);
    RegisteredOperationName::insert<TmaStoreOp>(*dialect);
    RegisteredOperationName::insert<UmmaDescOp>(*dialect);
    RegisteredOperationName::insert<Tcgen05MmaOp>(*dialect);
    RegisteredOperationName::insert<TmemLoadOp>(*dialect);
    RegisteredOperationName::insert<TmemStoreOp>(*dialect);
    RegisteredOperationName::insert<Tcgen05CpOp>(*dialect);
  });
  registerAllToLLVMIRTranslations(registry);
  NVVM::registerNVVMTargetInterfaceExternalModels(registry);
}

FailureOr<int64_t> mlir::layout::convertSharedBytes(Operation *at, Type elem,
                                                    ValueAttr from, ValueAttr to,
                                                    int64_t budget, int64_t sm) {
  StringRef name = hardwareElementName(elem);
  if (name.empty())
    return at->emitOpError() << "cannot convert elements of type " << typeText(elem)
                             << " (one of " << hardwareElementTypes() << ")";
  Params params;
  params.add("elem", name.str());
  params.add("from", from.getText().str(), from.getValueHandle());
  params.add("to", to.getText().str(), to.getValueHandle());
  params.add("smemBudget", std::to_string(budget));
  params.add("sm", std::to_string(sm));
  std::vector<LayoutNvStr> k, v;
  for (size_t i = 0; i < params.keys.size(); ++i) {
    k.push_back(str(params.keys[i]));
    v.push_back(str(params.values[i]));
  }
  int64_t info[3] = {0, 0, 0};
  char *msg = layout_nvvm_verify(str("layout.convert"), k.data(), v.data(),
                                 params.layouts.data(), k.size(), info, 3);
  if (!msg)
    return info[2];
  at->emitOpError() << msg;
  layout_nvvm_free(msg);
  return failure();
}

extern "C" void layout_nvvm_register_ops(void *registry) {
  mlir::layout::registerNvgpuOps(*static_cast<DialectRegistry *>(registry));
}
