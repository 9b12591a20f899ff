"""Run `layout batch` over (op, args) requests; answers in request order."""

import json
import subprocess


def run_batch(binary, cases):
    """The answer object ({"result": ...} or {"error": ...}) of each case {"op", "args"}."""
    req = "".join(json.dumps({"id": k, "op": c["op"], "args": c["args"]}) + "\n"
                  for k, c in enumerate(cases))
    p = subprocess.run([binary, "batch", "--threads", "1"], input=req, capture_output=True,
                       text=True, check=True)
    out = [None] * len(cases)
    for line in p.stdout.splitlines():
        a = json.loads(line)
        out[a["id"]] = a
    return out
