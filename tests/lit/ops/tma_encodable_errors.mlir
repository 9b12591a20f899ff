// layout.tma_encodable's verifier: the tensor lies in tma or global memory (a tensor map
// describes global memory).
// RUN: layout-opt %s --split-input-file --verify-diagnostics

!s = !layout.tensor<f16, shared, !layout.layout<(128,64):(64,1)>>
func.func @shared_tensor(%t: !s) -> i1 {
  // expected-error@+1 {{'layout.tma_encodable' op asks whether a tensor map of a tma or global tensor can be encoded, found a tensor in shared memory}}
  %ok = layout.tma_encodable %t : !s
  return %ok : i1
}

// -----

func.func @not_a_tensor(%t: !layout.layout<(128,64):(64,1)>) -> i1 {
  // expected-error@+1 {{'layout.tma_encodable' op operand #0 must be a tensor in memory}}
  %ok = layout.tma_encodable %t : !layout.layout<(128,64):(64,1)>
  return %ok : i1
}
