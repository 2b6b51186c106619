/* Several virtual devices (multi-device.test), as PTXJIT_DEVICE_COUNT makes
 * them: ordinals, names and PCI bus ids, a context and a primary context
 * per device, memory counted per device, pointers that know their device,
 * peer access and peer copies, and a kernel on each device. Prints one line
 * per check; a failing driver call prints itself and exits 1. */
#include <cuda.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CHECK(call)                                                          \
  do {                                                                       \
    CUresult err_ = (call);                                                  \
    if (err_ != CUDA_SUCCESS) {                                              \
      printf("%s failed: %d\n", #call, (int)err_);                           \
      exit(1);                                                               \
    }                                                                        \
  } while (0)

static CUcontext createContext(CUdevice dev) {
  CUcontext ctx;
#if CUDA_VERSION >= 13000
  CHECK(cuCtxCreate(&ctx, NULL, 0, dev));
#else
  CHECK(cuCtxCreate(&ctx, 0, dev));
#endif
  return ctx;
}

/* y = 2 * x + y over n floats with kernels.ptx's `saxpy(int n, float a,
 * const float *x, float *y)` on the current context. */
static void doubleOnCurrent(CUmodule module, CUdeviceptr x, CUdeviceptr y,
                            int n) {
  CUfunction saxpy;
  CHECK(cuModuleGetFunction(&saxpy, module, "saxpy"));
  float a = 2.0f;
  void *args[] = {&n, &a, &x, &y};
  CHECK(cuLaunchKernel(saxpy, (n + 127) / 128, 1, 1, 128, 1, 1, 0, NULL, args,
                       NULL));
  CHECK(cuCtxSynchronize());
}

int main(int argc, char **argv) {
  const size_t mib = (size_t)1 << 20;
  CHECK(cuInit(0));
  int count = 0;
  CHECK(cuDeviceGetCount(&count));
  printf("devices: %d\n", count);
  CUdevice dev0, dev1;
  CHECK(cuDeviceGet(&dev0, 0));
  CHECK(cuDeviceGet(&dev1, 1));
  printf("ordinal %d: %d\n", count, (int)cuDeviceGet(&dev1, count));

  /* Each device has its own PCI bus id, which names it again. */
  char bus0[32], bus1[32];
  CHECK(cuDeviceGetPCIBusId(bus0, sizeof bus0, dev0));
  CHECK(cuDeviceGetPCIBusId(bus1, sizeof bus1, dev1));
  CUdevice back;
  CHECK(cuDeviceGetByPCIBusId(&back, bus1));
  printf("bus ids differ: %d, device of bus 1: %d\n", strcmp(bus0, bus1) != 0,
         (int)back);
  CUuuid uuid0, uuid1;
  CHECK(cuDeviceGetUuid(&uuid0, dev0));
  CHECK(cuDeviceGetUuid(&uuid1, dev1));
  printf("uuids differ: %d\n", memcmp(uuid0.bytes, uuid1.bytes, 16) != 0);

  /* Peers: each device reaches the other, not itself. */
  int can01 = -1, can00 = -1, rank = -1, access = -1;
  CHECK(cuDeviceCanAccessPeer(&can01, dev0, dev1));
  CHECK(cuDeviceCanAccessPeer(&can00, dev0, dev0));
  CHECK(cuDeviceGetP2PAttribute(&access,
                                CU_DEVICE_P2P_ATTRIBUTE_ACCESS_SUPPORTED,
                                dev0, dev1));
  CHECK(cuDeviceGetP2PAttribute(&rank, CU_DEVICE_P2P_ATTRIBUTE_PERFORMANCE_RANK,
                                dev1, dev0));
  printf("peer 0->1: %d, 0->0: %d, access %d, rank %d\n", can01, can00, access,
         rank);

  /* Primary contexts are per device. */
  CUcontext primary0, primary1;
  CHECK(cuDevicePrimaryCtxRetain(&primary0, dev0));
  CHECK(cuDevicePrimaryCtxRetain(&primary1, dev1));
  printf("primary contexts differ: %d\n", primary0 != primary1);
  CHECK(cuCtxSetCurrent(primary1));
  CUdevice current = -1;
  CHECK(cuCtxGetDevice(&current));
  printf("primary context 1 is on device %d\n", (int)current);
  CHECK(cuCtxSetCurrent(NULL));
  CHECK(cuDevicePrimaryCtxRelease(dev0));
  CHECK(cuDevicePrimaryCtxRelease(dev1));

  /* A context per device; memory counted per device (64 MiB each here). */
  CUcontext ctx0 = createContext(dev0);
  CUdeviceptr big0, more0;
  CHECK(cuMemAlloc(&big0, 48 * mib));
  printf("device 0, 32 MiB more: %d\n", (int)cuMemAlloc(&more0, 32 * mib));
  CUcontext ctx1 = createContext(dev1);
  CUdeviceptr big1;
  printf("device 1, 48 MiB: %d\n", (int)cuMemAlloc(&big1, 48 * mib));
  size_t free1 = 0, total1 = 0;
  CHECK(cuMemGetInfo(&free1, &total1));
  printf("device 1 free <= 16 MiB: %d\n", free1 <= 16 * mib);
  int ordinal0 = -1, ordinal1 = -1;
  CHECK(cuPointerGetAttribute(&ordinal0, CU_POINTER_ATTRIBUTE_DEVICE_ORDINAL,
                              big0));
  CHECK(cuPointerGetAttribute(&ordinal1, CU_POINTER_ATTRIBUTE_DEVICE_ORDINAL,
                              big1));
  printf("pointer ordinals: %d %d\n", ordinal0, ordinal1);
  CHECK(cuMemFree(big1));

  /* Peer access from device 1's context to device 0's, and its codes. */
  int enable = cuCtxEnablePeerAccess(ctx0, 0);
  int enableAgain = cuCtxEnablePeerAccess(ctx0, 0);
  printf("enable peer: %d, again: %d\n", enable, enableAgain);
  int disable = cuCtxDisablePeerAccess(ctx0);
  int disableAgain = cuCtxDisablePeerAccess(ctx0);
  printf("disable peer: %d, again: %d\n", disable, disableAgain);

  /* A kernel on each device, data moved between them with a peer copy. */
  const int n = 1000;
  float host[1000];
  for (int i = 0; i < n; ++i)
    host[i] = (float)i;
  CUmodule module1;
  CHECK(cuModuleLoad(&module1, argv[1]));
  CUdeviceptr in1, out1;
  CHECK(cuMemAlloc(&in1, n * sizeof(float)));
  CHECK(cuMemAlloc(&out1, n * sizeof(float)));
  CHECK(cuMemcpyHtoD(in1, host, n * sizeof(float)));
  CHECK(cuMemsetD32(out1, 0, n));
  doubleOnCurrent(module1, in1, out1, n);

  CUcontext popped;
  CHECK(cuCtxPopCurrent(&popped));
  CHECK(cuCtxSetCurrent(ctx0));
  CUmodule module0;
  CHECK(cuModuleLoad(&module0, argv[1]));
  CUdeviceptr in0 = big0, out0 = big0 + n * sizeof(float);
  CHECK(cuMemcpyPeer(in0, ctx0, out1, ctx1, n * sizeof(float)));
  CHECK(cuMemsetD32(out0, 0, n));
  doubleOnCurrent(module0, in0, out0, n);
  CHECK(cuMemcpyDtoH(host, out0, n * sizeof(float)));
  int bad = 0;
  for (int i = 0; i < n; ++i)
    bad += host[i] != 4.0f * (float)i;
  printf("doubled on device 1, then on device 0: %d wrong\n", bad);
  (void)argc;
  return 0;
}
