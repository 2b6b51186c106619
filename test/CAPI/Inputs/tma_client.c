/* Tensor maps through the Driver API, written against NVIDIA's <cuda.h> and
 * linked with -lcuda (ptxjit's libcuda.so.1): cuTensorMapEncodeTiled makes
 * a map over a cuMemAlloc'd f16 tensor, kernel tma_load_2d of tma.sm_90a.ptx
 * (test/Execution/TMA/tma.cu) loads one box through it with
 * cp.async.bulk.tensor, and the program checks the bytes against a plain C
 * reference of the ISA's tiled mode (5.5.3: the box in row-major order,
 * zeros outside the tensor). Then cuTensorMapReplaceAddress, and maps the
 * driver must refuse. Usage: tma_client TMA.ptx. */

#include <cuda.h>

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
  } while (0)

#define EXPECT(cond)                                                           \
  do {                                                                         \
    if (!(cond)) {                                                             \
      fprintf(stderr, "FAIL %s:%d: %s\n", __FILE__, __LINE__, #cond);          \
      exit(1);                                                                 \
    }                                                                          \
  } while (0)

enum { W = 64, H = 48, BOX_W = 32, BOX_H = 16 };

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

/* Loads the box at (x0, y0) through `map` and compares it with `tensor`. */
static int loadAndCompare(CUfunction fn, const CUtensorMap *map,
                          const uint16_t *tensor, int x0, int y0) {
  uint16_t got[BOX_W * BOX_H];
  CUdeviceptr out;
  CHECK(cuMemAlloc(&out, sizeof(got)));
  unsigned bytes = sizeof(got);
  void *params[] = {(void *)map, &x0, &y0, &out, &bytes};
  CHECK(cuLaunchKernel(fn, 1, 1, 1, 32, 1, 1, 2048, NULL, params, NULL));
  CHECK(cuCtxSynchronize());
  CHECK(cuMemcpyDtoH(got, out, sizeof(got)));
  CHECK(cuMemFree(out));
  int wrong = 0;
  for (int y = 0; y < BOX_H; ++y)
    for (int x = 0; x < BOX_W; ++x) {
      int gx = x0 + x, gy = y0 + y;
      uint16_t want =
          gx >= 0 && gx < W && gy >= 0 && gy < H ? tensor[gy * W + gx] : 0;
      wrong += got[y * BOX_W + x] != want;
    }
  return wrong;
}

int main(int argc, char **argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: %s TMA.ptx\n", argv[0]);
    return 2;
  }
  char *ptx = readFile(argv[1]);
  CHECK(cuInit(0));
  CUdevice dev;
  CHECK(cuDeviceGet(&dev, 0));
  CUcontext ctx;
#if CUDA_VERSION >= 13000
  CHECK(cuCtxCreate(&ctx, NULL, 0, dev));
#else
  CHECK(cuCtxCreate(&ctx, 0, dev));
#endif
  CUmodule module;
  CHECK(cuModuleLoadData(&module, ptx));
  CUfunction fn;
  CHECK(cuModuleGetFunction(&fn, module, "tma_load_2d"));

  uint16_t *tensor = malloc(W * H * 2), *other = malloc(W * H * 2);
  for (int i = 0; i < W * H; ++i) {
    tensor[i] = (uint16_t)(0x3c00 + i);
    other[i] = (uint16_t)(0xbc00 + 7 * i);
  }
  CUdeviceptr dTensor, dOther;
  CHECK(cuMemAlloc(&dTensor, W * H * 2));
  CHECK(cuMemAlloc(&dOther, W * H * 2));
  CHECK(cuMemcpyHtoD(dTensor, tensor, W * H * 2));
  CHECK(cuMemcpyHtoD(dOther, other, W * H * 2));

  CUtensorMap map;
  cuuint64_t dims[2] = {W, H}, strides[1] = {W * 2};
  cuuint32_t box[2] = {BOX_W, BOX_H}, elementStrides[2] = {1, 1};
  CHECK(cuTensorMapEncodeTiled(
      &map, CU_TENSOR_MAP_DATA_TYPE_FLOAT16, 2, (void *)dTensor, dims,
      strides, box, elementStrides, CU_TENSOR_MAP_INTERLEAVE_NONE,
      CU_TENSOR_MAP_SWIZZLE_NONE, CU_TENSOR_MAP_L2_PROMOTION_L2_128B,
      CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE));
  printf("inside: %d wrong\n", loadAndCompare(fn, &map, tensor, 8, 4));
  printf("edges: %d wrong\n", loadAndCompare(fn, &map, tensor, -8, 40));

  CHECK(cuTensorMapReplaceAddress(&map, (void *)dOther));
  printf("replaced: %d wrong\n", loadAndCompare(fn, &map, other, 24, 33));

  /* Maps the documented requirements rule out. */
  CUtensorMap bad;
  cuuint32_t bigBox[2] = {300, 1};
  EXPECT(cuTensorMapEncodeTiled(&bad, CU_TENSOR_MAP_DATA_TYPE_FLOAT16, 2,
                                (void *)dTensor, dims, strides, bigBox,
                                elementStrides, CU_TENSOR_MAP_INTERLEAVE_NONE,
                                CU_TENSOR_MAP_SWIZZLE_NONE,
                                CU_TENSOR_MAP_L2_PROMOTION_NONE,
                                CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE) ==
         CUDA_ERROR_INVALID_VALUE);
  cuuint64_t oddStride[1] = {100};
  EXPECT(cuTensorMapEncodeTiled(&bad, CU_TENSOR_MAP_DATA_TYPE_FLOAT16, 2,
                                (void *)dTensor, dims, oddStride, box,
                                elementStrides, CU_TENSOR_MAP_INTERLEAVE_NONE,
                                CU_TENSOR_MAP_SWIZZLE_NONE,
                                CU_TENSOR_MAP_L2_PROMOTION_NONE,
                                CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE) ==
         CUDA_ERROR_INVALID_VALUE);
  cuuint32_t wideBox[2] = {128, 2}; /* 256 bytes: over the 128B swizzle */
  EXPECT(cuTensorMapEncodeTiled(&bad, CU_TENSOR_MAP_DATA_TYPE_FLOAT16, 2,
                                (void *)dTensor, dims, strides, wideBox,
                                elementStrides, CU_TENSOR_MAP_INTERLEAVE_NONE,
                                CU_TENSOR_MAP_SWIZZLE_128B,
                                CU_TENSOR_MAP_L2_PROMOTION_NONE,
                                CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE) ==
         CUDA_ERROR_INVALID_VALUE);
  EXPECT(cuTensorMapEncodeTiled(&bad, CU_TENSOR_MAP_DATA_TYPE_UINT16, 2,
                                (void *)dTensor, dims, strides, box,
                                elementStrides, CU_TENSOR_MAP_INTERLEAVE_NONE,
                                CU_TENSOR_MAP_SWIZZLE_NONE,
                                CU_TENSOR_MAP_L2_PROMOTION_NONE,
                                CU_TENSOR_MAP_FLOAT_OOB_FILL_NAN_REQUEST_ZERO_FMA) ==
         CUDA_ERROR_INVALID_VALUE);
  /* cuda.h asks for a 64-byte aligned map, but NVIDIA's driver (580, on
     an H100) encodes into an unaligned one too, so ptxjit's does. */
  static char unaligned[sizeof(CUtensorMap) + 64] __attribute__((aligned(64)));
  EXPECT(cuTensorMapEncodeTiled((CUtensorMap *)(unaligned + 8),
                                CU_TENSOR_MAP_DATA_TYPE_FLOAT16, 2,
                                (void *)dTensor, dims, strides, box,
                                elementStrides, CU_TENSOR_MAP_INTERLEAVE_NONE,
                                CU_TENSOR_MAP_SWIZZLE_NONE,
                                CU_TENSOR_MAP_L2_PROMOTION_NONE,
                                CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE) ==
         CUDA_SUCCESS);
  printf("refused: ok\n");

  void *entry = NULL;
  CUdriverProcAddressQueryResult found;
  CHECK(cuGetProcAddress("cuTensorMapEncodeTiled", &entry, 12000, 0, &found));
  EXPECT(entry != NULL);
  printf("proc address: ok\n");
  CHECK(cuModuleUnload(module));
  CHECK(cuCtxDestroy(ctx));
  return 0;
}
