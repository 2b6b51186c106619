// Cooperative groups: a grid-synchronised two-phase sum (cg::this_grid().sync()
// needs -rdc=true) and thread_block_tile<32> reductions (shfl-based
// cg::reduce, and a hand-written shfl_down loop) for int, unsigned and float.
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>

namespace cg = cooperative_groups;

template <typename T>
__global__ void tileReduce(const T *in, T *out, int n) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> tile = cg::tiled_partition<32>(block);
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  T v = i < n ? in[i] : T(0);
  T s = cg::reduce(tile, v, cg::plus<T>());
  T m = cg::reduce(tile, v, cg::greater<T>());
  T d = v;
  for (int off = tile.size() / 2; off > 0; off /= 2)
    d += tile.shfl_down(d, off);
  if (tile.thread_rank() == 0) {
    int w = i / 32;
    out[3 * w] = s;
    out[3 * w + 1] = m;
    out[3 * w + 2] = d;
  }
}

// partial[blockIdx.x] = the block's sum; after the grid barrier block 0 adds
// the partial sums.
__global__ void gridSum(const float *in, float *partial, float *out, int n) {
  cg::grid_group grid = cg::this_grid();
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> tile = cg::tiled_partition<32>(block);
  __shared__ float warpSums[32];
  float v = 0;
  for (int i = grid.thread_rank(); i < n; i += grid.size())
    v += in[i];
  v = cg::reduce(tile, v, cg::plus<float>());
  if (tile.thread_rank() == 0)
    warpSums[tile.meta_group_rank()] = v;
  block.sync();
  if (block.thread_rank() == 0) {
    float s = 0;
    for (int w = 0; w < tile.meta_group_size(); ++w)
      s += warpSums[w];
    partial[blockIdx.x] = s;
  }
  grid.sync();
  if (grid.thread_rank() == 0) {
    float s = 0;
    for (int b = 0; b < gridDim.x; ++b)
      s += partial[b];
    *out = s;
  }
}

template __global__ void tileReduce<int>(const int *, int *, int);
template __global__ void tileReduce<unsigned>(const unsigned *, unsigned *,
                                              int);
template __global__ void tileReduce<float>(const float *, float *, int);
