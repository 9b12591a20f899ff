"""Call a kernel module's host function encode_tensor_maps(mapA, A, mapB, B, mapC, C, m, n, k)
from the shared library argv[1] (linked with Inputs/tensor_map_stub.c, which prints each map it
encodes) for m, n, k = argv[2:5], of the type argv[5] (i64 for index arguments, the default;
i32 for the function layout.tensor_map_encoder derives from examples/gemm_sm90.mlir, whose
kernel takes i32 sizes); A, B and C are the fake addresses 0xa000, 0xb000, 0xc000. Prints the
status and which maps were written."""
import ctypes
import sys

lib = ctypes.CDLL(sys.argv[1])
lib.encode_tensor_maps.restype = ctypes.c_int32
m, n, k = (int(x) for x in sys.argv[2:5])
size = {"i64": ctypes.c_int64, "i32": ctypes.c_int32}[sys.argv[5] if len(sys.argv) > 5 else "i64"]
maps = (ctypes.c_uint64 * 48)()
base = ctypes.addressof(maps)
status = lib.encode_tensor_maps(
    ctypes.c_void_p(base), ctypes.c_void_p(0xA000),
    ctypes.c_void_p(base + 128), ctypes.c_void_p(0xB000),
    ctypes.c_void_p(base + 256), ctypes.c_void_p(0xC000),
    size(m), size(n), size(k))
print(f"status {status}; maps written: " +
      " ".join(f"{name}={maps[16 * i]:#x}" for i, name in enumerate("ABC")), flush=True)
