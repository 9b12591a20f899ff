#!/usr/bin/env python3
"""ptx-emu: run a kernel's PTX on the CPU from a spec and check its outputs (docs/ptx-emulator.md).

    ptx_emu.py run SPEC.py [--ptx KERNEL.ptx] [--host HOST.so] [--set KEY=VALUE ...]

SPEC.py declares the PTX, the entry, the arguments (buffers, scalars, tensor maps from the
kernel's host function), the launch shape and the outputs with a float64 reference; KEY=VALUE
overrides one of its PARAMS (--ptx and --host are short for --set ptx=... / host=...). The exit
status is 0 when every check passes, 1 when one fails, 2 on an error of the kernel (an access
outside every buffer, a deadlock, an instruction or form the emulator does not model, ...).
"""

import argparse
import gc
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from ptxemu import EmuError  # noqa: E402
from ptxemu.spec import load_spec, run_spec  # noqa: E402


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    r = sub.add_parser("run", help="run a spec")
    r.add_argument("spec", help="the spec (a Python file with PARAMS and launch(p))")
    r.add_argument("--ptx", help="the PTX file (the spec's parameter ptx)")
    r.add_argument("--host", help="the shared library with the kernel's host function (the spec's parameter host)")
    r.add_argument("--set", action="append", default=[], metavar="KEY=VALUE", help="override a parameter of the spec")
    r.add_argument("--profile", metavar="OUT", help="write a cProfile of the run to OUT")
    a = ap.parse_args(argv)
    overrides = {}
    for kv in a.set:
        if "=" not in kv:
            ap.error(f"--set {kv}: KEY=VALUE")
        key, v = kv.split("=", 1)
        overrides[key] = v
    if a.ptx:
        overrides["ptx"] = a.ptx
    if a.host:
        overrides["host"] = a.host
    sys.path.insert(0, os.path.dirname(os.path.abspath(a.spec)))
    # a one-shot process whose few reference cycles die with it: the cyclic collector's passes
    # over the spec's operands and reference (big lists) are pure cost (Launch.run pauses it too)
    gc.disable()
    mod, p = load_spec(a.spec, overrides)
    try:
        kernel = mod.launch(p)
        if a.profile:
            import cProfile
            prof = cProfile.Profile()
            status = prof.runcall(run_spec, kernel)
            prof.dump_stats(a.profile)
            return status
        return run_spec(kernel)
    except EmuError as e:
        print(f"error: {e}")
        return 2


if __name__ == "__main__":
    sys.exit(main())
