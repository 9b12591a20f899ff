"""Memory: global buffers (bounds, read-only, per-byte store counts) and the shared memory of
a CTA with its race detector (vector clocks; per byte the last writer, the readers since, the
asynchronous copy in flight), loads and stores by state space, cp.async groups."""

from .decode import SHARED_GENERIC
from .errors import EmuError


class Global:
    """Global memory: the buffers of a launch at distinct bases, with the bytes each store wrote."""

    def __init__(self):
        self.bufs = []  # [name, base, data, writable, writes]
        self.next = 0x7A0000000000

    def alloc(self, name, data, writable):
        base = self.next
        self.next += (len(data) + 0xFFFFF) // 0x10000 * 0x10000 + 0x100000
        buf = [name, base, bytearray(data), writable, bytearray(len(data))]
        self.bufs.append(buf)
        return buf

    def find(self, a, n):
        for buf in self.bufs:
            if buf[1] <= a and a + n <= buf[1] + len(buf[2]):
                return buf
        return None

    def where(self, a):
        near = min(self.bufs, key=lambda b: min(abs(a - b[1]), abs(a - b[1] - len(b[2]))))
        return f"{a:#x} ({near[0]} + {a - near[1]}, {near[0]} has {len(near[2])} bytes)"




class SharedMemory:
    """The shared-memory half of a Cta (mixed into it)."""

    # -- shared memory and races ------------------------------------------------------
    def sh_offset(self, th, a, n, ins):
        for name, s, e in self.sh_arrays:
            if s <= a and a + n <= e:
                return a - self.sh_base
        where = ", ".join(f"{nm} [{s:#x}, {e:#x})" for nm, s, e in self.sh_arrays)
        raise EmuError(f"{self.who(th)}: {ins.where()}: {n} bytes at shared address {a:#x} lie outside every .shared array ({where})")

    def name_of(self, off):
        a = off + self.sh_base
        for name, s, e in self.sh_arrays:
            if s <= a < e:
                return f"{name}+{a - s}"
        return f"{a:#x}"

    def report(self, key, message):
        """Count a racy byte; keep the message of the first byte of each kind and pair of
        instructions."""
        self.stats["races"] += 1
        if key not in self.race_keys and len(self.races) < 8:
            self.race_keys.add(key)
            self.races.append(message())

    def race(self, kind, off, th, ins, other, oins):
        self.report((kind, ins.index, oins.index if oins else None), lambda:
                    f"race ({kind}) in CTA {self.ctaid[:2]}: thread {th.gid} at {ins.where()} "
                              f"touches shared byte {self.name_of(off)}, last {'read' if kind == 'write after read' else 'written'} by thread {other} at "
                    f"{oins.where() if oins else '?'}, with no barrier between")

    def sh_read(self, th, off, n, ins):
        """A read of n shared bytes at offset off by th (a thread, or an Agent: an asynchronous
        copy): races with the last writes and in-flight copies reported, th recorded as a reader."""
        end = off + n
        if self.flight[off:end].count(None) != n:
            return self._sh_read_bytes(th, off, n, ins)
        t, vc = th.gid, th.vc
        w_thr, w_clk, w_ins = self.w_thr, self.w_clk, self.w_ins
        w = w_thr[off]
        c = w_clk[off]
        i0 = w_ins[off]
        if w_thr[off:end].count(w) != n or w_clk[off:end].count(c) != n or w_ins[off:end].count(i0) != n:
            return self._sh_read_bytes(th, off, n, ins)
        # every byte last written by the same instruction of the same thread at the same clock:
        # one check stands for n (the same outcome, the same message, n counts)
        if w < 0:
            self.stats["unwritten shared bytes read"] += n
        elif w != t and vc[w] <= c:
            self.race("read after write", off, th, ins, w, i0)
            self.stats["races"] += n - 1
        self._record_read(t, (vc[t], ins), off, end)
        return bytes(self.smem[off:end])

    def _record_read(self, t, rec, off, end):
        """Reader t with rec = (its clock, instruction) on the bytes [off, end). The readers of a
        byte are a dict shared by the bytes of one access and never changed in place (a later
        reader copies it): what a byte has is exactly what a dict per byte would hold."""
        reads = self.reads
        rs = reads[off:end]
        n = end - off
        mine = {t: rec}
        if rs.count(None) == n:
            reads[off:end] = [mine] * n
            return
        last = new = None
        for b in range(off, end):
            r = rs[b - off]
            if r is None:
                reads[b] = mine
            elif r is not last:
                last = r
                new = r if r.get(t) == rec else {**r, t: rec}
                reads[b] = new
            else:
                reads[b] = new

    def _sh_read_bytes(self, th, off, n, ins):
        t, vc = th.gid, th.vc
        clk = vc[t]
        w_thr, w_clk, reads, flight = self.w_thr, self.w_clk, self.reads, self.flight
        for b in range(off, off + n):
            f = flight[b]
            if f is not None:
                self.report(("in flight", ins.index, f[1].index), lambda: (
                    f"race (read of a {f[2] if len(f) > 2 else 'cp.async'} destination in flight) in CTA {self.ctaid[:2]}: thread {th.gid} at "
                    f"{ins.where()} reads shared byte {self.name_of(b)} while the {f[2] if len(f) > 2 else 'cp.async'} of thread {f[0]} at "
                    f"{f[1].where()} into it is in flight ({f[3] if len(f) > 3 else 'no cp.async.wait_group completed it'})"))
            w = w_thr[b]
            if w < 0:
                self.stats["unwritten shared bytes read"] += 1
            elif w != t and vc[w] <= w_clk[b]:
                self.race("read after write", b, th, ins, w, self.w_ins[b])
        self._record_read(t, (clk, ins), off, off + n)
        return bytes(self.smem[off:off + n])

    def sh_check_write(self, th, off, n, ins, record, from_async=False):
        """A write (record) or the issue of a copy that may write any time until it completes
        (not record) of n shared bytes at off by th: races with the last writes and reads."""
        end = off + n
        if self.flight[off:end].count(None) != n:
            return self._sh_check_write_bytes(th, off, n, ins, record, from_async)
        t, vc = th.gid, th.vc
        w_thr, w_clk, w_ins, reads = self.w_thr, self.w_clk, self.w_ins, self.reads
        w = w_thr[off]
        c = w_clk[off]
        i0 = w_ins[off]
        if w_thr[off:end].count(w) != n or w_clk[off:end].count(c) != n or w_ins[off:end].count(i0) != n:
            return self._sh_check_write_bytes(th, off, n, ins, record, from_async)
        wrace = w >= 0 and w != t and vc[w] <= c
        if wrace:  # the first byte's message, as the byte loop would make it first
            self.race("write after write", off, th, ins, w, i0)
        rs = reads[off:end]
        if rs.count(None) != n:
            prev, hit, more = None, False, 0
            b = off - 1
            for r in rs:
                b += 1
                if not r:
                    continue
                if prev is not None and len(r) == 1 and r == prev:  # the same reader: the same outcome
                    more += hit
                    continue
                prev, hit = r, False
                for rt, (rc, rins) in r.items():
                    if rt != t and vc[rt] <= rc:
                        hit = True
                        self.race("write after read", b, th, ins, rt, rins)
                        break
            self.stats["races"] += more
        if wrace:
            self.stats["races"] += n - 1
        if record:
            reads[off:end] = [None] * n
            w_thr[off:end] = [t] * n
            w_clk[off:end] = [vc[t]] * n
            w_ins[off:end] = [ins] * n

    def _sh_check_write_bytes(self, th, off, n, ins, record, from_async):
        t, vc = th.gid, th.vc
        w_thr, w_clk, reads, flight = self.w_thr, self.w_clk, self.reads, self.flight
        clk = vc[t]
        for b in range(off, off + n):
            f = flight[b]
            if f is not None and not (from_async and record and f[0] == t):
                self.report(("write in flight", ins.index, f[1].index), lambda: (
                    f"race (write over a cp.async destination in flight) in CTA {self.ctaid[:2]}: thread {th.gid} "
                    f"at {ins.where()} writes shared byte {self.name_of(b)} while the cp.async of thread {f[0]} at "
                    f"{f[1].where()} into it is in flight"))
            w = w_thr[b]
            if w >= 0 and w != t and vc[w] <= w_clk[b]:
                self.race("write after write", b, th, ins, w, self.w_ins[b])
            r = reads[b]
            if r:
                for rt, (rc, rins) in r.items():
                    if rt != t and vc[rt] <= rc:
                        self.race("write after read", b, th, ins, rt, rins)
                        break
            if record:
                reads[b] = None
                w_thr[b], w_clk[b], self.w_ins[b] = t, clk, ins

    def sh_write_quiet(self, th, off, data, ins):
        """Writes data at [off, off + len) by th in one step if nothing there races with it (no
        copy in flight, every last writer and reader of the bytes ordered before th): then
        writing it piece by piece with sh_write would report nothing and leave exactly this.
        Returns False (and does nothing) otherwise."""
        n = len(data)
        end = off + n
        if self.flight[off:end].count(None) != n:
            return False
        t, vc = th.gid, th.vc
        for w, c in set(zip(self.w_thr[off:end], self.w_clk[off:end])):
            if w >= 0 and w != t and vc[w] <= c:
                return False
        for r in {id(r): r for r in self.reads[off:end] if r}.values():
            for rt, (rc, _) in r.items():
                if rt != t and vc[rt] <= rc:
                    return False
        self.reads[off:end] = [None] * n
        self.w_thr[off:end] = [t] * n
        self.w_clk[off:end] = [vc[t]] * n
        self.w_ins[off:end] = [ins] * n
        self.smem[off:end] = data
        return True

    def sh_write(self, th, off, data, ins, from_async=False):
        self.sh_check_write(th, off, len(data), ins, True, from_async)
        self.smem[off:off + len(data)] = data

    # -- memory access by space ----------------------------------------------------------
    def who(self, th):
        return f"CTA {self.ctaid[:2]} thread {th.tid}"

    def sh_local(self, th, a, n, ins, what="access"):
        """(CTA, shared offset) of a .shared::cluster address: a .shared::cta address is one of
        the executing CTA; mapa sets bits 24.. to 1 + the rank of the CTA it names."""
        r = a >> 24
        cta = self
        if r:
            ranks = self.cluster.ctas
            if r - 1 >= len(ranks):
                raise EmuError(f"{self.who(th)}: {ins.where()}: shared::cluster address {a:#x} names CTA rank {r - 1} of a cluster of {len(ranks)}")
            cta = ranks[r - 1]
        return cta, cta.sh_offset(th, a & 0xFFFFFF, n, ins)

    def resolve(self, space, a):
        if space == "generic":
            if SHARED_GENERIC <= a < SHARED_GENERIC + (1 << 32):
                return "shared", a - SHARED_GENERIC
            return "global", a
        return space, a

    def load(self, space, th, a, n, ins):
        space, a = self.resolve(space, a)
        if a % n:
            raise EmuError(f"{self.who(th)}: {ins.where()}: misaligned {n}-byte load at {a:#x}")
        if space == "shared":
            return self.sh_read(th, self.sh_offset(th, a, n, ins), n, ins)
        buf = self.gmem.find(a, n)
        if buf is None:
            raise EmuError(f"{self.who(th)}: {ins.where()}: {n}-byte load at {self.gmem.where(a)} outside every allocation")
        o = a - buf[1]
        return bytes(buf[2][o:o + n])

    def store(self, space, th, a, data, ins):
        n = len(data)
        space, a = self.resolve(space, a)
        if a % n:
            raise EmuError(f"{self.who(th)}: {ins.where()}: misaligned {n}-byte store at {a:#x}")
        if space == "shared":
            self.sh_write(th, self.sh_offset(th, a, n, ins), data, ins)
            return
        buf = self.gmem.find(a, n)
        if buf is None:
            raise EmuError(f"{self.who(th)}: {ins.where()}: {n}-byte store at {self.gmem.where(a)} outside every allocation")
        if not buf[3]:
            raise EmuError(f"{self.who(th)}: {ins.where()}: store into the read-only buffer {buf[0]} at {self.gmem.where(a)}")
        o = a - buf[1]
        buf[2][o:o + n] = data
        w = buf[4]
        for i in range(o, o + n):
            w[i] = min(w[i] + 1, 255)

    # -- cp.async ----------------------------------------------------------------------
    def cp_async(self, th, dst, src, size, src_size, ins):
        if dst % size or src % size:
            raise EmuError(f"{self.who(th)}: {ins.where()}: cp.async of {size} bytes from {src:#x} to shared {dst:#x}: not {size}-byte aligned")
        if not 0 <= src_size <= size:
            raise EmuError(f"{self.who(th)}: {ins.where()}: src-size {src_size} of a {size}-byte cp.async")
        off = self.sh_offset(th, dst, size, ins)
        # The copy may land at any time until its group completes: accesses of other threads
        # not ordered before the issue race with it; it is in flight from now on.
        self.sh_check_write(th, off, size, ins, False)
        for b in range(off, off + size):
            self.flight[b] = (th.gid, ins)
        th.uncommitted.append((off, src, size, src_size, ins))
        self.stats["cp.async"] += 1
        if src_size < size and self.gmem.find(src, size) is None:
            self.stats["cp.async sources past a buffer"] += 1  # legal: only src-size bytes are read

    def wait_groups(self, th, n):
        while len(th.groups) > n:
            for off, src, size, src_size, ins in th.groups.popleft():
                data = b""
                if src_size:
                    buf = self.gmem.find(src, src_size)
                    if buf is None:
                        raise EmuError(f"{self.who(th)}: {ins.where()}: cp.async reads {src_size} bytes at {self.gmem.where(src)} outside every allocation")
                    o = src - buf[1]
                    data = bytes(buf[2][o:o + src_size])
                for b in range(off, off + size):
                    if self.flight[b] is not None and self.flight[b][0] == th.gid:
                        self.flight[b] = None
                self.sh_write(th, off, data + bytes(size - src_size), ins, from_async=True)

