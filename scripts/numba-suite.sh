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
# (pytest, pytest-benchmark, filecheck, cffi, ml_dtypes), and a conftest.py
# this script writes, which gives the `initialize_from_pytest_config` fixture that
# numba-cuda's repository defines but its wheel does not ship. Numba links
# through ptxjit's libnvJitLink.so.13, which libcuda.so.1 loads
# (docs/running-cuda-programs.md).
# The conftest.py imports each test module by its package name
# (numba.cuda.tests....), as numba-cuda's own tree does, so that the tests
# that start processes importing a test module by name can run. The
# multiprocessing tests are left out: TestMultiprocessCache respawns its
# pool under pytest.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
work="$root/build/numba-suite"
venv="$work/venv"
mkdir -p "$work"
if [ ! -x "$venv/bin/python" ]; then
  python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet --disable-pip-version-check \
    -r "$root/test/CAPI/Inputs/requirements.txt" \
    pytest pytest-benchmark filecheck cffi ml_dtypes
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


class _PackageModule(pytest.Module):
    """A test module of the installed numba-cuda, imported by the name its
    package gives it (numba.cuda.tests....), as numba-cuda's own test tree
    imports it: tests that start processes which import a test module by
    name need that name, and numba's CUDA target must be set up once."""

    def _getobj(self):
        import importlib
        parts = self.path.with_suffix("").parts
        start = len(parts) - 1 - parts[::-1].index("numba")
        return importlib.import_module(".".join(parts[start:]))


def pytest_pycollect_makemodule(module_path, parent):
    if "numba_cuda" in module_path.parts and \
            module_path.name.startswith("test_"):
        return _PackageModule.from_parent(parent, path=module_path)
    return None
PY
cd "$work"
args=("$@")
[ ${#args[@]} -gt 0 ] || args=(--pyargs numba.cuda.tests)
LD_LIBRARY_PATH="$root/build/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" \
PYTHONPATH="$work${PYTHONPATH:+:$PYTHONPATH}" \
  exec "$venv/bin/python" -m pytest -q -p no:cacheprovider \
    --import-mode=importlib --continue-on-collection-errors -rfE \
    -k "not test_multiprocessing" "${args[@]}"
