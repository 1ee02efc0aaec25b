/* operation batched_matmul */
void k_batched_matmul(float **restrict sf_args) {
    float *restrict t_a = sf_args[0];
    float *restrict t_b = sf_args[1];
    float *restrict t_c = sf_args[2];
    const long nch = sf_lmin(512L, (20L + SF_NR - 1) / SF_NR * SF_NR);
    const long msb = (17L + SF_MC - 1) / SF_MC * SF_MC;
    const long items_n = (20L + nch - 1) / nch, items_m = (17L + msb - 1) / msb;
    for (long v_b_p = 0; v_b_p < 3L; v_b_p++) {
        const float *restrict v_pa = t_a + 0L + 153L*v_b_p;
        const float *restrict v_pb = t_b + 0L + 180L*v_b_p;
        float *restrict v_pc = t_c + 0L + 340L*v_b_p;
        {
            float *v_apack = sf_alloc((long)SF_MC * SF_KC);
            float *v_bpack = sf_alloc((long)SF_KC * nch);
            for (long item_n = 0; item_n < items_n; item_n++) {
                for (long item_m = 0; item_m < items_m; item_m++) {
                    const long jc = item_n * nch, nc = sf_lmin(nch, 20L - jc);
                    const long m0 = item_m * msb, m1 = sf_lmin(m0 + msb, 17L);
                    for (long kc0 = 0; kc0 < 9L; kc0 += SF_KC) {
                        const long kc = sf_lmin(SF_KC, 9L - kc0);
                        const int first = kc0 == 0;
                        for (long jr = 0; jr < nc; jr += SF_NR) {
                            float *dst = v_bpack + jr * kc;
                            if (jr + SF_NR <= nc) for (long p = 0; p < kc; p++) memcpy(dst + p * SF_NR, v_pb + (kc0 + p) * 20L + jc + jr, SF_NR * sizeof(float)); else
                            for (long p = 0; p < kc; p++) {
                                for (long j = 0; j < SF_NR; j++) {
                                    dst[p * SF_NR + j] = jr + j < nc ? v_pb[(kc0 + p) * 20L + (jc + jr + j) * 1L] : 0.0f;
                                }
                            }
                        }
                        for (long ic = m0; ic < m1; ic += SF_MC) {
                            const long mc = sf_lmin(SF_MC, m1 - ic);
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
                                    const long mr = sf_lmin(SF_MR, mc - ir), nr = sf_lmin(SF_NR, nc - jr);
                                    float *cp = v_pc + (ic + ir) * 20L + (jc + jr) * 1L;
                                    if (mr == SF_MR && nr == SF_NR) { sf_ukernel_to(kc, v_apack + ir * kc, v_bpack + jr * kc, cp, 20L, first); continue; }
                                    float ct[SF_MR * SF_NR] __attribute__((aligned(64)));
                                    sf_ukernel(kc, v_apack + ir * kc, v_bpack + jr * kc, ct);
                                    if (first) for (long i = 0; i < mr; i++) for (long j = 0; j < nr; j++) cp[i * 20L + j * 1L] = ct[i * SF_NR + j];
                                    else for (long i = 0; i < mr; i++) for (long j = 0; j < nr; j++) cp[i * 20L + j * 1L] += ct[i * SF_NR + j];
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
}
