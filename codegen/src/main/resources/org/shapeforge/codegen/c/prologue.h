/* shapeforge generated C: prologue (codegen/src/main/resources/org/shapeforge/codegen/c/prologue.h).
 * Built with gcc -O3 -march=native -fopenmp -shared -fPIC; entry points take one argument, the
 * array of buffer pointers in the operation's tensor order (physical buffers, margins included). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define sf_max(a, b) ((a) > (b) ? (a) : (b))
#define sf_min(a, b) ((a) < (b) ? (a) : (b))
#define sf_relu(x) sf_max((x), 0.0f)
#define sf_sigmoid(x) (1.0f / (1.0f + expf(-(x))))
#define sf_lmin(a, b) ((a) < (b) ? (a) : (b))

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
#define SF_KC 128
#define SF_MC (4 * SF_MR)

typedef float sf_vf __attribute__((vector_size(SF_VL * 4)));

static inline float *sf_alloc(long n) {
    size_t bytes = ((size_t)n * sizeof(float) + 63) / 64 * 64;
    return (float *)aligned_alloc(64, bytes ? bytes : 64);
}

/* ct[SF_MR][SF_NR] = sum over p < kc of a[p][i] * b[p][j]; a is a packed SF_MR-row panel
 * (a[p*SF_MR + i]), b a packed SF_NR-column panel (b[p*SF_NR + j]). */
static inline void sf_ukernel(long kc, const float *restrict a, const float *restrict b, float *restrict ct) {
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
#pragma GCC unroll 16
        for (int i = 0; i < SF_MR; i++) {
            sf_vf ai = a[p * SF_MR + i] - (sf_vf){0}; /* broadcast; x - 0 == x folds, x + 0 does not (-0) */
            c0[i] += ai * b0;
            c1[i] += ai * b1;
        }
    }
#pragma GCC unroll 16
    for (int i = 0; i < SF_MR; i++) {
        memcpy(ct + i * SF_NR, &c0[i], sizeof c0[i]);
        memcpy(ct + i * SF_NR + SF_VL, &c1[i], sizeof c1[i]);
    }
}

