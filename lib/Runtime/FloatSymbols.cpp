//===- FloatSymbols.cpp - the JIT's table of floating-point helpers -------===//
//
// Part of the ptxjit project.
//
//===----------------------------------------------------------------------===//

#include "ptxjit/Runtime/FloatOps.h"

#define PTXRT_ENTRY(name) {#name, reinterpret_cast<void *>(&name)}

#include <cstdint>
#include <cstring>

namespace {

/// f32 bits to bf16 bits, rounded to nearest even; a NaN stays a NaN of
/// its sign and payload, quieted.
uint32_t bf16BitsOf(uint32_t bits) {
  if ((bits & 0x7fffffffu) > 0x7f800000u)
    return (bits >> 16) | 0x40u;
  uint32_t rounding = 0x7fffu + ((bits >> 16) & 1u);
  return (bits + rounding) >> 16;
}

/// The value LLVM's x86-64 code expects back from a bf16 libcall: the bf16
/// in the low 16 bits of xmm0, which is where a float's bits go.
float asReturnedBF16(uint32_t bf16) {
  float result;
  std::memcpy(&result, &bf16, sizeof(result));
  return result;
}

/// `fptrunc float to bfloat` on hosts without AVX512-BF16 becomes a call of
/// __truncsfbf2, which compiler-rt has and Debian 12's libgcc lacks; the JIT
/// resolves it here.
float truncsfbf2(float x) {
  uint32_t bits;
  std::memcpy(&bits, &x, sizeof(bits));
  return asReturnedBF16(bf16BitsOf(bits));
}

/// `fptrunc double to bfloat`: rounded once, to nearest even, from the
/// double (a double-to-float step first could round twice).
float truncdfbf2(double x) {
  uint64_t bits;
  std::memcpy(&bits, &x, sizeof(bits));
  uint32_t sign = uint32_t(bits >> 48) & 0x8000u;
  uint64_t magnitude = bits & 0x7fffffffffffffffull;
  if (magnitude > 0x7ff0000000000000ull) // NaN: quiet, keep the payload top
    return asReturnedBF16(sign | 0x7fc0u | uint32_t(bits >> 45 & 0x3f));
  // Round the double to 8 significant bits by scaling into f32 range is
  // not exact for subnormal bf16; do it on the bits instead.
  int exponent = int(magnitude >> 52) - 1023;
  if (exponent > 127) // overflow or infinity
    return asReturnedBF16(sign | 0x7f80u);
  uint64_t significand = (magnitude & 0xfffffffffffffull) |
                         (magnitude >> 52 ? 1ull << 52 : 0);
  if (magnitude >> 52 == 0)
    exponent = -1022;
  // bf16 keeps 7 fraction bits at exponents >= -126, fewer below.
  int keep = exponent >= -126 ? 7 : 7 - (-126 - exponent);
  if (keep < -1)
    return asReturnedBF16(sign); // below half the smallest subnormal
  int shift = 52 - keep;
  uint64_t kept = significand >> shift;
  uint64_t rest = significand & ((1ull << shift) - 1);
  uint64_t half = 1ull << (shift - 1);
  if (rest > half || (rest == half && (kept & 1)))
    ++kept;
  // Put the rounded significand back at its exponent in the bf16 format.
  uint32_t out;
  if (exponent >= -126) {
    // kept has 8 bits (1.fffffff), or 9 after a carry.
    int e = exponent + 127;
    if (kept >> 8) {
      kept >>= 1;
      ++e;
    }
    if (e >= 255)
      return asReturnedBF16(sign | 0x7f80u);
    out = uint32_t(e) << 7 | uint32_t(kept & 0x7f);
  } else {
    // Subnormal: kept counts units of 2^-133; a carry into 2^-126 makes the
    // smallest normal, which the encoding gives by itself.
    out = uint32_t(kept);
  }
  return asReturnedBF16(sign | out);
}

} // namespace

std::vector<std::pair<const char *, void *>>
ptxjit::rt::getFloatHelperSymbols() {
  return {
      PTXRT_ENTRY(ptxrt_f32_add),        PTXRT_ENTRY(ptxrt_f32_sub),
      PTXRT_ENTRY(ptxrt_f32_mul),        PTXRT_ENTRY(ptxrt_f32_div),
      PTXRT_ENTRY(ptxrt_f32_fma),        PTXRT_ENTRY(ptxrt_f32_sqrt),
      PTXRT_ENTRY(ptxrt_f32_rcp),        PTXRT_ENTRY(ptxrt_f64_add),
      PTXRT_ENTRY(ptxrt_f64_sub),        PTXRT_ENTRY(ptxrt_f64_mul),
      PTXRT_ENTRY(ptxrt_f64_div),        PTXRT_ENTRY(ptxrt_f64_fma),
      PTXRT_ENTRY(ptxrt_f64_sqrt),       PTXRT_ENTRY(ptxrt_f64_rcp),
      PTXRT_ENTRY(ptxrt_cvt_f32_s64),    PTXRT_ENTRY(ptxrt_cvt_f32_u64),
      PTXRT_ENTRY(ptxrt_cvt_f64_s64),    PTXRT_ENTRY(ptxrt_cvt_f64_u64),
      PTXRT_ENTRY(ptxrt_encode),         PTXRT_ENTRY(ptxrt_decode),
      PTXRT_ENTRY(ptxrt_encode_f64),      PTXRT_ENTRY(ptxrt_cvt_to_narrow),
      PTXRT_ENTRY(ptxrt_cvt_from_narrow),
      PTXRT_ENTRY(ptxrt_sin_approx_f32), PTXRT_ENTRY(ptxrt_cos_approx_f32),
      PTXRT_ENTRY(ptxrt_lg2_approx_f32), PTXRT_ENTRY(ptxrt_ex2_approx_f32),
      PTXRT_ENTRY(ptxrt_tanh_approx_f32),
      PTXRT_ENTRY(ptxrt_rcp_approx_f32),
      PTXRT_ENTRY(ptxrt_sqrt_approx_f32),
      PTXRT_ENTRY(ptxrt_rsqrt_approx_f32),
      PTXRT_ENTRY(ptxrt_div_approx_f32),
      PTXRT_ENTRY(ptxrt_div_full_f32),
      PTXRT_ENTRY(ptxrt_rcp_approx_ftz_f64),
      PTXRT_ENTRY(ptxrt_rsqrt_approx_f64),
      PTXRT_ENTRY(ptxrt_ex2_approx_f16), PTXRT_ENTRY(ptxrt_ex2_approx_bf16),
      PTXRT_ENTRY(ptxrt_tanh_approx_f16),
      PTXRT_ENTRY(ptxrt_tanh_approx_bf16),
      {"__truncsfbf2", reinterpret_cast<void *>(&truncsfbf2)},
      {"__truncdfbf2", reinterpret_cast<void *>(&truncdfbf2)},
  };
}
