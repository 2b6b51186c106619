//===- PTXToLLVM.h - lower the ptx dialect to LLVM --------------*- C++ -*-===//
//
// Part of the ptxjit project.
//
//===----------------------------------------------------------------------===//

#ifndef PTXJIT_CONVERSION_PTXTOLLVM_PTXTOLLVM_H
#define PTXJIT_CONVERSION_PTXTOLLVM_PTXTOLLVM_H

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace mlir {
class LLVMTypeConverter;
class RewritePatternSet;
} // namespace mlir

namespace ptxjit {

#define GEN_PASS_DECL_CONVERTPTXTOLLVM
#include "ptxjit/Conversion/Passes.h.inc"

/// How floating-point modifiers are lowered.
struct FloatLoweringOptions {
  /// Directed rounding (.rz .rm .rp) with AVX-512 embedded rounding; when
  /// false, through the exact soft-float runtime (the portable path).
  bool useAVX512 = false;
  /// Lets LLVM contract add/sub/mul that have no rounding modifier into
  /// FMAs (the ISA allows it; the default reproduces the unfused result).
  bool contract = false;
};

/// Whether the host supports the AVX-512 fast path.
bool hostHasAVX512();

/// Adds the patterns that rewrite every ptx op into LLVM dialect operations,
/// one pattern per op, the floating-point forms lowered as \p options say.
/// The func, cf and arith patterns are not included.
void populatePTXToLLVMConversionPatterns(mlir::LLVMTypeConverter &converter,
                                         mlir::RewritePatternSet &patterns,
                                         const FloatLoweringOptions &options);

} // namespace ptxjit

#endif // PTXJIT_CONVERSION_PTXTOLLVM_PTXTOLLVM_H
