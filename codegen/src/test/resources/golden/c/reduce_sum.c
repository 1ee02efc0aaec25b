/* operation reduce_add */
void k_reduce_add(float **restrict sf_args) {
    float *restrict t_a = sf_args[0];
    float *restrict t_c = sf_args[1];
    for (long i_init0 = 0; i_init0 < 20L; i_init0++) {
        t_c[1L*(i_init0 + 0L)] = (0x0.0p0f);
    }
    for (long i_d0 = 0; i_d0 < 20L; i_d0++) {
        for (long i_d1 = 0; i_d1 < 30L; i_d1++) {
            t_c[i_d0] = (t_c[i_d0] + t_a[30L*i_d0 + i_d1]);
        }
    }
}
