// nvcuda::wmma kernels, the API most CUDA tensor-core samples use: one warp
// a 16 x 16 (or 8 x 8) output tile. Regenerate Inputs/wmma.sm_80.ptx with
//   nvcc -arch=sm_80 -O3 -ptx wmma.cu -o Inputs/wmma.sm_80.ptx
#include <mma.h>
using namespace nvcuda;

// C (f32, M x N, row-major) = A (f16, M x K, row-major) * B (f16, K x N,
// column-major) * 2 + C: fragments are scaled element by element, which
// any fragment layout allows.
extern "C" __global__ void wmma_f16(const half *A, const half *B, float *C,
                                    int M, int N, int K) {
  int tileM = blockIdx.y * 16, tileN = blockIdx.x * 16;
  wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> a;
  wmma::fragment<wmma::matrix_b, 16, 16, 16, half, wmma::col_major> b;
  wmma::fragment<wmma::accumulator, 16, 16, 16, float> acc, c;
  wmma::fill_fragment(acc, 0.0f);
  for (int k = 0; k < K; k += 16) {
    wmma::load_matrix_sync(a, A + tileM * K + k, K);
    wmma::load_matrix_sync(b, B + tileN * K + k, K);
    wmma::mma_sync(acc, a, b, acc);
  }
  wmma::load_matrix_sync(c, C + tileM * N + tileN, N, wmma::mem_row_major);
  for (int i = 0; i < acc.num_elements; ++i)
    acc.x[i] = 2.0f * acc.x[i] + c.x[i];
  wmma::store_matrix_sync(C + tileM * N + tileN, acc, N, wmma::mem_row_major);
}

// The 32 x 8 x 16 shape with an f16 accumulator, A column-major, B
// row-major, D stored column-major.
extern "C" __global__ void wmma_m32n8_f16acc(const half *A, const half *B,
                                             half *D) {
  wmma::fragment<wmma::matrix_a, 32, 8, 16, half, wmma::col_major> a;
  wmma::fragment<wmma::matrix_b, 32, 8, 16, half, wmma::row_major> b;
  wmma::fragment<wmma::accumulator, 32, 8, 16, half> acc;
  wmma::fill_fragment(acc, __float2half(1.0f));
  wmma::load_matrix_sync(a, A, 32);
  wmma::load_matrix_sync(b, B, 8);
  wmma::mma_sync(acc, a, b, acc);
  wmma::store_matrix_sync(D, acc, 32, wmma::mem_col_major);
}

// s8 inputs, s32 accumulator, 8 x 32 x 16.
extern "C" __global__ void wmma_s8(const signed char *A,
                                   const signed char *B, int *D) {
  wmma::fragment<wmma::matrix_a, 8, 32, 16, signed char, wmma::row_major> a;
  wmma::fragment<wmma::matrix_b, 8, 32, 16, signed char, wmma::col_major> b;
  wmma::fragment<wmma::accumulator, 8, 32, 16, int> acc;
  wmma::fill_fragment(acc, 7);
  wmma::load_matrix_sync(a, A, 16);
  wmma::load_matrix_sync(b, B, 16);
  wmma::mma_sync(acc, a, b, acc);
  wmma::store_matrix_sync(D, acc, 32, wmma::mem_row_major);
}

// f64, 8 x 8 x 4.
extern "C" __global__ void wmma_f64(const double *A, const double *B,
                                    double *D) {
  wmma::fragment<wmma::matrix_a, 8, 8, 4, double, wmma::row_major> a;
  wmma::fragment<wmma::matrix_b, 8, 8, 4, double, wmma::row_major> b;
  wmma::fragment<wmma::accumulator, 8, 8, 4, double> acc;
  wmma::fill_fragment(acc, 0.5);
  wmma::load_matrix_sync(a, A, 4);
  wmma::load_matrix_sync(b, B, 8);
  wmma::mma_sync(acc, a, b, acc);
  wmma::store_matrix_sync(D, acc, 8, wmma::mem_row_major);
}
