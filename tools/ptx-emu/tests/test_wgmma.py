"""wgmma.mma_async against the PTX ISA ("Asynchronous Warpgroup Level Matrix Multiply-Accumulate"):
the matrix descriptor fields ("Matrix Descriptor Format"), the canonical K-major and MN-major
shared-memory layouts with and without swizzle ("Shared Memory Matrix Layout"), the register
fragment of A in registers (warp w rows 16 w.., lane l: a_i at row g + 8 [i in {2,3,6,7}],
column 2 q + i % 2 + 8 [i >= 4], g = l / 4, q = l % 4, a_2p / a_2p+1 the halves of register p),
the register fragment of the accumulator D ("Register Fragments and Shared Memory Matrix Layouts": thread t
of the warpgroup, d_i at row 16 (t / 32) + (t % 32) / 4 + 8 ((i / 2) % 2), column
8 (i / 4) + 2 (t % 4) + i % 2) and the .e4m3 format ("Alternate Floating-Point Data Formats")."""

import struct

import pytest

from helpers import EmuError, kernel, run

SMEM = 16384
B_OFF = 8192


def swz(a, mode):
    """The ISA's swizzle modes as address bit XORs: 128B bits 4-6 ^= bits 7-9, 64B bits 4-5 ^=
    bits 7-8, 32B bit 4 ^= bit 7."""
    bits = {0: 0, 1: 3, 2: 2, 3: 1}[mode]
    return a ^ (((a >> 7) & ((1 << bits) - 1)) << 4)


def desc(offset, lbo, sbo, mode):
    """Matrix descriptor without its start address (the kernel adds smem >> 4): start address
    bits 0-13, LBO 16-29, SBO 32-45 (all >> 4), swizzle 62-63."""
    return (offset >> 4) | (lbo >> 4) << 16 | (sbo >> 4) << 32 | mode << 62


def k_major(r, kk, esize, lbo, sbo, mode):
    span = {0: 16, 1: 128, 2: 64, 3: 32}[mode]
    t = 16 // esize
    if mode == 0:  # ((8, m), (T, 2)) : ((1T, SBO), (1, LBO))
        a = (r % 8) * 16 + (r // 8) * sbo + (kk // t) * lbo + (kk % t) * esize
    else:  # ((8, m), (T, 2)) : ((span, SBO), (1, T))
        a = (r % 8) * span + (r // 8) * sbo + kk * esize
    return a


def mn_major(r, kk, esize, lbo, sbo, mode):
    span = {0: 16, 1: 128, 2: 64, 3: 32}[mode]
    t = 16 // esize
    i0, q = r % t, r // t
    if mode == 0:  # ((T, 1, m), (8, k)) : ((1, T, SBO), (1T, LBO))
        return i0 * esize + q * sbo + (kk % 8) * 16 + (kk // 8) * lbo
    per = span // 16  # ((T, per, m), (8, k)) : ((1, T, LBO), (span, SBO))
    return i0 * esize + (q % per) * 16 + (q // per) * lbo + (kk % 8) * span + (kk // 8) * sbo


def f16(x):
    return struct.unpack("<H", struct.pack("<e", x))[0]


def e4m3(x):
    """The .e4m3 encoding of x (exactly representable): sign, 4 exponent bits (bias 7), 3 mantissa bits."""
    for b in range(256):
        s, e, m = b >> 7, (b >> 3) & 15, b & 7
        if e == 15 and m == 7:
            continue
        v = (m / 8 * 2.0 ** -6) if e == 0 else (1 + m / 8) * 2.0 ** (e - 7)
        if (-v if s else v) == x and not (x == 0 and s):
            return b
    raise ValueError(x)


BODY = """
  ld.param.u64 %rd1, [inp];
  ld.param.u64 %rd2, [out];
  ld.param.u64 %rd7, [da];
  ld.param.u64 %rd8, [db];
  mov.u32 %r1, %tid.x;
  mov.u32 %r2, %r1;
  mov.u32 %r4, smem;
LOOP:
  setp.ge.u32 %p1, %r2, {nchunks};
  @%p1 bra DONE;
  mul.wide.u32 %rd3, %r2, 16;
  add.s64 %rd4, %rd1, %rd3;
  ld.global.v4.b32 {{%r10, %r11, %r12, %r13}}, [%rd4];
  shl.b32 %r3, %r2, 4;
  add.s32 %r5, %r4, %r3;
  st.shared.v4.b32 [%r5], {{%r10, %r11, %r12, %r13}};
  add.u32 %r2, %r2, 128;
  bra LOOP;
DONE:
  bar.sync 0;
  cvt.u64.u32 %rd9, %r4;
  shr.u64 %rd9, %rd9, 4;
  add.s64 %rd7, %rd7, %rd9;
  add.s64 %rd8, %rd8, %rd9;
  wgmma.fence.sync.aligned;
  wgmma.mma_async.sync.aligned.m64n8k{k}.f32.{t}.{t} {{%r20, %r21, %r22, %r23}}, %rd7, %rd8, 0, 1, 1{trans};
  wgmma.commit_group.sync.aligned;
  wgmma.wait_group.sync.aligned 0;
  mul.wide.u32 %rd5, %r1, 16;
  add.s64 %rd6, %rd2, %rd5;
  st.global.v4.b32 [%rd6], {{%r20, %r21, %r22, %r23}};
"""


def wgmma(t, a_layout, b_layout, mode, lbo, sbo, trans_b=0, trans_a=0):
    fp8 = t == "e4m3"
    k, esize = (32, 1) if fp8 else (16, 2)
    A = [[((3 * r + 5 * c) % 5 - 2) / 2 for c in range(k)] for r in range(64)]
    B = [[((7 * r + c) % 7 - 3) / 4 for c in range(k)] for r in range(8)]  # B[n][k]
    img = bytearray(SMEM)
    enc = e4m3 if fp8 else f16
    for base, M, rows in ((0, A, 64), (B_OFF, B, 8)):
        lay = b_layout if base else a_layout
        for r in range(rows):
            for kk in range(k):
                a = swz(base + lay(r, kk, esize, lbo, sbo, mode), mode)
                img[a:a + esize] = enc(M[r][kk]).to_bytes(esize, "little")
    trans = "" if fp8 else f", {trans_a}, {trans_b}"
    ptx = kernel(BODY.format(nchunks=SMEM // 16, k=k, t=t, trans=trans), ["inp", "out", "da", "db"],
                 shared=f".shared .align 1024 .b8 smem[{SMEM}];")
    res = run(ptx, [("inp", bytes(img), False), ("out", bytes(128 * 16), True)],
              args=["inp", "out", desc(0, lbo, sbo, mode), desc(B_OFF, lbo, sbo, mode)], block=(128, 1, 1))
    got = struct.unpack("<512f", res.bufs["out"])
    for th in range(128):
        w, l = th // 32, th % 32
        for i in range(4):
            row = 16 * w + l // 4 + 8 * ((i // 2) % 2)
            col = 8 * (i // 4) + 2 * (l % 4) + i % 2
            want = sum(A[row][x] * B[col][x] for x in range(k))
            assert got[4 * th + i] == want, (th, i, row, col)
    return res


@pytest.mark.parametrize("mode,lbo,sbo", [(0, 128, 256), (1, 16, 1024), (2, 16, 512), (3, 16, 256)])
def test_wgmma_k_major(mode, lbo, sbo):
    res = wgmma("f16", k_major, k_major, mode, lbo, sbo)
    assert res.launch.stats["wgmma"] == 1 and res.launch.stats["races"] == 0


@pytest.mark.parametrize("mode,lbo,sbo", [(0, 128, 256), (1, 2048, 1024), (2, 2048, 512), (3, 2048, 256)])
def test_wgmma_mn_major_b(mode, lbo, sbo):
    """B (N = 8) N-major (imm-trans-b = 1): with a swizzle the N extent fits one span; the next 8
    k lie SBO further (swizzled) or LBO (no swizzle)."""
    wgmma("f16", k_major, mn_major, mode, lbo if mode == 0 else 16, sbo, trans_b=1)


def test_wgmma_e4m3_k_major():
    wgmma("e4m3", k_major, k_major, 0, 128, 256)


@pytest.mark.parametrize("mode,lbo,sbo", [(0, 128, 256), (1, 16, 1024)])
def test_wgmma_mn_major_a(mode, lbo, sbo):
    """A (M = 64) M-major (imm-trans-a = 1): 64 f16 rows = 8 chunks; with the 128B swizzle one
    span, without swizzle 8 core matrices SBO apart."""
    wgmma("f16", mn_major, k_major, mode, lbo, sbo, trans_a=1)


def test_wgmma_swizzle_mode_matters():
    """The image of one swizzle mode read through a descriptor of another gives other values."""
    with pytest.raises(AssertionError):
        wgmma("f16", lambda *a: k_major(*a[:-1], 2), lambda *a: k_major(*a[:-1], 2), 1, 16, 1024)


@pytest.mark.parametrize("op,msg", [
    ("wgmma.mma_async.sync.aligned.m64n8k16.f16.f16.f16 {%r20, %r21}, %rd7, %rd8, 0, 1, 1, 0, 0",
     "accumulator is not modelled"),
    ("wgmma.mma_async.sync.aligned.m64n8k8.f32.tf32.tf32 {%r20, %r21, %r22, %r23}, %rd7, %rd8, 0, 1, 1",
     "tf32"),
    ("wgmma.mma_async.sync.aligned.m64n8k32.f32.e4m3.f16 {%r20, %r21, %r22, %r23}, {%r1, %r2, %r3, %r4}, %rd8, 0, 1, 1",
     "operands are not modelled"),
])
def test_wgmma_unmodelled_forms_refused_by_name(op, msg):
    ptx = kernel("  mov.u64 %rd7, 0;\n  mov.u64 %rd8, 0;\n  " + op + ";\n", ["out"])
    with pytest.raises(EmuError, match=msg) as e:
        run(ptx, [("out", bytes(4), True)], block=(128, 1, 1))
    assert "wgmma.mma_async" in str(e.value)


BODY_RS = """
  ld.param.u64 %rd1, [inp];
  ld.param.u64 %rd2, [out];
  ld.param.u64 %rd8, [db];
  ld.param.u64 %rd10, [afrag];
  mov.u32 %r1, %tid.x;
  mov.u32 %r2, %r1;
  mov.u32 %r4, smem;
LOOP:
  setp.ge.u32 %p1, %r2, {nchunks};
  @%p1 bra DONE;
  mul.wide.u32 %rd3, %r2, 16;
  add.s64 %rd4, %rd1, %rd3;
  ld.global.v4.b32 {{%r10, %r11, %r12, %r13}}, [%rd4];
  shl.b32 %r3, %r2, 4;
  add.s32 %r5, %r4, %r3;
  st.shared.v4.b32 [%r5], {{%r10, %r11, %r12, %r13}};
  add.u32 %r2, %r2, 128;
  bra LOOP;
DONE:
  bar.sync 0;
  mul.wide.u32 %rd11, %r1, 16;
  add.s64 %rd12, %rd10, %rd11;
  ld.global.v4.b32 {{%r30, %r31, %r32, %r33}}, [%rd12];
  cvt.u64.u32 %rd9, %r4;
  shr.u64 %rd9, %rd9, 4;
  add.s64 %rd8, %rd8, %rd9;
  wgmma.fence.sync.aligned;
  wgmma.mma_async.sync.aligned.m64n8k16.f32.f16.f16 {{%r20, %r21, %r22, %r23}}, {{%r30, %r31, %r32, %r33}}, %rd8, 0, 1, 1, 0;
  wgmma.commit_group.sync.aligned;
  wgmma.wait_group.sync.aligned 0;
  mul.wide.u32 %rd5, %r1, 16;
  add.s64 %rd6, %rd2, %rd5;
  st.global.v4.b32 [%rd6], {{%r20, %r21, %r22, %r23}};
"""


def test_wgmma_a_from_registers():
    """The RS form: each thread's four .b32 registers hold its a_0 .. a_7 of the 64 x 16 A (the
    ISA's fragment, built here from the formula); B (N = 8) K-major through its descriptor."""
    A = [[((3 * r + 5 * c) % 5 - 2) / 2 for c in range(16)] for r in range(64)]
    B = [[((7 * r + c) % 7 - 3) / 4 for c in range(16)] for r in range(8)]
    img = bytearray(SMEM)
    for r in range(8):
        for kk in range(16):
            a = B_OFF + k_major(r, kk, 2, 128, 256, 0)
            img[a:a + 2] = f16(B[r][kk]).to_bytes(2, "little")
    frag = bytearray()
    for th in range(128):
        w, l = th // 32, th % 32
        g, q = l // 4, l % 4
        halves = []
        for i in range(8):
            row = 16 * w + g + (8 if i in (2, 3, 6, 7) else 0)
            col = 2 * q + i % 2 + (8 if i >= 4 else 0)
            halves.append(f16(A[row][col]))
        frag += struct.pack("<8H", *halves)  # a_2p low half, a_2p+1 high half of register p
    ptx = kernel(BODY_RS.format(nchunks=SMEM // 16), ["inp", "out", "db", "afrag"],
                 shared=f".shared .align 1024 .b8 smem[{SMEM}];")
    res = run(ptx, [("inp", bytes(img), False), ("out", bytes(128 * 16), True), ("afrag", bytes(frag), False)],
              args=["inp", "out", desc(B_OFF, 128, 256, 0), "afrag"], block=(128, 1, 1))
    check_rs_accumulator(res, A, B, 16)
    assert res.launch.stats["wgmma"] == 1


def check_rs_accumulator(res, A, B, k):
    """The m64n8 accumulator BODY_RS stores (four f32 per thread, the ISA's D fragment) is the
    exact A B^T over k."""
    got = struct.unpack("<512f", res.bufs["out"])
    for th in range(128):
        w, l = th // 32, th % 32
        for i in range(4):
            row = 16 * w + l // 4 + 8 * ((i // 2) % 2)
            col = 8 * (i // 4) + 2 * (l % 4) + i % 2
            assert got[4 * th + i] == sum(A[row][x] * B[col][x] for x in range(k)), (th, i)


def test_wgmma_e4m3_a_from_registers():
    """The RS form with .e4m3 (m64nNk32): each thread's four .b32 registers hold a_0 .. a_15 of
    the 64 x 32 A, four bytes each (the ISA's 8-bit fragment, built here from its formula: a_i at
    row 16 w + g + 8 [(i / 4) odd], column 4 q + i % 4 + 16 [i >= 8], byte i % 4 of register
    i / 4); B (N = 8) K-major through its descriptor."""
    A = [[((3 * r + 5 * c) % 5 - 2) / 2 for c in range(32)] for r in range(64)]
    B = [[((7 * r + c) % 7 - 3) / 4 for c in range(32)] for r in range(8)]
    img = bytearray(SMEM)
    for r in range(8):
        for kk in range(32):
            img[B_OFF + k_major(r, kk, 1, 128, 256, 0)] = e4m3(B[r][kk])
    frag = bytearray()
    for th in range(128):
        w, l = th // 32, th % 32
        g, q = l // 4, l % 4
        for i in range(16):
            row = 16 * w + g + (8 if (i // 4) % 2 else 0)
            col = 4 * q + i % 4 + (16 if i >= 8 else 0)
            frag.append(e4m3(A[row][col]))
    body = BODY_RS.replace("m64n8k16.f32.f16.f16", "m64n8k32.f32.e4m3.e4m3").replace(", 0, 1, 1, 0;", ", 0, 1, 1;")
    ptx = kernel(body.format(nchunks=SMEM // 16), ["inp", "out", "db", "afrag"],
                 shared=f".shared .align 1024 .b8 smem[{SMEM}];")
    res = run(ptx, [("inp", bytes(img), False), ("out", bytes(128 * 16), True), ("afrag", bytes(frag), False)],
              args=["inp", "out", desc(B_OFF, 128, 256, 0), "afrag"], block=(128, 1, 1))
    check_rs_accumulator(res, A, B, 32)
    assert res.launch.stats["wgmma"] == 1


SETMAXNREG = """
  ld.param.u64 %rd1, [out];
  mov.u32 %r1, %tid.x;
  setp.lt.u32 %p1, %r1, 128;
  @%p1 bra CONSUMER;
  {producer}
  bra.uni DONE;
CONSUMER:
  setmaxnreg.inc.sync.aligned.u32 232;
  mul.wide.u32 %rd2, %r1, 4;
  add.s64 %rd3, %rd1, %rd2;
  st.global.u32 [%rd3], %r1;
DONE:
"""


def test_setmaxnreg_is_a_warpgroup_collective():
    """setmaxnreg (PTX ISA): every thread of a warpgroup executes it. Warpgroup 1 gives
    registers back (dec 40), warpgroup 0 takes them (inc 232); a producer that executes it in one
    thread of its warpgroup leaves the other 127 never arriving: a deadlock. An immediate outside
    24..256 or not a multiple of 8 is refused when decoded."""
    ok = kernel(SETMAXNREG.format(producer="setmaxnreg.dec.sync.aligned.u32 40;"), ["out"])
    res = run(ok, [("out", bytes(512), True)], block=(256, 1, 1))
    assert res.u32("out") == list(range(128))
    assert res.launch.stats["setmaxnreg"] == 2
    one = kernel(SETMAXNREG.format(producer="""setp.ne.u32 %p2, %r1, 128;
  @%p2 bra DONE;
  setmaxnreg.dec.sync.aligned.u32 40;"""), ["out"])
    with pytest.raises(EmuError, match="deadlock"):
        run(one, [("out", bytes(512), True)], block=(256, 1, 1))
    bad = kernel(SETMAXNREG.format(producer="setmaxnreg.dec.sync.aligned.u32 36;"), ["out"])
    with pytest.raises(EmuError, match="a multiple of 8, found 36"):
        run(bad, [("out", bytes(512), True)], block=(256, 1, 1))
