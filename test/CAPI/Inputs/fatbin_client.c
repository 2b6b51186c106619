/* Loads a fatbinary file with cuModuleLoadDataEx and runs its `arch` kernel
 * (arch_probe.cu), which stores the __CUDA_ARCH__ its PTX was compiled for
 * (fatbin.test). On a failed load, prints the result and the error log. */
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

int main(int argc, char **argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: fatbin_client FATBIN\n");
    return 2;
  }
  FILE *file = fopen(argv[1], "rb");
  if (!file) {
    perror(argv[1]);
    return 2;
  }
  static char image[1 << 20];
  size_t size = fread(image, 1, sizeof image, file);
  fclose(file);
  if (size == 0 || size == sizeof image) {
    fprintf(stderr, "%s: empty or too large\n", argv[1]);
    return 2;
  }

  CUdevice device;
  CUcontext context;
  CHECK(cuInit(0));
  CHECK(cuDeviceGet(&device, 0));
  CHECK(cuCtxCreate(&context, 0, device));
  char errorLog[1024] = "";
  CUjit_option options[] = {CU_JIT_ERROR_LOG_BUFFER,
                            CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES};
  void *values[] = {errorLog, (void *)sizeof errorLog};
  CUmodule module;
  CUresult loaded = cuModuleLoadDataEx(&module, image, 2, options, values);
  if (loaded != CUDA_SUCCESS) {
    printf("load: %d: %s\n", (int)loaded, errorLog);
    return 1;
  }
  CUfunction arch;
  CHECK(cuModuleGetFunction(&arch, module, "arch"));
  CUdeviceptr out;
  CHECK(cuMemAlloc(&out, sizeof(int)));
  CHECK(cuMemsetD32(out, 0, 1));
  void *args[] = {&out};
  CHECK(cuLaunchKernel(arch, 1, 1, 1, 1, 1, 1, 0, NULL, args, NULL));
  int value = 0;
  CHECK(cuMemcpyDtoH(&value, out, sizeof value));
  printf("arch %d\n", value);
  CHECK(cuModuleUnload(module));
  CHECK(cuCtxDestroy(context));
  return 0;
}
