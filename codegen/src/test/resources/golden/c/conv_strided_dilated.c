/* operation conv */
void k_conv(float **restrict sf_args) {
    float *restrict t_x = sf_args[0];
    float *restrict t_w = sf_args[1];
    float *restrict t_y = sf_args[2];
    for (long i_init0 = 0; i_init0 < 1L; i_init0++) {
        for (long i_init1 = 0; i_init1 < 3L; i_init1++) {
            for (long i_init2 = 0; i_init2 < 6L; i_init2++) {
                for (long i_init3 = 0; i_init3 < 5L; i_init3++) {
                    t_y[90L*(i_init0 + 0L) + 30L*(i_init1 + 0L) + 5L*(i_init2 + 0L) + 1L*(i_init3 + 0L)] = (0x0.0p0f);
                }
            }
        }
    }
    for (long i_o = 0; i_o < 3L; i_o++) {
        for (long i_s0 = 0; i_s0 < 6L; i_s0++) {
            for (long i_c = 0; i_c < 2L; i_c++) {
                for (long i_k0 = 0; i_k0 < 3L; i_k0++) {
                    for (long i_k1 = 0; i_k1 < 3L; i_k1++) {
                        for (long i_s1 = 0; i_s1 < 5L; i_s1++) {
                            t_y[30L*i_o + 5L*i_s0 + i_s1] = (t_y[30L*i_o + 5L*i_s0 + i_s1] + (t_x[176L*i_c + 22L*i_s0 + 22L*i_k0 + 2L*i_s1 + i_k1] * t_w[18L*i_o + 9L*i_c + 3L*i_k0 + i_k1]));
                        }
                    }
                }
            }
        }
    }
}
