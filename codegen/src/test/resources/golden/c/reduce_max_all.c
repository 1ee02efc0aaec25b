/* operation reduce_max */
void k_reduce_max(float **restrict sf_args) {
    float *restrict t_a = sf_args[0];
    float *restrict t_c = sf_args[1];
    t_c[0] = (-INFINITY);
    for (long i_d0 = 0; i_d0 < 4L; i_d0++) {
        for (long i_d1 = 0; i_d1 < 5L; i_d1++) {
            for (long i_d2 = 0; i_d2 < 6L; i_d2++) {
                t_c[0L] = sf_max(t_c[0L], t_a[30L*i_d0 + 6L*i_d1 + i_d2]);
            }
        }
    }
}
