#!/usr/bin/env bash
# ptxjit itself under sanitizers (docs/checked-mode.md, "Sanitizer
# builds"): an ASan + UBSan build in build-asan/ runs the unit tests and the
# whole lit suite, plain and checked; a TSan build
# in build-tsan/ runs the driver's 16-thread stress test. Not part of
# .ci/run (it would take it past its time budget).
set -euo pipefail
cd "$(dirname "$0")/.."
LIT=${LIT:-/usr/lib/llvm-22/bin/lit}

if [ ! -f build-asan/build.ninja ]; then
  cmake -G Ninja -S . -B build-asan -DCMAKE_BUILD_TYPE=Release \
    -DPTXJIT_SANITIZE="address;undefined" >&2
fi
ninja -C build-asan >&2
# LLVM's allocators poison memory only in instrumented code: see
# tools/ptx-fuzz/ptx-fuzz.cpp.
# ptxjit reports an allocation that fails (a huge --arg buffer, cuMemAlloc
# past the memory) as an error: the allocator must return null for it.
export ASAN_OPTIONS=allow_user_poisoning=0:detect_leaks=0:allocator_may_return_null=1
for t in build-asan/unittests/*Tests; do
  "$t" --gtest_brief=1
done
python3 "$LIT" -sv build-asan/test
python3 "$LIT" -sv --param check=all build-asan/test/Execution

if [ ! -f build-tsan/build.ninja ]; then
  cmake -G Ninja -S . -B build-tsan -DCMAKE_BUILD_TYPE=Release \
    -DPTXJIT_SANITIZE=thread >&2
fi
ninja -C build-tsan PtxjitDriverApiTests >&2
build-tsan/unittests/PtxjitDriverApiTests --gtest_filter='DriverStress.*'
