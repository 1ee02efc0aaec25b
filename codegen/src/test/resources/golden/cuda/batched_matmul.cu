extern "C" __global__ void k_batched_matmul(float *__restrict__ t_a, float *__restrict__ t_b, float *__restrict__ t_c) {
    __shared__ float sa[SF_TILE][SF_TILE + 1];
    __shared__ float sb[SF_TILE][SF_TILE + 1];
    const long row = (long)blockIdx.y * SF_TILE + threadIdx.y;
    const long col = (long)blockIdx.x * SF_TILE + threadIdx.x;
    long bz = blockIdx.z;
    const long v_b_p = bz % 3L; bz /= 3L;
    const float *pa = t_a + 0L + 153L*v_b_p;
    const float *pb = t_b + 0L + 180L*v_b_p;
    float *pc = t_c + 0L + 340L*v_b_p;
    float acc = 0.0f;
    for (long k0 = 0; k0 < 9L; k0 += SF_TILE) {
        const long ka = k0 + threadIdx.x, kb = k0 + threadIdx.y;
        sa[threadIdx.y][threadIdx.x] = (row < 17L && ka < 9L) ? pa[row * 9L + ka * 1L] : 0.0f;
        sb[threadIdx.y][threadIdx.x] = (kb < 9L && col < 20L) ? pb[kb * 20L + col * 1L] : 0.0f;
        __syncthreads();
        #pragma unroll
        for (int q = 0; q < SF_TILE; q++) acc += sa[threadIdx.y][q] * sb[q][threadIdx.x];
        __syncthreads();
    }
    if (row < 17L && col < 20L) pc[row * 20L + col * 1L] = acc;
}
