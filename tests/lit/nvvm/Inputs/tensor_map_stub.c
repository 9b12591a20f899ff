/* A stand-in for the driver's cuTensorMapEncodeTiled (libcuda is not on a CPU machine): prints
   every argument the host function of a kernel passes, so a test can read the tensor maps it
   would encode. The map itself is filled with its global address, so a caller can tell the
   maps apart. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

int cuTensorMapEncodeTiled(void *map, int data_type, uint32_t rank, void *global,
                           const uint64_t *dims, const uint64_t *strides, const uint32_t *box,
                           const uint32_t *element_strides, int interleave, int swizzle,
                           int l2_promotion, int oob_fill) {
  printf("encode global %#lx dtype %d rank %u dims [", (unsigned long)(uintptr_t)global,
         data_type, rank);
  for (uint32_t i = 0; i < rank; ++i)
    printf("%s%lu", i ? ", " : "", (unsigned long)dims[i]);
  printf("] strides [");
  for (uint32_t i = 0; i + 1 < rank; ++i)
    printf("%s%lu", i ? ", " : "", (unsigned long)strides[i]);
  printf("] box [");
  for (uint32_t i = 0; i < rank; ++i)
    printf("%s%u", i ? ", " : "", box[i]);
  printf("] element_strides [");
  for (uint32_t i = 0; i < rank; ++i)
    printf("%s%u", i ? ", " : "", element_strides[i]);
  printf("] interleave %d swizzle %d l2 %d oob %d\n", interleave, swizzle, l2_promotion,
         oob_fill);
  fflush(stdout);
  memcpy(map, &global, sizeof global);
  return 0;
}
