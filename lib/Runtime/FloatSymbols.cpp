//===- FloatSymbols.cpp - the JIT's table of floating-point helpers -------===//
//
// Part of the ptxjit project.
//
//===----------------------------------------------------------------------===//

#include "ptxjit/Runtime/FloatOps.h"

#define PTXRT_ENTRY(name) {#name, reinterpret_cast<void *>(&name)}

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
  };
}
