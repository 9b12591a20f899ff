"""Warp-level instruction families against the PTX ISA's tables (section "Warp Level Matrix
Multiply-Accumulate Instructions": the m16n8k16 fragments of mma.sync, ldmatrix, stmatrix;
"shfl.sync"). The expected placements below are written from the ISA's figures:
groupID = %laneid >> 2, threadID_in_group = %laneid % 4."""

import struct

import pytest

from helpers import EmuError, kernel, run, u16s, u32s

# -- common prologue: %r1 = lane, %rd5 = out + 4 * lane * stride ...

PRO = """
  ld.param.u64 %rd1, [inp];
  ld.param.u64 %rd2, [out];
  mov.u32 %r1, %tid.x;
"""


def f16(x):
    return struct.unpack("<H", struct.pack("<e", x))[0]


def half(h):
    return struct.unpack("<e", struct.pack("<H", h))[0]


def mma_a_elem(lane, i):
    """(row, col) of a_i (i = 0..7) in thread `lane` (ISA figure "MMA .m16n8k16 fragment layout
    for matrix A with .f16/.bf16 type")."""
    g, t = lane >> 2, lane % 4
    row = g + 8 if i in (2, 3, 6, 7) else g
    col = t * 2 + (i & 1) + (8 if i >= 4 else 0)
    return row, col


def mma_b_elem(lane, i):
    """(row, col) of b_i (i = 0..3): row = threadID_in_group * 2 + (i & 1) (+ 8 for b2, b3),
    col = groupID."""
    g, t = lane >> 2, lane % 4
    return t * 2 + (i & 1) + (8 if i >= 2 else 0), g


def mma_c_elem(lane, i):
    """(row, col) of c_i (i = 0..3): row groupID (+ 8 for c2, c3), col threadID_in_group * 2 + (i & 1)."""
    g, t = lane >> 2, lane % 4
    return g + (8 if i >= 2 else 0), t * 2 + (i & 1)


def test_mma_m16n8k16_f16_fragments():
    A = [[((r * 7 + c * 3) % 9 - 4) / 4 for c in range(16)] for r in range(16)]
    B = [[((r * 5 + c * 2) % 7 - 3) / 2 for c in range(8)] for r in range(16)]
    C = [[(r - c) / 8 for c in range(8)] for r in range(16)]
    # per lane: 4 A registers (2 halves each), 2 B registers, 4 C f32 registers
    words = []
    for lane in range(32):
        for i in range(4):
            lo, hi = (mma_a_elem(lane, 2 * i + k) for k in range(2))
            words.append(f16(A[lo[0]][lo[1]]) | f16(A[hi[0]][hi[1]]) << 16)
        for i in range(2):
            lo, hi = (mma_b_elem(lane, 2 * i + k) for k in range(2))
            words.append(f16(B[lo[0]][lo[1]]) | f16(B[hi[0]][hi[1]]) << 16)
        words += [0, 0]
        for i in range(4):
            r, c = mma_c_elem(lane, i)
            words.append(struct.unpack("<I", struct.pack("<f", C[r][c]))[0])
    body = PRO + """
  mul.wide.u32 %rd3, %r1, 48;
  add.s64 %rd4, %rd1, %rd3;
  ld.global.v4.b32 {%r10, %r11, %r12, %r13}, [%rd4];
  ld.global.v2.b32 {%r14, %r15}, [%rd4+16];
  ld.global.v4.b32 {%r16, %r17, %r18, %r19}, [%rd4+32];
  mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%r20, %r21, %r22, %r23}, {%r10, %r11, %r12, %r13}, {%r14, %r15}, {%r16, %r17, %r18, %r19};
  mul.wide.u32 %rd5, %r1, 16;
  add.s64 %rd6, %rd2, %rd5;
  st.global.v4.b32 [%rd6], {%r20, %r21, %r22, %r23};
"""
    res = run(kernel(body, ["inp", "out"]), [("inp", u32s(words), False), ("out", bytes(32 * 16), True)])
    got = struct.unpack("<128f", res.bufs["out"])
    for lane in range(32):
        for i in range(4):
            r, c = mma_c_elem(lane, i)
            want = sum(A[r][k] * B[k][c] for k in range(16)) + C[r][c]
            assert got[4 * lane + i] == pytest.approx(want, abs=0), (lane, i)
    assert res.launch.stats["mma.sync"] == 1


LDM = PRO.replace("{", "{{").replace("}", "}}") + """
  shl.b32 %r2, %r1, 4;
  cvt.u64.u32 %rd3, %r2;
  add.s64 %rd4, %rd1, %rd3;
  ld.global.v4.b32 {{%r10, %r11, %r12, %r13}}, [%rd4];
  mov.u32 %r3, smem;
  add.s32 %r4, %r3, %r2;
  st.shared.v4.b32 [%r4], {{%r10, %r11, %r12, %r13}};
  bar.sync 0;
  ldmatrix.sync.aligned.m8n8.x4{trans}.shared.b16 {{%r20, %r21, %r22, %r23}}, [%r4];
  mul.wide.u32 %rd5, %r1, 16;
  add.s64 %rd6, %rd2, %rd5;
  st.global.v4.b32 [%rd6], {{%r20, %r21, %r22, %r23}};
"""


@pytest.mark.parametrize("trans", [False, True])
def test_ldmatrix_x4(trans):
    """Matrix j's row r at shared row 8 j + r (lanes 8j..8j+7 give the row addresses); element
    (r, c) of matrix j holds 256 j + 16 r + c. Without .trans thread l gets row l >> 2, elements
    2 (l % 4) and 2 (l % 4) + 1 of each matrix (register j); with .trans, column l >> 2, rows
    2 (l % 4) and 2 (l % 4) + 1."""
    data = [256 * (row // 8) + 16 * (row % 8) + c for row in range(32) for c in range(8)]
    ptx = kernel(LDM.format(trans=".trans" if trans else ""), ["inp", "out"], shared=".shared .align 16 .b8 smem[512];")
    res = run(ptx, [("inp", u16s(data), False), ("out", bytes(32 * 16), True)])
    got = res.u16("out")
    for lane in range(32):
        for j in range(4):
            for k in range(2):
                if trans:
                    r, c = 2 * (lane % 4) + k, lane >> 2
                else:
                    r, c = lane >> 2, 2 * (lane % 4) + k
                assert got[8 * lane + 2 * j + k] == 256 * j + 16 * r + c, (lane, j, k)


def test_stmatrix_inverts_ldmatrix():
    body = PRO + """
  shl.b32 %r2, %r1, 4;
  cvt.u64.u32 %rd3, %r2;
  add.s64 %rd4, %rd1, %rd3;
  ld.global.v4.b32 {%r10, %r11, %r12, %r13}, [%rd4];
  mov.u32 %r3, smem;
  add.s32 %r4, %r3, %r2;
  stmatrix.sync.aligned.m8n8.x4.shared.b16 [%r4], {%r10, %r11, %r12, %r13};
  bar.sync 0;
  ld.shared.v4.b32 {%r20, %r21, %r22, %r23}, [%r4];
  add.s64 %rd6, %rd2, %rd3;
  st.global.v4.b32 [%rd6], {%r20, %r21, %r22, %r23};
"""
    # thread l register j holds (row l >> 2, columns 2 (l % 4), +1) of matrix j
    words = []
    for lane in range(32):
        for j in range(4):
            r, c = lane >> 2, 2 * (lane % 4)
            words.append((256 * j + 16 * r + c) | (256 * j + 16 * r + c + 1) << 16)
    ptx = kernel(body, ["inp", "out"], shared=".shared .align 16 .b8 smem[512];")
    res = run(ptx, [("inp", u32s(words), False), ("out", bytes(512), True)])
    got = res.u16("out")
    for row in range(32):
        for c in range(8):
            j, r = row // 8, row % 8
            assert got[8 * row + c] == 256 * j + 16 * r + c


@pytest.mark.parametrize("mode,b,c,expect", [
    ("bfly", 1, 0x1F, lambda l: l ^ 1),
    ("idx", 5, 0x1F, lambda l: 5),
    ("up", 3, 0, lambda l: l - 3 if l >= 3 else l),
    ("down", 2, 0x1F, lambda l: l + 2 if l + 2 <= 31 else l),
    ("down", 1, 0x181F, lambda l: l + 1 if (l % 8) + 1 <= 7 else l),  # segments of 8 (c = 0x18 << 8 | 0x1f)
])
def test_shfl_sync(mode, b, c, expect):
    body = PRO + f"""
  add.u32 %r2, %r1, 1000;
  shfl.sync.{mode}.b32 %r3|%p1, %r2, {b}, {c}, 0xffffffff;
  mul.wide.u32 %rd3, %r1, 4;
  add.s64 %rd4, %rd2, %rd3;
  st.global.u32 [%rd4], %r3;
"""
    res = run(kernel(body, ["inp", "out"]), [("inp", bytes(4), False), ("out", bytes(128), True)])
    assert res.u32("out") == [1000 + expect(l) for l in range(32)]


def test_mma_other_shapes_refused():
    body = PRO + "  mma.sync.aligned.m16n8k8.row.col.f32.f16.f16.f32 {%r1, %r2, %r3, %r4}, {%r5, %r6}, {%r7}, {%r1, %r2, %r3, %r4};\n"
    with pytest.raises(EmuError, match="mma.sync.aligned.m16n8k8"):
        run(kernel(body, ["inp", "out"]), [("inp", bytes(4), False), ("out", bytes(4), True)])
