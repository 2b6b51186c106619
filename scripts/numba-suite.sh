#!/usr/bin/env bash
# Runs numba-cuda's own test suite on ptxjit's libcuda.so.1, the way
# issue-tracker measurements of it are made (docs/driver-api.md, "Numba's own
# test suite"). Needs a build (build/lib) and PyPI.
#
#   scripts/numba-suite.sh                     the whole suite
#   scripts/numba-suite.sh -k reshape          pytest arguments pass through
#   scripts/numba-suite.sh --pyargs numba.cuda.tests.cudapy.test_print
#
# The environment lives in build/numba-suite: a virtual environment with the
# clients of test/CAPI/Inputs/requirements.txt and what the suite imports
# (pytest, filecheck, cffi, ml_dtypes), and a conftest.py this script
# writes, which gives the `initialize_from_pytest_config` fixture that
# numba-cuda's repository defines but its wheel does not ship. Numba links
# through ptxjit's libnvJitLink.so.13, which libcuda.so.1 loads
# (docs/running-cuda-programs.md).
# Tests that start processes importing the test modules by name cannot run
# under --import-mode=importlib and fail for that reason alone (test_init,
# core/test_serialize, test_multithreads, test_extending, test_caching's
# CPU+CUDA cases); TestMultiprocessCache would respawn its pool forever and
# is left out.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
work="$root/build/numba-suite"
venv="$work/venv"
mkdir -p "$work"
if [ ! -x "$venv/bin/python" ]; then
  python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet --disable-pip-version-check \
    -r "$root/test/CAPI/Inputs/requirements.txt" \
    pytest filecheck cffi ml_dtypes
fi
rm -f "$work/sitecustomize.py"
cat > "$work/conftest.py" <<'PY'
import pytest


def pytest_addoption(parser):
    parser.addoption("--dump-failed-filechecks", action="store_true")


@pytest.fixture(scope="class")
def initialize_from_pytest_config(request):
    request.cls._dump_failed_filechecks = request.config.getoption(
        "dump_failed_filechecks")
PY
cd "$work"
args=("$@")
[ ${#args[@]} -gt 0 ] || args=(--pyargs numba.cuda.tests)
LD_LIBRARY_PATH="$root/build/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" \
PYTHONPATH="$work${PYTHONPATH:+:$PYTHONPATH}" \
  exec "$venv/bin/python" -m pytest -q -p no:cacheprovider \
    --import-mode=importlib --continue-on-collection-errors -rfE \
    -k "not test_multiprocessing" "${args[@]}"
