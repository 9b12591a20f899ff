"""Parsing PTX text: the .entry, its parameters, registers, shared arrays, labels and
statements (scope blocks of inline assembly opened)."""

import re

from .errors import EmuError

# the operand splitter: `{...}`, `[...]` and plain operands
_OPERAND = re.compile(r"\{[^}]*\}|\[[^\]]*\]|[^,\s][^,]*")

_TYPE = re.compile(r"(pred|[bsuf](8|16|32|64|128)|f16x2|bf16x2|bf16)$")


def type_bits(t):
    """(kind letter, bits) of a PTX type name without the dot: b32 -> ('b', 32)."""
    if t == "pred":
        return "p", 1
    if t in ("f16x2", "bf16x2"):
        return "b", 32
    if t == "bf16":
        return "f", 16
    m = re.fullmatch(r"([bsuf])(8|16|32|64|128)", t)
    if not m:
        raise EmuError(f"type .{t}")
    return m.group(1), int(m.group(2))


class Stmt:
    __slots__ = ("pred", "neg", "op", "args", "text", "line")

    def __init__(self, pred, neg, op, args, text, line):
        self.pred, self.neg, self.op, self.args, self.text, self.line = pred, neg, op, args, text, line


class Module:
    """The parsed entry: params [(name, bits)], regs {name: bits}, shared [(name, align, bytes)],
    stmts [Stmt], labels {label: statement index}."""

    def __init__(self, ptx, kernel):
        code = re.sub(r"/\*.*?\*/", lambda m: "\n" * m.group(0).count("\n") or " ", ptx, flags=re.S)
        code = re.sub(r"//[^\n]*", "", code)
        m = re.search(r"\.entry\s+" + re.escape(kernel) + r"\s*\(", code)
        if not m:
            raise EmuError(f"no .entry {kernel} in the PTX")
        self.kernel = kernel
        close = code.index(")", m.end())
        self.params = []
        for p in code[m.end():close].split(","):
            if not p.strip():
                continue
            words = p.split()
            if "[" in p or words[0] != ".param":
                raise EmuError(f"parameter `{p.strip()}`")
            kinds = [w[1:] for w in words if _TYPE.fullmatch(w[1:])]
            self.params.append((words[-1], type_bits(kinds[0])[1]))
        start = code.index("{", close)
        depth, end = 0, None
        for i in range(start, len(code)):
            depth += code[i] == "{"
            depth -= code[i] == "}"
            if depth == 0:
                end = i
                break
        body = flatten_scopes(code[start + 1:end])
        first_line = code.count("\n", 0, start + 1) + 1
        head = code[close:start]
        cm = re.search(r"\.reqnctapercluster\s+(\d+)\s*,\s*(\d+)\s*,\s*(\d+)", head)
        self.cluster = tuple(int(x) for x in cm.groups()) if cm else (1, 1, 1)
        # Module-level text: everything outside the bodies of the functions.
        outside, depth = [], 0
        for ch in code:
            if ch == "{":
                depth += 1
            elif ch == "}":
                depth -= 1
            elif depth == 0:
                outside.append(ch)
        self.shared, self.dynamic = [], None
        for text in ("".join(outside), body):
            dm = re.search(r"\.extern\s+\.shared\s+(?:\.align\s+(\d+)\s+)?\.[bsuf](?:8|16|32|64)\s+([\w$]+)\s*\[\s*\]", text)
            if dm:
                if self.dynamic:
                    raise EmuError("two dynamic shared arrays")
                self.dynamic = (dm.group(2), int(dm.group(1) or 1))
            elif re.search(r"\.extern\s+\.shared", text):
                raise EmuError("this .extern .shared declaration is not modelled")
            for sm in re.finditer(r"\.shared\s+(?:\.align\s+(\d+)\s+)?\.([bsuf](?:8|16|32|64))\s+([\w$]+)\s*\[(\d+)\]", text):
                self.shared.append((sm.group(3), int(sm.group(1) or 1), type_bits(sm.group(2))[1] // 8 * int(sm.group(4))))
        self.regs, self.labels, self.stmts = {}, {}, []
        pos = 0
        counted, newlines = 0, 0  # body.count("\n", 0, counted), kept up to date as `at` advances
        for chunk in body.split(";"):
            at, pos = pos, pos + len(chunk) + 1
            s = chunk
            while True:  # labels before the statement
                lead = len(s) - len(s.lstrip())
                lm = re.match(r"([$\w.]+)\s*:(?!:)", s[lead:])
                if not lm:
                    break
                self.labels[lm.group(1)] = len(self.stmts)
                at += lead + lm.end()
                s = s[lead + lm.end():]
            at += len(s) - len(s.lstrip())
            s = s.strip()
            if not s:
                continue
            newlines += body.count("\n", counted, at)
            counted = at
            line = first_line + newlines
            if s.startswith("{") or s.startswith("}"):
                raise EmuError(f"line {line}: nested scope blocks are not modelled: `{s[:40]}`")
            if s.startswith("."):
                self.directive(s, line)
                continue
            pred, neg = None, False
            pm = re.match(r"@(!?)(%?[\w$.]+)\s+", s)
            if pm:
                neg, pred, s = pm.group(1) == "!", pm.group(2), s[pm.end():]
            om = re.match(r"(\S+)\s*(.*)", s, re.S)
            op, args = om.group(1), [a.strip() for a in _OPERAND.findall(om.group(2))]
            text = (f"@{'!' if neg else ''}{pred} " if pred else "") + op
            if args:
                text += " " + ", ".join(" ".join(a.split()) for a in args)
            self.stmts.append(Stmt(pred, neg, op, args, text, line))

    def directive(self, s, at):
        words = s.split()
        if words[0] == ".reg":
            if len(words) < 3 or not words[1].startswith(".") or words[1] == ".v2" or words[1] == ".v4":
                raise EmuError(f"line {at}: `{s}`")
            bits = type_bits(words[1][1:])[1]
            for name in " ".join(words[2:]).split(","):
                name = name.strip()
                rm = re.fullmatch(r"(%[\w$]+)<(\d+)>", name)
                if rm:
                    for i in range(int(rm.group(2))):
                        self.regs[rm.group(1) + str(i)] = bits
                else:
                    self.regs[name] = bits
        elif words[0] not in (".shared", ".pragma", ".loc"):  # .shared: collected above
            raise EmuError(f"line {at}: directive `{s}` is not modelled")


def flatten_scopes(body):
    """The body with its nested scope blocks `{ ... }` (inline assembly) opened: the braces become
    blanks and the names declared in a block (its `.reg`s and labels) get a suffix unique to the
    block, so two blocks may both declare `P1` and `DONE`. Newlines are kept (line numbers)."""
    counter = [0]

    def flat(text):
        out, i, n, start = [], 0, len(text), True
        while i < n:
            c = text[i]
            if c == "{" and start:
                depth, j = 0, i
                while True:
                    if j >= n:
                        raise EmuError("unbalanced scope block")
                    depth += text[j] == "{"
                    depth -= text[j] == "}"
                    if depth == 0:
                        break
                    j += 1
                inner = flat(text[i + 1:j])
                counter[0] += 1
                names = set()
                for m in re.finditer(r"\.reg\s+\.\w+\s+([^;]+);", inner):
                    for nm in m.group(1).split(","):
                        if "<" in nm:
                            raise EmuError(f"register range `{nm.strip()}` in a scope block")
                        names.add(nm.strip())
                for m in re.finditer(r"(?:^|[;\s])([$\w]+)\s*:(?!:)", inner):
                    names.add(m.group(1))
                for nm in sorted(names, key=len, reverse=True):
                    inner = re.sub(r"(?<![\w$%.])" + re.escape(nm) + r"(?![\w$])", f"{nm}_s{counter[0]}", inner)
                out.append(" " + inner + " ")
                i, start = j + 1, True
                continue
            out.append(c)
            if c in ";:":
                start = True
            elif not c.isspace():
                start = False
            i += 1
        return "".join(out)
    return flat(body)

