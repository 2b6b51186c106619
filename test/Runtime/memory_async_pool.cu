// Stream-ordered allocation: cudaDevAttrMemoryPoolsSupported,
// cudaDeviceGetDefaultMemPool and cudaDeviceGetMemPool, memory pool
// attributes (release threshold, reuse policies, reserved and used
// memory with their high watermarks), cudaMallocAsync/cudaFreeAsync ordered
// with kernels and copies on a stream, cudaMemPoolTrimTo, and an explicit
// pool from cudaMemPoolCreate with cudaMallocFromPoolAsync.
// REQUIRES: nvcc
// RUN: %cuda_build
// RUN: %cuda_run %t.static | FileCheck %s
// RUN: %cuda_run %t.shared | FileCheck %s
// CHECK: pool: memory pools supported: 1
// CHECK-NEXT: pool: the current pool is the default pool
// CHECK-NEXT: pool: release threshold 0, reuse policies 1 1 1
// CHECK-NEXT: pool: release threshold set to 18446744073709551615
// CHECK-NEXT: pool: stream-ordered 100000 elements match
// CHECK-NEXT: pool: used and reserved cover the allocation while live
// CHECK-NEXT: pool: used 0 after cudaFreeAsync, reserved kept
// CHECK-NEXT: pool: reserved 0 after trim
// CHECK-NEXT: pool: explicit pool 100000 elements match, used 0 after free
// CHECK-NEXT: last error: cudaSuccess

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

#define CHECK(call)                                                            \
  do {                                                                         \
    cudaError_t err_ = (call);                                                 \
    if (err_ != cudaSuccess) {                                                 \
      std::printf("%s:%d: %s: %s\n", __FILE__, __LINE__, #call,                \
                  cudaGetErrorString(err_));                                   \
      std::exit(1);                                                            \
    }                                                                          \
  } while (0)

__global__ void iota(long long *p, long long start, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    p[i] = start + 3ll * i;
}

__global__ void negate(const long long *in, long long *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = -in[i];
}

static uint64_t poolU64(cudaMemPool_t pool, cudaMemPoolAttr attr) {
  uint64_t value = 0;
  CHECK(cudaMemPoolGetAttribute(pool, attr, &value));
  return value;
}

static int poolInt(cudaMemPool_t pool, cudaMemPoolAttr attr) {
  int value = -1;
  CHECK(cudaMemPoolGetAttribute(pool, attr, &value));
  return value;
}

int main() {
  const int n = 100000;
  const size_t bytes = n * sizeof(long long);
  int supported = 0;
  CHECK(cudaDeviceGetAttribute(&supported, cudaDevAttrMemoryPoolsSupported,
                               0));
  std::printf("pool: memory pools supported: %d\n", supported);

  cudaMemPool_t pool = nullptr, current = nullptr;
  CHECK(cudaDeviceGetDefaultMemPool(&pool, 0));
  CHECK(cudaDeviceGetMemPool(&current, 0));
  if (!pool || current != pool) {
    std::printf("pool: default %p, current %p\n", (void *)pool,
                (void *)current);
    return 1;
  }
  std::printf("pool: the current pool is the default pool\n");

  std::printf("pool: release threshold %llu, reuse policies %d %d %d\n",
              (unsigned long long)poolU64(pool, cudaMemPoolAttrReleaseThreshold),
              poolInt(pool, cudaMemPoolReuseFollowEventDependencies),
              poolInt(pool, cudaMemPoolReuseAllowOpportunistic),
              poolInt(pool, cudaMemPoolReuseAllowInternalDependencies));
  uint64_t keepAll = UINT64_MAX;
  CHECK(cudaMemPoolSetAttribute(pool, cudaMemPoolAttrReleaseThreshold,
                                &keepAll));
  std::printf("pool: release threshold set to %llu\n",
              (unsigned long long)poolU64(pool,
                                          cudaMemPoolAttrReleaseThreshold));

  // Allocate, fill, transform, copy out and free, all ordered on a stream.
  cudaStream_t stream;
  CHECK(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking));
  long long *a = nullptr, *b = nullptr;
  CHECK(cudaMallocAsync(&a, bytes, stream));
  CHECK(cudaMallocAsync((void **)&b, bytes, stream));
  iota<<<(n + 255) / 256, 256, 0, stream>>>(a, -1000, n);
  CHECK(cudaGetLastError());
  negate<<<(n + 255) / 256, 256, 0, stream>>>(a, b, n);
  CHECK(cudaGetLastError());
  std::vector<long long> host(n, 0);
  CHECK(cudaMemcpyAsync(host.data(), b, bytes, cudaMemcpyDeviceToHost,
                        stream));
  CHECK(cudaStreamSynchronize(stream));
  int bad = 0;
  for (int i = 0; i < n; ++i)
    bad += host[i] != -(-1000ll + 3ll * i);
  if (bad) {
    std::printf("pool: %d mismatches\n", bad);
    return 1;
  }
  std::printf("pool: stream-ordered %d elements match\n", n);

  uint64_t used = poolU64(pool, cudaMemPoolAttrUsedMemCurrent);
  uint64_t reserved = poolU64(pool, cudaMemPoolAttrReservedMemCurrent);
  uint64_t usedHigh = poolU64(pool, cudaMemPoolAttrUsedMemHigh);
  uint64_t reservedHigh = poolU64(pool, cudaMemPoolAttrReservedMemHigh);
  if (used < 2 * bytes || reserved < used || usedHigh < used ||
      reservedHigh < reserved) {
    std::printf("pool: used %llu (high %llu), reserved %llu (high %llu)\n",
                (unsigned long long)used, (unsigned long long)usedHigh,
                (unsigned long long)reserved,
                (unsigned long long)reservedHigh);
    return 1;
  }
  std::printf("pool: used and reserved cover the allocation while live\n");

  CHECK(cudaFreeAsync(a, stream));
  CHECK(cudaFreeAsync(b, stream));
  CHECK(cudaStreamSynchronize(stream));
  used = poolU64(pool, cudaMemPoolAttrUsedMemCurrent);
  reserved = poolU64(pool, cudaMemPoolAttrReservedMemCurrent);
  // The release threshold keeps what the pool reserved.
  if (used != 0 || reserved < 2 * bytes) {
    std::printf("pool: after free: used %llu, reserved %llu\n",
                (unsigned long long)used, (unsigned long long)reserved);
    return 1;
  }
  std::printf("pool: used 0 after cudaFreeAsync, reserved kept\n");
  CHECK(cudaMemPoolTrimTo(pool, 0));
  std::printf("pool: reserved %llu after trim\n",
              (unsigned long long)poolU64(pool,
                                          cudaMemPoolAttrReservedMemCurrent));

  // An explicit pool on device 0.
  cudaMemPoolProps props = {};
  props.allocType = cudaMemAllocationTypePinned;
  props.handleTypes = cudaMemHandleTypeNone;
  props.location.type = cudaMemLocationTypeDevice;
  props.location.id = 0;
  cudaMemPool_t mine;
  CHECK(cudaMemPoolCreate(&mine, &props));
  long long *c = nullptr;
  CHECK(cudaMallocFromPoolAsync(&c, bytes, mine, stream));
  iota<<<(n + 255) / 256, 256, 0, stream>>>(c, 7, n);
  CHECK(cudaGetLastError());
  CHECK(cudaMemcpyAsync(host.data(), c, bytes, cudaMemcpyDeviceToHost,
                        stream));
  CHECK(cudaFreeAsync(c, stream));
  CHECK(cudaStreamSynchronize(stream));
  bad = 0;
  for (int i = 0; i < n; ++i)
    bad += host[i] != 7ll + 3ll * i;
  used = poolU64(mine, cudaMemPoolAttrUsedMemCurrent);
  if (bad || used != 0) {
    std::printf("pool: explicit pool: %d mismatches, used %llu\n", bad,
                (unsigned long long)used);
    return 1;
  }
  std::printf("pool: explicit pool %d elements match, used 0 after free\n", n);
  CHECK(cudaMemPoolDestroy(mine));

  CHECK(cudaStreamDestroy(stream));
  std::printf("last error: %s\n", cudaGetErrorName(cudaGetLastError()));
  return 0;
}
