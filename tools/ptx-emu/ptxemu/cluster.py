"""A cluster: its CTAs in one scheduler, the cluster barrier, mbarrier phases, TMA loads and
stores landing a scheduler round after their issue."""

from collections import deque

from .errors import EmuError
from .machine import READY, WAITING, Agent, Releases, acquire, release
from .tma import box_bytes, box_rows, decode_tensor_map, swizzle


class Cluster:
    """The CTAs of one cluster, their threads interleaved in one scheduler; the cluster barrier,
    the mbarriers (in each CTA's shared memory) and the asynchronous copies in flight."""

    def __init__(self, ctas, stats, delay=1):
        self.ctas, self.stats, self.delay = ctas, stats, delay
        self.threads = [th for c in ctas for th in c.threads]
        nclk = self.nclk = len(self.threads)
        for c in ctas:
            c.cluster = self
        for th in self.threads:
            th.vc = [0] * nclk
        self.round, self.steps = 0, 0
        self.landing = deque()  # (round, fn): asynchronous copies in flight, landing at that round
        self.cb_count, self.cb_phase, self.cb_clocks, self.cb_done = 0, 0, Releases(nclk), {}

    def name(self):
        if len(self.ctas) == 1:
            return f"CTA {self.ctas[0].ctaid[:2]}"
        return f"the cluster of CTAs {[c.ctaid[0] if c.ctaid[1:] == (0, 0) else c.ctaid for c in self.ctas]}"

    def states(self):
        if len(self.ctas) == 1:
            return self.ctas[0].states()
        return "\n".join(f" CTA {c.ctaid[:2]} (rank {c.cluster_ctarank}, threads {c.cluster_ctarank * c.n}..):\n" + c.states() for c in self.ctas)

    def run(self, quantum, budget):
        threads = self.threads
        while any(c.live for c in self.ctas):
            self.round += 1
            landed = 0
            while self.landing and self.landing[0][0] <= self.round:
                self.landing.popleft()[1]()
                landed += 1
            progressed = False
            for th in threads:
                if th.state is WAITING and th.cond():
                    th.state = READY
                    th.resume()
                if th.state is READY:
                    left = budget - self.steps
                    if left <= 0:
                        raise EmuError(f"runaway: {self.name()} exceeded {budget} steps; threads:\n" + self.states())
                    self.steps += th.cta.run_thread(th, min(quantum, left))
                    progressed = True
            if not progressed and not landed and not self.landing and any(c.live for c in self.ctas):
                raise EmuError(f"deadlock: no thread of {self.name()} can run; threads:\n" + self.states())
        while self.landing:  # copies still in flight when every thread has exited
            self.landing.popleft()[1]()
            self.stats["TMA loads landing after exit"] += 1
        self.stats["TMEM allocations not freed"] += sum(len(c.tmem_alloc) for c in self.ctas)
        self.stats["instructions"] += self.steps
        self.stats["cp.async never completed"] += sum(len(g) for th in threads for g in th.groups) + sum(len(th.uncommitted) for th in threads)

    # -- the cluster barrier -------------------------------------------------------------
    def cb_arrive(self, th, ins):
        if th.cb_phase is not None:
            raise EmuError(f"{th.cta.who(th)}: {ins.where()}: a second barrier.cluster.arrive before its wait")
        th.cb_phase = self.cb_phase
        self.cb_clocks.append(list(release(th)))
        self.cb_count += 1
        if self.cb_count == self.nclk:
            self.cb_done[self.cb_phase] = self.cb_clocks.joined()
            self.cb_phase += 1
            self.cb_count, self.cb_clocks = 0, Releases(self.nclk)
            self.stats["cluster barriers"] += 1

    def cb_wait(self, th, ins):
        ph = th.cb_phase
        if ph is None:
            raise EmuError(f"{th.cta.who(th)}: {ins.where()}: barrier.cluster.wait without an arrive")

        def resume():
            acquire(th, self.cb_done[ph])
            th.cb_phase = None
            th.pc += 1
        if self.cb_phase > ph:
            resume()
        else:
            th.wait_until(lambda: self.cb_phase > ph, resume)

    # -- mbarriers ---------------------------------------------------------------------------
    def mbar(self, th, cta, off, ins):
        mb = cta.mbars.get(off)
        if mb is None:
            raise EmuError(f"{th.cta.who(th)}: {ins.where()}: no mbarrier is initialized at {cta.name_of(off)} of CTA {cta.ctaid[:2]}")
        return mb

    def mb_complete(self, mb, who):
        if mb.pending == 0 and mb.tx < 0:
            raise EmuError(f"{who}: the transaction count of an mbarrier went below zero ({mb.tx}) with no arrival pending")
        if mb.pending == 0 and mb.tx == 0:
            mb.done[mb.phase & 1] = mb.clocks.joined()
            mb.phase += 1
            mb.pending, mb.clocks = mb.count, Releases(self.nclk)
            self.stats["mbarrier phases"] += 1

    def mb_arrive(self, th, cta, off, count, tx, ins):
        mb = self.mbar(th, cta, off, ins)
        mb.tx += tx
        if not 0 < count <= mb.pending:
            raise EmuError(f"{th.cta.who(th)}: {ins.where()}: arrive (count {count}) on the mbarrier at {cta.name_of(off)} of CTA "
                           f"{cta.ctaid[:2]}, whose phase {mb.phase} has {mb.pending} arrivals pending")
        state = mb.phase
        mb.pending -= count
        mb.clocks.append(list(release(th)))
        self.mb_complete(mb, f"{th.cta.who(th)}: {ins.where()}")
        return state

    def mb_try_wait(self, th, cta, off, parity, dst, ins):
        mb = self.mbar(th, cta, off, ins)

        def done():  # the current phase has the other parity: the one of `parity` has completed
            return (mb.phase & 1) != parity

        def resume():
            acquire(th, mb.done[parity])
            th.regs[dst] = 1
            th.pc += 1
        if done():
            resume()
        else:
            th.wait_until(done, resume)  # try_wait suspends the thread until the phase completes

    # -- TMA -------------------------------------------------------------------------------
    def tma_load(self, th, dst, mapaddr, coords, mbar, mask, ins):
        cta = th.cta
        m = decode_tensor_map(cta, th, mapaddr, ins)
        if m["rank"] != len(coords):
            raise EmuError(f"{cta.who(th)}: {ins.where()}: a {len(coords)}-d copy with a rank {m['rank']} tensor map")
        total = box_bytes(m)
        if dst % 128:
            raise EmuError(f"{cta.who(th)}: {ins.where()}: TMA destination {dst:#x} is not 128-byte aligned")
        local, mblocal = dst & 0xFFFFFF, mbar & 0xFFFFFF
        if mask is None:
            rank_of = lambda a: (a >> 24) - 1 if a >> 24 else cta.cluster_ctarank
            ranks = [rank_of(dst)]
            if rank_of(mbar) != ranks[0]:
                raise EmuError(f"{cta.who(th)}: {ins.where()}: the mbarrier and the destination lie in different CTAs")
        else:
            ranks = [r for r in range(len(self.ctas)) if (mask >> r) & 1]
            if not ranks or mask >> len(self.ctas):
                raise EmuError(f"{cta.who(th)}: {ins.where()}: cta mask {mask:#x} in a cluster of {len(self.ctas)}")
        dests = []
        for r in ranks:
            c = self.ctas[r]
            off = c.sh_offset(th, local, total, ins)
            mboff = c.sh_offset(th, mblocal, 8, ins)
            # in flight from now on: reading it is a race
            c.flight[off:off + total] = [(th.gid, ins, "TMA load", "its mbarrier phase has not completed for the reader")] * total
            dests.append((c, off, mboff))
        agent = Agent(th)
        clock = list(release(th))
        self.stats["TMA loads"] += 1
        self.stats["TMA multicast loads"] += mask is not None
        gmem = cta.gmem

        def land():
            data = bytearray(b"\xff" * total if m["oob"] == 1 else bytes(total))
            for _, src, at, n in box_rows(m, coords):
                buf = gmem.find(src, n)
                if buf is None:
                    raise EmuError(f"{ins.where()}: the TMA load reads {n} bytes at {gmem.where(src)} outside every allocation "
                                   f"(box at {coords} of the tensor map)")
                o = src - buf[1]
                data[at:at + n] = buf[2][o:o + n]
            for c, off, mboff in dests:
                c.flight[off:off + total] = [None] * total
                base = c.sh_base + off
                # the swizzle moves a 16-byte chunk within its 128-byte row (the box starts on
                # one): the chunks fill [off, off + total), written at once when nothing races
                chunks = [(swizzle(base + i, m["swizzle"]) - c.sh_base, i) for i in range(0, total, 16)]
                box = bytearray(total)
                for o, i in chunks:
                    box[o - off:o - off + 16] = data[i:i + 16]
                whole = sorted(o for o, _ in chunks) == list(range(off, off + total, 16))
                if not (whole and c.sh_write_quiet(agent, off, bytes(box), ins)):
                    for o, i in chunks:
                        c.sh_write(agent, o, bytes(data[i:i + 16]), ins, from_async=True)
                mb = c.mbars.get(mboff)
                if mb is None:
                    raise EmuError(f"{ins.where()}: complete_tx on {c.name_of(mboff)} of CTA {c.ctaid[:2]}, where no mbarrier is initialized")
                mb.tx -= total
                mb.clocks.append(clock)
                self.mb_complete(mb, f"{ins.where()} (complete_tx of thread {agent.gid}'s TMA load)")
        self.landing.append((self.round + self.delay, land))

    def tma_store_run(self, th, op, ins_wait):
        """A TMA store (global <- shared::cta) of th, carried out: the box read from shared memory
        (swizzled) and written to global memory, clipped to the tensor's extents."""
        cta = th.cta
        m, coords, src, ins = op
        total = box_bytes(m)
        off = cta.sh_offset(th, src, total, ins)
        base = cta.sh_base + off
        data = bytearray()
        fence = cta.proxy_fence
        for i in range(0, total, 16):
            a = swizzle(base + i, m["swizzle"])
            o = a - cta.sh_base
            unfenced = any(w >= 0 and not wi.text.startswith("cp.async.bulk") and fence.get(w, -1) < c
                           for w, c, wi in set(zip(cta.w_thr[o:o + 16], cta.w_clk[o:o + 16], cta.w_ins[o:o + 16])))
            for b in range(o, o + 16) if unfenced else ():  # generic-proxy writes must be fenced before an async-proxy read
                w = cta.w_thr[b]
                if w >= 0 and not cta.w_ins[b].text.startswith("cp.async.bulk") and fence.get(w, -1) < cta.w_clk[b]:
                    cta.report(("proxy", ins.index, cta.w_ins[b].index), lambda: (
                        f"race (async-proxy read of a generic-proxy write without fence.proxy.async) in CTA {cta.ctaid[:2]}: "
                        f"the TMA store of thread {th.gid} at {ins.where()} reads shared byte {cta.name_of(b)}, written by "
                        f"thread {w} at {cta.w_ins[b].where()}, which did not execute fence.proxy.async after the write"))
                    break
            data += cta.sh_read(th, o, 16, ins)
        for _, dst, at, n in box_rows(m, coords):
            buf = cta.gmem.find(dst, n)
            if buf is None or not buf[3]:
                raise EmuError(f"{ins.where()}: the TMA store writes {n} bytes at {cta.gmem.where(dst)}, outside every writable allocation")
            o = dst - buf[1]
            buf[2][o:o + n] = data[at:at + n]
            w = buf[4]
            for i in range(o, o + n):
                w[i] = min(w[i] + 1, 255)
        self.stats["TMA stores"] += 1


