#!/usr/bin/python3
"""Times PyTorch's forward pass of corpus models, for `shapeforge bench models` (issue 29).

Usage: scripts/torch-forward-time.py [--threads 1,2] [--reps N] [--min-time S] MODEL_DIR...

Each MODEL_DIR is a corpus folder made by scripts/export-models.py (NAME/model.onnx and
NAME/test_data_set_0/); its last path component names the model in export-models' SPECS. The network
is rebuilt exactly as export-models does it (the same seeds, build and randomise), its inputs are read
from test_data_set_0/input_k.pb (the very tensors the ONNX run gets), and its outputs are checked against
test_data_set_0/output_k.pb (normwise relative error within 1e-3; the reference is torch's float64 answer
rounded to float32, so float32 torch is within about 1e-4 of it; an output whose values match only once
sorted — detections with tied scores in another order — passes, listed in "comparedSorted"): a model that
does not reproduce its exported outputs is not the network that was exported, and gets an error
instead of times. Then, per thread count
(torch.set_num_threads), `model(*inputs)` under torch.no_grad(): 3 untimed warm-up calls, then at least N
timed calls and more until S seconds have passed (at most 500); the process's CPU time over
the timed calls, per call (cpuMs: all threads, the steadier measure on a loaded machine). Prints one JSON document on stdout:

  {"torchVersion": "1.13.1", "models": [
     {"model": NAME, "dir": DIR, "check": {"maxRel": x, "tolerance": t, "passed": true, "outputs": k,
                                          "comparedSorted": [output indices]},
      "threads": {"1": {"medianMs": x, "minMs": y, "cpuMs": c, "runs": n}, ...}} |
     {"model": NAME, "dir": DIR, "error": "why"}]}

Python is only the yardstick: nothing of the product runs here. Exit 0 unless the arguments are
wrong (2) or torch, torchvision or onnx cannot be imported (3, the reason on stderr). Progress goes to
stderr.
"""
import importlib.util
import json
import os
import statistics
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
# The repository root holds a folder named onnx/ (the Java module); with the root (or '') on sys.path
# it would shadow the onnx package. Only this script's own folder and the system paths are searched.
_root = os.path.dirname(HERE)
sys.path[:] = [p for p in sys.path if p not in ("", ".") and os.path.abspath(p) != _root]

# Matches the tolerance of `shapeforge run`: torch's own float32 result is within it of the float64
# reference for every corpus model (efficientnet_b0, the farthest, is 1.1e-4 off; see export-models).
if HERE not in sys.path:
    sys.path.insert(0, HERE)  # this folder's modules, even under -I
from forward_time_args import Usage, parse  # noqa: E402 (after the path is cleaned)

TOLERANCE = 1e-3


def log(msg):
    print("torch-forward-time: " + msg, file=sys.stderr, flush=True)


def load_export_models():
    spec = importlib.util.spec_from_file_location("export_models", os.path.join(HERE, "export-models.py"))
    em = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(em)
    return em


def rel_error(got, want):
    """Normwise relative error ||got - want||_inf / max(||want||_inf, 1e-30); inf when the shapes differ."""
    if tuple(got.shape) != tuple(want.shape):
        return float("inf")
    got, want = got.double(), want.double()
    scale = max(want.abs().max().item() if want.numel() else 0.0, 1e-30)
    return (got - want).abs().max().item() / scale if want.numel() else 0.0


def check_outputs(got, wants):
    """Every output against its reference. An output off in place but within the tolerance once both
    sides' values are sorted passes as "sorted": detections whose scores tie in float32 come out in
    another order than the float64 reference's (ssdlite's boxes), the same values all the same."""
    worst, sorted_used = 0.0, []
    for k, (g, w) in enumerate(zip(got, wants)):
        e = rel_error(g, w)
        if e > TOLERANCE and tuple(g.shape) == tuple(w.shape):
            s = rel_error(g.flatten().sort().values, w.flatten().sort().values)
            if s <= TOLERANCE:
                e = s
                sorted_used.append(k)
        worst = max(worst, e)
    if len(got) != len(wants):
        worst = float("inf")
    return {"maxRel": worst if worst != float("inf") else None, "tolerance": TOLERANCE, "passed": worst <= TOLERANCE,
            "outputs": len(wants), "comparedSorted": sorted_used}


def measure(em, torch, onnx_helper, d, threads, reps, min_time):
    name = os.path.basename(os.path.normpath(d))
    specs = {s.name: s for s in em.SPECS}
    if name not in specs:
        return {"model": name, "dir": d, "error": "not a model of scripts/export-models.py (known: %s)" % ", ".join(specs)}
    s = specs[name]
    data = os.path.join(d, "test_data_set_0")
    torch.manual_seed(em.seed_of(s.name))
    gen = torch.Generator().manual_seed(em.seed_of(s.name))
    model = s.build()
    em.randomise(model, s, gen)
    xs = []
    for k in range(len(s.inputs)):
        with open(os.path.join(data, "input_%d.pb" % k), "rb") as f:
            t = onnx_helper.TensorProto()
            t.ParseFromString(f.read())
        xs.append(torch.from_numpy(onnx_helper.numpy_helper.to_array(t).copy()))
    wants = []
    while os.path.exists(os.path.join(data, "output_%d.pb" % len(wants))):
        with open(os.path.join(data, "output_%d.pb" % len(wants)), "rb") as f:
            t = onnx_helper.TensorProto()
            t.ParseFromString(f.read())
        wants.append(torch.from_numpy(onnx_helper.numpy_helper.to_array(t).copy()))
    if not wants:
        return {"model": name, "dir": d, "error": "no output_0.pb in %s to check the rebuilt network against" % data}
    args = s.args(xs)
    with torch.no_grad():
        got = em.flat(model(*args))
    check = check_outputs(got, wants)
    if not check["passed"]:
        return {"model": name, "dir": d, "check": check,
                "error": "the rebuilt network's outputs are %s off the exported ones: not the exported network"
                         % ("of another shape or count" if check["maxRel"] is None else "%.3g" % check["maxRel"])}
    per = {}
    with torch.no_grad():
        for n in threads:
            torch.set_num_threads(n)
            for _ in range(3):
                model(*args)
            ts = []
            start, cpu0 = time.perf_counter(), time.process_time()
            while len(ts) < reps or (time.perf_counter() - start < min_time and len(ts) < 500):
                t0 = time.perf_counter()
                model(*args)
                ts.append((time.perf_counter() - t0) * 1000)
            cpu = (time.process_time() - cpu0) * 1000 / len(ts)
            per[str(n)] = {"medianMs": statistics.median(ts), "minMs": min(ts), "cpuMs": cpu, "runs": len(ts)}
    return {"model": name, "dir": d, "check": check, "threads": per}


def main(argv):
    try:
        threads, reps, min_time, dirs = parse(argv, __doc__.strip().splitlines()[2])
    except Usage as e:
        print(str(e), file=sys.stderr)
        return 2
    try:
        import torch
        import onnx
        import onnx.numpy_helper
        em = load_export_models()
    except ImportError as e:
        print("python3-torch not importable: " + str(e), file=sys.stderr)
        return 3
    out = []
    for i, d in enumerate(dirs):
        log("[%d/%d] %s" % (i + 1, len(dirs), d))
        try:
            out.append(measure(em, torch, onnx, d, threads, reps, min_time))
        except Exception as e:  # one model that cannot be rebuilt does not hide the others' times
            msg = str(e).splitlines()[0] if str(e) else ""
            out.append({"model": os.path.basename(os.path.normpath(d)), "dir": d,
                        "error": type(e).__name__ + (": " + msg if msg else "")})
    json.dump({"torchVersion": torch.__version__, "models": out}, sys.stdout)
    print()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
