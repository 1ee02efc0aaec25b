#!/usr/bin/env bash
# One device call: probe the machine, run CudaRunsOnGpuTest (+ the compile tests) and CudaBench, and a
# PyTorch fp32 matmul as a second cuBLAS anchor; SF_SANITIZE=1 adds the GPU test under compute-sanitizer. Expects the bundle that stage.sh builds in .gpu/
# (a jlinked Java 25 runtime, the test classpath, the JUnit console launcher); writes logs into $OUT.
set -u
G=$(cd "$(dirname "$0")" && pwd)
OUT=${OUT:-/tmp/sf-gpu-out}; mkdir -p "$OUT"
{
  date -u; nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.max.sm,clocks.max.mem --format=csv
  nvidia-smi | head -15; nvcc --version | tail -2; command -v java || echo "no java on PATH"
  ldconfig -p | grep -E "libcuda.so.1|libcublas" ; ls /usr/local/cuda/lib64/libcublas* 2>/dev/null
  python3 -c "import nvidia.cublas, os; print(os.path.dirname(nvidia.cublas.__file__))" 2>&1 | tail -1
  find / -name 'libcublas.so*' -not -path '/proc/*' 2>/dev/null | head
} > "$OUT/probe.txt" 2>&1
cat "$OUT/probe.txt"
CUBLAS=$(find / -name 'libcublas.so.13*' -not -path '/proc/*' 2>/dev/null | head -1)
[ -n "$CUBLAS" ] && export LD_LIBRARY_PATH="$(dirname "$CUBLAS"):${LD_LIBRARY_PATH:-}"
JAVA="$G/jre/bin/java"; chmod +x "$G/jre/bin/"* "$G/jre/lib/"* 2>/dev/null
CP="$G/classes/codegen-test:$G/classes/codegen:$G/classes/constraints:$G/classes/solver-native:$G/lib/antlr4-runtime.jar:$G/lib/ojalgo.jar"
"$JAVA" --enable-native-access=ALL-UNNAMED -jar "$G/lib/junit-platform-console-standalone.jar" execute \
  --class-path "$CP" --select-class org.shapeforge.codegen.cuda.CudaRunsOnGpuTest \
  --select-class org.shapeforge.codegen.cuda.CudaCompilesTest --select-class org.shapeforge.codegen.cuda.GeneratedCudaCompilesTest \
  --details tree --disable-banner --reports-dir "$OUT/junit" 2>&1 | tee "$OUT/tests.txt"
echo "tests exit: ${PIPESTATUS[0]}" | tee -a "$OUT/tests.txt"
"$JAVA" --enable-native-access=ALL-UNNAMED ${CUBLAS:+-Dshapeforge.cublas=$CUBLAS} -cp "$CP" org.shapeforge.codegen.bench.CudaBench \
  "${SF_SIZES:-1024,4096}" "${SF_REPS:-10}" 2>&1 | tee "$OUT/bench.txt"
if [ -n "${SF_SANITIZE:-}" ]; then  # the GPU test again under compute-sanitizer's memcheck (out-of-bounds, misaligned)
  timeout 300 compute-sanitizer --tool memcheck --print-limit 20 --error-exitcode 9 "$JAVA" --enable-native-access=ALL-UNNAMED \
    -jar "$G/lib/junit-platform-console-standalone.jar" execute --class-path "$CP" \
    --select-class org.shapeforge.codegen.cuda.CudaRunsOnGpuTest --details summary --disable-banner 2>&1 | tail -40 | tee "$OUT/memcheck.txt"
  echo "memcheck exit: ${PIPESTATUS[0]}" | tee -a "$OUT/memcheck.txt"
fi
python3 - <<'PY' 2>&1 | tee "$OUT/torch.txt"
import torch
torch.backends.cuda.matmul.allow_tf32 = False
for n in (1024, 4096):
    a = torch.rand(n, n, device="cuda") * 2 - 1; b = torch.rand(n, n, device="cuda") * 2 - 1
    for _ in range(3): a @ b
    torch.cuda.synchronize(); ts = []
    for _ in range(10):
        s, e = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        s.record(); a @ b; e.record(); e.synchronize(); ts.append(s.elapsed_time(e))
    ts.sort(); print(f"torch {torch.__version__} fp32 (allow_tf32=False) n={n}: median {ts[5]:.3f} ms, {2*n**3/ts[5]/1e6:.1f} GFLOP/s")
PY
