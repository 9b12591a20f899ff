// Input of driver.mlir (not a test itself: lit.cfg.py excludes Inputs/).
func.func @f() {
  // expected-error@+1 {{expected an integer, '?', '_' or '(', found 'x'}}
  %0 = layout.const #layout.layout<(4,8):(8,x)>
  return
}
