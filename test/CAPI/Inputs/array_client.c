/* CUDA arrays and the legacy launch API (array.test): array creation and
 * descriptors (1-D, 2-D, 3-D, layered, mipmapped), the array copies
 * (cuMemcpy{HtoA,AtoH,DtoA,AtoD,AtoA}, their async forms, cuMemcpy2D,
 * cuMemcpy3D), documented error codes, cuFuncSetBlockShape, cuParamSet{i,f,v}
 * and cuLaunch{,Grid,GridAsync} as PyCUDA drives them, cuCtxAttach/Detach and
 * cuDeviceGetProperties. Expected values are computed here on host buffers,
 * never taken from the library. Usage: array_client KERNELS.ptx. Prints one
 * line per check; exits 1 at the first failing driver call. */
#include <cuda.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CHECK(call)                                                            \
  do {                                                                         \
    CUresult err_ = (call);                                                    \
    if (err_ != CUDA_SUCCESS) {                                                \
      printf("%s failed: %d\n", #call, (int)err_);                             \
      exit(1);                                                                 \
    }                                                                          \
  } while (0)

_Static_assert(sizeof(CUdeviceptr) == 8, "kernel pointers are 8 bytes");

enum { SENTINEL = 0xA5 }; /* fills host bytes that a copy must not touch */
static int failures = 0;

/* "NAME: ok", or "NAME: FAILED at i=BAD" for the first bad index. */
static void report(const char *name, long bad) {
  if (bad < 0)
    printf("%s: ok\n", name);
  else
    printf("%s: FAILED at i=%ld\n", name, bad), ++failures;
}

static long firstMismatch(const void *got, const void *want, size_t n) {
  const unsigned char *g = got, *w = want;
  for (size_t i = 0; i < n; ++i)
    if (g[i] != w[i])
      return (long)i;
  return -1;
}

/* Period 251 (a prime), so no row or slice repeats the one before. */
static void fillPattern(unsigned char *p, size_t n, unsigned seed) {
  for (size_t i = 0; i < n; ++i)
    p[i] = (unsigned char)((i * 7u + seed * 31u + 1u) % 251u);
}

static unsigned char *xmalloc(size_t n) {
  unsigned char *p = malloc(n);
  if (!p) {
    printf("out of host memory\n");
    exit(1);
  }
  return p;
}

/* One side of a cuMemcpy2D/3D: its memory, the origin (x in bytes, y, z),
 * and `model`, the host image of what that memory should hold, laid out
 * with `pitch` and slice `height` (for host and device memory the same
 * pitch and height the driver is given; for an array, packed rows). */
typedef struct {
  CUmemorytype type;
  void *host;
  CUdeviceptr dev;
  CUarray array;
  unsigned char *model;
  size_t x, y, z, pitch, height;
} Side;

static Side onHost(void *p, unsigned char *model, size_t pitch, size_t h) {
  return (Side){.type = CU_MEMORYTYPE_HOST, .host = p, .model = model,
                .pitch = pitch, .height = h};
}
static Side onArray(CUarray a, unsigned char *model, size_t row, size_t h) {
  return (Side){.type = CU_MEMORYTYPE_ARRAY, .array = a, .model = model,
                .pitch = row, .height = h};
}
static Side at(Side s, size_t x, size_t y, size_t z) {
  s.x = x, s.y = y, s.z = z;
  return s;
}

/* The copy as the driver sees it: only the fields cuda.h says are read for
 * each memory type are set (an array side has no pitch or height). */
static CUDA_MEMCPY3D describe(Side s, Side d, size_t wb, size_t h, size_t n) {
  CUDA_MEMCPY3D c = {.srcXInBytes = s.x, .srcY = s.y, .srcZ = s.z,
                     .srcMemoryType = s.type, .dstXInBytes = d.x,
                     .dstY = d.y, .dstZ = d.z, .dstMemoryType = d.type,
                     .WidthInBytes = wb, .Height = h, .Depth = n};
  if (s.type == CU_MEMORYTYPE_ARRAY)
    c.srcArray = s.array;
  else
    c.srcHost = s.host, c.srcDevice = s.dev, c.srcPitch = s.pitch,
    c.srcHeight = s.height;
  if (d.type == CU_MEMORYTYPE_ARRAY)
    c.dstArray = d.array;
  else
    c.dstHost = d.host, c.dstDevice = d.dev, c.dstPitch = d.pitch,
    c.dstHeight = d.height;
  return c;
}
static CUresult copy3D(Side s, Side d, size_t wb, size_t h, size_t n) {
  CUDA_MEMCPY3D c = describe(s, d, wb, h, n);
  return cuMemcpy3D(&c);
}
static CUresult copy2D(Side s, Side d, size_t wb, size_t h) {
  CUDA_MEMCPY3D c = describe(s, d, wb, h, 1);
  CUDA_MEMCPY2D c2 = {
      .srcXInBytes = c.srcXInBytes, .srcY = c.srcY,
      .srcMemoryType = c.srcMemoryType, .srcHost = c.srcHost,
      .srcDevice = c.srcDevice, .srcArray = c.srcArray, .srcPitch = c.srcPitch,
      .dstXInBytes = c.dstXInBytes, .dstY = c.dstY,
      .dstMemoryType = c.dstMemoryType, .dstHost = c.dstHost,
      .dstDevice = c.dstDevice, .dstArray = c.dstArray, .dstPitch = c.dstPitch,
      .WidthInBytes = wb, .Height = h};
  return cuMemcpy2D(&c2);
}

/* The same copy between the models, by cuda.h's address formula
 * base + ((z + Z) * height + y + Y) * pitch + xInBytes. */
static void expect(Side s, Side d, size_t wb, size_t h, size_t n) {
  for (size_t z = 0; z < n; ++z)
    for (size_t y = 0; y < h; ++y)
      memcpy(d.model + ((d.z + z) * d.height + d.y + y) * d.pitch + d.x,
             s.model + ((s.z + z) * s.height + s.y + y) * s.pitch + s.x, wb);
}

/* A copy by the driver, and the same between the models. */
#define COPY2D(s, d, wb, h)                                                    \
  do {                                                                         \
    CHECK(copy2D(s, d, wb, h));                                                \
    expect(s, d, wb, h, 1);                                                    \
  } while (0)
#define COPY3D(s, d, wb, h, n)                                                 \
  do {                                                                         \
    CHECK(copy3D(s, d, wb, h, n));                                             \
    expect(s, d, wb, h, n);                                                    \
  } while (0)

/* Reads a whole array back (cuMemcpy3D for 3-D ones) and compares. */
static long arrayMatches(Side a, size_t depth) {
  size_t bytes = a.pitch * a.height * depth;
  unsigned char *got = xmalloc(bytes);
  Side out = onHost(got, NULL, a.pitch, a.height);
  if (depth > 1)
    CHECK(copy3D(at(a, 0, 0, 0), out, a.pitch, a.height, depth));
  else
    CHECK(copy2D(at(a, 0, 0, 0), out, a.pitch, a.height));
  long bad = firstMismatch(got, a.model, bytes);
  free(got);
  return bad;
}

/* cuArray3DGetDescriptor gives back what the array was made with; for a
 * 1-D or 2-D array (cuda.h: "the Height and/or Depth members of the
 * descriptor struct will be set to 0") so does cuArrayGetDescriptor.
 * Returns -1, or the index of the first wrong field. */
static long checkDescriptor(CUarray a, size_t w, size_t h, size_t depth,
                            CUarray_format format, unsigned channels,
                            unsigned flags) {
  CUDA_ARRAY_DESCRIPTOR d;
  CUDA_ARRAY3D_DESCRIPTOR d3;
  memset(&d, 0xff, sizeof d); /* garbage the calls must overwrite */
  memset(&d3, 0xff, sizeof d3);
  CHECK(cuArray3DGetDescriptor(&d3, a));
  if (depth == 0)
    CHECK(cuArrayGetDescriptor(&d, a));
  const int ok[] = {d3.Width == w, d3.Height == h, d3.Depth == depth,
                    d3.Format == format, d3.NumChannels == channels,
                    d3.Flags == flags, d.Width == w, d.Height == h,
                    d.Format == format, d.NumChannels == channels};
  for (long i = 0; i < (depth == 0 ? 10 : 6); ++i)
    if (!ok[i])
      return i;
  return -1;
}

/* An element is NumChannels packed components of the format's size. */
typedef struct {
  const char *name;
  CUarray_format format;
  unsigned channels;
  size_t elemSize;
} Format;

/* Per format: 1-D and 2-D descriptors, 1-D copies at byte offsets (whole
 * elements; 16 bytes for f32x4, so bytes and elements differ), and a 2-D
 * round trip through host images with pitches wider than the row. */
static void testFormat(const Format *f) {
  char name[64];
  const size_t es = f->elemSize, bytes1 = 300 * es;
  CUDA_ARRAY_DESCRIPTOR d1 = {.Width = 300, .Height = 0, .Format = f->format,
                              .NumChannels = f->channels};
  CUarray a;
  CHECK(cuArrayCreate(&a, &d1));
  snprintf(name, sizeof name, "array1d %s descriptor", f->name);
  report(name, checkDescriptor(a, 300, 0, 0, f->format, f->channels, 0));
  unsigned char *model = xmalloc(bytes1), *chunk = xmalloc(bytes1);
  unsigned char *got = xmalloc(bytes1 + 64), *want = xmalloc(bytes1 + 64);
  fillPattern(model, bytes1, 1);
  CHECK(cuMemcpyHtoA(a, 0, model, bytes1));
  fillPattern(chunk, 10 * es, 2); /* 10 elements, 3 elements in */
  CHECK(cuMemcpyHtoA(a, 3 * es, chunk, 10 * es));
  memcpy(model + 3 * es, chunk, 10 * es);
  memset(got, SENTINEL, bytes1 + 64); /* 20 elements from element 2 */
  memset(want, SENTINEL, bytes1 + 64);
  CHECK(cuMemcpyAtoH(got, a, 2 * es, 20 * es));
  memcpy(want, model + 2 * es, 20 * es);
  long bad = firstMismatch(got, want, bytes1 + 64);
  if (bad < 0) {
    CHECK(cuMemcpyAtoH(got, a, 0, bytes1));
    bad = firstMismatch(got, model, bytes1);
  }
  snprintf(name, sizeof name, "array1d %s offsets", f->name);
  report(name, bad);
  CHECK(cuArrayDestroy(a));

  enum { W = 37, H = 19 };
  const size_t row = W * es, sp = row + 24, dp = row + 40;
  CUDA_ARRAY_DESCRIPTOR d2 = {.Width = W, .Height = H, .Format = f->format,
                              .NumChannels = f->channels};
  CHECK(cuArrayCreate(&a, &d2));
  snprintf(name, sizeof name, "array2d %s descriptor", f->name);
  report(name, checkDescriptor(a, W, H, 0, f->format, f->channels, 0));
  unsigned char *src = xmalloc(sp * H), *arr = xmalloc(row * H);
  unsigned char *dst = xmalloc(dp * H), *wanted = xmalloc(dp * H);
  fillPattern(src, sp * H, 3);
  memset(dst, SENTINEL, dp * H);
  memset(wanted, SENTINEL, dp * H);
  Side s = onHost(src, src, sp, H), A = onArray(a, arr, row, H);
  Side d = onHost(dst, wanted, dp, H);
  COPY2D(s, A, row, H);
  COPY2D(A, d, row, H);
  snprintf(name, sizeof name, "array2d %s copy", f->name);
  report(name, firstMismatch(dst, wanted, dp * H)); /* padding stays sentinel */
  CHECK(cuArrayDestroy(a));
  free(model), free(chunk), free(got), free(want);
  free(src), free(arr), free(dst), free(wanted);
}

/* 1-D copies at byte offsets into FLOAT x1 arrays (4-byte elements): on
 * the null stream, to and from device memory, and array to array. */
static void test1DCopies(void) {
  const size_t es = 4, bytes = 256 * es;
  CUDA_ARRAY_DESCRIPTOR desc = {.Width = 256, .Height = 0,
                                .Format = CU_AD_FORMAT_FLOAT, .NumChannels = 1};
  CUarray a, b;
  CHECK(cuArrayCreate(&a, &desc));
  CHECK(cuArrayCreate(&b, &desc));
  unsigned char *model = xmalloc(bytes), *chunk = xmalloc(bytes);
  unsigned char *got = xmalloc(bytes), *other = xmalloc(bytes);
  fillPattern(model, bytes, 7);
  CHECK(cuMemcpyHtoA(a, 0, model, bytes));
  /* Stream order makes the read see the write; the sync completes both. */
  fillPattern(chunk, 40 * es, 8);
  CHECK(cuMemcpyHtoAAsync(a, 16 * es, chunk, 40 * es, (CUstream)0));
  memcpy(model + 16 * es, chunk, 40 * es);
  CHECK(cuMemcpyAtoHAsync(got, a, 0, bytes, (CUstream)0));
  CHECK(cuStreamSynchronize((CUstream)0));
  report("array1d async", firstMismatch(got, model, bytes));

  CUdeviceptr dsrc, ddst;
  CHECK(cuMemAlloc(&dsrc, bytes));
  CHECK(cuMemAlloc(&ddst, bytes));
  fillPattern(chunk, bytes, 9);
  CHECK(cuMemcpyHtoD(dsrc, chunk, bytes));
  CHECK(cuMemcpyDtoA(a, 8 * es, dsrc + 4 * es, 50 * es));
  memcpy(model + 8 * es, chunk + 4 * es, 50 * es);
  memset(other, 0, bytes);
  CHECK(cuMemcpyHtoD(ddst, other, bytes));
  CHECK(cuMemcpyAtoD(ddst + 2 * es, a, 6 * es, 60 * es));
  memcpy(other + 2 * es, model + 6 * es, 60 * es);
  CHECK(cuMemcpyDtoH(got, ddst, bytes)); /* covers the DtoA's bytes too */
  report("array1d device", firstMismatch(got, other, bytes));

  fillPattern(other, bytes, 10); /* b's contents */
  CHECK(cuMemcpyHtoA(b, 0, other, bytes));
  CHECK(cuMemcpyAtoA(b, 12 * es, a, 30 * es, 100 * es));
  memcpy(other + 12 * es, model + 30 * es, 100 * es);
  CHECK(cuMemcpyAtoH(got, b, 0, bytes));
  report("array1d array-to-array", firstMismatch(got, other, bytes));
  CHECK(cuMemFree(dsrc));
  CHECK(cuMemFree(ddst));
  CHECK(cuArrayDestroy(a));
  CHECK(cuArrayDestroy(b));
  free(model), free(chunk), free(got), free(other);
}

/* cuMemcpy2D sub-rectangles on HALF x2 arrays (4-byte elements): host ->
 * array, array -> sentinel-filled host, array -> array, and pitched device
 * memory -> array -> device. */
static void test2DRegions(void) {
  enum { W = 37, H = 19 };
  const size_t es = 4, row = W * es, hp = row + 12, op = row + 20, oh = H + 5;
  CUDA_ARRAY_DESCRIPTOR desc = {.Width = W, .Height = H,
                                .Format = CU_AD_FORMAT_HALF, .NumChannels = 2};
  CUarray a, b;
  CHECK(cuArrayCreate(&a, &desc));
  CHECK(cuArrayCreate(&b, &desc));
  unsigned char *ma = xmalloc(row * H), *mb = xmalloc(row * H);
  unsigned char *host = xmalloc(hp * H), *out = xmalloc(op * oh);
  unsigned char *want = xmalloc(op * oh);
  Side A = onArray(a, ma, row, H), B = onArray(b, mb, row, H);
  Side in = onHost(host, host, hp, H), out2 = onHost(out, want, op, oh);
  fillPattern(ma, row * H, 4);
  fillPattern(mb, row * H, 5);
  fillPattern(host, hp * H, 6);
  CHECK(copy2D(onHost(ma, ma, row, H), A, row, H));
  CHECK(copy2D(onHost(mb, mb, row, H), B, row, H));

  /* 10 x 7 elements from (2, 1) of the host image to (4, 3) of a; then
   * 12 x 9 from (3, 2) of a, overlapping that, to (1, 4) of the output. */
  COPY2D(at(in, 2 * es, 1, 0), at(A, 4 * es, 3, 0), 10 * es, 7);
  memset(out, SENTINEL, op * oh);
  memset(want, SENTINEL, op * oh);
  COPY2D(at(A, 3 * es, 2, 0), at(out2, 1 * es, 4, 0), 12 * es, 9);
  long bad = firstMismatch(out, want, op * oh);
  report("array2d subrect", bad >= 0 ? bad : arrayMatches(A, 1));

  /* 20 x 11 elements from (5, 6) of a to (0, 2) of b. */
  COPY2D(at(A, 5 * es, 6, 0), at(B, 0, 2, 0), 20 * es, 11);
  report("array2d array-to-array", arrayMatches(B, 1));

  /* b's contents: host -> pitched device -> a -> pitched device -> host.
   * cuda.h: pitches from cuMemAllocPitch "always work with cuMemcpy2D". */
  CUdeviceptr d1, d2;
  size_t p1 = 0, p2 = 0;
  CHECK(cuMemAllocPitch(&d1, &p1, row, H, 4));
  CHECK(cuMemAllocPitch(&d2, &p2, row, H, 4));
  memset(host, 0, row * H);
  Side D1 = {.type = CU_MEMORYTYPE_DEVICE, .dev = d1, .pitch = p1};
  Side D2 = {.type = CU_MEMORYTYPE_DEVICE, .dev = d2, .pitch = p2};
  CHECK(copy2D(onHost(mb, mb, row, H), D1, row, H));
  CHECK(copy2D(D1, A, row, H));
  CHECK(copy2D(A, D2, row, H));
  CHECK(copy2D(D2, onHost(host, NULL, row, H), row, H));
  report("array2d device", firstMismatch(host, mb, row * H));
  CHECK(cuMemFree(d1));
  CHECK(cuMemFree(d2));
  CHECK(cuArrayDestroy(a));
  CHECK(cuArrayDestroy(b));
  free(ma), free(mb), free(host), free(out), free(want);
}

/* 3-D arrays: descriptors (plain and layered) and cuMemcpy3D, whole and
 * sub-box, through host images whose pitch and slice height exceed the
 * array's. */
static void test3D(void) {
  enum { W = 17, H = 5, D = 3 };
  const size_t es = 4, row = W * es, sp = row + 12, sh = H + 2;
  const size_t dp = row + 28, dh = H + 1;
  CUDA_ARRAY3D_DESCRIPTOR desc = {.Width = W, .Height = H, .Depth = D,
                                  .Format = CU_AD_FORMAT_SIGNED_INT32,
                                  .NumChannels = 1, .Flags = 0};
  CUDA_ARRAY3D_DESCRIPTOR ldesc = {.Width = 8, .Height = 4, .Depth = 6,
                                   .Format = CU_AD_FORMAT_FLOAT,
                                   .NumChannels = 1,
                                   .Flags = CUDA_ARRAY3D_LAYERED};
  CUarray a, layered;
  CHECK(cuArray3DCreate(&a, &desc));
  report("array3d descriptor",
         checkDescriptor(a, W, H, D, CU_AD_FORMAT_SIGNED_INT32, 1, 0));
  CHECK(cuArray3DCreate(&layered, &ldesc));
  report("array3d layered descriptor",
         checkDescriptor(layered, 8, 4, 6, CU_AD_FORMAT_FLOAT, 1,
                         CUDA_ARRAY3D_LAYERED));
  CHECK(cuArrayDestroy(layered));

  unsigned char *src = xmalloc(sp * sh * D), *model = xmalloc(row * H * D);
  unsigned char *out = xmalloc(dp * dh * D), *want = xmalloc(dp * dh * D);
  Side in = onHost(src, src, sp, sh), A = onArray(a, model, row, H);
  Side o = onHost(out, want, dp, dh);
  fillPattern(src, sp * sh * D, 11);
  memset(out, SENTINEL, dp * dh * D);
  memset(want, SENTINEL, dp * dh * D);
  COPY3D(in, A, row, H, D);
  COPY3D(A, o, row, H, D);
  report("array3d copy", firstMismatch(out, want, dp * dh * D));

  /* 9 x 3 x 2 elements from (2, 1, 1) of a new host image to (5, 2, 1) of
   * the array; then 10 x 4 x 2 from (4, 1, 0), overlapping it, to (3, 2, 1)
   * of a sentinel-filled image. */
  fillPattern(src, sp * sh * D, 12);
  COPY3D(at(in, 2 * es, 1, 1), at(A, 5 * es, 2, 1), 9 * es, 3, 2);
  memset(out, SENTINEL, dp * dh * D);
  memset(want, SENTINEL, dp * dh * D);
  COPY3D(at(A, 4 * es, 1, 0), at(o, 3 * es, 2, 1), 10 * es, 4, 2);
  long bad = firstMismatch(out, want, dp * dh * D);
  report("array3d subbox", bad >= 0 ? bad : arrayMatches(A, D));
  CHECK(cuArrayDestroy(a));
  free(src), free(model), free(out), free(want);
}

/* cuArrayCreate's status; an array it makes anyway is destroyed. */
static int tryCreate(size_t width, unsigned channels) {
  CUDA_ARRAY_DESCRIPTOR d = {.Width = width, .Height = 0,
                             .Format = CU_AD_FORMAT_FLOAT,
                             .NumChannels = channels};
  CUarray a;
  CUresult r = cuArrayCreate(&a, &d);
  if (r == CUDA_SUCCESS)
    CHECK(cuArrayDestroy(a));
  return (int)r;
}

/* Documented failures, printed as numbers (CUDA_ERROR_INVALID_VALUE is 1):
 * cuda.h says NumChannels "may be 1, 2, or 4", widths start at 1 (the
 * extents table of cuArray3DCreate), and copies stay inside the array. */
static void testErrors(void) {
  printf("cuArrayCreate NumChannels 3: %d\n", tryCreate(16, 3));
  printf("cuArrayCreate Width 0: %d\n", tryCreate(0, 1));
  CUDA_ARRAY_DESCRIPTOR small = {.Width = 64, .Height = 0,
                                 .Format = CU_AD_FORMAT_UNSIGNED_INT8,
                                 .NumChannels = 1};
  unsigned char bytes[8] = {0};
  CUarray a;
  CHECK(cuArrayCreate(&a, &small)); /* 8 bytes at 60 of 64 */
  printf("cuMemcpyHtoA past the end: %d\n",
         (int)cuMemcpyHtoA(a, 60, bytes, sizeof bytes));
  CHECK(cuArrayDestroy(a));
}

/* cuda.h: cuArrayGetMemoryRequirements answers only for an array made with
 * CUDA_ARRAY3D_DEFERRED_MAPPING, else CUDA_ERROR_INVALID_VALUE. ptxjit
 * makes no deferred-mapping arrays (CUDA_ERROR_NOT_SUPPORTED), and the
 * device attribute says so. */
static void testMemoryRequirements(CUdevice dev) {
  CUDA_ARRAY3D_DESCRIPTOR desc = {.Width = 33, .Height = 17, .Depth = 0,
                                  .Format = CU_AD_FORMAT_FLOAT,
                                  .NumChannels = 4, .Flags = 0};
  CUarray a;
  CUDA_ARRAY_MEMORY_REQUIREMENTS req;
  memset(&req, 0, sizeof req);
  CHECK(cuArray3DCreate(&a, &desc));
  printf("cuArrayGetMemoryRequirements of a plain array: %d\n",
         (int)cuArrayGetMemoryRequirements(&req, a, dev));
  CHECK(cuArrayDestroy(a));
  int deferred = -1;
  CHECK(cuDeviceGetAttribute(
      &deferred, CU_DEVICE_ATTRIBUTE_DEFERRED_MAPPING_CUDA_ARRAY_SUPPORTED,
      dev));
  desc.Flags = CUDA_ARRAY3D_DEFERRED_MAPPING;
  printf("deferred mapping: supported %d, create %d\n", deferred,
         (int)cuArray3DCreate(&a, &desc));
}

/* Three levels of a 16 x 8 FLOAT x1 mipmap: each halves the one before. */
static void testMipmap(void) {
  CUDA_ARRAY3D_DESCRIPTOR desc = {.Width = 16, .Height = 8, .Depth = 0,
                                  .Format = CU_AD_FORMAT_FLOAT,
                                  .NumChannels = 1, .Flags = 0};
  CUmipmappedArray mip;
  CHECK(cuMipmappedArrayCreate(&mip, &desc, 3));
  long bad = -1;
  for (unsigned level = 0; level < 3 && bad < 0; ++level) {
    CUarray a; /* owned by the mipmap, not destroyed on its own */
    CUDA_ARRAY_DESCRIPTOR d;
    CHECK(cuMipmappedArrayGetLevel(&a, mip, level));
    CHECK(cuArrayGetDescriptor(&d, a));
    if (d.Width != (16u >> level) || d.Height != (8u >> level) ||
        d.Format != CU_AD_FORMAT_FLOAT || d.NumChannels != 1)
      bad = level;
  }
  report("mipmapped array levels", bad);
  CHECK(cuMipmappedArrayDestroy(mip));
}

/* The pre-cuLaunchKernel launch API on saxpy(int n, float a, const float
 * *x, float *y): by the C layout rules n is at 0, a at 4, x at 8, y at 16,
 * 24 bytes. cuda.h lists cuParamSetSize first; PyCUDA's pre-CUDA-4 path
 * (function_param_set_pre_v4) and the old SDK samples set it after the
 * values: both orders are used. x and y hold small integers and the
 * factors are halves, so a * x + y is exact. */
static void testLegacyLaunch(CUmodule module) {
  enum { N = 1000 };
  static float x[N], y0[N], y[N];
  static const struct {
    const char *name;
    int block, n, sizeFirst;
    float a;
  } runs[] = {{"legacy cuLaunchGrid", 128, N, 1, 2.5f},
              {"legacy cuLaunchGridAsync", 256, N, 0, -1.5f},
              {"legacy cuLaunch", 512, 400, 0, 0.5f}}; /* one block */
  for (int i = 0; i < N; ++i)
    x[i] = (float)i, y0[i] = (float)(i % 7);
  CUfunction saxpy;
  CUdeviceptr dx, dy;
  CHECK(cuModuleGetFunction(&saxpy, module, "saxpy"));
  CHECK(cuMemAlloc(&dx, sizeof x));
  CHECK(cuMemAlloc(&dy, sizeof y));
  CHECK(cuMemcpyHtoD(dx, x, sizeof x));
  for (int r = 0; r < 3; ++r) {
    CHECK(cuMemcpyHtoD(dy, y0, sizeof y0));
    CHECK(cuFuncSetBlockShape(saxpy, runs[r].block, 1, 1));
    CHECK(cuFuncSetSharedSize(saxpy, 0));
    if (runs[r].sizeFirst)
      CHECK(cuParamSetSize(saxpy, 24));
    CHECK(cuParamSeti(saxpy, 0, (unsigned)runs[r].n));
    CHECK(cuParamSetf(saxpy, 4, runs[r].a));
    CHECK(cuParamSetv(saxpy, 8, &dx, sizeof dx));
    CHECK(cuParamSetv(saxpy, 16, &dy, sizeof dy));
    if (!runs[r].sizeFirst)
      CHECK(cuParamSetSize(saxpy, 24));
    int grid = (runs[r].n + runs[r].block - 1) / runs[r].block;
    if (r == 0)
      CHECK(cuLaunchGrid(saxpy, grid, 1));
    else if (r == 1)
      CHECK(cuLaunchGridAsync(saxpy, grid, 1, (CUstream)0));
    else
      CHECK(cuLaunch(saxpy));
    CHECK(cuCtxSynchronize());
    CHECK(cuMemcpyDtoH(y, dy, sizeof y));
    long bad = -1; /* elements from n on keep their values */
    for (int i = 0; i < N && bad < 0; ++i)
      if (y[i] != (i < runs[r].n ? runs[r].a * x[i] + y0[i] : y0[i]))
        bad = i;
    report(runs[r].name, bad);
  }
  CHECK(cuMemFree(dx));
  CHECK(cuMemFree(dy));

  /* A 2-D grid: fill2d(int *m, size_t pitchBytes, int width, int height),
   * m at 0, pitchBytes at 8, width at 16, height at 20; 24 bytes. It sets
   * m[y][x] = y * 1000 + x; the row padding keeps the sentinel. */
  enum { FW = 37, FH = 19 };
  unsigned long long pitch = FW * sizeof(int) + 12; /* the kernel's size_t */
  unsigned char *got = xmalloc(pitch * FH), *image = xmalloc(pitch * FH);
  CUfunction fill2d;
  CUdeviceptr m;
  CHECK(cuModuleGetFunction(&fill2d, module, "fill2d"));
  CHECK(cuMemAlloc(&m, pitch * FH));
  memset(image, SENTINEL, pitch * FH);
  CHECK(cuMemcpyHtoD(m, image, pitch * FH));
  for (int r = 0; r < FH; ++r)
    for (int c = 0; c < FW; ++c) {
      int v = r * 1000 + c;
      memcpy(image + r * pitch + c * sizeof(int), &v, sizeof v);
    }
  CHECK(cuFuncSetBlockShape(fill2d, 16, 8, 1));
  CHECK(cuFuncSetSharedSize(fill2d, 0));
  CHECK(cuParamSetSize(fill2d, 24));
  CHECK(cuParamSetv(fill2d, 0, &m, sizeof m));
  CHECK(cuParamSetv(fill2d, 8, &pitch, sizeof pitch));
  CHECK(cuParamSeti(fill2d, 16, FW));
  CHECK(cuParamSeti(fill2d, 20, FH));
  CHECK(cuLaunchGrid(fill2d, (FW + 15) / 16, (FH + 7) / 8));
  CHECK(cuCtxSynchronize());
  CHECK(cuMemcpyDtoH(got, m, pitch * FH));
  report("legacy cuLaunchGrid 2-D grid", firstMismatch(got, image, pitch * FH));
  CHECK(cuMemFree(m));
  free(got), free(image);
}

int main(int argc, char **argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: %s KERNELS.ptx\n", argv[0]);
    return 2;
  }
  static char ptx[1 << 16]; /* kernels.ptx is 6.5 KB */
  FILE *file = fopen(argv[1], "rb");
  size_t size = file ? fread(ptx, 1, sizeof ptx - 1, file) : 0;
  if (size == 0 || size == sizeof ptx - 1) {
    printf("cannot read %s\n", argv[1]);
    return 2;
  }
  fclose(file);
  CUdevice dev;
  CUcontext ctx;
  CHECK(cuInit(0));
  CHECK(cuDeviceGet(&dev, 0));
  /* NVIDIA's cuda.h 13 maps cuCtxCreate to cuCtxCreate_v4 (with params);
   * ptxjit's header keeps the 3-argument form. */
#if CUDA_VERSION >= 13000
  CHECK(cuCtxCreate(&ctx, NULL, 0, dev));
#else
  CHECK(cuCtxCreate(&ctx, 0, dev));
#endif

  CUdevprop props;
  memset(&props, 0, sizeof props);
  CHECK(cuDeviceGetProperties(&props, dev));
  report("cuDeviceGetProperties", props.maxThreadsPerBlock != 1024 ? 0
                                  : props.SIMDWidth != 32          ? 1
                                  : props.sharedMemPerBlock <= 0   ? 2
                                  : props.clockRate <= 0           ? 3
                                                                   : -1);

  static const Format formats[] = {{"u8x1", CU_AD_FORMAT_UNSIGNED_INT8, 1, 1},
                                   {"f32x4", CU_AD_FORMAT_FLOAT, 4, 16},
                                   {"f16x2", CU_AD_FORMAT_HALF, 2, 4}};
  for (size_t i = 0; i < sizeof formats / sizeof formats[0]; ++i)
    testFormat(&formats[i]);
  test1DCopies();
  test2DRegions();
  test3D();
  testErrors();
  testMipmap();

  CUmodule module;
  CHECK(cuModuleLoadData(&module, ptx));
  testLegacyLaunch(module);
  CHECK(cuModuleUnload(module));

  /* cuCtxAttach hands back the current context and counts a use;
   * cuCtxDetach drops that use, so the context lives on (cuda.h: it is
   * destroyed "if the usage count goes to 0"). */
  CUcontext attached = NULL;
  CHECK(cuCtxAttach(&attached, 0));
  CUresult detached = cuCtxDetach(attached);
  CUdeviceptr probe;
  CHECK(cuMemAlloc(&probe, 64));
  CHECK(cuMemFree(probe));
  report("cuCtxAttach/cuCtxDetach",
         attached != ctx ? 0 : detached != CUDA_SUCCESS ? 1 : -1);

  testMemoryRequirements(dev);
  CHECK(cuCtxDestroy(ctx));
  printf("array-client: %d failed\n", failures);
  return failures ? 1 : 0;
}
