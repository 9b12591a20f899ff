//===- LayoutDialect.td - the `layout` dialect ----------------------------===//
//
// CuTe layouts (shape:stride), swizzles, composed layouts and tilers as MLIR
// attributes and types. All layout math lives in the Rust crate
// `layout-algebra`; the C++ hooks only pass text to it and back.
//
//===----------------------------------------------------------------------===//

#ifndef LAYOUT_DIALECT_TD
#define LAYOUT_DIALECT_TD

include "mlir/IR/OpBase.td"

def Layout_Dialect : Dialect {
  let name = "layout";
  let cppNamespace = "::mlir::layout";
  let summary = "GPU data layouts: CuTe shape:stride layouts, swizzles, tilers";
  let description = [{
    Attributes `#layout.layout<...>`, `#layout.swizzle<B,M,S>`,
    `#layout.tiler<[...]>`, `#layout.tuple<...>` hold canonical CuTe text;
    `#layout.linear<...>` holds an F2 linear layout (Triton text or JSON).
    The type `!layout.<kind><...>` describes an SSA layout value whose `?`
    leaves are runtime `index` values (`!layout.linear<...>` is always
    static). Verifiers and folders call the Rust layout algebra.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect"];
  // bind as a fold: ops on layout.make of constants (src/canonical_patterns.rs).
  let hasCanonicalizer = 1;
  let useDefaultAttributePrinterParser = 0;
  let useDefaultTypePrinterParser = 0;
  let hasConstantMaterializer = 1;
  let extraClassDeclaration = [{
    void registerAttributes();
    void registerTypes();
    ::mlir::Attribute parseAttribute(::mlir::DialectAsmParser &parser,
                                     ::mlir::Type type) const override;
    void printAttribute(::mlir::Attribute attr,
                        ::mlir::DialectAsmPrinter &printer) const override;
    ::mlir::Type parseType(::mlir::DialectAsmParser &parser) const override;
    void printType(::mlir::Type type,
                   ::mlir::DialectAsmPrinter &printer) const override;
    /// This context's memo of parsed spellings and inferred results
    /// (Layout/ValueCache.h).
    ::mlir::layout::ValueCache &getCache() const { return *cache; }

  private:
    std::unique_ptr<::mlir::layout::ValueCache> cache;

  public:
  }];
}

#endif // LAYOUT_DIALECT_TD
