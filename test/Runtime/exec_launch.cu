// Kernel launches: cudaLaunchKernel with an argument array, cudaLaunchKernelEx
// with launch attributes (C API and the variadic C++ template), function
// templates, 2-D/3-D grids and blocks, dynamic shared memory (with and
// without cudaFuncSetAttribute(cudaFuncAttributeMaxDynamicSharedMemorySize)
// above the default 48 KiB limit) and cudaFuncGetAttributes.
// REQUIRES: nvcc
// RUN: %cuda_build
// RUN: %cuda_run %t.static | FileCheck %s
// RUN: %cuda_run %t.shared | FileCheck %s
// CHECK: cudaLaunchKernel: 3000 elements match
// CHECK-NEXT: cudaLaunchKernelEx (C API, 2 attributes): 3000 elements match
// CHECK-NEXT: cudaLaunchKernelEx (C++ template): 3000 elements match
// CHECK-NEXT: templates: int 1000 float 1000 double 1000 match
// CHECK-NEXT: 2-D launch grid (5,3,1) block (16,8,1): 1920 threads match
// CHECK-NEXT: 3-D launch grid (3,4,5) block (4,2,8): 3840 threads match
// CHECK-NEXT: dynamic shared 4096 bytes: 1024 elements match
// CHECK-NEXT: dynamic shared above opt-in default rejected without attribute: yes
// CHECK-NEXT: dynamic shared 81920 bytes after cudaFuncSetAttribute: 20480 elements match
// CHECK-NEXT: cudaFuncGetAttributes: static shared 1024, max dynamic 81920, limits consistent
// CHECK-NEXT: last error: no error

#include <cstdio>
#include <cstdlib>
#include <vector>

#define CHECK(call)                                                            \
  do {                                                                         \
    cudaError_t err_ = (call);                                                 \
    if (err_ != cudaSuccess) {                                                 \
      std::printf("%s:%d: %s: %s (%s)\n", __FILE__, __LINE__, #call,           \
                  cudaGetErrorName(err_), cudaGetErrorString(err_));           \
      std::exit(1);                                                            \
    }                                                                          \
  } while (0)

__global__ void axpb(const float *x, float *y, float a, float b, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = a * x[i] + b;
}

template <typename T, int Shift>
__global__ void shifted(const T *in, T *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = in[(i + Shift) % n] * T(2);
}

// Each thread writes a record of its coordinates at its global linear id.
__global__ void coords(int4 *out) {
  int bx = blockIdx.x, by = blockIdx.y, bz = blockIdx.z;
  int tx = threadIdx.x, ty = threadIdx.y, tz = threadIdx.z;
  int block = (bz * gridDim.y + by) * gridDim.x + bx;
  int thread = (tz * blockDim.y + ty) * blockDim.x + tx;
  int threadsPerBlock = blockDim.x * blockDim.y * blockDim.z;
  int id = block * threadsPerBlock + thread;
  int dims = gridDim.x * 1000000 + gridDim.y * 10000 + gridDim.z * 100 +
             threadsPerBlock % 100;
  out[id] = make_int4(bx + 100 * tx, by + 100 * ty, bz + 100 * tz, dims);
}

// Reverse each block's chunk through dynamic shared memory.
__global__ void reverseChunk(const float *in, float *out) {
  extern __shared__ float buf[];
  int n = blockDim.x;
  for (int i = threadIdx.x; i < n; i += blockDim.x)
    buf[i] = in[blockIdx.x * n + i];
  __syncthreads();
  for (int i = threadIdx.x; i < n; i += blockDim.x)
    out[blockIdx.x * n + i] = buf[n - 1 - i];
}

// Reverse `count` floats per block through dynamic shared memory.
__global__ void reverseBig(const float *in, float *out, int count) {
  extern __shared__ float buf[];
  const float *src = in + blockIdx.x * count;
  float *dst = out + blockIdx.x * count;
  for (int i = threadIdx.x; i < count; i += blockDim.x)
    buf[i] = src[i];
  __syncthreads();
  for (int i = threadIdx.x; i < count; i += blockDim.x)
    dst[i] = buf[count - 1 - i];
}

__global__ void staticShared(float *out) {
  __shared__ float tile[256];
  tile[threadIdx.x] = float(threadIdx.x);
  __syncthreads();
  out[threadIdx.x] = tile[255 - threadIdx.x];
}

template <typename T> static int runTemplate(int n) {
  std::vector<T> in(n), out(n);
  for (int i = 0; i < n; ++i)
    in[i] = T(i % 50) + T(1);
  T *din, *dout;
  CHECK(cudaMalloc(&din, n * sizeof(T)));
  CHECK(cudaMalloc(&dout, n * sizeof(T)));
  CHECK(cudaMemcpy(din, in.data(), n * sizeof(T), cudaMemcpyHostToDevice));
  shifted<T, 7><<<(n + 127) / 128, 128>>>(din, dout, n);
  CHECK(cudaGetLastError());
  CHECK(cudaMemcpy(out.data(), dout, n * sizeof(T), cudaMemcpyDeviceToHost));
  int bad = 0;
  for (int i = 0; i < n; ++i)
    bad += out[i] != in[(i + 7) % n] * T(2);
  CHECK(cudaFree(din));
  CHECK(cudaFree(dout));
  return bad;
}

static int checkCoords(dim3 g, dim3 b) {
  int total = g.x * g.y * g.z * b.x * b.y * b.z;
  int4 *d;
  CHECK(cudaMalloc(&d, total * sizeof(int4)));
  CHECK(cudaMemset(d, 0xff, total * sizeof(int4)));
  coords<<<g, b>>>(d);
  CHECK(cudaGetLastError());
  std::vector<int4> got(total);
  CHECK(cudaMemcpy(got.data(), d, total * sizeof(int4), cudaMemcpyDeviceToHost));
  CHECK(cudaFree(d));
  int bad = 0, tpb = b.x * b.y * b.z;
  int w = g.x * 1000000 + g.y * 10000 + g.z * 100 + tpb % 100;
  for (unsigned bz = 0; bz < g.z; ++bz)
    for (unsigned by = 0; by < g.y; ++by)
      for (unsigned bx = 0; bx < g.x; ++bx)
        for (unsigned tz = 0; tz < b.z; ++tz)
          for (unsigned ty = 0; ty < b.y; ++ty)
            for (unsigned tx = 0; tx < b.x; ++tx) {
              int block = (bz * g.y + by) * g.x + bx;
              int thread = (tz * b.y + ty) * b.x + tx;
              const int4 &r = got[block * tpb + thread];
              bad += r.x != int(bx + 100 * tx) || r.y != int(by + 100 * ty) ||
                     r.z != int(bz + 100 * tz) || r.w != w;
            }
  std::printf("%d-D launch grid (%u,%u,%u) block (%u,%u,%u): ",
              g.z > 1 || b.z > 1 ? 3 : 2, g.x, g.y, g.z, b.x, b.y, b.z);
  if (bad)
    std::printf("%d mismatches\n", bad);
  else
    std::printf("%d threads match\n", total);
  return bad;
}

int main() {
  const int n = 3000;
  std::vector<float> x(n), y(n);
  for (int i = 0; i < n; ++i)
    x[i] = float(i) * 0.25f - 100.0f;
  float *dx, *dy;
  CHECK(cudaMalloc(&dx, n * sizeof(float)));
  CHECK(cudaMalloc(&dy, n * sizeof(float)));
  CHECK(cudaMemcpy(dx, x.data(), n * sizeof(float), cudaMemcpyHostToDevice));
  auto checkAxpb = [&](const char *what, float a, float b) {
    CHECK(cudaMemcpy(y.data(), dy, n * sizeof(float), cudaMemcpyDeviceToHost));
    int bad = 0;
    for (int i = 0; i < n; ++i)
      bad += y[i] != a * x[i] + b;
    if (bad) {
      std::printf("%s: %d mismatches\n", what, bad);
      std::exit(1);
    }
    std::printf("%s: %d elements match\n", what, n);
    CHECK(cudaMemset(dy, 0, n * sizeof(float)));
  };

  // cudaLaunchKernel with an array of argument pointers.
  {
    float a = 3.0f, b = -1.5f;
    int nn = n;
    void *args[] = {&dx, &dy, &a, &b, &nn};
    CHECK(cudaLaunchKernel((const void *)axpb, dim3((n + 255) / 256),
                           dim3(256), args, 0, nullptr));
    checkAxpb("cudaLaunchKernel", a, b);
  }

  // cudaLaunchKernelEx: configuration plus attributes.
  {
    cudaStream_t s;
    int least, greatest;
    CHECK(cudaDeviceGetStreamPriorityRange(&least, &greatest));
    CHECK(cudaStreamCreate(&s));
    cudaLaunchAttribute attrs[2];
    attrs[0].id = cudaLaunchAttributePriority;
    attrs[0].val.priority = greatest;
    attrs[1].id = cudaLaunchAttributeCooperative;
    attrs[1].val.cooperative = 0;
    cudaLaunchConfig_t cfg = {};
    cfg.gridDim = dim3((n + 127) / 128);
    cfg.blockDim = dim3(128);
    cfg.dynamicSmemBytes = 0;
    cfg.stream = s;
    cfg.attrs = attrs;
    cfg.numAttrs = 2;
    float a = -2.0f, b = 0.5f;
    int nn = n;
    void *args[] = {&dx, &dy, &a, &b, &nn};
    CHECK(cudaLaunchKernelExC(&cfg, (const void *)axpb, args));
    CHECK(cudaStreamSynchronize(s));
    checkAxpb("cudaLaunchKernelEx (C API, 2 attributes)", a, b);

    cfg.numAttrs = 1;
    CHECK(cudaLaunchKernelEx(&cfg, axpb, (const float *)dx, dy, 0.75f, 4.0f,
                             n));
    CHECK(cudaStreamSynchronize(s));
    checkAxpb("cudaLaunchKernelEx (C++ template)", 0.75f, 4.0f);
    CHECK(cudaStreamDestroy(s));
  }

  // Function templates.
  {
    int bi = runTemplate<int>(1000);
    int bf = runTemplate<float>(1000);
    int bd = runTemplate<double>(1000);
    if (bi || bf || bd) {
      std::printf("templates: %d %d %d mismatches\n", bi, bf, bd);
      return 1;
    }
    std::printf("templates: int 1000 float 1000 double 1000 match\n");
  }

  // 2-D and 3-D grids and blocks.
  if (checkCoords(dim3(5, 3), dim3(16, 8)) ||
      checkCoords(dim3(3, 4, 5), dim3(4, 2, 8)))
    return 1;

  // Dynamic shared memory within the default limit.
  {
    const int per = 1024, blocks = 1;
    std::vector<float> in(per * blocks), out(per * blocks);
    for (int i = 0; i < per * blocks; ++i)
      in[i] = float(i) + 0.5f;
    float *din, *dout;
    CHECK(cudaMalloc(&din, in.size() * sizeof(float)));
    CHECK(cudaMalloc(&dout, in.size() * sizeof(float)));
    CHECK(cudaMemcpy(din, in.data(), in.size() * sizeof(float),
                     cudaMemcpyHostToDevice));
    reverseChunk<<<blocks, per, per * sizeof(float)>>>(din, dout);
    CHECK(cudaGetLastError());
    CHECK(cudaMemcpy(out.data(), dout, in.size() * sizeof(float),
                     cudaMemcpyDeviceToHost));
    int bad = 0;
    for (int i = 0; i < per; ++i)
      bad += out[i] != in[per - 1 - i];
    if (bad) {
      std::printf("dynamic shared: %d mismatches\n", bad);
      return 1;
    }
    std::printf("dynamic shared %d bytes: %d elements match\n",
                int(per * sizeof(float)), per);
    CHECK(cudaFree(din));
    CHECK(cudaFree(dout));
  }

  // Dynamic shared memory above 48 KiB needs an opt-in per function.
  {
    int dev, optin = 0;
    CHECK(cudaGetDevice(&dev));
    CHECK(cudaDeviceGetAttribute(&optin, cudaDevAttrMaxSharedMemoryPerBlockOptin,
                                 dev));
    const int bytes = 80 * 1024, count = bytes / sizeof(float), blocks = 4;
    if (optin < bytes) {
      std::printf("opt-in shared memory limit %d is below %d\n", optin, bytes);
      return 1;
    }
    std::vector<float> in(count * blocks), out(count * blocks);
    for (int i = 0; i < count * blocks; ++i)
      in[i] = float(i % 4099) - 7.0f;
    float *din, *dout;
    CHECK(cudaMalloc(&din, in.size() * sizeof(float)));
    CHECK(cudaMalloc(&dout, in.size() * sizeof(float)));
    CHECK(cudaMemcpy(din, in.data(), in.size() * sizeof(float),
                     cudaMemcpyHostToDevice));
    // Without the attribute the launch is refused.
    reverseBig<<<blocks, 256, bytes>>>(din, dout, count);
    cudaError_t e = cudaGetLastError();
    std::printf("dynamic shared above opt-in default rejected without "
                "attribute: %s\n",
                e != cudaSuccess ? "yes" : "no");
    if (e == cudaSuccess)
      return 1;
    CHECK(cudaFuncSetAttribute(reverseBig,
                               cudaFuncAttributeMaxDynamicSharedMemorySize,
                               bytes));
    reverseBig<<<blocks, 256, bytes>>>(din, dout, count);
    CHECK(cudaGetLastError());
    CHECK(cudaMemcpy(out.data(), dout, in.size() * sizeof(float),
                     cudaMemcpyDeviceToHost));
    int bad = 0;
    for (int b = 0; b < blocks; ++b)
      for (int i = 0; i < count; ++i)
        bad += out[b * count + i] != in[b * count + count - 1 - i];
    if (bad) {
      std::printf("dynamic shared %d bytes: %d mismatches\n", bytes, bad);
      return 1;
    }
    std::printf("dynamic shared %d bytes after cudaFuncSetAttribute: %d "
                "elements match\n",
                bytes, count);
    CHECK(cudaFree(din));
    CHECK(cudaFree(dout));

    // cudaFuncGetAttributes on both kernels.
    cudaFuncAttributes fa, fs;
    CHECK(cudaFuncGetAttributes(&fa, reverseBig));
    CHECK(cudaFuncGetAttributes(&fs, staticShared));
    int maxThreads = 0, regsPerBlock = 0;
    CHECK(cudaDeviceGetAttribute(&maxThreads, cudaDevAttrMaxThreadsPerBlock,
                                 dev));
    CHECK(cudaDeviceGetAttribute(&regsPerBlock,
                                 cudaDevAttrMaxRegistersPerBlock, dev));
    bool ok = fa.maxDynamicSharedSizeBytes == bytes &&
              fs.sharedSizeBytes == 256 * sizeof(float) &&
              fa.sharedSizeBytes == 0 && fa.maxThreadsPerBlock > 0 &&
              fa.maxThreadsPerBlock <= maxThreads && fs.maxThreadsPerBlock > 0 &&
              fs.maxThreadsPerBlock <= maxThreads &&
              (long long)fa.numRegs * fa.maxThreadsPerBlock <= regsPerBlock &&
              fa.ptxVersion > 0 && fa.binaryVersion > 0;
    if (!ok) {
      std::printf("cudaFuncGetAttributes: maxDynamic %d static %zu/%zu "
                  "maxThreads %d/%d numRegs %d ptx %d binary %d\n",
                  fa.maxDynamicSharedSizeBytes, fs.sharedSizeBytes,
                  fa.sharedSizeBytes, fa.maxThreadsPerBlock,
                  fs.maxThreadsPerBlock, fa.numRegs, fa.ptxVersion,
                  fa.binaryVersion);
      return 1;
    }
    std::printf("cudaFuncGetAttributes: static shared %zu, max dynamic %d, "
                "limits consistent\n",
                fs.sharedSizeBytes, fa.maxDynamicSharedSizeBytes);
    // staticShared is used so that its attributes are those of a real kernel.
    float *d;
    CHECK(cudaMalloc(&d, 256 * sizeof(float)));
    staticShared<<<1, 256>>>(d);
    CHECK(cudaGetLastError());
    std::vector<float> t(256);
    CHECK(cudaMemcpy(t.data(), d, 256 * sizeof(float), cudaMemcpyDeviceToHost));
    for (int i = 0; i < 256; ++i)
      if (t[i] != float(255 - i)) {
        std::printf("static shared: mismatch at %d\n", i);
        return 1;
      }
    CHECK(cudaFree(d));
  }

  CHECK(cudaFree(dx));
  CHECK(cudaFree(dy));
  std::printf("last error: %s\n", cudaGetErrorString(cudaGetLastError()));
  return 0;
}
