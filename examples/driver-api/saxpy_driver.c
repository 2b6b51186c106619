/* saxpy through the CUDA Driver API, on the CPU with ptxjit.
 * The same source builds against NVIDIA's cuda.h and libcuda; here it
 * includes ptxjit's cuda.h and links libptxjit (find_package(ptxjit)). */

#include <ptxjit-c/cuda.h>

#include <stdio.h>
#include <stdlib.h>

#define CHECK(call)                                                            \
  do {                                                                         \
    CUresult status_ = (call);                                                 \
    if (status_ != CUDA_SUCCESS) {                                             \
      const char *name_ = "?";                                                 \
      cuGetErrorName(status_, &name_);                                         \
      fprintf(stderr, "%s failed: %s\n", #call, name_);                        \
      return 1;                                                                \
    }                                                                          \
  } while (0)

int main(int argc, char **argv) {
  const char *path = argc > 1 ? argv[1] : SAXPY_PTX;
  enum { N = 1000 };
  float x[N], y[N];
  for (int i = 0; i < N; ++i) {
    x[i] = (float)i;
    y[i] = 1.0f;
  }

  CUdevice device;
  CUcontext context;
  CUmodule module;
  CUfunction saxpy;
  CHECK(cuInit(0));
  CHECK(cuDeviceGet(&device, 0));
  CHECK(cuCtxCreate(&context, 0, device));
  CHECK(cuModuleLoad(&module, path));
  CHECK(cuModuleGetFunction(&saxpy, module, "saxpy"));

  CUdeviceptr dx, dy;
  CHECK(cuMemAlloc(&dx, sizeof x));
  CHECK(cuMemAlloc(&dy, sizeof y));
  CHECK(cuMemcpyHtoD(dx, x, sizeof x));
  CHECK(cuMemcpyHtoD(dy, y, sizeof y));
  int n = N;
  float a = 2.5f;
  void *args[] = {&n, &a, &dx, &dy};
  CHECK(cuLaunchKernel(saxpy, (N + 255) / 256, 1, 1, 256, 1, 1, 0, NULL, args,
                       NULL));
  CHECK(cuMemcpyDtoH(y, dy, sizeof y));
  for (int i = 0; i < N; ++i)
    if (y[i] != 2.5f * (float)i + 1.0f) {
      fprintf(stderr, "y[%d] = %g\n", i, y[i]);
      return 1;
    }
  printf("saxpy-driver: y[999] = %g, all %d values ok\n", y[N - 1], N);
  CHECK(cuMemFree(dx));
  CHECK(cuMemFree(dy));
  CHECK(cuModuleUnload(module));
  CHECK(cuCtxDestroy(context));
  return 0;
}
