//===- PTXDialect.h - the ptx dialect ---------------------------*- C++ -*-===//
//
// Part of the ptxjit project.
//
//===----------------------------------------------------------------------===//

#ifndef PTXJIT_DIALECT_PTX_IR_PTXDIALECT_H
#define PTXJIT_DIALECT_PTX_IR_PTXDIALECT_H

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/Dialect.h"

#include "ptxjit/Dialect/PTX/IR/PTXDialect.h.inc"

#endif // PTXJIT_DIALECT_PTX_IR_PTXDIALECT_H
