// Reference for reading CuTe's printed shared-memory atoms `Sw<B,M,S> o smem_ptr[Nb](unset) o L`
// (algebra/src/pointer_swizzle.rs, tests/pointer_swizzle.rs): for each GMMA/UMMA atom and
// element width, CuTe's print, CuTe's own position-independent reading on elements
// (as_position_independent_swizzle_layout) and where CuTe's swizzle pointer puts each element
// in memory, hashed (h = h * 1000003 + element position, wrapping, over the atom's elements in
// order) or `mid` when some element starts inside another element (no element-unit swizzle).
// Host build (the CUDA runtime headers only for cute/util/debug.hpp's includes, e.g. the
// nvidia-cuda-runtime wheel's include folder, as for umma_desc_ref.cpp):
//
//     g++ -std=c++17 -O0 -w -I<cuda>/include -I<cutlass>/include \
//         tests/cute/smem_atom_ref.cpp -o smem_atom_ref && ./smem_atom_ref
//
// The atoms are copied verbatim from cute/atom/mma_traits_sm90_gmma.hpp and
// mma_traits_sm100.hpp (CUTLASS 4.2), whose headers need CUDA to compile.
#include <cute/tensor_impl.hpp>
#include <cute/pointer.hpp>
#include <cute/layout_composed.hpp>
#include <cute/swizzle_layout.hpp>
#include <cute/pointer_flagged.hpp>
#include <cute/numeric/numeric_types.hpp>
#include <cstdio>
#include <cstring>
#include <string>
using namespace cute;

using Layout_MN_INTER_Atom_Bits = ComposedLayout<Swizzle<0,4,3>, smem_ptr_flag, Layout<Shape< _128,_8>,Stride<_1, _128>>>;
using Layout_MN_SW32_Atom_Bits  = ComposedLayout<Swizzle<1,4,3>, smem_ptr_flag, Layout<Shape< _256,_8>,Stride<_1, _256>>>;
using Layout_MN_SW64_Atom_Bits  = ComposedLayout<Swizzle<2,4,3>, smem_ptr_flag, Layout<Shape< _512,_8>,Stride<_1, _512>>>;
using Layout_MN_SW128_Atom_Bits = ComposedLayout<Swizzle<3,4,3>, smem_ptr_flag, Layout<Shape<_1024,_8>,Stride<_1,_1024>>>;
using Layout_K_INTER_Atom_Bits  = ComposedLayout<Swizzle<0,4,3>, smem_ptr_flag, Layout<Shape<_8, _128>,Stride< _128,_1>>>;
using Layout_K_SW32_Atom_Bits   = ComposedLayout<Swizzle<1,4,3>, smem_ptr_flag, Layout<Shape<_8, _256>,Stride< _256,_1>>>;
using Layout_K_SW64_Atom_Bits   = ComposedLayout<Swizzle<2,4,3>, smem_ptr_flag, Layout<Shape<_8, _512>,Stride< _512,_1>>>;
using Layout_K_SW128_Atom_Bits  = ComposedLayout<Swizzle<3,4,3>, smem_ptr_flag, Layout<Shape<_8,_1024>,Stride<_1024,_1>>>;
using Layout_MN_SW128_32B_Atom_Bits = ComposedLayout<Swizzle<2,5,2>, smem_ptr_flag, Layout<Shape< _1024,_4>,Stride<_1, _1024>>>;

struct u256 { uint8_t b[32]; };  // a 256-bit element (CuTe's uint256_t has no host constructor from int)

alignas(4096) static uint8_t buf[1 << 12];

// cute::print into a string.
template <class X> std::string text(X const& x) {
  char tmp[4096];
  FILE* f = fmemopen(tmp, sizeof tmp, "w");
  fflush(stdout);
  FILE* old = stdout;
  stdout = f;
  print(x);
  fflush(stdout);
  stdout = old;
  long n = ftell(f);
  fclose(f);
  return std::string(tmp, n);
}

template <class T, class Atom> void row(const char* name) {
  constexpr int B = sizeof_bits<T>::value;
  auto atom = upcast<B>(Atom{});
  auto t = make_tensor(recast_ptr<T>(make_smem_ptr(buf)), atom);
  uint64_t h = 0;
  bool mid = false;
  for (int i = 0; i < int(size(t)); ++i) {
    long bit;
    if constexpr (B >= 8) {
      bit = 8 * long(reinterpret_cast<uint8_t const*>(&t(i)) - buf);
    } else {
      memset(buf, 0, sizeof buf);  // one-hot write through CuTe's subbyte reference
      t(i) = T(1);
      bit = -1;
      for (long k = 0; k < 8 * long(sizeof buf) && bit < 0; ++k)
        if ((buf[k / 8] >> (k % 8)) & 1) bit = k;
    }
    mid |= bit % B != 0;
    h = h * 1000003u + uint64_t(bit / B);
  }
  std::string indep = B <= 128 ? text(as_position_independent_swizzle_layout(atom)) : "-";
  printf("    (\"%s\", %d, \"%s\", \"%s\", \"%s\"),\n", name, B, text(atom).c_str(), indep.c_str(),
         mid ? "mid" : std::to_string(h).c_str());
}

template <class T> void all() {
  row<T, Layout_K_INTER_Atom_Bits>("K_INTER");
  row<T, Layout_K_SW32_Atom_Bits>("K_SW32");
  row<T, Layout_K_SW64_Atom_Bits>("K_SW64");
  row<T, Layout_K_SW128_Atom_Bits>("K_SW128");
  row<T, Layout_MN_INTER_Atom_Bits>("MN_INTER");
  row<T, Layout_MN_SW32_Atom_Bits>("MN_SW32");
  row<T, Layout_MN_SW64_Atom_Bits>("MN_SW64");
  row<T, Layout_MN_SW128_Atom_Bits>("MN_SW128");
  row<T, Layout_MN_SW128_32B_Atom_Bits>("MN_SW128_32B");
}

int main() {
  all<uint1_t>();
  all<uint2_t>();
  all<uint4_t>();
  all<uint8_t>();
  all<uint16_t>();
  all<uint32_t>();
  all<uint64_t>();
  all<uint128_t>();
  row<u256, Layout_K_SW128_Atom_Bits>("K_SW128");
  row<u256, Layout_MN_SW128_Atom_Bits>("MN_SW128");
}
