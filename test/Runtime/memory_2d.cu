// 2-D memory: cudaMallocPitch (pitch at least the row width and aligned for
// texture binding), cudaMemcpy2D host-to-device, device-to-device between
// sub-blocks and device-to-host into a padded host array, cudaMemset2D on a
// sub-block, cudaMemcpy2DAsync and cudaMemset2DAsync on a stream, and a
// kernel that walks rows by the pitch.
// REQUIRES: nvcc
// RUN: %cuda_build
// RUN: %cuda_run %t.static | FileCheck %s
// RUN: %cuda_run %t.shared | FileCheck %s
// CHECK: 2d: pitch covers 1200-byte rows and is aligned
// CHECK-NEXT: 2d: 300x200 elements match after memset2D and kernel
// CHECK-NEXT: 2d: host padding untouched
// CHECK-NEXT: 2d: device-to-device 64x48 block matches
// CHECK-NEXT: 2d: async round trip 300x200 elements match
// CHECK-NEXT: last error: cudaSuccess

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

__device__ __host__ unsigned update(unsigned v, int x, int y) {
  return v * 3u + unsigned(y * 1000 + x);
}

__global__ void pitched(unsigned *base, size_t pitch, int width, int height) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x < width && y < height) {
    unsigned *row = (unsigned *)((char *)base + y * pitch);
    row[x] = update(row[x], x, y);
  }
}

int main() {
  const int W = 300, H = 200;
  const size_t rowBytes = W * sizeof(unsigned);
  unsigned *d;
  size_t pitch = 0;
  CHECK(cudaMallocPitch(&d, &pitch, rowBytes, H));
  int pitchAlign = 0;
  CHECK(cudaDeviceGetAttribute(&pitchAlign, cudaDevAttrTexturePitchAlignment,
                               0));
  if (pitch < rowBytes || pitchAlign <= 0 || pitch % pitchAlign != 0) {
    std::printf("2d: pitch %zu for %zu-byte rows, alignment %d\n", pitch,
                rowBytes, pitchAlign);
    return 1;
  }
  std::printf("2d: pitch covers %zu-byte rows and is aligned\n", rowBytes);

  std::vector<unsigned> host(W * H), ref(W * H);
  for (int y = 0; y < H; ++y)
    for (int x = 0; x < W; ++x)
      ref[y * W + x] = host[y * W + x] = unsigned(x * 7 + y * 131);
  CHECK(cudaMemcpy2D(d, pitch, host.data(), rowBytes, rowBytes, H,
                     cudaMemcpyHostToDevice));

  // cudaMemset2D sets bytes: a 50x30 block at column 20, row 10.
  const int mx = 20, my = 10, mw = 50, mh = 30;
  char *block = (char *)d + my * pitch + mx * sizeof(unsigned);
  CHECK(cudaMemset2D(block, pitch, 0xA5, mw * sizeof(unsigned), mh));
  for (int y = my; y < my + mh; ++y)
    for (int x = mx; x < mx + mw; ++x)
      ref[y * W + x] = 0xA5A5A5A5u;

  dim3 threads(16, 16), blocks((W + 15) / 16, (H + 15) / 16);
  pitched<<<blocks, threads>>>(d, pitch, W, H);
  CHECK(cudaGetLastError());
  for (int y = 0; y < H; ++y)
    for (int x = 0; x < W; ++x)
      ref[y * W + x] = update(ref[y * W + x], x, y);

  // Back into a host array whose rows are 8 elements wider than the data.
  const int HW = W + 8;
  const unsigned sentinel = 0xDEADBEEFu;
  std::vector<unsigned> padded(HW * H, sentinel);
  CHECK(cudaMemcpy2D(padded.data(), HW * sizeof(unsigned), d, pitch, rowBytes,
                     H, cudaMemcpyDeviceToHost));
  int bad = 0, padBad = 0;
  for (int y = 0; y < H; ++y) {
    for (int x = 0; x < W; ++x)
      bad += padded[y * HW + x] != ref[y * W + x];
    for (int x = W; x < HW; ++x)
      padBad += padded[y * HW + x] != sentinel;
  }
  if (bad) {
    std::printf("2d: %d mismatches\n", bad);
    return 1;
  }
  std::printf("2d: %dx%d elements match after memset2D and kernel\n", W, H);
  if (padBad) {
    std::printf("2d: %d padding elements overwritten\n", padBad);
    return 1;
  }
  std::printf("2d: host padding untouched\n");

  // Device to device: a 64x48 block from (100, 40) of d to (5, 7) of d2,
  // whose rows are 80 elements wide.
  const int bw = 64, bh = 48, sx = 100, sy = 40, dx = 5, dy = 7;
  const int W2 = 80, H2 = 60;
  unsigned *d2;
  size_t pitch2 = 0;
  CHECK(cudaMallocPitch(&d2, &pitch2, W2 * sizeof(unsigned), H2));
  CHECK(cudaMemset2D(d2, pitch2, 0, W2 * sizeof(unsigned), H2));
  CHECK(cudaMemcpy2D((char *)d2 + dy * pitch2 + dx * sizeof(unsigned), pitch2,
                     (char *)d + sy * pitch + sx * sizeof(unsigned), pitch,
                     bw * sizeof(unsigned), bh, cudaMemcpyDeviceToDevice));
  std::vector<unsigned> out2(W2 * H2, sentinel);
  CHECK(cudaMemcpy2D(out2.data(), W2 * sizeof(unsigned), d2, pitch2,
                     W2 * sizeof(unsigned), H2, cudaMemcpyDeviceToHost));
  bad = 0;
  for (int y = 0; y < H2; ++y)
    for (int x = 0; x < W2; ++x) {
      bool inside = x >= dx && x < dx + bw && y >= dy && y < dy + bh;
      unsigned want =
          inside ? ref[(y - dy + sy) * W + (x - dx + sx)] : 0u;
      bad += out2[y * W2 + x] != want;
    }
  if (bad) {
    std::printf("2d: device-to-device: %d mismatches\n", bad);
    return 1;
  }
  std::printf("2d: device-to-device %dx%d block matches\n", bw, bh);

  // cudaMemcpy2DAsync both ways on a stream, with cudaMemset2DAsync of a
  // 7x90 block at (250, 100) and the kernel in between.
  cudaStream_t stream;
  CHECK(cudaStreamCreate(&stream));
  for (int y = 0; y < H; ++y)
    for (int x = 0; x < W; ++x)
      host[y * W + x] = unsigned(y * W + x) ^ 0x5555u;
  CHECK(cudaMemcpy2DAsync(d, pitch, host.data(), rowBytes, rowBytes, H,
                          cudaMemcpyHostToDevice, stream));
  const int ax = 250, ay = 100, aw = 7, ah = 90;
  CHECK(cudaMemset2DAsync((char *)d + ay * pitch + ax * sizeof(unsigned),
                          pitch, 0x3C, aw * sizeof(unsigned), ah, stream));
  for (int y = ay; y < ay + ah; ++y)
    for (int x = ax; x < ax + aw; ++x)
      host[y * W + x] = 0x3C3C3C3Cu;
  pitched<<<blocks, threads, 0, stream>>>(d, pitch, W, H);
  CHECK(cudaGetLastError());
  std::vector<unsigned> back(W * H, 0);
  CHECK(cudaMemcpy2DAsync(back.data(), rowBytes, d, pitch, rowBytes, H,
                          cudaMemcpyDeviceToHost, stream));
  CHECK(cudaStreamSynchronize(stream));
  bad = 0;
  for (int y = 0; y < H; ++y)
    for (int x = 0; x < W; ++x)
      bad += back[y * W + x] != update(host[y * W + x], x, y);
  if (bad) {
    std::printf("2d: async: %d mismatches\n", bad);
    return 1;
  }
  std::printf("2d: async round trip %dx%d elements match\n", W, H);

  CHECK(cudaStreamDestroy(stream));
  CHECK(cudaFree(d));
  CHECK(cudaFree(d2));
  std::printf("last error: %s\n", cudaGetErrorName(cudaGetLastError()));
  return 0;
}
