#!/usr/bin/python3
"""Times ONNX Runtime's CPU execution provider on corpus models, for `shapeforge bench models` (issue 40).

Usage: scripts/ort-forward-time.py [--threads 1,2] [--reps N] [--min-time S] MODEL_DIR...

Each MODEL_DIR holds model.onnx and test_data_set_0/ (input_k.pb, output_k.pb), as
scripts/export-models.py and export-models-t2.py write them. This is what a user would run instead of
our generated code: per thread count N, an InferenceSession on the CPU execution provider with
intra_op_num_threads = N, inter_op_num_threads = 1, sequential execution and the default graph
optimisations (ORT_ENABLE_ALL) — its creation timed (sessionMs: the "time to first answer" yardstick
against our `prepare`) — then the outputs checked against output_k.pb (normwise relative error within
1e-3, as torch-forward-time.py checks torch: a session whose answer is off gets an error instead of
times), 3 untimed warm-up runs, then at least N timed runs and more until S seconds have passed (at
most 500); the median, the fastest, and the process's CPU time per run (all threads). Each thread
count's session is checked to run with that many intra-op threads: the session option read back, and
the CPU time per run at most N times the wall time plus a margin (a session that used more cores than
asked is an error, not a fast time).

Prints one JSON document on stdout:

  {"ortVersion": "1.30.0", "models": [
     {"model": NAME, "dir": DIR, "check": {"maxRel": x, "tolerance": t, "passed": true, "outputs": k},
      "threads": {"1": {"sessionMs": s, "medianMs": x, "minMs": y, "cpuMs": c, "runs": n}, ...}} |
     {"model": NAME, "dir": DIR, "error": "why"}]}

Python is only the yardstick: nothing of the product runs here. Exit 0 unless the arguments are wrong
(2) or onnxruntime / onnx / numpy cannot be imported (3, the reason on stderr). Progress goes to stderr.
"""
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

if HERE not in sys.path:
    sys.path.insert(0, HERE)  # this folder's modules, even under -I
from forward_time_args import Usage, parse  # noqa: E402 (after the path is cleaned)

TOLERANCE = 1e-3
MOST_RUNS = 500


def log(msg):
    print("ort-forward-time: " + msg, file=sys.stderr, flush=True)


def read_tensors(onnx, numpy_helper, data, prefix):
    out = []
    while os.path.exists(os.path.join(data, "%s_%d.pb" % (prefix, len(out)))):
        t = onnx.TensorProto()
        with open(os.path.join(data, "%s_%d.pb" % (prefix, len(out))), "rb") as f:
            t.ParseFromString(f.read())
        out.append(numpy_helper.to_array(t))
    return out


def rel_error(np, got, want):
    if tuple(got.shape) != tuple(want.shape):
        return float("inf")
    if want.size == 0:
        return 0.0
    g, w = got.astype(np.float64), want.astype(np.float64)
    scale = max(float(np.max(np.abs(w))), 1e-30)
    return float(np.max(np.abs(g - w))) / scale


def check_outputs(np, got, wants):
    """As torch-forward-time.py: an output off in place but within tolerance once sorted passes
    (detections whose float32 scores tie, in another order than the float64 reference's)."""
    worst = 0.0
    for g, w in zip(got, wants):
        e = rel_error(np, g, w)
        if e > TOLERANCE and tuple(g.shape) == tuple(w.shape):
            e = min(e, rel_error(np, np.sort(g.flatten()), np.sort(w.flatten())))
        worst = max(worst, e)
    if len(got) != len(wants):
        worst = float("inf")
    return {"maxRel": worst if worst != float("inf") else None, "tolerance": TOLERANCE, "passed": worst <= TOLERANCE,
            "outputs": len(wants)}


def session(ort, path, n):
    so = ort.SessionOptions()
    so.intra_op_num_threads = n
    so.inter_op_num_threads = 1
    so.execution_mode = ort.ExecutionMode.ORT_SEQUENTIAL
    so.graph_optimization_level = ort.GraphOptimizationLevel.ORT_ENABLE_ALL
    # Spinning worker threads burn the other core while waiting; our kernels and torch's helper run
    # with OMP_WAIT_POLICY=passive on shared cores, so ORT's pool does not spin either.
    so.add_session_config_entry("session.intra_op.allow_spinning", "0")
    t0 = time.perf_counter()
    s = ort.InferenceSession(path, sess_options=so, providers=["CPUExecutionProvider"])
    return s, (time.perf_counter() - t0) * 1000, so.intra_op_num_threads


def measure(ort, onnx, numpy_helper, np, d, threads, reps, min_time):
    name = os.path.basename(os.path.normpath(d))
    path = os.path.join(d, "model.onnx")
    data = os.path.join(d, "test_data_set_0")
    if not os.path.isfile(path):
        return {"model": name, "dir": d, "error": "no model.onnx in " + d}
    xs = read_tensors(onnx, numpy_helper, data, "input")
    wants = read_tensors(onnx, numpy_helper, data, "output")
    if not wants:
        return {"model": name, "dir": d, "error": "no output_0.pb in %s to check ONNX Runtime against" % data}
    per, check = {}, None
    for n in threads:
        s, session_ms, asked = session(ort, path, n)
        if asked != n:
            return {"model": name, "dir": d, "error": "intra_op_num_threads reads %d, not %d" % (asked, n)}
        feeds = {i.name: x for i, x in zip(s.get_inputs(), xs)}
        if len(feeds) != len(s.get_inputs()):
            return {"model": name, "dir": d, "error": "%d inputs in the model, %d in %s" % (len(s.get_inputs()), len(xs), data)}
        got = s.run(None, feeds)
        c = check_outputs(np, got, wants)
        if check is None or (c["maxRel"] or float("inf")) > (check["maxRel"] or float("inf")):
            check = c
        if not c["passed"]:
            return {"model": name, "dir": d, "check": c, "error": "ONNX Runtime's outputs are %s off the expected ones"
                    % ("of another shape or count" if c["maxRel"] is None else "%.3g" % c["maxRel"])}
        for _ in range(3):
            s.run(None, feeds)
        ts = []
        start, cpu0 = time.perf_counter(), time.process_time()
        while len(ts) < reps or (time.perf_counter() - start < min_time and len(ts) < MOST_RUNS):
            t0 = time.perf_counter()
            s.run(None, feeds)
            ts.append((time.perf_counter() - t0) * 1000)
        wall = (time.perf_counter() - start) * 1000 / len(ts)
        cpu = (time.process_time() - cpu0) * 1000 / len(ts)
        if cpu > n * wall * 1.25 + 1.0:
            return {"model": name, "dir": d, "error": "at %d threads the session took %.1f ms CPU per %.1f ms run: more cores than asked"
                    % (n, cpu, wall)}
        per[str(n)] = {"sessionMs": session_ms, "medianMs": statistics.median(ts), "minMs": min(ts), "cpuMs": cpu,
                       "runs": len(ts)}
        del s
    return {"model": name, "dir": d, "check": check, "threads": per}


def main(argv):
    try:
        threads, reps, min_time, dirs = parse(argv, __doc__.strip().splitlines()[2])
    except Usage as e:
        print(str(e), file=sys.stderr)
        return 2
    try:
        import numpy as np
        import onnx
        from onnx import numpy_helper
        import onnxruntime as ort
    except ImportError as e:
        print("onnxruntime not importable: " + str(e), file=sys.stderr)
        return 3
    ort.set_default_logger_severity(3)
    out = []
    for i, d in enumerate(dirs):
        log("[%d/%d] %s" % (i + 1, len(dirs), d))
        try:
            out.append(measure(ort, onnx, numpy_helper, np, d, threads, reps, min_time))
        except Exception as e:  # one model ORT cannot load does not hide the others' times
            msg = str(e).splitlines()[0] if str(e) else ""
            out.append({"model": os.path.basename(os.path.normpath(d)), "dir": d,
                        "error": type(e).__name__ + (": " + msg[:300] if msg else "")})
    json.dump({"ortVersion": ort.__version__, "models": out}, sys.stdout)
    print()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
