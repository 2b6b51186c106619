//===- Passes.h - ptxjit conversion passes ----------------------*- C++ -*-===//
//
// Part of the ptxjit project.
//
//===----------------------------------------------------------------------===//

#ifndef PTXJIT_CONVERSION_PASSES_H
#define PTXJIT_CONVERSION_PASSES_H

#include "ptxjit/Conversion/PTXToLLVM/PTXToLLVM.h"

namespace ptxjit {

#define GEN_PASS_REGISTRATION
#include "ptxjit/Conversion/Passes.h.inc"

} // namespace ptxjit

#endif // PTXJIT_CONVERSION_PASSES_H
