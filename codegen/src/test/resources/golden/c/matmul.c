/* operation matmul */
void k_matmul(float **restrict sf_args) {
    float *restrict t_a = sf_args[0];
    float *restrict t_b = sf_args[1];
    float *restrict t_c = sf_args[2];
    const long nch = sf_lmin(512L, (41L + SF_NR - 1) / SF_NR * SF_NR);
    const long msb = (37L + SF_MC - 1) / SF_MC * SF_MC;
    const long items_n = (41L + nch - 1) / nch, items_m = (37L + msb - 1) / msb;
    const float *restrict v_pa = t_a + 0L;
    const float *restrict v_pb = t_b + 0L;
    float *restrict v_pc = t_c + 0L;
    {
        float *v_apack = sf_alloc((long)SF_MC * SF_KC);
        float *v_bpack = sf_alloc((long)SF_KC * nch);
        for (long item_n = 0; item_n < items_n; item_n++) {
            for (long item_m = 0; item_m < items_m; item_m++) {
                const long jc = item_n * nch, nc = sf_lmin(nch, 41L - jc);
                const long m0 = item_m * msb, m1 = sf_lmin(m0 + msb, 37L);
                for (long kc0 = 0; kc0 < 29L; kc0 += SF_KC) {
                    const long kc = sf_lmin(SF_KC, 29L - kc0);
                    const int first = kc0 == 0;
                    for (long jr = 0; jr < nc; jr += SF_NR) {
                        float *dst = v_bpack + jr * kc;
                        if (jr + SF_NR <= nc) for (long p = 0; p < kc; p++) memcpy(dst + p * SF_NR, v_pb + (kc0 + p) * 41L + jc + jr, SF_NR * sizeof(float)); else
                        for (long p = 0; p < kc; p++) {
                            for (long j = 0; j < SF_NR; j++) {
                                dst[p * SF_NR + j] = jr + j < nc ? v_pb[(kc0 + p) * 41L + (jc + jr + j) * 1L] : 0.0f;
                            }
                        }
                    }
                    for (long ic = m0; ic < m1; ic += SF_MC) {
                        const long mc = sf_lmin(SF_MC, m1 - ic);
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
                                const long mr = sf_lmin(SF_MR, mc - ir), nr = sf_lmin(SF_NR, nc - jr);
                                float *cp = v_pc + (ic + ir) * 41L + (jc + jr) * 1L;
                                if (mr == SF_MR && nr == SF_NR) { sf_ukernel_to(kc, v_apack + ir * kc, v_bpack + jr * kc, cp, 41L, first); continue; }
                                float ct[SF_MR * SF_NR] __attribute__((aligned(64)));
                                sf_ukernel(kc, v_apack + ir * kc, v_bpack + jr * kc, ct);
                                if (first) for (long i = 0; i < mr; i++) for (long j = 0; j < nr; j++) cp[i * 41L + j * 1L] = ct[i * SF_NR + j];
                                else for (long i = 0; i < mr; i++) for (long j = 0; j < nr; j++) cp[i * 41L + j * 1L] += ct[i * SF_NR + j];
                            }
                        }
                    }
                }
            }
        }
        free(v_apack);
        free(v_bpack);
    }
}
