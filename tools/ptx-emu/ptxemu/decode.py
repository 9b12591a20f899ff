"""Decoding: every statement once into an `Inst` through the opcode table HANDLERS (filled
by the ops_* modules); an unknown opcode, type or qualifier is an error naming it."""

import re

from .errors import EmuError

HANDLERS = {}


def handler(*names):
    def reg(fn):
        for n in names:
            HANDLERS[n] = fn
        return fn
    return reg


SIMPLE, JUMP, CONTROL = 0, 1, 2


class Inst:
    """A decoded statement: `fn(th)` for SIMPLE (the PC then advances), `target` for JUMP,
    `fn(cta, th)` for CONTROL (it advances the PC or blocks the thread itself); a collective
    has `members(th)` (its lane mask) and `collective(cta, lanes)`."""
    __slots__ = ("text", "line", "pred", "neg", "kind", "fn", "target", "members", "collective", "index")

    def __init__(self, st, kind, fn=None):
        self.text, self.line, self.pred, self.neg = st.text, st.line, st.pred, st.neg
        self.kind, self.fn = kind, fn
        self.target = self.members = self.collective = None

    def where(self):
        text = self.text if len(self.text) <= 160 else self.text[:150] + " ..."
        return f"line {self.line} `{text}`"


SHARED_GENERIC = 0x7F0000000000  # where the shared window lies in the generic address space


def parse_imm(a):
    """The integer an immediate operand denotes (f32/f64 immediates as their bits), else None."""
    a = a.strip()
    m = re.fullmatch(r"0[fF]([0-9a-fA-F]{8})", a)
    if m:
        return int(m.group(1), 16)
    m = re.fullmatch(r"0[dD]([0-9a-fA-F]{16})", a)
    if m:
        return int(m.group(1), 16)
    m = re.fullmatch(r"(-?)(?:0[xX]([0-9a-fA-F]+)|0([0-7]*)|([1-9]\d*))[uU]?", a)
    if not m:
        return None
    hexa, octal, dec = m.group(2), m.group(3), m.group(4)
    v = int(hexa, 16) if hexa else int(octal or "0", 8) if dec is None else int(dec)
    return -v if m.group(1) else v


class Decoder:
    def __init__(self, module, shared_addr):
        self.mod, self.regs, self.shared_addr = module, module.regs, shared_addr
        self.params = {name: bits for name, bits in module.params}

    def decode(self):
        code = []
        for st in self.mod.stmts:
            base = st.op.split(".")[0]
            handler = HANDLERS.get(base)
            if handler is None:
                raise EmuError(f"line {st.line}: unsupported instruction `{st.text}`")
            if st.pred is not None and self.regs.get(st.pred) != 1:
                raise EmuError(f"line {st.line}: guard {st.pred} is not a declared .pred register")
            try:
                ins = handler(self, st, st.op.split("."), st.args)
            except EmuError as e:
                raise EmuError(f"line {st.line}: `{st.text}`: {e}") from None
            except IndexError:
                raise EmuError(f"line {st.line}: `{st.text}`: too few operands") from None
            ins.index = len(code)
            code.append(ins)
        for ins in code:
            if ins.kind == JUMP and isinstance(ins.target, str):
                if ins.target not in self.mod.labels:
                    raise EmuError(f"{ins.where()}: no label {ins.target}")
                ins.target = self.mod.labels[ins.target]
        return code

    # operands
    def dst(self, a):
        a = a.strip()
        if a not in self.regs:
            raise EmuError(f"destination {a} is not a declared register")
        return a

    def src(self, a, bits, signed=False):
        """A getter th -> the operand's value, masked to `bits` (sign-extended when signed)."""
        a = a.strip()
        mask = (1 << bits) - 1
        half = 1 << (bits - 1)
        if a.startswith("!"):
            inner = self.src(a[1:], 1)
            return lambda th: 1 - inner(th)
        if a in self.regs:
            if signed:
                return lambda th: ((th.regs[a] & mask) ^ half) - half
            return lambda th: th.regs[a] & mask
        if a.startswith("%"):
            sp = self.special(a)
            if sp is None:
                raise EmuError(f"operand {a} is not a declared register")
            return lambda th: sp(th) & mask
        v = parse_imm(a)
        if v is None:
            sym = self.symbol(a)
            if sym is None:
                raise EmuError(f"operand {a}")
            v = sym
        v &= mask
        if signed:
            v = (v ^ half) - half
        return lambda th: v

    def form(self, a, bits):
        """("reg", name) for a declared register, ("imm", value masked to bits) for an
        immediate or a symbol, None for anything else (a special register, a negation): what
        the specialized forms of the hottest instructions (fast.py) accept."""
        a = a.strip()
        if a in self.regs:
            return "reg", a
        if a.startswith(("%", "!")):
            return None
        v = parse_imm(a)
        if v is None:
            v = self.symbol(a)
        return None if v is None else ("imm", v & ((1 << bits) - 1))

    def special(self, a):
        m = re.fullmatch(r"%(tid|ntid|ctaid|nctaid)\.([xyz])", a)
        if m:
            i = "xyz".index(m.group(2))
            attr = {"tid": "tidv", "ntid": "ntid", "ctaid": "ctaid", "nctaid": "nctaid"}[m.group(1)]
            if attr == "tidv":
                return lambda th: th.tidv[i]
            return lambda th: getattr(th.cta, attr)[i]
        m = re.fullmatch(r"%(cluster_ctaid|cluster_nctaid|clusterid|nclusterid)\.([xyz])", a)
        if m:
            i = "xyz".index(m.group(2))
            attr = m.group(1)
            return lambda th: getattr(th.cta, attr)[i]
        if a in ("%cluster_ctarank", "%cluster_nctarank", "%is_explicit_cluster"):
            attr = a[1:]
            return lambda th: getattr(th.cta, attr)
        if a == "%laneid":
            return lambda th: th.lane
        if a == "%warpid":
            return lambda th: th.warp
        return None

    def symbol(self, a):
        """The address a symbol operand denotes (a shared array: its shared-window address)."""
        m = re.fullmatch(r"([\w$]+)(?:\+(\d+))?", a)
        if m and m.group(1) in self.shared_addr:
            return self.shared_addr[m.group(1)] + int(m.group(2) or 0)
        return None

    def addr(self, a):
        """A getter th -> the address `[base+offset]` denotes (64 bits)."""
        a = a.strip()
        if not (a.startswith("[") and a.endswith("]")):
            raise EmuError(f"address operand {a}")
        inner = a[1:-1].replace(" ", "")
        m = re.fullmatch(r"([%\w$.]+?)(?:\+(-?(?:0[xX][0-9a-fA-F]+|\d+)))?", inner)
        if not m:
            raise EmuError(f"address operand {a}")
        off = int(m.group(2), 0) if m.group(2) else 0
        base = m.group(1)
        if base in self.regs:
            return lambda th: (th.regs[base] + off) & 0xFFFFFFFFFFFFFFFF
        v = parse_imm(base)
        if v is None:
            v = self.symbol(base)
        if v is None:
            raise EmuError(f"address operand {a}")
        v += off
        return lambda th: v

    def vector(self, a):
        a = a.strip()
        if not (a.startswith("{") and a.endswith("}")):
            raise EmuError(f"vector operand {a}")
        return [x.strip() for x in a[1:-1].split(",")]


def qualifiers(parts, allowed):
    for q in parts:
        if q not in allowed:
            raise EmuError(f"qualifier .{q} is not modelled")


# -- handlers: one builder per base opcode, (decoder, statement, op parts, args) -> Inst ------

def simple(st, fn):
    return Inst(st, SIMPLE, fn)


