// coop_groups.cu - cooperative_groups thread_block and tiled_partition
// reductions.
//
// Source of Inputs/coop_groups.sm_{75,80,90}.ptx (see regen_ptx.sh).
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
namespace cg = cooperative_groups;

template <typename Tile>
__device__ __forceinline__ int tile_sum(const Tile &tile,
                                        int v) {
  for (int off = tile.size() / 2; off > 0; off /= 2)
    v += tile.shfl_down(v, off);
  return v;
}

// Launch with blockDim.x a multiple of 32, at most 1024. v = in[g].
// out[g*8 + k]:
//  0  sum over the thread's 16-thread tile (tiled_partition<16>, shfl_down
//     reduction; lane 0 of the tile holds the sum, so it is broadcast with
//     tile.shfl(v, 0))
//  1  the same over its 32-thread tile
//  2  t16.thread_rank() + 100 * t16.meta_group_rank()
//  3  t32.thread_rank() + 100 * t32.meta_group_rank()
//  4  the whole block's sum: per-warp sums in shared memory, block.sync(),
//     warp 0 reduces them with a 32-tile, block.sync(), everyone reads it
//  5  sum over the 16-tile by a shared-memory tree with t16.sync() between
//     steps
//  6  cg::reduce(t32, v, cg::plus<int>())
//  7  cg::reduce(t16, v, cg::greater<int>()) (the tile's maximum)
// and blk[blockIdx.x] = the block sum (by thread 0),
//  block.thread_rank() == threadIdx.x and block.size() == blockDim.x are
//  asserted by writing -1 to out[g*8+2] when they fail.
extern "C" __global__ void cg_reduce(const int *in, int *out, int *blk) {
  __shared__ int warp_sums[32];
  __shared__ int total;
  __shared__ int tree[1024];
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<16> t16 = cg::tiled_partition<16>(block);
  cg::thread_block_tile<32> t32 = cg::tiled_partition<32>(block);
  unsigned t = block.thread_rank();
  int g = blockIdx.x * blockDim.x + t;
  int v = in[g];
  int *o = out + g * 8;

  int s16 = t16.shfl(tile_sum(t16, v), 0);
  int s32 = t32.shfl(tile_sum(t32, v), 0);
  o[0] = s16;
  o[1] = s32;
  o[2] = t16.thread_rank() + 100 * t16.meta_group_rank();
  if (t != threadIdx.x || block.size() != blockDim.x)
    o[2] = -1;
  o[3] = t32.thread_rank() + 100 * t32.meta_group_rank();

  if (t32.thread_rank() == 0)
    warp_sums[t32.meta_group_rank()] = s32;
  block.sync();
  if (t32.meta_group_rank() == 0) {
    int w = t32.thread_rank() < t32.meta_group_size()
                ? warp_sums[t32.thread_rank()]
                : 0;
    w = tile_sum(t32, w);
    if (t32.thread_rank() == 0)
      total = w;
  }
  block.sync();
  o[4] = total;
  if (t == 0)
    blk[blockIdx.x] = total;

  tree[t] = v;
  t16.sync();
  unsigned base = t - t16.thread_rank();
  for (unsigned off = 8; off > 0; off >>= 1) {
    if (t16.thread_rank() < off)
      tree[t] += tree[t + off];
    t16.sync();
  }
  o[5] = tree[base];
  o[6] = cg::reduce(t32, v, cg::plus<int>());
  o[7] = cg::reduce(t16, v, cg::greater<int>());
}
