#!/usr/bin/env bash
# Re-checks a certificate written by `shapeforge import MODEL.onnx --certificate DIR` with z3 alone:
# every file DIR/manifest.tsv lists must make `z3 FILE` print its expected verdict first.
# Usage: scripts/check-certificate.sh DIR [Z3]   (Z3 defaults to z3 on PATH). Exit 0 when all hold.
set -euo pipefail
dir="${1:?usage: check-certificate.sh DIR [Z3]}"
z3="${2:-z3}"
manifest="$dir/manifest.tsv"
[ -f "$manifest" ] || { echo "no $manifest" >&2; exit 2; }
bad=0
while IFS=$'\t' read -r file kind expect checks; do
  [ "$file" = file ] && continue
  first="$(head -n 1 "$dir/$file")"
  [ "$first" = "; expect: $expect" ] || { echo "$file: first line '$first', manifest says $expect" >&2; bad=1; continue; }
  got="$("$z3" "$dir/$file" 2>&1 | head -n 1 || true)"
  if [ "$got" = "$expect" ]; then echo "ok    $file ($kind): $got"
  else echo "FAIL  $file ($kind): z3 printed '$got', expected $expect — $checks"; bad=1; fi
done < "$manifest"
exit "$bad"
