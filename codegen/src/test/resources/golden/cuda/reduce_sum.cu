extern "C" __global__ void k_reduce_add(float *__restrict__ t_a, float *__restrict__ t_c) {
    long sf_q = (long)blockIdx.x * blockDim.x + threadIdx.x;
    if (sf_q >= 20L) return;
    const long i_d0 = sf_q % 20L; sf_q /= 20L;
    float r_acc = (0x0.0p0f);
    for (long i_d1 = 0; i_d1 < 30L; i_d1++) {
        r_acc = (r_acc + t_a[30L*i_d0 + i_d1]);
    }
    t_c[i_d0] = r_acc;
}
