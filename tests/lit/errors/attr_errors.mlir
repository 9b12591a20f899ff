// Malformed attribute and type text: one case per parser error class, each a located
// diagnostic (the column is checked in attr_error_locations.mlir).
// RUN: layout-opt %s -split-input-file -verify-diagnostics

// Bad character.
// expected-error@+1 {{expected an integer, '?', '_' or '(', found 'x'}}
%0 = layout.const #layout.layout<(4,8):(8,x)>

// -----

// Unbalanced parenthesis (caught by MLIR's lexer of the attribute body).
// expected-error@+1 {{unbalanced '(' character in pretty dialect name}}
%0 = layout.const #layout.layout<(4,8:(8,1)>

// -----

// expected-error@+1 {{unbalanced '<' character in pretty dialect name}}
%0 = layout.const #layout.layout<(4,8)):(8,1)>

// -----

// Integer overflow.
// expected-error@+1 {{integer 99999999999999999999 does not fit in 64 bits}}
%0 = layout.const #layout.layout<(99999999999999999999,8):(8,1)>

// -----

// Stride not congruent to the shape.
// expected-error@+1 {{stride is not congruent to the shape (same nesting and ranks)}}
%0 = layout.const #layout.layout<(4,8):((8,1),2)>

// -----

// Bad swizzle: too few parameters.
// expected-error@+1 {{expected ',' between swizzle parameters, found '>'}}
%0 = layout.const #layout.swizzle<3,4>

// -----

// Bad swizzle: overlapping bit ranges.
// expected-error@+1 {{|S| = 2 is smaller than B = 3, so the read and written bits overlap}}
%0 = layout.const #layout.swizzle<3,4,2>

// -----

// Fractional count that does not normalize.
// expected-error@+1 {{fractional count 1/2 does not normalize to an integer}}
%0 = layout.const #layout.layout<(4,8):(1/2@0, 4@1)>

// -----

// Non-positive extent.
// expected-error@+1 {{shape extent 0 is not positive}}
%0 = layout.const #layout.layout<(4,0):(1,4)>

// -----

// Empty body.
// expected-error@+1 {{expected a layout, tuple or integer, found end of input}}
%0 = layout.const #layout.layout<>

// -----

// Trailing text.
// expected-error@+1 {{unexpected trailing text starting with 'j'}}
%0 = layout.const #layout.layout<4:1 junk>

// -----

// Wrong kind for the mnemonic.
// expected-error@+1 {{expected a layout in 'layout<...>', got a tiler '[4,_]'}}
%0 = layout.const #layout.layout<[4,_]>

// -----

// expected-error@+1 {{expected a layout in 'layout<...>', got an integer tuple or coordinate '(4,8)'}}
%0 = layout.const #layout.layout<(4,8)>

// -----

// expected-error@+1 {{expected a tiler in 'tiler<...>', got a layout '4:1'}}
%0 = layout.const #layout.tiler<4:1>

// -----

// Unknown mnemonic.
// expected-error@+1 {{unknown layout attribute 'shape': expected one of layout, swizzle, tiler, tuple, linear}}
%0 = layout.const #layout.shape<(4,8)>

// -----

// Malformed type text (a trailing comma is accepted only in a rank-1 tuple, pycute's `(8,)`).
// expected-error@+1 {{expected an integer, '?', '_' or '(', found ')'}}
func.func private @f(!layout.layout<(4,8):(8,1,)>)

// -----

// `*` (a statically unknown value) is only a type, never an attribute.
// expected-error@+1 {{expected an integer, '?', '_' or '(', found '*'}}
%0 = layout.const #layout.layout<*>

// -----

// The same, right after the type `layout<*>` was parsed: the spelling's recent entry (a type)
// does not answer for an attribute (Layout/ValueCache.h).
func.func @unknown_then_attribute(%l: !layout.layout<*>) {
  // expected-error@+1 {{expected an integer, '?', '_' or '(', found '*'}}
  %0 = layout.const #layout.layout<*>
  return
}

