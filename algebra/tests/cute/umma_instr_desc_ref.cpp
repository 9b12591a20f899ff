// Reference UMMA instruction descriptors from CuTe's make_instr_desc (host side).
#include <cstdio>
#include <cute/tensor.hpp>
#include <cute/arch/mma_sm100_desc.hpp>
using namespace cute;
using UMMA::Major; using UMMA::ScaleIn; using UMMA::Saturate;

template <class A, class B, class C, int M, int N, Major am, Major bm,
          ScaleIn an = ScaleIn::One, ScaleIn bn = ScaleIn::One, Saturate s = Saturate::False, bool sp = false>
void one(const char* a, const char* b, const char* c, const char* flags) {
  auto d = UMMA::make_instr_desc<A, B, C, M, N, am, bm, an, bn, s, sp>();
  printf("(\"%s\", \"%s\", \"%s\", %d, %d, \"%s\", \"%s\", \"%s\", 0x%08x),\n", a, b, c, M, N,
         am == Major::K ? "K" : "MN", bm == Major::K ? "K" : "MN", flags, uint32_t(d));
}

template <class A, class B, class C, int M, int N>
void majors(const char* a, const char* b, const char* c) {
  one<A, B, C, M, N, Major::K, Major::K>(a, b, c, "");
  one<A, B, C, M, N, Major::MN, Major::K>(a, b, c, "");
  one<A, B, C, M, N, Major::K, Major::MN>(a, b, c, "");
  one<A, B, C, M, N, Major::MN, Major::MN>(a, b, c, "");
}
template <class A, class B, class C>
void shapes(const char* a, const char* b, const char* c) {
  majors<A, B, C, 64, 8>(a, b, c);
  majors<A, B, C, 64, 136>(a, b, c);
  majors<A, B, C, 128, 16>(a, b, c);
  majors<A, B, C, 128, 256>(a, b, c);
  majors<A, B, C, 256, 112>(a, b, c);
}
int main() {
  shapes<half_t, half_t, float>("f16", "f16", "f32");
  shapes<half_t, half_t, half_t>("f16", "f16", "f16");
  shapes<bfloat16_t, bfloat16_t, float>("bf16", "bf16", "f32");
  shapes<tfloat32_t, tfloat32_t, float>("tf32", "tf32", "f32");
  shapes<float_e4m3_t, float_e4m3_t, float>("e4m3", "e4m3", "f32");
  shapes<float_e5m2_t, float_e4m3_t, half_t>("e5m2", "e4m3", "f16");
  shapes<int8_t, int8_t, int32_t>("s8", "s8", "s32");
  shapes<uint8_t, int8_t, int32_t>("u8", "s8", "s32");
  shapes<int8_t, uint8_t, int32_t>("s8", "u8", "s32");
  using e2m3 = cutlass::detail::float_e2m3_unpacksmem_t;
  using e3m2 = cutlass::detail::float_e3m2_unpacksmem_t;
  using e2m1 = cutlass::detail::float_e2m1_unpacksmem_t;
  one<e2m3, e3m2, float, 128, 128, Major::K, Major::K>("e2m3", "e3m2", "f32", "");
  one<e2m1, float_e4m3_t, float, 128, 64, Major::K, Major::K>("e2m1", "e4m3", "f32", "");
  one<e3m2, e2m1, half_t, 64, 256, Major::K, Major::K>("e3m2", "e2m1", "f16", "");
  one<half_t, half_t, float, 128, 64, Major::K, Major::K, ScaleIn::Neg>("f16", "f16", "f32", "negA");
  one<half_t, half_t, float, 128, 64, Major::K, Major::MN, ScaleIn::One, ScaleIn::Neg>("f16", "f16", "f32", "negB");
  one<bfloat16_t, bfloat16_t, float, 64, 32, Major::MN, Major::K, ScaleIn::Neg, ScaleIn::Neg>("bf16", "bf16", "f32", "negA,negB");
  one<tfloat32_t, tfloat32_t, float, 128, 128, Major::K, Major::K, ScaleIn::One, ScaleIn::One, Saturate::False, true>("tf32", "tf32", "f32", "sparse");
  one<float_e4m3_t, float_e5m2_t, float, 128, 256, Major::K, Major::K, ScaleIn::Neg, ScaleIn::One, Saturate::False, true>("e4m3", "e5m2", "f32", "negA,sparse");
  one<int8_t, int8_t, int32_t, 128, 128, Major::K, Major::K, ScaleIn::One, ScaleIn::One, Saturate::True>("s8", "s8", "s32", "sat");
  one<uint8_t, uint8_t, int32_t, 256, 256, Major::MN, Major::K, ScaleIn::One, ScaleIn::One, Saturate::True, true>("u8", "u8", "s32", "sat,sparse");
}
