// An attention forward pass in the style of FlashAttention-2 (sm_80):
// O = softmax(Q K^T * scale) V for one head, Q (Nq x 64), K and V (Nk x 64)
// f16 row-major, O f32. A 128-thread CTA takes 64 query rows, 16 per warp,
// and streams 64-key blocks of K and V through shared memory with
// cp.async.cg. Per block: S = Q K^T with mma.sync.m16n8k16 (Q and K through
// ldmatrix.x4), the online softmax (row max and sum across each quad with
// shfl.sync.bfly, ex2.approx through exp2f), the probabilities repacked
// from the S accumulators into f16 A fragments, and O += P V (V through
// ldmatrix.x4.trans). Rows are padded by 8 halves against bank conflicts.
//
//   nvcc -arch=sm_80 -O3 -ptx attention_sm80.cu -o Inputs/attention_sm80.ptx
#include <cuda_fp16.h>
#include <cstdint>

constexpr int kD = 64, kRows = 64, kKeys = 64, kStride = kD + 8;

__device__ __forceinline__ uint32_t smem(const void *p) {
  return static_cast<uint32_t>(__cvta_generic_to_shared(p));
}

__device__ __forceinline__ void cpAsync16(void *dst, const void *src) {
  asm volatile("cp.async.cg.shared.global [%0], [%1], 16;" ::"r"(smem(dst)),
               "l"(src));
}

__device__ __forceinline__ void ldmatrix4(uint32_t (&r)[4], const void *p) {
  asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0, %1, %2, %3}, "
               "[%4];"
               : "=r"(r[0]), "=r"(r[1]), "=r"(r[2]), "=r"(r[3])
               : "r"(smem(p)));
}

__device__ __forceinline__ void ldmatrix4Trans(uint32_t (&r)[4],
                                               const void *p) {
  asm volatile("ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16 {%0, %1, %2, "
               "%3}, [%4];"
               : "=r"(r[0]), "=r"(r[1]), "=r"(r[2]), "=r"(r[3])
               : "r"(smem(p)));
}

__device__ __forceinline__ void mma(float (&c)[4], const uint32_t (&a)[4],
                                    uint32_t b0, uint32_t b1) {
  asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 "
               "{%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, "
               "{%0, %1, %2, %3};"
               : "+f"(c[0]), "+f"(c[1]), "+f"(c[2]), "+f"(c[3])
               : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b0),
                 "r"(b1));
}

__device__ __forceinline__ uint32_t pack(float lo, float hi) {
  __half2 h = __floats2half2_rn(lo, hi);
  return *reinterpret_cast<uint32_t *>(&h);
}

extern "C" __global__ void __launch_bounds__(128)
    attention_fwd(const half *Q, const half *K, const half *V, float *O,
                  int keys, float scale) {
  __shared__ __align__(16) half Qs[kRows * kStride];
  __shared__ __align__(16) half Ks[kKeys * kStride];
  __shared__ __align__(16) half Vs[kKeys * kStride];
  int tid = threadIdx.x, lane = tid % 32, warp = tid / 32;
  int row0 = blockIdx.x * kRows;

  for (int c = tid; c < kRows * kD / 8; c += 128) {
    int r = c / (kD / 8), col = (c % (kD / 8)) * 8;
    cpAsync16(&Qs[r * kStride + col], Q + (size_t)(row0 + r) * kD + col);
  }
  asm volatile("cp.async.commit_group;");
  asm volatile("cp.async.wait_all;" ::: "memory");
  __syncthreads();

  // The warp's 16 query rows as A fragments, one per 16-wide d step.
  uint32_t q[kD / 16][4];
  for (int k = 0; k < kD / 16; ++k)
    ldmatrix4(q[k], &Qs[(warp * 16 + lane % 16) * kStride + k * 16 +
                        (lane / 16) * 8]);

  // Row statistics of rows lane/4 and lane/4 + 8 of the warp's 16 rows.
  float rowMax[2] = {-INFINITY, -INFINITY}, rowSum[2] = {0.0f, 0.0f};
  float o[kD / 8][4] = {};
  const float log2e = 1.4426950408889634f;

  for (int key0 = 0; key0 < keys; key0 += kKeys) {
    __syncthreads();
    for (int c = tid; c < kKeys * kD / 8; c += 128) {
      int r = c / (kD / 8), col = (c % (kD / 8)) * 8;
      cpAsync16(&Ks[r * kStride + col], K + (size_t)(key0 + r) * kD + col);
      cpAsync16(&Vs[r * kStride + col], V + (size_t)(key0 + r) * kD + col);
    }
    asm volatile("cp.async.commit_group;");
    asm volatile("cp.async.wait_group 0;" ::: "memory");
    __syncthreads();

    // S = Q K^T: 8 tiles of 8 keys. K rows are the columns of B.
    float s[kKeys / 8][4] = {};
    for (int k = 0; k < kD / 16; ++k)
      for (int n = 0; n < kKeys / 8; n += 2) {
        uint32_t b[4];
        // Matrices: keys n*8..+7 at d k*16 and k*16+8, then keys n*8+8...
        ldmatrix4(b, &Ks[(n * 8 + (lane / 16) * 8 + lane % 8) * kStride +
                         k * 16 + ((lane / 8) % 2) * 8]);
        mma(s[n], q[k], b[0], b[1]);
        mma(s[n + 1], q[k], b[2], b[3]);
      }

    // The online softmax.
    float newMax[2] = {rowMax[0], rowMax[1]};
    for (int n = 0; n < kKeys / 8; ++n) {
      newMax[0] = fmaxf(newMax[0], fmaxf(s[n][0], s[n][1]) * scale);
      newMax[1] = fmaxf(newMax[1], fmaxf(s[n][2], s[n][3]) * scale);
    }
    for (int h = 0; h < 2; ++h)
      for (int x = 1; x < 4; x <<= 1)
        newMax[h] = fmaxf(newMax[h],
                          __shfl_xor_sync(0xffffffff, newMax[h], x));
    float rescale[2], blockSum[2] = {0.0f, 0.0f};
    for (int h = 0; h < 2; ++h)
      rescale[h] = exp2f((rowMax[h] - newMax[h]) * log2e);
    for (int n = 0; n < kKeys / 8; ++n)
      for (int e = 0; e < 4; ++e) {
        int h = e / 2;
        s[n][e] = exp2f((s[n][e] * scale - newMax[h]) * log2e);
        blockSum[h] += s[n][e];
      }
    for (int h = 0; h < 2; ++h) {
      for (int x = 1; x < 4; x <<= 1)
        blockSum[h] += __shfl_xor_sync(0xffffffff, blockSum[h], x);
      rowSum[h] = rowSum[h] * rescale[h] + blockSum[h];
      rowMax[h] = newMax[h];
    }
    for (int n = 0; n < kD / 8; ++n)
      for (int e = 0; e < 4; ++e)
        o[n][e] *= rescale[e / 2];

    // O += P V: the S accumulators of key tiles 2j and 2j+1 are the A
    // fragment of keys 16j..16j+15.
    for (int j = 0; j < kKeys / 16; ++j) {
      uint32_t p[4] = {pack(s[2 * j][0], s[2 * j][1]),
                       pack(s[2 * j][2], s[2 * j][3]),
                       pack(s[2 * j + 1][0], s[2 * j + 1][1]),
                       pack(s[2 * j + 1][2], s[2 * j + 1][3])};
      for (int n = 0; n < kD / 8; n += 2) {
        uint32_t b[4];
        // V rows are keys (k); .trans turns them into col-major B.
        ldmatrix4Trans(b, &Vs[(j * 16 + ((lane / 8) % 2) * 8 + lane % 8) *
                                  kStride +
                              n * 8 + (lane / 16) * 8]);
        mma(o[n], p, b[0], b[1]);
        mma(o[n + 1], p, b[2], b[3]);
      }
    }
  }

  int r = row0 + warp * 16 + lane / 4;
  for (int n = 0; n < kD / 8; ++n) {
    int col = n * 8 + (lane % 4) * 2;
    O[(size_t)r * kD + col] = o[n][0] / rowSum[0];
    O[(size_t)r * kD + col + 1] = o[n][1] / rowSum[0];
    O[(size_t)(r + 8) * kD + col] = o[n][2] / rowSum[1];
    O[(size_t)(r + 8) * kD + col + 1] = o[n][3] / rowSum[1];
  }
}
