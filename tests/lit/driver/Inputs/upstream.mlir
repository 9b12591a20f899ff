// Upstream dialects only, with attributes and types that name their dialect in the verbose
// form (the dialect is loaded when the parser meets it) and a stray expected-remark: input on
// which layout-opt must do exactly what mlir-opt-22 does.
// expected-remark@+1 {{not checked without -verify-diagnostics}}
func.func @fast(%a: f32, %b: f32) -> f32 {
  %c = arith.addf %a, %b fastmath<fast> : f32
  %d = arith.mulf %c, %c {fm = #arith<fastmath<nnan,ninf>>} : f32
  return %d : f32
}

func.func @token() -> !async.token {
  %t = async.execute {
    async.yield
  }
  return %t : !async.token
}

func.func @fold() -> index {
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %m = arith.muli %c2, %c3 : index
  %s = arith.addi %m, %c2 : index
  return %s : index
}

func.func @cse(%x: i32) -> (i32, i32) {
  %a = arith.addi %x, %x : i32
  %b = arith.addi %x, %x : i32
  return %a, %b : i32, i32
}

// -----

func.func private @declared(memref<4x?xf32, strided<[?, 1], offset: ?>>) -> vector<4xf32>
