#!/usr/bin/env python3
"""Writes the three torch-2 shape-error fixtures that `onnx`'s SourceLineErrorTest imports.

Usage: PYTHON scripts/torch2-shape-errors.py [OUTDIR]
  (OUTDIR defaults to onnx/src/test/resources/org/shapeforge/onnx/torch2)

PYTHON: a venv with torch 2 (the dynamo exporter), onnxscript and onnx, as for
scripts/export-models-t2.py.

Each model below is correct, so torch.onnx.export(..., dynamo=True) (batch dynamic, a
torch.export.Dim) traces it; the exporter writes, on every node, the Python frames it came from
(`pkg.torch.onnx.stack_trace`) and its module path (`namespace`, `pkg.torch.onnx.name_scopes`).
The exported graph is then broken the way a hand-edited or mis-converted file is, so that the
shape error is in the ONNX graph while the metadata still points at the Python that made it. The
shapes torch declares for intermediate values (value_info) and outputs are dropped, as by a
converter that writes none: a declared shape would be a second, shorter contradiction (the edited
node against its own stale declaration) and the test is about the core through the modules.

  linear_width.onnx  mlp.fc2's weight is replaced by one 24 wide: Linear(32, 8) reads fc1's 32
  bad_reshape.onnx   heads.view(b, s, 4, 6) of a [b, s, 24] tensor (batch and seq dynamic, so
                     the target is a Concat of the two sizes and (4, 6), no -1 the exporter could
                     fold it to) has (4, 6) edited to (4, 5): b·s·24 elements into b·s·20
  residual.onnx      block.shortcut's stride 2 is edited to 1: 16 x 16 added to conv2's 8 x 8

Each model ends in nodes that no shape error involves (a softmax, a relu and mean), so that a
failure listing every node would be seen. The test asserts the file, line and module path of each
node of the unsat core, so the lines of
the models below are part of the test: after editing this file, regenerate and update the
test's expected lines. The frame paths of this file are written relative to the repository root
(scripts/torch2-shape-errors.py) so that the fixtures do not carry the path of the checkout that
made them; torch's own frames (site-packages/torch/...) are kept as the exporter wrote them.
"""
import os
import sys

import numpy as np
import onnx
import onnx.numpy_helper
import torch
from torch import nn

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)


class Mlp(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Linear(16, 32)
        self.act = nn.ReLU()
        self.fc2 = nn.Linear(32, 8)

    def forward(self, x):
        h = self.act(self.fc1(x))
        return self.fc2(h)


class LinearWidth(nn.Module):
    def __init__(self):
        super().__init__()
        self.mlp = Mlp()

    def forward(self, x):
        return torch.softmax(self.mlp(x), dim=-1)


class Heads(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(16, 24)

    def forward(self, x):
        y = self.proj(x)
        return y.view(y.shape[0], y.shape[1], 4, 6)


class BadReshape(nn.Module):
    def __init__(self):
        super().__init__()
        self.heads = Heads()

    def forward(self, x):
        return torch.softmax(self.heads(x), dim=-1)


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv1 = nn.Conv2d(4, 8, 3, stride=2, padding=1)
        self.conv2 = nn.Conv2d(8, 8, 3, padding=1)
        self.shortcut = nn.Conv2d(4, 8, 1, stride=2)

    def forward(self, x):
        h = self.conv2(torch.relu(self.conv1(x)))
        return h + self.shortcut(x)


class Residual(nn.Module):
    def __init__(self):
        super().__init__()
        self.block = Block()

    def forward(self, x):
        return torch.relu(self.block(x)).mean(dim=(2, 3))


def export(model, example, path, axes=("batch",)):
    """The dynamo export of model at example, the leading axes dynamic (named axes); the ONNX model, loaded."""
    model.eval()
    dims = {k: torch.export.Dim(name) for k, name in enumerate(axes)}
    torch.onnx.export(model, (example,), path, dynamo=True, input_names=["x"], output_names=["y"],
                      dynamic_shapes={"x": dims}, external_data=False)
    return onnx.load(path)


def relative_frames(m):
    """Each node's stack trace with this file's path written relative to the repository root."""
    for n in m.graph.node:
        for p in n.metadata_props:
            if p.key == "pkg.torch.onnx.stack_trace":
                p.value = p.value.replace(ROOT + os.sep, "")


def consumer(m, op, input_name):
    """The one node of type op that reads value input_name."""
    found = [n for n in m.graph.node if n.op_type == op and input_name in n.input]
    if len(found) != 1:
        sys.exit("expected one %s reading %s, found %d" % (op, input_name, len(found)))
    return found[0]


def replace_initializer(m, name, array):
    for i, t in enumerate(m.graph.initializer):
        if t.name == name:
            m.graph.initializer[i].CopyFrom(onnx.numpy_helper.from_array(array, name))
            return
    sys.exit("no initializer " + name)


def linear_width(path):
    m = export(LinearWidth(), torch.randn(2, 16), path)
    replace_initializer(m, "mlp.fc2.weight", np.random.default_rng(0).standard_normal((8, 24)).astype(np.float32))
    return m


def bad_reshape(path):
    m = export(BadReshape(), torch.randn(2, 3, 16), path, axes=("batch", "seq"))
    reshape = [n for n in m.graph.node if n.op_type == "Reshape"]
    if len(reshape) != 1:
        sys.exit("expected one Reshape, found %d" % len(reshape))
    target = reshape[0].input[1]
    # the target (batch, seq, 4, 6) is a Concat of the two sizes and constants (4, 6), or (4) and (6)
    consts = {t.name: t for t in m.graph.initializer}
    for n in m.graph.node:
        if n.op_type == "Constant":
            for a in n.attribute:
                if a.name == "value":
                    consts[n.output[0]] = a.t
    sources = [target] + [i for n in m.graph.node if n.op_type == "Concat" and target in n.output for i in n.input]
    for s in sources:
        if s in consts:
            v = onnx.numpy_helper.to_array(consts[s])
            if v.tolist()[-1:] == [6]:
                edited = v.copy()
                edited[-1] = 5
                consts[s].CopyFrom(onnx.numpy_helper.from_array(edited, consts[s].name))
                return m
    sys.exit("found no constant (..., 6) feeding the Reshape")


def residual(path):
    m = export(Residual(), torch.randn(2, 4, 16, 16), path)
    conv = consumer(m, "Conv", "block.shortcut.weight")
    for a in conv.attribute:
        if a.name == "strides":
            del a.ints[:]
            a.ints.extend([1, 1])
            return m
    sys.exit("the shortcut Conv has no strides attribute")


def undeclared(m):
    """m without value_info and with its outputs' element types only (no declared shapes)."""
    del m.graph.value_info[:]
    for o in m.graph.output:
        o.type.tensor_type.ClearField("shape")


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "onnx/src/test/resources/org/shapeforge/onnx/torch2")
    os.makedirs(out, exist_ok=True)
    for name, make in (("linear_width", linear_width), ("bad_reshape", bad_reshape), ("residual", residual)):
        path = os.path.join(out, name + ".onnx")
        torch.manual_seed(0)  # the models' weights
        m = make(path)
        relative_frames(m)
        undeclared(m)
        onnx.save(m, path)
        print("%s: %d nodes, %d bytes" % (path, len(m.graph.node), os.path.getsize(path)), file=sys.stderr)


if __name__ == "__main__":
    main()
