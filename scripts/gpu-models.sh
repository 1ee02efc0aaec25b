#!/usr/bin/env bash
# Issue 29 on a machine with an NVIDIA GPU, driver and CUDA toolkit (nvcc, ptxas): whole corpus models
# through `run --target cuda` (every kernel on the GPU, outputs compared with generated C and with
# output_k.pb), then the CUDA tests of codegen and onnx (CudaRunsOnGpuTest, CudaTargetRunsModelsOnGpuTest
# and the compile tests). Under 8 minutes on a 16-core H100 machine with a warm ~/.m2.
#
#   scripts/gpu-models.sh [CORPUS_DIR]      (default /tmp/corpus; scripts/export-models.py makes one)
#   MODELS="resnet18 vit" scripts/gpu-models.sh   (another selection)
#
# Each model prints its outputs' max relative error against C and output_k.pb and a CUDA line (kernels
# run on the GPU, refused, rejected); `run --target cuda` exits 0 when the whole model ran on the GPU and
# agrees, 1 when an output is off or a kernel fell back to C, 3 when there was no GPU (compile-only).
# This script exits 0 only when every model exited 0 and the tests passed.
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
. scripts/java-env.sh
corpus=${1:-/tmp/corpus}
models=${MODELS:-small_cnn_hw lstm transformer_encoder squeezenet1_1 mobilenet_v3_small resnet18}
jar=cli/target/shapeforge.jar
[ -f "$jar" ] || mvn -B -ntp -o -q package -DskipTests -pl cli -am || exit 2
command -v nvidia-smi >/dev/null && nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
fail=0
for m in $models; do
  if [ ! -f "$corpus/$m/model.onnx" ]; then echo "== $m: missing in $corpus"; fail=1; continue; fi
  start=$(date +%s)
  timeout 180 java --enable-native-access=ALL-UNNAMED -jar "$jar" run "$corpus/$m/model.onnx" \
      --inputs "$corpus/$m/test_data_set_0" --target cuda
  rc=$?
  echo "== $m: exit $rc ($(( $(date +%s) - start )) s)"
  [ "$rc" -eq 0 ] || fail=1
done
mvn -B -ntp -o verify -pl onnx -am -Dtest='Cuda*' -Dsurefire.failIfNoSpecifiedTests=false 2>&1 \
    | grep -E 'Tests run:|FAIL|ERROR\]' | grep -v '^\[INFO\] *$'
[ "${PIPESTATUS[0]}" -eq 0 ] || fail=1
exit $fail
