extern "C" __global__ void k_unary_relu(float *__restrict__ t_a, float *__restrict__ t_c) {
    long sf_q = (long)blockIdx.x * blockDim.x + threadIdx.x;
    if (sf_q >= 330L) return;
    const long i_d1 = sf_q % 33L; sf_q /= 33L;
    const long i_d0 = sf_q % 10L; sf_q /= 10L;
    t_c[33L*i_d0 + i_d1] = sf_relu(t_a[33L*i_d0 + i_d1]);
}
