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
          v_obk[q++] = 0L + 72L * v_t_c_1 + 9L * v_t_k0_1 + 1L * v_t_k1_1;
    }
    long *v_obn = (long *)malloc(84L * sizeof(long));
    {
        long q = 0;
        for (long v_t_n = 0; v_t_n < 2L; v_t_n++)
        for (long v_t_s0 = 0; v_t_s0 < 6L; v_t_s0++)
        for (long v_t_s1 = 0; v_t_s1 < 7L; v_t_s1++)
          v_obn[q++] = 0L + 216L * v_t_n + 9L * v_t_s0 + 1L * v_t_s1;
    }
    long *v_ocm = (long *)malloc(4L * sizeof(long));
    {
        long q = 0;
        for (long v_t_o_1 = 0; v_t_o_1 < 4L; v_t_o_1++)
          v_ocm[q++] = 0L + 42L * v_t_o_1;
    }
    long *v_ocn = (long *)malloc(84L * sizeof(long));
    {
        long q = 0;
        for (long v_t_n_1 = 0; v_t_n_1 < 2L; v_t_n_1++)
        for (long v_t_s0_1 = 0; v_t_s0_1 < 6L; v_t_s0_1++)
        for (long v_t_s1_1 = 0; v_t_s1_1 < 7L; v_t_s1_1++)
          v_ocn[q++] = 0L + 168L * v_t_n_1 + 7L * v_t_s0_1 + 1L * v_t_s1_1;
    }
    {
        const sf_gemm g = {.points = 1L, .m = 4L, .n = 84L, .k = 27L, .inner_k = 3L, .batch_axes = 0, .batch_extent = (const long *)0, .batch_a = (const long *)0, .batch_b = (const long *)0, .batch_c = (const long *)0,
            .base_a = 0L, .base_b = 0L, .base_c = 0L, .am = v_oam, .ak = v_oak, .bk = v_obk, .bn = v_obn, .cm = v_ocm, .cn = v_ocn,
            .lda_k = 1L, .ldc = 42L, .initialize = 1, .parallel = 0, .a = t_w, .b = t_x, .c = t_y};
        sf_gemm_tables(&g);
    }
    free(v_oam);
    free(v_oak);
    free(v_obk);
    free(v_obn);
    free(v_ocm);
    free(v_ocn);
}
