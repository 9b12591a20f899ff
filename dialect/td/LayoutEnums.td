//===- LayoutEnums.td - enumerated parameters of the `layout` hardware ops -===//
//
// The operand majorness of an MMA operand tile in shared memory (CuTe's
// GMMA::Major): `K` when the K extent is contiguous, `MN` when M (for A) or
// N (for B) is. Printed `#layout.major<K>`; the hardware ops and
// `layout.smem_layout` take it as their `major`, `majorA`, `majorB`
// attributes.
//
//===----------------------------------------------------------------------===//

#ifndef LAYOUT_ENUMS_TD
#define LAYOUT_ENUMS_TD

include "LayoutDialect.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/EnumAttr.td"

def Layout_MajorK : I32EnumAttrCase<"K", 0>;
def Layout_MajorMN : I32EnumAttrCase<"MN", 1>;
def Layout_Major : I32EnumAttr<"Major",
    "which extent of an MMA operand tile is contiguous in shared memory",
    [Layout_MajorK, Layout_MajorMN]> {
  let cppNamespace = "::mlir::layout";
  let genSpecializedAttr = 0;
}
def Layout_MajorAttr : EnumAttr<Layout_Dialect, Layout_Major, "major"> {
  let assemblyFormat = "`<` $value `>`";
}

/// The memory a `!layout.tensor` lives in: `global` (LLVM address space 1, or
/// the generic space 0), `shared` (address space 3, a CTA's shared memory) and
/// `tmem` (Blackwell tensor memory, address space 6) and `tma` (global memory
/// addressed through a TMA tensor map: the tensor's pointer is the map, an
/// `!llvm.ptr`, and its elements are reached by TMA coordinates only).
def Layout_MemGlobal : I32EnumAttrCase<"global", 0>;
def Layout_MemShared : I32EnumAttrCase<"shared", 1>;
def Layout_MemTmem : I32EnumAttrCase<"tmem", 2>;
def Layout_MemTma : I32EnumAttrCase<"tma", 3>;
def Layout_MemorySpace : I32EnumAttr<"MemorySpace",
    "the memory a tensor lives in",
    [Layout_MemGlobal, Layout_MemShared, Layout_MemTmem, Layout_MemTma]> {
  let cppNamespace = "::mlir::layout";
  let genSpecializedAttr = 0;
}

#endif // LAYOUT_ENUMS_TD
