// Reference UMMA shared-memory descriptors of whole tiles (more than one instruction's K) from
// CuTe's make_umma_desc (host side).
#include <cstdio>
#include <string>
#include <cute/tensor.hpp>
#include <cute/arch/mma_sm100_desc.hpp>
#include <cute/atom/mma_traits_sm100.hpp>
using namespace cute;

template <class X> std::string str(X const& x) {
  char buf[4096]; FILE* f = fmemopen(buf, sizeof buf, "w");
  // cute::print writes to stdout; redirect by swapping stdout.
  fflush(stdout); FILE* old = stdout; stdout = f; print(x); fflush(stdout); stdout = old; 
  long n = ftell(f); fclose(f); std::string s(buf, n), out;
  for (char c : s) if (c != '_') out += c;
  return out;
}

alignas(4096) static uint8_t smem_buf[1 << 20];

template <class T, UMMA::Major Mj, class Atom, int MN, int SwB, int SwM, int SwS>
void run(const char* name) {
  constexpr int bits = sizeof_bits_v<T>;
  constexpr int Kb = 256 / bits;                     // one instruction's K: 32 bytes
  using AtomL = decltype(Atom{}.layout_b());
  constexpr int aMN = decltype(size<0>(AtomL{}))::value;
  constexpr int aK = decltype(size<1>(AtomL{}))::value;
  if constexpr (MN % aMN == 0) {
    // One atom column along K, at least two instructions' K.
    constexpr int KT = (aK > 2 * Kb ? aK : 2 * Kb);
    if constexpr (Mj == UMMA::Major::MN || aK >= 2 * Kb) {
      auto tile = tile_to_shape(Atom{}, Shape<Int<MN>, Int<KT>>{});
      Tensor t = make_tensor(make_smem_ptr((T*)smem_buf), tile);
      auto d = UMMA::make_umma_desc<Mj>(t);
      std::string sm = "Sw<" + std::to_string(SwB) + "," + std::to_string(SwM) + "," + std::to_string(SwS) + "> o 0 o " +
                       str(t.layout());
      printf("(\"%s\", \"%s\", \"%s\", 0x%016llx),\n", name, Mj == UMMA::Major::K ? "K" : "MN",
             sm.c_str(), (unsigned long long)uint64_t(d));
    }
  }
}

template <class T, int L>   // L = log2(elements per 16 bytes)
void all(const char* name) {
  using namespace UMMA;
  run<T, Major::K, Layout_K_INTER_Atom<T>, 128, 0, L, 3>(name);
  run<T, Major::K, Layout_K_SW32_Atom<T>, 128, 1, L, 3>(name);
  run<T, Major::K, Layout_K_SW64_Atom<T>, 64, 2, L, 3>(name);
  run<T, Major::K, Layout_K_SW128_Atom<T>, 256, 3, L, 3>(name);
  run<T, Major::MN, Layout_MN_INTER_Atom<T>, 128, 0, L, 3>(name);
  run<T, Major::MN, Layout_MN_SW32_Atom<T>, 128, 1, L, 3>(name);
  run<T, Major::MN, Layout_MN_SW64_Atom<T>, 128, 2, L, 3>(name);
  run<T, Major::MN, Layout_MN_SW128_Atom<T>, 256, 3, L, 3>(name);
  run<T, Major::MN, Layout_MN_SW128_32B_Atom<T>, 256, 2, L + 1, 2>(name);
}

int main() {
  all<half_t, 3>("f16");
  all<bfloat16_t, 3>("bf16");
  all<tfloat32_t, 2>("tf32");
  all<float_e4m3_t, 4>("e4m3");
  all<float_e5m2_t, 4>("e5m2");
  all<int8_t, 4>("s8");
  all<uint8_t, 4>("u8");
  all<uint8_t, 4>("e2m3");   // 6-bit values in 8-bit slots: the u8 layout
  all<float_e2m1_t, 5>("e2m1");
}
