// Checked mode through the driver API (PTXJIT_CHECK=memcheck): a kernel
// that reads freed memory, one that writes past an allocation, one that
// makes a misaligned access, and a correct one. Prints the result code of
// each launch and whether the correct kernel still computes its result.
#include <cuda.h>

#include <stdio.h>
#include <stdlib.h>

static char *readFile(const char *path) {
  FILE *f = fopen(path, "rb");
  if (!f)
    return NULL;
  fseek(f, 0, SEEK_END);
  long size = ftell(f);
  fseek(f, 0, SEEK_SET);
  char *text = malloc(size + 1);
  if (fread(text, 1, size, f) != (size_t)size) {
    fclose(f);
    free(text);
    return NULL;
  }
  text[size] = 0;
  fclose(f);
  return text;
}

static const char *name(CUresult r) {
  const char *text = "?";
  cuGetErrorName(r, &text);
  return text;
}

// Launches \p kernel of \p module with one block of \p threads in a fresh
// context (a failed launch leaves its context unusable) and prints the
// launch's and the synchronization's result.
static void launchInFreshContext(CUdevice device, const char *ptx,
                                 const char *kernel, int threads, int n,
                                 int freeFirst, int offsetBytes) {
  CUcontext ctx;
  CUmodule module;
  CUfunction function;
  cuCtxCreate(&ctx, 0, device);
  if (cuModuleLoadData(&module, ptx) != CUDA_SUCCESS ||
      cuModuleGetFunction(&function, module, kernel) != CUDA_SUCCESS) {
    printf("%s: cannot load\n", kernel);
    return;
  }
  CUdeviceptr in, out;
  cuMemAlloc(&in, n * sizeof(float));
  cuMemAlloc(&out, n * sizeof(float));
  cuMemsetD32(in, 0, n);
  if (freeFirst)
    cuMemFree(in);
  CUdeviceptr inArg = in + offsetBytes;
  void *args[] = {&inArg, &out, &n};
  CUresult launch =
      cuLaunchKernel(function, 1, 1, 1, threads, 1, 1, 0, NULL, args, NULL);
  CUresult sync = cuCtxSynchronize();
  printf("%s: launch %s, synchronize %s\n", kernel, name(launch), name(sync));
  cuCtxDestroy(ctx);
}

int main(int argc, char **argv) {
  if (argc != 2)
    return 2;
  char *ptx = readFile(argv[1]);
  if (!ptx)
    return 2;
  CUdevice device;
  if (cuInit(0) != CUDA_SUCCESS || cuDeviceGet(&device, 0) != CUDA_SUCCESS)
    return 2;
  // copy(in, out, n): out[i] = in[i] for i < n.
  launchInFreshContext(device, ptx, "copy", 32, 32, /*freeFirst=*/1, 0);
  launchInFreshContext(device, ptx, "copy", 32, 16, 0, /*offsetBytes=*/64);
  launchInFreshContext(device, ptx, "copy", 8, 8, 0, /*offsetBytes=*/2);
  launchInFreshContext(device, ptx, "copy", 32, 32, 0, 0);
  free(ptx);
  return 0;
}
