#!/usr/bin/env bash
# Builds PyCUDA from its sdist against ptxjit's libcuda.so.1 and runs its own
# tests (test_driver.py, test_gpuarray.py, test_cumath.py) on it, the way the
# issue-tracker measurements are made (docs/running-cuda-programs.md). Needs
# a build (build/lib), the CUDA toolkit (nvcc, cuda.h, libcurand) and PyPI;
# the whole run (PyCUDA built, then tested) takes about 5 minutes on 2 cores.
#
#   scripts/pycuda-suite.sh                  the three test files
#   scripts/pycuda-suite.sh test_driver.py   pytest arguments pass through
#
# PyCUDA's SourceModule runs nvcc for a cubin: build/libexec/nvcc-ptx first
# on PATH makes that PTX. PTXJIT_DEVICE_MEMORY=4G keeps the tests that need
# more than 4 GiB of device memory (2^31-element arrays) skipped, as on a
# 4 GiB GPU; on the host they take hours.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cuda=${CUDA_ROOT:-/usr/local/cuda}
work="$root/build/pycuda-suite"
venv="$work/venv"
mkdir -p "$work"
if [ ! -x "$venv/bin/python" ]; then
  python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet --disable-pip-version-check \
    numpy setuptools wheel pytest platformdirs pytools mako
fi
if ! "$venv/bin/python" -c 'import pycuda' 2>/dev/null; then
  rm -rf "$work/src"
  mkdir -p "$work/src"
  (cd "$work/src" &&
   "$venv/bin/pip" download --quiet --no-deps --no-binary :all: \
     --no-build-isolation pycuda -d . 2>/dev/null ||
   "$venv/bin/python" - <<'PY'
import json, urllib.request
info = json.load(urllib.request.urlopen("https://pypi.org/pypi/pycuda/json"))
for f in info["urls"]:
    if f["packagetype"] == "sdist":
        urllib.request.urlretrieve(f["url"], f["filename"])
PY
  )
  tar -C "$work/src" -xzf "$work"/src/pycuda-*.tar.gz
  cd "$work"/src/pycuda-*/
  "$venv/bin/python" configure.py --cuda-root="$cuda" \
    --cudadrv-lib-dir="$root/build/lib" >/dev/null
  "$venv/bin/pip" install --quiet --no-build-isolation .
fi
cd "$work"/src/pycuda-*/test
args=("$@")
[ ${#args[@]} -gt 0 ] || args=(test_driver.py test_gpuarray.py test_cumath.py)
PATH="$root/build/libexec/nvcc-ptx:$cuda/bin:$PATH" \
LD_LIBRARY_PATH="$root/build/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" \
CUDA_ROOT="$cuda" PTXJIT_DEVICE_MEMORY="${PTXJIT_DEVICE_MEMORY:-4G}" \
  exec "$venv/bin/python" -m pytest -q -rfE "${args[@]}"
