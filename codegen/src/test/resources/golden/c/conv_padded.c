/* operation conv */
void k_conv(float **restrict sf_args) {
    float *restrict t_x = sf_args[0];
    float *restrict t_w = sf_args[1];
    float *restrict t_y = sf_args[2];
    long *v_oam = (long *)malloc(4L * sizeof(long));
    {
        long q = 0;
        for (long v_t_o = 0; v_t_o < 4L; v_t_o++)
          v_oam[q++] = 0L + 27L * v_t_o;
    }
    long *v_oak = (long *)malloc(27L * sizeof(long));
    {
        long q = 0;
        for (long v_t_c = 0; v_t_c < 3L; v_t_c++)
        for (long v_t_k0 = 0; v_t_k0 < 3L; v_t_k0++)
        for (long v_t_k1 = 0; v_t_k1 < 3L; v_t_k1++)
          v_oak[q++] = 0L + 9L * v_t_c + 3L * v_t_k0 + 1L * v_t_k1;
    }
    long *v_obk = (long *)malloc(27L * sizeof(long));
    {
        long q = 0;
        for (long v_t_c_1 = 0; v_t_c_1 < 3L; v_t_c_1++)
        for (long v_t_k0_1 = 0; v_t_k0_1 < 3L; v_t_k0_1++)
        for (long v_t_k1_1 = 0; v_t_k1_1 < 3L; v_t_k1_1++)
          v_obk[q++] = 0L + 110L * v_t_c_1 + 11L * v_t_k0_1 + 1L * v_t_k1_1;
    }
    long *v_obn = (long *)malloc(144L * sizeof(long));
    {
        long q = 0;
        for (long v_t_n = 0; v_t_n < 2L; v_t_n++)
        for (long v_t_s0 = 0; v_t_s0 < 8L; v_t_s0++)
        for (long v_t_s1 = 0; v_t_s1 < 9L; v_t_s1++)
          v_obn[q++] = 0L + 330L * v_t_n + 11L * v_t_s0 + 1L * v_t_s1;
    }
    long *v_ocm = (long *)malloc(4L * sizeof(long));
    {
        long q = 0;
        for (long v_t_o_1 = 0; v_t_o_1 < 4L; v_t_o_1++)
          v_ocm[q++] = 0L + 72L * v_t_o_1;
    }
    long *v_ocn = (long *)malloc(144L * sizeof(long));
    {
        long q = 0;
        for (long v_t_n_1 = 0; v_t_n_1 < 2L; v_t_n_1++)
        for (long v_t_s0_1 = 0; v_t_s0_1 < 8L; v_t_s0_1++)
        for (long v_t_s1_1 = 0; v_t_s1_1 < 9L; v_t_s1_1++)
          v_ocn[q++] = 0L + 288L * v_t_n_1 + 9L * v_t_s0_1 + 1L * v_t_s1_1;
    }
    unsigned char *v_bfull = (unsigned char *)malloc((144L + SF_NR - 1) / SF_NR);
    for (long j0 = 0; j0 < 144L; j0 += SF_NR) {
        int ok = j0 + SF_NR <= 144L;
        for (long j = 1; ok && j < SF_NR; j++) ok = v_obn[j0 + j] == v_obn[j0] + j;
        v_bfull[j0 / SF_NR] = (unsigned char)ok;
    }
    unsigned char *v_cfull = (unsigned char *)malloc((144L + SF_NR - 1) / SF_NR);
    for (long j0 = 0; j0 < 144L; j0 += SF_NR) {
        int ok = j0 + SF_NR <= 144L;
        for (long j = 1; ok && j < SF_NR; j++) ok = v_ocn[j0 + j] == v_ocn[j0] + j;
        v_cfull[j0 / SF_NR] = (unsigned char)ok;
    }
    const long nch = sf_lmin(512L, ((144L + 0) / 1 + SF_NR - 1) / SF_NR * SF_NR);
    const long msb = ((4L + 0) / 1 + SF_MC - 1) / SF_MC * SF_MC;
    const long items_n = (144L + nch - 1) / nch, items_m = (4L + msb - 1) / msb;
    {
        float *apack = sf_alloc((long)SF_MC * SF_KC);
        float *bpack = sf_alloc((long)SF_KC * nch);
        for (long item = 0; item < 1L * items_n * items_m; item++) {
            long rest = item / (items_n * items_m);
            const long item_n = item % (items_n * items_m) / items_m, item_m = item % items_m;
            long ba = 0L, bb = 0L, bc = 0L;
            const float *restrict pa = t_w + ba;
            const float *restrict pb = t_x + bb;
            float *restrict pc = t_y + bc;
            const long jc = item_n * nch, nc = sf_lmin(nch, 144L - jc);
            const long m0 = item_m * msb, m1 = sf_lmin(m0 + msb, 4L);
            for (long kc0 = 0, kc; kc0 < 27L; kc0 += kc) {
                kc = sf_lmin(SF_KC, 3L - kc0 % 3L);
                const int first = kc0 == 0;
                for (long jr = 0; jr < nc; jr += SF_NR) {
                    float *dst = bpack + jr * kc;
                    const long j0 = jc + jr;
                    if (v_bfull[j0 / SF_NR]) {
                        const float *src = pb + v_obn[j0];
                        for (long p = 0; p < kc; p++) memcpy(dst + p * SF_NR, src + v_obk[kc0 + p], SF_NR * sizeof(float));
                    }
                    else {
                        for (long p = 0; p < kc; p++) {
                            const float *row = pb + v_obk[kc0 + p];
                            for (long j = 0; j < SF_NR; j++) dst[p * SF_NR + j] = jr + j < nc ? row[v_obn[j0 + j]] : 0.0f;
                        }
                    }
                }
                for (long ic = m0; ic < m1; ic += SF_MC) {
                    const long mc = sf_lmin(SF_MC, m1 - ic);
                    for (long ir = 0; ir < mc; ir += SF_MR) {
                        for (long i = 0; i < SF_MR; i++) {
                            float *dst = apack + ir * kc + i;
                            if (ir + i < mc) { const float *src = pa + v_oam[ic + ir + i] + kc0; for (long p = 0; p < kc; p++) dst[p * SF_MR] = src[p]; }
                            else for (long p = 0; p < kc; p++) dst[p * SF_MR] = 0.0f;
                        }
                    }
                    for (long jr = 0; jr < nc; jr += SF_NR) {
                        for (long ir = 0; ir < mc; ir += SF_MR) {
                            const long mr = sf_lmin(SF_MR, mc - ir), nr = sf_lmin(SF_NR, nc - jr);
                            const float *ap = apack + ir * kc;
                            if (mr == SF_MR && nr == SF_NR && v_cfull[(jc + jr) / SF_NR]) { sf_ukernel_to(kc, ap, bpack + jr * kc, pc + v_ocm[ic + ir] + v_ocn[jc + jr], 72L, first); continue; }
                            float ct[SF_MR * SF_NR] __attribute__((aligned(64)));
                            sf_ukernel(kc, ap, bpack + jr * kc, ct);
                            if (first) for (long i = 0; i < mr; i++) for (long j = 0; j < nr; j++) pc[v_ocm[ic + ir + i] + v_ocn[jc + jr + j]] = ct[i * SF_NR + j];
                            else for (long i = 0; i < mr; i++) for (long j = 0; j < nr; j++) pc[v_ocm[ic + ir + i] + v_ocn[jc + jr + j]] += ct[i * SF_NR + j];
                        }
                    }
                }
            }
        }
        free(apack);
        free(bpack);
    }
    free(v_oam);
    free(v_oak);
    free(v_obk);
    free(v_obn);
    free(v_ocm);
    free(v_ocn);
    free(v_bfull);
    free(v_cfull);
}
