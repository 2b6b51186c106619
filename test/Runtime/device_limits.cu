// cudaDeviceSetLimit and cudaDeviceGetLimit for the device runtime:
// cudaLimitMallocHeapSize (8 MiB by default; a heap of at least the size set,
// which bounds what device malloc can hand out) and cudaLimitPrintfFifoSize (a
// FIFO large enough keeps every line of a kernel that prints far more than a
// megabyte of records).
// REQUIRES: nvcc
// RUN: %cuda_build
// RUN: %cuda_run %t.static > %t.static.out
// RUN: FileCheck %s < %t.static.out
// RUN: grep -c '^fifo line ' %t.static.out | FileCheck --check-prefix=LINES %s
// RUN: grep '^fifo line ' %t.static.out | sort -u | wc -l | FileCheck --check-prefix=LINES %s
// RUN: %cuda_run %t.shared > %t.shared.out
// RUN: FileCheck %s < %t.shared.out
// RUN: grep -c '^fifo line ' %t.shared.out | FileCheck --check-prefix=LINES %s
// RUN: grep '^fifo line ' %t.shared.out | sort -u | wc -l | FileCheck --check-prefix=LINES %s
// CHECK: default heap: 8388608
// CHECK-NEXT: default printf FIFO: not empty
// CHECK-NEXT: heap limit: at least 16777216
// CHECK-NEXT: printf FIFO limit: at least 16777216
// CHECK-NEXT: heap: a block larger than the heap is NULL
// CHECK-NEXT: heap: 1 MiB blocks until NULL fit in the heap
// CHECK-NEXT: heap: freed blocks are allocated again
// CHECK: device_limits: ok
// LINES: {{^ *}}65536{{$}}

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

const size_t MiB = size_t(1) << 20;

// results[0]: malloc(heap + 1) was NULL; results[1]: the number of 1 MiB
// blocks allocated before malloc returned NULL; results[2]: after freeing
// them all, as many 1 MiB blocks are allocated again.
__global__ void exhaust_heap(size_t heap, void **blocks, int capacity,
                             long long *results) {
  void *huge = malloc(heap + 1);
  results[0] = huge == nullptr;
  free(huge);
  int count = 0;
  while (count < capacity) {
    void *p = malloc(MiB);
    if (!p)
      break;
    blocks[count++] = p;
  }
  results[1] = count;
  for (int i = 0; i < count; ++i)
    free(blocks[i]);
  int again = 0;
  for (; again < count; ++again) {
    blocks[again] = malloc(MiB);
    if (!blocks[again])
      break;
  }
  results[2] = again;
  for (int i = 0; i < again; ++i)
    free(blocks[i]);
}

// 65536 lines: several megabytes of printf records with any record layout.
__global__ void print_lines(int *printed) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  for (int k = 0; k < 64; ++k)
    if (printf("fifo line %d\n", i * 64 + k) == 1)
      atomicAdd(printed, 1);
}

int main() {
  size_t value = 0;
  CHECK(cudaDeviceGetLimit(&value, cudaLimitMallocHeapSize));
  std::printf("default heap: %zu\n", value);
  if (value != 8 * MiB)
    return 1;
  CHECK(cudaDeviceGetLimit(&value, cudaLimitPrintfFifoSize));
  std::printf("default printf FIFO: %s\n", value ? "not empty" : "empty");
  if (!value)
    return 1;

  // Both limits are set before any kernel that uses malloc or printf.
  const size_t heapRequest = 16 * MiB, fifoRequest = 16 * MiB;
  CHECK(cudaDeviceSetLimit(cudaLimitMallocHeapSize, heapRequest));
  CHECK(cudaDeviceSetLimit(cudaLimitPrintfFifoSize, fifoRequest));
  size_t heap = 0, fifo = 0;
  CHECK(cudaDeviceGetLimit(&heap, cudaLimitMallocHeapSize));
  CHECK(cudaDeviceGetLimit(&fifo, cudaLimitPrintfFifoSize));
  // "The heap size granted will be at least size bytes."
  std::printf("heap limit: %s %zu\n", heap >= heapRequest ? "at least" : "only",
              heapRequest);
  std::printf("printf FIFO limit: %s %zu\n",
              fifo >= fifoRequest ? "at least" : "only", fifoRequest);
  if (heap < heapRequest || fifo < fifoRequest)
    return 1;
  std::fflush(stdout);

  int capacity = int(heap / MiB) + 2;
  void **dblocks;
  long long *dresults;
  CHECK(cudaMalloc(&dblocks, capacity * sizeof(void *)));
  CHECK(cudaMalloc(&dresults, 3 * sizeof(long long)));
  exhaust_heap<<<1, 1>>>(heap, dblocks, capacity, dresults);
  CHECK(cudaGetLastError());
  long long results[3];
  CHECK(cudaMemcpy(results, dresults, sizeof(results),
                   cudaMemcpyDeviceToHost));
  if (results[0] != 1) {
    std::printf("heap: malloc(%zu) did not return NULL\n", heap + 1);
    return 1;
  }
  std::printf("heap: a block larger than the heap is NULL\n");
  if (results[1] < 1 || results[1] > (long long)(heap / MiB)) {
    std::printf("heap: %lld blocks of 1 MiB in a heap of %zu bytes\n",
                results[1], heap);
    return 1;
  }
  std::printf("heap: 1 MiB blocks until NULL fit in the heap\n");
  if (results[2] != results[1]) {
    std::printf("heap: %lld blocks, then %lld after free\n", results[1],
                results[2]);
    return 1;
  }
  std::printf("heap: freed blocks are allocated again\n");
  std::fflush(stdout);

  int *dprinted;
  CHECK(cudaMalloc(&dprinted, sizeof(int)));
  CHECK(cudaMemset(dprinted, 0, sizeof(int)));
  print_lines<<<8, 128>>>(dprinted);
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  int printed = 0;
  CHECK(cudaMemcpy(&printed, dprinted, sizeof(int), cudaMemcpyDeviceToHost));
  if (printed != 65536) {
    std::printf("printf: %d calls returned 1, expected 65536\n", printed);
    return 1;
  }
  CHECK(cudaFree(dblocks));
  CHECK(cudaFree(dresults));
  CHECK(cudaFree(dprinted));
  std::printf("device_limits: ok\n");
  return 0;
}
