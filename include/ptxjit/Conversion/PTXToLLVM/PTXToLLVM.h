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

/// Adds the patterns that rewrite every ptx op into LLVM dialect operations.
void populatePTXToLLVMConversionPatterns(mlir::LLVMTypeConverter &converter,
                                         mlir::RewritePatternSet &patterns);

} // namespace ptxjit

#endif // PTXJIT_CONVERSION_PTXTOLLVM_PTXTOLLVM_H
