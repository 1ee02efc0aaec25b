extern "C" __global__ void k_broadcast_add(float *__restrict__ t_a, float *__restrict__ t_b, float *__restrict__ t_c) {
    long sf_q = (long)blockIdx.x * blockDim.x + threadIdx.x;
    if (sf_q >= 120L) return;
    const long i_d2 = sf_q % 6L; sf_q /= 6L;
    const long i_d1 = sf_q % 5L; sf_q /= 5L;
    const long i_d0 = sf_q % 4L; sf_q /= 4L;
    t_c[30L*i_d0 + 6L*i_d1 + i_d2] = (t_a[6L*i_d0 + i_d2] + t_b[i_d1]);
}
