// Reference tcgen05.mma instruction descriptors from CuTe (host side): UMMA::make_instr_desc,
// make_runtime_instr_desc, make_instr_desc_block_scaled and make_runtime_instr_desc_block_scaled,
// over the kinds, types, shapes and modifiers the PTX ISA accepts. Prints one Rust tuple per
// case: (A, B, D, M, N, major A, major B, modifiers, descriptor); the modifiers are the
// `umma_instr_desc` modifier names, the descriptor the 32-bit value or, with `runtime`, the
// 64-bit runtime form. Only cases the ISA accepts are printed (CuTe encodes any N; the
// refusals are tested separately in tests/umma.rs).
//
// Build (no CUDA toolkit needed: stand-in CUDA headers from bench/cute_cpp/cuda_stubs.py):
//   python3 -c "import sys; sys.path.insert(0, 'bench/cute_cpp'); \
//     from cuda_stubs import write_stubs; write_stubs('/tmp/stubs')"
//   g++ -std=c++17 -O0 -w -I/tmp/stubs -I<cutlass>/include \
//     algebra/tests/cute/umma_instr_desc_ref.cpp -o umma_instr_desc_ref && ./umma_instr_desc_ref
#include <cstdio>
#include <string>
#include <cute/numeric/numeric_types.hpp>
#include <cute/arch/mma_sm100_desc.hpp>
using namespace cute;
using UMMA::Major;
using UMMA::MaxShift;
using UMMA::Saturate;
using UMMA::ScaleIn;
using cutlass::detail::float_e2m1_unpacksmem_t;
using cutlass::detail::float_e2m3_unpacksmem_t;
using cutlass::detail::float_e3m2_unpacksmem_t;

template <class T> const char* name();
#define NAME(T, s) template <> const char* name<T>() { return s; }
NAME(half_t, "f16")
NAME(bfloat16_t, "bf16")
NAME(tfloat32_t, "tf32")
NAME(float, "f32")
NAME(int32_t, "s32")
NAME(int8_t, "s8")
NAME(uint8_t, "u8")
NAME(float_e4m3_t, "e4m3")
NAME(float_e5m2_t, "e5m2")
NAME(float_e2m3_t, "e2m3")
NAME(float_e3m2_t, "e3m2")
NAME(float_e2m1_t, "e2m1")
NAME(float_e2m3_unpacksmem_t, "e2m3_unpacksmem")
NAME(float_e3m2_unpacksmem_t, "e3m2_unpacksmem")
NAME(float_e2m1_unpacksmem_t, "e2m1_unpacksmem")
NAME(float_ue8m0_t, "ue8m0")
NAME(float_ue4m3_t, "ue4m3")

static const char* mj(Major m) { return m == Major::K ? "K" : "MN"; }
static void add(std::string& s, const std::string& m) {
  if (m.empty()) return;
  if (!s.empty()) s += ",";
  s += m;
}
static void row(const char* a, const char* b, const char* c, int M, int N, Major am, Major bm,
                const std::string& mods, unsigned long long v) {
  printf("(\"%s\", \"%s\", \"%s\", %d, %d, \"%s\", \"%s\", \"%s\", 0x%llx),\n", a, b, c, M, N,
         mj(am), mj(bm), mods.c_str(), v);
}

// The plain form. `extra`: cta2 / ws, as the descriptor does not hold them; sel >= 0: the
// runtime form with that sparsity selector.
template <class A, class B, class C, int M, int N, Major am = Major::K, Major bm = Major::K,
          ScaleIn an = ScaleIn::One, ScaleIn bn = ScaleIn::One, Saturate s = Saturate::False,
          bool sp = false, MaxShift ms = MaxShift::NoShift>
void plain(const char* extra = "", int sel = -1) {
  std::string mods;
  if (an == ScaleIn::Neg) add(mods, "negA");
  if (bn == ScaleIn::Neg) add(mods, "negB");
  if (s == Saturate::True) add(mods, "sat");
  if (sp) add(mods, "sparse");
  add(mods, extra);
  if (ms != MaxShift::NoShift) add(mods, ms == MaxShift::MaxShift8 ? "maxshift8"
                                          : ms == MaxShift::MaxShift16 ? "maxshift16" : "maxshift32");
  unsigned long long v;
  if (sel < 0) {
    v = uint32_t(UMMA::make_instr_desc<A, B, C, M, N, am, bm, an, bn, s, sp, ms>());
  } else {
    add(mods, "sel" + std::to_string(sel));
    add(mods, "runtime");
    v = UMMA::make_runtime_instr_desc<A, B, C, M, N, am, bm, an, bn, s, sp, ms>(uint16_t(sel));
  }
  row(name<A>(), name<B>(), name<C>(), M, N, am, bm, mods, v);
}

// The block-scaled form; VS the scale vector size (not in the descriptor: it picks the kind);
// sfa/sfb the scale-factor ids (through the runtime form's TMEM addresses, bits 30-31).
template <class A, class B, class SF, int VS, int M, int N, Major am = Major::K,
          Major bm = Major::K, ScaleIn an = ScaleIn::One, ScaleIn bn = ScaleIn::One,
          bool sp = false>
void scaled(const char* extra = "", unsigned sfa = 0, unsigned sfb = 0, bool runtime = false) {
  std::string mods;
  if (an == ScaleIn::Neg) add(mods, "negA");
  if (bn == ScaleIn::Neg) add(mods, "negB");
  if (sp) add(mods, "sparse");
  add(mods, extra);
  add(mods, name<SF>());
  add(mods, VS == 16 ? "block16" : "block32");
  unsigned long long v;
  if (sfa == 0 && sfb == 0 && !runtime) {
    v = uint32_t(UMMA::make_instr_desc_block_scaled<A, B, float, SF, M, N, am, bm, an, bn, sp>());
  } else {
    if (sfa) add(mods, "sfa" + std::to_string(sfa));
    if (sfb) add(mods, "sfb" + std::to_string(sfb));
    v = UMMA::make_runtime_instr_desc_block_scaled<A, B, float, SF, M, N, am, bm, an, bn, sp>(
        sfa << 30, sfb << 30);
    if (runtime) add(mods, "runtime");
    else v >>= 32;
  }
  row(name<A>(), name<B>(), "f32", M, N, am, bm, mods, v);
}

// Every major pair (8-, 16- and 32-bit types).
template <class A, class B, class C, int M, int N>
void majors(const char* extra = "") {
  plain<A, B, C, M, N, Major::K, Major::K>(extra);
  plain<A, B, C, M, N, Major::MN, Major::K>(extra);
  plain<A, B, C, M, N, Major::K, Major::MN>(extra);
  plain<A, B, C, M, N, Major::MN, Major::MN>(extra);
}

// The edge shapes of f16, tf32 and f8f6f4: cta_group::1 N steps of 8, cta_group::2 of 16.
template <class A, class B, class C>
void shapes() {
  plain<A, B, C, 64, 8>();
  plain<A, B, C, 64, 24>();
  plain<A, B, C, 64, 136>();
  plain<A, B, C, 64, 256>();
  plain<A, B, C, 128, 8>();
  plain<A, B, C, 128, 24>();
  plain<A, B, C, 128, 256>();
  plain<A, B, C, 128, 16>("cta2");
  plain<A, B, C, 128, 48>("cta2");
  plain<A, B, C, 256, 16>();
  plain<A, B, C, 256, 112>();
  plain<A, B, C, 256, 256>();
}

// i8: cta_group::1 N in {8, 16, 24, 32} or steps of 16 above 32; cta_group::2 steps of 32.
template <class A, class B>
void i8_shapes() {
  plain<A, B, int32_t, 64, 8>();
  plain<A, B, int32_t, 64, 16>();
  plain<A, B, int32_t, 64, 24>();
  plain<A, B, int32_t, 64, 32>();
  plain<A, B, int32_t, 64, 48>();
  plain<A, B, int32_t, 64, 256>();
  plain<A, B, int32_t, 128, 8>();
  plain<A, B, int32_t, 128, 24>();
  plain<A, B, int32_t, 128, 144>();
  plain<A, B, int32_t, 128, 32>("cta2");
  plain<A, B, int32_t, 128, 96>("cta2");
  plain<A, B, int32_t, 256, 32>();
  plain<A, B, int32_t, 256, 256>();
}

// Sparse, every selector through the runtime form, and the dense runtime form.
template <class A, class B, class C, ScaleIn neg = ScaleIn::One, Saturate s = Saturate::False>
void sparse() {
  plain<A, B, C, 128, 64, Major::K, Major::K, neg, ScaleIn::One, s, true>();
  plain<A, B, C, 128, 64, Major::K, Major::K, ScaleIn::One, ScaleIn::One, s, false>("", 0);
  plain<A, B, C, 128, 64, Major::K, Major::K, neg, ScaleIn::One, s, true>("", 0);
  plain<A, B, C, 64, 32, Major::K, Major::K, ScaleIn::One, ScaleIn::One, s, true>("", 1);
  plain<A, B, C, 256, 128, Major::K, Major::K, ScaleIn::One, ScaleIn::One, s, true>("", 2);
  plain<A, B, C, 128, 256, Major::K, Major::K, neg, neg, s, true>("", 3);
}

// .ws: cta_group::1, M 32/64/128, N 64/128/256 (sparse 64/128), every maximum shift.
template <class A, class B, class C>
void ws() {
  plain<A, B, C, 32, 64>("ws");
  plain<A, B, C, 32, 128, Major::K, Major::K, ScaleIn::One, ScaleIn::One, Saturate::False, false,
        MaxShift::MaxShift8>("ws");
  plain<A, B, C, 64, 256, Major::K, Major::K, ScaleIn::One, ScaleIn::One, Saturate::False, false,
        MaxShift::MaxShift16>("ws");
  plain<A, B, C, 128, 64, Major::K, Major::K, ScaleIn::One, ScaleIn::One, Saturate::False, false,
        MaxShift::MaxShift32>("ws");
  plain<A, B, C, 128, 128, Major::K, Major::K, ScaleIn::One, ScaleIn::One, Saturate::False, true,
        MaxShift::MaxShift8>("ws");
  plain<A, B, C, 32, 64, Major::K, Major::K, ScaleIn::One, ScaleIn::One, Saturate::False, true>(
      "ws", 1);
}

// f8f6f4 / mxf8f6f4 A x B over every operand type.
template <class A>
void f8f6f4_b() {
  plain<A, float_e4m3_t, float, 128, 64>();
  plain<A, float_e5m2_t, half_t, 128, 64>();
  plain<A, float_e2m3_unpacksmem_t, float, 128, 64>();
  plain<A, float_e3m2_unpacksmem_t, half_t, 64, 40>();
  plain<A, float_e2m1_unpacksmem_t, float, 128, 64>();
  plain<A, float_e2m3_t, float, 256, 32>();
  plain<A, float_e3m2_t, float, 128, 64>();
  scaled<A, float_e4m3_t, float_ue8m0_t, 32, 128, 64>();
  scaled<A, float_e5m2_t, float_ue8m0_t, 32, 128, 64>();
  scaled<A, float_e2m3_unpacksmem_t, float_ue8m0_t, 32, 128, 64>();
  scaled<A, float_e3m2_unpacksmem_t, float_ue8m0_t, 32, 128, 64>();
  scaled<A, float_e2m1_unpacksmem_t, float_ue8m0_t, 32, 256, 64>();
}

// Block-scaled shapes: cta_group::1 M 128, N steps of 8; cta_group::2 M 128/256, N steps of 16;
// sparse cta_group::2 M 256.
template <class A, class B, class SF, int VS>
void scaled_shapes() {
  scaled<A, B, SF, VS, 128, 8>();
  scaled<A, B, SF, VS, 128, 24>();
  scaled<A, B, SF, VS, 128, 136>();
  scaled<A, B, SF, VS, 128, 256>();
  scaled<A, B, SF, VS, 128, 16>("cta2");
  scaled<A, B, SF, VS, 128, 208>("cta2");
  scaled<A, B, SF, VS, 256, 16>();
  scaled<A, B, SF, VS, 256, 256>();
  scaled<A, B, SF, VS, 128, 64, Major::K, Major::K, ScaleIn::Neg>();
  scaled<A, B, SF, VS, 128, 64, Major::K, Major::K, ScaleIn::One, ScaleIn::Neg>();
  scaled<A, B, SF, VS, 128, 72, Major::K, Major::K, ScaleIn::Neg, ScaleIn::Neg, true>();
  scaled<A, B, SF, VS, 256, 128, Major::K, Major::K, ScaleIn::One, ScaleIn::One, true>();
  scaled<A, B, SF, VS, 128, 128>("", 0, 0, true);
}

int main() {
  // kind::f16, kind::tf32
  shapes<half_t, half_t, float>();
  shapes<half_t, half_t, half_t>();
  shapes<bfloat16_t, bfloat16_t, float>();
  shapes<tfloat32_t, tfloat32_t, float>();
  majors<half_t, half_t, float, 128, 64>();
  majors<bfloat16_t, bfloat16_t, float, 64, 8>();
  majors<tfloat32_t, tfloat32_t, float, 256, 128>();
  majors<half_t, half_t, half_t, 128, 32>("cta2");
  plain<half_t, half_t, float, 128, 64, Major::K, Major::K, ScaleIn::Neg>();
  plain<half_t, half_t, float, 128, 64, Major::K, Major::MN, ScaleIn::One, ScaleIn::Neg>();
  plain<bfloat16_t, bfloat16_t, float, 64, 32, Major::MN, Major::K, ScaleIn::Neg, ScaleIn::Neg>();
  plain<tfloat32_t, tfloat32_t, float, 256, 256, Major::MN, Major::MN, ScaleIn::Neg, ScaleIn::Neg>();
  sparse<half_t, half_t, float, ScaleIn::Neg>();
  sparse<bfloat16_t, bfloat16_t, float>();
  sparse<tfloat32_t, tfloat32_t, float, ScaleIn::Neg>();
  ws<half_t, half_t, half_t>();
  ws<tfloat32_t, tfloat32_t, float>();

  // kind::f8f6f4 (and kind::mxf8f6f4 over the same types)
  shapes<float_e4m3_t, float_e4m3_t, float>();
  shapes<float_e5m2_t, float_e4m3_t, half_t>();
  shapes<float_e2m1_unpacksmem_t, float_e2m3_unpacksmem_t, float>();
  majors<float_e4m3_t, float_e5m2_t, float, 128, 64>();
  majors<float_e5m2_t, float_e5m2_t, half_t, 64, 200>();
  plain<float_e2m1_unpacksmem_t, float_e4m3_t, float, 128, 64, Major::K, Major::MN>();
  plain<float_e4m3_t, float_e3m2_unpacksmem_t, float, 128, 64, Major::MN, Major::K>();
  f8f6f4_b<float_e4m3_t>();
  f8f6f4_b<float_e5m2_t>();
  f8f6f4_b<float_e2m3_unpacksmem_t>();
  f8f6f4_b<float_e3m2_unpacksmem_t>();
  f8f6f4_b<float_e2m1_unpacksmem_t>();
  f8f6f4_b<float_e2m3_t>();
  f8f6f4_b<float_e3m2_t>();
  plain<float_e4m3_t, float_e5m2_t, float, 128, 256, Major::K, Major::K, ScaleIn::Neg>();
  plain<float_e2m1_unpacksmem_t, float_e2m1_unpacksmem_t, half_t, 64, 64, Major::K, Major::K,
        ScaleIn::Neg, ScaleIn::Neg>();
  sparse<float_e4m3_t, float_e5m2_t, float, ScaleIn::Neg>();
  sparse<float_e2m1_unpacksmem_t, float_e3m2_unpacksmem_t, half_t>();
  ws<float_e4m3_t, float_e4m3_t, float>();
  ws<float_e2m3_unpacksmem_t, float_e2m1_unpacksmem_t, half_t>();

  // kind::i8
  i8_shapes<int8_t, int8_t>();
  i8_shapes<uint8_t, int8_t>();
  i8_shapes<int8_t, uint8_t>();
  i8_shapes<uint8_t, uint8_t>();
  majors<int8_t, int8_t, int32_t, 64, 24>();
  majors<uint8_t, int8_t, int32_t, 128, 48>();
  plain<int8_t, int8_t, int32_t, 128, 128, Major::K, Major::K, ScaleIn::One, ScaleIn::One,
        Saturate::True>();
  plain<uint8_t, uint8_t, int32_t, 256, 256, Major::MN, Major::K, ScaleIn::One, ScaleIn::One,
        Saturate::True, true>();
  sparse<int8_t, uint8_t, int32_t, ScaleIn::One, Saturate::True>();
  ws<int8_t, int8_t, int32_t>();
  ws<uint8_t, int8_t, int32_t>();

  // kind::mxf8f6f4: ue8m0 per 32, scale-factor ids 0-3
  scaled_shapes<float_e4m3_t, float_e4m3_t, float_ue8m0_t, 32>();
  scaled_shapes<float_e2m1_unpacksmem_t, float_e5m2_t, float_ue8m0_t, 32>();
  scaled<float_e4m3_t, float_e5m2_t, float_ue8m0_t, 32, 128, 64, Major::MN, Major::K>();
  scaled<float_e4m3_t, float_e5m2_t, float_ue8m0_t, 32, 128, 64, Major::K, Major::MN>();
  scaled<float_e5m2_t, float_e5m2_t, float_ue8m0_t, 32, 256, 64, Major::MN, Major::MN>();
  scaled<float_e2m3_unpacksmem_t, float_e4m3_t, float_ue8m0_t, 32, 128, 64, Major::K, Major::MN>();
  scaled<float_e4m3_t, float_e4m3_t, float_ue8m0_t, 32, 128, 64>("", 1, 0);
  scaled<float_e4m3_t, float_e4m3_t, float_ue8m0_t, 32, 128, 64>("", 0, 3);
  scaled<float_e4m3_t, float_e4m3_t, float_ue8m0_t, 32, 128, 64>("", 2, 2, true);
  scaled<float_e3m2_unpacksmem_t, float_e2m1_unpacksmem_t, float_ue8m0_t, 32, 256, 128>("", 3, 1, true);

  // kind::mxf4 (e2m1 x e2m1, ue8m0 per 32, ids 0 or 2) and kind::mxf4nvf4 (per 16, id 0)
  scaled_shapes<float_e2m1_t, float_e2m1_t, float_ue8m0_t, 32>();
  scaled_shapes<float_e2m1_t, float_e2m1_t, float_ue4m3_t, 16>();
  scaled_shapes<float_e2m1_t, float_e2m1_t, float_ue8m0_t, 16>();
  scaled<float_e2m1_t, float_e2m1_t, float_ue8m0_t, 32, 128, 64>("", 2, 0);
  scaled<float_e2m1_t, float_e2m1_t, float_ue8m0_t, 32, 128, 64>("", 0, 2);
  scaled<float_e2m1_t, float_e2m1_t, float_ue8m0_t, 32, 256, 256>("", 2, 2, true);
  scaled<float_e2m1_t, float_e2m1_t, float_ue8m0_t, 32, 128, 64, Major::K, Major::K, ScaleIn::One,
         ScaleIn::One, true>("", 2, 2);
}
