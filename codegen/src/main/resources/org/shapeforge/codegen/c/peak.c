/* shapeforge: the machine's measured FMA peak (bench). Each thread runs 16 independent chains of
 * vector FMAs that accumulate, c += a * b, as a GEMM's micro-kernel does: the chain goes through the
 * addend. (Chaining through a multiplicand, c = c * m + add, measured 76-84 GFLOP/s on 2 Zen cores
 * where this form and the generated GEMM reach 230 and 180: some cores forward the addend late, so
 * a multiplicand chain is latency-bound.) Returns the number of flops performed. */
#include <omp.h>
#if defined(__AVX512F__)
#define SF_VL 16
#else
#define SF_VL 8
#endif
typedef float sf_vf __attribute__((vector_size(SF_VL * 4)));

volatile float sf_peak_sink;

double sf_peak(long iters) {
    double total = 0;
#pragma omp parallel reduction(+ : total)
    {
        sf_vf acc[16], a = (sf_vf){0} + 0.999999f, b[2] = {(sf_vf){0} + 1e-7f, (sf_vf){0} + 2e-7f};
#pragma GCC unroll 16
        for (int r = 0; r < 16; r++) acc[r] = (sf_vf){0} + (float)r;
        for (long t = 0; t < iters; t++) {
#pragma GCC unroll 16
            for (int r = 0; r < 16; r++) acc[r] += a * b[r & 1];
            __asm__ volatile("" : "+v"(a), "+v"(b[0]), "+v"(b[1])); /* a, b change: the products stay in the loop */
        }
        float s = 0;
        for (int r = 0; r < 16; r++)
            for (int l = 0; l < SF_VL; l++) s += acc[r][l];
        sf_peak_sink = s;
        total += 16.0 * SF_VL * 2.0 * (double)iters;
    }
    return total;
}
