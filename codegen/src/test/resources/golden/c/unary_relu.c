/* operation unary_relu */
void k_unary_relu(float **restrict sf_args) {
    float *restrict t_a = sf_args[0];
    float *restrict t_c = sf_args[1];
    for (long i_d0 = 0; i_d0 < 10L; i_d0++) {
        for (long i_d1 = 0; i_d1 < 33L; i_d1++) {
            t_c[33L*i_d0 + i_d1] = sf_relu(t_a[33L*i_d0 + i_d1]);
        }
    }
}
