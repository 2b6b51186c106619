#!/usr/bin/env bash
# Builds ptx-fuzz as a libFuzzer target (clang 22, ASan + UBSan) in
# build-fuzz/ and fuzzes the frontend and the lowering (docs/fuzzing.md).
#   scripts/fuzz.sh [SECONDS]     default 60; crashes go to fuzz/artifacts/
# The seed corpus is every .ptx file under test/ and examples/ (nvcc,
# clang, Triton and Numba output and hand-written PTX) up to 24 KiB; the
# dictionary is generated from the instruction table.
set -euo pipefail
cd "$(dirname "$0")/.."
SECONDS_TO_RUN=${1:-60}
BUILD_DIR=${FUZZ_BUILD_DIR:-build-fuzz}
WORK=${FUZZ_DIR:-fuzz}

if ! command -v clang++-22 > /dev/null; then
  echo "fuzz: installing clang-22 and libclang-rt-22-dev" >&2
  SUDO=""
  if [ "$(id -u)" != 0 ]; then SUDO=sudo; fi
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq \
    --no-install-recommends clang-22 libclang-rt-22-dev >&2
fi
if [ ! -f "$BUILD_DIR/build.ninja" ]; then
  cmake -G Ninja -S . -B "$BUILD_DIR" -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_C_COMPILER=clang-22 -DCMAKE_CXX_COMPILER=clang++-22 \
    -DPTXJIT_FUZZ=ON >&2
fi
ninja -C "$BUILD_DIR" ptx-fuzz >&2

mkdir -p "$WORK/seed" "$WORK/corpus" "$WORK/artifacts"
find test examples -name '*.ptx' -size -24k | while read -r f; do
  cp "$f" "$WORK/seed/$(echo "$f" | tr / _)"
done
"$BUILD_DIR/bin/ptx-fuzz" "$WORK/corpus" "$WORK/seed" \
  -dict="$BUILD_DIR/include/ptxjit/Dialect/PTX/IR/PTXInstrs.dict" \
  -max_len=16384 -timeout=20 -rss_limit_mb=6144 \
  -fork="${FUZZ_JOBS:-1}" -ignore_crashes=1 -ignore_timeouts=1 \
  -ignore_ooms=1 -artifact_prefix="$WORK/artifacts/" \
  -max_total_time="$SECONDS_TO_RUN" -print_final_stats=1
crashes=$(find "$WORK/artifacts" -type f | wc -l)
echo "fuzz: $SECONDS_TO_RUN s, $crashes crash/timeout/oom inputs in $WORK/artifacts"
[ "$crashes" = 0 ]
