// Managed memory: cudaMallocManaged and __managed__ variables, touched by
// both the host and kernels with a synchronization in between;
// cudaMemPrefetchAsync to the device and back to the host, and cudaMemAdvise
// (read-mostly, preferred location, accessed-by) accepted, with the
// read-mostly advice read back through cudaMemRangeGetAttribute.
// REQUIRES: nvcc
// RUN: %cuda_build
// RUN: %cuda_run %t.static | FileCheck %s
// RUN: %cuda_run %t.shared | FileCheck %s
// CHECK: managed: managed memory: 1, concurrent managed access: 1
// CHECK-NEXT: managed: pass 1: 10000 elements match, hits 10000, offset 17
// CHECK-NEXT: managed: prefetch to device and host accepted
// CHECK-NEXT: managed: pass 2: 10000 elements match, hits 20000
// CHECK-NEXT: managed: advice accepted, read mostly: 1
// CHECK-NEXT: managed: read-mostly table: 10000 elements match
// CHECK-NEXT: last error: cudaSuccess

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

__managed__ int offset = 3;
__managed__ int scale[4] = {1, -2, 3, -4};
__managed__ unsigned long long hits;

__global__ void transform(int *data, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    data[i] = data[i] * scale[i % 4] + offset;
    atomicAdd(&hits, 1ull);
  }
}

__global__ void lookup(const int *table, const int *index, int *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = table[index[i]];
}

static int hostScale[4] = {1, -2, 3, -4};

int main() {
  const int n = 10000;
  const size_t bytes = n * sizeof(int);
  int managed = 0, concurrent = 0;
  CHECK(cudaDeviceGetAttribute(&managed, cudaDevAttrManagedMemory, 0));
  CHECK(cudaDeviceGetAttribute(&concurrent, cudaDevAttrConcurrentManagedAccess,
                               0));
  std::printf("managed: managed memory: %d, concurrent managed access: %d\n",
              managed, concurrent);

  int *data;
  CHECK(cudaMallocManaged(&data, bytes));
  std::vector<int> ref(n);
  for (int i = 0; i < n; ++i)
    ref[i] = data[i] = i - n / 2;
  // The host writes __managed__ variables directly.
  offset = 17;
  hits = 0;
  transform<<<(n + 255) / 256, 256>>>(data, n);
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  int bad = 0;
  for (int i = 0; i < n; ++i) {
    ref[i] = ref[i] * hostScale[i % 4] + 17;
    bad += data[i] != ref[i];
  }
  if (bad || hits != (unsigned long long)n) {
    std::printf("managed: pass 1: %d mismatches, hits %llu\n", bad, hits);
    return 1;
  }
  std::printf("managed: pass 1: %d elements match, hits %llu, offset %d\n", n,
              hits, offset);

  // Prefetch to the device, run there, prefetch back to the host.
  cudaStream_t stream;
  CHECK(cudaStreamCreate(&stream));
  cudaMemLocation device = {};
  device.type = cudaMemLocationTypeDevice;
  device.id = 0;
  cudaMemLocation host = {};
  host.type = cudaMemLocationTypeHost;
  host.id = 0;
  offset = -5;
  scale[2] = 7;
  CHECK(cudaMemPrefetchAsync(data, bytes, device, 0, stream));
  transform<<<(n + 255) / 256, 256, 0, stream>>>(data, n);
  CHECK(cudaGetLastError());
  CHECK(cudaMemPrefetchAsync(data, bytes, host, 0, stream));
  CHECK(cudaStreamSynchronize(stream));
  std::printf("managed: prefetch to device and host accepted\n");
  hostScale[2] = 7;
  bad = 0;
  for (int i = 0; i < n; ++i) {
    ref[i] = ref[i] * hostScale[i % 4] - 5;
    bad += data[i] != ref[i];
  }
  if (bad || hits != 2ull * n) {
    std::printf("managed: pass 2: %d mismatches, hits %llu\n", bad, hits);
    return 1;
  }
  std::printf("managed: pass 2: %d elements match, hits %llu\n", n, hits);

  // A read-mostly lookup table, preferably on the device, which the device
  // accesses.
  const int tableSize = 1024;
  int *table, *index, *out;
  CHECK(cudaMallocManaged(&table, tableSize * sizeof(int)));
  CHECK(cudaMallocManaged(&index, bytes));
  CHECK(cudaMallocManaged(&out, bytes));
  for (int i = 0; i < tableSize; ++i)
    table[i] = i * i % 4099;
  for (int i = 0; i < n; ++i)
    index[i] = (i * 37) % tableSize;
  CHECK(cudaMemAdvise(table, tableSize * sizeof(int),
                      cudaMemAdviseSetReadMostly, device));
  CHECK(cudaMemAdvise(out, bytes, cudaMemAdviseSetPreferredLocation, device));
  CHECK(cudaMemAdvise(out, bytes, cudaMemAdviseSetAccessedBy, device));
  int readMostly = -1;
  CHECK(cudaMemRangeGetAttribute(&readMostly, sizeof(readMostly),
                                 cudaMemRangeAttributeReadMostly, table,
                                 tableSize * sizeof(int)));
  std::printf("managed: advice accepted, read mostly: %d\n", readMostly);
  CHECK(cudaMemPrefetchAsync(table, tableSize * sizeof(int), device, 0,
                             stream));
  lookup<<<(n + 255) / 256, 256, 0, stream>>>(table, index, out, n);
  CHECK(cudaGetLastError());
  CHECK(cudaStreamSynchronize(stream));
  bad = 0;
  for (int i = 0; i < n; ++i)
    bad += out[i] != ((i * 37) % tableSize) * ((i * 37) % tableSize) % 4099;
  if (bad) {
    std::printf("managed: read-mostly table: %d mismatches\n", bad);
    return 1;
  }
  std::printf("managed: read-mostly table: %d elements match\n", n);

  CHECK(cudaMemAdvise(table, tableSize * sizeof(int),
                      cudaMemAdviseUnsetReadMostly, device));
  CHECK(cudaStreamDestroy(stream));
  CHECK(cudaFree(data));
  CHECK(cudaFree(table));
  CHECK(cudaFree(index));
  CHECK(cudaFree(out));
  std::printf("last error: %s\n", cudaGetErrorName(cudaGetLastError()));
  return 0;
}
