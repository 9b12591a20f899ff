"""Call FUNC of the shared library LIB with typed arguments and print what it returns:

    call_function.py LIB FUNC ARG...    ARG: i32:V | i64:V | ptr:V | ptr:maps[+OFFSET]

V is decimal or 0x hex; `maps` is the address of a zeroed 1 KiB buffer aligned to 64 bytes (the
tensor maps a host function writes). The result is printed as `FUNC = R` (an i32)."""
import ctypes
import sys

lib = ctypes.CDLL(sys.argv[1])
fn = getattr(lib, sys.argv[2])
fn.restype = ctypes.c_int32
buf = ctypes.create_string_buffer(1024 + 64)
maps = (ctypes.addressof(buf) + 63) // 64 * 64
args = []
for a in sys.argv[3:]:
    kind, _, v = a.partition(":")
    if v.startswith("maps"):
        value = maps + (int(v[len("maps+"):], 0) if v.startswith("maps+") else 0)
    else:
        value = int(v, 0)
    args.append({"i32": ctypes.c_int32, "i64": ctypes.c_int64, "ptr": ctypes.c_void_p}[kind](value))
print(f"{sys.argv[2]} = {fn(*args)}", flush=True)
