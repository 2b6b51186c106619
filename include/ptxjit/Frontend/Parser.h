//===- Parser.h - PTX text to the ptx dialect -------------------*- C++ -*-===//
//
// Part of the ptxjit project.
//
//===----------------------------------------------------------------------===//

#ifndef PTXJIT_FRONTEND_PARSER_H
#define PTXJIT_FRONTEND_PARSER_H

#include "ptxjit/Dialect/PTX/IR/PTXOps.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"

namespace llvm {
class SourceMgr;
} // namespace llvm

namespace mlir {
class MLIRContext;
} // namespace mlir

namespace ptxjit {

/// Parses the PTX module in the main buffer of \p sourceMgr and builds it in
/// the ptx dialect: one `func.func` per `.entry`/`.func`, registers in SSA
/// form, module-scope variables as `llvm.mlir.global`s. Every error is
/// reported through \p context's diagnostic engine with a `file:line:col`
/// location, and yields a null module. The required dialects are loaded.
mlir::OwningOpRef<mlir::ModuleOp> parsePTX(llvm::SourceMgr &sourceMgr,
                                           mlir::MLIRContext *context);

/// Names of the attributes the frontend puts on kernels and modules
/// (declared by the dialect).
namespace attrs = ptx::attrs;

} // namespace ptxjit

#endif // PTXJIT_FRONTEND_PARSER_H
