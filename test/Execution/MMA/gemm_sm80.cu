// An sm_80 tensor-core GEMM in the style of CUTLASS's multistage kernels:
// C (f32, M x N) = A (f16, M x K, row-major) * B (f16, K x N, row-major).
// A 128-thread CTA computes a 64 x 64 tile in 32-deep k steps; each warp a
// 32 x 32 quarter with mma.sync.m16n8k16. Tiles move global -> shared with
// cp.async.cg (16 bytes a thread) through a 3-stage pipeline
// (commit_group / wait_group), and shared -> registers with ldmatrix.x4
// (A) and ldmatrix.x2.trans (B, stored k-major). Rows are padded by 8
// halves so that ldmatrix rows fall in different banks.
//
// Regenerate Inputs/gemm_sm80.ptx with
//   nvcc -arch=sm_80 -O3 -ptx gemm_sm80.cu -o Inputs/gemm_sm80.ptx
#include <cuda_fp16.h>
#include <cstdint>

constexpr int BM = 64, BN = 64, BK = 32, STAGES = 3;
constexpr int A_STRIDE = BK + 8, B_STRIDE = BN + 8;

__device__ __forceinline__ uint32_t smem(const void *p) {
  return static_cast<uint32_t>(__cvta_generic_to_shared(p));
}

__device__ __forceinline__ void cp_async16(void *dst, const void *src) {
  asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" ::"r"(smem(dst)),
               "l"(src));
}

__device__ __forceinline__ void cp_async_commit() {
  asm volatile("cp.async.commit_group;\n" ::);
}

template <int N> __device__ __forceinline__ void cp_async_wait() {
  asm volatile("cp.async.wait_group %0;\n" ::"n"(N));
}

extern "C" __global__ void __launch_bounds__(128)
    gemm_f16_f32(const half *A, const half *B, float *C, int M, int N, int K) {
  __shared__ __align__(16) half As[STAGES][BM * A_STRIDE];
  __shared__ __align__(16) half Bs[STAGES][BK * B_STRIDE];
  int tid = threadIdx.x, lane = tid % 32, warp = tid / 32;
  int warpM = warp / 2, warpN = warp % 2;
  int blockRow = blockIdx.y * BM, blockCol = blockIdx.x * BN;
  int kTiles = K / BK;

  auto load = [&](int stage, int kt) {
    // A: 64 rows x 4 chunks of 8 halves; B: 32 rows x 8 chunks.
    for (int c = tid; c < BM * BK / 8; c += 128) {
      int row = c / (BK / 8), col = (c % (BK / 8)) * 8;
      cp_async16(&As[stage][row * A_STRIDE + col],
                 A + (size_t)(blockRow + row) * K + kt * BK + col);
    }
    for (int c = tid; c < BK * BN / 8; c += 128) {
      int row = c / (BN / 8), col = (c % (BN / 8)) * 8;
      cp_async16(&Bs[stage][row * B_STRIDE + col],
                 B + (size_t)(kt * BK + row) * N + blockCol + col);
    }
  };

  float acc[2][4][4] = {};
  for (int s = 0; s < STAGES - 1; ++s) {
    if (s < kTiles)
      load(s, s);
    cp_async_commit();
  }
  for (int kt = 0; kt < kTiles; ++kt) {
    cp_async_wait<STAGES - 2>();
    __syncthreads();
    int stage = kt % STAGES;
    for (int kk = 0; kk < BK; kk += 16) {
      uint32_t a[2][4], b[4][2];
      for (int i = 0; i < 2; ++i) {
        const half *p = &As[stage][(warpM * 32 + i * 16 + lane % 16) * A_STRIDE +
                                   kk + (lane / 16) * 8];
        asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0, %1, %2, %3}, [%4];\n"
                     : "=r"(a[i][0]), "=r"(a[i][1]), "=r"(a[i][2]), "=r"(a[i][3])
                     : "r"(smem(p)));
      }
      for (int j = 0; j < 4; ++j) {
        const half *p = &Bs[stage][(kk + lane % 16) * B_STRIDE + warpN * 32 + j * 8];
        asm volatile("ldmatrix.sync.aligned.m8n8.x2.trans.shared.b16 {%0, %1}, [%2];\n"
                     : "=r"(b[j][0]), "=r"(b[j][1])
                     : "r"(smem(p)));
      }
      for (int i = 0; i < 2; ++i)
        for (int j = 0; j < 4; ++j)
          asm volatile(
              "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 "
              "{%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, "
              "{%0, %1, %2, %3};\n"
              : "+f"(acc[i][j][0]), "+f"(acc[i][j][1]), "+f"(acc[i][j][2]),
                "+f"(acc[i][j][3])
              : "r"(a[i][0]), "r"(a[i][1]), "r"(a[i][2]), "r"(a[i][3]),
                "r"(b[j][0]), "r"(b[j][1]));
    }
    int next = kt + STAGES - 1;
    if (next < kTiles)
      load(next % STAGES, next);
    cp_async_commit();
  }
  cp_async_wait<0>();

  int g = lane / 4, t = lane % 4;
  for (int i = 0; i < 2; ++i)
    for (int j = 0; j < 4; ++j) {
      int row = blockRow + warpM * 32 + i * 16 + g;
      int col = blockCol + warpN * 32 + j * 8 + 2 * t;
      C[(size_t)row * N + col] = acc[i][j][0];
      C[(size_t)row * N + col + 1] = acc[i][j][1];
      C[(size_t)(row + 8) * N + col] = acc[i][j][2];
      C[(size_t)(row + 8) * N + col + 1] = acc[i][j][3];
    }
}
