#!/usr/bin/env python3
"""Writes a module of many functions (over 64 KiB of text, enough for layout-opt to parse and
print it on several threads) for tests/lit/driver/parallel_parse_print.mlir.

Every function folds a composition; every 7th calls the function after it (a symbol reference
into another piece of the text); every 5th carries an arith op; with --warnings every 50th
composition reads A outside its domain (a warning of the verifier).

  --parse-error K    function K has a syntax error
  --verify-error K   function K declares a wrong result type (--verify-error-also: one more)
  --alias            an alias definition precedes the functions
  --late-alias K     function K carries an affine map, which the printer aliases (`#map`)
  --duplicate K      function K is named like function K-1 (an error of the module's symbol
                     table, not of any one function)
  --undefined K      function K calls a function that does not exist (also the symbol table's)
  --no-calls         no function calls another (no symbol user in any function body)
"""
import argparse

p = argparse.ArgumentParser()
p.add_argument("--functions", type=int, default=400)
p.add_argument("--parse-error", type=int, default=-1)
p.add_argument("--verify-error", type=int, default=-1)
p.add_argument("--verify-error-also", type=int, default=-1)
p.add_argument("--warnings", action="store_true")
p.add_argument("--alias", action="store_true")
p.add_argument("--late-alias", type=int, default=-1)
p.add_argument("--duplicate", type=int, default=-1)
p.add_argument("--undefined", type=int, default=-1)
p.add_argument("--no-calls", action="store_true")
args = p.parse_args()

out = []
if args.alias:
    out.append("#m = affine_map<(d0) -> (d0 * 2)>")
for i in range(args.functions):
    a, b, s = 2 + i % 29, 2 + i % 13, 1 + i % 4
    if args.warnings and i % 50 == 0:
        A, B, R = "6:1", "(4,3):(3,1)", "(4,3):(3,1)"
    else:
        A, B, R = f"{a * b}:{s}", f"({a},{b}):({b},1)", f"({a},{b}):({b * s},{s})"
    result = "(4,4):(1,4)" if i in (args.verify_error, args.verify_error_also) else R
    out.append(f"func.func private @g{i}(index) -> index")
    name = f"f{i - 1}" if i == args.duplicate else f"f{i}"
    attributes = " attributes {m = affine_map<(d0) -> (d0 * 2)>}" if i == args.late_alias else ""
    out.append(f"func.func @{name}(%x: index) -> (!layout.layout<{result}>, index){attributes} {{")
    out.append(f"  %a = layout.const #layout.layout<{A}>")
    out.append(f"  %b = layout.const #layout.layout<{B}>")
    out.append(f"  %c = layout.composition %a, %b : !layout.layout<{A}>, !layout.layout<{B}>")
    if i == args.parse_error:
        out.append("  %oops = layout.size %c : ")
    if i % 5 == 0:
        out.append("  %two = arith.constant 2 : index")
        out.append("  %y = arith.muli %x, %two : index")
    else:
        out.append("  %y = arith.addi %x, %x : index")
    if i == args.undefined:
        out.append("  %u = func.call @undefined(%y) : (index) -> index")
    if i % 7 == 0 and i + 1 < args.functions and not args.no_calls:
        out.append(f"  %r = func.call @g{i + 1}(%y) : (index) -> index")
    out.append(f"  return %c, %y : !layout.layout<{R}>, index")
    out.append("}")
print("\n".join(out))
