// 3-D memory: cudaMalloc3D with make_cudaExtent (the returned pitched pointer
// keeps the logical width and height), cudaMemcpy3D between host arrays made
// with make_cudaPitchedPtr and the device, including a sub-box at a
// make_cudaPos offset, cudaMemset3D on a sub-box, cudaMemcpy3DAsync, and a
// kernel that indexes by pitch and slice pitch.
// REQUIRES: nvcc
// RUN: %cuda_build
// RUN: %cuda_run %t.static | FileCheck %s
// RUN: %cuda_run %t.shared | FileCheck %s
// CHECK: 3d: pitched pointer: xsize 160, ysize 30, pitch covers a row
// CHECK-NEXT: 3d: 40x30x20 elements match after memset3D and kernel
// CHECK-NEXT: 3d: 12x9x5 sub-box matches
// CHECK-NEXT: 3d: async round trip 40x30x20 elements match
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

__device__ __host__ int update(int v, int x, int y, int z) {
  return v * 2 - (x + 100 * y + 10000 * z);
}

__global__ void volume(cudaPitchedPtr p, int width, int height, int depth) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  int z = blockIdx.z;
  if (x < width && y < height && z < depth) {
    char *slice = (char *)p.ptr + z * p.pitch * p.ysize;
    int *row = (int *)(slice + y * p.pitch);
    row[x] = update(row[x], x, y, z);
  }
}

int main() {
  const int W = 40, H = 30, D = 20;
  cudaExtent extent = make_cudaExtent(W * sizeof(int), H, D);
  cudaPitchedPtr dev;
  CHECK(cudaMalloc3D(&dev, extent));
  if (dev.xsize != W * sizeof(int) || dev.ysize != size_t(H) ||
      dev.pitch < W * sizeof(int)) {
    std::printf("3d: pitched pointer: xsize %zu, ysize %zu, pitch %zu\n",
                dev.xsize, dev.ysize, dev.pitch);
    return 1;
  }
  std::printf("3d: pitched pointer: xsize %zu, ysize %zu, pitch covers a row\n",
              dev.xsize, dev.ysize);

  std::vector<int> host(W * H * D), ref(W * H * D);
  auto at = [&](int x, int y, int z) { return (z * H + y) * W + x; };
  for (int z = 0; z < D; ++z)
    for (int y = 0; y < H; ++y)
      for (int x = 0; x < W; ++x)
        ref[at(x, y, z)] = host[at(x, y, z)] = x * 3 + y * 59 - z * 1001;

  cudaMemcpy3DParms up = {};
  up.srcPtr = make_cudaPitchedPtr(host.data(), W * sizeof(int), W, H);
  up.dstPtr = dev;
  up.extent = extent;
  up.kind = cudaMemcpyHostToDevice;
  CHECK(cudaMemcpy3D(&up));

  // cudaMemset3D sets bytes: a 10x5x4 box at (4, 2, 3).
  const int mx = 4, my = 2, mz = 3, mw = 10, mh = 5, md = 4;
  cudaPitchedPtr box = dev;
  box.ptr = (char *)dev.ptr + mz * dev.pitch * dev.ysize + my * dev.pitch +
            mx * sizeof(int);
  CHECK(cudaMemset3D(box, 0x7F, make_cudaExtent(mw * sizeof(int), mh, md)));
  for (int z = mz; z < mz + md; ++z)
    for (int y = my; y < my + mh; ++y)
      for (int x = mx; x < mx + mw; ++x)
        ref[at(x, y, z)] = 0x7F7F7F7F;

  dim3 threads(32, 8), blocks((W + 31) / 32, (H + 7) / 8, D);
  volume<<<blocks, threads>>>(dev, W, H, D);
  CHECK(cudaGetLastError());
  for (int z = 0; z < D; ++z)
    for (int y = 0; y < H; ++y)
      for (int x = 0; x < W; ++x)
        ref[at(x, y, z)] = update(ref[at(x, y, z)], x, y, z);

  std::vector<int> back(W * H * D, -1);
  cudaMemcpy3DParms down = {};
  down.srcPtr = dev;
  down.dstPtr = make_cudaPitchedPtr(back.data(), W * sizeof(int), W, H);
  down.extent = extent;
  down.kind = cudaMemcpyDeviceToHost;
  CHECK(cudaMemcpy3D(&down));
  int bad = 0;
  for (size_t i = 0; i < back.size(); ++i)
    bad += back[i] != ref[i];
  if (bad) {
    std::printf("3d: %d mismatches\n", bad);
    return 1;
  }
  std::printf("3d: %dx%dx%d elements match after memset3D and kernel\n", W, H,
              D);

  // A 12x9x5 sub-box from (20, 15, 10) into a tight host array.
  const int bx = 20, by = 15, bz = 10, bw = 12, bh = 9, bd = 5;
  std::vector<int> sub(bw * bh * bd, -1);
  cudaMemcpy3DParms part = {};
  part.srcPtr = dev;
  part.srcPos = make_cudaPos(bx * sizeof(int), by, bz);
  part.dstPtr = make_cudaPitchedPtr(sub.data(), bw * sizeof(int), bw, bh);
  part.extent = make_cudaExtent(bw * sizeof(int), bh, bd);
  part.kind = cudaMemcpyDeviceToHost;
  CHECK(cudaMemcpy3D(&part));
  bad = 0;
  for (int z = 0; z < bd; ++z)
    for (int y = 0; y < bh; ++y)
      for (int x = 0; x < bw; ++x)
        bad += sub[(z * bh + y) * bw + x] != ref[at(bx + x, by + y, bz + z)];
  if (bad) {
    std::printf("3d: sub-box: %d mismatches\n", bad);
    return 1;
  }
  std::printf("3d: %dx%dx%d sub-box matches\n", bw, bh, bd);

  // cudaMemcpy3DAsync both ways on a stream, with the kernel in between.
  cudaStream_t stream;
  CHECK(cudaStreamCreate(&stream));
  for (size_t i = 0; i < host.size(); ++i)
    host[i] = int(i % 1000) - 500;
  CHECK(cudaMemcpy3DAsync(&up, stream));
  volume<<<blocks, threads, 0, stream>>>(dev, W, H, D);
  CHECK(cudaGetLastError());
  CHECK(cudaMemcpy3DAsync(&down, stream));
  CHECK(cudaStreamSynchronize(stream));
  bad = 0;
  for (int z = 0; z < D; ++z)
    for (int y = 0; y < H; ++y)
      for (int x = 0; x < W; ++x)
        bad += back[at(x, y, z)] != update(host[at(x, y, z)], x, y, z);
  if (bad) {
    std::printf("3d: async: %d mismatches\n", bad);
    return 1;
  }
  std::printf("3d: async round trip %dx%dx%d elements match\n", W, H, D);

  CHECK(cudaStreamDestroy(stream));
  CHECK(cudaFree(dev.ptr));
  std::printf("last error: %s\n", cudaGetErrorName(cudaGetLastError()));
  return 0;
}
