#!/usr/bin/env bash
# Runs CI as a fresh machine would: clones this repository's HEAD into a scratch folder, lays a copy
# of ../shared beside it without write bits (as CI does), and runs `CI=true bash .ci/run` there with
# a bare environment (PATH, HOME, LANG only), no standard input.
#
#   scripts/fresh-clone-ci.sh            # as the machine is
#   scripts/fresh-clone-ci.sh --purge    # first removes what .ci/run installs (as root, apt-get):
#                                        # python3-onnx, python3-torch, python3-torchvision, z3,
#                                        # libonnx-testdata; .ci/run must install them again
#
# Run it before resolving any issue. The log is kept at $SCRATCH/ci.log; exit status is .ci/run's.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
purge=false
for a in "$@"; do
  case "$a" in
    --purge) purge=true ;;
    *) echo "usage: scripts/fresh-clone-ci.sh [--purge]" >&2; exit 2 ;;
  esac
done
if $purge; then
  [ "$(id -u)" = 0 ] || { echo "fresh-clone-ci: --purge needs root (apt-get remove)" >&2; exit 2; }
  echo "fresh-clone-ci: removing python3-onnx python3-torch python3-torchvision z3 libonnx-testdata" >&2
  DEBIAN_FRONTEND=noninteractive apt-get remove -y -qq python3-onnx python3-torchvision python3-torch z3 libonnx-testdata >/dev/null || true
fi
scratch="$(mktemp -d /tmp/shapeforge-fresh.XXXXXX)"
git clone -q "$here" "$scratch/main"
cp -r "$here/../shared" "$scratch/shared"
chmod -R a-w "$scratch/shared"
echo "fresh-clone-ci: $(git -C "$scratch/main" log -1 --format='%h %s') in $scratch/main" >&2
cd "$scratch/main"
set +e
env -i PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin HOME="$HOME" LANG=C.UTF-8 CI=true \
  bash .ci/run </dev/null >"$scratch/ci.log" 2>&1
rc=$?
set -e
tail -40 "$scratch/ci.log"
echo "fresh-clone-ci: .ci/run exited $rc (log: $scratch/ci.log)" >&2
exit $rc
