extern "C" __global__ void k_max_pool(float *__restrict__ t_x, float *__restrict__ t_y) {
    long sf_q = (long)blockIdx.x * blockDim.x + threadIdx.x;
    if (sf_q >= 96L) return;
    const long i_s1 = sf_q % 4L; sf_q /= 4L;
    const long i_s0 = sf_q % 4L; sf_q /= 4L;
    const long i_c = sf_q % 3L; sf_q /= 3L;
    const long i_n = sf_q % 2L; sf_q /= 2L;
    float r_acc = (-SF_INF);
    for (long i_k0 = 0; i_k0 < 3L; i_k0++) {
        for (long i_k1 = 0; i_k1 < 3L; i_k1++) {
            r_acc = sf_max(r_acc, t_x[300L*i_n + 100L*i_c + 20L*i_s0 + 10L*i_k0 + 2L*i_s1 + i_k1]);
        }
    }
    t_y[48L*i_n + 16L*i_c + 4L*i_s0 + i_s1] = r_acc;
}
