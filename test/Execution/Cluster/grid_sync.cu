// grid_sync.cu - cooperative launches: cg::this_grid().sync() and the
// split grid barrier (grid.barrier_arrive / barrier_wait) with data flowing
// between CTAs across the barrier, and grid.is_valid().
//
// Source of Inputs/grid_sync.sm_{80,90}.ptx (see regen_ptx.sh). CUDA 13's
// nvcc compiles grid.sync() without -rdc=true (older toolkits needed
// relocatable device code); -rdc=true gives the same kernel code here.
// cooperative_groups reads the grid workspace pointer from %envreg1 (high
// word) and %envreg2 (low word); grid.sync() traps when it is null (a launch
// that is not cooperative), otherwise it does the CTA barrier, and thread 0
// of each CTA adds to the u32 at workspace + 4 (atom.add.release.gpu: 1, or
// 0x80000000 - (nctas - 1) for CTA (0,0,0), so the top bit flips once all
// have arrived) and spins on ld.acquire.gpu until it flips.
// The kernels are extern "C", so the .entry names are the plain names.
//
// Notation: G = number of CTAs (grid.num_blocks()), b = grid.block_rank()
// (bx + gx * (by + gy * bz)), B = threads per CTA, t = the thread's rank in
// its CTA (tx + ntid.x * (ty + ntid.y * tz)), idx = b * B + t. All
// arithmetic is on unsigned 32-bit values (mod 2^32).
#include <cooperative_groups.h>

namespace cg = cooperative_groups;

// Rounds of two phases. Per round r = 0 .. rounds-1:
//   phase A: partial[b] = sum of data[b*B .. b*B + B - 1]   (shared atomics)
//   grid.sync()
//   phase B: data[idx] += partial[(b + 1 + r) % G] * (t + 1)
//                         + partial[(b + G - 1) % G]
//   grid.sync()        (no CTA overwrites partial before all have read it)
// Launch with data = iota (G * B elements) and partial zeroed (G elements).
extern "C" __global__ void grid_phases(unsigned *data, unsigned *partial,
                                       int rounds) {
  cg::grid_group grid = cg::this_grid();
  cg::thread_block block = cg::this_thread_block();
  __shared__ unsigned sum;
  unsigned G = (unsigned)grid.num_blocks(), b = (unsigned)grid.block_rank();
  unsigned B = block.size(), t = block.thread_rank();
  unsigned idx = b * B + t;
  for (int r = 0; r < rounds; ++r) {
    if (t == 0)
      sum = 0;
    block.sync();
    atomicAdd(&sum, data[idx]);
    block.sync();
    if (t == 0)
      partial[b] = sum;
    grid.sync();
    data[idx] += partial[(b + 1 + r) % G] * (t + 1) + partial[(b + G - 1) % G];
    grid.sync();
  }
}

// The split grid barrier, and an inclusive scan over the whole grid:
//   thread idx: x = in[idx]; CTA-inclusive scan of x in shared memory
//   (Hillis-Steele, B <= 256); thread B-1 writes total[b]
//   token = grid.barrier_arrive()
//   local work between arrive and wait: y = x * x + idx
//   grid.barrier_wait(token)
//   out[idx] = (sum of total[0 .. b-1]) + scan + (y % 7) * 0x10000
// so out[idx] = (in[0] + ... + in[idx]) + ((in[idx]^2 + idx) % 7) << 16.
extern "C" __global__ void grid_scan_split(const unsigned *in,
                                           unsigned *total, unsigned *out) {
  cg::grid_group grid = cg::this_grid();
  cg::thread_block block = cg::this_thread_block();
  __shared__ unsigned s[2][256];
  unsigned b = (unsigned)grid.block_rank();
  unsigned B = block.size(), t = block.thread_rank();
  unsigned idx = b * B + t;
  unsigned x = in[idx];
  int cur = 0;
  s[cur][t] = x;
  block.sync();
  for (unsigned off = 1; off < B; off *= 2) {
    unsigned v = s[cur][t];
    if (t >= off)
      v += s[cur][t - off];
    s[cur ^ 1][t] = v;
    cur ^= 1;
    block.sync();
  }
  unsigned scan = s[cur][t];
  if (t == B - 1)
    total[b] = scan;
  auto token = grid.barrier_arrive();
  unsigned y = x * x + idx;
  grid.barrier_wait(std::move(token));
  unsigned off = 0;
  for (unsigned k = 0; k < b; ++k)
    off += total[k];
  out[idx] = off + scan + (y % 7) * 0x10000u;
}

// grid.is_valid() without a barrier: out[b] = 1 + 2 * is_valid, i.e. 3 for
// a cooperative launch and 1 for a plain one (the workspace pointer
// %envreg1:%envreg2 is null). Thread 0 of each CTA writes.
extern "C" __global__ void coop_valid(unsigned *out) {
  cg::grid_group grid = cg::this_grid();
  if (threadIdx.x + threadIdx.y + threadIdx.z == 0)
    out[grid.block_rank()] = 1 + 2 * (unsigned)grid.is_valid();
}
