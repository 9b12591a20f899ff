"""Stand-ins for the CUDA headers that CuTe's host-side includes pull in.

CuTe's layout algebra is header-only and uses none of these declarations; the headers only
have to exist and declare the few names that CuTe/CUTLASS reference at namespace scope when
compiled by a host compiler (g++ without nvcc). Written here, from the names the includes
need; nothing is copied from the CUDA toolkit.
"""

import os

STUBS = {
    "cuda_runtime_api.h": """#pragma once
typedef int cudaError_t;
enum { cudaSuccess = 0 };
static inline const char *cudaGetErrorString(cudaError_t) { return "stub"; }
static inline cudaError_t cudaGetLastError() { return 0; }
static inline cudaError_t cudaDeviceSynchronize() { return 0; }
""",
    "cuda_runtime.h": "#pragma once\n#include <cuda_runtime_api.h>\n",
    "cuda_fp16.h": """#pragma once
struct __half_raw { unsigned short x; };
struct __half {
  unsigned short x;
  __half() = default;
  __half(__half_raw r) : x(r.x) {}
  operator __half_raw() const { __half_raw r; r.x = x; return r; }
};
struct __half2 { __half x, y; };
typedef __half half;
typedef __half2 half2;
static inline float __half2float(__half) { return 0.f; }
static inline __half __float2half_rn(float) { return __half(); }
static inline __half __float2half(float) { return __half(); }
""",
    "cuda_bf16.h": """#pragma once
struct __nv_bfloat16_raw { unsigned short x; };
struct __nv_bfloat16 {
  unsigned short x;
  __nv_bfloat16() = default;
  __nv_bfloat16(__nv_bfloat16_raw r) : x(r.x) {}
  operator __nv_bfloat16_raw() const { __nv_bfloat16_raw r; r.x = x; return r; }
};
struct __nv_bfloat162 { __nv_bfloat16 x, y; };
static inline float __bfloat162float(__nv_bfloat16) { return 0.f; }
static inline __nv_bfloat16 __float2bfloat16_rn(float) { return __nv_bfloat16(); }
""",
    "vector_types.h": """#pragma once
struct dim3 {
  unsigned x, y, z;
  constexpr dim3(unsigned a = 1, unsigned b = 1, unsigned c = 1) : x(a), y(b), z(c) {}
};
struct int2 { int x, y; };
struct int4 { int x, y, z, w; };
struct uint2 { unsigned x, y; };
struct uint3 { unsigned x, y, z; };
struct uint4 { unsigned x, y, z, w; };
struct float2 { float x, y; };
struct float4 { float x, y, z, w; };
struct double2 { double x, y; };
struct long2 { long x, y; };
struct ulong2 { unsigned long x, y; };
struct long4 { long x, y, z, w; };
struct ulong4 { unsigned long x, y, z, w; };
struct longlong2 { long long x, y; };
struct ulonglong2 { unsigned long long x, y; };
struct longlong4 { long long x, y, z, w; };
struct ulonglong4 { unsigned long long x, y, z, w; };
struct double4 { double x, y, z, w; };
""",
    "cuComplex.h": """#pragma once
struct cuFloatComplex { float x, y; };
struct cuDoubleComplex { double x, y; };
static inline cuFloatComplex make_cuFloatComplex(float a, float b) { return {a, b}; }
static inline cuDoubleComplex make_cuDoubleComplex(double a, double b) { return {a, b}; }
static inline float cuCrealf(cuFloatComplex c) { return c.x; }
static inline float cuCimagf(cuFloatComplex c) { return c.y; }
static inline double cuCreal(cuDoubleComplex c) { return c.x; }
static inline double cuCimag(cuDoubleComplex c) { return c.y; }
""",
    "cuda/std/utility": """#pragma once
#include <utility>
namespace cuda { namespace std { using namespace ::std; } }
""",
}


def write_stubs(folder):
    """Write the stand-in headers under `folder` (created if needed); returns `folder`."""
    for name, text in STUBS.items():
        path = os.path.join(folder, name)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w") as f:
            f.write(text)
    return folder
