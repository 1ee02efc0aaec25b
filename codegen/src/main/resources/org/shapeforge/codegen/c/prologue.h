/* shapeforge generated C: prologue (codegen/src/main/resources/org/shapeforge/codegen/c/prologue.h).
 * Built with gcc -O3 -march=native -fopenmp -shared -fPIC; entry points take one argument, the
 * array of buffer pointers in the operation's tensor order (physical buffers, margins included). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define sf_max(a, b) ((a) > (b) ? (a) : (b))
#define sf_min(a, b) ((a) < (b) ? (a) : (b))
/* the floored remainder (the divisor's sign: NumPy's mod, ONNX Mod with fmod = 0) */
#define sf_mod(a, b) ((a) - (b) * floorf((a) / (b)))
#define sf_relu(x) sf_max((x), 0.0f)
/* a where c is 1, b where c is 0, chosen by the bits: a select whose sides are already computed
 * (gcc keeps a ternary with a floating-point side as a branch under -ftrapping-math, and a branch
 * in a loop stops its vectorization) */
static inline float sf_pick(int c, float a, float b) {
    int ia, ib;
    memcpy(&ia, &a, 4);
    memcpy(&ib, &b, 4);
    const int m = -c, r = (ia & m) | (ib & ~m);
    float f;
    memcpy(&f, &r, 4);
    return f;
}
/* e^x in float, branch-free so that gcc vectorizes the loops that call it (libm's expf is a scalar
 * call: a SiLU over 2.4 M cells took 10 ms, this 2.7): x = k ln2 + r, |r| <= ln2/2 (k rounded to
 * nearest by adding 1.5 * 2^23; Cody-Waite's two-part ln2), e^r by Cephes' degree-6 polynomial
 * (within 1 ulp of the correctly rounded e^x over every normal result: checked over 9.7e8 floats,
 * and ExpfTest's sample), 2^k as two normal factors so every k of the float range is exact; +inf
 * above 88.7228..., +0 below -103.97 (half the smallest subnormal), NaN propagated. */
static inline float sf_expf(float x) {
    const float hi = 88.72283935546875f, lo = -103.972076416015625f;
    float xc = sf_pick(x > hi, hi, x);
    xc = sf_pick(xc < lo, lo, xc);
    const float t = xc * 1.44269504088896341f + 12582912.0f, k = t - 12582912.0f;
    float r = xc - k * 0.693359375f;
    r = r - k * -2.12194440e-4f;
    float p = 1.9875691500e-4f;
    p = p * r + 1.3981999507e-3f;
    p = p * r + 8.3334519073e-3f;
    p = p * r + 4.1665795894e-2f;
    p = p * r + 1.6666665459e-1f;
    p = p * r + 5.0000001201e-1f;
    const float y = p * r * r + r + 1.0f;
    const int ki = (int)k, k1 = ki >> 1, k2 = ki - k1;
    const int b1 = (k1 + 127) << 23, b2 = (k2 + 127) << 23;
    float s1, s2;
    memcpy(&s1, &b1, 4);
    memcpy(&s2, &b2, 4);
    return sf_pick(x < lo, 0.0f, sf_pick(x > hi, __builtin_inff(), y * s1 * s2));
}
#define sf_sigmoid(x) (1.0f / (1.0f + sf_expf(-(x))))
/* tanh in float, branch-free so that gcc vectorizes the loops that call it (libm's tanhf is a scalar
 * call: a TCN block's tanh over 1 M cells took longer than its convolution): Cephes' tanhf, both
 * sides computed and one picked -- |x| >= 0.625: 1 - 2 / (e^(2|x|) + 1) through sf_expf, the sign
 * put back (e^(2|x|) is +inf past 44.4, giving exactly +-1); below, the odd polynomial x (1 + x^2 P(x^2))
 * (no cancellation near 0, -0 kept). NaN propagated, +-inf give +-1. Within 2 ulp of the correctly
 * rounded tanh (Cephes' bound; TanhfTest sees at most 1 over 65,536 floats). */
static inline float sf_tanhf(float x) {
    const float z = fabsf(x), q = x * x;
    const float e = sf_expf(z + z);
    const float big = copysignf(1.0f - 2.0f / (e + 1.0f), x);
    const float p = (((-5.70498872745e-3f * q + 2.06390887954e-2f) * q - 5.37397155531e-2f) * q + 1.33314422036e-1f) * q
                    - 3.33332819422e-1f;
    const float small = x * (1.0f + q * p); /* a product: -0 stays -0 */
    return sf_pick(z >= 0.625f, big, small);
}
/* UnOp's SIGN (NaN: 0), STEP (x > 0: exactly a > b for x = a - b), ISNAN, ISINF: as floats */
#define sf_sign(x) ((float)(((x) > 0) - ((x) < 0)))
#define sf_step(x) ((x) > 0 ? 1.0f : 0.0f)
#define sf_isnan(x) (isnan(x) ? 1.0f : 0.0f)
#define sf_isinf(x) (isinf(x) ? 1.0f : 0.0f)
#define sf_lmin(a, b) ((a) < (b) ? (a) : (b))
/* Index.Gathered: the coordinate a float element holds (an integer), negative from the end, clamped
 * into [0, n - 1]: no value of the data reads outside the axis */
static inline long sf_gix(float v, long n) {
    long q = (long)v;
    if (q < 0) q += n;
    return q < 0 ? 0 : q >= n ? n - 1 : q;
}
/* BinOp MASK: v where c is nonzero, else 0 (ONNX Where without 0 * inf). A function, not a macro:
 * its arguments are evaluated unconditionally, so -O3 if-conversion makes a blend. As a ternary
 * with a conditional load on each side of Where, gcc 12.2 -O3 miscompiled nested loops (wrong
 * lanes from if-converted masked loads; OverflowValuesTest.whereInALoopNestSelectsEveryLane). */
static inline float sf_mask(float c, float v) { return c != 0.0f ? v : 0.0f; }

/* Register blocking of the contraction micro-kernel: SF_MR rows x SF_NR columns of the output
 * held in 2*SF_MR vector registers (AVX-512: 24 of 32 zmm; AVX2: 12 of 16 ymm). */
#if defined(__AVX512F__)
#define SF_VL 16
#define SF_MR 12
#else
#define SF_VL 8
#define SF_MR 6
#endif
#define SF_NR (2 * SF_VL)
#define SF_KC 256
#define SF_MC (4 * SF_MR)

typedef float sf_vf __attribute__((vector_size(SF_VL * 4)));

static inline float *sf_alloc(long n) {
    size_t bytes = ((size_t)n * sizeof(float) + 63) / 64 * 64;
    return (float *)aligned_alloc(64, bytes ? bytes : 64);
}

/* c[i*ldc + j] (=|+=) sum over p < kc of a[p][i] * b[p][j] for i < SF_MR, j < SF_NR: a is a
 * packed SF_MR-row panel (a[p*SF_MR + i]), b a packed SF_NR-column panel (b[p*SF_NR + j]); with
 * first the tile is stored, else added to c (a full tile of a row-major output, written in place:
 * no temporary tile and no scalar write-back). */
static inline void sf_ukernel_to(long kc, const float *restrict a, const float *restrict b, float *restrict c, long ldc,
                                 int first) {
    sf_vf c0[SF_MR], c1[SF_MR];
#pragma GCC unroll 16
    for (int i = 0; i < SF_MR; i++) {
        c0[i] = (sf_vf){0};
        c1[i] = (sf_vf){0};
    }
    for (long p = 0; p < kc; p++) {
        sf_vf b0, b1;
        memcpy(&b0, b + p * SF_NR, sizeof b0);
        memcpy(&b1, b + p * SF_NR + SF_VL, sizeof b1);
        __builtin_prefetch(a + (p + 8) * SF_MR);
#pragma GCC unroll 16
        for (int i = 0; i < SF_MR; i++) {
            sf_vf ai = a[p * SF_MR + i] - (sf_vf){0}; /* broadcast; x - 0 == x folds, x + 0 does not (-0) */
            c0[i] += ai * b0;
            c1[i] += ai * b1;
        }
    }
    if (first) {
#pragma GCC unroll 16
        for (int i = 0; i < SF_MR; i++) {
            memcpy(c + i * ldc, &c0[i], sizeof c0[i]);
            memcpy(c + i * ldc + SF_VL, &c1[i], sizeof c1[i]);
        }
    } else {
#pragma GCC unroll 16
        for (int i = 0; i < SF_MR; i++) {
            sf_vf o0, o1;
            memcpy(&o0, c + i * ldc, sizeof o0);
            memcpy(&o1, c + i * ldc + SF_VL, sizeof o1);
            o0 += c0[i];
            o1 += c1[i];
            memcpy(c + i * ldc, &o0, sizeof o0);
            memcpy(c + i * ldc + SF_VL, &o1, sizeof o1);
        }
    }
}

/* ct[SF_MR][SF_NR] = the tile of sf_ukernel_to (an edge tile or a strided output, written back by the caller). */
static inline void sf_ukernel(long kc, const float *restrict a, const float *restrict b, float *restrict ct) {
    sf_ukernel_to(kc, a, b, ct, SF_NR, 1);
}

/* One GEMM per batch point over offset tables (CMergedGemm): C[cm[i] + cn[j]] (=|+=) sum over p of
 * A[am[i] + ak[p]] * B[bk[p] + bn[j]], for i < m, j < n, p < k, the batch point's offsets added to
 * each operand. Computed by sf_gemm_tables, compiled once into the runtime library (gemm.c) that
 * the kernels calling it are linked against. */
typedef struct sf_gemm {
    long points, m, n, k;
    long inner_k;                           /* reduction blocks never straddle a multiple of it (one tap) */
    int batch_axes;                         /* the batch axes, odometer order (the last fastest) */
    const long *batch_extent, *batch_a, *batch_b, *batch_c; /* per batch axis: extent, offset coefficients */
    long base_a, base_b, base_c;
    const long *am, *ak, *bk, *bn, *cm, *cn;
    long lda_k;                             /* A's stride along k when its k offsets are one progression, else 0 */
    long ldc;                               /* C's stride along m when its m offsets are one progression, else 0 */
    int initialize;                         /* the first reduction block stores its tile, later blocks add */
    int parallel;                           /* an OpenMP parallel region (the work pays for one) */
    const float *a, *b;
    float *c;
} sf_gemm;
void sf_gemm_tables(const sf_gemm *g);
