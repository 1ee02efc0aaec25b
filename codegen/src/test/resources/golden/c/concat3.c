/* operation concat */
void k_concat(float **restrict sf_args) {
    float *restrict t_a0 = sf_args[0];
    float *restrict t_a1 = sf_args[1];
    float *restrict t_a2 = sf_args[2];
    float *restrict t_c = sf_args[3];
    for (long i_d0 = 0; i_d0 < 2L; i_d0++) {
        /* Concat block i_p0 */
        for (long i_p0 = 0; i_p0 < 3L; i_p0++) {
            t_c[8L*i_d0 + i_p0] = t_a0[3L*i_d0 + i_p0];
        }
        /* Concat block i_p1 */
        for (long i_p1 = 0; i_p1 < 1L; i_p1++) {
            t_c[8L*i_d0 + i_p1 + 3L] = t_a1[i_d0 + i_p1];
        }
        /* Concat block i_p2 */
        for (long i_p2 = 0; i_p2 < 4L; i_p2++) {
            t_c[8L*i_d0 + i_p2 + 4L] = t_a2[4L*i_d0 + i_p2];
        }
    }
}
