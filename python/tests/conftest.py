"""Shared fixtures: the repository root, the oracle corpus as (op, args) requests, and the
`layout` CLI's answers to them (one `layout batch` run per session)."""

import json
import os
import pathlib
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
ORACLE = ROOT / "tests" / "data" / "oracle"


def cli_path():
    """The `layout` binary: $LAYOUT_CLI, else target/debug or target/release (newest)."""
    if os.environ.get("LAYOUT_CLI"):
        return pathlib.Path(os.environ["LAYOUT_CLI"])
    found = [p for p in (ROOT / "target" / "debug" / "layout", ROOT / "target" / "release" / "layout") if p.exists()]
    if not found:
        pytest.fail("no layout binary: run `cargo build -p layout-cli` or set LAYOUT_CLI")
    return max(found, key=lambda p: p.stat().st_mtime)


def cli_eval(expr):
    """`layout eval EXPR`: (stdout without its newline, exit code)."""
    r = subprocess.run([str(cli_path()), "eval", expr], capture_output=True, text=True)
    return r.stdout.rstrip("\n"), r.returncode


def strip_marks(text):
    """C++'s static marks `_N` -> `N` (a lone `_` stays)."""
    out, i = [], 0
    while i < len(text):
        if text[i] == "_" and i + 1 < len(text) and text[i + 1].isdigit():
            i += 1
            continue
        out.append(text[i])
        i += 1
    return "".join(out)


def corpus_requests():
    """(op, [arg texts]) for every operation the two CuTe corpora exercise."""
    reqs = []
    with open(ORACLE / "cute_cpp_unit_cases.jsonl") as f:
        for line in f:
            case = json.loads(line)
            args = [strip_marks(case["A"])]
            for k in ("B", "cotarget"):
                if k in case:
                    args.append(strip_marks(str(case[k])))
            reqs.append((case["op"], args))
    with open(ORACLE / "cute_pycute_seed1.jsonl") as f:
        next(f)
        for line in f:
            case = json.loads(line)
            a = case["A"]
            reqs.append(("size", [a]))
            reqs.append(("cosize", [a]))
            if "eval" in case:
                reqs.append(("eval", [a]))
            for op, entry in case["ops"].items():
                if op == "idx2crd":  # [[index, coordinate, offset], ...]
                    for idx, _crd, _off in entry:
                        reqs.append(("idx2crd", [str(idx), a]))
                        reqs.append(("crd2idx", [str(idx), a]))
                    continue
                if not isinstance(entry, dict):
                    continue
                if op in ("coalesce_bymode", "filter_bymode"):
                    if "profile" in entry:
                        reqs.append((op.split("_")[0], [a, entry["profile"]]))
                elif op == "complement":
                    reqs.append(("complement", [a, str(entry["cotarget"])]))
                elif op == "complement_default":
                    reqs.append(("complement", [a]))
                elif op == "slice":
                    reqs.append(("slice", [entry["crd"], a]))
                elif op in ("swizzle_eval",):
                    continue
                else:
                    name = op.split("(")[0]
                    reqs.append((name, [a] + ([entry["rhs"]] if "rhs" in entry else [])))
    return reqs


@pytest.fixture(scope="session")
def requests():
    return corpus_requests()


@pytest.fixture(scope="session")
def cli_answers(requests):
    """The CLI's answer (the parsed JSON line) to every request, in order."""
    lines = [json.dumps({"id": i, "op": op, "args": args}) for i, (op, args) in enumerate(requests)]
    out = subprocess.run(
        [str(cli_path()), "batch", "--threads", "1"],
        input="\n".join(lines) + "\n",
        capture_output=True,
        text=True,
        check=True,
    ).stdout.splitlines()
    assert len(out) == len(requests)
    answers = [json.loads(l) for l in out]
    assert [a["id"] for a in answers] == list(range(len(requests)))
    return answers
