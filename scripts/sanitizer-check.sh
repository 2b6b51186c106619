#!/usr/bin/env bash
# ptxjit itself under sanitizers (docs/checked-mode.md, "Sanitizer
# builds"): an ASan + UBSan build in build-asan/ runs the unit tests and the
# frontend, dialect, conversion and fuzz-regression lit tests; a TSan build
# in build-tsan/ runs the driver's 16-thread stress test. Not part of
# .ci/run (it would take it past its time budget).
set -euo pipefail
cd "$(dirname "$0")/.."
LIT=${LIT:-/usr/lib/llvm-22/bin/lit}

if [ ! -f build-asan/build.ninja ]; then
  cmake -G Ninja -S . -B build-asan -DCMAKE_BUILD_TYPE=Release \
    -DPTXJIT_SANITIZE="address;undefined" >&2
fi
ninja -C build-asan ptx-opt ptx-translate ptx-jit ptx-fuzz ptxjit-unittests >&2
# LLVM's allocators poison memory only in instrumented code: see
# tools/ptx-fuzz/ptx-fuzz.cpp.
# ptxjit reports an allocation that fails (a huge --arg buffer, cuMemAlloc
# past the memory) as an error: the allocator must return null for it.
export ASAN_OPTIONS=allow_user_poisoning=0:detect_leaks=0:allocator_may_return_null=1
for t in build-asan/unittests/*Tests; do
  "$t" --gtest_brief=1
done
python3 "$LIT" -sv build-asan/test/Frontend build-asan/test/Dialect \
  build-asan/test/Conversion build-asan/test/Fuzz

if [ ! -f build-tsan/build.ninja ]; then
  cmake -G Ninja -S . -B build-tsan -DCMAKE_BUILD_TYPE=Release \
    -DPTXJIT_SANITIZE=thread >&2
fi
ninja -C build-tsan PtxjitDriverApiTests >&2
build-tsan/unittests/PtxjitDriverApiTests --gtest_filter='DriverStress.*'
