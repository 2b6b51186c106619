//===- InitAll.h - register every ptxjit dialect and pass -------*- C++ -*-===//
//
// Part of the ptxjit project.
//
//===----------------------------------------------------------------------===//

#ifndef PTXJIT_INITALL_H
#define PTXJIT_INITALL_H

#include "mlir/IR/DialectRegistry.h"

namespace ptxjit {

/// Adds the ptx dialect and every dialect its pipeline produces.
void registerAllDialects(mlir::DialectRegistry &registry);

/// Registers every ptxjit pass (and the upstream ones the tools rely on).
void registerAllPasses();

} // namespace ptxjit

#endif // PTXJIT_INITALL_H
