// A warp-specialized sm_90a GEMM in the style of CUTLASS's TMA + wgmma
// kernels: C (f32, M x N, row-major) = A (f16, M x K, row-major) *
// B^T, with B given as N x K row-major (a "TN" GEMM: both operands
// K-major, as cuBLAS and CUTLASS prefer for f16).
//
// Each CTA computes a 64 x 64 tile of C with two warpgroups:
//   - the producer warpgroup lowers its register budget (setmaxnreg.dec)
//     and one of its threads streams 64 x 64 tiles of A and B into a
//     2-stage ring of 128-byte-swizzled shared buffers with
//     cp.async.bulk.tensor, each stage guarded by a "full" mbarrier
//     (arrive.expect_tx + the copies' complete-tx) and an "empty" one;
//   - the consumer warpgroup raises its budget (setmaxnreg.inc), waits on
//     "full", runs four wgmma.mma_async.m64n64k16 per stage through
//     128B-swizzle K-major matrix descriptors, and releases the stage.
//
//   nvcc -ptx -arch=sm_90a -O3 gemm_sm90_tma.cu -o Inputs/gemm_sm90_tma.ptx
#include <cstdint>

struct __align__(64) TensorMap {
  uint64_t opaque[16];
};

constexpr int kTile = 64;                     // BM = BN = BK
constexpr int kStages = 2;
constexpr int kTileBytes = kTile * kTile * 2; // one f16 64 x 64 tile

__device__ __forceinline__ uint32_t smem(const void *p) {
  return static_cast<uint32_t>(__cvta_generic_to_shared(p));
}

__device__ __forceinline__ void mbarInit(uint64_t *bar, uint32_t count) {
  asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" ::"r"(smem(bar)),
               "r"(count));
}

__device__ __forceinline__ void mbarWait(uint64_t *bar, uint32_t parity) {
  asm volatile("{\n"
               ".reg .pred done;\n"
               "WAIT:\n"
               "mbarrier.try_wait.parity.shared::cta.b64 done, [%0], %1;\n"
               "@!done bra WAIT;\n"
               "}" ::"r"(smem(bar)),
               "r"(parity)
               : "memory");
}

__device__ __forceinline__ void tmaLoad(void *dst, const TensorMap *map,
                                        int x, int y, uint64_t *bar) {
  asm volatile("cp.async.bulk.tensor.2d.shared::cluster.global.tile."
               "mbarrier::complete_tx::bytes [%0], [%1, {%2, %3}], [%4];" ::
                   "r"(smem(dst)),
               "l"(map), "r"(x), "r"(y), "r"(smem(bar))
               : "memory");
}

// A K-major operand in the canonical 128-byte-swizzle layout: rows of 128
// bytes (64 f16 of K), 8-row groups 1024 bytes apart.
__device__ __forceinline__ uint64_t descriptor(uint32_t address) {
  return uint64_t((address & 0x3ffff) >> 4) | uint64_t(1) << 16 |
         uint64_t(1024 >> 4) << 32 | uint64_t(1) << 62;
}

__device__ __forceinline__ void wgmma(float (&d)[32], uint64_t a,
                                      uint64_t b) {
  asm volatile(
      "{\n"
      "wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 "
      "{%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, "
      "%15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, "
      "%28, %29, %30, %31}, %32, %33, 1, 1, 1, 0, 0;\n"
      "}"
      : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3]), "+f"(d[4]),
        "+f"(d[5]), "+f"(d[6]), "+f"(d[7]), "+f"(d[8]), "+f"(d[9]),
        "+f"(d[10]), "+f"(d[11]), "+f"(d[12]), "+f"(d[13]), "+f"(d[14]),
        "+f"(d[15]), "+f"(d[16]), "+f"(d[17]), "+f"(d[18]), "+f"(d[19]),
        "+f"(d[20]), "+f"(d[21]), "+f"(d[22]), "+f"(d[23]), "+f"(d[24]),
        "+f"(d[25]), "+f"(d[26]), "+f"(d[27]), "+f"(d[28]), "+f"(d[29]),
        "+f"(d[30]), "+f"(d[31])
      : "l"(a), "l"(b));
}

extern "C" __global__ void __launch_bounds__(256)
    gemm_tma_ws(const __grid_constant__ TensorMap mapA,
                const __grid_constant__ TensorMap mapB, float *C, int M,
                int N, int K) {
  extern __shared__ __align__(1024) uint8_t tiles[];
  __shared__ __align__(8) uint64_t full[kStages], empty[kStages];
  uint8_t *tilesA = tiles;
  uint8_t *tilesB = tiles + kStages * kTileBytes;
  int m0 = blockIdx.y * kTile, n0 = blockIdx.x * kTile;
  int kTiles = K / kTile;
  if (threadIdx.x == 0) {
    for (int s = 0; s < kStages; ++s) {
      mbarInit(&full[s], 1);
      mbarInit(&empty[s], 4); // one arrival per consumer warp
    }
    asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
  }
  __syncthreads();

  if (threadIdx.x < 128) {
    // Producer warpgroup.
    asm volatile("setmaxnreg.dec.sync.aligned.u32 40;");
    if (threadIdx.x == 0) {
      for (int kt = 0; kt < kTiles; ++kt) {
        int s = kt % kStages;
        uint32_t round = kt / kStages;
        if (round > 0)
          mbarWait(&empty[s], (round - 1) & 1);
        asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], "
                     "%1;" ::"r"(smem(&full[s])),
                     "r"(2 * kTileBytes)
                     : "memory");
        tmaLoad(tilesA + s * kTileBytes, &mapA, kt * kTile, m0, &full[s]);
        tmaLoad(tilesB + s * kTileBytes, &mapB, kt * kTile, n0, &full[s]);
      }
    }
    return;
  }

  // Consumer warpgroup.
  asm volatile("setmaxnreg.inc.sync.aligned.u32 232;");
  float d[32];
  for (int i = 0; i < 32; ++i)
    d[i] = 0.0f;
  for (int kt = 0; kt < kTiles; ++kt) {
    int s = kt % kStages;
    mbarWait(&full[s], (kt / kStages) & 1);
    asm volatile("wgmma.fence.sync.aligned;" ::: "memory");
    uint32_t a = smem(tilesA + s * kTileBytes);
    uint32_t b = smem(tilesB + s * kTileBytes);
    for (int k = 0; k < kTile / 16; ++k)
      wgmma(d, descriptor(a + 32 * k), descriptor(b + 32 * k));
    asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory");
    asm volatile("wgmma.wait_group.sync.aligned 0;" ::: "memory");
    if (threadIdx.x % 32 == 0)
      asm volatile("mbarrier.arrive.shared::cta.b64 _, [%0];" ::"r"(
                       smem(&empty[s]))
                   : "memory");
  }
  // The m64nNk16 f32 accumulator layout: warp w of the warpgroup holds
  // rows 16w + lane/4 and 16w + lane/4 + 8, two adjacent columns per
  // 8-column group.
  int t = threadIdx.x - 128, w = t / 32, lane = t % 32;
  int row = m0 + 16 * w + lane / 4;
  for (int j = 0; j < kTile / 8; ++j) {
    int col = n0 + 8 * j + (lane % 4) * 2;
    C[row * N + col] = d[4 * j];
    C[row * N + col + 1] = d[4 * j + 1];
    C[(row + 8) * N + col] = d[4 * j + 2];
    C[(row + 8) * N + col + 1] = d[4 * j + 3];
  }
}
