/* operation conv */
void k_conv(float **restrict sf_args) {
    float *restrict t_x = sf_args[0];
    float *restrict t_w = sf_args[1];
    float *restrict t_y = sf_args[2];
    /* skinny contraction: 1 x (144 rows x 4 columns x 27) */
    long *v_orow = (long *)malloc(144L * sizeof(long));
    {
        long q = 0;
        for (long v_t_n = 0; v_t_n < 2L; v_t_n++)
        for (long v_t_s0 = 0; v_t_s0 < 8L; v_t_s0++)
        for (long v_t_s1 = 0; v_t_s1 < 9L; v_t_s1++)
          v_orow[q++] = 0L + 330L * v_t_n + 11L * v_t_s0 + 1L * v_t_s1;
    }
    long *v_ocol = (long *)malloc(4L * sizeof(long));
    {
        long q = 0;
        for (long v_t_o = 0; v_t_o < 4L; v_t_o++)
          v_ocol[q++] = 0L + 27L * v_t_o;
    }
    long *v_okt = (long *)malloc(27L * sizeof(long));
    {
        long q = 0;
        for (long v_t_c = 0; v_t_c < 3L; v_t_c++)
        for (long v_t_k0 = 0; v_t_k0 < 3L; v_t_k0++)
        for (long v_t_k1 = 0; v_t_k1 < 3L; v_t_k1++)
          v_okt[q++] = 0L + 9L * v_t_c + 3L * v_t_k0 + 1L * v_t_k1;
    }
    long *v_ocr = (long *)malloc(144L * sizeof(long));
    {
        long q = 0;
        for (long v_t_n_1 = 0; v_t_n_1 < 2L; v_t_n_1++)
        for (long v_t_s0_1 = 0; v_t_s0_1 < 8L; v_t_s0_1++)
        for (long v_t_s1_1 = 0; v_t_s1_1 < 9L; v_t_s1_1++)
          v_ocr[q++] = 0L + 288L * v_t_n_1 + 9L * v_t_s0_1 + 1L * v_t_s1_1;
    }
    long *v_occ = (long *)malloc(4L * sizeof(long));
    {
        long q = 0;
        for (long v_t_o_1 = 0; v_t_o_1 < 4L; v_t_o_1++)
          v_occ[q++] = 0L + 72L * v_t_o_1;
    }
    long *v_okw = (long *)malloc(27L * sizeof(long));
    {
        long q = 0;
        for (long v_t_c_1 = 0; v_t_c_1 < 3L; v_t_c_1++)
        for (long v_t_k0_1 = 0; v_t_k0_1 < 3L; v_t_k0_1++)
        for (long v_t_k1_1 = 0; v_t_k1_1 < 3L; v_t_k1_1++)
          v_okw[q++] = 0L + 110L * v_t_c_1 + 11L * v_t_k0_1 + 1L * v_t_k1_1;
    }
    float *v_tpack = sf_alloc(108L);
    for (long pt = 0; pt < 1L; pt++) {
        long rest = pt, bt = 0L;
        (void)rest;
        for (long j = 0; j < 4L; j++) for (long q = 0; q < 27L; q++) v_tpack[(pt * 4L + j) * 27L + q] = t_w[bt + v_ocol[j] + v_okt[q]];
    }
    {
        float *gather = sf_alloc(4L * 27L);
        for (long item = 0; item < 36L; item++) {
            const long pt = item / 36L, r0 = item % 36L * 4;
            long rest = pt, bw = 0L, bc = 0L;
            (void)rest;
            const float *tq = v_tpack + pt * 108L;
            const float *row[4];
            for (int i = 0; i < 4; i++) {
                const long r = sf_lmin(r0 + i, 143L);
                for (long q = 0; q < 27L; q++) gather[i * 27L + q] = t_x[bw + v_orow[r] + v_okw[q]];
                row[i] = gather + i * 27L;
            }
            sf_vf acc[4][4];
            #pragma GCC unroll 16
            for (int i = 0; i < 4; i++) for (int j = 0; j < 4; j++) acc[i][j] = (sf_vf){0};
            long q = 0;
            for (; q + SF_VL <= 27L; q += SF_VL) {
                sf_vf t[4];
                #pragma GCC unroll 8
                for (int j = 0; j < 4; j++) memcpy(&t[j], tq + j * 27L + q, sizeof t[j]);
                #pragma GCC unroll 8
                for (int i = 0; i < 4; i++) {
                    sf_vf x;
                    memcpy(&x, row[i] + q, sizeof x);
                    #pragma GCC unroll 8
                    for (int j = 0; j < 4; j++) acc[i][j] += x * t[j];
                }
            }
            for (int i = 0; i < 4 && r0 + i < 144L; i++) {
                for (int j = 0; j < 4; j++) {
                    float sum = 0.0f;
                    for (int l = 0; l < SF_VL; l++) sum += acc[i][j][l];
                    for (long p = q; p < 27L; p++) sum += row[i][p] * tq[j * 27L + p];
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
