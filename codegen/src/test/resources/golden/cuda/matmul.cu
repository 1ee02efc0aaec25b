extern "C" __global__ void k_matmul(float *__restrict__ t_a, float *__restrict__ t_b, float *__restrict__ t_c) {
    /* 64x64 tile of C per 16x16 threads, 4x4 per thread, k in steps of 8 */
    __shared__ __align__(16) float sa[8][68];
    __shared__ __align__(16) float sb[8][68];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 16 + tx;
    const long m0 = (long)blockIdx.y * 64, n0 = (long)blockIdx.x * 64;
    const float *pa = t_a + 0L;
    const float *pb = t_b + 0L;
    float *pc = t_c + 0L;
    float acc[4][4];
    #pragma unroll
    for (int i = 0; i < 4; i++)
        #pragma unroll
        for (int j = 0; j < 4; j++) acc[i][j] = 0.0f;
    for (long k0 = 0; k0 < 29L; k0 += 8) {
        #pragma unroll
        for (int r = 0; r < 2; r++) {
            const int q = tid + 256 * r;
            const int kk = q % 8, mm = q / 8;
            const long gm = m0 + mm, gk = k0 + kk;
            sa[kk][mm] = (gm < 37L && gk < 29L) ? pa[gm * 29L + gk * 1L] : 0.0f;
        }
        #pragma unroll
        for (int r = 0; r < 2; r++) {
            const int q = tid + 256 * r;
            const int nn = q % 64, kk = q / 64;
            const long gn = n0 + nn, gk = k0 + kk;
            sb[kk][nn] = (gk < 29L && gn < 41L) ? pb[gk * 41L + gn * 1L] : 0.0f;
        }
        __syncthreads();
        #pragma unroll
        for (int kk = 0; kk < 8; kk++) {
            float av[4], bv[4];
            #pragma unroll
            for (int h = 0; h < 1; h++) {
                const float4 a4 = *(const float4 *)&sa[kk][64 * h + ty * 4], b4 = *(const float4 *)&sb[kk][64 * h + tx * 4];
                av[4 * h] = a4.x; av[4 * h + 1] = a4.y; av[4 * h + 2] = a4.z; av[4 * h + 3] = a4.w;
                bv[4 * h] = b4.x; bv[4 * h + 1] = b4.y; bv[4 * h + 2] = b4.z; bv[4 * h + 3] = b4.w;
            }
            #pragma unroll
            for (int i = 0; i < 4; i++)
                #pragma unroll
                for (int j = 0; j < 4; j++) acc[i][j] += av[i] * bv[j];
        }
        __syncthreads();
    }
    #pragma unroll
    for (int i = 0; i < 4; i++) {
        const long row = m0 + 64 * (i / 4) + ty * 4 + i % 4;
        #pragma unroll
        for (int j = 0; j < 4; j++) {
            const long col = n0 + 64 * (j / 4) + tx * 4 + j % 4;
            if (row < 37L && col < 41L) pc[row * 41L + col * 1L] = acc[i][j];
        }
    }
}
