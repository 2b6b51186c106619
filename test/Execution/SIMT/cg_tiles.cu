// cg_tiles.cu - cooperative-groups tiles larger than a warp, which keep
// their barriers in the system-reserved shared memory
// (%reserved_smem_offset_1) on sm_80 and later.
//
// Source of Inputs/cg_tiles.sm_{80,90}.ptx (see regen_ptx.sh).
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
namespace cg = cooperative_groups;

// Each 64-thread tile of a 256-thread CTA sums in[g] over the tile with
// cg::reduce and thread 0 of the tile writes it: out[tileIndex] =
// sum of in over the tile; every thread also writes its rank in the tile
// to rank[g]. Two tile syncs separate the phases.
extern "C" __global__ void tile64_sum(const int *in, int *out, int *rank) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<64> tile = cg::tiled_partition<64>(block);
  int g = blockIdx.x * blockDim.x + threadIdx.x;
  int v = in[g];
  tile.sync();
  int sum = cg::reduce(tile, v, cg::plus<int>());
  tile.sync();
  if (tile.thread_rank() == 0)
    out[g / 64] = sum;
  rank[g] = tile.thread_rank();
}
