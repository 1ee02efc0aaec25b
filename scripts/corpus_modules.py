"""The hand-written torch modules of the real-size corpus (scripts/corpus_real.py), one per class of
network the torchvision models do not cover: each is cut down from an architecture, at the input
sizes that architecture is built for. Pure torch (1.13 and 2.x alike); no weights are loaded.
"""
import math

import torch
import torch.nn as nn
import torch.nn.functional as F


def relu(t):
    """ReLU as a plain callable: keeps torch 1.13's TransformerEncoderLayer off its fused kernel."""
    return F.relu(t)


class UNet(nn.Module):
    """A segmentation U-Net: three 2x max pools down, three transposed convolutions up, skips by
    concatenation; valid only for height and width multiples of 8."""

    def __init__(self, c=16, classes=2):
        super().__init__()

        def block(i, o):
            return nn.Sequential(nn.Conv2d(i, o, 3, padding=1), nn.BatchNorm2d(o), nn.ReLU(),
                                 nn.Conv2d(o, o, 3, padding=1), nn.BatchNorm2d(o), nn.ReLU())

        self.downs = nn.ModuleList([block(3, c), block(c, 2 * c), block(2 * c, 4 * c)])
        self.mid = block(4 * c, 8 * c)
        self.ups = nn.ModuleList([nn.ConvTranspose2d(8 * c, 4 * c, 2, stride=2), nn.ConvTranspose2d(4 * c, 2 * c, 2, stride=2),
                                  nn.ConvTranspose2d(2 * c, c, 2, stride=2)])
        self.fuse = nn.ModuleList([block(8 * c, 4 * c), block(4 * c, 2 * c), block(2 * c, c)])
        self.head = nn.Conv2d(c, classes, 1)

    def forward(self, x):
        skips = []
        for d in self.downs:
            x = d(x)
            skips.append(x)
            x = F.max_pool2d(x, 2)
        x = self.mid(x)
        for up, fuse, s in zip(self.ups, self.fuse, reversed(skips)):
            x = fuse(torch.cat([up(x), s], dim=1))
        return self.head(x)


class SuperResolution(nn.Module):
    """ESPCN: three convolutions, then PixelShuffle by 3 (sub-pixel upsampling)."""

    def __init__(self, r=3):
        super().__init__()
        self.body = nn.Sequential(nn.Conv2d(3, 64, 5, padding=2), nn.Tanh(), nn.Conv2d(64, 32, 3, padding=1), nn.Tanh(),
                                  nn.Conv2d(32, 3 * r * r, 3, padding=1))
        self.shuffle = nn.PixelShuffle(r)

    def forward(self, x):
        return self.shuffle(self.body(x))


class RawAudioEncoder(nn.Module):
    """A wav2vec 2.0-style encoder on raw 16 kHz audio: a strided Conv1d feature extractor (GroupNorm
    after the first), a grouped positional convolution with its last frame dropped (SamePad), and a
    TransformerEncoder over the frames."""

    def __init__(self, c=64, d=128):
        super().__init__()
        convs = [nn.Conv1d(1, c, 10, stride=5, bias=False), nn.GroupNorm(c, c), nn.GELU()]
        for k in (3, 3, 3, 3, 2, 2):
            convs += [nn.Conv1d(c, c, k, stride=2, bias=False), nn.GELU()]
        self.features = nn.Sequential(*convs)
        self.norm = nn.LayerNorm(c)
        self.proj = nn.Linear(c, d)
        self.pos = nn.Conv1d(d, d, 32, padding=16, groups=16)
        layer = nn.TransformerEncoderLayer(d, 4, 256, dropout=0.0, batch_first=True, activation=relu)
        self.encoder = nn.TransformerEncoder(layer, 2, enable_nested_tensor=False)

    def forward(self, wave):
        f = self.features(wave.unsqueeze(1)).transpose(1, 2)
        x = self.proj(self.norm(f))
        p = self.pos(x.transpose(1, 2))[:, :, :-1]
        return self.encoder(x + F.gelu(p).transpose(1, 2))


class LongSignal(nn.Module):
    """A raw-audio classifier front end: a strided Conv1d and pools, valid only for long signals."""

    def __init__(self):
        super().__init__()
        self.c1, self.c2 = nn.Conv1d(1, 8, 80, stride=16, padding=38), nn.Conv1d(8, 8, 3, stride=2, padding=1)
        self.head = nn.Linear(8, 10)

    def forward(self, x):
        y = F.max_pool1d(F.relu(self.c1(x)), 4)
        y = F.max_pool1d(F.relu(self.c2(y)), 4)
        return self.head(F.adaptive_avg_pool1d(y, 1).flatten(1))


class CausalTcn(nn.Module):
    """A WaveNet-style temporal convolution stack: causal left padding (F.pad) before each dilated
    Conv1d, residual adds; the output has the input's length."""

    def __init__(self, c=32):
        super().__init__()
        self.inp = nn.Conv1d(1, c, 1)
        self.convs = nn.ModuleList([nn.Conv1d(c, c, 3, dilation=d) for d in (1, 2, 4, 8)])
        self.out = nn.Conv1d(c, 1, 1)

    def forward(self, x):
        x = self.inp(x)
        for conv in self.convs:
            x = x + torch.tanh(conv(F.pad(x, (2 * conv.dilation[0], 0))))
        return self.out(x)


class Recurrent(nn.Module):
    """An RNN with an explicit zero state of the input's batch (torch's default one pins the batch)."""

    def __init__(self, rnn):
        super().__init__()
        self.rnn = rnn

    def forward(self, x):
        r = self.rnn
        batch = x.shape[0] if r.batch_first else x.shape[1]
        h0 = x.new_zeros(r.num_layers * (2 if r.bidirectional else 1), batch, r.hidden_size)
        return r(x, (h0, h0) if isinstance(r, nn.LSTM) else h0)[0]


class SpeechLstm(nn.Module):
    """Log-mel frames subsampled 2x by a strided Conv1d, then a 2-layer bidirectional LSTM and a
    per-frame classifier: [batch, (frames + 1) // 2, 32]."""

    def __init__(self):
        super().__init__()
        self.sub = nn.Conv1d(80, 128, 3, stride=2, padding=1)
        self.rnn = Recurrent(nn.LSTM(128, 128, num_layers=2, bidirectional=True, batch_first=True))
        self.head = nn.Linear(256, 32)

    def forward(self, mels):
        return self.head(self.rnn(F.relu(self.sub(mels)).transpose(1, 2)))


class MaskedTextEncoder(nn.Module):
    """Token ids and an attention mask (two inputs): embeddings plus positions sliced to the sequence,
    nn.TransformerEncoder with a key padding mask."""

    def __init__(self, vocab=1000, d=256, max_len=512):
        super().__init__()
        self.tok = nn.Embedding(vocab, d)
        self.pos = nn.Parameter(torch.randn(1, max_len, d) * 0.02)
        layer = nn.TransformerEncoderLayer(d, 4, 512, dropout=0.0, batch_first=True, activation=relu)
        self.encoder = nn.TransformerEncoder(layer, 4, enable_nested_tensor=False)

    def forward(self, ids, mask):
        x = self.tok(ids) + self.pos[:, : ids.shape[1]]
        return self.encoder(x, src_key_padding_mask=mask == 0)


class Attention(nn.Module):
    """Multi-head attention written out: view(b, s, heads, -1), transpose, scaled scores plus a bias."""

    def __init__(self, d, heads):
        super().__init__()
        self.heads, self.qkv, self.out = heads, nn.Linear(d, 3 * d), nn.Linear(d, d)

    def forward(self, x, bias):
        b, s = x.shape[0], x.shape[1]
        q, k, v = self.qkv(x).chunk(3, dim=-1)
        q, k, v = (t.view(b, s, self.heads, -1).transpose(1, 2) for t in (q, k, v))
        a = torch.softmax(q @ k.transpose(-1, -2) / math.sqrt(q.shape[-1]) + bias, dim=-1)
        return self.out((a @ v).transpose(1, 2).reshape(b, s, -1))


class Block(nn.Module):
    def __init__(self, d, heads):
        super().__init__()
        self.n1, self.attn, self.n2 = nn.LayerNorm(d), Attention(d, heads), nn.LayerNorm(d)
        self.mlp = nn.Sequential(nn.Linear(d, 4 * d), nn.GELU(), nn.Linear(4 * d, d))

    def forward(self, x, bias):
        x = x + self.attn(self.n1(x), bias)
        return x + self.mlp(self.n2(x))


class BertLike(nn.Module):
    """A BERT-style encoder: token ids and an attention mask, positions from arange(seq), the mask as
    an additive (1 - mask) * -10000 bias over the keys."""

    def __init__(self, vocab=1000, d=128, heads=4, layers=2, max_len=512):
        super().__init__()
        self.tok, self.pos = nn.Embedding(vocab, d), nn.Embedding(max_len, d)
        self.blocks = nn.ModuleList([Block(d, heads) for _ in range(layers)])

    def forward(self, ids, mask):
        pos = torch.arange(ids.shape[1], device=ids.device).unsqueeze(0)
        x = self.tok(ids) + self.pos(pos)
        bias = (1.0 - mask[:, None, None, :].to(x.dtype)) * -10000.0
        for blk in self.blocks:
            x = blk(x, bias)
        return x


class GptLike(nn.Module):
    """A decoder-only LM: a causal mask of -inf above the diagonal built from the sequence length,
    then pairs of positions folded into channels (reshape(b, s // 2, 2 * d)) before the head."""

    def __init__(self, vocab=1000, d=128, heads=4, layers=2, max_len=512):
        super().__init__()
        self.tok, self.pos = nn.Embedding(vocab, d), nn.Embedding(max_len, d)
        self.blocks = nn.ModuleList([Block(d, heads) for _ in range(layers)])
        self.head = nn.Linear(2 * d, vocab)

    def forward(self, ids):
        b, s = ids.shape[0], ids.shape[1]
        x = self.tok(ids) + self.pos(torch.arange(s, device=ids.device).unsqueeze(0))
        causal = torch.triu(torch.full((s, s), float("-inf"), device=ids.device), diagonal=1)
        for blk in self.blocks:
            x = blk(x, causal)
        return self.head(x.reshape(b, s // 2, 2 * x.shape[-1]))


class Seq2Seq(nn.Module):
    """nn.Transformer encoder-decoder, sequence first: a source and a target sequence (two sequence
    symbols), the target's causal mask made from its length."""

    def __init__(self, d=128):
        super().__init__()
        self.t = nn.Transformer(d, 4, 2, 2, 256, dropout=0.0, activation=relu)

    def forward(self, src, tgt):
        n = tgt.shape[0]
        mask = torch.triu(torch.full((n, n), float("-inf"), device=tgt.device), diagonal=1)
        return self.t(src, tgt, tgt_mask=mask)


class ResBlock(nn.Module):
    """GroupNorm, SiLU, Conv, plus the timestep embedding broadcast over height and width."""

    def __init__(self, i, o, e):
        super().__init__()
        self.n1, self.c1 = nn.GroupNorm(8, i), nn.Conv2d(i, o, 3, padding=1)
        self.emb = nn.Linear(e, o)
        self.n2, self.c2 = nn.GroupNorm(8, o), nn.Conv2d(o, o, 3, padding=1)
        self.skip = nn.Conv2d(i, o, 1) if i != o else nn.Identity()

    def forward(self, x, emb):
        h = self.c1(F.silu(self.n1(x))) + self.emb(emb)[:, :, None, None]
        return self.skip(x) + self.c2(F.silu(self.n2(h)))


class DiffusionUNet(nn.Module):
    """A DDPM/latent-diffusion U-Net: a sinusoidal embedding of the timestep input, GroupNorm
    residual blocks, strided-conv downsampling, nearest 2x upsampling (Resize), skip concatenation;
    valid for height and width multiples of 4."""

    def __init__(self, cin=4, c=32, e=128):
        super().__init__()
        self.half = e // 4
        self.temb = nn.Sequential(nn.Linear(2 * self.half, e), nn.SiLU(), nn.Linear(e, e))
        self.inp = nn.Conv2d(cin, c, 3, padding=1)
        self.d1, self.down1 = ResBlock(c, c, e), nn.Conv2d(c, c, 3, stride=2, padding=1)
        self.d2, self.down2 = ResBlock(c, 2 * c, e), nn.Conv2d(2 * c, 2 * c, 3, stride=2, padding=1)
        self.mid = ResBlock(2 * c, 2 * c, e)
        self.u2, self.u1 = ResBlock(4 * c, 2 * c, e), ResBlock(3 * c, c, e)
        self.out = nn.Sequential(nn.GroupNorm(8, c), nn.SiLU(), nn.Conv2d(c, cin, 3, padding=1))

    def forward(self, x, t):
        freqs = torch.exp(-math.log(10000.0) * torch.arange(self.half, device=t.device, dtype=t.dtype) / self.half)
        a = t[:, None] * freqs[None]
        emb = self.temb(torch.cat([torch.sin(a), torch.cos(a)], dim=1))
        h1 = self.d1(self.inp(x), emb)
        h2 = self.d2(self.down1(h1), emb)
        h = self.mid(self.down2(h2), emb)
        h = self.u2(torch.cat([F.interpolate(h, scale_factor=2.0, mode="nearest"), h2], dim=1), emb)
        h = self.u1(torch.cat([F.interpolate(h, scale_factor=2.0, mode="nearest"), h1], dim=1), emb)
        return self.out(h)


class WindowAttention(nn.Module):
    """Swin's window partition: pad height and width up to a multiple of the window (7), view as
    windows, attend inside each, and undo it (crop back to the input's size)."""

    def __init__(self, c=96, heads=3, window=7):
        super().__init__()
        self.w, self.attn = window, nn.MultiheadAttention(c, heads, batch_first=True)

    def forward(self, x):
        b, h, w, c = x.shape
        k = self.w
        ph, pw = (k - h % k) % k, (k - w % k) % k
        x = F.pad(x, (0, 0, 0, pw, 0, ph))
        h2, w2 = x.shape[1], x.shape[2]
        t = x.view(b, h2 // k, k, w2 // k, k, c).permute(0, 1, 3, 2, 4, 5).reshape(-1, k * k, c)
        t = self.attn(t, t, t, need_weights=False)[0]
        y = t.view(b, h2 // k, w2 // k, k, k, c).permute(0, 1, 3, 2, 4, 5).reshape(b, h2, w2, c)
        return y[:, :h, :w, :]


class ScaleFromSize(nn.Module):
    """A detector's input transform: resize by a scale computed in floating point from the input's
    own size (fit into 800 x 1333), then a strided stem convolution."""

    def __init__(self):
        super().__init__()
        self.stem = nn.Conv2d(3, 16, 7, stride=2, padding=3)

    def forward(self, x):
        h, w = x.shape[-2:]
        s = torch.min(800.0 / torch.tensor(h, dtype=torch.float32), 1333.0 / torch.tensor(w, dtype=torch.float32))
        x = F.interpolate(x, scale_factor=float(s), mode="bilinear", align_corners=False, recompute_scale_factor=True)
        return self.stem(x)


class Video3d(nn.Module):
    """A small 3-D CNN on video clips [batch, 3, frames, 112, 112]: Conv3d, BatchNorm3d, a temporal
    and spatial stride, a grouped (depthwise) Conv3d, global pooling and a Linear head."""

    def __init__(self):
        super().__init__()
        self.body = nn.Sequential(
            nn.Conv3d(3, 32, (3, 7, 7), stride=(1, 2, 2), padding=(1, 3, 3)), nn.BatchNorm3d(32), nn.ReLU(),
            nn.MaxPool3d((1, 3, 3), stride=(1, 2, 2), padding=(0, 1, 1)),
            nn.Conv3d(32, 64, 3, stride=2, padding=1), nn.BatchNorm3d(64), nn.ReLU(),
            nn.Conv3d(64, 64, 3, padding=1, groups=64), nn.BatchNorm3d(64), nn.ReLU(),
            nn.AdaptiveAvgPool3d(1))
        self.head = nn.Linear(64, 10)

    def forward(self, x):
        return self.head(self.body(x).flatten(1))
