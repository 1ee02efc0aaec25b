/* operation batched_matmul */
void k_batched_matmul(float **restrict sf_args) {
    float *restrict t_a = sf_args[0];
    float *restrict t_b = sf_args[1];
    float *restrict t_c = sf_args[2];
    float *v_bpack = sf_alloc((long)SF_KC * ((sf_lmin(20L, SF_NC) + SF_NR - 1) / SF_NR * SF_NR));
    for (long v_b_p = 0; v_b_p < 3L; v_b_p++) {
        const float *restrict v_pa = t_a + 0L + 153L*v_b_p;
        const float *restrict v_pb = t_b + 0L + 180L*v_b_p;
        float *restrict v_pc = t_c + 0L + 340L*v_b_p;
        {
            float *v_apack = sf_alloc((long)SF_MC * SF_KC);
            for (long jc = 0; jc < 20L; jc += SF_NC) {
                const long nc = sf_lmin(SF_NC, 20L - jc);
                for (long kc0 = 0; kc0 < 9L; kc0 += SF_KC) {
                    const long kc = sf_lmin(SF_KC, 9L - kc0);
                    const int first = kc0 == 0;
                    for (long jr = 0; jr < nc; jr += SF_NR) {
                        float *dst = v_bpack + jr * kc;
                        for (long p = 0; p < kc; p++) {
                            for (long j = 0; j < SF_NR; j++) {
                                dst[p * SF_NR + j] = jr + j < nc ? v_pb[(kc0 + p) * 20L + (jc + jr + j) * 1L] : 0.0f;
                            }
                        }
                    }
                    for (long ic = 0; ic < 17L; ic += SF_MC) {
                        const long mc = sf_lmin(SF_MC, 17L - ic);
                        for (long ir = 0; ir < mc; ir += SF_MR) {
                            for (long i = 0; i < SF_MR; i++) {
                                const float *src = v_pa + (ic + ir + i) * 9L + kc0 * 1L;
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
                                float *cp = v_pc + (ic + ir) * 20L + (jc + jr) * 1L;
                                if (first) for (long i = 0; i < mr; i++) for (long j = 0; j < nr; j++) cp[i * 20L + j * 1L] = ct[i * SF_NR + j];
                                else for (long i = 0; i < mr; i++) for (long j = 0; j < nr; j++) cp[i * 20L + j * 1L] += ct[i * SF_NR + j];
                            }
                        }
                    }
                }
            }
            free(v_apack);
        }
    }
    free(v_bpack);
}
