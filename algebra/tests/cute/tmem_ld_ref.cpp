// Reference tcgen05.ld thread/register -> TMEM positions from CuTe's SM100_TMEM_LOAD_* copy
// traits: DstLayout ((thread, bit) -> bit index) and ValID (bit index -> TMEM bit address).
#include <cstdio>
#include <string>
#include <cute/tensor.hpp>
#include <cute/atom/copy_traits_sm100.hpp>
using namespace cute;
#include "cute_text.hpp"


template <class Op> void one(const char* shape, int num) {
  using T = Copy_Traits<Op>;
  printf("    (\"%s\", %d, \"%s\", \"%s\"),\n", shape, num, layout_text(typename T::DstLayout{}).c_str(),
         layout_text(typename T::ValID{}).c_str());
}

int main() {
  using namespace SM100::TMEM::LOAD;
  printf("// DP_b = %d\n", int(TMEM::DP_b::value));
  one<SM100_TMEM_LOAD_32dp32b1x>("32x32b", 1);
  one<SM100_TMEM_LOAD_32dp32b2x>("32x32b", 2);
  one<SM100_TMEM_LOAD_32dp32b8x>("32x32b", 8);
  one<SM100_TMEM_LOAD_32dp32b128x>("32x32b", 128);
  one<SM100_TMEM_LOAD_16dp64b1x>("16x64b", 1);
  one<SM100_TMEM_LOAD_16dp64b2x>("16x64b", 2);
  one<SM100_TMEM_LOAD_16dp64b16x>("16x64b", 16);
  one<SM100_TMEM_LOAD_16dp64b128x>("16x64b", 128);
  one<SM100_TMEM_LOAD_16dp128b1x>("16x128b", 1);
  one<SM100_TMEM_LOAD_16dp128b2x>("16x128b", 2);
  one<SM100_TMEM_LOAD_16dp128b64x>("16x128b", 64);
  one<SM100_TMEM_LOAD_16dp256b1x>("16x256b", 1);
  one<SM100_TMEM_LOAD_16dp256b2x>("16x256b", 2);
  one<SM100_TMEM_LOAD_16dp256b32x>("16x256b", 32);
  one<SM100_TMEM_LOAD_16dp32b1x>("16x32bx2", 1);
  one<SM100_TMEM_LOAD_16dp32b2x>("16x32bx2", 2);
  one<SM100_TMEM_LOAD_16dp32b16x>("16x32bx2", 16);
  one<SM100_TMEM_LOAD_16dp32b128x>("16x32bx2", 128);
}
