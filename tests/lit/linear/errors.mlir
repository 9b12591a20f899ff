// #layout.linear is verified by the Rust parser of linear layouts: located diagnostics.
// RUN: layout-opt %s -split-input-file -verify-diagnostics

// Not a linear layout at all (CuTe text).
// expected-error@+1 {{expected a linear layout: JSON '{"in_dims": ...}' or '#ttg.linear<{...}>'}}
func.func @cute() attributes {lin = #layout.linear<(4,8):(1,4)>} { return }

// -----

// The verifier (LinearLayout::new via the JSON reader): size != 2^bases.
// expected-error@+1 {{linear layout JSON: in dimension 'in' has size 8 but 2 bases (size must be 2^bases)}}
func.func @size() attributes {lin = #layout.linear<{"in_dims": [{"name": "in", "size": 8, "bases": [[1], [2]]}], "out_dims": [{"name": "out", "size": 8}]}>} { return }
