"""tinygrad's CPU-only CUDA path, as its runtime and mock GPU call it: the
library found by the name gpuocelot, its ptx_run declared with gpuocelot's
argument types, the kernel arguments passed as values, block before grid.

Usage: gpuocelot_ctypes.py KERNELS.ptx (with LD_LIBRARY_PATH at ptxjit's
libraries).
"""

import ctypes
import ctypes.util
import struct
import sys
from array import array

# tinygrad tries find_library first, then the plain file name.
path = ctypes.util.find_library("gpuocelot") or "libgpuocelot.so"
lib = ctypes.CDLL(path)
lib.ptx_run.argtypes = [ctypes.c_char_p, ctypes.c_int,
                        ctypes.POINTER(ctypes.c_void_p)] + [ctypes.c_int] * 7
print("loaded:", hasattr(lib, "ptxjit_run"), flush=True)

ptx = open(sys.argv[1], "rb").read()
n = 1000
x = array("f", (float(i) for i in range(n)))
y = array("f", [1.0] * n)
a_bits = struct.unpack("<I", struct.pack("<f", 0.5))[0]
# Every argument is the parameter's value; a float goes by its bits.
values = [n, a_bits, x.buffer_info()[0], y.buffer_info()[0]]
args = (ctypes.c_void_p * 4)(*[ctypes.cast(v, ctypes.c_void_p) for v in values])
status = lib.ptx_run(ptx, 4, args, 128, 1, 1, 8, 1, 1, 0)
print(f"ptx_run: status {status}", flush=True)
bad = [i for i in range(n) if y[i] != 0.5 * i + 1.0]
print(f"saxpy: {n - len(bad)} of {n} values ok", flush=True)
status = lib.ptx_run(ptx, 1, args, 128, 1, 1, 8, 1, 1, 0)
print(f"wrong count: status {status}", flush=True)
