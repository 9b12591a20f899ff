/* A stand-in for the driver's cuTensorMapEncodeTiled that records every argument into the
   128-byte map, for the PTX emulator (tools/ptx-emu), whose TMA instructions decode the map from the bytes at
   the address the kernel passes (as the hardware reads a CUtensorMap from memory). The format is
   private to these two files (little-endian):
     byte  0: u32 magic 0x50414d54 ("TMAP")      byte 4: u8 data type (CUtensorMapDataType)
     byte  5: u8 rank    byte 6: u8 interleave   byte 7: u8 swizzle   byte 8: u8 L2 promotion
     byte  9: u8 OOB fill                        bytes 10..15: zero
     byte 16: u64 global address
     byte 24: u64 dims[5] (innermost first)      byte 64: u64 byte strides[4] (of dims 1..rank-1)
     byte 96: u16 box[5]                         byte 106: u8 element strides[5]
   The driver's argument checks are left to the reader of the map (the emulator checks them);
   a rank outside 1..5 is refused here (status 1), as the driver refuses it. */
#include <stdint.h>
#include <string.h>

int cuTensorMapEncodeTiled(void *map, int data_type, uint32_t rank, void *global,
                           const uint64_t *dims, const uint64_t *strides, const uint32_t *box,
                           const uint32_t *element_strides, int interleave, int swizzle,
                           int l2_promotion, int oob_fill) {
  unsigned char m[128];
  uint32_t magic = 0x50414d54u;
  uint64_t g = (uint64_t)(uintptr_t)global;
  if (rank < 1 || rank > 5)
    return 1;
  memset(m, 0, sizeof m);
  memcpy(m, &magic, 4);
  m[4] = (unsigned char)data_type;
  m[5] = (unsigned char)rank;
  m[6] = (unsigned char)interleave;
  m[7] = (unsigned char)swizzle;
  m[8] = (unsigned char)l2_promotion;
  m[9] = (unsigned char)oob_fill;
  memcpy(m + 16, &g, 8);
  for (uint32_t i = 0; i < rank; ++i) {
    uint16_t b = (uint16_t)box[i];
    memcpy(m + 24 + 8 * i, &dims[i], 8);
    if (i + 1 < rank)
      memcpy(m + 64 + 8 * i, &strides[i], 8);
    memcpy(m + 96 + 2 * i, &b, 2);
    m[106 + i] = (unsigned char)element_strides[i];
  }
  memcpy(map, m, sizeof m);
  return 0;
}
