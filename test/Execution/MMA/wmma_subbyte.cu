// Sub-byte, single-bit and f64-rounding wmma (9.7.14.4): nvcuda::wmma's
// experimental s4/u4/b1 fragments (m8n8k32, m8n8k128) and f64 m8n8k4 with
// each `.rnd` (inline PTX: the C++ API has no rounding argument). One warp,
// one 8 x 8 tile. Packed inputs: A row-major, B column-major, element i of
// a row (column) in bits [i * w, (i + 1) * w) of its bytes, lowest first.
// Regenerate Inputs/wmma_subbyte.sm_80.ptx with
//   nvcc -arch=sm_80 -O3 -ptx wmma_subbyte.cu -o Inputs/wmma_subbyte.sm_80.ptx
#include <mma.h>
using namespace nvcuda;
namespace wx = nvcuda::wmma::experimental;

// D (s32, 8 x 8, row-major) = A (s4 or u4, 8 x 32) * B (32 x 8) + C, C
// from memory (row-major); with SAT, .satfinite.
template <typename T, bool SAT>
__device__ void subByte(const void *A, const void *B, const int *C, int *D) {
  wmma::fragment<wmma::matrix_a, 8, 8, 32, T, wmma::row_major> a;
  wmma::fragment<wmma::matrix_b, 8, 8, 32, T, wmma::col_major> b;
  wmma::fragment<wmma::accumulator, 8, 8, 32, int> c;
  wmma::load_matrix_sync(a, A, 32);
  wmma::load_matrix_sync(b, B, 32);
  wmma::load_matrix_sync(c, C, 8, wmma::mem_row_major);
  wmma::mma_sync(c, a, b, c, SAT);
  wmma::store_matrix_sync(D, c, 8, wmma::mem_row_major);
}

extern "C" __global__ void wmma_s4(const void *A, const void *B, const int *C,
                                   int *D) {
  subByte<wx::precision::s4, false>(A, B, C, D);
}
extern "C" __global__ void wmma_u4_satfinite(const void *A, const void *B,
                                             const int *C, int *D) {
  subByte<wx::precision::u4, true>(A, B, C, D);
}

// D = popc(A op B) + C over the 128 bits of a row of A and a column of B.
template <wx::bmmaBitOp OP>
__device__ void singleBit(const void *A, const void *B, const int *C, int *D) {
  wmma::fragment<wmma::matrix_a, 8, 8, 128, wx::precision::b1,
                 wmma::row_major>
      a;
  wmma::fragment<wmma::matrix_b, 8, 8, 128, wx::precision::b1,
                 wmma::col_major>
      b;
  wmma::fragment<wmma::accumulator, 8, 8, 128, int> c;
  wmma::load_matrix_sync(a, A, 128);
  wmma::load_matrix_sync(b, B, 128);
  wmma::load_matrix_sync(c, C, 8, wmma::mem_row_major);
  wmma::bmma_sync(c, a, b, c, OP, wx::bmmaAccumulateOpPOPC);
  wmma::store_matrix_sync(D, c, 8, wmma::mem_row_major);
}

extern "C" __global__ void wmma_b1_xor(const void *A, const void *B,
                                       const int *C, int *D) {
  singleBit<wx::bmmaBitOpXOR>(A, B, C, D);
}
extern "C" __global__ void wmma_b1_and(const void *A, const void *B,
                                       const int *C, int *D) {
  singleBit<wx::bmmaBitOpAND>(A, B, C, D);
}

// f64 m8n8k4 with a rounding mode: D = A (row-major) * B (row-major) + C.
#define WMMA_F64(NAME, RND)                                                    \
  extern "C" __global__ void NAME(const double *A, const double *B,           \
                                  const double *C, double *D) {               \
    wmma::fragment<wmma::matrix_a, 8, 8, 4, double, wmma::row_major> a;        \
    wmma::fragment<wmma::matrix_b, 8, 8, 4, double, wmma::row_major> b;        \
    wmma::fragment<wmma::accumulator, 8, 8, 4, double> c;                      \
    wmma::load_matrix_sync(a, A, 4);                                           \
    wmma::load_matrix_sync(b, B, 8);                                           \
    wmma::load_matrix_sync(c, C, 8, wmma::mem_row_major);                      \
    asm volatile("wmma.mma.sync.aligned.row.row.m8n8k4" RND                    \
                 ".f64.f64.f64.f64 {%0, %1}, {%2}, {%3}, {%0, %1};"            \
                 : "+d"(c.x[0]), "+d"(c.x[1])                                  \
                 : "d"(a.x[0]), "d"(b.x[0]));                                  \
    wmma::store_matrix_sync(D, c, 8, wmma::mem_row_major);                     \
  }
WMMA_F64(wmma_f64_rn, ".rn")
WMMA_F64(wmma_f64_rz, ".rz")
WMMA_F64(wmma_f64_rm, ".rm")
WMMA_F64(wmma_f64_rp, ".rp")
