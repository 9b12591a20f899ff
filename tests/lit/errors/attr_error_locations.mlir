// Parse errors point at the exact line and column inside the attribute or type.
// RUN: not layout-opt %s -split-input-file 2>&1 | FileCheck %s

// CHECK: attr_error_locations.mlir:[[# @LINE + 1]]:43: error: expected an integer, '?', '_' or '(', found 'x'
%0 = layout.const #layout.layout<(4,8):(8,x)>

// -----

// The attribute may span lines; the column is that of the offending character.
// CHECK: attr_error_locations.mlir:[[# @LINE + 3]]:9: error: integer 99999999999999999999 does not fit in 64 bits
%0 = layout.const #layout.layout<
       (4, 8) :
       (99999999999999999999, 1)>

// -----

// CHECK: attr_error_locations.mlir:[[# @LINE + 1]]:35: error: Sw<3,4,2>: |S| = 2 is smaller than B = 3
%0 = layout.const #layout.swizzle<3,4,2>

// -----

// CHECK: attr_error_locations.mlir:[[# @LINE + 1]]:48: error: expected an integer, '?', '_' or '(', found ')'
func.func private @f(!layout.layout<(4,8):(8,1,)>)

// -----

// CHECK: attr_error_locations.mlir:[[# @LINE + 1]]:46: error: fractional count 1/2 does not normalize to an integer
%0 = layout.const #layout.layout<(4,8):(4@1, 1/2@0)>
