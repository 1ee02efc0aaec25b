/* operation matmul */
void k_matmul(float **restrict sf_args) {
    float *restrict t_a = sf_args[0];
    float *restrict t_b = sf_args[1];
    float *restrict t_c = sf_args[2];
    float *v_bpack = sf_alloc((long)SF_KC * ((sf_lmin(41L, SF_NC) + SF_NR - 1) / SF_NR * SF_NR));
    const float *restrict v_pa = t_a + 0L;
    const float *restrict v_pb = t_b + 0L;
    float *restrict v_pc = t_c + 0L;
    #pragma omp parallel
{
        float *v_apack = sf_alloc((long)SF_MC * SF_KC);
        for (long jc = 0; jc < 41L; jc += SF_NC) {
            const long nc = sf_lmin(SF_NC, 41L - jc);
            for (long kc0 = 0; kc0 < 29L; kc0 += SF_KC) {
                const long kc = sf_lmin(SF_KC, 29L - kc0);
                const int first = kc0 == 0;
                #pragma omp for schedule(static)
                for (long jr = 0; jr < nc; jr += SF_NR) {
                    float *dst = v_bpack + jr * kc;
                    for (long p = 0; p < kc; p++) {
                        for (long j = 0; j < SF_NR; j++) {
                            dst[p * SF_NR + j] = jr + j < nc ? v_pb[(kc0 + p) * 41L + (jc + jr + j) * 1L] : 0.0f;
                        }
                    }
                }
                #pragma omp for schedule(dynamic, 1)
                for (long ic = 0; ic < 37L; ic += SF_MC) {
                    const long mc = sf_lmin(SF_MC, 37L - ic);
                    for (long ir = 0; ir < mc; ir += SF_MR) {
                        for (long i = 0; i < SF_MR; i++) {
                            const float *src = v_pa + (ic + ir + i) * 29L + kc0 * 1L;
                            float *dst = v_apack + ir * kc + i;
                            if (ir + i < mc) for (long p = 0; p < kc; p++) dst[p * SF_MR] = src[p * 1L];
                            else for (long p = 0; p < kc; p++) dst[p * SF_MR] = 0.0f;
                        }
                    }
                    for (long jr = 0; jr < nc; jr += SF_NR) {
                        for (long ir = 0; ir < mc; ir += SF_MR) {
                            float ct[SF_MR * SF_NR] __attribute__((aligned(64)));
                            sf_ukernel(kc, v_apack + ir * kc, v_bpack + jr * kc, ct);
                            const long mr = sf_lmin(SF_MR, mc - ir), nr = sf_lmin(SF_NR, nc - jr);
                            float *cp = v_pc + (ic + ir) * 41L + (jc + jr) * 1L;
                            if (first) for (long i = 0; i < mr; i++) for (long j = 0; j < nr; j++) cp[i * 41L + j * 1L] = ct[i * SF_NR + j];
                            else for (long i = 0; i < mr; i++) for (long j = 0; j < nr; j++) cp[i * 41L + j * 1L] += ct[i * SF_NR + j];
                        }
                    }
                }
            }
        }
        free(v_apack);
    }
    free(v_bpack);
}
