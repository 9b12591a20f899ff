"""A decoded kernel and its launch: shared memory layout, the grid run cluster by cluster."""

import gc

from .errors import EmuError
from .parse import Module
from .decode import Decoder
from .machine import Cta
from .cluster import Cluster


def shared_layout(module, base=0x1000, gap=0x1000, dynamic=0):
    """Addresses of the module's .shared arrays: in declaration order from `base`, aligned, a
    gap after each (an access that leaves its array is an error). Returns ({name: address},
    ([(name, start, end)], base, window bytes))."""
    addr, arrays, at = {}, [], base
    for name, align, size in module.shared:
        at = (at + align - 1) // align * align
        addr[name] = at
        arrays.append((name, at, at + size))
        at += size + gap
    if module.dynamic:  # the dynamic array last, `dynamic` bytes (the launch's)
        name, align = module.dynamic
        at = (at + align - 1) // align * align
        addr[name] = at
        arrays.append((name, at, at + dynamic))
        at += dynamic + gap
    if at >= 1 << 18:
        raise EmuError("shared memory beyond 256 KiB")
    return addr, (arrays, base, max(at - base, 1))


# What a run counts: informational counts, then the counts any non-zero value of which fails a
# run (besides the races, which are counted in FAILURES too).
COUNTS = ("instructions", "mma.sync", "ldmatrix", "cp.async", "wgmma", "tcgen05.mma", "tcgen05.mma accumulating",
          "tcgen05.commit", "tcgen05.ld", "tcgen05.alloc", "TMA loads", "TMA multicast loads", "TMA stores", "stmatrix",
          "mbarrier phases", "cluster barriers", "CTA barriers", "setmaxnreg", "unwritten shared bytes read",
          "cp.async sources past a buffer")
FAILURES = ("races", "cp.async never completed", "TMA stores not waited for",
            "threads exiting with wgmma results in flight", "TMA loads landing after exit",
            "tcgen05.mma never committed", "threads exiting with tcgen05.ld results not waited for",
            "TMEM allocations not freed", "unwritten TMEM cells read")


class Launch:
    """A decoded kernel, launched CTA by CTA (they are independent) on a Global memory."""

    def __init__(self, ptx, kernel, dynamic_smem=0):
        self.module = Module(ptx, kernel)
        self.shared_addr, self.layout = shared_layout(self.module, dynamic=dynamic_smem)
        self.code = Decoder(self.module, self.shared_addr).decode()
        self.races = []
        self.stats = {k: 0 for k in COUNTS + FAILURES}

    def run(self, gmem, grid, block, args, quantum=1 << 62, max_steps=5_000_000, delay=1, tmem_high=False):
        """Runs the grid cluster by cluster (the clusters are independent; the CTAs of one run
        together); `delay`: the scheduler rounds a TMA load takes to land."""
        if len(args) != len(self.module.params):
            raise EmuError(f"{self.module.kernel} takes {len(self.module.params)} parameters, {len(args)} given")
        params = {name: v & ((1 << bits) - 1) for (name, bits), v in zip(self.module.params, args)}
        cl = self.module.cluster
        if any(g % c for g, c in zip(grid, cl)):
            raise EmuError(f"grid {grid} is not a multiple of the cluster shape {cl}")
        # The cyclic garbage collector is paused while the clusters run: its passes over the
        # millions of objects of the race detector cost a fifth of the time; what a run leaves
        # in cycles (a few closures per blocked thread) is reclaimed afterwards.
        enabled = gc.isenabled()
        gc.disable()
        try:
            self._run(gmem, grid, cl, block, params, quantum, max_steps, delay, tmem_high)
        finally:
            if enabled:
                gc.enable()

    def _run(self, gmem, grid, cl, block, params, quantum, max_steps, delay, tmem_high):
        for z in range(0, grid[2], cl[2]):
            for y in range(0, grid[1], cl[1]):
                for x in range(0, grid[0], cl[0]):
                    ctas = [Cta(self.code, self.layout, (x + i, y + j, z + k), grid, block, params, gmem, self.stats, cl)
                            for k in range(cl[2]) for j in range(cl[1]) for i in range(cl[0])]
                    for cta in ctas:
                        cta.tmem_high = tmem_high
                    Cluster(ctas, self.stats, delay).run(quantum, max_steps)
                    for cta in ctas:
                        self.races += cta.races
                        # a CTA, its threads and its cluster refer to each other: emptying it
                        # frees its memory now rather than at the (paused) collector's next pass
                        cta.__dict__.clear()


