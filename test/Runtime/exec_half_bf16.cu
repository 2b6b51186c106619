// Half and bfloat16 arithmetic in kernels: cuda_fp16.h __half (__float2half_rn,
// __half2float, __hadd, __hmul, __hfma) and cuda_bf16.h __nv_bfloat16
// (__float2bfloat16_rn, __bfloat162float, __hadd, __hmul). Results are
// compared bit for bit with the same conversions run on the host (they are
// __host__ __device__). The host computes a result in float and rounds it
// once to half/bfloat16; the operands are chosen so that the float result is
// exact, which makes that the correctly rounded IEEE result the device
// instructions must produce (for fma: a, b in [1,2), c in [2^-10, 4), so
// a*b+c is a multiple of 2^-20 below 8: 23 bits). A few conversions with
// known round-to-nearest-even results are printed.
// REQUIRES: nvcc
// RUN: %cuda_build
// RUN: %cuda_run %t.static | FileCheck %s
// RUN: %cuda_run %t.shared | FileCheck %s
// CHECK: half 1+2^-11 (tie, to even): 0x3c00
// CHECK-NEXT: half 1+3*2^-11 (tie, to even): 0x3c02
// CHECK-NEXT: half 0.1: 0x2e66
// CHECK-NEXT: half 65519: 0x7bff
// CHECK-NEXT: half 65520 (tie, overflows): 0x7c00
// CHECK-NEXT: half 2^-24: 0x0001
// CHECK-NEXT: half 2^-25 (tie, to even): 0x0000
// CHECK-NEXT: half 3*2^-26: 0x0001
// CHECK-NEXT: half -0.0: 0x8000
// CHECK-NEXT: bf16 1+2^-8 (tie, to even): 0x3f80
// CHECK-NEXT: bf16 1+3*2^-8 (tie, to even): 0x3f82
// CHECK-NEXT: bf16 0.1: 0x3dcd
// CHECK-NEXT: bf16 FLT_MAX (overflows): 0x7f80
// CHECK-NEXT: back to float: 1.001953125 0.0999755859 1.015625
// CHECK-NEXT: special conversions match the host
// CHECK-NEXT: half/bf16 arithmetic: 8192 elements x 12 results match
// CHECK-NEXT: last error: no error

#include <cfloat>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <vector>

#define CHECK(call)                                                            \
  do {                                                                         \
    cudaError_t err_ = (call);                                                 \
    if (err_ != cudaSuccess) {                                                 \
      std::printf("%s:%d: %s: %s (%s)\n", __FILE__, __LINE__, #call,           \
                  cudaGetErrorName(err_), cudaGetErrorString(err_));           \
      std::exit(1);                                                            \
    }                                                                          \
  } while (0)

// Inputs of one element: add operands, mul operands, fma operands.
struct In {
  float addA, addB, mulA, mulB, fmaA, fmaB, fmaC;
};

// Results of one element, as bit patterns.
struct Out {
  uint16_t hAddA, hAddB, hAdd, hMul, hFma;
  uint16_t bAddA, bAddB, bAdd, bMul;
  uint16_t pad; // always 0: no padding bytes for memcmp
  uint32_t fHAdd, fHFma, fBMul; // __half2float / __bfloat162float of results
};

static_assert(sizeof(Out) == 32, "Out has no implicit padding");

static bool operator==(const Out &x, const Out &y) {
  return std::memcmp(&x, &y, sizeof x) == 0;
}

__host__ __device__ static uint32_t floatBits(float f) {
#ifdef __CUDA_ARCH__
  return __float_as_uint(f);
#else
  uint32_t u;
  std::memcpy(&u, &f, sizeof u);
  return u;
#endif
}

__global__ void halfOps(const In *in, Out *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  In v = in[i];
  Out o;
  o.pad = 0;
  __half a = __float2half_rn(v.addA), b = __float2half_rn(v.addB);
  __half c = __float2half_rn(v.mulA), d = __float2half_rn(v.mulB);
  __half e = __float2half_rn(v.fmaA), f = __float2half_rn(v.fmaB),
         g = __float2half_rn(v.fmaC);
  o.hAddA = __half_as_ushort(a);
  o.hAddB = __half_as_ushort(b);
  __half sum = __hadd(a, b);
  o.hAdd = __half_as_ushort(sum);
  o.hMul = __half_as_ushort(__hmul(c, d));
  __half fma = __hfma(e, f, g);
  o.hFma = __half_as_ushort(fma);
  __nv_bfloat16 ba = __float2bfloat16_rn(v.addA),
                bb = __float2bfloat16_rn(v.addB);
  __nv_bfloat16 bc = __float2bfloat16_rn(v.mulA),
                bd = __float2bfloat16_rn(v.mulB);
  o.bAddA = __bfloat16_as_ushort(ba);
  o.bAddB = __bfloat16_as_ushort(bb);
  o.bAdd = __bfloat16_as_ushort(__hadd(ba, bb));
  __nv_bfloat16 bmul = __hmul(bc, bd);
  o.bMul = __bfloat16_as_ushort(bmul);
  o.fHAdd = floatBits(__half2float(sum));
  o.fHFma = floatBits(__half2float(fma));
  o.fBMul = floatBits(__bfloat162float(bmul));
  out[i] = o;
}

__global__ void convert(const float *in, uint16_t *h, uint16_t *bf, float *back,
                        int n) {
  int i = threadIdx.x;
  if (i < n) {
    __half x = __float2half_rn(in[i]);
    __nv_bfloat16 y = __float2bfloat16_rn(in[i]);
    h[i] = __half_as_ushort(x);
    bf[i] = __bfloat16_as_ushort(y);
    back[2 * i] = __half2float(x);
    back[2 * i + 1] = __bfloat162float(y);
  }
}

static uint16_t bits(__half h) {
  uint16_t u;
  std::memcpy(&u, &h, sizeof u);
  return u;
}
static uint16_t bits(__nv_bfloat16 h) {
  uint16_t u;
  std::memcpy(&u, &h, sizeof u);
  return u;
}

// The same computation on the host: exact float result, rounded once.
static Out reference(const In &v) {
  Out o;
  o.pad = 0;
  __half a = __float2half_rn(v.addA), b = __float2half_rn(v.addB);
  __half c = __float2half_rn(v.mulA), d = __float2half_rn(v.mulB);
  __half e = __float2half_rn(v.fmaA), f = __float2half_rn(v.fmaB),
         g = __float2half_rn(v.fmaC);
  o.hAddA = bits(a);
  o.hAddB = bits(b);
  __half sum = __float2half_rn(__half2float(a) + __half2float(b));
  o.hAdd = bits(sum);
  o.hMul = bits(__float2half_rn(__half2float(c) * __half2float(d)));
  __half fma = __float2half_rn(
      std::fmaf(__half2float(e), __half2float(f), __half2float(g)));
  o.hFma = bits(fma);
  __nv_bfloat16 ba = __float2bfloat16_rn(v.addA),
                bb = __float2bfloat16_rn(v.addB);
  __nv_bfloat16 bc = __float2bfloat16_rn(v.mulA),
                bd = __float2bfloat16_rn(v.mulB);
  o.bAddA = bits(ba);
  o.bAddB = bits(bb);
  o.bAdd = bits(
      __float2bfloat16_rn(__bfloat162float(ba) + __bfloat162float(bb)));
  __nv_bfloat16 bmul =
      __float2bfloat16_rn(__bfloat162float(bc) * __bfloat162float(bd));
  o.bMul = bits(bmul);
  o.fHAdd = floatBits(__half2float(sum));
  o.fHFma = floatBits(__half2float(fma));
  o.fBMul = floatBits(__bfloat162float(bmul));
  return o;
}

static uint32_t state = 12345;
static uint32_t next() {
  state = state * 1664525u + 1013904223u;
  return state >> 8;
}
// A random float with magnitude in [2^lo, 2^hi), random sign and mantissa.
static float randf(int lo, int hi) {
  float m = 1.0f + float(next() & 0xffff) / 65536.0f;
  int e = lo + int(next() % unsigned(hi - lo));
  float x = std::ldexp(m, e);
  return (next() & 1) ? -x : x;
}

int main() {
  // --- Conversions with known results -------------------------------------
  const float special[] = {1.0f + 0x1p-11f, 1.0f + 3 * 0x1p-11f, 0.1f,
                           65519.0f,        65520.0f,            0x1p-24f,
                           0x1p-25f,        3 * 0x1p-26f,        -0.0f,
                           1.0f + 0x1p-8f,  1.0f + 3 * 0x1p-8f,  FLT_MAX};
  const int ns = sizeof special / sizeof special[0];
  float *dSpecial, *dBack;
  uint16_t *dH, *dB;
  CHECK(cudaMalloc(&dSpecial, sizeof special));
  CHECK(cudaMalloc(&dH, ns * sizeof(uint16_t)));
  CHECK(cudaMalloc(&dB, ns * sizeof(uint16_t)));
  CHECK(cudaMalloc(&dBack, 2 * ns * sizeof(float)));
  CHECK(cudaMemcpy(dSpecial, special, sizeof special, cudaMemcpyHostToDevice));
  convert<<<1, 32>>>(dSpecial, dH, dB, dBack, ns);
  CHECK(cudaGetLastError());
  uint16_t h[ns], bf[ns];
  float back[2 * ns];
  CHECK(cudaMemcpy(h, dH, sizeof h, cudaMemcpyDeviceToHost));
  CHECK(cudaMemcpy(bf, dB, sizeof bf, cudaMemcpyDeviceToHost));
  CHECK(cudaMemcpy(back, dBack, sizeof back, cudaMemcpyDeviceToHost));
  const char *halfNames[] = {"1+2^-11 (tie, to even)", "1+3*2^-11 (tie, to even)",
                             "0.1", "65519", "65520 (tie, overflows)", "2^-24",
                             "2^-25 (tie, to even)", "3*2^-26", "-0.0"};
  for (int i = 0; i < 9; ++i)
    std::printf("half %s: 0x%04x\n", halfNames[i], h[i]);
  std::printf("bf16 1+2^-8 (tie, to even): 0x%04x\n", bf[9]);
  std::printf("bf16 1+3*2^-8 (tie, to even): 0x%04x\n", bf[10]);
  std::printf("bf16 0.1: 0x%04x\n", bf[2]);
  std::printf("bf16 FLT_MAX (overflows): 0x%04x\n", bf[11]);
  std::printf("back to float: %.10g %.9g %.10g\n", back[2 * 1], back[2 * 2],
              back[2 * 10 + 1]);
  int specialBad = 0;
  for (int i = 0; i < ns; ++i) {
    __half hh = __float2half_rn(special[i]);
    __nv_bfloat16 hb = __float2bfloat16_rn(special[i]);
    specialBad += h[i] != bits(hh) || bf[i] != bits(hb) ||
                  floatBits(back[2 * i]) != floatBits(__half2float(hh)) ||
                  floatBits(back[2 * i + 1]) != floatBits(__bfloat162float(hb));
  }
  if (specialBad) {
    std::printf("special conversions: %d differ from the host\n", specialBad);
    return 1;
  }
  std::printf("special conversions match the host\n");

  // --- Arithmetic ---------------------------------------------------------
  const int n = 8192;
  std::vector<In> in(n);
  for (int i = 0; i < n; ++i) {
    In &v = in[i];
    v.addA = randf(-6, 6); // sum of halves in [2^-6, 64]: exact in float
    v.addB = randf(-6, 6);
    v.mulA = randf(-14, 8); // products overflow and underflow half
    v.mulB = randf(-14, 8);
    v.fmaA = randf(0, 1);
    v.fmaB = randf(0, 1);
    v.fmaC = randf(-10, 2);
  }
  In *dIn;
  Out *dOut;
  CHECK(cudaMalloc(&dIn, n * sizeof(In)));
  CHECK(cudaMalloc(&dOut, n * sizeof(Out)));
  CHECK(cudaMemcpy(dIn, in.data(), n * sizeof(In), cudaMemcpyHostToDevice));
  halfOps<<<n / 128, 128>>>(dIn, dOut, n);
  CHECK(cudaGetLastError());
  std::vector<Out> out(n);
  CHECK(cudaMemcpy(out.data(), dOut, n * sizeof(Out), cudaMemcpyDeviceToHost));
  int bad = 0;
  for (int i = 0; i < n; ++i) {
    Out want = reference(in[i]);
    if (!(out[i] == want)) {
      if (bad < 5)
        std::printf("element %d: hadd 0x%04x/0x%04x hmul 0x%04x/0x%04x hfma "
                    "0x%04x/0x%04x bf16 add 0x%04x/0x%04x mul 0x%04x/0x%04x\n",
                    i, out[i].hAdd, want.hAdd, out[i].hMul, want.hMul,
                    out[i].hFma, want.hFma, out[i].bAdd, want.bAdd,
                    out[i].bMul, want.bMul);
      ++bad;
    }
  }
  if (bad) {
    std::printf("half/bf16 arithmetic: %d mismatches\n", bad);
    return 1;
  }
  std::printf("half/bf16 arithmetic: %d elements x 12 results match\n", n);
  CHECK(cudaFree(dIn));
  CHECK(cudaFree(dOut));
  CHECK(cudaFree(dSpecial));
  CHECK(cudaFree(dH));
  CHECK(cudaFree(dB));
  CHECK(cudaFree(dBack));
  std::printf("last error: %s\n", cudaGetErrorString(cudaGetLastError()));
  return 0;
}
