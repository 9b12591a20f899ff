// Reference sm_100 ldmatrix/stmatrix maps from CuTe's copy traits: (form, num, register-side
// layout (thread, bit) -> logical bit, address-side layout (lane, bit) -> logical bit).
#include <cstdio>
#include <string>
#include <cute/tensor.hpp>
#include <cute/atom/copy_traits_sm100.hpp>
using namespace cute;
#include "cute_text.hpp"


// ldmatrix: the registers are the destination, the addresses the source.
template <class Op> void ld(const char* form, int num) {
  using T = Copy_Traits<Op>;
  printf("    (\"%s\", %d, \"%s\", \"%s\"),\n", form, num, layout_text(typename T::DstLayout{}).c_str(),
         layout_text(typename T::SrcLayout{}).c_str());
}
// stmatrix: the registers are the source, the addresses the destination.
template <class Op> void st(const char* form, int num) {
  using T = Copy_Traits<Op>;
  printf("    (\"%s\", %d, \"%s\", \"%s\"),\n", form, num, layout_text(typename T::SrcLayout{}).c_str(),
         layout_text(typename T::DstLayout{}).c_str());
}

int main() {
  ld<SM100_U8x8_LDSM_T>("ldmatrix.m16n16.trans.b8", 1);
  ld<SM100_U8x16_LDSM_T>("ldmatrix.m16n16.trans.b8", 2);
  st<SM100_U8x4_STSM_T>("stmatrix.m16n8.trans.b8", 1);
  st<SM100_U8x8_STSM_T>("stmatrix.m16n8.trans.b8", 2);
  st<SM100_U8x16_STSM_T>("stmatrix.m16n8.trans.b8", 4);
  ld<SM100_SU6_DU8x16_x1_LDSM_N>("ldmatrix.m8n16.b8x16.b6x16_p32", 1);
  ld<SM100_SU6_DU8x16_x2_LDSM_N>("ldmatrix.m8n16.b8x16.b6x16_p32", 2);
  ld<SM100_SU6_DU8x16_x4_LDSM_N>("ldmatrix.m8n16.b8x16.b6x16_p32", 4);
}
