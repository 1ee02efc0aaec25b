#!/usr/bin/python3
"""Times onnx.shape_inference.infer_shapes on ONNX files, for `shapeforge bench import`.

Usage: scripts/onnx-infer-time.py [--runs N] MODEL.onnx...

Needs python3-onnx (Debian's 1.12 is what the corpus was made with). For each file: onnx.load once
(timed: loadMs), the graph's own value_info removed (as scripts/export-models.py does, so ONNX infers
every value rather than copying torch's), then infer_shapes(data_prop=True) N times after one untimed
warm-up call, each on a fresh copy of the stripped model (the copy is not timed). Prints one JSON
document on stdout:

  {"onnxVersion": "1.12.0", "runs": N,
   "models": [{"file": F, "loadMs": x, "inferMs": median, "allInferMs": [...]} |
              {"file": F, "error": "why"}]}

A file that cannot be loaded or inferred gets an "error" instead of times; the exit status is 0
unless the arguments are wrong (2) or onnx cannot be imported (3, the reason on stderr).
"""
import copy
import json
import statistics
import sys
import time


def main(argv):
    runs, files = 5, []
    i = 0
    while i < len(argv):
        if argv[i] == "--runs" and i + 1 < len(argv):
            try:
                runs = max(1, int(argv[i + 1]))
            except ValueError:
                print("--runs takes an integer, got " + argv[i + 1], file=sys.stderr)
                return 2
            i += 2
        elif argv[i].startswith("--"):
            print("unknown option " + argv[i], file=sys.stderr)
            return 2
        else:
            files.append(argv[i])
            i += 1
    if not files:
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 2
    try:
        import onnx
        import onnx.shape_inference
    except ImportError as e:
        print("python3 has no onnx module (" + str(e) + ")", file=sys.stderr)
        return 3
    out = []
    for f in files:
        try:
            start = time.perf_counter()
            model = onnx.load(f)
            load_ms = (time.perf_counter() - start) * 1000
            del model.graph.value_info[:]
            onnx.shape_inference.infer_shapes(copy.deepcopy(model), data_prop=True)  # warm-up, untimed
            times = []
            for _ in range(runs):
                m = copy.deepcopy(model)
                start = time.perf_counter()
                onnx.shape_inference.infer_shapes(m, data_prop=True)
                times.append((time.perf_counter() - start) * 1000)
            out.append({"file": f, "loadMs": load_ms, "inferMs": statistics.median(times), "allInferMs": times})
        except Exception as e:  # one bad file does not hide the others' times
            out.append({"file": f, "error": type(e).__name__ + ": " + str(e).splitlines()[0] if str(e) else type(e).__name__})
    json.dump({"onnxVersion": onnx.__version__, "runs": runs, "models": out}, sys.stdout)
    print()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
