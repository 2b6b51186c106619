/* The virtual device's memory size (device-memory.test): what
 * cuDeviceTotalMem and cuMemGetInfo report, and allocations counted
 * against it. Prints the sizes in MiB; exits non-zero on a failed call. */
#include <cuda.h>
#include <stdio.h>
#include <stdlib.h>

#define CHECK(call)                                                          \
  do {                                                                       \
    CUresult err_ = (call);                                                  \
    if (err_ != CUDA_SUCCESS) {                                              \
      printf("%s failed: %d\n", #call, (int)err_);                           \
      return 1;                                                              \
    }                                                                        \
  } while (0)

int main(void) {
  const size_t mib = (size_t)1 << 20;
  CUdevice device;
  CUcontext context;
  CHECK(cuInit(0));
  CHECK(cuDeviceGet(&device, 0));
  CHECK(cuCtxCreate(&context, 0, device));
  size_t total = 0, free = 0;
  CHECK(cuDeviceTotalMem(&total, device));
  printf("total: %zu MiB\n", total / mib);
  CHECK(cuMemGetInfo(&free, &total));
  printf("info: free <= total: %d, total %zu MiB\n", free <= total,
         total / mib);

  CUdeviceptr big, more;
  CHECK(cuMemAlloc(&big, 48 * mib));
  CHECK(cuMemGetInfo(&free, &total));
  printf("after 48 MiB: free <= 16 MiB: %d\n", free <= 16 * mib);
  printf("32 MiB more: %d\n", (int)cuMemAlloc(&more, 32 * mib));
  CHECK(cuMemFree(big));
  printf("32 MiB after the free: %d\n", (int)cuMemAlloc(&more, 32 * mib));
  CHECK(cuMemFree(more));
  /* Page-locked host memory is not device memory. */
  void *host;
  printf("64 MiB of page-locked host memory: %d\n",
         (int)cuMemAllocHost(&host, 64 * mib));
  CHECK(cuMemFreeHost(host));
  CHECK(cuCtxDestroy(context));
  return 0;
}
