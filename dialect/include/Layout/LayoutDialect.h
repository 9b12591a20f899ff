//===- LayoutDialect.h - the `layout` dialect ----------------------------===//

#ifndef LAYOUT_LAYOUTDIALECT_H
#define LAYOUT_LAYOUTDIALECT_H

#include "Layout/RustAlgebra.h"

#include <array>

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Attributes.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace mlir::layout {
/// Kind of algebra value; selects the attribute/type mnemonic. Must match
/// KIND_* in src/ffi.rs.
enum class ValueKind : unsigned {
  Layout = 0,
  Swizzle = 1,
  Tiler = 2,
  Tuple = 3,
  Linear = 4,
  Bijective = 5
};
class ValueCache;
class ValueAttr;
class ValueType;
namespace detail {
// Defined in Layout/ValueStorage.h.
struct ValueAttrStorage;
struct ValueTypeStorage;
} // namespace detail
} // namespace mlir::layout

#include "LayoutDialect.h.inc"

#include "LayoutEnums.h.inc"

#define GET_ATTRDEF_CLASSES
#include "LayoutAttrs.h.inc"

#define GET_TYPEDEF_CLASSES
#include "LayoutTypes.h.inc"

namespace mlir::layout {
class ValueAttr;
/// The shared layout of a shared-memory op: the attribute when given, else the
/// value the static type of `operand` holds (null when neither).
ValueAttr sharedLayoutOf(ValueAttr attr, Value operand);

/// Whether `type` is a layout-algebra value of one of `kinds` (the operand
/// kinds of the ops' ODS).
bool isValueOfKind(Type type, std::initializer_list<ValueKind> kinds);

/// The name the algebra (layout_algebra::hw::Elem, the conversion plans) gives
/// an element type of the hardware ops: f16, bf16, tf32, f32, f64; the narrow
/// floats f8E4M3FN -> e4m3, f8E5M2 -> e5m2, f6E2M3FN -> e2m3, f6E3M2FN -> e3m2,
/// f4E2M1FN -> e2m1; si8 -> s8, ui8 -> u8, si32 -> s32, i1 -> b1; signless
/// i8/i16/i32/i64 keep their names. Empty for any other type.
StringRef hardwareElementName(Type type);
/// The MLIR element types that hardwareElementName names, for diagnostics.
StringRef hardwareElementTypes();
/// A type as written in the IR, unquoted (diagnostics that name an element type).
std::string typeText(Type type);

/// The number of elements of the layout function `layout` when static.
std::optional<int64_t> staticSize(ValueType layout);

/// Result type of an op of the algebra (CuTe, linear layouts, the
/// value-valued linear-layout analyses), computed in Rust from the op's
/// registered name, its operand types, its integer parameters `indices` and
/// its element width `bits` (layout_ffi_infer_result reads the op by the
/// dialect's tables); `*` when an operand is `*` or the result has runtime
/// structure; emits the algebra's message at `loc` on failure.
LogicalResult inferInRust(MLIRContext *context, std::optional<Location> loc,
                          StringRef opName, TypeRange operandTypes,
                          SmallVectorImpl<Type> &results,
                          ArrayRef<int64_t> indices = {},
                          std::optional<int64_t> bits = std::nullopt);
/// Result type of layout.smem_layout (the algebra's `smem_layout` of its
/// attributes); emits the algebra's message at `loc` on refusal.
LogicalResult inferSmemLayoutResult(MLIRContext *context,
                                    std::optional<Location> loc,
                                    DictionaryAttr attributes, TypeAttr elem,
                                    MajorAttr major, IntegerAttr mn,
                                    IntegerAttr k, IntegerAttr stages,
                                    SmallVectorImpl<Type> &results);
/// Fold a relation op on static operands to an `i1` attribute; on `false` a
/// remark at the op's location names the witness.
OpFoldResult foldRelationOp(Operation *op);
/// The constant attribute of a static value type, or null.
OpFoldResult foldStaticValue(Type type);
/// Verify `op` by its rules in Rust (dialect/src/op_verifier.rs).
LogicalResult verifyInRust(Operation *op);
/// Fold a one-result op by its rules in Rust (dialect/src/op_folder.rs), given
/// the integers they read (constant operands, a mode path).
OpFoldResult foldInRust(Operation *op, ArrayRef<int64_t> ints);

/// The ODS trait Layout_RustVerifier: the op's verifier is in Rust, run after
/// the op's other traits (where a C++ `verify()` would run).
template <typename ConcreteType>
class RustVerified : public OpTrait::TraitBase<ConcreteType, RustVerified> {
public:
  static LogicalResult verifyTrait(Operation *op) { return verifyInRust(op); }
};
} // namespace mlir::layout

#define GET_OP_CLASSES
#include "LayoutOps.h.inc"

#endif // LAYOUT_LAYOUTDIALECT_H
