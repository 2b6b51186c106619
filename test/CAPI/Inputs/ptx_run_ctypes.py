"""ptxjit_run and gpuocelot's ptx_run from Python with nothing but ctypes:
saxpy on host arrays.

Usage: ptx_run_ctypes.py LIBPTXJIT KERNELS.ptx
"""

import ctypes
import sys
from array import array

lib = ctypes.CDLL(sys.argv[1])
ptx = open(sys.argv[2], "rb").read()

n = 1000
x = array("f", (float(i) for i in range(n)))
y = array("f", [1.0] * n)
x_ptr, _ = x.buffer_info()
y_ptr, _ = y.buffer_info()

# One pointer per kernel parameter, each to the parameter's value; device
# memory is host memory, so the buffers are passed by their addresses.
values = [ctypes.c_int(n), ctypes.c_float(2.5), ctypes.c_void_p(x_ptr),
          ctypes.c_void_p(y_ptr)]
args = (ctypes.c_void_p * 4)(*[ctypes.addressof(v) for v in values])
grid = (ctypes.c_uint * 3)(4, 1, 1)
block = (ctypes.c_uint * 3)(256, 1, 1)
log = ctypes.create_string_buffer(1024)
status = lib.ptxjit_run(ptx, b"saxpy", args, 4, grid, block, 0, log, len(log))
print(f"ptxjit_run: status {status}")
bad = [i for i in range(n) if y[i] != 2.5 * i + 1.0]
print(f"saxpy: {n - len(bad)} of {n} values ok")

status = lib.ptxjit_run(b".version 8.0\n.target sm_80\nnonsense\n", None,
                        None, 0, grid, block, 0, log, len(log))
print(f"bad PTX: status {status}: {log.value.decode()}")
