extern "C" __global__ void k_concat(float *__restrict__ t_a0, float *__restrict__ t_a1, float *__restrict__ t_a2, float *__restrict__ t_c) {
    long sf_q = (long)blockIdx.x * blockDim.x + threadIdx.x;
    if (sf_q >= 16L) return;
    const long q_concat1 = sf_q % 8L; sf_q /= 8L;
    const long i_d0 = sf_q % 2L; sf_q /= 2L;
    if (q_concat1 < 3L) {
        const long i_p0 = q_concat1 - 0L;
        t_c[8L*i_d0 + i_p0] = t_a0[3L*i_d0 + i_p0];
    }
    else if (q_concat1 < 4L) {
        const long i_p1 = q_concat1 - 3L;
        t_c[8L*i_d0 + i_p1 + 3L] = t_a1[i_d0 + i_p1];
    }
    else {
        const long i_p2 = q_concat1 - 4L;
        t_c[8L*i_d0 + i_p2 + 4L] = t_a2[4L*i_d0 + i_p2];
    }
}
