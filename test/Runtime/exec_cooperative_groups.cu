// Cooperative groups inside ordinary launches: this_thread_block with
// thread_rank, size and sync; tiled_partition<32> with cg::reduce (cg::plus,
// cg::greater) and meta_group_rank; tiled_partition<4> with a shfl_down
// reduction; coalesced_threads() inside a divergent branch with its size(),
// thread_rank() and a cg::reduce over it. All results are compared with host
// references.
// REQUIRES: nvcc
// RUN: %cuda_build
// RUN: %cuda_run %t.static | FileCheck %s
// RUN: %cuda_run %t.shared | FileCheck %s
// CHECK: tile<32> reduce plus/greater: 512 tiles match
// CHECK-NEXT: tile<4> shfl_down sums: 4096 tiles match
// CHECK-NEXT: block.sync rotation and block sums: 64 blocks match
// CHECK-NEXT: coalesced_threads in a branch: 16384 threads match
// CHECK-NEXT: coalesced group sizes seen: 0 to 32
// CHECK-NEXT: last error: no error

#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cstdio>
#include <cstdlib>
#include <vector>

namespace cg = cooperative_groups;

#define CHECK(call)                                                            \
  do {                                                                         \
    cudaError_t err_ = (call);                                                 \
    if (err_ != cudaSuccess) {                                                 \
      std::printf("%s:%d: %s: %s (%s)\n", __FILE__, __LINE__, #call,           \
                  cudaGetErrorName(err_), cudaGetErrorString(err_));           \
      std::exit(1);                                                            \
    }                                                                          \
  } while (0)

const int threads = 256, blocks = 64, n = threads * blocks;

struct Results {
  int *warpSum, *warpMax, *warpMeta, *quadSum, *rotated, *blockSum;
  int *coSize, *coRank, *coSum;
};

__global__ void groups(const int *in, Results r) {
  cg::thread_block block = cg::this_thread_block();
  int t = block.thread_rank();
  int g = blockIdx.x * blockDim.x + t;
  int v = in[g];

  cg::thread_block_tile<32> tile32 = cg::tiled_partition<32>(block);
  int sum = cg::reduce(tile32, v, cg::plus<int>());
  int max = cg::reduce(tile32, v, cg::greater<int>());
  if (tile32.thread_rank() == 0) {
    r.warpSum[g / 32] = sum;
    r.warpMax[g / 32] = max;
    r.warpMeta[g / 32] = tile32.meta_group_rank() * 100 +
                         tile32.meta_group_size();
  }

  cg::thread_block_tile<4> tile4 = cg::tiled_partition<4>(block);
  int q = v;
  for (int off = tile4.size() / 2; off > 0; off /= 2)
    q += tile4.shfl_down(q, off);
  if (tile4.thread_rank() == 0)
    r.quadSum[g / 4] = q;

  __shared__ int values[threads];
  __shared__ int tileSums[threads / 32];
  values[t] = v;
  if (tile32.thread_rank() == 0)
    tileSums[tile32.meta_group_rank()] = sum;
  block.sync();
  r.rotated[g] = values[(t + 1) % block.size()];
  if (t == 0) {
    int total = 0;
    for (int w = 0; w < threads / 32; ++w)
      total += tileSums[w];
    r.blockSum[blockIdx.x] = total;
  }

  r.coSize[g] = -1;
  r.coRank[g] = -1;
  r.coSum[g] = 0;
  if (v % 3 == 0) {
    cg::coalesced_group active = cg::coalesced_threads();
    r.coSize[g] = active.size();
    r.coRank[g] = active.thread_rank();
    r.coSum[g] = cg::reduce(active, v, cg::plus<int>());
  }
}

int main() {
  std::vector<int> in(n);
  for (int i = 0; i < n; ++i)
    in[i] = (i * 7 + i / 5 + (i >> 9) * 3) % 41 - 20;
  // Make some warps take the branch entirely and some not at all.
  for (int i = 32 * 5; i < 32 * 6; ++i)
    in[i] = 3 * (i % 13) - 18;
  for (int i = 32 * 9; i < 32 * 10; ++i)
    in[i] = 3 * (i % 11) + 1;

  int *din;
  CHECK(cudaMalloc(&din, n * sizeof(int)));
  CHECK(cudaMemcpy(din, in.data(), n * sizeof(int), cudaMemcpyHostToDevice));
  const int nw = n / 32, nq = n / 4;
  Results r;
  int **fields[] = {&r.warpSum, &r.warpMax, &r.warpMeta, &r.quadSum,
                    &r.rotated, &r.blockSum, &r.coSize,  &r.coRank,
                    &r.coSum};
  const int sizes[] = {nw, nw, nw, nq, n, blocks, n, n, n};
  for (int f = 0; f < 9; ++f)
    CHECK(cudaMalloc(fields[f], sizes[f] * sizeof(int)));
  groups<<<blocks, threads>>>(din, r);
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  auto fetch = [&](int *d, int count) {
    std::vector<int> h(count);
    CHECK(cudaMemcpy(h.data(), d, count * sizeof(int), cudaMemcpyDeviceToHost));
    return h;
  };
  std::vector<int> warpSum = fetch(r.warpSum, nw), warpMax = fetch(r.warpMax, nw),
                   warpMeta = fetch(r.warpMeta, nw),
                   quadSum = fetch(r.quadSum, nq), rotated = fetch(r.rotated, n),
                   blockSum = fetch(r.blockSum, blocks),
                   coSize = fetch(r.coSize, n), coRank = fetch(r.coRank, n),
                   coSum = fetch(r.coSum, n);

  int bad = 0;
  for (int w = 0; w < nw; ++w) {
    int s = 0, m = in[32 * w];
    for (int l = 0; l < 32; ++l) {
      s += in[32 * w + l];
      m = in[32 * w + l] > m ? in[32 * w + l] : m;
    }
    int meta = (w % (threads / 32)) * 100 + threads / 32;
    bad += warpSum[w] != s || warpMax[w] != m || warpMeta[w] != meta;
  }
  if (bad) {
    std::printf("tile<32> reduce: %d mismatches\n", bad);
    return 1;
  }
  std::printf("tile<32> reduce plus/greater: %d tiles match\n", nw);

  for (int q = 0; q < nq; ++q)
    bad += quadSum[q] !=
           in[4 * q] + in[4 * q + 1] + in[4 * q + 2] + in[4 * q + 3];
  if (bad) {
    std::printf("tile<4> shfl_down sums: %d mismatches\n", bad);
    return 1;
  }
  std::printf("tile<4> shfl_down sums: %d tiles match\n", nq);

  for (int b = 0; b < blocks; ++b) {
    int s = 0;
    for (int t = 0; t < threads; ++t) {
      s += in[b * threads + t];
      bad += rotated[b * threads + t] != in[b * threads + (t + 1) % threads];
    }
    bad += blockSum[b] != s;
  }
  if (bad) {
    std::printf("block.sync: %d mismatches\n", bad);
    return 1;
  }
  std::printf("block.sync rotation and block sums: %d blocks match\n", blocks);

  int minSize = 32, maxSize = 0;
  for (int w = 0; w < nw; ++w) {
    int count = 0, s = 0;
    for (int l = 0; l < 32; ++l)
      if (in[32 * w + l] % 3 == 0) {
        ++count;
        s += in[32 * w + l];
      }
    minSize = count < minSize ? count : minSize;
    maxSize = count > maxSize ? count : maxSize;
    int rank = 0;
    for (int l = 0; l < 32; ++l) {
      int i = 32 * w + l;
      if (in[i] % 3 == 0) {
        bad += coSize[i] != count || coRank[i] != rank || coSum[i] != s;
        ++rank;
      } else {
        bad += coSize[i] != -1 || coRank[i] != -1 || coSum[i] != 0;
      }
    }
  }
  if (bad) {
    std::printf("coalesced_threads: %d mismatches\n", bad);
    return 1;
  }
  std::printf("coalesced_threads in a branch: %d threads match\n", n);
  std::printf("coalesced group sizes seen: %d to %d\n", minSize, maxSize);

  for (int f = 0; f < 9; ++f)
    CHECK(cudaFree(*fields[f]));
  CHECK(cudaFree(din));
  std::printf("last error: %s\n", cudaGetErrorString(cudaGetLastError()));
  return 0;
}
