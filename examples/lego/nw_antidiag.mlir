// Rodinia's Needleman-Wunsch (NW) update with its shared buffer in the anti-diagonal layout
// (LEGO, Fig. 8 and Sec. 6.2). The CUDA kernel keeps `int buff[b+1][b+1]` in shared memory and
// updates it one anti-diagonal at a time; row-major storage makes the threads of an
// anti-diagonal hit addresses b+1 apart (bank conflicts). Laying the (b+1) x (b+1) buffer out
// by anti-diagonals (the GenP below; b = 16) puts each anti-diagonal in consecutive words.
//
// The kernel indexes the buffer with logical (row, column) coordinates through `layout.apply`;
// `layout-opt --lower-to-index` replaces every apply by the simplified index math of the
// anti-diagonal bijection (comparisons and selects instead of the paper's square root; the
// inverse, used to map a thread's flat slot back to its cell, is `layout.inv`).
//
//   layout-opt --lower-to-index examples/lego/nw_antidiag.mlir
//
// Precondition of layout.apply: 1 <= i, j <= 16 here, so every (i-1, j-1) is in [0, 17).

#antidiag = #layout.bijective<"OrderBy(GenP([17, 17], (i, j) -> let a = i + j + 1; select(a <= 17, i + a*(a-1)/2, 289 - 17 + i - (34 - a)*(34 - a - 1)/2), (x0) -> let x = select(x0 < 153, x0, 288 - x0); let a = 1 + (x >= 1) + (x >= 3) + (x >= 6) + (x >= 10) + (x >= 15) + (x >= 21) + (x >= 28) + (x >= 36) + (x >= 45) + (x >= 55) + (x >= 66) + (x >= 78) + (x >= 91) + (x >= 105) + (x >= 120) + (x >= 136); let i = x - a*(a-1)/2; let j = a - i - 1; [select(x0 < 153, i, 16 - i), select(x0 < 153, j, 16 - j)])).GroupBy([17, 17])">

// buff[i][j] = max(buff[i-1][j-1] + ref, buff[i-1][j] - penalty, buff[i][j-1] - penalty)
func.func @nw_cell(%buff: memref<289xi32, 3>, %i: index, %j: index, %ref: i32, %penalty: i32) {
  %c1 = arith.constant 1 : index
  %im1 = arith.subi %i, %c1 : index
  %jm1 = arith.subi %j, %c1 : index
  %o_nw = layout.apply #antidiag[%im1, %jm1]
  %o_n = layout.apply #antidiag[%im1, %j]
  %o_w = layout.apply #antidiag[%i, %jm1]
  %o = layout.apply #antidiag[%i, %j]
  %nw = memref.load %buff[%o_nw] : memref<289xi32, 3>
  %north = memref.load %buff[%o_n] : memref<289xi32, 3>
  %west = memref.load %buff[%o_w] : memref<289xi32, 3>
  %diag = arith.addi %nw, %ref : i32
  %up = arith.subi %north, %penalty : i32
  %left = arith.subi %west, %penalty : i32
  %m = arith.maxsi %diag, %up : i32
  %r = arith.maxsi %m, %left : i32
  memref.store %r, %buff[%o] : memref<289xi32, 3>
  return
}

// The cell of the buffer slot `%slot` (thread `%slot` of a flat copy loop), for writing back
// in row-major order: out[i * 17 + j] = buff[slot].
func.func @copy_out(%buff: memref<289xi32, 3>, %out: memref<289xi32>, %slot: index) {
  %i, %j = layout.inv #antidiag[%slot] -> index, index
  %c17 = arith.constant 17 : index
  %row = arith.muli %i, %c17 : index
  %o = arith.addi %row, %j : index
  %v = memref.load %buff[%slot] : memref<289xi32, 3>
  memref.store %v, %out[%o] : memref<289xi32>
  return
}
