// Directed rounding is lowered either to AVX-512 embedded rounding or to a
// call of the exact soft-float runtime, as the fp-path option says; plain
// add/mul may be contracted only under fp-contract.
// RUN: ptx-opt --convert-ptx-to-llvm="fp-path=avx512" %s | FileCheck %s --check-prefix=AVX
// RUN: ptx-opt --convert-ptx-to-llvm="fp-path=portable" %s | FileCheck %s --check-prefix=PORT
// RUN: ptx-opt --convert-ptx-to-llvm="fp-contract=true" %s | FileCheck %s --check-prefix=CONTRACT
// RUN: ptx-opt --convert-ptx-to-llvm %s | FileCheck %s --check-prefix=NOCONTRACT
// RUN: not ptx-opt --convert-ptx-to-llvm="fp-path=x87" %s 2>&1 | FileCheck %s --check-prefix=BAD

// AVX-LABEL: llvm.func @add_rz_f32(
// AVX: %[[IMM:.*]] = llvm.mlir.constant(11 : i32) : i32
// AVX: llvm.call_intrinsic "llvm.x86.avx512.mask.add.ss.round"({{.*}}, %[[IMM]])
// PORT-LABEL: llvm.func @add_rz_f32(
// PORT: %[[MODE:.*]] = llvm.mlir.constant(1 : i32) : i32
// PORT: llvm.call @ptxrt_f32_add(%arg0, %arg1, %[[MODE]])
func.func @add_rz_f32(%a: f32, %b: f32) -> f32 {
  %0 = ptx.add %a, %b {rnd = #ptx<rnd rz>} : f32
  return %0 : f32
}

// AVX-LABEL: llvm.func @fma_rp_f64(
// AVX: %[[IMM:.*]] = llvm.mlir.constant(10 : i32) : i32
// AVX: llvm.call_intrinsic "llvm.x86.avx512.vfmadd.f64"(%arg0, %arg1, %arg2, %[[IMM]])
// PORT-LABEL: llvm.func @fma_rp_f64(
// PORT: llvm.call @ptxrt_f64_fma(%arg0, %arg1, %arg2, %{{.*}})
func.func @fma_rp_f64(%a: f64, %b: f64, %c: f64) -> f64 {
  %0 = ptx.fma %a, %b, %c {rnd = #ptx<rnd rp>} : f64
  return %0 : f64
}

// AVX-LABEL: llvm.func @sqrt_rm_f32(
// AVX: llvm.call_intrinsic "llvm.x86.avx512.mask.sqrt.ss"
// PORT-LABEL: llvm.func @sqrt_rm_f32(
// PORT: llvm.call @ptxrt_f32_sqrt(%arg0, %{{.*}})
func.func @sqrt_rm_f32(%a: f32) -> f32 {
  %0 = ptx.sqrt %a {rnd = #ptx<rnd rm>} : (f32) -> f32
  return %0 : f32
}

// Explicit .rn is never contracted; no modifier is, under fp-contract.
// CONTRACT-LABEL: llvm.func @mul_add(
// CONTRACT: llvm.fmul %arg0, %arg1 {fastmathFlags = #llvm.fastmath<contract>} : f32
// CONTRACT: llvm.fadd %{{.*}}, %arg2 : f32
// CONTRACT-NOT: contract
// NOCONTRACT-LABEL: llvm.func @mul_add(
// NOCONTRACT-NOT: contract
func.func @mul_add(%a: f32, %b: f32, %c: f32) -> f32 {
  %0 = ptx.mul %a, %b : (f32, f32) -> f32
  %1 = ptx.add %0, %c {rnd = #ptx<rnd rn>} : f32
  return %1 : f32
}

// BAD: error: unknown fp-path 'x87' (expected auto, avx512 or portable)
