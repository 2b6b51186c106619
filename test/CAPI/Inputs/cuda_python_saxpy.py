"""The driver-API saxpy flow of cuda-python (cuda.bindings.driver), run
against whichever libcuda.so.1 the loader finds (ptxjit's, via
LD_LIBRARY_PATH). Checks the results with NumPy; exits non-zero on failure.

Usage: python cuda_python_saxpy.py KERNELS.ptx
"""

import sys

import numpy as np
from cuda.bindings import driver


def check(result):
    """Unpacks a cuda.bindings result tuple, raising on an error code."""
    err, *values = result if isinstance(result, tuple) else (result,)
    if err != driver.CUresult.CUDA_SUCCESS:
        _, name = driver.cuGetErrorName(err)
        raise RuntimeError(f"driver error {name.decode()}")
    if not values:
        return None
    return values[0] if len(values) == 1 else values


def main():
    ptx = open(sys.argv[1], "rb").read() + b"\0"
    check(driver.cuInit(0))
    version = check(driver.cuDriverGetVersion())
    device = check(driver.cuDeviceGet(0))
    name = check(driver.cuDeviceGetName(64, device)).split(b"\0")[0]
    major = check(driver.cuDeviceGetAttribute(
        driver.CUdevice_attribute.CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR,
        device))
    print(f"driver {version}, device {name.decode()}, sm_{major}x")
    context = check(driver.cuDevicePrimaryCtxRetain(device))
    check(driver.cuCtxSetCurrent(context))

    # Errors come back as the driver's codes.
    err, _ = driver.cuModuleLoadData(b".version 8.0\n.target sm_80\nbogus;\0")
    if err != driver.CUresult.CUDA_ERROR_INVALID_PTX:
        raise RuntimeError(f"bad PTX gave {err}, not CUDA_ERROR_INVALID_PTX")
    err, _ = driver.cuModuleGetFunction(
        check(driver.cuModuleLoadData(ptx)), b"no_such_kernel")
    if err != driver.CUresult.CUDA_ERROR_NOT_FOUND:
        raise RuntimeError(f"unknown kernel gave {err}, not NOT_FOUND")

    module = check(driver.cuModuleLoadData(ptx))
    kernel = check(driver.cuModuleGetFunction(module, b"saxpy"))

    n = 4096
    a = np.float32(2.5)
    x = np.arange(n, dtype=np.float32)
    y = np.ones(n, dtype=np.float32)
    stream = check(driver.cuStreamCreate(0))
    dx = check(driver.cuMemAlloc(x.nbytes))
    dy = check(driver.cuMemAlloc(y.nbytes))
    check(driver.cuMemcpyHtoDAsync(dx, x.ctypes.data, x.nbytes, stream))
    check(driver.cuMemcpyHtoDAsync(dy, y.ctypes.data, y.nbytes, stream))

    # One pointer per parameter, each to that parameter's value.
    values = [np.array([n], dtype=np.int32), np.array([a], dtype=np.float32),
              np.array([int(dx)], dtype=np.uint64),
              np.array([int(dy)], dtype=np.uint64)]
    args = np.array([v.ctypes.data for v in values], dtype=np.uint64)
    check(driver.cuLaunchKernel(kernel, (n + 255) // 256, 1, 1, 256, 1, 1, 0,
                                stream, args.ctypes.data, 0))
    out = np.empty_like(y)
    check(driver.cuMemcpyDtoHAsync(out.ctypes.data, dy, out.nbytes, stream))
    check(driver.cuStreamSynchronize(stream))
    expected = a * x + 1.0
    if not np.array_equal(out, expected):
        bad = np.flatnonzero(out != expected)[0]
        raise RuntimeError(f"y[{bad}] = {out[bad]}, expected {expected[bad]}")

    check(driver.cuMemFree(dx))
    check(driver.cuMemFree(dy))
    check(driver.cuStreamDestroy(stream))
    check(driver.cuModuleUnload(module))
    check(driver.cuDevicePrimaryCtxRelease(device))
    print(f"cuda-python saxpy: {n} values ok")


if __name__ == "__main__":
    main()
