/* operation broadcast_add */
void k_broadcast_add(float **restrict sf_args) {
    float *restrict t_a = sf_args[0];
    float *restrict t_b = sf_args[1];
    float *restrict t_c = sf_args[2];
    for (long i_d0 = 0; i_d0 < 4L; i_d0++) {
        for (long i_d1 = 0; i_d1 < 5L; i_d1++) {
            for (long i_d2 = 0; i_d2 < 6L; i_d2++) {
                t_c[30L*i_d0 + 6L*i_d1 + i_d2] = (t_a[6L*i_d0 + i_d2] + t_b[i_d1]);
            }
        }
    }
}
