/* shapeforge: the machine's measured FMA peak (bench). Each thread runs 16 independent chains of
 * vector FMAs (enough to cover FMA latency x ports); returns the number of flops performed. */
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
        sf_vf acc[16], m = (sf_vf){0} + 0.999999f, add = (sf_vf){0} + 1e-7f;
#pragma GCC unroll 16
        for (int r = 0; r < 16; r++) acc[r] = (sf_vf){0} + (float)r;
        for (long t = 0; t < iters; t++) {
#pragma GCC unroll 16
            for (int r = 0; r < 16; r++) acc[r] = acc[r] * m + add;
            __asm__ volatile("" : "+v"(acc[0]), "+v"(acc[8]));
        }
        float s = 0;
        for (int r = 0; r < 16; r++)
            for (int l = 0; l < SF_VL; l++) s += acc[r][l];
        sf_peak_sink = s;
        total += 16.0 * SF_VL * 2.0 * (double)iters;
    }
    return total;
}
