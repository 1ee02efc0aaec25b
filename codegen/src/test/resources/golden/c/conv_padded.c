/* operation conv */
void k_conv(float **restrict sf_args) {
    float *restrict t_x = sf_args[0];
    float *restrict t_w = sf_args[1];
    float *restrict t_y = sf_args[2];
    for (long i_init0 = 0; i_init0 < 2L; i_init0++) {
        for (long i_init1 = 0; i_init1 < 4L; i_init1++) {
            for (long i_init2 = 0; i_init2 < 8L; i_init2++) {
                for (long i_init3 = 0; i_init3 < 9L; i_init3++) {
                    t_y[288L*(i_init0 + 0L) + 72L*(i_init1 + 0L) + 9L*(i_init2 + 0L) + 1L*(i_init3 + 0L)] = (0x0.0p0f);
                }
            }
        }
    }
    for (long i_n = 0; i_n < 2L; i_n++) {
        for (long i_o = 0; i_o < 4L; i_o++) {
            for (long i_s0 = 0; i_s0 < 8L; i_s0++) {
                for (long i_c = 0; i_c < 3L; i_c++) {
                    for (long i_k0 = 0; i_k0 < 3L; i_k0++) {
                        for (long i_k1 = 0; i_k1 < 3L; i_k1++) {
                            for (long i_s1 = 0; i_s1 < 9L; i_s1++) {
                                t_y[288L*i_n + 72L*i_o + 9L*i_s0 + i_s1] = (t_y[288L*i_n + 72L*i_o + 9L*i_s0 + i_s1] + (t_x[330L*i_n + 110L*i_c + 11L*i_s0 + 11L*i_k0 + i_s1 + i_k1] * t_w[27L*i_o + 9L*i_c + 3L*i_k0 + i_k1]));
                            }
                        }
                    }
                }
            }
        }
    }
}
