"""The fast paths give what the element-by-element definitions give: the packed exact products
(packed_dot) against numeric.mma_rows_elementwise, a chained accumulation from the exact integers
of the product before, the shared readers' records, bfe's masks against the ISA's bit loop, and
the specialized scalar forms against the generic ones."""

import math
import random
import struct
from types import SimpleNamespace

import pytest

from helpers import kernel, run
from ptxemu.memory import SharedMemory
from ptxemu.numeric import f32_from_bits, half_table, mma_rows, mma_rows_elementwise
from ptxemu.ops_wgmma import fp8_table
from ptxemu.packed_dot import int_products, packed_rows

KINDS = [("f16", "f16"), ("bf16", "bf16"), ("e4m3", "e5m2"), ("e5m2", "e4m3")]


def table(kind):
    return half_table(kind) if "f16" in kind else fp8_table(kind)


def operands(rng, kind_a, kind_b, mode, rows, n, k):
    ta, tb = table(kind_a), table(kind_b)

    def val(t):
        if mode == "small":
            return rng.randint(-16, 16) / 8
        if mode == "zeros":
            return rng.choice([0.0, -0.0, 0.0, 1.0, -1.0])
        while True:
            x = t[rng.randrange(len(t))]
            if math.isfinite(x) or (mode == "any" and rng.random() < 0.3):
                return x
    A = [[val(ta) for _ in range(k)] for _ in range(rows)]
    B = [[val(tb) for _ in range(k)] for _ in range(n)]
    return A, B


def addends(rng, mode, rows, n):
    if mode == "none":
        return None
    if mode == "bits":
        return [[f32_from_bits(rng.getrandbits(32)) for _ in range(n)] for _ in range(rows)]
    if mode == "small":
        return [[rng.randint(-500, 500) / 64 for _ in range(n)] for _ in range(rows)]
    if mode == "zero":
        return [[rng.choice([0.0, -0.0]) for _ in range(n)] for _ in range(rows)]
    return [[f32_from_bits(0x7FFFFFFF) if rng.random() < 0.1 else 1.5 for _ in range(n)] for _ in range(rows)]


@pytest.mark.parametrize("kind_a,kind_b", KINDS)
def test_packed_products_equal_the_elementwise_definition(kind_a, kind_b):
    rng = random.Random(hash((kind_a, kind_b)) & 0xFFFF)
    for _ in range(80):
        rows, n, k = rng.choice([(4, 8, 16), (16, 8, 16), (3, 5, 32), (64, 16, 16)])
        A, B = operands(rng, kind_a, kind_b, rng.choice(["finite", "any", "small", "zeros"]), rows, n, k)
        C = addends(rng, rng.choice(["none", "bits", "small", "nan", "zero"]), rows, n)
        assert mma_rows(A, B, C, kind_a, kind_b) == mma_rows_elementwise(A, B, C, kind_a, kind_b)


@pytest.mark.parametrize("a,c", [(2.0 ** -100, 2.0 ** -100), (2.0 ** -100, 2.0 ** -140), (1.0, 1.5 + 2.0 ** -23),
                                 (2.0 ** 20, 2.0 ** 100), (2.0 ** -60, 3 * 2.0 ** -126)])
def test_addends_in_another_unit(a, c):
    """C not a multiple of the products' unit (or a row of C with a NaN): the addends are
    rescaled to the finer unit, exactly, in either direction."""
    A, B = [[a], [a], [-a]], [[a], [2 * a]]
    for C in ([[c, -c], [float("nan"), c], [c, 0.0]], [[c, -c], [c, c], [c, 0.0]]):
        assert mma_rows(A, B, C, "bf16", "bf16") == mma_rows_elementwise(A, B, C, "bf16", "bf16"), C


def test_packed_form_taken_for_gemm_operands():
    """Small multiples of 1/8 (the GEMMs' operands) go the packed way, whole."""
    rng = random.Random(3)
    A, B = operands(rng, "f16", "f16", "small", 64, 256, 16)
    C = addends(rng, "small", 64, 256)
    rows, exact = packed_rows(A, B, C, 24, 24)
    assert None not in [x for r in rows for x in r] and exact is not None


def test_chained_accumulation_from_exact_integers():
    """C given as the exact integers of the product before (a chained wgmma / tcgen05.mma) gives
    the same bits as C given as floats."""
    rng = random.Random(4)
    A, B = operands(rng, "f16", "f16", "small", 64, 32, 16)
    first = []
    D = mma_rows(A, B, addends(rng, "small", 64, 32), "f16", "f16", None, first)
    assert first[0] is not None
    C = [list(struct.unpack("<32f", struct.pack("<32I", *row))) for row in D]
    A2, B2 = operands(rng, "f16", "f16", "small", 64, 32, 16)
    A2 = [[x / 4 for x in r] for r in A2]  # another unit: the addends are rescaled
    via_ints = mma_rows(A2, B2, lambda: C, "f16", "f16", first[0])
    assert via_ints == mma_rows(A2, B2, C, "f16", "f16") == mma_rows_elementwise(A2, B2, C, "f16", "f16")


def test_int_products():
    rng = random.Random(5)
    for big in (16, 1 << 40):
        A = [[rng.randint(-big, big) for _ in range(37)] for _ in range(9)]
        Bt = [[rng.randint(-big, big) for _ in range(37)] for _ in range(11)]
        assert int_products(A, Bt) == [[sum(x * y for x, y in zip(a, b)) for b in Bt] for a in A]


class Smem(SharedMemory):
    """Just the race detector's state of a CTA."""

    def __init__(self, size):
        self.sh_arrays, self.sh_base = [("s", 0x1000, 0x1000 + size)], 0x1000
        self.smem = bytearray(b"\xff" * size)
        self.w_thr, self.w_clk, self.w_ins = [-1] * size, [0] * size, [None] * size
        self.reads, self.flight = [None] * size, [None] * size
        self.races, self.race_keys, self.ctaid = [], set(), (0, 0, 0)
        self.stats = {"races": 0, "unwritten shared bytes read": 0}


def test_readers_shared_per_access_never_changed_in_place():
    """A byte's readers are what a dict per byte would hold: a second reader of part of a range
    does not appear on the bytes it did not read."""
    sm = Smem(64)
    ins = SimpleNamespace(index=0, where=lambda: "here")
    t0, t1 = SimpleNamespace(gid=0, vc=[5, 0, 0]), SimpleNamespace(gid=1, vc=[0, 7, 0])
    sm.sh_read(t0, 0, 16, ins)
    sm.sh_read(t1, 4, 8, ins)
    sm.sh_read(t0, 8, 8, ins)
    for b in range(16):
        want = {0: (5, ins)}
        if 4 <= b < 12:
            want[1] = (7, ins)
        assert sm.reads[b] == want, b
    assert sm.reads[16] is None
    # a write by thread 2 that has seen neither reader races with both, byte by byte
    t2 = SimpleNamespace(gid=2, vc=[0, 0, 1])
    sm.sh_write(t2, 0, bytes(16), SimpleNamespace(index=1, where=lambda: "there"))
    assert sm.stats["races"] == 16 and all(r is None for r in sm.reads[:16])


def bfe_loop(x, p, n, bits, signed):
    """The PTX ISA's pseudocode of bfe."""
    msb = bits - 1
    sbit = (x >> min(p + n - 1, msb)) & 1 if signed and n else 0
    r = 0
    for i in range(bits):
        r |= ((x >> (p + i)) & 1 if i < n and p + i <= msb else sbit) << i
    return r


def test_bfe_against_the_bit_loop():
    rng = random.Random(6)
    cases = [(rng.getrandbits(32), rng.choice([rng.randrange(40), rng.randrange(256)]),
              rng.choice([rng.randrange(40), rng.randrange(256)])) for _ in range(24)]
    for k in ("u32", "s32"):
        body = "  ld.param.u64 %rd1, [out];\n" + "\n".join(
            f"  mov.u32 %r1, {x};\n  bfe.{k} %r2, %r1, {p}, {n};\n  st.global.u32 [%rd1+{4 * i}], %r2;"
            for i, (x, p, n) in enumerate(cases))
        res = run(kernel(body, ["out"]), [("out", bytes(4 * len(cases)), True)], block=(1, 1, 1))
        got = struct.unpack(f"<{len(cases)}I", res.bufs["out"])
        assert list(got) == [bfe_loop(x, p, n, 32, k == "s32") for x, p, n in cases]


def test_specialized_scalar_forms_equal_generic_ones(monkeypatch):
    """add / sub / and / or / xor / shl / mov (packs too) / cvt (to f16 / bf16 too) / not with
    register and immediate operands:
    the specialized forms (ptxemu.fast) and the generic ones give the same registers."""
    ops = []
    for op in ("add", "sub", "and", "or", "xor"):
        for t in ("u32", "b64", "s64", "pred"):
            if op in ("add", "sub") and t == "pred" or op in ("and", "or", "xor") and t == "s64":
                continue
            if t == "pred":
                ops += [f"{op}.pred %p3, %p1, %p2;", f"{op}.pred %p3, %p1, 1;"]
                continue
            ops += [f"{op}.{t} %rd10, %rd1, %rd2;", f"{op}.{t} %rd10, %rd1, 0x9abcdef0;", f"{op}.{t} %rd10, %rd1, -3;"]
    ops += ["shl.b32 %rd10, %rd1, 5;", "shl.b64 %rd10, %rd1, 63;", "shl.b32 %rd10, %rd1, 40;",
            "mov.b32 %rd10, %rd1;", "mov.b64 %rd10, -1;", "cvt.u32.u64 %rd10, %rd1;",
            "cvt.u64.u32 %rd10, %rd1;", "cvt.s32.s64 %rd10, %rd1;", "cvt.s64.s32 %rd10, %rd1;",
            "not.b32 %rd10, %rd1;", "not.b64 %rd10, %rd1;", "not.pred %p3, %p1;",
            "mov.b64 %rd10, {%r1, %r2};", "mov.b32 %r3, {%h1, %h2};\n  cvt.u64.u32 %rd10, %r3;"]
    for bits in (0x3F800000, 0x477FF000, 0x477FF001, 0x7F800000, 0xFF800001, 0x33000001, 0x80000000, 0x387FC000):
        for kind in ("f16", "bf16"):  # rounding, overflow, infinity, NaN, subnormals, -0
            ops.append(f"mov.b32 %r4, {bits};\n  cvt.rn.{kind}.f32 %h3, %r4;\n  cvt.u64.u16 %rd10, %h3;")
    body = ["  ld.param.u64 %rd20, [out];", "  mov.b64 %rd1, 0xfedcba9876543210;", "  mov.b64 %rd2, 0x0123456789abcdef;",
            "  setp.ne.u32 %p1, 1, 0;", "  setp.ne.u32 %p2, 0, 0;", "  setp.ne.u32 %p3, 0, 0;",
            "  mov.b32 %r1, 0x89abcdef;", "  mov.b32 %r2, 0x76543210;", "  mov.b16 %h1, 0x1234;", "  mov.b16 %h2, 0xfedc;"]
    for i, o in enumerate(ops):
        body += [f"  {o}", "  selp.b64 %rd11, 1, 0, %p3;", f"  st.global.u64 [%rd20+{16 * i}], %rd10;",
                 f"  st.global.u64 [%rd20+{16 * i + 8}], %rd11;"]
    ptx = kernel("\n".join(body), ["out"], regs=".reg .b64 %rd<40>;")

    def outputs():
        res = run(ptx, [("out", bytes(16 * len(ops)), True)], block=(1, 1, 1))
        return struct.unpack(f"<{2 * len(ops)}Q", res.bufs["out"])
    fast_vals = outputs()
    import ptxemu.fast as fast
    for name in ("binary", "move", "mask_move", "invert", "pack", "convert"):
        monkeypatch.setattr(fast, name, lambda *a, **k: None)
    assert outputs() == fast_vals
