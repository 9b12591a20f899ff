"""tcgen05 against the PTX ISA ("TensorCore 5th Generation Family Instructions"): the
instruction descriptor of kind::f16 (D type bits 4-5, A type 7-9, B type 10-12, transpose 15 / 16,
N >> 3 at 17-22, M >> 4 at 24-28), the shared memory descriptor (start address 0-13, LBO
16-29, SBO 32-45, all >> 4; the fixed 0b001 at 46-48; layout type 61-63), the canonical K-major
layout without swizzle (8 x 16-byte core matrices: rows 16 bytes apart, the two K halves LBO
apart, 8-row groups SBO apart), the data-path layout of M = 128 (row i of D in TMEM lane i) and
tcgen05.ld.32x32b (warp w reads lanes 32 w .. 32 w + 31, thread l lane 32 w + l, register j
column base + j)."""

import struct

import pytest

from helpers import EmuError, kernel, run

LBO, SBO = 128, 256
B_OFF = 4096


def idesc(m, n, a=0, b=0):
    return 1 << 4 | a << 7 | b << 10 | (n >> 3) << 17 | (m >> 4) << 24


def sdesc(offset):
    return (offset >> 4) | (LBO >> 4) << 16 | (SBO >> 4) << 32 | 1 << 46


def at(r, kk):
    return (r % 8) * 16 + (r // 8) * SBO + (kk // 8) * LBO + (kk % 8) * 2


BODY = """
  ld.param.u64 %rd1, [inp];
  ld.param.u64 %rd2, [out];
  ld.param.u64 %rd7, [da];
  ld.param.u64 %rd8, [db];
  ld.param.u64 %rd10, [id];
  cvt.u32.u64 %r30, %rd10;
  mov.u32 %r1, %tid.x;
  mov.u32 %r2, %r1;
  mov.u32 %r4, smem;
LOOP:
  setp.ge.u32 %p1, %r2, 512;
  @%p1 bra DONE;
  mul.wide.u32 %rd3, %r2, 16;
  add.s64 %rd4, %rd1, %rd3;
  ld.global.v4.b32 {%r10, %r11, %r12, %r13}, [%rd4];
  shl.b32 %r3, %r2, 4;
  add.s32 %r5, %r4, %r3;
  st.shared.v4.b32 [%r5], {%r10, %r11, %r12, %r13};
  add.u32 %r2, %r2, 128;
  bra LOOP;
DONE:
  mov.u32 %r6, taddr;
  mov.u32 %r8, bar;
  shr.u32 %r9, %r1, 5;
  setp.ne.u32 %p2, %r9, 0;
  @%p2 bra SYNC;
  tcgen05.alloc.cta_group::1.sync.aligned.shared::cta.b32 [%r6], 32;
  setp.ne.u32 %p3, %r1, 0;
  @%p3 bra SYNC;
  mbarrier.init.shared.b64 [%r8], 1;
SYNC:
  bar.sync 0;
  ld.shared.u32 %r7, [%r6];
  cvt.u64.u32 %rd9, %r4;
  shr.u64 %rd9, %rd9, 4;
  add.s64 %rd7, %rd7, %rd9;
  add.s64 %rd8, %rd8, %rd9;
  setp.ne.u32 %p4, %r1, 0;
  @%p4 bra WAIT;
  tcgen05.mma.cta_group::1.kind::f16 [%r7], %rd7, %rd8, %r30, 0;
  tcgen05.commit.cta_group::1.mbarrier::arrive::one.shared::cluster.b64 [%r8];
WAIT:
  mbarrier.try_wait.parity.shared.b64 %p1, [%r8], 0;
  @!%p1 bra WAIT;
  shl.b32 %r20, %r9, 21;
  add.s32 %r21, %r7, %r20;
  tcgen05.ld.sync.aligned.32x32b.x8.b32 {%r40, %r41, %r42, %r43, %r44, %r45, %r46, %r47}, [%r21];
  tcgen05.wait::ld.sync.aligned;
  mul.wide.u32 %rd5, %r1, 32;
  add.s64 %rd6, %rd2, %rd5;
  st.global.v4.b32 [%rd6], {%r40, %r41, %r42, %r43};
  st.global.v4.b32 [%rd6+16], {%r44, %r45, %r46, %r47};
  bar.sync 0;
  @%p2 bra END;
  tcgen05.dealloc.cta_group::1.sync.aligned.b32 %r7, 32;
END:
"""


def f16(x):
    return struct.unpack("<H", struct.pack("<e", x))[0]


def umma(desc_id):
    A = [[((r + 3 * c) % 7 - 3) / 4 for c in range(16)] for r in range(128)]
    B = [[((2 * r + c) % 5 - 2) / 2 for c in range(16)] for r in range(8)]
    img = bytearray(8192)
    for base, M in ((0, A), (B_OFF, B)):
        for r, row in enumerate(M):
            for kk, v in enumerate(row):
                a = base + at(r, kk)
                img[a:a + 2] = f16(v).to_bytes(2, "little")
    ptx = kernel(BODY, ["inp", "out", "da", "db", "id"], target="sm_100a",
                 shared=".shared .align 1024 .b8 smem[8192];\n.shared .align 8 .b8 bar[8];\n.shared .align 4 .b8 taddr[4];")
    res = run(ptx, [("inp", bytes(img), False), ("out", bytes(128 * 32), True)],
              args=["inp", "out", sdesc(0), sdesc(B_OFF), desc_id], block=(128, 1, 1))
    return A, B, res


def test_tcgen05_mma_m128_n8_and_ld_32x32b():
    A, B, res = umma(idesc(128, 8))
    got = struct.unpack("<1024f", res.bufs["out"])
    for i in range(128):  # thread i: TMEM lane i = row i of D, register j = column j
        for j in range(8):
            assert got[8 * i + j] == sum(A[i][k] * B[j][k] for k in range(16)), (i, j)
    s = res.launch.stats
    assert (s["tcgen05.mma"], s["tcgen05.commit"], s["tcgen05.ld"], s["tcgen05.alloc"], s["races"]) == (1, 1, 4, 1, 0)
    assert s["TMEM allocations not freed"] == 0 and s["unwritten TMEM cells read"] == 0


def test_tcgen05_instruction_descriptor_checked():
    with pytest.raises(EmuError, match="M = 256, N = 8 is not a shape"):
        umma(idesc(256, 8))
    with pytest.raises(EmuError, match="transposed"):
        umma(idesc(128, 8) | 1 << 16)
