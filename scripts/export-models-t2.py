#!/usr/bin/env python3
"""Exports the real-size corpus (scripts/corpus_real.py) with torch 2's exporter, for
`shapeforge conformance --models`: torch.onnx.export(..., dynamo=True) with the dynamic axes as
torch.export.Dim (one Dim per dim_param, shared by the inputs that name it).

Usage: PYTHON scripts/export-models-t2.py OUTDIR [--models a,b,...] [--list]

PYTHON: a venv with torch 2 (2.14), torchvision (0.29), onnxscript and onnx (1.23), e.g.
  python3 -m venv /tmp/venv-t2; /tmp/venv-t2/bin/pip install --no-deps torch torchvision;
  then their pure-Python dependencies, onnxscript and onnx (and the nvidia wheels torch's import
  demands, also --no-deps).
Everything else is scripts/export-models.py's (same seeds, weights, test data, onnx_shapes.json),
with the exporter swapped. Where torch.export refuses the named Dims (a model valid only for, say,
heights divisible by 8: torch asks for a derived Dim), the model is exported again with the axes
given by name only (torch.onnx's string form: dynamic, named in the file, relations left to
torch.export); onnx_shapes.json's "dynamic_shapes" says which ("Dim" or "named"). A model whose
export fails either way is logged ("FAILED", with the reason) and skipped (exit status 1).
"""
import importlib.util
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("export_models", os.path.join(HERE, "export-models.py"))
em = importlib.util.module_from_spec(spec)
spec.loader.exec_module(em)

import json  # noqa: E402
import warnings  # noqa: E402

import torch  # noqa: E402

MODES = {}  # model file -> how its dynamic shapes were given


def structured(args, axes, leaf):
    """args' structure (tuples, lists) with each tensor, in order, replaced by leaf(its axes)."""
    it = iter(axes)

    def walk(a):
        if isinstance(a, torch.Tensor):
            return leaf(next(it))
        if isinstance(a, (list, tuple)):
            return type(a)(walk(x) for x in a)
        raise TypeError("unsupported argument %r" % type(a))

    return walk(args)


def dynamo_export(model, args, path, in_names, out_names, dynamic):
    """torch.onnx.export(dynamo=True): named torch.export.Dim first, else the axes named by string."""
    axes = [dynamic[n] for n in in_names]
    dims = {}

    def with_dims(ax):
        return {a: dims.setdefault(p, torch.export.Dim(p)) for a, p in ax.items()}

    def with_names(ax):
        return {a: p for a, p in ax.items()}

    errors = []
    for mode, leaf in (("Dim", with_dims), ("named", with_names)):
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                torch.onnx.export(model, args, path, dynamo=True, dynamic_shapes=structured(args, axes, leaf),
                                  input_names=in_names, output_names=out_names, external_data=False, verbose=False)
            MODES[path] = mode if not errors else mode + " (Dim refused: " + errors[0] + ")"
            return
        except Exception as e:  # torch.export's constraint violations; try the next form
            while e.__cause__ is not None:  # torch.onnx wraps the exporter's own error: name that one
                e = e.__cause__
            errors.append(type(e).__name__ + ": " + (str(e).strip().splitlines() or [""])[0][:300])
    raise RuntimeError("; ".join(errors))


def main():
    import argparse
    ap = argparse.ArgumentParser(description="Export the real-size corpus with torch 2's exporter (see the docstring).")
    ap.add_argument("outdir")
    ap.add_argument("--models", help="comma-separated names (default: all; --list shows them)")
    ap.add_argument("--list", action="store_true", help="print the model names and exit")
    a = ap.parse_args()
    a.real, a.small = True, False
    specs = em.selected(a)
    if a.list:
        print("\n".join(s.name for s in specs))
        return
    torch.set_num_threads(1)
    em.log("torch %s, dynamo=True" % torch.__version__)
    failed = []
    for s in specs:  # one at a time, so that each file records how its dynamic shapes were given at once
        failed += em.run_all([s], a.outdir, dynamo_export)
        f = os.path.join(a.outdir, s.name, "onnx_shapes.json")
        mode = MODES.get(os.path.join(a.outdir, s.name, "model.onnx"))
        if mode and os.path.exists(f) and s.name not in failed:
            with open(f) as fh:
                doc = json.load(fh)
            doc["exporter"] = "torch %s dynamo=True" % torch.__version__
            doc["dynamic_shapes"] = mode
            with open(f, "w") as fh:
                json.dump(doc, fh, indent=1, sort_keys=True)
    if failed:
        sys.exit(1)


if __name__ == "__main__":
    main()
