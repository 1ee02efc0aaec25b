#!/usr/bin/env python3
"""Writes the long-stack benchmark's programs (docs/performance.md, "long stacks") as .shp.

Usage: scripts/gen-stack-program.py stack N > /tmp/s.shp   # s = stack_out(x0, ..., x0), N operands
       scripts/gen-stack-program.py chain N > /tmp/c.shp   # x1 = relu(x0) ... xN = relu(x{N-1})
then `./shapeforge infer` each, alternated (the machine is shared: compare CPU times too).
"""
import sys

kind, n = sys.argv[1], int(sys.argv[2])
print("x0 = data(b=[4], o=[3])")
if kind == "stack":
    print("s = stack_out(" + ", ".join("x0" for _ in range(n)) + ")")
elif kind == "chain":
    for i in range(n):
        print("x%d = relu(x%d)" % (i + 1, i))
else:
    sys.exit("the kind is stack or chain")
