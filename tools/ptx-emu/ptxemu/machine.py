"""The machine: threads (own PC and registers), warps, CTAs (barriers, warp and warpgroup
collectives, the scheduler loop of a thread), mbarrier objects and vector clocks."""

from collections import deque

from .decode import JUMP, SIMPLE
from .errors import EmuError
from .memory import SharedMemory

TMEM_LANES, TMEM_COLS = 128, 512

# -- machine state ---------------------------------------------------------------------------

READY, BLOCKED, WAITING, EXITED = "ready", "blocked", "waiting", "exited"


class Thread:
    __slots__ = ("cta", "tid", "gid", "tidv", "lane", "warp", "pc", "regs", "state", "cond", "resume",
                 "vc", "uncommitted", "groups", "wg_pending", "wg_pseq", "wg_stamp", "wg_seq", "wg_groups", "wg_reads",
                 "bulk_uncommitted", "bulk_groups", "cb_phase", "tc_ld", "tc_mmas")

    def __init__(self, cta, tid, ntid, gid=None):
        self.cta, self.tid = cta, tid
        self.gid = tid if gid is None else gid  # the index of the thread's clock (cluster-wide)
        # wgmma accumulators in flight: register -> value and register -> the sequence number of
        # its wgmma; the groups committed, the operands read (checked again at the retirement)
        self.wg_pending, self.wg_pseq, self.wg_seq, self.wg_groups, self.wg_reads = {}, {}, 0, deque(), []
        self.wg_stamp = None  # the last wgmma's entry in cta.wg_exact while it holds all its results
        self.bulk_uncommitted, self.bulk_groups, self.cb_phase = [], deque(), None
        self.tc_ld, self.tc_mmas = {}, []  # tcgen05.ld results before wait::ld; MMAs not committed
        self.tidv = (tid % ntid[0], tid // ntid[0] % ntid[1], tid // (ntid[0] * ntid[1]))
        self.lane, self.warp = tid % 32, tid // 32
        self.pc, self.regs, self.state = 0, {}, READY
        self.cond = self.resume = None
        self.vc = None  # vector clock (set by the CTA)
        self.uncommitted, self.groups = [], deque()

    def commit(self):
        self.groups.append(self.uncommitted)
        self.uncommitted = []

    def wait_until(self, cond, resume):
        """Block until `cond()` holds (polled by the scheduler), then run `resume()`, which
        advances the PC (the hook for mbarrier waits)."""
        self.state, self.cond, self.resume = WAITING, cond, resume


class Warp:
    __slots__ = ("pc", "ins", "mask", "arrived")

    def __init__(self):
        self.pc = self.ins = self.mask = None
        self.arrived = []


class Cta(SharedMemory):
    def __init__(self, code, layout, ctaid, nctaid, ntid, params, gmem, stats, cluster=(1, 1, 1)):
        self.code, self.ctaid, self.nctaid, self.ntid = code, ctaid, nctaid, ntid
        self.params, self.gmem, self.stats = params, gmem, stats
        n = ntid[0] * ntid[1] * ntid[2]
        self.n = n
        # cluster coordinates (the cluster's CTAs are consecutive in x, then y, then z)
        self.cluster_nctaid = cluster
        self.cluster_ctaid = tuple(c % d for c, d in zip(ctaid, cluster))
        self.clusterid = tuple(c // d for c, d in zip(ctaid, cluster))
        self.nclusterid = tuple(c // d for c, d in zip(nctaid, cluster))
        cx, cy, cz = self.cluster_ctaid
        self.cluster_ctarank = cx + cluster[0] * (cy + cluster[1] * cz)
        self.cluster_nctarank = cluster[0] * cluster[1] * cluster[2]
        self.is_explicit_cluster = int(self.cluster_nctarank > 1)
        self.cluster = None  # the Cluster that runs this CTA
        self.mbars = {}  # shared offset -> MBarrier
        g0 = self.cluster_ctarank * n
        self.threads = [Thread(self, t, ntid, g0 + t) for t in range(n)]
        for th in self.threads:
            th.vc = [0] * n
        self.warps = [Warp() for _ in range((n + 31) // 32)]
        self.live = n
        self.steps = 0
        self.bars = {}  # barrier id -> (expected, [threads waiting], [clocks of the arrive-only threads])
        # shared memory: [base, end) of the window, arrays [(name, start, end)], poison 0xFF
        self.sh_arrays, self.sh_base, size = layout
        self.smem = bytearray(b"\xff" * size)
        self.w_thr = [-1] * size  # last writer thread of each byte, its clock, its instruction
        self.w_clk = [0] * size
        self.w_ins = [None] * size
        self.reads = [None] * size  # {reader: (clock, instruction)} since the last write
        self.flight = [None] * size  # (thread, instruction) of a cp.async in flight to the byte
        self.races, self.race_keys = [], set()
        self.wgroups = {}  # warpgroup -> [pc, instruction, threads arrived]
        self.wg_exact = {}  # warpgroup -> (its last wgmma's D bits, as packed_dot.Exact): see ops_wgmma
        self.wg_maxnreg = {}  # warpgroup -> the register count of its last setmaxnreg
        self.proxy_fence = {}  # thread -> its clock at its last fence.proxy.async
        # tensor memory: 128 lanes x 512 columns of 32-bit cells (None: never written, NaN),
        # the allocations {column: columns}, per column the MMAs in flight writing it and the
        # (thread, clock at its commit, instruction) of the last MMA that wrote it
        self.tmem = [None] * (TMEM_LANES * TMEM_COLS)
        self.tmem_alloc, self.tmem_relinquished = {}, False
        self.tmem_exact = {}  # column -> (the last tcgen05.mma's D there, as packed_dot.Exact): see ops_tcgen05
        self.tmem_high = False  # tcgen05.alloc takes the highest free columns (else the lowest)
        self.tmem_pending, self.tmem_pending_op, self.tmem_w = [0] * TMEM_COLS, [None] * TMEM_COLS, [None] * TMEM_COLS

    # -- synchronization -----------------------------------------------------------------
    def join(self, ths):
        """Order everything each of `ths` did before with everything each does after."""
        for th in ths:
            th.vc[th.gid] += 1
        joined = [max(col) for col in zip(*(th.vc for th in ths))]
        for th in ths:
            th.vc = list(joined)

    def bar_arrive(self, th, bid, count, ins, wait=True):
        """bar.sync (wait) or bar.arrive (not: the thread goes on, its clock released to the
        waiters) of th on barrier bid; the barrier completes at `count` arrivals of either kind."""
        expected = self.n if count is None else count
        if count is not None and (count % 32 or count <= 0 or count > self.n):
            raise EmuError(f"{self.who(th)}: {ins.where()}: barrier count {count}")
        exp, arrived, releases = self.bars.setdefault(bid, (expected, [], []))
        if exp != expected:
            raise EmuError(f"{self.who(th)}: {ins.where()}: barrier {bid} with count {expected}, others arrived with {exp}")
        if wait:
            arrived.append(th)
            th.state = BLOCKED
        else:
            releases.append(list(release(th)))
            th.pc += 1
        if len(arrived) + len(releases) == expected:
            del self.bars[bid]
            self.join(arrived)
            for t in arrived:
                for c in releases:
                    acquire(t, c)
                t.pc += 1
                t.state = READY
            self.stats["CTA barriers"] += 1

    def warp_arrive(self, th, ins):
        w = self.warps[th.warp]
        mask = ins.members(th)
        if not (mask >> th.lane) & 1:
            raise EmuError(f"{self.who(th)}: {ins.where()}: lane {th.lane} is not in the member mask {mask:#x}")
        if w.pc is None:
            w.pc, w.ins, w.mask, w.arrived = th.pc, ins, mask, []
        elif w.pc != th.pc:
            raise EmuError(f"{self.who(th)}: divergence: lane {th.lane} of warp {th.warp} arrives at {ins.where()} while lanes "
                           f"{[t.lane for t in w.arrived]} wait at {w.ins.where()}")
        elif w.mask != mask:
            raise EmuError(f"{self.who(th)}: {ins.where()}: member masks {mask:#x} and {w.mask:#x} differ")
        w.arrived.append(th)
        th.state = BLOCKED
        if len(w.arrived) == bin(mask).count("1"):
            lanes = sorted(w.arrived, key=lambda t: t.lane)
            w.pc = None
            ins.collective(self, lanes)
            for t in lanes:
                t.pc += 1
                t.state = READY

    def exit(self, th):
        if th.bulk_uncommitted or th.bulk_groups:  # the hardware still completes them
            self.stats["TMA stores not waited for"] += len(th.bulk_uncommitted) + sum(len(g) for g in th.bulk_groups)
            th.bulk_groups.append(th.bulk_uncommitted)
            th.bulk_uncommitted = []
            self.bulk_wait(th, 0, None)
        if th.wg_pending:
            self.stats["threads exiting with wgmma results in flight"] += 1
        if th.tc_mmas:
            self.stats["tcgen05.mma never committed"] += len(th.tc_mmas)
        if th.tc_ld:
            self.stats["threads exiting with tcgen05.ld results not waited for"] += 1
        th.state = EXITED
        self.live -= 1

    def group_arrive(self, th, ins, size):
        """A collective of the `size` consecutive threads of th's group (a warpgroup: 128): it
        runs once all of them have arrived at this same instruction."""
        key = th.tid // size
        g = self.wgroups.get(key)
        if g is None:
            g = self.wgroups[key] = [th.pc, ins, []]
        elif g[0] != th.pc:
            raise EmuError(f"{self.who(th)}: divergence: thread {th.tid} arrives at {ins.where()} while threads "
                           f"{[t.tid for t in g[2]][:8]} of its warpgroup wait at {g[1].where()}")
        g[2].append(th)
        th.state = BLOCKED
        if len(g[2]) == size:
            del self.wgroups[key]
            lanes = sorted(g[2], key=lambda t: t.tid)
            ins.collective(self, lanes)
            for t in lanes:
                t.pc += 1
                t.state = READY

    # -- scheduling ------------------------------------------------------------------------
    def run_thread(self, th, limit):
        """Runs th for at most `limit` instructions or until it blocks; the count. The PC lives
        in a local between CONTROL instructions (the only ones that read or move th.pc)."""
        code, regs, n = self.code, th.regs, 0
        ins = None
        pc = th.pc
        try:
            if th.state is not READY:
                return 0
            while n < limit:
                ins = code[pc]
                n += 1
                p = ins.pred
                if p is not None and (regs[p] != 0) == ins.neg:
                    pc += 1
                    continue
                k = ins.kind
                if k == SIMPLE:
                    ins.fn(th)
                    pc += 1
                elif k == JUMP:
                    pc = ins.target
                else:
                    th.pc = pc
                    ins.fn(self, th)
                    pc = th.pc
                    if th.state is not READY:
                        break
        except KeyError as e:
            if e.args[0] in th.tc_ld:
                raise EmuError(f"{self.who(th)}: {ins.where()}: reads {e.args[0]}, a destination of a tcgen05.ld not yet "
                               f"waited for (no tcgen05.wait::ld since)") from None
            if e.args[0] in th.wg_pending:
                raise EmuError(f"{self.who(th)}: {ins.where()}: reads {e.args[0]}, an accumulator of a wgmma group still in "
                               f"flight (no wgmma.wait_group has retired it)") from None
            raise EmuError(f"{self.who(th)}: {ins.where()}: reads {e.args[0]} before any write of it") from None
        except IndexError:
            if pc >= len(code):
                raise EmuError(f"{self.who(th)}: runs past the end of the kernel") from None
            raise
        finally:
            th.pc = pc
        return n

    # -- TMA stores (bulk groups) and WGMMA groups ---------------------------------------
    def bulk_wait(self, th, n, ins):
        while len(th.bulk_groups) > n:
            for op in th.bulk_groups.popleft():
                self.cluster.tma_store_run(th, op, ins)

    def states(self):
        groups = {}
        for th in self.threads:
            key = (th.state, th.pc)
            groups.setdefault(key, []).append(th.tid)
        lines = []
        for (state, pc), tids in sorted(groups.items(), key=lambda kv: kv[1][0]):
            at = self.code[pc].where() if state != EXITED and pc < len(self.code) else ""
            span = f"{tids[0]}-{tids[-1]}" if tids == list(range(tids[0], tids[-1] + 1)) and len(tids) > 1 else ",".join(map(str, tids))
            lines.append(f"  threads {span}: {state} {at}")
        return "\n".join(lines)



class MBarrier:
    """An mbarrier object: the expected arrival count, the arrivals still pending and the
    transaction count of the current phase, the phase number, the clocks its arrivals and
    complete_tx released into (their maximum is the phase's clock, taken once at its
    completion), and the clock of the last completed phase of each parity."""
    __slots__ = ("count", "pending", "tx", "phase", "clocks", "done")

    def __init__(self, count, nclk):
        self.count = self.pending = count
        self.tx, self.phase = 0, 0
        self.clocks = Releases(nclk)
        self.done = [[0] * nclk, [0] * nclk]


class Releases(list):
    """The clocks released into a synchronization object (each a snapshot, never changed
    afterwards) until it completes; `joined()` is their elementwise maximum (one pass over all
    of them instead of one per release)."""
    __slots__ = ("nclk",)

    def __init__(self, nclk):
        super().__init__()
        self.nclk = nclk

    def joined(self):
        if not self:
            return [0] * self.nclk
        if len(self) < 8:
            out = self[0]
            for c in self[1:]:
                out = clock_max(out, c)
            return list(out)
        return list(map(max, zip(*self)))


class Agent:
    """An asynchronous copy as the race detector sees it when it lands: the issuing thread's
    identity and its vector clock at the issue."""
    __slots__ = ("gid", "tid", "vc")

    def __init__(self, th):
        self.gid, self.tid, self.vc = th.gid, th.tid, list(th.vc)


def release(th):
    """th's clock, advanced: what a release (an arrive) publishes."""
    th.vc[th.gid] += 1
    return th.vc


def acquire(th, clock):
    th.vc = clock_max(th.vc, clock)


def clock_max(a, b):
    """The elementwise maximum of two vector clocks (a comprehension: four times faster than
    map(max, a, b), whose builtin parses its arguments at every call)."""
    return [x if x > y else y for x, y in zip(a, b)]


