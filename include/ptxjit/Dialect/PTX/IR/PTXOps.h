//===- PTXOps.h - ptx dialect operations ------------------------*- C++ -*-===//
//
// Part of the ptxjit project.
//
//===----------------------------------------------------------------------===//

#ifndef PTXJIT_DIALECT_PTX_IR_PTXOPS_H
#define PTXJIT_DIALECT_PTX_IR_PTXOPS_H

#include "ptxjit/Dialect/PTX/IR/PTXDialect.h"

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/Dialect/LLVMIR/LLVMTypes.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "ptxjit/Dialect/PTX/IR/PTXEnums.h.inc"

#define GET_ATTRDEF_CLASSES
#include "ptxjit/Dialect/PTX/IR/PTXAttrs.h.inc"

#define GET_OP_CLASSES
#include "ptxjit/Dialect/PTX/IR/PTXOps.h.inc"

namespace ptxjit::ptx {
/// Name of the unit attribute that marks a `func.func` as a PTX `.entry`.
inline constexpr llvm::StringLiteral kKernelAttrName = "ptx.kernel";

/// Whether \p mode is one of .rni .rzi .rmi .rpi (rounding to an integral
/// value) rather than a floating-point rounding.
inline bool isIntegerRounding(RoundingMode mode) {
  return mode >= RoundingMode::rni && mode <= RoundingMode::rpi;
}
} // namespace ptxjit::ptx

#endif // PTXJIT_DIALECT_PTX_IR_PTXOPS_H
