// initcheck through the driver API (PTXJIT_CHECK=initcheck): each scenario
// runs one kernel of init_bugs.ptx in a fresh context on memory that the
// host leaves partly unwritten, and prints the launch's result; the
// scenarios marked "clean" write everything first and must succeed.
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

static CUdevice device;
static const char *ptx;
static CUcontext ctx;
static CUmodule module;

static CUfunction begin(const char *kernel) {
  CUfunction function = NULL;
  cuCtxCreate(&ctx, 0, device);
  if (cuModuleLoadData(&module, ptx) != CUDA_SUCCESS ||
      cuModuleGetFunction(&function, module, kernel) != CUDA_SUCCESS)
    printf("%s: cannot load\n", kernel);
  return function;
}

static void launch(const char *what, CUfunction f, int threads,
                   void **args) {
  CUresult r = cuLaunchKernel(f, 1, 1, 1, threads, 1, 1, 0, NULL, args, NULL);
  CUresult s = cuCtxSynchronize();
  printf("%s: launch %s, synchronize %s\n", what, name(r), name(s));
}

int main(int argc, char **argv) {
  if (argc != 2 || !(ptx = readFile(argv[1])))
    return 2;
  if (cuInit(0) != CUDA_SUCCESS || cuDeviceGet(&device, 0) != CUDA_SUCCESS)
    return 2;
  float host[64];
  int index[32];
  for (int i = 0; i < 64; ++i)
    host[i] = (float)i;
  for (int i = 0; i < 32; ++i)
    index[i] = 2 * i;

  // 1. accumulate: `in` is copied, `out` never written; thread 0 reads
  //    out[0].
  {
    CUfunction f = begin("accumulate");
    CUdeviceptr out, in;
    cuMemAlloc(&out, 32 * sizeof(float));
    cuMemAlloc(&in, 32 * sizeof(float));
    cuMemcpyHtoD(in, host, 32 * sizeof(float));
    void *args[] = {&out, &in};
    launch("accumulate", f, 32, args);
    cuCtxDestroy(ctx);
  }
  // 2. sum_halves: only in[0..16) is copied; thread 0 reads in[16], byte 64.
  {
    CUfunction f = begin("sum_halves");
    CUdeviceptr in, out;
    int n = 16;
    cuMemAlloc(&in, 32 * sizeof(int));
    cuMemAlloc(&out, 16 * sizeof(int));
    cuMemcpyHtoD(in, index, 16 * sizeof(int));
    void *args[] = {&in, &out, &n};
    launch("sum_halves", f, 16, args);
    cuCtxDestroy(ctx);
  }
  // 3. count: the counter is never zeroed; thread 0's atomicAdd.
  {
    CUfunction f = begin("count");
    CUdeviceptr counter;
    cuMemAlloc(&counter, sizeof(unsigned));
    void *args[] = {&counter};
    launch("count", f, 32, args);
    cuCtxDestroy(ctx);
  }
  // 4. stencil: cuMemsetD32 from in[1] on, in[0] forgotten; thread 0
  //    (i = 1) reads in[0].
  {
    CUfunction f = begin("stencil");
    CUdeviceptr in, out;
    int n = 32;
    cuMemAlloc(&in, 32 * sizeof(float));
    cuMemAlloc(&out, 32 * sizeof(float));
    cuMemsetD32(in + sizeof(float), 0x3f800000u, 31);
    void *args[] = {&in, &out, &n};
    launch("stencil", f, 30, args);
    cuCtxDestroy(ctx);
  }
  // 5. gather: table[0..32) of 64 is copied; thread 16 reads table[32].
  {
    CUfunction f = begin("gather");
    CUdeviceptr idx, table, out;
    cuMemAlloc(&idx, 32 * sizeof(int));
    cuMemAlloc(&table, 64 * sizeof(float));
    cuMemAlloc(&out, 32 * sizeof(float));
    cuMemcpyHtoD(idx, index, sizeof(index));
    cuMemcpyHtoD(table, host, 32 * sizeof(float));
    void *args[] = {&idx, &table, &out};
    launch("gather", f, 32, args);
    cuCtxDestroy(ctx);
  }
  // 6. clean: `out` is written by the fill kernel, then accumulated into;
  //    the result is 2 + i for each i.
  {
    CUfunction f = begin("fill");
    CUfunction g;
    cuModuleGetFunction(&g, module, "accumulate");
    CUdeviceptr out, in;
    float two = 2.0f;
    cuMemAlloc(&out, 32 * sizeof(float));
    cuMemAlloc(&in, 32 * sizeof(float));
    cuMemcpyHtoD(in, host, 32 * sizeof(float));
    void *fillArgs[] = {&out, &two};
    launch("clean fill", f, 32, fillArgs);
    void *args[] = {&out, &in};
    launch("clean accumulate", g, 32, args);
    float result[32];
    cuMemcpyDtoH(result, out, sizeof(result));
    int ok = 1;
    for (int i = 0; i < 32; ++i)
      ok &= result[i] == 2.0f + (float)i;
    printf("clean accumulate: %s\n", ok ? "correct" : "WRONG");
    cuCtxDestroy(ctx);
  }
  // 7. clean: cuMemsetD8 and a device-to-device copy write the counter and
  //    the table.
  {
    CUfunction f = begin("count");
    CUdeviceptr counter, copy;
    cuMemAlloc(&counter, sizeof(unsigned));
    cuMemAlloc(&copy, sizeof(unsigned));
    cuMemsetD8(counter, 0, sizeof(unsigned));
    cuMemcpyDtoD(copy, counter, sizeof(unsigned));
    void *args[] = {&copy};
    launch("clean count", f, 32, args);
    unsigned value = 0;
    cuMemcpyDtoH(&value, copy, sizeof(value));
    printf("clean count: %u\n", value);
    cuCtxDestroy(ctx);
  }
  free((void *)ptx);
  return 0;
}
