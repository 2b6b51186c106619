// Seeded racecheck and synccheck bugs: each kernel has exactly one known
// bug, described in its comment with the two accesses (racecheck) or the
// instruction (synccheck) and the threads involved. The clean_* kernels
// are the same algorithms without the bug: they must give no report.
// Built with: nvcc -arch=sm_80 -ptx -lineinfo sync_bugs.cu
#include <cstdint>

// Block reduction without the __syncthreads() after the first store: thread
// 0 reads buf[1] (RAW) that thread 1 wrote in the same barrier interval.
extern "C" __global__ void reduce_missing_sync(const int *in, int *out) {
  __shared__ int buf[64];
  int t = threadIdx.x;
  buf[t] = in[t];
  // BUG: __syncthreads() missing here.
  for (int s = 32; s > 0; s >>= 1) {
    if (t < s)
      buf[t] += buf[t + s];
    __syncthreads();
  }
  if (t == 0)
    *out = buf[0];
}

// Every thread writes the same shared slot: a write-after-write hazard
// between threads 0 and 1 (warp 0).
extern "C" __global__ void shared_waw(int *out) {
  __shared__ int slot;
  slot = threadIdx.x; // BUG: every thread writes slot.
  __syncthreads();
  out[threadIdx.x] = slot;
}

// Tile reuse without the trailing __syncthreads(): in the second round a
// thread of warp 1 overwrites tile[] (WAR) while thread 0 of warp 0 may
// still be reading its first-round value.
extern "C" __global__ void tile_reuse_war(const float *in, float *out) {
  __shared__ float tile[64];
  int t = threadIdx.x;
  float acc = 0;
  for (int round = 0; round < 2; ++round) {
    tile[t] = in[round * 64 + t];
    __syncthreads();
    acc += tile[63 - t];
    // BUG: __syncthreads() missing before the next round's store.
  }
  out[t] = acc;
}

// Shared histogram with a plain increment instead of atomicAdd: threads
// with the same bin race (read-modify-write by two threads).
extern "C" __global__ void histogram_no_atomic(const int *in, int *bins) {
  __shared__ int local[8];
  int t = threadIdx.x;
  if (t < 8)
    local[t] = 0;
  __syncthreads();
  local[in[t] & 7] += 1; // BUG: not atomic.
  __syncthreads();
  if (t < 8)
    atomicAdd(&bins[t], local[t]);
}

// Matrix transpose through shared memory without the barrier between the
// store and the transposed load: thread (0,1) reads tile[0][1], which
// thread (1,0) writes.
extern "C" __global__ void transpose_missing_sync(const float *in,
                                                  float *out) {
  __shared__ float tile[16][17];
  int x = threadIdx.x, y = threadIdx.y;
  tile[y][x] = in[y * 16 + x];
  // BUG: __syncthreads() missing here.
  out[y * 16 + x] = tile[x][y];
}

// Warp-level tree reduction in shared memory without __syncwarp(): lanes
// of one warp race (independent thread scheduling makes this a real bug).
extern "C" __global__ void warp_reduce_missing_syncwarp(const int *in,
                                                        int *out) {
  __shared__ int buf[32];
  int lane = threadIdx.x;
  buf[lane] = in[lane];
  __syncwarp();
  for (int s = 16; s > 0; s >>= 1) {
    if (lane < s)
      buf[lane] += buf[lane + s]; // BUG: no __syncwarp() between steps.
  }
  if (lane == 0)
    *out = buf[0];
}

// Producer/consumer through a shared flag without a barrier: warp 1 reads
// data[] that warp 0 writes in the same interval.
extern "C" __global__ void producer_consumer_no_sync(int *out) {
  __shared__ int data[32];
  int t = threadIdx.x;
  if (t < 32)
    data[t] = t * 3;
  // BUG: __syncthreads() missing here.
  if (t >= 32)
    out[t - 32] = data[t - 32];
}

// Scan step without the barrier between read and write: thread t reads
// buf[t-1] while thread t-1 writes it.
extern "C" __global__ void scan_missing_sync(int *data) {
  __shared__ int buf[64];
  int t = threadIdx.x;
  buf[t] = data[t];
  __syncthreads();
  for (int d = 1; d < 64; d <<= 1) {
    int v = t >= d ? buf[t - d] : 0;
    // BUG: __syncthreads() missing between the reads and the writes.
    buf[t] += v;
    __syncthreads();
  }
  data[t] = buf[t];
}

// __syncthreads() in divergent code: even lanes wait at one barrier
// instruction, odd lanes of the same warp at another.
extern "C" __global__ void divergent_barrier(int *out) {
  __shared__ int s[64];
  int t = threadIdx.x;
  if (t % 2 == 0) {
    s[t] = t;
    __syncthreads(); // BUG: only the even lanes of each warp.
    out[t] = s[t ^ 2];
  } else {
    s[t] = -t;
    __syncthreads(); // BUG: only the odd lanes.
    out[t] = s[t ^ 2] + 1;
  }
}

// A shuffle whose mask leaves out the calling lane: lane 0 calls with the
// mask of lanes 1..31.
extern "C" __global__ void shfl_mask_without_caller(const int *in, int *out) {
  int lane = threadIdx.x % 32;
  unsigned mask = lane == 0 ? 0xfffffffeu : 0xffffffffu; // BUG for lane 0.
  out[threadIdx.x] = __shfl_down_sync(mask, in[threadIdx.x], 1);
}

// A shuffle whose mask names lanes that never get there: lanes 0..15 call
// it with the full mask, lanes 16..31 go on to __syncthreads(), where
// lanes 0..15 never come.
extern "C" __global__ void shfl_mask_never_arrive(const int *in, int *out) {
  int lane = threadIdx.x % 32;
  int v = in[threadIdx.x];
  if (lane < 16)
    v = __shfl_xor_sync(0xffffffffu, v, 1); // BUG: lanes 16..31 never come.
  __syncthreads();
  out[threadIdx.x] = v;
}

// __syncwarp with a mask that does not contain the calling lane: lane 5
// passes the mask of lanes 0..3.
extern "C" __global__ void syncwarp_mask_without_caller(int *out) {
  int lane = threadIdx.x;
  if (lane < 4 || lane == 5)
    __syncwarp(0xfu); // BUG for lane 5.
  out[lane] = lane;
}

// The clean versions.
extern "C" __global__ void clean_reduce(const int *in, int *out) {
  __shared__ int buf[64];
  int t = threadIdx.x;
  buf[t] = in[t];
  __syncthreads();
  for (int s = 32; s > 0; s >>= 1) {
    if (t < s)
      buf[t] += buf[t + s];
    __syncthreads();
  }
  if (t == 0)
    *out = buf[0];
}

extern "C" __global__ void clean_warp_reduce(const int *in, int *out) {
  __shared__ int buf[32];
  int lane = threadIdx.x;
  buf[lane] = in[lane];
  __syncwarp();
  for (int s = 16; s > 0; s >>= 1) {
    int v = lane < s ? buf[lane + s] : 0;
    __syncwarp();
    if (lane < s)
      buf[lane] += v;
    __syncwarp();
  }
  if (lane == 0)
    *out = buf[0];
}

extern "C" __global__ void clean_histogram(const int *in, int *bins) {
  __shared__ int local[8];
  int t = threadIdx.x;
  if (t < 8)
    local[t] = 0;
  __syncthreads();
  atomicAdd(&local[in[t] & 7], 1);
  __syncthreads();
  if (t < 8)
    atomicAdd(&bins[t], local[t]);
}

// More seeded bugs.

// __syncwarp() where __syncthreads() is needed: it orders the lanes of a
// warp only, so warp 1's read of data[0] (thread 32) races with warp 0's
// write (thread 0).
extern "C" __global__ void syncwarp_between_warps(int *out) {
  __shared__ int data[64];
  int t = threadIdx.x;
  data[t] = t;
  __syncwarp(); // BUG: warps 0 and 1 are not ordered.
  out[t] = data[63 - t];
}

// A 1-D stencil whose halo is loaded by thread 5 after the barrier:
// thread 0 reads tile[0] that thread 5 writes.
extern "C" __global__ void stencil_halo_race(const float *in, float *out) {
  __shared__ float tile[66];
  int t = threadIdx.x;
  tile[t + 1] = in[t + 1];
  __syncthreads();
  if (t == 5) {
    tile[0] = in[0]; // BUG: the halo is written after the barrier.
    tile[65] = in[65];
  }
  out[t] = tile[t] + tile[t + 1] + tile[t + 2];
}

// Lanes 0..15 vote with the mask of lanes 0..15, lanes 16..31 with the full
// mask: the full mask names lanes that use another mask.
extern "C" __global__ void ballot_mask_mismatch(const int *in,
                                                unsigned *out) {
  int lane = threadIdx.x % 32;
  unsigned mask = lane < 16 ? 0x0000ffffu : 0xffffffffu; // BUG
  out[threadIdx.x] = __ballot_sync(mask, in[threadIdx.x] > 0);
}
