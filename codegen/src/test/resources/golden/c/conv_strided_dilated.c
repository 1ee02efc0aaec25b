/* operation conv */
void k_conv(float **restrict sf_args) {
    float *restrict t_x = sf_args[0];
    float *restrict t_w = sf_args[1];
    float *restrict t_y = sf_args[2];
    /* skinny contraction: 1 x (30 rows x 3 columns x 18) */
    long *v_orow = (long *)malloc(30L * sizeof(long));
    {
        long q = 0;
        for (long v_t_s0 = 0; v_t_s0 < 6L; v_t_s0++)
        for (long v_t_s1 = 0; v_t_s1 < 5L; v_t_s1++)
          v_orow[q++] = 0L + 22L * v_t_s0 + 2L * v_t_s1;
    }
    long *v_ocol = (long *)malloc(3L * sizeof(long));
    {
        long q = 0;
        for (long v_t_o = 0; v_t_o < 3L; v_t_o++)
          v_ocol[q++] = 0L + 18L * v_t_o;
    }
    long *v_okt = (long *)malloc(18L * sizeof(long));
    {
        long q = 0;
        for (long v_t_c = 0; v_t_c < 2L; v_t_c++)
        for (long v_t_k0 = 0; v_t_k0 < 3L; v_t_k0++)
        for (long v_t_k1 = 0; v_t_k1 < 3L; v_t_k1++)
          v_okt[q++] = 0L + 9L * v_t_c + 3L * v_t_k0 + 1L * v_t_k1;
    }
    long *v_ocr = (long *)malloc(30L * sizeof(long));
    {
        long q = 0;
        for (long v_t_s0_1 = 0; v_t_s0_1 < 6L; v_t_s0_1++)
        for (long v_t_s1_1 = 0; v_t_s1_1 < 5L; v_t_s1_1++)
          v_ocr[q++] = 0L + 5L * v_t_s0_1 + 1L * v_t_s1_1;
    }
    long *v_occ = (long *)malloc(3L * sizeof(long));
    {
        long q = 0;
        for (long v_t_o_1 = 0; v_t_o_1 < 3L; v_t_o_1++)
          v_occ[q++] = 0L + 30L * v_t_o_1;
    }
    long *v_okw = (long *)malloc(18L * sizeof(long));
    {
        long q = 0;
        for (long v_t_c_1 = 0; v_t_c_1 < 2L; v_t_c_1++)
        for (long v_t_k0_1 = 0; v_t_k0_1 < 3L; v_t_k0_1++)
        for (long v_t_k1_1 = 0; v_t_k1_1 < 3L; v_t_k1_1++)
          v_okw[q++] = 0L + 176L * v_t_c_1 + 22L * v_t_k0_1 + 1L * v_t_k1_1;
    }
    float *v_tpack = sf_alloc(54L);
    for (long pt = 0; pt < 1L; pt++) {
        long rest = pt, bt = 0L;
        (void)rest;
        for (long j = 0; j < 3L; j++) for (long q = 0; q < 18L; q++) v_tpack[(pt * 3L + j) * 18L + q] = t_w[bt + v_ocol[j] + v_okt[q]];
    }
    {
        float *gather = sf_alloc(4L * 18L);
        for (long item = 0; item < 8L; item++) {
            const long pt = item / 8L, r0 = item % 8L * 4;
            long rest = pt, bw = 0L, bc = 0L;
            (void)rest;
            const float *tq = v_tpack + pt * 54L;
            const float *row[4];
            for (int i = 0; i < 4; i++) {
                const long r = sf_lmin(r0 + i, 29L);
                for (long q = 0; q < 18L; q++) gather[i * 18L + q] = t_x[bw + v_orow[r] + v_okw[q]];
                row[i] = gather + i * 18L;
            }
            sf_vf acc[4][3];
            #pragma GCC unroll 16
            for (int i = 0; i < 4; i++) for (int j = 0; j < 3; j++) acc[i][j] = (sf_vf){0};
            long q = 0;
            for (; q + SF_VL <= 18L; q += SF_VL) {
                sf_vf t[3];
                #pragma GCC unroll 8
                for (int j = 0; j < 3; j++) memcpy(&t[j], tq + j * 18L + q, sizeof t[j]);
                #pragma GCC unroll 8
                for (int i = 0; i < 4; i++) {
                    sf_vf x;
                    memcpy(&x, row[i] + q, sizeof x);
                    #pragma GCC unroll 8
                    for (int j = 0; j < 3; j++) acc[i][j] += x * t[j];
                }
            }
            for (int i = 0; i < 4 && r0 + i < 30L; i++) {
                for (int j = 0; j < 3; j++) {
                    float sum = 0.0f;
                    for (int l = 0; l < SF_VL; l++) sum += acc[i][j][l];
                    for (long p = q; p < 18L; p++) sum += row[i][p] * tq[j * 18L + p];
                    t_y[bc + v_ocr[r0 + i] + v_occ[j]] = sum;
                }
            }
        }
        free(gather);
    }
    free(v_tpack);
    free(v_orow);
    free(v_ocol);
    free(v_okt);
    free(v_ocr);
    free(v_occ);
    free(v_okw);
}
