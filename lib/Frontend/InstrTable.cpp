//===- InstrTable.cpp - the generated instruction table -------------------===//
//
// Part of the ptxjit project.
//
//===----------------------------------------------------------------------===//

#include "InstrTable.h"

#include "llvm/ADT/StringSwitch.h"

namespace ptxjit::frontend {

#define GET_MODIFIER_FUNCS
#include "ptxjit/Dialect/PTX/IR/PTXInstrs.inc"

} // namespace ptxjit::frontend
