extern "C" __global__ void k_conv(float *__restrict__ t_x, float *__restrict__ t_w, float *__restrict__ t_y) {
    long sf_q = (long)blockIdx.x * blockDim.x + threadIdx.x;
    if (sf_q >= 576L) return;
    const long i_s1 = sf_q % 9L; sf_q /= 9L;
    const long i_s0 = sf_q % 8L; sf_q /= 8L;
    const long i_o = sf_q % 4L; sf_q /= 4L;
    const long i_n = sf_q % 2L; sf_q /= 2L;
    float r_acc = (0x0.0p0f);
    for (long i_c = 0; i_c < 3L; i_c++) {
        for (long i_k0 = 0; i_k0 < 3L; i_k0++) {
            for (long i_k1 = 0; i_k1 < 3L; i_k1++) {
                r_acc = (r_acc + (t_x[330L*i_n + 110L*i_c + 11L*i_s0 + 11L*i_k0 + i_s1 + i_k1] * t_w[27L*i_o + 9L*i_c + 3L*i_k0 + i_k1]));
            }
        }
    }
    t_y[288L*i_n + 72L*i_o + 9L*i_s0 + i_s1] = r_acc;
}
