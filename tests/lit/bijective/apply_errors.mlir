// The verifiers of layout.apply and layout.inv: one index operand (apply) or one result (inv)
// per logical dim of the layout, and a #layout.bijective attribute.
// RUN: layout-opt %s -split-input-file -verify-diagnostics

func.func @too_few(%a: index) -> index {
  // expected-error@+1 {{'layout.apply' op expects one index operand per logical dim of the bijective layout: 2 dims [6, 6], got 1}}
  %o = layout.apply #layout.bijective<GroupBy([6,6])>[%a]
  return %o : index
}

// -----

func.func @too_many_results(%x: index) -> index {
  // expected-error@+1 {{'layout.inv' op expects one result per logical dim of the bijective layout: 1 dim [36], got 2}}
  %i, %j = layout.inv #layout.bijective<GroupBy([36])>[%x] -> index, index
  return %i : index
}

// -----

func.func @not_bijective(%a: index) -> index {
  // expected-error@+1 {{'layout.apply' op expects a #layout.bijective attribute, got #layout.layout<(4,8):(8,1)>}}
  %o = layout.apply #layout.layout<(4,8):(8,1)>[%a]
  return %o : index
}
