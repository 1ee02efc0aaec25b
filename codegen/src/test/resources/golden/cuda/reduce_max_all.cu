extern "C" __global__ void k_reduce_max(float *__restrict__ t_a, float *__restrict__ t_c) {
    long sf_q = (long)blockIdx.x * blockDim.x + threadIdx.x;
    if (sf_q >= 1L) return;
    float r_acc = (-SF_INF);
    for (long i_d0 = 0; i_d0 < 4L; i_d0++) {
        for (long i_d1 = 0; i_d1 < 5L; i_d1++) {
            for (long i_d2 = 0; i_d2 < 6L; i_d2++) {
                r_acc = sf_max(r_acc, t_a[30L*i_d0 + 6L*i_d1 + i_d2]);
            }
        }
    }
    t_c[0L] = r_acc;
}
