"""The launcher: a spec run end to end through ptx_emu.py (tests/data/vadd.py, the example of
docs/ptx-emulator.md), passing and failing."""

import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))

import ptx_emu  # noqa: E402


def emu(capsys, *args):
    status = ptx_emu.main(["run", os.path.join(HERE, "data", "vadd.py"), "--ptx", os.path.join(HERE, "data", "vadd.ptx"), *args])
    return status, capsys.readouterr().out


def test_spec_passes(capsys):
    status, out = emu(capsys, "--set", "n=1000")
    assert status == 0, out
    assert "vadd: y: 1000 elements" in out and "1000 of 1000 elements equal the reference rounded to f32" in out
    assert "vadd: s: 32 elements" in out  # 8 CTAs x 4 warps
    assert "checks: none failed" in out and out.rstrip().endswith("PASS")


def test_spec_fails_on_a_wrong_kernel(capsys, tmp_path):
    ptx = open(os.path.join(HERE, "data", "vadd.ptx")).read().replace("add.f32 %f3, %f1, %f2", "sub.f32 %f3, %f1, %f2")
    bad = tmp_path / "bad.ptx"
    bad.write_text(ptx)
    status = ptx_emu.main(["run", os.path.join(HERE, "data", "vadd.py"), "--ptx", str(bad), "--set", "n=100"])
    out = capsys.readouterr().out
    assert status == 1
    assert "wrong: y[0][1] = 0.0" in out and out.rstrip().endswith("FAIL")


def test_spec_reports_unwritten_elements(capsys, tmp_path):
    ptx = open(os.path.join(HERE, "data", "vadd.ptx")).read().replace("st.global.f32 [%rd6], %f3;", "")
    bad = tmp_path / "nostore.ptx"
    bad.write_text(ptx)
    status = ptx_emu.main(["run", os.path.join(HERE, "data", "vadd.py"), "--ptx", str(bad), "--set", "n=64"])
    out = capsys.readouterr().out
    assert status == 1 and "unwritten: y[0][0] (inside 1x64) was never stored" in out


def test_spec_unknown_parameter(capsys):
    import pytest
    with pytest.raises(SystemExit, match="no parameter m"):
        emu(capsys, "--set", "m=3")


def test_pack_fp8_rounds_to_nearest_even():
    """pack's e4m3/e5m2 bytes (PTX ISA, "Alternate Floating-Point Data Formats"): e4m3 1.0 is
    0 0111 000 = 0x38, its largest finite value 448 = 0 1111 110 = 0x7E, and past it (by half a
    step, 464) its NaN 0x7F (no infinity); the smallest subnormal 2^-9 is 0x01 and half of it
    ties to the even 0x00; e5m2 1.125 lies between 1.0 (0x3C) and 1.25 (0x3D): ties to 0x3C;
    e5m2 overflows to infinity 0x7C."""
    from ptxemu.spec import pack
    assert pack("e4m3", [[1.0, -1.0, 1.875, 448.0, 464.0, 2.0 ** -9, 2.0 ** -10, -0.0]]) == bytes(
        [0x38, 0xB8, 0x3F, 0x7E, 0x7F, 0x01, 0x00, 0x80])
    assert pack("e5m2", [[1.0, 1.125, 1.25, 57344.0, 61440.0]]) == bytes([0x3C, 0x3C, 0x3D, 0x7B, 0x7C])
