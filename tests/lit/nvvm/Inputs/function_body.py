"""Print the body of function NAME of an MLIR file (the lines after its header up to the
closing brace at the header's indentation), without the header: two functions whose bodies
are equal print the same text."""
import sys

path, name = sys.argv[1], sys.argv[2]
lines = open(path).read().splitlines()
for i, line in enumerate(lines):
    if f"@{name}(" in line and "func" in line:
        indent = len(line) - len(line.lstrip())
        for body in lines[i + 1:]:
            if body.strip() == "}" and len(body) - len(body.lstrip()) == indent:
                break
            print(body)
        break
else:
    sys.exit(f"function @{name} not found in {path}")
