#!/usr/bin/python3
"""Exports a corpus of real networks to ONNX, deterministically, for `shapeforge conformance --models`.

Usage: scripts/export-models.py OUTDIR [--models a,b,...] [--small | --real] [--list]

Needs Debian's python3-torch (1.13), python3-torchvision (0.14) and python3-onnx (1.12); no pip.
Each model is built with fixed seeds and random weights (BatchNorm statistics from a seeded
calibration batch in train mode, then eval(); a parameter left all zero by its initialiser is
redrawn), exported by torch.onnx.export at opset 14 (torch 1.13's default) with `batch` (and `seq`,
`height`, `width` where stated) as dynamic axes, and written as

  OUTDIR/<name>/model.onnx
  OUTDIR/<name>/test_data_set_0/input_k.pb, output_k.pb   (ONNX test-data layout; the outputs are
                                                          torch's in float64, rounded to float32)
  OUTDIR/<name>/onnx_shapes.json

onnx_shapes.json holds what onnx.shape_inference.infer_shapes (data_prop=True) gives for every value
of the exported file with torch's own value_info removed — a dim is an int, a dim_param string or
null; a value without a shape is null — and how long that took (ms). So that a symbolic dim can be
checked without Python, it also holds the sizes of the test case ("test": the dynamic axes' sizes
of input_k.pb) and of a second point ("probe"), and every value's shape inferred by ONNX with the
inputs fixed at each point ("concrete").

--small exports the few small, fast models the default tests run. --real exports instead the
real-size corpus of scripts/corpus_real.py (224 x 224 images, 16000-sample audio, 128 tokens, ...; an
input may be drawn by its own function: token ids, a padding mask, timesteps). A model whose export
fails is logged with the reason ("FAILED") and skipped; the exit status is then 1. Progress goes to
stderr.
"""
import argparse
import copy
import json
import os
import sys
import time
import zlib

import onnx
import onnx.numpy_helper
import onnx.shape_inference
import torch
import torch.nn as nn
import torch.nn.functional as F
import torchvision

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))  # corpus_real, corpus_modules (also under -I)

OPSET = 14


class Spec:
    """One model: how to build it, its inputs (name, test dims, dynamic axes) and the probe sizes."""

    def __init__(self, name, build, inputs, outputs, probe, small=False, calibrate=None, args=None):
        self.name, self.build, self.inputs = name, build, inputs
        self.outputs = list(outputs)
        self.out_axes = outputs  # output name -> {axis: dim_param}
        self.probe, self.small, self.calibrate = probe, small, calibrate
        self.args = args or (lambda xs: tuple(xs))


def draw(inputs, gen, batch=None):
    """One tensor per input (name, dims, axes[, make]); batch replaces the first dim when given."""
    out = []
    for inp in inputs:
        dims = list(inp[1]) if batch is None else [batch] + list(inp[1][1:])
        out.append(inp[3](gen, dims) if len(inp) > 3 else torch.randn(dims, generator=gen))
    return out


def cnn(build, size=32, hw=None, small=False):
    """An image classifier on [batch, 3, size, size]; hw=(h, w): height and width dynamic too."""
    if hw is None:
        return dict(build=build, inputs=[("input", [2, 3, size, size], {0: "batch"})], outputs={"logits": {0: "batch"}},
                    probe={"batch": 3}, small=small)
    h, w = hw
    return dict(build=build, inputs=[("input", [2, 3, h, w], {0: "batch", 2: "height", 3: "width"})],
                outputs={"logits": {0: "batch"}}, probe={"batch": 3, "height": h + 32, "width": w + 16}, small=small)


class SmallCnn(nn.Module):
    """Conv-BN-ReLU, a residual Add, max pooling, global pooling, Flatten and a Linear head."""

    def __init__(self):
        super().__init__()
        self.stem = nn.Sequential(nn.Conv2d(3, 8, 3, padding=1), nn.BatchNorm2d(8), nn.ReLU())
        self.c1 = nn.Sequential(nn.Conv2d(8, 8, 3, padding=1), nn.BatchNorm2d(8), nn.ReLU())
        self.c2 = nn.Sequential(nn.Conv2d(8, 8, 3, padding=1), nn.BatchNorm2d(8))
        self.down = nn.Sequential(nn.Conv2d(8, 16, 3, stride=2, padding=1), nn.BatchNorm2d(16), nn.ReLU())
        self.pool = nn.MaxPool2d(2, ceil_mode=True)
        self.head = nn.Linear(16, 10)

    def forward(self, x):
        x = self.stem(x)
        x = F.relu(x + self.c2(self.c1(x)))
        x = self.pool(self.down(x))
        x = F.adaptive_avg_pool2d(x, 1).flatten(1)
        return self.head(x)


class Recurrent(nn.Module):
    """A bidirectional LSTM or GRU returning its sequence output and final state(s)."""

    def __init__(self, rnn):
        super().__init__()
        self.rnn = rnn

    def forward(self, x):
        # an explicit zero state of the input's batch: torch's default state is a constant of the
        # export's batch size, which pins the dynamic batch (torch warns about it)
        r = self.rnn
        batch = x.shape[0] if r.batch_first else x.shape[1]
        h0 = x.new_zeros(r.num_layers * (2 if r.bidirectional else 1), batch, r.hidden_size)
        y, h = r(x, (h0, h0) if isinstance(r, nn.LSTM) else h0)
        return (y,) + (tuple(h) if isinstance(h, tuple) else (h,))


def transformer_encoder():
    # activation as a plain callable keeps torch 1.13 off its fused inference path (no ONNX export)
    layer = nn.TransformerEncoderLayer(d_model=32, nhead=4, dim_feedforward=64, dropout=0.0, batch_first=True,
                                       activation=lambda t: F.relu(t))
    return nn.TransformerEncoder(layer, num_layers=2, enable_nested_tensor=False)


def vit():
    return torchvision.models.VisionTransformer(image_size=32, patch_size=8, num_layers=4, num_heads=4, hidden_dim=64,
                                                mlp_dim=128, num_classes=10)


def ssdlite():
    return torchvision.models.detection.ssdlite320_mobilenet_v3_large(weights=None, weights_backbone=None,
                                                                      num_classes=5)


def calibrate_ssdlite(model, gen):
    """Backbone and head BatchNorm statistics from a seeded batch at the network's own 320 px."""
    batch = torch.randn(4, 3, 320, 320, generator=gen)
    model.backbone.train()
    model.head.train()
    with torch.no_grad():
        model.head(list(model.backbone(batch).values()))


tv = torchvision.models
SPECS = [
    Spec("resnet18", **cnn(lambda: tv.resnet18(num_classes=10))),
    Spec("resnet50", **cnn(lambda: tv.resnet50(num_classes=10))),
    Spec("mobilenet_v2", **cnn(lambda: tv.mobilenet_v2(num_classes=10))),
    Spec("mobilenet_v3_small", **cnn(lambda: tv.mobilenet_v3_small(num_classes=10))),
    Spec("efficientnet_b0", **cnn(lambda: tv.efficientnet_b0(num_classes=10))),
    Spec("squeezenet1_1", **cnn(lambda: tv.squeezenet1_1(num_classes=10), small=True)),
    Spec("densenet121", **cnn(lambda: tv.densenet121(num_classes=10))),
    Spec("resnet18_hw", **cnn(lambda: tv.resnet18(num_classes=10), hw=(64, 48))),
    Spec("mobilenet_v2_hw", **cnn(lambda: tv.mobilenet_v2(num_classes=10), hw=(64, 48))),
    Spec("small_cnn_hw", **cnn(SmallCnn, hw=(20, 12), small=True)),
    Spec("vit", **cnn(vit)),
    Spec("transformer_encoder", transformer_encoder, [("input", [2, 7, 32], {0: "batch", 1: "seq"})], {"output": {0: "batch", 1: "seq"}},
         {"batch": 3, "seq": 5}, small=True),
    Spec("lstm", lambda: Recurrent(nn.LSTM(8, 16, bidirectional=True)),
         [("input", [7, 2, 8], {0: "seq", 1: "batch"})],
         {"y": {0: "seq", 1: "batch"}, "h": {1: "batch"}, "c": {1: "batch"}}, {"batch": 3, "seq": 5}),
    Spec("gru", lambda: Recurrent(nn.GRU(8, 16, bidirectional=True, batch_first=True)),
         [("input", [2, 7, 8], {0: "batch", 1: "seq"})],
         {"y": {0: "batch", 1: "seq"}, "h": {1: "batch"}}, {"batch": 3, "seq": 5}, small=True),
    Spec("ssdlite320_mobilenet_v3_large", ssdlite, [("image", [3, 120, 160], {1: "height", 2: "width"})],
         {o: {0: "detections"} for o in ("boxes", "scores", "labels")}, {"height": 200, "width": 240}, calibrate=calibrate_ssdlite,
         args=lambda xs: (list(xs),)),
]


def log(msg):
    print("export-models: " + msg, file=sys.stderr, flush=True)


def seed_of(name):
    return zlib.crc32(name.encode())


def randomise(model, spec, gen):
    """No all-zero parameter; BatchNorm statistics from a seeded calibration batch; eval()."""
    with torch.no_grad():
        for p in model.parameters():
            if p.numel() > 1 and torch.count_nonzero(p) == 0:
                p.copy_(torch.randn(p.shape, generator=gen) * 0.02)
    bns = [m for m in model.modules() if isinstance(m, nn.modules.batchnorm._BatchNorm)]
    for m in bns:
        m.reset_running_stats()
        m.momentum = None  # cumulative average: one batch gives exactly its statistics
    if bns:
        if spec.calibrate is not None:
            spec.calibrate(model, gen)
        else:
            batch = draw(spec.inputs, gen, batch=8)
            model.train()
            with torch.no_grad():
                model(*spec.args(batch))
    model.eval()


def flat(out):
    if isinstance(out, torch.Tensor):
        return [out]
    if isinstance(out, dict):
        return [t for v in out.values() for t in flat(v)]
    return [t for o in out for t in flat(o)]


def shape_of(vi):
    """A ValueInfoProto's shape: dims as int, dim_param str or None; None without a shape."""
    t = vi.type.tensor_type
    if not vi.type.HasField("tensor_type") or not t.HasField("shape"):
        return None
    return [d.dim_value if d.HasField("dim_value") else d.dim_param if d.HasField("dim_param") else None
            for d in t.shape.dim]


def inferred(model):
    """Every non-initializer value's shape after infer_shapes(data_prop=True); the time in ms."""
    start = time.perf_counter()
    m = onnx.shape_inference.infer_shapes(model, data_prop=True)
    ms = (time.perf_counter() - start) * 1000
    inits = {t.name for t in m.graph.initializer}
    shapes = {}
    for vi in list(m.graph.input) + list(m.graph.value_info) + list(m.graph.output):
        if vi.name not in inits:
            shapes[vi.name] = shape_of(vi)
    return shapes, ms


def stripped(model):
    """The model without torch's value_info and with the outputs' shapes cleared: ONNX infers alone."""
    m = copy.deepcopy(model)
    del m.graph.value_info[:]
    for o in m.graph.output:
        o.type.tensor_type.ClearField("shape")
    return m


def fixed(model, sizes):
    """The stripped model with every dynamic input axis fixed to sizes[dim_param]."""
    m = stripped(model)
    for vi in m.graph.input:
        for d in vi.type.tensor_type.shape.dim:
            if d.HasField("dim_param") and d.dim_param in sizes:
                d.dim_value = sizes[d.dim_param]
    return m


def reference(model, spec, xs, outs):
    """The expected outputs: the model evaluated in float64, rounded to float32.

    torch's own float32 result can be further from the exact one than the comparison's 1e-4
    (efficientnet_b0 with these weights: 1.1e-4 normwise), so it would fail a correct float32
    implementation; float64 is the exact answer to float32's precision. Where float64 changes a
    data-dependent output size (detections), float32's outputs are kept, and that is logged.
    """
    with torch.no_grad():
        exact = flat(copy.deepcopy(model).double()(*spec.args([x.double() if x.is_floating_point() else x for x in xs])))
    if len(exact) != len(outs) or any(a.shape != b.shape for a, b in zip(exact, outs)):
        log("%s: float64 outputs differ in shape from float32's; the reference is float32's" % spec.name)
        return outs
    return [e.to(o.dtype) for e, o in zip(exact, outs)]


def torch_export(model, args, path, in_names, out_names, dynamic):
    """torch 1.13's exporter (TorchScript tracing) at OPSET with the dynamic axes named."""
    torch.onnx.export(model, args, path, input_names=in_names, output_names=out_names,
                      dynamic_axes=dynamic, opset_version=OPSET, do_constant_folding=True)


def export(spec, outdir, exporter=torch_export):
    torch.manual_seed(seed_of(spec.name))
    gen = torch.Generator().manual_seed(seed_of(spec.name))
    model = spec.build()
    randomise(model, spec, gen)
    xs = draw(spec.inputs, gen)
    with torch.no_grad():
        outs = flat(model(*spec.args(xs)))
        other = flat(model(*spec.args(draw(spec.inputs, gen))))
    if all(a.shape == b.shape and torch.allclose(a, b) for a, b in zip(outs, other)):
        raise SystemExit("export-models: %s: the outputs do not depend on the input" % spec.name)
    d = os.path.join(outdir, spec.name)
    os.makedirs(os.path.join(d, "test_data_set_0"), exist_ok=True)
    path = os.path.join(d, "model.onnx")
    dynamic = {inp[0]: dict(inp[2]) for inp in spec.inputs}
    in_names = [inp[0] for inp in spec.inputs]
    dynamic.update(spec.out_axes)
    start = time.perf_counter()
    exporter(model, spec.args(xs), path, in_names, spec.outputs, dynamic)
    export_ms = (time.perf_counter() - start) * 1000
    for k, x in enumerate(xs):
        t = onnx.numpy_helper.from_array(x.numpy(), in_names[k])
        with open(os.path.join(d, "test_data_set_0", "input_%d.pb" % k), "wb") as f:
            f.write(t.SerializeToString())
    for k, y in enumerate(reference(model, spec, xs, outs)):
        t = onnx.numpy_helper.from_array(y.numpy(), spec.outputs[k])
        with open(os.path.join(d, "test_data_set_0", "output_%d.pb" % k), "wb") as f:
            f.write(t.SerializeToString())
    m = onnx.load(path)
    test = {}
    for inp in spec.inputs:
        name, dims, axes = inp[:3]
        for axis, param in axes.items():
            test[param] = dims[axis]
    shapes, ms = inferred(stripped(m))
    doc = {
        "model": spec.name,
        "opset": next((o.version for o in m.opset_import if o.domain in ("", "ai.onnx")), None),
        "nodes": len(m.graph.node),
        "inputs": {i[0]: {"dims": i[1], "dynamic": {str(a): p for a, p in i[2].items()}} for i in spec.inputs},
        "options": {"data_prop": True},
        "infer_ms": round(ms, 3),
        "values": shapes,
        "sizes": {"test": test, "probe": dict(spec.probe)},
        "concrete": {point: inferred(fixed(m, sizes))[0] for point, sizes in (("test", test), ("probe", spec.probe))},
    }
    with open(os.path.join(d, "onnx_shapes.json"), "w") as f:
        json.dump(doc, f, indent=1, sort_keys=True)
    return len(m.graph.node), export_ms, ms


def real_specs():
    import corpus_real
    return [Spec(**d) for d in corpus_real.REAL]


def selected(a):
    """The specs --small and --real choose (in the corpus's order), or those --models names (in its order)."""
    pool = real_specs() if a.real else SPECS
    specs = [s for s in pool if s.small] if a.small else pool
    if a.models:
        wanted = a.models.split(",")
        unknown = [w for w in wanted if w not in {s.name for s in pool}]
        if unknown:
            raise SystemExit("export-models: unknown model(s) %s; --list shows the names" % ", ".join(unknown))
        by_name = {s.name: s for s in pool}
        specs = [by_name[w] for w in wanted]
    return specs


def run_all(specs, outdir, exporter=torch_export):
    """Exports each spec; a failure is logged with its reason and skipped. Returns the failed names."""
    os.makedirs(outdir, exist_ok=True)
    failed = []
    for i, s in enumerate(specs):
        log("[%d/%d] %s ..." % (i + 1, len(specs), s.name))
        try:
            nodes, export_ms, infer_ms = export(s, outdir, exporter)
        except (Exception, SystemExit) as e:  # one model's failure never stops the corpus
            failed.append(s.name)
            log("[%d/%d] %s: FAILED: %s: %s" % (i + 1, len(specs), s.name, type(e).__name__, str(e).splitlines()[0][:500] if str(e) else ""))
            continue
        log("[%d/%d] %s: %d nodes, exported in %.0f ms, onnx.shape_inference %.1f ms"
            % (i + 1, len(specs), s.name, nodes, export_ms, infer_ms))
    return failed


def main():
    ap = argparse.ArgumentParser(description="Export the model corpus (see the module docstring).")
    ap.add_argument("outdir")
    ap.add_argument("--models", help="comma-separated names (default: all; --list shows them)")
    ap.add_argument("--small", action="store_true", help="only the small, fast models of the default tests")
    ap.add_argument("--real", action="store_true", help="the real-size corpus (scripts/corpus_real.py)")
    ap.add_argument("--list", action="store_true", help="print the model names and exit")
    a = ap.parse_args()
    specs = selected(a)
    if a.list:
        print("\n".join(s.name for s in specs))
        return
    torch.set_num_threads(1)
    if run_all(specs, a.outdir):
        sys.exit(1)


if __name__ == "__main__":
    main()
