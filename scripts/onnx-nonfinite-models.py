#!/usr/bin/python3
"""Small PyTorch models whose ONNX values once went NaN or infinite in `shapeforge run` (issue 32).

usage: /usr/bin/python3 scripts/onnx-nonfinite-models.py OUTDIR [CASE ...]

Exports each case (all by default) with static shapes at opsets 13 and 14 to
OUTDIR/<case>_<opset>/model.onnx, with test_data_set_0/input_k.pb and torch's own output as
output_0.pb (random weights, fixed seeds; inputs scaled up where overflow is the question). Then:

    for d in OUTDIR/*/; do ./shapeforge run $d/model.onnx --inputs $d/test_data_set_0; done

Needs Debian's python3-torch (1.13), python3-torchvision (0.14), python3-onnx (1.12). Test-model
export only: nothing on the product path runs Python.
"""
import os, sys, torch, numpy as np, onnx
from onnx import numpy_helper
import torch.nn as nn
torch.manual_seed(0)
out = sys.argv[1]

class Act(nn.Module):
    def __init__(s, f): super().__init__(); s.f = f
    def forward(s, x): return s.f(x)

def vit():
    from torchvision.models.vision_transformer import VisionTransformer
    v = VisionTransformer(image_size=32, patch_size=8, num_layers=2, num_heads=2, hidden_dim=32, mlp_dim=64, num_classes=10)
    with torch.no_grad():
        for p in v.parameters():
            if not p.abs().sum(): p.normal_(0, 0.2)  # the head is zero-initialised: make the output depend on the input
    return v

def cnn(name):
    import torchvision
    m = getattr(torchvision.models, name)(num_classes=10)
    with torch.no_grad():  # BatchNorm statistics from a seeded calibration batch
        m.train()
        for _ in range(3): m(torch.randn(4, 3, 64, 64))
    return m

class Causal(nn.Module):
    def __init__(s):
        super().__init__()
        s.enc = nn.TransformerEncoder(nn.TransformerEncoderLayer(16, 2, 32, batch_first=True), 1)
    def forward(s, x):
        n = x.shape[1]
        m = torch.triu(torch.ones(n, n, dtype=torch.bool), diagonal=1)
        return s.enc(x, mask=m)

class Fill(nn.Module):
    def forward(s, x, m): return x.masked_fill(m, float('-inf')).softmax(-1)

cases = {
  'squeezenet1_1': (lambda: cnn('squeezenet1_1'), (1, 3, 64, 64), 1.0),
  'mobilenet_v3_small': (lambda: cnn('mobilenet_v3_small'), (1, 3, 64, 64), 1.0),
  'efficientnet_b0': (lambda: cnn('efficientnet_b0'), (1, 3, 64, 64), 1.0),
  'encoder_causal': (Causal, (2, 5, 16), 1.0),
  'masked_fill': (Fill, [(3, 6), 'mask'], 1.0),
  'encoder': (lambda: nn.TransformerEncoder(nn.TransformerEncoderLayer(32, 4, 64, batch_first=True), 2), (2, 5, 32), 1.0),
  'encoder_gelu': (lambda: nn.TransformerEncoder(nn.TransformerEncoderLayer(32, 4, 64, batch_first=True, activation='gelu', norm_first=True), 2), (2, 5, 32), 1.0),
  'layernorm': (lambda: nn.LayerNorm(16), (3, 16), 3.0),
  'gelu': (lambda: nn.GELU(), (4, 8), 5.0),
  'gelu_tanh': (lambda: nn.GELU(approximate='tanh'), (4, 8), 5.0),
  'softmax_big': (lambda: nn.Softmax(dim=-1), (4, 8), 200.0),
  'logsoftmax_big': (lambda: nn.LogSoftmax(dim=-1), (4, 8), 200.0),
  'sigmoid_big': (lambda: nn.Sigmoid(), (4, 8), 200.0),
  'tanh_big': (lambda: nn.Tanh(), (4, 8), 200.0),
  'silu_big': (lambda: nn.SiLU(), (4, 8), 200.0),
  'softplus_big': (lambda: nn.Softplus(), (4, 8), 200.0),
  'mish_big': (lambda: nn.Mish(), (4, 8), 200.0),
  'elu_big': (lambda: nn.ELU(), (4, 8), 200.0),
  'hardswish': (lambda: nn.Hardswish(), (4, 8), 5.0),
  'logsumexp_big': (lambda: Act(lambda x: torch.logsumexp(x, dim=-1)), (4, 8), 200.0),
  'logsigmoid_big': (lambda: nn.LogSigmoid(), (4, 8), 200.0),
  'normalize': (lambda: Act(lambda x: nn.functional.normalize(x, dim=-1)), (4, 8), 1.0),
  'groupnorm': (lambda: nn.GroupNorm(2, 4), (2, 4, 3, 3), 3.0),
  'instancenorm': (lambda: nn.InstanceNorm2d(4, affine=True), (2, 4, 3, 3), 3.0),
  'vit': (vit, (1, 3, 32, 32), 1.0),
  'mha': (lambda: nn.MultiheadAttention(16, 2, batch_first=True), (2, 4, 16), 1.0),
  'rsqrt': (lambda: Act(lambda x: torch.rsqrt(x * x + 1e-6)), (4, 8), 3.0),
  'var': (lambda: Act(lambda x: torch.var(x, dim=-1, keepdim=True)), (4, 8), 3.0),
  'std': (lambda: Act(lambda x: torch.std(x, dim=-1)), (4, 8), 3.0),
  'cosine': (lambda: nn.CosineSimilarity(dim=-1), [(4, 8), (4, 8)], 3.0),
  'pow_frac': (lambda: Act(lambda x: torch.pow(x, 1.5)), (4, 8), 3.0),
  'pow_cube': (lambda: Act(lambda x: x ** 3), (4, 8), 3.0),
  'pow_neg': (lambda: Act(lambda x: x ** -2), (4, 8), 3.0),
  'exp2': (lambda: Act(lambda x: 2 ** x), (4, 8), 3.0),
}
only = sys.argv[2:]
for name, (make, shape, scale) in cases.items():
    if only and name not in only: continue
    for opset in (13, 14):
        torch.manual_seed(1)
        m = make().eval()
        shapes = shape if isinstance(shape, list) else [shape]
        xs = tuple(torch.randn(*s) * scale if s != 'mask' else torch.arange(18).reshape(3, 6) % 4 == 1 for s in shapes)
        d = os.path.join(out, f'{name}_{opset}')
        os.makedirs(os.path.join(d, 'test_data_set_0'), exist_ok=True)
        with torch.no_grad():
            if name == 'mha':  # self-attention, the output only
                class W(nn.Module):
                    def __init__(s, m): super().__init__(); s.m = m
                    def forward(s, x): return s.m(x, x, x, need_weights=False)[0]
                m = W(m).eval()
            y = m(*xs)
        with torch.enable_grad():
            try:
                torch.onnx.export(m, xs, os.path.join(d, 'model.onnx'), opset_version=opset,
                                  input_names=[f'x{i}' for i in range(len(xs))], output_names=['y'])
            except Exception as e:
                print(name, opset, 'export failed', str(e).splitlines()[0]); continue
        for i, x in enumerate(xs):
            open(os.path.join(d, 'test_data_set_0', f'input_{i}.pb'), 'wb').write(numpy_helper.from_array(x.numpy()).SerializeToString())
        open(os.path.join(d, 'test_data_set_0', 'output_0.pb'), 'wb').write(numpy_helper.from_array(y.numpy()).SerializeToString())
        ops = sorted(set(n.op_type for n in onnx.load(os.path.join(d, 'model.onnx')).graph.node))
        print(name, opset, 'ok', ' '.join(ops), 'finite' if np.isfinite(y.numpy()).all() else 'NONFINITE')
