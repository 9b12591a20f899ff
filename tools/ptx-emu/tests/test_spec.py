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
