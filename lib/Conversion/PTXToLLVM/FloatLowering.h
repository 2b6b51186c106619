//===- FloatLowering.h - floating-point pieces of the lowering --*- C++ -*-===//
//
// Part of the ptxjit project.
//
//===----------------------------------------------------------------------===//
//
// What the floating-point forms of several op families share: NaN and
// format helpers, the mapping of dialect enums onto the runtime ABI, and
// FloatLowering, which computes one f32/f64/f16/bf16 operation in any
// rounding mode with its modifiers (FloatLowering.cpp). Internal to
// lib/Conversion/PTXToLLVM.
//
//===----------------------------------------------------------------------===//

#ifndef PTXJIT_LIB_CONVERSION_PTXTOLLVM_FLOATLOWERING_H
#define PTXJIT_LIB_CONVERSION_PTXTOLLVM_FLOATLOWERING_H

#include "LoweringUtils.h"
#include "ptxjit/Conversion/PTXToLLVM/PTXToLLVM.h"
#include "ptxjit/Dialect/PTX/IR/PTXOps.h"

#include <cstdint>

namespace ptxjit::lowering {

//===----------------------------------------------------------------------===//
// Values and formats
//===----------------------------------------------------------------------===//

/// The integer type as wide as the scalar float type \p t.
mlir::Type bitsType(Gen &g, mlir::Type t);

/// The canonical NaN of \p t (a scalar float type).
mlir::Value canonicalNaN(Gen &g, mlir::Type t);

/// Whether \p x is a NaN (an i1).
mlir::Value isNaN(Gen &g, mlir::Value x);

/// Replaces a NaN result \p r by the project's NaN: canonical for f32 and
/// the 16-bit formats; for f64 the first NaN among \p inputs, quieted, else
/// canonical.
mlir::Value fixNaN(Gen &g, mlir::Value r, llvm::ArrayRef<mlir::Value> inputs);

/// Widens an f16/bf16 \p x to f32 exactly.
mlir::Value toF32(Gen &g, mlir::Value x);

/// Rounds an f32 to bf16, to nearest even; NaNs become the canonical bf16
/// NaN.
mlir::Value f32ToBF16(Gen &g, mlir::Value x);

/// Rounds an f32 to \p half (f16 or bf16) to nearest even.
mlir::Value narrowToHalf(Gen &g, mlir::Value x, mlir::Type half);

//===----------------------------------------------------------------------===//
// Runtime ABI
//===----------------------------------------------------------------------===//

/// The PtxrtRounding value of \p mode, one of .rn .rz .rm .rp .rna .rs. The
/// integer modes (.rni and so on) are always applied inline: the verifiers
/// let none of them reach a runtime call.
uint32_t runtimeRounding(ptx::RoundingMode mode);

/// The PtxrtFormat value of the scalar float type \p t (f64, f32, bf16 or
/// f16).
uint32_t runtimeFormat(mlir::Type t);

/// The PtxrtFormat value of a narrow format.
uint32_t runtimeFormat(ptx::NarrowFormat format);

/// The PtxrtEncodeFlags of cvt's .relu and .satfinite.
uint32_t runtimeEncodeFlags(bool relu, bool satfinite);

/// The EVEX embedded-rounding immediate ({rn,rd,ru,rz}-sae) of \p mode for
/// the AVX-512 intrinsics.
int32_t x86Rounding(ptx::RoundingMode mode);

//===----------------------------------------------------------------------===//
// FloatLowering
//===----------------------------------------------------------------------===//

/// The correctly rounded operations FloatLowering computes.
enum class FKind { add, sub, mul, div, fma, sqrt };

/// Computes floating-point operations as the pass options ask.
struct FloatLowering {
  FloatLoweringOptions options;

  /// One f32/f64 operation rounded in \p mode (no flushing), its NaN made
  /// canonical unless \p nanUnobserved. \p contract allows LLVM to fuse a
  /// round-to-nearest add/mul.
  mlir::Value rounded(Gen &g, FKind kind, llvm::ArrayRef<mlir::Value> xs,
                      ptx::RoundingMode mode, bool contract,
                      bool nanUnobserved = false) const;

  /// The operation rounded to nearest even by LLVM's IEEE operations.
  static mlir::Value nearest(Gen &g, FKind kind,
                             llvm::ArrayRef<mlir::Value> xs, bool contract);

  /// AVX-512 scalar instructions with the rounding mode embedded in the
  /// instruction (EVEX.b + rounding control, exceptions suppressed).
  static mlir::Value embedded(Gen &g, FKind kind,
                              llvm::ArrayRef<mlir::Value> xs,
                              ptx::RoundingMode mode);

  /// A call to the exact soft-float runtime (lib/Runtime/SoftFloat.cpp).
  static mlir::Value portable(Gen &g, FKind kind,
                              llvm::ArrayRef<mlir::Value> xs,
                              ptx::RoundingMode mode);

  /// An f32/f64 instruction with its modifiers: `.ftz` around the
  /// operation, then `.sat`.
  mlir::Value arith(Gen &g, FKind kind, llvm::ArrayRef<mlir::Value> xs,
                    ptx::RoundingMode mode, bool contract, bool ftz, bool sat,
                    bool nanUnobserved = false) const;

  /// f16/bf16 add, sub, mul and fma rounded to nearest, with `.ftz`, `.sat`,
  /// `.relu` and `.oob`.
  mlir::Value halfArith(Gen &g, FKind kind, llvm::ArrayRef<mlir::Value> xs,
                        bool ftz, bool sat, bool reluFlag, bool oob) const;
};

/// Base of the patterns that lower floating-point forms and so need the
/// pass options.
template <typename OpTy>
struct FloatPattern : PTXPattern<OpTy> {
  FloatPattern(mlir::LLVMTypeConverter &converter,
               const FloatLowering &lowering)
      : PTXPattern<OpTy>(converter), fp(lowering) {}
  FloatLowering fp;
};

//===----------------------------------------------------------------------===//
// Floating-point forms of the arithmetic ops (FloatArithToLLVM.cpp)
//===----------------------------------------------------------------------===//
//
// The patterns of add, sub, mul, div, abs, neg, min and max
// (ArithToLLVM.cpp) branch on the element type and call these for floats.

mlir::Value lowerFloatForm(ptx::AddOp op, ptx::AddOp::Adaptor a, Gen &g,
                           const FloatLowering &fp);
mlir::Value lowerFloatForm(ptx::SubOp op, ptx::SubOp::Adaptor a, Gen &g,
                           const FloatLowering &fp);
mlir::Value lowerFloatForm(ptx::MulOp op, ptx::MulOp::Adaptor a, Gen &g,
                           const FloatLowering &fp);
mlir::Value lowerFloatForm(ptx::DivOp op, ptx::DivOp::Adaptor a, Gen &g,
                           const FloatLowering &fp);
mlir::Value lowerFloatForm(ptx::AbsOp op, ptx::AbsOp::Adaptor a, Gen &g,
                           const FloatLowering &fp);
mlir::Value lowerFloatForm(ptx::NegOp op, ptx::NegOp::Adaptor a, Gen &g,
                           const FloatLowering &fp);
mlir::Value lowerFloatForm(ptx::MinOp op, ptx::MinOp::Adaptor a, Gen &g,
                           const FloatLowering &fp);
mlir::Value lowerFloatForm(ptx::MaxOp op, ptx::MaxOp::Adaptor a, Gen &g,
                           const FloatLowering &fp);

/// min or max of \p x and \p y (f16, bf16 or a vector of them), as `min` /
/// `max` without modifiers compute it: a NaN operand is ignored, -0 < +0.
mlir::Value floatMinMax(Gen &g, mlir::Value x, mlir::Value y, bool isMax);

} // namespace ptxjit::lowering

#endif // PTXJIT_LIB_CONVERSION_PTXTOLLVM_FLOATLOWERING_H
