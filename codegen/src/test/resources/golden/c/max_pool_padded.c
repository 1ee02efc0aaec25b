/* operation max_pool */
void k_max_pool(float **restrict sf_args) {
    float *restrict t_x = sf_args[0];
    float *restrict t_y = sf_args[1];
    for (long i_init0 = 0; i_init0 < 2L; i_init0++) {
        for (long i_init1 = 0; i_init1 < 3L; i_init1++) {
            for (long i_init2 = 0; i_init2 < 4L; i_init2++) {
                for (long i_init3 = 0; i_init3 < 4L; i_init3++) {
                    t_y[48L*(i_init0 + 0L) + 16L*(i_init1 + 0L) + 4L*(i_init2 + 0L) + 1L*(i_init3 + 0L)] = (-INFINITY);
                }
            }
        }
    }
    for (long i_n = 0; i_n < 2L; i_n++) {
        for (long i_c = 0; i_c < 3L; i_c++) {
            for (long i_s0 = 0; i_s0 < 4L; i_s0++) {
                for (long i_k0 = 0; i_k0 < 3L; i_k0++) {
                    for (long i_k1 = 0; i_k1 < 3L; i_k1++) {
                        for (long i_s1 = 0; i_s1 < 4L; i_s1++) {
                            t_y[48L*i_n + 16L*i_c + 4L*i_s0 + i_s1] = sf_max(t_y[48L*i_n + 16L*i_c + 4L*i_s0 + i_s1], t_x[300L*i_n + 100L*i_c + 20L*i_s0 + 10L*i_k0 + 2L*i_s1 + i_k1]);
                        }
                    }
                }
            }
        }
    }
}
