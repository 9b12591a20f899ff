"""Asynchronous copies and their synchronization: cp.async groups, mbarrier, TMA
(cp.async.bulk.tensor), barrier.cluster, mapa, fences."""

import re

from .decode import CONTROL, HANDLERS, Inst, parse_imm, qualifiers, simple
from .errors import EmuError
from .machine import MBarrier
from .tma import decode_tensor_map


def h_cp(dec, st, parts, args):
    """cp.async (ca/cg .shared.global), cp.async.commit_group, wait_group N, wait_all."""
    if parts[1] != "async" or len(parts) < 3:
        raise EmuError("only cp.async is modelled")
    sub = parts[2]
    if sub == "bulk":
        return h_bulk(dec, st, parts, args)
    if sub == "commit_group":
        return simple(st, lambda th: th.commit())
    if sub == "wait_group":
        n = parse_imm(args[0])
        if n is None:
            raise EmuError("wait_group needs an immediate")
        return simple(st, lambda th: th.cta.wait_groups(th, n))
    if sub == "wait_all":
        def wait_all(th):
            th.commit()
            th.cta.wait_groups(th, 0)
        return simple(st, wait_all)
    if sub not in ("ca", "cg"):
        raise EmuError(f"cp.async.{sub} is not modelled")
    rest = parts[3:]
    if rest[:2] not in (["shared", "global"], ["shared::cta", "global"]):
        raise EmuError("cp.async needs .shared.global")
    extra = rest[2:]
    hint = "L2::cache_hint" in extra
    qualifiers([x for x in extra if x != "L2::cache_hint"], ("L2::64B", "L2::128B", "L2::256B"))
    ops = args[:-1] if hint else args
    dst, src = dec.addr(ops[0]), dec.addr(ops[1])
    size = parse_imm(ops[2])
    if size not in (4, 8, 16) or (sub == "cg" and size != 16):
        raise EmuError(f"cp-size {ops[2]}")
    src_size = lambda th: size
    if len(ops) == 4:
        if dec.regs.get(ops[3].lstrip("!")) == 1:  # ignore-src predicate
            ig = dec.src(ops[3], 1)
            src_size = lambda th: 0 if ig(th) else size
        else:
            src_size = dec.src(ops[3], 32)
    elif len(ops) != 3:
        raise EmuError("operand count")
    ins = None

    def issue(th):
        th.cta.cp_async(th, dst(th), src(th), size, src_size(th), ins)
    ins = simple(st, issue)
    return ins



def h_mapa(dec, st, parts, args):
    """mapa.shared::cluster.{u32,u64} d, a, rank: the shared::cluster address of a's
    CTA-relative offset in CTA `rank` (here: bits 24.. hold 1 + the rank)."""
    if len(parts) != 3 or parts[1] != "shared::cluster" or parts[2] not in ("u32", "u64"):
        raise EmuError("only mapa.shared::cluster.{u32,u64} is modelled")
    d, a, r = dec.dst(args[0]), dec.src(args[1], 64), dec.src(args[2], 32)
    ins = None

    def run(th):
        rank = r(th)
        if rank >= th.cta.cluster_nctarank:
            raise EmuError(f"{th.cta.who(th)}: {ins.where()}: rank {rank} in a cluster of {th.cta.cluster_nctarank}")
        th.regs[d] = ((rank + 1) << 24) | (a(th) & 0xFFFFFF)
    ins = simple(st, run)
    return ins


def h_fence(dec, st, parts, args):
    """fence.proxy.async{.shared::cta} (recorded for the TMA store's proxy check) and
    fence.mbarrier_init.release.cluster (the cluster barrier that follows orders it here)."""
    q = parts[1:]
    if q in (["proxy", "async", "shared::cta"], ["proxy", "async"]):
        def run(th):
            th.cta.proxy_fence[th.gid] = th.vc[th.gid]
        return simple(st, run)
    if q == ["mbarrier_init", "release", "cluster"]:
        return simple(st, lambda th: None)
    raise EmuError(f"{st.op} is not modelled")


def _space_addr(dec, space_parts, a):
    """An mbarrier / TMA address operand and whether it is a shared::cluster one."""
    if "shared::cluster" in space_parts:
        return dec.addr(a), True
    if "shared" in space_parts or "shared::cta" in space_parts:
        return dec.addr(a), False
    raise EmuError("only .shared, .shared::cta and .shared::cluster addresses are modelled")


def h_mbarrier(dec, st, parts, args):
    q = parts[1:]
    if q[-1] != "b64":
        raise EmuError("mbarrier needs .b64")
    sub = q[0]
    rest = q[1:-1]
    sems = {"release", "acquire", "relaxed", "cta", "cluster"}
    spaces = [x for x in rest if x.startswith("shared")]
    if sub == "init":
        qualifiers(rest, ("shared", "shared::cta"))
        addr, _ = _space_addr(dec, spaces, args[0])
        count = dec.src(args[1], 32)
        ins = None

        def init(th):
            cta, a = th.cta, addr(th)
            if a % 8:
                raise EmuError(f"{cta.who(th)}: {ins.where()}: mbarrier at {a:#x} is not 8-byte aligned")
            off = cta.sh_offset(th, a, 8, ins)
            n = count(th)
            if not 1 <= n < 1 << 20:
                raise EmuError(f"{cta.who(th)}: {ins.where()}: mbarrier count {n}")
            cta.sh_write(th, off, bytes(8), ins)
            cta.mbars[off] = MBarrier(n, cta.cluster.nclk)
        ins = simple(st, init)
        return ins
    if sub == "arrive":
        expect = "expect_tx" in rest
        qualifiers([x for x in rest if x not in sems and x != "expect_tx"], ("shared", "shared::cta", "shared::cluster"))
        addr, cluster = _space_addr(dec, spaces, args[1])
        dst = None if args[0].strip() == "_" else dec.dst(args[0])
        if cluster and dst is not None:
            raise EmuError("a remote arrive has no state result (`_`)")
        if expect:
            tx, count = dec.src(args[2], 32), (lambda th: 1)
        else:
            tx, count = (lambda th: 0), (dec.src(args[2], 32) if len(args) > 2 else (lambda th: 1))
        ins = None

        def arrive(th):
            a = addr(th)
            if cluster:
                cta, off = th.cta.sh_local(th, a, 8, ins)
            else:
                cta, off = th.cta, th.cta.sh_offset(th, a, 8, ins)
            state = cta.cluster.mb_arrive(th, cta, off, count(th), tx(th), ins)
            if dst is not None:
                th.regs[dst] = state
        ins = simple(st, arrive)
        return ins
    if sub == "try_wait":
        if "parity" not in rest:
            raise EmuError("only mbarrier.try_wait.parity is modelled")
        qualifiers([x for x in rest if x not in sems and x != "parity"], ("shared", "shared::cta"))
        p = dec.dst(args[0])
        addr, _ = _space_addr(dec, spaces, args[1])
        parity = dec.src(args[2], 32)
        if len(args) == 4:
            dec.src(args[3], 32)  # the suspend-time hint
        ins = None

        def wait(cta, th):
            off = cta.sh_offset(th, addr(th), 8, ins)
            cta.cluster.mb_try_wait(th, cta, off, parity(th) & 1, p, ins)
        ins = Inst(st, CONTROL, wait)
        return ins
    raise EmuError(f"mbarrier.{sub} is not modelled")


def h_bulk(dec, st, parts, args):
    """cp.async.bulk.tensor.2d loads (shared::cluster <- global, mbarrier complete_tx,
    optionally multicast) and stores (global <- shared::cta, bulk groups), commit_group,
    wait_group{.read} N."""
    q = parts[3:]
    if q == ["commit_group"]:
        def commit(th):
            th.bulk_groups.append(th.bulk_uncommitted)
            th.bulk_uncommitted = []
        return simple(st, commit)
    if q[:1] == ["wait_group"]:
        qualifiers(q[1:], ("read",))
        n = parse_imm(args[0])
        ins = None
        ins = simple(st, lambda th: th.cta.bulk_wait(th, n, ins))
        return ins
    if q[:1] != ["tensor"] or len(q) < 2 or not re.fullmatch(r"[1-5]d", q[1]):
        raise EmuError(f"{st.op} is not modelled")
    dims = int(q[1][0])
    rest = q[2:]
    mm = re.fullmatch(r"\[\s*([^,\]]+?)\s*,\s*\{([^}]*)\}\s*\]", args[1] if rest[:2] == ["shared::cluster", "global"] else args[0])
    if not mm:
        raise EmuError("tensor operand [map, {coordinates}]")
    tmap = dec.src(mm.group(1), 64)
    coords = [dec.src(c, 32, True) for c in mm.group(2).split(",")]
    if len(coords) != dims:
        raise EmuError("coordinate count")
    if rest[:2] == ["shared::cluster", "global"]:
        extra = rest[2:]
        multicast = "multicast::cluster" in extra
        qualifiers([x for x in extra if x != "multicast::cluster"], ("tile", "mbarrier::complete_tx::bytes"))
        if "mbarrier::complete_tx::bytes" not in extra:
            raise EmuError("a TMA load needs .mbarrier::complete_tx::bytes")
        dst, mbar = dec.addr(args[0]), dec.addr(args[2])
        mask = dec.src(args[3], 16) if multicast else None
        if len(args) != (4 if multicast else 3):
            raise EmuError("operand count (cache hints are not modelled)")
        ins = None

        def load(th):
            th.cta.cluster.tma_load(th, dst(th), tmap(th), [c(th) for c in coords], mbar(th), mask(th) if mask else None, ins)
        ins = simple(st, load)
        return ins
    if rest[:2] in (["global", "shared::cta"], ["global", "shared"]):
        qualifiers(rest[2:], ("tile", "bulk_group"))
        if "bulk_group" not in rest:
            raise EmuError("a TMA store needs .bulk_group")
        src = dec.addr(args[1])
        ins = None

        def store(th):
            m = decode_tensor_map(th.cta, th, tmap(th), ins)
            if m["rank"] != dims:
                raise EmuError(f"{ins.where()}: a {dims}-d TMA store with a rank {m['rank']} tensor map")
            th.bulk_uncommitted.append((m, [c(th) for c in coords], src(th), ins))
        ins = simple(st, store)
        return ins
    raise EmuError(f"{st.op} is not modelled")


def h_barrier_cluster(dec, st, parts, args):
    q = parts[2:]
    qualifiers([x for x in q[1:]], ("aligned", "release", "acquire", "relaxed"))
    if q[:1] == ["arrive"]:
        ins = None
        ins = simple(st, lambda th: th.cta.cluster.cb_arrive(th, ins))
        return ins
    if q[:1] == ["wait"]:
        ins = Inst(st, CONTROL, lambda cta, th: cta.cluster.cb_wait(th, ins))
        return ins
    raise EmuError(f"{st.op} is not modelled")


HANDLERS.update({
    "cp": h_cp, "mapa": h_mapa, "fence": h_fence, "mbarrier": h_mbarrier,
})
