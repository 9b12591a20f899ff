// Reference UMMA shared-memory descriptors from CuTe's make_umma_desc (host side): of every
// instruction-K block of tiles (no argument), or of whole tiles of one atom column spanning
// several instructions' K (argument `tile`).
#include <cstdio>
#include <string>
#include <cute/tensor.hpp>
#include <cute/arch/mma_sm100_desc.hpp>
#include <cute/atom/mma_traits_sm100.hpp>
using namespace cute;
#include "cute_text.hpp"


alignas(4096) static uint8_t smem_buf[1 << 20];
static bool whole_tiles = false;

template <class T, UMMA::Major Mj, class Atom, int MN, int SwB, int SwM, int SwS>
void run(const char* name) {
  constexpr int bits = sizeof_bits_v<T>;
  constexpr int Kb = 256 / bits;                     // one instruction's K: 32 bytes
  using AtomL = decltype(Atom{}.layout_b());
  constexpr int aMN = decltype(size<0>(AtomL{}))::value;
  constexpr int aK = decltype(size<1>(AtomL{}))::value;
  if (whole_tiles) {
  if constexpr (MN % aMN == 0) {
    // One atom column along K, at least two instructions' K.
    constexpr int KT = (aK > 2 * Kb ? aK : 2 * Kb);
    if constexpr (Mj == UMMA::Major::MN || aK >= 2 * Kb) {
      auto tile = tile_to_shape(Atom{}, Shape<Int<MN>, Int<KT>>{});
      Tensor t = make_tensor(make_smem_ptr((T*)smem_buf), tile);
      auto d = UMMA::make_umma_desc<Mj>(t);
      std::string sm = "Sw<" + std::to_string(SwB) + "," + std::to_string(SwM) + "," + std::to_string(SwS) + "> o 0 o " +
                       layout_text(t.layout());
      printf("(\"%s\", \"%s\", \"%s\", 0x%016llx),\n", name, Mj == UMMA::Major::K ? "K" : "MN",
             sm.c_str(), (unsigned long long)uint64_t(d));
    }
  }
  } else {
  if constexpr (MN % aMN == 0) {
    constexpr int KT = 2 * (aK > Kb ? aK : Kb);
    auto tile = tile_to_shape(Atom{}, Shape<Int<MN>, Int<KT>>{});
    Tensor t = make_tensor(make_smem_ptr((T*)smem_buf), tile);
    for (int k = 0; k < KT / Kb; ++k) {
      Tensor b = local_tile(t, Shape<Int<MN>, Int<Kb>>{}, make_coord(0, k));
      auto d = UMMA::make_umma_desc<Mj>(b);       // start field is 0 on the host
      Tensor u = recast<uint128_t const>(b);
      long units = (long)((uint128_t const*)raw_pointer_cast(u.data()) - (uint128_t const*)smem_buf);
      uint64_t v = uint64_t(d) | uint64_t(units & 0x3fff);
      long off = units * (128 / bits);
      std::string sm = "Sw<" + std::to_string(SwB) + "," + std::to_string(SwM) + "," + std::to_string(SwS) + "> o " +
                       std::to_string(off) + " o " + layout_text(b.layout());
      printf("(\"%s\", \"%s\", \"%s\", 0x%016llx),\n", name, Mj == UMMA::Major::K ? "K" : "MN",
             sm.c_str(), (unsigned long long)v);
    }
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

int main(int argc, char** argv) {
  whole_tiles = argc > 1 && std::string(argv[1]) == "tile";
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
