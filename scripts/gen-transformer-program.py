#!/usr/bin/env python3
"""Writes an N-layer transformer encoder as a .shp program (the infer benchmark of issue 11).

Usage: scripts/gen-transformer-program.py N > /tmp/t.shp && ./shapeforge infer /tmp/t.shp
Each layer is the block of examples/transformer-block.shp: multi-head attention via einsum,
residuals, layer norms, a feed-forward network; parameters of every layer are fresh.
"""
import sys

n = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
print("# generated: %d transformer layers" % n)
print("x0 = data(b=[8, 128], o=[512])")
print("scale = scalar")
for l in range(n):
    x, y = "x%d" % l, "x%d" % (l + 1)
    p = "l%d" % l
    for w in ("q", "k", "v"):
        print("%s_w%s = param(i=[512], o=[8, 64])" % (p, w))
        print("%s_%s = %s_w%s * %s" % (p, w, p, w, x))
    print('%s_s = einsum(%s_q, %s_k, "b,s|->h,d; b,t|->h,d => b,s|->h,t")' % (p, p, p))
    print('%s_a = softmax(%s_s *. scale, "b,s|->h,t => b,s|->h")' % (p, p))
    print('%s_c = einsum(%s_a, %s_v, "b,s|->h,t; b,t|->h,d => b,s|->h,d")' % (p, p, p))
    print("%s_wo = param(o=[512])" % p)
    print("%s_r1 = %s + %s_wo * %s_c" % (p, x, p, p))
    print('%s_m1 = %s_r1 - permute(%s_r1, "...|->d => ...|->")' % (p, p, p))
    print("%s_g1 = param(o=[512])" % p)
    print('%s_n1 = %s_m1 / sqrt(permute(%s_m1 *. %s_m1, "...|->d => ...|->")) *. %s_g1' % (p, p, p, p, p))
    print("%s_w1 = param(o=[2048])" % p)
    print("%s_w2 = param(o=[512])" % p)
    print("%s = %s_n1 + %s_w2 * relu(%s_w1 * %s_n1)" % (y, p, p, p, p))
