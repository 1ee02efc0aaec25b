/* shapeforge generated CUDA: prologue (codegen/src/main/resources/org/shapeforge/codegen/cuda/prologue.cuh).
 * Compiled to PTX with nvcc -ptx -arch=sm_90; kernels take the physical buffers (margins included)
 * in the operation's tensor order. */
#define sf_max(a, b) ((a) > (b) ? (a) : (b))
#define sf_min(a, b) ((a) < (b) ? (a) : (b))
/* the floored remainder (the divisor's sign: NumPy's mod, ONNX Mod with fmod = 0) */
#define sf_mod(a, b) ((a) - (b) * floorf((a) / (b)))
#define sf_relu(x) sf_max((x), 0.0f)
#define sf_expf(x) expf(x)
#define sf_tanhf(x) tanhf(x)
#define sf_sigmoid(x) (1.0f / (1.0f + expf(-(x))))
/* UnOp's SIGN (NaN: 0), STEP (x > 0: exactly a > b for x = a - b), ISNAN, ISINF: as floats */
#define sf_sign(x) ((float)(((x) > 0) - ((x) < 0)))
#define sf_step(x) ((x) > 0 ? 1.0f : 0.0f)
#define sf_isnan(x) (isnan(x) ? 1.0f : 0.0f)
#define sf_isinf(x) (isinf(x) ? 1.0f : 0.0f)
/* BinOp MASK: v where c is nonzero, else 0 (ONNX Where without 0 * inf) */
#define sf_mask(c, v) ((c) != 0.0f ? (v) : 0.0f)
/* Index.Gathered: the coordinate a float element holds, negative from the end, clamped into [0, n - 1] */
__device__ __forceinline__ long sf_gix(float v, long n) {
    long q = (long)v;
    if (q < 0) q += n;
    return q < 0 ? 0 : q >= n ? n - 1 : q;
}
#define SF_INF __int_as_float(0x7f800000)
#define SF_NAN __int_as_float(0x7fffffff)

