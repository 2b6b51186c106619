/* A Driver API client written against NVIDIA's own <cuda.h> and linked with
 * -lcuda: run against ptxjit's libcuda.so.1 it proves ABI compatibility
 * (symbol versions, struct layouts, enum values), not only matching names.
 * Usage: abi_client KERNELS.ptx. Prints one line per check and exits non-zero
 * on the first failure. */

#include <cuda.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int checks = 0;

#define CHECK(call)                                                            \
  do {                                                                         \
    CUresult status_ = (call);                                                 \
    if (status_ != CUDA_SUCCESS) {                                             \
      const char *name_ = "?";                                                 \
      cuGetErrorName(status_, &name_);                                         \
      fprintf(stderr, "FAIL %s:%d: %s -> %s\n", __FILE__, __LINE__, #call,     \
              name_);                                                          \
      exit(1);                                                                 \
    }                                                                          \
    ++checks;                                                                  \
  } while (0)

#define EXPECT(cond)                                                           \
  do {                                                                         \
    if (!(cond)) {                                                             \
      fprintf(stderr, "FAIL %s:%d: %s\n", __FILE__, __LINE__, #cond);          \
      exit(1);                                                                 \
    }                                                                          \
    ++checks;                                                                  \
  } while (0)

static char *readFile(const char *path) {
  FILE *f = fopen(path, "rb");
  if (!f) {
    perror(path);
    exit(1);
  }
  fseek(f, 0, SEEK_END);
  long size = ftell(f);
  fseek(f, 0, SEEK_SET);
  char *text = malloc((size_t)size + 1);
  if (fread(text, 1, (size_t)size, f) != (size_t)size)
    exit(1);
  text[size] = '\0';
  fclose(f);
  return text;
}

static CUcontext createContext(CUdevice dev) {
  CUcontext ctx;
#if CUDA_VERSION >= 13000
  CHECK(cuCtxCreate(&ctx, NULL, 0, dev));
#else
  CHECK(cuCtxCreate(&ctx, 0, dev));
#endif
  return ctx;
}

int main(int argc, char **argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: %s KERNELS.ptx\n", argv[0]);
    return 2;
  }
  char *ptx = readFile(argv[1]);

  /* Before cuInit. */
  CUdevice dev;
  EXPECT(cuDeviceGet(&dev, 0) == CUDA_ERROR_NOT_INITIALIZED);
  CHECK(cuInit(0));
  int version = 0, count = 0;
  CHECK(cuDriverGetVersion(&version));
  EXPECT(version >= 12000);
  CHECK(cuDeviceGetCount(&count));
  EXPECT(count == 1);
  CHECK(cuDeviceGet(&dev, 0));
  char name[64];
  CHECK(cuDeviceGetName(name, sizeof name, dev));
  int major = 0, minor = 0, warp = 0, sms = 0;
  CHECK(cuDeviceComputeCapability(&major, &minor, dev));
  CHECK(cuDeviceGetAttribute(&warp, CU_DEVICE_ATTRIBUTE_WARP_SIZE, dev));
  CHECK(cuDeviceGetAttribute(&sms, CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT,
                             dev));
  EXPECT(warp == 32 && sms >= 1);
  size_t total = 0;
  CHECK(cuDeviceTotalMem(&total, dev));
  EXPECT(total > 0);
  printf("device: %s, compute capability %d.%d, %d SMs\n", name, major, minor,
         sms);

  /* Entry points found by name resolve to the header's versioned symbols. */
  void *fn = NULL;
  CUdriverProcAddressQueryResult found;
  CHECK(cuGetProcAddress("cuMemAlloc", &fn, CUDA_VERSION, 0, &found));
  EXPECT(fn == (void *)&cuMemAlloc && found == CU_GET_PROC_ADDRESS_SUCCESS);
  EXPECT(cuGetProcAddress("cuNoSuchFunction", &fn, CUDA_VERSION, 0, &found) ==
             CUDA_ERROR_NOT_FOUND &&
         found == CU_GET_PROC_ADDRESS_SYMBOL_NOT_FOUND);

  CUcontext ctx = createContext(dev);

  /* Load with JIT options and logs. */
  char errorLog[4096] = "", infoLog[4096] = "";
  CUjit_option options[] = {CU_JIT_ERROR_LOG_BUFFER,
                            CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES,
                            CU_JIT_INFO_LOG_BUFFER,
                            CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES};
  void *values[] = {errorLog, (void *)(size_t)sizeof errorLog, infoLog,
                    (void *)(size_t)sizeof infoLog};
  CUmodule module;
  CHECK(cuModuleLoadDataEx(&module, ptx, 4, options, values));

  /* A syntax error is CUDA_ERROR_INVALID_PTX with a located diagnostic. */
  CUmodule bad;
  void *badValues[] = {errorLog, (void *)(size_t)sizeof errorLog};
  EXPECT(cuModuleLoadDataEx(&bad,
                            ".version 8.0\n.target sm_80\n"
                            ".address_size 64\n.visible .entry k() { bogus; }",
                            2, options, badValues) == CUDA_ERROR_INVALID_PTX);
  EXPECT(strstr(errorLog, "error") != NULL);

  /* saxpy: synchronous copies and kernelParams. */
  enum { N = 1000 };
  CUfunction saxpy;
  CHECK(cuModuleGetFunction(&saxpy, module, "saxpy"));
  EXPECT(cuModuleGetFunction(&saxpy, module, "nope") == CUDA_ERROR_NOT_FOUND);
  float x[N], y[N];
  for (int i = 0; i < N; ++i) {
    x[i] = (float)i;
    y[i] = 1.0f;
  }
  CUdeviceptr dx, dy;
  CHECK(cuMemAlloc(&dx, sizeof x));
  CHECK(cuMemAlloc(&dy, sizeof y));
  CHECK(cuMemcpyHtoD(dx, x, sizeof x));
  CHECK(cuMemcpyHtoD(dy, y, sizeof y));
  int n = N;
  float a = 2.5f;
  void *saxpyArgs[] = {&n, &a, &dx, &dy};
  CHECK(cuLaunchKernel(saxpy, (N + 255) / 256, 1, 1, 256, 1, 1, 0, NULL,
                       saxpyArgs, NULL));
  CHECK(cuCtxSynchronize());
  CHECK(cuMemcpyDtoH(y, dy, sizeof y));
  for (int i = 0; i < N; ++i)
    EXPECT(y[i] == 2.5f * (float)i + 1.0f);
  printf("saxpy: ok\n");

  /* scale: module variables through cuModuleGetGlobal. */
  CUfunction scale;
  CHECK(cuModuleGetFunction(&scale, module, "scale"));
  CUdeviceptr table, counter;
  size_t tableBytes = 0, counterBytes = 0;
  CHECK(cuModuleGetGlobal(&table, &tableBytes, module, "scaleTable"));
  CHECK(cuModuleGetGlobal(&counter, &counterBytes, module, "launchCount"));
  EXPECT(tableBytes == 16 && counterBytes == 8);
  float factors[4] = {1.0f, -2.0f, 0.5f, 4.0f};
  unsigned long long zero = 0, launches = 0;
  CHECK(cuMemcpyHtoD(table, factors, sizeof factors));
  CHECK(cuMemcpyHtoD(counter, &zero, sizeof zero));
  void *scaleArgs[] = {&dx, &dy, &n};
  for (int r = 0; r < 3; ++r)
    CHECK(cuLaunchKernel(scale, (N + 127) / 128, 1, 1, 128, 1, 1, 0, NULL,
                         scaleArgs, NULL));
  CHECK(cuMemcpyDtoH(y, dy, sizeof y));
  CHECK(cuMemcpyDtoH(&launches, counter, sizeof launches));
  for (int i = 0; i < N; ++i)
    EXPECT(y[i] == x[i] * factors[i % 4]);
  EXPECT(launches == 3);
  printf("scale: ok\n");

  /* blockSum: dynamic shared memory and barriers. */
  enum { M = 4096, BLOCK = 256 };
  CUfunction blockSum;
  CHECK(cuModuleGetFunction(&blockSum, module, "blockSum"));
  int *values32 = malloc(M * sizeof(int));
  int sums[M / BLOCK];
  for (int i = 0; i < M; ++i)
    values32[i] = (i * 7919) % 1000 - 500;
  CUdeviceptr din, dsums;
  CHECK(cuMemAlloc(&din, M * sizeof(int)));
  CHECK(cuMemAlloc(&dsums, sizeof sums));
  CHECK(cuMemcpyHtoD(din, values32, M * sizeof(int)));
  int m = M;
  void *sumArgs[] = {&din, &dsums, &m};
  CHECK(cuLaunchKernel(blockSum, M / BLOCK, 1, 1, BLOCK, 1, 1,
                       BLOCK * sizeof(int), NULL, sumArgs, NULL));
  CHECK(cuMemcpyDtoH(sums, dsums, sizeof sums));
  for (int b = 0; b < M / BLOCK; ++b) {
    int expected = 0;
    for (int i = 0; i < BLOCK; ++i)
      expected += values32[b * BLOCK + i];
    EXPECT(sums[b] == expected);
  }
  printf("blockSum: ok\n");

  /* histogram: atomics, memset, a stream with events and async copies. */
  CUfunction histogram;
  CHECK(cuModuleGetFunction(&histogram, module, "histogram"));
  CUstream stream;
  CUevent start, stop;
  CHECK(cuStreamCreate(&stream, CU_STREAM_NON_BLOCKING));
  CHECK(cuEventCreate(&start, CU_EVENT_DEFAULT));
  CHECK(cuEventCreate(&stop, CU_EVENT_DEFAULT));
  unsigned bins[16], expectedBins[16] = {0};
  for (int i = 0; i < M; ++i)
    expectedBins[(unsigned)values32[i] % 16]++;
  CUdeviceptr dbins;
  CHECK(cuMemAlloc(&dbins, sizeof bins));
  CHECK(cuEventRecord(start, stream));
  CHECK(cuMemsetD32Async(dbins, 0, 16, stream));
  CHECK(cuMemcpyHtoDAsync(din, values32, M * sizeof(int), stream));
  void *histArgs[] = {&din, &dbins, &m};
  CHECK(cuLaunchKernel(histogram, 4, 1, 1, 128, 1, 1, 0, stream, histArgs,
                       NULL));
  CHECK(cuMemcpyDtoHAsync(bins, dbins, sizeof bins, stream));
  CHECK(cuEventRecord(stop, stream));
  CHECK(cuStreamSynchronize(stream));
  CHECK(cuEventSynchronize(stop));
  float ms = -1.0f;
  CHECK(cuEventElapsedTime(&ms, start, stop));
  EXPECT(ms >= 0.0f);
  for (int b = 0; b < 16; ++b)
    EXPECT(bins[b] == expectedBins[b]);
  printf("histogram: ok\n");

  /* fill2d: a 2-D grid, pitched memory and cuMemcpy2D. */
  enum { W = 37, H = 19 };
  CUfunction fill2d;
  CHECK(cuModuleGetFunction(&fill2d, module, "fill2d"));
  CUdeviceptr matrix;
  size_t pitch = 0;
  CHECK(cuMemAllocPitch(&matrix, &pitch, W * sizeof(int), H, sizeof(int)));
  EXPECT(pitch >= W * sizeof(int));
  int width = W, height = H;
  void *fillArgs[] = {&matrix, &pitch, &width, &height};
  CHECK(cuLaunchKernel(fill2d, (W + 15) / 16, (H + 7) / 8, 1, 16, 8, 1, 0,
                       NULL, fillArgs, NULL));
  int host2d[H][W];
  CUDA_MEMCPY2D copy;
  memset(&copy, 0, sizeof copy);
  copy.srcMemoryType = CU_MEMORYTYPE_DEVICE;
  copy.srcDevice = matrix;
  copy.srcPitch = pitch;
  copy.dstMemoryType = CU_MEMORYTYPE_HOST;
  copy.dstHost = host2d;
  copy.dstPitch = W * sizeof(int);
  copy.WidthInBytes = W * sizeof(int);
  copy.Height = H;
  CHECK(cuMemcpy2D(&copy));
  for (int r = 0; r < H; ++r)
    for (int c = 0; c < W; ++c)
      EXPECT(host2d[r][c] == r * 1000 + c);
  printf("fill2d: ok\n");

  /* mixed: parameters packed into an `extra` buffer; __launch_bounds__. */
  CUfunction mixed;
  CHECK(cuModuleGetFunction(&mixed, module, "mixed"));
  int maxThreads = 0;
  CHECK(cuFuncGetAttribute(&maxThreads, CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK,
                           mixed));
  EXPECT(maxThreads == 128);
  CUdeviceptr dout;
  CHECK(cuMemAlloc(&dout, 256 * sizeof(double)));
  struct {
    CUdeviceptr out;
    long long base;
    double factor;
    char tag;
  } packed = {dout, 1000000000000LL, 0.5, 3};
  size_t packedSize = sizeof packed;
  void *extra[] = {CU_LAUNCH_PARAM_BUFFER_POINTER, &packed,
                   CU_LAUNCH_PARAM_BUFFER_SIZE, &packedSize,
                   CU_LAUNCH_PARAM_END};
  EXPECT(cuLaunchKernel(mixed, 1, 1, 1, 256, 1, 1, 0, NULL, NULL, extra) ==
         CUDA_ERROR_INVALID_VALUE);
  CHECK(cuLaunchKernel(mixed, 2, 1, 1, 128, 1, 1, 0, NULL, NULL, extra));
  double out[256];
  CHECK(cuMemcpyDtoH(out, dout, sizeof out));
  for (int i = 0; i < 256; ++i)
    EXPECT(out[i] == (double)(1000000000000LL + i) * 0.5 + 3);
  printf("mixed: ok\n");

  /* Bad configurations. */
  EXPECT(cuLaunchKernel(saxpy, 1, 1, 1, 2048, 1, 1, 0, NULL, saxpyArgs,
                        NULL) == CUDA_ERROR_INVALID_VALUE);
  EXPECT(cuLaunchKernel(saxpy, 0, 1, 1, 32, 1, 1, 0, NULL, saxpyArgs, NULL) ==
         CUDA_ERROR_INVALID_VALUE);
  EXPECT(cuLaunchKernel(blockSum, 1, 1, 1, 32, 1, 1, 100 * 1024, NULL,
                        sumArgs, NULL) == CUDA_ERROR_INVALID_VALUE);
  CHECK(cuFuncSetAttribute(blockSum,
                           CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
                           100 * 1024));
  CHECK(cuLaunchKernel(blockSum, 1, 1, 1, 32, 1, 1, 100 * 1024, NULL, sumArgs,
                       NULL));

  /* A trap fails the launch (reported by the launch itself or, as a GPU
   * does, by the next synchronisation), and the context stays failed. */
  CUfunction trapIf;
  CHECK(cuModuleGetFunction(&trapIf, module, "trapIf"));
  int flag = 0;
  void *trapArgs[] = {&flag};
  CHECK(cuLaunchKernel(trapIf, 2, 1, 1, 32, 1, 1, 0, NULL, trapArgs, NULL));
  flag = 1;
  CUresult launched =
      cuLaunchKernel(trapIf, 2, 1, 1, 32, 1, 1, 0, NULL, trapArgs, NULL);
  EXPECT(launched == CUDA_SUCCESS || launched == CUDA_ERROR_LAUNCH_FAILED);
  EXPECT(cuCtxSynchronize() == CUDA_ERROR_LAUNCH_FAILED);
  EXPECT(cuMemcpyDtoH(y, dy, sizeof y) == CUDA_ERROR_LAUNCH_FAILED);
  printf("trap: ok\n");

  CHECK(cuCtxDestroy(ctx));
  EXPECT(cuCtxSynchronize() == CUDA_ERROR_INVALID_CONTEXT);
  /* A fresh context works again. */
  ctx = createContext(dev);
  CHECK(cuMemAlloc(&dx, 64));
  CHECK(cuMemFree(dx));
  CHECK(cuCtxDestroy(ctx));
  free(values32);
  free(ptx);
  printf("abi-client: %d checks passed\n", checks);
  return 0;
}
