// Seeded memcheck bugs: each kernel has exactly one known bug, described in
// its comment with the access, the thread and the block that make it.
// Built with: nvcc -arch=sm_80 -ptx -lineinfo memcheck_bugs.cu
#include <cstdint>

// Off by one: thread n-1 reads in[n], 4 bytes after the end.
extern "C" __global__ void read_past_end(const float *in, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = in[i + 1];
}

// Off by one in the guard: thread n writes out[n].
extern "C" __global__ void write_past_end(float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i <= n)
    out[i] = 1.0f;
}

// Thread 0 writes out[-1], 4 bytes before the start.
extern "C" __global__ void write_before_start(int *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i - 1] = i;
}

// A float4 load from a pointer that is only 4-byte aligned.
extern "C" __global__ void misaligned_vector(const float *in, float *out) {
  int i = threadIdx.x;
  const float4 *v = reinterpret_cast<const float4 *>(in + 1);
  float4 x = v[i];
  out[i] = x.x + x.y + x.z + x.w;
}

// An 8-byte load at a 4-byte offset.
extern "C" __global__ void misaligned_double(const char *in, double *out) {
  out[threadIdx.x] = *reinterpret_cast<const double *>(in + 4 + 8 * threadIdx.x);
}

// A static shared array indexed one past its end by the last thread.
extern "C" __global__ void shared_past_end(float *out) {
  __shared__ float tile[64];
  tile[threadIdx.x + 1] = float(threadIdx.x);
  __syncthreads();
  out[threadIdx.x] = tile[threadIdx.x];
}

// Dynamic shared memory used for blockDim.x floats; the launch gives fewer.
extern "C" __global__ void dynamic_shared_too_small(float *out) {
  extern __shared__ float buffer[];
  buffer[threadIdx.x] = float(threadIdx.x);
  __syncthreads();
  out[threadIdx.x] = buffer[blockDim.x - 1 - threadIdx.x];
}

// A local array indexed by data: k = 8 is one past its end.
extern "C" __global__ void local_past_end(const int *index, int *out) {
  int table[8];
  for (int j = 0; j < 8; ++j)
    table[j] = j * out[j];
  out[threadIdx.x] = table[index[threadIdx.x]];
}

// Histogram with a bin index that reaches the number of bins.
extern "C" __global__ void atomic_past_end(const int *values, int *bins,
                                           int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    atomicAdd(&bins[values[i]], 1);
}

// Launched with a null pointer for `out` (a buffer the host forgot to
// allocate): thread 0 stores to address 0 first.
extern "C" __global__ void null_store(int *out) { out[threadIdx.x] = 7; }

__device__ int table16[16];

// A module variable read one past its end.
extern "C" __global__ void device_variable_past_end(int *out) {
  out[threadIdx.x] = table16[threadIdx.x];
}

__constant__ float coefficients[8];

// A __constant__ array read past its end.
extern "C" __global__ void constant_past_end(float *out) {
  out[threadIdx.x] = coefficients[threadIdx.x];
}

// A generic pointer to shared memory (its provenance hidden from the
// compiler, so the accesses stay generic): the last thread writes one
// element past the array.
extern "C" __global__ void generic_shared_past_end(float *out) {
  __shared__ float scratch[32];
  float *p = scratch;
  asm volatile("" : "+l"(p));
  p[threadIdx.x + 1] = float(threadIdx.x);
  __syncthreads();
  out[threadIdx.x] = scratch[threadIdx.x];
}

// A grid-stride loop with `<=`: the thread that reaches n writes out[n].
extern "C" __global__ void grid_stride_past_end(float *out, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i <= n;
       i += blockDim.x * gridDim.x)
    out[i] = 2.0f;
}

// Row-major 2D indexing with the rows and columns swapped: reads past the
// end once y * width + x passes width * height.
extern "C" __global__ void transposed_index(const float *in, float *out,
                                            int width, int height) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x < width && y < height)
    out[y * width + x] = in[x * width + y];
}

// __ldg (ld.global.nc) past the end.
extern "C" __global__ void ldg_past_end(const int *in, int *out, int n) {
  int i = threadIdx.x;
  if (i < n)
    out[i] = __ldg(&in[i + 2]);
}

// A 4-byte store at a 2-byte offset.
extern "C" __global__ void misaligned_int_store(char *bytes) {
  *reinterpret_cast<int *>(bytes + 2 + 4 * threadIdx.x) = 1;
}

// A correct kernel: memcheck must stay silent.
extern "C" __global__ void clean_saxpy(float a, const float *x, float *y,
                                       int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = a * x[i] + y[i];
}
