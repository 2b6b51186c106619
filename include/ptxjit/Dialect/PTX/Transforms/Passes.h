//===- Passes.h - passes on the ptx dialect ---------------------*- C++ -*-===//
//
// Part of the ptxjit project.
//
//===----------------------------------------------------------------------===//

#ifndef PTXJIT_DIALECT_PTX_TRANSFORMS_PASSES_H
#define PTXJIT_DIALECT_PTX_TRANSFORMS_PASSES_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace ptxjit::ptx {

#define GEN_PASS_DECL
#include "ptxjit/Dialect/PTX/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "ptxjit/Dialect/PTX/Transforms/Passes.h.inc"

} // namespace ptxjit::ptx

#endif // PTXJIT_DIALECT_PTX_TRANSFORMS_PASSES_H
