"""The real-size corpus: every model at the input sizes its architecture is built for (224 x 224
images, 299 x 299 for inception_v3, 112 x 112 x 16-frame clips, 16000-sample audio, 128-token text),
as plain dicts for scripts/export-models.py (torch 1.13, `--real`) and scripts/export-models-t2.py
(torch 2, dynamo=True).

A dict: name; build (no arguments, a torch module); inputs, each (name, test dims, {axis: dim_param}
[, make(gen, dims) -> tensor; default torch.randn]); outputs {name: {axis: dim_param}}; probe (the
dim_params at a second point, inside the model's domain); optionally args (inputs -> call arguments),
calibrate (model, gen). Needs torch and torchvision only.
"""
import torch
import torch.nn as nn
import torchvision

import corpus_modules as cm

tv = torchvision.models


def ids(vocab):
    return lambda gen, dims: torch.randint(0, vocab, dims, generator=gen)


def padding_mask(gen, dims):
    """1 for a token, 0 for padding: row r keeps its first (dims[1] - 17 r) tokens (never none)."""
    m = torch.ones(dims, dtype=torch.int64)
    for r in range(dims[0]):
        m[r, max(1, dims[1] - 17 * r):] = 0
    return m


def timesteps(gen, dims):
    return torch.randint(0, 1000, dims, generator=gen).to(torch.float32)


def image(name, build, size=224, hw=False, probe_hw=(256, 192)):
    """A classifier on [batch, 3, size, size] (hw: height and width dynamic too)."""
    axes = {0: "batch", 2: "height", 3: "width"} if hw else {0: "batch"}
    probe = {"batch": 3, "height": probe_hw[0], "width": probe_hw[1]} if hw else {"batch": 3}
    return dict(name=name, build=build, inputs=[("input", [2, 3, size, size], axes)],
                outputs={"logits": {0: "batch"}}, probe=probe)


def dense(name, build, size=224, probe_hw=(256, 192), out="out"):
    """A dense (per-pixel) model on [batch, 3, h, w] with batch, height and width dynamic."""
    axes = {0: "batch", 2: "height", 3: "width"}
    return dict(name=name, build=build, inputs=[("input", [2, 3, size, size], axes)], outputs={out: {0: "batch"}},
                probe={"batch": 3, "height": probe_hw[0], "width": probe_hw[1]})


def segmentation(build):
    """torchvision's segmentation models return {"out": ...}; the output resized to the input's size."""
    class Out(nn.Module):
        def __init__(self):
            super().__init__()
            self.m = build()

        def forward(self, x):
            return self.m(x)["out"]
    return Out


def ssdlite():
    return tv.detection.ssdlite320_mobilenet_v3_large(weights=None, weights_backbone=None, num_classes=5)


def calibrate_ssdlite(model, gen):
    batch = torch.randn(4, 3, 320, 320, generator=gen)
    model.backbone.train()
    model.head.train()
    with torch.no_grad():
        model.head(list(model.backbone(batch).values()))


def vit_tiny():
    """ViT at 224 with patch 16: 196 patches plus the class token, 197 tokens (ViT-Ti widths)."""
    return tv.VisionTransformer(image_size=224, patch_size=16, num_layers=4, num_heads=3, hidden_dim=192, mlp_dim=768,
                                num_classes=10)


REAL = [
    image("resnet18", lambda: tv.resnet18(num_classes=10)),
    image("resnet50", lambda: tv.resnet50(num_classes=10)),
    image("resnext50_32x4d", lambda: tv.resnext50_32x4d(num_classes=10)),
    image("mobilenet_v2", lambda: tv.mobilenet_v2(num_classes=10)),
    image("mobilenet_v3_small", lambda: tv.mobilenet_v3_small(num_classes=10)),
    image("mobilenet_v3_large", lambda: tv.mobilenet_v3_large(num_classes=10)),
    image("efficientnet_b0", lambda: tv.efficientnet_b0(num_classes=10)),
    image("squeezenet1_1", lambda: tv.squeezenet1_1(num_classes=10)),
    image("shufflenet_v2_x1_0", lambda: tv.shufflenet_v2_x1_0(num_classes=10)),
    image("mnasnet1_0", lambda: tv.mnasnet1_0(num_classes=10)),
    image("regnet_y_400mf", lambda: tv.regnet_y_400mf(num_classes=10)),
    image("densenet121", lambda: tv.densenet121(num_classes=10)),
    image("googlenet", lambda: tv.googlenet(num_classes=10, aux_logits=False, init_weights=True)),
    image("inception_v3", lambda: tv.inception_v3(num_classes=10, aux_logits=False, init_weights=True), size=299),
    image("convnext_tiny", lambda: tv.convnext_tiny(num_classes=10)),
    image("vit_tiny_224", vit_tiny),
    image("swin_t", lambda: tv.swin_t(num_classes=10)),
    image("resnet18_hw", lambda: tv.resnet18(num_classes=10), hw=True),
    image("mobilenet_v2_hw", lambda: tv.mobilenet_v2(num_classes=10), hw=True),
    image("efficientnet_b0_hw", lambda: tv.efficientnet_b0(num_classes=10), hw=True),
    dense("unet", cm.UNet),
    dense("espcn_pixelshuffle", cm.SuperResolution),
    dense("lraspp_mobilenet_v3_large", segmentation(lambda: tv.segmentation.lraspp_mobilenet_v3_large(
        weights=None, weights_backbone=None, num_classes=5))),
    dense("deeplabv3_mobilenet_v3_large", segmentation(lambda: tv.segmentation.deeplabv3_mobilenet_v3_large(
        weights=None, weights_backbone=None, num_classes=5, aux_loss=False))),
    dict(name="ssdlite320_mobilenet_v3_large", build=ssdlite, inputs=[("image", [3, 480, 640], {1: "height", 2: "width"})],
         outputs={o: {0: "detections"} for o in ("boxes", "scores", "labels")}, probe={"height": 600, "width": 800},
         calibrate=calibrate_ssdlite, args=lambda xs: (list(xs),)),
    dict(name="scale_from_size", build=cm.ScaleFromSize, inputs=[("image", [1, 3, 480, 640], {2: "height", 3: "width"})],
         outputs={"features": {}}, probe={"height": 600, "width": 800}),
    dict(name="video_conv3d", build=cm.Video3d, inputs=[("clip", [2, 3, 16, 112, 112], {0: "batch", 2: "frames"})],
         outputs={"logits": {0: "batch"}}, probe={"batch": 3, "frames": 24}),
    dict(name="raw_audio_encoder", build=cm.RawAudioEncoder, inputs=[("wave", [2, 16000], {0: "batch", 1: "samples"})],
         outputs={"hidden": {0: "batch"}}, probe={"batch": 3, "samples": 24000}),
    dict(name="long_signal", build=cm.LongSignal, inputs=[("wave", [2, 1, 16000], {0: "batch", 2: "samples"})],
         outputs={"logits": {0: "batch"}}, probe={"batch": 3, "samples": 24000}),
    dict(name="causal_tcn", build=cm.CausalTcn, inputs=[("wave", [2, 1, 16000], {0: "batch", 2: "samples"})],
         outputs={"out": {0: "batch", 2: "samples"}}, probe={"batch": 3, "samples": 24000}),
    dict(name="speech_lstm", build=cm.SpeechLstm, inputs=[("mels", [2, 80, 1000], {0: "batch", 2: "frames"})],
         outputs={"logits": {0: "batch"}}, probe={"batch": 3, "frames": 1501}),
    dict(name="masked_text_encoder", build=cm.MaskedTextEncoder,
         inputs=[("input_ids", [2, 128], {0: "batch", 1: "seq"}, ids(1000)),
                 ("attention_mask", [2, 128], {0: "batch", 1: "seq"}, padding_mask)],
         outputs={"hidden": {0: "batch", 1: "seq"}}, probe={"batch": 3, "seq": 200}),
    dict(name="bert_like", build=cm.BertLike,
         inputs=[("input_ids", [2, 128], {0: "batch", 1: "seq"}, ids(1000)),
                 ("attention_mask", [2, 128], {0: "batch", 1: "seq"}, padding_mask)],
         outputs={"hidden": {0: "batch", 1: "seq"}}, probe={"batch": 3, "seq": 200}),
    dict(name="gpt_like", build=cm.GptLike, inputs=[("input_ids", [2, 128], {0: "batch", 1: "seq"}, ids(1000))],
         outputs={"logits": {0: "batch"}}, probe={"batch": 3, "seq": 200}),
    dict(name="seq2seq_transformer", build=cm.Seq2Seq,
         inputs=[("src", [128, 2, 128], {0: "src_len", 1: "batch"}), ("tgt", [64, 2, 128], {0: "tgt_len", 1: "batch"})],
         outputs={"out": {0: "tgt_len", 1: "batch"}}, probe={"batch": 3, "src_len": 200, "tgt_len": 90}),
    dict(name="diffusion_unet", build=cm.DiffusionUNet,
         inputs=[("latent", [2, 4, 64, 64], {0: "batch", 2: "height", 3: "width"}), ("timestep", [2], {0: "batch"}, timesteps)],
         outputs={"eps": {0: "batch"}}, probe={"batch": 3, "height": 96, "width": 80}),
    dict(name="window_attention", build=cm.WindowAttention, inputs=[("x", [2, 56, 56, 96], {0: "batch", 1: "height", 2: "width"})],
         outputs={"y": {0: "batch"}}, probe={"batch": 3, "height": 60, "width": 50}),
]
