// Malformed or non-bijective #layout.bijective attributes: the algebra's message at the
// offending character inside the attribute.
// RUN: layout-opt %s -split-input-file -verify-diagnostics

func.func @not_a_permutation(%a: index, %b: index) -> index {
  // expected-error@+1 {{RegP permutation [1, 1] is not a permutation of [1..2] (entry 1)}}
  %o = layout.apply #layout.bijective<OrderBy(RegP([2,3],[1,1])).GroupBy([6])>[%a, %b]
  return %o : index
}

// -----

func.func @sizes_differ(%a: index) -> index {
  // expected-error@+1 {{OrderBy 1 of the chain has 6 elements ([2, 3]), the logical view (GroupBy) has 4 ([4])}}
  %o = layout.apply #layout.bijective<OrderBy(RegP([2,3],[2,1])).GroupBy([4])>[%a]
  return %o : index
}

// -----

func.func @wrong_inverse(%a: index) -> index {
  // expected-error@+1 {{OrderBy 1 piece 1: GenP finv is not the inverse of f: f[0] = 3 but finv(3) = [3]}}
  %o = layout.apply #layout.bijective<"OrderBy(GenP([4], (i) -> 3 - i, (x) -> [x])).GroupBy([4])">[%a]
  return %o : index
}

// -----

func.func @unknown_name(%a: index) -> index {
  // expected-error@+1 {{unknown name 'j' (the parameters are ["i"])}}
  %o = layout.apply #layout.bijective<"OrderBy(GenP([4], (i) -> i / j, (x) -> [x])).GroupBy([4])">[%a]
  return %o : index
}

// -----

func.func @unknown_stage(%a: index) -> index {
  // expected-error@+1 {{expected OrderBy, GroupBy or TileBy, found 'OrderedBy'}}
  %o = layout.apply #layout.bijective<OrderedBy(Row([4])).GroupBy([4])>[%a]
  return %o : index
}
