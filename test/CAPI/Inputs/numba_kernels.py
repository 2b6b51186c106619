"""Numba's CUDA target (numba-cuda) running @cuda.jit kernels on whichever
libcuda.so.1 the loader finds (ptxjit's, via LD_LIBRARY_PATH): an
elementwise kernel, a shared-memory reduction and atomics, each checked
against NumPy. Exits non-zero on failure.
"""

# No setting: ptxjit's libcuda.so.1 loads ptxjit's libnvJitLink.so.13,
# which cuda.pathfinder then takes before the nvidia-nvjitlink wheel, and
# which links Numba's LTO-IR into PTX.
import numpy as np
from numba import cuda, float32, int32


@cuda.jit
def axpy(out, a, x, y):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = a * x[i] + y[i]


BLOCK = 128


@cuda.jit
def block_sums(values, sums):
    partial = cuda.shared.array(BLOCK, dtype=float32)
    tid = cuda.threadIdx.x
    i = cuda.grid(1)
    partial[tid] = values[i] if i < values.size else 0.0
    cuda.syncthreads()
    stride = BLOCK // 2
    while stride > 0:
        if tid < stride:
            partial[tid] += partial[tid + stride]
        cuda.syncthreads()
        stride //= 2
    if tid == 0:
        sums[cuda.blockIdx.x] = partial[0]


@cuda.jit
def histogram(values, bins):
    i = cuda.grid(1)
    stride = cuda.gridsize(1)
    while i < values.size:
        cuda.atomic.add(bins, values[i] % bins.size, int32(1))
        i += stride


@cuda.jit
def reshaped_copy(values, shape, out):
    # arr.reshape links Numba's NVRTC-compiled reshape helper with the
    # kernel; the JIT once deleted this kernel's body as undefined behaviour
    # (docs/status.md, "Address arithmetic").
    y = values.reshape(shape)
    for i in range(y.shape[0]):
        out[i] = y[i]


@cuda.jit
def say(values):
    i = cuda.grid(1)
    if i < values.size:
        print("value", i, "is", values[i])


def main():
    device = cuda.get_current_device()
    print(f"numba sees {device.name.decode() if isinstance(device.name, bytes) else device.name}, "
          f"compute capability {device.compute_capability}")
    rng = np.random.default_rng(7)

    n = 10000
    x = rng.standard_normal(n).astype(np.float32)
    y = rng.standard_normal(n).astype(np.float32)
    out = cuda.device_array(n, dtype=np.float32)
    axpy[(n + 255) // 256, 256](out, np.float32(3.0), cuda.to_device(x),
                                cuda.to_device(y))
    # The GPU contracts a * x + y into one fma, NumPy rounds twice.
    expected = (np.float64(3.0) * x + y).astype(np.float32)
    np.testing.assert_allclose(out.copy_to_host(), expected, rtol=1e-6,
                               atol=1e-7)
    print("elementwise: ok")

    values = rng.standard_normal(64 * BLOCK).astype(np.float32)
    sums = cuda.device_array(64, dtype=np.float32)
    block_sums[64, BLOCK](cuda.to_device(values), sums)
    np.testing.assert_allclose(sums.copy_to_host(),
                               values.reshape(64, BLOCK).sum(axis=1),
                               rtol=1e-5, atol=1e-4)
    print("shared-memory reduction: ok")

    keys = rng.integers(0, 1 << 20, size=50000).astype(np.int32)
    bins = cuda.to_device(np.zeros(32, dtype=np.int32))
    histogram[16, 128](cuda.to_device(keys), bins)
    np.testing.assert_array_equal(bins.copy_to_host(),
                                  np.bincount(keys % 32, minlength=32))
    print("atomics: ok")

    flat = np.arange(24, dtype=np.int64)
    got = cuda.device_array(24, dtype=np.int64)
    reshaped_copy[1, 1](cuda.to_device(flat), (24,), got)
    np.testing.assert_array_equal(got.copy_to_host(), flat)
    print("reshape: ok", flush=True)

    # Device print output appears at the synchronization, one line a thread.
    say[1, 3](cuda.to_device(np.array([5, 6, 7], dtype=np.int32)))
    cuda.synchronize()
    print("numba-cuda: 5 kernels ok", flush=True)


if __name__ == "__main__":
    main()
