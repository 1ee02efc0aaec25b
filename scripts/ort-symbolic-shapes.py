#!/usr/bin/python3
"""ONNX Runtime's symbolic shape inference on the corpus, for `shapeforge conformance --models`.

Usage: scripts/ort-symbolic-shapes.py MODEL_DIR...

Needs a Python with the `onnxruntime` wheel (its tools.symbolic_shape_infer) and sympy, e.g. a venv
(`python3 -m venv /tmp/venv-ort && /tmp/venv-ort/bin/pip install onnxruntime sympy`). For each
folder (as scripts/export-models.py writes them): model.onnx loaded, torch's value_info removed and
the outputs' shapes cleared (as for onnx.shape_inference in onnx_shapes.json), then
SymbolicShapeInference.infer_shapes(model, auto_merge=True). Every value's dims are given as ORT
writes them (an int, a dim_param string — an input's name or an expression of them — or null) and
evaluated at the test point (onnx_shapes.json's sizes.test) with sympy: an int where every symbol of
the expression is bound there, else null. Prints one JSON document on stdout:

  {"ortVersion": "1.30.0", "models": [{"dir": D, "ms": x, "values": {name: [dim...] | null},
                                       "test": {name: [int | null, ...] | null}, "ran": RAN} |
                                      {"dir": D, "error": "why", "ran": RAN}]}

A model ORT cannot infer gets an "error". RAN is the ground truth at the test point: the model run
by ONNX Runtime (graph optimizations off, every node output made a graph output) on
test_data_set_0's inputs, each tensor value's real shape, {name: [int, ...]}; or {"error": "why"}
where the run fails. The exit status is 0 unless the arguments are wrong (2) or onnxruntime, onnx
or sympy cannot be imported (3, the reason on stderr).
"""
import json
import os
import sys
import time
import traceback


def dims_of(vi):
    t = vi.type.tensor_type
    if not vi.type.HasField("tensor_type") or not t.HasField("shape"):
        return None
    return [d.dim_value if d.HasField("dim_value") else d.dim_param if d.HasField("dim_param") else None
            for d in t.shape.dim]


def at_point(dims, sizes, sympy, cache):
    """Each dim's number at the point: an int stays, an expression is evaluated, else None."""
    if dims is None:
        return None
    out = []
    for d in dims:
        if isinstance(d, int) or d is None:
            out.append(d)
            continue
        if d not in cache:
            try:
                e = sympy.sympify(d, locals={s: sympy.Symbol(s) for s in sizes})
                v = e.subs({sympy.Symbol(k): n for k, n in sizes.items()})
                cache[d] = int(v) if v.is_number and v == int(v) else None
            except Exception:  # a made-up name (unk__3) or a string sympy does not read
                cache[d] = None
        out.append(cache[d])
    return out


def one(d, onnx, sympy, ssi):
    model = onnx.load(os.path.join(d, "model.onnx"))
    del model.graph.value_info[:]
    for o in model.graph.output:
        o.type.tensor_type.ClearField("shape")
    with open(os.path.join(d, "onnx_shapes.json")) as f:
        sizes = json.load(f)["sizes"]["test"]
    start = time.perf_counter()
    m = ssi.SymbolicShapeInference.infer_shapes(model, auto_merge=True)
    ms = (time.perf_counter() - start) * 1000
    if m is None:
        raise RuntimeError("infer_shapes returned no model (incomplete symbolic shape inference)")
    inits = {t.name for t in m.graph.initializer}
    values, test, cache = {}, {}, {}
    for vi in list(m.graph.input) + list(m.graph.value_info) + list(m.graph.output):
        if vi.name in inits:
            continue
        values[vi.name] = dims_of(vi)
        test[vi.name] = at_point(values[vi.name], sizes, sympy, cache)
    return {"dir": d, "ms": round(ms, 3), "values": values, "test": test}


def ran(d, onnx, onnxruntime):
    """Every node output's shape when ORT runs the model on the test inputs (see the docstring)."""
    import glob
    from onnx import numpy_helper
    try:
        model = onnx.load(os.path.join(d, "model.onnx"))
        have = {o.name for o in model.graph.output}
        for n in model.graph.node:
            for o in n.output:
                if o and o not in have:
                    model.graph.output.append(onnx.ValueInfoProto(name=o))
                    have.add(o)
        so = onnxruntime.SessionOptions()
        so.graph_optimization_level = onnxruntime.GraphOptimizationLevel.ORT_DISABLE_ALL
        so.log_severity_level = 3
        sess = onnxruntime.InferenceSession(model.SerializeToString(), so, providers=["CPUExecutionProvider"])
        feeds, names = {}, [i.name for i in sess.get_inputs()]
        for k, f in enumerate(sorted(glob.glob(os.path.join(d, "test_data_set_0", "input_*.pb")))):
            t = onnx.TensorProto()
            with open(f, "rb") as fh:
                t.ParseFromString(fh.read())
            feeds[t.name if t.name in names else names[k]] = numpy_helper.to_array(t)
        outs = [o.name for o in sess.get_outputs()]
        shapes = {name: [int(x) for x in v.shape] for name, v in feeds.items()}
        for name, v in zip(outs, sess.run(outs, feeds)):
            if hasattr(v, "shape"):
                shapes[name] = [int(x) for x in v.shape]
        return shapes
    except Exception as e:
        msg = str(e).strip().splitlines()
        return {"error": type(e).__name__ + (": " + msg[0][:300] if msg else "")}


def main(argv):
    dirs = [a for a in argv if not a.startswith("--")]
    if len(dirs) != len(argv) or not dirs:
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 2
    try:
        import onnx
        import onnxruntime
        import onnxruntime.tools.symbolic_shape_infer as ssi
        import sympy
    except ImportError as e:
        print("%s has no %s (%s)" % (sys.executable, getattr(e, "name", None) or "module", e), file=sys.stderr)
        return 3
    out = []
    for d in dirs:
        try:
            out.append(one(d, onnx, sympy, ssi))
        except Exception as e:  # one model ORT cannot infer does not hide the others
            msg = str(e).strip().splitlines()
            where = traceback.extract_tb(e.__traceback__)[-1]  # a bare AssertionError says nothing else
            out.append({"dir": d, "error": type(e).__name__ + (": " + msg[0][:300] if msg else "")
                        + " (in %s, %s:%d)" % (where.name, os.path.basename(where.filename), where.lineno)})
        out[-1]["ran"] = ran(d, onnx, onnxruntime)
    json.dump({"ortVersion": onnxruntime.__version__, "models": out}, sys.stdout)
    print()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
