/* shapeforge runtime library: the GEMM over offset tables of CMergedGemm's kernels
 * (codegen/src/main/resources/org/shapeforge/codegen/c/gemm.c, after prologue.h). Compiled once per
 * kernel cache with the kernels' flags; a kernel that calls sf_gemm_tables is linked against it.
 *
 * Blocking (GotoBLAS's, with the tables standing for im2col): per batch point the M x N x K product
 * is cut into work items along ONE of M and N, the one whose other operand is the smaller, so each
 * operand is packed as few times as possible: splitting N repacks A (M x K) once per item, splitting
 * M repacks B (N x K) once per item. Within an item:
 *  - A not at unit stride along K (a convolution's weights with the taps outside the channels): B's
 *    columns for the item are packed once for the whole K (bpack, K x nch), then per SF_MC row block
 *    A's rows packed whole (in L1 while packed) and every reduction block multiplied. Repacking B per
 *    row block made a 512 x 98 x 4608 layer (resnet's last stage) spend four fifths of its time
 *    packing.
 *  - A at unit stride along K: per reduction block (SF_KC deep) B's panels, then per row block A's
 *    panels, then the micro-kernels.
 * Reduction blocks never straddle a multiple of inner_k (one tap), so every cell sums in the order
 * of per-tap GEMMs. Work items are handed out dynamically by OpenMP when parallel. */

static unsigned char *sf_contiguous(const long *off, long n) {
    unsigned char *t = (unsigned char *)malloc((size_t)((n + SF_NR - 1) / SF_NR + 1));
    for (long j0 = 0; j0 < n; j0 += SF_NR) {
        int ok = j0 + SF_NR <= n;
        for (long j = 1; ok && j < SF_NR; j++) ok = off[j0 + j] == off[j0] + j;
        t[j0 / SF_NR] = (unsigned char)ok;
    }
    return t;
}

static inline long sf_round_up(long x, long q) {
    return (x + q - 1) / q * q;
}

/* B's panels for columns [jc, jc + nc) and reduction rows [k0, k0 + kc), panel jr at dst + jr * ld_panel. */
static void sf_pack_b(const sf_gemm *g, const unsigned char *bfull, const float *pb, float *dst0, long jc, long nc, long k0,
                      long kc, long ld_panel) {
    for (long jr = 0; jr < nc; jr += SF_NR) {
        float *dst = dst0 + jr * ld_panel;
        const long j0 = jc + jr;
        if (bfull[j0 / SF_NR]) {
            const float *src = pb + g->bn[j0];
            for (long p = 0; p < kc; p++) memcpy(dst + p * SF_NR, src + g->bk[k0 + p], SF_NR * sizeof(float));
        } else {
            const long nr = sf_lmin(SF_NR, nc - jr);
            for (long p = 0; p < kc; p++) {
                const float *row = pb + g->bk[k0 + p];
                float *d = dst + p * SF_NR;
                long j = 0;
                for (; j < nr; j++) d[j] = row[g->bn[j0 + j]];
                for (; j < SF_NR; j++) d[j] = 0.0f;
            }
        }
    }
}

/* The micro-kernels of one reduction block over the item's row block [ic, ic + mc) and columns. */
static void sf_tiles(const sf_gemm *g, const unsigned char *cfull, float *pc, const float *apanels, long a_panel_stride,
                     const float *bpanels, long b_panel_stride, long ic, long mc, long jc, long nc, long kc, int first) {
    for (long jr = 0; jr < nc; jr += SF_NR) {
        const float *bp = bpanels + jr * b_panel_stride;
        for (long ir = 0; ir < mc; ir += SF_MR) {
            const long mr = sf_lmin(SF_MR, mc - ir), nr = sf_lmin(SF_NR, nc - jr);
            const float *ap = apanels + ir / SF_MR * a_panel_stride;
            if (g->ldc > 0 && mr == SF_MR && nr == SF_NR && cfull[(jc + jr) / SF_NR]) {
                sf_ukernel_to(kc, ap, bp, pc + g->cm[ic + ir] + g->cn[jc + jr], g->ldc, first);
                continue;
            }
            float ct[SF_MR * SF_NR] __attribute__((aligned(64)));
            sf_ukernel(kc, ap, bp, ct);
            if (first)
                for (long i = 0; i < mr; i++)
                    for (long j = 0; j < nr; j++) pc[g->cm[ic + ir + i] + g->cn[jc + jr + j]] = ct[i * SF_NR + j];
            else
                for (long i = 0; i < mr; i++)
                    for (long j = 0; j < nr; j++) pc[g->cm[ic + ir + i] + g->cn[jc + jr + j]] += ct[i * SF_NR + j];
        }
    }
}

/* The most floats a hoisted B block (K x nch) may take per thread: 2^21 (8 MiB). */
#define SF_BPACK_MAX (1L << 21)

void sf_gemm_tables(const sf_gemm *g) {
    const long m = g->m, n = g->n, k = g->k;
    const int whole = g->lda_k != 1;
    unsigned char *bfull = sf_contiguous(g->bn, n), *cfull = sf_contiguous(g->cn, n);
    const long split = g->parallel && g->points < 8 ? 4 : 1;
    long nch = sf_lmin(512L, sf_round_up(n, SF_NR)), msb = sf_round_up(m, SF_MC);
    if (split > 1 && m >= n) msb = sf_round_up((m + split - 1) / split, SF_MC);
    else if (split > 1) nch = sf_lmin(nch, sf_round_up((n + split - 1) / split, SF_NR));
    if (whole) while (nch > SF_NR && nch * k > SF_BPACK_MAX) nch -= SF_NR;
    const long items_n = (n + nch - 1) / nch, items_m = (m + msb - 1) / msb;
    const long items = g->points * items_n * items_m;
#pragma omp parallel if (g->parallel)
    {
        float *apack = sf_alloc((long)SF_MC * (whole ? k : SF_KC));
        float *bpack = sf_alloc((whole ? k : SF_KC) * nch);
#pragma omp for schedule(dynamic, 1)
        for (long item = 0; item < items; item++) {
            long rest = item / (items_n * items_m);
            const long item_n = item % (items_n * items_m) / items_m, item_m = item % items_m;
            long ba = g->base_a, bb = g->base_b, bc = g->base_c;
            for (int s = g->batch_axes - 1; s >= 0; s--) {
                const long t = rest % g->batch_extent[s];
                rest /= g->batch_extent[s];
                ba += g->batch_a[s] * t;
                bb += g->batch_b[s] * t;
                bc += g->batch_c[s] * t;
            }
            const float *restrict pa = g->a + ba;
            const float *restrict pb = g->b + bb;
            float *restrict pc = g->c + bc;
            const long jc = item_n * nch, nc = sf_lmin(nch, n - jc);
            const long m0 = item_m * msb, m1 = sf_lmin(m0 + msb, m);
            if (whole) {
                sf_pack_b(g, bfull, pb, bpack, jc, nc, 0, k, k);
                for (long ic = m0; ic < m1; ic += SF_MC) {
                    const long mc = sf_lmin(SF_MC, m1 - ic);
                    for (long r = 0; r < sf_round_up(mc, SF_MR); r++) {
                        float *dst = apack + r / SF_MR * k * SF_MR + r % SF_MR;
                        if (r < mc) {
                            const float *src = pa + g->am[ic + r];
                            for (long p = 0; p < k; p++) dst[p * SF_MR] = src[g->ak[p]];
                        } else
                            for (long p = 0; p < k; p++) dst[p * SF_MR] = 0.0f;
                    }
                    for (long kc0 = 0, kc; kc0 < k; kc0 += kc) {
                        kc = sf_lmin(SF_KC, g->inner_k - kc0 % g->inner_k);
                        sf_tiles(g, cfull, pc, apack + kc0 * SF_MR, k * SF_MR, bpack + kc0 * SF_NR, k, ic, mc, jc, nc, kc,
                                 g->initialize && kc0 == 0);
                    }
                }
            } else {
                for (long kc0 = 0, kc; kc0 < k; kc0 += kc) {
                    kc = sf_lmin(SF_KC, g->inner_k - kc0 % g->inner_k);
                    sf_pack_b(g, bfull, pb, bpack, jc, nc, kc0, kc, kc);
                    for (long ic = m0; ic < m1; ic += SF_MC) {
                        const long mc = sf_lmin(SF_MC, m1 - ic);
                        for (long ir = 0; ir < mc; ir += SF_MR)
                            for (long i = 0; i < SF_MR; i++) {
                                float *dst = apack + ir * kc + i;
                                if (ir + i < mc) {
                                    const float *src = pa + g->am[ic + ir + i] + kc0;
                                    for (long p = 0; p < kc; p++) dst[p * SF_MR] = src[p];
                                } else
                                    for (long p = 0; p < kc; p++) dst[p * SF_MR] = 0.0f;
                            }
                        sf_tiles(g, cfull, pc, apack, SF_MR * kc, bpack, kc, ic, mc, jc, nc, kc, g->initialize && kc0 == 0);
                    }
                }
            }
        }
        free(apack);
        free(bpack);
    }
    free(bfull);
    free(cfull);
}
