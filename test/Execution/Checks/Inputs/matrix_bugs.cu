// Seeded bugs in the memory accesses of warp-level matrix instructions,
// which the runtime makes for the warp (wmma.load/store, ldmatrix), one
// known bug a kernel.
// Built with: nvcc -arch=sm_80 -ptx -lineinfo matrix_bugs.cu
#include <cuda_fp16.h>
#include <mma.h>
using namespace nvcuda;

// Loads a 16x16 tile from the second half of a 16x16 matrix: rows 8..15 of
// the tile lie past the end of the 256-element buffer.
extern "C" __global__ void wmma_load_past_end(const half *a, float *out) {
  wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> fa;
  wmma::fragment<wmma::matrix_b, 16, 16, 16, half, wmma::col_major> fb;
  wmma::fragment<wmma::accumulator, 16, 16, 16, float> acc;
  wmma::fill_fragment(acc, 0.0f);
  wmma::load_matrix_sync(fa, a + 8 * 16, 16); // BUG: a + 128 + 255 > a + 255.
  wmma::load_matrix_sync(fb, a, 16);
  wmma::mma_sync(acc, fa, fb, acc);
  wmma::store_matrix_sync(out, acc, 16, wmma::mem_row_major);
}

// Stores the accumulator 8 bytes into the output: each row of a wmma
// matrix must start at a multiple of the fragment's size (32 bytes here;
// ptxjit asks for 16, as nvcc's default strides do).
extern "C" __global__ void wmma_store_misaligned(float *out) {
  wmma::fragment<wmma::accumulator, 16, 16, 16, float> acc;
  wmma::fill_fragment(acc, 1.0f);
  wmma::store_matrix_sync(out + 2, acc, 16, wmma::mem_row_major); // BUG
}

// ldmatrix.x1: lane r gives the address of row r. The rows are taken one
// further than they should: lane 7's row starts at the end of the tile.
extern "C" __global__ void ldmatrix_past_shared(const unsigned *in,
                                                unsigned *out) {
  __shared__ __align__(16) half tile[8 * 8];
  unsigned lane = threadIdx.x;
  reinterpret_cast<unsigned *>(tile)[lane] = in[lane];
  __syncwarp();
  unsigned row = (lane % 8) + 1; // BUG: (lane % 8) is right.
  unsigned address =
      static_cast<unsigned>(__cvta_generic_to_shared(&tile[row * 8]));
  unsigned d;
  asm volatile("ldmatrix.sync.aligned.m8n8.x1.shared.b16 {%0}, [%1];"
               : "=r"(d)
               : "r"(address));
  out[lane] = d;
}

// Warp 1 fills the tile that warp 0 reads with ldmatrix, without a
// __syncthreads() between them.
extern "C" __global__ void ldmatrix_missing_barrier(const unsigned *in,
                                                    unsigned *out) {
  __shared__ __align__(16) half tile[8 * 8];
  unsigned t = threadIdx.x;
  if (t >= 32)
    reinterpret_cast<unsigned *>(tile)[t - 32] = in[t - 32];
  // BUG: __syncthreads() is missing here.
  if (t < 32) {
    unsigned address = static_cast<unsigned>(
        __cvta_generic_to_shared(&tile[(t % 8) * 8]));
    unsigned d;
    asm volatile("ldmatrix.sync.aligned.m8n8.x1.shared.b16 {%0}, [%1];"
                 : "=r"(d)
                 : "r"(address));
    out[t] = d;
  }
}
