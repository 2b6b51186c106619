# -*- Python -*- lit configuration for ptxjit.
import os
import shutil

import lit.formats
from lit.llvm import llvm_config

config.name = "PTXJIT"
config.test_format = lit.formats.ShTest(not llvm_config.use_lit_shell)
config.suffixes = [".mlir", ".ptx", ".test", ".td"]
config.excludes = ["Inputs", "CMakeLists.txt", "lit.cfg.py",
                   "lit.site.cfg.py", "README.md"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.ptxjit_obj_root, "test")

llvm_config.with_system_environment(["HOME", "TMP", "TEMP"])
llvm_config.use_default_substitutions()
llvm_config.with_environment("PATH", config.llvm_tools_dir, append_path=True)
llvm_config.add_tool_substitutions(
    ["ptx-opt", "ptx-translate", "ptx-jit", "ptx-fuzz", "ptxjit-tblgen"],
    [config.ptxjit_tools_dir, config.llvm_tools_dir])
config.substitutions.append(("%unittests", os.path.join(
    config.ptxjit_obj_root, "unittests")))
config.substitutions.append(("%ptxjit_obj_root", config.ptxjit_obj_root))
config.substitutions.append(("%ptxjit_src_root", config.ptxjit_src_root))
# Include paths for ptxjit-tblgen: the project's .td files and MLIR's.
config.substitutions.append(("%tblgen_includes", " ".join(
    "-I " + d for d in [os.path.join(config.ptxjit_src_root, "include")] +
    [d for d in config.llvm_include_dirs.split(";") if d])))

# ptxas checks hand-written PTX where the CUDA toolkit is installed.
ptxas = shutil.which("ptxas") or (
    "/usr/local/cuda/bin/ptxas"
    if os.path.exists("/usr/local/cuda/bin/ptxas") else None)
if ptxas:
    config.available_features.add("ptxas")
    config.substitutions.append(("%ptxas", ptxas))

# nvcc builds the CUDA programs of test/Runtime (NVIDIA's cudart on
# ptxjit's libcuda.so.1). The project's build never needs it.
nvcc = shutil.which("nvcc") or (
    "/usr/local/cuda/bin/nvcc"
    if os.path.exists("/usr/local/cuda/bin/nvcc") else None)
if nvcc:
    config.available_features.add("nvcc")
    config.substitutions.append(("%nvcc", nvcc))
else:
    lit_config.note("nvcc (the CUDA toolkit) not found: the tests of "
                    "nvcc-built programs (test/Runtime) are UNSUPPORTED")

# Host vector features, for tests of the code the JIT makes for this CPU
# (vectorized thread loops need masked loads: AVX2 or AVX-512).
try:
    with open("/proc/cpuinfo") as cpuinfo:
        flags = next((line.split(":", 1)[1].split() for line in cpuinfo
                      if line.startswith("flags")), [])
except OSError:
    flags = []
for flag in ("avx2", "avx512f"):
    if flag in flags:
        config.available_features.add("host-" + flag)

# The compile cache of the tests' runs: in the build tree, not the user's
# home; a second run of the suite links cached objects.
config.environment["PTXJIT_CACHE_DIR"] = os.path.join(
    config.ptxjit_obj_root, "test", "ptxjit-cache")

# A sanitizer build (PTXJIT_SANITIZE): ASan reserves terabytes of address
# space for its shadow memory, so run_expect.py's address-space limit
# (--max-memory-mb) cannot apply; the timeout still does.
if getattr(config, "ptxjit_sanitize", ""):
    config.available_features.add("sanitizer")
    config.environment["PTXJIT_SANITIZED"] = "1"
    # Python and the C clients load the instrumented libptxjit.so and
    # libcuda.so.1; ASan's runtime must come first in their processes.
    if "address" in config.ptxjit_sanitize:
        import subprocess
        libasan = subprocess.run(["c++", "-print-file-name=libasan.so"],
                                 capture_output=True, text=True).stdout.strip()
        if os.path.isabs(libasan):
            config.environment["LD_PRELOAD"] = libasan

# `--param check=memcheck` runs every test with checked mode on
# (PTXJIT_CHECK): the execution tests must then pass with no report.
check = lit_config.params.get("check")
if check:
    config.environment["PTXJIT_CHECK"] = check
    # Its own output tree: ctest runs the checked and the plain suites at
    # once, and tests that remake %t would otherwise remove each other's.
    config.test_exec_root = os.path.join(config.ptxjit_obj_root, "test-checked")
    config.available_features.add("checked")

# `--param simt=coroutines` runs every test with synchronizing kernels forced
# onto the coroutine scheduler (PTXJIT_SIMT), so that the general path stays
# tested next to region loops.
simt = lit_config.params.get("simt")
if simt:
    config.environment["PTXJIT_SIMT"] = simt
    config.test_exec_root = os.path.join(config.ptxjit_obj_root,
                                         "test-simt-" + simt)
    config.available_features.add("simt-" + simt)
