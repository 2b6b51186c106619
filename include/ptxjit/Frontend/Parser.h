//===- Parser.h - PTX text to the ptx dialect -------------------*- C++ -*-===//
//
// Part of the ptxjit project.
//
//===----------------------------------------------------------------------===//

#ifndef PTXJIT_FRONTEND_PARSER_H
#define PTXJIT_FRONTEND_PARSER_H

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

/// Names of the attributes the frontend puts on kernels and modules.
namespace attrs {
/// On a kernel: array of dictionaries {name, offset, size, align, type}.
inline constexpr llvm::StringLiteral kParams = "ptx.params";
/// On a kernel: bytes of `.local` memory each thread needs.
inline constexpr llvm::StringLiteral kLocalBytes = "ptx.local_bytes";
/// On a kernel: bytes of static `.shared` memory.
inline constexpr llvm::StringLiteral kSharedBytes = "ptx.shared_bytes";
/// On a kernel: `.reqntid` / `.maxntid` as [x, y, z].
inline constexpr llvm::StringLiteral kReqntid = "ptx.reqntid";
inline constexpr llvm::StringLiteral kMaxntid = "ptx.maxntid";
} // namespace attrs

} // namespace ptxjit

#endif // PTXJIT_FRONTEND_PARSER_H
