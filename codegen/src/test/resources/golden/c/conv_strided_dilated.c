/* operation conv */
void k_conv(float **restrict sf_args) {
    float *restrict t_x = sf_args[0];
    float *restrict t_w = sf_args[1];
    float *restrict t_y = sf_args[2];
    const long nch = sf_lmin(512L, ((6L + 3) / 4 + SF_NR - 1) / SF_NR * SF_NR);
    const long msb = ((3L + 3) / 4 + SF_MC - 1) / SF_MC * SF_MC;
    const long items_n = (6L + nch - 1) / nch, items_m = (3L + msb - 1) / msb;
    for (long v_b_s1 = 0; v_b_s1 < 5L; v_b_s1++) {
        for (long v_r_c = 0; v_r_c < 2L; v_r_c++) {
            for (long v_r_k0 = 0; v_r_k0 < 3L; v_r_k0++) {
                const float *restrict v_pa = t_w + 0L + 0L*v_b_s1 + 9L*v_r_c + 3L*v_r_k0;
                const float *restrict v_pb = t_x + 0L + 2L*v_b_s1 + 176L*v_r_c + 22L*v_r_k0;
                float *restrict v_pc = t_y + 0L + 1L*v_b_s1;
                {
                    float *v_apack = sf_alloc((long)SF_MC * SF_KC);
                    float *v_bpack = sf_alloc((long)SF_KC * nch);
                    for (long item_n = 0; item_n < items_n; item_n++) {
                        for (long item_m = 0; item_m < items_m; item_m++) {
                            const long jc = item_n * nch, nc = sf_lmin(nch, 6L - jc);
                            const long m0 = item_m * msb, m1 = sf_lmin(m0 + msb, 3L);
                            for (long kc0 = 0; kc0 < 3L; kc0 += SF_KC) {
                                const long kc = sf_lmin(SF_KC, 3L - kc0);
                                const int first = kc0 == 0 && v_r_c == 0 && v_r_k0 == 0;
                                for (long jr = 0; jr < nc; jr += SF_NR) {
                                    float *dst = v_bpack + jr * kc;
                                    for (long p = 0; p < kc; p++) {
                                        for (long j = 0; j < SF_NR; j++) {
                                            dst[p * SF_NR + j] = jr + j < nc ? v_pb[(kc0 + p) * 1L + (jc + jr + j) * 22L] : 0.0f;
                                        }
                                    }
                                }
                                for (long ic = m0; ic < m1; ic += SF_MC) {
                                    const long mc = sf_lmin(SF_MC, m1 - ic);
                                    for (long ir = 0; ir < mc; ir += SF_MR) {
                                        for (long i = 0; i < SF_MR; i++) {
                                            const float *src = v_pa + (ic + ir + i) * 18L + kc0 * 1L;
                                            float *dst = v_apack + ir * kc + i;
                                            if (ir + i < mc) for (long p = 0; p < kc; p++) dst[p * SF_MR] = src[p * 1L];
                                            else for (long p = 0; p < kc; p++) dst[p * SF_MR] = 0.0f;
                                        }
                                    }
                                    for (long jr = 0; jr < nc; jr += SF_NR) {
                                        for (long ir = 0; ir < mc; ir += SF_MR) {
                                            const long mr = sf_lmin(SF_MR, mc - ir), nr = sf_lmin(SF_NR, nc - jr);
                                            float *cp = v_pc + (ic + ir) * 30L + (jc + jr) * 5L;
                                            float ct[SF_MR * SF_NR] __attribute__((aligned(64)));
                                            sf_ukernel(kc, v_apack + ir * kc, v_bpack + jr * kc, ct);
                                            if (first) for (long i = 0; i < mr; i++) for (long j = 0; j < nr; j++) cp[i * 30L + j * 5L] = ct[i * SF_NR + j];
                                            else for (long i = 0; i < mr; i++) for (long j = 0; j < nr; j++) cp[i * 30L + j * 5L] += ct[i * SF_NR + j];
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
    }
}
