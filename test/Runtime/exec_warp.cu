// Warp-level primitives: __shfl_sync (broadcast and indexed), __shfl_up_sync
// (inclusive scan), __shfl_down_sync and __shfl_xor_sync (reductions),
// __ballot_sync with the full mask and with a partial mask, __any_sync,
// __all_sync, __syncwarp ordering shared memory within a warp, and
// cooperative_groups::tiled_partition<32> (shfl_down reduction, cg::reduce,
// thread_rank, meta_group_rank) and tiled_partition<8>, each checked
// against a host reference.
// REQUIRES: nvcc
// RUN: %cuda_build
// RUN: %cuda_run %t.static | FileCheck %s
// RUN: %cuda_run %t.shared | FileCheck %s
// CHECK: __shfl_sync broadcast/indexed: 1024 lanes match
// CHECK-NEXT: __shfl_up_sync scan: 1024 lanes match
// CHECK-NEXT: __shfl_down_sync / __shfl_xor_sync reductions: 32 warps match
// CHECK-NEXT: __ballot_sync full and partial masks: 32 warps match
// CHECK-NEXT: __any_sync / __all_sync: 32 warps match
// CHECK-NEXT: __syncwarp shared memory rotation: 1024 lanes match
// CHECK-NEXT: tiled_partition<32> reductions: 32 tiles match
// CHECK-NEXT: tiled_partition<8> reductions: 128 tiles match
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

const unsigned kFull = 0xffffffffu;
const int kThreads = 1024; // 8 blocks of 128 threads = 32 warps
const int kBlock = 128;
const int kWarps = kThreads / 32;

__host__ __device__ int input(int gid) { return (gid * 37 + 11) % 101 - 50; }
__host__ __device__ int voteInput(int gid) {
  return input(gid) + (gid / 32 % 3) * 40 - 40;
}

__global__ void shuffles(int *bcast, int *indexed, int *scan, int *sumDown,
                         int *maxXor) {
  int gid = blockIdx.x * blockDim.x + threadIdx.x;
  int lane = threadIdx.x % 32, warp = gid / 32;
  int v = input(gid);
  bcast[gid] = __shfl_sync(kFull, v, 5);
  indexed[gid] = __shfl_sync(kFull, v, (lane * 7 + 3) % 32);
  int s = v;
  for (int d = 1; d < 32; d *= 2) {
    int up = __shfl_up_sync(kFull, s, d);
    if (lane >= d)
      s += up;
  }
  scan[gid] = s;
  int sum = v;
  for (int d = 16; d > 0; d /= 2)
    sum += __shfl_down_sync(kFull, sum, d);
  int mx = v;
  for (int d = 16; d > 0; d /= 2)
    mx = max(mx, __shfl_xor_sync(kFull, mx, d));
  if (lane == 0)
    sumDown[warp] = sum;
  // Every lane holds the maximum after a butterfly.
  if (mx != __shfl_sync(kFull, mx, 0))
    mx = -1000000;
  if (lane == 31)
    maxXor[warp] = mx;
}

__global__ void votes(unsigned *ballot, unsigned *evenBallot, int *any,
                      int *all) {
  int gid = blockIdx.x * blockDim.x + threadIdx.x;
  int lane = threadIdx.x % 32, warp = gid / 32;
  int v = input(gid);
  unsigned b = __ballot_sync(kFull, v > 0);
  if (lane % 2 == 0) {
    // Only the even lanes take part.
    unsigned e = __ballot_sync(0x55555555u, v % 3 == 0);
    if (lane == 0)
      evenBallot[warp] = e;
  }
  // Shifted per warp, so that each vote has both outcomes across warps.
  int u = voteInput(gid);
  int a0 = __any_sync(kFull, u > 45);
  int a1 = __all_sync(kFull, u > -51);
  int a2 = __all_sync(kFull, u > -40);
  int a3 = __any_sync(kFull, u > 1000); // no warp
  if (lane == 0) {
    ballot[warp] = b;
    any[warp] = (a0 ? 1 : 0) | (a3 ? 2 : 0);
    all[warp] = (a1 ? 1 : 0) | (a2 ? 2 : 0);
  }
}

__global__ void rotate(int *out) {
  __shared__ int buf[kBlock];
  int gid = blockIdx.x * blockDim.x + threadIdx.x;
  int lane = threadIdx.x % 32, base = threadIdx.x - lane;
  buf[threadIdx.x] = input(gid);
  __syncwarp();
  int r = buf[base + (lane + 1) % 32];
  __syncwarp();
  buf[threadIdx.x] = r * 2;
  __syncwarp();
  out[gid] = buf[base + (lane + 31) % 32];
}

__global__ void tiles(int *sum32, int *max32, int *meta, int *sum8,
                      int *ranks) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> t32 = cg::tiled_partition<32>(block);
  int gid = blockIdx.x * blockDim.x + threadIdx.x;
  int v = input(gid);
  int s = v;
  for (int d = t32.size() / 2; d > 0; d /= 2)
    s += t32.shfl_down(s, d);
  int m = cg::reduce(t32, v, cg::greater<int>());
  int warp = gid / 32;
  if (t32.thread_rank() == 0) {
    sum32[warp] = s;
    meta[warp] = int(t32.meta_group_rank()) * 100 + int(t32.meta_group_size());
  }
  if (t32.thread_rank() == 31)
    max32[warp] = m;
  cg::thread_block_tile<8> t8 = cg::tiled_partition<8>(block);
  int s8 = cg::reduce(t8, v, cg::plus<int>());
  if (t8.thread_rank() == 0)
    sum8[gid / 8] = s8;
  if (int(t8.thread_rank()) != threadIdx.x % 8 ||
      int(t32.thread_rank()) != threadIdx.x % 32)
    atomicAdd(ranks, 1);
}

template <typename T> static T *dev(size_t n) {
  T *p;
  CHECK(cudaMalloc(&p, n * sizeof(T)));
  CHECK(cudaMemset(p, 0, n * sizeof(T)));
  return p;
}
template <typename T> static std::vector<T> host(const T *d, size_t n) {
  std::vector<T> h(n);
  CHECK(cudaMemcpy(h.data(), d, n * sizeof(T), cudaMemcpyDeviceToHost));
  return h;
}
static void report(const char *what, int bad, int count, const char *unit) {
  if (bad) {
    std::printf("%s: %d mismatches\n", what, bad);
    std::exit(1);
  }
  std::printf("%s: %d %s match\n", what, count, unit);
}

int main() {
  const int blocks = kThreads / kBlock;
  std::vector<int> in(kThreads);
  for (int i = 0; i < kThreads; ++i)
    in[i] = input(i);

  // Shuffles.
  int *dB = dev<int>(kThreads), *dI = dev<int>(kThreads),
      *dS = dev<int>(kThreads), *dSum = dev<int>(kWarps),
      *dMax = dev<int>(kWarps);
  shuffles<<<blocks, kBlock>>>(dB, dI, dS, dSum, dMax);
  CHECK(cudaGetLastError());
  auto b = host(dB, kThreads), ix = host(dI, kThreads), sc = host(dS, kThreads),
       sm = host(dSum, kWarps), mx = host(dMax, kWarps);
  int bad = 0;
  for (int i = 0; i < kThreads; ++i) {
    int w = i / 32 * 32, lane = i % 32;
    bad += b[i] != in[w + 5];
    bad += ix[i] != in[w + (lane * 7 + 3) % 32];
  }
  report("__shfl_sync broadcast/indexed", bad, kThreads, "lanes");
  bad = 0;
  for (int i = 0; i < kThreads; ++i) {
    int w = i / 32 * 32, s = 0;
    for (int j = w; j <= i; ++j)
      s += in[j];
    bad += sc[i] != s;
  }
  report("__shfl_up_sync scan", bad, kThreads, "lanes");
  bad = 0;
  for (int w = 0; w < kWarps; ++w) {
    int s = 0, m = -1000000;
    for (int j = 0; j < 32; ++j) {
      s += in[w * 32 + j];
      m = std::max(m, in[w * 32 + j]);
    }
    bad += sm[w] != s || mx[w] != m;
  }
  report("__shfl_down_sync / __shfl_xor_sync reductions", bad, kWarps,
         "warps");

  // Votes.
  unsigned *dBal = dev<unsigned>(kWarps), *dEven = dev<unsigned>(kWarps);
  int *dAny = dev<int>(kWarps), *dAll = dev<int>(kWarps);
  votes<<<blocks, kBlock>>>(dBal, dEven, dAny, dAll);
  CHECK(cudaGetLastError());
  auto bal = host(dBal, kWarps), even = host(dEven, kWarps);
  auto any = host(dAny, kWarps), all = host(dAll, kWarps);
  bad = 0;
  int sawAny = 0, sawAll1 = 0, sawAll2 = 0;
  for (int w = 0; w < kWarps; ++w) {
    unsigned eb = 0, ee = 0;
    int a0 = 0, a1 = 1, a2 = 1, a3 = 0;
    for (int j = 0; j < 32; ++j) {
      int v = in[w * 32 + j];
      if (v > 0)
        eb |= 1u << j;
      if (j % 2 == 0 && v % 3 == 0)
        ee |= 1u << j;
      int u = voteInput(w * 32 + j);
      a0 |= u > 45;
      a1 &= u > -51;
      a2 &= u > -40;
      a3 |= u > 1000;
    }
    sawAny += a0;
    sawAll1 += a1;
    sawAll2 += a2;
    bad += bal[w] != eb || even[w] != ee;
    bad += any[w] != (a0 | a3 << 1) || all[w] != (a1 | a2 << 1);
  }
  report("__ballot_sync full and partial masks", bad, kWarps, "warps");
  // The data exercises both outcomes of the votes.
  if (!sawAny || sawAny == kWarps || !sawAll1 || sawAll1 == kWarps ||
      !sawAll2 || sawAll2 == kWarps) {
    std::printf("vote inputs do not cover both outcomes: %d %d %d\n", sawAny,
                sawAll1, sawAll2);
    return 1;
  }
  report("__any_sync / __all_sync", 0, kWarps, "warps");

  // __syncwarp.
  int *dR = dev<int>(kThreads);
  rotate<<<blocks, kBlock>>>(dR);
  CHECK(cudaGetLastError());
  auto rot = host(dR, kThreads);
  bad = 0;
  for (int i = 0; i < kThreads; ++i) {
    int w = i / 32 * 32, lane = i % 32;
    // Lane l first takes lane l+1's value; the result read from lane l-1
    // is therefore lane l's own input, doubled.
    int prev = (lane + 31) % 32;
    bad += rot[i] != 2 * in[w + (prev + 1) % 32];
  }
  report("__syncwarp shared memory rotation", bad, kThreads, "lanes");

  // Cooperative-groups tiles.
  int *dS32 = dev<int>(kWarps), *dM32 = dev<int>(kWarps),
      *dMeta = dev<int>(kWarps), *dS8 = dev<int>(kThreads / 8),
      *dRanks = dev<int>(1);
  tiles<<<blocks, kBlock>>>(dS32, dM32, dMeta, dS8, dRanks);
  CHECK(cudaGetLastError());
  auto s32 = host(dS32, kWarps), m32 = host(dM32, kWarps),
       meta = host(dMeta, kWarps), s8 = host(dS8, kThreads / 8),
       ranks = host(dRanks, 1);
  bad = ranks[0];
  for (int w = 0; w < kWarps; ++w) {
    int s = 0, m = -1000000;
    for (int j = 0; j < 32; ++j) {
      s += in[w * 32 + j];
      m = std::max(m, in[w * 32 + j]);
    }
    int wantMeta = (w % (kBlock / 32)) * 100 + kBlock / 32;
    bad += s32[w] != s || m32[w] != m || meta[w] != wantMeta;
  }
  report("tiled_partition<32> reductions", bad, kWarps, "tiles");
  bad = 0;
  for (int t = 0; t < kThreads / 8; ++t) {
    int s = 0;
    for (int j = 0; j < 8; ++j)
      s += in[t * 8 + j];
    bad += s8[t] != s;
  }
  report("tiled_partition<8> reductions", bad, kThreads / 8, "tiles");

  int *ptrs[] = {dB, dI, dS, dSum, dMax, dAny, dAll, dR,
                 dS32, dM32, dMeta, dS8, dRanks};
  for (int *p : ptrs)
    CHECK(cudaFree(p));
  CHECK(cudaFree(dBal));
  CHECK(cudaFree(dEven));
  std::printf("last error: %s\n", cudaGetErrorString(cudaGetLastError()));
  return 0;
}
