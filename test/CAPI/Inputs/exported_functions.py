"""Checks that libcuda.so.1 exports every function of a cuda.h.

Usage: exported_functions.py CC INCLUDE_DIR LIBRARY

Preprocesses INCLUDE_DIR/cuda.h as a program would include it (and again
with CUDA_API_PER_THREAD_DEFAULT_STREAM, which renames the stream-ordered
functions to their _ptds/_ptsz symbols), collects the names of the
functions it declares, leaves out graphics interop (OpenGL, EGL, VDPAU,
NvSci, cuGraphics*), and reports every name the library does not export.
"""

import re
import subprocess
import sys

cc, include, library = sys.argv[1:4]

INTEROP = re.compile(r"^cuGraphics|GL|EGL|VDPAU|NvSci")


def declared(defines):
    source = subprocess.run(
        [cc, "-E", "-P", "-x", "c", "-I", include, *defines, "-"],
        input="#include <cuda.h>\n", capture_output=True, text=True,
        check=True).stdout
    # A declaration: the result type, then the name and its parameters.
    return set(re.findall(r"\bCUresult\s+(?:CUDAAPI\s+)?(cu\w+)\s*\(",
                          source))


names = declared([]) | declared(["-DCUDA_API_PER_THREAD_DEFAULT_STREAM"])
names = {name for name in names if not INTEROP.search(name)}

symbols = subprocess.run(["nm", "-D", "--defined-only", library],
                         capture_output=True, text=True, check=True).stdout
exported = {line.split()[-1] for line in symbols.splitlines()}

missing = sorted(names - exported)
for name in missing:
    print(f"not exported: {name}")
print(f"functions: {len(names) - len(missing)} of {len(names)} exported")
sys.exit(1 if missing else 0)
