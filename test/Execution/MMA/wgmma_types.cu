// wgmma.mma_async with tf32 (k8), e4m3 (k32), s8/u8 (k32) and b1 (k256,
// .and.popc) inputs, m64n16,
// A and B through matrix descriptors, or (the *_areg kernels) A in
// registers and B through a descriptor, in the ISA's canonical K-major layout
// without swizzle (9.7.15.5.1: 8 x 16-byte core matrices, LBO between the
// two along K, SBO between the 8-row groups). A is 64 x 32 bytes and B
// 16 x 32 bytes (N x K), both row-major in global memory; D (64 x 16 words,
// row-major) is f32 or s32.
//
//   nvcc -ptx -arch=sm_90a -O3 wgmma_types.cu -o Inputs/wgmma_types.ptx
#include <cstdint>

__device__ __forceinline__ uint32_t smem(const void *p) {
  return static_cast<uint32_t>(__cvta_generic_to_shared(p));
}

constexpr uint32_t kLbo = 128, kSbo = 256;

__device__ __forceinline__ uint64_t descriptor(const void *tile) {
  return uint64_t((smem(tile) & 0x3ffff) >> 4) | uint64_t(kLbo >> 4) << 16 |
         uint64_t(kSbo >> 4) << 32;
}

// Row `row`, byte `kb` of a K-major operand in the canonical layout.
__device__ __forceinline__ uint32_t place(uint32_t row, uint32_t kb) {
  return (row % 8) * 16 + (row / 8) * kSbo + (kb / 16) * kLbo + kb % 16;
}

template <int KIND>
__device__ void run(const uint8_t *A, const uint8_t *B, uint32_t *D) {
  __shared__ __align__(128) uint8_t sa[64 * 32], sb[16 * 32];
  for (uint32_t i = threadIdx.x; i < 64 * 32; i += 128)
    sa[place(i / 32, i % 32)] = A[i];
  for (uint32_t i = threadIdx.x; i < 16 * 32; i += 128)
    sb[place(i / 32, i % 32)] = B[i];
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
  __syncthreads();
  uint32_t d[8];
  uint64_t a = descriptor(sa), b = descriptor(sb);
  asm volatile("wgmma.fence.sync.aligned;" ::: "memory");
#define DREGS "{%0, %1, %2, %3, %4, %5, %6, %7}"
#define DOUT                                                                   \
  "=r"(d[0]), "=r"(d[1]), "=r"(d[2]), "=r"(d[3]), "=r"(d[4]), "=r"(d[5]),      \
      "=r"(d[6]), "=r"(d[7])
  if constexpr (KIND == 0)
    asm volatile("{\n.reg .pred p;\nsetp.ne.b32 p, 0, 0;\n"
                 "wgmma.mma_async.sync.aligned.m64n16k8.f32.tf32.tf32 " DREGS
                 ", %8, %9, p, 1, 1;\n}"
                 : DOUT
                 : "l"(a), "l"(b));
  if constexpr (KIND == 1)
    asm volatile("{\n.reg .pred p;\nsetp.ne.b32 p, 0, 0;\n"
                 "wgmma.mma_async.sync.aligned.m64n16k32.f32.e4m3.e4m3 " DREGS
                 ", %8, %9, p, 1, 1;\n}"
                 : DOUT
                 : "l"(a), "l"(b));
  if constexpr (KIND == 2)
    asm volatile("{\n.reg .pred p;\nsetp.ne.b32 p, 0, 0;\n"
                 "wgmma.mma_async.sync.aligned.m64n16k32.s32.s8.s8 " DREGS
                 ", %8, %9, p;\n}"
                 : DOUT
                 : "l"(a), "l"(b));
  if constexpr (KIND == 3)
    asm volatile("{\n.reg .pred p;\nsetp.ne.b32 p, 0, 0;\n"
                 "wgmma.mma_async.sync.aligned.m64n16k32.s32.u8.s8.satfinite "
                 DREGS ", %8, %9, p;\n}"
                 : DOUT
                 : "l"(a), "l"(b));
  // A in registers (KIND 4-6): the warp's 16 rows of A as mma.m16n8k8's
  // (tf32) and mma.m16n8k32's (8-bit) A fragments, which put 4 bytes of
  // row g (registers 0 and 2) or g + 8 (1 and 3) at byte 4t, or 16 + 4t
  // (registers 2 and 3), of the row: the same bytes for both widths.
  uint32_t ar[4];
  {
    uint32_t w = threadIdx.x / 32, lane = threadIdx.x % 32;
    for (int j = 0; j < 4; ++j) {
      uint32_t row = 16 * w + lane / 4 + 8 * (j & 1);
      uint32_t byte = 4 * (lane % 4) + 16 * (j >> 1);
      const uint8_t *p = A + row * 32 + byte;
      ar[j] = uint32_t(p[0]) | uint32_t(p[1]) << 8 | uint32_t(p[2]) << 16 |
              uint32_t(p[3]) << 24;
    }
  }
#define AREGS "{%10, %11, %12, %13}"
#define AIN "r"(ar[0]), "r"(ar[1]), "r"(ar[2]), "r"(ar[3])
  if constexpr (KIND == 4)
    asm volatile("{\n.reg .pred p;\nsetp.ne.b32 p, 0, 0;\n"
                 "wgmma.mma_async.sync.aligned.m64n16k8.f32.tf32.tf32 " DREGS
                 ", " AREGS ", %9, p, 1, 1;\n}"
                 : DOUT
                 : "l"(a), "l"(b), AIN);
  if constexpr (KIND == 5)
    asm volatile("{\n.reg .pred p;\nsetp.ne.b32 p, 0, 0;\n"
                 "wgmma.mma_async.sync.aligned.m64n16k32.f32.e4m3.e4m3 " DREGS
                 ", " AREGS ", %9, p, 1, 1;\n}"
                 : DOUT
                 : "l"(a), "l"(b), AIN);
  if constexpr (KIND == 6)
    asm volatile("{\n.reg .pred p;\nsetp.ne.b32 p, 0, 0;\n"
                 "wgmma.mma_async.sync.aligned.m64n16k32.s32.s8.s8 " DREGS
                 ", " AREGS ", %9, p;\n}"
                 : DOUT
                 : "l"(a), "l"(b), AIN);
  // b1 (K = 256 bits, the same 32 bytes a row): .and.popc, A through the
  // descriptor (KIND 7) or in registers (KIND 8, the bits of mma.m16n8k256's
  // A fragment: the same bytes as above).
  if constexpr (KIND == 7)
    asm volatile("{\n.reg .pred p;\nsetp.ne.b32 p, 0, 0;\n"
                 "wgmma.mma_async.sync.aligned.m64n16k256.s32.b1.b1.and.popc "
                 DREGS ", %8, %9, p;\n}"
                 : DOUT
                 : "l"(a), "l"(b));
  if constexpr (KIND == 8)
    asm volatile("{\n.reg .pred p;\nsetp.ne.b32 p, 0, 0;\n"
                 "wgmma.mma_async.sync.aligned.m64n16k256.s32.b1.b1.and.popc "
                 DREGS ", " AREGS ", %9, p;\n}"
                 : DOUT
                 : "l"(a), "l"(b), AIN);
  asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory");
  asm volatile("wgmma.wait_group.sync.aligned 0;" ::: "memory");
  // The m64nNk* accumulator layout (as wgmma_probe's).
  uint32_t w = threadIdx.x / 32, lane = threadIdx.x % 32;
  for (int i = 0; i < 8; ++i) {
    uint32_t row = 16 * w + lane / 4 + 8 * ((i / 2) % 2);
    uint32_t col = 8 * (i / 4) + 2 * (lane % 4) + i % 2;
    D[row * 16 + col] = d[i];
  }
}

extern "C" __global__ void wgmma_tf32(const uint8_t *A, const uint8_t *B,
                                      uint32_t *D) {
  run<0>(A, B, D);
}
extern "C" __global__ void wgmma_e4m3(const uint8_t *A, const uint8_t *B,
                                      uint32_t *D) {
  run<1>(A, B, D);
}
extern "C" __global__ void wgmma_s8(const uint8_t *A, const uint8_t *B,
                                    uint32_t *D) {
  run<2>(A, B, D);
}
extern "C" __global__ void wgmma_u8s8_satfinite(const uint8_t *A,
                                                const uint8_t *B,
                                                uint32_t *D) {
  run<3>(A, B, D);
}

// A in registers.
extern "C" __global__ void wgmma_tf32_areg(const uint8_t *A, const uint8_t *B,
                                           uint32_t *D) {
  run<4>(A, B, D);
}
extern "C" __global__ void wgmma_e4m3_areg(const uint8_t *A, const uint8_t *B,
                                           uint32_t *D) {
  run<5>(A, B, D);
}
extern "C" __global__ void wgmma_s8_areg(const uint8_t *A, const uint8_t *B,
                                         uint32_t *D) {
  run<6>(A, B, D);
}

// b1 .and.popc.
extern "C" __global__ void wgmma_b1(const uint8_t *A, const uint8_t *B,
                                    uint32_t *D) {
  run<7>(A, B, D);
}
extern "C" __global__ void wgmma_b1_areg(const uint8_t *A, const uint8_t *B,
                                         uint32_t *D) {
  run<8>(A, B, D);
}
