"""Asynchronous copies, barriers and the race detector, against the PTX ISA ("cp.async",
"mbarrier", "cp.async.bulk.tensor") and the driver's tensor-map swizzle (CU_TENSOR_MAP_SWIZZLE_128B:
the 16-byte chunk c of box row r lands at chunk c XOR (r mod 8) of a 128-byte row)."""

import struct

import pytest

from helpers import EmuError, kernel, run, tensor_map, u16s

COPY = """
  ld.param.u64 %rd1, [inp];
  ld.param.u64 %rd2, [out];
  mov.u32 %r1, %tid.x;
  shl.b32 %r2, %r1, 4;
  cvt.u64.u32 %rd3, %r2;
  add.s64 %rd4, %rd1, %rd3;
  mov.u32 %r3, smem;
  add.s32 %r4, %r3, %r2;
  cp.async.cg.shared.global [%r4], [%rd4], 16;
  cp.async.commit_group;
  {wait}
  bar.sync 0;
  xor.b32 %r5, %r2, 16;
  add.s32 %r6, %r3, %r5;
  ld.shared.v4.b32 {{%r10, %r11, %r12, %r13}}, [%r6];
  add.s64 %rd5, %rd2, %rd3;
  st.global.v4.b32 [%rd5], {{%r10, %r11, %r12, %r13}};
"""


def copy(wait):
    data = bytes(range(256)) * 2
    ptx = kernel(COPY.format(wait=wait), ["inp", "out"], shared=".shared .align 16 .b8 smem[512];")
    return data, run(ptx, [("inp", data, False), ("out", bytes(512), True)])


def test_cp_async_lands_at_wait_group():
    data, res = copy("cp.async.wait_group 0;")
    want = b"".join(data[16 * (i ^ 1):16 * (i ^ 1) + 16] for i in range(32))
    assert res.bufs["out"] == want
    assert res.launch.stats["races"] == 0 and res.launch.stats["cp.async"] == 32


def test_cp_async_without_wait_is_a_race_and_reads_poison():
    data, res = copy("")
    assert res.bufs["out"] == b"\xff" * 512  # shared memory starts as 0xFF: nothing landed
    assert res.launch.stats["races"] > 0
    assert "cp.async destination in flight" in res.launch.races[0]
    assert res.launch.stats["cp.async never completed"] == 32


SHARE = """
  ld.param.u64 %rd2, [out];
  mov.u32 %r1, %tid.x;
  mov.u32 %r3, smem;
  shl.b32 %r2, %r1, 2;
  add.s32 %r4, %r3, %r2;
  st.shared.u32 [%r4], %r1;
  {bar}
  xor.b32 %r5, %r2, 128;
  add.s32 %r6, %r3, %r5;
  ld.shared.u32 %r7, [%r6];
  cvt.u64.u32 %rd3, %r2;
  add.s64 %rd5, %rd2, %rd3;
  st.global.u32 [%rd5], %r7;
"""


def test_race_detector_and_barrier():
    """Warp 0 reads what warp 1 writes: without a barrier warp 0 runs first (until it blocks),
    reads bytes nobody wrote, and warp 1's store over them is a race (write after read); with
    bar.sync none."""
    ptx = kernel(SHARE.format(bar=""), ["out"], shared=".shared .align 16 .b8 smem[256];")
    res = run(ptx, [("out", bytes(256), True)], block=(64, 1, 1))
    assert res.launch.stats["races"] > 0
    assert "race (write after read)" in res.launch.races[0]
    assert res.launch.stats["unwritten shared bytes read"] == 128
    ptx = kernel(SHARE.format(bar="bar.sync 0;"), ["out"], shared=".shared .align 16 .b8 smem[256];")
    res = run(ptx, [("out", bytes(256), True)], block=(64, 1, 1))
    assert res.launch.stats["races"] == 0
    assert list(struct.unpack("<64I", res.bufs["out"])) == [t ^ 32 for t in range(64)]


HANDOFF = """
  ld.param.u64 %rd2, [out];
  mov.u32 %r1, %tid.x;
  mov.u32 %r3, smem;
  shl.b32 %r2, %r1, 2;
  setp.lt.u32 %p1, %r1, 32;
  @%p1 bra READER;
  add.s32 %r4, %r3, %r2;
  st.shared.u32 [%r4], %r1;
  {arrive}
  bra.uni DONE;
READER:
  bar.sync 1, 64;
  xor.b32 %r5, %r2, 128;
  add.s32 %r6, %r3, %r5;
  ld.shared.u32 %r7, [%r6];
  cvt.u64.u32 %rd3, %r2;
  add.s64 %rd5, %rd2, %rd3;
  st.global.u32 [%rd5], %r7;
DONE:
"""


def test_bar_arrive_hands_off_without_waiting():
    """bar.arrive (PTX ISA "bar"): warp 1 writes shared memory and arrives on barrier 1 (count
    64) without waiting; warp 0 waits there (bar.sync 1, 64) and reads what warp 1 wrote: no race,
    the values arrive. Without the arrive, warp 0 waits forever: a deadlock."""
    ptx = kernel(HANDOFF.format(arrive="bar.arrive 1, 64;"), ["out"], shared=".shared .align 16 .b8 smem[256];")
    res = run(ptx, [("out", bytes(128), True)], block=(64, 1, 1))
    assert res.launch.stats["races"] == 0
    assert list(struct.unpack("<32I", res.bufs["out"])) == [t + 32 for t in range(32)]
    ptx = kernel(HANDOFF.format(arrive=""), ["out"], shared=".shared .align 16 .b8 smem[256];")
    with pytest.raises(EmuError, match="deadlock"):
        run(ptx, [("out", bytes(128), True)], block=(64, 1, 1))


TMA = """
  ld.param.u64 %rd1, [map];
  ld.param.u64 %rd2, [out];
  mov.u32 %r1, %tid.x;
  mov.u32 %r3, smem;
  mov.u32 %r8, bar;
  setp.ne.u32 %p2, %r1, 0;
  @%p2 bra WAIT;
  mbarrier.init.shared.b64 [%r8], 1;
  mbarrier.arrive.expect_tx.shared.b64 %rd9, [%r8], 1024;
  cp.async.bulk.tensor.{n}d.shared::cluster.global.tile.mbarrier::complete_tx::bytes [%r3], [%rd1, {{{coords}}}], [%r8];
WAIT:
  bar.sync 0;
LOOP:
  mbarrier.try_wait.parity.shared.b64 %p1, [%r8], 0;
  @!%p1 bra LOOP;
  shl.b32 %r2, %r1, 4;
  add.s32 %r4, %r3, %r2;
  ld.shared.v4.b32 {{%r10, %r11, %r12, %r13}}, [%r4];
  cvt.u64.u32 %rd3, %r2;
  add.s64 %rd5, %rd2, %rd3;
  st.global.v4.b32 [%rd5], {{%r10, %r11, %r12, %r13}};
"""


def tma(swizzle, y):
    rows, cols = 12, 64  # a 12 x 64 f16 tensor; the box: 8 rows x 64 (128 bytes, the 128B span)
    data = u16s([1000 * r + c for r in range(rows) for c in range(cols)])
    ptx = kernel(TMA.format(n=2, coords=f"0, {y}"), ["map", "out"],
                 shared=".shared .align 1024 .b8 smem[1024];\n.shared .align 8 .b8 bar[8];")
    res = run(ptx, [("A", data, False),
                    ("map", lambda a: tensor_map(6, a["A"], [cols, rows], [cols * 2], [64, 8], swizzle), False),
                    ("out", bytes(1024), True)], args=["map", "out"], block=(64, 1, 1))
    got = struct.unpack("<512H", res.bufs["out"])
    return got, res


def test_tma_load_3d_box_of_one_head():
    """A 3-D map (heads x 12 rows x 64 f16, innermost first [64, 12, 3]) with the box [64, 8, 1]:
    the box at (0, 8, 1) reads rows 8..11 of head 1 and zero-fills rows 12..15, which lie past
    head 1's rows (not head 2's first rows, as a 2-D map of all heads' rows would give)."""
    heads, rows, cols = 3, 12, 64
    data = u16s([10000 * h + 100 * r + c for h in range(heads) for r in range(rows) for c in range(cols)])
    ptx = kernel(TMA.format(n=3, coords="0, 8, 1"), ["map", "out"],
                 shared=".shared .align 1024 .b8 smem[1024];\n.shared .align 8 .b8 bar[8];")
    res = run(ptx, [("A", data, False),
                    ("map", lambda a: tensor_map(6, a["A"], [cols, rows, heads], [cols * 2, rows * cols * 2],
                                                 [64, 8, 1], 0), False),
                    ("out", bytes(1024), True)], args=["map", "out"], block=(64, 1, 1))
    got = struct.unpack("<512H", res.bufs["out"])
    for r in range(8):
        want = [10000 + 100 * (8 + r) + c for c in range(64)] if r < 4 else [0] * 64
        assert list(got[64 * r:64 * r + 64]) == want, r


def test_tma_load_128b_swizzle():
    got, res = tma(3, 0)
    for r in range(8):
        for c in range(8):  # chunk c of row r (8 f16) at chunk c ^ r
            at = r * 64 + 8 * (c ^ (r % 8))
            assert list(got[at:at + 8]) == [1000 * r + 8 * c + e for e in range(8)], (r, c)
    assert res.launch.stats["TMA loads"] == 1 and res.launch.stats["mbarrier phases"] == 1
    assert res.launch.stats["races"] == 0


def test_tma_load_clips_and_zero_fills():
    got, _ = tma(0, 8)  # rows 8..15 of a 12-row tensor: rows 12..15 of the box are zero
    for r in range(8):
        want = [1000 * (8 + r) + c for c in range(64)] if r < 4 else [0] * 64
        assert list(got[64 * r:64 * r + 64]) == want


MB = """
  mov.u32 %r1, %tid.x;
  mov.u32 %r8, bar;
  setp.ne.u32 %p2, %r1, 0;
  @%p2 bra ARR;
  mbarrier.init.shared.b64 [%r8], 2;
ARR:
  bar.sync 0;
  setp.lt.u32 %p3, %r1, {arrivals};
  @!%p3 bra WAIT;
  mbarrier.arrive.shared.b64 %rd9, [%r8];
WAIT:
  mbarrier.try_wait.parity.shared.b64 %p1, [%r8], 0;
  @!%p1 bra WAIT;
"""


def test_mbarrier_phase_completes_after_count_arrivals():
    ptx = kernel(MB.format(arrivals=2), ["out"], shared=".shared .align 8 .b8 bar[8];")
    res = run(ptx, [("out", bytes(4), True)], block=(32, 1, 1))
    assert res.launch.stats["mbarrier phases"] == 1


def test_mbarrier_one_arrival_short_deadlocks():
    import pytest
    from helpers import EmuError
    ptx = kernel(MB.format(arrivals=1), ["out"], shared=".shared .align 8 .b8 bar[8];")
    with pytest.raises(EmuError, match="deadlock"):
        run(ptx, [("out", bytes(4), True)], block=(32, 1, 1))
