// layout.thrfrg: the atom tile and the grid are pairs of positive extents, the atom's TV
// layout covers its tile, the layout has two modes.
// RUN: layout-opt %s --split-input-file --verify-diagnostics

!tv = !layout.layout<((4,8),(2,2)):((32,1),(16,8))>
func.func @tile() {
  %t = layout.const #layout.layout<(64,64):(64,1)>
  %tv = layout.const #layout.layout<((4,8),(2,2)):((32,1),(16,8))>
  %a = layout.const #layout.tuple<(16,16)>
  %g = layout.const #layout.tuple<(2,2)>
  // expected-error@+1 {{'layout.thrfrg' op thrfrg: the atom's TV layout ((4,8),(2,2)):((32,1),(16,8)) must map its 128 (thread, value) pairs onto the 16x16 atom tile}}
  %r = layout.thrfrg %t, %tv, %a, %g : !layout.layout<(64,64):(64,1)>, !tv, !layout.tuple<(16,16)>, !layout.tuple<(2,2)>
  return
}

// -----

!tv = !layout.layout<((4,8),(2,2)):((32,1),(16,8))>
func.func @pair() {
  %t = layout.const #layout.layout<(64,64):(64,1)>
  %tv = layout.const #layout.layout<((4,8),(2,2)):((32,1),(16,8))>
  %a = layout.const #layout.tuple<(16,8,16)>
  %g = layout.const #layout.tuple<(2,2)>
  // expected-error@+1 {{'layout.thrfrg' op thrfrg: argument 2 must be a pair of static extents (m, n)}}
  %r = layout.thrfrg %t, %tv, %a, %g : !layout.layout<(64,64):(64,1)>, !tv, !layout.tuple<(16,8,16)>, !layout.tuple<(2,2)>
  return
}

// -----

!tv = !layout.layout<((4,8),(2,2)):((32,1),(16,8))>
func.func @rank() {
  %t = layout.const #layout.layout<64:1>
  %tv = layout.const #layout.layout<((4,8),(2,2)):((32,1),(16,8))>
  %a = layout.const #layout.tuple<(16,8)>
  %g = layout.const #layout.tuple<(2,2)>
  // expected-error@+1 {{'layout.thrfrg' op thrfrg: the layout 64:1 must have at least two modes (the operand's rows and columns)}}
  %r = layout.thrfrg %t, %tv, %a, %g : !layout.layout<64:1>, !tv, !layout.tuple<(16,8)>, !layout.tuple<(2,2)>
  return
}

// -----

!tv = !layout.layout<((4,8),(2,2)):((32,1),(16,8))>
func.func @permutation_modes() {
  %t = layout.const #layout.layout<(64,64):(64,1)>
  %tv = layout.const #layout.layout<((4,8),(2,2)):((32,1),(16,8))>
  %a = layout.const #layout.tuple<(16,8)>
  %g = layout.const #layout.tuple<(2,2)>
  %p = layout.const #layout.layout<32:1>
  // expected-error@+1 {{'layout.thrfrg' op thrfrg: the permutation must be a tile of two modes [P_M, P_N] (a layout or _ each)}}
  %r = layout.thrfrg %t, %tv, %a, %g, %p : !layout.layout<(64,64):(64,1)>, !tv, !layout.tuple<(16,8)>, !layout.tuple<(2,2)>, !layout.layout<32:1>
  return
}
