"""cuda.core (NVIDIA's Pythonic CUDA API, from PyPI) on ptxjit's libcuda.so.1:
NVRTC compiles CUDA C++ for the device's sm_XX (ptxjit's libnvrtc hands
out PTX), kernels launch on streams, buffers come from the device's memory
pool and from cuda.core's VirtualMemoryResource (cuMemCreate/Map/SetAccess),
a stream capture becomes a graph, and with PTXJIT_DEVICE_COUNT=2 the second
device runs the same kernel. Every expected value is computed here.
"""

import ctypes
import sys

from cuda.bindings import driver
from cuda.core import (Device, LaunchConfig, LegacyPinnedMemoryResource,
                       Program, ProgramOptions, VirtualMemoryResource, launch)

SOURCE = r"""
extern "C" __global__ void affine(float *out, const float *in, float a,
                                  float b, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = a * in[i] + b;
}
extern "C" __global__ void iota(float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = (float)i;
}
"""

N = 1000
FLOAT = ctypes.sizeof(ctypes.c_float)


def read_floats(buffer, stream):
    """Copies a device buffer to page-locked host memory and reads it."""
    staging = LegacyPinnedMemoryResource().allocate(buffer.size, stream=stream)
    buffer.copy_to(staging, stream=stream)
    stream.sync()
    values = (ctypes.c_float * (buffer.size // FLOAT)).from_address(
        int(staging.handle))
    result = list(values)
    staging.close(stream)
    return result


def run_on(device, label):
    device.set_current()
    stream = device.create_stream()
    options = ProgramOptions(std="c++17", arch=f"sm_{device.arch}")
    module = Program(SOURCE, code_type="c++", options=options).compile("cubin")
    iota = module.get_kernel("iota")
    affine = module.get_kernel("affine")
    config = LaunchConfig(grid=(N + 127) // 128, block=128)

    source = device.allocate(N * FLOAT, stream=stream)
    target = device.allocate(N * FLOAT, stream=stream)
    launch(stream, config, iota, source.handle, ctypes.c_int(N))
    launch(stream, config, affine, target.handle, source.handle,
           ctypes.c_float(3.0), ctypes.c_float(0.5), ctypes.c_int(N))
    got = read_floats(target, stream)
    bad = sum(got[i] != 3.0 * i + 0.5 for i in range(N))
    print(f"{label}: affine {N - bad} of {N} ok")

    # Memory made with the virtual memory management API.
    vmm = VirtualMemoryResource(device)
    mapped = vmm.allocate(N * FLOAT, stream=stream)
    launch(stream, config, affine, mapped.handle, source.handle,
           ctypes.c_float(-1.0), ctypes.c_float(2.0), ctypes.c_int(N))
    got = read_floats(mapped, stream)
    bad = sum(got[i] != 2.0 - i for i in range(N))
    print(f"{label}: virtual memory {N - bad} of {N} ok")
    mapped.close(stream)

    # A stream capture, launched twice: the graph applies affine to its
    # own output, x -> 2x + 1 each time.
    builder = stream.create_graph_builder().begin_building()
    launch(builder, config, affine, target.handle, target.handle,
           ctypes.c_float(2.0), ctypes.c_float(1.0), ctypes.c_int(N))
    graph = builder.end_building().complete()
    graph.launch(stream)
    graph.launch(stream)
    got = read_floats(target, stream)
    bad = sum(got[i] != 4.0 * (3.0 * i + 0.5) + 3.0 for i in range(N))
    print(f"{label}: graph {N - bad} of {N} ok")
    source.close(stream)
    target.close(stream)
    stream.sync()


def main():
    # (cuda.core.system asks NVML, which is no part of the driver.)
    driver.cuInit(0)
    _, devices = driver.cuDeviceGetCount()
    print(f"devices: {devices}")
    first = Device(0)
    print(f"device 0: {first.name}")
    run_on(first, "device 0")
    if devices > 1:
        second = Device(1)
        print(f"peer 0->1: {first.can_access_peer(second)}")
        run_on(second, "device 1")
    return 0


if __name__ == "__main__":
    sys.exit(main())
