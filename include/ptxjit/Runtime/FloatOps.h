//===- FloatOps.h - floating-point runtime helpers --------------*- C++ -*-===//
//
// Part of the ptxjit project.
//
//===----------------------------------------------------------------------===//
//
// Floating-point operations the generated code calls when it cannot (or is
// told not to) inline them:
//  - the portable path of directed rounding (.rz .rm .rp): exact computation
//    in integer arithmetic followed by one rounding (SoftFloat.cpp);
//  - conversions to and from the narrow formats (f16 bf16 tf32 fp8 fp6 fp4
//    ue8m0) in every rounding mode, with .relu and .satfinite;
//  - the .approx functions (ApproxMath.cpp), which meet the ISA's bounds.
//
// Every f32/f64 result that is a NaN is the canonical NaN the project
// produces (0x7fffffff / 0x7fffffffffffffff), as NVIDIA hardware does.
// No helper reads or changes the host's floating-point environment.
//
// The rounding modes, formats and flags the helpers take (PtxrtRounding,
// PtxrtFormat, PtxrtEncodeFlags) are part of the runtime ABI (ABI.h).
//
//===----------------------------------------------------------------------===//

#ifndef PTXJIT_RUNTIME_FLOATOPS_H
#define PTXJIT_RUNTIME_FLOATOPS_H

#include "ptxjit/Runtime/ABI.h"

#include <cstdint>
#include <utility>
#include <vector>

extern "C" {
// Correctly rounded arithmetic in any of .rn .rz .rm .rp; no flushing (the
// generated code flushes for .ftz around the call).
float ptxrt_f32_add(float a, float b, uint32_t mode);
float ptxrt_f32_sub(float a, float b, uint32_t mode);
float ptxrt_f32_mul(float a, float b, uint32_t mode);
float ptxrt_f32_div(float a, float b, uint32_t mode);
float ptxrt_f32_fma(float a, float b, float c, uint32_t mode);
float ptxrt_f32_sqrt(float a, uint32_t mode);
float ptxrt_f32_rcp(float a, uint32_t mode);
double ptxrt_f64_add(double a, double b, uint32_t mode);
double ptxrt_f64_sub(double a, double b, uint32_t mode);
double ptxrt_f64_mul(double a, double b, uint32_t mode);
double ptxrt_f64_div(double a, double b, uint32_t mode);
double ptxrt_f64_fma(double a, double b, double c, uint32_t mode);
double ptxrt_f64_sqrt(double a, uint32_t mode);
double ptxrt_f64_rcp(double a, uint32_t mode);

// Integer to float, correctly rounded in `mode`.
float ptxrt_cvt_f32_s64(int64_t a, uint32_t mode);
float ptxrt_cvt_f32_u64(uint64_t a, uint32_t mode);
double ptxrt_cvt_f64_s64(int64_t a, uint32_t mode);
double ptxrt_cvt_f64_u64(uint64_t a, uint32_t mode);

/// Rounds \p value (an f64, so every f32/f16/bf16 input is exact) to
/// \p format in \p mode with \p flags; returns the bit pattern in the low
/// bits (f32/tf32: 32 bits, f64: use ptxrt_encode_f64; ptxrt_encode returns
/// 0 for PTXRT_F64). A NaN gives the format's canonical NaN (f32/tf32
/// 0x7fffffff, f16/bf16 0x7fff, e4m3/e5m2 0x7f, ue8m0 0xff) and +MAX_NORM
/// in e2m3/e3m2/e2m1, which have no NaN. SoftFloat.cpp documents the
/// choices where the ISA is silent (ue8m0, formats without infinity).
uint32_t ptxrt_encode(double value, uint32_t format, uint32_t mode,
                      uint32_t flags);
/// cvt to a narrow format (every format but PTXRT_F64), one lane:
/// \p value divided by the ue8m0 \p scale (0x7f is 1: the
/// .scaled::n2::ue8m0 forms), then rounded as ptxrt_encode does, or, for
/// \p mode PTXRT_RS, stochastically with the low \p rbitCount bits of
/// \p rbits added to the most significant discarded bits.
uint32_t ptxrt_cvt_to_narrow(double value, uint32_t format, uint32_t mode,
                             uint32_t flags, uint32_t scale, uint32_t rbits,
                             uint32_t rbitCount);
/// cvt from a narrow format, one lane: the value of \p bits in
/// \p srcFormat times the ue8m0 \p scale (0x7f is 1), rounded to nearest
/// even in \p dstFormat (PTXRT_F16 or PTXRT_BF16) with \p flags.
uint32_t ptxrt_cvt_from_narrow(uint32_t bits, uint32_t srcFormat,
                               uint32_t dstFormat, uint32_t flags,
                               uint32_t scale);
/// ptxrt_encode for PTXRT_F64: \p value is exact, so only the NaN (made
/// canonical), .relu and .satfinite rules apply; \p mode is unused.
uint64_t ptxrt_encode_f64(double value, uint32_t mode, uint32_t flags);
/// The value of the bit pattern \p bits of \p format (exact); every NaN
/// encoding gives the canonical f64 NaN 0x7fffffffffffffff. Only the
/// format's own low bits are read (PTXRT_TF32: an f32 pattern). PTXRT_F64
/// does not fit in \p bits and gives the NaN.
double ptxrt_decode(uint32_t bits, uint32_t format);

// The .approx functions (ftz != 0: subnormal inputs and results flushed).
float ptxrt_sin_approx_f32(float a, uint32_t ftz);
float ptxrt_cos_approx_f32(float a, uint32_t ftz);
float ptxrt_lg2_approx_f32(float a, uint32_t ftz);
float ptxrt_ex2_approx_f32(float a, uint32_t ftz);
float ptxrt_tanh_approx_f32(float a);
float ptxrt_rcp_approx_f32(float a, uint32_t ftz);
float ptxrt_sqrt_approx_f32(float a, uint32_t ftz);
float ptxrt_rsqrt_approx_f32(float a, uint32_t ftz);
float ptxrt_div_approx_f32(float a, float b, uint32_t ftz);
float ptxrt_div_full_f32(float a, float b, uint32_t ftz);
double ptxrt_rcp_approx_ftz_f64(double a);
double ptxrt_rsqrt_approx_f64(double a, uint32_t ftz);
uint16_t ptxrt_ex2_approx_f16(uint16_t a, uint32_t ftz);
uint16_t ptxrt_ex2_approx_bf16(uint16_t a);
uint16_t ptxrt_tanh_approx_f16(uint16_t a);
uint16_t ptxrt_tanh_approx_bf16(uint16_t a);
}

namespace ptxjit::rt {
/// Name and address of every floating-point helper, for the JIT.
std::vector<std::pair<const char *, void *>> getFloatHelperSymbols();
} // namespace ptxjit::rt

#endif // PTXJIT_RUNTIME_FLOATOPS_H
