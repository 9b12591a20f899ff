// Shared by the reference generators of this folder: CuTe's print of a value as text in the
// `layout` syntax (CuTe prints static integers as _8; the syntax writes 8).
#pragma once
#include <cstdio>
#include <string>

template <class X> std::string layout_text(X const& x) {
  char buf[8192];
  FILE* f = fmemopen(buf, sizeof buf, "w");
  fflush(stdout);
  FILE* old = stdout;
  stdout = f;  // cute::print writes to stdout
  cute::print(x);
  fflush(stdout);
  stdout = old;
  long n = ftell(f);
  fclose(f);
  std::string s(buf, n), out;
  for (char c : s)
    if (c != '_') out += c;
  return out;
}
