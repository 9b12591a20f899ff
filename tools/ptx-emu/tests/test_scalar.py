"""Integer, conversion and predicate instructions against the PTX ISA's definitions, and the
refusal of what is not modelled."""

import struct

import pytest

from helpers import EmuError, kernel, run


def one(ops, n=1, regs=""):
    """Runs `ops` in thread 0 (results in %r100..) and returns the n words stored."""
    stores = "\n".join(f"  st.global.u32 [%rd1+{4 * i}], %r{100 + i};" for i in range(n))
    body = "  ld.param.u64 %rd1, [out];\n" + ops + "\n" + stores
    res = run(kernel(body, ["out"], regs=regs), [("out", bytes(4 * n), True)], block=(1, 1, 1))
    return list(struct.unpack(f"<{n}I", res.bufs["out"]))


def test_integer_arithmetic():
    got = one("""
  mov.u32 %r1, 0xF0000000;
  shr.s32 %r100, %r1, 4;
  shr.u32 %r101, %r1, 4;
  mul.hi.u32 %r102, %r1, 16;
  mul.lo.u32 %r103, %r1, 16;
  bfe.u32 %r104, %r1, 28, 4;
  bfe.s32 %r105, %r1, 28, 4;
  mov.u32 %r2, -7;
  div.s32 %r106, %r2, 2;
  rem.s32 %r107, %r2, 2;
  add.u32 %r108, %r1, %r1;
  min.s32 %r109, %r1, 5;
""", 10)
    assert got == [0xFF000000, 0x0F000000, 0xF, 0, 0xF, 0xFFFFFFFF, (-3) & 0xFFFFFFFF, (-1) & 0xFFFFFFFF,
                   0xE0000000, 0xF0000000]


def test_setp_signedness_and_selp():
    got = one("""
  mov.u32 %r1, -1;
  setp.lt.s32 %p1, %r1, 1;
  setp.lo.u32 %p2, %r1, 1;
  selp.u32 %r100, 10, 20, %p1;
  selp.u32 %r101, 10, 20, %p2;
""", 2)
    assert got == [10, 20]


def test_cvt_rounds_to_nearest_even():
    """cvt.rn.f16.f32: 1 + 2^-11 is halfway between 1 and 1 + 2^-10: ties to even (1.0);
    cvt.rn.bf16x2.f32 d, a, b puts a in the upper half."""
    one_plus = struct.unpack("<I", struct.pack("<f", 1 + 2 ** -11))[0]
    three_q = struct.unpack("<I", struct.pack("<f", 1 + 3 * 2 ** -11))[0]
    got = one(f"""
  mov.b32 %r1, {one_plus};
  mov.b32 %r2, {three_q};
  cvt.rn.f16.f32 %h1, %r1;
  cvt.rn.f16.f32 %h2, %r2;
  cvt.u32.u16 %r100, %h1;
  cvt.u32.u16 %r101, %h2;
  mov.b32 %r3, 0f40000000;
  mov.b32 %r4, 0f3F800000;
  cvt.rn.bf16x2.f32 %r102, %r3, %r4;
""", 3)
    assert got == [0x3C00, 0x3C02, 0x4000 << 16 | 0x3F80]


@pytest.mark.parametrize("op", ["fma.rz.f32 %r1, %r2, %r3, %r2", "add.rz.f32 %r1, %r2, %r3", "ld.local.u32 %r1, [%rd1]", "prmt.b32.f4e %r1, %r2, %r3, 0x5410",
                                "tex.2d.v4.f32.f32 {%r1, %r2, %r3, %r4}, [%rd1, {%r5, %r6}]"])
def test_unmodelled_instructions_refused_by_name(op):
    with pytest.raises(EmuError) as e:
        one("  mov.u32 %r2, 1;\n  mov.u32 %r3, 2;\n  " + op + ";")
    assert op.split()[0] in str(e.value) or op.split()[0].split('.')[0] + '.' in str(e.value)


def test_register_read_before_write_is_an_error():
    with pytest.raises(EmuError, match="reads %r7 before any write"):
        one("  add.u32 %r100, %r7, 1;")


def test_access_outside_buffers_is_an_error():
    with pytest.raises(EmuError, match="outside every allocation"):
        one("  ld.global.u32 %r100, [%rd1+4];")


def test_f32_arithmetic():
    """add / mul .rn round to nearest even (1 + 2^-24 is halfway: 1.0); min / max return the
    number when the other operand is NaN, and -0.0 < +0.0."""
    bits = lambda x: struct.unpack("<I", struct.pack("<f", x))[0]
    got = one(f"""
  mov.b32 %r1, {bits(1.0)};
  mov.b32 %r2, {bits(2.0 ** -24)};
  add.f32 %r100, %r1, %r2;
  mul.rn.f32 %r101, %r1, %r2;
  mov.b32 %r3, 0x7FC00000;
  min.f32 %r102, %r3, %r1;
  max.f32 %r103, %r1, %r3;
  mov.b32 %r4, 0x80000000;
  mov.b32 %r5, 0;
  min.f32 %r104, %r5, %r4;
  max.f32 %r105, %r4, %r5;
  neg.f32 %r106, %r1;
  sub.f32 %r107, %r1, %r1;
""", 8)
    assert got == [bits(1.0), bits(2.0 ** -24), bits(1.0), bits(1.0), 0x80000000, 0, bits(-1.0), 0]


def f32(x):
    return struct.unpack("<I", struct.pack("<f", x))[0]


def test_float_fma_div_ex2_and_nan_min_max():
    """fma.rn.f32 rounds a * b + c once (PTX ISA "fma": 1 + 2^-23 squared plus -1 - 2^-22 is
    2^-46 exactly, where a multiply then an add gives 0); div.rn.f32 is the IEEE quotient
    (1 / 3 = 0x3EAAAAAB); rcp.rn.f32 1 / a; ex2.approx.f32 2^a (the ISA bounds its error; here
    exact values: 2^3, 2^-1, 2^-inf = +0, 2^+inf = +inf); max.NaN.f32 is NaN when an operand
    is, max.f32 the other operand."""
    got = one(f"""
  mov.b32 %r1, {f32(1 + 2 ** -23):#x};
  mov.b32 %r2, {f32(-1 - 2 ** -22):#x};
  fma.rn.f32 %r100, %r1, %r1, %r2;
  mul.rn.f32 %r3, %r1, %r1;
  add.rn.f32 %r101, %r3, %r2;
  mov.b32 %r4, {f32(1.0):#x};
  mov.b32 %r5, {f32(3.0):#x};
  div.rn.f32 %r102, %r4, %r5;
  rcp.rn.f32 %r103, %r5;
  ex2.approx.f32 %r104, %r5;
  mov.b32 %r6, {f32(-1.0):#x};
  ex2.approx.f32 %r105, %r6;
  mov.b32 %r7, 0xFF800000;
  ex2.approx.f32 %r106, %r7;
  mov.b32 %r8, 0x7F800000;
  ex2.approx.f32 %r107, %r8;
  mov.b32 %r9, 0x7FC00000;
  max.NaN.f32 %r108, %r9, %r5;
  max.f32 %r109, %r9, %r5;
""", 10)
    assert got == [f32(2.0 ** -46), 0, 0x3EAAAAAB, 0x3EAAAAAB, f32(8.0), f32(0.5), 0, 0x7F800000,
                   0x7FFFFFFF, f32(3.0)]


def test_lg2_approx_values_and_edges():
    """lg2.approx.f32 (PTX ISA "lg2"): log2 of exact powers of two (8 -> 3, 0.5 -> -1), -inf for
    +0 and -0, NaN for a negative operand, +inf for +inf; .ftz flushes a subnormal operand to 0
    (-inf)."""
    got = one(f"""
  mov.b32 %r1, {f32(8.0):#x};
  lg2.approx.f32 %r100, %r1;
  mov.b32 %r2, {f32(0.5):#x};
  lg2.approx.f32 %r101, %r2;
  mov.b32 %r3, 0;
  lg2.approx.f32 %r102, %r3;
  mov.b32 %r4, 0x80000000;
  lg2.approx.f32 %r103, %r4;
  mov.b32 %r5, {f32(-2.0):#x};
  lg2.approx.f32 %r104, %r5;
  mov.b32 %r6, 0x7F800000;
  lg2.approx.f32 %r105, %r6;
  mov.b32 %r7, 1;
  lg2.approx.ftz.f32 %r106, %r7;
  lg2.approx.f32 %r107, %r7;
""", 8)
    assert got == [f32(3.0), f32(-1.0), 0xFF800000, 0xFF800000, 0x7FC00000, 0x7F800000,
                   0xFF800000, f32(-149.0)]


def test_int_to_f32_rounds_to_nearest_even():
    """cvt.rn.f32.s32 / .u32 (PTX ISA "cvt"): 2^24 + 1 has no f32 and rounds to the even 2^24,
    2^24 + 3 to 2^24 + 4; -5 and 0xFFFFFFFF as unsigned (2^32 - 1 -> 2^32)."""
    got = one("""
  mov.u32 %r1, 16777217;
  cvt.rn.f32.s32 %r100, %r1;
  mov.u32 %r2, 16777219;
  cvt.rn.f32.u32 %r101, %r2;
  mov.u32 %r3, -5;
  cvt.rn.f32.s32 %r102, %r3;
  cvt.rn.f32.u32 %r103, %r3;
""", 4)
    assert got == [f32(2.0 ** 24), f32(2.0 ** 24 + 4), f32(-5.0), f32(2.0 ** 32)]


def test_cvt_satfinite_e4m3x2_and_e5m2x2():
    """cvt.rn.satfinite.{e4m3x2,e5m2x2}.f32 d, a, b (PTX ISA "cvt"): a to the upper byte, b to the
    lower, rounded to nearest even (0.3 -> 0.3125 in e4m3: 0x2A); past the largest finite value,
    infinities included, the result is that value (448: 0x7E, 57344: 0x7B) with the sign; NaN
    stays NaN (e4m3 0x7F)."""
    got = one(f"""
  mov.b32 %r1, {f32(1.0):#x};
  mov.b32 %r2, {f32(-2.0):#x};
  cvt.rn.satfinite.e4m3x2.f32 %rs1, %r1, %r2;
  cvt.u32.u16 %r100, %rs1;
  mov.b32 %r3, {f32(1000.0):#x};
  mov.b32 %r4, 0xFF800000;
  cvt.rn.satfinite.e4m3x2.f32 %rs2, %r3, %r4;
  cvt.u32.u16 %r101, %rs2;
  mov.b32 %r5, {f32(0.3):#x};
  mov.b32 %r6, 0x7FC00000;
  cvt.rn.satfinite.e4m3x2.f32 %rs3, %r5, %r6;
  cvt.u32.u16 %r102, %rs3;
  mov.b32 %r7, 0x7F800000;
  cvt.rn.satfinite.e5m2x2.f32 %rs4, %r7, %r1;
  cvt.u32.u16 %r103, %rs4;
""", 4, regs=".reg .b16 %rs<8>;")
    assert got == [0x38C0, 0x7EFE, 0x2A7F, 0x7B3C]


def test_prmt_and_bfi():
    """prmt.b32 (default mode): each selector nibble picks a byte of {b, a}, bit 3 replicates its
    sign; bfi.b32 f, a, b, pos, len: b with bits pos .. pos + len - 1 from a's low bits, the field
    clipped at bit 31."""
    got = one("""
  mov.b32 %r1, 0x44332211;
  mov.b32 %r2, 0x88776655;
  prmt.b32 %r100, %r1, %r2, 0x7531;
  prmt.b32 %r101, %r1, %r2, 0x0000;
  prmt.b32 %r102, %r1, %r2, 0x8F40;
  bfi.b32 %r103, %r1, %r2, 8, 8;
  bfi.b32 %r104, %r1, %r2, 28, 8;
  bfi.b32 %r105, %r1, %r2, 0, 0;
""", 6)
    assert got == [0x88664422, 0x11111111, 0x00FF5511, 0x88771155, 0x18776655, 0x88776655]


def test_pack_reads_an_unwritten_upper_part_as_garbage():
    """LLVM any-extends a 16-bit value by packing it with a register it never writes: the pack
    reads that part as garbage (so anything depending on it comes out wrong), while an unwritten
    low part is still an error."""
    got = one("""
  mov.b16 %rs1, 0x1234;
  mov.b32 %r1, {%rs1, %rs9};
  and.b32 %r100, %r1, 0xFFFF;
  shr.u32 %r101, %r1, 16;
""", 2, regs=".reg .b16 %rs<10>;")
    assert got[0] == 0x1234 and got[1] != 0
    with pytest.raises(EmuError, match="before any write"):
        one("""
  mov.b16 %rs1, 0x1234;
  mov.b32 %r100, {%rs9, %rs1};
""", 1, regs=".reg .b16 %rs<10>;")
